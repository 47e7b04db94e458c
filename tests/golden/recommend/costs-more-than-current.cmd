# The current size (Standard_NC6s_v3, $3.06/h x 730 h = $2,233.80/month) is
# retired, so the cheapest size that runs the service (Standard_NV36ads_A10_v5,
# $3.20/h x 730 h = $2,336.00) costs $2,336.00 - $2,233.80 = $102.20 more: the
# total says so instead of "saving $-102.20"; findings name the retirement and
# the successor.
gpufit recommend --details tests/fixtures/fleets/retired-current.yaml
