# --precision native on a float32 config: fp32 weights, a 16-bit (bf16) KV
# cache, as documented ("bf16 for native").  Llama-3-8B's shape: 2 x 32
# layers x 8 KV heads x 128 x 2 B = 131,072 B a token (fp32 would be 262,144).
printf '{\n  "model_type": "llama",\n  "hidden_size": 4096,\n  "intermediate_size": 14336,\n  "num_attention_heads": 32,\n  "num_hidden_layers": 32,\n  "num_key_value_heads": 8,\n  "vocab_size": 128256,\n  "torch_dtype": "float32"\n}\n' > "$SCRATCH/fp32.json"
gpufit estimate --hf-config "$SCRATCH/fp32.json" --gpu H100-SXM-80GB --precision native -f json |
	grep -E '"(precision|kv_precision|kv_bytes_per_token)"'
