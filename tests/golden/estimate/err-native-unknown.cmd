# The catalog does not say which precision llama-3-8b is released in: exit 3.
gpufit estimate --model llama-3-8b --gpu H100-SXM-80GB --precision native
