# The prices' age per region and kind at a fixed clock, 2026-09-01 (hand arithmetic):
# westeurope, northeurope, swedencentral, francecentral observed 2026-08-22: 10 days;
# indonesiacentral 2026-06-21: 9 (rest of June) + 31 + 31 + 1 = 72 days; the US
# regions' SkyPilot rows 2024-08-26: 365 + 365 + 6 = 736 days, stale (over 90).
# The per-region counts and days are checked against catalog/prices.csv by
# tests/cli/price-ages.sh.
GPUFIT_NOW=2026-09-01T00:00:00Z gpufit catalog status
