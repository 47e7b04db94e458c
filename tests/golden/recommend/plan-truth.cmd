# Five services whose cheapest options at slice-share prices are slices the
# MIG plan does not deploy: every recommendation is its placement in the
# plan, charged its part of it (tests/fixtures/fleets/five-services.yaml;
# the parts and the plan are worked out in test_recommend_fleets.c and
# checked against every alternative by plan-truth-json).
gpufit recommend --details --top 2 tests/fixtures/fleets/five-services.yaml
