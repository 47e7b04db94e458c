# reserved-200h.cmd as JSON: the pool's monthly_cost 8,942.50 = 6.125 x 2 x 730.
gpufit -f json pack tests/golden/pack/inputs/reserved-200h.yaml
