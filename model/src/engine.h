/* engine.h - internal: the barrier engine, the seam between the BCU
 * instructions (bcu.c) and a profile's barrier semantics.
 *
 * The bodies of BAR and BAR.RED (and the exit of a warp, step.c) do what
 * every profile shares: nothing when pmask == 0 (N-31), warnings before an
 * exception, a precise exception (N-37), ActivePC = next, the event of the
 * arrival (arrive:B or block:B) and blocking the warp (N-35).  What a profile
 * decides goes through the hooks of its engine, in this order:
 *
 *   read_operands  barrier id and expected count from the form and the
 *                  operands, with the operand warnings (N-30)
 *   check          the exception the arrival raises, or none (N-37)
 *   arrive         count the arrival and the reduction input (N-31, N-36);
 *                  returns 1 when the phase is complete
 *   complete       is barrier b's phase complete (N-32)
 *   release        complete barrier b: wake its blocked warps, deliver
 *                  results, reset it; the release:B event (N-34)
 *   warp_exit      a warp fully exited (N-33)
 *
 * The native engine (bcu_native.c, seed 000) is the only one; the profiles
 * of SPEC-NOTES section 8 add theirs without touching the BRU.  An engine
 * writes barrier state only through the CTA, marking what it changed with
 * bar_changed() and set_run() (sem.h) so the step's record is complete. */
#ifndef WARPREF_ENGINE_H
#define WARPREF_ENGINE_H

#include "sem.h"

/* State word fields (N-38, WR_BAR_* in model.h): read one, or replace one. */
#define BAR_FIELD(word, name) (((word) >> WR_BAR_##name##_SHIFT) & (uint32_t)WR_BAR_##name##_MASK)
#define BAR_WITH(word, name, v)                                                  \
    (((word) & ~((uint32_t)WR_BAR_##name##_MASK << WR_BAR_##name##_SHIFT)) |     \
     (((uint32_t)(v) & (uint32_t)WR_BAR_##name##_MASK) << WR_BAR_##name##_SHIFT))

/* What a barrier instruction asks for. */
enum { WR_BARK_SYNC, WR_BARK_ARV, WR_BARK_RED };

typedef struct wr_bar_op {
    unsigned kind;               /* WR_BARK_* */
    unsigned redop;              /* WR_BARK_RED: WR_REDOP_* */
    unsigned bar;                /* barrier id, read_operands */
    unsigned cnt;                /* expected count in threads, read_operands */
} wr_bar_op;

typedef struct wr_bar_engine {
    const char *name;            /* the profile's name */
    unsigned nbars;              /* its number of barriers */
    uint32_t id_mask;            /* the bits of a barrier id */
    void (*read_operands)(wr_ctx *x, wr_bar_op *op);
    unsigned (*check)(const wr_ctx *x, const wr_bar_op *op);
    int (*arrive)(wr_ctx *x, const wr_bar_op *op);
    int (*complete)(const wr_cta *cta, unsigned b);
    void (*release)(wr_ctx *x, unsigned b);
    void (*warp_exit)(wr_ctx *x);
} wr_bar_engine;

extern const wr_bar_engine wr_native_engine;

/* The engine of a profile, NULL if there is none. */
const wr_bar_engine *wr_engine_of(unsigned profile);

/* Shared by the engines: the blocked warps of barrier b become ready (N-34). */
uint32_t bar_wake_blocked(wr_ctx *x, unsigned b);

#endif
