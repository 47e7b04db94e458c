gpufit diff -f csv tests/golden/diff/inputs/base.json tests/golden/diff/inputs/head.json
