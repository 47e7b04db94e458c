# pricing-auto.cmd as Markdown: each recommendation names its term.
# Its numbers are pricing-auto.cmd's: embed reserved-3y 0.489422 x 730 = 357.28,
# lora-70b payg 99.216 x 2.2989 h = 228.08, lora-70b-busy reserved-3y 43.655 x
# 730 = 31,868.15; fleet $32,453.51 (indonesiacentral, catalog/prices.csv).
gpufit recommend -f markdown tests/fixtures/fleets/pricing-auto.yaml
