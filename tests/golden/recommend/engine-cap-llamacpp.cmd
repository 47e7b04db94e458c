# llama.cpp serves at most 4 sequences an instance by default (--parallel),
# whatever the memory holds: a GPU's 7 MIG slices carry at most 7 x 4 = 28 of
# the 40 sequences, so each slice size is rejected naming that cap, not
# memory; whole-GPU VMs run more instances and stay feasible.
gpufit recommend --all-rejected tests/golden/recommend/inputs/engine-cap-llamacpp.yaml |
	grep -E '^(recommendation|Standard_(ND96asr_v4 1g\.5gb|NC24ads_A100_v4 3g\.40gb) )'
