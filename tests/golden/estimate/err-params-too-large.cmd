gpufit estimate --params-b 1e308 --layers 32 --hidden 4096 --heads 32 --gpu H100-SXM-80GB
