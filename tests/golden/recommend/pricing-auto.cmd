# pricing: auto, 600 hours a month, indonesiacentral (docs/billing.md):
# embed on 1 x Standard_NV12ads_A10_v5: payg 1.112 x 600 = 667.20;
#   reserved-1y 0.711872 x 730 = 519.67; reserved-3y 0.489422 x 730 =
#   357.28: reserved-3y (break-even 0.489422 / 1.112 x 730 = 321.29 h < 600)
# lora-70b, one run of 2.2989 h on 1 x Standard_ND96isr_H200_v5: payg 99.216 x
#   2.2989 = 228.08; reserved-1y 52.9119 x 730 = 38,625.69; reserved-3y
#   43.655 x 730 = 31,868.15: payg
# lora-70b-busy, 200 runs = 459.77 h: payg 99.216 x 459.77 = 45,616.54;
#   reserved-3y 31,868.15 (break-even 43.655 / 99.216 x 730 = 321.2 h): reserved-3y
# fleet: 357.28 + 228.08 + 31,868.15 = $32,453.51
gpufit recommend --details tests/fixtures/fleets/pricing-auto.yaml
