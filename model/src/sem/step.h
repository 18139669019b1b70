/* step.h - internal: the step itself (wr_step's body), inline so that the
 * standalone run's loop (run.c) steps without a call: the same code as
 * wr_step and wr_step_word (step.c), never a second copy of
 * any semantics.  What is rare stays out of line in step.c. */
#ifndef WARPREF_STEP_H
#define WARPREF_STEP_H

#include "sem.h"

/* step.c, out of line */
extern const uint8_t wr_form_pin_[WR_FORM_COUNT];   /* PIN(): Pp is an input (N-05) */
int wr_step_refused_(wr_cta *cta, unsigned w);
int wr_step_end_slow_(wr_ctx *x, const wr_insn *insn, const wr_word *word, int cta_writes);
int wr_step_not_here_(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_word *word, const wr_srcs *src,
                      wr_retire *rec);

/* The dispatch: the body of each optype (exec_<OPTYPE>, sem.h), from a
 * table expanded from isa.def (step.c).  wr_step accepts only instructions
 * whose optype is its form's, so every entry called is filled. */
extern void (*const wr_exec_[256])(wr_ctx *x);

static inline void dispatch(wr_ctx *x)
{
    wr_exec_[x->in->optype](x);
}

/* What the step derives from the instruction alone: the guard's predicate
 * and its .not, Pp's (a form without Pp: PT, all true), and whether Pp
 * guards (N-05: not in the PIN() forms, where it is the reduction's
 * input).  step_insn makes it at each call; the standalone run once per
 * instruction of its program (run.c). */
typedef struct step_pre {
    uint32_t pg_not, pp_not;     /* ~0u with .not, else 0 */
    uint32_t pp_free;            /* ~0u: Pp does not guard; 0: it does */
    uint8_t pg, pp;              /* predicate numbers; PT reads as all ones */
} step_pre;

static inline __attribute__((always_inline)) step_pre step_pre_of(const wr_insn *insn)
{
    step_pre p = { 0, 0, ~0u, (uint8_t)wr_f_PG(insn), WR_PT };
    if (wr_f_PG_NOT(insn))
        p.pg_not = ~0u;
    if (wr_form_has(insn->form, WR_F_PP)) {
        p.pp = (uint8_t)wr_f_PP(insn);
        if (wr_f_PP_NOT(insn))
            p.pp_not = ~0u;
        if (!wr_form_pin_[insn->form])
            p.pp_free = 0;
    }
    return p;
}

/* What every step does first: the warp must be ready; the record starts
 * empty; a pending `wake` goes to its bookkeeping (TRACE-FORMAT).  -1 if
 * the call is invalid. */
static inline __attribute__((always_inline)) int
step_begin_(wr_ctx *x, wr_cta *cta, unsigned w, const wr_srcs *src, wr_retire *rec, const int trusted)
{
    if (!trusted && (w >= cta->nwarps || cta->warp[w].run != WR_WARP_READY)) {
        wr_step_refused_(cta, w);
        return -1;
    }
    x->cta = cta;
    x->w = &cta->warp[w];
    x->warp = w;
    x->src = src;
    x->rec = rec;
    x->any[0] = x->any[1] = 0;           /* bars_changed .. lost_events */
    x->lost_writes = 0;
    rec->exception = WR_EXC_NONE;
    rec->nev = 0;
    rec->nwrites = 0;
    if (!trusted) {                      /* (a trusted caller reads none of these) */
        rec->warp = w;
        rec->pc = x->w->active_pc;
        rec->fetch_fault = WR_FETCH_NONE;
        rec->book.t = cta->now;
        rec->book.wake = 0;
    }
    if (__builtin_expect(cta->wake_pending != 0, 0)) {   /* (rare: a deadline fired) */
        if (!trusted)
            rec->book.wake = (uint8_t)(cta->wake_pending >> w & 1u);
        cta->wake_pending &= ~(1u << w);
    }
    x->why = !trusted && cta->record_paths ? &rec->why : NULL;
    if (x->why)
        x->why->n = 0;
    return 0;
}

static inline int step_begin(wr_ctx *x, wr_cta *cta, unsigned w, const wr_srcs *src, wr_retire *rec)
{
    return step_begin_(x, cta, w, src, rec, 0);
}

/* `trusted` (a constant): 1 when the slow path ran and succeeded, which a
 * step that changed no run state, raised nothing and released nothing
 * never does (the standalone run tests the warp's end only then). */
static inline __attribute__((always_inline)) int
step_end_(wr_ctx *x, const wr_insn *insn, const wr_word *word, const int trusted)
{
    const wr_cta *cta = x->cta;
    if (!trusted)
        x->rec->has_state = cta->record_state;
    /* (a lost write comes with a release: bars_changed) */
    const unsigned record_state = trusted ? 0u : cta->record_state;   /* (0: trusted) */
    if ((x->any[0] | x->any[1]) != 0 || (x->rec->exception | record_state | cta->checks) != 0) {
        const int rc = wr_step_end_slow_(x, insn, word, !trusted);
        return trusted && rc == 0 ? 1 : rc;
    }
    return 0;
}

static inline int step_end(wr_ctx *x, const wr_insn *insn, const wr_word *word)
{
    return step_end_(x, insn, word, 0);
}

/* the form's optype and of the CTA's profile: what step_insn tests first */
static inline int step_insn_here(const wr_cta *cta, const wr_insn *insn)
{
    return insn->form < WR_FORM_COUNT && insn->optype == cta->form_optypes[insn->form];
}

/* The step of a decoded instruction; `word` is its word if the caller has
 * it (else the record's is encoded, when recorded at all).  `trusted` 0 (a
 * constant; `pre` unused): the step makes the instruction's step_pre and
 * tests what it must.  1: the caller is trusted (the standalone run): warp w is ready
 * (its pick), the instruction is of the table and of the CTA's profile
 * (step_insn_here, each instruction of the program tested once,
 * wr_runner_new), `pre` is its step_pre, src->pg and src->pp read PT as
 * all ones (regfile_srcs), the CTA records no paths and no state
 * (record_paths and record_state 0), and the caller reads of the record
 * only its register writes and its exception (the header's other fields
 * are left as they were, the writes of the CTA's state are not made); the
 * step tests none of it again and returns 1 instead of 0 when its slow end
 * ran (step_end_). */
static inline __attribute__((always_inline)) int
step_insn_(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_word *word,
           const wr_srcs *src, wr_retire *rec, const step_pre *pre, const int trusted)
{
    /* only instructions of the table (the form's own optype) and of the
     * CTA's profile: one compare, the slow path tells which */
    if (!trusted && __builtin_expect(!step_insn_here(cta, insn), 0))
        return wr_step_not_here_(cta, w, insn, word, src, rec);
    wr_ctx x;
    if (step_begin_(&x, cta, w, src, rec, trusted) != 0)
        return -1;
    x.in = insn;
    const wr_warp *wp = x.w;
    const step_pre p = trusted ? *pre : step_pre_of(insn);
    x.pgv = (trusted ? src->pg : wr_pred_value(p.pg, src->pg)) ^ p.pg_not;
    x.ppv = (trusted ? src->pp : wr_pred_value(p.pp, src->pp)) ^ p.pp_not;  /* no Pp: PT */
    /* N-05 (fix): BAR.RED's Pp is the reduction input, not a guard (the
     * forms marked PIN(), the profiles' reductions too) */
    x.pmask = wp->active & x.pgv & (x.ppv | p.pp_free);
    x.next = wp->active_pc + WR_INST_SIZE;  /* PCs wrap modulo 2^64 (N-61) */

    dispatch(&x);
    return step_end_(&x, insn, word, trusted);
}

static inline __attribute__((always_inline)) int
step_insn(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_word *word,
          const wr_srcs *src, wr_retire *rec)
{
    return step_insn_(cta, w, insn, word, src, rec, NULL, 0);
}

/* wr_step on operands already in the step's form (the standalone run's,
 * regfile_srcs): the same step, without a copy of any operand; `pre` and
 * `trusted` as step_insn_'s. */
static inline __attribute__((always_inline)) int
step_srcs(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_srcs *src, wr_retire *rec, const step_pre *pre,
          const int trusted)
{
    return step_insn_(cta, w, insn, NULL, src, rec, pre, trusted);
}

#endif
