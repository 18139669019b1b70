/* bcu_sass.c - the sass profile (seed 001, NVIDIA SASS BAR; SPEC-NOTES S-01
 * .. S-15): its barrier instructions and its engine, the native engine's
 * parts (bcu_native.c) with what seed 001 changes:
 *
 *   operands   one register for both (barrier Ra[3:0], count Ra[27:16]);
 *              a missing or zero count is all threads, BAR.ARV included
 *              (S-02, S-09, S-10); RESULT_NOT_READ before OPERAND_NOT_UNIFORM
 *   checks     ILLEGAL_INSTR_ENCODING (SYNCALL outside trap mode) and
 *              UNPREDICTABLE (SYNC/ARV/RED in trap mode) before the native
 *              ones (S-06, S-07, S-14)
 *   BAR.SCAN   an arrival in reduction mode with op 3; the warp gets the
 *              exclusive prefix at once (S-04, S-11)
 *   SYNCALL    barrier 16 with the cnt == 0 count (S-06, S-15)
 *   results    a reduction's word is unread until B2R.RESULT, B2R.WARP or
 *              R2B.WARP; B2R.RESULT's values are seed 001's (S-03, S-12)
 *   trap mode  per warp: TRAP enters it and goes on, RTT leaves it (S-13)
 *
 * Choices where seed 001 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "engine.h"

enum { SYNCALL_BAR = 16 };       /* S-15: the dedicated barrier, after 0..15 */

static wr_pwarp *pw(const wr_ctx *x) { return &x->cta->ps.warp[x->warp]; }

/* S-02, S-10: barrier and count per operand form (the stype: seed 001's
 * barAMode/barBMode, isa.def); S-12: an unread result warns first */
static void sass_read_operands(wr_ctx *x, wr_bar_op *op)
{
    if (pw(x)->unread)
        warn(x, WR_WARN_RESULT_NOT_READ);
    bar_src src;
    switch (wr_forms[x->in->form].stype) {
    case WR_ST_X:                    /* BAR.SYNCALL: its barrier, all live warps */
        op->bar = SYNCALL_BAR;
        op->cnt = 0;
        return;
    case WR_ST_RR:                   /* Ra[3:0], Ra[27:16] */
        src = (bar_src){ BAR_FROM_RA, 0, BAR_FROM_RA, 16 };
        break;
    case WR_ST_RRI:                  /* Ra[3:0], imm12 (missing: 0) */
        src = (bar_src){ BAR_FROM_RA, 0, BAR_FROM_IMM, 0 };
        break;
    case WR_ST_RIR:                  /* imm4, Rb[11:0] */
        src = (bar_src){ BAR_FROM_IMM, 0, BAR_FROM_RB, 0 };
        break;
    default:                         /* imm4, imm12 (missing: 0) */
        src = (bar_src){ BAR_FROM_IMM, 0, BAR_FROM_IMM, 0 };
        break;
    }
    bar_read_id_cnt(x, op, src);
}

/* S-14: trap-mode exceptions first, then the native BAR_CNT_ALIGN,
 * BAR_MODE_MISMATCH, BAR_PARAM_MISMATCH (no BAR_ARV_ZERO_CNT, S-09) */
static unsigned sass_check(const wr_ctx *x, const wr_bar_op *op)
{
    const int trap = pw(x)->trap_mode;
    if (x->in->optype == WR_OPT_SBAR_SYNCALL) {
        if (!trap)
            return WR_EXC_ILLEGAL_INSTR_ENCODING;    /* S-06 */
    } else if (trap && op->kind != WR_BARK_SCAN) {
        return WR_EXC_UNPREDICTABLE;                 /* S-07 */
    }
    const unsigned exc = bar_check_count(x, op);
    return exc != WR_EXC_NONE ? exc : bar_check_phase(x->cta, op);
}

/* N-31, N-36; S-11: a scan also hands the warp its exclusive prefix: the
 * word after the arrival with the count before its own contribution */
static int sass_arrive(wr_ctx *x, wr_bar_op *op)
{
    const uint32_t before = x->cta->bar[op->bar].word;
    const int complete = bar_count_arrival(x, op);
    if (op->kind == WR_BARK_SCAN) {
        const unsigned prefix = BAR_FIELD(before, MODE) == WR_BARMODE_IDLE ? 0u : BAR_FIELD(before, ACC);
        const uint32_t word = BAR_WITH(x->cta->bar[op->bar].word, ACC, prefix);
        set_warp_bar_state(x, x->warp, word | 1u << WR_BAR_DEFINED_BIT);
        pw(x)->unread = 1;                           /* S-12 */
    }
    return complete ? WR_ARR_COMPLETE : WR_ARR_COUNTED;
}

/* N-34 for AND/OR/POPC, each participant's result unread (S-12); a scan
 * phase's completion writes nothing (S-11) */
static void sass_deliver(wr_ctx *x, unsigned b)
{
    const wr_barrier *bar = &x->cta->bar[b];
    if (BAR_FIELD(bar->word, MODE) != WR_BARMODE_RED || BAR_FIELD(bar->word, OP) == WR_REDOP_SCAN)
        return;
    bar_deliver_warpbar(x, b);
    for (uint32_t m = bar->arrived; m; m &= m - 1)
        x->cta->ps.warp[lowest(m)].unread = 1;
}

/* S-13: TRAP enters trap mode and goes on (the handler is inline); RTT in
 * trap mode leaves it and goes on, except under --trap-mode; RTT outside
 * trap mode stops the warp (N-26) */
static int sass_trap(wr_ctx *x, unsigned ev)
{
    uint8_t *mode = &pw(x)->trap_mode;
    if (ev == WR_EV_TRAP) {
        *mode = 1;
        return 1;
    }
    if (!*mode)
        return 0;
    if (!x->cta->trap_mode)
        *mode = 0;
    return 1;
}

const wr_bar_engine wr_sass_engine = {
    .name = "sass",
    .nbars = SYNCALL_BAR + 1,        /* 0..15 and SYNCALL's (S-15) */
    .delivers = WR_DELIVER_WARPBAR,  /* a RED's result (N-34), a SCAN's prefix (S-11) */
    .id_mask = 0xfu,                 /* B2R/R2B reach 0..15 only (S-15) */
    .word_mask = WR_BAR_WORD_MASK,
    .flags = WR_ENG_ARV_ZERO_OK,     /* S-09 */
    .read_operands = sass_read_operands,
    .check = sass_check,
    .arrive = sass_arrive,
    .complete = bar_complete,
    .release = bar_release,
    .deliver = sass_deliver,
    .warp_exit = bar_warp_exit,      /* N-33, also SYNCALL's barrier (S-15) */
    .trap = sass_trap,
};

/* ---- the instructions (S-01) ------------------------------------------- */

void exec_SBAR_SYNC(wr_ctx *x) { bar_execute(x, &(wr_bar_op){ .kind = WR_BARK_SYNC, .wait = 1 }); }
void exec_SBAR_ARV(wr_ctx *x) { bar_execute(x, &(wr_bar_op){ .kind = WR_BARK_ARV }); }
void exec_SBAR_SYNCALL(wr_ctx *x) { bar_execute(x, &(wr_bar_op){ .kind = WR_BARK_SYNC, .wait = 1 }); }

void exec_SBAR_RED(wr_ctx *x)
{
    bar_execute(x, &(wr_bar_op){ .kind = WR_BARK_RED, .redop = F_(x, REDOP), .wait = 1 });
}

/* S-04: BAR.SCAN does not wait */
void exec_SBAR_SCAN(wr_ctx *x)
{
    bar_execute(x, &(wr_bar_op){ .kind = WR_BARK_SCAN, .redop = WR_REDOP_SCAN });
}

/* B2R.RESULT Rd{, Pd} (S-03, S-12): after AND/OR Rd = all ones if true,
 * else 0; after POPC the count; after SCAN the prefix; Pd = (Rd != 0).
 * Without a result (WarpBARState undefined or bit 28 clear) both are
 * undefined.  Reading it clears `unread`. */
void exec_SB2R_RESULT(wr_ctx *x)
{
    const wr_warp *w = x->w;
    const uint32_t s = w->bar_state;
    const int defined = w->bar_state_defined && (s >> WR_BAR_DEFINED_BIT & 1u);
    const unsigned op = BAR_FIELD(s, OP), acc = BAR_FIELD(s, ACC);
    const uint32_t v = op == WR_REDOP_POPC || op == WR_REDOP_SCAN ? acc : acc != 0 ? 0xffffffffu : 0u;

    wr_write *rd = write_rd(x, x->pmask);             /* pmask lanes; RZ discarded */
    if (defined)
        rd_fill(rd, v);
    else
        rd_undefined(rd);
    wr_write *pd = write_pd(x, F_(x, PU), x->pmask);  /* PT discarded */
    pd->value[0] = defined && v != 0 ? pd->lanes : 0u;
    if (!defined)
        wr_write_mark_undefined(pd, pd->lanes);
    if (x->pmask != 0)
        pw(x)->unread = 0;
    x->w->active_pc = x->next;
}
