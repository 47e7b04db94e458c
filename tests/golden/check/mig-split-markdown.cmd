# The PR comment labels each workload as every other format does
# (recommend_choice_label, the JSON recommendation.label): for the MIG plan
# of tests/golden/k8s/inputs/mig-split.yaml (see k8s/mig-split-labels.cmd)
# c is "1 x Standard_NC24ads_A100_v4 2g.20gb + 1 x Standard_NC24ads_A100_v4
# 3g.40gb", a is 1 slice + 2 T4s, e is 1 slice + 3 T4s.  It printed
# "Standard_NC24ads_A100_v4 MIG 2g.20gb ×1 (eastus)" for c, hiding the
# second pool.
gpufit check -f markdown tests/golden/k8s/inputs/mig-split.yaml | grep -E '^\| (a|c|d|e) '
