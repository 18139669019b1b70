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
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
    tc = tcase_create("trace outputs");
    tcase_add_test(tc, livelock_cut_in_a_regular_file);
    tcase_add_test(tc, livelock_cut_through_a_pipe);
    tcase_add_test(tc, trace_to_a_full_device_reports_enospc);
    tcase_add_test(tc, trace_spool_in_a_missing_tmpdir);
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}
