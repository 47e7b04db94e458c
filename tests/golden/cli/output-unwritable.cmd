gpufit catalog show Standard_ND96isr_H100_v5 -o /nonexistent-dir/x.json
