gpufit diff tests/golden/diff/inputs/invalid.json tests/golden/diff/inputs/head.json
