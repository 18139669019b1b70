/* bcu_native.c - the native barrier engine: seed 000 read as SPEC-NOTES
 * section 4 says (N-30..N-38), behind the hooks of engine.h.
 *
 * Each barrier keeps its state in one word (N-38, WR_BAR_* in model.h) plus
 * two bookkeeping masks of warps: `blocked` (waiting, N-35) and `arrived`
 * (arrived in the current phase; they receive a reduction's result, N-34).
 *
 * Choices where seed 000 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "engine.h"

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
static void native_read_operands(wr_ctx *x, wr_bar_op *op)
{
    const uint32_t pm = x->pmask;
    const uint32_t idm = x->cta->bar_id_mask;        /* [3:0] */
    const unsigned l = lowest(pm);
    int uniform = 1;
    uint32_t v;

    switch (x->in->form) {
    case WR_FORM_BAR_RR: {           /* barid = Ra[3:0], cnt = Rb[11:0] */
        const uint64_t *a = gpr_a(x), *b = gpr_b(x);
        op->bar = (uint32_t)a[l] & idm;
        op->cnt = (uint32_t)b[l] & 0xfffu;
        uniform = gpr_uniform(a, pm, idm) && gpr_uniform(b, pm, 0xfffu);
        break;
    }
    case WR_FORM_BAR_RRI:            /* barid = Rb[3:0], cnt = imm12 */
    case WR_FORM_BAR_RED_RRI: {
        const uint64_t *b = gpr_b(x);
        op->bar = (uint32_t)b[l] & idm;
        op->cnt = F_(x, CNT) & 0xfffu;
        uniform = gpr_uniform(b, pm, idm);
        break;
    }
    case WR_FORM_BAR_RIR:            /* barid = imm4, cnt = Rc[11:0] */
    case WR_FORM_BAR_RED_RIR: {
        const uint64_t *c = gpr_c(x);
        op->bar = F_(x, BARID) & idm;
        op->cnt = (uint32_t)c[l] & 0xfffu;
        uniform = gpr_uniform(c, pm, 0xfffu);
        break;
    }
    case WR_FORM_BAR_RED_R: {        /* barid = Rb[3:0], cnt = Rb[15:4] (the prose wins) */
        const uint64_t *b = gpr_b(x);
        v = (uint32_t)b[l];
        op->bar = v & idm;
        op->cnt = (v >> 4) & 0xfffu;
        uniform = gpr_uniform(b, pm, 0xfff0u | idm);
        break;
    }
    default:                         /* I forms: barid = imm4, cnt = imm12 */
        op->bar = F_(x, BARID) & idm;
        op->cnt = F_(x, CNT) & 0xfffu;
        break;
    }
    if (!uniform)
        warn(x, WR_WARN_OPERAND_NOT_UNIFORM);
}

/* the mode a kind of arrival runs its barrier in */
static unsigned mode_of(const wr_bar_op *op)
{
    return op->kind == WR_BARK_RED ? WR_BARMODE_RED : WR_BARMODE_SYNC;
}

/* N-37: precise exceptions, in this order, before any state changes */
static unsigned native_check(const wr_ctx *x, const wr_bar_op *op)
{
    const uint32_t word = x->cta->bar[op->bar].word;
    const unsigned mode = BAR_FIELD(word, MODE);
    if (op->cnt % 32 != 0)
        return WR_EXC_BAR_CNT_ALIGN;
    if (op->kind == WR_BARK_ARV && op->cnt == 0)
        return WR_EXC_BAR_ARV_ZERO_CNT;
    if (mode != WR_BARMODE_IDLE &&
        (mode != mode_of(op) || (op->kind == WR_BARK_RED && BAR_FIELD(word, OP) != op->redop)))
        return WR_EXC_BAR_MODE_MISMATCH;              /* also a restored mode 3 (N-38) */
    if (mode != WR_BARMODE_IDLE && (op->cnt >> 5) != BAR_FIELD(word, EXPECT))
        return WR_EXC_BAR_PARAM_MISMATCH;
    return WR_EXC_NONE;
}

/* N-32: has barrier b's phase completed?  cnt > 0: count >= cnt, i.e.
 * arrived >= expected.  cnt == 0: count + 32 x (fully exited warps) >=
 * 32 x (warps in the CTA), a partial last warp counting as 32. */
static int native_complete(const wr_cta *cta, unsigned b)
{
    const uint32_t word = cta->bar[b].word;
    unsigned arrived = BAR_FIELD(word, ARRIVED), expect = BAR_FIELD(word, EXPECT);
    if (expect != 0)
        return arrived >= expect;
    unsigned exited = 0;
    for (unsigned i = 0; i < cta->nwarps; i++)
        exited += cta->warp[i].run == WR_WARP_EXITED;  /* trapped/faulted: not exited */
    return arrived + exited >= cta->nwarps;
}

/* N-31, N-36: count the arrival (checked: no exception) */
static int native_arrive(wr_ctx *x, const wr_bar_op *op)
{
    wr_barrier *bar = &x->cta->bar[op->bar];
    uint32_t word = bar->word;

    if (BAR_FIELD(word, MODE) == WR_BARMODE_IDLE) {
        /* A phase starts.  choice: from a clean word; fields an idle word
         * may hold after an R2B.BAR (arrived, accumulator, bit 28) belong
         * to no phase and are dropped.  N-36: AND starts at 1, OR/POPC 0. */
        word = 0;
        word = BAR_WITH(word, EXPECT, op->cnt >> 5);
        word = BAR_WITH(word, MODE, mode_of(op));
        if (op->kind == WR_BARK_RED) {
            word = BAR_WITH(word, OP, op->redop);
            word = BAR_WITH(word, ACC, op->redop == WR_REDOP_AND ? 1u : 0u);
        }
    }

    /* N-31: +32 whatever the number of active lanes, i.e. one warp more.
     * choice: a count restored by R2B.BAR at 63 saturates there. */
    const unsigned arrived = BAR_FIELD(word, ARRIVED);
    word = BAR_WITH(word, ARRIVED, arrived < WR_BAR_ARRIVED_MASK ? arrived + 1 : arrived);

    if (op->kind == WR_BARK_RED) {
        /* N-36: pmask lanes (N-05) contribute ppv (with `!` applied) */
        const uint32_t in = x->pmask & x->ppv;
        const unsigned acc = BAR_FIELD(word, ACC);
        unsigned r = acc;
        switch (op->redop) {
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
        word = BAR_WITH(word, ACC, r);
    }

    bar->word = word;
    bar->arrived |= 1u << x->warp;
    bar_changed(x, op->bar);
    return native_complete(x->cta, op->bar);          /* N-32 */
}

/* N-34: complete barrier b: the blocked warps become ready, a reduction's
 * final word goes to every warp that arrived in the phase, the barrier
 * becomes idle.  Event release:B with the warps woken. */
static void native_release(wr_ctx *x, unsigned b)
{
    wr_cta *cta = x->cta;
    wr_barrier *bar = &cta->bar[b];
    const uint32_t woken = bar_wake_blocked(x, b);

    if (BAR_FIELD(bar->word, MODE) == WR_BARMODE_RED) {
        /* final word: arrived, expected, mode 2, op, accumulator = result, bit 28 */
        const uint32_t final = bar->word | 1u << WR_BAR_DEFINED_BIT;
        for (uint32_t m = bar->arrived; m; m &= m - 1)
            set_warp_bar_state(x, lowest(m), final);
    }
    bar->word = 0;
    bar->arrived = 0;
    bar_changed(x, b);
    push_event(x, WR_EV_RELEASE, b, woken);
}

/* N-33: a full exit can complete a cnt == 0 barrier; re-check each one in
 * progress, in ascending order.  Called by warp_exit() after `exit`. */
static void native_warp_exit(wr_ctx *x)
{
    for (unsigned b = 0; b < x->cta->nbars; b++) {
        const uint32_t word = x->cta->bar[b].word;
        /* choice: "in progress" is mode != 0, so a restored mode 3 counts */
        if (BAR_FIELD(word, MODE) != WR_BARMODE_IDLE && BAR_FIELD(word, EXPECT) == 0 &&
            native_complete(x->cta, b))
            native_release(x, b);
    }
}

const wr_bar_engine wr_native_engine = {
    .name = "native",
    .nbars = 16,                     /* N-30: a 4-bit barrier id */
    .id_mask = 0xfu,
    .read_operands = native_read_operands,
    .check = native_check,
    .arrive = native_arrive,
    .complete = native_complete,
    .release = native_release,
    .warp_exit = native_warp_exit,
};
