/* test_api.c - the model's contract with its drivers: the launch
 * configuration, errors as values (never an abort), events never dropped
 * silently. */
#include <string.h>
#include "unit.h"

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
    wr_effect e;
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
    wr_effect e;
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
        wr_effect e;
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

START_TEST(names_from_the_lists)
{
    ck_assert_str_eq(wr_exception_name(WR_EXC_WARPSYNC_GROUP_MISMATCH), "WARPSYNC_GROUP_MISMATCH");
    ck_assert_str_eq(wr_exception_name(WR_EXC_COUNT), "UNKNOWN");
    ck_assert_str_eq(wr_warning_name(WR_WARN_OPERAND_NOT_UNIFORM), "OPERAND_NOT_UNIFORM");
    ck_assert_str_eq(wr_run_state_name(WR_WARP_FAULTED), "faulted");
    ck_assert_str_eq(wr_event_name(WR_EV_RELEASE), "release");
    ck_assert_str_eq(wr_end_name(WR_END_LIVELOCK), "livelock");
    ck_assert_str_eq(wr_end_name(WR_END_COUNT), "unknown");
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
    srunner_add_suite(sr, s);
}
