/* gen_sched.h - run a program under other fair warp schedules than the
 * standard one (SPEC-NOTES N-50), for the generator's tests: the RTL's
 * scheduler picks warps in another order and its instructions take other
 * latencies, so a generated program must end `done` whatever the order and
 * the time, with the same final registers and warp state.
 *
 * Policies: random ready warp; greedy (the last warp again while it is
 * ready); highest ready warp first; lowest first.  Time advances by a random
 * 1..8 per instruction (so sleep deadlines fire at other points of a warp's
 * instruction stream), or by 1.  Header-only, for the test executables. */
#ifndef WARPREF_TESTS_GEN_SCHED_H
#define WARPREF_TESTS_GEN_SCHED_H

#include <stdlib.h>
#include <string.h>

#include "warpref.h"

enum { SCHED_RANDOM, SCHED_GREEDY, SCHED_HIGH, SCHED_LOW, SCHED_NPOLICIES };

static inline uint64_t sched_rand(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* registers a program names, as the runner counts them */
static inline unsigned sched_nregs(const wr_program *p) { return wr_program_nregs(p); }

typedef struct sched_run {
    wr_end end;
    uint64_t steps;
    wr_cta cta;
    wr_regfile rf;
} sched_run;

/* Run `p` on `threads` threads under `policy`, randomness from `seed`. */
static inline int sched_run_prog(const wr_program *p, unsigned threads, int policy, uint64_t seed,
                                 int random_time, uint64_t max_steps, sched_run *out)
{
    wr_cta *c = &out->cta;
    wr_config cfg;
    wr_config_init(&cfg, threads);
    cfg.record_state = 0;
    cfg.profile = p->profile;                /* the program's (SPEC-NOTES section 8) */
    if (wr_cta_init(c, &cfg) != 0)
        return -1;
    if (wr_regfile_init(&out->rf, c->nwarps, sched_nregs(p)) != 0)
        return -1;
    for (size_t i = 0; i < p->nconsts; i++)
        wr_regfile_const(&out->rf, p->consts[i].bank, p->consts[i].offset, p->consts[i].value);
    uint64_t x = seed;
    unsigned last = 0;
    out->steps = 0;
    for (;;) {
        unsigned finished = 0, ready[WR_MAX_WARPS], nready = 0, blocked = 0;
        wr_fire_deadlines(c);
        for (unsigned w = 0; w < c->nwarps; w++) {
            unsigned st = c->warp[w].run;
            finished += st == WR_WARP_EXITED || st == WR_WARP_TRAPPED;
            blocked += st == WR_WARP_BLOCKED;
            if (st == WR_WARP_READY)
                ready[nready++] = w;
        }
        if (finished == c->nwarps) {
            out->end = WR_END_DONE;
            return 0;
        }
        if (nready == 0) {
            uint64_t d = wr_next_deadline(c);
            if (d != WR_NO_DEADLINE) {
                c->now = d;
                continue;
            }
            out->end = blocked ? WR_END_DEADLOCK : WR_END_DONE;
            return 0;
        }
        if (out->steps >= max_steps) {
            out->end = WR_END_LIMIT;
            return 0;
        }
        unsigned w;
        switch (policy) {
        case SCHED_GREEDY:
            w = c->warp[last].run == WR_WARP_READY && sched_rand(&x) % 16 ? last
                                                                          : ready[sched_rand(&x) % nready];
            break;
        case SCHED_HIGH: w = ready[nready - 1]; break;
        case SCHED_LOW:  w = ready[0]; break;
        default:         w = ready[sched_rand(&x) % nready]; break;
        }
        last = w;
        wr_warp *wp = &c->warp[w];
        if (wp->active_pc % WR_INST_SIZE || wp->active_pc / WR_INST_SIZE >= p->ninsns) {
            out->end = WR_END_EXCEPTION;
            return 0;
        }
        const wr_insn *in = &p->insns[wp->active_pc / WR_INST_SIZE];
        wr_operands ops;
        static wr_retire eff;
        wr_regfile_read(&out->rf, w, in, &ops);
        if (wr_step(c, w, in, &ops, &eff) != 0)
            return -1;
        wr_regfile_apply(&out->rf, &eff);
        out->steps++;
        c->now += random_time ? 1 + sched_rand(&x) % 8 : 1;
        if (eff.exception) {
            out->end = WR_END_EXCEPTION;
            return 0;
        }
    }
}

/* The final state that must not depend on the schedule: every warp's PC,
 * masks (not SleepMask: when a deadline fires is a matter of time), B
 * registers, run state, WarpBARState, and every register and predicate with
 * its undefined marks.  NULL when equal, else what differs. */
static inline const char *sched_diff(const wr_cta *a, const wr_regfile *ra, const wr_cta *b, const wr_regfile *rb)
{
    for (unsigned w = 0; w < a->nwarps; w++) {
        const wr_warp *x = &a->warp[w], *y = &b->warp[w];
        if (x->active_pc != y->active_pc || x->valid != y->valid || x->active != y->active)
            return "pc or masks";
        if (x->yield != y->yield || x->swtch != y->swtch)
            return "yield or switch mask";
        if (memcmp(x->breg, y->breg, sizeof x->breg) != 0)
            return "B registers";
        if (x->run != y->run)
            return "run state";
        if (x->bar_state_defined != y->bar_state_defined || (x->bar_state_defined && x->bar_state != y->bar_state))
            return "WarpBARState";
    }
    size_t n = (size_t)a->nwarps * ra->nregs;
    if (ra->nregs != rb->nregs || memcmp(ra->r, rb->r, n * WR_LANES * sizeof *ra->r) != 0)
        return "registers";
    if (memcmp(ra->r_undef, rb->r_undef, n * sizeof *ra->r_undef) != 0)
        return "undefined marks";
    if (memcmp(ra->p, rb->p, a->nwarps * sizeof ra->p[0]) != 0 ||
        memcmp(ra->p_undef, rb->p_undef, a->nwarps * sizeof ra->p_undef[0]) != 0)
        return "predicates";
    if (memcmp(ra->ur, rb->ur, a->nwarps * sizeof ra->ur[0]) != 0)
        return "uniform registers";
    for (unsigned b2 = 0; b2 < a->nbars; b2++)
        if (a->bar[b2].word != b->bar[b2].word)
            return "barrier words";
    return NULL;
}

#endif
