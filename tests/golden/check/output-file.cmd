gpufit check -f json -o "$SCRATCH/c.json" --max-monthly 1000 tests/golden/check/inputs/chat.yaml 2>/dev/null; echo "exit $?"; jq -r '.passed, .gates[0].name' "$SCRATCH/c.json"
