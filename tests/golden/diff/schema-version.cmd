gpufit diff tests/golden/diff/inputs/v2.json tests/golden/diff/inputs/head.json
