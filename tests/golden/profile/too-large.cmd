# 65 MiB of comments (the limit is 64 MiB): refused before parsing
{ echo 'gpufit: 1'; head -c 68157440 /dev/zero | tr '\0' '#'; } > "$SCRATCH/big.yaml"
gpufit validate "$SCRATCH/big.yaml" 2>&1 | sed "s|$SCRATCH|SCRATCH|"
exit "${PIPESTATUS[0]}"
