# serving.expert_parallel on an engine without it (TGI): no size is feasible;
# each is rejected naming the engine (or, where the GPU cannot run MXFP4, the
# precision), and the command still succeeds with "none".
gpufit recommend --details tests/golden/recommend/inputs/expert-parallel-tgi.yaml
