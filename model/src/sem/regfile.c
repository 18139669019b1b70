/* regfile.c - the model's own registers, for self-contained runs: reads the
 * operands an instruction names into wr_operands, and writes an effect back.
 * No semantics here: the step decides what is written, this only stores it
 * (with the undefined-lane marks of SPEC-NOTES section 5). */
#include <stdlib.h>
#include <string.h>

#include "sem.h"
#include "regfile.h"

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

/* (the reads and the writes: regfile.h, inline in the standalone run's loop) */
void wr_regfile_read(const wr_regfile *rf, unsigned w, const wr_insn *insn, wr_operands *ops)
{
    regfile_read(rf, w, insn, wr_insn_reads(insn), ops);
}

void wr_regfile_apply(wr_regfile *rf, const wr_retire *rec)
{
    regfile_apply(rf, rec);
}
