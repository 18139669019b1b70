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
 *   3. at the limit of T instructions, if no repeat was seen: the sampling
 *      may have missed a livelock whose first repeat lies before the limit.
 *      Call z_t the state at the start of turn t (t instructions issued),
 *      before deadlines fire: x's parts plus the pending deadlines relative
 *      to now.  It decides the future as x does, and at a deadline-free turn
 *      it is x.  If x first repeats at j = mu + lambda, z is periodic from
 *      t_mu, the turn of x_mu, with period C, the instructions of one cycle;
 *      x_j is at or before the limit iff t_mu + C <= T.  The run keeps
 *      snapshots ("marks") of z at the turns floor(k T / NMARK), 0 < k <
 *      NMARK, and at T; at the limit it goes on, untraced, comparing z at
 *      every turn with each mark, for at most E instructions, E the widest
 *      gap between marks (turn 0 included): ceil(T / NMARK).  That finds
 *      every such livelock: take the earliest mark P at or after T - C
 *      (there is one: the mark at T); P >= t_mu, so z_P recurs at
 *      P + C >= T, and P + C - T is at most the gap between P and the mark
 *      before it (or turn 0, as C <= T): <= E.  A match at
 *      distance D with the mark at P means z is periodic from P, with L
 *      deadline-free turns in [P, P + D).  L = 0: the periodic part has no
 *      deadline-free turn, so no livelock ever (a cycle of x would lie in
 *      it).  Else x_i == x_{i+L} for the first deadline-free turn i at or
 *      after P, and step 2 locates the first repeat.  If nothing matched,
 *      or the first repeat lies after the limit, the state at the limit is
 *      restored and the run ends `limit`.  Cost past the limit: at most E
 *      instructions, each turn compared with NMARK states (most rejected at
 *      the scheduler pointer or a PC); the re-runs of step 2 only when z is
 *      periodic at the limit (a cycle entered before it): 2 t_mu + D + C
 *      instructions, C <= D <= T + E - P, t_mu at most the first
 *      deadline-free turn at or after P; about 2 (T + E).
 * The trace written past the first repeated turn is cut off (wr_tw_cut).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sem/sem.h"
#include "sem/regfile.h"
#include "sem/step.h"
#include "warpref/run.h"
#include "trace/trace.h"

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
    wr_coverage cov;             /* paths taken so far (opts.coverage); a state
                                    restored (livelock, limit) brings its own */
} sim;

struct wr_runner {
    const wr_program *prog;
    wr_run_opts opts;
    uint64_t max_steps;
    unsigned threads;
    unsigned nregs;
    sim s;
    /* the trace's instruction words and, with operands, their text, made
     * once per instruction (the step makes neither: record_state 0) */
    struct trace_text {
        wr_word word;
        uint8_t have;            /* word and text are made */
        char text[WR_TRACE_ASM_MAX];
    } *texts;                    /* per instruction; NULL without --trace-operands */
    unsigned *reads;             /* per instruction: its read set (wr_insn_reads) */
    step_pre *pre;               /* per instruction: what its step derives from it
                                    alone (step_pre_of); NULL unless trusted */
    int trusted;                 /* every step a wr_step (no illegal word, no opts.step)
                                    of an instruction of the program's profile
                                    (step_insn_here): run_loop's fast copy */
};

/* The word and the text of instruction `at`, as the step would give the
 * word (the word loaded when it does not decode, else its encoding) and
 * the disassembler the text. */
static const struct trace_text *trace_text(const wr_runner *r, size_t at)
{
    struct trace_text *x = &r->texts[at];
    if (!x->have) {
        const wr_program *p = r->prog;
        if (p->illegal && p->illegal[at])
            x->word = p->words[at];
        else if (wr_encode(&p->insns[at], &x->word, NULL, 0) != 0)
            memset(&x->word, 0, sizeof x->word);
        wr_disasm(&p->insns[at], (uint64_t)at * WR_INST_SIZE, x->text, sizeof x->text);
        x->have = 1;
    }
    return x;
}


static int sim_init(const wr_runner *r, sim *s)
{
    memset(s, 0, sizeof *s);
    wr_config cfg;
    wr_config_init(&cfg, r->threads);
    /* the trace prints the state after (the loop takes it from the warp)
     * and, with operands, the word (trace_text): the step fills neither */
    cfg.record_state = 0;
    cfg.profile = r->prog->profile;              /* G-01: the program's */
    cfg.trap_mode = r->opts.trap_mode != 0;      /* S-13 */
    cfg.record_paths = r->opts.explain || r->opts.coverage;
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
           memcmp(&a->cta.ps, &b->cta.ps, sizeof a->cta.ps) == 0 &&   /* the profile's (section 8) */
           memcmp(x->r_undef, y->r_undef, n * sizeof *x->r_undef) == 0 &&
           memcmp(x->p_undef, y->p_undef, nw * sizeof x->p_undef[0]) == 0 &&
           memcmp(x->ur, y->ur, nw * sizeof x->ur[0]) == 0;
}

/* ---- livelock detection (step 1 above) --------------------------------- */

enum { STRIDE = 32 };            /* compare every STRIDE-th deadline-free state */

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

/* One line of the explanation output (wr_run_opts.explain); the warp's
 * state after is that of `w`. */
__attribute__((noinline)) static void explain_line(wr_tw *xw, wr_retire *rec, const wr_insn *insn,
                                                   const wr_warp *w)
{
    char line[2048];
    rec->why.pc = w->active_pc;
    rec->why.active = w->active;
    const size_t n = wr_explain_step(rec->book.t, rec->warp, rec->pc, insn, &rec->why, line, sizeof line);
    wr_tw_line(xw, line, n < sizeof line ? n : sizeof line - 1);
}

/* The turn's counters, kept by run_loop in locals (registers: the step
 * stores through byte pointers, and the compiler would otherwise reload
 * each from the sim at every turn); back in the sim before anything else
 * reads it (the watch's snapshots, the end of the loop). */
typedef struct hot {
    unsigned ptr;                /* sim's, each */
    uint32_t pending;
    unsigned finished;
    uint64_t steps, df;
    int checked;
} hot;

static inline __attribute__((always_inline)) hot hot_load(const sim *s)
{
    hot h = { s->ptr, s->pending, s->finished, s->steps, s->df, s->checked };
    return h;
}

static inline __attribute__((always_inline)) void hot_store(sim *s, const hot *h)
{
    s->ptr = h->ptr;
    s->pending = h->pending;
    s->finished = h->finished;
    s->steps = h->steps;
    s->df = h->df;
    s->checked = h->checked;
}

/* The checks before a turn (N-50: done and limit are checked before
 * deadlines fire), and the turn's count: the run's end, WR_END_NONE when
 * the watch stops it, or -1 to take the turn.  *next is wt->next.  (Done,
 * the first check, run_loop makes where `finished` may have changed: at
 * its start and after a step that changed a run state.) */
static inline __attribute__((always_inline)) int turn_gate(hot *h, sim *s, uint64_t limit, watch *wt,
                                                           uint64_t *next)
{
    const int dfturn = !h->pending;
    if (__builtin_expect(dfturn && h->df >= *next, 0) && !h->checked) {
        hot_store(s, h);                         /* (the snapshot copies the sim) */
        const int stop = watch_turn(wt, s);
        *next = wt->next;
        if (stop) {
            h->checked = 1;
            return WR_END_NONE;
        }
    }
    if (h->steps >= limit) {
        h->checked = 1;                          /* a resumed run skips the watch here */
        return WR_END_LIMIT;
    }
    h->checked = 0;
    h->df += (uint64_t)dfturn;
    return -1;
}

/* The warp of the turn: the first ready warp at or after the pointer, due
 * deadlines fired first (N-23); with none ready, time jumps to the next
 * deadline.  -1 with *wo set, or the run's end (no warp can ever be ready). */
static inline __attribute__((always_inline)) int pick_warp(hot *h, sim *s, unsigned *wo)
{
    wr_cta *c = &s->cta;
    if (__builtin_expect(!h->pending && c->warp[h->ptr].run == WR_WARP_READY, 1)) {
        *wo = h->ptr;                            /* the common turn: the pointer's warp */
        return -1;
    }
    for (;;) {
        if (h->pending) {
            wr_fire_deadlines(c);                /* N-23 */
            h->pending = 0;
            for (unsigned i = 0; i < c->nwarps; i++)
                if (c->deadline[i] != WR_NO_DEADLINE)
                    h->pending |= 1u << i;
        }
        for (unsigned k = 0; k < c->nwarps; k++) {
            unsigned w = h->ptr + k;
            if (w >= c->nwarps)
                w -= c->nwarps;
            if (c->warp[w].run == WR_WARP_READY) {
                *wo = w;
                return -1;
            }
        }
        uint64_t next = wr_next_deadline(c);
        if (next != WR_NO_DEADLINE) {            /* everyone waits: time jumps */
            c->now = next;
            continue;
        }
        for (unsigned i = 0; i < c->nwarps; i++)
            if (c->warp[i].run == WR_WARP_BLOCKED)
                return WR_END_DEADLOCK;
        return WR_END_DONE;                      /* unreachable: finished == nwarps */
    }
}

/* N-27: warp w's fetch at pc faults (why): the run ends in the exception */
__attribute__((noinline)) static wr_end fetch_faults(const wr_runner *r, sim *s, wr_tw *xw, unsigned w, uint64_t pc,
                                                     unsigned why)
{
    wr_retire rec;
    wr_fetch_fault(&s->cta, w, why, &rec);
    if (r->opts.coverage != NULL)
        wr_coverage_add(&s->cov, &rec.why);
    if (xw)
        explain_line(xw, &rec, NULL, &s->cta.warp[w]);
    s->fault_warp = (int)w;
    s->fault_pc = pc;
    s->fault_what = wr_fetch_fault_name(why);
    return WR_END_EXCEPTION;
}

/* The turn's bookkeeping after warp w stepped: the count, the time, the
 * pointer, its deadline pending, its end (`ended` 0, a constant: the step
 * changed no run state, so the warp has not ended). */
static inline __attribute__((always_inline)) void after_step(hot *h, wr_cta *c, unsigned nwarps, unsigned w,
                                                             const int ended)
{
    const wr_warp *wp = &c->warp[w];
    h->steps++;
    c->now++;
    h->ptr = w + 1 == nwarps ? 0 : w + 1;
    if (__builtin_expect(h->pending != 0 || c->deadline[w] != WR_NO_DEADLINE, 0)) {
        const uint32_t bit = 1u << w;
        h->pending = (h->pending & ~bit) | (c->deadline[w] != WR_NO_DEADLINE ? bit : 0u);
    }
    if (ended)                                   /* (0: the step changed no run state) */
        h->finished += wp->run == WR_WARP_EXITED || wp->run == WR_WARP_TRAPPED;
}

/* Runs turns until the end of the run or until the watch stops it
 * (WR_END_NONE).  `tw` (the trace) and `xw` (the explanation) may be NULL.
 * `limit` is the instruction limit.  `extras` (explanation or coverage) is a
 * constant of each of run_loop's copies: a plain run tests nothing.  `fast`
 * (a constant too): no trace, no extras, every instruction a wr_step of the
 * program's profile (r->trusted): the operands in place and the step
 * without the tests the run has made already. */
static inline __attribute__((always_inline)) wr_end
run_loop_body(const wr_runner *r, sim *s, wr_tw *tw, wr_tw *xw, uint64_t limit, watch *wt, const int extras,
              const int fast)
{
    wr_cta *c = &s->cta;
    const wr_program *p = r->prog;
    const wr_insn *const insns = p->insns;
    const unsigned *const reads = r->reads;
    const step_pre *const pre = r->pre;
    const size_t ninsns = p->ninsns;
    const unsigned nwarps = c->nwarps;
    const int operands = r->opts.trace_operands;
    const int count = r->opts.coverage != NULL;
    const int plain = !p->illegal && !r->opts.step;   /* every step a wr_step */
    wr_operands ops;
    wr_retire rec;
    /* the plain run's operands, pointed at in the register file; every
     * pointer valid from the start (a form reads only its own) */
    wr_srcs src = { .ra = wr_zero_lanes, .ra_hi = wr_zero_lanes, .rb = wr_zero_lanes,
                    .rc = wr_zero_lanes, .re = wr_zero_lanes };
    if (fast) {                                  /* what the trusted step leaves (step_insn_) */
        memset(&rec, 0, offsetof(wr_retire, ev));
        rec.book.t = 0;
        rec.book.wake = 0;
    }
    hot h = hot_load(s);
    uint64_t next = wt->next;
    int end = WR_END_DONE;
    if (h.finished == nwarps)
        goto out;

    for (;;) {
        end = turn_gate(&h, s, limit, wt, &next);
        unsigned w;
        if (end >= 0 || (end = pick_warp(&h, s, &w)) >= 0)
            break;
        wr_warp *wp = &c->warp[w];
        const uint64_t pc = wp->active_pc;       /* N-27: fetch */
        const unsigned why = wr_fetch_check(pc, 0, ninsns);
        if (why != WR_FETCH_NONE) {
            hot_store(s, &h);
            return fetch_faults(r, s, xw, w, pc, why);
        }
        const size_t at = pc / WR_INST_SIZE;     /* an illegal word: ILLEGAL_ENCODING (N-37) */
        const wr_insn *insn = &insns[at];
        int rc;
        if (fast) {                              /* no copy of any operand, no test again */
            regfile_srcs(&s->rf, w, insn, reads[at], &src);
            rc = step_srcs(c, w, insn, &src, &rec, &pre[at], 1);
            if (__builtin_expect(rc == 0, 1)) { /* nothing changed beyond the warp's own state */
                regfile_apply(&s->rf, &rec);
                after_step(&h, c, nwarps, w, 0);
                continue;
            }
            if (rc > 0)
                rc = 0;
        } else if (plain && !operands) {         /* no copy of any operand */
            regfile_srcs(&s->rf, w, insn, reads[at], &src);
            rc = step_srcs(c, w, insn, &src, &rec, NULL, 0);
        } else {
            regfile_read(&s->rf, w, insn, reads[at], &ops);  /* wr_regfile_read */
            rc = plain ? wr_step(c, w, insn, &ops, &rec)
                 : p->illegal && p->illegal[at] ? wr_step_word(c, w, &p->words[at], &ops, &rec)
                 : r->opts.step ? r->opts.step(r->opts.step_ctx, c, w, insn, &ops, &rec)
                                : wr_step(c, w, insn, &ops, &rec);
        }
        if (rc != 0) {
            end = WR_END_ERROR;                  /* the model's own error: wr_cta_errmsg */
            break;
        }
        regfile_apply(&s->rf, &rec);             /* wr_regfile_apply */
        if (!fast && tw) {
            rec.after = *wp;
            const struct trace_text *x = operands ? trace_text(r, at) : NULL;
            if (x)
                rec.insn = x->word;
            wr_tw_record(tw, &rec, insn, &ops, operands, x ? x->text : NULL);
        }
        if (!fast && extras) {                   /* one test when nobody asks */
            if (count)
                wr_coverage_add(&s->cov, &rec.why);
            if (xw)
                explain_line(xw, &rec, insn, wp);
        }
        after_step(&h, c, nwarps, w, 1);
        if (rec.exception != WR_EXC_NONE) {
            end = WR_END_EXCEPTION;
            break;
        }
        if (h.finished == nwarps) {              /* (the next turn's first check) */
            end = WR_END_DONE;
            break;
        }
    }
out:
    hot_store(s, &h);
    return (wr_end)end;
}

static wr_end run_loop(const wr_runner *r, sim *s, wr_tw *tw, wr_tw *xw, uint64_t limit, watch *wt)
{
    if (xw || r->opts.coverage)
        return run_loop_body(r, s, tw, xw, limit, wt, 1, 0);
    if (!tw && r->trusted && !s->cta.record_paths)
        return run_loop_body(r, s, NULL, NULL, limit, wt, 0, 1);
    return run_loop_body(r, s, tw, xw, limit, wt, 0, 0);
}

/* advance s to the deadline-free turn with index `target` (>= s->df) */
static int advance_to(const wr_runner *r, sim *s, uint64_t target)
{
    watch wt = { NULL, target, 0 };
    return run_loop(r, s, NULL, NULL, UINT64_MAX, &wt) == WR_END_NONE ? 0 : -1;
}

/* Knowing that x_i == x_{i+L} for some i, find the first repeated turn:
 * on success `out` holds the state x_{mu+lambda}.  `executed` counts the
 * instructions of both re-runs. */
static int locate(const wr_runner *r, uint64_t L, sim *out, uint64_t *executed)
{
    sim a, b, start;
    if (sim_init(r, &a) != 0)
        return -1;
    if (sim_init(r, &b) != 0) {
        sim_free(&a);
        return -1;
    }
    int rc = -1;
    *executed = 0;
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
    *executed = a.steps + b.steps;
    *out = b;                                    /* hand over b */
    sim_free(&a);
    return 0;
out:
    *executed = a.steps + b.steps;
    sim_free(&a);
    sim_free(&b);
    return rc;
}

/* ---- the limit (step 3 above) ------------------------------------------- */

enum { NMARK = 8 };              /* marks: NMARK - 1 snapshots in the run, one at the limit */

/* the turn of mark k (0..NMARK) of a run limited to T instructions:
 * floor(k T / NMARK), without overflow */
static uint64_t mark_turn(uint64_t T, unsigned k)
{
    return T / NMARK * k + T % NMARK * k / NMARK;
}

/* the most instructions the check past the limit needs: the widest gap
 * between two marks (0 and T count as marks) */
static uint64_t check_cap(uint64_t T)
{
    uint64_t cap = 0;
    for (unsigned k = 1; k <= NMARK; k++)
        if (mark_turn(T, k) - mark_turn(T, k - 1) > cap)
            cap = mark_turn(T, k) - mark_turn(T, k - 1);
    return cap;
}

/* z_t: the state at the start of any turn, before deadlines fire: x's parts
 * plus the pending deadlines relative to now.  It decides the future as x
 * does; at a deadline-free turn it is x. */
static int sim_equal_timed(const sim *a, const sim *b)
{
    if (a->ptr != b->ptr || a->pending != b->pending)
        return 0;
    for (uint32_t m = a->pending; m; m &= m - 1) {
        unsigned i = lowest(m);
        if (a->cta.deadline[i] - a->cta.now != b->cta.deadline[i] - b->cta.now)
            return 0;
    }
    return sim_equal(a, b);
}

/* Goes on from the limit, untraced, for at most `cap` instructions,
 * comparing z at every turn start with the snapshots (each at an earlier
 * turn).  A match at distance D means the run is periodic from that
 * snapshot's turn with period D; returns the number L of deadline-free turns
 * in one period (x_i == x_{i+L} for the first such turn i), or 0 when no
 * snapshot matched or the period has no deadline-free turn: then no
 * livelock repeats by the limit. */
static uint64_t check_limit(const wr_runner *r, sim *s, const sim *const snap[], unsigned n,
                            uint64_t cap)
{
    watch none = { NULL, UINT64_MAX, 0 };
    const uint64_t start = s->steps;
    for (;;) {
        for (unsigned k = 0; k < n; k++)
            if (snap[k]->steps != s->steps && sim_equal_timed(snap[k], s))
                return s->df - snap[k]->df;
        if (s->steps - start >= cap || run_loop(r, s, NULL, NULL, s->steps + 1, &none) != WR_END_LIMIT)
            return 0;
    }
}

/* seconds since *t, and *t = now */
static double lap(struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double sec = (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) * 1e-9;
    *t = now;
    return sec;
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
    if (opts->trap_mode && prog->profile != WR_PROFILE_SASS) {
        snprintf(err, errsize, "--trap-mode is a sass setting (SPEC-NOTES S-13), the program's profile is %s",
                 wr_profile_name(prog->profile));
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
    r->nregs = wr_program_nregs(prog);
    if ((opts->trace && opts->trace_operands && !(r->texts = calloc(prog->ninsns, sizeof *r->texts))) ||
        !(r->reads = malloc(prog->ninsns * sizeof *r->reads)) || sim_init(r, &r->s) != 0) {
        snprintf(err, errsize, "out of memory");
        free(r->texts);
        free(r->reads);
        free(r);
        return NULL;
    }
    r->trusted = !prog->illegal && !opts->step;
    for (size_t i = 0; i < prog->ninsns; i++) {
        r->reads[i] = wr_insn_reads(&prog->insns[i]);
        r->trusted &= step_insn_here(&r->s.cta, &prog->insns[i]);
    }
    if (r->trusted && (r->pre = malloc(prog->ninsns * sizeof *r->pre)) != NULL)
        for (size_t i = 0; i < prog->ninsns; i++)
            r->pre[i] = step_pre_of(&prog->insns[i]);
    r->trusted = r->pre != NULL;                 /* (out of memory: the plain loop) */
    return r;
}

/* the trace's and the explanation's writers, when asked for: 0, or -1 with
 * the failing one's errno in res (none left open) */
static int open_writers(const wr_runner *r, wr_run_result *res, wr_tw *tw, wr_tw **twp, wr_tw *xw, wr_tw **xwp)
{
    if (r->opts.trace) {
        if (wr_tw_open(tw, r->opts.trace) != 0) {
            res->trace_errno = wr_tw_close(tw, &res->trace_spool);
            return -1;
        }
        *twp = tw;
    }
    if (r->opts.explain) {
        if (wr_tw_open(xw, r->opts.explain) != 0) {
            res->explain_errno = wr_tw_close(xw, &res->explain_spool);
            if (*twp)
                wr_tw_close(*twp, NULL);
            return -1;
        }
        *xwp = xw;
    }
    return 0;
}

/* 1. the run, with Brent's detection (b); it stops at the marks to take
 * their snapshots (into mark, *nmark of them; NULL: none, rc -1) */
static wr_end run_marked(wr_runner *r, wr_tw *twp, wr_tw *xwp, brent *b, sim *mark, unsigned *nmark, int *rc)
{
    watch wt = { b, UINT64_MAX, 0 };
    wr_end end;
    for (unsigned k = 1;; k++) {
        end = run_loop(r, &r->s, twp, xwp, k < NMARK ? mark_turn(r->max_steps, k) : r->max_steps, &wt);
        if (end != WR_END_LIMIT || k == NMARK)
            break;
        if (*nmark > 0 && mark[*nmark - 1].steps == r->s.steps)
            continue;                            /* a tiny limit: marks coincide */
        if (mark && sim_copy(&mark[*nmark], &r->s) == 0)
            (*nmark)++;
        else
            *rc = -1;
    }
    return end;
}

/* 3. at the limit with no repeat found yet: the check past the limit from
 * the marks and the state at the limit (kept in at_limit, *have_limit).
 * The repeat's length found, 0: none. */
static uint64_t check_at_limit(wr_runner *r, wr_run_result *res, sim *mark, unsigned nmark, sim *at_limit,
                               int *have_limit, struct timespec *clock, int *rc)
{
    if (sim_copy(at_limit, &r->s) != 0) {
        *rc = -1;
        return 0;
    }
    *have_limit = 1;
    const sim *snap[NMARK];
    for (unsigned k = 0; k < nmark; k++)
        snap[k] = &mark[k];
    snap[nmark] = at_limit;
    const uint64_t found = check_limit(r, &r->s, snap, nmark + 1, check_cap(r->max_steps));
    res->check_steps = r->s.steps - at_limit->steps;
    res->check_seconds = lap(clock);
    return found;
}

/* 2. the exact location of the repeat of length `found`: the run is cut
 * back to its first state, a livelock, unless it repeats only after the
 * limit.  The run's end. */
static wr_end locate_repeat(wr_runner *r, wr_run_result *res, uint64_t found, int have_limit, wr_end end,
                            wr_tw *twp, wr_tw *xwp, int *rc)
{
    sim first;
    if (locate(r, found, &first, &res->locate_steps) != 0) {
        *rc = -1;
    } else if (have_limit && first.steps > r->max_steps) {
        sim_free(&first);                        /* repeats only after the limit */
    } else {
        sim_free(&r->s);
        r->s = first;
        end = WR_END_LIVELOCK;
        if (twp && wr_tw_cut(twp, first.steps) != 0)
            *rc = -1;
        if (xwp && wr_tw_cut(xwp, first.steps) != 0)
            *rc = -1;
    }
    return end;
}

/* the result of a run that ended in `end`, with its exit status */
static void run_result(const wr_runner *r, wr_run_result *res, wr_end end)
{
    const sim *s = &r->s;
    res->executed = res->run_steps + res->check_steps + res->locate_steps;
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
}

/* the trace's final record, the writers closed (their errnos in res), the
 * coverage handed back: 0, or -1 when a writer failed */
static int close_writers(wr_runner *r, wr_run_result *res, wr_tw *twp, wr_tw *xwp, wr_end end)
{
    sim *s = &r->s;
    int rc = 0;
    if (twp) {
        wr_tw_fault f = { s->fault_warp, s->fault_pc, s->fault_what };
        wr_tw_final(twp, &s->cta, &s->rf, end, s->cta.now, r->opts.dump_regs, &f);
        if ((res->trace_errno = wr_tw_close(twp, &res->trace_spool)) != 0)
            rc = -1;
    }
    if (xwp && (res->explain_errno = wr_tw_close(xwp, &res->explain_spool)) != 0)
        rc = -1;
    if (r->opts.coverage)
        for (unsigned p = 0; p < WR_PATH_COUNT; p++)
            r->opts.coverage->hits[p] += s->cov.hits[p];
    return rc;
}

int wr_runner_run(wr_runner *r, wr_run_result *res)
{
    memset(res, 0, sizeof *res);
    res->faulted_warp = -1;
    wr_tw tw, *twp = NULL, xw, *xwp = NULL;
    if (open_writers(r, res, &tw, &twp, &xw, &xwp) != 0)
        return -1;
    int rc = 0;
    struct timespec clock, cpu, cpu_end;
    clock_gettime(CLOCK_MONOTONIC, &clock);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);

    brent b = { 0 };
    sim *mark = malloc((NMARK - 1) * sizeof *mark);   /* ~12 KiB each, off the stack */
    unsigned nmark = 0;
    wr_end end = run_marked(r, twp, xwp, &b, mark, &nmark, &rc);
    if (b.have)
        sim_free(&b.snap);
    rc |= -b.err;
    res->run_steps = r->s.steps;
    if (twp)                                     /* the run's time counts its trace written */
        wr_tw_flush(twp);
    if (xwp)
        wr_tw_flush(xwp);
    res->run_seconds = lap(&clock);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
    res->run_cpu_seconds = (double)(cpu_end.tv_sec - cpu.tv_sec) + (double)(cpu_end.tv_nsec - cpu.tv_nsec) * 1e-9;

    uint64_t found = b.found;
    sim at_limit;
    int have_limit = 0;
    if (end == WR_END_LIMIT && !found)
        found = check_at_limit(r, res, mark, nmark, &at_limit, &have_limit, &clock, &rc);
    for (unsigned k = 0; k < nmark; k++)
        sim_free(&mark[k]);
    free(mark);
    if (found) {
        end = locate_repeat(r, res, found, have_limit, end, twp, xwp, &rc);
        res->locate_seconds = lap(&clock);
    }
    if (have_limit) {
        if (end == WR_END_LIMIT) {
            sim_free(&r->s);
            r->s = at_limit;
        } else {
            sim_free(&at_limit);
        }
    }
    run_result(r, res, end);
    return close_writers(r, res, twp, xwp, end) != 0 ? -1 : rc;
}

const wr_cta *wr_runner_cta(const wr_runner *r) { return &r->s.cta; }
const wr_regfile *wr_runner_regs(const wr_runner *r) { return &r->s.rf; }

void wr_runner_free(wr_runner *r)
{
    if (!r)
        return;
    sim_free(&r->s);
    free(r->texts);
    free(r->reads);
    free(r->pre);
    free(r);
}

const char *wr_run_own_end(const wr_program *prog, unsigned threads, uint64_t max_steps)
{
    wr_run_opts o = { .threads = threads, .max_steps = max_steps };
    char err[160];
    wr_runner *r = wr_runner_new(prog, &o, err, sizeof err);
    wr_run_result res;
    const char *name = "error";
    if (r && wr_runner_run(r, &res) == 0)
        name = wr_end_name(res.end);
    wr_runner_free(r);
    return name;
}
