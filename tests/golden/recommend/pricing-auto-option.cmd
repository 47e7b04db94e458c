# --pricing auto over a profile's reserved-1y: the 200-hour service of
# commitment-underused.yaml is billed payg (1.112 x 200 = 222.40, below
# reserved-1y's 519.67 and reserved-3y's 357.28), the 2.3 h run payg
# (228.08), the 460 h of runs reserved-3y (31,868.15); no commitment-underused
# warning is left; fleet 222.40 + 228.08 + 31,868.15 = $32,318.63.
gpufit recommend --pricing auto tests/fixtures/fleets/commitment-underused.yaml 2>/dev/null | grep -E '^==|^recommendation|pricing auto|commitment-underused|^monthly GPU cost'
