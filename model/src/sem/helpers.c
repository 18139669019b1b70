/* helpers.c - the spec helpers that more than one instruction body calls
 * (sem.h declares them): the choice of the lane a warp switches to, a warp
 * going to sleep, a warp's full exit; and the lane values RZ reads.  Each is
 * defined here once; the bodies (bru.c, bcu*.c, alu.c) and the dispatcher
 * (step.c) call them. */
#include "engine.h"

const uint32_t wr_zero_lanes[WR_LANES];   /* what RZ reads (sem.h) */
const uint32_t wr_lane_bit[WR_LANES] = {  /* 1u << l (sem.h: LANE_MASK) */
    1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
    1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
    1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
    1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31,
};

/* The seed's choice of the lane to switch to among candidates `cmask`
 * (EXIT, YIELD/NANOSLEEP, per-lane WARPSYNC): sleeping lanes are dropped
 * unless every candidate sleeps, in which case the warp goes to sleep after
 * switching (*do_sleep, N-02); non-yield lanes come before yielded ones
 * (*yielded, when not NULL, says which it was); the lowest lane wins.
 * cmask != 0. */
unsigned pick_lane(const wr_warp *w, uint32_t cmask, int *do_sleep, int *yielded)
{
    *do_sleep = all_asleep(w, cmask);
    if (!*do_sleep)
        cmask &= ~w->sleep;
    const uint32_t mask_ny = cmask & ~w->yield;
    const uint32_t mask_y = cmask & w->yield;
    if (yielded)
        *yielded = mask_ny == 0;
    return mask_ny ? lowest(mask_ny) : lowest(mask_y);
}

void warp_sleep(wr_ctx *x)
{
    set_run(x, x->warp, WR_WARP_ASLEEP);
    push_event(x, WR_EV_SLEEP, 0, 0);
}

void warp_exit(wr_ctx *x)
{
    /* N-18 (fix): an exited warp has ActiveMask 0 too; ActivePC stays. */
    x->w->valid = 0;
    x->w->active = 0;
    set_run(x, x->warp, WR_WARP_EXITED);
    x->cta->deadline[x->warp] = WR_NO_DEADLINE;   /* N-55: dropped at full exit */
    push_event(x, WR_EV_EXIT, 0, 0);
    const uint32_t nev = x->rec->nev;
    x->cta->engine->warp_exit(x);                 /* N-33 */
    if (x->rec->nev == nev)
        return;
    /* it released barriers: which (release:B events) and whom they woke */
    uint32_t bars = 0, woken = 0;
    for (uint32_t i = nev; i < x->rec->nev; i++)
        if (x->rec->ev[i].kind == WR_EV_RELEASE) {
            bars |= 1u << x->rec->ev[i].code;
            woken |= x->rec->ev[i].value;
        }
    TOOK(x, BAR_COMPLETE_ON_EXIT, .a = bars, .b = woken);
    took_red_result(x);
}
