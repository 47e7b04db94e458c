# The shape rules of the inline options (--kv-heads must divide --heads,
# --hidden a multiple of --heads) hold for a config file too: the key's
# line and column, exit 3.  Llama-3-8B's config with 5 key/value heads
# (32 % 5 = 2), and with hidden_size 4097 (4097 % 32 = 1, no head_dim).
printf '{\n  "model_type": "llama",\n  "hidden_size": 4096,\n  "intermediate_size": 14336,\n  "num_attention_heads": 32,\n  "num_hidden_layers": 32,\n  "num_key_value_heads": 5,\n  "vocab_size": 128256\n}\n' > "$SCRATCH/kv.json"
gpufit estimate --hf-config "$SCRATCH/kv.json" --gpu H100-SXM-80GB --concurrency 1 2>&1 | sed "s|$SCRATCH|SCRATCH|"
echo "rc=${PIPESTATUS[0]}"
sed -e 's/"num_key_value_heads": 5/"num_key_value_heads": 8/' -e 's/"hidden_size": 4096/"hidden_size": 4097/' "$SCRATCH/kv.json" > "$SCRATCH/hidden.json"
gpufit estimate --hf-config "$SCRATCH/hidden.json" --gpu H100-SXM-80GB --concurrency 1 2>&1 | sed "s|$SCRATCH|SCRATCH|"
echo "rc=${PIPESTATUS[0]}"
