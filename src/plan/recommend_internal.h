/*
 * recommend_internal.h - what the stages of recommend_build() hand on to
 * each other, and the helpers every stage calls (recommend_util.c).
 * Not a public header: only src/plan/recommend*.c include it.
 *
 * recommend_build_term() (recommend.c) runs the stages in this order; each
 * takes what the ones before it produced as const and fills its own output
 * (docs/recommend.md, docs/HACKING.md):
 *
 *   setup     recommend_candidates.c  recommend_load_snapshot,
 *             recommend_build_shapes, recommend_build_offers fill struct
 *             rec_env: the inputs and options resolved against the profile
 *             (p, o, snap, pricing, currency, hours, headroom), the
 *             snapshot's arrays, the efficiency factors per GPU, the other
 *             names of a size (alias_of), the spec-unknown sizes, the regions
 *             in use, the size x region price table and what the
 *             subscription cannot launch, the candidate shapes (whole_shape:
 *             each size's whole-VM one) and the packer's offers per region.
 *             Read-only from then on: every later stage takes it const.
 *   rank      recommend_rank.c recommend_one, per workload, with its
 *             context struct rank_ctx (env const): fills struct rec_ranked (each
 *             workload's cheapest option, what the packer needs of it, the
 *             dedicated fallback of a MIG candidate, the sizes with a price
 *             of any term) and the result's workload: its ranking
 *             (alternatives, rejected, needs, findings), not its
 *             recommendation.  Its scratch: the ranking cache of identical
 *             workloads, the candidates and load plans (recommend_load.c) of
 *             the workload being ranked; region_used and unpriced, which the
 *             warnings after the fleet read.
 *   MIG plan  recommend_plan.c recommend_build_mig_plan(env, ranked):
 *             fills struct rec_mig (where the plan put each workload's
 *             replicas, each pool's slice shape) and the result's plan
 *             (res->mig).
 *   allocate  recommend_allocate.c recommend_allocate(struct rec_in: env,
 *             ranked, mig, all const): recommend_apply_totals, the totals
 *             rule per region (the plan adopted or not, its cost split) and
 *             a MIG candidate's recommendation: its placement in the plan or
 *             its dedicated fallback; its MIG use and cotenants; what
 *             depends on the final choice (recommend_settle); then
 *             recommend_within_quota (recommend_quota.c): the fleet within
 *             the subscription's quota (a workload over it moves to its next
 *             option); then recommend_term_of (recommend_terms.c): each
 *             recommendation's term, hours and break-even.
 *   fleet     recommend_totals.c recommend_finish_workload(env): savings
 *             against today's deployment, their totals, the data,
 *             commitment (recommend_terms.c) and spot findings;
 *             recommend_retirement_findings (recommend_candidates.c);
 *             recommend_completeness: which workloads the total bills.
 *   render    recommend_text.c, src/report/recommend_json.c: they only
 *             print.
 *
 * A workload's recommendation (res->workloads[i].rec) is decided by the
 * allocate stage: rank hands on its cheapest option (rec_ranked.best), the
 * totals rule keeps it or gives a MIG candidate its place in the plan or
 * its dedicated fallback, the quota moves a workload over it to its next
 * option, and its term, hours and break-even are set.  No later stage
 * writes it; recommend_build_term() then stamps the observed date of its
 * price (rec.price_observed), as it does the MIG plan's.
 */
#ifndef GPUFIT_RECOMMEND_INTERNAL_H
#define GPUFIT_RECOMMEND_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bill.h"
#include "catalog_snapshot.h"
#include "recommend.h"

#define CACHE_SLOTS 512
#define REJECTS_PER_REASON 2
#define MAX_REJECTED 6

/* One capacity shape: a VM size, or one MIG slice of a MIG-capable size. */
struct shape {
	int vm;                    /* index into vms */
	int mig;                   /* index into migs, -1 for the whole VM */
	int gpu;                   /* index into gpus */
	int infiniband;
	int same;                  /* an earlier shape sized alike, or -1 */
	double share;              /* price share of one VM: 1, or slice share / GPUs */
	struct sizing_capacity cap;
};

/* A feasible, priced candidate while a workload is ranked. */
struct cand {
	int shape;
	int region;                /* index into env regions */
	double hourly, monthly, job_cost;
	double fed_monthly, fed_job_cost;   /* were the GPUs fed (= monthly without data:) */
	int refit;                 /* sized again: more nodes for a starved run's deadline */
	int storage_fix;           /* priced with the storage fix (recommend_data_eval) */
	struct fit_result fit;     /* that sizing (refit only) */
	int gpus;
	double headroom;
};

/* A MIG-capable size with a price in one region: an offer of the packer. */
struct pack_offer {
	int vm;
	double hourly;
	size_t nprofiles;
	struct mig_profile profiles[MIG_MAX_PROFILES];
	int shape[MIG_MAX_PROFILES];      /* the slice's shape, -1: not used */
};

/* What the packer needs of one workload, for the region of its choice. */
struct pack_need {
	int ok;                           /* 1: some slice serves a replica alone */
	int region;
	unsigned feasible[MIG_MAX_OFFERS];
	double dedicated_hourly;          /* cheapest dedicated small GPU, 0: none (or
					     dearer than own_monthly for its replicas) */
	int dedicated_vm;
	double own_monthly;               /* D_w, its own cheapest deployment; 0: none */
	double outside_hourly;            /* D_w per replica and hour when it is below the
					     dedicated small GPU's: the packer may leave
					     it outside the plan at that price; 0: not */
};

/* The best dedicated option of a workload whose cheapest option is a MIG
 * slice: what it is recommended when no MIG plan shares its GPU. */
struct fallback {
	int has;                          /* some dedicated option is priced */
	struct recommend_choice ded;      /* D_w */
	size_t nalts;
	struct recommend_choice *alts;    /* the next dedicated options, D_w's region:
					     list + 1 */
	struct recommend_choice *list;    /* owned (then the result's): D_w, then the
					     alts, the alternatives its workloads
					     share (recommend_allocate) */
	size_t nregions;
	struct recommend_region_cost *regions;  /* each region's best dedicated option */
};

/* Where the MIG plan put the replicas of one workload. */
struct placed {
	int ded_vm;                       /* replica 0 on a dedicated GPU: the VM size; -1 */
	int nvms, ngpus;                  /* distinct VMs and GPUs its sliced replicas
					     occupy (each dedicated one: one VM, one GPU) */
	int sliced, dedicated;            /* replicas on slices, on dedicated GPUs */
	int npools;                       /* pools its sliced replicas sit in */
	int *pools;                       /* owned, npools entries: plan pool indices */
	int *pool_replicas;               /* owned, npools entries: its replicas on each */
	double fixed_monthly;             /* the dedicated replicas' bill, whole cents */
};

/* Where the packer put one item: a GPU of a plan pool, or a dedicated GPU. */
struct item_loc {
	int pool, vm, gpu;                /* pool -1: dedicated */
};

/* The traffic a workload was ranked for (recommend_load.c): all zero for
 * one sized by its concurrency. */
struct recommend_load_key {
	int traffic;
	int curves;
	int bounds;
	double rate, percentile;
	double load[2][24];
	long min_replicas, max_replicas;
};

struct cache_slot {
	int used;
	struct fit_workload key;
	struct fit_result *fits;   /* nall */
	/* the ranking for the regions regs[0..nregs) */
	int ranked;
	int regs[PROFILE_MAX_REGIONS];
	size_t nregs;
	size_t nfeasible_shapes;
	struct recommend_workload tmpl;   /* feasible, needs, rec, alternatives,
					     rejected, regions */
	int fb;                           /* when tmpl.rec is a MIG slice: index into
					     rec_ranked fbpool, else -1 */
	struct pack_need pack;
	struct profile_data dkey;         /* the data: block ranked with */
	int has_dkey;
	int zone;                         /* the availability zone ranked for, 0 none */
	size_t data_missed;               /* candidates dropped: starved past the deadline */
	struct recommend_load_key tkey;   /* the traffic ranked for */
	size_t traffic_missed;            /* whole VMs that hold a replica but cannot plan
					     the rate (more than LOAD_MAX_REPLICAS) */
	const struct recommend_choice *best;  /* tmpl.rec as ranked, kept in the
					     result (recommend_result.shared): what the
					     workloads of this ranking hand on */
};

/* A replica capacity's largest Poisson mean at a percentile (load_plan.h
 * load_max_mean), remembered per (capacity, percentile). */
#define RECOMMEND_MEAN_MEMO 256
struct recommend_mean_memo {
	int used;
	long capacity;
	double percentile;
	double mean;
};

/* What every stage reads and none writes: the inputs, the catalog
 * snapshot's arrays, the shapes, the price table and the packer's offers.
 * Filled once by recommend_build_term() and the setup of
 * recommend_candidates.c (recommend_load_snapshot, recommend_build_shapes,
 * recommend_build_offers); the stages take it const. */
struct rec_env {
	const struct catalog_snapshot *snap;  /* prices of every term (recommend_terms.c) */
	const struct profile *p;
	const struct recommend_options *o;
	const struct vm_size *vms;
	size_t nvms;
	const struct gpu_spec *gpus;
	size_t ngpus;
	struct sizing_factors *factors;   /* per GPU */
	int *factors_ok;
	const struct mig_profile *migs;
	size_t nmigs;
	const struct storage_tier *tiers;
	size_t ntiers;
	const struct model_preset *presets;
	size_t npresets;
	const struct data_facts *data;    /* the data path's facts */
	const struct engine_support *engines; /* which vendors each engine runs on */
	size_t nengines;
	/* shapes[0..nshapes) are candidates; [nshapes..nall) are sized for the
	 * MIG plan only (the full-GPU 7g profiles) */
	struct shape *shapes;
	size_t nshapes, nall;
	int *unknown;                     /* spec-unknown sizes (indices into vms) */
	size_t nunknown;
	int *alias_of;                    /* per VM size: the size it is another name
					     of (recommend_load_snapshot), else -1 */
	/* regions in use and prices: price[vm * nregions + region], 0 = none */
	char (*regions)[32];
	size_t nregions;
	double *price;
	unsigned char *unavailable;       /* same layout: the subscription cannot launch
					     it there (o->skus; its price is 0) */
	/* MIG plan: offers per region */
	struct pack_offer *offers;        /* offers[region * MIG_MAX_OFFERS + i] */
	size_t *noffers;                  /* per region */
	int *whole_shape;                 /* per VM size: its whole-VM shape, -1 */
	const struct price *prices;       /* the snapshot's (borrowed) */
	size_t nprices;
	enum pricing_kind pricing;
	const char *currency;
	double hours;
	double headroom;
};

/* What the rank stage (recommend_one, recommend_rank.c) hands on, besides
 * each workload's ranking in the result. */
struct rec_ranked {
	const struct recommend_choice **best;  /* per workload: its cheapest option
					     (zero when infeasible), shared by the
					     workloads of one ranking; the allocate
					     stage makes it the recommendation */
	struct pack_need *needs;          /* per workload: what the packer needs of it */
	/* the dedicated fallbacks of MIG candidates, one per ranking (identical
	 * workloads share one), and each workload's (-1: none) */
	struct fallback *fbpool;
	size_t nfbpool, capfbpool;
	int *fb_of;
	unsigned char *offered;           /* price[] layout: a Linux price of any term
					     in the currency (NULL until rank() needs
					     it; recommend_settle reads it) */
};

/* What the MIG plan stage (recommend_build_mig_plan, recommend_plan.c)
 * hands on, besides the plan in the result (res->mig). */
struct rec_mig {
	unsigned char *covered;           /* per workload: packed by the MIG plan */
	unsigned char *outside;           /* per workload: left outside the plan by the
					     packer, its own D_w costing less there */
	int *first_pool;                  /* per workload: plan pool of replica 0, -1 */
	struct placed *placed;            /* per workload: where the plan put it */
	int *pool_shape;                  /* per plan pool: the shape of its slice */
};

/* What the stages after rank read: the environment and the outputs of the
 * stages before them, all const (mig: NULL before the MIG plan). */
struct rec_in {
	const struct rec_env *env;
	const struct rec_ranked *ranked;
	const struct rec_mig *mig;
};

/* The rank stage's context: the environment it reads, the output it hands
 * on, the result it fills and its scratch. */
struct rank_ctx {
	const struct rec_env *env;
	struct rec_ranked ranked;
	struct recommend_result *res;
	const struct profile_workload *pw_now;  /* rank: the workload being ranked */
	unsigned char *unpriced;          /* price[] layout: feasible but unpriced seen
					     (rank; the warnings read it) */
	unsigned char *region_used;       /* rank: some workload may run there */
	struct cache_slot cache[CACHE_SLOTS];   /* rank: identical workloads */
	struct cand *cands;               /* rank: the workload being ranked */
	size_t ncands, capcands;
	/* the load plan of workload lp_owner, per shape (recommend_load.c):
	 * lp_state 0 not planned, 1 planned, 2 the rate cannot be planned;
	 * forgotten when another workload asks */
	struct recommend_load_plan *lp;
	unsigned char *lp_state;
	const struct profile_workload *lp_owner;
	struct recommend_mean_memo mean_memo[RECOMMEND_MEAN_MEMO];
};

int recommend_cmp_vm_sku(const void *a, const void *b);
int recommend_vm_index(const struct rec_env *e, const char *sku);
int recommend_gpu_index(const struct rec_env *e, const char *name);
int recommend_region_index(const struct rec_env *e, const char *name);
void recommend_add_region(struct rec_env *e, const char *name);
void recommend_add_warning(struct recommend_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void recommend_add_finding(struct recommend_workload *w, const char *kind,
			enum recommend_severity sev, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
size_t recommend_workload_regions(const struct rec_env *e, const struct profile_workload *pw,
				  int *out);
/* Converts a profile workload (its precision notes interned in notes); -1
 * with a reason when it cannot be sized. */
int recommend_to_fit(const struct rec_env *e, struct strmap *notes,
		     const struct profile_workload *pw, struct fit_workload *w, const char **why);
const char *recommend_interconnect_name(int ic);
void *recommend_dup_array(const void *src, size_t n, size_t size);
/* recommend_candidates.c, the setup of the environment: the catalog
 * arrays, the efficiency factors (the result's too), the regions and the
 * price table; then the shapes; then the packer's offers. */
int recommend_load_snapshot(struct rec_env *e, struct recommend_result *res,
			    const struct catalog_snapshot *snap, char *err);
void recommend_build_shapes(struct rec_env *e);
void recommend_build_offers(struct rec_env *e);
/* The cache slot of w with traffic tk (all zero: none), with w sized on
 * every shape (the slot owns it). */
struct cache_slot *recommend_size_all(struct rank_ctx *c, const struct fit_workload *w,
				      const struct recommend_load_key *tk);
/* Rounds needs as JSON prints them (0.1 GiB, 0.1 TFLOPS, 1 GB/s, half away
 * from zero), so that every output shows the same figures. */
void recommend_round_needs(struct recommend_needs *n);
void recommend_compute_needs(const struct rank_ctx *c, const struct fit_workload *w,
			  struct recommend_workload *rw);
/* What the packer needs of w in region r (fits: w on every shape).
 * own_monthly is w's own cheapest deployment D_w (0: none): a dedicated
 * small GPU whose VMs for w's replicas cost more is not offered (the plan
 * would bill w above what it pays alone), and when D_w is below them the
 * packer may leave w outside the plan at D_w instead. */
void recommend_pack_need_of(const struct rank_ctx *c, const struct fit_workload *w,
			 const struct fit_result *fits, int r, double own_monthly,
			 struct pack_need *pn);
/* Moves a template's shared lists (rejected, alternatives) to the result,
 * which owns them from then on. */
void recommend_keep_lists(struct rank_ctx *c, struct recommend_workload *t);
void recommend_tmpl_release(struct recommend_workload *t);
/* Releases fb; its list goes to r's shared blocks. */
void recommend_fallback_release(struct recommend_result *r, struct fallback *fb);
void recommend_data_findings(const struct rec_env *e, const struct profile_workload *pw,
			  const struct fit_workload *w, struct recommend_workload *rw);
void recommend_one(struct rank_ctx *c, size_t index, struct recommend_workload *rw);
/* recommend_candidates.c: findings for retired and retiring sizes (today's
 * deployment, the recommendation, its alternatives). */
void recommend_retirement_findings(const struct rec_env *e, size_t index,
				   struct recommend_workload *rw);
/* recommend_data.c: the data path of a choice and the data findings.
 * storage_fix 1: with the storage as its fix sizes it for the reads (more
 * Blob accounts, else a Managed Lustre file system); out->storage_fix says
 * whether there was such a fix (0: evaluated as declared). */
void recommend_data_eval(const struct rec_env *e, const struct profile_workload *pw,
			 const struct fit_workload *w, const struct fit_result *f, int vm,
			 const char *gpu_region, int storage_fix, struct recommend_data *out);
/* Marks f as a data finding whose numbers are unknown (null), with fix. */
void recommend_data_unknown_numbers(struct recommend_finding *f, const char *fix);
int recommend_data_same(const struct profile_workload *pw, const struct cache_slot *s);
void recommend_unpriced_warnings(struct rank_ctx *c);
void recommend_unknown_warnings(struct rank_ctx *c);
void recommend_engine_warnings(struct rank_ctx *c);
void recommend_mig_release(struct recommend_mig_plan *m);
/* recommend_plan.c, the MIG plan stage: packs the MIG candidates of the
 * rankings per region into res->mig and says in mig where each workload's
 * replicas landed (mig's arrays are allocated here, freed by the caller). */
void recommend_build_mig_plan(const struct rec_env *env, const struct rec_ranked *ranked,
			      struct rec_mig *mig, struct recommend_result *res);
/* recommend_allocate.c, the allocate stage: the totals rule per region
 * (the plan adopted or each workload's dedicated option) and each
 * workload's final recommendation, its MIG use and cotenants. */
void recommend_apply_totals(const struct rec_in *in, struct recommend_result *res);
/* The allocate stage: recommend_apply_totals, then recommend_within_quota
 * (recommend_quota.c), then recommend_term_of (recommend_terms.c); each
 * workload's recommendation is final after it. */
void recommend_allocate(const struct rec_in *in, struct recommend_result *res);
/* What depends on the final recommendation of workload index (w): its memory
 * need (the sizing model's figure for all of a replica's sequences on one
 * instance of the recommendation, however many instances it runs), and the
 * other GPU families: its own family left out, slices replaced by whole VMs
 * when it is a dedicated option, the difference to its monthly cost. */
void recommend_settle(const struct rec_env *e, struct recommend_result *res, size_t index,
		      struct recommend_workload *w);

/* recommend_load.c: the load plan of a workload described by its traffic
 * (recommend_is_traffic, recommend_load_plan_size: recommend.h). */
void recommend_load_key(struct recommend_load_key *k, const struct profile_workload *pw);
int recommend_load_same(const struct profile_workload *pw, const struct cache_slot *s);
/* The replicas per hour of c->pw_now on shape (f: w sized there for one
 * sequence), planned once per ranking; NULL when the rate cannot be planned. */
const struct recommend_load_plan *recommend_load_shape(struct rank_ctx *c,
						       const struct fit_workload *w,
						       size_t shape, const struct fit_result *f);
/* Starts a ranking: no shape planned yet; for a workload described by its
 * traffic, plans every whole-VM shape and returns the fewest hours any of
 * them caps (its candidates capping more are not ranked), else 0. */
int recommend_load_reset(struct rank_ctx *c, const struct fit_workload *w,
			 const struct fit_result *fits,
			 struct cache_slot *s);
/* The findings of a workload's load plan: what it is (load-plan, info) and
 * the hours its max_replicas caps below the SLO (load-capped, warning). */
void recommend_load_findings(const struct rank_ctx *c, struct recommend_workload *rw);
void recommend_load_release(struct rank_ctx *c);
/* The plan of shape for the ranking, or NULL when it is not ranked: a MIG
 * slice, a rate it cannot plan, or more hours capped than least_capped. */
const struct recommend_load_plan *recommend_load_usable(struct rank_ctx *c,
							const struct fit_workload *w,
							size_t shape, const struct fit_result *f,
							int least_capped);
/* cost of a candidate set to lp's bill on shape in region (monthly; hourly
 * all peak VMs); returns the monthly cost. */
double recommend_load_cost(const struct rank_ctx *c, const struct recommend_load_plan *lp,
			   int shape,
			   int region, const struct fit_result *f, struct fit_cost *cost);
/* lp billed on shape in region (c->pricing; pricing auto's runs: each level
 * the cheaper of it and payg) into *out; returns its monthly cost. */
double recommend_load_bill(const struct rank_ctx *c, const struct recommend_load_plan *lp,
			   int shape,
			   int region, const struct fit_result *f, struct recommend_load_plan *out);
/* The terms (1 << pricing_kind each) candidate k's bill is under: its load
 * plan's levels' when its shape has one (each level on the cheaper of the
 * run's commitment and payg under pricing auto), else the run's term. */
unsigned recommend_load_terms(const struct rank_ctx *c, const struct cand *k);
/* A choice of candidate k (w sized there; out filled by fill_choice) set to
 * its load plan: VMs at the peak, the plan's bill, one replica's
 * throughput, latency and memory at the peak's mean in flight; with plan,
 * the plan billed (caller frees).  No-op when k's shape has no plan. */
void recommend_load_choice(const struct rank_ctx *c, const struct fit_workload *w,
			   const struct cand *k,
			   struct recommend_choice *out, struct recommend_load_plan **plan);
/* recommend_totals.c, the fleet stage: what depends on the final
 * recommendation of workload i (savings against today's deployment, their
 * totals, the data, commitment and spot findings). */
void recommend_finish_workload(const struct rec_env *e, struct recommend_result *res, size_t i);
/* recommend_terms.c: the hourly price of VM size vm in region (index into
 * c->regions) under term k, in the result's currency, under its name or
 * another name of the same VM (0: none); and the commitment-underused
 * finding of workload index, once its recommendation is final. */
double recommend_term_price(const struct rec_env *e, int vm, int region, enum pricing_kind k);
/* recommend_build under the one term of o (or p): what recommend_build runs
 * when pricing is not auto, and once per term when it is. */
int recommend_build_term(const struct catalog_snapshot *snap, const struct profile *p,
			 const struct recommend_options *o, struct recommend_result *out,
			 struct diag_list *diags);
/* recommend_terms.c: pricing auto (recommend_build). */
int recommend_build_auto(const struct catalog_snapshot *snap, const struct profile *p,
			 const struct recommend_options *o, struct recommend_result *out,
			 struct diag_list *diags);
/* recommend_terms.c: the term of workload index's recommendation, the
 * hours it runs and, under a commitment, its size's break-even (the last
 * fields the allocate stage writes); then, in the fleet stage, the
 * commitment-underused finding of a workload the fit engine sized
 * (recommend_finish_workload), which reads them. */
void recommend_term_of(const struct rec_env *e, struct strmap *notes, size_t index,
		       struct recommend_workload *rw);
void recommend_commitment_finding(const struct rec_env *e, struct recommend_workload *rw);
void recommend_completeness(struct recommend_result *res);

#endif
