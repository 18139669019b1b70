/* bcu.c - the barrier unit's instructions (seed 000, SPEC-NOTES section 4):
 * exec_BAR (BAR.SYNC / BAR.ARV), exec_BAR_RED (BAR.RED), exec_B2R (B2R.BAR /
 * B2R.WARP), exec_B2R_RESULT (BAR.RESULT), exec_R2B (R2B.BAR / R2B.WARP).
 *
 * Every barrier instruction of every profile runs bar_execute: what every
 * profile shares (N-31, N-35, N-37) is here, the rest is the CTA's barrier
 * engine (engine.h; native bcu_native.c, sass bcu_sass.c, ptx bcu_ptx.c,
 * visa bcu_visa.c).  B2R, R2B and BAR.RESULT move the N-38 state word.
 *
 * Choices where seed 000 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "engine.h"

/* ---- operands, shared by the engines --------------------------------------- */

int gpr_uniform(const uint32_t *v, uint32_t m, uint32_t bits)
{
    uint32_t ref = (uint32_t)v[lowest(m)] & bits;
    for (; m; m &= m - 1)
        if (((uint32_t)v[lowest(m)] & bits) != ref)
            return 0;
    return 1;
}

/* the lanes of GPR source a, b or c (RZ: zeros) */
static const uint32_t *gpr_from(const wr_ctx *x, unsigned from)
{
    return from == BAR_FROM_RA ? gpr_a(x) : from == BAR_FROM_RB ? gpr_b(x) : gpr_c(x);
}

void bar_read_regs(wr_ctx *x, wr_bar_op *op, bar_src src)
{
    const uint32_t pm = x->pmask;
    const uint32_t idm = x->cta->bar_id_mask;
    const unsigned l = lowest(pm);
    uint32_t used[3] = { 0, 0, 0 };           /* bits read of Ra, Rb, Rc */

    op->bar = F_(x, BARID) & idm;
    if (src.id_from >= BAR_FROM_RA) {
        op->bar = ((uint32_t)gpr_from(x, src.id_from)[l] >> src.id_shift) & idm;
        used[src.id_from - BAR_FROM_RA] |= idm << src.id_shift;
    }
    op->cnt = src.cnt_from == BAR_FROM_IMM ? F_(x, CNT) & 0xfffu : 0;
    if (src.cnt_from >= BAR_FROM_RA) {
        op->cnt = ((uint32_t)gpr_from(x, src.cnt_from)[l] >> src.cnt_shift) & 0xfffu;
        used[src.cnt_from - BAR_FROM_RA] |= 0xfffu << src.cnt_shift;
    }
    int uniform = 1;
    for (unsigned r = 0; r < 3 && uniform; r++)
        if (used[r])
            uniform = gpr_uniform(gpr_from(x, BAR_FROM_RA + r), pm, used[r]);
    if (!uniform)
        warn(x, WR_WARN_OPERAND_NOT_UNIFORM);
}

/* ---- arrival, shared by every barrier instruction -------------------------- */

uint32_t bar_wake_blocked(wr_ctx *x, unsigned b)
{
    wr_cta *cta = x->cta;
    const uint32_t woken = cta->bar[b].blocked;
    for (uint32_t m = woken; m; m &= m - 1) {
        const unsigned i = lowest(m);
        set_run(x, i, WR_WARP_READY);
        cta->warp[i].blocked_bar = 0;          /* no stale value in the compared state (N-55) */
    }
    cta->bar[b].blocked = 0;
    return woken;
}

/* N-35: the whole warp waits on barrier b */
static void bar_block(wr_ctx *x, unsigned b)
{
    set_run(x, x->warp, WR_WARP_BLOCKED);
    x->w->blocked_bar = (uint8_t)b;
    x->cta->bar[b].blocked |= 1u << x->warp;
    push_event(x, WR_EV_BLOCK, b, 0);
}

/* the path of an arrival that waits: a SYNC or a reduction */
static inline void took_block(wr_ctx *x, const wr_bar_op *op, uint32_t word)
{
    if (op->kind == WR_BARK_RED)
        TOOK(x, BAR_RED_BLOCK, .num = (uint8_t)op->bar, .a = word, .c = op->cnt);
    else
        TOOK(x, BAR_SYNC_BLOCK, .num = (uint8_t)op->bar, .a = word, .c = op->cnt);
}

static inline __attribute__((always_inline)) void bar_execute_(wr_ctx *x, wr_bar_op op)
{
    wr_warp *w = x->w;

    /* N-31: the warp executes the instruction iff pmask != 0 */
    if (x->pmask == 0) {
        TOOK(x, BAR_NO_OP, .a = w->active);
        w->active_pc = x->next;
        return;
    }
    const wr_bar_engine *eng = x->cta->engine;
    op.lanes = x->pmask;                              /* N-36: who takes part, */
    op.in = x->pmask & x->ppv;                        /* with which input */
    eng->read_operands(x, &op);                       /* N-30, warnings first */
    for (uint32_t i = 0; x->why && i < x->rec->nev; i++)   /* its warnings */
        if (x->rec->ev[i].kind == WR_EV_WARNING && x->rec->ev[i].code == WR_WARN_OPERAND_NOT_UNIFORM)
            TOOK(x, BAR_NOT_UNIFORM, .a = x->pmask, .lane = (uint8_t)lowest(x->pmask));
    const unsigned exc = eng->check(x, &op);          /* N-37: before any change */
    if (exc != WR_EXC_NONE) {
        TOOK(x, BAR_EXCEPTION, .num = (uint8_t)exc, .a = op.cnt, .b = op.bar);
        raise_exc(x, exc);
        return;
    }
    const wr_barrier *bar = &x->cta->bar[op.bar];
    switch (eng->arrive(x, &op)) {
    case WR_ARR_PENDING:                              /* ptx P-10: the engine moved the lanes */
        return;
    case WR_ARR_STALL:                                /* visa V-07: ActivePC stays */
        took_block(x, &op, bar->word);
        bar_block(x, op.bar);
        return;
    case WR_ARR_COMPLETE: {
        w->active_pc = x->next;                       /* N-31 */
        const uint32_t word = bar->word;
        push_event(x, WR_EV_ARRIVE, op.bar, 0);       /* own arrival completed it */
        eng->release(x, op.bar);                      /* N-34 */
        const uint32_t woken = x->rec->ev[x->rec->nev - 1].value;
        if (op.cnt)
            TOOK(x, BAR_COMPLETE_CNT, .num = (uint8_t)op.bar, .a = word, .b = woken, .c = op.cnt);
        else
            TOOK(x, BAR_COMPLETE_ALL, .num = (uint8_t)op.bar, .a = word, .b = woken, .c = op.cnt);
        took_red_result(x);
        return;
    }
    default:
        w->active_pc = x->next;                       /* N-31; a blocked warp resumes here */
        if (op.wait) {
            took_block(x, &op, bar->word);
            bar_block(x, op.bar);                     /* N-35: the whole warp */
        } else {
            TOOK(x, BAR_ARV, .num = (uint8_t)op.bar, .a = bar->word, .c = op.cnt);
            push_event(x, WR_EV_ARRIVE, op.bar, 0);   /* N-35: ARV never blocks */
        }
        return;
    }
}

void bar_execute(wr_ctx *x, const wr_bar_op *op)
{
    bar_execute_(x, *op);
}

/* BAR.SYNC / BAR.ARV barid, cnt (seed 000, BAR) */
void exec_BAR(wr_ctx *x)
{
    const int arv = F_(x, BARMODE) != 0;
    bar_execute_(x, (wr_bar_op){ .kind = arv ? WR_BARK_ARV : WR_BARK_SYNC, .wait = !arv });
}

/* BAR.RED.op barid, cnt, {!}Pp and BAR.RED.op Rb, {!}Pp (seed 000, BAR_RED) */
void exec_BAR_RED(wr_ctx *x)
{
    bar_execute_(x, (wr_bar_op){ .kind = WR_BARK_RED, .redop = F_(x, REDOP), .wait = 1 });
}

/* ---- state transfer (N-38, N-39) ----------------------------------------- */

/* B2R.BAR Rd, b / B2R.WARP Rd (seed 000, B2R; N-39) */
void exec_B2R(wr_ctx *x)
{
    wr_write *e = write_rd(x, x->pmask);             /* pmask lanes; RZ discarded */
    if (wr_insn_names_barrier(x->in)) {              /* .BAR: the barrier's word */
        const unsigned b = F_(x, BARID) & x->cta->bar_id_mask;
        TOOK(x, B2R_BAR, .num = (uint8_t)b, .a = x->cta->bar[b].word);
        rd_fill(e, x->cta->bar[b].word);
    } else if (x->w->bar_state_defined) {            /* .WARP: WarpBARState */
        TOOK(x, B2R_WARP, .a = x->w->bar_state);
        rd_fill(e, x->w->bar_state);
    } else {
        TOOK(x, B2R_WARP_UNDEFINED, .a = x->pmask);
        rd_undefined(e);                             /* no reduction nor R2B.WARP yet */
    }
    if (!wr_insn_names_barrier(x->in) && x->pmask != 0)
        x->cta->ps.warp[x->warp].unread = 0;          /* sass S-12: the result is read */
    x->w->active_pc = x->next;
}

/* BAR.RESULT Rd, Pu (seed 000, B2R_RESULT; N-39) */
void exec_B2R_RESULT(wr_ctx *x)
{
    const wr_warp *w = x->w;
    const uint32_t s = w->bar_state;
    const int defined = w->bar_state_defined && (s >> WR_BAR_DEFINED_BIT & 1u);
    const unsigned op = BAR_FIELD(s, OP), acc = BAR_FIELD(s, ACC);

    wr_write *rd = write_rd(x, x->pmask);
    if (defined && op == WR_REDOP_POPC)              /* Rd = count, Pu undefined */
        rd_fill(rd, acc);
    else
        rd_undefined(rd);
    wr_write *pu = write_pd(x, F_(x, PU), x->pmask); /* PT discarded */
    pu->value[0] = 0;
    if (defined && (op == WR_REDOP_AND || op == WR_REDOP_OR))    /* Pu = result, Rd undefined */
        pu->value[0] = acc != 0 ? pu->lanes : 0u;
    else                                             /* op POPC or 3, or no result */
        wr_write_mark_undefined(pu, pu->lanes);
    /* the path: no result (or op 3), POPC, AND/OR */
    TOOK_ID(x, !defined || op > WR_REDOP_POPC ? WR_PATH_BAR_RESULT_UNDEFINED
               : op == WR_REDOP_POPC ? WR_PATH_BAR_RESULT_POPC : WR_PATH_BAR_RESULT_PRED,
            .a = !defined || op > WR_REDOP_POPC ? s : op == WR_REDOP_POPC ? acc : acc != 0);
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
            const unsigned b = F_(x, BARID) & x->cta->bar_id_mask;
            TOOK(x, R2B_BAR, .num = (uint8_t)b, .a = v & (uint32_t)WR_BAR_WORD_MASK);
            x->cta->bar[b].word = v & (uint32_t)WR_BAR_WORD_MASK;
            bar_changed(x, b);
        } else {
            TOOK(x, R2B_WARP, .a = v);
            set_warp_bar_state(x, x->warp, v);       /* .WARP: all 32 bits, defined */
            x->cta->ps.warp[x->warp].unread = 0;      /* sass S-12: the result is read */
        }
    } else {
        TOOK(x, R2B_NO_OP, .a = x->w->active);
    }
    x->w->active_pc = x->next;
}
