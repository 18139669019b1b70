/* bcu_native.c - the native barrier engine: seed 000 read as SPEC-NOTES
 * section 4 says (N-30..N-38), behind the hooks of engine.h.  Its parts
 * (the checks, counting an arrival, completion, release, the exit re-check)
 * are the building blocks the profiles' engines reuse.
 *
 * Each barrier keeps its state in one word (N-38, WR_BAR_* in model.h) plus
 * two bookkeeping masks of warps: `blocked` (waiting, N-35) and `arrived`
 * (arrived in the current phase; they receive a reduction's result, N-34).
 *
 * Choices where seed 000 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "engine.h"

/* N-30: barrier id and expected count of a BAR / BAR.RED, register parts
 * read from lowest(pmask); OPERAND_NOT_UNIFORM once if the pmask lanes
 * disagree on the bits used.  pmask != 0. */
static void native_read_operands(wr_ctx *x, wr_bar_op *op)
{
    bar_src src;
    switch (x->in->form) {
    case WR_FORM_BAR_RR:             /* barid = Ra[3:0], cnt = Rb[11:0] */
        src = (bar_src){ BAR_FROM_RA, 0, BAR_FROM_RB, 0 };
        break;
    case WR_FORM_BAR_RRI:            /* barid = Rb[3:0], cnt = imm12 */
    case WR_FORM_BAR_RED_RRI:
        src = (bar_src){ BAR_FROM_RB, 0, BAR_FROM_IMM, 0 };
        break;
    case WR_FORM_BAR_RIR:            /* barid = imm4, cnt = Rc[11:0] */
    case WR_FORM_BAR_RED_RIR:
        src = (bar_src){ BAR_FROM_IMM, 0, BAR_FROM_RC, 0 };
        break;
    case WR_FORM_BAR_RED_R:          /* barid = Rb[3:0], cnt = Rb[15:4] (the prose wins) */
        src = (bar_src){ BAR_FROM_RB, 0, BAR_FROM_RB, 4 };
        break;
    default:                         /* I forms: barid = imm4, cnt = imm12 */
        src = (bar_src){ BAR_FROM_IMM, 0, BAR_FROM_IMM, 0 };
        break;
    }
    bar_read_id_cnt(x, op, src);
}

/* N-37: precise exceptions, in this order, before any state changes */
static unsigned native_check(const wr_ctx *x, const wr_bar_op *op)
{
    const unsigned exc = bar_check_count(x, op);
    return exc != WR_EXC_NONE ? exc : bar_check_phase(x->cta, op);
}

/* N-32: has barrier b's phase completed?  cnt > 0: count >= cnt, i.e.
 * arrived >= expected.  cnt == 0: count + 32 x (fully exited warps) >=
 * 32 x (warps in the CTA), a partial last warp counting as 32. */
static inline __attribute__((always_inline)) int complete_(const wr_cta *cta, unsigned b)
{
    const uint32_t word = cta->bar[b].word;
    unsigned arrived = BAR_FIELD(word, ARRIVED), expect = BAR_FIELD(word, EXPECT);
    if (expect != 0)
        return arrived >= expect;
    /* arrived + exited >= nwarps, i.e. arrived >= the warps not exited
     * (trapped/faulted: not exited): counted until they outnumber it */
    const unsigned n = cta->nwarps;
    if (arrived >= n)
        return 1;
    unsigned live = 0, i = 0;
    for (; i + 4 <= n; i += 4) {         /* four warps a test (they cannot
                                            outnumber it sooner) */
        live += (cta->warp[i].run != WR_WARP_EXITED) + (cta->warp[i + 1].run != WR_WARP_EXITED) +
                (cta->warp[i + 2].run != WR_WARP_EXITED) + (cta->warp[i + 3].run != WR_WARP_EXITED);
        if (live > arrived)
            return 0;
    }
    for (; i < n; i++)
        live += cta->warp[i].run != WR_WARP_EXITED;
    return live <= arrived;
}

int bar_complete(const wr_cta *cta, unsigned b) { return complete_(cta, b); }

/* N-31, N-36: count the arrival (checked: no exception) of the warp whose
 * lanes op->lanes take part with inputs op->in; 1 when the phase is
 * complete */
static inline __attribute__((always_inline)) int count_arrival_(wr_ctx *x, const wr_bar_op *op)
{
    wr_barrier *bar = &x->cta->bar[op->bar];
    uint32_t word = bar->word;
    const int red = bar_mode_of(op) == WR_BARMODE_RED;

    if (BAR_FIELD(word, MODE) == WR_BARMODE_IDLE) {
        /* A phase starts.  choice: from a clean word; fields an idle word
         * may hold after an R2B.BAR (arrived, accumulator, bit 28) belong
         * to no phase and are dropped.  N-36: AND starts at 1, OR/POPC 0. */
        word = 0;
        word = BAR_WITH(word, EXPECT, op->cnt >> 5);
        word = BAR_WITH(word, MODE, bar_mode_of(op));
        if (red) {
            word = BAR_WITH(word, OP, op->redop);
            word = BAR_WITH(word, ACC, op->redop == WR_REDOP_AND ? 1u : 0u);
        }
    }

    /* N-31: +32 whatever the number of active lanes, i.e. one warp more.
     * choice: a count restored by R2B.BAR at 63 saturates there. */
    const unsigned arrived = BAR_FIELD(word, ARRIVED);
    word = BAR_WITH(word, ARRIVED, arrived < WR_BAR_ARRIVED_MASK ? arrived + 1 : arrived);

    if (red) {
        /* N-36: the lanes taking part (pmask, N-05) contribute ppv (with `!` applied) */
        const uint32_t in = op->in;
        const unsigned acc = BAR_FIELD(word, ACC);
        unsigned r = acc;
        switch (op->redop) {
        case WR_REDOP_AND:  r = acc != 0 && in == op->lanes; break;
        case WR_REDOP_OR:   r = acc != 0 || in != 0; break;
        case WR_REDOP_POPC:
        case WR_REDOP_SCAN: /* S-11: the running count */
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
    return complete_(x->cta, op->bar);                 /* N-32 */
}

int bar_count_arrival(wr_ctx *x, const wr_bar_op *op) { return count_arrival_(x, op); }

static int native_arrive(wr_ctx *x, wr_bar_op *op)
{
    return count_arrival_(x, op) ? WR_ARR_COMPLETE : WR_ARR_COUNTED;
}

/* N-34: a reduction's final word goes to every warp that arrived in the
 * phase: arrived, expected, mode 2, op, accumulator = result, bit 28 */
void bar_deliver_warpbar(wr_ctx *x, unsigned b)
{
    const wr_barrier *bar = &x->cta->bar[b];
    if (BAR_FIELD(bar->word, MODE) != WR_BARMODE_RED)
        return;
    const uint32_t final = bar->word | 1u << WR_BAR_DEFINED_BIT;
    for (uint32_t m = bar->arrived; m; m &= m - 1)
        set_warp_bar_state(x, lowest(m), final);
}

/* N-34: complete barrier b: the blocked warps become ready, the results are
 * delivered (the engine's deliver), the barrier becomes idle.  Event
 * release:B with the warps woken. */
void bar_release(wr_ctx *x, unsigned b)
{
    wr_cta *cta = x->cta;
    wr_barrier *bar = &cta->bar[b];
    const uint32_t woken = bar_wake_blocked(x, b);
    cta->engine->deliver(x, b);
    bar->word = 0;
    bar->arrived = 0;
    bar_changed(x, b);
    push_event(x, WR_EV_RELEASE, b, woken);
}

/* N-33: a full exit can complete a cnt == 0 barrier; re-check each one in
 * progress, in ascending order.  Called by warp_exit() after `exit`. */
void bar_warp_exit(wr_ctx *x)
{
    const wr_bar_engine *eng = x->cta->engine;
    for (unsigned b = 0; b < x->cta->nbars; b++) {
        const uint32_t word = x->cta->bar[b].word;
        /* choice: "in progress" is mode != 0, so a restored mode 3 counts */
        if (BAR_FIELD(word, MODE) != WR_BARMODE_IDLE && BAR_FIELD(word, EXPECT) == 0 &&
            eng->complete(x->cta, b))
            eng->release(x, b);
    }
}

const wr_bar_engine wr_native_engine = {
    .name = "native",
    .nbars = 16,                     /* N-30: a 4-bit barrier id */
    .delivers = WR_DELIVER_WARPBAR,  /* N-34 */
    .id_mask = 0xfu,
    .word_mask = WR_BAR_WORD_MASK,   /* N-38: bits 31:29 zero */
    .read_operands = native_read_operands,
    .check = native_check,
    .arrive = native_arrive,
    .complete = bar_complete,
    .release = bar_release,
    .deliver = bar_deliver_warpbar,
    .warp_exit = bar_warp_exit,
    .trap = NULL,                    /* N-26: TRAP and RTT stop the warp */
};
