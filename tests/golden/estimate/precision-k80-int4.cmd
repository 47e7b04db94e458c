# transformers: no architecture limit is known for it (catalog/engine_support.csv), so the
# precision rule is what refuses K80 here (vllm would be refused first: compute capability
# 7.5 or higher, K80 is 3.7; tests/golden/estimate/err-engine-arch-vllm.cmd)
gpufit estimate --model llama-3.2-1b --gpu K80-PCIe-12GB --precision int4 --engine transformers
