gpufit diff tests/golden/diff/inputs/fraction-count.json tests/golden/diff/inputs/base.json
