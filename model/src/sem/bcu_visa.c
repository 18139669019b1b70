/* bcu_visa.c - the visa profile (seed 004, Intel vISA NBARRIER; SPEC-NOTES
 * V-01 .. V-11): 32 named barriers with producers and consumers; one vISA
 * thread is one warp.  Its engine keeps seed 004's own counting behind the
 * hooks of engine.h (signals and waits, not arrivals of a count), and shares
 * the rest of bar_execute: pmask == 0 does nothing, precise exceptions,
 * blocking and the barrier events.
 *
 * The state word (V-11, `bars`):
 *
 *   bits 5:0    producers signalled       bits 23:18  nc (consumers expected)
 *   bits 11:6   consumers signalled       bit 24      the phase is complete
 *   bits 17:12  np (producers expected)   bits 30:25  consumers whose wait completed
 *
 * idle = 0.  Besides the word: the barrier's `arrived` holds the warps that
 * signalled as consumers in the phase, `bar_aux` those whose wait completed
 * (V-08), `blocked` the waiting consumers (phase incomplete) or the stalled
 * signallers (phase complete, V-07): never both at once.
 *
 * Choices where seed 004 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "engine.h"

enum {
    V_PROD_SHIFT = 0, V_CONS_SHIFT = 6, V_NP_SHIFT = 12, V_NC_SHIFT = 18,
    V_COMPLETE_BIT = 24, V_WAITED_SHIFT = 25, V_COUNT_MASK = 0x3f,
    V_WORD_MASK = 0x7fffffffu
};
enum { VISA_TYPE_PC = 0, VISA_TYPE_P = 1, VISA_TYPE_C = 2 };

static unsigned vget(uint32_t w, unsigned shift) { return (w >> shift) & V_COUNT_MASK; }
static uint32_t vset(uint32_t w, unsigned shift, unsigned v)
{
    if (v > V_COUNT_MASK)
        v = V_COUNT_MASK;                            /* choice: counts saturate at 63 */
    return (w & ~((uint32_t)V_COUNT_MASK << shift)) | (uint32_t)v << shift;
}
static int complete_bit(uint32_t w) { return (w >> V_COMPLETE_BIT) & 1u; }

/* An RI operand (isa.def): the immediate, or all 32 bits of its GPR in
 * lowest(pmask); *uniform cleared when the pmask lanes disagree (G-02) */
static uint32_t ri_value(const wr_ctx *x, unsigned field, int *uniform)
{
    const int slot = wr_insn_ri_reg(x->in, field);
    if (slot < 0)
        return (uint32_t)x->in->f[field];
    const uint32_t *v = slot == WR_F_RA ? gpr_a(x) : slot == WR_F_RB ? gpr_b(x) : slot == WR_F_RC ? gpr_c(x) : gpr_e(x);
    if (!gpr_uniform(v, x->pmask, 0xffffffffu))
        *uniform = 0;
    return (uint32_t)v[lowest(x->pmask)];
}

/* V-01: id, and for a signal type, np, nc (`signal id, n`: type 0, np = nc
 * = n); G-02: OPERAND_NOT_UNIFORM once, comparing all 32 bits */
static void visa_read_operands(wr_ctx *x, wr_bar_op *op)
{
    int uniform = 1;
    op->bar = ri_value(x, WR_F_NBID, &uniform);
    if (op->kind == WR_BARK_SIGNAL) {
        op->np = ri_value(x, WR_F_NBNP, &uniform);
        op->nc = op->np;
        op->type = VISA_TYPE_PC;
        if (x->in->form == WR_FORM_NBARRIER_G) {
            op->type = ri_value(x, WR_F_NBTYPE, &uniform);
            op->nc = ri_value(x, WR_F_NBNC, &uniform);
        }
    }
    if (!uniform)
        warn(x, WR_WARN_OPERAND_NOT_UNIFORM);
}

/* V-05: values outside their ranges raise ILLEGAL_ENCODING (choice: np and
 * nc against the CTA's warps for immediates too: the assembler cannot know
 * the CTA); V-04: a signal with another (np, nc) than its phase's raises
 * BAR_PARAM_MISMATCH (not a stalled one: it belongs to the next phase);
 * V-08: a wait needs a consumer of the phase that has not waited */
static unsigned visa_check(const wr_ctx *x, const wr_bar_op *op)
{
    const unsigned nwarps = x->cta->nwarps;
    if (op->bar > 31)
        return WR_EXC_ILLEGAL_ENCODING;
    const wr_barrier *bar = &x->cta->bar[op->bar];
    if (op->kind == WR_BARK_SIGNAL) {
        if (op->type > VISA_TYPE_C || op->np < 1 || op->np > nwarps || op->nc < 1 || op->nc > nwarps)
            return WR_EXC_ILLEGAL_ENCODING;
        if (bar->word != 0 && !complete_bit(bar->word) &&
            (op->np != vget(bar->word, V_NP_SHIFT) || op->nc != vget(bar->word, V_NC_SHIFT)))
            return WR_EXC_BAR_PARAM_MISMATCH;
        return WR_EXC_NONE;
    }
    const uint32_t me = 1u << x->warp;
    if (!(bar->arrived & me) || (x->cta->ps.bar_aux[op->bar] & me))
        return WR_EXC_NBAR_WAIT_NOT_CONSUMER;
    return WR_EXC_NONE;
}

/* one more completed wait on barrier b, by the warps `who` */
static uint32_t waited(wr_ctx *x, unsigned b, uint32_t word, uint32_t who)
{
    x->cta->ps.bar_aux[b] |= who;
    return vset(word, V_WAITED_SHIFT, vget(word, V_WAITED_SHIFT) + popcount32(who));
}

/* V-02, V-06, V-07, V-10 */
static int visa_arrive(wr_ctx *x, wr_bar_op *op)
{
    const unsigned b = op->bar;
    wr_barrier *bar = &x->cta->bar[b];
    uint32_t word = bar->word;
    op->wait = 0;
    if (op->kind == WR_BARK_SIGNAL) {
        if (complete_bit(word))
            return WR_ARR_STALL;                     /* V-07: the next phase's */
        if (word == 0)                               /* V-06: the first signal fixes np, nc */
            word = vset(vset(0, V_NP_SHIFT, op->np), V_NC_SHIFT, op->nc);
        if (op->type != VISA_TYPE_C)                 /* V-02: 0 and 1 produce */
            word = vset(word, V_PROD_SHIFT, vget(word, V_PROD_SHIFT) + 1);
        if (op->type != VISA_TYPE_P) {               /* 0 and 2 consume */
            word = vset(word, V_CONS_SHIFT, vget(word, V_CONS_SHIFT) + 1);
            bar->arrived |= 1u << x->warp;
        }
        bar->word = word;
        bar_changed(x, b);
        return x->cta->engine->complete(x->cta, b) ? WR_ARR_COMPLETE : WR_ARR_COUNTED;
    }
    if (!complete_bit(word)) {                       /* wait for the phase */
        op->wait = 1;
        return WR_ARR_COUNTED;
    }
    word = waited(x, b, word, 1u << x->warp);        /* the phase is complete: done */
    bar->word = word;
    bar_changed(x, b);
    return vget(word, V_WAITED_SHIFT) >= vget(word, V_CONS_SHIFT) ? WR_ARR_COMPLETE : WR_ARR_COUNTED;
}

/* V-06: producers >= np and consumers >= nc (the complete bit, once set) */
static int visa_complete(const wr_cta *cta, unsigned b)
{
    const uint32_t w = cta->bar[b].word;
    return complete_bit(w) || (w != 0 && vget(w, V_PROD_SHIFT) >= vget(w, V_NP_SHIFT) &&
                               vget(w, V_CONS_SHIFT) >= vget(w, V_NC_SHIFT));
}

/* V-03, V-06: every consumer waited: the barrier is free for the next phase */
static void free_barrier(wr_ctx *x, unsigned b)
{
    x->cta->bar[b].word = 0;
    x->cta->bar[b].arrived = 0;
    x->cta->ps.bar_aux[b] = 0;
}

/* A signal completed the phase: the waiting consumers finish their waits
 * (release:B:W..), and the barrier is free if they were all of them.  Or a
 * wait freed it: the stalled signallers go again (V-07), release:B:W.. only
 * when there are some (V-11). */
static void visa_release(wr_ctx *x, unsigned b)
{
    wr_barrier *bar = &x->cta->bar[b];
    uint32_t word = bar->word;
    const uint32_t woken = bar_wake_blocked(x, b);
    bar_changed(x, b);
    if (!complete_bit(word)) {
        word = waited(x, b, word | 1u << V_COMPLETE_BIT, woken);
        bar->word = word;
        push_event(x, WR_EV_RELEASE, b, woken);
        if (vget(word, V_WAITED_SHIFT) >= vget(word, V_CONS_SHIFT))
            free_barrier(x, b);
        return;
    }
    free_barrier(x, b);
    if (woken)
        push_event(x, WR_EV_RELEASE, b, woken);
}

/* V-09: exited warps are never counted, nothing is re-checked */
static void visa_warp_exit(wr_ctx *x) { (void)x; }

static void visa_deliver(wr_ctx *x, unsigned b)
{
    (void)x;
    (void)b;                         /* no results */
}

const wr_bar_engine wr_visa_engine = {
    .name = "visa",
    .nbars = 32,                     /* V-01: named barriers 0..31 */
    .delivers = WR_DELIVER_NONE,     /* no results */
    .id_mask = 0x1fu,
    .word_mask = V_WORD_MASK,        /* V-11 */
    .read_operands = visa_read_operands,
    .check = visa_check,
    .arrive = visa_arrive,
    .complete = visa_complete,
    .release = visa_release,
    .deliver = visa_deliver,
    .warp_exit = visa_warp_exit,
    .trap = NULL,
};

/* NBARRIER.wait id / NBARRIER.signal id, n / NBARRIER.signal id, type, np, nc
 * (seed 004; V-01, V-02) */
void exec_NBARRIER(wr_ctx *x)
{
    const int signal = F_(x, NBMODE) != 0;
    bar_execute(x, &(wr_bar_op){ .kind = signal ? WR_BARK_SIGNAL : WR_BARK_WAIT });
}
