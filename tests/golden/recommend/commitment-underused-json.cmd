# The figures of commitment-underused.cmd as JSON numbers: each finding's
# pricing, hours_used, break_even_utilisation, break_even_hours and the three
# bills (spot_monthly_cost null where the size has no spot price); every
# choice's hours_billed is 730 and monthly_cost = hourly_cost x 730.
gpufit recommend -f json tests/fixtures/fleets/commitment-underused.yaml
