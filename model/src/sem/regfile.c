/* regfile.c - the model's own registers, for self-contained runs: reads the
 * operands an instruction names into wr_operands, and writes an effect back.
 * No semantics here: the step decides what is written, this only stores it
 * (with the undefined-lane marks of SPEC-NOTES section 5). */
#include <stdlib.h>
#include <string.h>

#include "sem.h"

int wr_regfile_init(wr_regfile *rf, unsigned nwarps, unsigned nregs)
{
    memset(rf, 0, sizeof *rf);
    if (nwarps < 1 || nwarps > WR_MAX_WARPS || nregs > WR_RZ)
        return -1;
    if (nregs < 1)
        nregs = 1;
    rf->nwarps = nwarps;
    rf->nregs = nregs;
    rf->r = calloc((size_t)nwarps * nregs * WR_LANES, sizeof *rf->r);
    rf->r_undef = calloc((size_t)nwarps * nregs, sizeof *rf->r_undef);
    if (!rf->r || !rf->r_undef) {
        wr_regfile_free(rf);
        return -1;
    }
    return 0;
}

void wr_regfile_free(wr_regfile *rf)
{
    free(rf->r);
    free(rf->r_undef);
    for (unsigned b = 0; b < WR_CONST_BANKS; b++)
        free(rf->cmem[b]);
    memset(rf, 0, sizeof *rf);
}

int wr_regfile_copy(wr_regfile *dst, const wr_regfile *src)
{
    if (wr_regfile_init(dst, src->nwarps, src->nregs) != 0)
        return -1;
    size_t n = (size_t)src->nwarps * src->nregs;
    memcpy(dst->r, src->r, n * WR_LANES * sizeof *dst->r);
    memcpy(dst->r_undef, src->r_undef, n * sizeof *dst->r_undef);
    memcpy(dst->p, src->p, sizeof dst->p);
    memcpy(dst->p_undef, src->p_undef, sizeof dst->p_undef);
    memcpy(dst->ur, src->ur, sizeof dst->ur);
    for (unsigned b = 0; b < WR_CONST_BANKS; b++) {
        if (!src->cmem[b])
            continue;
        dst->cmem[b] = malloc(WR_CONST_BANK_BYTES);
        if (!dst->cmem[b]) {
            wr_regfile_free(dst);
            return -1;
        }
        memcpy(dst->cmem[b], src->cmem[b], WR_CONST_BANK_BYTES);
    }
    return 0;
}

int wr_regfile_const(wr_regfile *rf, unsigned bank, unsigned offset, uint32_t value)
{
    if (bank >= WR_CONST_BANKS || offset >= WR_CONST_BANK_BYTES || offset % 4)
        return -1;
    if (!rf->cmem[bank]) {
        rf->cmem[bank] = calloc(WR_CONST_BANK_BYTES / 4, sizeof(uint32_t));
        if (!rf->cmem[bank])
            return -1;
    }
    rf->cmem[bank][offset / 4] = value;
    return 0;
}

uint32_t wr_regfile_const_read(const wr_regfile *rf, unsigned bank, unsigned offset)
{
    /* N-54: unwritten words read 0 (also past the bank, for the high half
     * of a 64-bit constant at the last word) */
    if (bank >= WR_CONST_BANKS || offset >= WR_CONST_BANK_BYTES || !rf->cmem[bank])
        return 0;
    return rf->cmem[bank][offset / 4];
}

static inline uint32_t *gpr(const wr_regfile *rf, unsigned w, unsigned reg)
{
    return rf->r + wr_regfile_slot(rf, w, reg) * WR_LANES;
}

/* 32 lanes of Rreg (pair: R[reg:reg+1]); RZ and unstored registers read 0 */
static uint32_t read_gpr(const wr_regfile *rf, unsigned w, unsigned reg, int pair, uint64_t out[WR_LANES])
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

static uint32_t read_pred(const wr_regfile *rf, unsigned w, unsigned p)
{
    return wr_pred_value(p, p < WR_NUM_PREDS ? rf->p[w][p] : 0);
}

static uint64_t read_ureg(const wr_regfile *rf, unsigned w, int64_t u, int pair)
{
    uint64_t v = u < WR_NUM_UREGS ? rf->ur[w][u] : 0;
    if (pair && u + 1 < WR_NUM_UREGS)
        v |= (uint64_t)rf->ur[w][u + 1] << 32;
    return v;
}

void wr_regfile_read(const wr_regfile *rf, unsigned w, const wr_insn *insn, wr_operands *ops)
{
    unsigned reads = wr_insn_reads(insn);
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
    if (reads & WR_IN_UR) {
        int64_t u = wr_form_has(insn->form, WR_F_URA) ? f[WR_F_URA] : f[WR_F_URB];
        ops->ur = read_ureg(rf, w, u, (reads & WR_IN_UR64) != 0);
    }
    if (reads & WR_IN_C) {
        unsigned bank = wr_cmem_bank(f[WR_F_CMEM]), off = wr_cmem_offset(f[WR_F_CMEM]);
        ops->c = wr_regfile_const_read(rf, bank, off);
        if (reads & WR_IN_C64)              /* N-54: low word at off, high at off + 4 */
            ops->c |= (uint64_t)wr_regfile_const_read(rf, bank, off + 4) << 32;
    }
}

static void store_gpr(wr_regfile *rf, unsigned w, unsigned reg, uint32_t mask, uint32_t undef,
                      const uint32_t val[WR_LANES])
{
    if (reg >= rf->nregs)               /* RZ (the high half of R[254:255]) */
        return;
    uint32_t *r = gpr(rf, w, reg);
    if (mask == 0xffffffffu) {          /* the common case, a straight copy */
        memcpy(r, val, WR_LANES * sizeof *r);
    } else {
        for (uint32_t m = mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            r[l] = val[l];
        }
    }
    uint32_t *u = &rf->r_undef[wr_regfile_slot(rf, w, reg)];
    *u = (*u & ~mask) | (undef & mask);
}

/* A lane is undefined (section 5) when its write has any don't-care bit:
 * wr_write_undefined(), the record's one representation.  The register
 * writes come first in a record (retire.h): the loop stops at the first
 * write of the CTA's state. */
void wr_regfile_apply(wr_regfile *rf, const wr_retire *rec)
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
