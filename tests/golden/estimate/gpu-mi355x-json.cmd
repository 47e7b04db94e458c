# MI355X (CDNA4, no Azure size) in JSON: the warning goes to stderr, the
# document is as for any GPU; MXFP4 is native on CDNA4 (precision_mode
# native), at the 10000 dense FP4 TFLOPS; weights 70.5537e9 x 0.53125 B / 2^30
# = 34.91 GiB.
gpufit estimate -f json --model llama-3.1-70b --gpu MI355X-OAM-288GB --precision mxfp4 --input-tokens 1024 --output-tokens 256 --concurrency 16
