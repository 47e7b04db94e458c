# 180 days would pass on the catalog's date (100 days), but every eastus
# price used was observed 2024-08-26: 826 days > 180 fails (exit 1), and the
# message names the region, the kind, the date and the size.  The same
# profile in westeurope is billed prices observed 2026-08-22: 100 days <= 180
# passes.  The Markdown comment carries the stale-price warning recommend
# prints, and the oldest price used per region.
gpufit check --max-catalog-age-days 180 tests/golden/check/inputs/chat.yaml
echo "rc=$?"
gpufit check -f markdown --max-catalog-age-days 180 tests/golden/check/inputs/chat.yaml 2>/dev/null | grep -v 'no payg price'
echo "rc=${PIPESTATUS[0]}"
sed 's/region: eastus/region: westeurope/' tests/golden/check/inputs/chat.yaml > "$SCRATCH/we.yaml"
gpufit check -f json --max-catalog-age-days 180 "$SCRATCH/we.yaml" 2>/dev/null | jq -c '.gates, .catalog'
echo "rc=${PIPESTATUS[0]}"
