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

/* The lanes where `a[l] OP b` holds, b the lane value or the immediate: one
 * straight loop per comparison, with no test inside, on the operands' low
 * 32-bit words (a vector loop: LANE_MASK, sem.h). */
#define CMP_LANES(op)                                                            \
    do {                                                                         \
        if (s.b)                                                                 \
            LANE_MASK(t, (uint32_t)s.a[l] op (uint32_t)s.b[l]);                  \
        else                                                                     \
            LANE_MASK(t, (uint32_t)s.a[l] op s.imm);                             \
    } while (0)

/* One straight loop per operation over all 32 lanes of the write entry e
 * (the values of lanes it does not write are computed but never read):
 * cheaper than picking the written lanes one by one, and the compiler can
 * vectorise it. */
#define LANES(expr)                                  \
    for (unsigned l = 0; l < WR_LANES; l++)          \
        e->value[l] = (uint32_t)(expr)

/* Section 5: a written lane is undefined if a source lane it read was. */
static inline void propagate_undefined(wr_write *e, uint32_t undef)
{
    if (undef)
        wr_write_mark_undefined(e, undef);
}

/* The source operands of a helper: Ra, and Rb or the immediate. */
typedef struct srcs {
    const uint32_t *a, *b;           /* b: NULL for the immediate forms */
    uint32_t imm;
    uint32_t undef;                  /* lanes whose sources were undefined (section 5) */
} srcs;

static inline srcs sources(const wr_ctx *x)
{
    /* a form without Rb holds RZ there (isa.h), so undef_b() is 0 */
    const int has_rb = wr_form_has(x->in->form, WR_F_RB);
    srcs s = { gpr_a(x), has_rb ? gpr_b(x) : NULL, F_(x, IMM32), undef_a(x) | undef_b(x) };
    return s;
}

/* Every helper ends here: ActivePC = next (N-51).  Its path, HELPER.exec,
 * is the one a step that records none took (warpref/paths.h). */
static inline void helper_done(wr_ctx *x) { x->w->active_pc = x->next; }

void exec_NOP(wr_ctx *x)
{
    helper_done(x);
}

void exec_S2R(wr_ctx *x)             /* SR_LANEID, SR_TID, SR_WARPID */
{
    const unsigned sr = F_(x, SR);
    const uint32_t base = sr == 1 ? x->warp * WR_LANES : 0;
    wr_write *e = write_rd(x, x->pmask);
    if (sr == 2)
        LANES(x->warp);
    else
        LANES(base + l);
    helper_done(x);
}

void exec_MOV(wr_ctx *x)             /* MOV Rd, Ra | imm */
{
    const srcs s = sources(x);
    wr_write *e = write_rd(x, x->pmask);
    if (x->in->form == WR_FORM_MOV_R) {
        LANES(s.a[l]);
        propagate_undefined(e, s.undef);
    } else {
        LANES(s.imm);
    }
    helper_done(x);
}

void exec_IADD(wr_ctx *x)            /* 32-bit wrap */
{
    const srcs s = sources(x);
    wr_write *e = write_rd(x, x->pmask);
    if (s.b)
        LANES(s.a[l] + s.b[l]);
    else
        LANES(s.a[l] + s.imm);
    propagate_undefined(e, s.undef);
    helper_done(x);
}

void exec_LOP(wr_ctx *x)             /* LOP field: 0 AND, 1 OR, 2 XOR */
{
    const srcs s = sources(x);
    const unsigned op = F_(x, LOP);
    wr_write *e = write_rd(x, x->pmask);
    if (s.b) {
        if (op == 0)      LANES(s.a[l] & s.b[l]);
        else if (op == 1) LANES(s.a[l] | s.b[l]);
        else              LANES(s.a[l] ^ s.b[l]);
    } else {
        if (op == 0)      LANES(s.a[l] & s.imm);
        else if (op == 1) LANES(s.a[l] | s.imm);
        else              LANES(s.a[l] ^ s.imm);
    }
    propagate_undefined(e, s.undef);
    helper_done(x);
}

void exec_SHL(wr_ctx *x)             /* N-54: by 32 or more gives 0 */
{
    const srcs s = sources(x);
    wr_write *e = write_rd(x, x->pmask);
    if (s.imm >= 32)
        LANES(0);
    else
        LANES((uint32_t)s.a[l] << s.imm);
    propagate_undefined(e, s.undef);
    helper_done(x);
}

void exec_SHR(wr_ctx *x)             /* logical */
{
    const srcs s = sources(x);
    wr_write *e = write_rd(x, x->pmask);
    if (s.imm >= 32)
        LANES(0);
    else
        LANES((uint32_t)s.a[l] >> s.imm);
    propagate_undefined(e, s.undef);
    helper_done(x);
}

void exec_ISETP(wr_ctx *x)           /* N-54: unsigned compare into Pd */
{
    const srcs s = sources(x);
    uint32_t t = 0;
    switch (F_(x, CMP)) {            /* unsigned: 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE */
    case 0:  CMP_LANES(==); break;
    case 1:  CMP_LANES(!=); break;
    case 2:  CMP_LANES(<); break;
    case 3:  CMP_LANES(<=); break;
    case 4:  CMP_LANES(>); break;
    default: CMP_LANES(>=); break;
    }
    wr_write *e = write_pd(x, F_(x, PD), x->pmask);   /* PT discarded */
    e->value[0] = t & x->pmask;
    propagate_undefined(e, s.undef);
    helper_done(x);
}

void exec_UMOV(wr_ctx *x)            /* N-54: writes iff pmask != 0 */
{
    if (x->pmask != 0)
        write_ur(x, F_(x, URD), F_(x, IMM32));
    helper_done(x);
}

void exec_LDC(wr_ctx *x)             /* Rd = c[bank][offset] */
{
    wr_write *e = write_rd(x, x->pmask);
    LANES(x->src->c);
    helper_done(x);
}
