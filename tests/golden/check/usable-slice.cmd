# "Usable" memory of a slice is one figure for every kind of workload: a
# 1g.10gb slice of an A100 80GB has 9.5 GiB x 0.95 memory utilisation =
# 9.0 GiB usable for the LLM (router-1.5b) and for the generic service
# (embeddings-bert) alike, and the runtime (1 GiB) is part of each one's
# need: embeddings-bert needs 2 x 1.15 + 1 = 3.3 GiB, and its headroom is
# (9.025 - 3) / 3 = 200.8 %.
gpufit recommend --top 1 examples/small-fleet.yaml 2>/dev/null |
	sed -n '/^== router-1.5b/,/^== summarizer/p; /^== embeddings-bert/,/^== reranker/p' |
	grep -E '^== |^needs|usable|memory headroom'
