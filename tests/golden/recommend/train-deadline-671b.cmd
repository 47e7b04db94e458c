# deepseek-v3 (671B parameters, 37.6B active per token) over 1e15 tokens
# in 1 h: as train-deadline-8b, no count up to 100 nodes meets it.
# By hand, a lower bound: 6 x 37.55e9 active params x 1e15 tokens
# = 2.253e26 FLOP; 100 nodes x 4 GB300 x 2500 TFLOPS x MFU 0.4
# = 4.0e17 FLOP/s, so 5.633e8 s = 156,469 h, x 1.15 = 179,939 h at
# perfect scaling, against 1 h: infeasible, exit 5.  Bounded by timeout.
timeout 60 gpufit recommend --details tests/golden/recommend/inputs/train-deadline-671b.yaml
