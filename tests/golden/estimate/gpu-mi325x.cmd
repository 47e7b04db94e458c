# MI325X (CDNA3, no Azure size): the MI300X's compute with 256 GB and 6 TB/s;
# the CDNA3 factors apply (decode_mfu and prefill_mfu 0.34).  By hand the
# weights of llama-3.1-70b in fp8: 70.5537e9 x 1 B / 2^30 = 65.71 GiB on one GPU.
gpufit estimate --model llama-3.1-70b --gpu MI325X-OAM-256GB --precision fp8 --input-tokens 1024 --output-tokens 256 --concurrency 16
