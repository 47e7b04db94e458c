# The help page: no numbers (its options are cmd_pack_opts[] of
# src/cli/cmd_pack.c).
gpufit pack --help
