gpufit catalog show Standard_ND96isr_H100_v5 -f csv
