# --explain says what recommend rejected and why (tests/golden/recommend/deployable.cmd):
# on the MI300X VM TensorRT-LLM cannot run (NVIDIA only) while vLLM fits, and the plain
# MI300X VM is no confidential-computing size for the workload that asks for one; on
# the confidential NCC40ads_H100_v5 it is the plain workload that is rejected.
gpufit recommend --explain Standard_ND96isr_MI300X_v5 tests/golden/recommend/inputs/deployable.yaml 2>/dev/null |
	grep -E '^(== |rejected|fits)'
gpufit recommend --explain Standard_NCC40ads_H100_v5 tests/golden/recommend/inputs/deployable.yaml 2>/dev/null |
	grep -E '^(== |rejected|fits)'
