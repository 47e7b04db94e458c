gpufit diff tests/golden/diff/inputs/string-cost.json tests/golden/diff/inputs/head.json
