# A price used without an observed date has an unknown age: the gate cannot
# judge it (exit 5, no verdict, like the other unknowns) and says which
# price.  Here the eastus payg price of the Standard_NC24ads_A100_v4 chat-8b
# is billed has its observed_date cleared in a copy of the catalog, and no
# fetched_at.eastus meta stands in for it.  With that meta (2026-11-01,
# 29 days before GPUFIT_NOW 2026-11-30) its age is known again: 29 <= 30.
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "UPDATE prices SET observed_date = NULL WHERE sku = 'Standard_NC24ads_A100_v4' AND region = 'eastus' AND pricing = 'payg'" || exit 99
gpufit --catalog "$SCRATCH/c.db" check --max-catalog-age-days 30 tests/golden/check/inputs/chat.yaml 2>/dev/null
echo "rc=$?"
gpufit --catalog "$SCRATCH/c.db" check -f json --max-catalog-age-days 30 tests/golden/check/inputs/chat.yaml 2>/dev/null | jq -c '.catalog.prices_used'
sqlite3 "$SCRATCH/c.db" "INSERT INTO meta (key, value) VALUES ('fetched_at.eastus', '2026-11-01T00:00:00Z')" || exit 99
gpufit --catalog "$SCRATCH/c.db" check --max-catalog-age-days 30 tests/golden/check/inputs/chat.yaml 2>/dev/null
echo "rc=$?"
