gpufit diff tests/golden/diff/inputs/base.json tests/golden/diff/inputs/head.json tests/golden/diff/inputs/head.json
