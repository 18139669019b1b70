/* test_io.c - the readers and the trace's output paths: wr_read_text (NUL
 * bytes, the size limit, directories), wr_load_words, and a livelock's trace
 * cut on outputs that cannot seek (a pipe) as on a regular file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

/* a temporary file holding `n` bytes of `data`; returns its path (static) */
static const char *temp_file(const void *data, size_t n)
{
    static char path[64];
    strcpy(path, "/tmp/warpref-io-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, data, n), (ssize_t)n);
    close(fd);
    return path;
}

START_TEST(read_text_whole_file)
{
    const char *p = temp_file("NOP\nEXIT\n", 9);
    char *text, err[256];
    size_t len;
    ck_assert_int_eq(wr_read_text(p, &text, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, 9);
    ck_assert_str_eq(text, "NOP\nEXIT\n");
    free(text);
    unlink(p);
}
END_TEST

START_TEST(read_text_nul_names_line_and_column)
{
    const char *p = temp_file("NOP\nEXIT ;\0\nX\n", 14);
    char *text, err[256], want[128];
    ck_assert_int_eq(wr_read_text(p, &text, NULL, err, sizeof err), -1);
    ck_assert_ptr_null(text);
    snprintf(want, sizeof want, "%s:2:7: error: NUL byte (not a text file)", p);
    ck_assert_str_eq(err, want);
    unlink(p);
}
END_TEST

START_TEST(read_text_nul_past_the_first_chunk)
{
    size_t n = 200000;
    char *big = malloc(n);
    memset(big, 'A', n);
    for (size_t i = 99; i < n; i += 100)
        big[i] = '\n';
    big[150001] = '\0';                       /* line 1501, column 2 */
    const char *p = temp_file(big, n);
    char *text, err[256], want[128];
    ck_assert_int_eq(wr_read_text(p, &text, NULL, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:1501:2: error: NUL byte (not a text file)", p);
    ck_assert_str_eq(err, want);
    unlink(p);
    free(big);
}
END_TEST

START_TEST(read_text_dev_zero_fails_at_once)
{
    char *text, err[256];
    ck_assert_int_eq(wr_read_text("/dev/zero", &text, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "/dev/zero:1:1: error: NUL byte (not a text file)");
}
END_TEST

START_TEST(read_text_size_limit)
{
    /* WR_TEXT_MAX bytes pass, one more does not: a sparse file of spaces
     * would be NULs, so a file of newlines */
    char *lines = malloc((size_t)WR_TEXT_MAX + 1);
    memset(lines, '\n', (size_t)WR_TEXT_MAX + 1);
    const char *p = temp_file(lines, (size_t)WR_TEXT_MAX);
    char *text, err[256], want[160];
    size_t len;
    ck_assert_int_eq(wr_read_text(p, &text, &len, err, sizeof err), 0);
    ck_assert_uint_eq(len, (size_t)WR_TEXT_MAX);
    free(text);
    unlink(p);
    p = temp_file(lines, (size_t)WR_TEXT_MAX + 1);
    ck_assert_int_eq(wr_read_text(p, &text, &len, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s:%d:1: error: input larger than 64 MiB", p, WR_TEXT_MAX + 1);
    ck_assert_str_eq(err, want);
    unlink(p);
    free(lines);
}
END_TEST

START_TEST(read_text_directory_and_missing)
{
    char *text, err[256];
    ck_assert_int_eq(wr_read_text("/tmp", &text, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "/tmp:1:1: error: cannot read: Is a directory");
    ck_assert_int_eq(wr_read_text("/nonexistent.s", &text, NULL, err, sizeof err), -1);
    ck_assert_str_eq(err, "/nonexistent.s:1:1: error: cannot open: No such file or directory");
}
END_TEST

START_TEST(load_words_reads_decodes_and_places)
{
    wr_program asmp, p;
    char err[256];
    ck_assert_int_eq(wr_assemble("NOP\nL: BRA `(L)\nEXIT\n", "t.s", &asmp, err, sizeof err), 0);
    char text[512], w[35];
    size_t n = 0;
    n += (size_t)snprintf(text + n, sizeof text - n, "# words\n\n");
    for (size_t i = 0; i < asmp.ninsns; i++) {
        wr_word_format(&asmp.words[i], w);
        n += (size_t)snprintf(text + n, sizeof text - n, "  %s \t\r\n", w);
    }
    ck_assert_int_eq(wr_load_words(text, "t.hex", &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.ninsns, 3);
    ck_assert_uint_eq(p.lines[0], 3);
    ck_assert_uint_eq(p.lines[2], 5);
    for (size_t i = 0; i < 3; i++) {
        ck_assert_mem_eq(&p.words[i], &asmp.words[i], sizeof p.words[i]);
        ck_assert_int_eq(p.insns[i].form, asmp.insns[i].form);
    }
    ck_assert_int_eq(p.insns[1].f[WR_F_OFFSET], -1);
    wr_program_free(&p);
    wr_program_free(&asmp);
}
END_TEST

START_TEST(load_words_errors)
{
    wr_program p;
    char err[256];
    ck_assert_int_eq(wr_load_words("\n# only a comment\n", "w.hex", &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: no instruction words");
    ck_assert_int_eq(wr_load_words("", "w.hex", &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: no instruction words");
    ck_assert_int_eq(wr_load_words("\n   0x1234\n", "w.hex", &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:2:4: error: not a 128-bit word (want 0x and 32 hex digits)");
    ck_assert_int_eq(wr_load_words("0x00000000000000000000000000000000 junk\n", "w.hex", &p, err,
                                   sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: not a 128-bit word (want 0x and 32 hex digits)");
    ck_assert_int_eq(wr_load_words("0xffffffffffffffffffffffffffffffff\n", "w.hex", &p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "w.hex:1:1: error: illegal encoding: "));
    ck_assert_ptr_null(p.insns);
}
END_TEST

/* +words= (wr_load_words_any): an illegal word is kept, its stand-in is a NOP
 * with the word's guard, a word of another profile stays decoded, and a run
 * raises ILLEGAL_ENCODING at it (N-37) with nothing before it undone */
START_TEST(load_words_any_keeps_illegal_words_and_runs_them)
{
    static const char text[] =
        "# MOV R1, 0x7; a NOP guarded by P2 with reserved bit 100 set; EXIT\n"
        "0x00000000000000000000000700017142\n"
        "  0x00000010000000000000000000002040\n"
        "0x0000001c000000000000000000007025\n";
    wr_program p;
    char err[256];
    ck_assert_int_eq(wr_load_words(text, "w.hex", &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:3:3: error: illegal encoding: reserved bit 100 set in NOP_X (must be 0)");
    ck_assert_int_eq(wr_load_words_any(text, "w.hex", WR_PROFILE_NATIVE, &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.ninsns, 3);
    ck_assert_ptr_nonnull(p.illegal);
    ck_assert_int_eq(p.illegal[0], 0);
    ck_assert_int_eq(p.illegal[1], 1);
    ck_assert_int_eq(p.illegal[2], 0);
    ck_assert_int_eq(p.insns[1].form, WR_FORM_NOP_X);
    ck_assert_int_eq(p.insns[1].f[WR_F_PG], 2);
    ck_assert_int_eq(p.insns[1].f[WR_F_PG_NOT], 0);
    ck_assert_uint_eq(p.words[1].w[3], 0x10u);
    ck_assert_uint_eq(p.lines[1], 3);
    wr_run_opts o = { .threads = 32 };
    wr_runner *r = wr_runner_new(&p, &o, err, sizeof err);
    ck_assert_ptr_nonnull(r);
    wr_run_result res;
    ck_assert_int_eq(wr_runner_run(r, &res), 0);
    ck_assert_int_eq(res.end, WR_END_EXCEPTION);
    ck_assert_int_eq(res.faulted_warp, -1);          /* not a fetch fault */
    ck_assert_int_eq(wr_runner_cta(r)->warp[0].run, WR_WARP_FAULTED);
    ck_assert_uint_eq(wr_runner_cta(r)->warp[0].active_pc, 0x10);
    wr_runner_free(r);
    wr_program_free(&p);
    /* the text's own errors stay errors */
    ck_assert_int_eq(wr_load_words_any("0x1234\n", "w.hex", WR_PROFILE_NATIVE, &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: not a 128-bit word (want 0x and 32 hex digits)");
    ck_assert_int_eq(wr_load_words_any("# none\n", "w.hex", WR_PROFILE_NATIVE, &p, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: no instruction words");
}
END_TEST

/* +program= with +words=: the words replace the instructions one for one */
START_TEST(program_take_words)
{
    wr_program prog, w;
    char err[256];
    ck_assert_int_eq(wr_assemble(".threads 40\n.const c[0x1][0x0] = 0x5\nNOP\nEXIT\n", "p.s", &prog, err,
                                 sizeof err), 0);
    ck_assert_int_eq(wr_load_words_any("0x0000001c000000000000000000007025\n", "w.hex", WR_PROFILE_NATIVE, &w,
                                       err, sizeof err), 0);
    ck_assert_int_eq(wr_program_take_words(&prog, &w, err, sizeof err), -1);
    ck_assert_str_eq(err, "w.hex:1:1: error: 1 word, but p.s has 2 instructions (the words replace them one for "
                          "one)");
    wr_program_free(&w);
    ck_assert_int_eq(wr_load_words_any("0x00000010000000000000000000007040\n0x0000001c000000000000000000007025\n",
                                       "w.hex", WR_PROFILE_NATIVE, &w, err, sizeof err), 0);
    ck_assert_int_eq(wr_program_take_words(&prog, &w, err, sizeof err), 0);
    ck_assert_uint_eq(prog.ninsns, 2);
    ck_assert_uint_eq(prog.threads, 40);             /* the text's */
    ck_assert_uint_eq(prog.nconsts, 1);
    ck_assert_int_eq(prog.illegal[0], 1);            /* the words' */
    ck_assert_uint_eq(w.ninsns, 0);
    ck_assert_ptr_null(w.insns);
    wr_program_free(&w);
    wr_program_free(&prog);
}
END_TEST

/* ---- trace outputs --------------------------------------------------------- */

/* NOP; L: BRA L -- one warp repeats its state at t=2 (N-55) */
static void livelock_program(wr_program *p)
{
    char err[256];
    ck_assert_int_eq(wr_assemble("NOP\nL: BRA `(L)\n", "live.s", p, err, sizeof err), 0);
}

/* run with the trace going to `f`; returns the result */
static wr_run_result run_to(const wr_program *p, FILE *f, uint64_t max_steps)
{
    wr_run_opts o = { .threads = 32, .trace = f, .max_steps = max_steps };
    char err[256];
    wr_runner *r = wr_runner_new(p, &o, err, sizeof err);
    ck_assert_ptr_nonnull(r);
    wr_run_result res;
    ck_assert_int_eq(wr_runner_run(r, &res), 0);
    wr_runner_free(r);
    return res;
}

static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

START_TEST(livelock_cut_in_a_regular_file)
{
    wr_program p;
    livelock_program(&p);
    FILE *f = tmpfile();
    wr_run_result res = run_to(&p, f, 0);
    ck_assert_int_eq(res.end, WR_END_LIVELOCK);
    char buf[4096] = { 0 };
    rewind(f);
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    ck_assert_uint_gt(n, 0);
    ck_assert_uint_eq(count_lines(buf), 3);
    ck_assert_ptr_nonnull(strstr(buf, "{\"end\":\"livelock\",\"t\":2,"));
    fclose(f);
    wr_program_free(&p);
}
END_TEST

START_TEST(livelock_cut_through_a_pipe)
{
    wr_program p;
    livelock_program(&p);
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    FILE *w = fdopen(fds[1], "w");
    wr_run_result res = run_to(&p, w, 0);
    fclose(w);
    ck_assert_int_eq(res.end, WR_END_LIVELOCK);
    char buf[4096] = { 0 };
    size_t n = 0;
    ssize_t k;
    while ((k = read(fds[0], buf + n, sizeof buf - 1 - n)) > 0)
        n += (size_t)k;
    close(fds[0]);
    ck_assert_uint_eq(count_lines(buf), 3);
    ck_assert_ptr_nonnull(strstr(buf, "\"t\":1,\"warp\":0,\"pc\":\"0x10\",\"op\":\"BRA\""));
    ck_assert_ptr_null(strstr(buf, "\"t\":2,\"warp\""));
    ck_assert_ptr_nonnull(strstr(buf, "{\"end\":\"livelock\",\"t\":2,"));
    wr_program_free(&p);
}
END_TEST

START_TEST(trace_to_a_full_device_reports_enospc)
{
    wr_program p;
    livelock_program(&p);
    FILE *f = fopen("/dev/full", "w");
    ck_assert_ptr_nonnull(f);
    wr_run_opts o = { .threads = 32, .trace = f };
    char err[256];
    wr_runner *r = wr_runner_new(&p, &o, err, sizeof err);
    wr_run_result res;
    ck_assert_int_eq(wr_runner_run(r, &res), -1);
    ck_assert_int_eq(res.trace_errno, ENOSPC);
    ck_assert_int_eq(res.trace_spool, 0);
    wr_runner_free(r);
    fclose(f);
    wr_program_free(&p);
}
END_TEST

START_TEST(trace_spool_in_a_missing_tmpdir)
{
    wr_program p;
    livelock_program(&p);
    FILE *f = fopen("/dev/null", "w");
    char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
    setenv("TMPDIR", "/nonexistent-dir", 1);
    wr_run_opts o = { .threads = 32, .trace = f };
    char err[256];
    wr_runner *r = wr_runner_new(&p, &o, err, sizeof err);
    wr_run_result res;
    ck_assert_int_eq(wr_runner_run(r, &res), -1);
    ck_assert_int_eq(res.trace_errno, ENOENT);
    ck_assert_int_eq(res.trace_spool, 1);
    if (old) {
        setenv("TMPDIR", old, 1);
        free(old);
    } else {
        unsetenv("TMPDIR");
    }
    wr_runner_free(r);
    fclose(f);
    wr_program_free(&p);
}
END_TEST


/* ---- traces as files (warpref/tracefile.h) ----------------------------------- */

/* a record with every optional part: wide operands, texts the word does not
 * give, a pair's out, a predicate out with don't-care, bars, 40 events */
static void full_record(wr_trace_rec *t)
{
    memset(t, 0, sizeof *t);
    t->t = 0x123456789aULL;
    t->warp = 31;
    t->pc = 0x40;
    t->active = 0x0000ffff;
    t->valid = 0xffffffff;
    t->yield = 0x00ff0000;
    t->sleep = 0x1;
    t->swtch = 0x80000000;
    t->next_pc = 0xfffffffff0ULL;
    for (unsigned b = 0; b < WR_NUM_BREGS; b += 3)
        t->b[b] = 0x1000u + b;
    t->wake = 1;
    snprintf(t->op, sizeof t->op, "BAR.RED.POPC");
    snprintf(t->asm_text, sizeof t->asm_text, "a text with \"quotes\" and \\ and \t a tab");
    t->nev = WR_MAX_EVENTS;
    for (unsigned i = 0; i < t->nev; i++)
        t->ev[i] = (wr_event){ WR_EV_RELEASE, (uint8_t)(i % 32), 0x80000001u };
    t->ev[0] = (wr_event){ WR_EV_WARNING, WR_WARN_OPERAND_NOT_UNIFORM, 0 };
    t->keys = WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_BARS | WR_TK_ASM;
    t->insn = (wr_word){ { 0x00007110u, 0, 0, 0 } };
    t->in_keys = WR_IN_PG | WR_IN_PP | WR_IN_RA | WR_IN_RA64 | WR_IN_RB | WR_IN_RC | WR_IN_UR | WR_IN_UR64 |
                 WR_IN_C | WR_IN_C64;
    t->in.pg = 0xdeadbeef;
    t->in.pp = 0x0f0f0f0f;
    for (unsigned l = 0; l < WR_LANES; l++) {
        t->in.ra[l] = 0x0123456789abcdefULL + l;
        t->in.rb[l] = 0xa0000000u + l;
        t->in.rc[l] = l * 7;
        t->rd[l] = (l & 1) ? 0xfedcba9876543210ULL - l : 0;
    }
    t->in.ur = 0x1111222233334444ULL;
    t->in.c = 0x5555666677778888ULL;
    t->out = WR_TO_RD | WR_TO_RD64 | WR_TO_PD | WR_TO_PD_DC;
    t->rd_lanes = 0xaaaaaaaau;
    t->rd_dc = 0xffff0000ffff0000ULL;
    t->pd_mask = 0x3;
    t->pd_val = 0x1;
    t->bars = 0x80000005u;
    t->bar[0] = 0x10000041u;
    t->bar[2] = 0x2001u;
    t->bar[31] = 0x1fffffffu;
}

/* the JSONL line of a record */
static char *jsonl_of(const wr_trace_rec *t, const wr_trace_final *f, size_t *n)
{
    char *buf = NULL;
    FILE *m = open_memstream(&buf, n);
    ck_assert_ptr_nonnull(m);
    wr_trace_writer *w = wr_trace_writer_new(m, WR_TRACE_FMT_JSONL, 0);
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(t ? wr_trace_put(w, t) : wr_trace_put_end(w, f), 0);
    ck_assert_int_eq(wr_trace_writer_free(w), 0);
    ck_assert_int_eq(fclose(m), 0);
    return buf;
}

/* a record written in `format` to a file, read back */
static int reread(const wr_trace_rec *t, const wr_trace_final *f, unsigned format, const char *path,
                  wr_trace_reader **r, const wr_trace_rec **rec, const wr_trace_final **fin)
{
    FILE *o = fopen(path, "w");
    ck_assert_ptr_nonnull(o);
    wr_trace_writer *w = wr_trace_writer_new(o, format, 77);
    ck_assert_ptr_nonnull(w);
    if (t)
        ck_assert_int_eq(wr_trace_put(w, t), 0);
    if (f)
        ck_assert_int_eq(wr_trace_put_end(w, f), 0);
    ck_assert_int_eq(wr_trace_writer_free(w), 0);
    ck_assert_int_eq(fclose(o), 0);
    char err[600];
    *r = wr_trace_open(path, err, sizeof err);
    ck_assert_msg(*r != NULL, "%s", err);
    ck_assert_uint_eq(wr_trace_reader_format(*r), format);
    const int k = wr_trace_read(*r, rec, fin, err, sizeof err);
    ck_assert_msg(k > 0, "%s", err);
    return k;
}

START_TEST(trace_record_every_part_round_trips)
{
    wr_trace_rec t;
    full_record(&t);
    size_t n1;
    char *a = jsonl_of(&t, NULL, &n1);
    ck_assert(strstr(a, "\"ev\":[\"wake\",\"warning:OPERAND_NOT_UNIFORM\",\"release:1:0,31\"") != NULL);
    ck_assert(strstr(a, "\"ur\":\"0x1111222233334444\"") != NULL);
    ck_assert(strstr(a, "\"rd_dc\":\"0xffff0000ffff0000\"") != NULL);
    ck_assert(strstr(a, "\"pd_dc\":true") != NULL);
    ck_assert(strstr(a, "\"asm\":\"a text with \\\"quotes\\\" and \\\\ and \\u0009 a tab\"") != NULL);
    const char *path = "test_io_trace.tmp";
    for (unsigned format = 0; format < WR_TRACE_FMT_COUNT; format++) {
        wr_trace_reader *r;
        const wr_trace_rec *rec;
        const wr_trace_final *fin;
        ck_assert_int_eq(reread(&t, NULL, format, path, &r, &rec, &fin), WR_TRACE_INSN);
        ck_assert_uint_eq(wr_trace_reader_threads(r), format == WR_TRACE_FMT_BINARY ? 77 : 0);
        size_t n2;
        char *b = jsonl_of(rec, NULL, &n2);
        ck_assert_msg(n1 == n2 && memcmp(a, b, n1) == 0, "%s:\n%s\n%s", wr_trace_format_name(format), a, b);
        free(b);
        char err[600];
        ck_assert_int_eq(wr_trace_read(r, &rec, &fin, err, sizeof err), WR_TRACE_EOF);
        wr_trace_close(r);
    }
    remove(path);
    free(a);
}
END_TEST

START_TEST(trace_final_record_with_registers_round_trips)
{
    wr_trace_final *f = calloc(1, sizeof *f);
    ck_assert_ptr_nonnull(f);
    enum { NW = 3, NR = 5 };
    uint32_t regs[NW * NR * WR_LANES], undef[NW * NR] = { 0 };
    for (unsigned i = 0; i < NW * NR * WR_LANES; i++)
        regs[i] = i * 0x01010101u;
    undef[4] = 0xf0f0f0f0u;
    undef[NW * NR - 1] = 1;
    f->end = WR_END_EXCEPTION;
    f->t = 99;
    f->nwarps = NW;
    for (unsigned w = 0; w < NW; w++) {
        f->warp[w].run = (uint8_t)(w + 3);
        f->warp[w].active_pc = 0x10u * w;
        f->warp[w].valid = 0xffu << w;
        f->warp[w].breg[15] = w;
        f->p[w][6] = 0x55555555u >> w;
        f->p_undef[w][1] = w;
    }
    f->bars = 0x8002;
    f->bar[1] = 0x41;
    f->bar[15] = 0x10000000u;
    f->fault_warp = 2;
    f->fault_pc = 0x1234;
    f->fault_what = WR_FETCH_MISALIGNED;
    snprintf(f->profile, sizeof f->profile, "native");
    f->dump_regs = NR + 2;                /* two beyond what is kept: written as 0 */
    f->r = regs;
    f->r_undef = undef;
    f->r_have = NR;
    size_t n1;
    char *a = jsonl_of(NULL, f, &n1);
    ck_assert(strstr(a, "\"fault\":{\"warp\":2,\"pc\":\"0x1234\",\"what\":\"misaligned pc\"}") != NULL);
    ck_assert(strstr(a, "\"dc\":{\"R4\":\"0xf0f0f0f0\"}") != NULL);
    ck_assert(strstr(a, "\"dc\":{\"R4\":\"0x00000001\",\"P1\":\"0x00000002\"}") != NULL);
    const char *path = "test_io_final.tmp";
    for (unsigned format = 0; format < WR_TRACE_FMT_COUNT; format++) {
        wr_trace_reader *r;
        const wr_trace_rec *rec;
        const wr_trace_final *fin;
        ck_assert_int_eq(reread(NULL, f, format, path, &r, &rec, &fin), WR_TRACE_END);
        ck_assert_uint_eq(fin->dump_regs, NR + 2);
        size_t n2;
        char *b = jsonl_of(NULL, fin, &n2);
        ck_assert_msg(n1 == n2 && memcmp(a, b, n1) == 0, "%s:\n%s\n%s", wr_trace_format_name(format), a, b);
        free(b);
        wr_trace_close(r);
    }
    remove(path);
    free(a);
    free(f);
}
END_TEST

START_TEST(trace_reader_accepts_other_spellings)
{
    /* blanks, another key order, short hex, upper-case digits, an unknown key */
    const char *line = " { \"ev\" : [ \"wake\" , \"block:3\" ] , \"t\" : 5 , \"warp\" : 1 , \"pc\" : \"0x10\" , "
                       "\"op\" : \"BAR.SYNC\" , \"active\" : \"0xF\" , \"valid\":\"0xff\",\"next_pc\":\"0x20\","
                       "\"yield\":\"0x0\",\"sleep\":\"0x0\",\"switch\":\"0x0\",\"b\":{\"B2\":\"0x1\"},"
                       "\"extra\":{\"x\":[1,2.5e3,true,null,\"s\\\"\"]} } ";
    wr_trace_scratch *s = wr_trace_scratch_new();
    const wr_trace_rec *rec;
    char err[600];
    ck_assert_int_eq(wr_trace_parse_line(s, line, strlen(line), "x", 1, &rec, NULL, err, sizeof err), WR_TRACE_INSN);
    ck_assert_uint_eq(rec->t, 5);
    ck_assert_uint_eq(rec->active, 0xf);
    ck_assert_uint_eq(rec->b[2], 1);
    ck_assert_uint_eq(rec->wake, 1);
    ck_assert_uint_eq(rec->nev, 1);
    ck_assert_uint_eq(rec->ev[0].kind, WR_EV_BLOCK);
    ck_assert_uint_eq(rec->ev[0].code, 3);
    ck_assert_uint_eq(rec->keys, 0);
    /* errors name the record and the column */
    ck_assert_int_eq(wr_trace_parse_line(s, "{\"t\":-1}", 8, "x", 7, &rec, NULL, err, sizeof err), WR_TRACE_ERROR);
    ck_assert_str_eq(err, "x:7:6: error: t: expected a non-negative integer");
    wr_trace_scratch_free(s);
}
END_TEST

START_TEST(trace_record_from_a_step_and_back)
{
    /* a step's record -> trace record -> the other side's retire record:
     * the compare finds them equal on every field a trace carries */
    wr_program p;
    char err[512];
    ck_assert_int_eq(wr_assemble("S2R R0, SR_LANEID\nISETP.LT P1, R0, 5\nBAR.SYNC 0\nEXIT\n", "t.s", &p, err,
                                 sizeof err), 0);
    wr_cta cta;
    unit_cta(&cta, 32, 0);
    wr_retire *m = calloc(1, sizeof *m), *o = calloc(1, sizeof *o);
    wr_trace_rec *t = malloc(sizeof *t);
    ck_assert(m && o && t);
    wr_compare_ctl ctl;
    wr_compare_ctl_init(&ctl);
    ck_assert_int_eq(wr_compare_ctl_ignore(&ctl, wr_replay_untraced, err, sizeof err), 0);
    wr_operands ops = { 0 };
    for (unsigned i = 0; i < p.ninsns; i++) {
        ops.pg = 0xffffffffu;
        for (unsigned l = 0; l < WR_LANES; l++)
            ops.ra[l] = l;
        ck_assert_int_eq(wr_step(&cta, 0, &p.insns[i], &ops, m), 0);
        wr_trace_rec_from_retire(t, m, &p.insns[i], &ops, 0, WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_ASM);
        wr_trace_rec_to_retire(t, &p.insns[i], NULL, o);
        wr_compare_report rep;
        ck_assert_int_eq(wr_compare(m, o, &ctl, &rep), 0);
    }
    free(m);
    free(o);
    free(t);
    wr_program_free(&p);
}
END_TEST

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("io");
    TCase *tc = tcase_create("readers");
    tcase_add_test(tc, read_text_whole_file);
    tcase_add_test(tc, read_text_nul_names_line_and_column);
    tcase_add_test(tc, read_text_nul_past_the_first_chunk);
    tcase_add_test(tc, read_text_dev_zero_fails_at_once);
    tcase_add_test(tc, read_text_size_limit);
    tcase_add_test(tc, read_text_directory_and_missing);
    tcase_add_test(tc, load_words_reads_decodes_and_places);
    tcase_add_test(tc, load_words_errors);
    tcase_add_test(tc, load_words_any_keeps_illegal_words_and_runs_them);
    tcase_add_test(tc, program_take_words);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
    tc = tcase_create("trace outputs");
    tcase_add_test(tc, livelock_cut_in_a_regular_file);
    tcase_add_test(tc, livelock_cut_through_a_pipe);
    tcase_add_test(tc, trace_to_a_full_device_reports_enospc);
    tcase_add_test(tc, trace_spool_in_a_missing_tmpdir);
    suite_add_tcase(s, tc);
    tc = tcase_create("trace files");
    tcase_add_test(tc, trace_record_every_part_round_trips);
    tcase_add_test(tc, trace_final_record_with_registers_round_trips);
    tcase_add_test(tc, trace_reader_accepts_other_spellings);
    tcase_add_test(tc, trace_record_from_a_step_and_back);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
