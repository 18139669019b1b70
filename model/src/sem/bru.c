/* bru.c - the branch/reconvergence unit: seed 003 (group BRU), read as
 * SPEC-NOTES section 3 says (rules N-10 .. N-27, hazards H-1 .. H-4).
 *
 * One function per instruction.  Each body follows the seed's pseudo-code
 * step by step and in the seed's order, using the words of SPEC-NOTES
 * section 1 (pmask, arrivemask, switch_to = the seed's switchPCByMask,
 * all_asleep = the seed's sleep-candidate test, lowest = its ffs).  The
 * dispatcher (step.c) has already computed x->pgv, x->ppv, x->pmask and
 * x->next = ActivePC + 16.
 *
 * Semantics that are consistent but hazardous (section 9) are implemented as
 * written, not fixed.  Architectural exceptions are detected before any state
 * changes (N-37).  Hot path: no allocation, no printing; mask operations
 * wherever the seed's per-lane arrays allow it.
 */
#include "engine.h"

enum { COND_NONE = 0, COND_U = 1, COND_DIV = 2, COND_CONV = 3 };   /* BRACond */
/* ---- operands ------------------------------------------------------------
 * gpr_a/gpr_b (lane values, RZ reads 0) and ureg (URZ reads 0) are sem.h's. */

/* `~` (the BITNOT field) inverts a 32-bit mask operand after it is read */
static inline uint32_t maybe_not(const wr_ctx *x, uint32_t v)
{
    return F_(x, BITNOT) ? ~v : v;
}
/* low 32 bits sign-extended to 64 (N-15), without implementation-defined casts */
static inline uint64_t sext32(uint64_t v)
{
    return ((v & 0xffffffffu) ^ 0x80000000u) - 0x80000000u;
}
/* offset * INST_SIZE, modulo 2^64 (N-61) */
static inline uint64_t offset_bytes(int64_t offset)
{
    return (uint64_t)offset * WR_INST_SIZE;
}
/* N-15..N-17: displacement v + offset*16 from the instruction's base
 * (wr_disp_base: the next instruction, 0 for .ABS, LEPC's own address) */
static inline uint64_t disp_target(const wr_ctx *x, uint64_t v)
{
    return wr_disp_base(x->in, x->w->active_pc) + v + offset_bytes(F_(x, OFFSET));
}
static inline uint32_t *bn(const wr_ctx *x)
{
    return &x->w->breg[F_(x, BREG) & (WR_NUM_BREGS - 1)];
}

/* The guard split that BSYNC, YIELD, NANOSLEEP and WARPSYNC share: lanes
 * whose guard is false (mask_np) fall through first; the predicated-on lanes
 * (mask_p) park at this instruction, RPC = ActivePC. */
static void split_on_guard(wr_ctx *x, unsigned path, uint32_t mask_np, uint32_t mask_p)
{
    wr_warp *w = x->w;
    TOOK_ID(x, path, .num = F_(x, BREG) & (WR_NUM_BREGS - 1), .a = mask_np, .b = mask_p);
    set_rpc(w, mask_p, w->active_pc);
    w->active = mask_np;
    w->active_pc = x->next;
}

/* ---- taking a branch: BRA, BRX, CALL, RET (N-12, N-13, N-14) -------------
 * The seed's BRX pseudo-code.  b_jump is a subset of ActiveMask.  Target[l]
 * is target[l], or target[0] for every lane when `uniform` (BRA and the UR /
 * constant forms); only lanes of b_jump are read. */
static void take_branch(wr_ctx *x, uint32_t b_jump, const uint64_t target[], int uniform)
{
    wr_warp *w = x->w;
    if (b_jump == 0) {                       /* nobody jumps: fall through */
        TOOK(x, BRANCH_NONE, .a = w->active);
        w->active_pc = x->next;
    } else if (b_jump == w->active) {        /* every active lane jumps */
        unsigned lid = lowest(w->active);
        w->active_pc = target[uniform ? 0 : lid];
        if (uniform) {
            TOOK(x, BRANCH_ALL, .a = w->active);
        } else {
            /* N-13: only lanes of the old ActiveMask are looked at; those whose
             * target differs leave ActiveMask and wait at their target */
            uint32_t differ = 0;
            for (uint32_t m = w->active; m; m &= m - 1) {
                unsigned l = lowest(m);
                if (target[l] != w->active_pc) {
                    differ |= 1u << l;
                    w->rpc[l] = target[l];
                }
            }
            if (differ)
                TOOK(x, BRANCH_ALL_SPLIT, .a = w->active, .b = differ, .lane = (uint8_t)lid);
            else
                TOOK(x, BRANCH_ALL, .a = w->active);
            w->active &= ~differ;
        }
    } else {                                 /* some jump: fall-through first */
        w->active_pc = x->next;
        w->active &= ~b_jump;                /* N-14: ActiveMask & ~b_jump */
        TOOK(x, BRANCH_SOME, .a = b_jump, .b = w->active);
        if (uniform) {
            set_rpc(w, b_jump, target[0]);
        } else {
            for (uint32_t m = b_jump; m; m &= m - 1) {
                unsigned l = lowest(m);
                w->rpc[l] = target[l];
            }
        }
    }
}

/* ---- BRA (N-10, N-11): the seed's getGoldenBranchCondition -------------- */
void exec_BRA(wr_ctx *x)
{
    const wr_warp *w = x->w;
    const uint32_t pmask = x->pmask;          /* pgv & ppv & ActiveMask */
    const unsigned cond = F_(x, COND);
    uint32_t b_jump;

    if (x->in->form == WR_FORM_BRA_X) {
        /* no UR operand: divergent iff the predicated-on active lanes are not
         * all valid lanes */
        int is_div = pmask != w->valid;
        int arm;                              /* the modifier's condition holds */
        switch (cond) {
        case COND_NONE: arm = 1; b_jump = pmask; break;
        case COND_U:    arm = pmask == w->active; b_jump = arm ? w->active : 0; break; /* all agree */
        case COND_DIV:  arm = is_div; b_jump = is_div ? pmask : 0; break;
        default:        arm = !is_div; b_jump = is_div ? 0 : pmask; break;          /* CONV */
        }
        /* the path: the modifier, and whether its condition held */
        static const uint16_t cond_path[4][2] = {
            [COND_NONE] = { WR_PATH_BRA_COND_NONE, WR_PATH_BRA_COND_NONE },
            [COND_U] = { WR_PATH_BRA_U_NOT_ALL, WR_PATH_BRA_U_ALL },
            [COND_DIV] = { WR_PATH_BRA_DIV_NOT, WR_PATH_BRA_DIV },
            [COND_CONV] = { WR_PATH_BRA_CONV_NOT, WR_PATH_BRA_CONV },
        };
        TOOK_ID(x, cond_path[cond][arm], .a = cond == COND_U ? w->active & ~pmask : pmask, .b = w->valid);
    } else {                                  /* BRA_U: URa is a lane mask */
        if (cond != COND_DIV && cond != COND_CONV) {
            TOOK(x, BRA_UR_ILLEGAL, .a = cond);
            raise_exc(x, WR_EXC_ILLEGAL_ENCODING);  /* the seed's EncodingError */
            return;
        }
        const uint32_t ur = maybe_not(x, (uint32_t)ureg(x));
        const uint32_t pg = x->pgv & x->ppv;
        int is_div;
        unsigned why;
        uint32_t decided;
        if ((decided = (w->valid ^ w->active) & ur) != 0) {
            why = WR_PATH_BRA_UR_VALID_NOT_ACTIVE;
            is_div = 1;                        /* a UR lane is valid but not active */
        } else if (pmask != 0 && pmask != w->active) {
            why = WR_PATH_BRA_UR_GUARD_SPLIT;
            decided = w->active & ~pg & ur;
            is_div = decided != 0;             /* guards disagree: a UR lane is off */
        } else {
            why = WR_PATH_BRA_UR_UNIFORM;
            is_div = 0;
        }
        if (cond == COND_DIV)
            b_jump = pmask != 0 && is_div ? w->active : 0;
        else
            b_jump = pmask != 0 && !is_div ? w->active : 0;
        TOOK_ID(x, why, .a = decided, .b = pmask, .c = b_jump);
    }

    const uint64_t target = wr_branch_target(x->w->active_pc, F_(x, OFFSET));   /* N-10 */
    take_branch(x, b_jump, &target, 1);
}

/* ---- BRX (N-15): Target[l] = ActivePC + 16 + sext32(Vb[l]) + offset*16 -- */
void exec_BRX(wr_ctx *x)
{
    const uint32_t b_jump = x->pmask;         /* ActiveMask & pgv & ppv */
    uint64_t target[WR_LANES];

    switch (x->in->form) {
    case WR_FORM_BRX_R: {                     /* per lane */
        const uint32_t *a = gpr_a(x);
        for (uint32_t m = b_jump; m; m &= m - 1) {
            unsigned l = lowest(m);
            target[l] = disp_target(x, sext32(a[l]));
        }
        take_branch(x, b_jump, target, 0);
        return;
    }
    case WR_FORM_BRX_U:                       /* uniform */
        target[0] = disp_target(x, sext32(ureg(x)));
        break;
    default:                                  /* BRX_C: no offset field */
        target[0] = disp_target(x, sext32(x->src->c));
        break;
    }
    take_branch(x, b_jump, target, 1);
}

/* ---- CALL and RET (N-16): only the target differs from BRX; no stack ----
 * .ABS: Va + offset*16, .REL: ActivePC + 16 + Va + offset*16 (wr_disp_base);
 * Va is 64 bits (the row marks it W). */
static void call_or_ret(wr_ctx *x)
{
    const uint32_t b_jump = x->pmask;
    uint64_t target[WR_LANES];

    switch (x->in->form) {
    case WR_FORM_CALL_R:
    case WR_FORM_RET_R: {                     /* Va = R[a:a+1] per lane */
        for (uint32_t m = b_jump; m; m &= m - 1) {
            unsigned l = lowest(m);
            target[l] = disp_target(x, gpr_a64(x, l));
        }
        take_branch(x, b_jump, target, 0);
        return;
    }
    case WR_FORM_CALL_U:
    case WR_FORM_RET_U:                       /* Va = UR[a:a+1] */
        target[0] = disp_target(x, ureg(x));
        break;
    default:                                  /* _C: 64-bit constant, no offset */
        target[0] = disp_target(x, x->src->c);
        break;
    }
    take_branch(x, b_jump, target, 1);
}

void exec_CALL(wr_ctx *x) { call_or_ret(x); }
void exec_RET(wr_ctx *x) { call_or_ret(x); }    /* N-16: identical to CALL */

/* ---- LEPC (N-17): R[d:d+1] = ActivePC + offset*16 in pmask lanes -------- */
void exec_LEPC(wr_ctx *x)
{
    const uint64_t pc = disp_target(x, 0);    /* ActivePC + off (wr_disp_base) */
    TOOK(x, LEPC_WRITE, .a = x->pmask);
    wr_write *lo = write_rd(x, x->pmask);     /* R[d:d+1]: the row marks RD wide */
    for (unsigned l = 0; l < WR_LANES; l++)   /* lanes not written are never read */
        lo->value[l] = (uint32_t)pc;
    wr_write *hi = write_rd_hi(x, x->pmask);  /* of R[254:255], R255 = RZ: the
                                                 register file drops it */
    for (unsigned l = 0; l < WR_LANES; l++)
        hi->value[l] = (uint32_t)(pc >> 32);
    x->w->active_pc = x->next;
}

/* ---- EXIT (N-18) --------------------------------------------------------- */
void exec_EXIT(wr_ctx *x)
{
    wr_warp *w = x->w;
    const uint32_t pmask = x->pmask;
    const uint32_t mask_np = w->active & ~pmask;  /* guard-false lanes carry on */

    if (mask_np) {                            /* partial exit (or none) */
        w->valid &= ~pmask;
        TOOK(x, EXIT_GUARD_SPLIT, .a = mask_np, .b = pmask, .c = w->valid);
        w->active = mask_np;
        w->active_pc = x->next;
        return;
    }
    const uint32_t exiting = w->active;
    w->valid &= ~w->active;                   /* every active lane exits */
    if (w->valid == 0) {
        TOOK(x, EXIT_WARP_EXIT, .a = exiting);
        warp_exit(x);                         /* N-18 (fix): Active = 0 too; N-33 */
        return;
    }
    /* switch to another valid branch: candidates are all valid lanes */
    int do_sleep, yielded;
    const unsigned lid = pick_lane(w, w->valid, &do_sleep, &yielded);
    if (yielded)
        TOOK(x, EXIT_SWITCH_YIELDED, .a = exiting, .b = w->valid, .lane = (uint8_t)lid);
    else
        TOOK(x, EXIT_SWITCH, .a = exiting, .b = w->valid, .lane = (uint8_t)lid);
    w->active_pc = w->rpc[lid];
    w->active = rpc_eq(w, w->rpc[lid]) & w->valid;    /* N-18: & ValidMask, as written */
    if (do_sleep) {
        TOOK(x, EXIT_SWITCH_SLEEP, .a = w->sleep);
        warp_sleep(x);
    }
}

/* ---- BMOV (N-19) --------------------------------------------------------- */
void exec_BMOV(wr_ctx *x)
{
    const uint32_t pmask = x->pmask;
    uint32_t *b = bn(x);

    const uint8_t n = (uint8_t)(F_(x, BREG) & (WR_NUM_BREGS - 1));

    if (x->in->form == WR_FORM_BMOV_X) {      /* Rd = Bn */
        TOOK(x, BMOV_READ, .num = n, .a = *b, .b = pmask);
        wr_write *e = write_rd(x, pmask);
        for (unsigned l = 0; l < WR_LANES; l++)   /* lanes not written are never read */
            e->value[l] = *b;
        if (F_(x, CLEAR) == 1 && pmask != 0) {    /* .CLEAR */
            TOOK(x, BMOV_CLEAR, .num = n, .a = *b);
            *b = 0;
        }
    } else if (pmask != 0) {                  /* Bn = Ra of lowest(pmask) */
        *b = (uint32_t)gpr_a(x)[lowest(pmask)];
        TOOK(x, BMOV_WRITE, .num = n, .a = *b, .lane = (uint8_t)lowest(pmask));
    } else {
        TOOK(x, BMOV_NO_OP, .num = n, .a = *b);
    }
    x->w->active_pc = x->next;
}

/* ---- BSSY (N-20): Bn |= pmask; the sync point is not used ---------------- */
void exec_BSSY(wr_ctx *x)
{
    const uint8_t n = (uint8_t)(F_(x, BREG) & (WR_NUM_BREGS - 1));
    if (x->pmask != 0) {
        *bn(x) |= x->pmask;
        TOOK(x, BSSY_ADD, .num = n, .a = x->pmask, .b = *bn(x));
    } else {
        TOOK(x, BSSY_NO_OP, .num = n, .a = *bn(x));
    }
    x->w->active_pc = x->next;
}

/* ---- BSYNC (N-21) -------------------------------------------------------- */
void exec_BSYNC(wr_ctx *x)
{
    wr_warp *w = x->w;
    uint32_t *b = bn(x);
    uint32_t bmask = *b & w->valid;           /* drop exited lanes */
    const uint32_t pmask = x->pmask;
    const uint32_t arrive = arrivemask(w);
    const uint32_t mask_np = w->active & ~pmask;
    const uint32_t mask_p = w->active & pmask;

    if (mask_np) {                            /* guard split; Bn untouched */
        split_on_guard(x, WR_PATH_BSYNC_GUARD_SPLIT, mask_np, mask_p);
        return;
    }
    /* here pmask == ActiveMask: the active lanes leave bmask */
    bmask = bmask & (bmask ^ w->active);
    *b = bmask;                               /* N-21: written back */
    const uint8_t n = (uint8_t)(F_(x, BREG) & (WR_NUM_BREGS - 1));

    if (bmask == 0) {                         /* full sync */
        TOOK(x, BSYNC_FULL_SYNC, .num = n, .a = arrive);
        w->active = arrive;
        w->active_pc = x->next;
        w->yield ^= w->yield & w->active;     /* the new ActiveMask leaves Yield */
        return;
    }
    /* not synchronised: candidates are waiting non-yield lanes */
    uint32_t cmask = w->valid & ~arrive & ~w->yield;
    if (all_asleep(w, cmask)) {               /* N-02; also cmask == 0: yield release */
        if (cmask)
            TOOK(x, BSYNC_SLEEP_RELEASE, .num = n, .a = bmask, .b = arrive, .c = cmask);
        else
            TOOK(x, BSYNC_YIELD_RELEASE, .num = n, .a = bmask, .b = arrive);
        w->active = arrive;
        w->active_pc = x->next;
        w->yield ^= w->yield & pmask;         /* H-3: only pmask, as written */
        return;
    }
    cmask &= ~w->sleep;
    const uint32_t mask_ny_b = cmask & bmask;     /* must sync, not arrived */
    const uint32_t mask_ny_nb = cmask & ~bmask;   /* outside bmask */

    set_rpc(w, w->active, w->active_pc);      /* the active lanes wait here */
    if (mask_ny_b) {
        TOOK(x, BSYNC_SWITCH_BMASK, .num = n, .a = bmask, .b = mask_ny_b, .lane = (uint8_t)lowest(mask_ny_b));
        switch_to(w, mask_ny_b);
    } else if (mask_ny_nb) {                  /* H-1: before any yield release */
        TOOK(x, BSYNC_SWITCH_OUTSIDE, .num = n, .a = bmask, .b = mask_ny_nb,
             .lane = (uint8_t)lowest(mask_ny_nb));
        switch_to(w, mask_ny_nb);
    } else {                                  /* unreachable (cmask != 0); kept as the seed has it */
        TOOK(x, BSYNC_LATE_RELEASE, .num = n, .a = bmask, .b = arrive);
        w->active = arrive;
        w->active_pc = x->next;
        w->yield ^= w->yield & pmask;
    }
}

/* The paths of the switching half, YIELD's or NANOSLEEP's. */
typedef struct switch_paths {
    uint16_t reset, sw, yielded, refill, sleep;
} switch_paths;
static const switch_paths yield_paths = {
    WR_PATH_YIELD_SWITCHMASK_RESET, WR_PATH_YIELD_SWITCH, WR_PATH_YIELD_SWITCH_YIELDED,
    WR_PATH_YIELD_SWITCHMASK_REFILL, WR_PATH_YIELD_SWITCH_SLEEP };
static const switch_paths nanosleep_paths = {
    WR_PATH_NANOSLEEP_SWITCHMASK_RESET, WR_PATH_NANOSLEEP_SWITCH, WR_PATH_NANOSLEEP_SWITCH_YIELDED,
    WR_PATH_NANOSLEEP_SWITCHMASK_REFILL, WR_PATH_NANOSLEEP_SWITCH_SLEEP };

/* The switching half of YIELD and NANOSLEEP (N-22), for a divergent warp
 * whose active lanes all passed the guard; `t` is NANOSLEEP's time (for the
 * explanation). */
static void yield_switch(wr_ctx *x, const switch_paths *p, uint32_t t)
{
    wr_warp *w = x->w;
    const uint32_t old_active = w->active;

    w->swtch &= w->valid ^ w->active;         /* keep valid-not-active lanes */
    if (w->swtch == 0) {
        w->swtch = w->valid ^ w->active;
        TOOK_ID(x, p->reset, .a = w->swtch);
    }
    int do_sleep, yielded;                    /* choose only within SwitchMask */
    const unsigned lid = pick_lane(w, w->swtch, &do_sleep, &yielded);
    TOOK_ID(x, yielded ? p->yielded : p->sw, .lane = (uint8_t)lid, .a = old_active, .b = w->swtch, .c = t);

    w->yield |= w->active;
    set_rpc(w, w->active, x->next);           /* N-22: they resume after the YIELD */
    w->active_pc = w->rpc[lid];
    w->active = rpc_eq(w, w->rpc[lid]) & (w->valid ^ old_active);
    w->swtch &= w->valid ^ w->active;         /* again, for the new ActiveMask */
    if (w->swtch == 0) {
        w->swtch = w->valid ^ w->active;
        TOOK_ID(x, p->refill, .a = w->swtch);
    }
    if (do_sleep) {
        TOOK_ID(x, p->sleep, .a = w->sleep);
        warp_sleep(x);
    }
}

/* ---- YIELD (N-22) -------------------------------------------------------- */
void exec_YIELD(wr_ctx *x)
{
    wr_warp *w = x->w;
    const uint32_t mask_np = w->active & ~x->pmask;
    const uint32_t mask_p = w->active & x->pmask;

    if (mask_np) {                            /* guard split: parks at the YIELD */
        split_on_guard(x, WR_PATH_YIELD_GUARD_SPLIT, mask_np, mask_p);
        return;
    }
    if ((w->valid ^ w->active) == 0) {        /* N-03: no divergence, a NOP */
        TOOK(x, YIELD_NOP, .a = w->active);
        w->active_pc = x->next;
    } else {
        yield_switch(x, &yield_paths, 0);
    }
}

/* ---- BREAK (N-24): Bn &= ~pmask ------------------------------------------ */
void exec_BREAK(wr_ctx *x)
{
    uint32_t *b = bn(x);
    *b ^= *b & x->pmask;
    TOOK(x, BREAK_CLEAR, .num = (uint8_t)(F_(x, BREG) & (WR_NUM_BREGS - 1)), .a = x->pmask, .b = *b);
    x->w->active_pc = x->next;
}

/* ---- WARPSYNC (N-25) ----------------------------------------------------- */

/* Uniform membermask (forms I, U, C), before `& ValidMask`. */
static uint32_t uniform_membermask(const wr_ctx *x)
{
    switch (x->in->form) {
    case WR_FORM_WARPSYNC_I: return F_(x, IMM32);
    case WR_FORM_WARPSYNC_U: return maybe_not(x, (uint32_t)ureg(x));
    default:                 return maybe_not(x, (uint32_t)x->src->c);
    }
}

static void warpsync_uniform(wr_ctx *x, uint32_t mmask, uint32_t arrive)
{
    wr_warp *w = x->w;

    if ((arrive & ~mmask) != 0) {             /* N-25, N-37, H-4: before any change */
        TOOK(x, WARPSYNC_NOT_MEMBER, .a = arrive & ~mmask, .b = mmask);
        raise_exc(x, WR_EXC_WARPSYNC_NOT_MEMBER);
        return;
    }
    if ((arrive & mmask) == mmask) {          /* N-03: every member arrived */
        TOOK(x, WARPSYNC_SYNC, .a = mmask);
        w->active = mmask;
        w->active_pc = x->next;
        return;
    }
    /* members that have not arrived */
    uint32_t cmask = w->valid & ~arrive & mmask;
    const int do_sleep = all_asleep(w, cmask);    /* N-02 */
    if (!do_sleep)
        cmask &= ~w->sleep;
    const uint32_t mask_m_ny = cmask & ~w->yield;
    const uint32_t mask_m_y = cmask & w->yield;

    set_rpc(w, w->active, w->active_pc);
    if (mask_m_ny) {
        TOOK(x, WARPSYNC_SWITCH, .a = cmask, .b = mask_m_ny, .lane = (uint8_t)lowest(mask_m_ny));
        switch_to(w, mask_m_ny);
    } else {
        TOOK(x, WARPSYNC_SWITCH_YIELDED, .a = cmask, .b = mask_m_y, .lane = (uint8_t)lowest(mask_m_y));
        switch_to(w, mask_m_y);               /* H-1: the lowest yielded lane */
    }
    if (do_sleep) {
        TOOK(x, WARPSYNC_SWITCH_SLEEP, .a = w->sleep);
        warp_sleep(x);
    }
}

static void warpsync_per_lane(wr_ctx *x, uint32_t arrive)
{
    wr_warp *w = x->w;
    const uint32_t *vb = gpr_b(x);
    uint32_t mmask[WR_LANES];
    uint32_t warp_syncmask = 0;               /* arrived lanes whose group arrived */
    uint32_t any_member = 0;                  /* array_or(mmask) over arrivemask */
    uint32_t not_member = 0;

    for (uint32_t m = arrive; m; m &= m - 1) {
        unsigned l = lowest(m);
        mmask[l] = maybe_not(x, (uint32_t)vb[l]) & w->valid;
        not_member |= (~mmask[l] & (1u << l));
        any_member |= mmask[l];
        if ((mmask[l] & ~arrive) == 0)        /* thd_syncmask[l] == 0 */
            warp_syncmask |= 1u << l;
    }
    /* N-25, N-37: program errors first, in this order, before any change */
    if (not_member) {
        TOOK(x, WARPSYNC_R_NOT_MEMBER, .a = not_member, .lane = (uint8_t)lowest(not_member));
        raise_exc(x, WR_EXC_WARPSYNC_NOT_MEMBER);
        return;
    }
    /* group mismatch: arrived l, k with k in m[l] and m[k] != m[l].  Lanes
     * are taken one group of equal values at a time. */
    for (uint32_t rest = arrive; rest;) {
        const uint32_t v = mmask[lowest(rest)];
        uint32_t same = 0;
        for (uint32_t m = rest; m; m &= m - 1) {
            unsigned k = lowest(m);
            if (mmask[k] == v)
                same |= 1u << k;
        }
        if (v & arrive & ~same) {
            TOOK(x, WARPSYNC_R_GROUP_MISMATCH, .a = v, .b = v & arrive & ~same, .lane = (uint8_t)lowest(rest));
            raise_exc(x, WR_EXC_WARPSYNC_GROUP_MISMATCH);
            return;
        }
        rest &= ~same;
    }

    if (warp_syncmask != 0) {                 /* release one complete group */
        const unsigned lid = lowest(warp_syncmask);
        const uint32_t amask = mmask[lid];
        TOOK(x, WARPSYNC_R_RELEASE_GROUP, .a = amask, .b = arrive & ~amask, .lane = (uint8_t)lid);
        set_rpc(w, w->active ^ (w->active & amask), w->active_pc);
        w->active_pc = x->next;
        w->active = amask;
        return;
    }
    /* no group complete: switch to a member that has not arrived */
    int do_sleep, yielded;
    const uint32_t cmask = any_member & w->valid & ~arrive;
    const unsigned lid = pick_lane(w, cmask, &do_sleep, &yielded);
    if (yielded)
        TOOK(x, WARPSYNC_R_SWITCH_YIELDED, .a = cmask, .lane = (uint8_t)lid);
    else
        TOOK(x, WARPSYNC_R_SWITCH, .a = cmask, .lane = (uint8_t)lid);

    set_rpc(w, w->active, w->active_pc);
    w->active_pc = w->rpc[lid];
    w->active = rpc_eq(w, w->rpc[lid]) & w->valid;   /* & ValidMask, as written */
    if (do_sleep) {
        TOOK(x, WARPSYNC_R_SWITCH_SLEEP, .a = w->sleep);
        warp_sleep(x);
    }
}

void exec_WARPSYNC(wr_ctx *x)
{
    wr_warp *w = x->w;
    const uint32_t arrive = arrivemask(w);
    const uint32_t mask_np = w->active & ~x->pmask;
    const uint32_t mask_p = w->active & x->pmask;

    if (mask_np) {                            /* guard split (H-2) */
        split_on_guard(x, WR_PATH_WARPSYNC_GUARD_SPLIT, mask_np, mask_p);
        return;
    }
    if (x->in->form == WR_FORM_WARPSYNC_R)
        warpsync_per_lane(x, arrive);
    else
        warpsync_uniform(x, uniform_membermask(x) & w->valid, arrive);
}

/* ---- NANOSLEEP (N-23): YIELD + SleepMask + the warp's deadline ---------- */

/* sleep time t in ns (= time units); pmask != 0 here */
static uint32_t sleep_time(const wr_ctx *x)
{
    switch (x->in->form) {
    case WR_FORM_NANOSLEEP_R: {               /* the shortest over pmask lanes */
        uint32_t t = UINT32_MAX;
        for (uint32_t m = x->pmask; m; m &= m - 1) {
            uint32_t v = (uint32_t)gpr_b(x)[lowest(m)];
            if (v < t)
                t = v;
        }
        return t;
    }
    case WR_FORM_NANOSLEEP_U: return (uint32_t)ureg(x);
    case WR_FORM_NANOSLEEP_I: return F_(x, IMM32);
    default:                  return (uint32_t)x->src->c;
    }
}

void exec_NANOSLEEP(wr_ctx *x)
{
    wr_warp *w = x->w;
    const uint32_t mask_np = w->active & ~x->pmask;
    const uint32_t mask_p = w->active & x->pmask;

    if (mask_np) {                            /* guard split: no timer */
        split_on_guard(x, WR_PATH_NANOSLEEP_GUARD_SPLIT, mask_np, mask_p);
        return;
    }
    /* setTimer: one timer per warp, the earliest deadline wins */
    const uint64_t now = x->cta->now, t = sleep_time(x);
    const uint64_t until = now + t < now ? WR_NO_DEADLINE - 1 : now + t;
    uint64_t *deadline = &x->cta->deadline[x->warp];
    if (until < *deadline)
        *deadline = until;
    w->sleep |= w->active;                    /* N-23: the lanes that sleep */

    if ((w->valid ^ w->active) == 0) {        /* N-03: no divergence */
        TOOK(x, NANOSLEEP_CONVERGED, .a = (uint32_t)t);
        w->active_pc = x->next;
        warp_sleep(x);
    } else {
        yield_switch(x, &nanosleep_paths, (uint32_t)t);
    }
}

/* ---- RTT, TRAP, SYSCALL (N-26) -------------------------------------------
 * No warp-state semantics: with pmask == 0 nothing happens (ActivePC = next);
 * otherwise the event and the warp stops, trapped, ActivePC and masks
 * unchanged.  Never a silent no-op.  A profile with a trap mode (sass S-13)
 * lets TRAP and RTT go on instead (the engine's trap hook). */
static void stop_warp(wr_ctx *x, unsigned path, unsigned ev, uint32_t value)
{
    TOOK_ID(x, path, .a = x->pmask, .b = value);
    push_event(x, ev, 0, value);
    const wr_bar_engine *eng = x->cta->engine;
    if (ev != WR_EV_SYSCALL && eng->trap && eng->trap(x, ev)) {
        x->w->active_pc = x->next;
        return;
    }
    set_run(x, x->warp, WR_WARP_TRAPPED);
}

void exec_TRAP(wr_ctx *x)
{
    const uint32_t pmask = x->pmask;
    if (pmask == 0) {
        TOOK(x, TRAP_NO_OP, .a = x->w->active);
        x->w->active_pc = x->next;
        return;
    }
    uint32_t idx;
    switch (x->in->form) {
    case WR_FORM_TRAP_I: idx = F_(x, IMM32); break;
    case WR_FORM_TRAP_R: idx = (uint32_t)gpr_b(x)[lowest(pmask)]; break;
    default:             idx = (uint32_t)x->src->c; break;
    }
    stop_warp(x, WR_PATH_TRAP_STOP, WR_EV_TRAP, idx);
}

void exec_SYSCALL(wr_ctx *x)
{
    if (x->pmask == 0) {
        TOOK(x, SYSCALL_NO_OP, .a = x->w->active);
        x->w->active_pc = x->next;
    } else {
        stop_warp(x, WR_PATH_SYSCALL_STOP, WR_EV_SYSCALL, 0);
    }
}

void exec_RTT(wr_ctx *x)
{
    if (x->pmask == 0) {
        TOOK(x, RTT_NO_OP, .a = x->w->active);
        x->w->active_pc = x->next;
    } else {
        stop_warp(x, WR_PATH_RTT_STOP, WR_EV_RTT, 0);
    }
}
