# The workload of engine-cap-llamacpp with serving.max_sequences: 6 (llama.cpp
# --parallel 6): each instance now takes 6 sequences, not the default 4.  By
# hand: T4 VMs ceil(40 / 6) = 7 (10 at the default cap); 7 slices of 1g.5gb
# carry 7 x 6 = 42 >= 40 and are no longer rejected; 2 of 3g.40gb carry
# 2 x 6 = 12 < 40, rejected naming the cap that was set.
gpufit recommend --all-rejected tests/golden/recommend/inputs/max-sequences-llamacpp.yaml |
	grep -E '^(recommendation|Standard_(ND96asr_v4 1g\.5gb|NC24ads_A100_v4 3g\.40gb) )'
