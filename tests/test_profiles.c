/* test_profiles.c - the profiles of SPEC-NOTES section 8: sass (seed 001,
 * S-01..S-15), ptx (seed 002, P-01..P-11), visa (seed 004, V-01..V-11) and
 * the general rules G-01, G-02; one test case (or more) per rule ID.
 *
 * Instructions come from the assembler under the profile (one line each);
 * operands are filled directly.  Every expected value is worked out by hand
 * from the spec.  The native state word (N-38) is
 *   arrived | expected << 6 | mode << 13 | op << 15 | acc << 17 | def << 28
 * (mode 1 = 0x2000, 2 = 0x4000; op OR = 0x8000, POPC = 0x10000, SCAN (3) =
 * 0x18000; acc 1 = 0x20000; bit 28 = 0x10000000); visa's (V-11) is
 *   producers | consumers << 6 | np << 12 | nc << 18 | complete << 24 | waited << 25.
 */
#include <string.h>
#include "unit.h"

#define ALL 0xffffffffu
#define RNR { WR_EV_WARNING, WR_WARN_RESULT_NOT_READ, 0 }
#define TRAPEV(i) { WR_EV_TRAP, 0, (i) }
#define RTTEV { WR_EV_RTT, 0, 0 }
#define SYSCALLEV { WR_EV_SYSCALL, 0, 0 }
enum { NATIVE = WR_PROFILE_NATIVE, SASS = WR_PROFILE_SASS, PTX = WR_PROFILE_PTX, VISA = WR_PROFILE_VISA };

/* ---- helpers ------------------------------------------------------------- */

/* a CTA of `threads` under `profile` (trap_mode: sass --trap-mode) */
static void pcta(wr_cta *c, unsigned profile, unsigned threads, int trap_mode)
{
    wr_config cfg;
    wr_config_init(&cfg, threads);
    cfg.profile = profile;
    cfg.trap_mode = (unsigned)trap_mode;
    ck_assert_msg(wr_cta_init(c, &cfg) == 0, "launch refused: %s", wr_cta_errmsg(c));
}

/* one line assembled under `profile` (WR_PROFILE_ANY: its .profile) */
static wr_insn I(int profile, const char *line)
{
    wr_program p;
    char err[512];
    int rc = wr_assemble_as(line, "t.s", profile, &p, err, sizeof err);
    ck_assert_msg(rc == 0, "'%s' does not assemble: %s", line, err);
    wr_insn in = p.insns[p.ninsns - 1];
    wr_program_free(&p);
    return in;
}

/* the assembler's message for text under `profile` (it must fail) */
static void asm_fails(int profile, const char *text, const char *msg)
{
    wr_program p;
    char err[512];
    ck_assert_int_eq(wr_assemble_as(text, "t.s", profile, &p, err, sizeof err), -1);
    ck_assert_str_eq(err, msg);
}

/* step warp w with no operand values but predicate Pp/Pc lanes `pp` */
static void run1(wr_cta *c, unsigned w, const wr_insn *in, uint32_t pp, wr_retire *e)
{
    wr_operands o = ops0();
    o.pp = pp;
    unit_step(c, w, in, &o, e);
}

/* the step raises `exc`; nothing but the warp's run state changes (N-37) */
static void expect_exc(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o, unsigned exc, int line)
{
    wr_cta before;
    wr_retire e;
    memcpy(&before, c, sizeof before);
    unit_step(c, w, in, o, &e);
    ck_assert_msg(e.exception == exc, "line %d: exception %u (%s), expected %u (%s)", line, e.exception,
                  wr_exception_name(e.exception), exc, wr_exception_name(exc));
    before.warp[w].run = WR_WARP_FAULTED;
    ck_assert_msg(memcmp(&before, c, sizeof before) == 0, "line %d: state changed", line);
    ck_assert_uint_eq(e.ev[e.nev - 1].kind, WR_EV_EXCEPTION);
}
#define EXPECT_EXC(c, w, in, o, name) expect_exc((c), (w), (in), (o), WR_EXC_##name, __LINE__)

/* warp w divergent: `active` lanes at pc, the other valid lanes waiting at `other` */
static void diverge(wr_cta *c, unsigned w, uint32_t active, uint64_t pc, uint64_t other)
{
    wr_warp *wp = &c->warp[w];
    wp->active = active;
    wp->active_pc = pc;
    for (unsigned l = 0; l < WR_LANES; l++)
        wp->rpc[l] = (active >> l & 1u) ? pc : other;
}

/* ---- G-01, G-02 ------------------------------------------------------------ */

START_TEST(G_01_mnemonics_of_the_profile_only)
{
    asm_fails(VISA, "BAR.SYNC 0x0", "t.s:1:1: error: 'BAR.SYNC' is not an instruction of the visa profile "
                                    "(SPEC-NOTES G-01)");
    asm_fails(NATIVE, "barrier.sync 0x0", "t.s:1:1: error: 'barrier.sync' is not an instruction of the native "
                                          "profile (SPEC-NOTES G-01)");
    asm_fails(PTX, "B2R.WARP R1", "t.s:1:1: error: 'B2R.WARP' is not an instruction of the ptx profile "
                                  "(SPEC-NOTES G-01)");
    asm_fails(VISA, "R2B.WARP R1", "t.s:1:1: error: 'R2B.WARP' is not an instruction of the visa profile "
                                   "(SPEC-NOTES G-01)");
    /* under ptx BAR.SYNC is bar.sync: barrier.sync.aligned */
    wr_insn in = I(PTX, "BAR.SYNC 0x1");
    ck_assert_uint_eq(in.form, WR_FORM_PBAR_SYNC_I);
    ck_assert_uint_eq(wr_f_ALIGNED(&in), 1);
    ck_assert_str_eq(wr_op_name(&in), "barrier.sync.aligned");
    /* sass keeps B2R/R2B (seed 001 reads the result through them) and the branch unit */
    ck_assert_uint_eq(I(SASS, "B2R.WARP R1").form, WR_FORM_B2R_I);
    ck_assert_uint_eq(I(VISA, "WARPSYNC 0xffffffff").form, WR_FORM_WARPSYNC_I);
}
END_TEST

START_TEST(G_01_directive_and_command_line)
{
    wr_program p;
    char err[512];
    const char *text = "BAR.SCAN 0x1, 0x40, P0\n.profile sass\n";     /* anywhere in the file */
    ck_assert_int_eq(wr_assemble(text, "t.s", &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.profile, SASS);
    ck_assert_uint_eq(p.insns[0].form, WR_FORM_SBAR_SCAN_I);
    wr_program_free(&p);
    /* the command line wins: under native, BAR.SCAN is BAR with a modifier it lacks */
    asm_fails(NATIVE, text, "t.s:1:5: error: unknown modifier '.SCAN' for BAR (expected .SYNC or .ARV)");
    asm_fails(WR_PROFILE_ANY, ".profile ptx\n.profile sass\nNOP\n",
              "t.s:2:1: error: duplicate .profile (first at line 1)");
    asm_fails(WR_PROFILE_ANY, ".profile cuda\nNOP\n", "t.s:1:10: error: .profile: expected native, sass, ptx or visa");
    ck_assert_int_eq(wr_assemble("BAR.SYNC 0x0\n", "t.s", &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.profile, NATIVE);                               /* else native */
    wr_program_free(&p);
}
END_TEST

START_TEST(G_01_words_of_another_profile)
{
    wr_cta c;
    wr_operands o = ops0();
    pcta(&c, PTX, 32, 0);
    wr_insn in = I(NATIVE, "BAR.SYNC 0x0");
    EXPECT_EXC(&c, 0, &in, &o, ILLEGAL_ENCODING);       /* not a ptx instruction */
    pcta(&c, NATIVE, 32, 0);
    in = I(SASS, "BAR.SYNC 0x0");
    EXPECT_EXC(&c, 0, &in, &o, ILLEGAL_ENCODING);
    /* the word loader of disasm: `BAR.SYNC 0x1, 0x40` under sass (hand-encoded:
     * optype 0x50, stype I = 1, PG = 7, BARID bit 40, CNT bits 55:44) */
    wr_program p;
    char err[512];
    const char *words = "0x00000000000000000004010000007150\n";
    ck_assert_int_eq(wr_load_words_as(words, "w.hex", SASS, &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.insns[0].form, WR_FORM_SBAR_SYNC_I);
    ck_assert_uint_eq(wr_f_BARID(&p.insns[0]), 1);
    ck_assert_uint_eq(wr_f_CNT(&p.insns[0]), 0x40);
    wr_program_free(&p);
    ck_assert_int_eq(wr_load_words(words, "w.hex", &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: BAR.SYNC (SBAR_SYNC_I) is not an instruction of the native profile");
}
END_TEST

START_TEST(G_01_barrier_counts_from_the_profile)
{
    static const unsigned nbars[] = { [NATIVE] = 16, [SASS] = 17, [PTX] = 16, [VISA] = 32 };
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++) {
        wr_cta c;
        pcta(&c, p, 32, 0);
        ck_assert_uint_eq(c.nbars, nbars[p]);
        ck_assert_uint_eq(c.max_events, nbars[p] + 8);
        ck_assert_uint_eq(c.profile, p);
    }
    wr_config cfg;
    wr_config_init(&cfg, 32);
    cfg.profile = PTX;
    cfg.trap_mode = 1;                                  /* S-13: sass only */
    wr_cta c;
    ck_assert_int_eq(wr_cta_init(&c, &cfg), -1);
    ck_assert_str_eq(wr_cta_errmsg(&c), "trap mode is a sass setting, not one of profile ptx");
}
END_TEST

START_TEST(G_02_operand_not_uniform_bits)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    /* sass RR: barrier Ra[3:0], count Ra[27:16]; bit 28 is not read */
    pcta(&c, SASS, 64, 0);
    wr_insn in = I(SASS, "BAR.ARV R2, R2");
    fill(o.ra, 0x00400003);
    for (unsigned l = 16; l < 32; l++)
        o.ra[l] = 0x10400003;
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(3));
    for (unsigned l = 16; l < 32; l++)
        o.ra[l] = 0x00410003;                               /* bit 16 differs */
    unit_step(&c, 1, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(3), RELEASE(3, 0));          /* lane 0's count, 0x40 */
    /* ptx: a[3:0], b[11:0] */
    pcta(&c, PTX, 64, 0);
    in = I(PTX, "barrier.arrive.aligned R2, R3");
    fill(o.ra, 0x3);
    fill(o.rb, 0x40);
    o.rb[31] = 0x1040;                                      /* bit 12: not read */
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(3));
    o.rb[31] = 0x840;                                       /* bit 11 differs */
    unit_step(&c, 1, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(3), RELEASE(3, 0));
    /* visa: all 32 bits */
    pcta(&c, VISA, 32, 0);
    in = I(VISA, "NBARRIER.signal R1, 0x1");
    fill(o.ra, 0x1);
    o.ra[9] = 0x80000001;
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(1), RELEASE(1, 0));          /* lane 0's id, 1 */
}
END_TEST

/* ---- sass (seed 001) ------------------------------------------------------- */

START_TEST(S_01_sass_forms)
{
    static const struct { const char *text; wr_form form; const char *op; } t[] = {
        { "BAR.SYNC 0x1", WR_FORM_SBAR_SYNC_I, "BAR.SYNC" },
        { "BAR.SYNC 0x1, R4", WR_FORM_SBAR_SYNC_RIR, "BAR.SYNC" },
        { "BAR.ARV 0x1, 0x40", WR_FORM_SBAR_ARV_I, "BAR.ARV" },
        { "BAR.RED.POPC 0x1, !P2", WR_FORM_SBAR_RED_I, "BAR.RED.POPC" },
        { "BAR.RED.AND R5, R5, P0", WR_FORM_SBAR_RED_RR, "BAR.RED.AND" },
        { "BAR.SCAN 0x3, 0x40, !P2", WR_FORM_SBAR_SCAN_I, "BAR.SCAN" },
        { "BAR.SYNCALL", WR_FORM_SBAR_SYNCALL_X, "BAR.SYNCALL" },
        { "B2R.RESULT R3", WR_FORM_SB2R_RESULT_X, "B2R.RESULT" },
        { "BAR.RESULT R3, P1", WR_FORM_SB2R_RESULT_X, "B2R.RESULT" },   /* S-12: accepted */
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_insn in = I(SASS, t[i].text);
        ck_assert_msg(in.form == t[i].form, "%s: form %s", t[i].text, wr_forms[in.form].name);
        ck_assert_str_eq(wr_op_name(&in), t[i].op);
    }
    /* BAR.SCAN 0x3, 0x40, !P2: optype 0x53, stype I (1), PG 7 (bits 14:12);
     * BARID 3 at bit 40, CNT 0x40 at bit 44, PP 2 at bit 98, PP_NOT bit 101 */
    wr_program p;
    char err[512], w[35];
    ck_assert_int_eq(wr_assemble_as("BAR.SCAN 0x3, 0x40, !P2", "t.s", SASS, &p, err, sizeof err), 0);
    wr_word_format(&p.words[0], w);
    ck_assert_str_eq(w, "0x00000028000000000004030000007153");
    wr_program_free(&p);
}
END_TEST

START_TEST(S_02_operands_one_register)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 128, 0);
    wr_insn rr = I(SASS, "BAR.ARV R2, R2");
    fill(o.ra, 0x00400003);                     /* barrier 3, count 0x40 */
    unit_step(&c, 0, &rr, &o, &e);
    EVENTS(&e, ARRIVE(3));
    ck_assert_uint_eq(c.bar[3].word, 0x2081);   /* arrived 1, expected 2, mode 1 */
    wr_insn rri = I(SASS, "BAR.ARV R2, 0x60");
    fill(o.ra, 0x00400005);                     /* barrier Ra[3:0] = 5; [27:16] not read */
    unit_step(&c, 0, &rri, &o, &e);
    EVENTS(&e, ARRIVE(5));
    ck_assert_uint_eq(c.bar[5].word, 0x20c1);   /* expected 3 */
    wr_insn rir = I(SASS, "BAR.ARV 0x6, R7");
    o = ops0();
    fill(o.rb, 0xfffff080);                     /* count Rb[11:0] = 0x80 */
    unit_step(&c, 0, &rir, &o, &e);
    EVENTS(&e, ARRIVE(6));
    ck_assert_uint_eq(c.bar[6].word, 0x2101);   /* expected 4 */
}
END_TEST

START_TEST(S_03_b2r_result_values)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, SASS, 64, 0);
    wr_insn popc = I(SASS, "BAR.RED.POPC 0x1, P0");
    wr_insn result = I(SASS, "B2R.RESULT R3, P1");
    run1(&c, 0, &popc, 0x0000000f, &e);
    EVENTS(&e, BLOCK(1));
    run1(&c, 1, &popc, 0x00000003, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    run1(&c, 0, &result, 0, &e);                /* POPC: Rd = 6, Pd = (6 != 0) */
    ck_assert_uint_eq(rec_rd(&e), 3);
    ck_assert_uint_eq(rec_rd_mask(&e), ALL);
    ck_assert_uint_eq(rec_rd_val(&e, 17), 6);
    ck_assert_uint_eq(rec_rd_undef(&e), 0);
    ck_assert_uint_eq(rec_pd(&e), 1);
    ck_assert_uint_eq(rec_pd_val(&e), ALL);
    ck_assert_uint_eq(rec_pd_undef(&e), 0);
    wr_insn and_ = I(SASS, "BAR.RED.AND 0x2, P0");
    run1(&c, 0, &and_, ALL, &e);
    run1(&c, 1, &and_, ALL, &e);
    run1(&c, 1, &result, 0, &e);                /* AND true: Rd = 0xffffffff */
    ck_assert_uint_eq(rec_rd_val(&e, 0), 0xffffffffu);
    ck_assert_uint_eq(rec_pd_val(&e), ALL);
    wr_insn or_ = I(SASS, "BAR.RED.OR 0x3, P0");
    run1(&c, 0, &or_, 0, &e);
    run1(&c, 1, &or_, 0, &e);
    run1(&c, 0, &result, 0, &e);                /* OR false: Rd = 0, Pd = 0 */
    ck_assert_uint_eq(rec_rd_val(&e, 31), 0);
    ck_assert_uint_eq(rec_pd_mask(&e), ALL);
    ck_assert_uint_eq(rec_pd_val(&e), 0);
    ck_assert_uint_eq(rec_pd_undef(&e), 0);
}
END_TEST

START_TEST(S_04_scan_exclusive_prefix)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, SASS, 96, 0);
    wr_insn scan = I(SASS, "BAR.SCAN 0x2, 0x60, P0");
    /* arrived | 3 << 6 | mode 2 | op 3 (0x18000) | acc << 17 (| bit 28) */
    run1(&c, 0, &scan, 0x1f, &e);               /* 5 true, prefix 0 */
    EVENTS(&e, ARRIVE(2));                      /* no wait */
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    ck_assert_uint_eq(c.bar[2].word, 0x000bc0c1);
    ck_assert_uint_eq(c.warp[0].bar_state, 0x1001c0c1);
    ck_assert_uint_eq(rec_write(&e, WR_WRITE_WARPBAR, 0, 0)->value[0], 0x1001c0c1);
    run1(&c, 1, &scan, 0x7, &e);                /* 3 true, prefix 5 */
    EVENTS(&e, ARRIVE(2));
    ck_assert_uint_eq(c.bar[2].word, 0x0011c0c2);
    ck_assert_uint_eq(c.warp[1].bar_state, 0x100bc0c2);
    run1(&c, 2, &scan, 0x7f, &e);               /* 7 true, prefix 8; completes */
    EVENTS(&e, ARRIVE(2), RELEASE(2, 0));
    ck_assert_uint_eq(c.warp[2].bar_state, 0x1011c0c3);
    ck_assert_uint_eq(c.bar[2].word, 0);
    wr_insn result = I(SASS, "B2R.RESULT R4, P1");
    run1(&c, 1, &result, 0, &e);                /* after SCAN: Rd = the prefix */
    ck_assert_uint_eq(rec_rd_val(&e, 3), 5);
    ck_assert_uint_eq(rec_pd_val(&e), ALL);
}
END_TEST

START_TEST(S_05_result_not_read)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, SASS, 32, 0);
    wr_insn red = I(SASS, "BAR.RED.OR 0x0, P0");
    run1(&c, 0, &red, 1, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    wr_insn arv = I(SASS, "BAR.ARV 0x1, 0x20");
    run1(&c, 0, &arv, 0, &e);
    EVENTS(&e, RNR, ARRIVE(1), RELEASE(1, 0));  /* the result stays unread */
    wr_insn sync = I(SASS, "BAR.SYNC 0x2");
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, RNR, ARRIVE(2), RELEASE(2, 0));
    wr_insn result = I(SASS, "B2R.RESULT R1");
    run1(&c, 0, &result, 0, &e);
    NO_EVENTS(&e);
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, ARRIVE(2), RELEASE(2, 0));       /* read: no warning */
}
END_TEST

START_TEST(S_06_syncall_trap_mode_only)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 64, 0);
    wr_insn all = I(SASS, "BAR.SYNCALL");
    EXPECT_EXC(&c, 0, &all, &o, ILLEGAL_INSTR_ENCODING);  /* user mode */
    pcta(&c, SASS, 64, 0);
    wr_insn trap = I(SASS, "TRAP 0x5");
    run1(&c, 0, &trap, 0, &e);
    EVENTS(&e, TRAPEV(5));
    run1(&c, 0, &all, 0, &e);
    EVENTS(&e, BLOCK(16));                      /* the dedicated barrier */
    ck_assert_uint_eq(c.bar[16].word, 0x2001);  /* arrived 1, all warps, mode 1 */
    ck_assert_uint_eq(rec_bars(&e), 1u << 16);
    run1(&c, 1, &trap, 0, &e);
    run1(&c, 1, &all, 0, &e);
    EVENTS(&e, ARRIVE(16), RELEASE(16, 0x1));
}
END_TEST

START_TEST(S_07_unpredictable_in_trap_mode)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 128, 1);                     /* --trap-mode */
    wr_insn sync = I(SASS, "BAR.SYNC 0x0");
    wr_insn arv = I(SASS, "BAR.ARV 0x0, 0x20");
    wr_insn red = I(SASS, "BAR.RED.POPC 0x0, P0");
    EXPECT_EXC(&c, 0, &sync, &o, UNPREDICTABLE);
    EXPECT_EXC(&c, 1, &arv, &o, UNPREDICTABLE);
    EXPECT_EXC(&c, 2, &red, &o, UNPREDICTABLE);
    wr_insn scan = I(SASS, "BAR.SCAN 0x0, 0x20, PT");
    run1(&c, 3, &scan, 0, &e);                  /* S-14: SCAN is allowed */
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
}
END_TEST

START_TEST(S_08_count_multiple_of_32)
{
    wr_cta c;
    wr_operands o = ops0();
    pcta(&c, SASS, 64, 0);
    wr_insn sync = I(SASS, "BAR.SYNC 0x1, 0x30");
    EXPECT_EXC(&c, 0, &sync, &o, BAR_CNT_ALIGN);
}
END_TEST

START_TEST(S_09_zero_count_all_threads)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 64, 0);
    wr_insn arv = I(SASS, "BAR.ARV 0x1, 0x0");
    unit_step(&c, 0, &arv, &o, &e);
    EVENTS(&e, ARRIVE(1));                      /* no BAR_ARV_ZERO_CNT */
    ck_assert_uint_eq(c.bar[1].word, 0x2001);   /* expected 0: all warps */
    wr_insn rz = I(SASS, "BAR.ARV 0x1, RZ");
    unit_step(&c, 1, &rz, &o, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0));
}
END_TEST

START_TEST(S_10_register_form_and_missing_count)
{
    asm_fails(SASS, "BAR.SYNC R5, R6", "t.s:1:14: error: operand 2 of BAR.SYNC must repeat operand 1 ('R5'): "
                                       "this form names one register twice");
    ck_assert_uint_eq(I(SASS, "BAR.SYNC R5, R5").form, WR_FORM_SBAR_SYNC_RR);
    wr_insn in = I(SASS, "BAR.RED.OR R0, P1");
    ck_assert_uint_eq(in.form, WR_FORM_SBAR_RED_RRI);
    ck_assert_uint_eq(wr_f_CNT(&in), 0);
    in = I(SASS, "BAR.SYNC R4");
    ck_assert_uint_eq(in.form, WR_FORM_SBAR_SYNC_RRI);
    ck_assert_uint_eq(wr_f_CNT(&in), 0);
    asm_fails(SASS, "BAR.ARV R4", "t.s:1:11: error: missing operand for BAR.ARV: expected a GPR or an immediate");
    asm_fails(SASS, "BAR.SCAN 0x1, P0", "t.s:1:15: error: operand 2 of BAR.SCAN: expected a GPR or an immediate, "
                                        "got 'P0'");
    /* BAR.RED R0, P1: barrier R0[3:0], all threads */
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 32, 0);
    fill(o.ra, 0x00400007);
    in = I(SASS, "BAR.RED.OR R0, P1");
    unit_step(&c, 0, &in, &o, &e);
    EVENTS(&e, ARRIVE(7), RELEASE(7, 0));
    ck_assert_uint_eq(c.warp[0].bar_state, 0x1000c001);  /* arrived 1, expected 0, OR, acc 0 */
}
END_TEST

START_TEST(S_11_scan_is_a_reduction_arrival)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 96, 0);
    wr_insn scan = I(SASS, "BAR.SCAN 0x4, 0x40, P0");
    run1(&c, 0, &scan, 0x3, &e);
    ck_assert_uint_eq(c.bar[4].word, 0x0005c081);        /* expected 2, mode 2, op 3, acc 2 */
    wr_insn sync = I(SASS, "BAR.SYNC 0x4, 0x40");
    EXPECT_EXC(&c, 1, &sync, &o, BAR_MODE_MISMATCH);
    wr_insn popc = I(SASS, "BAR.RED.POPC 0x4, 0x40, P0");
    EXPECT_EXC(&c, 2, &popc, &o, BAR_MODE_MISMATCH);     /* another op */
    pcta(&c, SASS, 64, 0);
    run1(&c, 0, &scan, 0x3, &e);
    run1(&c, 1, &scan, 0x1, &e);                         /* completes */
    EVENTS(&e, ARRIVE(4), RELEASE(4, 0));
    ck_assert_ptr_null(rec_write(&e, WR_WRITE_WARPBAR, 0, 0));  /* nothing to warp 0 */
    ck_assert_uint_eq(c.warp[0].bar_state, 0x1001c081);  /* still its own prefix 0 */
    ck_assert_uint_eq(c.warp[1].bar_state, 0x1005c082);  /* prefix 2 */
}
END_TEST

START_TEST(S_12_warnings_first_and_reads)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 64, 0);
    wr_insn red = I(SASS, "BAR.RED.AND 0x0, 0x20, P0");
    run1(&c, 0, &red, ALL, &e);                          /* unread */
    wr_insn rr = I(SASS, "BAR.SYNC R2, R2");
    fill(o.ra, 0x00300001);                              /* count 0x30: not aligned */
    o.ra[4] = 0x00300002;                                /* and not uniform */
    wr_cta before;
    memcpy(&before, &c, sizeof c);
    unit_step(&c, 0, &rr, &o, &e);
    EVENTS(&e, RNR, WARNING, EXC(BAR_CNT_ALIGN));
    /* B2R.WARP and R2B.WARP read the result */
    pcta(&c, SASS, 32, 0);
    run1(&c, 0, &red, ALL, &e);
    wr_insn b2r = I(SASS, "B2R.WARP R1");
    run1(&c, 0, &b2r, 0, &e);
    wr_insn sync = I(SASS, "BAR.SYNC 0x1");
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0));
    wr_insn scan = I(SASS, "BAR.SCAN 0x2, 0x20, P0");
    run1(&c, 0, &scan, 0, &e);                           /* its own scan: unread */
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, RNR, ARRIVE(1), RELEASE(1, 0));
    wr_insn r2b = I(SASS, "R2B.WARP R1");
    o = ops0();
    unit_step(&c, 0, &r2b, &o, &e);
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0));
    /* no result (WarpBARState without bit 28): Rd and Pd undefined */
    wr_insn result = I(SASS, "B2R.RESULT R3, P2");
    run1(&c, 0, &result, 0, &e);
    ck_assert_uint_eq(rec_rd_mask(&e), ALL);
    ck_assert_uint_eq(rec_rd_undef(&e), ALL);
    ck_assert_uint_eq(rec_pd_undef(&e), ALL);
}
END_TEST

START_TEST(S_13_trap_mode_per_warp)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, SASS, 64, 0);
    wr_insn trap = I(SASS, "TRAP 0x7");
    wr_insn rtt = I(SASS, "RTT");
    run1(&c, 0, &trap, 0, &e);                  /* enters trap mode, goes on */
    EVENTS(&e, TRAPEV(7));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    ck_assert_uint_eq(c.ps.warp[0].trap_mode, 1);
    ck_assert_uint_eq(c.ps.warp[1].trap_mode, 0);  /* per warp */
    run1(&c, 1, &rtt, 0, &e);                   /* RTT outside trap mode: stops (N-26) */
    EVENTS(&e, RTTEV);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_TRAPPED);
    ck_assert_uint_eq(c.warp[1].active_pc, 0);
    run1(&c, 0, &rtt, 0, &e);                   /* leaves trap mode, goes on */
    EVENTS(&e, RTTEV);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(c.warp[0].active_pc, 32);
    ck_assert_uint_eq(c.ps.warp[0].trap_mode, 0);
    wr_insn sys = I(SASS, "SYSCALL");
    run1(&c, 0, &sys, 0, &e);                   /* unchanged */
    EVENTS(&e, SYSCALLEV);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_TRAPPED);
    /* --trap-mode pins it: RTT goes on and stays in trap mode */
    pcta(&c, SASS, 32, 1);
    ck_assert_uint_eq(c.ps.warp[0].trap_mode, 1);
    run1(&c, 0, &rtt, 0, &e);
    EVENTS(&e, RTTEV);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    ck_assert_uint_eq(c.ps.warp[0].trap_mode, 1);
}
END_TEST

START_TEST(S_14_check_order)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, SASS, 64, 1);
    wr_insn sync = I(SASS, "BAR.SYNC 0x0, 0x30");
    EXPECT_EXC(&c, 0, &sync, &o, UNPREDICTABLE);       /* before BAR_CNT_ALIGN */
    wr_insn scan = I(SASS, "BAR.SCAN 0x0, 0x30, P0");
    EXPECT_EXC(&c, 1, &scan, &o, BAR_CNT_ALIGN);       /* SCAN: the native checks */
    pcta(&c, SASS, 32, 0);
    wr_insn all = I(SASS, "@P3 BAR.SYNCALL");
    run1(&c, 0, &all, 0, &e);                          /* pmask 0: nothing (N-31) */
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
}
END_TEST

START_TEST(S_15_syncall_barrier)
{
    wr_cta c;
    wr_retire e;
    wr_insn all = I(SASS, "BAR.SYNCALL");
    wr_insn sys = I(SASS, "SYSCALL");
    pcta(&c, SASS, 96, 1);
    run1(&c, 2, &sys, 0, &e);                   /* warp 2 stops: live, waited for */
    run1(&c, 0, &all, 0, &e);
    EVENTS(&e, BLOCK(16));
    run1(&c, 1, &all, 0, &e);
    EVENTS(&e, BLOCK(16));
    ck_assert_uint_eq(c.bar[16].word, 0x2002);
    /* a full exit re-checks it (N-33) */
    pcta(&c, SASS, 64, 1);
    run1(&c, 0, &all, 0, &e);
    wr_insn ex = I(SASS, "EXIT");
    run1(&c, 1, &ex, 0, &e);
    EVENTS(&e, EXITED, RELEASE(16, 0x1));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    /* a guard is accepted */
    pcta(&c, SASS, 32, 1);
    wr_insn g = I(SASS, "@!P1 BAR.SYNCALL");
    run1(&c, 0, &g, 0, &e);                     /* P1 false: !P1 true everywhere */
    EVENTS(&e, ARRIVE(16), RELEASE(16, 0));
    /* B2R/R2B name barriers 0..15 only: the barrier operand has 4 bits */
    asm_fails(SASS, "B2R.BAR R1, 0x10", "t.s:1:13: error: immediate '0x10' out of range 0..0xf of BARID");
}
END_TEST

/* ---- ptx (seed 002) -------------------------------------------------------- */

START_TEST(P_01_ptx_forms)
{
    static const struct { const char *text; wr_form form; const char *op; } t[] = {
        { "barrier.sync 0x1", WR_FORM_PBAR_SYNC_I, "barrier.sync" },
        { "barrier.cta.sync.aligned 0x1, 0x40", WR_FORM_PBAR_SYNC_I, "barrier.cta.sync.aligned" },
        { "bar.sync R1", WR_FORM_PBAR_SYNC_RRI, "barrier.sync.aligned" },
        { "bar.cta.arrive 0x1, R2", WR_FORM_PBAR_ARV_RIR, "barrier.cta.arrive.aligned" },
        { "barrier.arrive R1, R2", WR_FORM_PBAR_ARV_RR, "barrier.arrive" },
        { "barrier.red.popc.u32 R3, 0x1, P0", WR_FORM_PBAR_RED_I, "barrier.red.popc.u32" },
        { "bar.red.popc.u32 R3, R1, 0x40, !P0", WR_FORM_PBAR_RED_RRI, "barrier.red.popc.aligned.u32" },
        { "barrier.cta.red.and.pred P1, 0x1, !P0", WR_FORM_PBAR_REDP_I, "barrier.cta.red.and.pred" },
        { "bar.red.or.pred P2, R4, R5, P0", WR_FORM_PBAR_REDP_RR, "barrier.red.or.aligned.pred" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_insn in = I(PTX, t[i].text);
        ck_assert_msg(in.form == t[i].form, "%s: form %s", t[i].text, wr_forms[in.form].name);
        ck_assert_str_eq(wr_op_name(&in), t[i].op);
    }
}
END_TEST

START_TEST(P_02_counts_in_threads)
{
    wr_cta c;
    wr_operands o = ops0();
    pcta(&c, PTX, 64, 0);
    wr_insn sync = I(PTX, "barrier.sync.aligned 0x1, 0x30");
    EXPECT_EXC(&c, 0, &sync, &o, BAR_CNT_ALIGN);
    wr_insn arv = I(PTX, "barrier.arrive.aligned 0x1, 0x0");
    EXPECT_EXC(&c, 1, &arv, &o, BAR_ARV_ZERO_CNT);
}
END_TEST

START_TEST(P_03_non_aligned_waits_for_its_warp)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, PTX, 32, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    wr_insn sync = I(PTX, "barrier.sync 0x0");
    run1(&c, 0, &sync, 0, &e);                   /* lanes 0..15 wait for 16..31 */
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.bar[0].word, 0);         /* the warp has not arrived */
    ck_assert_uint_eq(c.warp[0].active, 0xffff0000);
    ck_assert_uint_eq(c.warp[0].active_pc, 0x200);
    ck_assert_uint_eq(c.warp[0].rpc[3], 0x100);  /* parked at the instruction */
    ck_assert_uint_eq(c.ps.warp[0].gathered, 0x0000ffff);
    run1(&c, 0, &sync, 0, &e);                   /* at 0x200: every lane reached it */
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    ck_assert_uint_eq(c.warp[0].active, 0xffff0000);
    ck_assert_uint_eq(c.warp[0].active_pc, 0x210);
    ck_assert_uint_eq(c.warp[0].rpc[3], 0x110);  /* moved past their instruction */
    ck_assert_uint_eq(c.ps.warp[0].gathered, 0);
}
END_TEST

START_TEST(P_04_aligned_divergent)
{
    wr_cta c;
    wr_operands o = ops0();
    pcta(&c, PTX, 32, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    wr_insn sync = I(PTX, "barrier.sync.aligned 0x0");
    EXPECT_EXC(&c, 0, &sync, &o, ALIGNED_DIVERGENT);
}
END_TEST

START_TEST(P_05_red_result_in_registers)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, PTX, 64, 0);
    wr_insn popc = I(PTX, "barrier.red.popc.aligned.u32 R3, 0x1, P0");
    run1(&c, 0, &popc, 0x0000000f, &e);
    EVENTS(&e, BLOCK(1));
    ck_assert_ptr_null(rec_write(&e, WR_WRITE_GPR, -1, 0));    /* not yet */
    run1(&c, 1, &popc, 0x00000003, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x1));
    for (unsigned w = 0; w < 2; w++) {
        const wr_write *r = rec_write(&e, WR_WRITE_GPR, (int)w, 0);
        ck_assert_ptr_nonnull(r);
        ck_assert_uint_eq(r->index, 3);
        ck_assert_uint_eq(r->lanes, ALL);
        ck_assert_uint_eq(r->value[9], 6);
        ck_assert_uint_eq(r->dc_lanes, 0);
    }
    ck_assert_ptr_null(rec_write(&e, WR_WRITE_WARPBAR, -1, 0));   /* no WarpBARState */
    wr_insn and_ = I(PTX, "barrier.red.and.aligned.pred P2, 0x2, P0");
    run1(&c, 0, &and_, ALL, &e);
    run1(&c, 1, &and_, 0xfffffffe, &e);
    const wr_write *p = rec_write(&e, WR_WRITE_PRED, 0, 0);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(p->index, 2);
    ck_assert_uint_eq(p->lanes, ALL);
    ck_assert_uint_eq(p->value[0], 0);           /* AND false */
}
END_TEST

START_TEST(P_06_red_mixed_with_sync)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, PTX, 64, 0);
    wr_insn sync = I(PTX, "barrier.sync.aligned 0x1, 0x40");
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, BLOCK(1));
    wr_insn red = I(PTX, "barrier.red.popc.aligned.u32 R1, 0x1, 0x40, P0");
    EXPECT_EXC(&c, 1, &red, &o, BAR_MODE_MISMATCH);
}
END_TEST

START_TEST(P_07_operands)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, PTX, 64, 0);
    wr_insn rr = I(PTX, "barrier.arrive.aligned R1, R2");
    fill(o.ra, 0xfffffff3);                      /* a[3:0] = 3 */
    fill(o.rb, 0xfffff040);                      /* b[11:0] = 0x40 */
    unit_step(&c, 0, &rr, &o, &e);
    EVENTS(&e, ARRIVE(3));
    ck_assert_uint_eq(c.bar[3].word, 0x2081);
    asm_fails(PTX, "barrier.sync 0x10", "t.s:1:14: error: immediate '0x10' out of range 0..0xf of BARID");
    asm_fails(PTX, "barrier.sync 0x1, 0x1000", "t.s:1:19: error: immediate '0x1000' out of range 0..0xfff of CNT");
    asm_fails(PTX, "barrier.arrive 0x1", "t.s:1:19: error: missing operand for barrier.arrive: expected a GPR or "
                                         "an immediate");
}
END_TEST

START_TEST(P_08_spellings)
{
    ck_assert_str_eq(wr_op_name((wr_insn[]){ I(PTX, "bar.cta.red.popc.u32 R1, 0x1, P0") }),
                     "barrier.cta.red.popc.aligned.u32");
    wr_insn a = I(PTX, "barrier.red.and.pred.aligned P1, 0x1, P0");   /* either order */
    wr_insn b = I(PTX, "barrier.red.and.aligned.pred P1, 0x1, P0");
    ck_assert_int_eq(memcmp(a.f, b.f, sizeof a.f), 0);
    asm_fails(PTX, "bar.sync.aligned 0x1", "t.s:1:10: error: '.aligned' is not written after bar: "
                                           "bar{.cta}.X is barrier{.cta}.X.aligned");
    asm_fails(PTX, "barrier.sync.aligned.aligned 0x1", "t.s:1:22: error: duplicate modifier '.aligned'");
}
END_TEST

START_TEST(P_09_aligned_divergence)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, PTX, 64, 0);
    wr_insn g = I(PTX, "@P0 barrier.sync.aligned 0x0, 0x30");
    o.pg = 0x0000ffff;                           /* a splitting guard; before P-02 */
    EXPECT_EXC(&c, 0, &g, &o, ALIGNED_DIVERGENT);
    o.pg = 0;                                    /* pmask 0: nothing */
    wr_insn g2 = I(PTX, "@P0 barrier.sync.aligned 0x0");
    unit_step(&c, 1, &g2, &o, &e);
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.warp[1].active_pc, 16);
    /* exited lanes are outside ValidMask and do not count */
    c.warp[1].valid = c.warp[1].active = 0x00ff00ff;
    wr_insn sync = I(PTX, "barrier.sync.aligned 0x0, 0x20");
    run1(&c, 1, &sync, 0, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
}
END_TEST

START_TEST(P_10_gather)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    /* a guard split: the guard-false lanes go on */
    pcta(&c, PTX, 32, 0);
    wr_insn g = I(PTX, "@P0 barrier.sync 0x0");
    o.pg = 0x0000ffff;
    unit_step(&c, 0, &g, &o, &e);
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.warp[0].active, 0xffff0000);
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    ck_assert_uint_eq(c.warp[0].rpc[0], 0);
    /* they exit; the parked lanes are switched to, re-execute it and the
     * gather completes */
    wr_insn ex = I(PTX, "EXIT");
    run1(&c, 0, &ex, 0, &e);
    NO_EVENTS(&e);
    ck_assert_uint_eq(c.warp[0].valid, 0x0000ffff);
    ck_assert_uint_eq(c.warp[0].active, 0x0000ffff);
    ck_assert_uint_eq(c.warp[0].active_pc, 0);
    unit_step(&c, 0, &g, &o, &e);
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0));
    ck_assert_uint_eq(c.warp[0].active_pc, 16);
    /* arrive + sync in one warp: the warp waits */
    pcta(&c, PTX, 64, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    wr_insn arv = I(PTX, "barrier.arrive 0x1, 0x40");
    wr_insn sync = I(PTX, "barrier.sync 0x1, 0x40");
    run1(&c, 0, &arv, 0, &e);
    NO_EVENTS(&e);
    run1(&c, 0, &sync, 0, &e);
    EVENTS(&e, BLOCK(1));
    ck_assert_uint_eq(c.bar[1].word, 0x2081);    /* one arrival for the warp */
    /* the groups of one warp must agree */
    pcta(&c, PTX, 64, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    run1(&c, 0, &sync, 0, &e);
    wr_insn other = I(PTX, "barrier.sync 0x1, 0x20");
    EXPECT_EXC(&c, 0, &other, &o, BAR_PARAM_MISMATCH);
    pcta(&c, PTX, 64, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    run1(&c, 0, &sync, 0, &e);
    wr_insn red = I(PTX, "barrier.red.popc.u32 R1, 0x1, 0x40, P0");
    EXPECT_EXC(&c, 0, &red, &o, BAR_MODE_MISMATCH);
}
END_TEST

START_TEST(P_11_red_per_lane_destination)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, PTX, 32, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    wr_insn a = I(PTX, "barrier.red.popc.u32 R3, 0x2, P0");
    wr_insn b = I(PTX, "barrier.red.popc.u32 R7, 0x2, P0");
    run1(&c, 0, &a, 0x0000000f, &e);             /* lanes 0..3 true */
    NO_EVENTS(&e);
    run1(&c, 0, &b, 0x00030000, &e);             /* lanes 16, 17 true */
    EVENTS(&e, ARRIVE(2), RELEASE(2, 0));
    const wr_write *r3 = rec_write(&e, WR_WRITE_GPR, 0, 0), *r7 = rec_write(&e, WR_WRITE_GPR, 0, 1);
    ck_assert_ptr_nonnull(r3);
    ck_assert_ptr_nonnull(r7);
    ck_assert_uint_eq(r3->index, 3);
    ck_assert_uint_eq(r3->lanes, 0x0000ffff);    /* only the lanes that executed it */
    ck_assert_uint_eq(r3->value[0], 6);
    ck_assert_uint_eq(r7->index, 7);
    ck_assert_uint_eq(r7->lanes, 0xffff0000);
    ck_assert_uint_eq(r7->value[31], 6);
    ck_assert_ptr_null(rec_write(&e, WR_WRITE_GPR, 0, 2));
}
END_TEST

/* ---- the record's room (issue 17 G): the widest instruction of each profile
 * at 32 warps, its exact writes, within wr_max_writes(cta) <= WR_MAX_WRITES */

/* the writes of `kind` in a record */
static unsigned nwrites_of(const wr_retire *e, unsigned kind)
{
    unsigned n = 0;
    for (unsigned i = 0; i < e->nwrites; i++)
        n += e->write[i].kind == kind;
    return n;
}

/* the record holds exactly these writes, and the CTA's bound covers them */
static void expect_writes(const wr_cta *c, const wr_retire *e, unsigned gpr, unsigned pred, unsigned bars,
                          unsigned warpbars, unsigned runs, unsigned bound, int line)
{
    ck_assert_msg(nwrites_of(e, WR_WRITE_GPR) == gpr && nwrites_of(e, WR_WRITE_PRED) == pred &&
                      nwrites_of(e, WR_WRITE_BARRIER) == bars && nwrites_of(e, WR_WRITE_WARPBAR) == warpbars &&
                      nwrites_of(e, WR_WRITE_RUNSTATE) == runs && nwrites_of(e, WR_WRITE_UR) == 0,
                  "line %d: writes gpr %u pred %u barrier %u warpbar %u runstate %u", line,
                  nwrites_of(e, WR_WRITE_GPR), nwrites_of(e, WR_WRITE_PRED), nwrites_of(e, WR_WRITE_BARRIER),
                  nwrites_of(e, WR_WRITE_WARPBAR), nwrites_of(e, WR_WRITE_RUNSTATE));
    ck_assert_uint_eq(e->nwrites, gpr + pred + bars + warpbars + runs);
    ck_assert_uint_eq(wr_max_writes(c), bound);
    ck_assert_uint_le(e->nwrites, wr_max_writes(c));
    ck_assert_uint_le(wr_max_writes(c), WR_MAX_WRITES);
}

START_TEST(record_room_bounds)
{
    /* the widest row of isa.def writes two: LEPC's pair, BAR.RESULT's Rd and Pu */
    ck_assert_int_eq(WR_OWN_WRITES_MAX, 2);
    ck_assert_int_eq(WR_MAX_WRITES, 2 + 32 + 32 + 1024);
    static const unsigned bound[WR_PROFILE_COUNT] = {
        [WR_PROFILE_NATIVE] = 2 + 16 + 32 + 32, [WR_PROFILE_SASS] = 2 + 17 + 32 + 32,
        [WR_PROFILE_PTX] = 2 + 16 + 32 + 1024, [WR_PROFILE_VISA] = 2 + 32 + 32 + 0,
    };
    wr_cta c;
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++) {
        pcta(&c, p, 1024, 0);
        ck_assert_uint_eq(wr_max_writes(&c), bound[p]);
        ck_assert_uint_le(wr_max_writes(&c), WR_MAX_WRITES);
    }
    pcta(&c, PTX, 40, 0);                                /* ptx: one result a thread at most */
    ck_assert_uint_eq(wr_max_writes(&c), 2 + 16 + 2 + 40);
}
END_TEST

/* native and sass: 31 warps block in BAR.RED.POPC on barriers w % 16, each
 * barrier's count first restored by R2B.BAR so that the 32nd warp's EXIT
 * completes all 16 (N-32, N-33): 16 words, 31 WarpBARStates, 32 run states */
static void widest_exit(unsigned profile, unsigned bound)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, profile, 1024, 0);
    wr_insn r2b = I((int)profile, "R2B.BAR 0x0, R1");
    for (unsigned b = 0; b < 16; b++) {
        r2b.f[WR_F_BARID] = b;
        const unsigned warps = b < 15 ? 2 : 1;           /* warps b and b + 16 (b + 16 <= 30) */
        fill(o.ra, (31 - warps) | 2u << 13 | 2u << 15);  /* arrived, cnt 0, RED, POPC */
        unit_step(&c, 31, &r2b, &o, &e);
        c.warp[31].active_pc = 0;
    }
    wr_insn red = I((int)profile, "BAR.RED.POPC 0x0, P0");
    for (unsigned w = 0; w < 31; w++) {
        red.f[WR_F_BARID] = w % 16;
        run1(&c, w, &red, 0x1, &e);
        ck_assert_uint_eq(c.warp[w].run, WR_WARP_BLOCKED);
    }
    wr_insn ex = I((int)profile, "EXIT");
    run1(&c, 31, &ex, 0, &e);
    ck_assert_uint_eq(e.nev, 17);                        /* exit, 16 releases */
    expect_writes(&c, &e, 0, 0, 16, 31, 32, bound, __LINE__);
    ck_assert_uint_eq(e.nwrites, 79);
    for (unsigned w = 0; w < 31; w++)                    /* N-34: the final word, POPC = 2 or 1 */
        ck_assert_uint_eq(c.warp[w].bar_state, 31u | 2u << 13 | 2u << 15 | (w % 16 < 15 ? 2u : 1u) << 17 | 1u << 28);
}

/* native and sass: BAR.RED completed by the 32nd warp: the word, 32
 * WarpBARStates, 31 run states */
static void widest_red(unsigned profile, unsigned bound)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, profile, 1024, 0);
    wr_insn red = I((int)profile, "BAR.RED.POPC 0x1, P0");
    for (unsigned w = 0; w < 32; w++)
        run1(&c, w, &red, ALL, &e);
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x7fffffff));
    expect_writes(&c, &e, 0, 0, 1, 32, 31, bound, __LINE__);
    ck_assert_uint_eq(e.nwrites, 64);
}

START_TEST(record_room_widest_native)
{
    widest_exit(NATIVE, 82);
    widest_red(NATIVE, 82);
}
END_TEST

START_TEST(record_room_widest_sass)
{
    widest_exit(SASS, 83);
    widest_red(SASS, 83);
}
END_TEST

/* ptx: every lane of every warp at its own non-aligned red, destination
 * R(l) or P(l % 7), guarded by P1 true in lane l only: each red parks its
 * lane and the rest go on (a guard split, P-10); the 32nd warp's lane 31
 * completes barrier 1 and the result goes to 32 (popc) or 7 (and/or)
 * destinations in each of the 32 warps, with the word and 31 run states
 * (P-11) */
static void widest_ptx(int popc)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, PTX, 1024, 0);
    wr_insn red[32];
    for (unsigned l = 0; l < 32; l++) {
        char text[64];
        if (popc)
            snprintf(text, sizeof text, "@P1 barrier.red.popc.u32 R%u, 0x1, P0", l);
        else
            snprintf(text, sizeof text, "@P1 barrier.red.or.pred P%u, 0x1, P0", l % 7);
        red[l] = I(PTX, text);
    }
    wr_operands o = ops0();
    o.pp = 0x5;                                          /* lanes 0 and 2 true */
    for (unsigned w = 0; w < 32; w++)
        for (unsigned l = 0; l < 32; l++) {
            ck_assert_uint_eq(c.warp[w].active, ALL << l);
            ck_assert_uint_eq(c.warp[w].active_pc, 16u * l);
            o.pg = 1u << l;
            unit_step(&c, w, &red[l], &o, &e);
        }
    EVENTS(&e, ARRIVE(1), RELEASE(1, 0x7fffffff));
    if (popc) {
        expect_writes(&c, &e, 1024, 0, 1, 0, 31, 1074, __LINE__);
        ck_assert_uint_eq(e.nwrites, 1056);
        const wr_write *x = rec_write(&e, WR_WRITE_GPR, 17, 9);   /* warp 17's R9: lane 9 */
        ck_assert_ptr_nonnull(x);
        ck_assert_uint_eq(x->index, 9);
        ck_assert_uint_eq(x->lanes, 1u << 9);
        ck_assert_uint_eq(x->value[9], 64);              /* 2 lanes x 32 warps */
    } else {
        expect_writes(&c, &e, 0, 32 * 7, 1, 0, 31, 1074, __LINE__);
        ck_assert_uint_eq(e.nwrites, 256);
        const wr_write *x = rec_write(&e, WR_WRITE_PRED, 5, 3);   /* warp 5's P3: lanes 3, 10, 17, 24, 31 */
        ck_assert_ptr_nonnull(x);
        ck_assert_uint_eq(x->index, 3);
        ck_assert_uint_eq(x->lanes, 0x81020408u);
        ck_assert_uint_eq(x->value[0] & x->lanes, 0x81020408u);   /* OR: true */
    }
}

START_TEST(record_room_widest_ptx)
{
    widest_ptx(1);
    widest_ptx(0);
}
END_TEST

/* visa: 31 consumers wait; the producer's signal completes the phase and
 * wakes them (V-06, V-11): the word and 31 run states */
START_TEST(record_room_widest_visa)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 1024, 0);
    wr_insn cons = I(VISA, "NBARRIER.signal 0x7, 0x2, 0x1, 0x1f");
    wr_insn wait = I(VISA, "NBARRIER.wait 0x7");
    wr_insn prod = I(VISA, "NBARRIER.signal 0x7, 0x1, 0x1, 0x1f");
    for (unsigned w = 0; w < 31; w++) {
        run1(&c, w, &cons, 0, &e);
        run1(&c, w, &wait, 0, &e);
        EVENTS(&e, BLOCK(7));
    }
    run1(&c, 31, &prod, 0, &e);
    EVENTS(&e, ARRIVE(7), RELEASE(7, 0x7fffffff));
    expect_writes(&c, &e, 0, 0, 1, 0, 31, 66, __LINE__);
    ck_assert_uint_eq(e.nwrites, 32);
}
END_TEST

/* ---- visa (seed 004) ------------------------------------------------------- */

START_TEST(V_01_visa_forms)
{
    wr_insn in = I(VISA, "NBARRIER.signal 0x1 0x2");   /* blanks as separators */
    ck_assert_uint_eq(in.form, WR_FORM_NBARRIER_S);
    ck_assert_str_eq(wr_op_name(&in), "NBARRIER.signal");
    in = I(VISA, "NBARRIER.signal R1, 0x0, R2, R3");
    ck_assert_uint_eq(in.form, WR_FORM_NBARRIER_G);
    ck_assert_int_eq(wr_insn_ri_reg(&in, WR_F_NBID), WR_F_RA);
    ck_assert_int_eq(wr_insn_ri_reg(&in, WR_F_NBTYPE), -1);
    ck_assert_int_eq(wr_insn_ri_reg(&in, WR_F_NBNP), WR_F_RB);
    ck_assert_int_eq(wr_insn_ri_reg(&in, WR_F_NBNC), WR_F_RC);
    in = I(VISA, "nbarrier.WAIT R4");
    ck_assert_str_eq(wr_op_name(&in), "NBARRIER.wait");
    /* 32 barriers; registers read from lowest(pmask) */
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, VISA, 32, 0);
    wr_insn sig = I(VISA, "@P0 NBARRIER.signal R1, 0x1");
    o.pg = 0xffff0000;
    fill(o.ra, 0x2);
    o.ra[16] = 31;
    unit_step(&c, 0, &sig, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(31), RELEASE(31, 0));
    ck_assert_uint_eq(rec_bars(&e), 1u << 31);
}
END_TEST

START_TEST(V_02_roles)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, VISA, 96, 0);
    wr_insn prod = I(VISA, "NBARRIER.signal 0x5, 0x1, 0x1, 0x2");
    wr_insn cons = I(VISA, "NBARRIER.signal 0x5, 0x2, 0x1, 0x2");
    wr_insn wait = I(VISA, "NBARRIER.wait 0x5");
    run1(&c, 0, &prod, 0, &e);
    EVENTS(&e, ARRIVE(5));
    ck_assert_uint_eq(c.bar[5].word, 0x00081001);        /* P 1, np 1, nc 2 */
    run1(&c, 1, &cons, 0, &e);
    ck_assert_uint_eq(c.bar[5].word, 0x00081041);        /* C 1 */
    run1(&c, 1, &wait, 0, &e);
    EVENTS(&e, BLOCK(5));                                /* the phase is not complete */
    ck_assert_uint_eq(c.warp[1].active_pc, 32);
    run1(&c, 2, &cons, 0, &e);                           /* C 2: complete */
    EVENTS(&e, ARRIVE(5), RELEASE(5, 0x2));
    ck_assert_uint_eq(c.bar[5].word, 0x03081081);        /* complete, waited 1 */
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_READY);
    EXPECT_EXC(&c, 0, &wait, &o, NBAR_WAIT_NOT_CONSUMER); /* a producer that waits */
}
END_TEST

START_TEST(V_03_free_after_every_wait)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 64, 0);
    wr_insn sig = I(VISA, "NBARRIER.signal 0x2, 0x2");
    wr_insn wait = I(VISA, "NBARRIER.wait 0x2");
    run1(&c, 0, &sig, 0, &e);
    run1(&c, 1, &sig, 0, &e);
    EVENTS(&e, ARRIVE(2), RELEASE(2, 0));
    run1(&c, 0, &wait, 0, &e);
    EVENTS(&e, ARRIVE(2));
    ck_assert_uint_eq(c.bar[2].word, 0x03082082);        /* P 2, C 2, np 2, nc 2, complete, waited 1 */
    run1(&c, 1, &wait, 0, &e);
    EVENTS(&e, ARRIVE(2));                               /* frees it: no stalled signaller */
    ck_assert_uint_eq(c.bar[2].word, 0);
    ck_assert_uint_eq(c.bar[2].arrived, 0);
    ck_assert_uint_eq(c.ps.bar_aux[2], 0);
    ck_assert_uint_eq(rec_bars(&e), 1u << 2);
}
END_TEST

START_TEST(V_04_param_mismatch_and_illegal)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, VISA, 128, 0);
    wr_insn two = I(VISA, "NBARRIER.signal 0x1, 0x2");
    run1(&c, 0, &two, 0, &e);
    wr_insn three = I(VISA, "NBARRIER.signal 0x1, 0x0, 0x3, 0x2");
    EXPECT_EXC(&c, 1, &three, &o, BAR_PARAM_MISMATCH);
    wr_insn id = I(VISA, "NBARRIER.signal R1, 0x2");
    fill(o.ra, 32);
    EXPECT_EXC(&c, 2, &id, &o, ILLEGAL_ENCODING);
    wr_insn type = I(VISA, "NBARRIER.signal 0x1, R1, 0x2, 0x2");
    fill(o.ra, 3);
    EXPECT_EXC(&c, 3, &type, &o, ILLEGAL_ENCODING);
}
END_TEST

START_TEST(V_05_value_ranges)
{
    asm_fails(VISA, "NBARRIER.wait 0x20", "t.s:1:15: error: immediate '0x20' out of range 0..0x1f of NBID");
    asm_fails(VISA, "NBARRIER.signal 0x1, 0x3, 0x1, 0x1",
              "t.s:1:22: error: immediate '0x3' is not a legal value of NBTYPE (0..2)");
    asm_fails(VISA, "NBARRIER.signal 0x1, 0x100", "t.s:1:22: error: immediate '0x100' out of range 0..0xff of NBNP");
    wr_cta c;
    wr_operands o = ops0();
    pcta(&c, VISA, 64, 0);
    wr_insn big = I(VISA, "NBARRIER.signal 0x1, 0x3");  /* 3 > 2 warps */
    EXPECT_EXC(&c, 0, &big, &o, ILLEGAL_ENCODING);
    wr_insn zero = I(VISA, "NBARRIER.signal 0x1, 0x1, R2, 0x1");
    EXPECT_EXC(&c, 1, &zero, &o, ILLEGAL_ENCODING);      /* np = R2 = 0 */
}
END_TEST

/* V-01, V-05: every operand of `signal id, type, np, nc` (and of `signal id,
 * n`, `wait id`) may be a register, in every combination: the registers take
 * the GPR slots RA, RB, RC, RE in operand order, the fourth (RE, the trace's
 * `in.re`) read only by the four-register signal; each assembles, encodes,
 * decodes and disassembles to the same text; the four-register signal runs
 * with its values from Ra, Rb, Rc, Re (issue 17 H: it was bad input) */
START_TEST(V_01_V_05_four_register_signal)
{
    static const char *const imm[4] = { "0x5", "0x0", "0x1", "0x2" };
    static const char *const reg[4] = { "R30", "R33", "R31", "R32" };
    static const unsigned field[4] = { WR_F_NBID, WR_F_NBTYPE, WR_F_NBNP, WR_F_NBNC };
    static const int slot[4] = { WR_F_RA, WR_F_RB, WR_F_RC, WR_F_RE };
    for (unsigned k = 0; k < 16 + 4 + 2; k++) {
        const unsigned n = k < 16 ? 4 : k < 20 ? 2 : 1, m = k < 16 ? k : k < 20 ? k - 16 : k - 20;
        char text[96] = "";
        snprintf(text, sizeof text, "NBARRIER.%s ", n == 1 ? "wait" : "signal");
        for (unsigned i = 0; i < n; i++) {
            const unsigned op = n == 2 && i == 1 ? 2 : i;          /* signal id, n: n is NBNP */
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", i ? ", " : "",
                     (m >> i & 1u) ? reg[op] : imm[op]);
        }
        wr_insn in = I(VISA, text);
        ck_assert_uint_eq(in.form, n == 4 ? WR_FORM_NBARRIER_G : n == 2 ? WR_FORM_NBARRIER_S : WR_FORM_NBARRIER_W);
        unsigned used = 0;
        for (unsigned i = 0; i < n; i++) {
            const unsigned op = n == 2 && i == 1 ? 2 : i;
            const int want = (m >> i & 1u) ? slot[used++] : -1;
            ck_assert_msg(wr_insn_ri_reg(&in, field[op]) == want, "%s: operand %u in slot %d, not %d", text, i,
                          wr_insn_ri_reg(&in, field[op]), want);
            if (want >= 0)
                ck_assert_int_eq(in.f[want], op == 0 ? 30 : op == 1 ? 33 : op == 2 ? 31 : 32);
        }
        /* only the four-register signal reads RE; its slot holds RZ otherwise */
        ck_assert_uint_eq(!!(wr_insn_reads(&in) & WR_IN_RE), n == 4 && m == 15);
        if (n == 4)
            ck_assert_int_eq(in.f[WR_F_RE], m == 15 ? 32 : WR_RZ);
        wr_word word;
        wr_insn back;
        char dis[96];
        ck_assert_int_eq(wr_encode(&in, &word, NULL, 0), 0);
        ck_assert_int_eq(wr_decode(&word, &back, NULL, 0), 0);
        ck_assert_int_eq(wr_disasm(&back, 0, dis, sizeof dis), (int)strlen(dis));
        ck_assert_str_eq(dis, text);
        wr_word again;
        wr_insn re_in = I(VISA, dis);
        ck_assert_int_eq(wr_encode(&re_in, &again, NULL, 0), 0);
        ck_assert_mem_eq(&again, &word, sizeof word);
    }
    /* the encoding: RE at bits 111:104 */
    wr_insn four = I(VISA, "@P4 NBARRIER.signal R30, R33, R31, R32");
    wr_word w;
    ck_assert_int_eq(wr_encode(&four, &w, NULL, 0), 0);
    ck_assert_uint_eq(w.w[3] >> 8 & 0xffu, 32);
    ck_assert_uint_eq(w.w[0] >> 24, 30);
    /* the values come from Ra (id), Rb (type), Rc (np), Re (nc): np 1, nc 2 */
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, VISA, 64, 0);
    o.pg = ALL;                                          /* P4 */
    fill(o.ra, 5);
    fill(o.rb, 0);
    fill(o.rc, 1);
    fill(o.re, 2);
    unit_step(&c, 0, &four, &o, &e);
    EVENTS(&e, ARRIVE(5));
    ck_assert_uint_eq(c.bar[5].word, 0x00081041);        /* P 1, C 1, np 1, nc 2 */
    unit_step(&c, 1, &four, &o, &e);
    EVENTS(&e, ARRIVE(5), RELEASE(5, 0));
    ck_assert_uint_eq(c.bar[5].word, 0x01081082);        /* complete */
    /* G-02 on Re: one pmask lane disagrees in any bit */
    pcta(&c, VISA, 64, 0);
    o.re[17] = 0x80000002u;
    unit_step(&c, 0, &four, &o, &e);
    EVENTS(&e, WARNING, ARRIVE(5));
    o.pg = ALL & ~(1u << 17);                            /* ... not when the lane is guarded off */
    unit_step(&c, 1, &four, &o, &e);
    EVENTS(&e, ARRIVE(5), RELEASE(5, 0));
    /* V-05 on Re: nc outside [1, warps] */
    pcta(&c, VISA, 64, 0);
    o.pg = ALL;
    fill(o.re, 3);
    EXPECT_EXC(&c, 0, &four, &o, ILLEGAL_ENCODING);
    /* the model's own registers: wr_regfile_read fills Re from R32 */
    wr_regfile rf;
    ck_assert_int_eq(wr_regfile_init(&rf, 2, 64), 0);
    for (unsigned l = 0; l < WR_LANES; l++)
        rf.r[wr_regfile_slot(&rf, 1, 32) * WR_LANES + l] = 0x40u + l;
    wr_operands rd;
    memset(&rd, 0, sizeof rd);
    wr_regfile_read(&rf, 1, &four, &rd);
    ck_assert_uint_eq(rd.re[0], 0x40);
    ck_assert_uint_eq(rd.re[31], 0x5f);
    ck_assert_uint_eq(rd.re_undef, 0);
    wr_regfile_free(&rf);
}
END_TEST

START_TEST(V_06_phase_completion)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 96, 0);
    wr_insn pc = I(VISA, "NBARRIER.signal 0x3, 0x0, 0x2, 0x1");   /* type 0: P and C */
    run1(&c, 0, &pc, 0, &e);
    EVENTS(&e, ARRIVE(3));
    ck_assert_uint_eq(c.bar[3].word, 0x00042041);        /* P 1, C 1, np 2, nc 1 */
    run1(&c, 1, &pc, 0, &e);                             /* P 2 >= 2, C 2 >= 1 */
    EVENTS(&e, ARRIVE(3), RELEASE(3, 0));
    ck_assert_uint_eq(c.bar[3].word, 0x01042082);        /* complete */
    wr_insn wait = I(VISA, "NBARRIER.wait 0x3");
    run1(&c, 0, &wait, 0, &e);
    EVENTS(&e, ARRIVE(3));
    ck_assert_uint_eq(c.bar[3].word, 0x03042082);        /* complete until both waited */
}
END_TEST

START_TEST(V_07_signal_stalls_until_free)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 64, 0);
    wr_insn sig = I(VISA, "NBARRIER.signal 0x0, 0x2");
    wr_insn wait = I(VISA, "NBARRIER.wait 0x0");
    run1(&c, 0, &sig, 0, &e);
    run1(&c, 1, &sig, 0, &e);
    run1(&c, 0, &wait, 0, &e);
    c.warp[0].active_pc = 0;                             /* the loop goes round */
    run1(&c, 0, &sig, 0, &e);                            /* the next phase's: stalls */
    EVENTS(&e, BLOCK(0));
    ck_assert_uint_eq(c.warp[0].active_pc, 0);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_BLOCKED);
    ck_assert_uint_eq(c.bar[0].word, 0x03082082);        /* nothing counted */
    run1(&c, 1, &wait, 0, &e);                           /* frees it: wakes warp 0 */
    EVENTS(&e, ARRIVE(0), RELEASE(0, 0x1));
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
    run1(&c, 0, &sig, 0, &e);                            /* issued again */
    EVENTS(&e, ARRIVE(0));
    ck_assert_uint_eq(c.bar[0].word, 0x00082041);
}
END_TEST

START_TEST(V_08_wait_legality)
{
    wr_cta c;
    wr_retire e;
    wr_operands o = ops0();
    pcta(&c, VISA, 96, 0);
    wr_insn wait = I(VISA, "NBARRIER.wait 0x4");
    EXPECT_EXC(&c, 0, &wait, &o, NBAR_WAIT_NOT_CONSUMER);    /* never signalled */
    wr_insn sig = I(VISA, "NBARRIER.signal 0x4, 0x2");
    run1(&c, 1, &sig, 0, &e);
    run1(&c, 2, &sig, 0, &e);
    run1(&c, 1, &wait, 0, &e);
    EVENTS(&e, ARRIVE(4));
    EXPECT_EXC(&c, 1, &wait, &o, NBAR_WAIT_NOT_CONSUMER);    /* a second wait */
}
END_TEST

START_TEST(V_09_exited_consumer)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 64, 0);
    wr_insn sig = I(VISA, "NBARRIER.signal 0x6, 0x2");
    wr_insn wait = I(VISA, "NBARRIER.wait 0x6");
    wr_insn ex = I(VISA, "EXIT");
    run1(&c, 0, &sig, 0, &e);
    run1(&c, 1, &sig, 0, &e);
    run1(&c, 1, &ex, 0, &e);
    EVENTS(&e, EXITED);                                  /* no re-check */
    run1(&c, 0, &wait, 0, &e);
    EVENTS(&e, ARRIVE(6));                               /* waited 1 of 2: not free */
    c.warp[0].active_pc = 0;
    run1(&c, 0, &sig, 0, &e);
    EVENTS(&e, BLOCK(6));                                /* stalls for good */
    ck_assert_uint_eq(c.bar[6].word, 0x03082082);
}
END_TEST

START_TEST(V_10_counted_per_executed_instruction)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 64, 0);
    diverge(&c, 0, 0x0000ffff, 0x100, 0x200);
    wr_insn sig = I(VISA, "NBARRIER.signal 0x7, 0x2");
    run1(&c, 0, &sig, 0, &e);
    EVENTS(&e, ARRIVE(7));
    diverge(&c, 0, 0xffff0000, 0x200, 0x110);            /* the other branch */
    run1(&c, 0, &sig, 0, &e);                            /* the same warp again: complete */
    EVENTS(&e, ARRIVE(7), RELEASE(7, 0));
    ck_assert_uint_eq(c.bar[7].word, 0x01082082);
}
END_TEST

START_TEST(V_11_events_and_state_word)
{
    wr_cta c;
    wr_retire e;
    pcta(&c, VISA, 96, 0);
    wr_insn cons = I(VISA, "NBARRIER.signal 0x9, 0x2, 0x1, 0x2");
    wr_insn prod = I(VISA, "NBARRIER.signal 0x9, 0x1, 0x1, 0x2");
    wr_insn wait = I(VISA, "NBARRIER.wait 0x9");
    run1(&c, 0, &cons, 0, &e);
    run1(&c, 0, &wait, 0, &e);
    EVENTS(&e, BLOCK(9));
    run1(&c, 1, &cons, 0, &e);
    run1(&c, 1, &wait, 0, &e);
    EVENTS(&e, BLOCK(9));
    run1(&c, 2, &prod, 0, &e);             /* completes: wakes both, both waited: free */
    EVENTS(&e, ARRIVE(9), RELEASE(9, 0x3));
    ck_assert_uint_eq(c.bar[9].word, 0);
    const wr_write *w = rec_write(&e, WR_WRITE_BARRIER, -1, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_uint_eq(w->index, 9);
    ck_assert_uint_eq(w->value[0], 0);
}
END_TEST

/* ---- suites ----------------------------------------------------------------- */

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("profiles");
    TCase *g = tcase_create("general");
    tcase_add_test(g, G_01_mnemonics_of_the_profile_only);
    tcase_add_test(g, G_01_directive_and_command_line);
    tcase_add_test(g, G_01_words_of_another_profile);
    tcase_add_test(g, G_01_barrier_counts_from_the_profile);
    tcase_add_test(g, G_02_operand_not_uniform_bits);
    suite_add_tcase(s, g);
    TCase *t = tcase_create("sass");
    tcase_add_test(t, S_01_sass_forms);
    tcase_add_test(t, S_02_operands_one_register);
    tcase_add_test(t, S_03_b2r_result_values);
    tcase_add_test(t, S_04_scan_exclusive_prefix);
    tcase_add_test(t, S_05_result_not_read);
    tcase_add_test(t, S_06_syncall_trap_mode_only);
    tcase_add_test(t, S_07_unpredictable_in_trap_mode);
    tcase_add_test(t, S_08_count_multiple_of_32);
    tcase_add_test(t, S_09_zero_count_all_threads);
    tcase_add_test(t, S_10_register_form_and_missing_count);
    tcase_add_test(t, S_11_scan_is_a_reduction_arrival);
    tcase_add_test(t, S_12_warnings_first_and_reads);
    tcase_add_test(t, S_13_trap_mode_per_warp);
    tcase_add_test(t, S_14_check_order);
    tcase_add_test(t, S_15_syncall_barrier);
    suite_add_tcase(s, t);
    TCase *p = tcase_create("ptx");
    tcase_add_test(p, P_01_ptx_forms);
    tcase_add_test(p, P_02_counts_in_threads);
    tcase_add_test(p, P_03_non_aligned_waits_for_its_warp);
    tcase_add_test(p, P_04_aligned_divergent);
    tcase_add_test(p, P_05_red_result_in_registers);
    tcase_add_test(p, P_06_red_mixed_with_sync);
    tcase_add_test(p, P_07_operands);
    tcase_add_test(p, P_08_spellings);
    tcase_add_test(p, P_09_aligned_divergence);
    tcase_add_test(p, P_10_gather);
    tcase_add_test(p, P_11_red_per_lane_destination);
    suite_add_tcase(s, p);
    TCase *v = tcase_create("visa");
    tcase_add_test(v, V_01_visa_forms);
    tcase_add_test(v, V_02_roles);
    tcase_add_test(v, V_03_free_after_every_wait);
    tcase_add_test(v, V_04_param_mismatch_and_illegal);
    tcase_add_test(v, V_05_value_ranges);
    tcase_add_test(v, V_01_V_05_four_register_signal);
    tcase_add_test(v, V_06_phase_completion);
    tcase_add_test(v, V_07_signal_stalls_until_free);
    tcase_add_test(v, V_08_wait_legality);
    tcase_add_test(v, V_09_exited_consumer);
    tcase_add_test(v, V_10_counted_per_executed_instruction);
    tcase_add_test(v, V_11_events_and_state_word);
    suite_add_tcase(s, v);
    TCase *r = tcase_create("record_room");
    tcase_add_test(r, record_room_bounds);
    tcase_add_test(r, record_room_widest_native);
    tcase_add_test(r, record_room_widest_sass);
    tcase_add_test(r, record_room_widest_ptx);
    tcase_add_test(r, record_room_widest_visa);
    suite_add_tcase(s, r);
    srunner_add_suite(sr, s);
}
