/* fuzz_step.c - libFuzzer target: the step itself, on random states, words
 * and operands.
 *
 * Input: one byte of CTA size (1..1024 threads), one byte of seed for the
 * launch state, then records of 21 bytes: a warp byte, the 128-bit word
 * (16 bytes, w[0] first, little-endian) and a 32-bit operand seed.
 *
 * The launch state is perturbed at random within the model's invariants
 * (a subset of lanes valid and active, B registers and RPCs at random): a
 * perturbed state the invariants reject is skipped, so every state stepped
 * is one the model must handle.  Each record steps a ready warp (the one
 * named, else the next ready one) with its word and operands drawn from the
 * seed: lane values biased towards 0, 1, the lane id and all-ones; Pg, Pp
 * and the undefined lanes at random.  Invariant checks are on: a step that
 * breaks one, overflows the event capacity or refuses a ready warp aborts.
 * Sleeping warps wake at their deadlines as in a standalone run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpref.h"
#include "fuzz.h"

enum { REC = 21, MAX_RECS = 512 };

static uint64_t mix(uint64_t *s)   /* splitmix64 */
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static uint64_t lane_value(uint64_t *s, unsigned lane)
{
    const uint64_t r = mix(s);
    switch (r & 7) {
    case 0: return 0;
    case 1: return 1;
    case 2: return lane;
    case 3: return ~UINT64_C(0);
    case 4: return (r >> 8) & 0xff;
    default: return r >> 3;
    }
}

static void draw_operands(uint32_t seed, wr_operands *ops)
{
    uint64_t s = seed;
    ops->pg = (uint32_t)mix(&s);
    ops->pp = (uint32_t)mix(&s);
    const uint64_t shared = lane_value(&s, 0);     /* often uniform across lanes */
    const int uniform = (seed >> 28) & 1;
    for (unsigned l = 0; l < WR_LANES; l++) {
        ops->ra[l] = uniform ? shared : lane_value(&s, l);
        ops->rb[l] = lane_value(&s, l);
        ops->rc[l] = lane_value(&s, l);
    }
    ops->ur = lane_value(&s, 0);
    ops->c = lane_value(&s, 0);
    const uint64_t u = mix(&s);
    ops->ra_undef = (u & 3) == 0 ? (uint32_t)(u >> 32) : 0;
    ops->rb_undef = (u & 12) == 0 ? (uint32_t)(u >> 16) : 0;
    ops->rc_undef = (u & 48) == 0 ? (uint32_t)(u >> 24) : 0;
}

/* a random state within the invariants: fewer valid/active lanes, B
 * registers and the RPCs of lanes not active */
static void perturb(wr_cta *cta, uint64_t seed)
{
    uint64_t s = seed;
    for (unsigned w = 0; w < cta->nwarps; w++) {
        wr_warp *x = &cta->warp[w];
        const uint64_t r = mix(&s);
        if (r & 1) {
            uint32_t v = x->valid & (uint32_t)mix(&s);
            x->valid = v ? v : x->valid;
        }
        if (r & 2) {
            uint32_t a = x->valid & (uint32_t)mix(&s);
            x->active = a ? a : x->valid;
        } else {
            x->active = x->valid;
        }
        if (r & 4)
            for (unsigned b = 0; b < WR_NUM_BREGS; b++)
                x->breg[b] = (mix(&s) & 1) ? (uint32_t)mix(&s) & x->valid : 0;
        for (unsigned l = 0; l < WR_LANES; l++)
            if (!(x->active >> l & 1))
                x->rpc[l] = (mix(&s) & 0x3f) * WR_INST_SIZE;
        if (r & 8)
            x->active_pc = (mix(&s) & 0x3f) * WR_INST_SIZE;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    static wr_cta cta;
    static wr_retire rec;
    wr_config cfg;
    wr_config_init(&cfg, 1 + (unsigned)data[0] * 4);     /* 1..1021 threads */
    cfg.checks = WR_CHECKS_ON;
    if (wr_cta_init(&cta, &cfg) != 0)
        abort();
    perturb(&cta, data[1]);
    char msg[200];
    if (wr_check_invariants(&cta, msg, sizeof msg) != 0)
        return 0;                              /* not a state the model can be in */
    data += 2;
    size -= 2;
    for (unsigned n = 0; n < MAX_RECS && size >= REC; n++, data += REC, size -= REC) {
        cta.now = n;
        wr_fire_deadlines(&cta);
        unsigned w = data[0] % cta.nwarps, k;
        for (k = 0; k < cta.nwarps && cta.warp[w].run != WR_WARP_READY; k++)
            w = (w + 1) % cta.nwarps;
        if (k == cta.nwarps) {
            if (wr_next_deadline(&cta) == WR_NO_DEADLINE)
                break;                         /* done, blocked or faulted: the end */
            continue;
        }
        wr_word word;
        for (unsigned i = 0; i < 4; i++)
            word.w[i] = (uint32_t)data[1 + 4 * i] | (uint32_t)data[2 + 4 * i] << 8 |
                        (uint32_t)data[3 + 4 * i] << 16 | (uint32_t)data[4 + 4 * i] << 24;
        wr_operands ops;
        draw_operands((uint32_t)data[17] | (uint32_t)data[18] << 8 | (uint32_t)data[19] << 16 |
                      (uint32_t)data[20] << 24, &ops);
        if (wr_step_word(&cta, w, &word, &ops, &rec) != 0) {
            fprintf(stderr, "step %u, warp %u: %s: %s\n", n, w, wr_error_name(wr_cta_error(&cta)),
                    wr_cta_errmsg(&cta));
            abort();
        }
        if (rec.warp != w || rec.nev > WR_MAX_EVENTS) {
            fprintf(stderr, "step %u: a record of warp %u with %u events\n", n, rec.warp, rec.nev);
            abort();
        }
    }
    return 0;
}
