# pricing-auto.cmd's first plan as JSON: pricing payg, pricing_auto true,
# hours_billed 200, monthly_cost 16.333 x 200 = 3,266.60.
gpufit -f json pack tests/golden/pack/inputs/auto-200h.yaml
