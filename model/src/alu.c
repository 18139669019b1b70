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

/* A GPR source: RZ reads 0 (a pointer to 32 zero lanes); the undefined
 * lanes of RZ are none. */
static const uint64_t zero_lanes[WR_LANES];

static inline const uint64_t *src(unsigned reg, const uint64_t *v)
{
    return reg == WR_RZ ? zero_lanes : v;
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

/* One straight loop per operation over all 32 lanes (the values of lanes
 * outside rd_mask are computed but never stored): cheaper than picking the
 * written lanes one by one, and the compiler can vectorise it. */
#define LANES(expr)                                  \
    for (unsigned l = 0; l < WR_LANES; l++)          \
        e->rd_val[l] = (uint32_t)(expr)

void exec_helper(wr_ctx *x)
{
    const wr_operands *o = x->ops;
    wr_effect *e = x->eff;
    const uint32_t pm = x->pmask;
    const unsigned form = x->in->form;
    const uint32_t imm = (uint32_t)F_(x, IMM32);
    const int has_rb = wr_form_has(form, WR_F_RB);
    const unsigned ra = (unsigned)F_(x, RA), rb = (unsigned)F_(x, RB);
    const uint64_t *a = src(ra, o->ra);
    const uint64_t *b = has_rb ? src(rb, o->rb) : NULL;
    /* lanes whose sources were undefined (section 5) */
    const uint32_t undef = (ra != WR_RZ ? o->ra_undef : 0) | (has_rb && rb != WR_RZ ? o->rb_undef : 0);

    switch (x->in->optype) {
    case WR_OPT_S2R: {               /* SR_LANEID, SR_TID, SR_WARPID */
        const int64_t sr = F_(x, SR);
        const uint32_t base = sr == 1 ? x->warp * WR_LANES : 0;
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (sr == 2)
            LANES(x->warp);
        else
            LANES(base + l);
        break;
    }
    case WR_OPT_MOV:                 /* MOV Rd, Ra | imm */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (form == WR_FORM_MOV_R) {
            LANES(a[l]);
            e->rd_undef = e->rd_mask & o->ra_undef & (ra != WR_RZ ? ~0u : 0u);
        } else {
            LANES(imm);
        }
        break;
    case WR_OPT_IADD:                /* 32-bit wrap */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (b)
            LANES(a[l] + b[l]);
        else
            LANES(a[l] + imm);
        e->rd_undef = e->rd_mask & undef;
        break;
    case WR_OPT_LOP: {               /* LOP field: 0 AND, 1 OR, 2 XOR */
        const int64_t op = F_(x, LOP);
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (b) {
            if (op == 0)      LANES(a[l] & b[l]);
            else if (op == 1) LANES(a[l] | b[l]);
            else              LANES(a[l] ^ b[l]);
        } else {
            if (op == 0)      LANES(a[l] & imm);
            else if (op == 1) LANES(a[l] | imm);
            else              LANES(a[l] ^ imm);
        }
        e->rd_undef = e->rd_mask & undef;
        break;
    }
    case WR_OPT_SHL:                 /* N-54: by 32 or more gives 0 */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (imm >= 32)
            LANES(0);
        else
            LANES((uint32_t)a[l] << imm);
        e->rd_undef = e->rd_mask & undef;
        break;
    case WR_OPT_SHR:                 /* logical */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        if (imm >= 32)
            LANES(0);
        else
            LANES((uint32_t)a[l] >> imm);
        e->rd_undef = e->rd_mask & undef;
        break;
    case WR_OPT_ISETP: {             /* N-54: unsigned compare into Pd */
        const unsigned cmp = (unsigned)F_(x, CMP), pd = (unsigned)F_(x, PD);
        uint32_t t = 0;
        for (unsigned l = 0; l < WR_LANES; l++)
            t |= (uint32_t)compare(cmp, (uint32_t)a[l], b ? (uint32_t)b[l] : imm) << l;
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
    case WR_OPT_LDC:                 /* Rd = c[bank][offset] */
        write_rd(x, (unsigned)F_(x, RD), 0, pm);
        LANES(o->c);
        break;
    default:                         /* NOP */
        break;
    }
    x->w->active_pc = x->next;
}
