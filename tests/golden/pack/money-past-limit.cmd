# As recommend/money-past-limit: 1,250 x Standard_ND96isr_H100_v5 at
# 9e11 USD/h x 730 h = 8.2125e17 USD a month passes BILL_MAX_MONTHLY
# (1e15): exit 4, no plan printed.
gpufit --catalog "$SCRATCH/c.db" catalog refresh \
	--from-file tests/golden/recommend/inputs/price-9e11.json > /dev/null 2>&1 || exit 9
gpufit --catalog "$SCRATCH/c.db" pack tests/golden/recommend/inputs/money-9e11.yaml
