/* test_checker.c - the lockstep checker (checker.h) driven by a second,
 * independent copy of the model that plays the RTL: its records are fed to
 * the checker in its own order (a scheduler other than N-50's), then broken
 * one field at a time; wakes, fetch faults, the final compare and the dump. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"

/* the other side: a model with its own registers and a reverse round robin */
typedef struct other {
    wr_cta cta;
    wr_regfile rf;
    const wr_program *p;
    unsigned ptr;
} other;

static void other_init(other *o, const wr_program *p, unsigned threads)
{
    wr_config cfg;
    wr_config_init(&cfg, threads);
    cfg.profile = p->profile;
    ck_assert_int_eq(wr_cta_init(&o->cta, &cfg), 0);
    ck_assert_int_eq(wr_regfile_init(&o->rf, o->cta.nwarps, wr_program_nregs(p)), 0);
    o->p = p;
    o->ptr = 0;
}

/* the other side steps warp w (whatever the order) at `cycle` */
static void other_step_warp(other *o, unsigned w, wr_retire *r, uint64_t cycle)
{
    ck_assert_int_eq(o->cta.warp[w].run, WR_WARP_READY);
    const wr_insn *in = &o->p->insns[o->cta.warp[w].active_pc / WR_INST_SIZE];
    wr_operands ops;
    wr_regfile_read(&o->rf, w, in, &ops);
    o->cta.now = cycle;
    ck_assert_int_eq(wr_step(&o->cta, w, in, &ops, r), 0);
    r->reads = (uint16_t)(wr_insn_reads(in) | WR_IN_PG);
    r->in = ops;
    wr_regfile_apply(&o->rf, r);
}

/* the next record: highest ready warp below the pointer first (not N-50);
 * 0 when nothing is ready */
static int other_step(other *o, wr_retire *r, uint64_t *cycle)
{
    for (unsigned k = 0; k < o->cta.nwarps; k++) {
        unsigned w = (o->ptr + o->cta.nwarps - 1 - k) % o->cta.nwarps;
        if (o->cta.warp[w].run != WR_WARP_READY)
            continue;
        other_step_warp(o, w, r, *cycle);
        o->ptr = w;
        return 1;
    }
    return 0;
}

static wr_program assemble(const char *text)
{
    wr_program p;
    char err[256];
    ck_assert_msg(wr_assemble(text, "t.s", &p, err, sizeof err) == 0, "%s", err);
    return p;
}

/* A test's setup: the program of `text`, the other side on it (`threads`;
 * 0: none) and the checker of `opts` (NULL: the defaults), which it returns;
 * fixture_done frees them. */
typedef struct fixture {
    wr_program p;
    other o;
    wr_checker *c;
    unsigned threads;
} fixture;

static wr_checker *fixture_init(fixture *x, const char *text, unsigned threads, const wr_checker_opts *opts)
{
    char err[256];
    x->p = assemble(text);
    x->threads = threads;
    if (threads)
        other_init(&x->o, &x->p, threads);
    x->c = wr_checker_new(&x->p, opts, err, sizeof err);
    ck_assert_msg(x->c != NULL, "%s", err);
    return x->c;
}

static void fixture_done(fixture *x)
{
    wr_checker_free(x->c);
    if (x->threads)
        wr_regfile_free(&x->o.rf);
    wr_program_free(&x->p);
}

/* divergence, reconvergence, a barrier over two warps, a helper chain */
static const char *const prog_text =
    ".threads 64\n"
    "S2R R0, SR_LANEID ;\n"
    "ISETP.LT P0, R0, 0x10 ;\n"
    "BSSY B0, `(.L_join) ;\n"
    "@P0 BRA `(.L_else) ;\n"
    "IADD R1, R0, 0x100 ;\n"
    "BRA `(.L_join) ;\n"
    ".L_else: IADD R1, R0, 0x200 ;\n"
    ".L_join: BSYNC B0 ;\n"
    "BAR.SYNC 0x1 ;\n"
    "EXIT ;\n";

/* run the other side to the end through the checker; returns mismatches */
static int lockstep(wr_checker *c, other *o, unsigned break_at, int (*breaker)(wr_retire *))
{
    static wr_retire r;
    uint64_t cycle = 0;
    unsigned n = 0;
    int bad = 0;
    while (other_step(o, &r, &cycle)) {
        if (n++ >= break_at && breaker && breaker(&r))
            break_at = ~0u;                   /* broken once, at the first record it applies to */
        int rc = wr_checker_retire(c, cycle, &r);
        ck_assert_int_ge(rc, 0);
        bad += rc;
        cycle += 3;                       /* the other side's own latency */
    }
    return bad;
}

/* how the other side's run ended, from its warps */
static unsigned end_of(const other *o)
{
    unsigned finished = 0, faulted = 0, can = 0;
    for (unsigned w = 0; w < o->cta.nwarps; w++) {
        const unsigned r = o->cta.warp[w].run;
        finished += r == WR_WARP_EXITED || r == WR_WARP_TRAPPED;
        faulted += r == WR_WARP_FAULTED;
        can += r == WR_WARP_READY || r == WR_WARP_ASLEEP;
    }
    return faulted ? WR_END_EXCEPTION : finished == o->cta.nwarps ? WR_END_DONE : can ? WR_END_LIMIT
                                                                                   : WR_END_DEADLOCK;
}

static void final_of(wr_checker *c, other *o)
{
    uint32_t preds[WR_MAX_WARPS * WR_NUM_PREDS];
    for (unsigned w = 0; w < o->cta.nwarps; w++)
        memcpy(&preds[w * WR_NUM_PREDS], o->rf.p[w], sizeof o->rf.p[w]);
    uint32_t words[WR_MAX_BARRIERS];
    for (unsigned b = 0; b < o->cta.nbars; b++)
        words[b] = o->cta.bar[b].word;
    wr_checker_final(c, 1000, end_of(o), o->cta.warp, o->cta.nwarps, o->rf.r, o->rf.nregs, preds, words,
                     o->cta.nbars);
}

START_TEST(checker_clean_run_passes)
{
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 64, NULL);
    other *o = &x.o;
    ck_assert_int_eq(lockstep(c, o, ~0u, NULL), 0);
    final_of(c, o);
    wr_checker_counts n;
    wr_checker_get_counts(c, &n);
    ck_assert_uint_eq(n.retired, 22);
    ck_assert_uint_eq(n.compared, 22);
    ck_assert_uint_eq(n.mismatched, 0);
    ck_assert_int_eq(wr_checker_failed(c), 0);
    ck_assert_str_eq(wr_checker_messages(c), "");
    fixture_done(&x);
}
END_TEST

static int break_active(wr_retire *r)
{
    r->after.active ^= 1u << 7;
    return 1;
}
static int break_gpr(wr_retire *r)
{
    for (unsigned i = 0; i < r->nwrites; i++)
        if (r->write[i].kind == WR_WRITE_GPR) {
            r->write[i].value[3] += 1;
            return 1;
        }
    return 0;
}
static int break_operand(wr_retire *r)
{
    if (!(r->reads & WR_IN_RA))
        return 0;
    r->in.ra[5] ^= 0x40;
    return 1;
}

START_TEST(checker_reports_the_broken_field)
{
    static const struct {
        int (*breaker)(wr_retire *);
        unsigned at;
        const char *field, *line;
    } t[] = {
        { break_active, 7, "active", NULL },
        { break_gpr, 0, "write.gpr",
          "cycle 0: write.gpr: warp 1 pc 0x0 S2R R0, SR_LANEID: 1 field differ [N-54; S2R N-51]\n" },
        { break_operand, 0, "in.ra",
          "cycle 6: in.ra: warp 1 pc 0x10 ISETP.LT P0, R0, 0x10: 1 field differ [N-51; ISETP.LT N-51]\n" },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_checker_opts opts;
        wr_checker_opts_init(&opts);
        opts.max_mismatches = 100;
        fixture x;
        wr_checker *c = fixture_init(&x, prog_text, 64, &opts);
        other *o = &x.o;
        int bad = lockstep(c, o, t[i].at, t[i].breaker);
        ck_assert_msg(bad >= 1, "case %u: no mismatch", i);
        wr_checker_fail f;
        wr_checker_first_failure(c, &f);
        ck_assert_str_eq(f.field, t[i].field);
        if (t[i].line)
            ck_assert_str_eq(wr_checker_messages(c), t[i].line);
        fixture_done(&x);
    }
}
END_TEST

/* N-51: the read set the other side reports is a compared field: an operand
 * left out (its wrong value then unread) or one the instruction does not read */
static int drop_ra(wr_retire *r)
{
    if (!(r->reads & WR_IN_RA))
        return 0;
    r->reads &= (uint16_t)~WR_IN_RA;
    r->in.ra[5] ^= 0x40;
    return 1;
}
static int add_c(wr_retire *r)
{
    r->reads |= WR_IN_C;
    return 1;
}
/* ... and its widths: Ra reported as a 64-bit pair where the form reads one register */
static int widen_ra(wr_retire *r)
{
    if (!(r->reads & WR_IN_RA))
        return 0;
    r->reads |= WR_IN_RA64;
    return 1;
}
static int no_reads(wr_retire *r)
{
    r->reads = 0;                        /* not reported: not compared */
    r->in.ra[5] ^= 0x40;
    return 1;
}

START_TEST(N_51_the_read_set_is_compared)
{
    static const struct {
        int (*breaker)(wr_retire *);
        unsigned mode;
        const char *line;
    } t[] = {
        { drop_ra, WR_OPERANDS_SELF, "cycle 6: reads: warp 1 pc 0x10 ISETP.LT P0, R0, 0x10: 1 field differ "
                                     "(ra missing in the RTL) [N-51; ISETP.LT N-51]\n" },
        { add_c, WR_OPERANDS_SELF, "cycle 0: reads: warp 1 pc 0x0 S2R R0, SR_LANEID: 1 field differ "
                                   "(c extra in the RTL) [N-51; S2R N-51]\n" },
        { widen_ra, WR_OPERANDS_SELF, "cycle 6: reads: warp 1 pc 0x10 ISETP.LT P0, R0, 0x10: 1 field differ "
                                      "(ra64 extra in the RTL) [N-51; ISETP.LT N-51]\n" },
        /* operand-driven: the missing Ra reads as 0, and the read set is the
         * one difference (not the predicate written from a made-up operand) */
        { drop_ra, WR_OPERANDS_DRIVEN, "cycle 6: reads: warp 1 pc 0x10 ISETP.LT P0, R0, 0x10: 1 field differ "
                                       "(ra missing in the RTL) [N-51; ISETP.LT N-51]\n" },
        { no_reads, WR_OPERANDS_SELF, "" },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_checker_opts opts;
        wr_checker_opts_init(&opts);
        opts.max_mismatches = 100;
        opts.operand_mode = t[i].mode;
        fixture x;
        wr_checker *c = fixture_init(&x, prog_text, 64, &opts);
        other *o = &x.o;
        lockstep(c, o, 0, t[i].breaker);
        ck_assert_str_eq(wr_checker_messages(c), t[i].line);
        wr_checker_fail f;
        wr_checker_first_failure(c, &f);
        if (*t[i].line) {
            ck_assert_str_eq(f.field, "reads");
            ck_assert_str_eq(f.rule, "N-51");
        }
        fixture_done(&x);
    }
}
END_TEST

/* N-37, G-01: a word of another profile's form is an illegal encoding in
 * a native program, with no architectural operands: the model reads its
 * guard alone.  The other side (a native design) reads the guard of the
 * sass BAR.RED.POPC 0x1, P0 and not its Pp: it passes; reading Pp and not the
 * guard fails, naming pg.  (Before, the model took the sass form's read set,
 * pg and pp, and failed the first: tb/programs/illegal_other_profile.words.) */
static int guard_alone(wr_retire *r)
{
    if (r->exception != WR_EXC_ILLEGAL_ENCODING)
        return 0;
    r->reads = WR_IN_PG;
    return 1;
}
static int no_guard(wr_retire *r)
{
    if (r->exception != WR_EXC_ILLEGAL_ENCODING)
        return 0;
    r->reads = WR_IN_PP;                 /* (0 would be no read set reported at all) */
    return 1;
}

START_TEST(N_37_other_profile_word_reads_the_guard)
{
    static const char *const words =
        "0x00000000000000000000000700017142\n"      /* MOV R1, 0x7 */
        "0x00000000000200000000010000007152\n"      /* sass BAR.RED.POPC 0x1, P0 */
        "0x0000001c000000000000000000007025\n";     /* EXIT */
    static const struct {
        int (*breaker)(wr_retire *);
        const char *line;
    } t[] = {
        { guard_alone, "" },
        { no_guard, "cycle 3: reads: warp 0 pc 0x10 BAR.RED.POPC 0x1, P0: 1 field differ (pg missing in the RTL; "
                    "pp extra in the RTL) "
                    "[N-51; BAR.RED.POPC S-01]\n" },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        char err[256];
        fixture x;
        ck_assert_msg(wr_load_words_any(words, "t.words", WR_PROFILE_NATIVE, &x.p, err, sizeof err) == 0, "%s", err);
        x.threads = 32;
        other_init(&x.o, &x.p, 32);
        wr_checker_opts opts;
        wr_checker_opts_init(&opts);
        opts.max_mismatches = 100;
        x.c = wr_checker_new(&x.p, &opts, err, sizeof err);
        ck_assert_msg(x.c != NULL, "%s", err);
        wr_retire r;
        uint64_t cycle = 0;
        unsigned n = 0;
        while (n < 2 && other_step(&x.o, &r, &cycle)) {
            t[i].breaker(&r);
            ck_assert_int_ge(wr_checker_retire(x.c, cycle, &r), 0);
            cycle += 3;
            n++;
        }
        ck_assert_uint_eq(r.exception, WR_EXC_ILLEGAL_ENCODING);
        ck_assert_str_eq(wr_checker_messages(x.c), t[i].line);
        fixture_done(&x);
    }
}
END_TEST

/* SPEC-NOTES section 5: an operand lane or a written lane the other side
 * calls undefined where the model's value is defined is a mismatch */
static int undef_ra(wr_retire *r)
{
    if (!(r->reads & WR_IN_RA))
        return 0;
    r->in.ra_undef = 0x00010000;
    return 1;
}
static int undef_rd(wr_retire *r)
{
    for (unsigned i = 0; i < r->nwrites; i++)
        if (r->write[i].kind == WR_WRITE_GPR) {
            wr_write_mark_undefined(&r->write[i], 1u << 3);
            return 1;
        }
    return 0;
}

START_TEST(section_5_undefined_where_the_model_is_defined)
{
    static const struct {
        int (*breaker)(wr_retire *);
        const char *line;
    } t[] = {
        { undef_ra, "cycle 6: in.ra: warp 1 pc 0x10 ISETP.LT P0, R0, 0x10: 1 field differ [N-51; ISETP.LT N-51]\n" },
        { undef_rd, "cycle 0: write.gpr: warp 1 pc 0x0 S2R R0, SR_LANEID: 1 field differ [N-54; S2R N-51]\n" },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_program p = assemble(prog_text);
        other o;
        other_init(&o, &p, 64);
        char err[256];
        wr_checker *c = wr_checker_new(&p, NULL, err, sizeof err);
        lockstep(c, &o, 0, t[i].breaker);
        ck_assert_str_eq(wr_checker_messages(c), t[i].line);
        wr_checker_free(c);
        wr_regfile_free(&o.rf);
        wr_program_free(&p);
    }

    /* the end state's marks: a register or predicate lane */
    wr_program p = assemble(prog_text);
    other o;
    other_init(&o, &p, 64);
    char err[256];
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    wr_checker *c = wr_checker_new(&p, &opts, err, sizeof err);
    ck_assert_int_eq(lockstep(c, &o, ~0u, NULL), 0);
    final_of(c, &o);
    ck_assert_int_eq(wr_checker_final_undef(c, 1000, o.rf.r_undef, o.rf.nregs, &o.rf.p_undef[0][0]), WR_CHK_OK);
    o.rf.r_undef[wr_regfile_slot(&o.rf, 1, 1)] = 0x00000110;
    o.rf.p_undef[0][0] = 0x80000000;
    ck_assert_int_eq(wr_checker_final_undef(c, 1000, o.rf.r_undef, o.rf.nregs, &o.rf.p_undef[0][0]),
                     WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c),
                     "cycle 1000: final: warp 0 P0 lanes 0x80000000: undefined in the RTL, defined in the model "
                     "(SPEC-NOTES section 5)\n"
                     "cycle 1000: final: warp 1 R1 lanes 0x00000110: undefined in the RTL, defined in the model "
                     "(SPEC-NOTES section 5)\n");
    wr_checker_fail f;
    wr_checker_first_failure(c, &f);
    ck_assert_str_eq(f.field, "final");
    ck_assert_uint_eq(f.warp, 0);
    wr_checker_free(c);
    /* operand-driven: the model keeps no registers, nor their marks */
    opts.operand_mode = WR_OPERANDS_DRIVEN;
    c = wr_checker_new(&p, &opts, err, sizeof err);
    ck_assert_int_eq(wr_checker_final_undef(c, 1000, o.rf.r_undef, o.rf.nregs, &o.rf.p_undef[0][0]), WR_CHK_OK);
    wr_checker_free(c);
    wr_regfile_free(&o.rf);
    wr_program_free(&p);
}
END_TEST

/* ... and the reverse: its value is allowed (section 5, lockstep), its
 * missing undefined mark is not (the row undef, on by default: the
 * mutants of the stub's rd_dc_o that marked a B2R result defined passed
 * before it).  Off (+ignore=undef: a design that does not track undefined
 * values), where the other side defines what the model leaves undefined,
 * the model takes its value and counts the lanes; where both leave it
 * undefined it stays undefined. */
START_TEST(section_5_the_other_may_define_what_the_model_leaves_undefined)
{
    static const char *const text = ".threads 64\nB2R.WARP R1 ;\nIADD R2, R1, 0x1 ;\nMOV R1, 0x7 ;\n"
                                    "IADD R3, R1, R2 ;\nEXIT ;\n";
    fixture x;
    wr_checker *c = fixture_init(&x, text, 64, NULL);
    static wr_retire r;
    uint64_t cycle = 0;
    while (other_step(&x.o, &r, &cycle)) {
        if (r.pc == 0 && r.warp == 1) {   /* warp 1 defines its B2R.WARP result (0) */
            r.write[0].dc_lanes = 0;
            ck_assert_int_eq(wr_checker_retire(c, cycle, &r), WR_CHK_MISMATCH);
            break;
        }
        ck_assert_int_eq(wr_checker_retire(c, cycle, &r), WR_CHK_OK);
        cycle += 3;
    }
    ck_assert_str_eq(wr_checker_messages(c), "cycle 0: undef: warp 1 pc 0x0 B2R.WARP R1: 1 field differ "
                                             "[S5; B2R.WARP N-39]\n");
    fixture_done(&x);

    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.ctl.field[WR_RF_UNDEF].enable = 0;
    c = fixture_init(&x, text, 64, &opts);
    other *o = &x.o;
    cycle = 0;
    while (other_step(o, &r, &cycle)) {
        if (r.pc == 0 && r.warp == 1) {   /* warp 1 defines its B2R.WARP result (0) */
            r.write[0].dc_lanes = 0;
            o->rf.r_undef[wr_regfile_slot(&o->rf, 1, 1)] = 0;
        }
        ck_assert_int_eq(wr_checker_retire(c, cycle, &r), WR_CHK_OK);
        cycle += 3;
    }
    final_of(c, o);
    ck_assert_int_eq(wr_checker_final_undef(c, 1000, o->rf.r_undef, o->rf.nregs, &o->rf.p_undef[0][0]), WR_CHK_OK);
    wr_checker_counts n;
    wr_checker_get_counts(c, &n);
    ck_assert_uint_eq(n.adopted, 32);                    /* warp 1's R1 */
    ck_assert_uint_eq(n.mismatched, 0);
    const wr_regfile *rf = &o->rf;                        /* the other side: warp 0's R2, R3 undefined */
    ck_assert_uint_eq(rf->r_undef[wr_regfile_slot(rf, 0, 2)], ~0u);
    ck_assert_uint_eq(rf->r_undef[wr_regfile_slot(rf, 1, 2)], 0);
    fixture_done(&x);
}
END_TEST

/* ... and at the end, with the marks row on: a lane the model holds
 * undefined must be undefined in the other's end state too (a register file
 * that loses a stored mark); off, section 5 lets it be defined */
START_TEST(section_5_the_end_marks_what_the_model_leaves_undefined)
{
    static const char *const text = ".threads 64\nB2R.WARP R1 ;\nEXIT ;\n";
    for (int strict = 1; strict >= 0; strict--) {
        wr_checker_opts opts;
        wr_checker_opts_init(&opts);
        opts.max_mismatches = 100;
        opts.ctl.field[WR_RF_UNDEF].enable = strict;
        fixture x;
        wr_checker *c = fixture_init(&x, text, 64, &opts);
        static wr_retire r;
        uint64_t cycle = 0;
        while (other_step(&x.o, &r, &cycle)) {
            ck_assert_int_eq(wr_checker_retire(c, cycle, &r), WR_CHK_OK);
            cycle += 3;
        }
        final_of(c, &x.o);
        wr_regfile *rf = &x.o.rf;
        ck_assert_uint_eq(rf->r_undef[wr_regfile_slot(rf, 1, 1)], ~0u);   /* B2R.WARP: undefined (N-39) */
        rf->r_undef[wr_regfile_slot(rf, 1, 1)] = 0xfffffffeu;              /* lane 0's mark lost */
        rf->p_undef[0][3] = 0;
        ck_assert_int_eq(wr_checker_final_undef(c, 1000, rf->r_undef, rf->nregs, &rf->p_undef[0][0]),
                         strict ? WR_CHK_MISMATCH : WR_CHK_OK);
        ck_assert_str_eq(wr_checker_messages(c), strict ? "cycle 1000: final: warp 1 R1 lanes 0x00000001: undefined "
                         "in the model, defined in the RTL (undef: the marks, SPEC-NOTES section 5)\n" : "");
        fixture_done(&x);
    }
}
END_TEST

/* ... and of the operands: a lane the model reads undefined that the other
 * side's read calls defined differs in undef too (the stub's regfile
 * mutants that dropped Ra's or Rb's marks, or folded the pair's high marks
 * in with & for |, passed before: issue 23 item 3) */
START_TEST(section_5_an_operand_the_model_reads_undefined_must_be_marked)
{
    static const char *const text = ".threads 64\nB2R.WARP R1 ;\nIADD R2, R1, 0x1 ;\nIADD R3, RZ, R1 ;\nEXIT ;\n";
    for (unsigned k = 0; k < 3; k++) {           /* none broken, Ra, Rb */
        fixture x;
        wr_checker *c = fixture_init(&x, text, 64, NULL);
        static wr_retire r;
        uint64_t cycle = 0;
        int broke = 0;
        while (other_step(&x.o, &r, &cycle)) {
            if (r.warp == 1 && ((k == 1 && r.pc == 0x10) || (k == 2 && r.pc == 0x20))) {
                ck_assert_uint_eq(k == 1 ? r.in.ra_undef : r.in.rb_undef, ~0u);
                if (k == 1)
                    r.in.ra_undef = 0xfffffffbu;         /* lane 2 called defined */
                else
                    r.in.rb_undef = 0;
                ck_assert_int_eq(wr_checker_retire(c, cycle, &r), WR_CHK_MISMATCH);
                broke = 1;
                break;
            }
            ck_assert_int_eq(wr_checker_retire(c, cycle, &r), WR_CHK_OK);
            cycle += 3;
        }
        ck_assert_int_eq(broke, k != 0);
        if (k == 1)
            ck_assert_str_eq(wr_checker_messages(c), "cycle 6: undef: warp 1 pc 0x10 IADD R2, R1, 0x1: 1 field differ "
                                                     "[S5; IADD N-51]\n");
        if (k == 2)
            ck_assert_str_eq(wr_checker_messages(c), "cycle 12: undef: warp 1 pc 0x20 IADD R3, RZ, R1: 1 field differ "
                                                     "[S5; IADD N-51]\n");
        fixture_done(&x);
    }
}
END_TEST

/* visa's four-register signal (V-01, issue 17 H): Re, the fourth operand,
 * reaches the operand compare like Ra, Rb, Rc */
static int break_re(wr_retire *r)
{
    if (!(r->reads & WR_IN_RE))
        return 0;
    r->in.re[9] ^= 0x100;
    return 1;
}

START_TEST(checker_compares_the_fourth_operand)
{
    static const char *const text =
        ".profile visa\n"
        ".threads 64\n"
        "MOV R30, 0x3 ;\n"
        "MOV R33, 0x0 ;\n"
        "MOV R31, 0x1 ;\n"
        "MOV R32, 0x2 ;\n"
        "NBARRIER.signal R30, R33, R31, R32 ;\n"
        "NBARRIER.wait R30 ;\n"
        "EXIT ;\n";
    for (unsigned broken = 0; broken < 2; broken++) {
        wr_checker_opts opts;
        wr_checker_opts_init(&opts);
        opts.max_mismatches = 100;
        fixture x;
        wr_checker *c = fixture_init(&x, text, 64, &opts);
        other *o = &x.o;
        ck_assert_int_eq(lockstep(c, o, 0, broken ? break_re : NULL), (int)broken);
        if (broken) {
            wr_checker_fail f;
            wr_checker_first_failure(c, &f);
            ck_assert_str_eq(f.field, "in.re");
            ck_assert_str_eq(wr_checker_messages(c), "cycle 24: in.re: warp 1 pc 0x40 NBARRIER.signal R30, R33, R31, "
                                                     "R32: 1 field differ [V-01; NBARRIER.signal V-01]\n");
        }
        fixture_done(&x);
    }
}
END_TEST

START_TEST(checker_ignore_and_mask_controls)
{
    wr_program p = assemble(prog_text);
    other o;
    other_init(&o, &p, 64);
    char err[256];
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    ck_assert_int_eq(wr_compare_ctl_ignore(&opts.ctl, "active,switch", err, sizeof err), 0);
    ck_assert_int_eq(wr_compare_ctl_ignore(&opts.ctl, "nonsense", err, sizeof err), -1);
    ck_assert_str_eq(err, "ignore: unknown field 'nonsense'");
    ck_assert_int_eq(wr_compare_ctl_mask(&opts.ctl, "rpc:0x", err, sizeof err), -1);
    ck_assert_str_eq(err, "mask: rpc: '0x' is not a number (decimal, or hex with 0x)");
    ck_assert_int_eq(wr_compare_ctl_mask(&opts.ctl, "b", err, sizeof err), -1);
    ck_assert_str_eq(err, "mask: 'b' is not FIELD:MASK with a known field");
    wr_checker *c = wr_checker_new(&p, &opts, err, sizeof err);
    ck_assert_int_eq(lockstep(c, &o, 7, break_active), 0);        /* ignored */
    wr_checker_free(c);
    wr_regfile_free(&o.rf);
    wr_program_free(&p);
}
END_TEST

START_TEST(checker_follows_the_other_order_and_rejects_a_blocked_retire)
{
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 0, NULL);
    /* a record of warp 0 at pc 0x90 (past the barrier) while the model has it at 0 */
    static wr_retire r;
    memset(&r, 0, sizeof r);
    r.warp = 0;
    r.pc = 0x90;
    r.has_state = 1;
    ck_assert_int_eq(wr_checker_retire(c, 5, &r), WR_CHK_MISMATCH);
    wr_checker_fail f;
    wr_checker_first_failure(c, &f);
    ck_assert_str_eq(f.field, "pc");
    ck_assert_int_eq(wr_checker_stopped(c), 1);
    fixture_done(&x);
}
END_TEST

START_TEST(checker_wakes_early_late_and_unknown)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    opts.wake_late = 5;
    fixture x;
    wr_checker *c = fixture_init(&x, "NANOSLEEP 0x64 ;\nEXIT ;\n", 32, &opts);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 10;
    ck_assert_int_eq(other_step(o, &r, &cycle), 1);      /* NANOSLEEP at 10: deadline 110 */
    ck_assert_int_eq(wr_checker_retire(c, 10, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_wake(c, 109, 0, -1), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_wake(c, 116, 0, -1), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c),
                     "cycle 109: wake: warp 0 woke at cycle 109, the model's deadline is 110 (due at 110, early) [N-23]\n"
                     "cycle 116: wake: warp 0 woke at cycle 116, the model's deadline is 110 (due at 110, late) [N-23]\n");
    ck_assert_int_eq(wr_checker_wake(c, 112, 0, -1), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_wake(c, 113, 0, -1), WR_CHK_MISMATCH);      /* no deadline any more */
    fixture_done(&x);
}
END_TEST

/* How a run ends (wr_checker_final's end): a deadlock or done declared while
 * the model's warp sleeps, a limit after the model is done, an exception
 * without a fault; a wake that says it did not wake an asleep warp; a
 * deadline overdue with no wake; the end time (t, off by default) */
START_TEST(checker_end_and_wakes)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 100;
    opts.wake_late = 0;
    fixture x;
    wr_checker *c = fixture_init(&x, "NANOSLEEP 0x64 ;\nEXIT ;\n", 32, &opts);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 10;
    ck_assert_int_eq(other_step(o, &r, &cycle), 1);      /* NANOSLEEP at 10: deadline 110, asleep */
    ck_assert_int_eq(wr_checker_retire(c, 10, &r), WR_CHK_OK);
    const wr_warp *w = wr_checker_cta(c)->warp;
    ck_assert_int_eq(wr_checker_final(c, 20, WR_END_DEADLOCK, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_summary(c), "end: the RTL's run ends deadlock at t=20, but the model's warps "
                     "0x00000001 can run: warp 0 asleep at pc 0x10 until 110 [N-50]");
    ck_assert_int_eq(wr_checker_final(c, 20, WR_END_LIMIT, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_final(c, 20, WR_END_EXCEPTION, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_final(c, 20, WR_END_NONE, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_wake(c, 110, 0, 0), WR_CHK_MISMATCH);        /* it did wake the warp */
    ck_assert_int_eq(wr_checker_woke(c, 110, 0), WR_CHK_MISMATCH);           /* the model's `wake` is pending */
    ck_assert_int_eq(wr_checker_woke(c, 110, 1), WR_CHK_OK);
    wr_wake(&o->cta, 0, 110);
    cycle = 111;
    ck_assert_int_eq(other_step(o, &r, &cycle), 1);      /* EXIT: done */
    ck_assert_int_eq(wr_checker_retire(c, 111, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_final(c, 112, WR_END_DONE, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_final(c, 112, WR_END_LIMIT, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_final(c, 112, WR_END_DEADLOCK, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c),
                     "cycle 20: end: the RTL's run ends deadlock at t=20, but the model's warps 0x00000001 "
                     "can run: warp 0 asleep at pc 0x10 until 110 [N-50]\n"
                     "cycle 20: end: the RTL's run ends exception at t=20, but no warp of the model took an "
                     "exception or a fetch fault [N-37]\n"
                     "cycle 20: end: the RTL's run ends 'none' at t=20, which is no end of a run (done, "
                     "deadlock, livelock, exception, limit) [N-50]\n"
                     "cycle 110: wake: warp 0's deadline fired at cycle 110 and the RTL says it did not wake "
                     "the warp, but the model has it asleep [N-23]\n"
                     "cycle 110: wake: warps woken whose `wake` is not yet reported: RTL 0x00000000, model "
                     "0x00000001 (warp 0 is ready in the model) [N-23]\n"
                     "cycle 112: end: the RTL's run ends limit at t=112, the model's ends done: every warp "
                     "exited or trapped [N-55]\n"
                     "cycle 112: end: the RTL's run ends deadlock at t=112, the model's ends done: every warp "
                     "exited or trapped [N-50]\n");
    ck_assert(wr_checker_end_checked(c));
    /* the end time: off by default, on under the controls of a replay */
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    wr_checker_set_ctl(c, &ctl);
    ck_assert_int_eq(wr_checker_final(c, 112, WR_END_DONE, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_final(c, 113, WR_END_DONE, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "cycle 113: t: the run ends at t=113, the model's at "
                                 "t=112 (the time after its last issued instruction) [N-50]\n"));
    fixture_done(&x);
}
END_TEST

/* a deadline the other side never fires: a mismatch at the first record past
 * its due time + wake_late (a missing wake, N-23) */
START_TEST(checker_missing_wake)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 100;
    opts.wake_late = 1;
    fixture x;
    wr_checker *c = fixture_init(&x, "NANOSLEEP 0x4 ;\nEXIT ;\n", 32, &opts);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 0;
    ck_assert_int_eq(other_step(o, &r, &cycle), 1);      /* NANOSLEEP at 0: deadline 4, due at 4 */
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    /* the other side goes on with the warp, never firing the deadline: at 5
     * (due + wake_late) only the retire of an asleep warp fails; at 6 the wake
     * is missing too, told once */
    r.pc = 0x10;
    ck_assert_int_eq(wr_checker_retire(c, 5, &r), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_retire(c, 6, &r), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_retire(c, 7, &r), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c),
                     "cycle 5: run: warp 0 retired at pc 0x10 but the model has it asleep (its sleep deadline has "
                     "not fired, N-23) [N-35]\n"
                     "cycle 6: wake: warp 0's sleep deadline 4 was due at 4, but no wake was reported by cycle 6 "
                     "[N-23]\n"
                     "cycle 6: run: warp 0 retired at pc 0x10 but the model has it asleep (its sleep deadline has "
                     "not fired, N-23) [N-35]\n"
                     "cycle 7: run: warp 0 retired at pc 0x10 but the model has it asleep (its sleep deadline has "
                     "not fired, N-23) [N-35]\n");
    fixture_done(&x);
}
END_TEST

/* NANOSLEEP 0 at t: the deadline t fires at the next turn, t + 1 (N-23), which
 * is on time even with no lateness allowed; t + 2 is late */
START_TEST(checker_zero_sleep_is_due_at_the_next_turn)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    opts.wake_late = 0;
    fixture x;
    wr_checker *c = fixture_init(&x, "NANOSLEEP 0x0 ;\nNANOSLEEP 0x0 ;\nEXIT ;\n", 32, &opts);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 7;
    ck_assert_int_eq(other_step(o, &r, &cycle), 1);
    ck_assert_int_eq(wr_checker_retire(c, 7, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_wake(c, 8, 0, -1), WR_CHK_OK);
    wr_wake(&o->cta, 0, 8);
    cycle = 8;
    ck_assert_int_eq(other_step(o, &r, &cycle), 1);
    ck_assert_int_eq(wr_checker_retire(c, 8, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_wake(c, 10, 0, -1), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c),
                     "cycle 10: wake: warp 0 woke at cycle 10, the model's deadline is 8 (due at 9, late) [N-23]\n");
    fixture_done(&x);
}
END_TEST

START_TEST(checker_retire_from_a_sleeping_warp)
{
    fixture x;
    wr_checker *c = fixture_init(&x, "NANOSLEEP 0x64 ;\nEXIT ;\n", 32, NULL);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 0;
    other_step(o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    wr_wake(&o->cta, 0, 50);                              /* the other side woke it early */
    cycle = 51;
    other_step(o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 51, &r), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_summary(c), "run: warp 0 retired at pc 0x10 but the model has it asleep "
                     "(its sleep deadline has not fired, N-23) [N-35]");
    fixture_done(&x);
}
END_TEST

START_TEST(checker_fetch_fault_and_final)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    fixture x;
    wr_checker *c = fixture_init(&x, "BRA 0x100 ;\n", 32, &opts);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 0;
    other_step(o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_fetch_fault(c, 1, 0, 0x90, WR_FETCH_NO_INSN), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_fetch_fault(c, 1, 0, 0x100, WR_FETCH_NO_INSN), WR_CHK_OK);
    wr_fetch_fault(&o->cta, 0, WR_FETCH_NO_INSN, NULL);
    final_of(c, o);
    wr_checker_counts n;
    wr_checker_get_counts(c, &n);
    ck_assert_uint_eq(n.mismatched, 1);                  /* the final state agrees */
    o->cta.warp[0].breg[3] = 7;
    o->rf.r[0] = 5;
    final_of(c, o);
    wr_checker_get_counts(c, &n);
    ck_assert_uint_eq(n.mismatched, 3);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "final: warp 0 B3: model 0x00000000, RTL 0x00000007"));
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "final: warp 0 R0 lane 0: model 0x00000000, RTL 0x00000005"));
    fixture_done(&x);
}
END_TEST

/* N-50: time never goes back.  Records may share a time (several retires in
 * a cycle); one before the previous record's (a retire's or a fetch
 * fault's) fails, by itself and after the record's own differences. */
START_TEST(N_50_time_never_goes_back)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    fixture x;
    wr_checker *c = fixture_init(&x, ".threads 64\nMOV R1, 0x1 ;\nMOV R2, 0x2 ;\n", 64, &opts);
    static wr_retire r;
    uint64_t cycle = 0;
    other_step(&x.o, &r, &cycle);                        /* warp 1, pc 0 */
    ck_assert_int_eq(wr_checker_retire(c, 7, &r), WR_CHK_OK);
    other_step(&x.o, &r, &cycle);                        /* warp 0, pc 0: the same time */
    ck_assert_int_eq(wr_checker_retire(c, 7, &r), WR_CHK_OK);
    other_step(&x.o, &r, &cycle);                        /* warp 1, pc 0x10: before it */
    ck_assert_int_eq(wr_checker_retire(c, 6, &r), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c), "cycle 6: t: warp 1 retired at t=6, before the previous record's t=7 "
                                             "(time never goes back) [N-50]\n");
    wr_checker_fail f;
    wr_checker_first_failure(c, &f);
    ck_assert_str_eq(f.field, "t");
    other_step(&x.o, &r, &cycle);                        /* warp 0, pc 0x10, broken: its own field first */
    r.after.active ^= 1;
    ck_assert_int_eq(wr_checker_retire(c, 5, &r), WR_CHK_MISMATCH);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "cycle 5: active: warp 0 pc 0x10 MOV R2, 0x2: 1 field differ "
                                                         "[N-12; MOV N-51]\ncycle 5: t: warp 0 retired at t=5, before "
                                                         "the previous record's t=6 (time never goes back) [N-50]\n"));
    ck_assert_int_eq(wr_checker_fetch_fault(c, 4, 1, 0x20, WR_FETCH_NO_INSN), WR_CHK_MISMATCH);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "cycle 4: t: warp 1 faulted at t=4, before the previous "
                                                         "record's t=5 (time never goes back) [N-50]\n"));
    wr_checker_counts n;
    wr_checker_get_counts(c, &n);
    ck_assert_uint_eq(n.mismatched, 4);
    fixture_done(&x);
}
END_TEST

/* N-50: the other side's clock (wr_checker_clock).  An edge moves it at
 * most time_step; a leap is legal only as the jump with no warp ready, to
 * the earliest asleep deadline, judged once the records before it are in;
 * back fails at once. */
START_TEST(N_50_the_clock_leaps_only_to_the_earliest_deadline)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    opts.wake_late = 0;
    static const char *const text = "NANOSLEEP 0x64 ;\nEXIT ;\n";
    static wr_retire r;
    uint64_t cycle = 0;
    /* the jump: warp 0 asleep until 100, time leaps 1 -> 100 */
    fixture x;
    wr_checker *c = fixture_init(&x, text, 32, &opts);
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 0, 1), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 1, 100), WR_CHK_OK);      /* judged later */
    ck_assert_int_eq(wr_checker_wake(c, 100, 0, 1), WR_CHK_OK);
    ck_assert_str_eq(wr_checker_messages(c), "");
    fixture_done(&x);
    /* past it: judged at the wake, before the wake's own lateness */
    c = fixture_init(&x, text, 32, &opts);
    cycle = 0;
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 1, 105), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_wake(c, 105, 0, 1), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_summary(c), "t: the RTL's time leapt from 1 to 105 in one cycle, past warp 0's sleep "
                     "deadline due at 100, the earliest (a jump goes to it) [N-50]");
    wr_checker_fail f;
    wr_checker_first_failure(c, &f);
    ck_assert_str_eq(f.field, "t");
    ck_assert_uint_eq(f.cycle, 105);
    fixture_done(&x);
    /* a warp ready: judged at the first record dated at or after the leap */
    c = fixture_init(&x, ".threads 64\nMOV R1, 0x1 ;\nMOV R2, 0x2 ;\n", 64, &opts);
    cycle = 0;
    other_step(&x.o, &r, &cycle);                        /* warp 1, pc 0 */
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 1, 9), WR_CHK_OK);
    other_step(&x.o, &r, &cycle);                        /* warp 0, pc 0: issued before the leap */
    ck_assert_int_eq(wr_checker_retire(c, 1, &r), WR_CHK_OK);
    other_step(&x.o, &r, &cycle);
    (void)wr_checker_retire(c, 9, &r);                   /* (the record itself agrees) */
    ck_assert_str_eq(wr_checker_messages(c), "cycle 9: t: the RTL's time leapt from 1 to 9 in one cycle while the "
                     "model has warps 0x00000003 ready (an edge moves it at most 1; only a jump with no warp ready "
                     "skips ahead) [N-50]\n");
    /* back: at once */
    ck_assert_int_eq(wr_checker_clock(c, 9, 8), WR_CHK_MISMATCH);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "cycle 9: t: the RTL's time went back from 9 to 8 in one "
                                                         "cycle (time never goes back) [N-50]\n"));
    fixture_done(&x);
    /* a leap no event follows: judged at the end (a run stopped by its limit) */
    c = fixture_init(&x, text, 32, &opts);
    cycle = 0;
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 1, UINT64_MAX), WR_CHK_OK);
    final_of(c, &x.o);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "t: the RTL's time leapt from 1 to 18446744073709551615 in "
                                                         "one cycle, past warp 0's sleep deadline due at 100"));
    fixture_done(&x);
}
END_TEST

/* N-50: what a design promises of its time.  +time=cycles: time_step every
 * edge from its first record on; +time=n50: every record's t is the
 * model's next turn (a step later, or the earliest deadline), and the
 * end's t the time after the last one. */
START_TEST(N_50_the_time_a_design_claims)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    static wr_retire r;
    uint64_t cycle = 0;
    fixture x;
    wr_checker *c = fixture_init(&x, "MOV R1, 0x1 ;\nMOV R2, 0x2 ;\nEXIT ;\n", 32, &opts);
    wr_checker_set_time(c, WR_TIME_CYCLES, 2);
    ck_assert_int_eq(wr_checker_clock(c, 0, 0), WR_CHK_OK);         /* before the first record */
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 0, 2), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_clock(c, 2, 3), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_clock(c, 3, 3), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c), "cycle 3: t: the RTL's time went from 2 to 3 in one cycle (+time=cycles: "
                     "2 every cycle) [N-50]\ncycle 3: t: the RTL's time went from 3 to 3 in one cycle (+time=cycles: "
                     "2 every cycle) [N-50]\n");
    fixture_done(&x);
    /* n50 */
    c = fixture_init(&x, "NANOSLEEP 0x20 ;\nMOV R2, 0x2 ;\nEXIT ;\n", 32, &opts);
    wr_checker_set_time(c, WR_TIME_N50, 1);
    cycle = 0;
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_wake(c, 32, 0, 1), WR_CHK_OK);
    wr_wake(&x.o.cta, 0, 32);
    cycle = 32;                                          /* the jump: the deadline 0 + 32 */
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 32, &r), WR_CHK_OK);
    cycle = 34;                                          /* one step later is 33 */
    other_step(&x.o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 34, &r), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_messages(c), "cycle 34: t: warp 0 pc 0x20: the record's t is 34, the model's time "
                     "is 33 [N-50]\n");
    fixture_done(&x);
}
END_TEST

/* N-50: under the field t (a replay, +time=n50) each turn's warp is N-50's:
 * the first ready at or after the pointer, which then moves past the warp
 * that took the turn.  A warp asleep at a turn is passed over even when its
 * wake (dated after the turn) came in before the turn's record. */
START_TEST(N_50_the_turn_goes_to_the_first_ready_warp_after_the_pointer)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.max_mismatches = 10;
    static wr_retire r;
    fixture x;
    /* warp 1 alone sleeps, at t 5 until 8: t 6 and 7 are warp 0's */
    const char *text = ".threads 64\nS2R R1, SR_WARPID ;\nISETP.EQ P0, R1, 0x1 ;\n@P0 NANOSLEEP 0x3 ;\nMOV R2, 0x2 ;\nEXIT ;\n";
    wr_checker *c = fixture_init(&x, text, 64, &opts);
    wr_checker_set_time(c, WR_TIME_N50, 1);
    static const unsigned order[] = { 0, 1, 0, 1, 0, 1, 0 };
    for (uint64_t t = 0; t < 7; t++) {
        other_step_warp(&x.o, order[t], &r, t);
        ck_assert_int_eq(wr_checker_retire(c, t, &r), WR_CHK_OK);
    }
    ck_assert_int_eq(x.o.cta.warp[1].run, WR_WARP_ASLEEP);
    ck_assert_int_eq(wr_checker_wake(c, 8, 1, 1), WR_CHK_OK);   /* reported before t 7's record */
    other_step_warp(&x.o, 0, &r, 7);                            /* the pointer is at warp 1, asleep at 7 */
    ck_assert_int_eq(wr_checker_retire(c, 7, &r), WR_CHK_OK);
    wr_wake(&x.o.cta, 1, 8);
    for (uint64_t t = 8; t < 10; t++) {
        other_step_warp(&x.o, 1, &r, t);
        ck_assert_int_eq(wr_checker_retire(c, t, &r), WR_CHK_OK);
    }
    ck_assert_str_eq(wr_checker_messages(c), "");
    fixture_done(&x);
    /* warp 1 first, then warp 0 twice while warp 1 is ready (the pointer wraps) */
    c = fixture_init(&x, ".threads 64\nMOV R1, 0x1 ;\nMOV R2, 0x2 ;\nEXIT ;\n", 64, &opts);
    wr_checker_set_time(c, WR_TIME_N50, 1);
    static const unsigned wrong[] = { 1, 0, 0 };
    for (uint64_t t = 0; t < 3; t++) {
        other_step_warp(&x.o, wrong[t], &r, t);
        ck_assert_int_eq(wr_checker_retire(c, t, &r), t == 1 ? WR_CHK_OK : WR_CHK_MISMATCH);
    }
    ck_assert_str_eq(wr_checker_messages(c), "cycle 0: t: warp 1 pc 0x0 took the turn at 0, but N-50 gives it to "
                     "warp 0: the first warp ready at or after the pointer, which is at warp 0 [N-50]\ncycle 2: t: "
                     "warp 0 pc 0x10 took the turn at 2, but N-50 gives it to warp 1: the first warp ready at or "
                     "after the pointer, which is at warp 1 [N-50]\n");
    fixture_done(&x);
    /* without the field t (+time=order, cycles; a replay's --ignore t) any order passes */
    c = fixture_init(&x, ".threads 64\nMOV R1, 0x1 ;\nMOV R2, 0x2 ;\nEXIT ;\n", 64, &opts);
    for (uint64_t t = 0; t < 3; t++) {
        other_step_warp(&x.o, wrong[t], &r, t);
        ck_assert_int_eq(wr_checker_retire(c, t, &r), WR_CHK_OK);
    }
    fixture_done(&x);
}
END_TEST

/* operand-driven: the other side's operands are trusted and the model keeps
 * no registers, so the final compare leaves registers and predicates out */
START_TEST(checker_driven_final_has_no_registers)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.operand_mode = WR_OPERANDS_DRIVEN;
    opts.max_mismatches = 10;
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 64, &opts);
    other *o = &x.o;
    ck_assert_int_eq(lockstep(c, o, ~0u, NULL), 0);
    final_of(c, o);
    ck_assert_str_eq(wr_checker_messages(c), "");
    o->cta.warp[1].breg[2] = 9;                           /* the warps are still compared */
    final_of(c, o);
    ck_assert_str_eq(wr_checker_summary(c), "final: warp 1 B2: model 0x00000000, RTL 0x00000009");
    fixture_done(&x);
}
END_TEST

START_TEST(checker_nothing_compared_fails)
{
    fixture x;
    wr_checker *c = fixture_init(&x, "EXIT ;\n", 0, NULL);
    wr_warp w[1];
    memcpy(w, wr_checker_cta(c)->warp, sizeof w);
    ck_assert_int_eq(wr_checker_final(c, 0, WR_END_DONE, w, 1, NULL, 0, NULL, NULL, 0), WR_CHK_MISMATCH);
    ck_assert_str_eq(wr_checker_summary(c), "final: the run compared 0 instructions");
    fixture_done(&x);
}
END_TEST

START_TEST(checker_driven_final_compares_no_registers)
{
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.operand_mode = WR_OPERANDS_DRIVEN;
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 64, &opts);
    other *o = &x.o;
    ck_assert_int_eq(lockstep(c, o, ~0u, NULL), 0);
    final_of(c, o);                                     /* R1 = lane + 0x100/0x200: not the model's */
    ck_assert_int_eq(wr_checker_failed(c), 0);
    o->cta.warp[1].breg[2] = 9;                           /* the control state still is */
    final_of(c, o);
    ck_assert_ptr_nonnull(strstr(wr_checker_messages(c), "final: warp 1 B2: model 0x00000000, RTL 0x00000009"));
    fixture_done(&x);
}
END_TEST

START_TEST(checker_reports_a_driver_failure_and_ready_warps)
{
    fixture x;
    wr_checker *c = fixture_init(&x, ".threads 64\nNOP ;\nBAR.SYNC 0x0 ;\nEXIT ;\n", 64, NULL);
    other *o = &x.o;
    ck_assert_uint_eq(wr_checker_ready(c), 0x3);
    static wr_retire r;
    uint64_t cycle = 0;
    for (unsigned k = 0; k < 3; k++) {                   /* NOP (warp 1, 0), then warp 1 blocks */
        other_step(o, &r, &cycle);
        ck_assert_int_eq(wr_checker_retire(c, k, &r), WR_CHK_OK);
    }
    ck_assert_uint_eq(r.warp, 1);
    ck_assert_uint_eq(wr_checker_ready(c), 0x1);
    ck_assert_int_eq(wr_checker_report(c, 5000, "hang: no retire for 5000 cycles while the model has warps "
                                          "0x00000001 ready [N-50]"), WR_CHK_MISMATCH);
    ck_assert_int_eq(wr_checker_failed(c), 1);
    ck_assert_int_eq(wr_checker_stopped(c), 1);
    wr_checker_fail f;
    wr_checker_first_failure(c, &f);
    ck_assert_str_eq(f.field, "hang");
    ck_assert_str_eq(f.rule, "N-50");
    ck_assert_uint_eq(f.cycle, 5000);
    ck_assert_uint_eq(f.warp, 0);                        /* the warp the model has ready, */
    ck_assert_uint_eq(f.pc, 0x10);                       /* at its pc (the BAR.SYNC) */
    fixture_done(&x);
}
END_TEST

/* a driver stopped by its own limit asks how the program ends under the
 * model's scheduler: a livelock (N-55), a plain end, a step limit */
START_TEST(checker_own_end_names_a_livelock)
{
    wr_program p = assemble("S2R R0, SR_LANEID ;\nISETP.LT P0, R0, 0x8 ;\nISETP.LT P1, R0, 0x10 ;\n"
                            "@!P1 BRA `(.L_join) ;\nBSSY B0, `(.L_sync) ;\n@!P0 BRA `(.L_else) ;\n"
                            "YIELD ;\nMOV R1, 0x1 ;\nBRA `(.L_sync) ;\n.L_else: YIELD ;\nMOV R1, 0x2 ;\n"
                            ".L_sync: BSYNC B0 ;\n.L_join: WARPSYNC 0xffffffff ;\nEXIT ;\n");
    char err[256];
    wr_checker_opts opts;
    wr_checker_opts_init(&opts);
    opts.own_end = wr_run_own_end;
    wr_checker *c = wr_checker_new(&p, &opts, err, sizeof err);
    ck_assert_str_eq(wr_checker_own_end(c, 0), "livelock");
    wr_checker_free(c);
    wr_program_free(&p);

    p = assemble(prog_text);
    c = wr_checker_new(&p, &opts, err, sizeof err);
    ck_assert_str_eq(wr_checker_own_end(c, 0), "done");
    ck_assert_str_eq(wr_checker_own_end(c, 3), "limit");
    wr_checker_free(c);
    /* without the oracle the checker cannot tell (it does not call the runner) */
    c = wr_checker_new(&p, NULL, err, sizeof err);
    ck_assert_str_eq(wr_checker_own_end(c, 0), "error");
    wr_checker_free(c);
    wr_program_free(&p);
}
END_TEST

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

START_TEST(checker_dump_has_every_section)
{
    char err[256];
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 64, NULL);
    other *o = &x.o;
    ck_assert_int_eq(lockstep(c, o, 7, break_active), 1);
    char base[64];
    snprintf(base, sizeof base, "/tmp/warpref-dump-%d", (int)getpid());
    wr_dump_meta meta = { "seed-7", "7", "t.s", "w.fst", "tb +seed=7", "test", NULL, NULL };
    wr_dump *d = wr_dump_new(c, &meta);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(wr_dump_write(d, base, err, sizeof err), 0);
    wr_dump_free(d);
    char path[96];
    snprintf(path, sizeof path, "%s.txt", base);
    const char *t = slurp(path);
    static const char *const sections[] = {
        "warpref lockstep MISMATCH", "  seed        7", "  program     t.s", "  cycle       ",
        "  instruction ", "  rule        N-", "  waves       w.fst", "  reproduce   tb +seed=7",
        "What differs (the model is the reference):",
        "active                 N-12  differs, lanes 0x00000080: model 0xffff0000, RTL 0xffff0080",
        "Operands read:\n  model  pg ", "\n  RTL    pg ",
        /* the failing warp at issue and after, each row named */
        "\nWarp 0 at issue and after:\n                warp  state          pc  active ",
        "\n  at issue         0  ready          30  ffffffff ", "\n  model after      0  ready          40  ffff0000 ",
        "\n  RTL after        0  ready          40  ffff0080 ", "Last instructions of warp 0", "Last instructions of the CTA:", "Barriers",
        "Warps (model):", "\nRules (where each rule quoted above is defined):\n  N-12  docs/rules.md#n-12\n",
    };
    for (unsigned i = 0; i < sizeof sections / sizeof sections[0]; i++)
        ck_assert_msg(strstr(t, sections[i]) != NULL, "no '%s' in the dump:\n%s", sections[i], t);
    unlink(path);
    snprintf(path, sizeof path, "%s.json", base);
    char *js = slurp(path);
    t = js;
    ck_assert_ptr_nonnull(strstr(t, "\"failed\":true"));
    ck_assert_ptr_nonnull(strstr(t, "\"field\":\"active\",\"rule\":\"N-12\""));
    /* each rule with its entry in docs/rules.md */
    ck_assert_ptr_nonnull(strstr(t, "\"field\":\"active\",\"rule\":\"N-12\",\"rule_doc\":\"docs/rules.md#n-12\""));
    ck_assert_ptr_nonnull(strstr(t, "\"rule_docs\":{\"N-12\":\"docs/rules.md#n-12\""));
    ck_assert_ptr_nonnull(strstr(t, "\"waves\":\"w.fst\""));
    ck_assert_ptr_nonnull(strstr(t, "\"simulator\":\"test\",\"side\":\"RTL\","));
    ck_assert_ptr_nonnull(strstr(t, ",\"model\":\"0xffff0000\",\"rtl\":\"0xffff0080\"}"));
    /* the last entry of warp 0's history: its state after, both sides, the
     * differing lane 7 of ActiveMask (the lane x time picture of the report) */
    char *wh = strstr(js, "\"warp_history\":"), *ch = strstr(js, "\"cta_history\":");
    ck_assert_ptr_nonnull(wh);
    ck_assert_ptr_nonnull(ch);
    *ch = '\0';                          /* warp 0's history only */
    const char *bad = strstr(wh, "\"active\":\"0xffff0080\""), *last = NULL;
    ck_assert_ptr_nonnull(bad);
    for (const char *q = wh; (q = strstr(q, "{\"cycle\":")) && q < bad; q++)
        last = q;
    ck_assert_ptr_nonnull(last);
    static const char want[] = "\"model\":{\"pc\":\"0x40\",\"active\":\"0xffff0000\",\"valid\":\"0xffffffff\","
        "\"yield\":\"0x00000000\",\"sleep\":\"0x00000000\"},\"rtl\":{\"pc\":\"0x40\",\"active\":\"0xffff0080\"";
    ck_assert_msg(strncmp(strstr(last, "\"model\":"), want, strlen(want)) == 0,
                  "the failing history entry: %.400s", last);
    unlink(path);
    fixture_done(&x);
}
END_TEST

/* The checker counts the semantic paths of the model's steps: the same as
 * the other side's own records carry (another copy of the model, another
 * order: each warp takes the same paths); the dump explains the failing
 * step and the failing warp's history, text and JSON. */
START_TEST(checker_counts_paths_and_explains_the_dump)
{
    char err[256];
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 64, NULL);
    other *o = &x.o;
    static wr_retire r;
    wr_coverage mine;
    memset(&mine, 0, sizeof mine);
    uint64_t cycle = 0;
    unsigned n = 0;
    while (other_step(o, &r, &cycle)) {
        wr_coverage_add(&mine, &r.why);
        if (n++ == 7)
            r.after.active |= 0x80;              /* warp 0's @P0 BRA */
        wr_checker_retire(c, cycle, &r);
        cycle += 3;
    }
    const wr_coverage *cov = wr_checker_coverage(c);
    for (unsigned k = 0; k < WR_PATH_COUNT; k++)
        ck_assert_msg(cov->hits[k] == mine.hits[k], "%s: %llu, the other side %llu", wr_path_name(k),
                      (unsigned long long)cov->hits[k], (unsigned long long)mine.hits[k]);
    ck_assert_uint_eq(cov->hits[WR_PATH_BSYNC_SWITCH_BMASK], 2);
    ck_assert_uint_eq(cov->hits[WR_PATH_BSYNC_FULL_SYNC], 2);
    ck_assert_uint_eq(cov->hits[WR_PATH_BAR_SYNC_BLOCK] + cov->hits[WR_PATH_BAR_COMPLETE_ALL], 2);
    char base[64], path[96];
    snprintf(base, sizeof base, "/tmp/warpref-dump-paths-%d", (int)getpid());
    wr_dump *d = wr_dump_new(c, NULL);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(wr_dump_write(d, base, err, sizeof err), 0);
    wr_dump_free(d);
    snprintf(path, sizeof path, "%s.txt", base);
    const char *t = slurp(path);
    static const char *const lines[] = {
        "\n  explanation no modifier: b_jump = pmask 0x0000ffff; lanes 0x0000ffff jump and wait at their "
        "target; lanes 0xffff0000 fall through to 0x40 [BRA.cond_none, BRANCH.some; N-11, N-12, N-14]\n",
        "\nLast instructions of warp 0 (oldest first; '=' what the model did, its paths and rules):\n",
        "\n          15     0        20  BSSY B0, 0x70\n"
        "                                = B0 |= pmask 0xffffffff: B0 = 0xffffffff [BSSY.add; N-20]\n",
        "\n                                = not synchronised, bmask=0x0000ffff; switch to waiting non-yield "
        "lanes in bmask (0x0000ffff) -> lane 0, ActivePC=0x60 [BSYNC.switch_bmask; N-21]\n",
    };
    for (unsigned i = 0; i < sizeof lines / sizeof lines[0]; i++)
        ck_assert_msg(strstr(t, lines[i]) != NULL, "no '%s' in the dump:\n%s", lines[i], t);
    unlink(path);
    snprintf(path, sizeof path, "%s.json", base);
    t = slurp(path);
    ck_assert_ptr_nonnull(strstr(t, ",\"paths\":[\"BRA.cond_none\",\"BRANCH.some\"],\"explanation\":"
                                    "\"no modifier: b_jump = pmask 0x0000ffff; "));
    ck_assert_ptr_nonnull(strstr(t, "\"paths\":[\"BSSY.add\"],\"explanation\":"
                                    "\"B0 |= pmask 0xffffffff: B0 = 0xffffffff [BSSY.add; N-20]\"}"));
    unlink(path);
    fixture_done(&x);
}
END_TEST

/* what a writer of a dump (or of JSON) puts into a stream, as a string */
static char *written(void (*writer)(const void *, FILE *), const void *arg)
{
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    writer(arg, f);
    long n = ftell(f);
    rewind(f);
    char *buf = calloc(1, (size_t)n + 1);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return buf;
}

static void dump_text(const void *d, FILE *f) { wr_dump_text(d, f); }
static void dump_json(const void *d, FILE *f) { wr_dump_json(d, f); }

/* the one JSON string escape and the writer's commas (json.h) */
static void some_json(const void *arg, FILE *f)
{
    (void)arg;
    wr_json j;
    wr_json_init(&j, f);
    wr_json_open(&j, NULL, '{');
    wr_json_string(&j, "s", "q\" b\\ n\n t\t \x01 \xc3\xa9");
    wr_json_string(&j, "none", NULL);
    wr_json_null(&j, "waves");
    wr_json_bool(&j, "failed", 1);
    wr_json_uint(&j, "cycle", 18446744073709551615ull);
    wr_json_open(&j, "list", '[');
    wr_json_hex(&j, NULL, 0x30, 0);
    wr_json_hex(&j, NULL, 0xff, 8);
    wr_json_open(&j, NULL, '{');
    wr_json_close(&j);
    wr_json_open(&j, NULL, '[');
    wr_json_close(&j);
    wr_json_close(&j);
    wr_json_open(&j, "o", '{');
    wr_json_bool(&j, "no", 0);
    wr_json_close(&j);
    wr_json_close(&j);
}

START_TEST(json_escapes_and_nests)
{
    char *t = written(some_json, NULL);
    ck_assert_str_eq(t, "{\"s\":\"q\\\" b\\\\ n\\n t\\u0009 \\u0001 \xc3\xa9\",\"none\":\"\",\"waves\":null,"
                        "\"failed\":true,\"cycle\":18446744073709551615,\"list\":[\"0x30\",\"0x000000ff\",{},[]],"
                        "\"o\":{\"no\":false}}");
    free(t);
}
END_TEST

/* A checker that has seen nothing: its dump, whole, text and JSON (the
 * shape of every dump without a failure: a title, a header, the model's
 * state). */
START_TEST(dump_of_no_failure_whole)
{
    fixture x;
    wr_checker *c = fixture_init(&x, prog_text, 0, NULL);
    wr_dump *d = wr_dump_new(c, NULL);
    ck_assert_ptr_nonnull(d);
    char *t = written(dump_text, d);
    ck_assert_str_eq(t,
        "warpref lockstep report (no failure)\n\n"
        "  test        -\n  seed        -\n  program     -\n  simulator   -, operands self\n  failure     -\n"
        "  waves       (none: rerun with +waves=FILE.fst)\n  reproduce   -\n"
        "  counts      0 retired, 0 compared, 0 failing checks, 0 undefined lanes adopted\n\n"
        "\nLast instructions of the CTA:\n       cycle  warp        pc  instruction\n"
        "\nBarriers (model, after the failing step; N-38 fields):\n"
        "  bar  word     arrived expected mode op   acc def  blocked  arrived \n  (every barrier idle)\n"
        "\nWarps (model):\n  warp  state          pc  active   valid    yield    sleep    switch  \n"
        "     0  ready           0  ffffffff ffffffff 00000000 00000000 00000000\n"
        "     1  ready           0  ffffffff ffffffff 00000000 00000000 00000000\n");
    free(t);
    t = written(dump_json, d);
    ck_assert_str_eq(t,
        "{\"failed\":false,\"test\":\"\",\"seed\":\"\",\"program\":\"\",\"simulator\":\"\",\"side\":\"RTL\",\"waves\":null,"
        "\"reproduce\":\"\",\"counts\":{\"retired\":0,\"compared\":0,\"mismatched\":0,\"adopted\":0},"
        "\"failure\":\"\",\"messages\":\"\",\"cta_history\":[],\"bars\":{},\"warps\":["
        "{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x0\",\"active\":\"0xffffffff\",\"valid\":\"0xffffffff\","
        "\"yield\":\"0x00000000\",\"sleep\":\"0x00000000\",\"switch\":\"0x00000000\"},"
        "{\"warp\":1,\"state\":\"ready\",\"pc\":\"0x0\",\"active\":\"0xffffffff\",\"valid\":\"0xffffffff\","
        "\"yield\":\"0x00000000\",\"sleep\":\"0x00000000\",\"switch\":\"0x00000000\"}]}\n");
    free(t);
    wr_dump_free(d);
    fixture_done(&x);
}
END_TEST

/* The files are the two writers' output; the caller's strings are escaped
 * in the JSON, as they are in the text; a fetch fault's record shows as
 * such in both histories. */
START_TEST(dump_files_are_the_writers_and_escape)
{
    char err[256];
    fixture x;
    wr_checker *c = fixture_init(&x, "BRA 0x100 ;\n", 32, NULL);
    other *o = &x.o;
    static wr_retire r;
    uint64_t cycle = 0;
    other_step(o, &r, &cycle);
    ck_assert_int_eq(wr_checker_retire(c, 0, &r), WR_CHK_OK);
    ck_assert_int_eq(wr_checker_fetch_fault(c, 1, 0, 0x90, WR_FETCH_NO_INSN), WR_CHK_MISMATCH);
    wr_dump_meta meta = { "a \"q\" \\ b\tc", "7", "t.s", NULL, "tb +test='a \"q\"'", "test", NULL, NULL };
    wr_dump *d = wr_dump_new(c, &meta);
    char base[64], path[96];
    snprintf(base, sizeof base, "/tmp/warpref-dump-files-%d", (int)getpid());
    ck_assert_int_eq(wr_dump_write(d, base, err, sizeof err), 0);
    char *t = written(dump_text, d);
    snprintf(path, sizeof path, "%s.txt", base);
    ck_assert_str_eq(slurp(path), t);
    unlink(path);
    ck_assert_ptr_nonnull(strstr(t, "\n  test        a \"q\" \\ b\tc\n"));
    ck_assert_ptr_nonnull(strstr(t, "\n           1     0        90  (fetch fault: no instruction at pc)\n"));
    free(t);
    t = written(dump_json, d);
    snprintf(path, sizeof path, "%s.json", base);
    ck_assert_str_eq(slurp(path), t);
    unlink(path);
    ck_assert_ptr_nonnull(strstr(t, "{\"failed\":true,\"test\":\"a \\\"q\\\" \\\\ b\\u0009c\",\"seed\":\"7\","));
    ck_assert_ptr_nonnull(strstr(t, ",\"reproduce\":\"tb +test='a \\\"q\\\"'\","));
    ck_assert_ptr_nonnull(strstr(t, ",\"pc\":\"0x90\",\"insn\":\"0x"));
    ck_assert_ptr_nonnull(strstr(t, "\",\"asm\":\"(fetch fault)\",\"model\":"));
    free(t);
    wr_dump_free(d);
    /* out of memory (wr_dump_new's NULL): said, nothing written */
    ck_assert_int_eq(wr_dump_write(NULL, base, err, sizeof err), -1);
    char want[160];
    snprintf(want, sizeof want, "cannot write '%s.txt': %s", base, strerror(ENOMEM));
    ck_assert_str_eq(err, want);
    snprintf(path, sizeof path, "%s.txt", base);
    ck_assert_int_ne(access(path, F_OK), 0);
    fixture_done(&x);
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("checker");
    TCase *tc = tcase_create("lockstep");
    tcase_add_test(tc, checker_clean_run_passes);
    tcase_add_test(tc, checker_reports_the_broken_field);
    tcase_add_test(tc, checker_compares_the_fourth_operand);
    tcase_add_test(tc, checker_ignore_and_mask_controls);
    tcase_add_test(tc, N_51_the_read_set_is_compared);
    tcase_add_test(tc, N_37_other_profile_word_reads_the_guard);
    tcase_add_test(tc, section_5_undefined_where_the_model_is_defined);
    tcase_add_test(tc, section_5_the_other_may_define_what_the_model_leaves_undefined);
    tcase_add_test(tc, section_5_the_end_marks_what_the_model_leaves_undefined);
    tcase_add_test(tc, section_5_an_operand_the_model_reads_undefined_must_be_marked);
    tcase_add_test(tc, checker_follows_the_other_order_and_rejects_a_blocked_retire);
    tcase_add_test(tc, checker_wakes_early_late_and_unknown);
    tcase_add_test(tc, checker_end_and_wakes);
    tcase_add_test(tc, checker_missing_wake);
    tcase_add_test(tc, checker_retire_from_a_sleeping_warp);
    tcase_add_test(tc, checker_zero_sleep_is_due_at_the_next_turn);
    tcase_add_test(tc, checker_fetch_fault_and_final);
    tcase_add_test(tc, N_50_time_never_goes_back);
    tcase_add_test(tc, N_50_the_clock_leaps_only_to_the_earliest_deadline);
    tcase_add_test(tc, N_50_the_time_a_design_claims);
    tcase_add_test(tc, N_50_the_turn_goes_to_the_first_ready_warp_after_the_pointer);
    tcase_add_test(tc, checker_driven_final_has_no_registers);
    tcase_add_test(tc, checker_nothing_compared_fails);
    tcase_add_test(tc, checker_dump_has_every_section);
    tcase_add_test(tc, checker_counts_paths_and_explains_the_dump);
    tcase_add_test(tc, checker_driven_final_compares_no_registers);
    tcase_add_test(tc, checker_reports_a_driver_failure_and_ready_warps);
    tcase_add_test(tc, checker_own_end_names_a_livelock);
    tcase_add_test(tc, json_escapes_and_nests);
    tcase_add_test(tc, dump_of_no_failure_whole);
    tcase_add_test(tc, dump_files_are_the_writers_and_escape);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
