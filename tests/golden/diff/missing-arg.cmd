gpufit diff tests/golden/diff/inputs/base.json
