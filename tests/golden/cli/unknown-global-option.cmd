gpufit --frobnicate
