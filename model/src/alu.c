/* alu.c - the helper instructions of SPEC-NOTES N-51 / N-54 (not in the
 * seeds): NOP, S2R, MOV, IADD, LOP, SHL, SHR, ISETP, UMOV, LDC.
 *
 * They exist so that programs can make lane-dependent values and
 * predicates.  Only pmask lanes are written; no BRU/BCU state changes;
 * ActivePC = next.  RZ reads 0; writes to RZ, PT and URZ are discarded.
 * Undefined values propagate (section 5): a written lane is undefined if a
 * GPR lane it read was.  On the hot path: no allocation, no printing.
 */
#include "sem.h"

/* GPR source `reg` in every lane, RZ reading 0; returns its undefined lanes. */
static inline uint32_t read_gpr(unsigned reg, const uint64_t *v, uint32_t undef, uint32_t out[WR_LANES])
{
    if (reg == WR_RZ) {
        for (unsigned l = 0; l < WR_LANES; l++)
            out[l] = 0;
        return 0;
    }
    for (unsigned l = 0; l < WR_LANES; l++)
        out[l] = (uint32_t)v[l];
    return undef;
}

/* unsigned compare, CMP field: 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE */
static inline int compare(unsigned cmp, uint32_t a, uint32_t b)
{
    switch (cmp) {
    case 0:  return a == b;
    case 1:  return a != b;
    case 2:  return a < b;
    case 3:  return a <= b;
    case 4:  return a > b;
    default: return a >= b;
    }
}

void exec_helper(wr_ctx *x)
{
    const wr_operands *o = x->ops;
    wr_effect *e = x->eff;
    const uint32_t pm = x->pmask;
    const unsigned form = x->in->form;
    const uint32_t imm = (uint32_t)F_(x, IMM32);
    uint32_t a[WR_LANES], b[WR_LANES];
    uint32_t undef = 0;              /* lanes whose sources were undefined */

    /* sources: Ra; Rb or the 32-bit immediate */
    if (wr_form_has(form, WR_F_RA))
        undef |= read_gpr((unsigned)F_(x, RA), o->ra, o->ra_undef, a);
    if (wr_form_has(form, WR_F_RB)) {
        undef |= read_gpr((unsigned)F_(x, RB), o->rb, o->rb_undef, b);
    } else {
        for (unsigned l = 0; l < WR_LANES; l++)
            b[l] = imm;
    }

    switch (x->in->optype) {
    case WR_OPT_S2R: {               /* SR_LANEID, SR_TID, SR_WARPID */
        const int64_t sr = F_(x, SR);
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        for (unsigned l = 0; l < WR_LANES; l++)
            e->rd_val[l] = sr == 0 ? l : sr == 1 ? x->warp * WR_LANES + l : x->warp;
        break;
    }
    case WR_OPT_MOV:                 /* MOV Rd, Ra | imm */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (form == WR_FORM_MOV_R) {
            for (unsigned l = 0; l < WR_LANES; l++)
                e->rd_val[l] = a[l];
            e->rd_undef = e->rd_mask & undef;
        } else {
            for (unsigned l = 0; l < WR_LANES; l++)
                e->rd_val[l] = imm;
        }
        break;
    case WR_OPT_IADD:                /* 32-bit wrap */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        for (unsigned l = 0; l < WR_LANES; l++)
            e->rd_val[l] = (uint32_t)(a[l] + b[l]);
        e->rd_undef = e->rd_mask & undef;
        break;
    case WR_OPT_LOP: {               /* LOP field: 0 AND, 1 OR, 2 XOR */
        const int64_t op = F_(x, LOP);
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        for (unsigned l = 0; l < WR_LANES; l++)
            e->rd_val[l] = op == 0 ? (a[l] & b[l]) : op == 1 ? (a[l] | b[l]) : (a[l] ^ b[l]);
        e->rd_undef = e->rd_mask & undef;
        break;
    }
    case WR_OPT_SHL:                 /* N-54: by 32 or more gives 0 */
    case WR_OPT_SHR: {               /* logical */
        const int left = x->in->optype == WR_OPT_SHL;
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        for (unsigned l = 0; l < WR_LANES; l++)
            e->rd_val[l] = imm >= 32 ? 0u : left ? a[l] << imm : a[l] >> imm;
        e->rd_undef = e->rd_mask & undef;
        break;
    }
    case WR_OPT_ISETP: {             /* N-54: unsigned compare into Pd */
        const unsigned cmp = (unsigned)F_(x, CMP), pd = (unsigned)F_(x, PD);
        uint32_t t = 0;
        for (unsigned l = 0; l < WR_LANES; l++)
            t |= (uint32_t)compare(cmp, a[l], b[l]) << l;
        e->pd = (uint8_t)pd;
        e->pd_mask = pd == WR_PT ? 0u : pm;   /* PT discarded */
        e->pd_val = t & e->pd_mask;
        e->pd_undef = e->pd_mask & undef;
        break;
    }
    case WR_OPT_UMOV: {              /* N-54: writes iff pmask != 0 */
        const unsigned urd = (unsigned)F_(x, URD);
        if (pm != 0 && urd != WR_URZ) {
            e->ur_write = 1;
            e->urd = (uint8_t)urd;
            e->ur_val = imm;
        }
        break;
    }
    case WR_OPT_LDC: {               /* Rd = c[bank][offset] */
        const uint32_t c = (uint32_t)o->c;
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        for (unsigned l = 0; l < WR_LANES; l++)
            e->rd_val[l] = c;
        break;
    }
    default:                         /* NOP */
        break;
    }
    x->w->active_pc = x->next;
}
