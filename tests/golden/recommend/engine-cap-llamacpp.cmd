# llama.cpp serves at most 4 sequences an instance by default (--parallel),
# whatever the memory holds.  A replica runs on at most the slices of its
# profile one GPU holds (catalog/mig_profiles.csv): 7 of 1g.5gb (1 of 7
# compute slices each) carry at most 7 x 4 = 28 of the 40 sequences, 2 of
# 3g.40gb (3 of 7 each) at most 2 x 4 = 8; so each slice size is rejected
# naming that cap, not memory; whole-GPU VMs run more instances and stay
# feasible.
gpufit recommend --all-rejected tests/golden/recommend/inputs/engine-cap-llamacpp.yaml |
	grep -E '^(recommendation|Standard_(ND96asr_v4 1g\.5gb|NC24ads_A100_v4 3g\.40gb) )'
