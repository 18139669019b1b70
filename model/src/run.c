/* run.c - the standalone run of one CTA (SPEC-NOTES section 6).
 *
 * The scheduler (N-50) issues one instruction per turn; the step (step.c)
 * does all semantics; this file only fetches, reads operands from the
 * model's own register file, writes the effect back and traces.
 *
 * Livelock (N-55).  At the start of a turn with no sleep deadline pending,
 * the future depends only on the CTA state, the register file and the
 * scheduler pointer (deadlines are set relative to `now`).  Call x_i that
 * state at the i-th such turn.  A run that reaches x_j == x_i (i < j) repeats
 * forever; it must end at the first such j.  Finding it:
 *   1. detection on the hot path, Brent's method on every STRIDE-th such
 *      state: y_k = x_{k*STRIDE} is compared with one snapshot, retaken at
 *      doubling distances.  The comparison stops at the first difference:
 *      the scheduler pointer, then each warp's ActivePC, then the registers
 *      (a loop counter), then the rest.  Between samples a turn costs one
 *      test.  A match at distance L means the cycle length divides L.
 *   2. exact location, off the hot path: re-run from launch twice, one copy
 *      L states ahead, until the two states are equal: that is mu, the first
 *      state on the cycle; walk on from x_mu until it comes back: lambda.
 *      The run ends at x_{mu+lambda}, the first repeated turn.
 *   3. the bound: if x first repeats at j = mu + lambda, y is periodic from
 *      sample ceil(mu/STRIDE) with a period of at most lambda samples, so it
 *      first repeats by sample j + 1, and Brent's method reports a sequence
 *      whose first repeat is at k by its 3(k + 1)-th element: by state
 *      STRIDE * 3(j + 2).  At the instruction limit a run not yet caught goes
 *      on, untraced, to that bound with j the last state before the limit
 *      (and at most (3 STRIDE + 2) times the limit in instructions), so a
 *      livelock whose first repeat lies before the limit is reported as
 *      such; otherwise the state at the limit is restored and the run ends
 *      `limit`.
 * The trace written past the first repeated turn is cut off (wr_tw_cut).
 */
#include <stdlib.h>
#include <string.h>

#include "sem.h"
#include "trace.h"

/* Everything a run's future depends on, plus its counters. */
typedef struct sim {
    wr_cta cta;
    wr_regfile rf;
    unsigned ptr;                /* scheduler pointer (N-50) */
    uint32_t pending;            /* warps with a sleep deadline */
    unsigned finished;           /* warps exited or trapped */
    uint64_t steps;              /* instructions issued */
    uint64_t df;                 /* index of the current/next deadline-free turn */
    int checked;                 /* the watch already saw the current turn start
                                    (the loop stopped there and is resumed) */
    int fault_warp;              /* N-27 */
    uint64_t fault_pc;
    const char *fault_what;
} sim;

struct wr_runner {
    const wr_program *prog;
    wr_run_opts opts;
    uint64_t max_steps;
    unsigned threads;
    unsigned nregs;
    sim s;
};

/* registers a program can name: all of them up to the highest one used
 * (+1 for the high half of a pair) */
static unsigned program_nregs(const wr_program *p)
{
    unsigned n = 1;
    static const wr_field_id regs[] = { WR_F_RD, WR_F_RA, WR_F_RB, WR_F_RC };
    for (size_t i = 0; i < p->ninsns; i++) {
        const wr_insn *in = &p->insns[i];
        for (size_t k = 0; k < sizeof regs / sizeof regs[0]; k++) {
            if (!wr_form_has(in->form, regs[k]) || in->f[regs[k]] == WR_RZ)
                continue;
            unsigned top = (unsigned)in->f[regs[k]] + 2;
            if (top > n)
                n = top;
        }
    }
    return n > WR_RZ ? WR_RZ : n;
}

static int sim_init(const wr_runner *r, sim *s)
{
    memset(s, 0, sizeof *s);
    wr_config cfg;
    wr_config_init(&cfg, r->threads);
    cfg.record_state = r->opts.trace != NULL;    /* the trace prints the state after */
    if (wr_cta_init(&s->cta, &cfg) != 0 || wr_regfile_init(&s->rf, s->cta.nwarps, r->nregs) != 0)
        return -1;
    for (size_t i = 0; i < r->prog->nconsts; i++) {
        const wr_const_init *c = &r->prog->consts[i];
        if (wr_regfile_const(&s->rf, c->bank, c->offset, c->value) != 0) {
            wr_regfile_free(&s->rf);
            return -1;
        }
    }
    s->fault_warp = -1;
    return 0;
}

static int sim_copy(sim *dst, const sim *src)
{
    wr_regfile rf;
    if (wr_regfile_copy(&rf, &src->rf) != 0)
        return -1;
    *dst = *src;
    dst->rf = rf;
    return 0;
}

static void sim_free(sim *s) { wr_regfile_free(&s->rf); }

/* N-55: the state compared.  The order only matters for speed: the parts
 * most likely to differ come first (pointer, PCs, then a loop counter in the
 * registers), so an unequal state is usually rejected in a few loads. */
static int sim_equal(const sim *a, const sim *b)
{
    if (a->ptr != b->ptr)
        return 0;
    unsigned nw = a->cta.nwarps;
    for (unsigned i = 0; i < nw; i++)
        if (a->cta.warp[i].active_pc != b->cta.warp[i].active_pc)
            return 0;
    const wr_regfile *x = &a->rf, *y = &b->rf;
    size_t n = (size_t)nw * x->nregs;
    return memcmp(x->r, y->r, n * WR_LANES * sizeof *x->r) == 0 &&
           memcmp(x->p, y->p, nw * sizeof x->p[0]) == 0 &&
           memcmp(a->cta.warp, b->cta.warp, nw * sizeof a->cta.warp[0]) == 0 &&
           a->cta.wake_pending == b->cta.wake_pending &&  /* it shows in the trace */
           memcmp(a->cta.bar, b->cta.bar, sizeof a->cta.bar) == 0 &&
           memcmp(x->r_undef, y->r_undef, n * sizeof *x->r_undef) == 0 &&
           memcmp(x->p_undef, y->p_undef, nw * sizeof x->p_undef[0]) == 0 &&
           memcmp(x->ur, y->ur, nw * sizeof x->ur[0]) == 0;
}

/* ---- livelock detection (step 1 above) --------------------------------- */

enum { STRIDE = 8 };             /* compare every STRIDE-th deadline-free state */

typedef struct brent {
    int have;
    uint64_t power, lam;
    sim snap;
    uint64_t snap_df;
    uint64_t found;              /* distance L of a repeat, 0 if none */
    int err;
} brent;

/* off the hot path: take a new snapshot (at doubling distances) */
__attribute__((noinline)) static void brent_snapshot(brent *b, sim *s)
{
    if (b->have)
        sim_free(&b->snap);
    if (sim_copy(&b->snap, s) != 0) {
        b->have = 0;
        b->err = 1;
        return;
    }
    b->snap_df = s->df;
    b->power = b->have ? b->power * 2 : 1;
    b->have = 1;
    b->lam = 0;
}

/* Brent's method at one deadline-free turn: 1 when the state equals the
 * snapshot (b->found = distance). */
static inline int brent_check(brent *b, sim *s)
{
    if (s->df % STRIDE != 0)
        return 0;
    if (b->have) {
        if (sim_equal(s, &b->snap)) {
            b->found = s->df - b->snap_df;
            return 1;
        }
        if (++b->lam != b->power)
            return 0;
    }
    brent_snapshot(b, s);
    return 0;
}

/* What stops run_loop at the start of a deadline-free turn (s->df its
 * index), before anything else of the turn happens. */
typedef struct watch {
    brent *b;                    /* Brent's detection, or NULL */
    uint64_t stop;               /* stop at this turn index (UINT64_MAX: never); a run
                                    resumes below it, so reaching it means == */
    uint64_t next;               /* the next index that needs a look: min(stop,
                                    next sample); 0 to start */
} watch;

/* the slow path of the check in run_loop: s->df >= wt->next */
static int watch_turn(watch *wt, sim *s)
{
    if (s->df >= wt->stop)
        return 1;
    if (wt->b && brent_check(wt->b, s))
        return 1;
    uint64_t sample = wt->b ? (s->df / STRIDE + 1) * STRIDE : UINT64_MAX;
    wt->next = sample < wt->stop ? sample : wt->stop;
    return 0;
}

/* Runs turns until the end of the run or until the watch stops it
 * (WR_END_NONE).  `tw` may be NULL.  `limit` is the instruction limit. */
static wr_end run_loop(const wr_runner *r, sim *s, wr_tw *tw, uint64_t limit, watch *wt)
{
    wr_cta *c = &s->cta;
    const wr_program *p = r->prog;
    const int operands = r->opts.trace_operands;
    wr_operands ops;
    wr_retire rec;

    for (;;) {
        /* N-50: done and limit are checked before deadlines fire */
        if (s->finished == c->nwarps)
            return WR_END_DONE;
        int dfturn = !s->pending;
        if (dfturn && !s->checked && s->df >= wt->next && watch_turn(wt, s)) {
            s->checked = 1;
            return WR_END_NONE;
        }
        if (s->steps >= limit) {
            s->checked = 1;                      /* a resumed run skips the watch here */
            return WR_END_LIMIT;
        }
        s->checked = 0;
        if (dfturn)
            s->df++;

        /* pick the first ready warp at or after the pointer */
        unsigned w;
        for (;;) {
            if (s->pending) {
                wr_fire_deadlines(c);            /* N-23 */
                s->pending = 0;
                for (unsigned i = 0; i < c->nwarps; i++)
                    if (c->deadline[i] != WR_NO_DEADLINE)
                        s->pending |= 1u << i;
            }
            unsigned k;
            for (k = 0; k < c->nwarps; k++) {
                w = s->ptr + k;
                if (w >= c->nwarps)
                    w -= c->nwarps;
                if (c->warp[w].run == WR_WARP_READY)
                    break;
            }
            if (k < c->nwarps)
                break;
            uint64_t next = wr_next_deadline(c);
            if (next != WR_NO_DEADLINE) {        /* everyone waits: time jumps */
                c->now = next;
                continue;
            }
            for (unsigned i = 0; i < c->nwarps; i++)
                if (c->warp[i].run == WR_WARP_BLOCKED)
                    return WR_END_DEADLOCK;
            return WR_END_DONE;                  /* unreachable: finished == nwarps */
        }

        /* N-27: fetch */
        wr_warp *wp = &c->warp[w];
        uint64_t pc = wp->active_pc;
        const unsigned why = wr_fetch_check(pc, 0, p->ninsns);
        if (why != WR_FETCH_NONE) {
            wr_fetch_fault(c, w, why, NULL);
            s->fault_warp = (int)w;
            s->fault_pc = pc;
            s->fault_what = wr_fetch_fault_name(why);
            return WR_END_EXCEPTION;
        }
        const wr_insn *insn = &p->insns[pc / WR_INST_SIZE];

        wr_regfile_read(&s->rf, w, insn, &ops);
        if (wr_step(c, w, insn, &ops, &rec) != 0)
            return WR_END_ERROR;                 /* the model's own error: wr_cta_errmsg */
        wr_regfile_apply(&s->rf, &rec);
        if (tw)
            wr_tw_record(tw, &rec, insn, &ops, operands);

        s->steps++;
        c->now++;
        s->ptr = w + 1 == c->nwarps ? 0 : w + 1;
        if (c->deadline[w] != WR_NO_DEADLINE)
            s->pending |= 1u << w;
        else
            s->pending &= ~(1u << w);
        if (wp->run == WR_WARP_EXITED || wp->run == WR_WARP_TRAPPED)
            s->finished++;
        if (rec.exception != WR_EXC_NONE)
            return WR_END_EXCEPTION;
    }
}

/* advance s to the deadline-free turn with index `target` (>= s->df) */
static int advance_to(const wr_runner *r, sim *s, uint64_t target)
{
    watch wt = { NULL, target, 0 };
    return run_loop(r, s, NULL, UINT64_MAX, &wt) == WR_END_NONE ? 0 : -1;
}

/* Knowing that x_i == x_{i+L} for some i, find the first repeated turn:
 * on success `out` holds the state x_{mu+lambda}. */
static int locate(const wr_runner *r, uint64_t L, sim *out)
{
    sim a, b, start;
    if (sim_init(r, &a) != 0)
        return -1;
    if (sim_init(r, &b) != 0) {
        sim_free(&a);
        return -1;
    }
    int rc = -1;
    if (advance_to(r, &a, L) != 0 || advance_to(r, &b, 0) != 0)
        goto out;
    while (!sim_equal(&a, &b))                   /* mu */
        if (advance_to(r, &a, a.df + 1) != 0 || advance_to(r, &b, b.df + 1) != 0)
            goto out;
    if (sim_copy(&start, &b) != 0)
        goto out;
    do {                                         /* lambda */
        if (advance_to(r, &b, b.df + 1) != 0) {
            sim_free(&start);
            goto out;
        }
    } while (!sim_equal(&b, &start));
    sim_free(&start);
    *out = b;                                    /* hand over b */
    sim_free(&a);
    return 0;
out:
    sim_free(&a);
    sim_free(&b);
    return rc;
}

/* ---- the run ------------------------------------------------------------ */

wr_runner *wr_runner_new(const wr_program *prog, const wr_run_opts *opts, char *err, size_t errsize)
{
    unsigned threads = opts->threads ? opts->threads : prog->threads ? prog->threads : 32;
    if (threads < 1 || threads > WR_MAX_THREADS) {
        snprintf(err, errsize, "thread count %u out of range 1..%d", threads, WR_MAX_THREADS);
        return NULL;
    }
    if (prog->ninsns == 0) {
        snprintf(err, errsize, "%s: empty program", prog->filename ? prog->filename : "program");
        return NULL;
    }
    wr_runner *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    r->prog = prog;
    r->opts = *opts;
    r->max_steps = opts->max_steps ? opts->max_steps : WR_DEFAULT_MAX_STEPS;
    r->threads = threads;
    r->nregs = program_nregs(prog);
    if (sim_init(r, &r->s) != 0) {
        snprintf(err, errsize, "out of memory");
        free(r);
        return NULL;
    }
    return r;
}

int wr_runner_run(wr_runner *r, wr_run_result *res)
{
    memset(res, 0, sizeof *res);
    res->faulted_warp = -1;
    wr_tw tw, *twp = NULL;
    if (r->opts.trace) {
        if (wr_tw_open(&tw, r->opts.trace) != 0)
            return -1;
        twp = &tw;
    }
    int rc = 0;
    brent b = { 0 };
    watch wt = { &b, UINT64_MAX, 0 };
    wr_end end = run_loop(r, &r->s, twp, r->max_steps, &wt);

    sim at_limit;
    int have_limit = 0;
    if (end == WR_END_LIMIT && !b.found) {      /* 3. */
        if (sim_copy(&at_limit, &r->s) == 0) {
            have_limit = 1;
            watch ext = { &b, (uint64_t)STRIDE * 3 * (r->s.df + 2) + STRIDE + 1, 0 };
            const uint64_t k = 3 * STRIDE + 2;
            uint64_t cap = r->max_steps > UINT64_MAX / k ? UINT64_MAX : r->max_steps * k;
            run_loop(r, &r->s, NULL, cap, &ext);
        } else {
            rc = -1;
        }
    }
    if (b.found) {                               /* 2. exact location */
        sim first;
        if (locate(r, b.found, &first) != 0) {
            rc = -1;
        } else if (have_limit && first.steps > r->max_steps) {
            sim_free(&first);                    /* repeats only after the limit */
        } else {
            sim_free(&r->s);
            r->s = first;
            end = WR_END_LIVELOCK;
            if (twp && wr_tw_cut(twp, first.steps) != 0)
                rc = -1;
        }
    }
    if (have_limit) {
        if (end == WR_END_LIMIT) {
            sim_free(&r->s);
            r->s = at_limit;
        } else {
            sim_free(&at_limit);
        }
    }
    if (b.have)
        sim_free(&b.snap);
    rc |= -b.err;

    sim *s = &r->s;
    res->end = end;
    res->t = s->cta.now;
    res->steps = s->steps;
    res->faulted_warp = s->fault_warp;
    res->fault_pc = s->fault_pc;
    if (s->fault_what)
        snprintf(res->fault_what, sizeof res->fault_what, "%s", s->fault_what);
    if (end == WR_END_ERROR)
        snprintf(res->error, sizeof res->error, "%s", wr_cta_errmsg(&s->cta));
    switch (end) {
    case WR_END_DONE: res->exit_status = WR_EXIT_DONE; break;
    case WR_END_DEADLOCK:
    case WR_END_LIVELOCK: res->exit_status = WR_EXIT_STUCK; break;
    case WR_END_EXCEPTION: res->exit_status = WR_EXIT_EXCEPTION; break;
    case WR_END_ERROR: res->exit_status = WR_EXIT_ERROR; break;
    default: res->exit_status = WR_EXIT_LIMIT; break;
    }
    if (twp) {
        wr_tw_fault f = { s->fault_warp, s->fault_pc, s->fault_what };
        wr_tw_final(twp, &s->cta, &s->rf, end, s->cta.now, r->opts.dump_regs, &f);
        if (wr_tw_close(twp) != 0)
            rc = -1;
    }
    return rc;
}

const wr_cta *wr_runner_cta(const wr_runner *r) { return &r->s.cta; }
const wr_regfile *wr_runner_regs(const wr_runner *r) { return &r->s.rf; }

void wr_runner_free(wr_runner *r)
{
    if (!r)
        return;
    sim_free(&r->s);
    free(r);
}
