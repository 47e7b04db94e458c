# A price of 9e11 USD/h is one refresh accepts (up to 1e12), but no bill of
# 10,000 replicas on it can be totalled in whole cents: by hand, dedicated
# 10,000 x 9e11 x 730 h = 6.57e18 USD a month; the MIG plan 10,000 / 8
# 2g.20gb slices per ND96isr_H100_v5 = 1,250 VMs x 9e11 x 730 h
# = 8.2125e17 USD.  Both pass BILL_MAX_MONTHLY (1e15): an error naming the
# largest bill, exit 4 (a wrong price), where the members of the plan were
# charged $0.00 from a wrapped cents total.
gpufit --catalog "$SCRATCH/c.db" catalog refresh \
	--from-file tests/golden/recommend/inputs/price-9e11.json > /dev/null 2>&1 || exit 9
gpufit --catalog "$SCRATCH/c.db" recommend tests/golden/recommend/inputs/money-9e11.yaml
