gpufit diff tests/golden/diff/inputs/invalid.json tests/golden/diff/inputs/no-total.json
