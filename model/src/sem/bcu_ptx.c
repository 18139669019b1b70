/* bcu_ptx.c - the ptx profile (seed 002, PTX barrier{.cta} / bar{.cta};
 * SPEC-NOTES P-01 .. P-11): its barrier instructions and its engine, the
 * native engine's parts (bcu_native.c) with what seed 002 changes:
 *
 *   operands   a = Ra[3:0] or imm4, b = Rb[11:0] or imm12 (P-07)
 *   .aligned   the whole warp executes it: a divergent warp raises
 *              ALIGNED_DIVERGENT before anything else (P-04, P-09)
 *   non-aligned  each executing thread waits for every non-exited thread of
 *              its warp to reach a barrier instruction on the same barrier:
 *              the lanes are recorded and parked until the warp's gather is
 *              complete, then the warp arrives once (P-03, P-10)
 *   red        the result goes straight into the destination register or
 *              predicate of every lane that executed it (P-05, P-11); no
 *              WarpBARState
 *
 * A lane's record (wr_pwarp.lane[], for the lanes of `gathered`, parked at
 * a non-aligned instruction, and of `deliver`, waiting for a result):
 *
 *   bits 3:0   barrier           bits 14:8   count / 32
 *   bits 5:4   kind (WR_BARK_)   bit 15      reduction input ({!}c true)
 *   bits 7:6   reduction op      bits 23:16  destination (Rd or Pd)
 *
 * Choices where seed 002 and SPEC-NOTES are silent are marked "choice:" and
 * listed in docs/semantics.md.
 */
#include "engine.h"

#define REC(bar, kind, redop, expect, input, dest)                                        \
    ((uint32_t)(bar) | (uint32_t)(kind) << 4 | (uint32_t)(redop) << 6 | (uint32_t)(expect) << 8 | \
     (uint32_t)(input) << 15 | (uint32_t)(dest) << 16)
static unsigned rec_bar(uint32_t r) { return r & 0xfu; }
static unsigned rec_kind(uint32_t r) { return r >> 4 & 3u; }
static unsigned rec_redop(uint32_t r) { return r >> 6 & 3u; }
static unsigned rec_expect(uint32_t r) { return r >> 8 & 0x7fu; }
static unsigned rec_input(uint32_t r) { return r >> 15 & 1u; }
static unsigned rec_dest(uint32_t r) { return r >> 16 & 0xffu; }

static wr_pwarp *pw(const wr_ctx *x) { return &x->cta->ps.warp[x->warp]; }

/* the lanes of the warp recorded at a non-aligned instruction on barrier b */
static uint32_t gathered_on(const wr_pwarp *p, unsigned b)
{
    uint32_t m = 0;
    for (uint32_t g = p->gathered; g; g &= g - 1)
        if (rec_bar(p->lane[lowest(g)]) == b)
            m |= 1u << lowest(g);
    return m;
}

/* P-07: a = Ra[3:0] or imm4, b = Rb[11:0] or imm12 (missing: all threads) */
static void ptx_read_operands(wr_ctx *x, wr_bar_op *op)
{
    bar_src src;
    switch (wr_forms[x->in->form].stype) {
    case WR_ST_RR:  src = (bar_src){ BAR_FROM_RA, 0, BAR_FROM_RB, 0 }; break;
    case WR_ST_RRI: src = (bar_src){ BAR_FROM_RA, 0, BAR_FROM_IMM, 0 }; break;
    case WR_ST_RIR: src = (bar_src){ BAR_FROM_IMM, 0, BAR_FROM_RB, 0 }; break;
    default:        src = (bar_src){ BAR_FROM_IMM, 0, BAR_FROM_IMM, 0 }; break;
    }
    bar_read_id_cnt(x, op, src);
}

/* Does group `op` agree with the warp's lanes recorded on its barrier?
 * (P-10: kind (red or not, the red op) and count) */
static unsigned group_check(const wr_pwarp *p, uint32_t same, const wr_bar_op *op)
{
    unsigned exc = WR_EXC_NONE;
    for (uint32_t m = same; m; m &= m - 1) {
        const uint32_t r = p->lane[lowest(m)];
        const int red = rec_kind(r) == WR_BARK_RED;
        if (red != (op->kind == WR_BARK_RED) || (red && rec_redop(r) != op->redop))
            return WR_EXC_BAR_MODE_MISMATCH;
        if (rec_expect(r) != op->cnt >> 5)
            exc = WR_EXC_BAR_PARAM_MISMATCH;
    }
    return exc;
}

/* P-09 first (aligned), then the native BAR_CNT_ALIGN and BAR_ARV_ZERO_CNT
 * (P-02), then BAR_MODE_MISMATCH and BAR_PARAM_MISMATCH: of a non-aligned
 * group against the warp's other groups on the barrier (P-10) and, when
 * the warp arrives, against the phase (P-06) */
static unsigned ptx_check(const wr_ctx *x, const wr_bar_op *op)
{
    if (op->aligned && x->pmask != x->w->valid)
        return WR_EXC_ALIGNED_DIVERGENT;
    unsigned exc = bar_check_count(x, op);
    if (exc != WR_EXC_NONE || op->aligned)
        return exc != WR_EXC_NONE ? exc : bar_check_phase(x->cta, op);
    const wr_pwarp *p = pw(x);
    const uint32_t same = gathered_on(p, op->bar) & ~x->pmask;
    const unsigned group = group_check(p, same, op);
    const int arrives = (x->w->valid & ~(same | x->pmask)) == 0;
    const unsigned phase = arrives ? bar_check_phase(x->cta, op) : WR_EXC_NONE;
    if (group == WR_EXC_BAR_MODE_MISMATCH || phase == WR_EXC_BAR_MODE_MISMATCH)
        return WR_EXC_BAR_MODE_MISMATCH;
    return group != WR_EXC_NONE ? group : phase;
}

/* the destination of a red (P-11): Rd for popc, Pd for and/or */
static unsigned red_dest(const wr_ctx *x)
{
    return x->in->optype == WR_OPT_PBAR_RED ? F_(x, RD) : F_(x, PD);
}

/* P-10: the executing lanes wait at this instruction for the rest of the
 * warp: guard-false lanes go on, else the warp switches like EXIT/YIELD */
static void park(wr_ctx *x)
{
    wr_warp *w = x->w;
    set_rpc(w, x->pmask, w->active_pc);
    const uint32_t mask_np = w->active & ~x->pmask;
    if (mask_np) {                                   /* guard split */
        w->active = mask_np;
        w->active_pc = x->next;
        return;
    }
    int do_sleep;                                    /* choice: as EXIT's switch (N-18) */
    const unsigned lid = pick_lane(w, w->valid & ~w->active, &do_sleep, NULL);
    w->active_pc = w->rpc[lid];
    w->active = rpc_eq(w, w->rpc[lid]) & w->valid;
    if (do_sleep)
        warp_sleep(x);
}

static int ptx_arrive(wr_ctx *x, wr_bar_op *op)
{
    wr_warp *w = x->w;
    wr_pwarp *p = pw(x);
    const int red = op->kind == WR_BARK_RED;
    const unsigned dest = red ? red_dest(x) : 0;

    if (op->aligned) {                               /* the whole warp arrives (P-09 held) */
        if (red) {
            for (uint32_t m = x->pmask; m; m &= m - 1)
                p->lane[lowest(m)] = REC(op->bar, op->kind, op->redop, op->cnt >> 5, 0, dest);
            p->deliver |= x->pmask;
        }
        return bar_count_arrival(x, op) ? WR_ARR_COMPLETE : WR_ARR_COUNTED;
    }

    /* P-10: record the executing lanes (kind, count, input, destination) */
    for (uint32_t m = x->pmask; m; m &= m - 1) {
        const unsigned l = lowest(m);
        p->lane[l] = REC(op->bar, op->kind, op->redop, op->cnt >> 5, (x->ppv >> l) & 1u, dest);
    }
    p->gathered |= x->pmask;
    const uint32_t same = gathered_on(p, op->bar);
    if (w->valid & ~same) {                          /* not every lane yet */
        park(x);
        return WR_ARR_PENDING;
    }

    /* every lane recorded: the warp arrives once, its lanes' inputs
     * combined; it waits if a group executed sync or red */
    op->lanes = 0;
    op->in = 0;
    op->wait = 0;
    for (uint32_t m = same; m; m &= m - 1) {
        const unsigned l = lowest(m);
        const uint32_t r = p->lane[l];
        op->wait |= rec_kind(r) != WR_BARK_ARV;
        if (rec_kind(r) == WR_BARK_RED) {
            op->lanes |= 1u << l;
            op->in |= rec_input(r) << l;
        }
    }
    /* lanes parked here rejoin; lanes parked at other instructions move
     * past them */
    w->active |= same & rpc_eq(w, w->active_pc);
    for (uint32_t m = same & ~w->active; m; m &= m - 1)
        w->rpc[lowest(m)] += WR_INST_SIZE;
    p->gathered &= ~same;
    p->deliver |= op->lanes;                         /* P-11: results to come */
    return bar_count_arrival(x, op) ? WR_ARR_COMPLETE : WR_ARR_COUNTED;
}

/* A write of warp i for a delivered result, or the scratch one when the
 * destination is RZ/PT.  The record has room for a result per thread
 * (retire.h, WR_WRITES_BOUND), so a legal program never fills it; were it
 * full (a model bug), the step would fail with WR_ERR_WRITES rather than
 * overrun it, the CTA-wide writes that come at its end keeping their room. */
static wr_write *deliver_write(wr_ctx *x, unsigned i, unsigned kind, unsigned index, uint32_t lanes)
{
    const unsigned room = WR_MAX_WRITES - x->cta->nbars - x->cta->nwarps;
    const int discard = kind == WR_WRITE_GPR ? index == WR_RZ : index == WR_PT;
    const int keep = !discard && x->rec->nwrites < room;
    if (!discard && !keep)
        x->lost_writes++;
    wr_write *e = new_write(x, kind, index, lanes, keep);
    e->warp = (uint8_t)i;
    return e;
}

/* P-05, P-11: at completion every lane that executed the red gets the
 * result in its own instruction's destination: popc -> Rd = the count,
 * and/or -> Pd = the result; other lanes are not written */
static void ptx_deliver(wr_ctx *x, unsigned b)
{
    const wr_barrier *bar = &x->cta->bar[b];
    if (BAR_FIELD(bar->word, MODE) != WR_BARMODE_RED)
        return;
    const unsigned acc = BAR_FIELD(bar->word, ACC);
    for (uint32_t ws = bar->arrived; ws; ws &= ws - 1) {
        const unsigned i = lowest(ws);
        wr_pwarp *p = &x->cta->ps.warp[i];
        uint32_t rest = p->deliver;
        while (rest) {                               /* one write per destination */
            const uint32_t r = p->lane[lowest(rest)];
            uint32_t lanes = 0;
            for (uint32_t m = rest; m; m &= m - 1)
                if (rec_dest(p->lane[lowest(m)]) == rec_dest(r))
                    lanes |= 1u << lowest(m);
            rest &= ~lanes;
            if (rec_redop(r) == WR_REDOP_POPC) {
                wr_write *e = deliver_write(x, i, WR_WRITE_GPR, rec_dest(r), lanes);
                rd_fill(e, acc);
            } else {
                deliver_write(x, i, WR_WRITE_PRED, rec_dest(r), lanes)->value[0] = acc != 0 ? lanes : 0u;
            }
        }
        p->deliver = 0;
    }
}

const wr_bar_engine wr_ptx_engine = {
    .name = "ptx",
    .nbars = 16,                     /* seed 002: barriers 0..15 */
    .delivers = WR_DELIVER_LANES,    /* P-11 */
    .id_mask = 0xfu,
    .word_mask = WR_BAR_WORD_MASK,
    .read_operands = ptx_read_operands,
    .check = ptx_check,
    .arrive = ptx_arrive,
    .complete = bar_complete,
    .release = bar_release,
    .deliver = ptx_deliver,
    .warp_exit = bar_warp_exit,      /* N-33: exited threads are not waited for */
    .trap = NULL,
};

/* ---- the instructions (P-01, P-08) --------------------------------------- */

static void run_op(wr_ctx *x, unsigned kind, unsigned redop)
{
    const wr_bar_op op = { .kind = kind, .redop = redop, .wait = kind != WR_BARK_ARV,
                           .aligned = F_(x, ALIGNED) };
    bar_execute(x, &op);
}

void exec_PBAR_SYNC(wr_ctx *x) { run_op(x, WR_BARK_SYNC, 0); }
void exec_PBAR_ARV(wr_ctx *x) { run_op(x, WR_BARK_ARV, 0); }
void exec_PBAR_RED(wr_ctx *x) { run_op(x, WR_BARK_RED, WR_REDOP_POPC); }
void exec_PBAR_REDP(wr_ctx *x) { run_op(x, WR_BARK_RED, F_(x, REDOP)); }
