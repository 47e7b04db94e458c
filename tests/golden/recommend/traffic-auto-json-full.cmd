# The whole JSON of a load plan billed under two terms, validated against
# docs/schema/recommend.schema.json (tests/check_schemas.py): the
# recommendation's pricing is null and its hourly_cost the peak hour's price
# (by hand in golden recommend/traffic-auto-json: 4.0833 + 3 x 8.167 =
# 28.5843/h over 352.58 h = 10,078.32).
gpufit recommend -f json --pricing auto tests/fixtures/fleets/traffic-auto-mixed.yaml
