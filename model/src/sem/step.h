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
int wr_step_end_slow_(wr_ctx *x, const wr_insn *insn, const wr_word *word);
int wr_step_not_here_(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_word *word, const wr_srcs *src,
                      wr_retire *rec);

/* The dispatch, expanded from isa.def: exec_<OPTYPE> for every optype
 * (sem.h).  wr_step accepts only instructions whose optype is its form's,
 * so the default is unreachable. */
static inline void dispatch(wr_ctx *x)
{
    switch (x->in->optype) {
#define WR_OPTYPE(name, value, group, rule) case value: exec_##name(x); break;
#include "warpref/isa.def"
#undef WR_OPTYPE
    default: __builtin_unreachable();
    }
}


/* What every step does first: the warp must be ready; the record starts
 * empty; a pending `wake` goes to its bookkeeping (TRACE-FORMAT).  -1 if
 * the call is invalid. */
static inline int step_begin(wr_ctx *x, wr_cta *cta, unsigned w, const wr_srcs *src, wr_retire *rec)
{
    if (w >= cta->nwarps || cta->warp[w].run != WR_WARP_READY) {
        wr_step_refused_(cta, w);
        return -1;
    }
    x->cta = cta;
    x->w = &cta->warp[w];
    x->warp = w;
    x->src = src;
    x->rec = rec;
    x->bars_changed = x->warpbar_changed = x->runs_changed = 0;
    x->lost_events = x->lost_writes = 0;
    rec->warp = w;
    rec->pc = x->w->active_pc;
    rec->exception = WR_EXC_NONE;
    rec->fetch_fault = WR_FETCH_NONE;
    rec->nev = 0;
    rec->nwrites = 0;
    rec->book.t = cta->now;
    rec->book.wake = 0;
    if (__builtin_expect(cta->wake_pending != 0, 0)) {   /* (rare: a deadline fired) */
        rec->book.wake = (uint8_t)(cta->wake_pending >> w & 1u);
        cta->wake_pending &= ~(1u << w);
    }
    x->why = cta->record_paths ? &rec->why : NULL;
    if (x->why)
        x->why->n = 0;
    return 0;
}

static inline int step_end(wr_ctx *x, const wr_insn *insn, const wr_word *word)
{
    const wr_cta *cta = x->cta;
    x->rec->has_state = cta->record_state;
    /* (a lost write comes with a release: bars_changed) */
    if (x->rec->exception | x->bars_changed | x->warpbar_changed | x->runs_changed |
        x->lost_events | cta->record_state | cta->checks)
        return wr_step_end_slow_(x, insn, word);
    return 0;
}

/* The step of a decoded instruction; `word` is its word if the caller has
 * it (else the record's is encoded, when recorded at all). */
static inline __attribute__((always_inline)) int
step_insn(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_word *word,
          const wr_srcs *src, wr_retire *rec)
{
    /* only instructions of the table (the form's own optype) and of the
     * CTA's profile: one compare, the slow path tells which */
    if (__builtin_expect(insn->form >= WR_FORM_COUNT || insn->optype != cta->form_optypes[insn->form], 0))
        return wr_step_not_here_(cta, w, insn, word, src, rec);
    wr_ctx x;
    if (step_begin(&x, cta, w, src, rec) != 0)
        return -1;
    x.in = insn;
    const wr_warp *wp = x.w;
    x.pgv = wr_pred_value(wr_f_PG(insn), src->pg);
    if (wr_f_PG_NOT(insn))
        x.pgv = ~x.pgv;
    x.ppv = 0xffffffffu;                  /* forms without Pp: all true */
    if (wr_form_has(insn->form, WR_F_PP)) {
        x.ppv = wr_pred_value(wr_f_PP(insn), src->pp);
        if (wr_f_PP_NOT(insn))
            x.ppv = ~x.ppv;
    }
    /* N-05 (fix): BAR.RED's Pp is the reduction input, not a guard (the
     * forms marked PIN(), the profiles' reductions too) */
    x.pmask = wp->active & x.pgv & (wr_form_pin_[insn->form] ? 0xffffffffu : x.ppv);
    x.next = wp->active_pc + WR_INST_SIZE;  /* PCs wrap modulo 2^64 (N-61) */

    dispatch(&x);
    return step_end(&x, insn, word);
}

/* wr_step on operands already in the step's form (the standalone run's,
 * regfile_srcs): the same step, without a copy of any operand. */
static inline __attribute__((always_inline)) int
step_srcs(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_srcs *src, wr_retire *rec)
{
    return step_insn(cta, w, insn, NULL, src, rec);
}

#endif
