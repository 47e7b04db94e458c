gpufit estimate --params-b 7 --layers 32 --hidden 7 --heads 3 --gpu H100-SXM-80GB
