gpufit catalog list -f yml
