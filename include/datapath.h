/*
 * datapath.h - the path from storage to the GPUs: what a workload needs
 * (reads, checkpoint writes, model loads), what the storage tier and the VM
 * size supply, the bottleneck, how busy the GPUs stay, the priced fixes
 * (local NVMe staging, Managed Lustre, more Blob accounts) and the cost of
 * data in another region.  docs/data.md gives every formula with its source.
 *
 * Pure: no catalog, no I/O, no globals.  Rates are MB/s (10^6 B/s), sizes
 * GiB unless named _gb (10^9 B), money per month or per run as named.
 * A value that is not known is negative (DATAPATH_UNKNOWN), never 0.
 */
#ifndef GPUFIT_DATAPATH_H
#define GPUFIT_DATAPATH_H

#include <stddef.h>

#define DATAPATH_UNKNOWN (-1.0)
#define DATAPATH_GIB_MB 1073.741824        /* MB in one GiB */
#define DATAPATH_GIB_GB 1.073741824        /* GB in one GiB */

/* What limits the path. */
enum datapath_bottleneck {
	DATAPATH_BN_NONE,                  /* supply >= demand */
	DATAPATH_BN_STORAGE,               /* the tier's ceiling (account, volume, file system) */
	DATAPATH_BN_VM_NETWORK,            /* the VM size's network bandwidth */
	DATAPATH_BN_VM_DISK,               /* the VM size's uncached disk throughput */
	DATAPATH_BN_UNKNOWN                /* a limit on the path is not known */
};

/* "none", "storage", "vm-network", "vm-disk", "unknown". */
const char *datapath_bottleneck_name(enum datapath_bottleneck b);

/* How the tier reaches the VMs. */
enum datapath_reach {
	DATAPATH_REMOTE,                   /* shared, over the VM network (Blob, NetApp, Lustre) */
	DATAPATH_DISK,                     /* a managed disk per VM: capped by the VM's disk limit */
	DATAPATH_LOCAL                     /* the VM's local NVMe */
};

struct datapath_storage {
	enum datapath_reach reach;
	double read_mb_per_s;              /* ceiling of one instance; < 0 unknown */
	double write_mb_per_s;             /* < 0: unknown */
	int instances;                     /* accounts / volumes sharing the load, >= 1 */
};

struct datapath_vm {
	double network_mb_per_s;           /* < 0 unknown */
	double disk_mb_per_s;              /* uncached managed-disk limit; < 0 unknown */
	double local_nvme_gib;             /* < 0 unknown, 0 none */
};

/* What the workload does (the inputs of the demand). */
struct datapath_workload {
	int training;                      /* 0: inference */
	int vms;                           /* VMs reading at once, >= 1 */
	double read_mb_per_s;              /* given total read rate; < 0: derive it */
	double dataset_gib;
	double epochs;                     /* passes over the dataset per run, default 1 */
	/* training */
	double run_hours;                  /* one run on the fed GPUs; <= 0 unknown */
	double tokens_per_s;               /* whole job */
	double token_bytes;                /* bytes per token on disk (4) */
	double sample_bytes;               /* > 0: one sample = sequence_length tokens */
	double sequence_length;
	double params_b;                   /* model parameters, billions */
	double checkpoint_bytes_per_param; /* full resumable checkpoint (14) */
	double checkpoint_every_min;       /* <= 0: no checkpoints */
	double checkpoint_share;           /* share of the interval a write may take (0.05) */
	/* inference */
	double weight_gb;                  /* model weights loaded by every VM at scale-out */
	double cold_start_s;               /* target; <= 0 none */
};

struct datapath_demand {
	double read_mb_per_s;              /* total */
	double read_vm_mb_per_s;           /* per VM */
	double checkpoint_gb;              /* one checkpoint, 0 none */
	double write_mb_per_s;             /* total burst to write it in time, 0 none */
	double load_vm_mb_per_s;           /* per VM, to load the weights in cold_start_s; 0 none */
};

/* Demand of w.  A rate that cannot be derived is DATAPATH_UNKNOWN. */
void datapath_demand(const struct datapath_workload *w, struct datapath_demand *out);

struct datapath_supply {
	double vm_mb_per_s;                /* one VM's share of the path */
	double total_mb_per_s;             /* all VMs together */
	enum datapath_bottleneck bottleneck;  /* the smallest limit (even when fed) */
	int scales;                        /* 1: the limit is per VM (its network, its disks,
					      its NVMe), so more VMs get more in total; 0: a
					      shared ceiling (account, volume, file system)
					      or an unknown one gives the same to any number */
};

/* What s and vm supply to vms VMs reading (write: 1 for the write path).
 * An unknown VM limit is not applied: the tier's ceiling is then an upper
 * bound; an unknown tier ceiling makes the supply unknown. */
void datapath_supply(const struct datapath_storage *s, const struct datapath_vm *vm, int vms,
		     int write, struct datapath_supply *out);

/* Throughput of a service provisioned per TiB: min(rate x tib, cap);
 * DATAPATH_UNKNOWN when the rate or cap is. */
double datapath_provisioned(double mb_per_s_per_tib, double tib, double cap_mb_per_s);

/* supply / need when supply < need, else 1; DATAPATH_UNKNOWN when either is. */
double datapath_busy_fraction(double need_mb_per_s, double supply_mb_per_s);

/* One Managed Lustre SKU. */
struct datapath_lustre_tier {
	const char *sku;                   /* "AMLFS-Durable-Premium-500" */
	double mb_per_s_per_tib;
	double min_tib, max_tib, step_tib;
	double usd_per_tib_month;          /* < 0 unknown */
};

struct datapath_lustre {
	int tier;                          /* index into the tiers, -1: none reaches it */
	double tib;                        /* provisioned capacity */
	double mb_per_s;                   /* its throughput */
	double monthly_cost;               /* < 0 unknown */
};

/*
 * The Managed Lustre file system for need MB/s holding dataset_gib:
 * capacity = max(min, ceil to the step of max(need / per-TiB rate, dataset
 * TiB)) within the self-service maximum; the cheapest priced tier, else the
 * fewest TiB (ties to the earlier tier).  Returns 0, or -1 when no tier
 * reaches it (out->tier -1).
 */
int datapath_lustre_size(const struct datapath_lustre_tier *tiers, size_t n, double need_mb_per_s,
			 double dataset_gib, struct datapath_lustre *out);

/* Accounts (or volumes) of ceiling each MB/s for need: ceil(need / each). */
int datapath_accounts(double need_mb_per_s, double each_mb_per_s);

/* Seconds to copy dataset_gib to every VM's local NVMe at per-VM rate
 * per_vm_mb_per_s; DATAPATH_UNKNOWN when the rate is. */
double datapath_copy_seconds(double dataset_gib, double per_vm_mb_per_s);

/* Data in another region than the GPUs. */
struct datapath_egress_in {
	double gb_per_run;                 /* GB read from the remote region per run */
	double runs_per_month;
	double dataset_gb;                 /* a one-time copy moves this */
	double usd_per_gb;                 /* remote -> GPU region; < 0 unknown */
	double data_region_extra_monthly;  /* running in the data's region: its monthly
					      cost minus the GPU region's; NaN/unknown
					      when that region has no price (use
					      has_data_region) */
	int has_data_region;
};

enum datapath_advice {
	DATAPATH_ADVICE_UNKNOWN,           /* the transfer price is not known */
	DATAPATH_ADVICE_STREAM,            /* keep streaming (cheapest, e.g. one run a month) */
	DATAPATH_ADVICE_COPY,              /* copy once to the GPU region */
	DATAPATH_ADVICE_MOVE               /* run in the data's region */
};

/* "unknown", "stream", "copy-once", "run-in-data-region". */
const char *datapath_advice_name(enum datapath_advice a);

struct datapath_egress {
	double per_run;                    /* streaming: per run (< 0 unknown) */
	double per_month;                  /* streaming: per month */
	double copy_once;                  /* the one-time copy */
	enum datapath_advice advice;       /* cheapest over the first month */
};

/* The three ways compared over one month: stream (per_month), copy once
 * (copy_once), run where the data is (data_region_extra_monthly). */
void datapath_egress(const struct datapath_egress_in *in, struct datapath_egress *out);

#endif
