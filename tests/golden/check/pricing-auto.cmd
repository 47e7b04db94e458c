# --pricing auto as recommend takes it (recommend/pricing-auto-option.cmd):
# over the profile's reserved-1y, embed is billed payg (1.112 x 200 =
# 222.40), the 2.3 h run payg (228.08), the 460 h of runs reserved-3y
# (31,868.15): $32,318.63, within 40,000.  It was "unknown option".
gpufit check --pricing auto --max-monthly 40000 tests/fixtures/fleets/commitment-underused.yaml
