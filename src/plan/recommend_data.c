/*
 * recommend_data.c - the data path of a candidate (what its VMs need from
 * storage, what the tier and the VM size supply, how busy the GPUs stay)
 * on the catalog's data facts, and the data findings of a recommendation:
 * data-starved, cold-start, data-gravity, data-placement (docs/data.md).
 * The model itself is datapath.c; this file only feeds it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bill.h"
#include "datapath.h"
#include "recommend_internal.h"
#include "util.h"

#define PPG_MAX_VMS 100   /* one scale set, single placement group (setup-infiniband.md) */

static double dflt(const struct rec_env *e, const char *name)
{
	for (size_t i = 0; i < e->data->ndefaults; i++)
		if (strcmp(e->data->defaults[i].name, name) == 0)
			return e->data->defaults[i].value;
	return DATAPATH_UNKNOWN;
}

static int cmp_limit(const void *k, const void *e)
{
	return strcmp(k, ((const struct vm_data_limit *)e)->sku);
}

static int cmp_region(const void *k, const void *e)
{
	return strcmp(k, ((const struct region_data *)e)->region);
}

static const struct vm_data_limit *vm_limit(const struct rec_env *e, const char *sku)
{
	if (!e->data->nvms)
		return NULL;
	return bsearch(sku, e->data->vms, e->data->nvms, sizeof(*e->data->vms), cmp_limit);
}

static const struct region_data *region_of(const struct rec_env *e, const char *name)
{
	if (!e->data->nregions || !name)
		return NULL;
	return bsearch(name, e->data->regions, e->data->nregions, sizeof(*e->data->regions),
		       cmp_region);
}

static const struct storage_tier *find_tier(const struct rec_env *e, const char *name)
{
	for (size_t i = 0; name && i < e->ntiers; i++)
		if (strcasecmp(e->tiers[i].name, name) == 0)
			return &e->tiers[i];
	return NULL;
}

int recommend_data_same(const struct profile_workload *pw, const struct cache_slot *s)
{
	const struct profile_data *a = &pw->data, *b = &s->dkey;
	if (pw->has_data != s->has_dkey)
		return 0;
	if (!pw->has_data)
		return 1;
	return a->size_gib == b->size_gib && a->has_region == b->has_region &&
	       strcmp(a->region, b->region) == 0 && a->storage == b->storage &&
	       a->has_read_mb_per_s == b->has_read_mb_per_s && a->read_mb_per_s == b->read_mb_per_s &&
	       a->has_sample_bytes == b->has_sample_bytes && a->sample_bytes == b->sample_bytes &&
	       a->epochs == b->epochs && a->has_checkpoint_every_min == b->has_checkpoint_every_min &&
	       a->checkpoint_every_min == b->checkpoint_every_min &&
	       a->has_cold_start_s == b->has_cold_start_s && a->cold_start_s == b->cold_start_s;
}

/* Where the data is read from: the data's region, else the GPUs'. */
static const char *storage_region(const struct profile_workload *pw, const char *gpu_region)
{
	return pw->data.has_region ? pw->data.region : gpu_region;
}

static void storage_of(const struct rec_env *e, const struct profile_workload *pw,
		       const char *gpu_region, struct datapath_storage *s)
{
	const struct storage_tier *t = find_tier(e, profile_storage_name(pw->data.storage));
	const struct region_data *rd = region_of(e, storage_region(pw, gpu_region));

	s->instances = 1;
	s->reach = DATAPATH_REMOTE;
	s->read_mb_per_s = t ? t->max_read_mb_per_s : DATAPATH_UNKNOWN;
	s->write_mb_per_s = s->read_mb_per_s;
	switch (pw->data.storage) {
	case PROFILE_STORAGE_BLOB:
	case PROFILE_STORAGE_BLOB_PREMIUM:
		/* the account's default egress (reads) and ingress (writes) there */
		s->read_mb_per_s = rd ? rd->blob_egress_mb_per_s : DATAPATH_UNKNOWN;
		s->write_mb_per_s = rd ? rd->blob_ingress_mb_per_s : DATAPATH_UNKNOWN;
		break;
	case PROFILE_STORAGE_PREMIUM_SSD:
	case PROFILE_STORAGE_PREMIUM_SSD_V2:
	case PROFILE_STORAGE_ULTRA_DISK:
		s->reach = DATAPATH_DISK;
		break;
	case PROFILE_STORAGE_NETAPP: {
		/* a Premium volume of the dataset's size: 64 MiB/s per TiB, at most
		 * a regular volume's 4,500 MiB/s, a large volume's (>= 50 TiB) 12,800 */
		double tib = pw->data.size_gib / 1024.0, mib = 1.048576;
		double cap = tib >= dflt(e, "netapp_large_min_tib")
				     ? dflt(e, "netapp_large_max_mib_per_s")
				     : dflt(e, "netapp_regular_max_mib_per_s");
		s->read_mb_per_s = datapath_provisioned(
			dflt(e, "netapp_premium_mib_per_s_per_tib") * mib, tib, cap * mib);
		s->write_mb_per_s = s->read_mb_per_s;
		break;
	}
	case PROFILE_STORAGE_MANAGED_LUSTRE: {
		/* the smallest file system of the fastest SKU that holds the data */
		const struct lustre_tier *best = NULL;
		for (size_t i = 0; i < e->data->nlustre; i++)
			if (!best || e->data->lustre[i].mb_per_s_per_tib > best->mb_per_s_per_tib)
				best = &e->data->lustre[i];
		if (best) {
			double tib = ceil(pw->data.size_gib / 1024.0 / best->step_tib - 1e-9) *
				     best->step_tib;
			if (tib < best->min_tib)
				tib = best->min_tib;
			if (tib > best->max_tib)
				tib = best->max_tib;
			s->read_mb_per_s = datapath_provisioned(best->mb_per_s_per_tib, tib,
								 best->mb_per_s_per_tib * best->max_tib);
			s->write_mb_per_s = s->read_mb_per_s;
		}
		break;
	}
	case PROFILE_STORAGE_LOCAL_NVME:
		s->reach = DATAPATH_LOCAL;
		s->read_mb_per_s = dflt(e, "nvme_read_mb_per_s");
		s->write_mb_per_s = s->read_mb_per_s;
		break;
	default:
		break;
	}
}

static void vm_of(const struct rec_env *e, int vm, struct datapath_vm *out)
{
	const struct vm_data_limit *l = vm >= 0 ? vm_limit(e, e->vms[vm].sku) : NULL;
	out->network_mb_per_s = l ? l->network_mb_per_s : DATAPATH_UNKNOWN;
	out->disk_mb_per_s = l ? l->disk_mb_per_s : DATAPATH_UNKNOWN;
	out->local_nvme_gib = vm >= 0 ? e->vms[vm].local_nvme_gib : DATAPATH_UNKNOWN;
}

/* A data finding's numbers while they are worked out (recommend.h keeps
 * them compactly, the fix as its own string). */
struct dnums {
	double needed_mb_per_s;
	double supplied_mb_per_s;
	double gpu_busy_fraction;
	double extra_monthly_cost;
	double egress_per_run;
	double fix_monthly_cost;
	char bottleneck[16];
	char fix[400];
};

/* "12,800" */
static const char *fmt_int(char *buf, size_t len, double v)
{
	char *dot;
	util_fmt_money(buf, len, round(v));
	if ((dot = strchr(buf, '.')) != NULL)
		*dot = '\0';
	return buf;
}

static int is_blob(const struct profile_workload *pw)
{
	return pw->data.storage == PROFILE_STORAGE_BLOB ||
	       pw->data.storage == PROFILE_STORAGE_BLOB_PREMIUM;
}

/* The catalog's Managed Lustre SKUs as the model takes them; how many. */
static size_t lustre_tiers(const struct rec_env *e, struct datapath_lustre_tier *t, size_t cap)
{
	size_t nt = 0;
	for (size_t i = 0; i < e->data->nlustre && nt < cap; i++, nt++) {
		const struct lustre_tier *lt = &e->data->lustre[i];
		t[nt].sku = lt->sku;
		t[nt].mb_per_s_per_tib = lt->mb_per_s_per_tib;
		t[nt].min_tib = lt->min_tib;
		t[nt].max_tib = lt->max_tib;
		t[nt].step_tib = lt->step_tib;
		t[nt].usd_per_tib_month = lt->usd_per_tib_month;
	}
	return nt;
}

static void lustre_text(const struct datapath_lustre_tier *t, const struct datapath_lustre *l,
			struct dnums *n)
{
	char a[32], b[32];
	snprintf(n->fix, sizeof(n->fix),
		 "Azure Managed Lustre %s, %s TiB (%s MB/s) in the GPUs' zone%s",
		 t[l->tier].sku, fmt_int(a, sizeof(a), l->tib), fmt_int(b, sizeof(b), l->mb_per_s),
		 l->monthly_cost < 0 ? "; its price is not in the catalog" : "");
	n->fix_monthly_cost = l->monthly_cost >= 0 ? util_round_cents(l->monthly_cost) : NAN;
}

static void accounts_text(int k, double each, struct dnums *n)
{
	char a[32];
	snprintf(n->fix, sizeof(n->fix),
		 "spread the data over %d Blob accounts (%s MB/s each; accounts have no fixed "
		 "fee)", k, fmt_int(a, sizeof(a), each));
	n->fix_monthly_cost = 0;
}

/* Whether a fix may spread the data over k Blob accounts: at most the
 * storage accounts a subscription may have in a region
 * (catalog/data_defaults.csv storage_accounts_per_region); no limit when
 * the catalog does not say. */
static int accounts_allowed(const struct rec_env *e, int k)
{
	double max = dflt(e, "storage_accounts_per_region");
	return !(max > 0) || k <= max;
}

/* The shared store st sized for need MB/s of reads: a Blob tier spread over
 * ceil(need / account) accounts, any other the Managed Lustre file system
 * for need holding the dataset.  Applies it to st (and states it in n when
 * not NULL) and returns 1; 0 when st is no shared store short of need or no
 * fix reaches it (every Lustre SKU is smaller), st unchanged. */
static int storage_fix(const struct rec_env *e, const struct profile_workload *pw, double need,
		       struct datapath_storage *st, struct dnums *n)
{
	struct datapath_lustre_tier t[16];
	struct datapath_lustre l;
	size_t nt;

	if (st->reach != DATAPATH_REMOTE || !(st->read_mb_per_s > 0) || !(need > 0) ||
	    st->read_mb_per_s * st->instances >= need)
		return 0;
	if (is_blob(pw) && accounts_allowed(e, datapath_accounts(need, st->read_mb_per_s))) {
		int k = datapath_accounts(need, st->read_mb_per_s);
		if (n)
			accounts_text(k, st->read_mb_per_s, n);
		st->instances = k;
		return 1;
	}
	nt = lustre_tiers(e, t, 16);
	if (datapath_lustre_size(t, nt, need, pw->data.size_gib, &l) != 0)
		return 0;
	if (n)
		lustre_text(t, &l, n);
	st->read_mb_per_s = l.mb_per_s;
	st->write_mb_per_s = l.mb_per_s;
	st->instances = 1;
	return 1;
}

void recommend_data_eval(const struct rec_env *e, const struct profile_workload *pw,
			 const struct fit_workload *w, const struct fit_result *f, int vm,
			 const char *gpu_region, int fix, struct recommend_data *out)
{
	struct datapath_workload dw;
	struct datapath_demand d;
	struct datapath_storage st;
	struct datapath_vm v;
	struct datapath_supply rs, ws;
	double busy, every;

	memset(out, 0, sizeof(*out));
	if (!pw || !pw->has_data)
		return;
	out->present = 1;
	memset(&dw, 0, sizeof(dw));
	dw.training = w->kind == FIT_TRAINING;
	dw.vms = f->vm_count * (dw.training ? 1 : (int)(w->replicas > 0 ? w->replicas : 1));
	if (dw.vms < 1)
		dw.vms = 1;
	dw.read_mb_per_s = pw->data.has_read_mb_per_s ? pw->data.read_mb_per_s : DATAPATH_UNKNOWN;
	dw.dataset_gib = pw->data.size_gib;
	dw.epochs = pw->data.epochs;
	if (dw.training) {
		dw.run_hours = f->job_hours;
		dw.tokens_per_s = f->tokens_per_s;
		dw.token_bytes = dflt(e, "token_bytes");
		dw.sample_bytes = pw->data.has_sample_bytes ? pw->data.sample_bytes : 0;
		dw.sequence_length = w->train.sequence_length;
		/* a full run saves every parameter's state; LoRA / QLoRA only the
		 * trainable adapter's (the frozen weights are already stored) */
		dw.params_b = w->model.params_b;
		if (w->train.method != SIZING_TRAIN_FULL)
			dw.params_b *= w->train.lora_fraction > 0 ? w->train.lora_fraction : 0.005;
		dw.checkpoint_bytes_per_param = dflt(e, "checkpoint_bytes_per_param");
		dw.checkpoint_every_min = pw->data.has_checkpoint_every_min
						  ? pw->data.checkpoint_every_min
						  : dflt(e, "checkpoint_every_min");
		dw.checkpoint_share = dflt(e, "checkpoint_write_share");
	} else if (w->kind == FIT_LLM_INFERENCE) {
		dw.weight_gb = w->model.params_b * sizing_weight_bytes(w->precision);
		dw.cold_start_s = pw->data.has_cold_start_s ? pw->data.cold_start_s
							     : dflt(e, "cold_start_s");
	}
	datapath_demand(&dw, &d);
	storage_of(e, pw, gpu_region, &st);
	if (fix)
		out->storage_fix = storage_fix(e, pw, d.read_mb_per_s, &st, NULL);
	vm_of(e, vm, &v);
	datapath_supply(&st, &v, dw.vms, 0, &rs);
	datapath_supply(&st, &v, dw.vms, 1, &ws);
	out->vms = dw.vms;
	out->need_mb_per_s = d.read_mb_per_s;
	out->supply_mb_per_s = rs.total_mb_per_s;
	out->bottleneck = (int)rs.bottleneck;
	out->read_fixed = rs.total_mb_per_s >= 0 && d.read_mb_per_s > rs.total_mb_per_s &&
			  !rs.scales;
	out->write_need_mb_per_s = d.write_mb_per_s;
	out->write_supply_mb_per_s = ws.total_mb_per_s;
	out->checkpoint_gb = d.checkpoint_gb;
	out->checkpoint_write_s = d.checkpoint_gb > 0 && ws.total_mb_per_s > 0
					  ? d.checkpoint_gb * 1000.0 / ws.total_mb_per_s
					  : DATAPATH_UNKNOWN;
	out->load_s = d.load_vm_mb_per_s > 0 && rs.vm_mb_per_s > 0
			      ? dw.weight_gb * 1000.0 / rs.vm_mb_per_s : DATAPATH_UNKNOWN;
	busy = datapath_busy_fraction(d.read_mb_per_s, rs.total_mb_per_s);
	/* a checkpoint blocks the GPUs; the part of its write beyond the
	 * allowed share of the interval is lost time */
	every = dw.checkpoint_every_min * 60.0;
	if (busy > 0 && out->checkpoint_write_s > 0 && every > 0) {
		double excess = out->checkpoint_write_s - dw.checkpoint_share * every;
		if (excess > 0)
			busy *= every / (every + excess);
	}
	out->busy = busy;
}

static void no_numbers(struct dnums *n)
{
	memset(n, 0, sizeof(*n));
	n->needed_mb_per_s = NAN;
	n->supplied_mb_per_s = NAN;
	n->gpu_busy_fraction = NAN;
	n->extra_monthly_cost = NAN;
	n->egress_per_run = NAN;
	n->fix_monthly_cost = NAN;
}

/* The finding's numbers; the fix is found in its message (every data
 * finding's message states it), else it is appended there. */
static struct recommend_finding_numbers *keep(struct recommend_finding *f, const struct dnums *n)
{
	struct recommend_finding_numbers *k = xmalloc(sizeof(*k));
	const char *at;
	k->needed_mb_per_s = n->needed_mb_per_s;
	k->supplied_mb_per_s = n->supplied_mb_per_s;
	k->gpu_busy_fraction = n->gpu_busy_fraction;
	k->extra_monthly_cost = n->extra_monthly_cost;
	k->egress_per_run = n->egress_per_run;
	k->fix_monthly_cost = n->fix_monthly_cost;
	util_copy_str(k->bottleneck, sizeof(k->bottleneck), n->bottleneck);
	k->fix = NULL;
	k->fix_len = 0;
	if (n->fix[0]) {
		if (!(at = strstr(f->message, n->fix))) {
			size_t ml = strlen(f->message), fl = strlen(n->fix);
			f->message = xrealloc(f->message, ml + fl + 8);
			snprintf(f->message + ml, fl + 8, "; fix: %s", n->fix);
			at = f->message + ml + 7;
		}
		k->fix = at;
		k->fix_len = strlen(n->fix);
	}
	return k;
}

void recommend_data_unknown_numbers(struct recommend_finding *f, const char *fix)
{
	struct dnums n;
	no_numbers(&n);
	util_copy_str(n.fix, sizeof(n.fix), fix);
	f->num = keep(f, &n);
}

static void add_numbered(struct recommend_workload *rw, const char *kind,
			 enum recommend_severity sev, const struct dnums *n,
			 const char *msg)
{
	struct recommend_finding *f;
	recommend_add_finding(rw, kind, sev, "%s", msg);
	f = &rw->findings[rw->nfindings - 1];
	f->num = keep(f, n);
}

static const char *tier_label(const struct profile_workload *pw)
{
	switch (pw->data.storage) {
	case PROFILE_STORAGE_BLOB: return "Blob account";
	case PROFILE_STORAGE_BLOB_PREMIUM: return "Premium Blob account";
	case PROFILE_STORAGE_NETAPP: return "NetApp volume";
	case PROFILE_STORAGE_MANAGED_LUSTRE: return "Managed Lustre file system";
	case PROFILE_STORAGE_LOCAL_NVME: return "local NVMe";
	default: return "managed disk";
	}
}

static int is_nd(const struct vm_size *vm)
{
	return strncmp(vm->series, "ND", 2) == 0;
}

/* The cheapest fix that feeds need_total MB/s and can be done: stage to
 * local NVMe when the data fits each VM's (the VMs are held while copying:
 * billed as the recommendation's VMs are, bill.h), more Blob accounts (no
 * fixed fee) up to the accounts a region allows, or a Managed Lustre file
 * system of a size a tier offers; never HPC Cache (retired), never managed
 * disks as a shared store for ND sizes.  When the VMs' network cannot carry
 * the reads from any shared store, caching on local NVMe across epochs only
 * when the data fits the VMs' NVMe together; else no fix on these VMs. */
static void fix_of(const struct rec_env *e, const struct profile_workload *pw, int vm,
		   const struct recommend_choice *rec, const struct recommend_data *d,
		   double runs_per_month, struct dnums *n)
{
	const struct vm_size *v = vm >= 0 ? &e->vms[vm] : NULL;
	double need = d->need_mb_per_s, per_vm_copy;
	char a[32], b[32], x[32], y[32], cap[80];
	struct datapath_vm dv;

	vm_of(e, vm, &dv);
	/* staging copies the dataset once per VM at its share of the path */
	per_vm_copy = d->supply_mb_per_s > 0 && d->vms > 0 ? d->supply_mb_per_s / d->vms : -1;
	if (pw->data.storage != PROFILE_STORAGE_LOCAL_NVME && v && v->local_nvme_gib > 0 &&
	    pw->data.size_gib <= v->local_nvme_gib && per_vm_copy > 0 &&
	    d->bottleneck != DATAPATH_BN_STORAGE) {
		double secs = datapath_copy_seconds(pw->data.size_gib, per_vm_copy);
		double used = rec->hours_billed > 0 ? rec->hours_billed : 0;
		snprintf(n->fix, sizeof(n->fix),
			 "stage the %s GiB to local NVMe (fits %s GiB per VM; copy %s s at %s MB/s "
			 "per VM)", fmt_int(a, sizeof(a), pw->data.size_gib),
			 fmt_int(b, sizeof(b), v->local_nvme_gib), fmt_int(x, sizeof(x), secs),
			 fmt_int(y, sizeof(y), per_vm_copy));
		/* the staging hours on top of the hours the VMs run: a difference
		 * of two bills (0 under a commitment, billed every hour anyway) */
		n->fix_monthly_cost = util_round_cents(
			bill_monthly(e->pricing, rec->hourly_cost, 1,
				     used + secs / 3600.0 * runs_per_month) -
			bill_monthly(e->pricing, rec->hourly_cost, 1, used));
		return;
	}
	if (is_blob(pw) && d->bottleneck == DATAPATH_BN_STORAGE && dv.network_mb_per_s > 0 &&
	    need <= dv.network_mb_per_s * d->vms &&
	    accounts_allowed(e, datapath_accounts(need, d->supply_mb_per_s))) {
		accounts_text(datapath_accounts(need, d->supply_mb_per_s), d->supply_mb_per_s, n);
		return;
	}
	{
		struct datapath_lustre_tier t[16];
		struct datapath_lustre l;
		size_t nt = lustre_tiers(e, t, 16);
		if (need > 0 && dv.network_mb_per_s > 0 && need <= dv.network_mb_per_s * d->vms &&
		    datapath_lustre_size(t, nt, need, pw->data.size_gib, &l) == 0) {
			lustre_text(t, &l, n);
			return;
		}
	}
	fmt_int(b, sizeof(b), pw->data.size_gib);
	if (v && v->local_nvme_gib > 0 && d->vms > 0 &&
	    pw->data.size_gib <= v->local_nvme_gib * d->vms) {
		snprintf(n->fix, sizeof(n->fix),
			 "the VMs' network (%s MB/s each) cannot carry it: cache the data on local "
			 "NVMe across epochs (%s GiB fit %d x %s GiB) or read less per step",
			 dv.network_mb_per_s > 0 ? fmt_int(a, sizeof(a), dv.network_mb_per_s)
						 : "unknown",
			 b, d->vms, fmt_int(x, sizeof(x), v->local_nvme_gib));
		return;
	}
	if (v && v->local_nvme_gib >= 0)
		snprintf(cap, sizeof(cap), "%d x %s GiB", d->vms > 0 ? d->vms : 1,
			 fmt_int(x, sizeof(x), v->local_nvme_gib));
	else
		snprintf(cap, sizeof(cap), "unknown");
	snprintf(n->fix, sizeof(n->fix),
		 "none on these VMs: their network (%s MB/s each) cannot carry it from a shared "
		 "store and the %s GiB do not fit their local NVMe (%s); read less per step "
		 "(smaller samples, fewer passes over the data)",
		 dv.network_mb_per_s > 0 ? fmt_int(a, sizeof(a), dv.network_mb_per_s) : "unknown",
		 b, cap);
}

/* Inter-region $/GB from the data's region to the GPUs' (0 when the same);
 * < 0 unknown. */
static double transfer_price(const struct rec_env *e, const char *from, const char *to)
{
	const struct region_data *a = region_of(e, from), *b = region_of(e, to);
	const char *kind;
	double best = DATAPATH_UNKNOWN;
	if (strcasecmp(from, to) == 0)
		return 0;
	if (!a || !b)
		return DATAPATH_UNKNOWN;
	kind = strcmp(a->continent, b->continent) == 0 ? "intra-continent" : "inter-continent";
	/* a refreshed per-region price first, then the continent's seed */
	for (int pass = 0; pass < 2 && best < 0; pass++) {
		const char *zone = pass == 0 ? a->region : a->continent;
		for (size_t i = 0; i < e->data->nbandwidth; i++) {
			const struct bandwidth_price *p = &e->data->bandwidth[i];
			if (strcmp(p->zone, zone) == 0 && strcmp(p->kind, kind) == 0 &&
			    p->tier_min_gb == 0) {
				best = p->usd_per_gb;
				break;
			}
		}
	}
	return best;
}

static void gravity(const struct rec_env *e, const struct profile_workload *pw,
		    const struct fit_workload *w, struct recommend_workload *rw)
{
	const struct profile_data *d = &pw->data;
	struct dnums n;
	struct datapath_egress_in in;
	struct datapath_egress eg;
	double gb = d->size_gib * DATAPATH_GIB_GB, there = NAN;
	char msg[1024], a[32], m1[32], m2[32], m3[32];
	int training = w->kind == FIT_TRAINING;

	if (!d->has_region || !rw->feasible || strcasecmp(d->region, rw->rec.region) == 0)
		return;
	for (size_t k = 0; k < rw->nregions; k++)
		if (strcasecmp(rw->regions[k].region, d->region) == 0 && rw->regions[k].feasible)
			there = rw->regions[k].monthly_cost;
	if (isnan(there) && rw->rec.placement != FIT_PLACEMENT_MIG) {
		/* the same VMs at the data region's price */
		int v = recommend_vm_index(e, rw->rec.sku);
		int here = recommend_region_index(e, rw->rec.region);
		int r2 = recommend_region_index(e, d->region);
		if (v >= 0 && here >= 0 && r2 >= 0) {
			double ph = e->price[(size_t)v * e->nregions + here];
			double pt = e->price[(size_t)v * e->nregions + r2];
			if (ph > 0 && pt > 0)
				there = util_round_cents(rw->rec.monthly_cost * pt / ph);
		}
	}
	memset(&in, 0, sizeof(in));
	in.gb_per_run = training ? gb * (d->epochs > 0 ? d->epochs : 1) : gb * rw->rec.vm_count;
	in.runs_per_month = training ? w->runs_per_month : 1;
	in.dataset_gb = gb;
	in.usd_per_gb = transfer_price(e, d->region, rw->rec.region);
	in.has_data_region = !isnan(there);
	in.data_region_extra_monthly = in.has_data_region ? there - rw->rec.monthly_cost : 0;
	datapath_egress(&in, &eg);
	no_numbers(&n);
	if (eg.per_run >= 0) {
		n.egress_per_run = util_round_cents(eg.per_run);
		n.extra_monthly_cost = util_round_cents(eg.per_month);
	}
	switch (eg.advice) {
	case DATAPATH_ADVICE_COPY:
		snprintf(n.fix, sizeof(n.fix), "copy it once (AzCopy) to storage in %s",
			 rw->rec.region);
		n.fix_monthly_cost = util_round_cents(eg.copy_once);
		break;
	case DATAPATH_ADVICE_MOVE:
		snprintf(n.fix, sizeof(n.fix), "run in %s, where the data is", d->region);
		n.fix_monthly_cost = util_round_cents(in.data_region_extra_monthly);
		break;
	case DATAPATH_ADVICE_STREAM:
		snprintf(n.fix, sizeof(n.fix), "keep streaming: it is the cheapest of the three");
		n.fix_monthly_cost = util_round_cents(eg.per_month);
		break;
	case DATAPATH_ADVICE_UNKNOWN:
		break;
	}
	if (eg.per_run < 0) {
		snprintf(msg, sizeof(msg),
			 "data (%s GiB) lives in %s, GPUs in %s: no bandwidth price from %s in the "
			 "catalog, transfer cost unknown; copy it once (AzCopy) to storage in %s",
			 fmt_int(a, sizeof(a), d->size_gib), d->region, rw->rec.region, d->region,
			 rw->rec.region);
	} else {
		char alt[160] = "";
		if (in.has_data_region)
			snprintf(alt, sizeof(alt), ", running in %s $%s/month %s", d->region,
				 util_fmt_money(m3, sizeof(m3), fabs(in.data_region_extra_monthly)),
				 in.data_region_extra_monthly < 0 ? "less" : "more");
		else
			snprintf(alt, sizeof(alt), " (no price for %s in %s: running there is not "
				 "compared)", rw->rec.sku, d->region);
		snprintf(msg, sizeof(msg),
			 "data (%s GiB) lives in %s, GPUs in %s: streaming it costs $%s per run "
			 "($%s/month), a one-time copy $%s%s; advice: %s",
			 fmt_int(a, sizeof(a), d->size_gib), d->region, rw->rec.region,
			 util_fmt_money(m1, sizeof(m1), eg.per_run),
			 util_fmt_money(m2, sizeof(m2), eg.per_month),
			 util_fmt_money(m3, sizeof(m3), eg.copy_once), alt, n.fix);
	}
	add_numbered(rw, "data-gravity", RECOMMEND_WARNING, &n, msg);
}

static void starved(const struct rec_env *e, const struct profile_workload *pw,
		    const struct fit_workload *w, struct recommend_workload *rw,
		    const struct recommend_data *d, int vm)
{
	struct dnums n;
	char msg[1024], a[32], b[32], m[32], pct[16];
	int training = w->kind == FIT_TRAINING;
	double extra;

	if (!(d->busy >= 0) || d->busy >= 1)
		return;
	no_numbers(&n);
	n.needed_mb_per_s = d->need_mb_per_s;
	n.supplied_mb_per_s = d->supply_mb_per_s;
	n.gpu_busy_fraction = round(d->busy * 1e4) / 1e4;
	util_copy_str(n.bottleneck, sizeof(n.bottleneck),
			   datapath_bottleneck_name((enum datapath_bottleneck)d->bottleneck));
	extra = training ? rw->rec.monthly_cost - d->fed_monthly : NAN;
	n.extra_monthly_cost = training ? util_round_cents(extra) : NAN;
	if (d->need_mb_per_s > d->supply_mb_per_s) {
		fix_of(e, pw, vm, &rw->rec, d, training ? w->runs_per_month : 1, &n);
	} else {
		/* the checkpoint write is the limit */
		snprintf(n.fix, sizeof(n.fix), "write checkpoints to local NVMe first and drain them "
			 "to storage in the background (asynchronous, sharded checkpoints)");
		n.fix_monthly_cost = 0;
		n.needed_mb_per_s = d->write_need_mb_per_s;
		n.supplied_mb_per_s = d->write_supply_mb_per_s;
	}
	snprintf(pct, sizeof(pct), "%.0f %%", floor(d->busy * 100));
	if (d->need_mb_per_s > d->supply_mb_per_s)
		snprintf(msg, sizeof(msg), "%s serves %s MB/s to %d VM%s that need%s %s MB/s "
			 "(bottleneck: %s): GPUs busy %s",
			 tier_label(pw), fmt_int(a, sizeof(a), d->supply_mb_per_s), d->vms,
			 d->vms == 1 ? "" : "s", d->vms == 1 ? "s" : "", fmt_int(b, sizeof(b), d->need_mb_per_s),
			 n.bottleneck, pct);
	else
		snprintf(msg, sizeof(msg), "writing a %s GB checkpoint takes %s s at %s MB/s, "
			 "more than its share of the interval: GPUs busy %s",
			 fmt_int(a, sizeof(a), d->checkpoint_gb),
			 fmt_int(b, sizeof(b), d->checkpoint_write_s),
			 fmt_int(m, sizeof(m), d->write_supply_mb_per_s), pct);
	if (training) {
		size_t l = strlen(msg);
		snprintf(msg + l, sizeof(msg) - l, ", +$%s per run",
			 util_fmt_money(m, sizeof(m), rw->rec.job_cost - d->fed_job_cost));
	}
	{
		size_t l = strlen(msg);
		snprintf(msg + l, sizeof(msg) - l, "; fix: %s", n.fix);
	}
	if (vm >= 0 && is_nd(&e->vms[vm]) &&
	    (pw->data.storage == PROFILE_STORAGE_PREMIUM_SSD ||
	     pw->data.storage == PROFILE_STORAGE_PREMIUM_SSD_V2 ||
	     pw->data.storage == PROFILE_STORAGE_ULTRA_DISK)) {
		size_t l = strlen(msg);
		snprintf(msg + l, sizeof(msg) - l, " (managed disks are no dataset store for ND "
			 "sizes: the VM caps them at its uncached disk limit)");
	}
	add_numbered(rw, "data-starved", RECOMMEND_WARNING, &n, msg);
}

/* The recommendation meets its deadline only with the storage fix: the store
 * as declared (d0) is a shared ceiling that starves it whatever the number of
 * VMs, so the choice was sized and priced on the fixed store (d). */
static void starved_fixed(const struct rec_env *e, const struct profile_workload *pw,
			  const struct fit_workload *w, struct recommend_workload *rw,
			  const struct recommend_data *d, int vm)
{
	struct recommend_data d0;
	struct datapath_storage st;
	struct dnums n;
	char msg[1024], a[32], b[32], m[32], pct[16], dl[32];

	recommend_data_eval(e, pw, w, &rw->rec.fit, vm, rw->rec.region, 0, &d0);
	no_numbers(&n);
	n.needed_mb_per_s = d0.need_mb_per_s;
	n.supplied_mb_per_s = d0.supply_mb_per_s;
	n.gpu_busy_fraction = d0.busy >= 0 ? round(d0.busy * 1e4) / 1e4 : NAN;
	util_copy_str(n.bottleneck, sizeof(n.bottleneck),
		      datapath_bottleneck_name((enum datapath_bottleneck)d0.bottleneck));
	/* what the path still adds to the choice's price: nothing unless the
	 * fixed store leaves the GPUs waiting (the fix's own cost is apart) */
	n.extra_monthly_cost = util_round_cents(rw->rec.monthly_cost - d->fed_monthly);
	storage_of(e, pw, rw->rec.region, &st);
	storage_fix(e, pw, d0.need_mb_per_s, &st, &n);
	snprintf(pct, sizeof(pct), "%.0f %%", floor(d0.busy * 100));
	snprintf(dl, sizeof(dl), "%g", w->deadline_hours);
	snprintf(msg, sizeof(msg), "%s serves %s MB/s to %d VM%s that need%s %s MB/s "
		 "(bottleneck: %s): GPUs busy %s whatever the number of VMs, so no size meets "
		 "the %s h deadline on it and the recommendation is sized on its fix",
		 tier_label(pw), fmt_int(a, sizeof(a), d0.supply_mb_per_s), d0.vms,
		 d0.vms == 1 ? "" : "s", d0.vms == 1 ? "s" : "",
		 fmt_int(b, sizeof(b), d0.need_mb_per_s), n.bottleneck, pct, dl);
	if (d->busy >= 0 && d->busy < 1) {
		size_t l = strlen(msg);
		snprintf(pct, sizeof(pct), "%.0f %%", floor(d->busy * 100));
		snprintf(msg + l, sizeof(msg) - l, " (with it the GPUs are busy %s: +$%s per run)",
			 pct, util_fmt_money(m, sizeof(m), rw->rec.job_cost - d->fed_job_cost));
	}
	{
		size_t l = strlen(msg);
		snprintf(msg + l, sizeof(msg) - l, "; fix: %s", n.fix);
	}
	add_numbered(rw, "data-starved", RECOMMEND_WARNING, &n, msg);
}

/* The fix of a slow model load (inference: no epochs, no steps).  A shared
 * store short of the VMs' network is fixed where it is short: more Blob
 * accounts or a Managed Lustre file system when each VM's own path carries
 * its load in time (as fix_of), else staggered starts (or more accounts);
 * a VM's own limit (network, disk, NVMe) that cannot load the weights in
 * time is met by keeping them on the VM (local NVMe, node image) or by
 * accepting the longer start. */
static void cold_fix(const struct rec_env *e, const struct profile_workload *pw, int vm,
		     const char *gpu_region, const struct recommend_data *d, double target,
		     double need_total, struct dnums *n)
{
	const struct vm_size *v = vm >= 0 ? &e->vms[vm] : NULL;
	struct datapath_storage st;
	struct datapath_vm dv;
	struct datapath_supply one;
	double per = d->supply_mb_per_s / d->vms, weight_mb = d->load_s * per;
	double r = weight_mb / target, own, q;
	int shared;
	size_t l = 0;
	char a[32], b[32], x[32];

	storage_of(e, pw, gpu_region, &st);
	vm_of(e, vm, &dv);
	datapath_supply(&st, &dv, 1, 0, &one);
	shared = st.reach == DATAPATH_REMOTE && d->bottleneck == DATAPATH_BN_STORAGE;
	/* the VM's own limit, alone on the path */
	own = st.reach == DATAPATH_REMOTE ? dv.network_mb_per_s : one.vm_mb_per_s;
	if (shared && own > 0 && r <= own) {
		struct datapath_lustre_tier t[16];
		struct datapath_lustre lu;
		size_t nt = lustre_tiers(e, t, 16);
		if (is_blob(pw)) {
			accounts_text(datapath_accounts(need_total, d->supply_mb_per_s),
				      d->supply_mb_per_s, n);
			return;
		}
		if (datapath_lustre_size(t, nt, need_total, pw->data.size_gib, &lu) == 0) {
			lustre_text(t, &lu, n);
			return;
		}
	}
	n->fix[0] = '\0';
	if (shared) {
		/* each loading VM at the rate it can take: the target's, or its own limit */
		q = own > 0 && own < r ? own : r;
		if (d->supply_mb_per_s < q) {
			/* not even one VM alone gets its rate: staggering cannot help */
			l += (size_t)snprintf(n->fix + l, sizeof(n->fix) - l,
					      "the %s gives %s %s MB/s: use a faster tier",
					      tier_label(pw), d->vms > 1 ? "the VMs together" : "the VM",
					      fmt_int(a, sizeof(a), d->supply_mb_per_s));
			if (is_blob(pw) && l < sizeof(n->fix))
				l += (size_t)snprintf(n->fix + l, sizeof(n->fix) - l,
						      " or spread the weights over %d Blob accounts",
						      datapath_accounts(q * d->vms, d->supply_mb_per_s));
		} else if (d->vms > 1) {
			double kf = floor(d->supply_mb_per_s / q + 1e-9);
			/* saturated: a tiny read rate must not overflow the int */
			int k = !(kf >= 1) ? 1 : kf > 1e6 ? 1000000 : (int)kf;
			l += (size_t)snprintf(n->fix + l, sizeof(n->fix) - l,
					      "the %s is shared by the %d VMs: stagger their starts "
					      "(%d at a time get %s MB/s each)", tier_label(pw), d->vms,
					      k, fmt_int(a, sizeof(a), q));
			if (is_blob(pw) && l < sizeof(n->fix))
				l += (size_t)snprintf(n->fix + l, sizeof(n->fix) - l,
						      " or spread the weights over %d Blob accounts",
						      datapath_accounts(q * d->vms, d->supply_mb_per_s));
		}
	}
	if (!(own > 0) || r > own) {
		const char *what = st.reach == DATAPATH_LOCAL ? "the local NVMe"
				   : st.reach == DATAPATH_DISK  ? "each VM's disks"
								: "each VM's network";
		const char *keep = v && v->local_nvme_gib * DATAPATH_GIB_MB >= weight_mb
					   ? "keep the weights on the VMs' local NVMe"
					   : "keep the weights in the node image or a node-local cache";
		if (l >= sizeof(n->fix))
			return;
		if (own > 0)
			l += (size_t)snprintf(n->fix + l, sizeof(n->fix) - l,
					      "%s%s (%s MB/s) load%s the %s GB in %s s at best: ",
					      l ? "; even then " : "", what, fmt_int(a, sizeof(a), own),
					      st.reach == DATAPATH_DISK ? "" : "s",
					      fmt_int(b, sizeof(b), weight_mb / 1000.0),
					      fmt_int(x, sizeof(x), weight_mb / own));
		else if (l)
			l += (size_t)snprintf(n->fix + l, sizeof(n->fix) - l, "; ");
		if (l >= sizeof(n->fix))
			return;
		if (st.reach == DATAPATH_LOCAL)
			snprintf(n->fix + l, sizeof(n->fix) - l,
				 "load fewer bytes (a lower precision) or accept a %s s cold start",
				 fmt_int(a, sizeof(a), d->load_s));
		else
			snprintf(n->fix + l, sizeof(n->fix) - l,
				 "%s so that restarts and scale-outs read no remote storage, or "
				 "accept a %s s cold start", keep, fmt_int(a, sizeof(a), d->load_s));
	}
}

static void cold_start(const struct rec_env *e, const struct profile_workload *pw,
		       struct recommend_workload *rw, const struct recommend_data *d, int vm)
{
	struct dnums n;
	double target = pw->data.has_cold_start_s ? pw->data.cold_start_s : dflt(e, "cold_start_s");
	char msg[1024], a[32], b[32], t[32], u[32];
	double need_total;

	if (!(d->load_s > 0) || !(target > 0) || d->load_s <= target)
		return;
	no_numbers(&n);
	need_total = d->load_s * d->supply_mb_per_s / target;
	n.needed_mb_per_s = need_total;
	n.supplied_mb_per_s = d->supply_mb_per_s;
	util_copy_str(n.bottleneck, sizeof(n.bottleneck),
			   datapath_bottleneck_name((enum datapath_bottleneck)d->bottleneck));
	cold_fix(e, pw, vm, rw->rec.region, d, target, need_total, &n);
	snprintf(msg, sizeof(msg), "%d VM%s loading the model at once get%s %s MB/s from the %s: "
		 "cold start %s s, target %s s (needs %s MB/s); fix: %s",
		 d->vms, d->vms == 1 ? "" : "s", d->vms == 1 ? "s" : "", fmt_int(a, sizeof(a), d->supply_mb_per_s),
		 tier_label(pw), fmt_int(b, sizeof(b), d->load_s), fmt_int(t, sizeof(t), target),
		 fmt_int(u, sizeof(u), need_total), n.fix);
	add_numbered(rw, "cold-start", RECOMMEND_WARNING, &n, msg);
}

static void placement(const struct rec_env *e, const struct profile_workload *pw,
		      const struct fit_workload *w, struct recommend_workload *rw, int vm)
{
	struct dnums n;
	char msg[1024];
	const struct vm_size *v = vm >= 0 ? &e->vms[vm] : NULL;
	int vms = rw->rec.fit.vm_count;
	/* declared, or the fix the choice assumes for a store that is not Blob */
	int lustre = pw->has_data && (pw->data.storage == PROFILE_STORAGE_MANAGED_LUSTRE ||
				      (rw->rec_data && rw->rec_data->storage_fix && !is_blob(pw)));

	if (!v || (vms < 2 && !lustre))
		return;
	no_numbers(&n);
	if (w->kind == FIT_TRAINING && vms > 1 && v->infiniband_gbps > 0)
		snprintf(n.fix, sizeof(n.fix), "one scale set (one AKS node pool) of at most %d "
			 "VMs with a proximity placement group in one zone%s", PPG_MAX_VMS,
			 lustre ? "; Managed Lustre in the same zone" : "");
	else if (vms > 1)
		snprintf(n.fix, sizeof(n.fix), "a proximity placement group for the %d VMs, one "
			 "zone%s", vms, lustre ? "; Managed Lustre in the same zone" : "");
	else
		snprintf(n.fix, sizeof(n.fix), "Managed Lustre in the GPUs' availability zone");
	if (w->kind == FIT_TRAINING && vms > 1 && v->infiniband_gbps > 0)
		snprintf(msg, sizeof(msg), "%d x %s talk over InfiniBand only inside one scale set: "
			 "place them in %s", vms, v->sku, n.fix);
	else
		snprintf(msg, sizeof(msg), "%d x %s: place them in %s", vms, v->sku, n.fix);
	if (vms > PPG_MAX_VMS) {
		size_t l = strlen(msg);
		snprintf(msg + l, sizeof(msg) - l, " (%d VMs exceed the %d of one placement group: "
			 "ask Azure support for 300)", vms, PPG_MAX_VMS);
	}
	add_numbered(rw, "data-placement", RECOMMEND_INFO, &n, msg);
}

void recommend_data_findings(const struct rec_env *e, const struct profile_workload *pw,
			  const struct fit_workload *w, struct recommend_workload *rw)
{
	struct recommend_data d;
	int vm;

	if (!rw->feasible)
		return;
	vm = recommend_vm_index(e, rw->rec.sku);
	if (pw->has_data) {
		gravity(e, pw, w, rw);
		if (w->kind == FIT_TRAINING && rw->rec_data) {
			d = *rw->rec_data;
		} else {
			recommend_data_eval(e, pw, w, &rw->rec.fit, vm, rw->rec.region, 0, &d);
			if (!rw->rec_data)
				rw->rec_data = xmalloc(sizeof(*rw->rec_data));
			*rw->rec_data = d;
		}
		if (d.storage_fix)
			starved_fixed(e, pw, w, rw, &d, vm);
		else
			starved(e, pw, w, rw, &d, vm);
		if (w->kind == FIT_LLM_INFERENCE)
			cold_start(e, pw, rw, &d, vm);
	}
	if (w->kind == FIT_TRAINING || rw->rec.placement != FIT_PLACEMENT_MIG)
		placement(e, pw, w, rw, vm);
}
