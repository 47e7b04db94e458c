/*
 * datapath.c - the data path model (datapath.h, docs/data.md).
 */
#include <math.h>

#include "datapath.h"

const char *datapath_bottleneck_name(enum datapath_bottleneck b)
{
	switch (b) {
	case DATAPATH_BN_NONE: return "none";
	case DATAPATH_BN_STORAGE: return "storage";
	case DATAPATH_BN_VM_NETWORK: return "vm-network";
	case DATAPATH_BN_VM_DISK: return "vm-disk";
	case DATAPATH_BN_UNKNOWN: break;
	}
	return "unknown";
}

const char *datapath_advice_name(enum datapath_advice a)
{
	switch (a) {
	case DATAPATH_ADVICE_STREAM: return "stream";
	case DATAPATH_ADVICE_COPY: return "copy-once";
	case DATAPATH_ADVICE_MOVE: return "run-in-data-region";
	case DATAPATH_ADVICE_UNKNOWN: break;
	}
	return "unknown";
}

void datapath_demand(const struct datapath_workload *w, struct datapath_demand *out)
{
	int vms = w->vms > 0 ? w->vms : 1;
	double epochs = w->epochs > 0 ? w->epochs : 1;

	out->read_mb_per_s = 0;
	out->checkpoint_gb = 0;
	out->write_mb_per_s = 0;
	out->load_vm_mb_per_s = 0;
	if (w->read_mb_per_s >= 0) {
		out->read_mb_per_s = w->read_mb_per_s;
	} else if (w->training) {
		/* the token (or sample) stream, and the dataset read epochs times
		 * within the run: the larger is what the GPUs wait for */
		double per_token = w->sample_bytes > 0 && w->sequence_length > 0
					   ? w->sample_bytes / w->sequence_length
					   : w->token_bytes;
		double stream = w->tokens_per_s > 0 && per_token > 0
					? w->tokens_per_s * per_token / 1e6 : 0;
		double pass = w->run_hours > 0 && w->dataset_gib > 0
				      ? w->dataset_gib * DATAPATH_GIB_MB * epochs /
						(w->run_hours * 3600.0)
				      : 0;
		out->read_mb_per_s = stream > pass ? stream : pass;
		if (!(w->run_hours > 0) && !(stream > 0))
			out->read_mb_per_s = DATAPATH_UNKNOWN;
	}
	out->read_vm_mb_per_s = out->read_mb_per_s >= 0 ? out->read_mb_per_s / vms
							: DATAPATH_UNKNOWN;
	if (w->training && w->checkpoint_every_min > 0 && w->params_b > 0 &&
	    w->checkpoint_bytes_per_param > 0 && w->checkpoint_share > 0) {
		out->checkpoint_gb = w->params_b * w->checkpoint_bytes_per_param;
		out->write_mb_per_s = out->checkpoint_gb * 1000.0 /
				      (w->checkpoint_share * w->checkpoint_every_min * 60.0);
	}
	if (!w->training && w->cold_start_s > 0 && w->weight_gb > 0)
		out->load_vm_mb_per_s = w->weight_gb * 1000.0 / w->cold_start_s;
}

void datapath_supply(const struct datapath_storage *s, const struct datapath_vm *vm, int vms,
		     int write, struct datapath_supply *out)
{
	double each = write ? s->write_mb_per_s : s->read_mb_per_s;
	double store = each >= 0 ? each * (s->instances > 0 ? s->instances : 1) : DATAPATH_UNKNOWN;
	double cap, total;
	enum datapath_bottleneck capbn;

	if (vms < 1)
		vms = 1;
	out->scales = 0;
	switch (s->reach) {
	case DATAPATH_LOCAL:
		out->scales = store >= 0;
		out->total_mb_per_s = store >= 0 ? store * vms : DATAPATH_UNKNOWN;
		out->vm_mb_per_s = store;
		out->bottleneck = store >= 0 ? DATAPATH_BN_STORAGE : DATAPATH_BN_UNKNOWN;
		return;
	case DATAPATH_DISK:
		/* disks of one VM, each VM its own: the VM's disk limit caps them */
		cap = vm->disk_mb_per_s >= 0 ? vm->disk_mb_per_s : store;
		capbn = DATAPATH_BN_VM_DISK;
		if (store < 0) {
			out->vm_mb_per_s = DATAPATH_UNKNOWN;
			out->total_mb_per_s = DATAPATH_UNKNOWN;
			out->bottleneck = DATAPATH_BN_UNKNOWN;
			return;
		}
		out->vm_mb_per_s = cap < store ? cap : store;
		out->total_mb_per_s = out->vm_mb_per_s * vms;
		out->scales = 1;
		out->bottleneck = cap < store ? capbn : DATAPATH_BN_STORAGE;
		return;
	case DATAPATH_REMOTE:
		break;
	}
	/* one shared service over every VM's network; an unknown VM limit
	 * leaves the service's ceiling as an upper bound */
	cap = vm->network_mb_per_s;
	if (store < 0) {
		out->vm_mb_per_s = DATAPATH_UNKNOWN;
		out->total_mb_per_s = DATAPATH_UNKNOWN;
		out->bottleneck = DATAPATH_BN_UNKNOWN;
		return;
	}
	total = cap >= 0 ? cap * vms : store;
	if (store <= total) {
		out->total_mb_per_s = store;
		out->bottleneck = DATAPATH_BN_STORAGE;
	} else {
		out->total_mb_per_s = total;
		out->bottleneck = DATAPATH_BN_VM_NETWORK;
		out->scales = 1;
	}
	out->vm_mb_per_s = out->total_mb_per_s / vms;
}

double datapath_provisioned(double per_tib, double tib, double cap)
{
	double v;
	if (!(per_tib > 0) || !(cap > 0) || tib < 0)
		return DATAPATH_UNKNOWN;
	v = per_tib * tib;
	return v < cap ? v : cap;
}

double datapath_busy_fraction(double need, double supply)
{
	if (need < 0 || supply < 0)
		return DATAPATH_UNKNOWN;
	if (!(need > 0) || supply >= need)
		return 1.0;
	return supply / need;
}

int datapath_lustre_size(const struct datapath_lustre_tier *tiers, size_t n, double need,
			 double dataset_gib, struct datapath_lustre *out)
{
	out->tier = -1;
	out->tib = 0;
	out->mb_per_s = 0;
	out->monthly_cost = DATAPATH_UNKNOWN;
	for (size_t i = 0; i < n; i++) {
		const struct datapath_lustre_tier *t = &tiers[i];
		double tib, cost;
		int better;
		if (!(t->mb_per_s_per_tib > 0) || !(t->step_tib > 0))
			continue;
		tib = need / t->mb_per_s_per_tib;
		if (dataset_gib / 1024.0 > tib)
			tib = dataset_gib / 1024.0;
		/* 1e-9: a quotient a rounding error above a whole step */
		tib = ceil(tib / t->step_tib - 1e-9) * t->step_tib;
		if (tib < t->min_tib)
			tib = t->min_tib;
		if (tib > t->max_tib + 1e-9)
			continue;
		cost = t->usd_per_tib_month >= 0 ? tib * t->usd_per_tib_month : DATAPATH_UNKNOWN;
		if (out->tier < 0)
			better = 1;
		else if (cost >= 0 && out->monthly_cost >= 0)
			better = cost < out->monthly_cost;
		else if (cost >= 0 || out->monthly_cost >= 0)
			better = cost >= 0;
		else
			better = tib < out->tib;
		if (better) {
			out->tier = (int)i;
			out->tib = tib;
			out->mb_per_s = tib * t->mb_per_s_per_tib;
			out->monthly_cost = cost;
		}
	}
	return out->tier >= 0 ? 0 : -1;
}

int datapath_accounts(double need, double each)
{
	double n;
	if (!(each > 0) || !(need > 0))
		return 1;
	n = ceil(need / each - 1e-9);
	return n < 1 ? 1 : n > 1e6 ? 1000000 : (int)n;
}

double datapath_copy_seconds(double dataset_gib, double per_vm)
{
	if (!(per_vm > 0))
		return DATAPATH_UNKNOWN;
	return dataset_gib * DATAPATH_GIB_MB / per_vm;
}

void datapath_egress(const struct datapath_egress_in *in, struct datapath_egress *out)
{
	double best;

	out->advice = DATAPATH_ADVICE_UNKNOWN;
	if (in->usd_per_gb < 0) {
		out->per_run = out->per_month = out->copy_once = DATAPATH_UNKNOWN;
		return;
	}
	out->per_run = in->gb_per_run * in->usd_per_gb;
	out->per_month = out->per_run * (in->runs_per_month > 0 ? in->runs_per_month : 1);
	out->copy_once = in->dataset_gb * in->usd_per_gb;
	out->advice = DATAPATH_ADVICE_STREAM;
	best = out->per_month;
	if (out->copy_once < best) {
		best = out->copy_once;
		out->advice = DATAPATH_ADVICE_COPY;
	}
	if (in->has_data_region && in->data_region_extra_monthly < best)
		out->advice = DATAPATH_ADVICE_MOVE;
}
