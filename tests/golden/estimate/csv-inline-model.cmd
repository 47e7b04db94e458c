gpufit estimate --params-b 7 --layers 32 --hidden 4096 --heads 32 --gpu L40S-PCIe-48GB -f csv
