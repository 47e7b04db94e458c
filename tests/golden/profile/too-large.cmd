# 17 MiB of comments: refused before parsing
{ echo 'gpufit: 1'; head -c 17825792 /dev/zero | tr '\0' '#'; } > "$SCRATCH/big.yaml"
gpufit validate "$SCRATCH/big.yaml" 2>&1 | sed "s|$SCRATCH|SCRATCH|"
exit "${PIPESTATUS[0]}"
