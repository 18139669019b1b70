/* bcu.c - the barrier unit of seed 000 (SPEC-NOTES section 4, N-30..N-39).
 *
 * One function per instruction: exec_BAR (BAR.SYNC / BAR.ARV), exec_BAR_RED
 * (BAR.RED), exec_B2R (B2R.BAR / B2R.WARP), exec_B2R_RESULT (BAR.RESULT),
 * exec_R2B (R2B.BAR / R2B.WARP), and bcu_warp_exited, which the dispatcher's
 * warp_exit() calls after a full exit (N-33).
 *
 * Each barrier keeps its state in one word (N-38, WR_BAR_* in model.h) plus
 * two bookkeeping masks of warps: `blocked` (waiting, N-35) and `arrived`
 * (arrived in the current phase; they receive a reduction's result, N-34).
 *
 * Choices where seed 000 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "sem.h"

/* ---- state word fields (N-38) ------------------------------------------ */

#define FIELD(word, name) (((word) >> WR_BAR_##name##_SHIFT) & (uint32_t)WR_BAR_##name##_MASK)
#define WITH(word, name, v)                                                      \
    (((word) & ~((uint32_t)WR_BAR_##name##_MASK << WR_BAR_##name##_SHIFT)) |     \
     (((uint32_t)(v) & (uint32_t)WR_BAR_##name##_MASK) << WR_BAR_##name##_SHIFT))

/* ---- operands (N-30) ------------------------------------------------------ */

/* Do the lanes of m agree on `bits` of the GPR values v?  (RZ's zero lanes
 * always do.) */
static int gpr_uniform(const uint64_t *v, uint32_t m, uint32_t bits)
{
    uint32_t ref = (uint32_t)v[lowest(m)] & bits;
    for (; m; m &= m - 1)
        if (((uint32_t)v[lowest(m)] & bits) != ref)
            return 0;
    return 1;
}

/* N-30: barrier id and expected count of a BAR / BAR.RED, register parts
 * read from lowest(pmask); OPERAND_NOT_UNIFORM once if the pmask lanes
 * disagree on the bits used.  pmask != 0. */
static void bar_operands(wr_ctx *x, unsigned *barid, unsigned *cnt)
{
    const uint32_t pm = x->pmask;
    const unsigned l = lowest(pm);
    int uniform = 1;
    uint32_t v;

    switch (x->in->form) {
    case WR_FORM_BAR_RR: {           /* barid = Ra[3:0], cnt = Rb[11:0] */
        const uint64_t *a = gpr_a(x), *b = gpr_b(x);
        *barid = (uint32_t)a[l] & 0xfu;
        *cnt = (uint32_t)b[l] & 0xfffu;
        uniform = gpr_uniform(a, pm, 0xfu) && gpr_uniform(b, pm, 0xfffu);
        break;
    }
    case WR_FORM_BAR_RRI:            /* barid = Rb[3:0], cnt = imm12 */
    case WR_FORM_BAR_RED_RRI: {
        const uint64_t *b = gpr_b(x);
        *barid = (uint32_t)b[l] & 0xfu;
        *cnt = F_(x, CNT) & 0xfffu;
        uniform = gpr_uniform(b, pm, 0xfu);
        break;
    }
    case WR_FORM_BAR_RIR:            /* barid = imm4, cnt = Rc[11:0] */
    case WR_FORM_BAR_RED_RIR: {
        const uint64_t *c = gpr_c(x);
        *barid = F_(x, BARID) & 0xfu;
        *cnt = (uint32_t)c[l] & 0xfffu;
        uniform = gpr_uniform(c, pm, 0xfffu);
        break;
    }
    case WR_FORM_BAR_RED_R: {        /* barid = Rb[3:0], cnt = Rb[15:4] (the prose wins) */
        const uint64_t *b = gpr_b(x);
        v = (uint32_t)b[l];
        *barid = v & 0xfu;
        *cnt = (v >> 4) & 0xfffu;
        uniform = gpr_uniform(b, pm, 0xffffu);
        break;
    }
    default:                         /* I forms: barid = imm4, cnt = imm12 */
        *barid = F_(x, BARID) & 0xfu;
        *cnt = F_(x, CNT) & 0xfffu;
        break;
    }
    if (!uniform)
        warn(x, WR_WARN_OPERAND_NOT_UNIFORM);
}

/* ---- completion (N-32, N-34) --------------------------------------------- */

/* N-32: has the phase in `word` completed?  cnt > 0: count >= cnt, i.e.
 * arrived >= expected.  cnt == 0: count + 32 x (fully exited warps) >=
 * 32 x (warps in the CTA), a partial last warp counting as 32. */
static int bar_done(const wr_cta *cta, uint32_t word)
{
    unsigned arrived = FIELD(word, ARRIVED), expect = FIELD(word, EXPECT);
    if (expect != 0)
        return arrived >= expect;
    unsigned exited = 0;
    for (unsigned i = 0; i < cta->nwarps; i++)
        exited += cta->warp[i].run == WR_WARP_EXITED;  /* trapped/faulted: not exited */
    return arrived + exited >= cta->nwarps;
}

/* N-34: complete barrier b: the blocked warps become ready, a reduction's
 * final word goes to every warp that arrived in the phase, the barrier
 * becomes idle.  Event release:B with the warps woken. */
static void bar_complete(wr_ctx *x, unsigned b)
{
    wr_cta *cta = x->cta;
    wr_barrier *bar = &cta->bar[b];
    const uint32_t woken = bar->blocked;

    for (uint32_t m = woken; m; m &= m - 1) {
        const unsigned i = lowest(m);
        set_run(x, i, WR_WARP_READY);
        cta->warp[i].blocked_bar = 0;          /* no stale value in the compared state (N-55) */
    }
    if (FIELD(bar->word, MODE) == WR_BARMODE_RED) {
        /* final word: arrived, expected, mode 2, op, accumulator = result, bit 28 */
        const uint32_t final = bar->word | 1u << WR_BAR_DEFINED_BIT;
        for (uint32_t m = bar->arrived; m; m &= m - 1) {
            wr_warp *w = &cta->warp[lowest(m)];
            w->bar_state = final;
            w->bar_state_defined = 1;
        }
    }
    bar->word = 0;
    bar->blocked = 0;
    bar->arrived = 0;
    x->eff->bars_changed |= (uint16_t)(1u << b);
    push_event(x, WR_EV_RELEASE, b, woken);
}

/* ---- arrival (N-31..N-37), shared by BAR and BAR.RED --------------------- */

enum bar_kind { KIND_SYNC, KIND_ARV, KIND_RED };

static void bar_arrive(wr_ctx *x, enum bar_kind kind, unsigned redop)
{
    wr_warp *w = x->w;

    /* N-31: the warp executes the instruction iff pmask != 0 */
    if (x->pmask == 0) {
        w->active_pc = x->next;
        return;
    }
    unsigned b, cnt;
    bar_operands(x, &b, &cnt);                        /* N-30, warning first */

    wr_barrier *bar = &x->cta->bar[b];
    uint32_t word = bar->word;
    const unsigned mode = FIELD(word, MODE);
    const unsigned want = kind == KIND_RED ? WR_BARMODE_RED : WR_BARMODE_SYNC;

    /* N-37: precise exceptions, in this order, before any state changes */
    if (cnt % 32 != 0) {
        raise_exc(x, WR_EXC_BAR_CNT_ALIGN);
        return;
    }
    if (kind == KIND_ARV && cnt == 0) {
        raise_exc(x, WR_EXC_BAR_ARV_ZERO_CNT);
        return;
    }
    if (mode != WR_BARMODE_IDLE &&
        (mode != want || (kind == KIND_RED && FIELD(word, OP) != redop))) {
        raise_exc(x, WR_EXC_BAR_MODE_MISMATCH);       /* also a restored mode 3 (N-38) */
        return;
    }
    if (mode != WR_BARMODE_IDLE && (cnt >> 5) != FIELD(word, EXPECT)) {
        raise_exc(x, WR_EXC_BAR_PARAM_MISMATCH);
        return;
    }

    if (mode == WR_BARMODE_IDLE) {
        /* A phase starts.  choice: from a clean word; fields an idle word
         * may hold after an R2B.BAR (arrived, accumulator, bit 28) belong
         * to no phase and are dropped.  N-36: AND starts at 1, OR/POPC 0. */
        word = 0;
        word = WITH(word, EXPECT, cnt >> 5);
        word = WITH(word, MODE, want);
        if (kind == KIND_RED) {
            word = WITH(word, OP, redop);
            word = WITH(word, ACC, redop == WR_REDOP_AND ? 1u : 0u);
        }
    }

    /* N-31: +32 whatever the number of active lanes, i.e. one warp more.
     * choice: a count restored by R2B.BAR at 63 saturates there. */
    const unsigned arrived = FIELD(word, ARRIVED);
    word = WITH(word, ARRIVED, arrived < WR_BAR_ARRIVED_MASK ? arrived + 1 : arrived);

    if (kind == KIND_RED) {
        /* N-36: pmask lanes (N-05) contribute ppv (with `!` applied) */
        const uint32_t in = x->pmask & x->ppv;
        const unsigned acc = FIELD(word, ACC);
        unsigned r = acc;
        switch (redop) {
        case WR_REDOP_AND:  r = acc != 0 && in == x->pmask; break;
        case WR_REDOP_OR:   r = acc != 0 || in != 0; break;
        case WR_REDOP_POPC:
            /* choice: a count restored by R2B.BAR near 2047 saturates */
            r = acc + popcount32(in);
            if (r > WR_BAR_ACC_MASK)
                r = WR_BAR_ACC_MASK;
            break;
        default:            break;                    /* not decodable */
        }
        word = WITH(word, ACC, r);
    }

    bar->word = word;
    bar->arrived |= 1u << x->warp;
    x->eff->bars_changed |= (uint16_t)(1u << b);
    w->active_pc = x->next;                           /* N-31; a blocked warp resumes here */

    if (bar_done(x->cta, word)) {                     /* N-32 */
        push_event(x, WR_EV_ARRIVE, b, 0);       /* own arrival completed it */
        bar_complete(x, b);                           /* N-34 */
    } else if (kind == KIND_ARV) {
        push_event(x, WR_EV_ARRIVE, b, 0);       /* N-35: ARV never blocks */
    } else {
        set_run(x, x->warp, WR_WARP_BLOCKED);         /* N-35: the whole warp */
        w->blocked_bar = (uint8_t)b;
        bar->blocked |= 1u << x->warp;
        push_event(x, WR_EV_BLOCK, b, 0);
    }
}

/* BAR.SYNC / BAR.ARV barid, cnt (seed 000, BAR) */
void exec_BAR(wr_ctx *x)
{
    bar_arrive(x, F_(x, BARMODE) == 0 ? KIND_SYNC : KIND_ARV, 0);
}

/* BAR.RED.op barid, cnt, {!}Pp and BAR.RED.op Rb, {!}Pp (seed 000, BAR_RED) */
void exec_BAR_RED(wr_ctx *x)
{
    bar_arrive(x, KIND_RED, F_(x, REDOP));
}

/* N-33: a full exit can complete a cnt == 0 barrier; re-check each one in
 * progress, in ascending order.  Called by warp_exit() after `exit`. */
void bcu_warp_exited(wr_ctx *x)
{
    for (unsigned b = 0; b < WR_NUM_BARRIERS; b++) {
        const uint32_t word = x->cta->bar[b].word;
        /* choice: "in progress" is mode != 0, so a restored mode 3 counts */
        if (FIELD(word, MODE) != WR_BARMODE_IDLE && FIELD(word, EXPECT) == 0 &&
            bar_done(x->cta, word))
            bar_complete(x, b);
    }
}

/* ---- state transfer (N-38, N-39) ----------------------------------------- */

/* Undefined destination values (section 5): value 0, every bit don't-care.
 * choice: the don't-care marks are set only when something is written
 * (not for RZ/PT or pmask == 0). */
static void rd_undefined(wr_ctx *x)
{
    wr_effect *e = x->eff;
    for (uint32_t m = e->rd_mask; m; m &= m - 1)
        e->rd_val[lowest(m)] = 0;
    if (e->rd_mask) {
        e->rd_dc = 0xffffffffu;
        e->rd_undef = e->rd_mask;
    }
}

/* B2R.BAR Rd, b / B2R.WARP Rd (seed 000, B2R; N-39) */
void exec_B2R(wr_ctx *x)
{
    wr_effect *e = x->eff;
    write_rd(x, x->pmask);                           /* pmask lanes; RZ discarded */
    if (wr_insn_names_barrier(x->in)) {              /* .BAR: the barrier's word */
        const uint32_t v = x->cta->bar[F_(x, BARID) & 0xf].word;
        for (uint32_t m = e->rd_mask; m; m &= m - 1)
            e->rd_val[lowest(m)] = v;
    } else if (x->w->bar_state_defined) {            /* .WARP: WarpBARState */
        for (uint32_t m = e->rd_mask; m; m &= m - 1)
            e->rd_val[lowest(m)] = x->w->bar_state;
    } else {
        rd_undefined(x);                             /* no reduction nor R2B.WARP yet */
    }
    x->w->active_pc = x->next;
}

/* BAR.RESULT Rd, Pu (seed 000, B2R_RESULT; N-39) */
void exec_B2R_RESULT(wr_ctx *x)
{
    wr_effect *e = x->eff;
    const wr_warp *w = x->w;
    const uint32_t s = w->bar_state;
    const int defined = w->bar_state_defined && (s >> WR_BAR_DEFINED_BIT & 1u);
    const unsigned op = FIELD(s, OP), acc = FIELD(s, ACC);
    const unsigned pu = F_(x, PU);

    write_rd(x, x->pmask);
    e->pd = (uint8_t)pu;
    e->pd_mask = pu == WR_PT ? 0u : x->pmask;        /* PT discarded */
    e->pd_val = 0;

    if (defined && op == WR_REDOP_POPC) {            /* Rd = count, Pu undefined */
        for (uint32_t m = e->rd_mask; m; m &= m - 1)
            e->rd_val[lowest(m)] = acc;
    } else {
        rd_undefined(x);
    }
    if (defined && (op == WR_REDOP_AND || op == WR_REDOP_OR)) {  /* Pu = result, Rd undefined */
        e->pd_val = acc != 0 ? e->pd_mask : 0u;
    } else if (e->pd_mask) {                         /* op POPC or 3, or no result */
        e->pd_dc = 1;
        e->pd_undef = e->pd_mask;
    }
    x->w->active_pc = x->next;
}

/* R2B.BAR b, Ra / R2B.WARP Ra (seed 000, R2B; N-38, N-39) */
void exec_R2B(wr_ctx *x)
{
    if (x->pmask != 0) {
        const uint32_t v = (uint32_t)gpr_a(x)[lowest(x->pmask)];
        if (wr_insn_names_barrier(x->in)) {
            /* .BAR: bits 31:29 dropped; no completion check, the blocked
             * and arrived warps stay as they are */
            const unsigned b = F_(x, BARID) & 0xfu;
            x->cta->bar[b].word = v & (uint32_t)WR_BAR_WORD_MASK;
            x->eff->bars_changed |= (uint16_t)(1u << b);
        } else {
            x->w->bar_state = v;                     /* .WARP: all 32 bits, defined */
            x->w->bar_state_defined = 1;
        }
    }
    x->w->active_pc = x->next;
}
