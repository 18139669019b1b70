/* test_bru.c - the branch/reconvergence unit of seed 003 as SPEC-NOTES
 * section 3 reads it (N-10..N-26), the words of section 1 (N-01..N-03), the
 * launch state (N-04) and the section-9 hazards H-1..H-4 at the step level.
 * N-27 (fetch faults) belongs to the runner and is tested there.
 *
 * Method.  A test builds a CTA, puts one warp into a hand-made state (masks,
 * RPCs, B registers), builds one instruction field by field (unit_insn; no
 * assembler, no decoder) and fills its operands directly.  Before the step it
 * copies the whole CTA; after it, it applies to the copy the changes worked
 * out by hand from the seed's pseudo-code (seed 003, the section of the
 * instruction) as SPEC-NOTES reads it, and requires the stepped CTA to equal
 * the copy field by field and then byte for byte (same_cta).  Every mask,
 * PC, RPC, B register, run state and deadline a test does not name is thus
 * asserted unchanged.  Events are compared exactly: kind, code, value, order
 * and count.
 *
 * Masks are chosen so that a wrong bit shows: typically lanes 4..7 and
 * 16..31 have exited (ValidMask 0x0000ff0f).  Lanes that wait somewhere
 * unrelated to the test have RPC = FAR.  Most instructions sit at PC 0x1000
 * (next = 0x1010), BSYNC at 0x2000, WARPSYNC at 0x3000.
 */
#include <string.h>
#include "unit.h"

#define ALL  0xffffffffu
#define PC   0x1000u
#define NEXT 0x1010u
#define FAR  0x8880u                       /* RPC of lanes parked elsewhere */
#define BS   0x2000u                       /* BSYNC address */
#define WS   0x3000u                       /* WARPSYNC address */

enum { C_NONE = 0, C_U = 1, C_DIV = 2, C_CONV = 3 };   /* BRACond */
enum { REL = 0, ABS = 1 };                              /* BasePCMode */

/* ---- events (EVENTS, NO_EVENTS: unit.h) ----------------------------------- */

#define EV_SLEEP   { WR_EV_SLEEP, 0, 0 }
#define EV_EXIT    { WR_EV_EXIT, 0, 0 }
#define EV_TRAP(i) { WR_EV_TRAP, 0, (i) }
#define EV_SYSCALL { WR_EV_SYSCALL, 0, 0 }
#define EV_RTT     { WR_EV_RTT, 0, 0 }

/* ---- state ----------------------------------------------------------------- */

/* A CTA of `threads` threads launched at 0; warp w is placed at pc with the
 * given masks and every lane's RPC = FAR. */
static wr_warp *setup(wr_cta *c, unsigned threads, unsigned w, uint64_t pc,
                      uint32_t valid, uint32_t active)
{
    unit_cta(c, threads, 0);
    wr_warp *p = &c->warp[w];
    p->active_pc = pc;
    p->valid = valid;
    p->active = active;
    for (unsigned l = 0; l < WR_LANES; l++)
        p->rpc[l] = FAR;
    return p;
}

/* RPC[lanes of m] = pc */
static void rpcs(wr_warp *p, uint32_t m, uint64_t pc)
{
    for (unsigned l = 0; l < WR_LANES; l++)
        if (m >> l & 1u)
            p->rpc[l] = pc;
}

static void snap(wr_cta *dst, const wr_cta *src) { memcpy(dst, src, sizeof *dst); }

#define CMPF(f)                                                                    \
    ck_assert_msg(g->f == x->f, "line %d: warp %u " #f " is 0x%llx, expected 0x%llx", \
                  line, w, (unsigned long long)g->f, (unsigned long long)x->f)

static void same_warp(const wr_warp *x, const wr_warp *g, unsigned w, int line)
{
    CMPF(active_pc);
    CMPF(valid);
    CMPF(active);
    CMPF(yield);
    CMPF(sleep);
    CMPF(swtch);
    CMPF(run);
    CMPF(blocked_bar);
    CMPF(bar_state);
    CMPF(bar_state_defined);
    for (unsigned b = 0; b < WR_NUM_BREGS; b++)
        ck_assert_msg(g->breg[b] == x->breg[b], "line %d: warp %u B%u is 0x%08x, expected 0x%08x",
                      line, w, b, g->breg[b], x->breg[b]);
    for (unsigned l = 0; l < WR_LANES; l++)
        ck_assert_msg(g->rpc[l] == x->rpc[l], "line %d: warp %u RPC[%u] is 0x%llx, expected 0x%llx",
                      line, w, l, (unsigned long long)g->rpc[l], (unsigned long long)x->rpc[l]);
}

/* The stepped CTA `g` equals the expected CTA `x` in every field. */
static void same_cta(const wr_cta *x, const wr_cta *g, int line)
{
    ck_assert_msg(g->threads == x->threads && g->nwarps == x->nwarps, "line %d: shape", line);
    for (unsigned w = 0; w < WR_MAX_WARPS; w++) {
        same_warp(&x->warp[w], &g->warp[w], w, line);
        ck_assert_msg(g->deadline[w] == x->deadline[w],
                      "line %d: deadline[%u] is 0x%llx, expected 0x%llx", line, w,
                      (unsigned long long)g->deadline[w], (unsigned long long)x->deadline[w]);
    }
    for (unsigned b = 0; b < WR_MAX_BARRIERS; b++)
        ck_assert_msg(g->bar[b].word == x->bar[b].word && g->bar[b].blocked == x->bar[b].blocked &&
                      g->bar[b].arrived == x->bar[b].arrived, "line %d: barrier %u changed", line, b);
    ck_assert_msg(g->now == x->now, "line %d: now changed", line);
    ck_assert_msg(g->wake_pending == x->wake_pending, "line %d: wake_pending 0x%x, expected 0x%x",
                  line, g->wake_pending, x->wake_pending);
    ck_assert_msg(memcmp(x, g, sizeof *x) == 0, "line %d: CTA differs (bytes)", line);
}
#define SAME(x, g) same_cta((x), (g), __LINE__)

/* ---- instructions ------------------------------------------------------------ */

/* {!}Pp: extra predicate P<pp>, its lane values in ops.pp */
static wr_insn with_pp(wr_insn in, unsigned pp, int not)
{
    in.f[WR_F_PP] = pp;
    in.f[WR_F_PP_NOT] = not;
    return in;
}

static wr_insn form_f(wr_form form, unsigned field, int64_t v)
{
    wr_insn in = unit_insn(form);
    in.f[field] = v;
    return in;
}

/* No effect besides the warp state: no register, predicate, UR or barrier
 * write. */
static void no_writes(const wr_retire *e)
{
    ck_assert_uint_eq(e->exception, WR_EXC_NONE);
    ck_assert_uint_eq(rec_rd_mask(e), 0);
    ck_assert_uint_eq(rec_pd_mask(e), 0);
    ck_assert_uint_eq(rec_ur_write(e), 0);
    ck_assert_uint_eq(rec_bars(e), 0);
}

/* N-37 via N-25/N-11: the step raises `exc`; the CTA is unchanged but for the
 * faulting warp's run state; the events are exactly [exception:NAME]. */
static void expect_exception(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o,
                             unsigned exc, int line)
{
    wr_cta x;
    wr_retire e;
    snap(&x, c);
    unit_step(c, w, in, o, &e);
    ck_assert_msg(e.exception == exc, "line %d: exception %u, expected %u", line, e.exception, exc);
    x.warp[w].run = WR_WARP_FAULTED;
    same_cta(&x, c, line);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_ur_write(&e), 0);
    ck_assert_uint_eq(rec_bars(&e), 0);
    const ev one = { WR_EV_EXCEPTION, exc, 0 };
    check_events(&e, &one, 1, line);
    ck_assert_int_eq(wr_step(c, w, in, o, &e), -1);   /* a faulted warp never issues */
}
#define EXPECT_EXCEPTION(c, w, in, o, name) \
    expect_exception((c), (w), (in), (o), WR_EXC_##name, __LINE__)

/* =========================================================================
 * N-01..N-03: the words of SPEC-NOTES section 1
 * ========================================================================= */

START_TEST(N_01_lowest_is_zero_based)
{
    /* Full EXIT of lanes 4..7 (seed 003, EXIT): candidates = ValidMask =
     * 0x800000f6 & ~0xf0 = 0x80000006 (lanes 1, 2, 31).  lowest = lane 1; a
     * 1-based ffs would name lane 2 (RPC 0x600).  ActiveMask = lanes with
     * RPC 0x500 (1, 4, 31) & ValidMask = 0x80000002 (lane 4 exited). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x800000f6, 0x000000f0);
    w->rpc[1] = 0x500;
    w->rpc[2] = 0x600;
    w->rpc[4] = 0x500;
    w->rpc[31] = 0x500;
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].valid = 0x80000006;
    x.warp[0].active = 0x80000002;
    x.warp[0].active_pc = 0x500;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_01_lowest_lane_31)
{
    /* only lane 31 remains: lowest(0x80000000) = 31 */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x8000000f, 0x0000000f);
    w->rpc[31] = 0x740;
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].valid = 0x80000000;
    x.warp[0].active = 0x80000000;
    x.warp[0].active_pc = 0x740;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_02_sleep_subset_of_candidates_is_not_all_asleep)
{
    /* EXIT leaves candidates 0xf00; SleepMask 0x300 is a subset of them.
     * The parenthesised seed test would say "all asleep"; N-02 says
     * (0xf00 & ~0x300) != 0: not asleep, so cmask = 0xc00, lid = 10,
     * ActivePC = RPC[10] = 0x800, ActiveMask = RPC==0x800 & Valid = 0xc00. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x00000ff0, 0x000000f0);
    w->sleep = 0x00000300;
    c.deadline[0] = 5000;
    rpcs(w, 0x300, 0x700);
    rpcs(w, 0xc00, 0x800);
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].valid = 0x00000f00;
    x.warp[0].active = 0x00000c00;
    x.warp[0].active_pc = 0x800;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_02_all_candidates_asleep_despite_extra_sleep_bits)
{
    /* Candidates 0xf00 all asleep; SleepMask 0x00f00f00 also holds exited
     * lanes 20..23 (raw).  The literal seed test ((c & S) ^ S == 0) says "not
     * all asleep"; N-02 says (0xf00 & ~S) == 0: the warp sleeps.  cmask is not
     * reduced: lid = 8, ActivePC = 0x700, ActiveMask = lanes 8, 9 = 0x300. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x00000ff0, 0x000000f0);
    w->sleep = 0x00f00f00;
    c.deadline[0] = 5000;
    rpcs(w, 0x300, 0x700);
    rpcs(w, 0xc00, 0x800);
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].valid = 0x00000f00;
    x.warp[0].active = 0x00000300;
    x.warp[0].active_pc = 0x700;
    x.warp[0].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
}
END_TEST

START_TEST(N_03_yield_divergence_test_is_equality)
{
    /* `ValidMask ^ ActiveMask == 0` read by C precedence is always true for a
     * live warp (YIELD would be a NOP); N-03 reads it as Valid == Active.
     * Valid 0xff0f != Active 0xf: switch.  SwitchMask 0 -> reset to
     * Valid^Active = 0xff00; lid 8; Yield |= 0xf; RPC[0..3] = next;
     * ActivePC = 0x2000; ActiveMask = RPC==0x2000 & 0xff00 = 0xff00; SwitchMask
     * 0xff00 & (0xff0f ^ 0xff00 = 0x000f) = 0 -> reset to 0x000f. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000000f);
    rpcs(w, 0xff00, 0x2000);
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_YIELD_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].active_pc = 0x2000;
    x.warp[0].active = 0x0000ff00;
    x.warp[0].yield = 0x0000000f;
    x.warp[0].swtch = 0x0000000f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_03_yield_without_divergence_is_nop)
{
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000ff0f);
    w->swtch = 0x000000f0;
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_YIELD_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;                 /* nothing else: no Yield bit */
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_03_warpsync_success_test_is_equality)
{
    /* `(arrive & m) ^ m == 0` by C precedence is `(arrive & m) ^ 0`: true
     * here (0xff), releasing lanes 8..15 that are elsewhere.  N-03: 0xff !=
     * 0xffff, not synchronised: cmask = 0xff00, switch to lane 8's group. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x000000ff);
    rpcs(w, 0xff00, 0x2000);
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_WARPSYNC_I, WR_F_IMM32, 0x0000ffff);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    rpcs(&x.warp[0], 0xff, WS);
    x.warp[0].active_pc = 0x2000;
    x.warp[0].active = 0x0000ff00;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

/* =========================================================================
 * N-04: launch state
 * ========================================================================= */

START_TEST(N_04_init_40_threads)
{
    wr_cta c;
    memset(&c, 0xa5, sizeof c);                 /* garbage before init */
    unit_cta(&c, 40, 0x180);
    ck_assert_uint_eq(c.threads, 40);
    ck_assert_uint_eq(c.nwarps, 2);
    ck_assert_uint_eq(c.now, 0);
    const uint32_t valid[2] = { 0xffffffffu, 0x000000ffu };   /* tids 32..39 */
    for (unsigned i = 0; i < 2; i++) {
        const wr_warp *w = &c.warp[i];
        ck_assert_uint_eq(w->valid, valid[i]);
        ck_assert_uint_eq(w->active, valid[i]);
        ck_assert_uint_eq(w->active_pc, 0x180);
        ck_assert_uint_eq(w->yield, 0);
        ck_assert_uint_eq(w->sleep, 0);
        ck_assert_uint_eq(w->swtch, 0);
        ck_assert_uint_eq(w->run, WR_WARP_READY);
        ck_assert_uint_eq(c.wake_pending >> i & 1u, 0);
        ck_assert_uint_eq(w->bar_state, 0);
        ck_assert_uint_eq(w->bar_state_defined, 0);
        for (unsigned b = 0; b < WR_NUM_BREGS; b++)
            ck_assert_uint_eq(w->breg[b], 0);
        for (unsigned l = 0; l < WR_LANES; l++)
            ck_assert_uint_eq(w->rpc[l], 0x180);
    }
    for (unsigned i = 0; i < WR_MAX_WARPS; i++)
        ck_assert_uint_eq(c.deadline[i], WR_NO_DEADLINE);
    for (unsigned b = 0; b < WR_MAX_BARRIERS; b++) {
        ck_assert_uint_eq(c.bar[b].word, 0);
        ck_assert_uint_eq(c.bar[b].blocked, 0);
        ck_assert_uint_eq(c.bar[b].arrived, 0);
    }
}
END_TEST

START_TEST(N_04_init_shapes)
{
    static const struct { unsigned threads, nwarps; uint32_t last; } t[] = {
        { 1, 1, 0x00000001u }, { 32, 1, 0xffffffffu }, { 33, 2, 0x00000001u },
        { 63, 2, 0x7fffffffu }, { 100, 4, 0x0000000fu }, { 1024, 32, 0xffffffffu },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_cta c;
        unit_cta(&c, t[i].threads, 0x40);
        ck_assert_uint_eq(c.nwarps, t[i].nwarps);
        for (unsigned k = 0; k + 1 < t[i].nwarps; k++)
            ck_assert_uint_eq(c.warp[k].valid, 0xffffffffu);
        const wr_warp *w = &c.warp[t[i].nwarps - 1];
        ck_assert_uint_eq(w->valid, t[i].last);
        ck_assert_uint_eq(w->active, t[i].last);
        ck_assert_uint_eq(w->active_pc, 0x40);
    }
}
END_TEST

/* =========================================================================
 * N-10, N-11: BRA
 * ========================================================================= */

START_TEST(N_10_bra_target_seed_example)
{
    /* seed 003, BRA description: at 0x10, offset 0xf -> 0x20 + 0xf0 = 0x110 */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, 0x10, ALL, ALL);
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_BRA_X, WR_F_OFFSET, 0xf);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0x110;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_10_bra_target_offsets)
{
    /* offset 0 = next, -1 = the BRA itself, -0x20 = 0x1010 - 0x200 */
    static const struct { int64_t off; uint64_t target; } t[] = {
        { 0, 0x1010 }, { -1, 0x1000 }, { -0x20, 0xe10 }, { 0x100, 0x2010 },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
        snap(&x, &c);
        wr_insn in = form_f(WR_FORM_BRA_X, WR_F_OFFSET, t[i].off);
        wr_operands o = ops0();
        unit_step(&c, 0, &in, &o, &e);
        x.warp[0].active_pc = t[i].target;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

/* BRA{cond} with offset 5: target T = 0x1010 + 0x50 */
#define T_BRA 0x1060u

static wr_insn bra(unsigned cond)
{
    wr_insn in = unit_insn(WR_FORM_BRA_X);
    in.f[WR_F_COND] = cond;
    in.f[WR_F_OFFSET] = 5;
    return in;
}

/* BRA{cond} {~}URa, T */
static wr_insn bra_ur(unsigned cond, unsigned ura, int bitnot)
{
    wr_insn in = unit_insn(WR_FORM_BRA_U);
    in.f[WR_F_COND] = cond;
    in.f[WR_F_URA] = ura;
    in.f[WR_F_BITNOT] = bitnot;
    in.f[WR_F_OFFSET] = 5;
    return in;
}

/* One BRA on warp 0 at PC; expect ActivePC, ActiveMask and RPC = T_BRA in
 * the lanes of rpc_t, nothing else changed, no events. */
static void bra_case(int line, wr_insn in, uint32_t valid, uint32_t active, uint32_t pg,
                     uint32_t pp, uint64_t ur, uint64_t exp_pc, uint32_t exp_active, uint32_t rpc_t)
{
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, valid, active);
    wr_operands o = ops0();
    o.pg = pg;
    o.pp = pp;
    o.ur = ur;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = exp_pc;
    x.warp[0].active = exp_active;
    rpcs(&x.warp[0], rpc_t, T_BRA);
    same_cta(&x, &c, line);
    check_events(&e, NULL, 0, line);
}
#define BRA_CASE(...) bra_case(__LINE__, __VA_ARGS__)

START_TEST(N_11_nocond_b_jump_is_pmask)
{
    /* @P0: pmask = 0xff0f & 0xffff0f0f = 0x0f0f (inactive bits ignored):
     * partial, RPC[0x0f0f] = T, ActiveMask = 0xff0f & ~0x0f0f = 0xf000 */
    BRA_CASE(unit_guard(bra(C_NONE), 0, 0), 0x0000ff0f, 0x0000ff0f, 0xffff0f0f, 0, 0,
             NEXT, 0x0000f000, 0x00000f0f);
}
END_TEST

START_TEST(N_11_nocond_with_not_pg_and_not_pp)
{
    /* seed example `@!P1 BRA !P2`: pgv = ~0xf0, ppv = ~0xf00;
     * pmask = 0xff0f & ~0xff0 = 0xf00f; ActiveMask 0xff0f & ~0xf00f = 0x0f00 */
    BRA_CASE(unit_guard(with_pp(bra(C_NONE), 2, 1), 1, 1), 0x00ffff0f, 0x0000ff0f, 0x000000f0,
             0x00000f00, 0, NEXT, 0x00000f00, 0x0000f00f);
}
END_TEST

START_TEST(N_11_u_jumps_when_all_active_agree)
{
    /* every active lane (0x0f0f) has its guard true; lane 12..15 are valid
     * but not active and have it false: b_jump = ActiveMask, all jump */
    BRA_CASE(unit_guard(bra(C_U), 0, 0), 0x0000ff0f, 0x00000f0f, 0x00000f0f, 0, 0,
             T_BRA, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_u_no_jump_when_one_active_lane_disagrees)
{
    /* lane 11 false (pg 0xf70f): b_jump = 0, no partial jump */
    BRA_CASE(unit_guard(bra(C_U), 0, 0), 0x0000ff0f, 0x00000f0f, 0x0000f70f, 0, 0,
             NEXT, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_div_without_ur)
{
    /* is_div = pmask != ValidMask.
     * guard split 0x0f0f of 0xff0f: div, b_jump = pmask: partial */
    BRA_CASE(unit_guard(bra(C_DIV), 0, 0), 0x0000ff0f, 0x0000ff0f, 0x00000f0f, 0, 0,
             NEXT, 0x0000f000, 0x00000f0f);
    /* all active true, but Active 0x0f0f != Valid 0xff0f: div, all jump */
    BRA_CASE(bra(C_DIV), 0x0000ff0f, 0x00000f0f, 0, 0, 0, T_BRA, 0x00000f0f, 0);
    /* converged, all true: pmask == Valid, not div: no jump */
    BRA_CASE(bra(C_DIV), 0x0000ff0f, 0x0000ff0f, 0, 0, 0, NEXT, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_11_conv_without_ur)
{
    /* converged, all true: not div, b_jump = pmask = Active: all jump */
    BRA_CASE(bra(C_CONV), 0x0000ff0f, 0x0000ff0f, 0, 0, 0, T_BRA, 0x0000ff0f, 0);
    /* pmask == Active but != Valid: div, no jump */
    BRA_CASE(bra(C_CONV), 0x0000ff0f, 0x00000f0f, 0, 0, 0, NEXT, 0x00000f0f, 0);
    /* guard split: div, no jump (no partial jump either) */
    BRA_CASE(unit_guard(bra(C_CONV), 0, 0), 0x0000ff0f, 0x0000ff0f, 0x00000f0f, 0, 0,
             NEXT, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_11_ur_valid_not_active_lane_is_divergent)
{
    /* Valid^Active = 0xf000; UR = lane 12: div.  DIV, pmask != 0: b_jump =
     * ActiveMask, all jump; CONV: none. */
    BRA_CASE(bra_ur(C_DIV, 4, 0), 0x0000ff0f, 0x00000f0f, 0, 0, 0x00001000,
             T_BRA, 0x00000f0f, 0);
    BRA_CASE(bra_ur(C_CONV, 4, 0), 0x0000ff0f, 0x00000f0f, 0, 0, 0x00001000,
             NEXT, 0x00000f0f, 0);
    /* UR = lane 8 (active, guard true), guards all equal: convergent */
    BRA_CASE(bra_ur(C_DIV, 4, 0), 0x0000ff0f, 0x00000f0f, 0, 0, 0x00000100,
             NEXT, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_ur_guards_disagree_off_lane_in_ur_is_divergent)
{
    /* converged; guards 0x0f0f of 0xff0f disagree; lane 12 is active, guard
     * false and in UR: div.  DIV: b_jump = ActiveMask: every active lane
     * jumps, the guard-false ones too. */
    BRA_CASE(unit_guard(bra_ur(C_DIV, 4, 0), 0, 0), 0x0000ff0f, 0x0000ff0f, 0x00000f0f, 0,
             0x00001000, T_BRA, 0x0000ff0f, 0);
    BRA_CASE(unit_guard(bra_ur(C_CONV, 4, 0), 0, 0), 0x0000ff0f, 0x0000ff0f, 0x00000f0f, 0,
             0x00001000, NEXT, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_11_ur_guards_disagree_no_off_lane_in_ur_is_convergent)
{
    /* UR 0xffff0f01: Active & ~pg & UR = 0xf000 & 0x0f01 = 0 (bits 16..31 are
     * not active, Valid^Active = 0): convergent.  CONV: all jump, DIV: none. */
    BRA_CASE(unit_guard(bra_ur(C_CONV, 4, 0), 0, 0), 0x0000ff0f, 0x0000ff0f, 0x00000f0f, 0,
             0xffff0f01, T_BRA, 0x0000ff0f, 0);
    BRA_CASE(unit_guard(bra_ur(C_DIV, 4, 0), 0, 0), 0x0000ff0f, 0x0000ff0f, 0x00000f0f, 0,
             0xffff0f01, NEXT, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_11_ur_guards_all_equal_is_convergent)
{
    /* divergent warp, but UR (0xf) holds no valid-not-active lane and every
     * active guard is true: convergent */
    BRA_CASE(unit_guard(bra_ur(C_CONV, 4, 0), 0, 0), 0x0000ff0f, 0x00000f0f, 0x00000f0f, 0,
             0x0000000f, T_BRA, 0x00000f0f, 0);
    BRA_CASE(unit_guard(bra_ur(C_DIV, 4, 0), 0, 0), 0x0000ff0f, 0x00000f0f, 0x00000f0f, 0,
             0x0000000f, NEXT, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_ur_pmask_zero_no_jump)
{
    /* guards true only in inactive lanes: pmask = 0.  DIV with a divergent
     * UR (lane 12) and CONV with a convergent one: neither jumps. */
    BRA_CASE(unit_guard(bra_ur(C_DIV, 4, 0), 0, 0), 0x0000ff0f, 0x00000f0f, 0x0000f000, 0,
             0x00001000, NEXT, 0x00000f0f, 0);
    BRA_CASE(unit_guard(bra_ur(C_CONV, 4, 0), 0, 0), 0x0000ff0f, 0x00000f0f, 0x0000f000, 0,
             0x0000000f, NEXT, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_ur_not_urz_is_every_lane)
{
    /* BRA.DIV ~URZ: URZ reads 0 whatever ops.ur holds, ~0 = every lane, which
     * includes the valid-not-active lanes 12..15: div, all jump.  (Reading
     * ops.ur = ~0 and inverting would give 0: convergent, no jump.) */
    BRA_CASE(bra_ur(C_DIV, WR_URZ, 1), 0x0000ff0f, 0x00000f0f, 0, 0, 0xffffffff,
             T_BRA, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_ur_bitnot_inverts_the_mask)
{
    /* UR4 = 0xffff0fff; ~UR4 = 0x0000f000 holds lanes 12..15 (valid, not
     * active): div, CONV does not jump.  Without ~ the UR misses them:
     * convergent, CONV jumps. */
    BRA_CASE(bra_ur(C_CONV, 4, 1), 0x0000ff0f, 0x00000f0f, 0, 0, 0xffff0fff,
             NEXT, 0x00000f0f, 0);
    BRA_CASE(bra_ur(C_CONV, 4, 0), 0x0000ff0f, 0x00000f0f, 0, 0, 0xffff0fff,
             T_BRA, 0x00000f0f, 0);
}
END_TEST

START_TEST(N_11_ur_pp_is_part_of_the_predicate)
{
    /* `BRA.DIV P2, UR4`: pgv & ppv = 0x0f0f over Active 0xff0f: disagree;
     * lane 12 (P2 false) is in UR: div, all jump */
    BRA_CASE(with_pp(bra_ur(C_DIV, 4, 0), 2, 0), 0x0000ff0f, 0x0000ff0f, 0, 0x00000f0f,
             0x00001000, T_BRA, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_11_ur_without_div_or_conv_is_illegal)
{
    /* N-11: the UR form with no modifier or .U is an encoding error; the
     * step reports it as the precise exception ILLEGAL_ENCODING */
    for (unsigned cond = C_NONE; cond <= C_U; cond++) {
        wr_cta c;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
        wr_insn in = bra_ur(cond, 4, 0);
        wr_operands o = ops0();
        o.ur = 0x1000;
        EXPECT_EXCEPTION(&c, 0, &in, &o, ILLEGAL_ENCODING);
    }
}
END_TEST

/* =========================================================================
 * N-12, N-13, N-14: taking a branch
 * ========================================================================= */

START_TEST(N_12_no_jump)
{
    /* guard true only in inactive lanes (16..23): b_jump = 0 */
    BRA_CASE(unit_guard(bra(C_NONE), 0, 0), 0x00ffff0f, 0x0000ff0f, 0x00ff0000, 0, 0,
             NEXT, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_12_all_jump)
{
    BRA_CASE(bra(C_NONE), 0x00ffff0f, 0x0000ff0f, 0, 0, 0, T_BRA, 0x0000ff0f, 0);
}
END_TEST

START_TEST(N_12_partial_jump_fall_through_first)
{
    /* b_jump = 0xf00f: RPC = T there; the rest (0x0f00) runs on at next */
    BRA_CASE(unit_guard(bra(C_NONE), 0, 0), 0x00ffff0f, 0x0000ff0f, 0x0000f00f, 0, 0,
             NEXT, 0x00000f00, 0x0000f00f);
}
END_TEST

START_TEST(N_13_brx_all_jump_only_old_active_lanes_touched)
{
    /* seed 003 BRX jump table: `BRX R6, -0x70` at 0x60, so Target = 0x70 +
     * R6 - 0x70 = R6.  Active 0x0f0f, every active lane jumps:
     *   lanes 0,1,8 -> 0xb0; 2,9,10 -> 0x90; 3 -> 0xe0; 11 -> 0x70.
     * lid = 0: ActivePC = 0xb0; lanes 2,3,9,10,11 get their targets in RPC
     * and leave: ActiveMask = 0x0103.  Lanes 12..15 (valid, inactive; R6 =
     * 0xb0 or 0x90) and the exited lanes keep RPC = FAR. */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, 0x60, 0x0000ff0f, 0x00000f0f);
    wr_insn in = unit_insn(WR_FORM_BRX_R);
    in.f[WR_F_RA] = 6;
    in.f[WR_F_OFFSET] = -7;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x90;
    o.ra[0] = o.ra[1] = o.ra[8] = 0xb0;
    o.ra[3] = 0xe0;
    o.ra[11] = 0x70;
    o.ra[12] = 0xb0;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0xb0;
    x.warp[0].active = 0x00000103;
    x.warp[0].rpc[2] = 0x90;
    x.warp[0].rpc[9] = 0x90;
    x.warp[0].rpc[10] = 0x90;
    x.warp[0].rpc[3] = 0xe0;
    x.warp[0].rpc[11] = 0x70;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_14_partial_is_active_and_not_b_jump)
{
    /* Active 0x0f0f of Valid 0xff0f; b_jump = 0x000f.  ActiveMask = 0x0f0f &
     * ~0xf = 0x0f00 (`~b_jump` alone, or & ValidMask, would give lanes
     * 12..15 too) */
    BRA_CASE(unit_guard(bra(C_NONE), 0, 0), 0x0000ff0f, 0x00000f0f, 0x0000f00f, 0, 0,
             NEXT, 0x00000f00, 0x0000000f);
}
END_TEST

START_TEST(N_14_brx_partial_each_lane_its_target)
{
    /* BRX R2 at PC, offset 0, R2[l] = 0x100*l; pmask 0x0f0f: RPC[l] =
     * 0x1010 + 0x100*l for l in 0..3, 8..11; ActiveMask 0xf000 */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000ff0f);
    wr_insn in = unit_guard(form_f(WR_FORM_BRX_R, WR_F_RA, 2), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x00000f0f;
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x100u * l;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].active = 0x0000f000;
    for (unsigned l = 0; l < 4; l++) {
        x.warp[0].rpc[l] = 0x1010 + 0x100u * l;
        x.warp[0].rpc[l + 8] = 0x1010 + 0x100u * (l + 8);
    }
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

/* =========================================================================
 * N-15: BRX targets
 * ========================================================================= */

START_TEST(N_15_brx_r_sign_extends_32_bits)
{
    /* BRX R5, offset 2 at 0x1000: Target = 0x1030 + sext32(R5):
     *   lane 0: 0xffffff00 -> 0x1030 - 0x100 = 0xf30 (not 0x1_00000f30)
     *   lane 1: 0x00000100 -> 0x1130
     *   lane 2: 0x80000000 -> 0x1030 - 2^31 = 0xffffffff80001030
     *   lane 3: 0x7ffffff0 -> 0x80001020
     * all jump, lid 0: ActivePC 0xf30, lanes 1..3 wait at their targets */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000000f, 0x0000000f);
    wr_insn in = form_f(WR_FORM_BRX_R, WR_F_RA, 5);
    in.f[WR_F_OFFSET] = 2;
    wr_operands o = ops0();
    o.ra[0] = 0xffffff00;
    o.ra[1] = 0x00000100;
    o.ra[2] = 0x80000000;
    o.ra[3] = 0x7ffffff0;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0xf30;
    x.warp[0].active = 0x1;
    x.warp[0].rpc[1] = 0x1130;
    x.warp[0].rpc[2] = 0xffffffff80001030ull;
    x.warp[0].rpc[3] = 0x80001020;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_15_brx_u_uniform_sign_extended)
{
    /* BRX UR4, offset 3: Target = 0x1010 + sext32(0xffffffe0) + 0x30 =
     * 0x1020 in every lane; @P0 partial (0x0f00): RPC = 0x1020 there */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000ff0f);
    wr_insn in = unit_guard(form_f(WR_FORM_BRX_U, WR_F_URA, 4), 0, 0);
    in.f[WR_F_OFFSET] = 3;
    wr_operands o = ops0();
    o.pg = 0x00000f00;
    o.ur = 0xffffffe0;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].active = 0x0000f00f;
    rpcs(&x.warp[0], 0x0f00, 0x1020);
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_15_brx_c_has_no_offset)
{
    /* BRX c[0x3][0x180] = 0xffffff90: Target = 0x1010 - 0x70 = 0xfa0 */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
    wr_insn in = form_f(WR_FORM_BRX_C, WR_F_CMEM, wr_cmem_make(3, 0x180));
    wr_operands o = ops0();
    o.c = 0xffffff90;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0xfa0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_15_brx_rz_reads_zero)
{
    /* BRX RZ, offset 4: Target = 0x1010 + 0x40, ops.ra ignored */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
    wr_insn in = form_f(WR_FORM_BRX_R, WR_F_RA, WR_RZ);
    in.f[WR_F_OFFSET] = 4;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x500 + 0x10u * l;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0x1050;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

/* =========================================================================
 * N-16: CALL and RET
 * ========================================================================= */

static wr_insn call(wr_form form, unsigned mode)
{
    wr_insn in = unit_insn(form);
    in.f[WR_F_BASEMODE] = mode;
    return in;
}

START_TEST(N_16_call_abs_r_pair)
{
    /* CALL.ABS R[8:9], 0x110: Target = Va + 0x110, Va 64 bit per lane:
     *   lanes 0..3, 12..15: 0x1_00000200 -> 0x1_00000310
     *   lanes 8..11:        0x0_00000400 -> 0x510
     * all jump, lid 0: ActivePC 0x1_00000310; lanes 8..11 wait at 0x510 */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000ff0f);
    wr_insn in = call(WR_FORM_CALL_R, ABS);
    in.f[WR_F_RA] = 8;
    in.f[WR_F_OFFSET] = 0x11;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x100000200ull;
    for (unsigned l = 8; l < 12; l++)
        o.ra[l] = 0x400;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0x100000310ull;
    x.warp[0].active = 0x0000f00f;
    rpcs(&x.warp[0], 0x0f00, 0x510);
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_16_call_rel_r_pair_partial)
{
    /* @P0 CALL.REL R[8:9], -0x10: Target = 0x1010 + Va - 0x10 = 0x1000 + Va:
     *   lane 0 (Va 0xffffffff_fffff000 = -0x1000) -> 0 (mod 2^64)
     *   lane 9 (Va 0x2_00000000)                 -> 0x2_00001000
     * pmask = {0, 9}: partial; each lane gets its own target in RPC */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
    wr_insn in = unit_guard(call(WR_FORM_CALL_R, REL), 0, 0);
    in.f[WR_F_RA] = 8;
    in.f[WR_F_OFFSET] = -1;
    wr_operands o = ops0();
    o.pg = 0x00001201;                          /* lane 12 is not active */
    o.ra[0] = 0xfffffffffffff000ull;
    o.ra[9] = 0x200000000ull;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].active = 0x00000d0e;
    x.warp[0].rpc[0] = 0;
    x.warp[0].rpc[9] = 0x200001000ull;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_16_call_u_pair)
{
    /* UR[4:5] = 0x2_00000040, offset 1:
     *   .ABS: 0x2_00000040 + 0x10 = 0x2_00000050
     *   .REL: 0x1010 + 0x2_00000040 + 0x10 = 0x2_00001060 */
    static const struct { unsigned mode; uint64_t target; } t[] = {
        { ABS, 0x200000050ull }, { REL, 0x200001060ull },
    };
    for (unsigned i = 0; i < 2; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
        wr_insn in = call(WR_FORM_CALL_U, t[i].mode);
        in.f[WR_F_URA] = 4;
        in.f[WR_F_OFFSET] = 1;
        wr_operands o = ops0();
        o.ur = 0x200000040ull;
        snap(&x, &c);
        unit_step(&c, 0, &in, &o, &e);
        x.warp[0].active_pc = t[i].target;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

START_TEST(N_16_call_c_64_bit_constant)
{
    /* .ABS c = 0x3_00000a00 -> 0x3_00000a00;
     * .REL c = 0xffffffff_fffffe00 (-0x200) -> 0x1010 - 0x200 = 0xe10 */
    static const struct { unsigned mode; uint64_t cv, target; } t[] = {
        { ABS, 0x300000a00ull, 0x300000a00ull }, { REL, 0xfffffffffffffe00ull, 0xe10 },
    };
    for (unsigned i = 0; i < 2; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
        wr_insn in = call(WR_FORM_CALL_C, t[i].mode);
        in.f[WR_F_CMEM] = wr_cmem_make(2, 0x100);
        wr_operands o = ops0();
        o.c = t[i].cv;
        snap(&x, &c);
        unit_step(&c, 0, &in, &o, &e);
        x.warp[0].active_pc = t[i].target;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

START_TEST(N_16_call_rz_is_zero)
{
    /* `CALL.ABS 0x110` = CALL.ABS RZ, 0x110: Target 0x110 (ops.ra ignored);
     * CALL.REL RZ, 0x110: 0x1010 + 0x110 = 0x1120 */
    static const struct { unsigned mode; uint64_t target; } t[] = {
        { ABS, 0x110 }, { REL, 0x1120 },
    };
    for (unsigned i = 0; i < 2; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
        wr_insn in = call(WR_FORM_CALL_R, t[i].mode);
        in.f[WR_F_OFFSET] = 0x11;               /* RA defaults to RZ */
        ck_assert_int_eq(in.f[WR_F_RA], WR_RZ);
        wr_operands o = ops0();
        for (unsigned l = 0; l < WR_LANES; l++)
            o.ra[l] = 0x123456789abcdef0ull;
        snap(&x, &c);
        unit_step(&c, 0, &in, &o, &e);
        x.warp[0].active_pc = t[i].target;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

START_TEST(N_16_ret_behaves_as_call)
{
    /* the same inputs through CALL and RET give the same, hand-derived
     * state (per-lane R form: lanes 8..11 leave; U and C forms uniform) */
    static const struct { wr_form f; unsigned mode; uint64_t target; } t[] = {
        { WR_FORM_CALL_R, ABS, 0x100000310ull }, { WR_FORM_RET_R, ABS, 0x100000310ull },
        { WR_FORM_CALL_U, REL, 0x200001060ull }, { WR_FORM_RET_U, REL, 0x200001060ull },
        { WR_FORM_CALL_C, REL, 0xe10 },          { WR_FORM_RET_C, REL, 0xe10 },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000ff0f);
        wr_insn in = call(t[i].f, t[i].mode);
        wr_operands o = ops0();
        if (t[i].f == WR_FORM_CALL_R || t[i].f == WR_FORM_RET_R) {
            in.f[WR_F_RA] = 8;
            in.f[WR_F_OFFSET] = 0x11;
            for (unsigned l = 0; l < WR_LANES; l++)
                o.ra[l] = (l >= 8 && l < 12) ? 0x400 : 0x100000200ull;
        } else if (t[i].f == WR_FORM_CALL_U || t[i].f == WR_FORM_RET_U) {
            in.f[WR_F_URA] = 4;
            in.f[WR_F_OFFSET] = 1;
            o.ur = 0x200000040ull;
        } else {
            in.f[WR_F_CMEM] = wr_cmem_make(2, 0x100);
            o.c = 0xfffffffffffffe00ull;
        }
        snap(&x, &c);
        unit_step(&c, 0, &in, &o, &e);
        x.warp[0].active_pc = t[i].target;
        if (t[i].f == WR_FORM_CALL_R || t[i].f == WR_FORM_RET_R) {
            x.warp[0].active = 0x0000f00f;
            rpcs(&x.warp[0], 0x0f00, 0x510);
        }
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

/* =========================================================================
 * N-17: LEPC
 * ========================================================================= */

START_TEST(N_17_lepc_writes_pair_in_pmask_lanes)
{
    /* @P1 LEPC R[4:5], 0x80 at 0x1230: pmask = 0xff0f & 0xf0f3 = 0xf003;
     * R[4:5] = 0x1230 + 0x80 = 0x12b0 there; ActivePC = 0x1240 */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, 0x1230, 0xffffff0f, 0x0000ff0f);
    wr_insn in = unit_guard(form_f(WR_FORM_LEPC_I, WR_F_RD, 4), 1, 0);
    in.f[WR_F_OFFSET] = 8;
    wr_operands o = ops0();
    o.pg = 0x0000f0f3;
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = 0x1240;
    SAME(&x, &c);
    NO_EVENTS(&e);
    ck_assert_uint_eq(rec_rd(&e), 4);
    ck_assert_uint_eq(rec_rd_pair(&e), 1);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0000f003);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    for (unsigned l = 0; l < WR_LANES; l++)
        if (rec_rd_mask(&e) >> l & 1u)
            ck_assert_uint_eq(rec_rd_val(&e, l), 0x12b0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_ur_write(&e), 0);
}
END_TEST

START_TEST(N_17_lepc_64_bit_pc_and_offsets)
{
    /* at 0x1_23456780: offset 0 -> the LEPC's own address; offset -2 ->
     * 0x1_23456760; every active lane (0x0f0f) written */
    static const struct { int64_t off; uint64_t val; } t[] = {
        { 0, 0x123456780ull }, { -2, 0x123456760ull },
    };
    for (unsigned i = 0; i < 2; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, 0x123456780ull, 0x0000ff0f, 0x00000f0f);
        wr_insn in = form_f(WR_FORM_LEPC_I, WR_F_RD, 10);
        in.f[WR_F_OFFSET] = t[i].off;
        wr_operands o = ops0();
        snap(&x, &c);
        unit_step(&c, 0, &in, &o, &e);
        x.warp[0].active_pc = 0x123456790ull;
        SAME(&x, &c);
        NO_EVENTS(&e);
        ck_assert_uint_eq(rec_rd(&e), 10);
        ck_assert_uint_eq(rec_rd_pair(&e), 1);
        ck_assert_uint_eq(rec_rd_mask(&e), 0x00000f0f);
        for (unsigned l = 0; l < WR_LANES; l++)
            if (rec_rd_mask(&e) >> l & 1u)
                ck_assert_uint_eq(rec_rd_val(&e, l), t[i].val);
    }
}
END_TEST

START_TEST(N_17_lepc_pmask_zero_writes_nothing)
{
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
    wr_insn in = unit_guard(form_f(WR_FORM_LEPC_I, WR_F_RD, 4), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x0000f0f0;                          /* inactive lanes only */
    snap(&x, &c);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
}
END_TEST

/* =========================================================================
 * N-18: EXIT
 * ========================================================================= */

static void do_exit(wr_cta *c, unsigned w, const wr_insn *in, uint32_t pg, uint32_t pp, wr_retire *e)
{
    wr_operands o = ops0();
    o.pg = pg;
    o.pp = pp;
    unit_step(c, w, in, &o, e);
}

START_TEST(N_18_partial_exit)
{
    /* @P0 EXIT: pmask 0x0f0f leave: Valid = 0xffffff0f & ~0x0f0f =
     * 0xfffff000; ActiveMask = mask_np = 0xf000; next.  Yield, Switch and B
     * bits of the exited lanes stay (raw masks, N-04). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->yield = 0x00000101;
    w->swtch = 0x00000300;
    w->breg[3] = 0x00000f00;
    snap(&x, &c);
    wr_insn in = unit_guard(unit_insn(WR_FORM_EXIT_X), 0, 0);
    do_exit(&c, 0, &in, 0x00ff0f0f, 0, &e);
    x.warp[0].valid = 0xfffff000;
    x.warp[0].active = 0x0000f000;
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_18_partial_exit_with_not_pp)
{
    /* `@P1 EXIT !P2`: pmask = 0xff0f & 0xffff & ~0xff = 0xff00;
     * Valid = 0xffffff0f & ~0xff00 = 0xffff000f; ActiveMask 0x000f */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    snap(&x, &c);
    wr_insn in = unit_guard(with_pp(unit_insn(WR_FORM_EXIT_X), 2, 1), 1, 0);
    do_exit(&c, 0, &in, 0x0000ffff, 0x000000ff, &e);
    x.warp[0].valid = 0xffff000f;
    x.warp[0].active = 0x0000000f;
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_18_guard_false_everywhere_is_nop)
{
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    snap(&x, &c);
    wr_insn in = unit_guard(unit_insn(WR_FORM_EXIT_X), 0, 0);
    do_exit(&c, 0, &in, 0xffff00f0, 0, &e);     /* true only in inactive lanes */
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_18_full_exit_switches_to_lowest_non_yield_lane)
{
    /* Active 0xf of Valid 0x00ffff0f exit: Valid = 0x00ffff00 = cmask
     * (nobody asleep).  Yield = lanes 8..11: mask_ny = 0x00fff000, lid 12,
     * ActivePC = RPC[12] = 0x3000.  ActiveMask = lanes with RPC 0x3000
     * {2, 9, 12, 13, 20, 30} & Valid = {9, 12, 13, 20} = 0x00103200: the
     * yielded lane 9 joins (& ValidMask, not & cmask); exited lane 2 and
     * invalid lane 30 do not. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x00ffff0f, 0x0000000f);
    w->yield = 0x00000f00;
    rpcs(w, 0x00000d00, 0x2000);               /* 8, 10, 11 */
    rpcs(w, 0x40103204, 0x3000);               /* 2, 9, 12, 13, 20, 30 */
    rpcs(w, 0x0000c000, 0x3800);
    rpcs(w, 0x00ef0000, 0x4000);               /* 16..19, 21..23 */
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    do_exit(&c, 0, &in, 0, 0, &e);
    x.warp[0].valid = 0x00ffff00;
    x.warp[0].active = 0x00103200;
    x.warp[0].active_pc = 0x3000;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_18_full_exit_sleeping_lane_sharing_rpc_joins)
{
    /* Valid after = 0xff00, Sleep = lanes 8, 9 (not all): cmask = 0xfc00,
     * lid 10, ActivePC = 0x2000; ActiveMask = RPC==0x2000 & Valid = {8, 10}
     * = 0x500: the sleeping lane 8 wakes into the group (N-18). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000000f);
    w->sleep = 0x00000300;
    c.deadline[0] = 700;
    rpcs(w, 0x00000500, 0x2000);
    rpcs(w, 0x0000fa00, 0x2400);
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    do_exit(&c, 0, &in, 0, 0, &e);
    x.warp[0].valid = 0x0000ff00;
    x.warp[0].active = 0x00000500;
    x.warp[0].active_pc = 0x2000;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_18_full_exit_only_yielded_lanes_left)
{
    /* every remaining lane yielded: mask_ny = 0, lid = lowest(mask_y) = 8,
     * ActivePC 0x2200, ActiveMask = {8, 11} = 0x900; Yield unchanged */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000000f);
    w->yield = 0x0000ff0f;
    rpcs(w, 0x00000900, 0x2200);
    rpcs(w, 0x0000f600, 0x2600);
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    do_exit(&c, 0, &in, 0, 0, &e);
    x.warp[0].valid = 0x0000ff00;
    x.warp[0].active = 0x00000900;
    x.warp[0].active_pc = 0x2200;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_18_full_exit_all_candidates_asleep_warp_sleeps)
{
    /* Valid after = 0xff00, all asleep: do_sleep, cmask kept whole; Yield
     * lanes 8, 9: mask_ny = 0xfc00, lid 10, ActivePC 0x5000, ActiveMask =
     * {8, 10} = 0x500; the warp sleeps (deadline untouched) */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x0000ff0f, 0x0000000f);
    w->sleep = 0x0000ff00;
    w->yield = 0x00000300;
    c.deadline[0] = 0x777;
    rpcs(w, 0x00000500, 0x5000);
    w->rpc[9] = 0x4000;
    rpcs(w, 0x0000f800, 0x6000);
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    do_exit(&c, 0, &in, 0, 0, &e);
    x.warp[0].valid = 0x0000ff00;
    x.warp[0].active = 0x00000500;
    x.warp[0].active_pc = 0x5000;
    x.warp[0].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
    ck_assert_int_eq(wr_step(&c, 0, &in, &(wr_operands){ 0 }, &e), -1);   /* asleep */
}
END_TEST

START_TEST(N_18_last_lanes_exit_the_warp)
{
    /* warp 1: Valid = Active = 0xff0f exit: Valid = Active = 0, ActivePC
     * stays at the EXIT, run exited, `exit`, deadline dropped (N-55); the raw
     * Yield/Sleep/Switch/B bits and RPCs stay; warp 0 untouched. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 1, PC, 0x0000ff0f, 0x0000ff0f);
    w->yield = 0x0000000f;
    w->sleep = 0x000000f0;
    w->swtch = 0x00000f00;
    w->breg[2] = 0x00000f0f;
    c.deadline[1] = 900;
    c.deadline[0] = 950;
    snap(&x, &c);
    wr_insn in = unit_insn(WR_FORM_EXIT_X);
    do_exit(&c, 1, &in, 0, 0, &e);
    x.warp[1].valid = 0;
    x.warp[1].active = 0;
    x.warp[1].run = WR_WARP_EXITED;
    x.deadline[1] = WR_NO_DEADLINE;
    SAME(&x, &c);
    EVENTS(&e, EV_EXIT);
    ck_assert_int_eq(wr_step(&c, 1, &in, &(wr_operands){ 0 }, &e), -1);
}
END_TEST

/* =========================================================================
 * N-19: BMOV;  N-20: BSSY;  N-24: BREAK
 * ========================================================================= */

START_TEST(N_19_bmov_read_writes_pmask_lanes)
{
    /* @P2 BMOV R5, B3: pmask = 0xff0f & 0xff = 0xf; R5 = B3 there */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[3] = 0x0000f00f;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BMOV_X, WR_F_RD, 5), 2, 0);
    in.f[WR_F_BREG] = 3;
    wr_operands o = ops0();
    o.pg = 0x000000ff;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
    ck_assert_uint_eq(rec_rd(&e), 5);
    ck_assert_uint_eq(rec_rd_pair(&e), 0);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0000000f);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    for (unsigned l = 0; l < 4; l++)
        ck_assert_uint_eq(rec_rd_val(&e, l), 0x0000f00f);
}
END_TEST

START_TEST(N_19_bmov_clear_reads_then_clears)
{
    /* BMOV.CLEAR R6, B0: R6 = old B0 = 0x12345678 in Active 0xff0f; B0 = 0;
     * B1 untouched */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[0] = 0x12345678;
    w->breg[1] = 0x0000ffff;
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_BMOV_X, WR_F_RD, 6);
    in.f[WR_F_CLEAR] = 1;
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].breg[0] = 0;
    SAME(&x, &c);
    NO_EVENTS(&e);
    ck_assert_uint_eq(rec_rd(&e), 6);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0000ff0f);
    for (unsigned l = 0; l < WR_LANES; l++)
        if (rec_rd_mask(&e) >> l & 1u)
            ck_assert_uint_eq(rec_rd_val(&e, l), 0x12345678);
}
END_TEST

START_TEST(N_19_bmov_clear_pmask_zero_keeps_bn)
{
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[0] = 0x12345678;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BMOV_X, WR_F_RD, 6), 0, 0);
    in.f[WR_F_CLEAR] = 1;
    wr_operands o = ops0();
    o.pg = 0x00ff00f0;                          /* inactive lanes only */
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
}
END_TEST

START_TEST(N_19_bmov_write_takes_lowest_pmask_lane)
{
    /* @P0 BMOV B7, R3: pmask = 0xff0f & 0xff00 = 0xff00: B7 = R3[8] */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BMOV_R, WR_F_BREG, 7), 0, 0);
    in.f[WR_F_RA] = 3;
    wr_operands o = ops0();
    o.pg = 0x0000ff00;
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x11110000u + l;
    o.ra[8] = 0xa5a50f0f;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].breg[7] = 0xa5a50f0f;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_19_bmov_write_pmask_zero_and_rz)
{
    /* pmask 0: B7 unchanged; BMOV B7, RZ: B7 = 0 whatever ops.ra holds */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[7] = 0x0badf00d;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BMOV_R, WR_F_BREG, 7), 0, 0);
    in.f[WR_F_RA] = 3;
    wr_operands o = ops0();
    o.pg = 0x000000f0;
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x5555;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);

    in = form_f(WR_FORM_BMOV_R, WR_F_BREG, 7);
    ck_assert_int_eq(in.f[WR_F_RA], WR_RZ);
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT + 16;
    x.warp[0].breg[7] = 0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_20_bssy_ors_pmask)
{
    /* @P0 BSSY B15: pmask = 0xff0f & 0xf0ff = 0xf00f; B15 = 0x00030000 |
     * 0xf00f = 0x0003f00f */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[15] = 0x00030000;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BSSY_I, WR_F_BREG, 15), 0, 0);
    in.f[WR_F_SYNCPOINT] = 0x40;                /* recorded, not used */
    wr_operands o = ops0();
    o.pg = 0x0000f0ff;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].breg[15] = 0x0003f00f;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_20_bssy_pmask_zero_keeps_bn)
{
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[15] = 0x00030000;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BSSY_I, WR_F_BREG, 15), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x000000f0;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_24_break_clears_pmask_lanes)
{
    /* `@P0 BREAK !P1, B5`: pmask = 0xff0f & 0xffff & ~0xf00 = 0xf00f;
     * B5 = 0x00ffff0f & ~0xf00f = 0x00ff0f00 */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[5] = 0x00ffff0f;
    w->breg[4] = 0x0000ffff;
    snap(&x, &c);
    wr_insn in = unit_guard(with_pp(form_f(WR_FORM_BREAK_X, WR_F_BREG, 5), 1, 1), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x0000ffff;
    o.pp = 0x00000f00;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    x.warp[0].breg[5] = 0x00ff0f00;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_24_break_pmask_zero_keeps_bn)
{
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->breg[5] = 0x00ffff0f;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_BREAK_X, WR_F_BREG, 5), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x00ff0000;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

/* =========================================================================
 * N-21: BSYNC (at BS = 0x2000)
 * ========================================================================= */

static void do_bsync(wr_cta *c, unsigned w, unsigned b, int guarded, uint32_t pg, wr_retire *e)
{
    wr_insn in = form_f(WR_FORM_BSYNC_X, WR_F_BREG, b);
    if (guarded)
        in = unit_guard(in, 0, 0);
    wr_operands o = ops0();
    o.pg = pg;
    unit_step(c, w, &in, &o, e);
}

START_TEST(N_21_bsync_full_sync_clears_yield)
{
    /* B0 = 0x4000000f (lane 30 exited): bmask = 0xf; & ~Active(0xf) = 0: full
     * sync, B0 written back = 0.  ActiveMask = arrivemask = 0xf | (Valid &
     * RPC==0x2000 = lanes 8..15; lane 5 is exited) = 0xff0f; next.  Yield
     * 0x00011101 & ~0xff0f = 0x00010000 (lane 16, not arrived, keeps it). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x00ffff0f, 0x0000000f);
    w->breg[0] = 0x4000000f;
    w->yield = 0x00011101;
    rpcs(w, 0x0000ff20, BS);
    rpcs(w, 0x00ff0000, 0x3000);
    snap(&x, &c);
    do_bsync(&c, 0, 0, 0, 0, &e);
    x.warp[0].breg[0] = 0;
    x.warp[0].active = 0x0000ff0f;
    x.warp[0].active_pc = BS + 16;
    x.warp[0].yield = 0x00010000;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_21_arrivemask_compares_whole_rpcs)
{
    /* The arrive mask compares each lane's whole 64-bit RPC with ActivePC
     * (rpc_eq compares it as two 32-bit words): lanes 8..15 wait at BS,
     * lanes 16..23 at BS + 2^32 (the same low word), lanes 24..31 at BS +
     * 16 (the same high word): only lanes 8..15 arrive.  B0 = 0x0f = the
     * active lanes: full sync, ActiveMask = 0x0f | 0xff00. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 32, 0, BS, 0xffffff0f, 0x0000000f);
    w->breg[0] = 0x0000000f;
    rpcs(w, 0x0000ff00, BS);
    rpcs(w, 0x00ff0000, BS + ((uint64_t)1 << 32));
    rpcs(w, 0xff000000, BS + 16);
    snap(&x, &c);
    do_bsync(&c, 0, 0, 0, 0, &e);
    x.warp[0].breg[0] = 0;
    x.warp[0].active = 0x0000ff0f;
    x.warp[0].active_pc = BS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_21_full_sync_takes_every_arrived_lane)
{
    /* Lanes 4..7 ran a NANOSLEEP right before this BSYNC: asleep, RPC = the
     * BSYNC.  B0 = 0x0f (lanes 4..7 never were in it): full sync, ActiveMask
     * = arrivemask = 0x0f | 0xf0 = 0xff as the seed's pseudo-code writes it,
     * the sleeping lanes included (its comment says arrivemask cannot hold
     * sleeping lanes; this corner shows it can).  SleepMask stays 0xf0. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
    w->breg[0] = 0x0000000f;
    w->sleep = 0x000000f0;
    c.deadline[0] = 3000;
    rpcs(w, 0x00f0, BS);
    snap(&x, &c);
    do_bsync(&c, 0, 0, 0, 0, &e);
    x.warp[0].breg[0] = 0;
    x.warp[0].active = 0xff;
    x.warp[0].active_pc = BS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_full_sync_converged_warp)
{
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, ALL, ALL);
    w->breg[9] = ALL;
    w->yield = 0x0000f000;
    snap(&x, &c);
    do_bsync(&c, 0, 9, 0, 0, &e);
    x.warp[0].breg[9] = 0;
    x.warp[0].active_pc = BS + 16;
    x.warp[0].yield = 0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_switch_to_unarrived_bmask_lane)
{
    /* B2 = 0xf0ff; Active 0xf0: bmask = 0xf00f, written back.  arrive = 0xf0.
     * cmask = 0xffff & ~0xf0 & ~Yield(0) = 0xff0f; mask_ny_b = 0xf00f:
     * RPC[4..7] = 0x2000; lid 0, ActivePC 0x1800, ActiveMask = 0xf00f &
     * RPC==0x1800 = 0x000f (lane 8 shares 0x1800 but is outside bmask). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x000000f0);
    w->breg[2] = 0x0000f0ff;
    rpcs(w, 0x0000010f, 0x1800);
    rpcs(w, 0x00000e00, 0x2800);
    rpcs(w, 0x0000f000, 0x1c00);
    snap(&x, &c);
    do_bsync(&c, 0, 2, 0, 0, &e);
    x.warp[0].breg[2] = 0x0000f00f;
    rpcs(&x.warp[0], 0xf0, BS);
    x.warp[0].active_pc = 0x1800;
    x.warp[0].active = 0x0000000f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_switch_to_waiting_lane_outside_bmask)
{
    /* B0 = 0xff; lanes 4..7 are parked at this BSYNC (earlier guard split,
     * still in B0).  bmask = 0xf0 (written back); arrive = 0xff; cmask =
     * 0xff00; mask_ny_b = 0, mask_ny_nb = 0xff00: RPC[0..3] = 0x2000, lid 8,
     * ActivePC 0x2800, ActiveMask = 0x0f00 */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
    w->breg[0] = 0x000000ff;
    rpcs(w, 0x000000f0, BS);
    rpcs(w, 0x00000f00, 0x2800);
    rpcs(w, 0x0000f000, 0x2c00);
    snap(&x, &c);
    do_bsync(&c, 0, 0, 0, 0, &e);
    x.warp[0].breg[0] = 0x000000f0;
    rpcs(&x.warp[0], 0x0f, BS);
    x.warp[0].active_pc = 0x2800;
    x.warp[0].active = 0x00000f00;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_yield_release_when_only_yielded_lanes_missing)
{
    /* B1 = 0xff, Active 0xf: bmask = 0xf0 (written back, not 0).  Lanes
     * 8..15 arrived (RPC = 0x2000): arrive = 0xff0f.  cmask = 0xf0 &
     * ~Yield(0x2f3) = 0: release: ActiveMask = 0xff0f, next; Yield &= ~pmask
     * (0xf): 0x2f0 (lane 9, released too, keeps its bit: H-3). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
    w->breg[1] = 0x000000ff;
    w->yield = 0x000002f3;
    rpcs(w, 0x000000f0, 0x1800);
    rpcs(w, 0x0000ff00, BS);
    snap(&x, &c);
    do_bsync(&c, 0, 1, 0, 0, &e);
    x.warp[0].breg[1] = 0x000000f0;
    x.warp[0].active = 0x0000ff0f;
    x.warp[0].active_pc = BS + 16;
    x.warp[0].yield = 0x000002f0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_sleeping_candidates_release)
{
    /* as above, but lanes 4..7 are asleep, not yielded: cmask = 0xf0, all
     * asleep: release (the warp does not sleep).  Yield 0x102 & ~0xf =
     * 0x100. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
    w->breg[1] = 0x000000ff;
    w->sleep = 0x000000f0;
    w->yield = 0x00000102;
    c.deadline[0] = 3000;
    rpcs(w, 0x000000f0, 0x1800);
    rpcs(w, 0x0000ff00, BS);
    snap(&x, &c);
    do_bsync(&c, 0, 1, 0, 0, &e);
    x.warp[0].breg[1] = 0x000000f0;
    x.warp[0].active = 0x0000ff0f;
    x.warp[0].active_pc = BS + 16;
    x.warp[0].yield = 0x00000100;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_sleeping_lanes_not_switched_to)
{
    /* B0 = 0xffff: bmask = 0xfff0.  cmask = 0xfff0, not all asleep, minus
     * Sleep(0xf0) = 0xff00: RPC[0..3] = 0x2000, lid 8, ActivePC 0x2800,
     * ActiveMask 0xff00 */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
    w->breg[0] = 0x0000ffff;
    w->sleep = 0x000000f0;
    c.deadline[0] = 3000;
    rpcs(w, 0x000000f0, 0x1800);
    rpcs(w, 0x0000ff00, 0x2800);
    snap(&x, &c);
    do_bsync(&c, 0, 0, 0, 0, &e);
    x.warp[0].breg[0] = 0x0000fff0;
    rpcs(&x.warp[0], 0x0f, BS);
    x.warp[0].active_pc = 0x2800;
    x.warp[0].active = 0x0000ff00;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_21_guard_split_parks_pmask_lanes_keeps_bn)
{
    /* @P0 BSYNC B0, pmask 0x0f of Active 0xff: RPC[0..3] = 0x2000 (parked at
     * the BSYNC), ActiveMask = 0xf0, next; B0 and Yield untouched */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x000000ff);
    w->breg[0] = 0x0000ffff;
    w->yield = 0x00000003;
    snap(&x, &c);
    do_bsync(&c, 0, 0, 1, 0x0000ff0f, &e);
    rpcs(&x.warp[0], 0x0f, BS);
    x.warp[0].active = 0x000000f0;
    x.warp[0].active_pc = BS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

/* =========================================================================
 * N-22: YIELD (at PC, next = NEXT)
 * ========================================================================= */

static void do_yield(wr_cta *c, unsigned w, wr_retire *e)
{
    wr_insn in = unit_insn(WR_FORM_YIELD_X);
    wr_operands o = ops0();
    unit_step(c, w, &in, &o, e);
}

START_TEST(N_22_guard_split_parks_at_the_yield)
{
    /* `@P0 YIELD !P1`: pmask = 0xff0f & 0xfff & ~0x300 = 0x0c0f; mask_np =
     * 0xf300.  RPC[0..3, 10, 11] = 0x1000 (the YIELD itself), ActiveMask =
     * 0xf300, next; Yield and Switch untouched */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0xffffff0f, 0x0000ff0f);
    w->swtch = 0x00ff0000;
    snap(&x, &c);
    wr_insn in = unit_guard(with_pp(unit_insn(WR_FORM_YIELD_X), 1, 1), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x00000fff;
    o.pp = 0x00000300;
    unit_step(&c, 0, &in, &o, &e);
    rpcs(&x.warp[0], 0x00000c0f, PC);
    x.warp[0].active = 0x0000f300;
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_divergent_switch)
{
    /* Valid 0x00ff00ff, Active 0xf, Switch 0x00f0000f, Yield lanes 20, 21.
     * Switch &= Valid^Active (0x00ff00f0) = 0x00f00000; cmask = that; nobody
     * asleep; mask_ny = 0x00c00000: lid 22 (not the yielded 20).  Yield |= 0xf
     * -> 0x0030000f; RPC[0..3] = next; ActivePC = RPC[22] = 0x5000; ActiveMask
     * = RPC==0x5000 & 0x00ff00f0 = {16..19, 22} = 0x004f0000.  Switch &=
     * Valid^new (0x00b000ff) = 0x00b00000. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x00ff00ff, 0x0000000f);
    w->swtch = 0x00f0000f;
    w->yield = 0x00300000;
    rpcs(w, 0x000000f0, 0x4000);
    rpcs(w, 0x004f0000, 0x5000);
    rpcs(w, 0x00b00000, 0x6000);
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0030000f;
    x.warp[0].active_pc = 0x5000;
    x.warp[0].active = 0x004f0000;
    x.warp[0].swtch = 0x00b00000;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_switchmask_reset_both_times)
{
    /* Switch 0 -> reset to Valid^Active = 0xf0; lid 4; ActivePC 0x4000,
     * ActiveMask 0xf0; Switch 0xf0 & (0xff ^ 0xf0) = 0 -> reset to 0x0f */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    rpcs(w, 0xf0, 0x4000);
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0f;
    x.warp[0].active_pc = 0x4000;
    x.warp[0].active = 0xf0;
    x.warp[0].swtch = 0x0f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_new_active_excludes_the_yielding_lanes)
{
    /* lanes 4..7 wait at next (0x1010), where the yielding lanes now also
     * resume: ActiveMask = RPC==0x1010 & (Valid ^ oldActive) = 0xf0, not 0xff */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    rpcs(w, 0xf0, NEXT);
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0f;
    x.warp[0].active_pc = NEXT;
    x.warp[0].active = 0xf0;
    x.warp[0].swtch = 0x0f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_choice_only_within_switchmask)
{
    /* Switch = lane 7 only: lanes 2..6 (RPC 0x3000, lower, non-yield) are not
     * candidates.  lid 7, ActivePC 0x7000, ActiveMask 0x80; Switch 0x80 &
     * (0xff ^ 0x80) = 0 -> reset to 0x7f */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x00000003);
    w->swtch = 0x00000080;
    rpcs(w, 0x7c, 0x3000);
    w->rpc[7] = 0x7000;
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0x3, NEXT);
    x.warp[0].yield = 0x03;
    x.warp[0].active_pc = 0x7000;
    x.warp[0].active = 0x80;
    x.warp[0].swtch = 0x7f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_only_yielded_candidates_lowest_yielded)
{
    /* Switch 0xc0, all candidates yielded: lid = lowest(mask_y) = 6,
     * ActivePC 0x4400, ActiveMask = RPC==0x4400 & 0xf0 = 0xc0; Yield 0xff;
     * Switch 0xc0 & 0x3f = 0 -> 0x3f */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    w->yield = 0xf0;
    w->swtch = 0xc0;
    rpcs(w, 0x30, 0x4000);
    rpcs(w, 0xc0, 0x4400);
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0xff;
    x.warp[0].active_pc = 0x4400;
    x.warp[0].active = 0xc0;
    x.warp[0].swtch = 0x3f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_sleeping_candidates_skipped)
{
    /* Switch 0xf0, lanes 4, 5 asleep: cmask 0xc0, lid 6 -> 0x4400, ActiveMask
     * 0xc0; Switch 0xf0 & (0xff ^ 0xc0 = 0x3f) = 0x30, not empty: kept (the
     * sleeping lanes stay selectable later); the warp stays ready */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    w->sleep = 0x30;
    w->swtch = 0xf0;
    c.deadline[0] = 800;
    rpcs(w, 0x30, 0x4000);
    rpcs(w, 0xc0, 0x4400);
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0f;
    x.warp[0].active_pc = 0x4400;
    x.warp[0].active = 0xc0;
    x.warp[0].swtch = 0x30;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_22_all_candidates_asleep_switch_then_sleep)
{
    /* as N_22_switchmask_reset_both_times, but lanes 4..7 asleep: the warp
     * switches to them and sleeps (deadline kept) */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    w->sleep = 0xf0;
    c.deadline[0] = 800;
    rpcs(w, 0xf0, 0x4000);
    snap(&x, &c);
    do_yield(&c, 0, &e);
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0f;
    x.warp[0].active_pc = 0x4000;
    x.warp[0].active = 0xf0;
    x.warp[0].swtch = 0x0f;
    x.warp[0].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
}
END_TEST

/* =========================================================================
 * N-23: NANOSLEEP
 * ========================================================================= */

START_TEST(N_23_converged_warp_sleeps)
{
    /* warp 1 of 56 threads (Valid = Active = 0x00ffffff), now 1000,
     * NANOSLEEP 0x100: deadline = 1000 + 256 = 1256; SleepMask |= Active;
     * next; the warp sleeps.  No divergence: Yield untouched. */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 56, 1, PC, 0x00ffffff, 0x00ffffff);
    c.now = 1000;
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_NANOSLEEP_I, WR_F_IMM32, 0x100);
    wr_operands o = ops0();
    unit_step(&c, 1, &in, &o, &e);
    x.deadline[1] = 1256;
    x.warp[1].sleep = 0x00ffffff;
    x.warp[1].active_pc = NEXT;
    x.warp[1].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
    no_writes(&e);
    ck_assert_uint_eq(wr_next_deadline(&c), 1256);
    ck_assert_int_eq(wr_step(&c, 1, &in, &o, &e), -1);
}
END_TEST

START_TEST(N_23_earlier_deadline_kept)
{
    /* one timer per warp: min(1100, 1000 + 256) = 1100 */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 56, 1, PC, 0x00ffffff, 0x00ffffff);
    c.now = 1000;
    c.deadline[1] = 1100;
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_NANOSLEEP_I, WR_F_IMM32, 0x100);
    wr_operands o = ops0();
    unit_step(&c, 1, &in, &o, &e);
    x.warp[1].sleep = 0x00ffffff;
    x.warp[1].active_pc = NEXT;
    x.warp[1].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
}
END_TEST

START_TEST(N_23_divergent_switches_like_yield)
{
    /* NANOSLEEP UR4 (= 50) at now 200: deadline 250, SleepMask |= 0xf; then
     * the YIELD switch: Switch 0 -> 0xf0, lid 4 (not asleep), Yield 0x0f,
     * RPC[0..3] = next, ActivePC 0x4000, ActiveMask 0xf0, Switch -> 0x0f.
     * The warp stays ready. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    rpcs(w, 0xf0, 0x4000);
    c.now = 200;
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_NANOSLEEP_U, WR_F_URB, 4);
    wr_operands o = ops0();
    o.ur = 50;
    unit_step(&c, 0, &in, &o, &e);
    x.deadline[0] = 250;
    x.warp[0].sleep = 0x0f;
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0f;
    x.warp[0].active_pc = 0x4000;
    x.warp[0].active = 0xf0;
    x.warp[0].swtch = 0x0f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_23_divergent_others_asleep_switch_then_sleep)
{
    /* NANOSLEEP c[2][0x120] (= 500) at now 100 with deadline 180 pending:
     * min(180, 600) = 180; SleepMask 0xf0 | 0xf = 0xff; candidates 0xf0 all
     * asleep: switch to lane 4's group (0x4000, 0xf0) and sleep */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    w->sleep = 0xf0;
    rpcs(w, 0xf0, 0x4000);
    c.now = 100;
    c.deadline[0] = 180;
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_NANOSLEEP_C, WR_F_CMEM, wr_cmem_make(2, 0x120));
    wr_operands o = ops0();
    o.c = 500;
    unit_step(&c, 0, &in, &o, &e);
    x.warp[0].sleep = 0xff;
    rpcs(&x.warp[0], 0xf, NEXT);
    x.warp[0].yield = 0x0f;
    x.warp[0].active_pc = 0x4000;
    x.warp[0].active = 0xf0;
    x.warp[0].swtch = 0x0f;
    x.warp[0].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
}
END_TEST

START_TEST(N_23_r_form_smallest_over_pmask)
{
    /* NANOSLEEP R3, pmask = Active = 0x0f0f: values 300, 90, 0x80000000,
     * 1000, 120 x4; exited lanes hold 5 (ignored); unsigned: min 90.
     * now 10 -> deadline 100. */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x00000f0f, 0x00000f0f);
    c.now = 10;
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_NANOSLEEP_R, WR_F_RB, 3);
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.rb[l] = 5;
    o.rb[0] = 300;
    o.rb[1] = 90;
    o.rb[2] = 0x80000000;
    o.rb[3] = 1000;
    for (unsigned l = 8; l < 12; l++)
        o.rb[l] = 120;
    unit_step(&c, 0, &in, &o, &e);
    x.deadline[0] = 100;
    x.warp[0].sleep = 0x00000f0f;
    x.warp[0].active_pc = NEXT;
    x.warp[0].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
}
END_TEST

START_TEST(N_23_guard_split_sets_no_timer)
{
    /* @P0 NANOSLEEP 100, pmask 0x0f of 0xff: RPC[0..3] = the NANOSLEEP,
     * ActiveMask 0xf0, next; no deadline, no Sleep bit, no Yield bit */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x000000ff, 0x000000ff);
    c.now = 40;
    snap(&x, &c);
    wr_insn in = unit_guard(form_f(WR_FORM_NANOSLEEP_I, WR_F_IMM32, 100), 0, 0);
    wr_operands o = ops0();
    o.pg = 0x0000000f;
    unit_step(&c, 0, &in, &o, &e);
    rpcs(&x.warp[0], 0x0f, PC);
    x.warp[0].active = 0xf0;
    x.warp[0].active_pc = NEXT;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_23_deadline_fires_then_wake_event)
{
    /* after N_23_converged_warp_sleeps: nothing at 1255; at 1256 the warp's
     * SleepMask is cleared whole, the deadline dropped, the warp ready; its
     * next instruction (EXIT) reports `wake` first, then `exit`. */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 56, 1, PC, 0x00ffffff, 0x00ffffff);
    c.now = 1000;
    wr_insn in = form_f(WR_FORM_NANOSLEEP_I, WR_F_IMM32, 0x100);
    wr_operands o = ops0();
    unit_step(&c, 1, &in, &o, &e);

    c.now = 1255;
    snap(&x, &c);
    ck_assert_uint_eq(wr_fire_deadlines(&c), 0);
    SAME(&x, &c);

    c.now = x.now = 1256;
    ck_assert_uint_eq(wr_fire_deadlines(&c), 0x2);
    x.warp[1].sleep = 0;
    x.warp[1].run = WR_WARP_READY;
    x.wake_pending |= 1u << 1;
    x.deadline[1] = WR_NO_DEADLINE;
    SAME(&x, &c);
    ck_assert_uint_eq(wr_next_deadline(&c), WR_NO_DEADLINE);

    wr_insn ex = unit_insn(WR_FORM_EXIT_X);
    unit_step(&c, 1, &ex, &o, &e);
    x.wake_pending &= ~(1u << 1);
    x.warp[1].valid = 0;
    x.warp[1].active = 0;
    x.warp[1].run = WR_WARP_EXITED;
    SAME(&x, &c);
    ck_assert_uint_eq(e.book.wake, 1);             /* the trace's `wake` first */
    EVENTS(&e, EV_EXIT);
}
END_TEST

START_TEST(N_23_fire_clears_sleepmask_of_running_warp)
{
    /* after N_23_divergent_switches_like_yield (deadline 250, Sleep 0x0f,
     * warp ready): at 250 SleepMask -> 0, deadline dropped, no `wake` */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, PC, 0x000000ff, 0x0000000f);
    rpcs(w, 0xf0, 0x4000);
    c.now = 200;
    wr_insn in = form_f(WR_FORM_NANOSLEEP_U, WR_F_URB, 4);
    wr_operands o = ops0();
    o.ur = 50;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(c.warp[0].sleep, 0x0f);

    c.now = 250;
    snap(&x, &c);
    ck_assert_uint_eq(wr_fire_deadlines(&c), 0);
    x.warp[0].sleep = 0;
    x.deadline[0] = WR_NO_DEADLINE;
    SAME(&x, &c);

    wr_insn brk = form_f(WR_FORM_BREAK_X, WR_F_BREG, 0);
    unit_step(&c, 0, &brk, &o, &e);
    NO_EVENTS(&e);
}
END_TEST

/* =========================================================================
 * N-25: WARPSYNC (at WS = 0x3000)
 * ========================================================================= */

static wr_insn ws_i(uint32_t m) { return form_f(WR_FORM_WARPSYNC_I, WR_F_IMM32, m); }

static wr_insn ws_r(int bitnot)
{
    wr_insn in = form_f(WR_FORM_WARPSYNC_R, WR_F_RB, 9);
    in.f[WR_F_BITNOT] = bitnot;
    return in;
}

static void ws_step(wr_cta *c, const wr_insn *in, const wr_operands *o, wr_retire *e)
{
    unit_step(c, 0, in, o, e);
}

START_TEST(N_25_uniform_success_converged)
{
    /* m = 0xffffffff & Valid = 0xff0f; arrive = 0xff0f: ActiveMask = m */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, WS, 0x0000ff0f, 0x0000ff0f);
    snap(&x, &c);
    wr_insn in = ws_i(ALL);
    wr_operands o = ops0();
    ws_step(&c, &in, &o, &e);
    x.warp[0].active_pc = WS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
    no_writes(&e);
}
END_TEST

START_TEST(N_25_uniform_success_takes_parked_members)
{
    /* WARPSYNC 0xff: lanes 4..7 parked here (RPC 0x3000); arrive = 0xff = m:
     * ActiveMask 0xff, next (their RPCs stay, unused) */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    rpcs(w, 0xf0, WS);
    rpcs(w, 0xff00, 0x100);
    snap(&x, &c);
    wr_insn in = ws_i(0xff);
    wr_operands o = ops0();
    ws_step(&c, &in, &o, &e);
    x.warp[0].active = 0xff;
    x.warp[0].active_pc = WS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_uniform_membermask_drops_exited_lanes)
{
    /* WARPSYNC 0xffffffff with Valid 0xff0f: m = 0xff0f; lanes 12..15 are
     * parked here: arrive = 0x0f0f | 0xf000 = m: success */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ff0f, 0x00000f0f);
    rpcs(w, 0xf000, WS);
    snap(&x, &c);
    wr_insn in = ws_i(ALL);
    wr_operands o = ops0();
    ws_step(&c, &in, &o, &e);
    x.warp[0].active = 0x0000ff0f;
    x.warp[0].active_pc = WS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_uniform_switch_to_unarrived_member)
{
    /* WARPSYNC UR5 = 0xff0f; arrive = 0xf.  cmask = 0xffff & ~0xf & m =
     * 0xff00; Yield lanes 8, 9: mask_m_ny = 0xfc00.  RPC[0..3] = 0x3000;
     * lid 10, ActivePC 0x2800, ActiveMask = 0xfc00 & RPC==0x2800 = {10, 14}
     * = 0x4400 (lanes 8, 9 yielded and lane 5, not a member, share it). */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->yield = 0x00000300;
    rpcs(w, 0x00004720, 0x2800);               /* 5, 8, 9, 10, 14 */
    rpcs(w, 0x0000b800, 0x2c00);               /* 11, 12, 13, 15 */
    snap(&x, &c);
    wr_insn in = form_f(WR_FORM_WARPSYNC_U, WR_F_URB, 5);
    wr_operands o = ops0();
    o.ur = 0x0000ff0f;
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0xf, WS);
    x.warp[0].active_pc = 0x2800;
    x.warp[0].active = 0x00004400;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_uniform_switch_skips_sleeping_lanes)
{
    /* WARPSYNC 0xff; unarrived members 0xf0, lanes 4, 5 asleep: not all
     * asleep, cmask = 0xc0; lid 6: RPC[0..3] = 0x3000, ActivePC 0x2c00,
     * ActiveMask = 0xc0 & RPC==0x2c00 = 0xc0; the warp stays ready */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->sleep = 0x30;
    c.deadline[0] = 4000;
    rpcs(w, 0x30, 0x2800);
    rpcs(w, 0xc0, 0x2c00);
    snap(&x, &c);
    wr_insn in = ws_i(0xff);
    wr_operands o = ops0();
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0xf, WS);
    x.warp[0].active_pc = 0x2c00;
    x.warp[0].active = 0xc0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_uniform_switch_all_asleep_warp_sleeps)
{
    /* WARPSYNC 0xff, unarrived members 0xf0 all asleep: do_sleep; switch to
     * lane 4's group (0x2800, 0xf0), RPC[0..3] = 0x3000; the warp sleeps */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->sleep = 0xf0;
    c.deadline[0] = 4000;
    rpcs(w, 0xf0, 0x2800);
    snap(&x, &c);
    wr_insn in = ws_i(0xff);
    wr_operands o = ops0();
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0xf, WS);
    x.warp[0].active_pc = 0x2800;
    x.warp[0].active = 0xf0;
    x.warp[0].run = WR_WARP_ASLEEP;
    SAME(&x, &c);
    EVENTS(&e, EV_SLEEP);
}
END_TEST

START_TEST(N_25_uniform_bitnot_u_and_c)
{
    /* ~0xffff00f0 = 0x0000ff0f = m (& Valid 0xffff); Active = arrive =
     * 0xff0f: success.  (Without `~`, m = 0x00f0 and arrived lanes 0..3
     * would be outside it.) */
    for (unsigned k = 0; k < 2; k++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, WS, 0x0000ffff, 0x0000ff0f);
        snap(&x, &c);
        wr_insn in = k ? form_f(WR_FORM_WARPSYNC_C, WR_F_CMEM, wr_cmem_make(2, 0x100))
                       : form_f(WR_FORM_WARPSYNC_U, WR_F_URB, 2);
        in.f[WR_F_BITNOT] = 1;
        wr_operands o = ops0();
        o.c = 0xffff00f0;
        o.ur = 0xffff00f0;
        ws_step(&c, &in, &o, &e);
        x.warp[0].active_pc = WS + 16;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

START_TEST(N_25_per_lane_group_release)
{
    /* WARPSYNC R9, Active 0xff: m = 0x0f for lanes 0..3, 0xffff0ff0 & Valid
     * = 0x0ff0 for lanes 4..7; lanes 8..15 have not arrived (their R9 = 0
     * is not looked at).  warp_syncmask = 0x0f (0x0ff0 has unarrived lanes).
     * lid 0, amask 0x0f: RPC[4..7] = 0x3000, next, ActiveMask 0x0f. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x000000ff);
    rpcs(w, 0xff00, 0x100);
    snap(&x, &c);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < 4; l++) {
        o.rb[l] = 0x0f;
        o.rb[l + 4] = 0xffff0ff0;
    }
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0xf0, WS);
    x.warp[0].active_pc = WS + 16;
    x.warp[0].active = 0x0f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_per_lane_release_takes_parked_lanes)
{
    /* Active 0x0f, lanes 4..7 parked here; m = 0xff for lanes 0..7:
     * syncmask 0xff, amask 0xff: ActiveMask 0xff, next; no RPC change */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    rpcs(w, 0xf0, WS);
    rpcs(w, 0xff00, 0x100);
    snap(&x, &c);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.rb[l] = l < 8 ? 0xff : 0xff00;
    ws_step(&c, &in, &o, &e);
    x.warp[0].active_pc = WS + 16;
    x.warp[0].active = 0xff;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_per_lane_lowest_complete_group_first)
{
    /* groups {0..3} (parked) and {4..7} (active) both complete: lid 0,
     * amask 0x0f: the active lanes 4..7 park here (RPC 0x3000), ActiveMask
     * 0x0f, next */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x000000f0);
    rpcs(w, 0x0f, WS);
    snap(&x, &c);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < 4; l++) {
        o.rb[l] = 0x0f;
        o.rb[l + 4] = 0xf0;
    }
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0xf0, WS);
    x.warp[0].active_pc = WS + 16;
    x.warp[0].active = 0x0f;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_per_lane_switch)
{
    /* m = 0xff for lanes 0..3 (Active), no group complete.  array_or = 0xff;
     * cmask = 0xff & Valid & ~0x0f = 0xf0; lid 4: RPC[0..3] = 0x3000,
     * ActivePC = 0x2000, ActiveMask = RPC==0x2000 & Valid = {4, 5, 8..15}
     * = 0xff30 (& ValidMask as written: non-members 8..15 come along, the
     * yielded lane 9 too).  The unarrived lanes' R9 = 0 is not checked for
     * group mismatch. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->yield = 0x00000200;
    rpcs(w, 0xff30, 0x2000);
    rpcs(w, 0x00c0, 0x2400);
    snap(&x, &c);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < 4; l++)
        o.rb[l] = 0xff;
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0x0f, WS);
    x.warp[0].active_pc = 0x2000;
    x.warp[0].active = 0x0000ff30;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_per_lane_switch_only_to_members)
{
    /* Active 0x0f00 with m = 0xff00; lanes 0..7 wait elsewhere (0x2000) but
     * are in no arrived lane's mask.  array_or = 0xff00, cmask = 0xff00 &
     * Valid & ~arrive(0x0f00) = 0xf000: lid 12 (not the lower non-member
     * lane 0); RPC[8..11] = 0x3000, ActivePC 0x2400, ActiveMask 0xf000 */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x00000f00);
    rpcs(w, 0x00ff, 0x2000);
    rpcs(w, 0xf000, 0x2400);
    snap(&x, &c);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    for (unsigned l = 8; l < 12; l++)
        o.rb[l] = 0xff00;
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0x0f00, WS);
    x.warp[0].active_pc = 0x2400;
    x.warp[0].active = 0xf000;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_per_lane_switch_prefers_non_yield)
{
    /* as above with lanes 4, 5 yielded: mask_ny = 0xc0, lid 6, ActivePC
     * 0x2400, ActiveMask = {6, 7} */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->yield = 0x30;
    rpcs(w, 0x30, 0x2000);
    rpcs(w, 0xc0, 0x2400);
    snap(&x, &c);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < 4; l++)
        o.rb[l] = 0xff;
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0x0f, WS);
    x.warp[0].active_pc = 0x2400;
    x.warp[0].active = 0xc0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_per_lane_bitnot)
{
    /* WARPSYNC ~R9, R9 = 0xfffffff0 in lanes 0..3: m = 0x0f: release, Active
     * 0x0f, next.  (Without `~`, lane 0 would be outside its mask.) */
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    snap(&x, &c);
    wr_insn in = ws_r(1);
    wr_operands o = ops0();
    for (unsigned l = 0; l < 4; l++)
        o.rb[l] = 0xfffffff0;
    ws_step(&c, &in, &o, &e);
    x.warp[0].active_pc = WS + 16;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(N_25_not_member_uniform)
{
    /* WARPSYNC 0xff0f, arrive = Active 0xff: arrive & ~m = 0xf0 */
    wr_cta c;
    setup(&c, 64, 0, WS, 0x0000ffff, 0x000000ff);
    wr_insn in = ws_i(0x0000ff0f);
    wr_operands o = ops0();
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_NOT_MEMBER);
}
END_TEST

START_TEST(N_25_not_member_counts_parked_lanes)
{
    /* Active 0x0f, lanes 4..7 parked here: arrive = 0xff; WARPSYNC 0x0f:
     * arrive & ~m = 0xf0 */
    wr_cta c;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    rpcs(w, 0xf0, WS);
    wr_insn in = ws_i(0x0000000f);
    wr_operands o = ops0();
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_NOT_MEMBER);
}
END_TEST

START_TEST(N_25_not_member_per_lane)
{
    /* lane 2's mask 0x0b lacks bit 2 */
    wr_cta c;
    setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    o.rb[0] = o.rb[1] = o.rb[3] = 0x0f;
    o.rb[2] = 0x0b;
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_NOT_MEMBER);
}
END_TEST

START_TEST(N_25_not_member_per_lane_parked_lane)
{
    /* Active lanes fine (m = 0x2f); lane 5, parked here, has m = 0x0f: an
     * arrived lane outside its own mask */
    wr_cta c;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->rpc[5] = WS;
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    o.rb[0] = o.rb[1] = o.rb[2] = o.rb[3] = 0x2f;
    o.rb[5] = 0x0f;
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_NOT_MEMBER);
}
END_TEST

START_TEST(N_25_group_mismatch)
{
    /* lanes 0..2: m = 0x0f; lane 3: m = 0x0c (contains 3).  Lane 3 is in
     * m[0] but m[3] != m[0] */
    wr_cta c;
    setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    o.rb[0] = o.rb[1] = o.rb[2] = 0x0f;
    o.rb[3] = 0x0c;
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_GROUP_MISMATCH);
}
END_TEST

START_TEST(N_25_not_member_reported_before_group_mismatch)
{
    /* lane 2: m = 0x0b (not a member); lane 3: m = 0x0c (mismatch too) */
    wr_cta c;
    setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    wr_insn in = ws_r(0);
    wr_operands o = ops0();
    o.rb[0] = o.rb[1] = 0x0f;
    o.rb[2] = 0x0b;
    o.rb[3] = 0x0c;
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_NOT_MEMBER);
}
END_TEST

START_TEST(N_25_guard_split_checks_nothing)
{
    /* @P0 WARPSYNC R9 with nonsense masks (0): the guard split runs, no
     * exception: RPC[0..3] = 0x3000, ActiveMask 0xf0, next.  Likewise the
     * uniform form with a mask that leaves out active lanes. */
    for (unsigned k = 0; k < 2; k++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, WS, 0x0000ffff, 0x000000ff);
        snap(&x, &c);
        wr_insn in = unit_guard(k ? ws_i(0x1) : ws_r(0), 0, 0);
        wr_operands o = ops0();
        o.pg = 0x0000000f;
        ws_step(&c, &in, &o, &e);
        rpcs(&x.warp[0], 0x0f, WS);
        x.warp[0].active = 0xf0;
        x.warp[0].active_pc = WS + 16;
        SAME(&x, &c);
        NO_EVENTS(&e);
        ck_assert_uint_eq(e.exception, WR_EXC_NONE);
    }
}
END_TEST

/* =========================================================================
 * N-26: RTT, TRAP, SYSCALL
 * ========================================================================= */

/* the warp stops in state trapped, PC and masks unchanged */
static void trap_case(int line, wr_insn in, const wr_operands *o, const ev *want)
{
    wr_cta c, x;
    wr_retire e;
    setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
    snap(&x, &c);
    unit_step(&c, 0, &in, o, &e);
    x.warp[0].run = WR_WARP_TRAPPED;
    same_cta(&x, &c, line);
    check_events(&e, want, 1, line);
    ck_assert_uint_eq(e.exception, WR_EXC_NONE);
    ck_assert_int_eq(wr_step(&c, 0, &in, o, &e), -1);
}

START_TEST(N_26_trap_i)
{
    static const ev want = EV_TRAP(42);
    wr_operands o = ops0();
    trap_case(__LINE__, form_f(WR_FORM_TRAP_I, WR_F_IMM32, 42), &o, &want);
}
END_TEST

START_TEST(N_26_trap_r_from_lowest_pmask_lane)
{
    /* @P0 TRAP R7: pmask = 0x0f0f & 0xff00 = 0x0f00: index = R7[8] = 17 */
    static const ev want = EV_TRAP(17);
    wr_operands o = ops0();
    o.pg = 0x0000ff00;
    for (unsigned l = 0; l < WR_LANES; l++)
        o.rb[l] = 99;
    o.rb[8] = 17;
    o.rb[9] = 5;
    trap_case(__LINE__, unit_guard(form_f(WR_FORM_TRAP_R, WR_F_RB, 7), 0, 0), &o, &want);
}
END_TEST

START_TEST(N_26_trap_rz_reads_zero)
{
    static const ev want = EV_TRAP(0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.rb[l] = 77;
    trap_case(__LINE__, form_f(WR_FORM_TRAP_R, WR_F_RB, WR_RZ), &o, &want);
}
END_TEST

START_TEST(N_26_trap_c)
{
    static const ev want = EV_TRAP(0x1234);
    wr_operands o = ops0();
    o.c = 0x1234;
    trap_case(__LINE__, form_f(WR_FORM_TRAP_C, WR_F_CMEM, wr_cmem_make(1, 8)), &o, &want);
}
END_TEST

START_TEST(N_26_syscall)
{
    static const ev want = EV_SYSCALL;
    wr_operands o = ops0();
    trap_case(__LINE__, unit_insn(WR_FORM_SYSCALL_X), &o, &want);
}
END_TEST

START_TEST(N_26_rtt)
{
    static const ev want = EV_RTT;
    wr_operands o = ops0();
    trap_case(__LINE__, unit_insn(WR_FORM_RTT_X), &o, &want);
}
END_TEST

START_TEST(N_26_pmask_zero_only_advances)
{
    const wr_insn ins[3] = {
        unit_guard(form_f(WR_FORM_TRAP_I, WR_F_IMM32, 42), 0, 0),
        unit_guard(unit_insn(WR_FORM_SYSCALL_X), 0, 0),
        unit_guard(unit_insn(WR_FORM_RTT_X), 0, 0),
    };
    for (unsigned i = 0; i < 3; i++) {
        wr_cta c, x;
        wr_retire e;
        setup(&c, 64, 0, PC, 0x0000ff0f, 0x00000f0f);
        snap(&x, &c);
        wr_operands o = ops0();
        o.pg = 0xfffff0f0;                      /* true only in inactive lanes */
        unit_step(&c, 0, &ins[i], &o, &e);
        x.warp[0].active_pc = NEXT;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

/* =========================================================================
 * Section 9 hazards, at the step level
 * ========================================================================= */

START_TEST(H_1_bsync_prefers_waiting_lane_outside_bmask)
{
    /* B0 = 0xff; its unarrived lanes 4..7 are yielded; lanes 8..15 (outside
     * B0, not yielded) wait at 0x2800.  bmask = 0xf0 (written back); cmask =
     * 0xffff & ~0xf & ~0xf0 = 0xff00 != 0: no yield release; mask_ny_nb =
     * 0xff00: RPC[0..3] = 0x2000, ActivePC 0x2800, ActiveMask 0xff00. */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
    w->breg[0] = 0xff;
    w->yield = 0xf0;
    rpcs(w, 0x00f0, 0x1800);
    rpcs(w, 0xff00, 0x2800);
    snap(&x, &c);
    do_bsync(&c, 0, 0, 0, 0, &e);
    x.warp[0].breg[0] = 0xf0;
    rpcs(&x.warp[0], 0x0f, BS);
    x.warp[0].active_pc = 0x2800;
    x.warp[0].active = 0xff00;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(H_1_warpsync_falls_back_to_lowest_yielded_lane)
{
    /* WARPSYNC 0xffff; every unarrived member (4..15) yielded: mask_m_ny = 0,
     * switch_to(mask_m_y = 0xfff0): lid 4, ActivePC 0x2400, ActiveMask =
     * 0xfff0 & RPC==0x2400 = {4, 6, 7} = 0xd0; Yield unchanged */
    wr_cta c, x;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, WS, 0x0000ffff, 0x0000000f);
    w->yield = 0xfff0;
    rpcs(w, 0x00d0, 0x2400);
    rpcs(w, 0xff20, 0x2800);
    snap(&x, &c);
    wr_insn in = ws_i(0x0000ffff);
    wr_operands o = ops0();
    ws_step(&c, &in, &o, &e);
    rpcs(&x.warp[0], 0x0f, WS);
    x.warp[0].active_pc = 0x2400;
    x.warp[0].active = 0xd0;
    SAME(&x, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(H_2_partially_guarded_bsync_livelock)
{
    /* 0x2000 @P0 BSYNC B0; 0x2010 BRA 0x2400; 0x2400 WARPSYNC 0xffffffff.
     * Valid = Active = 0xff, B0 = 0xff, P0 = 0x0f. */
    wr_cta c, x, after4;
    wr_retire e;
    wr_warp *w = setup(&c, 64, 0, BS, 0x000000ff, 0x000000ff);
    w->breg[0] = 0xff;
    snap(&x, &c);

    /* 1: guard split: lanes 0..3 park at the BSYNC, 4..7 pass on, B0 stays */
    do_bsync(&c, 0, 0, 1, 0x0f, &e);
    rpcs(&x.warp[0], 0x0f, BS);
    x.warp[0].active = 0xf0;
    x.warp[0].active_pc = BS + 16;
    SAME(&x, &c);

    /* 2: BRA 0x2400 (offset (0x2400 - 0x2020) / 16 = 0x3e) */
    wr_insn br = form_f(WR_FORM_BRA_X, WR_F_OFFSET, 0x3e);
    wr_operands o = ops0();
    unit_step(&c, 0, &br, &o, &e);
    x.warp[0].active_pc = 0x2400;
    SAME(&x, &c);

    /* 3: WARPSYNC: arrive 0xf0, members 0x0f missing: switch to them */
    wr_insn ws = ws_i(ALL);
    unit_step(&c, 0, &ws, &o, &e);
    rpcs(&x.warp[0], 0xf0, 0x2400);
    x.warp[0].active = 0x0f;
    x.warp[0].active_pc = BS;
    SAME(&x, &c);

    /* 4: lanes 0..3 run the BSYNC (P0 true for all of them): bmask =
     * 0xff & ~0x0f = 0xf0, lanes 4..7 went past it long ago: switch to them */
    do_bsync(&c, 0, 0, 1, 0x0f, &e);
    x.warp[0].breg[0] = 0xf0;
    x.warp[0].active = 0xf0;
    x.warp[0].active_pc = 0x2400;
    SAME(&x, &c);
    snap(&after4, &c);

    /* 5, 6: WARPSYNC hands back, BSYNC hands over: the same state again */
    unit_step(&c, 0, &ws, &o, &e);
    x.warp[0].active = 0x0f;
    x.warp[0].active_pc = BS;
    SAME(&x, &c);
    do_bsync(&c, 0, 0, 1, 0x0f, &e);
    SAME(&after4, &c);
    NO_EVENTS(&e);
}
END_TEST

START_TEST(H_3_yield_release_clears_yield_only_for_pmask)
{
    /* Lane 9 arrived earlier and is yielded.  Yield release (B1 = 0xff,
     * lanes 4..7 yielded and missing): Yield &= ~pmask(0x0f): lane 9 and
     * lanes 4..7 keep their bits, Yield stays 0x2f0.  A full sync (B1 = 0x0f)
     * clears by the new ActiveMask 0xff0f: 0x2f0 -> 0xf0. */
    for (unsigned k = 0; k < 2; k++) {
        wr_cta c, x;
        wr_retire e;
        wr_warp *w = setup(&c, 64, 0, BS, 0x0000ffff, 0x0000000f);
        w->breg[1] = k ? 0x0f : 0xff;
        w->yield = 0x2f0;
        rpcs(w, 0x00f0, 0x1800);
        rpcs(w, 0xff00, BS);
        snap(&x, &c);
        do_bsync(&c, 0, 1, 0, 0, &e);
        x.warp[0].breg[1] = k ? 0 : 0xf0;
        x.warp[0].active = 0xff0f;
        x.warp[0].active_pc = BS + 16;
        x.warp[0].yield = k ? 0xf0 : 0x2f0;
        SAME(&x, &c);
        NO_EVENTS(&e);
    }
}
END_TEST

START_TEST(H_4_uniform_warpsync_leaving_out_active_lanes)
{
    /* WARPSYNC 0x0000ffff on a converged full warp: the seed would set
     * ActiveMask = 0xffff and lose lanes 16..31; the model raises
     * WARPSYNC_NOT_MEMBER and changes nothing */
    wr_cta c;
    setup(&c, 64, 0, WS, ALL, ALL);
    wr_insn in = ws_i(0x0000ffff);
    wr_operands o = ops0();
    EXPECT_EXCEPTION(&c, 0, &in, &o, WARPSYNC_NOT_MEMBER);
}
END_TEST

/* ---- the suite --------------------------------------------------------------- */

#define ADD(tc, t) tcase_add_test((tc), t)

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("bru");
    TCase *tc;

    tc = tcase_create("words N-01..N-03");
    ADD(tc, N_01_lowest_is_zero_based);
    ADD(tc, N_01_lowest_lane_31);
    ADD(tc, N_02_sleep_subset_of_candidates_is_not_all_asleep);
    ADD(tc, N_02_all_candidates_asleep_despite_extra_sleep_bits);
    ADD(tc, N_03_yield_divergence_test_is_equality);
    ADD(tc, N_03_yield_without_divergence_is_nop);
    ADD(tc, N_03_warpsync_success_test_is_equality);
    suite_add_tcase(s, tc);

    tc = tcase_create("launch N-04");
    ADD(tc, N_04_init_40_threads);
    ADD(tc, N_04_init_shapes);
    suite_add_tcase(s, tc);

    tc = tcase_create("BRA N-10 N-11");
    ADD(tc, N_10_bra_target_seed_example);
    ADD(tc, N_10_bra_target_offsets);
    ADD(tc, N_11_nocond_b_jump_is_pmask);
    ADD(tc, N_11_nocond_with_not_pg_and_not_pp);
    ADD(tc, N_11_u_jumps_when_all_active_agree);
    ADD(tc, N_11_u_no_jump_when_one_active_lane_disagrees);
    ADD(tc, N_11_div_without_ur);
    ADD(tc, N_11_conv_without_ur);
    ADD(tc, N_11_ur_valid_not_active_lane_is_divergent);
    ADD(tc, N_11_ur_guards_disagree_off_lane_in_ur_is_divergent);
    ADD(tc, N_11_ur_guards_disagree_no_off_lane_in_ur_is_convergent);
    ADD(tc, N_11_ur_guards_all_equal_is_convergent);
    ADD(tc, N_11_ur_pmask_zero_no_jump);
    ADD(tc, N_11_ur_not_urz_is_every_lane);
    ADD(tc, N_11_ur_bitnot_inverts_the_mask);
    ADD(tc, N_11_ur_pp_is_part_of_the_predicate);
    ADD(tc, N_11_ur_without_div_or_conv_is_illegal);
    suite_add_tcase(s, tc);

    tc = tcase_create("branch N-12..N-14");
    ADD(tc, N_12_no_jump);
    ADD(tc, N_12_all_jump);
    ADD(tc, N_12_partial_jump_fall_through_first);
    ADD(tc, N_13_brx_all_jump_only_old_active_lanes_touched);
    ADD(tc, N_14_partial_is_active_and_not_b_jump);
    ADD(tc, N_14_brx_partial_each_lane_its_target);
    suite_add_tcase(s, tc);

    tc = tcase_create("BRX N-15");
    ADD(tc, N_15_brx_r_sign_extends_32_bits);
    ADD(tc, N_15_brx_u_uniform_sign_extended);
    ADD(tc, N_15_brx_c_has_no_offset);
    ADD(tc, N_15_brx_rz_reads_zero);
    suite_add_tcase(s, tc);

    tc = tcase_create("CALL/RET N-16");
    ADD(tc, N_16_call_abs_r_pair);
    ADD(tc, N_16_call_rel_r_pair_partial);
    ADD(tc, N_16_call_u_pair);
    ADD(tc, N_16_call_c_64_bit_constant);
    ADD(tc, N_16_call_rz_is_zero);
    ADD(tc, N_16_ret_behaves_as_call);
    suite_add_tcase(s, tc);

    tc = tcase_create("LEPC N-17");
    ADD(tc, N_17_lepc_writes_pair_in_pmask_lanes);
    ADD(tc, N_17_lepc_64_bit_pc_and_offsets);
    ADD(tc, N_17_lepc_pmask_zero_writes_nothing);
    suite_add_tcase(s, tc);

    tc = tcase_create("EXIT N-18");
    ADD(tc, N_18_partial_exit);
    ADD(tc, N_18_partial_exit_with_not_pp);
    ADD(tc, N_18_guard_false_everywhere_is_nop);
    ADD(tc, N_18_full_exit_switches_to_lowest_non_yield_lane);
    ADD(tc, N_18_full_exit_sleeping_lane_sharing_rpc_joins);
    ADD(tc, N_18_full_exit_only_yielded_lanes_left);
    ADD(tc, N_18_full_exit_all_candidates_asleep_warp_sleeps);
    ADD(tc, N_18_last_lanes_exit_the_warp);
    suite_add_tcase(s, tc);

    tc = tcase_create("BMOV N-19");
    ADD(tc, N_19_bmov_read_writes_pmask_lanes);
    ADD(tc, N_19_bmov_clear_reads_then_clears);
    ADD(tc, N_19_bmov_clear_pmask_zero_keeps_bn);
    ADD(tc, N_19_bmov_write_takes_lowest_pmask_lane);
    ADD(tc, N_19_bmov_write_pmask_zero_and_rz);
    suite_add_tcase(s, tc);

    tc = tcase_create("BSSY N-20");
    ADD(tc, N_20_bssy_ors_pmask);
    ADD(tc, N_20_bssy_pmask_zero_keeps_bn);
    suite_add_tcase(s, tc);

    tc = tcase_create("BSYNC N-21");
    ADD(tc, N_21_bsync_full_sync_clears_yield);
    ADD(tc, N_21_arrivemask_compares_whole_rpcs);
    ADD(tc, N_21_full_sync_converged_warp);
    ADD(tc, N_21_full_sync_takes_every_arrived_lane);
    ADD(tc, N_21_switch_to_unarrived_bmask_lane);
    ADD(tc, N_21_switch_to_waiting_lane_outside_bmask);
    ADD(tc, N_21_yield_release_when_only_yielded_lanes_missing);
    ADD(tc, N_21_sleeping_candidates_release);
    ADD(tc, N_21_sleeping_lanes_not_switched_to);
    ADD(tc, N_21_guard_split_parks_pmask_lanes_keeps_bn);
    suite_add_tcase(s, tc);

    tc = tcase_create("YIELD N-22");
    ADD(tc, N_22_guard_split_parks_at_the_yield);
    ADD(tc, N_22_divergent_switch);
    ADD(tc, N_22_switchmask_reset_both_times);
    ADD(tc, N_22_new_active_excludes_the_yielding_lanes);
    ADD(tc, N_22_choice_only_within_switchmask);
    ADD(tc, N_22_only_yielded_candidates_lowest_yielded);
    ADD(tc, N_22_sleeping_candidates_skipped);
    ADD(tc, N_22_all_candidates_asleep_switch_then_sleep);
    suite_add_tcase(s, tc);

    tc = tcase_create("NANOSLEEP N-23");
    ADD(tc, N_23_converged_warp_sleeps);
    ADD(tc, N_23_earlier_deadline_kept);
    ADD(tc, N_23_divergent_switches_like_yield);
    ADD(tc, N_23_divergent_others_asleep_switch_then_sleep);
    ADD(tc, N_23_r_form_smallest_over_pmask);
    ADD(tc, N_23_guard_split_sets_no_timer);
    ADD(tc, N_23_deadline_fires_then_wake_event);
    ADD(tc, N_23_fire_clears_sleepmask_of_running_warp);
    suite_add_tcase(s, tc);

    tc = tcase_create("BREAK N-24");
    ADD(tc, N_24_break_clears_pmask_lanes);
    ADD(tc, N_24_break_pmask_zero_keeps_bn);
    suite_add_tcase(s, tc);

    tc = tcase_create("WARPSYNC N-25");
    ADD(tc, N_25_uniform_success_converged);
    ADD(tc, N_25_uniform_success_takes_parked_members);
    ADD(tc, N_25_uniform_membermask_drops_exited_lanes);
    ADD(tc, N_25_uniform_switch_to_unarrived_member);
    ADD(tc, N_25_uniform_switch_skips_sleeping_lanes);
    ADD(tc, N_25_uniform_switch_all_asleep_warp_sleeps);
    ADD(tc, N_25_uniform_bitnot_u_and_c);
    ADD(tc, N_25_per_lane_group_release);
    ADD(tc, N_25_per_lane_release_takes_parked_lanes);
    ADD(tc, N_25_per_lane_lowest_complete_group_first);
    ADD(tc, N_25_per_lane_switch);
    ADD(tc, N_25_per_lane_switch_only_to_members);
    ADD(tc, N_25_per_lane_switch_prefers_non_yield);
    ADD(tc, N_25_per_lane_bitnot);
    ADD(tc, N_25_not_member_uniform);
    ADD(tc, N_25_not_member_counts_parked_lanes);
    ADD(tc, N_25_not_member_per_lane);
    ADD(tc, N_25_not_member_per_lane_parked_lane);
    ADD(tc, N_25_group_mismatch);
    ADD(tc, N_25_not_member_reported_before_group_mismatch);
    ADD(tc, N_25_guard_split_checks_nothing);
    suite_add_tcase(s, tc);

    tc = tcase_create("RTT/TRAP/SYSCALL N-26");
    ADD(tc, N_26_trap_i);
    ADD(tc, N_26_trap_r_from_lowest_pmask_lane);
    ADD(tc, N_26_trap_rz_reads_zero);
    ADD(tc, N_26_trap_c);
    ADD(tc, N_26_syscall);
    ADD(tc, N_26_rtt);
    ADD(tc, N_26_pmask_zero_only_advances);
    suite_add_tcase(s, tc);

    tc = tcase_create("hazards H-1..H-4");
    ADD(tc, H_1_bsync_prefers_waiting_lane_outside_bmask);
    ADD(tc, H_1_warpsync_falls_back_to_lowest_yielded_lane);
    ADD(tc, H_2_partially_guarded_bsync_livelock);
    ADD(tc, H_3_yield_release_clears_yield_only_for_pmask);
    ADD(tc, H_4_uniform_warpsync_leaving_out_active_lanes);
    suite_add_tcase(s, tc);

    srunner_add_suite(sr, s);
}
