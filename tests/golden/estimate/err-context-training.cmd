# llama-2-7b has a 4096-token context: a training sequence of 8192 does not fit
# (exit 3); without --sequence-length the 4096 default is used.
gpufit estimate --model llama-2-7b --gpu A100-SXM-80GB --mode training --sequence-length 8192
