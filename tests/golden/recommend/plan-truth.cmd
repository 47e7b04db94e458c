# Five services whose cheapest options at slice-share prices are slices the
# MIG plan does not deploy: every recommendation is its placement in the
# plan, charged its part of it (tests/fixtures/fleets/five-services.yaml;
# the parts and the plan are worked out in test_recommend_fleets.c and
# checked against every alternative by plan-truth-json).
# By hand (eastus payg, catalog/prices.csv): the plan is one pool mig2g-a100 of
# 1 x Standard_NC24ads_A100_v4, 3.673/h x 730 h = $2,681.29, and 3 replicas on
# dedicated Standard_NC4as_T4_v3 (tok-b, cls-d and one of emb-c), 3 x 0.526 x
# 730 = $1,151.94: P = $3,833.23, less than $4,255.90 on dedicated options. Each
# T4 replica is billed its $383.98; the pool's $2,681.29 is split over its slice
# replicas in proportion to their dedicated costs (tok-a 383.98, emb-c's other
# replica 383.98, ocr-e 2,336.00; 3,103.96 in all): 2,681.29 x 383.98 / 3,103.96
# = $331.69 each and 2,681.29 x 2,336.00 / 3,103.96 = $2,017.91; emb-c 331.69 +
# 383.98 = $715.67.
gpufit recommend --details --top 2 tests/fixtures/fleets/five-services.yaml
