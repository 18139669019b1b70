/* test_bcu.c - the barrier unit of seed 000 (SPEC-NOTES N-05, N-30..N-39)
 * and the helper instructions (N-51, N-54), one test case per rule ID.
 *
 * Instructions are built field by field (unit_insn) and operands are
 * filled directly: no assembler or decoder involved.  Every expected value
 * is worked out by hand from the spec; the state word is
 *   arrived | expected << 6 | mode << 13 | op << 15 | acc << 17 | def << 28
 * (N-38): mode 1 = 0x2000, mode 2 = 0x4000, mode 3 = 0x6000; op OR =
 * 0x8000, POPC = 0x10000; acc 1 = 0x20000; bit 28 = 0x10000000.
 */
#include <string.h>
#include "unit.h"

enum { SYNC = 0, ARV = 1 };                 /* BARMODE */
enum { AND = 0, OR = 1, POPC = 2 };         /* REDOP */
enum { M_WARP = 0, M_BAR = 1 };             /* B2RMODE */
#define ALL 0xffffffffu

/* ---- helpers ------------------------------------------------------------- */

static wr_insn bar_i(unsigned mode, unsigned b, unsigned cnt)
{
    wr_insn in = unit_insn(WR_FORM_BAR_I);
    in.f[WR_F_BARMODE] = mode;
    in.f[WR_F_BARID] = b;
    in.f[WR_F_CNT] = cnt;
    return in;
}

/* BAR.RED.op b, cnt, P0 */
static wr_insn red_i(unsigned op, unsigned b, unsigned cnt)
{
    wr_insn in = unit_insn(WR_FORM_BAR_RED_I);
    in.f[WR_F_REDOP] = op;
    in.f[WR_F_BARID] = b;
    in.f[WR_F_CNT] = cnt;
    in.f[WR_F_PP] = 0;
    return in;
}

static wr_insn b2r(unsigned mode, unsigned rd, unsigned b)
{
    wr_insn in = unit_insn(WR_FORM_B2R_I);
    in.f[WR_F_B2RMODE] = mode;
    in.f[WR_F_RD] = rd;
    in.f[WR_F_BARID] = b;
    return in;
}

static wr_insn r2b(unsigned mode, unsigned b, unsigned ra)
{
    wr_insn in = unit_insn(WR_FORM_R2B_RI);
    in.f[WR_F_B2RMODE] = mode;
    in.f[WR_F_BARID] = b;
    in.f[WR_F_RA] = ra;
    return in;
}

static wr_insn result(unsigned rd, unsigned pu)
{
    wr_insn in = unit_insn(WR_FORM_B2R_RESULT_X);
    in.f[WR_F_RD] = rd;
    in.f[WR_F_PU] = pu;
    return in;
}

/* unguarded BAR.SYNC/ARV b, cnt */
static void do_bar(wr_cta *c, unsigned w, unsigned mode, unsigned b, unsigned cnt, wr_retire *e)
{
    wr_insn in = bar_i(mode, b, cnt);
    wr_operands o = ops0();
    unit_step(c, w, &in, &o, e);
}

/* unguarded BAR.RED.op b, cnt, P0 with P0 = pp */
static void do_red(wr_cta *c, unsigned w, unsigned op, unsigned b, unsigned cnt, uint32_t pp,
                   wr_retire *e)
{
    wr_insn in = red_i(op, b, cnt);
    wr_operands o = ops0();
    o.pp = pp;
    unit_step(c, w, &in, &o, e);
}

/* unguarded R2B.mode b, R1 with R1 = v in every lane; no events */
static void do_r2b(wr_cta *c, unsigned w, unsigned mode, unsigned b, uint32_t v)
{
    wr_insn in = r2b(mode, b, 1);
    wr_operands o = ops0();
    wr_retire e;
    fill(o.ra, v);
    unit_step(c, w, &in, &o, &e);
    NO_EVENTS(&e);
}

/* unguarded B2R.mode R7, b: the value, checked equal in all 32 lanes */
static uint32_t do_b2r(wr_cta *c, unsigned w, unsigned mode, unsigned b, wr_retire *e)
{
    wr_insn in = b2r(mode, 7, b);
    wr_operands o = ops0();
    unit_step(c, w, &in, &o, e);
    ck_assert_uint_eq(rec_rd(e), 7);
    ck_assert_uint_eq(rec_rd_mask(e), ALL);
    for (unsigned l = 1; l < WR_LANES; l++)
        ck_assert_uint_eq(rec_rd_val(e, l), rec_rd_val(e, 0));
    return (uint32_t)rec_rd_val(e, 0);
}

static void make_exited(wr_cta *c, unsigned w)
{
    c->warp[w].run = WR_WARP_EXITED;
    c->warp[w].valid = 0;
    c->warp[w].active = 0;
}

/* N-37: the step raises `exc`, preceded by the warning if `warned`; nothing
 * but the faulting warp's run state changes. */
static void expect_fault(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o,
                         unsigned exc, int warned, int line)
{
    wr_cta before;
    wr_retire e;
    memcpy(&before, c, sizeof before);
    unit_step(c, w, in, o, &e);
    ck_assert_msg(e.exception == exc, "line %d: exception %u, expected %u", line, e.exception, exc);
    ck_assert_uint_eq(c->warp[w].run, WR_WARP_FAULTED);
    before.warp[w].run = WR_WARP_FAULTED;
    ck_assert_msg(memcmp(&before, c, sizeof before) == 0, "line %d: state changed", line);
    ck_assert_uint_eq(rec_bars(&e), 0);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    const ev w_exc[2] = { WARNING, { WR_EV_EXCEPTION, exc, 0 } };
    check_events(&e, warned ? w_exc : w_exc + 1, warned ? 2u : 1u, line);
    ck_assert_int_eq(wr_step(c, w, in, o, &e), -1);   /* a faulted warp never issues */
}
#define EXPECT_FAULT(c, w, in, o, exc, warned) \
    expect_fault((c), (w), (in), (o), WR_EXC_##exc, (warned), __LINE__)

/* ---- N-05: BAR.RED's Pp is the reduction input, not a guard -------------- */

START_TEST(N_05_red_pp_false_still_arrives)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_red(&c, 0, POPC, 1, 0, 0, &e);           /* Pp false in every lane */
    EVENTS(&e, BLOCK(1));
    ck_assert_uint_eq(c.bar[1].word, 0x14001);  /* arrived 1, mode 2, POPC, acc 0 */
    do_red(&c, 1, POPC, 1, 0, 0x0000000f, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    /* arrived 2, mode 2, POPC, acc 4, bit 28 */
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10094002);
    ck_assert_uint_eq(c.warp[1].bar_state, 0x10094002);
}
END_TEST

START_TEST(N_05_red_guard_still_applies)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_guard(red_i(POPC, 0, 0), 1, 0);
    wr_operands o = ops0();
    o.pg = 0;
    o.pp = ALL;
    unit_step(&c, 0, &in, &o, &e);                   /* @P1 false everywhere: no-op */
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.bar[0].word, 0);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    o.pg = 0x0000ffff;                          /* lanes 0..15 only contribute */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    /* arrived 1, POPC 16 = 0x200000 */
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10214001);
    ck_assert_uint_eq(c.warp[0].active_pc, 32);
}
END_TEST

/* ---- N-30: operands -------------------------------------------------------- */

START_TEST(N_30_bar_i_operands)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_bar(&c, 0, ARV, 5, 0x40, &e);
    EVENTS(&e, ARRIVE(5));
    ck_assert_uint_eq(c.bar[5].word, 0x2081);   /* arrived 1, expected 2, mode 1 */
    ck_assert_uint_eq(rec_bars(&e), 1u << 5);
    for (unsigned b = 0; b < WR_MAX_BARRIERS; b++)
        if (b != 5)
            ck_assert_uint_eq(c.bar[b].word, 0);
}
END_TEST

START_TEST(N_30_bar_rr_operands)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RR);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RA] = 4;
    in.f[WR_F_RB] = 5;
    wr_operands o = ops0();
    fill(o.ra, 0x3);
    fill(o.rb, 0x40);
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(3));
    ck_assert_uint_eq(c.bar[3].word, 0x2081);   /* arrived 1, expected 2 */
    fill(o.ra, 0xfffffff3);                     /* barid = Ra[3:0] = 3 */
    fill(o.rb, 0xfffff040);                     /* cnt = Rb[11:0] = 64: no mismatch */
    unit_step(&c, 1, &in, &o, &e);
    EVENTS(&e, ARRIVE(3), RELEASE(3, 0));
}
END_TEST

START_TEST(N_30_bar_rri_operands)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RRI);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RB] = 2;
    in.f[WR_F_CNT] = 0x60;
    wr_operands o = ops0();
    fill(o.rb, 0x1234567b);                     /* barid = Rb[3:0] = 11 */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(11));
    ck_assert_uint_eq(c.bar[11].word, 0x20c1);  /* expected 3 */
}
END_TEST

START_TEST(N_30_bar_rir_operands)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 256, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RIR);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_BARID] = 9;
    in.f[WR_F_RC] = 3;
    wr_operands o = ops0();
    fill(o.rc, 0xabcde8a0);                     /* cnt = Rc[11:0] = 0x8a0 = 2208 */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(9));
    ck_assert_uint_eq(c.bar[9].word, 0x3141);   /* expected 69 = 0x1140 */
}
END_TEST

START_TEST(N_30_bar_red_r_cnt_is_bits_15_4)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RED_R);
    in.f[WR_F_REDOP] = OR;
    in.f[WR_F_RB] = 6;
    in.f[WR_F_PP] = 0;
    wr_operands o = ops0();
    /* barid 2, cnt = Rb[15:4] = 0x240 = 576 (the example's (Rb & 0xfff) >> 4
     * would give 64); bits above 15 ignored */
    fill(o.rb, 0xabcd2402);
    o.pp = ALL;
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, BLOCK(2));
    /* arrived 1, expected 18 (0x480), mode 2, OR, acc 1 */
    ck_assert_uint_eq(c.bar[2].word, 0x2c481);
}
END_TEST

START_TEST(N_30_bar_red_rri_rir_operands)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    wr_insn rri = unit_insn(WR_FORM_BAR_RED_RRI);
    rri.f[WR_F_REDOP] = POPC;
    rri.f[WR_F_RB] = 1;
    rri.f[WR_F_CNT] = 0x40;
    rri.f[WR_F_PP] = 0;
    wr_operands o = ops0();
    fill(o.rb, 0xf3);                           /* barid 3 */
    o.pp = 0x7;
    unit_step(&c, 0, &rri, &o, &e);
    EVENTS(&e, BLOCK(3));
    ck_assert_uint_eq(c.bar[3].word, 0x74081);  /* arrived 1, exp 2, POPC acc 3 */

    wr_insn rir = unit_insn(WR_FORM_BAR_RED_RIR);
    rir.f[WR_F_REDOP] = POPC;
    rir.f[WR_F_BARID] = 3;
    rir.f[WR_F_RC] = 2;
    rir.f[WR_F_PP] = 0;
    o = ops0();
    fill(o.rc, 0xf040);                         /* cnt 64 */
    o.pp = 0x1;
    unit_step(&c, 1, &rir, &o, &e);
    EVENTS(&e, ARRIVE(3), RELEASE(3, 0x1));
    ck_assert_uint_eq(c.warp[1].bar_state, 0x10094082);  /* arrived 2, exp 2, acc 4 */
}
END_TEST

START_TEST(N_30_rz_reads_zero)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RRI);   /* BAR.SYNC RZ */
    in.f[WR_F_BARMODE] = SYNC;
    in.f[WR_F_RB] = WR_RZ;
    wr_operands o = ops0();
    fill(o.rb, 0x5);                            /* ignored: RZ reads 0 */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, BLOCK(0));
    ck_assert_uint_eq(c.bar[0].word, 0x2001);
    ck_assert_uint_eq(c.bar[5].word, 0);
}
END_TEST

START_TEST(N_30_not_uniform_barid_warns)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RRI);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RB] = 1;
    in.f[WR_F_CNT] = 0x40;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.rb[l] = l < 16 ? 0x21 : 0x22;
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(1));             /* lowest(pmask) = lane 0 */
    ck_assert_uint_eq(c.bar[1].word, 0x2081);
    ck_assert_uint_eq(c.bar[2].word, 0);
}
END_TEST

START_TEST(N_30_not_uniform_cnt_warns_only_in_bits_used)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RIR);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_BARID] = 0;
    in.f[WR_F_RC] = 1;
    wr_operands o = ops0();
    fill(o.rc, 0x40);
    o.rc[31] = 0x1040;                          /* differs at bit 12 only: no warning */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(0));
    o.rc[31] = 0x60;                            /* differs within [11:0] */
    unit_step(&c, 1, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(0), RELEASE(0, 0));
}
END_TEST

START_TEST(N_30_not_uniform_red_r_bits_15_0)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RED_R);
    in.f[WR_F_REDOP] = POPC;
    in.f[WR_F_RB] = 1;
    in.f[WR_F_PP] = 0;
    wr_operands o = ops0();
    fill(o.rb, 0x0401);                         /* barrier 1, cnt 64 */
    o.rb[5] = 0x10401;                          /* bit 16: not used */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, BLOCK(1));
    o.rb[5] = 0x0401;
    o.rb[31] = 0x1401;                          /* bit 12 = cnt bit 8 */
    unit_step(&c, 1, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(1), RELEASE(1, 0x1));
}
END_TEST

START_TEST(N_30_not_uniform_only_pmask_lanes)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    wr_insn in = unit_guard(unit_insn(WR_FORM_BAR_RRI), 0, 0);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RB] = 1;
    in.f[WR_F_CNT] = 0x60;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.rb[l] = l < 16 ? 1 : 2;
    o.pg = 0x0000ffff;                          /* guard-false lanes disagree: no warning */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(1));
    c.warp[1].active = 0x000000ff;              /* inactive lanes disagree: no warning */
    o.pg = ALL;
    unit_step(&c, 1, &in, &o, &e);
    EVENTS(&e, ARRIVE(1));
    ck_assert_uint_eq(c.bar[1].word, 0x20c2);
    o.pg = 0xffff0000;                          /* lowest(pmask) = lane 16: barrier 2 */
    unit_step(&c, 2, &in, &o, &e);
    EVENTS(&e, ARRIVE(2));
    ck_assert_uint_eq(c.bar[2].word, 0x20c1);
}
END_TEST

START_TEST(N_30_warning_once_per_instruction)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RR);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RA] = 1;
    in.f[WR_F_RB] = 2;
    wr_operands o = ops0();
    fill(o.ra, 1);
    fill(o.rb, 0x40);
    o.ra[3] = 2;                                /* both operands disagree */
    o.rb[7] = 0x80;
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(1));
    ck_assert_uint_eq(c.bar[1].word, 0x2081);
}
END_TEST

START_TEST(N_30_not_uniform_rr_count_alone)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RR);
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RA] = 0;                          /* R0 is an ordinary register */
    in.f[WR_F_RB] = 2;
    wr_operands o = ops0();
    fill(o.ra, 0x4);
    fill(o.rb, 0x40);
    o.rb[9] = 0x440;                            /* bit 10 of the count */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(4));
    ck_assert_uint_eq(c.bar[4].word, 0x2081);
}
END_TEST

START_TEST(N_30_warning_before_exception)
{
    wr_cta c;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RIR);
    in.f[WR_F_BARMODE] = SYNC;
    in.f[WR_F_RC] = 1;
    wr_operands o = ops0();
    fill(o.rc, 0x20);
    o.rc[0] = 0x21;                             /* lowest lane: misaligned */
    EXPECT_FAULT(&c, 0, &in, &o, BAR_CNT_ALIGN, 1);
}
END_TEST

START_TEST(N_30_r2b_b2r_never_warn)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn in = r2b(M_BAR, 0, 1);
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x40 + l;
    unit_step(&c, 0, &in, &o, &e);
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.bar[0].word, 0x40);
}
END_TEST

/* ---- N-31: arrival --------------------------------------------------------- */

START_TEST(N_31_pmask_zero_is_noop)
{
    wr_cta c, want;
    wr_retire e;
    unit_cta(&c, 64, 0);
    c.warp[0].active = 0x000000ff;
    memcpy(&want, &c, sizeof want);
    wr_operands o = ops0();
    o.pg = 0xffffff00;                          /* ActiveMask & pgv = 0 */
    o.pp = ALL;
    const wr_insn ins[] = {
        unit_guard(bar_i(SYNC, 1, 0), 0, 0),
        unit_guard(bar_i(ARV, 1, 0x40), 0, 0),
        unit_guard(bar_i(ARV, 1, 0), 0, 0),          /* would be ARV_ZERO_CNT */
        unit_guard(bar_i(SYNC, 1, 0x21), 0, 0),      /* would be CNT_ALIGN */
        unit_guard(red_i(AND, 1, 0), 0, 0),
    };
    for (unsigned i = 0; i < sizeof ins / sizeof ins[0]; i++) {
        unit_step(&c, 0, &ins[i], &o, &e);
        NO_EVENTS(&e);
        ck_assert_uint_eq(e.exception, WR_EXC_NONE);
        ck_assert_uint_eq(rec_bars(&e), 0);
        want.warp[0].active_pc += 16;
        ck_assert(memcmp(&want, &c, sizeof want) == 0);
    }
}
END_TEST

START_TEST(N_31_one_lane_warp_adds_32)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 33, 0);                     /* warp 1 has one lane */
    ck_assert_uint_eq(c.warp[1].valid, 0x1);
    c.warp[0].active = 0x00000100;              /* one active lane */
    do_bar(&c, 0, ARV, 0, 0x40, &e);
    EVENTS(&e, ARRIVE(0));
    ck_assert_uint_eq(c.bar[0].word, 0x2081);   /* count 32 */
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    do_bar(&c, 1, SYNC, 0, 0x40, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));       /* count 64 = cnt */
    ck_assert_uint_eq(c.bar[0].word, 0);
    ck_assert_uint_eq(c.warp[1].active_pc, 16);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_READY);
}
END_TEST

/* ---- N-32: completion ------------------------------------------------------ */

START_TEST(N_32_cnt_positive_completes_at_count)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_bar(&c, 0, SYNC, 1, 0x60, &e);
    EVENTS(&e, BLOCK(1));
    ck_assert_uint_eq(c.bar[1].word, 0x20c1);
    do_bar(&c, 1, SYNC, 1, 0x60, &e);
    EVENTS(&e, BLOCK(1));
    ck_assert_uint_eq(c.bar[1].word, 0x20c2);
    ck_assert_uint_eq(c.bar[1].blocked, 0x3);
    do_bar(&c, 2, SYNC, 1, 0x60, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x3));
    ck_assert_uint_eq(rec_bars(&e), 1u << 1);
    for (unsigned i = 0; i < 4; i++)
        ck_assert_uint_eq(c.warp[i].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[3].active_pc, 0);
    ck_assert_uint_eq(c.bar[1].word, 0);
    ck_assert_uint_eq(c.bar[1].blocked, 0);
    ck_assert_uint_eq(c.bar[1].arrived, 0);
}
END_TEST

START_TEST(N_32_cnt_positive_ignores_exited)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    make_exited(&c, 2);
    do_bar(&c, 0, SYNC, 0, 0x60, &e);
    EVENTS(&e, BLOCK(0));
    do_bar(&c, 1, SYNC, 0, 0x60, &e);
    EVENTS(&e, BLOCK(0));
    ck_assert_uint_eq(c.bar[0].word, 0x20c2);
}
END_TEST

START_TEST(N_32_cnt_zero_counts_exited_warps)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    make_exited(&c, 2);
    do_bar(&c, 0, SYNC, 0, 0, &e);
    EVENTS(&e, BLOCK(0));                       /* 32 + 32 < 96 */
    do_bar(&c, 1, SYNC, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0x1));     /* 64 + 32 >= 96 */
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
}
END_TEST

START_TEST(N_32_cnt_zero_counts_every_warp_group)
{
    /* The cnt-0 completion counts the live warps a group of four at a time
     * (bcu_native.c): 7 warps, warps 1 and 6 exited (one in the first
     * group, one in the tail past it): 5 live, so the fourth arrival
     * blocks and the fifth completes. */
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 224, 0);
    make_exited(&c, 1);
    make_exited(&c, 6);
    do_bar(&c, 0, SYNC, 0, 0, &e);
    do_bar(&c, 2, SYNC, 0, 0, &e);
    do_bar(&c, 3, SYNC, 0, 0, &e);
    do_bar(&c, 4, SYNC, 0, 0, &e);
    EVENTS(&e, BLOCK(0));                       /* 4 x 32 + 2 x 32 exited < 7 x 32 */
    do_bar(&c, 5, SYNC, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0x1d));    /* 5 x 32 + 2 x 32 >= 7 x 32 */
}
END_TEST

START_TEST(N_32_trapped_and_faulted_are_not_exited)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    c.warp[1].run = WR_WARP_TRAPPED;
    c.warp[2].run = WR_WARP_FAULTED;
    do_bar(&c, 0, SYNC, 0, 0, &e);
    EVENTS(&e, BLOCK(0));
    ck_assert_uint_eq(c.bar[0].word, 0x2001);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
}
END_TEST

START_TEST(N_32_partial_last_warp_counts_32)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 40, 0);                     /* warps 0 (32 lanes) and 1 (8 lanes) */
    do_bar(&c, 0, SYNC, 0, 0, &e);
    EVENTS(&e, BLOCK(0));                       /* 32 < 2 warps x 32 */
    do_bar(&c, 1, SYNC, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0x1));

    unit_cta(&c, 40, 0);
    make_exited(&c, 1);
    do_bar(&c, 0, SYNC, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));       /* 32 + 32 x 1 exited >= 64 */
}
END_TEST

START_TEST(N_32_r2b_count_above_expected_completes)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_r2b(&c, 3, M_BAR, 3, 0x2085);            /* arrived 5 > expected 2, mode 1 */
    ck_assert_uint_eq(c.bar[3].word, 0x2085);   /* no completion at the R2B */
    do_bar(&c, 0, SYNC, 3, 0x40, &e);
    EVENTS(&e, ARRIVE(3), RELEASE(3, 0));       /* 6 >= 2 */
    ck_assert_uint_eq(c.bar[3].word, 0);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);

    do_r2b(&c, 3, M_BAR, 4, 0x2005);            /* cnt 0, arrived 5 > 4 warps */
    do_bar(&c, 0, SYNC, 4, 0, &e);
    EVENTS(&e, ARRIVE(4), RELEASE(4, 0));
    ck_assert_uint_eq(c.bar[4].word, 0);
}
END_TEST

/* ---- N-33: a full exit re-checks cnt == 0 barriers -------------------------- */

static void do_exit(wr_cta *c, unsigned w, wr_retire *e)
{
    wr_insn in = unit_insn(WR_FORM_EXIT_X);     /* full ActiveMask: full exit */
    wr_operands o = ops0();
    unit_step(c, w, &in, &o, e);
    ck_assert_uint_eq(c->warp[w].run, WR_WARP_EXITED);
}

START_TEST(N_33_exit_completes_cnt_zero_barrier)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_bar(&c, 0, SYNC, 2, 0, &e);
    EVENTS(&e, BLOCK(2));
    do_bar(&c, 1, SYNC, 2, 0, &e);
    EVENTS(&e, BLOCK(2));
    do_exit(&c, 2, &e);
    EVENTS(&e, EXITED, RELEASE(2, 0x3));
    ck_assert_uint_eq(rec_bars(&e), 1u << 2);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_READY);
    ck_assert_uint_eq(c.bar[2].word, 0);
    ck_assert_uint_eq(c.bar[2].blocked, 0);
}
END_TEST

START_TEST(N_33_exit_without_completion)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_bar(&c, 0, SYNC, 2, 0, &e);
    do_exit(&c, 2, &e);
    EVENTS(&e, EXITED);                         /* 32 + 32 < 96 */
    ck_assert_uint_eq(rec_bars(&e), 0);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
    ck_assert_uint_eq(c.bar[2].word, 0x2001);
}
END_TEST

START_TEST(N_33_exit_rechecks_each_cnt_zero_barrier_in_order)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_r2b(&c, 2, M_BAR, 4, 0x2002);            /* SYNC phase, cnt 0, 2 arrived */
    do_r2b(&c, 2, M_BAR, 9, 0x2083);            /* cnt 64, 3 arrived: not re-checked */
    do_r2b(&c, 2, M_BAR, 11, 0x0002);           /* idle: not in progress */
    do_red(&c, 0, POPC, 7, 0, ALL, &e);
    EVENTS(&e, BLOCK(7));
    do_red(&c, 1, POPC, 7, 0, ALL, &e);
    EVENTS(&e, BLOCK(7));
    do_exit(&c, 2, &e);
    EVENTS(&e, EXITED, RELEASE(4, 0), RELEASE(7, 0x3));
    ck_assert_uint_eq(rec_bars(&e), (1u << 4) | (1u << 7));
    ck_assert_uint_eq(c.bar[4].word, 0);
    ck_assert_uint_eq(c.bar[7].word, 0);
    ck_assert_uint_eq(c.bar[9].word, 0x2083);
    ck_assert_uint_eq(c.bar[11].word, 0x0002);
    /* arrived 2, cnt 0, mode 2, POPC, acc 64 = 0x800000, bit 28 */
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10814002);
    ck_assert_uint_eq(c.warp[1].bar_state, 0x10814002);
    ck_assert_uint_eq(c.warp[0].bar_state_defined, 1);
    ck_assert_uint_eq(c.warp[2].bar_state_defined, 0);
}
END_TEST

/* H-5 (a spec hazard, kept as written): R2B.BAR restores an arrived count
 * without who arrived, so a warp in it that then exits counts twice */
START_TEST(H_5_r2b_count_and_exit_count_one_warp_twice)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_r2b(&c, 2, M_BAR, 5, 0x2001);            /* SYNC phase, cnt 0, 1 arrived: warp 2's, restored */
    do_exit(&c, 2, &e);
    EVENTS(&e, EXITED);                         /* 32 + 32 x 1 exited < 96 */
    ck_assert_uint_eq(c.bar[5].word, 0x2001);
    do_bar(&c, 0, SYNC, 5, 0, &e);
    EVENTS(&e, ARRIVE(5), RELEASE(5, 0));       /* 64 + 32 >= 96: warp 1 never arrived */
    ck_assert_uint_eq(c.bar[5].word, 0);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
}
END_TEST

/* ---- N-34: completion effects ---------------------------------------------- */

START_TEST(N_34_red_popc_result_word)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_red(&c, 0, POPC, 0, 0, 0x000000ff, &e);  /* 8 */
    EVENTS(&e, BLOCK(0));
    do_red(&c, 1, POPC, 0, 0, 0x0000000f, &e);  /* 4 */
    EVENTS(&e, BLOCK(0));
    do_red(&c, 2, POPC, 0, 0, 0x0000003f, &e);  /* 6 */
    EVENTS(&e, BLOCK(0));
    ck_assert_uint_eq(c.bar[0].word, 0x254003); /* arrived 3, acc 18 */
    ck_assert_uint_eq(c.bar[0].blocked, 0x7);
    ck_assert_uint_eq(c.bar[0].arrived, 0x7);
    for (unsigned i = 0; i < 3; i++) {
        ck_assert_uint_eq(c.warp[i].run, WR_WARP_BLOCKED);
        ck_assert_uint_eq(c.warp[i].bar_state_defined, 0);
    }
    do_red(&c, 3, POPC, 0, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0x7));
    ck_assert_uint_eq(rec_bars(&e), 1u << 0);
    for (unsigned i = 0; i < 4; i++) {
        ck_assert_uint_eq(c.warp[i].run, WR_WARP_READY);
        ck_assert_uint_eq(c.warp[i].bar_state, 0x10254004);
        ck_assert_uint_eq(c.warp[i].bar_state_defined, 1);
        ck_assert_uint_eq(c.warp[i].active_pc, 16);
    }
    ck_assert_uint_eq(c.bar[0].word, 0);
    ck_assert_uint_eq(c.bar[0].blocked, 0);
    ck_assert_uint_eq(c.bar[0].arrived, 0);
}
END_TEST

START_TEST(N_34_only_arrivals_get_the_result)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_red(&c, 0, OR, 1, 0x40, 0, &e);
    EVENTS(&e, BLOCK(1));
    do_red(&c, 2, OR, 1, 0x40, 0x1, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    /* arrived 2, expected 2, mode 2, OR, acc 1, bit 28 */
    ck_assert_uint_eq(c.warp[0].bar_state, 0x1002c082);
    ck_assert_uint_eq(c.warp[2].bar_state, 0x1002c082);
    ck_assert_uint_eq(c.warp[1].bar_state, 0);
    ck_assert_uint_eq(c.warp[1].bar_state_defined, 0);
}
END_TEST

START_TEST(N_34_sync_completion_gives_no_result)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_r2b(&c, 0, M_WARP, 0, 0x1234);
    do_bar(&c, 0, SYNC, 0, 0, &e);
    do_bar(&c, 1, SYNC, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0x1));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x1234);
    ck_assert_uint_eq(c.warp[0].bar_state_defined, 1);
    ck_assert_uint_eq(c.warp[1].bar_state_defined, 0);
}
END_TEST

START_TEST(N_34_arv_completion_wakes_blocked_and_barrier_reusable)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_bar(&c, 0, SYNC, 6, 0x60, &e);
    do_bar(&c, 1, SYNC, 6, 0x60, &e);
    ck_assert_uint_eq(c.warp[1].blocked_bar, 6);
    do_bar(&c, 2, ARV, 6, 0x60, &e);
    EVENTS(&e, ARRIVE(6), RELEASE(6, 0x3));
    for (unsigned i = 0; i < 3; i++) {
        ck_assert_uint_eq(c.warp[i].run, WR_WARP_READY);
        ck_assert_uint_eq(c.warp[i].blocked_bar, 0);
    }
    /* the word is 0 again: a reduction with another count may start */
    do_red(&c, 0, AND, 6, 0x20, ALL, &e);
    EVENTS(&e, ARRIVE(6), RELEASE(6, 0));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10024041);  /* arrived 1, exp 1, acc 1 */
}
END_TEST

/* ---- N-35: who blocks -------------------------------------------------------- */

START_TEST(N_35_sync_blocks_whole_warp)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    c.warp[0].active = 0x0000ffff;              /* other branch parked at 0x100 */
    for (unsigned l = 16; l < 32; l++)
        c.warp[0].rpc[l] = 0x100;
    do_bar(&c, 0, SYNC, 6, 0x40, &e);
    EVENTS(&e, BLOCK(6));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
    ck_assert_uint_eq(c.warp[0].blocked_bar, 6);
    ck_assert_uint_eq(c.bar[6].blocked, 0x1);
    ck_assert_uint_eq(c.bar[6].arrived, 0x1);
    ck_assert_uint_eq(c.warp[0].active, 0x0000ffff);
    ck_assert_uint_eq(c.warp[0].valid, ALL);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    wr_operands o = ops0();
    ck_assert_int_eq(wr_step(&c, 0, &nop, &o, &e), -1);  /* no branch of it runs */
}
END_TEST

START_TEST(N_35_red_blocks)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_red(&c, 1, OR, 3, 0, ALL, &e);
    EVENTS(&e, BLOCK(3));
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_BLOCKED);
    ck_assert_uint_eq(c.warp[1].blocked_bar, 3);
    ck_assert_uint_eq(c.bar[3].blocked, 0x2);
}
END_TEST

START_TEST(N_35_arv_never_blocks)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_bar(&c, 0, ARV, 2, 0x60, &e);
    EVENTS(&e, ARRIVE(2));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    do_bar(&c, 0, ARV, 2, 0x60, &e);            /* again: still counts, still ready */
    EVENTS(&e, ARRIVE(2));
    ck_assert_uint_eq(c.bar[2].word, 0x20c2);
    ck_assert_uint_eq(c.bar[2].blocked, 0);
    ck_assert_uint_eq(c.warp[0].active_pc, 32);
    do_bar(&c, 1, ARV, 2, 0x60, &e);
    EVENTS(&e, ARRIVE(2), RELEASE(2, 0));
    ck_assert_uint_eq(c.bar[2].word, 0);
}
END_TEST

START_TEST(N_35_own_arrival_completes_sync)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_bar(&c, 0, SYNC, 0, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    do_bar(&c, 0, SYNC, 15, 0x20, &e);
    EVENTS(&e, ARRIVE(15), RELEASE(15, 0));
    ck_assert_uint_eq(rec_bars(&e), 1u << 15);
    ck_assert_uint_eq(c.bar[15].word, 0);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
}
END_TEST

/* ---- N-36: reduction inputs ---------------------------------------------------- */

START_TEST(N_36_and_running_value_and_result)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_red(&c, 0, AND, 1, 0x40, ALL, &e);
    EVENTS(&e, BLOCK(1));
    /* arrived 1, expected 2, mode 2, AND, running acc 1 */
    ck_assert_uint_eq(do_b2r(&c, 2, M_BAR, 1, &e), 0x24081);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    do_red(&c, 1, AND, 1, 0x40, 0xfffffffe, &e); /* lane 0 false */
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10004082);  /* acc 0 */
    wr_insn in = result(4, 2);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_pd(&e), 2);
    ck_assert_uint_eq(rec_pd_mask(&e), ALL);
    ck_assert_uint_eq(rec_pd_val(&e), 0);
    ck_assert_uint_eq(rec_pd_dc(&e), 0);
}
END_TEST

START_TEST(N_36_and_counts_pmask_lanes_only)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_guard(red_i(AND, 0, 0), 1, 0);
    wr_operands o = ops0();
    o.pg = 0x7fffffff;                          /* lane 31 guarded off ... */
    o.pp = 0x7fffffff;                          /* ... its false input ignored */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10024001);  /* acc 1 */
}
END_TEST

START_TEST(N_36_or_running_value_and_result)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 96, 0);
    do_red(&c, 0, OR, 1, 0x40, 0, &e);
    ck_assert_uint_eq(do_b2r(&c, 2, M_BAR, 1, &e), 0xc081);  /* OR, acc 0 */
    do_red(&c, 1, OR, 1, 0x40, 0x00010000, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    ck_assert_uint_eq(c.warp[1].bar_state, 0x1002c082);  /* acc 1 */
    wr_insn in = result(WR_RZ, 3);
    wr_operands o = ops0();
    unit_step(&c, 1, &in, &o, &e);
    ck_assert_uint_eq(rec_pd(&e), 3);
    ck_assert_uint_eq(rec_pd_mask(&e), ALL);
    ck_assert_uint_eq(rec_pd_val(&e), ALL);
    ck_assert_uint_eq(rec_pd_dc(&e), 0);
}
END_TEST

START_TEST(N_36_and_or_keep_running_value)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_red(&c, 0, AND, 1, 0, 0xfffffffe, &e);   /* false first ... */
    ck_assert_uint_eq(c.bar[1].word, 0x4001);   /* acc 0 */
    do_red(&c, 1, AND, 1, 0, ALL, &e);          /* ... stays false */
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    ck_assert_uint_eq(c.warp[1].bar_state, 0x10004002);
    do_red(&c, 0, OR, 2, 0, 0x80000000, &e);    /* true first ... */
    ck_assert_uint_eq(c.bar[2].word, 0x2c001); /* acc 1 */
    do_red(&c, 1, OR, 2, 0, 0, &e);             /* ... stays true */
    EVENTS(&e, ARRIVE(2), RELEASE(2, 0x1));
    ck_assert_uint_eq(c.warp[1].bar_state, 0x1002c002);
}
END_TEST

START_TEST(N_36_popc_with_not_pp)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_guard(red_i(POPC, 0, 0), 1, 0);
    in.f[WR_F_PP_NOT] = 1;                      /* !P0 */
    wr_operands o = ops0();
    o.pg = 0x00ff00ff;
    o.pp = 0x0000ffff;                          /* !P0 = 0xffff0000; & pmask = 0x00ff0000 */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x10114001);  /* acc 8 */
}
END_TEST

START_TEST(N_36_popc_running_value)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_red(&c, 0, POPC, 0, 0, 0x000000ff, &e);
    do_red(&c, 1, POPC, 0, 0, 0x0000000f, &e);
    do_red(&c, 2, POPC, 0, 0, 0x0000003f, &e);
    ck_assert_uint_eq(do_b2r(&c, 3, M_BAR, 0, &e), 0x254003);  /* acc 18 so far */
}
END_TEST

/* ---- N-37: exceptions --------------------------------------------------------- */

START_TEST(N_37_cnt_align)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_bar(&c, 3, ARV, 0, 0x40, &e);            /* some state that must survive */
    c.warp[0].breg[2] = 0x5;
    c.warp[0].active = 0x00ff00ff;
    wr_insn in = bar_i(SYNC, 0, 0x30);
    wr_operands o = ops0();
    EXPECT_FAULT(&c, 0, &in, &o, BAR_CNT_ALIGN, 0);
    in = bar_i(ARV, 1, 0x21);
    EXPECT_FAULT(&c, 1, &in, &o, BAR_CNT_ALIGN, 0);
    in = red_i(POPC, 2, 0x10);
    EXPECT_FAULT(&c, 2, &in, &o, BAR_CNT_ALIGN, 0);
}
END_TEST

START_TEST(N_37_arv_zero_cnt)
{
    wr_cta c;
    unit_cta(&c, 64, 0);
    wr_insn in = bar_i(ARV, 2, 0);
    wr_operands o = ops0();
    EXPECT_FAULT(&c, 0, &in, &o, BAR_ARV_ZERO_CNT, 0);
    in = unit_insn(WR_FORM_BAR_RIR);            /* Rc[11:0] = 0 */
    in.f[WR_F_BARMODE] = ARV;
    in.f[WR_F_RC] = 1;
    fill(o.rc, 0x1000);
    EXPECT_FAULT(&c, 1, &in, &o, BAR_ARV_ZERO_CNT, 0);
}
END_TEST

START_TEST(N_37_mode_mismatch_red_on_sync)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_bar(&c, 0, SYNC, 1, 0x80, &e);
    wr_insn in = red_i(AND, 1, 0x80);
    wr_operands o = ops0();
    EXPECT_FAULT(&c, 1, &in, &o, BAR_MODE_MISMATCH, 0);
}
END_TEST

START_TEST(N_37_mode_mismatch_sync_arv_on_red)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_red(&c, 0, OR, 1, 0x80, ALL, &e);
    wr_insn in = bar_i(SYNC, 1, 0x80);
    wr_operands o = ops0();
    EXPECT_FAULT(&c, 1, &in, &o, BAR_MODE_MISMATCH, 0);
    in = bar_i(ARV, 1, 0x80);
    EXPECT_FAULT(&c, 2, &in, &o, BAR_MODE_MISMATCH, 0);
}
END_TEST

START_TEST(N_37_mode_mismatch_other_redop)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_red(&c, 0, AND, 1, 0x80, ALL, &e);
    wr_insn in = red_i(OR, 1, 0x80);
    wr_operands o = ops0();
    o.pp = ALL;
    EXPECT_FAULT(&c, 1, &in, &o, BAR_MODE_MISMATCH, 0);
    in = red_i(POPC, 1, 0x80);
    EXPECT_FAULT(&c, 2, &in, &o, BAR_MODE_MISMATCH, 0);
}
END_TEST

START_TEST(N_37_mode_mismatch_restored_mode_3)
{
    wr_cta c;
    unit_cta(&c, 160, 0);
    do_r2b(&c, 0, M_BAR, 4, 0x6081);            /* arrived 1, expected 2, mode 3 */
    do_r2b(&c, 0, M_BAR, 5, 0x1c081);           /* mode 2 with op 3 */
    wr_insn in = bar_i(SYNC, 4, 0x40);
    wr_operands o = ops0();
    EXPECT_FAULT(&c, 1, &in, &o, BAR_MODE_MISMATCH, 0);
    in = red_i(AND, 4, 0x40);
    EXPECT_FAULT(&c, 2, &in, &o, BAR_MODE_MISMATCH, 0);
    in = bar_i(ARV, 4, 0x40);
    EXPECT_FAULT(&c, 3, &in, &o, BAR_MODE_MISMATCH, 0);
    in = red_i(POPC, 5, 0x40);
    EXPECT_FAULT(&c, 4, &in, &o, BAR_MODE_MISMATCH, 0);
}
END_TEST

START_TEST(N_37_param_mismatch)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 160, 0);
    do_bar(&c, 0, SYNC, 1, 0x80, &e);
    wr_insn in = bar_i(SYNC, 1, 0x60);
    wr_operands o = ops0();
    EXPECT_FAULT(&c, 1, &in, &o, BAR_PARAM_MISMATCH, 0);
    in = bar_i(SYNC, 1, 0);
    EXPECT_FAULT(&c, 2, &in, &o, BAR_PARAM_MISMATCH, 0);
    in = bar_i(ARV, 1, 0xa0);
    EXPECT_FAULT(&c, 3, &in, &o, BAR_PARAM_MISMATCH, 0);
    ck_assert_uint_eq(c.bar[1].word, 0x2101);   /* arrived 1, expected 4 */

    unit_cta(&c, 64, 0);                     /* cnt 0 in progress, then 32 */
    do_red(&c, 0, POPC, 2, 0, ALL, &e);
    in = red_i(POPC, 2, 0x20);
    EXPECT_FAULT(&c, 1, &in, &o, BAR_PARAM_MISMATCH, 0);
}
END_TEST

START_TEST(N_37_order_when_several_apply)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 256, 0);
    do_red(&c, 0, AND, 1, 0x80, ALL, &e);       /* RED phase, expected 4 */
    wr_operands o = ops0();
    /* misaligned, other kind, other count: CNT_ALIGN */
    wr_insn in = bar_i(SYNC, 1, 0x30);
    EXPECT_FAULT(&c, 1, &in, &o, BAR_CNT_ALIGN, 0);
    /* ARV with 0, other kind, other count: ARV_ZERO_CNT */
    in = bar_i(ARV, 1, 0);
    EXPECT_FAULT(&c, 2, &in, &o, BAR_ARV_ZERO_CNT, 0);
    /* other op and other count: MODE_MISMATCH */
    in = red_i(OR, 1, 0x60);
    EXPECT_FAULT(&c, 3, &in, &o, BAR_MODE_MISMATCH, 0);
    /* other kind and other count: MODE_MISMATCH */
    in = bar_i(SYNC, 1, 0x60);
    EXPECT_FAULT(&c, 4, &in, &o, BAR_MODE_MISMATCH, 0);
    /* only the count: PARAM_MISMATCH */
    in = red_i(AND, 1, 0x60);
    EXPECT_FAULT(&c, 5, &in, &o, BAR_PARAM_MISMATCH, 0);
    ck_assert_uint_eq(c.bar[1].word, 0x24101);  /* arrived 1, expected 4, AND, acc 1 */
}
END_TEST

/* ---- N-38: state word ------------------------------------------------------- */

START_TEST(N_38_layout_expected_field_7_bits)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_bar(&c, 0, SYNC, 6, 0xfe0, &e);          /* cnt 4064: expected 127 */
    EVENTS(&e, BLOCK(6));
    ck_assert_uint_eq(c.bar[6].word, 0x3fc1);
}
END_TEST

START_TEST(N_38_b2r_r2b_round_trip)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    do_red(&c, 0, POPC, 3, 0x60, 0x7, &e);
    do_red(&c, 1, POPC, 3, 0x60, 0x30, &e);
    /* arrived 2, expected 3, mode 2, POPC, acc 5 */
    const uint32_t v = do_b2r(&c, 2, M_BAR, 3, &e);
    ck_assert_uint_eq(v, 0xb40c2);
    do_r2b(&c, 2, M_BAR, 8, v);
    ck_assert_uint_eq(c.bar[8].word, 0xb40c2);
    do_r2b(&c, 2, M_BAR, 3, v);                 /* restore onto itself: nothing moves */
    ck_assert_uint_eq(c.bar[3].word, 0xb40c2);
    ck_assert_uint_eq(c.bar[3].blocked, 0x3);
    ck_assert_uint_eq(c.bar[3].arrived, 0x3);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
    do_red(&c, 2, POPC, 3, 0x60, 0x1, &e);
    EVENTS(&e, ARRIVE(3), RELEASE(3, 0x3));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x100d40c3);  /* arrived 3, acc 6 */

    const uint32_t s = do_b2r(&c, 0, M_WARP, 0, &e);
    ck_assert_uint_eq(s, 0x100d40c3);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    do_r2b(&c, 3, M_WARP, 0, s);
    ck_assert_uint_eq(c.warp[3].bar_state, 0x100d40c3);
    ck_assert_uint_eq(c.warp[3].bar_state_defined, 1);
    ck_assert_uint_eq(do_b2r(&c, 3, M_WARP, 0, &e), 0x100d40c3);
}
END_TEST

START_TEST(N_38_r2b_bar_drops_bits_31_29)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, M_BAR, 2, 0xffffffff);
    ck_assert_uint_eq(c.bar[2].word, 0x1fffffff);
    ck_assert_uint_eq(do_b2r(&c, 0, M_BAR, 2, &e), 0x1fffffff);
    do_r2b(&c, 0, M_WARP, 2, 0xe0000001);       /* .WARP keeps all 32 bits */
    ck_assert_uint_eq(c.warp[0].bar_state, 0xe0000001);
}
END_TEST

START_TEST(N_38_r2b_reads_lowest_pmask_lane)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_guard(r2b(M_BAR, 5, 1), 0, 0);
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0x100 + l;
    o.pg = 0xfffffff0;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(c.bar[5].word, 0x104);
    ck_assert_uint_eq(rec_bars(&e), 1u << 5);
    o.pg = 0;                                   /* pmask 0: nothing written */
    in.f[WR_F_BARID] = 6;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(c.bar[6].word, 0);
    ck_assert_uint_eq(rec_bars(&e), 0);
    in.f[WR_F_B2RMODE] = M_WARP;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(c.warp[0].bar_state_defined, 0);
    ck_assert_uint_eq(c.warp[0].active_pc, 48);
}
END_TEST

START_TEST(N_38_r2b_keeps_blocked_and_arrived)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_bar(&c, 0, SYNC, 1, 0, &e);
    wr_insn in = r2b(M_BAR, 1, WR_RZ);          /* word = RZ = 0 */
    wr_operands o = ops0();
    fill(o.ra, 0x55);
    unit_step(&c, 1, &in, &o, &e);
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.bar[1].word, 0);
    ck_assert_uint_eq(c.bar[1].blocked, 0x1);
    ck_assert_uint_eq(c.bar[1].arrived, 0x1);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
    /* the idle word starts a new phase; its completion wakes warp 0 */
    do_bar(&c, 1, SYNC, 1, 0x20, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
}
END_TEST

START_TEST(N_38_choice_arrived_saturates_at_63)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, M_BAR, 0, 0x3fff);            /* arrived 63, expected 127, mode 1 */
    do_bar(&c, 0, ARV, 0, 0xfe0, &e);
    EVENTS(&e, ARRIVE(0));
    ck_assert_uint_eq(c.bar[0].word, 0x3fff);
    ck_assert_uint_eq(rec_bars(&e), 1u << 0); /* choice: an arrival always reports it */
}
END_TEST

START_TEST(N_38_choice_popc_accumulator_saturates)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, M_BAR, 0, 0xfff5fc0);         /* acc 2047, POPC, mode 2, expected 127 */
    do_red(&c, 0, POPC, 0, 0xfe0, ALL, &e);
    EVENTS(&e, BLOCK(0));
    ck_assert_uint_eq(c.bar[0].word, 0xfff5fc1);
}
END_TEST

START_TEST(N_38_choice_idle_word_starts_clean)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_r2b(&c, 0, M_BAR, 0, 0x10fe0005);        /* mode 0 with stale fields */
    do_bar(&c, 0, ARV, 0, 0x40, &e);
    EVENTS(&e, ARRIVE(0));
    ck_assert_uint_eq(c.bar[0].word, 0x2081);
}
END_TEST

START_TEST(N_38_choice_undefined_operands_used_as_is)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    wr_insn in = unit_insn(WR_FORM_BAR_RRI);   /* section 5: no propagation into */
    in.f[WR_F_BARMODE] = ARV;                   /* barrier state or control */
    in.f[WR_F_RB] = 1;
    in.f[WR_F_CNT] = 0x40;
    wr_operands o = ops0();
    fill(o.rb, 0x2);
    o.rb_undef = ALL;
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(2));
    ck_assert_uint_eq(c.bar[2].word, 0x2081);
    in = r2b(M_WARP, 0, 1);
    fill(o.ra, 0x55);
    o.ra_undef = ALL;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(c.warp[0].bar_state, 0x55);
    ck_assert_uint_eq(c.warp[0].bar_state_defined, 1);
    in = r2b(M_BAR, 2, 1);                      /* same value again: still reported */
    fill(o.ra, 0x2081);
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_bars(&e), 1u << 2);
}
END_TEST

START_TEST(N_38_choice_reserved_mode_completes_at_exit)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_r2b(&c, 0, M_BAR, 5, 0x6001);            /* arrived 1, cnt 0, mode 3 */
    do_exit(&c, 1, &e);
    EVENTS(&e, EXITED, RELEASE(5, 0));
    ck_assert_uint_eq(c.bar[5].word, 0);
    ck_assert_uint_eq(c.warp[0].bar_state_defined, 0);
}
END_TEST

/* ---- N-39: B2R, BAR.RESULT ---------------------------------------------------- */

START_TEST(N_39_b2r_warp_undefined_until_defined)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    ck_assert_uint_eq(do_b2r(&c, 0, M_WARP, 0, &e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0xffffffffu);
    ck_assert_uint_eq(rec_rd_undef(&e), ALL);
    do_r2b(&c, 0, M_WARP, 0, 0xdeadbeef);
    ck_assert_uint_eq(do_b2r(&c, 0, M_WARP, 0, &e), 0xdeadbeef);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);

    unit_cta(&c, 32, 0);                     /* or after the first reduction */
    do_red(&c, 0, POPC, 0, 0, 0x3, &e);
    ck_assert_uint_eq(do_b2r(&c, 0, M_WARP, 0, &e), 0x10054001);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
}
END_TEST

START_TEST(N_39_b2r_modes_and_barid)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, M_BAR, 12, 0x2081);
    ck_assert_uint_eq(c.bar[12].word, 0x2081);
    do_r2b(&c, 0, M_WARP, 0, 0x77);
    ck_assert_uint_eq(do_b2r(&c, 0, M_BAR, 12, &e), 0x2081);
    ck_assert_uint_eq(do_b2r(&c, 0, M_BAR, 4, &e), 0);
    ck_assert_uint_eq(do_b2r(&c, 0, M_WARP, 12, &e), 0x77); /* .WARP ignores the id */
    do_r2b(&c, 0, M_WARP, 12, 0x99);
    ck_assert_uint_eq(c.bar[12].word, 0x2081);
    ck_assert_uint_eq(c.warp[0].bar_state, 0x99);
}
END_TEST

START_TEST(N_39_default_mode_is_bar)
{
    wr_cta c;
    wr_retire e;
    /* without a mode the table's default (the assembler uses it) is 1 = BAR */
    ck_assert_int_eq(wr_forms[WR_FORM_B2R_I].moddefault, 1);
    ck_assert_int_eq(wr_forms[WR_FORM_R2B_RI].moddefault, 1);
    ck_assert_str_eq(wr_forms[WR_FORM_B2R_I].modnames, "WARP|BAR");
    ck_assert_str_eq(wr_forms[WR_FORM_R2B_RI].modnames, "WARP|BAR");
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, (unsigned)wr_forms[WR_FORM_R2B_RI].moddefault, 3, 0x2041);
    ck_assert_uint_eq(c.bar[3].word, 0x2041);
    ck_assert_uint_eq(c.warp[0].bar_state_defined, 0);
    ck_assert_uint_eq(do_b2r(&c, 0, (unsigned)wr_forms[WR_FORM_B2R_I].moddefault, 3, &e), 0x2041);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
}
END_TEST

START_TEST(N_39_b2r_pmask_lanes_and_rz)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, M_BAR, 2, 0x2081);
    wr_insn in = unit_guard(b2r(M_BAR, 9, 2), 0, 1); /* @!P0 */
    wr_operands o = ops0();
    o.pg = 0xffff0000;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd(&e), 9);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0000ffff);
    for (unsigned l = 0; l < 16; l++)
        ck_assert_uint_eq(rec_rd_val(&e, l), 0x2081);
    in = b2r(M_BAR, WR_RZ, 2);
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    in = b2r(M_WARP, WR_RZ, 0);                 /* undefined into RZ: nothing */
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);              /* choice: no marks without a write */
    ck_assert_uint_eq(c.warp[0].active_pc, 4 * 16);   /* R2B and three B2R */
}
END_TEST

/* BAR.RESULT R5, P1 after R2B.WARP s (or nothing if !defined) */
static void do_result(wr_cta *c, uint32_t s, int defined, wr_retire *e)
{
    if (defined)
        do_r2b(c, 0, M_WARP, 0, s);
    wr_insn in = result(5, 1);
    wr_operands o = ops0();
    unit_step(c, 0, &in, &o, e);
    ck_assert_uint_eq(rec_rd(e), 5);
    ck_assert_uint_eq(rec_rd_mask(e), ALL);
    ck_assert_uint_eq(rec_pd(e), 1);
    ck_assert_uint_eq(rec_pd_mask(e), ALL);
}

static void both_undefined(const wr_retire *e)
{
    ck_assert_uint_eq(rec_rd_dc(e), 0xffffffffu);
    ck_assert_uint_eq(rec_rd_undef(e), ALL);
    ck_assert_uint_eq(rec_rd_val(e, 0), 0);
    ck_assert_uint_eq(rec_pd_dc(e), 1);
    ck_assert_uint_eq(rec_pd_undef(e), ALL);
    ck_assert_uint_eq(rec_pd_val(e), 0);
}

START_TEST(N_39_result_undefined_before_any_reduction)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_result(&c, 0, 0, &e);
    both_undefined(&e);
    unit_cta(&c, 32, 0);                     /* a word without the defined flag */
    c.warp[0].bar_state = 0x10254004;
    do_result(&c, 0, 0, &e);
    both_undefined(&e);
}
END_TEST

START_TEST(N_39_result_undefined_without_bit_28)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_result(&c, 0x00254004, 1, &e);
    both_undefined(&e);
}
END_TEST

START_TEST(N_39_result_popc)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_result(&c, 0x10254004, 1, &e);
    for (unsigned l = 0; l < WR_LANES; l++)
        ck_assert_uint_eq(rec_rd_val(&e, l), 18);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    ck_assert_uint_eq(rec_pd_dc(&e), 1);
    ck_assert_uint_eq(rec_pd_undef(&e), ALL);
    ck_assert_uint_eq(rec_pd_val(&e), 0);
}
END_TEST

START_TEST(N_39_result_and_or)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_result(&c, 0x10024001, 1, &e);           /* AND, acc 1 */
    ck_assert_uint_eq(rec_pd_val(&e), ALL);
    ck_assert_uint_eq(rec_pd_dc(&e), 0);
    ck_assert_uint_eq(rec_pd_undef(&e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0xffffffffu);
    ck_assert_uint_eq(rec_rd_undef(&e), ALL);
    do_result(&c, 0x1000c001, 1, &e);           /* OR, acc 0 */
    ck_assert_uint_eq(rec_pd_val(&e), 0);
    ck_assert_uint_eq(rec_pd_dc(&e), 0);
    ck_assert_uint_eq(rec_pd_undef(&e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0xffffffffu);
}
END_TEST

START_TEST(N_39_result_op_3_undefined)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_result(&c, 0x100bc001, 1, &e);           /* op 3, acc 5 */
    both_undefined(&e);
}
END_TEST

START_TEST(N_39_result_rz_pt_and_guard)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    do_r2b(&c, 0, M_WARP, 0, 0x10254004);
    wr_insn in = result(WR_RZ, WR_PT);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_dc(&e), 0);
    ck_assert_uint_eq(rec_pd_undef(&e), 0);
    do_r2b(&c, 0, M_WARP, 0, 0x1001c001);       /* op 3: both undefined, both dropped */
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_rd_dc(&e), 0);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_dc(&e), 0);
    do_r2b(&c, 0, M_WARP, 0, 0x10024001);       /* AND true */
    in = unit_guard(result(6, 4), 2, 0);
    o.pg = 0x0f0f0f0f;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0f0f0f0f);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x0f0f0f0f);
    ck_assert_uint_eq(rec_pd(&e), 4);
    ck_assert_uint_eq(rec_pd_mask(&e), 0x0f0f0f0f);
    ck_assert_uint_eq(rec_pd_val(&e), 0x0f0f0f0f);
    o.pg = 0;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_val(&e), 0);
    ck_assert_uint_eq(c.warp[0].active_pc, 7 * 16);
}
END_TEST

START_TEST(N_39_result_after_real_reduction)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 128, 0);
    const uint32_t pp[4] = { 0x000000ff, 0x0000000f, 0x0000003f, 0 };
    for (unsigned w = 0; w < 4; w++)
        do_red(&c, w, POPC, 0, 0, pp[w], &e);
    wr_insn in = result(2, WR_PT);
    wr_operands o = ops0();
    for (unsigned w = 0; w < 4; w++) {
        unit_step(&c, w, &in, &o, &e);
        ck_assert_uint_eq(rec_rd_mask(&e), ALL);
        ck_assert_uint_eq(rec_rd_val(&e, 31), 18);
        ck_assert_uint_eq(rec_rd_dc(&e), 0);
    }
}
END_TEST

/* ---- N-51, N-54: helper instructions ------------------------------------------ */

static wr_insn hlp(wr_form form, unsigned rd, unsigned ra, unsigned rb, uint32_t imm)
{
    wr_insn in = unit_insn(form);
    if (wr_form_has(form, WR_F_RD))
        in.f[WR_F_RD] = rd;
    if (wr_form_has(form, WR_F_RA))
        in.f[WR_F_RA] = ra;
    if (wr_form_has(form, WR_F_RB))
        in.f[WR_F_RB] = rb;
    if (wr_form_has(form, WR_F_IMM32))
        in.f[WR_F_IMM32] = imm;
    return in;
}

/* step warp w of a fresh 64-thread CTA; returns the effect in *e */
static void run_helper(const wr_insn *in, const wr_operands *o, unsigned w, wr_retire *e)
{
    wr_cta c;
    unit_cta(&c, 64, 0);
    unit_step(&c, w, in, o, e);
    ck_assert_uint_eq(c.warp[w].active_pc, 16);
    NO_EVENTS(e);
}

START_TEST(N_51_nop)
{
    wr_cta c, want;
    wr_retire e;
    unit_cta(&c, 64, 0);
    memcpy(&want, &c, sizeof want);
    wr_insn in = unit_insn(WR_FORM_NOP_X);
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &e);
    want.warp[0].active_pc = 16;
    ck_assert(memcmp(&want, &c, sizeof want) == 0);
    NO_EVENTS(&e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_ur_write(&e), 0);
    ck_assert_uint_eq(rec_bars(&e), 0);
}
END_TEST

START_TEST(N_51_s2r)
{
    wr_retire e;
    wr_operands o = ops0();
    fill(o.ra, 0x99);
    o.ra_undef = ALL;                           /* S2R reads no register */
    wr_insn in = hlp(WR_FORM_S2R_X, 1, 0, 0, 0);
    const uint32_t want[3][2] = { { 0, 31 }, { 32, 63 }, { 1, 1 } };  /* lane 0, lane 31 */
    for (unsigned sr = 0; sr < 3; sr++) {
        in.f[WR_F_SR] = sr;
        run_helper(&in, &o, 1, &e);
        ck_assert_uint_eq(rec_rd(&e), 1);
        ck_assert_uint_eq(rec_rd_mask(&e), ALL);
        ck_assert_uint_eq(rec_rd_undef(&e), 0);
        ck_assert_uint_eq(rec_rd_val(&e, 0), want[sr][0]);
        ck_assert_uint_eq(rec_rd_val(&e, 31), want[sr][1]);
    }
    in.f[WR_F_SR] = 0;
    run_helper(&in, &o, 1, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 17), 17);
    in.f[WR_F_SR] = 1;
    run_helper(&in, &o, 1, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 17), 49);
}
END_TEST

START_TEST(N_51_mov)
{
    wr_retire e;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = 0xabcd00001000ull + l;        /* high half of the slot ignored */
    wr_insn in = hlp(WR_FORM_MOV_R, 2, 0, 0, 0);   /* MOV R2, R0 */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd(&e), 2);
    ck_assert_uint_eq(rec_rd_mask(&e), ALL);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 0x1000);
    ck_assert_uint_eq(rec_rd_val(&e, 31), 0x101f);
    in = hlp(WR_FORM_MOV_I, 2, 0, 0, 0xfffffff6);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 0xfffffff6);
    ck_assert_uint_eq(rec_rd_val(&e, 31), 0xfffffff6);
}
END_TEST

START_TEST(N_51_iadd_wraps)
{
    wr_retire e;
    wr_operands o = ops0();
    fill(o.ra, 0xffffffff);
    fill(o.rb, 2);
    wr_insn in = hlp(WR_FORM_IADD_R, 1, 2, 3, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 1);
    ck_assert_uint_eq(rec_rd_val(&e, 31), 1);
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = l;
    fill(o.rb, 0xfffffff0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 0xfffffff0);
    ck_assert_uint_eq(rec_rd_val(&e, 31), 15);
    fill(o.ra, 5);
    in = hlp(WR_FORM_IADD_I, 1, 2, 0, 0xfffffffe);      /* 5 + (-2) */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 3);
    ck_assert_uint_eq(rec_rd_val(&e, 31), 3);
}
END_TEST

START_TEST(N_51_lop)
{
    wr_retire e;
    wr_operands o = ops0();
    fill(o.ra, 0xff00ff00);
    fill(o.rb, 0x0ff00ff0);
    const uint32_t want[3] = { 0x0f000f00, 0xfff0fff0, 0xf0f0f0f0 };
    wr_insn in = hlp(WR_FORM_LOP_R, 1, 2, 3, 0);
    for (unsigned op = 0; op < 3; op++) {
        in.f[WR_F_LOP] = op;
        run_helper(&in, &o, 0, &e);
        ck_assert_uint_eq(rec_rd_val(&e, 0), want[op]);
        ck_assert_uint_eq(rec_rd_val(&e, 31), want[op]);
    }
    in = hlp(WR_FORM_LOP_I, 1, 2, 0, 0x0ff00ff0);
    for (unsigned op = 0; op < 3; op++) {
        in.f[WR_F_LOP] = op;
        run_helper(&in, &o, 0, &e);
        ck_assert_uint_eq(rec_rd_val(&e, 5), want[op]);
    }
}
END_TEST

START_TEST(N_54_shift_by_32_or_more_gives_0)
{
    wr_retire e;
    wr_operands o = ops0();
    fill(o.ra, 0x80000001);
    const uint32_t amount[5] = { 1, 31, 32, 33, 0xffffffff };
    const uint32_t shl[5] = { 0x00000002, 0x80000000, 0, 0, 0 };
    const uint32_t shr[5] = { 0x40000000, 0x00000001, 0, 0, 0 };  /* logical */
    for (unsigned i = 0; i < 5; i++) {
        wr_insn in = hlp(WR_FORM_SHL_I, 1, 2, 0, amount[i]);
        run_helper(&in, &o, 0, &e);
        ck_assert_uint_eq(rec_rd_val(&e, 0), shl[i]);
        in = hlp(WR_FORM_SHR_I, 1, 2, 0, amount[i]);
        run_helper(&in, &o, 0, &e);
        ck_assert_uint_eq(rec_rd_val(&e, 7), shr[i]);
    }
    wr_insn in = hlp(WR_FORM_SHR_I, 1, 2, 0, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 0x80000001);
}
END_TEST

START_TEST(N_54_isetp_unsigned)
{
    wr_retire e;
    wr_operands o = ops0();
    for (unsigned l = 0; l < WR_LANES; l++)
        o.ra[l] = l;
    /* EQ NE LT LE GT GE of lane vs 16 */
    const uint32_t want[6] = { 0x00010000, 0xfffeffff, 0x0000ffff, 0x0001ffff,
                               0xfffe0000, 0xffff0000 };
    wr_insn in = hlp(WR_FORM_ISETP_I, 0, 2, 0, 16);
    in.f[WR_F_PD] = 3;
    for (unsigned cmp = 0; cmp < 6; cmp++) {
        in.f[WR_F_CMP] = cmp;
        run_helper(&in, &o, 0, &e);
        ck_assert_uint_eq(rec_pd(&e), 3);
        ck_assert_uint_eq(rec_pd_mask(&e), ALL);
        ck_assert_uint_eq(rec_pd_val(&e), want[cmp]);
        ck_assert_uint_eq(rec_pd_undef(&e), 0);
        ck_assert_uint_eq(rec_rd_mask(&e), 0);
    }
    in = hlp(WR_FORM_ISETP_R, 0, 2, 3, 0);
    in.f[WR_F_PD] = 0;
    fill(o.ra, 0xffffffff);
    fill(o.rb, 1);
    in.f[WR_F_CMP] = 4;                         /* GT: unsigned true, signed false */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_pd_val(&e), ALL);
    fill(o.ra, 0x80000000);
    fill(o.rb, 0x7fffffff);
    in.f[WR_F_CMP] = 2;                         /* LT: unsigned false, signed true */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_pd_val(&e), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), ALL);
}
END_TEST

START_TEST(N_54_umov_writes_iff_pmask)
{
    wr_retire e;
    wr_operands o = ops0();
    wr_insn in = unit_guard(unit_insn(WR_FORM_UMOV_I), 0, 0);
    in.f[WR_F_URD] = 5;
    in.f[WR_F_IMM32] = 0xcafef00d;
    o.pg = 0x00000100;                          /* one lane is enough */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_ur_write(&e), 1);
    ck_assert_uint_eq(rec_urd(&e), 5);
    ck_assert_uint_eq(rec_ur_val(&e), 0xcafef00d);
    o.pg = 0;
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_ur_write(&e), 0);
    o.pg = ALL;
    in.f[WR_F_URD] = WR_URZ;                    /* URZ discarded */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_ur_write(&e), 0);
}
END_TEST

START_TEST(N_54_rz_pt_discarded_rz_reads_0)
{
    wr_retire e;
    wr_operands o = ops0();
    fill(o.ra, 7);
    fill(o.rb, 5);
    o.ra_undef = ALL;
    wr_insn in = hlp(WR_FORM_MOV_I, WR_RZ, 0, 0, 3);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0);
    in = hlp(WR_FORM_ISETP_R, 0, 2, 3, 0);
    in.f[WR_F_PD] = WR_PT;
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_pd_mask(&e), 0);
    ck_assert_uint_eq(rec_pd_val(&e), 0);
    ck_assert_uint_eq(rec_pd_undef(&e), 0);
    in = hlp(WR_FORM_IADD_R, 1, WR_RZ, 3, 0);   /* RZ + R3 */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 5);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);           /* RZ is never undefined */
    in = hlp(WR_FORM_MOV_R, 1, WR_RZ, 0, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_val(&e, 9), 0);
}
END_TEST

START_TEST(N_51_guard_honoured)
{
    wr_retire e;
    wr_operands o = ops0();
    o.pg = 0x0000ffff;
    wr_insn in = unit_guard(hlp(WR_FORM_MOV_I, 1, 0, 0, 9), 0, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0000ffff);
    ck_assert_uint_eq(rec_rd_val(&e, 15), 9);
    in = unit_guard(hlp(WR_FORM_MOV_I, 1, 0, 0, 9), 0, 1);   /* @!P0 */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0xffff0000);
    in = unit_guard(hlp(WR_FORM_ISETP_I, 0, 2, 0, 0), 0, 0); /* EQ 0: true everywhere */
    in.f[WR_F_PD] = 6;
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_pd_mask(&e), 0x0000ffff);
    ck_assert_uint_eq(rec_pd_val(&e), 0x0000ffff);

    wr_cta c;                                   /* inactive lanes are not written */
    unit_cta(&c, 32, 0);
    c.warp[0].active = 0x00ff00ff;
    in = hlp(WR_FORM_LDC_C, 1, 0, 0, 0);
    o.c = 1;
    unit_step(&c, 0, &in, &o, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x00ff00ff);
}
END_TEST

START_TEST(N_54_ldc)
{
    wr_retire e;
    wr_operands o = ops0();
    o.c = 0x123456789ull;
    wr_insn in = unit_insn(WR_FORM_LDC_C);
    in.f[WR_F_RD] = 4;
    in.f[WR_F_CMEM] = wr_cmem_make(2, 0x100);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd(&e), 4);
    ck_assert_uint_eq(rec_rd_mask(&e), ALL);
    ck_assert_uint_eq(rec_rd_val(&e, 0), 0x23456789);
    ck_assert_uint_eq(rec_rd_val(&e, 31), 0x23456789);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
}
END_TEST

START_TEST(N_54_undefined_propagates)
{
    wr_retire e;
    wr_operands o = ops0();
    o.ra_undef = 0x00000003;
    o.rb_undef = 0x00000030;
    o.rc_undef = 0x00000f00;                    /* no helper reads Rc */
    wr_insn in = hlp(WR_FORM_IADD_R, 1, 2, 3, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x33);
    in = hlp(WR_FORM_LOP_R, 1, 2, 3, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x33);
    in = hlp(WR_FORM_IADD_I, 1, 2, 0, 1);       /* Rb not read */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x03);
    in = hlp(WR_FORM_SHL_I, 1, 2, 0, 1);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x03);
    in = hlp(WR_FORM_MOV_R, 1, 2, 0, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x03);
    in = hlp(WR_FORM_MOV_I, 1, 0, 0, 1);        /* Ra not read */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    in = hlp(WR_FORM_LDC_C, 1, 0, 0, 0);
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    in = hlp(WR_FORM_ISETP_R, 0, 2, 3, 0);
    in.f[WR_F_PD] = 2;
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_pd_undef(&e), 0x33);
    in = unit_guard(hlp(WR_FORM_IADD_R, 1, 2, 3, 0), 0, 0);  /* written lanes only */
    o.pg = 0x0000000f;
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), 0x0f);
    ck_assert_uint_eq(rec_rd_undef(&e), 0x03);
    in = hlp(WR_FORM_IADD_R, WR_RZ, 2, 3, 0);   /* nothing written */
    run_helper(&in, &o, 0, &e);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
}
END_TEST

START_TEST(N_51_helpers_touch_no_unit_state)
{
    wr_cta c, want;
    wr_retire e;
    unit_cta(&c, 64, 0);
    do_bar(&c, 1, ARV, 2, 0x40, &e);
    c.warp[0].breg[1] = 0xf;
    c.warp[0].yield = 0x3;
    memcpy(&want, &c, sizeof want);
    wr_operands o = ops0();
    fill(o.ra, 0x40);
    const wr_form forms[] = { WR_FORM_NOP_X, WR_FORM_S2R_X, WR_FORM_MOV_R, WR_FORM_MOV_I,
                              WR_FORM_IADD_R, WR_FORM_IADD_I, WR_FORM_LOP_R, WR_FORM_LOP_I,
                              WR_FORM_SHL_I, WR_FORM_SHR_I, WR_FORM_ISETP_R, WR_FORM_ISETP_I,
                              WR_FORM_UMOV_I, WR_FORM_LDC_C };
    for (unsigned i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        wr_insn in = hlp(forms[i], 1, 2, 3, 4);
        unit_step(&c, 0, &in, &o, &e);
        NO_EVENTS(&e);
        ck_assert_uint_eq(rec_bars(&e), 0);
        want.warp[0].active_pc += 16;
        ck_assert(memcmp(&want, &c, sizeof want) == 0);
    }
}
END_TEST

/* ---- registration ---------------------------------------------------------- */

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("bcu");
    TCase *tc;

    tc = tcase_create("N-05");
    tcase_add_test(tc, N_05_red_pp_false_still_arrives);
    tcase_add_test(tc, N_05_red_guard_still_applies);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-30");
    tcase_add_test(tc, N_30_bar_i_operands);
    tcase_add_test(tc, N_30_bar_rr_operands);
    tcase_add_test(tc, N_30_bar_rri_operands);
    tcase_add_test(tc, N_30_bar_rir_operands);
    tcase_add_test(tc, N_30_bar_red_r_cnt_is_bits_15_4);
    tcase_add_test(tc, N_30_bar_red_rri_rir_operands);
    tcase_add_test(tc, N_30_rz_reads_zero);
    tcase_add_test(tc, N_30_not_uniform_barid_warns);
    tcase_add_test(tc, N_30_not_uniform_cnt_warns_only_in_bits_used);
    tcase_add_test(tc, N_30_not_uniform_red_r_bits_15_0);
    tcase_add_test(tc, N_30_not_uniform_only_pmask_lanes);
    tcase_add_test(tc, N_30_warning_once_per_instruction);
    tcase_add_test(tc, N_30_not_uniform_rr_count_alone);
    tcase_add_test(tc, N_30_warning_before_exception);
    tcase_add_test(tc, N_30_r2b_b2r_never_warn);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-31");
    tcase_add_test(tc, N_31_pmask_zero_is_noop);
    tcase_add_test(tc, N_31_one_lane_warp_adds_32);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-32");
    tcase_add_test(tc, N_32_cnt_positive_completes_at_count);
    tcase_add_test(tc, N_32_cnt_positive_ignores_exited);
    tcase_add_test(tc, N_32_cnt_zero_counts_exited_warps);
    tcase_add_test(tc, N_32_cnt_zero_counts_every_warp_group);
    tcase_add_test(tc, N_32_trapped_and_faulted_are_not_exited);
    tcase_add_test(tc, N_32_partial_last_warp_counts_32);
    tcase_add_test(tc, N_32_r2b_count_above_expected_completes);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-33");
    tcase_add_test(tc, N_33_exit_completes_cnt_zero_barrier);
    tcase_add_test(tc, N_33_exit_without_completion);
    tcase_add_test(tc, N_33_exit_rechecks_each_cnt_zero_barrier_in_order);
    tcase_add_test(tc, H_5_r2b_count_and_exit_count_one_warp_twice);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-34");
    tcase_add_test(tc, N_34_red_popc_result_word);
    tcase_add_test(tc, N_34_only_arrivals_get_the_result);
    tcase_add_test(tc, N_34_sync_completion_gives_no_result);
    tcase_add_test(tc, N_34_arv_completion_wakes_blocked_and_barrier_reusable);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-35");
    tcase_add_test(tc, N_35_sync_blocks_whole_warp);
    tcase_add_test(tc, N_35_red_blocks);
    tcase_add_test(tc, N_35_arv_never_blocks);
    tcase_add_test(tc, N_35_own_arrival_completes_sync);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-36");
    tcase_add_test(tc, N_36_and_running_value_and_result);
    tcase_add_test(tc, N_36_and_counts_pmask_lanes_only);
    tcase_add_test(tc, N_36_or_running_value_and_result);
    tcase_add_test(tc, N_36_and_or_keep_running_value);
    tcase_add_test(tc, N_36_popc_with_not_pp);
    tcase_add_test(tc, N_36_popc_running_value);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-37");
    tcase_add_test(tc, N_37_cnt_align);
    tcase_add_test(tc, N_37_arv_zero_cnt);
    tcase_add_test(tc, N_37_mode_mismatch_red_on_sync);
    tcase_add_test(tc, N_37_mode_mismatch_sync_arv_on_red);
    tcase_add_test(tc, N_37_mode_mismatch_other_redop);
    tcase_add_test(tc, N_37_mode_mismatch_restored_mode_3);
    tcase_add_test(tc, N_37_param_mismatch);
    tcase_add_test(tc, N_37_order_when_several_apply);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-38");
    tcase_add_test(tc, N_38_layout_expected_field_7_bits);
    tcase_add_test(tc, N_38_b2r_r2b_round_trip);
    tcase_add_test(tc, N_38_r2b_bar_drops_bits_31_29);
    tcase_add_test(tc, N_38_r2b_reads_lowest_pmask_lane);
    tcase_add_test(tc, N_38_r2b_keeps_blocked_and_arrived);
    tcase_add_test(tc, N_38_choice_arrived_saturates_at_63);
    tcase_add_test(tc, N_38_choice_popc_accumulator_saturates);
    tcase_add_test(tc, N_38_choice_idle_word_starts_clean);
    tcase_add_test(tc, N_38_choice_undefined_operands_used_as_is);
    tcase_add_test(tc, N_38_choice_reserved_mode_completes_at_exit);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-39");
    tcase_add_test(tc, N_39_b2r_warp_undefined_until_defined);
    tcase_add_test(tc, N_39_b2r_modes_and_barid);
    tcase_add_test(tc, N_39_default_mode_is_bar);
    tcase_add_test(tc, N_39_b2r_pmask_lanes_and_rz);
    tcase_add_test(tc, N_39_result_undefined_before_any_reduction);
    tcase_add_test(tc, N_39_result_undefined_without_bit_28);
    tcase_add_test(tc, N_39_result_popc);
    tcase_add_test(tc, N_39_result_and_or);
    tcase_add_test(tc, N_39_result_op_3_undefined);
    tcase_add_test(tc, N_39_result_rz_pt_and_guard);
    tcase_add_test(tc, N_39_result_after_real_reduction);
    suite_add_tcase(s, tc);

    tc = tcase_create("N-51/N-54");
    tcase_add_test(tc, N_51_nop);
    tcase_add_test(tc, N_51_s2r);
    tcase_add_test(tc, N_51_mov);
    tcase_add_test(tc, N_51_iadd_wraps);
    tcase_add_test(tc, N_51_lop);
    tcase_add_test(tc, N_51_guard_honoured);
    tcase_add_test(tc, N_51_helpers_touch_no_unit_state);
    tcase_add_test(tc, N_54_shift_by_32_or_more_gives_0);
    tcase_add_test(tc, N_54_isetp_unsigned);
    tcase_add_test(tc, N_54_umov_writes_iff_pmask);
    tcase_add_test(tc, N_54_rz_pt_discarded_rz_reads_0);
    tcase_add_test(tc, N_54_ldc);
    tcase_add_test(tc, N_54_undefined_propagates);
    suite_add_tcase(s, tc);

    srunner_add_suite(sr, s);
}
