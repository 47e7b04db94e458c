# The label of a workload the MIG plan split (inputs/mig-split.yaml, see
# mig-split-sh.cmd) is the same in every format and names what k8s deploys:
# c is 1 replica on a 2g.20gb slice + 1 on a 3g.40gb slice (its Deployments
# c-a100mig2g and c-a100mig3g), a is 1 on a 2g.20gb slice + 2 on T4s (a-a100mig2g
# 1, a-t4 2), e is 1 + 3 (e-a100mig2g 1, e-t4 3).  It was "2g.20gb x2" for c.
# The csv label is column 17 (the load plan columns follow it).
p=tests/golden/k8s/inputs/mig-split.yaml
gpufit recommend $p 2>/dev/null | grep '^recommendation'
gpufit -f markdown recommend $p 2>/dev/null | grep -E '^\| (a|c|e) '
gpufit -f csv recommend $p 2>/dev/null | grep -E '^(a|c|e),1,' | awk -F, '{print $1 ": " $17}'
gpufit -f json recommend $p 2>/dev/null | jq -r '.workloads[] | "\(.name): \(.recommendation.label)"'
gpufit -f html recommend $p 2>/dev/null | grep -o 'recommended: [^<]*'
