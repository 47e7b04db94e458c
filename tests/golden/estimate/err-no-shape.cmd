gpufit estimate --params-b 7 --gpu H100-SXM-80GB
