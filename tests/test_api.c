/* test_api.c - the model's contract with its drivers: the launch
 * configuration, errors as values (never an abort), events never dropped
 * silently. */
#include <string.h>
#include "unit.h"

#define ALL_LANES 0xffffffffu

static wr_operands ops0(void)
{
    wr_operands o;
    memset(&o, 0, sizeof o);
    return o;
}

/* ---- launch configuration -------------------------------------------------- */

START_TEST(config_defaults)
{
    wr_config cfg;
    wr_config_init(&cfg, 64);
    ck_assert_uint_eq(cfg.threads, 64);
    ck_assert_uint_eq(cfg.profile, WR_PROFILE_NATIVE);
    ck_assert_uint_eq(cfg.operand_mode, WR_OPERANDS_SELF);
    cfg.entry_pc = 0x40;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    ck_assert_uint_eq(c.nwarps, 2);
    ck_assert_uint_eq(c.nbars, 16);                 /* the native profile's */
    ck_assert_uint_eq(c.bar_id_mask, 0xf);          /* N-30: id = [3:0] */
    ck_assert_uint_eq(c.max_events, 16 + 8);
    ck_assert_uint_eq(c.warp[1].active_pc, 0x40);
    ck_assert_str_eq(wr_profile_name(c.profile), "native");
    ck_assert_str_eq(wr_operand_mode_name(WR_OPERANDS_DRIVEN), "driven");
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_NONE);
    ck_assert_str_eq(wr_cta_errmsg(&c), "");
}
END_TEST

static void expect_config_error(const wr_config *cfg, const char *what)
{
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, cfg), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CONFIG);
    ck_assert_msg(strstr(wr_cta_errmsg(&c), what) != NULL, "want '%s' in '%s'", what, wr_cta_errmsg(&c));
}

START_TEST(config_errors)
{
    wr_config cfg;
    wr_config_init(&cfg, 0);
    expect_config_error(&cfg, "thread count 0 out of range");
    cfg.threads = 1025;
    expect_config_error(&cfg, "thread count 1025");
    cfg.threads = 32;
    cfg.nbarriers = 8;
    expect_config_error(&cfg, "native has 16 barriers, not 8");
    cfg.nbarriers = 16;
    cfg.profile = WR_PROFILE_COUNT;
    expect_config_error(&cfg, "no profile");
    cfg.profile = WR_PROFILE_NATIVE;
    cfg.max_events = WR_MAX_EVENTS + 1;
    expect_config_error(&cfg, "event capacity");
    cfg.max_events = 0;
    cfg.operand_mode = WR_OPERAND_MODE_COUNT;
    expect_config_error(&cfg, "no operand mode");
}
END_TEST

/* ---- errors are values ------------------------------------------------------ */

START_TEST(step_refuses_bad_calls)
{
    wr_cta c;
    wr_retire e;
    unit_cta(&c, 32, 0);
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    wr_operands o = ops0();
    ck_assert_int_eq(wr_step(&c, 1, &nop, &o, &e), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CALL);
    ck_assert_str_eq(wr_cta_errmsg(&c), "no warp 1");
    wr_insn bad = nop;
    bad.optype = WR_OPT_BAR;                        /* not NOP_X's optype */
    ck_assert_int_eq(wr_step(&c, 0, &bad, &o, &e), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_CALL);
    ck_assert_ptr_nonnull(strstr(wr_cta_errmsg(&c), "not an instruction of the table"));
    bad.form = WR_FORM_COUNT;
    ck_assert_int_eq(wr_step(&c, 0, &bad, &o, &e), -1);
    ck_assert_uint_eq(c.warp[0].active_pc, 0);      /* nothing ran */
    ck_assert_str_eq(wr_error_name(WR_ERR_CALL), "CALL");
}
END_TEST

START_TEST(broken_invariant_is_returned)
{
    /* a driver hands the model a state that breaks an invariant: the next
     * step reports it instead of aborting the simulator */
    wr_config cfg;
    wr_config_init(&cfg, 64);
    cfg.checks = WR_CHECKS_ON;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    c.warp[0].active = 0;                           /* ready with no active lane */
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    wr_operands o = ops0();
    wr_retire e;
    ck_assert_int_eq(wr_step(&c, 1, &nop, &o, &e), -1);
    ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_INVARIANT);
    ck_assert_str_eq(wr_cta_errmsg(&c),
                     "after NOP by warp 1: warp 0: live (ready) with an empty ActiveMask");
    ck_assert_uint_eq(c.warp[1].active_pc, 0x10);   /* the step itself was done */

    cfg.checks = WR_CHECKS_OFF;                     /* the driver's choice */
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    c.warp[0].active = 0;
    ck_assert_int_eq(wr_step(&c, 1, &nop, &o, &e), 0);
}
END_TEST

START_TEST(event_capacity_overflow_is_an_error)
{
    /* warp 0 waits on a cnt == 0 barrier; warp 1's EXIT completes it (N-33):
     * two events, `exit` and `release:0:0`.  With a capacity of one the
     * step fails with WR_ERR_EVENTS and keeps the first; with two it is
     * fine. */
    for (unsigned cap = 1; cap <= 2; cap++) {
        wr_config cfg;
        wr_config_init(&cfg, 64);
        cfg.max_events = cap;
        wr_cta c;
        ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
        wr_insn bar = unit_insn(WR_FORM_BAR_I);     /* BAR.SYNC 0x0 */
        wr_insn ex = unit_insn(WR_FORM_EXIT_X);
        wr_operands o = ops0();
        wr_retire e;
        unit_step(&c, 0, &bar, &o, &e);
        ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
        int rc = wr_step(&c, 1, &ex, &o, &e);
        ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);   /* the step was done */
        ck_assert_uint_eq(e.nev, cap);
        ck_assert_uint_eq(e.ev[0].kind, WR_EV_EXIT);
        if (cap == 1) {
            ck_assert_int_eq(rc, -1);
            ck_assert_uint_eq(wr_cta_error(&c), WR_ERR_EVENTS);
            ck_assert_str_eq(wr_cta_errmsg(&c), "EXIT by warp 1: 1 events past the capacity of 1");
        } else {
            ck_assert_int_eq(rc, 0);
            ck_assert_uint_eq(e.ev[1].kind, WR_EV_RELEASE);
        }
    }
}
END_TEST

/* ---- the retire record ------------------------------------------------------- */

static void expect_write(const wr_retire *r, unsigned kind, unsigned warp, unsigned index,
                         uint32_t lanes, uint32_t value0, int line)
{
    for (unsigned i = 0; i < r->nwrites; i++) {
        const wr_write *e = &r->write[i];
        if (e->kind == kind && e->warp == warp && e->index == index) {
            ck_assert_msg(e->lanes == lanes && e->value[0] == value0,
                          "line %d: %s write to warp %u index %u: lanes 0x%x value 0x%x, "
                          "expected 0x%x 0x%x", line, wr_write_kind_name(kind), warp, index,
                          e->lanes, e->value[0], lanes, value0);
            return;
        }
    }
    ck_assert_msg(0, "line %d: no %s write to warp %u index %u", line, wr_write_kind_name(kind),
                  warp, index);
}
#define EXPECT_WRITE(r, kind, warp, index, lanes, v) \
    expect_write((r), WR_WRITE_##kind, (warp), (index), (lanes), (v), __LINE__)

START_TEST(record_of_a_reduction_completing)
{
    /* two warps, BAR.RED.POPC 0x1, 0x0, P0: warp 0 blocks; warp 1's arrival
     * completes barrier 1 (N-34): the record of warp 1 holds writes to
     * other warps (warp 0's WarpBARState and run state) and to the CTA
     * (barrier 1's word, now 0), each kind ascending */
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 64, 0x100);
    wr_insn red = unit_insn(WR_FORM_BAR_RED_I);
    red.f[WR_F_REDOP] = 2;
    red.f[WR_F_BARID] = 1;
    red.f[WR_F_PP] = 0;
    wr_operands o = ops0();
    o.pp = 0x0000000f;
    unit_step(&c, 0, &red, &o, &r);
    ck_assert_uint_eq(r.nwrites, 2);
    EXPECT_WRITE(&r, BARRIER, WR_WRITE_CTA, 1, 1, 0x00094001);   /* 1 of all, mode 2, POPC, acc 4 */
    EXPECT_WRITE(&r, RUNSTATE, 0, 0, 1, WR_RUNSTATE_VALUE(WR_WARP_BLOCKED, 1));
    ck_assert_uint_eq(r.write[0].kind, WR_WRITE_BARRIER);          /* barriers first */

    o.pp = 0x00000003;
    unit_step(&c, 1, &red, &o, &r);
    ck_assert_uint_eq(r.warp, 1);
    ck_assert_uint_eq(r.pc, 0x100);
    ck_assert_uint_eq(r.has_state, 1);
    wr_word want;
    ck_assert_int_eq(wr_encode(&red, &want, NULL, 0), 0);
    ck_assert_int_eq(memcmp(&r.insn, &want, sizeof want), 0);
    ck_assert_int_eq(memcmp(&r.after, &c.warp[1], sizeof r.after), 0);
    ck_assert_uint_eq(r.after.active_pc, 0x110);
    const uint32_t final = 0x100d4002;          /* bit 28, acc 6, POPC, mode 2, 2 arrived */
    ck_assert_uint_eq(r.nwrites, 4);
    EXPECT_WRITE(&r, BARRIER, WR_WRITE_CTA, 1, 1, 0);
    EXPECT_WRITE(&r, WARPBAR, 0, 0, 1, final);                    /* another warp */
    EXPECT_WRITE(&r, WARPBAR, 1, 0, 1, final);
    EXPECT_WRITE(&r, RUNSTATE, 0, 0, 1, WR_RUNSTATE_VALUE(WR_WARP_READY, 0));
    ck_assert_uint_eq(r.nev, 2);
    ck_assert_uint_eq(r.ev[0].kind, WR_EV_ARRIVE);
    ck_assert_uint_eq(r.ev[1].kind, WR_EV_RELEASE);
    ck_assert_uint_eq(r.ev[1].value, 0x1);
}
END_TEST

START_TEST(record_undefined_is_one_representation)
{
    /* B2R.WARP R3 before any reduction (N-39): the written lanes hold 0 with
     * every bit don't-care; the register file marks exactly those lanes */
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_guard(unit_insn(WR_FORM_B2R_I), 0, 0);
    in.f[WR_F_RD] = 3;
    wr_operands o = ops0();
    o.pg = 0x000000f0;
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.nwrites, 1);
    const wr_write *e = &r.write[0];
    ck_assert_uint_eq(e->kind, WR_WRITE_GPR);
    ck_assert_uint_eq(e->index, 3);
    ck_assert_uint_eq(e->lanes, 0xf0);
    ck_assert_uint_eq(wr_write_undefined(e), 0xf0);
    ck_assert_uint_eq(wr_write_dc(e, 4), 0xffffffffu);
    ck_assert_uint_eq(wr_write_dc(e, 3), 0);                        /* not written */
    ck_assert_uint_eq(wr_write_value(e, 4), 0);
    wr_regfile rf;
    ck_assert_int_eq(wr_regfile_init(&rf, 1, 8), 0);
    wr_regfile_apply(&rf, &r);
    ck_assert_uint_eq(rf.r_undef[wr_regfile_slot(&rf, 0, 3)], 0xf0);
    wr_regfile_free(&rf);

    /* a predicate: BAR.RESULT R2, P1 with no result: both undefined, the
     * predicate's lanes one bit each */
    wr_insn res = unit_insn(WR_FORM_B2R_RESULT_X);
    res.f[WR_F_RD] = 2;
    res.f[WR_F_PU] = 1;
    unit_step(&c, 0, &res, &o, &r);
    ck_assert_uint_eq(r.nwrites, 2);
    ck_assert_uint_eq(r.write[0].kind, WR_WRITE_GPR);               /* in the order written */
    ck_assert_uint_eq(r.write[1].kind, WR_WRITE_PRED);
    ck_assert_uint_eq(wr_write_undefined(&r.write[1]), ALL_LANES);
    ck_assert_uint_eq(wr_write_dc(&r.write[1], 7), 1);
}
END_TEST

START_TEST(record_pair_is_two_entries)
{
    /* LEPC R[4:5], 0x20 at 0x1230 (N-17): R4 and R5, 32 bits per lane */
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 32, 0x1230);
    wr_insn in = unit_insn(WR_FORM_LEPC_I);
    in.f[WR_F_RD] = 4;
    in.f[WR_F_OFFSET] = 2;
    wr_operands o = ops0();
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.nwrites, 2);
    ck_assert_uint_eq(r.write[0].index, 4);
    ck_assert_uint_eq(r.write[1].index, 5);
    ck_assert_uint_eq(r.write[0].value[9], 0x1250);
    ck_assert_uint_eq(r.write[1].value[9], 0);
}
END_TEST

START_TEST(record_bookkeeping_apart)
{
    /* time and the pending `wake` are bookkeeping; a driver that reads no
     * state after (an untraced run) switches its copy off */
    wr_config cfg;
    wr_config_init(&cfg, 32);
    cfg.record_state = 0;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    wr_insn ns = unit_insn(WR_FORM_NANOSLEEP_I);
    ns.f[WR_F_IMM32] = 5;
    wr_operands o = ops0();
    wr_retire r;
    c.now = 10;
    unit_step(&c, 0, &ns, &o, &r);
    ck_assert_uint_eq(r.has_state, 0);
    ck_assert_uint_eq(r.book.t, 10);
    ck_assert_uint_eq(r.book.wake, 0);
    c.now = 15;
    ck_assert_uint_eq(wr_fire_deadlines(&c), 1);
    ck_assert_uint_eq(c.wake_pending, 1);
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    unit_step(&c, 0, &nop, &o, &r);
    ck_assert_uint_eq(r.book.wake, 1);
    ck_assert_uint_eq(r.nev, 0);                                    /* not an event */
    ck_assert_uint_eq(c.wake_pending, 0);
}
END_TEST

START_TEST(record_of_an_illegal_word)
{
    wr_cta c;
    wr_retire r;
    unit_cta(&c, 32, 0x40);
    wr_word word = { { 0x000000ff, 1, 2, 3 } };
    wr_operands o = ops0();
    ck_assert_int_eq(wr_step_word(&c, 0, &word, &o, &r), 0);
    ck_assert_uint_eq(r.exception, WR_EXC_ILLEGAL_ENCODING);
    ck_assert_int_eq(memcmp(&r.insn, &word, sizeof word), 0);     /* the word as given */
    ck_assert_uint_eq(r.pc, 0x40);
    ck_assert_uint_eq(r.after.run, WR_WARP_FAULTED);
    ck_assert_uint_eq(r.nwrites, 1);
    EXPECT_WRITE(&r, RUNSTATE, 0, 0, 1, WR_RUNSTATE_VALUE(WR_WARP_FAULTED, 0));
}
END_TEST

START_TEST(names_from_the_lists)
{
    ck_assert_str_eq(wr_exception_name(WR_EXC_WARPSYNC_GROUP_MISMATCH), "WARPSYNC_GROUP_MISMATCH");
    ck_assert_str_eq(wr_exception_name(WR_EXC_COUNT), "UNKNOWN");
    ck_assert_str_eq(wr_warning_name(WR_WARN_OPERAND_NOT_UNIFORM), "OPERAND_NOT_UNIFORM");
    ck_assert_str_eq(wr_run_state_name(WR_WARP_FAULTED), "faulted");
    ck_assert_str_eq(wr_event_name(WR_EV_RELEASE), "release");
    ck_assert_str_eq(wr_end_name(WR_END_LIVELOCK), "livelock");
    ck_assert_str_eq(wr_end_name(WR_END_COUNT), "unknown");
    ck_assert_str_eq(wr_write_kind_name(WR_WRITE_RUNSTATE), "runstate");
    ck_assert_str_eq(wr_fetch_fault_name(WR_FETCH_MISALIGNED), "misaligned pc");
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("api");
    TCase *tc = tcase_create("launch");
    tcase_add_test(tc, config_defaults);
    tcase_add_test(tc, config_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, step_refuses_bad_calls);
    tcase_add_test(tc, broken_invariant_is_returned);
    tcase_add_test(tc, event_capacity_overflow_is_an_error);
    tcase_add_test(tc, names_from_the_lists);
    suite_add_tcase(s, tc);
    tc = tcase_create("record");
    tcase_add_test(tc, record_of_a_reduction_completing);
    tcase_add_test(tc, record_undefined_is_one_representation);
    tcase_add_test(tc, record_pair_is_two_entries);
    tcase_add_test(tc, record_bookkeeping_apart);
    tcase_add_test(tc, record_of_an_illegal_word);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
