/* test_run.c - the standalone runner: scheduler (N-50), helpers in runs
 * (N-51, N-52), CTA shape (N-53), livelock (N-55), fetch faults (N-27) and
 * the trace it writes.  Programs are built from decoded instructions, so
 * these tests do not depend on the assembler. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

enum { MAXP = 256 };

typedef struct prog_builder {
    wr_insn insns[MAXP];
    wr_word words[MAXP];
    uint32_t lines[MAXP];
    wr_const_init consts[8];
    size_t n, nconsts;
} prog_builder;

static wr_insn *add(prog_builder *b, wr_form form)
{
    ck_assert_uint_lt(b->n, MAXP);
    b->insns[b->n] = unit_insn(form);
    memset(&b->words[b->n], 0, sizeof b->words[b->n]);
    b->lines[b->n] = (uint32_t)b->n + 1;
    return &b->insns[b->n++];
}

static void add_nops(prog_builder *b, unsigned n)
{
    while (n--)
        add(b, WR_FORM_NOP_X);
}

/* BRA to an absolute byte address from the instruction being added */
static void add_bra(prog_builder *b, uint64_t target)
{
    uint64_t pc = b->n * WR_INST_SIZE;
    wr_insn *i = add(b, WR_FORM_BRA_X);
    i->f[WR_F_OFFSET] = ((int64_t)target - (int64_t)(pc + WR_INST_SIZE)) / WR_INST_SIZE;
}

static wr_program program(prog_builder *b, unsigned threads)
{
    wr_program p = { 0 };
    p.ninsns = b->n;
    p.insns = b->insns;
    p.words = b->words;
    p.lines = b->lines;
    p.nconsts = b->nconsts;
    p.consts = b->consts;
    p.threads = threads;
    p.filename = (char *)"test.s";
    return p;
}

/* run, capturing the trace as text */
typedef struct outcome {
    wr_run_result res;
    char *trace;
    unsigned lines;
    wr_cta cta;
    wr_regfile rf;
} outcome;

static outcome run(prog_builder *b, unsigned threads, uint64_t max_steps, unsigned dump_regs)
{
    outcome o;
    memset(&o, 0, sizeof o);
    wr_program p = program(b, threads);
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    wr_run_opts opts = { .max_steps = max_steps, .trace = f, .dump_regs = dump_regs };
    char err[200];
    wr_runner *r = wr_runner_new(&p, &opts, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(wr_runner_run(r, &o.res), 0);
    o.cta = *wr_runner_cta(r);
    ck_assert_int_eq(wr_regfile_copy(&o.rf, wr_runner_regs(r)), 0);
    wr_runner_free(r);
    long len = ftell(f);
    ck_assert_int_ge(len, 0);
    o.trace = calloc(1, (size_t)len + 1);
    rewind(f);
    ck_assert_uint_eq(fread(o.trace, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    for (char *s = o.trace; *s; s++)
        o.lines += *s == '\n';
    return o;
}

static void done(outcome *o)
{
    free(o->trace);
    wr_regfile_free(&o->rf);
}

/* line k (0-based) of the trace */
static const char *line(const outcome *o, unsigned k)
{
    static char buf[8192];
    const char *s = o->trace;
    while (k-- && s)
        s = strchr(s, '\n') ? strchr(s, '\n') + 1 : NULL;
    ck_assert_ptr_nonnull(s);
    size_t n = strcspn(s, "\n");
    ck_assert_uint_lt(n, sizeof buf);
    memcpy(buf, s, n);
    buf[n] = '\0';
    return buf;
}

#define ck_assert_has(hay, needle) \
    ck_assert_msg(strstr((hay), (needle)) != NULL, "expected '%s' in: %s", (needle), (hay))

/* ---- N-50 scheduler ------------------------------------------------------- */

START_TEST(N_50_round_robin_from_warp_0)
{
    prog_builder b = { 0 };
    add_nops(&b, 2);
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 96, 0, 0);         /* 3 warps */
    ck_assert_int_eq(o.res.end, WR_END_DONE);
    ck_assert_int_eq(o.res.exit_status, 0);
    ck_assert_uint_eq(o.res.steps, 9);
    ck_assert_uint_eq(o.lines, 10);
    /* warps issue 0,1,2,0,1,2,...; t counts issued instructions */
    for (unsigned k = 0; k < 9; k++) {
        char want[64];
        snprintf(want, sizeof want, "{\"t\":%u,\"warp\":%u,\"pc\":\"0x%x\"", k, k % 3, (k / 3) * 16);
        ck_assert_has(line(&o, k), want);
    }
    ck_assert_has(line(&o, 9), "{\"end\":\"done\",\"t\":9,\"warps\":[{\"warp\":0,\"state\":\"exited\",\"pc\":\"0x20\"");
    done(&o);
}
END_TEST

START_TEST(N_50_skips_finished_warps)
{
    /* warp 0 exits at once (its lanes are guarded true), warp 1 runs on:
     * the pointer skips the exited warp */
    prog_builder b = { 0 };
    wr_insn *s2r = add(&b, WR_FORM_S2R_X);        /* R0 = warp id */
    s2r->f[WR_F_RD] = 0;
    s2r->f[WR_F_SR] = 2;
    wr_insn *set = add(&b, WR_FORM_ISETP_I);      /* P0 = R0 == 0 */
    set->f[WR_F_PD] = 0;
    set->f[WR_F_RA] = 0;
    set->f[WR_F_CMP] = 0;
    set->f[WR_F_IMM32] = 0;
    wr_insn *ex = add(&b, WR_FORM_EXIT_X);        /* @P0 EXIT */
    ex->f[WR_F_PG] = 0;
    add_nops(&b, 2);
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 64, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_DONE);
    ck_assert_uint_eq(o.res.steps, 3 + 3 + 3);
    ck_assert_has(line(&o, 4), "\"t\":4,\"warp\":0,\"pc\":\"0x20\",\"op\":\"EXIT\",\"active\":\"0x00000000\",\"valid\":\"0x00000000\"");
    ck_assert_has(line(&o, 5), "\"t\":5,\"warp\":1,\"pc\":\"0x20\",\"op\":\"EXIT\"");
    ck_assert_has(line(&o, 6), "\"t\":6,\"warp\":1,\"pc\":\"0x30\"");
    ck_assert_has(line(&o, 8), "\"t\":8,\"warp\":1,\"pc\":\"0x50\",\"op\":\"EXIT\"");
    done(&o);
}
END_TEST

START_TEST(N_50_limit)
{
    prog_builder b = { 0 };
    add_nops(&b, 10);
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 32, 4, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIMIT);
    ck_assert_int_eq(o.res.exit_status, WR_EXIT_LIMIT);
    ck_assert_uint_eq(o.res.steps, 4);
    ck_assert_uint_eq(o.lines, 5);
    ck_assert_has(line(&o, 4), "{\"end\":\"limit\",\"t\":4,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x40\"");
    done(&o);
}
END_TEST

/* ---- N-27 fetch faults ------------------------------------------------------ */

START_TEST(N_27_fetch_past_the_end)
{
    prog_builder b = { 0 };
    add_nops(&b, 2);
    outcome o = run(&b, 32, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_EXCEPTION);
    ck_assert_int_eq(o.res.exit_status, WR_EXIT_EXCEPTION);
    ck_assert_int_eq(o.res.faulted_warp, 0);
    ck_assert_uint_eq(o.res.fault_pc, 0x20);
    ck_assert_uint_eq(o.lines, 3);
    ck_assert_has(line(&o, 2), "{\"end\":\"exception\",\"t\":2,\"warps\":[{\"warp\":0,\"state\":\"faulted\",\"pc\":\"0x20\"");
    ck_assert_has(line(&o, 2), ",\"bars\":{},\"fault\":{\"warp\":0,\"pc\":\"0x20\",\"what\":\"no instruction at pc\"}}");
    done(&o);
}
END_TEST

START_TEST(N_16_run_reads_the_register_pair)
{
    /* The standalone run reads CALL's Va = R[2:3] in place (regfile.h:
     * regfile_srcs, the pair's high words apart): R2 = 0x40, R3 = 1, so
     * CALL.ABS jumps to 0x1_00000040, past the end of the program. */
    prog_builder b = { 0 };
    wr_insn *lo = add(&b, WR_FORM_MOV_I);
    lo->f[WR_F_RD] = 2;
    lo->f[WR_F_IMM32] = 0x40;
    wr_insn *hi = add(&b, WR_FORM_MOV_I);
    hi->f[WR_F_RD] = 3;
    hi->f[WR_F_IMM32] = 1;
    wr_insn *call = add(&b, WR_FORM_CALL_R);
    call->f[WR_F_RA] = 2;
    call->f[WR_F_BASEMODE] = 1;                   /* .ABS */
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 32, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_EXCEPTION);
    ck_assert_uint_eq(o.res.fault_pc, 0x100000040ull);
    done(&o);
}
END_TEST

START_TEST(N_27_fetch_misaligned_target)
{
    /* BRX R0 with R0 = 8 jumps to 0x10 + 8 = 0x18: not 16-aligned */
    prog_builder b = { 0 };
    wr_insn *mov = add(&b, WR_FORM_MOV_I);
    mov->f[WR_F_RD] = 0;
    mov->f[WR_F_IMM32] = 8;
    wr_insn *brx = add(&b, WR_FORM_BRX_R);
    brx->f[WR_F_RA] = 0;
    brx->f[WR_F_OFFSET] = -1;                     /* target = 0x20 - 0x10 + 8 */
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 32, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_EXCEPTION);
    ck_assert_uint_eq(o.res.fault_pc, 0x18);
    ck_assert_has(line(&o, 2), "\"fault\":{\"warp\":0,\"pc\":\"0x18\",\"what\":\"misaligned pc\"}");
    done(&o);
}
END_TEST

/* ---- N-53 CTA shape --------------------------------------------------------- */

START_TEST(N_53_threads_from_program_and_command_line)
{
    prog_builder b = { 0 };
    add(&b, WR_FORM_EXIT_X);
    wr_program p = program(&b, 40);
    char err[200];
    wr_run_opts opts = { 0 };
    wr_runner *r = wr_runner_new(&p, &opts, err, sizeof err);
    ck_assert_ptr_nonnull(r);
    ck_assert_uint_eq(wr_runner_cta(r)->nwarps, 2);
    ck_assert_uint_eq(wr_runner_cta(r)->warp[1].valid, 0xff);
    wr_runner_free(r);
    opts.threads = 65;                            /* the command line wins */
    r = wr_runner_new(&p, &opts, err, sizeof err);
    ck_assert_uint_eq(wr_runner_cta(r)->nwarps, 3);
    ck_assert_uint_eq(wr_runner_cta(r)->warp[2].valid, 0x1);
    wr_runner_free(r);
    p.threads = 0;                                /* default 32 */
    opts.threads = 0;
    r = wr_runner_new(&p, &opts, err, sizeof err);
    ck_assert_uint_eq(wr_runner_cta(r)->nwarps, 1);
    wr_runner_free(r);
    opts.threads = 1025;
    ck_assert_ptr_null(wr_runner_new(&p, &opts, err, sizeof err));
    ck_assert_has(err, "thread count 1025 out of range 1..1024");
}
END_TEST

/* ---- N-52 constants, N-51 helpers in a run ----------------------------------- */

START_TEST(N_52_ldc_reads_const_and_unwritten_zero)
{
    prog_builder b = { 0 };
    b.consts[b.nconsts++] = (wr_const_init){ 2, 0x100, 0xdeadbeef };
    b.consts[b.nconsts++] = (wr_const_init){ 2, 0x100, 0x12345678 }; /* later wins */
    wr_insn *l = add(&b, WR_FORM_LDC_C);
    l->f[WR_F_RD] = 1;
    l->f[WR_F_CMEM] = wr_cmem_make(2, 0x100);
    l = add(&b, WR_FORM_LDC_C);
    l->f[WR_F_RD] = 2;
    l->f[WR_F_CMEM] = wr_cmem_make(3, 0x104);
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 32, 0, 3);
    ck_assert_int_eq(o.res.end, WR_END_DONE);
    ck_assert_has(line(&o, 3), "\"r\":[[\"0x00000000\",\"0x12345678\",\"0x00000000\"],");
    ck_assert_uint_eq(o.rf.r[1 * WR_LANES + 31], 0x12345678);
    done(&o);
}
END_TEST

/* ---- N-55 livelock ----------------------------------------------------------- */

START_TEST(N_55_livelock_self_loop_one_warp)
{
    /* x0: pc 0; x1: pc 0x10; x2: pc 0x10 == x1: ends at t = 2 */
    prog_builder b = { 0 };
    add_nops(&b, 1);
    add_bra(&b, 0x10);
    outcome o = run(&b, 32, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_int_eq(o.res.exit_status, WR_EXIT_STUCK);
    ck_assert_uint_eq(o.res.steps, 2);
    ck_assert_uint_eq(o.lines, 3);
    ck_assert_has(line(&o, 2), "{\"end\":\"livelock\",\"t\":2,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x10\"");
    done(&o);
}
END_TEST

/* wr_run_opts.step: the run calls it for every instruction instead of
 * wr_step, also in the re-runs that locate a livelock (other CTAs) */
typedef struct hook_log {
    unsigned calls;
    const wr_cta *first;
    unsigned other_ctas;         /* calls on another CTA than the first */
    unsigned fail_at;            /* refuse the call with this number (1-based), 0: never */
} hook_log;

static int counting_step(void *ctx, wr_cta *cta, unsigned w, const wr_insn *insn, const wr_operands *ops,
                         wr_retire *rec)
{
    hook_log *h = ctx;
    if (!h->first)
        h->first = cta;
    h->other_ctas += cta != h->first;
    if (++h->calls == h->fail_at) {
        cta->err = WR_ERR_CALL;
        snprintf(cta->errmsg, sizeof cta->errmsg, "refused by the hook");
        return -1;
    }
    return wr_step(cta, w, insn, ops, rec);
}

/* run without a trace: end and instructions counted */
static wr_run_result run_with(prog_builder *b, unsigned threads, const wr_run_opts *opts)
{
    wr_program p = program(b, threads);
    char err[200];
    wr_runner *r = wr_runner_new(&p, opts, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    wr_run_result res;
    ck_assert_int_eq(wr_runner_run(r, &res), 0);
    wr_runner_free(r);
    return res;
}

static wr_run_result run_hooked(prog_builder *b, unsigned threads, hook_log *h)
{
    wr_run_opts opts = { .step = counting_step, .step_ctx = h };
    return run_with(b, threads, &opts);
}

START_TEST(step_hook_replaces_wr_step)
{
    prog_builder b = { 0 };
    add_nops(&b, 1);
    add_bra(&b, 0x10);
    hook_log h = { 0 };
    wr_run_result res = run_hooked(&b, 64, &h);
    ck_assert_int_eq(res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(res.steps, 4);                 /* as without the hook */
    ck_assert_uint_eq(h.calls, res.executed);        /* every instruction, the re-runs too */
    ck_assert_uint_gt(h.calls, res.steps);
    ck_assert_uint_gt(h.other_ctas, 0);
    hook_log f = { .fail_at = 3 };
    res = run_hooked(&b, 64, &f);
    ck_assert_int_eq(res.end, WR_END_ERROR);
    ck_assert_int_eq(res.exit_status, WR_EXIT_ERROR);
    ck_assert_uint_eq(res.steps, 2);
    ck_assert_str_eq(res.error, "refused by the hook");
}
END_TEST

/* The untraced run of a program whose every instruction is of its profile
 * takes run_loop's fast copy (the operands in place, step_pre made once per
 * instruction, the step without the tests the run has made: run.c); a run
 * with a hook takes the general copy.  With wr_step itself as the hook, the
 * two runs of one program end alike: the result, the CTA's state and every
 * register (generated programs of every profile and class, a third of them
 * ending in a planted exception). */
static int plain_step(void *ctx, wr_cta *cta, unsigned w, const wr_insn *insn, const wr_operands *ops,
                      wr_retire *rec)
{
    (void)ctx;
    return wr_step(cta, w, insn, ops, rec);
}

static void same_end_both_ways(const wr_program *p, const char *what)
{
    wr_run_opts o[2] = { { .max_steps = 300000 }, { .max_steps = 300000, .step = plain_step } };
    wr_runner *r[2];
    wr_run_result res[2];
    char err[200];
    for (int k = 0; k < 2; k++) {
        r[k] = wr_runner_new(p, &o[k], err, sizeof err);
        ck_assert_msg(r[k] != NULL, "%s: %s", what, err);
        ck_assert_int_eq(wr_runner_run(r[k], &res[k]), 0);
    }
    ck_assert_msg(res[0].end == res[1].end && res[0].t == res[1].t && res[0].steps == res[1].steps &&
                      res[0].executed == res[1].executed && res[0].faulted_warp == res[1].faulted_warp &&
                      res[0].fault_pc == res[1].fault_pc && res[0].exit_status == res[1].exit_status &&
                      strcmp(res[0].error, res[1].error) == 0,
                  "%s: fast run ended %s at t=%llu, the general run %s at t=%llu", what, wr_end_name(res[0].end),
                  (unsigned long long)res[0].t, wr_end_name(res[1].end), (unsigned long long)res[1].t);
    const wr_cta *a = wr_runner_cta(r[0]), *b = wr_runner_cta(r[1]);
    ck_assert_msg(memcmp(a->warp, b->warp, sizeof a->warp) == 0, "%s: warps differ", what);
    ck_assert_msg(memcmp(a->bar, b->bar, sizeof a->bar) == 0, "%s: barriers differ", what);
    ck_assert_msg(memcmp(&a->ps, &b->ps, sizeof a->ps) == 0, "%s: profile state differs", what);
    ck_assert_msg(memcmp(a->deadline, b->deadline, sizeof a->deadline) == 0 && a->now == b->now &&
                      a->wake_pending == b->wake_pending, "%s: time differs", what);
    const wr_regfile *x = wr_runner_regs(r[0]), *y = wr_runner_regs(r[1]);
    const size_t n = (size_t)x->nwarps * x->nregs;
    ck_assert_uint_eq(n, (size_t)y->nwarps * y->nregs);
    ck_assert_msg(memcmp(x->r, y->r, n * WR_LANES * sizeof *x->r) == 0 &&
                      memcmp(x->r_undef, y->r_undef, n * sizeof *x->r_undef) == 0, "%s: GPRs differ", what);
    ck_assert_msg(memcmp(x->p, y->p, sizeof x->p) == 0 && memcmp(x->p_undef, y->p_undef, sizeof x->p_undef) == 0 &&
                      memcmp(x->ur, y->ur, sizeof x->ur) == 0, "%s: predicates or uniform registers differ", what);
    wr_runner_free(r[0]);
    wr_runner_free(r[1]);
}

START_TEST(fast_run_ends_as_general_run)
{
    unsigned checked = 0;
    for (unsigned profile = 0; profile < WR_PROFILE_COUNT; profile++) {
        for (uint64_t seed = 1; seed <= 24; seed++) {
            wr_gen_opts g;
            wr_gen_defaults(&g);
            g.seed = seed;
            g.profile = profile;
            g.exceptions = seed % 3 == 0 ? 100 : 0;
            char *text = NULL, err[200], what[64];
            ck_assert_msg(wr_gen_program(&g, &text, err, sizeof err) == 0, "%s", err);
            wr_program p;
            ck_assert_msg(wr_gen_load(text, &p, err, sizeof err) == 0, "%s", err);
            snprintf(what, sizeof what, "profile %s seed %llu", wr_profile_name(profile),
                     (unsigned long long)seed);
            same_end_both_ways(&p, what);
            checked++;
            wr_program_free(&p);
            free(text);
        }
    }
    ck_assert_uint_eq(checked, 4 * 24);
}
END_TEST

START_TEST(N_55_livelock_includes_scheduler_pointer)
{
    /* two warps: turn 2 (both at 0x10, pointer 0) repeats at turn 4 */
    prog_builder b = { 0 };
    add_nops(&b, 1);
    add_bra(&b, 0x10);
    outcome o = run(&b, 64, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.steps, 4);
    ck_assert_uint_eq(o.lines, 5);
    ck_assert_has(line(&o, 4), "{\"end\":\"livelock\",\"t\":4,");
    done(&o);
}
END_TEST

static void long_cycle(prog_builder *b)
{
    /* 5 NOPs, then a cycle of 70 NOPs and a BRA back to 0x50: the state at
     * turn 5 (pc 0x50) comes back first at turn 5 + 71 = 76 */
    add_nops(b, 5 + 70);
    add_bra(b, 0x50);
}

START_TEST(N_55_livelock_exact_first_repeat_long_cycle)
{
    prog_builder b = { 0 };
    long_cycle(&b);
    outcome o = run(&b, 32, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.t, 76);
    ck_assert_uint_eq(o.res.steps, 76);
    ck_assert_uint_eq(o.lines, 77);                  /* trace cut at the first repeat */
    ck_assert_has(line(&o, 75), "{\"t\":75,\"warp\":0,\"pc\":\"0x4b0\",\"op\":\"BRA\"");
    ck_assert_has(line(&o, 76), "{\"end\":\"livelock\",\"t\":76,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x50\"");
    done(&o);
}
END_TEST

START_TEST(N_55_livelock_versus_limit)
{
    prog_builder b = { 0 };
    long_cycle(&b);
    outcome o = run(&b, 32, 50, 0);                  /* repeats only after the limit */
    ck_assert_int_eq(o.res.end, WR_END_LIMIT);
    ck_assert_uint_eq(o.res.t, 50);
    ck_assert_uint_eq(o.lines, 51);
    ck_assert_has(line(&o, 50), "{\"end\":\"limit\",\"t\":50,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x320\"");
    done(&o);
    o = run(&b, 32, 76, 0);                          /* same turn: livelock is reported */
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.t, 76);
    done(&o);
    o = run(&b, 32, 80, 0);                          /* first repeat before the limit */
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.t, 76);
    ck_assert_uint_eq(o.lines, 77);
    done(&o);
}
END_TEST

START_TEST(N_55_no_livelock_when_registers_change)
{
    /* the PC cycles but a counter register keeps changing the state:
     * R0 += 1 in a loop left when R0 == 200 */
    prog_builder b = { 0 };
    wr_insn *add1 = add(&b, WR_FORM_IADD_I);         /* 0x00 */
    add1->f[WR_F_RD] = 0;
    add1->f[WR_F_RA] = 0;
    add1->f[WR_F_IMM32] = 1;
    wr_insn *cmp = add(&b, WR_FORM_ISETP_I);         /* 0x10: P0 = R0 < 200 */
    cmp->f[WR_F_PD] = 0;
    cmp->f[WR_F_RA] = 0;
    cmp->f[WR_F_CMP] = 2;
    cmp->f[WR_F_IMM32] = 200;
    uint64_t pc = b.n * WR_INST_SIZE;                /* 0x20: @P0 BRA 0x0 */
    wr_insn *bra = add(&b, WR_FORM_BRA_X);
    bra->f[WR_F_PG] = 0;
    bra->f[WR_F_OFFSET] = -(int64_t)(pc + 16) / 16;
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 32, 0, 1);
    ck_assert_int_eq(o.res.end, WR_END_DONE);
    ck_assert_uint_eq(o.res.steps, 200 * 3 + 1);
    ck_assert_has(line(&o, o.lines - 1), "\"r\":[[\"0x000000c8\"]");
    done(&o);
}
END_TEST

/* ---- N-55 at the limit: the check past it (run.c step 3) ------------------- */

static void add_iadd1(prog_builder *b, unsigned rd)   /* R<rd> += 1 */
{
    wr_insn *i = add(b, WR_FORM_IADD_I);
    i->f[WR_F_RD] = rd;
    i->f[WR_F_RA] = rd;
    i->f[WR_F_IMM32] = 1;
}

static void add_nanosleep(prog_builder *b, uint32_t t)
{
    wr_insn *i = add(b, WR_FORM_NANOSLEEP_I);
    i->f[WR_F_IMM32] = t;
}

static void very_long_cycle(prog_builder *b)
{
    /* 2 NOPs, then a cycle of 240 NOPs and a BRA back to 0x20: x at turn 2
     * comes back first at turn 2 + 241 = 243.  241 is prime to the sampling
     * stride, so the run's own detection cannot see it by turn 250. */
    add_nops(b, 2 + 240);
    add_bra(b, 0x20);
}

START_TEST(N_55_limit_just_after_a_long_cycle_is_livelock)
{
    prog_builder b = { 0 };
    very_long_cycle(&b);
    outcome o = run(&b, 32, 245, 0);         /* first repeat 2 turns before the limit */
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_int_eq(o.res.exit_status, WR_EXIT_STUCK);
    ck_assert_uint_eq(o.res.t, 243);
    ck_assert_uint_eq(o.res.steps, 243);
    ck_assert_uint_eq(o.lines, 244);                 /* trace cut at the first repeat */
    ck_assert_has(line(&o, 242), "{\"t\":242,\"warp\":0,\"pc\":\"0xf20\",\"op\":\"BRA\"");
    ck_assert_has(line(&o, 243), "{\"end\":\"livelock\",\"t\":243,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x20\"");
    ck_assert_uint_gt(o.res.check_steps, 0);         /* found past the limit, not by the run */
    ck_assert_uint_le(o.res.check_steps, (245 + 7) / 8);
    ck_assert_uint_gt(o.res.locate_steps, 0);
    done(&o);
    o = run(&b, 32, 243, 0);                         /* the limit turn is the first repeat */
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.t, 243);
    ck_assert_uint_eq(o.lines, 244);
    done(&o);
}
END_TEST

START_TEST(N_55_limit_inside_the_first_cycle_is_limit)
{
    /* the run enters the cycle at turn 2, before the limit, but first
     * repeats at 243, after it.  With the limit at 241 or 242 the check
     * sees the mark at turn 30 come back (and locates the repeat: after
     * the limit); at 200 nothing comes back within the check */
    prog_builder b = { 0 };
    very_long_cycle(&b);
    static const uint64_t limits[] = { 241, 242, 200, 3 };
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
        uint64_t T = limits[k];
        outcome o = run(&b, 32, T, 0);
        ck_assert_int_eq(o.res.end, WR_END_LIMIT);
        ck_assert_int_eq(o.res.exit_status, WR_EXIT_LIMIT);
        ck_assert_uint_eq(o.res.t, T);
        ck_assert_uint_eq(o.res.steps, T);
        ck_assert_uint_eq(o.lines, T + 1);
        char want[128];
        snprintf(want, sizeof want, "{\"end\":\"limit\",\"t\":%u,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x%x\"",
                 (unsigned)T, (unsigned)T * 16);
        ck_assert_has(line(&o, (unsigned)T), want);
        ck_assert_uint_eq(o.cta.warp[0].active_pc, T * 16);    /* the state at the limit */
        if (T >= 241)
            ck_assert_uint_gt(o.res.locate_steps, 0);
        else
            ck_assert_uint_eq(o.res.locate_steps, 0);
        done(&o);
    }
}
END_TEST

START_TEST(N_55_livelock_after_the_limit_is_limit)
{
    /* R0 counts to 100 in a 3-instruction loop, then the warp spins on a
     * BRA to itself: the livelock starts at turn 301, after the limit */
    prog_builder b = { 0 };
    add_iadd1(&b, 0);                                /* 0x00 */
    wr_insn *cmp = add(&b, WR_FORM_ISETP_I);         /* 0x10: P0 = R0 < 100 */
    cmp->f[WR_F_PD] = 0;
    cmp->f[WR_F_RA] = 0;
    cmp->f[WR_F_CMP] = 2;
    cmp->f[WR_F_IMM32] = 100;
    wr_insn *bra = add(&b, WR_FORM_BRA_X);           /* 0x20: @P0 BRA 0x0 */
    bra->f[WR_F_PG] = 0;
    bra->f[WR_F_OFFSET] = -3;
    add_bra(&b, 0x30);                               /* 0x30: BRA 0x30 */
    outcome o = run(&b, 32, 200, 1);
    ck_assert_int_eq(o.res.end, WR_END_LIMIT);
    ck_assert_uint_eq(o.res.t, 200);
    ck_assert_uint_eq(o.lines, 201);
    /* turn 200 = 3 * 66 + 2: the 67th BRA, R0 = 67 */
    ck_assert_has(line(&o, 200), "{\"end\":\"limit\",\"t\":200,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x20\"");
    ck_assert_has(line(&o, 200), "\"r\":[[\"0x00000043\"");
    ck_assert_uint_eq(o.rf.r[0 * WR_LANES + 0], 67);
    ck_assert_uint_eq(o.res.locate_steps, 0);
    done(&o);
    o = run(&b, 32, 0, 0);                           /* without a limit: livelock */
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.t, 301);
    done(&o);
}
END_TEST

static void sleepy_cycle(prog_builder *b, int count)
{
    /* 3 NOPs; then 100 NOPs (R0 += 1 in the first one if `count`), a
     * NANOSLEEP 50 and a BRA back to 0x30.  The NANOSLEEP is turn 103 of the
     * first pass; at the start of turn 104 its deadline is pending, time
     * jumps to 153 and the BRA issues; turn 105 (t = 154) is deadline-free.
     * Without the counter x at turn 105 equals x at turn 3: a cycle of 102
     * instructions that takes 151 time units. */
    add_nops(b, 3);
    if (count) {
        add_iadd1(b, 0);
        add_nops(b, 99);
    } else {
        add_nops(b, 100);
    }
    add_nanosleep(b, 50);
    add_bra(b, 0x30);
}

START_TEST(N_55_limit_while_a_deadline_is_pending)
{
    prog_builder b = { 0 };
    sleepy_cycle(&b, 0);
    /* limit at turn 206, in the second pass right after the NANOSLEEP:
     * the first repeat (turn 105) precedes it */
    outcome o = run(&b, 32, 206, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.steps, 105);
    ck_assert_uint_eq(o.res.t, 154);
    ck_assert_uint_eq(o.lines, 106);
    ck_assert_has(line(&o, 103), "{\"t\":103,\"warp\":0,\"pc\":\"0x670\",\"op\":\"NANOSLEEP\"");
    ck_assert_has(line(&o, 104), "{\"t\":153,\"warp\":0,\"pc\":\"0x680\",\"op\":\"BRA\"");
    ck_assert_has(line(&o, 105), "{\"end\":\"livelock\",\"t\":154,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x30\"");
    ck_assert_uint_gt(o.res.check_steps + o.res.locate_steps, 0);
    done(&o);
    /* limit at turn 104, the deadline pending: the first repeat comes
     * after it; the state at the limit is that of the sleeping warp */
    o = run(&b, 32, 104, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIMIT);
    ck_assert_uint_eq(o.res.steps, 104);
    ck_assert_uint_eq(o.res.t, 104);
    ck_assert_uint_eq(o.lines, 105);
    ck_assert_has(line(&o, 104), "{\"end\":\"limit\",\"t\":104,\"warps\":[{\"warp\":0,\"state\":\"asleep\",\"pc\":\"0x680\"");
    ck_assert_uint_eq(o.cta.deadline[0], 153);
    done(&o);

    /* the same with a counter in the cycle: never repeats */
    prog_builder c = { 0 };
    sleepy_cycle(&c, 1);
    o = run(&c, 32, 206, 1);
    ck_assert_int_eq(o.res.end, WR_END_LIMIT);
    ck_assert_uint_eq(o.res.steps, 206);
    ck_assert_uint_eq(o.res.t, 154 + 101);
    ck_assert_uint_eq(o.lines, 207);
    ck_assert_has(line(&o, 206), "{\"end\":\"limit\",\"t\":255,\"warps\":[{\"warp\":0,\"state\":\"asleep\",\"pc\":\"0x680\"");
    ck_assert_has(line(&o, 206), "\"r\":[[\"0x00000002\"");
    ck_assert_uint_eq(o.cta.deadline[0], 255 - 1 + 50);
    ck_assert_uint_eq(o.res.check_steps, (206 + 7) / 8);
    ck_assert_uint_eq(o.res.locate_steps, 0);
    done(&o);

    /* 30 NANOSLEEP 3 and a BRA back: one deadline-free turn in 31, x_1 at
     * turn 31 (t = 91) repeats x_0.  With the limit at 100 (deadline
     * pending) only marks at turns with a deadline pending come back
     * within the check, the first at turn 12, 31 turns later at 105 */
    prog_builder d = { 0 };
    for (unsigned k = 0; k < 30; k++)
        add_nanosleep(&d, 3);
    add_bra(&d, 0x0);
    o = run(&d, 32, 100, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.steps, 31);
    ck_assert_uint_eq(o.res.t, 91);
    ck_assert_uint_eq(o.lines, 32);
    ck_assert_has(line(&o, 31), "{\"end\":\"livelock\",\"t\":91,\"warps\":[{\"warp\":0,\"state\":\"ready\",\"pc\":\"0x0\"");
    ck_assert_uint_eq(o.res.check_steps, 5);
    done(&o);
}
END_TEST

static wr_run_result run_quiet(prog_builder *b, uint64_t max_steps)
{
    wr_run_opts opts = { .max_steps = max_steps };
    return run_with(b, 32, &opts);
}

START_TEST(N_55_limit_sweep)
{
    /* pre NOPs, then a cycle of len instructions (optionally starting with
     * a NANOSLEEP) back to the first: the first repeat is at turn
     * pre + len, so every limit T >= pre + len ends livelock there and
     * every smaller one ends limit at T */
    for (unsigned sleep = 0; sleep < 2; sleep++)
        for (unsigned pre = 0; pre < 8; pre += 5)
            for (unsigned len = 1 + sleep; len <= 40; len += 3) {
                prog_builder b = { 0 };
                add_nops(&b, pre);
                if (sleep)
                    add_nanosleep(&b, 7);
                add_nops(&b, len - 1 - sleep);
                add_bra(&b, pre * WR_INST_SIZE);
                for (uint64_t T = 1; T <= 120; T++) {
                    wr_run_result res = run_quiet(&b, T);
                    if (T >= pre + len) {
                        ck_assert_msg(res.end == WR_END_LIVELOCK && res.steps == pre + len,
                                      "sleep %u pre %u len %u limit %u: end %s after %u",
                                      sleep, pre, len, (unsigned)T, wr_end_name(res.end), (unsigned)res.steps);
                    } else {
                        ck_assert_msg(res.end == WR_END_LIMIT && res.steps == T,
                                      "sleep %u pre %u len %u limit %u: end %s after %u",
                                      sleep, pre, len, (unsigned)T, wr_end_name(res.end), (unsigned)res.steps);
                    }
                    ck_assert_uint_le(res.check_steps, (T + 7) / 8);
                }
            }
}
END_TEST

START_TEST(N_55_counted_and_executed_instructions)
{
    /* a counter loop that never repeats, limit 800: the run counts 800,
     * the check past the limit executes 100 more (800 / 8) */
    prog_builder b = { 0 };
    add_iadd1(&b, 0);
    add_bra(&b, 0x0);
    outcome o = run(&b, 32, 800, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIMIT);
    ck_assert_uint_eq(o.res.steps, 800);
    ck_assert_uint_eq(o.res.run_steps, 800);
    ck_assert_uint_eq(o.res.check_steps, 100);
    ck_assert_uint_eq(o.res.locate_steps, 0);
    ck_assert_uint_eq(o.res.executed, 900);
    ck_assert(o.res.run_seconds >= 0 && o.res.check_seconds >= 0 && o.res.locate_seconds == 0);
    done(&o);

    /* a run that ends done executes only what it counts */
    prog_builder d = { 0 };
    add_nops(&d, 3);
    add(&d, WR_FORM_EXIT_X);
    o = run(&d, 64, 0, 0);
    ck_assert_uint_eq(o.res.steps, 8);
    ck_assert_uint_eq(o.res.run_steps, 8);
    ck_assert_uint_eq(o.res.executed, 8);
    ck_assert_uint_eq(o.res.check_steps + o.res.locate_steps, 0);
    done(&o);

    /* a livelock seen by the run: it went past the first repeat, then the
     * location re-ran from launch; 76 counted */
    prog_builder e = { 0 };
    long_cycle(&e);
    o = run(&e, 32, 0, 0);
    ck_assert_int_eq(o.res.end, WR_END_LIVELOCK);
    ck_assert_uint_eq(o.res.steps, 76);
    ck_assert_uint_gt(o.res.run_steps, 76);
    ck_assert_uint_eq(o.res.check_steps, 0);
    ck_assert_uint_ge(o.res.locate_steps, 76);
    ck_assert_uint_eq(o.res.executed, o.res.run_steps + o.res.locate_steps);

    /* the long cycle again with the limit past its first repeat */
    done(&o);
    prog_builder f = { 0 };
    very_long_cycle(&f);
    o = run(&f, 32, 245, 0);
    ck_assert_uint_eq(o.res.steps, 243);
    ck_assert_uint_eq(o.res.run_steps, 245);
    ck_assert_uint_eq(o.res.executed, 245 + o.res.check_steps + o.res.locate_steps);
    done(&o);
}
END_TEST

/* ---- N-37 ILLEGAL_ENCODING: words from outside (lockstep, replay) -------- */

START_TEST(N_37_illegal_encoding_word_is_precise)
{
    wr_cta c, before;
    unit_cta(&c, 64, 0x40);
    c.warp[1].active = 0x0000ff00;               /* something not at its reset value */
    c.warp[1].rpc[3] = 0x80;
    before = c;
    wr_word word = { { 0x000000ff, 0, 0, 0 } };  /* optype 0xff: no such instruction */
    wr_operands ops;
    memset(&ops, 0, sizeof ops);
    wr_retire eff;
    ck_assert_int_eq(wr_step_word(&c, 1, &word, &ops, &eff), 0);
    ck_assert_uint_eq(eff.exception, WR_EXC_ILLEGAL_ENCODING);
    ck_assert_uint_eq(eff.nev, 1);
    ck_assert_uint_eq(eff.ev[0].kind, WR_EV_EXCEPTION);
    ck_assert_uint_eq(eff.ev[0].code, WR_EXC_ILLEGAL_ENCODING);
    ck_assert_uint_eq(rec_rd_mask(&eff) | rec_pd_mask(&eff) | rec_ur_write(&eff) | rec_bars(&eff), 0);
    ck_assert_uint_eq(c.warp[1].run, WR_WARP_FAULTED);
    c.warp[1].run = before.warp[1].run;          /* nothing else changed */
    ck_assert_int_eq(memcmp(&c, &before, sizeof c), 0);
    /* a faulted warp cannot step again */
    c.warp[1].run = WR_WARP_FAULTED;
    ck_assert_int_eq(wr_step_word(&c, 1, &word, &ops, &eff), -1);
}
END_TEST

START_TEST(N_37_legal_word_steps_like_its_decoding)
{
    wr_insn nop = unit_insn(WR_FORM_NOP_X);
    wr_word word;
    char msg[120];
    ck_assert_int_eq(wr_encode(&nop, &word, msg, sizeof msg), 0);
    wr_cta c;
    unit_cta(&c, 32, 0x40);
    wr_operands ops;
    memset(&ops, 0, sizeof ops);
    wr_retire eff;
    ck_assert_int_eq(wr_step_word(&c, 0, &word, &ops, &eff), 0);
    ck_assert_uint_eq(eff.exception, WR_EXC_NONE);
    ck_assert_uint_eq(c.warp[0].active_pc, 0x50);
    ck_assert_uint_eq(c.warp[0].run, WR_WARP_READY);
}
END_TEST

START_TEST(trace_record_keys_in_order)
{
    prog_builder b = { 0 };
    add(&b, WR_FORM_EXIT_X);
    outcome o = run(&b, 32, 0, 0);
    ck_assert_str_eq(line(&o, 0),
        "{\"t\":0,\"warp\":0,\"pc\":\"0x0\",\"op\":\"EXIT\",\"active\":\"0x00000000\","
        "\"valid\":\"0x00000000\",\"next_pc\":\"0x0\",\"yield\":\"0x00000000\","
        "\"sleep\":\"0x00000000\",\"switch\":\"0x00000000\",\"b\":{},\"ev\":[\"exit\"]}");
    ck_assert_str_eq(line(&o, 1),
        "{\"end\":\"done\",\"t\":1,\"warps\":[{\"warp\":0,\"state\":\"exited\",\"pc\":\"0x0\","
        "\"active\":\"0x00000000\",\"valid\":\"0x00000000\",\"yield\":\"0x00000000\","
        "\"sleep\":\"0x00000000\",\"switch\":\"0x00000000\",\"b\":{}}],\"bars\":{}}");
    done(&o);
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("run");
    TCase *tc = tcase_create("scheduler");
    tcase_add_test(tc, N_50_round_robin_from_warp_0);
    tcase_add_test(tc, N_50_skips_finished_warps);
    tcase_add_test(tc, N_50_limit);
    tcase_add_test(tc, N_27_fetch_past_the_end);
    tcase_add_test(tc, N_16_run_reads_the_register_pair);
    tcase_add_test(tc, N_27_fetch_misaligned_target);
    tcase_add_test(tc, N_53_threads_from_program_and_command_line);
    tcase_add_test(tc, N_52_ldc_reads_const_and_unwritten_zero);
    tcase_add_test(tc, trace_record_keys_in_order);
    tcase_add_test(tc, N_37_illegal_encoding_word_is_precise);
    tcase_add_test(tc, N_37_legal_word_steps_like_its_decoding);
    suite_add_tcase(s, tc);
    tc = tcase_create("livelock");
    tcase_add_test(tc, N_55_livelock_self_loop_one_warp);
    tcase_add_test(tc, step_hook_replaces_wr_step);
    tcase_add_test(tc, fast_run_ends_as_general_run);
    tcase_add_test(tc, N_55_livelock_includes_scheduler_pointer);
    tcase_add_test(tc, N_55_livelock_exact_first_repeat_long_cycle);
    tcase_add_test(tc, N_55_livelock_versus_limit);
    tcase_add_test(tc, N_55_no_livelock_when_registers_change);
    tcase_add_test(tc, N_55_limit_just_after_a_long_cycle_is_livelock);
    tcase_add_test(tc, N_55_limit_inside_the_first_cycle_is_limit);
    tcase_add_test(tc, N_55_livelock_after_the_limit_is_limit);
    tcase_add_test(tc, N_55_limit_while_a_deadline_is_pending);
    tcase_add_test(tc, N_55_limit_sweep);
    tcase_add_test(tc, N_55_counted_and_executed_instructions);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
