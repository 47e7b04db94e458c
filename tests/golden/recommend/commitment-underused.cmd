# Reserved-1y capacity used less than it bills (docs/billing.md), prices of
# indonesiacentral in the bundled catalog:
# embed, 1 x Standard_NV12ads_A10_v5 running 200 h a month:
#   reserved-1y 0.711872/h x 730 h = 519.6667 -> $519.67 (not x 200 h)
#   payg 1.112 x 200 = $222.40; spot 0.205498 x 200 = 41.0996 -> $41.10
#   break-even 0.711872 / 1.112 = 0.6402 -> 0.6402 x 730 = 467.33 h > 200: flagged
# lora-70b, 1 x Standard_ND96isr_H200_v5, one run of 2.2989 h a month:
#   reserved-1y 52.9119 x 730 = 38,625.687 -> $38,625.69, all of it on the
#   one run (job cost $38,625.69); payg 99.216 x 2.2989 h = 228.08; no spot price
#   break-even 52.9119 / 99.216 = 0.5333 -> 389.31 h > 2.3: flagged
# lora-70b-busy, the same run 200 times a month: 459.8 h > 389.31 h: not flagged
# fleet: 519.67 + 38,625.69 + 38,625.69 = $77,771.05
gpufit recommend --details tests/fixtures/fleets/commitment-underused.yaml
