# pricing-auto.cmd as JSON: the header's pricing "auto", each
# recommendation's pricing (reserved-3y, payg, reserved-3y) and
# break_even_utilisation (0.4401, null, 0.44: 43.655 / 99.216 = 0.44000).
# Its bills are pricing-auto.cmd's: embed reserved-3y 0.489422 x 730 = 357.28,
# lora-70b payg 99.216 x 2.2989 h = 228.08, lora-70b-busy reserved-3y 43.655 x
# 730 = 31,868.15; fleet $32,453.51.
gpufit recommend -f json tests/fixtures/fleets/pricing-auto.yaml
