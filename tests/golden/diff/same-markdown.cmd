gpufit diff -f markdown tests/golden/diff/inputs/base.json tests/golden/diff/inputs/base.json
