/* test_gen.c - the program generator (warpref/gen.h, docs/gen.md): the same
 * options give the same text; 200 seeds assemble and end `done` on the model,
 * under the standard scheduler and under other fair schedules (random, greedy,
 * highest or lowest warp first, random latencies), with the same final state;
 * thread shapes from 1 thread to 32 warps, partial last warps; every native
 * mnemonic appears; the knobs; no fallback is ever needed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen_sched.h"
#include "unit.h"

static char *gen_text(uint64_t seed, unsigned threads, unsigned size)
{
    wr_gen_opts o;
    wr_gen_defaults(&o);
    o.seed = seed;
    o.threads = threads;
    o.size = size;
    char *t, err[256];
    ck_assert_msg(wr_gen_program(&o, &t, err, sizeof err) == 0, "%s", err);
    return t;
}

static void assemble(const char *text, wr_program *p)
{
    char err[512];
    ck_assert_msg(wr_assemble(text, "gen.s", p, err, sizeof err) == 0, "%s", err);
}

/* run on the standard runner; the runner is returned for its final state */
static wr_runner *run_std(const wr_program *p, wr_run_result *rr)
{
    wr_run_opts ro;
    memset(&ro, 0, sizeof ro);
    char err[256];
    wr_runner *r = wr_runner_new(p, &ro, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    ck_assert_int_eq(wr_runner_run(r, rr), 0);
    return r;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

START_TEST(gen_same_seed_same_text)
{
    for (uint64_t s = 0; s < 20; s++) {
        char *a = gen_text(s * 7919, 0, 0), *b = gen_text(s * 7919, 0, 0);
        ck_assert_str_eq(a, b);
        free(a);
        free(b);
    }
}
END_TEST

START_TEST(gen_seeds_differ)
{
    enum { N = 60 };
    char *t[N];
    for (unsigned i = 0; i < N; i++)
        t[i] = gen_text(i + 1, 64, 0);      /* the same shape: only the seed differs */
    for (unsigned i = 0; i < N; i++)
        for (unsigned j = i + 1; j < N; j++)
            ck_assert_msg(strcmp(t[i], t[j]) != 0, "seeds %u and %u give the same program", i + 1, j + 1);
    for (unsigned i = 0; i < N; i++)
        free(t[i]);
}
END_TEST

/* the header's reproduce line: giving the thread count the seed picked gives
 * the same program, byte for byte; the header names the seed and the knobs */
START_TEST(gen_header_reproduces)
{
    for (uint64_t s = 1; s <= 20; s++) {
        wr_gen_opts o;
        wr_gen_defaults(&o);
        o.seed = s;
        unsigned threads = wr_gen_threads(&o);
        ck_assert_uint_ge(threads, 1);
        /* 1..8 warps, or (native, one seed in 25) every warp slot: seed 20 */
        ck_assert_msg(threads <= 256 || (s == 20 && threads == 1024), "seed %u: %u threads", (unsigned)s, threads);
        char *a = gen_text(s, 0, 0), *b = gen_text(s, threads, 200);
        ck_assert_str_eq(a, b);
        char want[128];
        snprintf(want, sizeof want, "// reproduce: warpref gen --seed %u --size 200 --threads %u\n",
                 (unsigned)s, threads);
        ck_assert_ptr_nonnull(strstr(a, want));
        snprintf(want, sizeof want, "\n.threads %u\n", threads);
        ck_assert_ptr_nonnull(strstr(a, want));
        free(a);
        free(b);
    }
    wr_gen_opts o;
    wr_gen_defaults(&o);
    o.seed = 5;
    o.weight[WR_GEN_YIELD] = 0;
    o.weight[WR_GEN_LOOP] = 17;
    char *t, err[256];
    ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(t, " --weights loop=17,yield=0\n"));
    free(t);
}
END_TEST

/* 200 seeds, the shapes the seeds pick: every program assembles and ends
 * done; every native mnemonic (seeds 000 and 003) is in some program */
START_TEST(gen_200_seeds_done)
{
    int seen[256] = { 0 };
    double t_gen = 0, t_run = 0;
    unsigned long insns = 0, steps = 0;
    for (uint64_t s = 1; s <= 200; s++) {
        double t0 = now_s();
        char *t = gen_text(s, 0, 0);
        double t1 = now_s();
        wr_program p;
        assemble(t, &p);
        wr_run_result rr;
        wr_runner *r = run_std(&p, &rr);
        t_gen += t1 - t0;
        t_run += now_s() - t1;
        ck_assert_msg(rr.end == WR_END_DONE, "seed %u ends %s", (unsigned)s, wr_end_name(rr.end));
        insns += p.ninsns;
        steps += rr.steps;
        for (size_t i = 0; i < p.ninsns; i++)
            seen[p.insns[i].optype] = 1;
        wr_runner_free(r);
        wr_program_free(&p);
        free(t);
    }
    printf("gen: 200 programs, %lu instructions and %lu executed on average; generation %.3f ms, "
           "assembling and running %.3f ms per program\n",
           insns / 200, steps / 200, t_gen * 1e3 / 200, t_run * 1e3 / 200);
    static const wr_optype native[] = {
        WR_OPT_BAR, WR_OPT_BAR_RED, WR_OPT_B2R, WR_OPT_B2R_RESULT, WR_OPT_R2B, WR_OPT_BRA, WR_OPT_BRX,
        WR_OPT_CALL, WR_OPT_RET, WR_OPT_LEPC, WR_OPT_EXIT, WR_OPT_BMOV, WR_OPT_BSSY, WR_OPT_BSYNC,
        WR_OPT_YIELD, WR_OPT_BREAK, WR_OPT_WARPSYNC, WR_OPT_NANOSLEEP, WR_OPT_RTT, WR_OPT_TRAP,
        WR_OPT_SYSCALL, WR_OPT_NOP, WR_OPT_S2R, WR_OPT_MOV, WR_OPT_IADD, WR_OPT_LOP, WR_OPT_SHL,
        WR_OPT_SHR, WR_OPT_ISETP, WR_OPT_UMOV, WR_OPT_LDC,
    };
    for (size_t i = 0; i < sizeof native / sizeof native[0]; i++)
        ck_assert_msg(seen[native[i]], "optype 0x%x never generated", native[i]);
}
END_TEST

/* the same, and the forms: every form of the ISA table but the reserved
 * ones appears in some program of seeds 1..200 */
START_TEST(gen_every_form)
{
    int seen[WR_FORM_COUNT] = { 0 };
    for (uint64_t s = 1; s <= 200; s++) {
        char *t = gen_text(s, 0, 0);
        wr_program p;
        assemble(t, &p);
        for (size_t i = 0; i < p.ninsns; i++)
            seen[p.insns[i].form] = 1;
        wr_program_free(&p);
        free(t);
    }
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        ck_assert_msg(seen[f] || !wr_form_in_profile(f, WR_PROFILE_NATIVE), "form %s never generated",
                      wr_forms[f].name);
}
END_TEST

/* thread shapes: one thread, partial warps, up to 32 warps */
START_TEST(gen_thread_shapes)
{
    static const unsigned shapes[] = { 1, 17, 32, 40, 64, 96, 100, 256, 1024 };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++)
        for (uint64_t s = 1; s <= 25; s++) {
            char *t = gen_text(s, shapes[k], 0);
            wr_program p;
            assemble(t, &p);
            ck_assert_uint_eq(p.threads, shapes[k]);
            wr_run_result rr;
            wr_runner *r = run_std(&p, &rr);
            ck_assert_msg(rr.end == WR_END_DONE, "seed %u, %u threads: ends %s", (unsigned)s, shapes[k],
                          wr_end_name(rr.end));
            wr_runner_free(r);
            wr_program_free(&p);
            free(t);
        }
}
END_TEST

/* Any fair schedule: each policy of gen_sched.h, with and without random
 * latencies, ends done with the final state of the standard run. */
static void any_schedule_as(unsigned profile, uint64_t first, uint64_t last, unsigned threads, unsigned size,
                            const char *weights)
{
    for (uint64_t s = first; s <= last; s++) {
        wr_gen_opts o;
        wr_gen_defaults(&o);
        o.profile = profile;
        o.seed = s;
        o.threads = threads;
        o.size = size;
        char *t, err[256];
        if (weights)
            ck_assert_int_eq(wr_gen_parse_weights(weights, o.weight, err, sizeof err), 0);
        ck_assert_msg(wr_gen_program(&o, &t, err, sizeof err) == 0, "%s", err);
        wr_program p;
        assemble(t, &p);
        wr_run_result rr;
        wr_runner *r = run_std(&p, &rr);
        ck_assert_msg(rr.end == WR_END_DONE, "seed %u ends %s", (unsigned)s, wr_end_name(rr.end));
        for (unsigned k = 0; k < 2 * SCHED_NPOLICIES; k++) {
            sched_run sr;
            ck_assert_int_eq(sched_run_prog(&p, wr_runner_cta(r)->threads, (int)(k % SCHED_NPOLICIES),
                                            s * 100 + k, (int)(k / SCHED_NPOLICIES), 5000000, &sr), 0);
            ck_assert_msg(sr.end == WR_END_DONE, "seed %u, schedule %u: ends %s", (unsigned)s, k,
                          wr_end_name(sr.end));
            const char *d = sched_diff(wr_runner_cta(r), wr_runner_regs(r), &sr.cta, &sr.rf);
            ck_assert_msg(d == NULL, "seed %u, schedule %u: the final %s differ", (unsigned)s, k, d);
            wr_regfile_free(&sr.rf);
        }
        wr_runner_free(r);
        wr_program_free(&p);
        free(t);
    }
}

static void any_schedule(uint64_t first, uint64_t last, unsigned threads, unsigned size, const char *weights)
{
    any_schedule_as(WR_PROFILE_NATIVE, first, last, threads, size, weights);
}

START_TEST(gen_any_schedule)
{
    any_schedule(1, 120, 0, 0, NULL);
}
END_TEST

START_TEST(gen_any_schedule_shapes)
{
    any_schedule(1, 20, 40, 0, NULL);
    any_schedule(1, 20, 96, 0, NULL);
    any_schedule(1, 10, 1024, 0, NULL);
    any_schedule(1, 5, 0, 2000, NULL);
}
END_TEST

/* each feature dominant: yields and sleeps, exits with barriers, barriers
 * and reductions, calls and BMOV */
START_TEST(gen_any_schedule_weights)
{
    static const char *const zero = "helper=1,ifelse=0,loop=0,brx=0,call=0,exit=0,yield=0,sleep=0,"
                                    "warpsync=0,bmov=0,barrier=0,reduce=0,bstate=0,skip=0,trap=0";
    static const char *const mixes[] = {
        "yield=10,sleep=10,ifelse=5,call=3,warpsync=3",
        "exit=10,ifelse=10,brx=5,warpsync=5,barrier=5",
        "barrier=10,reduce=10,bstate=10,exit=5",
        "call=10,bmov=10,loop=5,ifelse=5",
        "yield=10,sleep=10,exit=10,barrier=10,reduce=5,ifelse=5",
    };
    for (size_t i = 0; i < sizeof mixes / sizeof mixes[0]; i++) {
        char w[512];
        snprintf(w, sizeof w, "%s,%s", zero, mixes[i]);
        any_schedule(1, 30, 0, 300, w);
    }
}
END_TEST

/* --profile (SPEC-NOTES section 8): seeds 1..200 of each profile assemble
 * under it and end done; every barrier form of the profile appears; the
 * text says .profile; any fair schedule gives the final state of the
 * standard run (seeds 1..30); the native text does not change with it */
START_TEST(gen_profiles)
{
    const unsigned profile = (unsigned)_i + 1;       /* sass, ptx, visa */
    int seen[WR_FORM_COUNT] = { 0 };
    for (uint64_t s = 1; s <= 200; s++) {
        wr_gen_opts o;
        wr_gen_defaults(&o);
        o.seed = s;
        o.profile = profile;
        char *t, err[256];
        ck_assert_msg(wr_gen_program(&o, &t, err, sizeof err) == 0, "%s", err);
        char want[64];
        snprintf(want, sizeof want, "\n.profile %s\n", wr_profile_name(profile));
        ck_assert_ptr_nonnull(strstr(t, want));
        wr_program p;
        assemble(t, &p);
        ck_assert_uint_eq(p.profile, profile);
        for (size_t i = 0; i < p.ninsns; i++)
            seen[p.insns[i].form] = 1;
        wr_run_result rr;
        wr_runner *r = run_std(&p, &rr);
        ck_assert_msg(rr.end == WR_END_DONE, "%s seed %u ends %s", wr_profile_name(profile), (unsigned)s,
                      wr_end_name(rr.end));
        wr_runner_free(r);
        wr_program_free(&p);
        free(t);
    }
    const uint32_t every = (1u << WR_PROFILE_COUNT) - 1u;   /* the branch unit, the helpers */
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (wr_form_in_profile(f, profile) && (wr_form_exts[f].flags & WR_FORMF_PROFILES) != every)
            ck_assert_msg(seen[f], "%s: form %s never generated", wr_profile_name(profile), wr_forms[f].name);
    any_schedule_as(profile, 1, 30, 0, 0, NULL);
}
END_TEST

/* wr_gen_verified: the seed's own program is returned, never a fallback */
START_TEST(gen_verified_no_fallback)
{
    for (uint64_t s = 1; s <= 200; s++) {
        wr_gen_opts o;
        wr_gen_defaults(&o);
        o.seed = s;
        char *t, err[256];
        wr_gen_result res;
        ck_assert_int_eq(wr_gen_verified(&o, 0, &t, &res, err, sizeof err), 0);
        ck_assert_uint_eq(res.attempts, 1);
        ck_assert(res.end == WR_END_DONE && res.first_end == WR_END_DONE);
        ck_assert(res.seed == s);
        ck_assert_uint_eq(res.threads, wr_gen_threads(&o));
        ck_assert_ptr_null(strstr(t, "fallback"));
        char *u = gen_text(s, 0, 0);
        ck_assert_str_eq(t, u);                 /* the same text as unverified */
        free(u);
        free(t);
    }
    ck_assert(wr_gen_derived_seed(1, 1) != wr_gen_derived_seed(1, 2));
    ck_assert(wr_gen_derived_seed(1, 1) != wr_gen_derived_seed(2, 1));
}
END_TEST

/* --size: about that many instructions */
START_TEST(gen_size_knob)
{
    static const unsigned sizes[] = { 1, 20, 200, 1000, 5000 };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (uint64_t s = 1; s <= 5; s++) {
            char *t = gen_text(s, 64, sizes[k]);
            wr_program p;
            assemble(t, &p);
            ck_assert_uint_ge(p.ninsns, sizes[k]);
            ck_assert_uint_le(p.ninsns, 2 * sizes[k] + 120);
            wr_program_free(&p);
            free(t);
        }
}
END_TEST

/* a class with weight 0 leaves its instructions out */
START_TEST(gen_weight_zero)
{
    wr_gen_opts o;
    wr_gen_defaults(&o);
    char err[256];
    ck_assert_int_eq(wr_gen_parse_weights("yield=0,sleep=0,trap=0,barrier=0,reduce=0,bstate=0", o.weight,
                                          err, sizeof err), 0);
    for (uint64_t s = 1; s <= 40; s++) {
        o.seed = s;
        char *t;
        ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), 0);
        wr_program p;
        assemble(t, &p);
        for (size_t i = 0; i < p.ninsns; i++) {
            unsigned op = p.insns[i].optype;
            ck_assert_msg(op != WR_OPT_YIELD && op != WR_OPT_NANOSLEEP && op != WR_OPT_TRAP &&
                              op != WR_OPT_RTT && op != WR_OPT_SYSCALL && op != WR_OPT_BAR &&
                              op != WR_OPT_BAR_RED && op != WR_OPT_R2B && op != WR_OPT_B2R &&
                              op != WR_OPT_B2R_RESULT,
                          "seed %u: optype 0x%x with its classes at weight 0", (unsigned)s, op);
        }
        wr_program_free(&p);
        free(t);
    }
}
END_TEST

START_TEST(gen_weights_parse)
{
    unsigned w[WR_GEN_NCLASSES];
    wr_gen_opts o;
    wr_gen_defaults(&o);
    memcpy(w, o.weight, sizeof w);
    char err[512];
    ck_assert_int_eq(wr_gen_parse_weights("yield=0,loop=0x10,trap=1000", w, err, sizeof err), 0);
    ck_assert_uint_eq(w[WR_GEN_YIELD], 0);
    ck_assert_uint_eq(w[WR_GEN_LOOP], 16);
    ck_assert_uint_eq(w[WR_GEN_TRAP], 1000);
    ck_assert_uint_eq(w[WR_GEN_IFELSE], o.weight[WR_GEN_IFELSE]);
    static const struct {
        const char *spec, *msg;
    } bad[] = {
        { "", "expected NAME=WEIGHT, got ''" },
        { "yield", "expected NAME=WEIGHT, got 'yield'" },
        { "yield=1,", "expected NAME=WEIGHT, got ''" },
        { "frob=1", "unknown class 'frob' (classes: helper, ifelse, loop, brx, call, exit, yield, sleep, "
                    "warpsync, bmov, barrier, reduce, bstate, skip, trap)" },
        { "yield=1001", "yield: 1001 is out of range 0..1000" },
        { "yield=010", "yield: '010' has a leading zero (octal is not accepted: decimal, or hex with 0x)" },
        { "yield=", "yield: '' is not a number (decimal, or hex with 0x)" },
        { "yield=-1", "yield: '-1' is not a number (decimal, or hex with 0x)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        unsigned v[WR_GEN_NCLASSES];
        memcpy(v, w, sizeof v);
        ck_assert_int_eq(wr_gen_parse_weights(bad[i].spec, v, err, sizeof err), -1);
        ck_assert_str_eq(err, bad[i].msg);
        ck_assert_mem_eq(v, w, sizeof v);         /* unchanged on an error */
    }
    for (unsigned c = 0; c < WR_GEN_NCLASSES; c++)
        ck_assert_ptr_nonnull(wr_gen_class_name(c));
    ck_assert_ptr_null(wr_gen_class_name(WR_GEN_NCLASSES));
}
END_TEST

START_TEST(gen_bad_options)
{
    wr_gen_opts o;
    char *t, err[256];
    wr_gen_defaults(&o);
    o.size = WR_GEN_MAX_SIZE + 1;
    ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "size 100001 out of range 1..100000");
    wr_gen_defaults(&o);
    o.threads = 1025;
    ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "thread count 1025 out of range 1..1024");
    wr_gen_defaults(&o);
    o.weight[WR_GEN_LOOP] = 1001;
    ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "weight 1001 of loop out of range 0..1000");
    memset(o.weight, 0, sizeof o.weight);
    ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "every class has weight 0");
    /* helpers alone still make a program */
    o.weight[WR_GEN_HELPER] = 1;
    ck_assert_int_eq(wr_gen_program(&o, &t, err, sizeof err), 0);
    free(t);
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("gen");
    TCase *tc = tcase_create("gen");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, gen_same_seed_same_text);
    tcase_add_test(tc, gen_seeds_differ);
    tcase_add_test(tc, gen_header_reproduces);
    tcase_add_test(tc, gen_200_seeds_done);
    tcase_add_test(tc, gen_every_form);
    tcase_add_test(tc, gen_thread_shapes);
    tcase_add_test(tc, gen_any_schedule);
    tcase_add_test(tc, gen_any_schedule_shapes);
    tcase_add_test(tc, gen_any_schedule_weights);
    tcase_add_test(tc, gen_verified_no_fallback);
    tcase_add_test(tc, gen_size_knob);
    tcase_add_test(tc, gen_weight_zero);
    tcase_add_test(tc, gen_weights_parse);
    tcase_add_test(tc, gen_bad_options);
    tcase_add_loop_test(tc, gen_profiles, 0, WR_PROFILE_COUNT - 1);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
