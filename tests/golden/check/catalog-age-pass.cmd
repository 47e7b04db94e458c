# The gate judges the oldest price the recommendation used, not the
# catalog's snapshot date (2026-08-22, 100 days before GPUFIT_NOW
# 2026-11-30): chat-8b is billed one Standard_NC24ads_A100_v4 in eastus,
# whose payg price was observed 2024-08-26, 826 days before 2026-11-30
# (2024-08-26 -> 2026-08-26 = 730 days, + 96 to 2026-11-30).  826 <= 900.
gpufit check --max-catalog-age-days 900 tests/golden/check/inputs/chat.yaml
