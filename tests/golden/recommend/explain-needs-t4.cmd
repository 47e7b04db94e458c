# --explain on a size rejected for memory names the replica's need with the
# headroom (22.1 GiB = 19.23 x 1.15, as recommend's needs line) and what one
# sequence alone needs (17.3 GiB = 15.02 x 1.15, the breakdown printed: the
# one sequence that does not fit decides); long-docs does not fit one T4 either.
gpufit recommend --explain Standard_NC4as_T4_v3 tests/golden/recommend/inputs/needs.yaml
