# Retirement as data (catalog/vm_sizes.csv retired_on, successor).  On 2026-06-01
# the NVv4 sizes retire on 2026-09-30, so they are still recommended (the
# cheapest fit for 1.5 GiB x 1.15 = 1.7 GiB is NV8as_v4's 4 GB partition,
# 0.466 /h x 730 h = $340.18 a month) with a
# finding giving the day and the successor; today's NV32as_v4 gets one too; NCv3
# retired on 2025-09-30, so NC6s_v3 is never recommended and today's NC6s_v3
# gets a current-retired finding naming NC_A100_v4.
GPUFIT_NOW=2026-06-01T00:00:00Z gpufit recommend --details --top 2 tests/fixtures/fleets/retiring.yaml |
	grep -E '^(== |recommendation:|warning: (current-)?retir)'
# On 2026-11-30 (after 2026-09-30) the NVv4 sizes are retired: never recommended
# (viz-small moves off them), and today's NV32as_v4 is retired.
gpufit recommend -f json --top 2 tests/fixtures/fleets/retiring.yaml |
	jq -c '.workloads[] | {name, sku: .recommendation.sku, findings: [.findings[] | select(.kind | test("retir")) | .message]}'
# Alternatives that retire later are named in one info finding, each with its day
# (NV16as_v4, NV32as_v4: NVv4; NV12s_v3, NV24s_v3: NVv3, both 2026-09-30).
GPUFIT_NOW=2026-06-01T00:00:00Z gpufit recommend -f json --top 8 tests/fixtures/fleets/retiring.yaml 2>/dev/null |
	jq -c '.workloads[0].findings[] | select(.kind == "retiring") | {severity, message}'
