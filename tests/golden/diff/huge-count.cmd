gpufit diff tests/golden/diff/inputs/base.json tests/golden/diff/inputs/huge-count.json
