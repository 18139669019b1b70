/* regfile.h - internal: the model's own registers read into wr_operands
 * and a record's writes stored (wr_regfile_read, wr_regfile_apply in
 * regfile.c), inline, so that the standalone run's loop (run.c) pays no
 * call for either and passes the read set it keeps per instruction. */
#ifndef WARPREF_REGFILE_H
#define WARPREF_REGFILE_H

#include <string.h>

#include "sem.h"

static inline uint32_t *gpr(const wr_regfile *rf, unsigned w, unsigned reg)
{
    return rf->r + wr_regfile_slot(rf, w, reg) * WR_LANES;
}

/* 32 lanes of Rreg (pair: R[reg:reg+1]); RZ and unstored registers read 0 */
static inline uint32_t read_gpr(const wr_regfile *rf, unsigned w, unsigned reg, int pair, uint64_t out[WR_LANES])
{
    uint32_t undef = 0;
    if (reg < rf->nregs) {
        const uint32_t *lo = gpr(rf, w, reg);
        for (unsigned l = 0; l < WR_LANES; l++)
            out[l] = lo[l];
        undef = rf->r_undef[wr_regfile_slot(rf, w, reg)];
    } else {
        memset(out, 0, WR_LANES * sizeof *out);
    }
    if (pair && reg + 1 < rf->nregs) {   /* the high half of R254's pair is RZ */
        const uint32_t *hi = gpr(rf, w, reg + 1);
        for (unsigned l = 0; l < WR_LANES; l++)
            out[l] |= (uint64_t)hi[l] << 32;
        undef |= rf->r_undef[wr_regfile_slot(rf, w, reg + 1)];
    }
    return undef;
}

static inline uint32_t read_pred(const wr_regfile *rf, unsigned w, unsigned p)
{
    return wr_pred_value(p, p < WR_NUM_PREDS ? rf->p[w][p] : 0);
}

static inline uint64_t read_ureg(const wr_regfile *rf, unsigned w, int64_t u, int pair)
{
    uint64_t v = u < WR_NUM_UREGS ? rf->ur[w][u] : 0;
    if (pair && u + 1 < WR_NUM_UREGS)
        v |= (uint64_t)rf->ur[w][u + 1] << 32;
    return v;
}

/* the uniform register (pair) and the constant (pair) of the read set */
static inline void read_ur_c(const wr_regfile *rf, unsigned w, const wr_insn *insn, unsigned reads,
                             uint64_t *ur, uint64_t *c)
{
    const int64_t *f = insn->f;
    if (reads & WR_IN_UR) {
        int64_t u = wr_form_has(insn->form, WR_F_URA) ? f[WR_F_URA] : f[WR_F_URB];
        *ur = read_ureg(rf, w, u, (reads & WR_IN_UR64) != 0);
    }
    if (reads & WR_IN_C) {
        unsigned bank = wr_cmem_bank(f[WR_F_CMEM]), off = wr_cmem_offset(f[WR_F_CMEM]);
        *c = wr_regfile_const_read(rf, bank, off);
        if (reads & WR_IN_C64)              /* N-54: low word at off, high at off + 4 */
            *c |= (uint64_t)wr_regfile_const_read(rf, bank, off + 4) << 32;
    }
}

/* wr_regfile_read, given the instruction's read set (wr_insn_reads) */
static inline void regfile_read(const wr_regfile *rf, unsigned w, const wr_insn *insn, unsigned reads,
                                wr_operands *ops)
{
    const int64_t *f = insn->f;
    ops->pg = read_pred(rf, w, wr_f_PG(insn));
    ops->pp = (reads & WR_IN_PP) ? read_pred(rf, w, wr_f_PP(insn)) : 0xffffffffu;
    ops->ra_undef = ops->rb_undef = ops->rc_undef = ops->re_undef = 0;
    if (reads & WR_IN_RA)
        ops->ra_undef = read_gpr(rf, w, (unsigned)f[WR_F_RA], (reads & WR_IN_RA64) != 0, ops->ra);
    if (reads & WR_IN_RB)
        ops->rb_undef = read_gpr(rf, w, (unsigned)f[WR_F_RB], 0, ops->rb);
    if (reads & WR_IN_RC) {
        ops->rc_undef = read_gpr(rf, w, (unsigned)f[WR_F_RC], 0, ops->rc);
        if (reads & WR_IN_RE)           /* (the fourth slot: only after the third) */
            ops->re_undef = read_gpr(rf, w, (unsigned)f[WR_F_RE], 0, ops->re);
    }
    read_ur_c(rf, w, insn, reads, &ops->ur, &ops->c);
}

/* GPR reg's lanes where the register file keeps them (RZ and unstored
 * registers: zeros) and its undefined lanes */
static inline const uint32_t *gpr_row(const wr_regfile *rf, unsigned w, unsigned reg, uint32_t *undef)
{
    if (reg < rf->nregs) {
        *undef |= rf->r_undef[wr_regfile_slot(rf, w, reg)];
        return gpr(rf, w, reg);
    }
    return wr_zero_lanes;
}

/* The operands as step_srcs (step.h) reads them: the same values as
 * regfile_read's, the GPRs pointed at in place (no copy, no widening). */
static inline void regfile_srcs(const wr_regfile *rf, unsigned w, const wr_insn *insn, unsigned reads,
                                wr_srcs *s)
{
    const int64_t *f = insn->f;
    s->pg = read_pred(rf, w, wr_f_PG(insn));
    s->pp = (reads & WR_IN_PP) ? read_pred(rf, w, wr_f_PP(insn)) : 0xffffffffu;
    s->ra_undef = s->rb_undef = s->rc_undef = s->re_undef = 0;
    if (!(reads & (WR_IN_RA | WR_IN_RB | WR_IN_RC | WR_IN_UR | WR_IN_C)))
        return;                         /* (the branches' common case) */
    if (reads & WR_IN_RA) {
        s->ra = gpr_row(rf, w, (unsigned)f[WR_F_RA], &s->ra_undef);
        s->ra_hi = (reads & WR_IN_RA64) ? gpr_row(rf, w, (unsigned)f[WR_F_RA] + 1u, &s->ra_undef)
                                        : wr_zero_lanes;   /* (R254's pair: RZ above) */
    }
    if (reads & WR_IN_RB)
        s->rb = gpr_row(rf, w, (unsigned)f[WR_F_RB], &s->rb_undef);
    if (reads & WR_IN_RC) {
        s->rc = gpr_row(rf, w, (unsigned)f[WR_F_RC], &s->rc_undef);
        if (reads & WR_IN_RE)           /* (the fourth slot: only after the third) */
            s->re = gpr_row(rf, w, (unsigned)f[WR_F_RE], &s->re_undef);
    }
    read_ur_c(rf, w, insn, reads, &s->ur, &s->c);
}

static inline __attribute__((always_inline)) void store_gpr(wr_regfile *rf, unsigned w, unsigned reg, uint32_t mask, uint32_t undef,
                      const uint32_t val[WR_LANES])
{
    if (reg >= rf->nregs)               /* RZ (the high half of R[254:255]) */
        return;
    uint32_t *r = gpr(rf, w, reg);
    if (mask == 0xffffffffu) {          /* the common case, a straight copy */
        memcpy(r, val, WR_LANES * sizeof *r);
    } else {                            /* a blend of all 32 lanes (a vector loop) */
#if defined(__SSE2__)
        /* four lanes at a time, their selects made from the mask's bits
         * (no test whether the two rows overlap: they never do) */
        const __m128i m = _mm_set1_epi32((int)mask);
        for (unsigned l = 0; l < WR_LANES; l += 4) {
            const __m128i bit = _mm_loadu_si128((const __m128i *)&wr_lane_bit[l]);
            const __m128i sel = _mm_cmpeq_epi32(_mm_and_si128(m, bit), bit);
            const __m128i old = _mm_loadu_si128((const __m128i *)&r[l]);
            const __m128i v = _mm_loadu_si128((const __m128i *)&val[l]);
            _mm_storeu_si128((__m128i *)&r[l], _mm_xor_si128(old, _mm_and_si128(sel, _mm_xor_si128(v, old))));
        }
#else
        for (unsigned l = 0; l < WR_LANES; l++) {
            const uint32_t sel = -(uint32_t)((mask & wr_lane_bit[l]) != 0);
            r[l] = (val[l] & sel) | (r[l] & ~sel);
        }
#endif
    }
    uint32_t *u = &rf->r_undef[wr_regfile_slot(rf, w, reg)];
    *u = (*u & ~mask) | (undef & mask);
}

/* A lane is undefined (section 5) when its write has any don't-care bit:
 * wr_write_undefined(), the record's one representation.  The register
 * writes come first in a record (retire.h): the loop stops at the first
 * write of the CTA's state. */
static inline __attribute__((always_inline)) void regfile_apply(wr_regfile *rf, const wr_retire *rec)
{
    for (unsigned i = 0; i < rec->nwrites && rec->write[i].kind <= WR_WRITE_UR; i++) {
        const wr_write *e = &rec->write[i];
        const unsigned w = e->warp, k = e->index;
        const uint32_t m = e->lanes;
        switch (e->kind) {
        case WR_WRITE_GPR:
            store_gpr(rf, w, k, m, wr_write_undefined(e), e->value);
            break;
        case WR_WRITE_PRED:
            if (k < WR_NUM_PREDS) {
                rf->p[w][k] = (rf->p[w][k] & ~m) | (e->value[0] & m);
                rf->p_undef[w][k] = (rf->p_undef[w][k] & ~m) | wr_write_undefined(e);
            }
            break;
        case WR_WRITE_UR:
            if (k < WR_NUM_UREGS)
                rf->ur[w][k] = e->value[0];
            break;
        default:
            break;
        }
    }
}

#endif
