gpufit recommend -f json tests/golden/check/inputs/chat.yaml 2>/dev/null > "$SCRATCH/head.json" && gpufit diff -f markdown tests/golden/check/inputs/base.json "$SCRATCH/head.json"
