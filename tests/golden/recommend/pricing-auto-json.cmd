# pricing-auto.cmd as JSON: the header's pricing "auto", each
# recommendation's pricing (reserved-3y, payg, reserved-3y) and
# break_even_utilisation (0.4401, null, 0.44: 43.655 / 99.216 = 0.44000).
gpufit recommend -f json tests/fixtures/fleets/pricing-auto.yaml
