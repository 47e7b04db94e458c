# Under --pricing auto the age gate judges the prices of every term the
# fleet is billed under: payg in indonesiacentral for Standard_NV12ads_A10_v5
# and Standard_ND96isr_H200_v5 (2 sizes), reserved-3y for the H200 (1 size),
# all observed 2026-06-21, 162 days before 2026-11-30 (30+31+31+30+31+9 days
# in Jun 21-Nov 30 = 162): fails --max-catalog-age-days 90 (exit 1), and the
# stale-price warning names both terms.
gpufit check -f json --pricing auto --max-catalog-age-days 90 tests/fixtures/fleets/commitment-underused.yaml | jq -c '.passed, .catalog.prices_used, .gates[0].actual'
