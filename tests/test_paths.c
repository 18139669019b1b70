/* test_paths.c - the semantic paths (warpref/paths.h, paths.def): the list
 * itself, the explanation of a step (wr_explain) with every placeholder,
 * the coverage table, the paths that only a word the assembler never
 * writes reaches (their explanation pinned here: the programs of
 * tests/programs pin the others, tests/check_paths.py checks that every
 * path is reached by one or is documented unreachable), a step's paths in
 * order, and the lockstep checker's coverage and dump. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

/* ---- the list ------------------------------------------------------------ */

static int rule_list_ok(const char *r)
{
    /* "N-21" or "H-3", comma-separated, nothing else */
    while (*r) {
        if ((r[0] != 'N' && r[0] != 'H') || r[1] != '-' || r[2] < '0' || r[2] > '9')
            return 0;
        r += 3;
        while (*r >= '0' && *r <= '9')
            r++;
        if (*r == ',')
            r++;
        else if (*r)
            return 0;
    }
    return 1;
}

START_TEST(paths_list_is_well_formed)
{
    ck_assert_int_gt(WR_PATH_COUNT, 80);
    for (unsigned p = 0; p < WR_PATH_COUNT; p++) {
        const char *n = wr_path_name(p), *dot = strchr(n, '.');
        ck_assert_msg(dot && dot > n && dot[1] && !strchr(dot + 1, '.'), "path %u: name '%s'", p, n);
        ck_assert_msg(rule_list_ok(wr_path_rules(p)) && wr_path_rules(p)[0], "%s: rules '%s'", n,
                      wr_path_rules(p));
        ck_assert_msg(wr_path_reach(p) < WR_REACH_COUNT, "%s: reach", n);
        ck_assert_int_eq(wr_path_by_name(n), (int)p);           /* unique, found */
        ck_assert_msg(wr_path_template(p)[0], "%s: no template", n);
    }
    ck_assert_int_eq(wr_path_by_name("BSYNC.nothing"), -1);
    ck_assert_str_eq(wr_path_name(WR_PATH_COUNT), "?");
    ck_assert_str_eq(wr_path_name(WR_PATH_BSYNC_FULL_SYNC), "BSYNC.full_sync");
    ck_assert_str_eq(wr_path_rules(WR_PATH_BSYNC_SWITCH_OUTSIDE), "N-21,H-1");
    ck_assert_str_eq(wr_reach_name(wr_path_reach(WR_PATH_BSYNC_LATE_RELEASE)), "never");
    ck_assert_str_eq(wr_reach_name(wr_path_reach(WR_PATH_BSYNC_SLEEP_RELEASE)), "hazard");
    ck_assert_str_eq(wr_reach_name(wr_path_reach(WR_PATH_BAR_EXCEPTION)), "error");
    ck_assert_str_eq(wr_reach_name(wr_path_reach(WR_PATH_ILLEGAL_ENCODING)), "word");
    ck_assert_str_eq(wr_reach_name(wr_path_reach(WR_PATH_BSYNC_FULL_SYNC)), "gen");
    ck_assert_str_eq(wr_reach_name(WR_REACH_COUNT), "?");
}
END_TEST

/* every template's placeholders are known: with every value set, no '{'
 * is left, and the line ends with the path and its rules */
START_TEST(paths_every_template_fills)
{
    for (unsigned p = 0; p < WR_PATH_COUNT; p++) {
        wr_why y = { .n = 1, .active = 0xf, .pc = 0x40 };
        y.hit[0] = wr_hit((wr_hit_fields){ .id = (uint16_t)p, .lane = 3, .num = 1, .a = 5, .b = 6, .c = 7 });
        char buf[512], tail[128];
        size_t n = wr_explain(NULL, 0, &y, buf, sizeof buf);
        ck_assert_uint_eq(n, strlen(buf));
        ck_assert_msg(!strchr(buf, '{') && !strchr(buf, '}'), "%s: %s", wr_path_name(p), buf);
        snprintf(tail, sizeof tail, " [%s; ", wr_path_name(p));
        ck_assert_msg(strstr(buf, tail) != NULL, "%s: %s", wr_path_name(p), buf);
    }
}
END_TEST

/* the placeholders one by one, through BSYNC.switch_bmask and others */
START_TEST(paths_explain_placeholders)
{
    wr_insn in = unit_insn(WR_FORM_BSYNC_X);
    in.f[WR_F_BREG] = 2;
    wr_why y = { .n = 1, .active = 0x0000ff00, .pc = 0x80 };
    y.hit[0] = wr_hit((wr_hit_fields){ .id = WR_PATH_BSYNC_SWITCH_BMASK, .lane = 8, .num = 2, .a = 0x0000ff00,
                              .b = 0x0000ff00 });
    char buf[512];
    wr_explain(&in, 0x40, &y, buf, sizeof buf);
    ck_assert_str_eq(buf, "BSYNC B2: not synchronised, bmask=0x0000ff00; switch to waiting non-yield lanes in "
                          "bmask (0x0000ff00) -> lane 8, ActivePC=0x80 [BSYNC.switch_bmask; N-21]");
    /* {la} {lb} {arrived} {acc} {exc} {fault} {da}, and rules once each */
    y.n = 3;
    y.hit[0] = wr_hit((wr_hit_fields){ .id = WR_PATH_BAR_COMPLETE_ON_EXIT, .a = 0x5, .b = 0 });
    y.hit[1] = wr_hit((wr_hit_fields){ .id = WR_PATH_BAR_RED_BLOCK, .num = 1, .a = 0x00514002, .c = 64 });
    y.hit[2] = wr_hit((wr_hit_fields){ .id = WR_PATH_BAR_EXCEPTION, .num = WR_EXC_BAR_CNT_ALIGN, .a = 48, .b = 3 });
    wr_explain(NULL, 0, &y, buf, sizeof buf);
    ck_assert_str_eq(buf, "the exit completes cnt-0 barrier(s) 0,2: warps none woken; barrier 1: 2 warp(s) "
                          "arrived, accumulator 40, cnt 64: not complete, the warp blocks; barrier 3, cnt 48: "
                          "BAR_CNT_ALIGN; nothing changes [BAR.complete_on_exit, BAR.red_block, BAR.exception; "
                          "N-33, N-34, N-31, N-35, N-36, N-37]");
    y.n = 1;
    y.hit[0] = wr_hit((wr_hit_fields){ .id = WR_PATH_FETCH_FAULT, .num = WR_FETCH_MISALIGNED });
    wr_explain(NULL, 0, &y, buf, sizeof buf);
    ck_assert_str_eq(buf, "fetch fault at ActivePC (misaligned pc): the warp faults [FETCH.fault; N-27]");
    y.n = 0;                                     /* a helper's step records none */
    wr_explain(NULL, 0, &y, buf, sizeof buf);
    ck_assert_str_eq(buf, "a helper: no BRU/BCU state, ActivePC = next [HELPER.exec; N-51]");
}
END_TEST

/* snprintf's contract: the whole length returned, the buffer cut and
 * terminated, nothing written with size 0 */
START_TEST(paths_explain_cuts_short)
{
    wr_why y = { .n = 1 };
    y.hit[0] = wr_hit((wr_hit_fields){ .id = WR_PATH_YIELD_NOP, .a = 1 });
    char full[256], small[16];
    size_t n = wr_explain(NULL, 0, &y, full, sizeof full);
    ck_assert_str_eq(full, "no divergence (ActiveMask = ValidMask): ActivePC = next [YIELD.nop; N-22, N-03]");
    memset(small, 'x', sizeof small);
    ck_assert_uint_eq(wr_explain(NULL, 0, &y, small, sizeof small), n);
    ck_assert_str_eq(small, "no divergence (");
    char none = 'x';
    ck_assert_uint_eq(wr_explain(NULL, 0, &y, &none, 0), n);
    ck_assert_int_eq(none, 'x');
}
END_TEST

/* where each rule is defined: docs/rules.md, the ID in lower case; the
 * --explain line ends in the references of its rules, each once */
START_TEST(paths_rule_references)
{
    char ref[WR_RULE_DOC_MAX];
    ck_assert_uint_eq(wr_rule_doc("N-12", 4, ref, sizeof ref), 18);
    ck_assert_str_eq(ref, "docs/rules.md#n-12");
    wr_rule_doc("N-21,H-3" + 5, 3, ref, sizeof ref);
    ck_assert_str_eq(ref, "docs/rules.md#h-3");
    wr_rule_doc("S5", 2, ref, sizeof ref);
    ck_assert_str_eq(ref, "docs/rules.md#s5");
    static const char *const none[] = { "", "-", "?", "N-", "N-21,H-3", "n-12", "N-12x" };
    for (unsigned i = 0; i < sizeof none / sizeof none[0]; i++) {
        ck_assert_uint_eq(wr_rule_doc(none[i], strlen(none[i]), ref, sizeof ref), 0);
        ck_assert_str_eq(ref, "");
    }
    wr_why y = { .n = 2 };
    y.hit[0] = wr_hit((wr_hit_fields){ .id = WR_PATH_YIELD_NOP, .a = 1 });
    y.hit[1] = wr_hit((wr_hit_fields){ .id = WR_PATH_YIELD_NOP, .a = 1 });
    char line[512];
    size_t n = wr_explain_step(3, 1, 0x20, NULL, &y, line, sizeof line);
    ck_assert_str_eq(line, "t=3 warp=1 pc=0x20 no divergence (ActiveMask = ValidMask): ActivePC = next; no divergence "
                           "(ActiveMask = ValidMask): ActivePC = next [YIELD.nop, YIELD.nop; N-22, N-03] "
                           "(docs/rules.md#n-22, docs/rules.md#n-03)");
    ck_assert_uint_eq(n, strlen(line));
    wr_why helper = { .n = 0 };
    wr_explain_step(0, 0, 0, NULL, &helper, line, sizeof line);
    ck_assert_ptr_nonnull(strstr(line, "[HELPER.exec; N-51] (docs/rules.md#n-51)"));
    char small[8];
    ck_assert_uint_eq(wr_explain_step(3, 1, 0x20, NULL, &y, small, sizeof small), n);
    ck_assert_str_eq(small, "t=3 war");
}
END_TEST

/* ---- coverage ---------------------------------------------------------------- */

START_TEST(paths_coverage_add_and_table)
{
    wr_coverage cov;
    memset(&cov, 0, sizeof cov);
    wr_why y = { .n = 2 };
    y.hit[0] = wr_hit((wr_hit_fields){ .id = WR_PATH_BSYNC_FULL_SYNC });
    y.hit[1] = wr_hit((wr_hit_fields){ .id = WR_PATH_BAR_COMPLETE_ON_EXIT });
    wr_coverage_add(&cov, &y);
    wr_coverage_add(&cov, &y);
    ck_assert_uint_eq(cov.hits[WR_PATH_BSYNC_FULL_SYNC], 2);
    ck_assert_uint_eq(cov.hits[WR_PATH_BAR_COMPLETE_ON_EXIT], 2);
    FILE *f = tmpfile();
    ck_assert_int_eq(wr_coverage_write(f, &cov), 0);
    rewind(f);
    char line[256];
    unsigned rows = 0;
    ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
    ck_assert_str_eq(line, "# path                                 hits  rules          reach\n");
    while (fgets(line, sizeof line, f)) {
        if (rows == WR_PATH_BSYNC_FULL_SYNC)
            ck_assert_str_eq(line, "BSYNC.full_sync                           2  N-21           gen\n");
        if (rows == WR_PATH_BSYNC_LATE_RELEASE)
            ck_assert_str_eq(line, "BSYNC.late_release                        0  N-21           never\n");
        rows++;
    }
    ck_assert_uint_eq(rows, WR_PATH_COUNT);
    fclose(f);
}
END_TEST

/* ---- paths only a word reaches (reach `word`) ---------------------------- */

/* an undecodable word: ILLEGAL_ENCODING, nothing else (N-37) */
START_TEST(N_37_path_illegal_encoding)
{
    wr_cta c;
    unit_cta(&c, 32, 0);
    wr_word w = { { 0xff, 0, 0, 0 } };           /* optype 0xff: no such instruction */
    wr_operands o;
    memset(&o, 0, sizeof o);
    wr_retire r;
    ck_assert_int_eq(wr_step_word(&c, 0, &w, &o, &r), 0);
    ck_assert_uint_eq(r.why.n, 1);
    ck_assert_uint_eq(wr_hit_id(r.why.hit[0]), WR_PATH_ILLEGAL_ENCODING);
    char buf[256];
    wr_explain(NULL, r.pc, &r.why, buf, sizeof buf);
    ck_assert_str_eq(buf, "the word is no instruction: ILLEGAL_ENCODING, nothing changes [ILLEGAL.encoding; N-37]");
}
END_TEST

/* a BRA with a UR operand and neither .DIV nor .CONV, built by hand (the
 * assembler and the decoder refuse it): ILLEGAL_ENCODING (N-11, N-37) */
START_TEST(N_11_path_ur_without_div_or_conv)
{
    wr_cta c;
    unit_cta(&c, 32, 0);
    wr_insn in = unit_insn(WR_FORM_BRA_U);
    in.f[WR_F_COND] = 1;                          /* .U */
    wr_operands o;
    memset(&o, 0, sizeof o);
    wr_retire r;
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.exception, WR_EXC_ILLEGAL_ENCODING);
    ck_assert_uint_eq(r.why.n, 1);
    char buf[256];
    wr_explain(NULL, r.pc, &r.why, buf, sizeof buf);
    ck_assert_str_eq(buf, "a UR operand needs .DIV or .CONV: ILLEGAL_ENCODING [BRA.ur_illegal; N-11, N-37]");
}
END_TEST

/* ---- a step's paths: in the order taken, with ActivePC/ActiveMask after ----- */

START_TEST(paths_step_records_in_order)
{
    wr_cta c;
    unit_cta(&c, 32, 0);
    wr_warp *w = &c.warp[0];
    w->active = 0x0000ff00;                      /* lanes 0..7 wait at 0x80 */
    for (unsigned l = 0; l < 8; l++)
        w->rpc[l] = 0x80;
    w->valid = 0x0000ffff;
    wr_insn in = unit_insn(WR_FORM_YIELD_X);
    wr_operands o;
    memset(&o, 0, sizeof o);
    wr_retire r;
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.why.n, 3);
    ck_assert_uint_eq(wr_hit_id(r.why.hit[0]), WR_PATH_YIELD_SWITCHMASK_RESET);
    ck_assert_uint_eq(wr_hit_id(r.why.hit[1]), WR_PATH_YIELD_SWITCH);
    ck_assert_uint_eq(wr_hit_id(r.why.hit[2]), WR_PATH_YIELD_SWITCHMASK_REFILL);
    r.why.pc = r.after.active_pc;                 /* the explainer's (paths.h) */
    r.why.active = r.after.active;
    ck_assert_uint_eq(r.why.pc, 0x80);
    ck_assert_uint_eq(r.why.active, 0x000000ff);
    char buf[512];
    wr_explain(&in, r.pc, &r.why, buf, sizeof buf);
    ck_assert_str_eq(buf, "YIELD: SwitchMask holds no waiting lane: reset to ValidMask ^ ActiveMask = 0x000000ff; "
                          "lanes 0x0000ff00 yield, resuming after the YIELD; switch to a non-yield lane of "
                          "SwitchMask 0x000000ff -> lane 0, ActivePC=0x80, ActiveMask=0x000000ff; no other waiting "
                          "lane in SwitchMask: refilled with ValidMask ^ ActiveMask = 0x0000ff00 "
                          "[YIELD.switchmask_reset, YIELD.switch, YIELD.switchmask_refill; N-22]");
}
END_TEST

/* a configuration that records no paths leaves `why` as it was: a plain
 * run's steps make no stores for them (wr_config.record_paths) */
START_TEST(paths_not_recorded_when_nobody_asks)
{
    wr_config cfg;
    wr_config_init(&cfg, 32);
    ck_assert_uint_eq(cfg.record_paths, 1);
    cfg.record_paths = 0;
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), 0);
    wr_insn in = unit_insn(WR_FORM_BSSY_I);
    wr_operands o;
    memset(&o, 0, sizeof o);
    wr_retire r;
    r.why.n = 77;
    unit_step(&c, 0, &in, &o, &r);
    ck_assert_uint_eq(r.why.n, 77);
    ck_assert_uint_eq(c.warp[0].breg[0], 0xffffffffu);     /* the step itself as ever */
}
END_TEST

/* ---- the runner: coverage up to the end of the run ---------------------------- */

/* a livelock ends at its first repeated turn (N-55): the coverage counts the
 * steps up to there, as the trace does, not the re-runs that find it */
START_TEST(paths_run_coverage_stops_with_the_trace)
{
    static const char *const text =
        "S2R R0, SR_LANEID ;\n"
        ".L_loop: NOP ;\n"
        "BRA `(.L_loop) ;\n";
    wr_program p;
    char err[256];
    ck_assert_int_eq(wr_assemble(text, "t.s", &p, err, sizeof err), 0);
    wr_coverage cov;
    memset(&cov, 0, sizeof cov);
    wr_run_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.coverage = &cov;
    wr_runner *r = wr_runner_new(&p, &ro, err, sizeof err);
    wr_run_result res;
    ck_assert_int_eq(wr_runner_run(r, &res), 0);
    ck_assert_int_eq(res.end, WR_END_LIVELOCK);
    ck_assert_uint_gt(res.executed, res.steps);        /* the search ran more */
    uint64_t total = 0;
    for (unsigned k = 0; k < WR_PATH_COUNT; k++)
        total += cov.hits[k];
    /* every step one path, but each BRA two (cond_none, BRANCH.all) */
    ck_assert_uint_eq(cov.hits[WR_PATH_BRANCH_ALL], cov.hits[WR_PATH_BRA_COND_NONE]);
    ck_assert_uint_eq(total, res.steps + cov.hits[WR_PATH_BRANCH_ALL]);
    ck_assert_uint_eq(cov.hits[WR_PATH_HELPER], res.steps - cov.hits[WR_PATH_BRANCH_ALL]);
    wr_runner_free(r);
    wr_program_free(&p);
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("paths");
    TCase *tc = tcase_create("paths");
    tcase_add_test(tc, paths_list_is_well_formed);
    tcase_add_test(tc, paths_every_template_fills);
    tcase_add_test(tc, paths_explain_placeholders);
    tcase_add_test(tc, paths_explain_cuts_short);
    tcase_add_test(tc, paths_coverage_add_and_table);
    tcase_add_test(tc, N_37_path_illegal_encoding);
    tcase_add_test(tc, N_11_path_ur_without_div_or_conv);
    tcase_add_test(tc, paths_rule_references);
    tcase_add_test(tc, paths_step_records_in_order);
    tcase_add_test(tc, paths_not_recorded_when_nobody_asks);
    tcase_add_test(tc, paths_run_coverage_stops_with_the_trace);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
