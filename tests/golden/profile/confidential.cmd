# confidential takes false or true only: 'yes' is an error at its position
# (line 7, column 19: the value after "    confidential: ").
gpufit validate tests/golden/profile/inputs/confidential.yaml
