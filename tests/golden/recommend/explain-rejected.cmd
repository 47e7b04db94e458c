# A T4 size for an fp8 70B service: rejected for its precision, with the reason.
gpufit recommend --explain Standard_NC4as_T4_v3 examples/llm-70b-slo.yaml
