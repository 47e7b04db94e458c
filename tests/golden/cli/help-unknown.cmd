gpufit help nosuch
