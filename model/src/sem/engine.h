/* engine.h - internal: the barrier engine, the seam between the barrier
 * instructions (bcu.c) and a profile's barrier semantics (SPEC-NOTES
 * sections 4 and 8).
 *
 * The bodies of the barrier instructions (and the exit of a warp, step.c)
 * do what every profile shares (bar_execute): nothing when pmask == 0
 * (N-31), warnings before an exception, a precise exception (N-37),
 * ActivePC = next, the event of the arrival (arrive:B or block:B) and
 * blocking the warp (N-35).  What a profile decides goes through the hooks
 * of its engine, in this order:
 *
 *   read_operands  barrier id, expected count, profile operands, with the
 *                  warnings (N-30, G-02, S-12)
 *   check          the exception the instruction raises, or none (N-37)
 *   arrive         count the arrival and the reduction input (N-31, N-36);
 *                  says what happened (WR_ARR_*)
 *   complete       is barrier b's phase complete (N-32)
 *   release        complete barrier b: wake its blocked warps, deliver
 *                  results, reset it; the release:B event (N-34)
 *   deliver        the results of a completed phase (N-34 WarpBARState,
 *                  S-12, P-11 registers), called by bar_release
 *   warp_exit      a warp fully exited (N-33)
 *   trap           TRAP or RTT with pmask != 0 after its event: 1 when the
 *                  warp goes on (S-13), 0 when it stops (N-26); NULL: stops
 *
 * The engines: native (bcu_native.c, seed 000, whose parts the others
 * reuse), sass (bcu_sass.c), ptx (bcu_ptx.c), visa (bcu_visa.c).  An engine
 * writes barrier state only through the CTA, marking what it changed with
 * bar_changed(), set_warp_bar_state() and set_run() (sem.h) so the step's
 * record is complete. */
#ifndef WARPREF_ENGINE_H
#define WARPREF_ENGINE_H

#include "sem.h"

/* State word fields (N-38, WR_BAR_* in model.h): read one, or replace one. */
#define BAR_FIELD(word, name) (((word) >> WR_BAR_##name##_SHIFT) & (uint32_t)WR_BAR_##name##_MASK)
#define BAR_WITH(word, name, v)                                                  \
    (((word) & ~((uint32_t)WR_BAR_##name##_MASK << WR_BAR_##name##_SHIFT)) |     \
     (((uint32_t)(v) & (uint32_t)WR_BAR_##name##_MASK) << WR_BAR_##name##_SHIFT))

/* What a barrier instruction asks for. */
enum {
    WR_BARK_SYNC,                /* arrive and wait */
    WR_BARK_ARV,                 /* arrive */
    WR_BARK_RED,                 /* arrive with a reduction input, wait */
    WR_BARK_SCAN,                /* sass: arrive with a prefix-sum input (S-11) */
    WR_BARK_SIGNAL,              /* visa: signal (V-02) */
    WR_BARK_WAIT                 /* visa: wait (V-02) */
};
enum { WR_REDOP_SCAN = 3 };      /* sass: the op field of a scan phase (S-11) */

typedef struct wr_bar_op {
    unsigned kind;               /* WR_BARK_* */
    unsigned redop;              /* RED: WR_REDOP_*; SCAN: WR_REDOP_SCAN */
    unsigned bar;                /* barrier id, read_operands */
    unsigned cnt;                /* expected count in threads, read_operands */
    unsigned wait;               /* the warp waits for the phase (N-35); arrive may change it */
    unsigned aligned;            /* ptx: an .aligned form (P-03, P-09) */
    uint32_t lanes;              /* the lanes that take part: pmask, or a ptx gather's */
    uint32_t in;                 /* their reduction inputs ({!}Pp true) */
    unsigned type, np, nc;       /* visa signal (V-02, V-06) */
} wr_bar_op;

/* What an arrival did (the arrive hook). */
enum {
    WR_ARR_COUNTED,              /* counted, the phase goes on: block:B if op.wait, else arrive:B */
    WR_ARR_COMPLETE,             /* counted, and the phase is complete: arrive:B, then release */
    WR_ARR_STALL,                /* not counted: the warp waits at the instruction (visa V-07) */
    WR_ARR_PENDING               /* not counted: the engine parked the lanes (ptx P-10); no event */
};

enum { WR_ENG_ARV_ZERO_OK = 1u };
enum {
    WR_DELIVER_NONE,             /* nothing (visa) */
    WR_DELIVER_WARPBAR,          /* a WarpBARState (N-34): one write a warp */
    WR_DELIVER_LANES             /* ptx P-11: the result in each destination its lanes named */
}; /* flags: BAR.ARV with count 0 means all threads (S-09) */

typedef struct wr_bar_engine {
    const char *name;            /* the profile's name */
    unsigned nbars;              /* its number of barriers (events, `bars`) */
    uint32_t id_mask;            /* the bits of a barrier id B2R/R2B reach */
    uint32_t word_mask;          /* the bits a state word may hold */
    unsigned flags;              /* WR_ENG_* */
    unsigned delivers;           /* what a completion writes into each warp besides its
                                    run state (retire.h, WR_WRITES_BOUND): WR_DELIVER_* */
    void (*read_operands)(wr_ctx *x, wr_bar_op *op);
    unsigned (*check)(const wr_ctx *x, const wr_bar_op *op);
    int (*arrive)(wr_ctx *x, wr_bar_op *op);
    int (*complete)(const wr_cta *cta, unsigned b);
    void (*release)(wr_ctx *x, unsigned b);
    void (*deliver)(wr_ctx *x, unsigned b);
    void (*warp_exit)(wr_ctx *x);
    int (*trap)(wr_ctx *x, unsigned ev);
} wr_bar_engine;

extern const wr_bar_engine wr_native_engine, wr_sass_engine, wr_ptx_engine, wr_visa_engine;

/* The engine of a profile, NULL if there is none (step.c). */
const wr_bar_engine *wr_engine_of(unsigned profile);

/* ---- shared by the engines (bcu.c) --------------------------------------- */

/* The body of every barrier instruction: `op` says kind, reduction op and
 * what the form fixes; the engine does the rest. */
void bar_execute(wr_ctx *x, const wr_bar_op *op);

/* The blocked warps of barrier b become ready (N-34). */
uint32_t bar_wake_blocked(wr_ctx *x, unsigned b);

/* Do the lanes of m agree on `bits` of the GPR values v?  m != 0. */
int gpr_uniform(const uint32_t *v, uint32_t m, uint32_t bits);

/* Where a form's barrier id and count come from (N-30, S-02, P-07): an
 * immediate field (BAR_FROM_IMM: BARID / CNT) or bits [shift +: width] of a
 * GPR operand, read from lowest(pmask).  bar_read_id_cnt fills op->bar (with
 * the engine's id mask) and op->cnt (12 bits) and warns OPERAND_NOT_UNIFORM
 * once when the pmask lanes disagree on the bits used. */
enum { BAR_FROM_NONE, BAR_FROM_IMM, BAR_FROM_RA, BAR_FROM_RB, BAR_FROM_RC };
typedef struct bar_src {
    uint8_t id_from, id_shift;
    uint8_t cnt_from, cnt_shift;
} bar_src;
void bar_read_regs(wr_ctx *x, wr_bar_op *op, bar_src src);   /* a register form's */
static inline void bar_read_id_cnt(wr_ctx *x, wr_bar_op *op, bar_src src)
{
    if (src.id_from == BAR_FROM_IMM && src.cnt_from == BAR_FROM_IMM) {   /* no register */
        op->bar = F_(x, BARID) & x->cta->bar_id_mask;
        op->cnt = F_(x, CNT) & 0xfffu;
        return;
    }
    bar_read_regs(x, op, src);
}

/* Rd = v in the lanes written (a straight loop over all 32: the lanes not
 * written are never read) */
static inline void rd_fill(wr_write *e, uint32_t v)
{
    for (unsigned l = 0; l < WR_LANES; l++)
        e->value[l] = v;
}

/* Undefined destination values (section 5): value 0, every bit don't-care.
 * choice: the don't-care marks are set only when something is written
 * (not for RZ/PT or pmask == 0: the entry is then the scratch one). */
static inline void rd_undefined(wr_write *e)
{
    rd_fill(e, 0);
    wr_write_mark_undefined(e, e->lanes);
}

/* ---- the native engine's parts, reused by the profiles (bcu_native.c) --- */

/* the mode a kind of arrival runs its barrier in */
static inline unsigned bar_mode_of(const wr_bar_op *op)
{
    return op->kind == WR_BARK_RED || op->kind == WR_BARK_SCAN ? WR_BARMODE_RED : WR_BARMODE_SYNC;
}

/* N-37, the instruction's own count: BAR_CNT_ALIGN, then BAR_ARV_ZERO_CNT
 * (not where the profile reads ARV with 0 as all threads, S-09) */
static inline unsigned bar_check_count(const wr_ctx *x, const wr_bar_op *op)
{
    if (op->cnt % 32 != 0)
        return WR_EXC_BAR_CNT_ALIGN;
    if (op->kind == WR_BARK_ARV && op->cnt == 0 && !(x->cta->engine->flags & WR_ENG_ARV_ZERO_OK))
        return WR_EXC_BAR_ARV_ZERO_CNT;
    return WR_EXC_NONE;
}

/* N-37, against the phase in progress: BAR_MODE_MISMATCH, then
 * BAR_PARAM_MISMATCH */
static inline unsigned bar_check_phase(const wr_cta *cta, const wr_bar_op *op)
{
    const uint32_t word = cta->bar[op->bar].word;
    const unsigned mode = BAR_FIELD(word, MODE);
    if (mode == WR_BARMODE_IDLE)
        return WR_EXC_NONE;
    if (mode != bar_mode_of(op) || (mode == WR_BARMODE_RED && BAR_FIELD(word, OP) != op->redop))
        return WR_EXC_BAR_MODE_MISMATCH;              /* also a restored mode 3 (N-38) */
    if ((op->cnt >> 5) != BAR_FIELD(word, EXPECT))
        return WR_EXC_BAR_PARAM_MISMATCH;
    return WR_EXC_NONE;
}

int bar_count_arrival(wr_ctx *x, const wr_bar_op *op);             /* N-31, N-36: 1 if complete */
int bar_complete(const wr_cta *cta, unsigned b);                   /* N-32 */
void bar_release(wr_ctx *x, unsigned b);                           /* N-34 (the engine's deliver) */
void bar_deliver_warpbar(wr_ctx *x, unsigned b);                   /* N-34: WarpBARState */
void bar_warp_exit(wr_ctx *x);                                     /* N-33 */

#endif
