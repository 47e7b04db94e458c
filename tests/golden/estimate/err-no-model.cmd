gpufit estimate --gpu H100-SXM-80GB
