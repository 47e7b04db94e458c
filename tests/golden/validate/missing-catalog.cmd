gpufit --catalog "$SCRATCH/missing.db" validate examples/chat-8b.yaml 2>&1 | sed "s|$SCRATCH|SCRATCH|"
exit "${PIPESTATUS[0]}"
