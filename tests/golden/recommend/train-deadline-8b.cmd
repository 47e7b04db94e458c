# 1e15 tokens of llama-3-8b in 0.01 h: the estimated node count
# (n x hours / deadline, about 7e9) is past any int and any cluster; the
# search stops at FIT_MAX_VMS = 100 nodes and says by how much it missed.
# By hand, a lower bound on the best size: 6 x 8.03e9 params x 1e15 tokens
# = 4.818e25 FLOP; 100 nodes x 4 GB300 x 2500 TFLOPS BF16 x MFU 0.4
# = 4.0e17 FLOP/s, so 1.2045e8 s = 33,458 h, x 1.15 headroom = 38,477 h
# even at perfect scaling (the model adds the communication: 73,763 h),
# against a deadline of 0.01 h: infeasible, exit 5.  Bounded by timeout.
timeout 60 gpufit recommend --details tests/golden/recommend/inputs/train-deadline-8b.yaml
