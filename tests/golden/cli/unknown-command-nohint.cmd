gpufit frobnicate
