gpufit check --catalog "$SCRATCH/none.db" tests/golden/check/inputs/chat.yaml 2>&1 | sed "s|$SCRATCH|\$SCRATCH|"; exit ${PIPESTATUS[0]}
