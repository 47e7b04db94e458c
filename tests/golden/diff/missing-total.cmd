gpufit diff tests/golden/diff/inputs/no-total.json tests/golden/diff/inputs/head.json
