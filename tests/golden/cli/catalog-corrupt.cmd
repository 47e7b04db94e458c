printf "this is not sqlite" > "$SCRATCH/bad.db"
gpufit --catalog "$SCRATCH/bad.db" catalog status 2>&1 | sed "s|$SCRATCH|SCRATCH|"
exit ${PIPESTATUS[0]}
