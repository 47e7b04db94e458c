gpufit validate tests/golden/profile/inputs
