# A catalog whose prices table lacks the hourly column: every price lookup
# fails, which is a catalog error (exit 4), not "no priced size", a $0.00
# plan and exit 5.
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "CREATE TABLE p2 AS SELECT sku, region, pricing, os, currency, source FROM prices; DROP TABLE prices; ALTER TABLE p2 RENAME TO prices" || exit 99
gpufit --catalog "$SCRATCH/c.db" pack tests/fixtures/fleets/five-services.yaml
