# A workload cost written 1e999 reads as infinity: refused as above the bound
# (exit 3), with no "got inf" in the message.
sed -E '0,/"monthly_cost":[[:space:]]*[0-9.]+/s//"monthly_cost": 1e999/' tests/golden/check/inputs/base.json > "$SCRATCH/b_overflow.json" || exit 99
grep -q '"monthly_cost": 1e999' "$SCRATCH/b_overflow.json" || exit 99
R=$PWD
cd "$SCRATCH" && gpufit check --baseline b_overflow.json --max-increase 100 "$R/tests/golden/check/inputs/chat.yaml"
