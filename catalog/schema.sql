-- gpufit catalog schema.
--
-- The bundled catalog is built from this file and the CSV fact files beside
-- it (one file per table, same name, header row = column names).  A refreshed
-- user catalog has the same schema.  Bump user_version on any change; the
-- program refuses a catalog whose version it does not know.
PRAGMA user_version = 3;

-- Key/value facts about this catalog: source, fetched_at, api_version,
-- currency, regions_refreshed, ...
CREATE TABLE meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

CREATE TABLE gpu_models (
	name           TEXT PRIMARY KEY,
	vendor         TEXT NOT NULL,
	architecture   TEXT NOT NULL,
	target         TEXT,          -- NVIDIA compute capability "8.0", AMD LLVM target
	                              -- "gfx942"; NULL unknown (a catalog written by an
	                              -- earlier build lacks the column: the bundled
	                              -- catalog's is read)
	form_factor    TEXT NOT NULL,
	memory_gib     REAL NOT NULL CHECK (memory_gib > 0),
	bandwidth_gbps REAL NOT NULL CHECK (bandwidth_gbps > 0),
	fp32_tflops    REAL NOT NULL CHECK (fp32_tflops > 0),
	fp16_tflops    REAL NOT NULL CHECK (fp16_tflops > 0),
	bf16_tflops    REAL,          -- NULL: not supported
	fp8_tflops     REAL,
	fp4_tflops     REAL,          -- NULL: no FP4 tensor math (a catalog written by an
	                              -- earlier build lacks the column: read as NULL)
	int8_tops      REAL,
	tdp_w          REAL NOT NULL,
	link           TEXT,          -- NULL: no GPU-to-GPU link
	link_gbps      REAL,
	pcie_gen       INTEGER NOT NULL,
	mig_max        INTEGER NOT NULL DEFAULT 0,
	sm_count       INTEGER NOT NULL,
	precisions     TEXT NOT NULL,  -- "fp32 fp16 bf16 fp8 int8w int4w ..." (gpu_models.csv header)
	source         TEXT NOT NULL CHECK (length(source) > 0)
);

CREATE TABLE vm_sizes (
	sku             TEXT PRIMARY KEY,
	series          TEXT NOT NULL,
	gpu_model       TEXT REFERENCES gpu_models(name),  -- NULL: spec unknown
	gpu_count       REAL CHECK (gpu_count IS NULL OR gpu_count > 0),          -- NULL: unknown
	gpu_memory_gib  REAL CHECK (gpu_memory_gib IS NULL OR gpu_memory_gib > 0), -- NULL: unknown
	vcpus           INTEGER NOT NULL,
	ram_gib         REAL NOT NULL,
	local_nvme_gib  REAL,
	infiniband_gbps REAL,         -- per GPU, Gb/s; NULL or 0: none
	infiniband_type TEXT,
	nvlink          INTEGER NOT NULL DEFAULT 0,
	mig_capable     INTEGER NOT NULL DEFAULT 0,
	retired         INTEGER NOT NULL DEFAULT 0,  -- retired or retirement announced
	retired_on      TEXT CHECK (retired_on IS NULL OR retired_on GLOB
	                    '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),  -- NULL: day not known
	successor       TEXT,          -- the series the retirement guide names; NULL: none
	spec_known      INTEGER NOT NULL DEFAULT 1,
	-- 1: a confidential-computing size (confidential VM images, GPU in CC
	-- mode), recommended only to a workload with confidential: true.  A
	-- catalog written by an earlier build lacks the column: the program then
	-- reads it from the bundled catalog.
	confidential    INTEGER NOT NULL DEFAULT 0 CHECK (confidential IN (0, 1)),
	-- The size's quota family: the `family` of `az vm list-skus`, the name
	-- of its quota in `az vm list-usage`; NULL: not known.  A catalog written
	-- by an earlier build lacks the column: every family is then unknown.
	quota_family    TEXT CHECK (quota_family IS NULL OR length(quota_family) > 0),
	source          TEXT NOT NULL CHECK (length(source) > 0),
	-- A size whose spec is known has its GPUs and their memory.
	CHECK (spec_known = 0 OR (gpu_count IS NOT NULL AND gpu_memory_gib IS NOT NULL)),
	-- A date only for a size whose retirement is retired or announced.
	CHECK (retired = 1 OR (retired_on IS NULL AND successor IS NULL))
);

CREATE TABLE mig_profiles (
	gpu_model      TEXT NOT NULL REFERENCES gpu_models(name),
	name           TEXT NOT NULL,
	memory_slices  INTEGER NOT NULL CHECK (memory_slices BETWEEN 1 AND 8),
	memory_gib     REAL NOT NULL CHECK (memory_gib > 0),
	compute_slices INTEGER NOT NULL CHECK (compute_slices BETWEEN 1 AND 7),
	sms            INTEGER NOT NULL,
	max_count      INTEGER NOT NULL CHECK (max_count BETWEEN 1 AND 7),
	start_slots    TEXT NOT NULL,  -- "0 1 2 3 4 5 6"
	media_ext      INTEGER NOT NULL DEFAULT 0,
	aks_profile    TEXT,           -- AKS --gpu-instance-profile, NULL: not offered
	source         TEXT NOT NULL CHECK (length(source) > 0),
	PRIMARY KEY (gpu_model, name)
);

CREATE TABLE model_presets (
	name            TEXT PRIMARY KEY,
	kind            TEXT NOT NULL,   -- llm | encoder | cnn | diffusion
	params_b        REAL NOT NULL CHECK (params_b > 0),
	active_params_b REAL,            -- MoE: parameters per token
	layers          INTEGER,
	hidden          INTEGER,
	intermediate    INTEGER,
	heads           INTEGER,
	kv_heads        INTEGER,
	head_dim        INTEGER,
	vocab           INTEGER,
	max_context     INTEGER,
	moe_experts     INTEGER NOT NULL DEFAULT 0,
	moe_active      INTEGER NOT NULL DEFAULT 0,
	source          TEXT NOT NULL CHECK (length(source) > 0),
	-- architecture (schema version 3; NULL = none / unknown)
	hf_repo                 TEXT,
	moe_shared_experts      INTEGER,  -- always-on experts per MoE layer
	moe_intermediate        INTEGER,  -- one routed expert's FFN width
	moe_layers              INTEGER,  -- layers with routed experts
	mla_kv_lora_rank        INTEGER,  -- MLA latent width
	mla_qk_rope_head_dim    INTEGER,  -- MLA decoupled RoPE key width
	window_tokens           INTEGER,  -- sliding-window / chunked attention span
	windowed_layers         INTEGER,  -- layers that attend within the window
	native_precision        TEXT,     -- as released: bf16 | fp16 | fp8 | fp8-block | ...
	native_expert_precision TEXT,     -- routed experts where they differ (mxfp4)
	tied_embeddings         INTEGER,
	mtp_params_b            REAL      -- multi-token-prediction layers, not in params_b
);

CREATE TABLE regions (
	name         TEXT PRIMARY KEY,
	display_name TEXT NOT NULL,
	geography    TEXT NOT NULL,
	source       TEXT NOT NULL CHECK (length(source) > 0)
);

-- Hourly prices.  pricing: payg | spot | reserved-1y | reserved-3y |
-- savings-1y | savings-3y.  Reservations are stored already divided by the
-- hours of their term.  A missing price is a missing row, never 0.
CREATE TABLE prices (
	sku            TEXT NOT NULL,
	region         TEXT NOT NULL,
	pricing        TEXT NOT NULL CHECK (pricing IN ('payg', 'spot', 'reserved-1y',
	                   'reserved-3y', 'savings-1y', 'savings-3y')),
	os             TEXT NOT NULL CHECK (os IN ('linux', 'windows')),
	currency       TEXT NOT NULL,
	hourly         REAL NOT NULL CHECK (hourly > 0),
	effective_date TEXT,
	observed_date  TEXT CHECK (observed_date IS NULL OR observed_date GLOB
	                   '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),  -- when the source saw
	                   -- the price (ISO date); NULL: not known (the region's fetched_at.REGION
	                   -- meta, else the catalog's fetched_at, stands in)
	source         TEXT NOT NULL CHECK (length(source) > 0),
	PRIMARY KEY (sku, region, pricing, os, currency)
);
CREATE INDEX prices_region ON prices(region, pricing);

-- Named efficiency factors of the sizing model, each calibrated from a cited
-- measurement.  gpu_class: a gpu_models name, an architecture, or '*'.
CREATE TABLE efficiency (
	name      TEXT NOT NULL,
	gpu_class TEXT NOT NULL,
	value     REAL NOT NULL,
	unit      TEXT NOT NULL,
	source    TEXT NOT NULL CHECK (length(source) > 0),
	notes     TEXT,
	PRIMARY KEY (name, gpu_class)
);

-- Storage tiers for data-path findings (throughput a workload can read).
CREATE TABLE storage_tiers (
	name                TEXT PRIMARY KEY,  -- blob | blob-premium | premium-ssd | ...
	max_read_mb_per_s   REAL NOT NULL CHECK (max_read_mb_per_s > 0),
	typical_read_mb_per_s REAL,
	notes               TEXT,
	source              TEXT NOT NULL CHECK (length(source) > 0)
);

-- The data path (docs/data.md).  A catalog written by an earlier build may
-- lack these tables: the program then reads them from the bundled catalog.
--
-- Per VM size: network bandwidth (all NICs, egress-measured; the planning
-- ceiling for remote storage) and uncached managed-disk throughput.
CREATE TABLE vm_data_limits (
	sku                    TEXT PRIMARY KEY,
	network_mbps           REAL NOT NULL CHECK (network_mbps > 0),   -- Mb/s (10^6 bit/s)
	uncached_disk_mb_per_s REAL,          -- MB/s; NULL: not documented
	source                 TEXT NOT NULL CHECK (length(source) > 0)
);

-- Per region: continent (for bandwidth prices) and the standard Blob
-- account's default egress and ingress.
CREATE TABLE region_data (
	region                TEXT PRIMARY KEY,
	continent             TEXT NOT NULL,
	blob_egress_mb_per_s  REAL NOT NULL CHECK (blob_egress_mb_per_s > 0),
	blob_ingress_mb_per_s REAL NOT NULL CHECK (blob_ingress_mb_per_s > 0),
	source                TEXT NOT NULL CHECK (length(source) > 0)
);

-- Azure Managed Lustre SKUs: throughput per provisioned TiB and capacities.
CREATE TABLE lustre_tiers (
	sku               TEXT PRIMARY KEY,
	mb_per_s_per_tib  REAL NOT NULL CHECK (mb_per_s_per_tib > 0),
	min_tib           REAL NOT NULL CHECK (min_tib > 0),
	max_tib           REAL NOT NULL CHECK (max_tib >= min_tib),
	step_tib          REAL NOT NULL CHECK (step_tib > 0),
	usd_per_tib_month REAL,            -- NULL: no sourced price
	source            TEXT NOT NULL CHECK (length(source) > 0)
);

-- Data transfer prices, USD per GB.  zone: a region (refreshed from the
-- Retail Prices API, serviceName 'Bandwidth') or a continent (the bundled
-- seed); kind: intra-continent | inter-continent | internet; one row per
-- tier of the ladder (tier_min_gb).
CREATE TABLE bandwidth_prices (
	zone         TEXT NOT NULL,
	kind         TEXT NOT NULL CHECK (kind IN ('intra-continent', 'inter-continent', 'internet')),
	tier_min_gb  REAL NOT NULL DEFAULT 0,
	usd_per_gb   REAL NOT NULL CHECK (usd_per_gb >= 0),
	effective_date TEXT,
	source       TEXT NOT NULL CHECK (length(source) > 0),
	PRIMARY KEY (zone, kind, tier_min_gb)
);

-- Defaults of the data-path model when a profile gives none.
CREATE TABLE data_defaults (
	name   TEXT PRIMARY KEY,
	value  REAL NOT NULL,
	unit   TEXT NOT NULL,
	source TEXT NOT NULL CHECK (length(source) > 0)
);

-- Which GPU vendors each serving engine runs on, and on which architectures
-- of them (catalog/engine_support.csv).  A catalog written by an earlier
-- build may lack the table or its limit columns: the program then reads it
-- from the bundled catalog.
CREATE TABLE engine_support (
	engine    TEXT NOT NULL,     -- a serving.engine name: vllm, tensorrt-llm, ...
	vendor    TEXT NOT NULL,     -- a gpu_models vendor: NVIDIA | AMD
	supported INTEGER NOT NULL CHECK (supported IN (0, 1)),
	tested    TEXT,              -- the GPUs the source names (informational)
	min_compute_capability REAL, -- NVIDIA: the lowest compute capability; NULL unknown
	gpu_targets TEXT,            -- AMD: the LLVM targets supported, space-separated;
	                             -- NULL unknown
	limit_source TEXT,           -- where those limits were read
	source    TEXT NOT NULL CHECK (length(source) > 0),
	PRIMARY KEY (engine, vendor)
);
