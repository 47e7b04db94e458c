# A catalog whose prices table lacks a column: the price query fails, which
# is a catalog error (exit 4, one line), not a crash (the efficiency list
# was once freed twice on this path).
cp "$(dirname "$(command -v gpufit)")/catalog.db" "$SCRATCH/c.db" || exit 99
sqlite3 "$SCRATCH/c.db" "ALTER TABLE prices DROP COLUMN effective_date" || exit 99
gpufit --catalog "$SCRATCH/c.db" recommend tests/fixtures/fleets/five-services.yaml
