/* fuzz_trace.h - what the two trace-reader targets (fuzz_jsonl.c,
 * fuzz_wtb.c) share: the input as a file, every record read, written back
 * in both formats, and a JSONL record printed, parsed and printed again
 * gives the same line; then the whole input replayed.  Errors are one line
 * naming the file; nothing crashes. */
#ifndef WARPREF_FUZZ_TRACE_H
#define WARPREF_FUZZ_TRACE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "warpref.h"
#include "fuzz.h"

static void fuzz_one_line(const char *err, const char *name)
{
    if (strncmp(err, name, strlen(name)) != 0 || strchr(err, '\n') || !strstr(err, ": error: ")) {
        fprintf(stderr, "malformed error message: '%s'\n", err);
        abort();
    }
}

/* rec printed as JSONL into a string (malloc'd) */
static char *fuzz_print(const wr_trace_rec *rec, const wr_trace_final *fin, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        abort();
    wr_trace_writer *w = wr_trace_writer_new(f, WR_TRACE_FMT_JSONL, 0);
    if (!w)
        abort();
    if (rec)
        wr_trace_put(w, rec);
    else
        wr_trace_put_end(w, fin);
    if (wr_trace_writer_free(w) != 0 || fclose(f) != 0)
        abort();
    return buf;
}

static void fuzz_trace(const uint8_t *data, size_t size)
{
    static FILE *tmp, *sink;
    if (!tmp && !(tmp = tmpfile()))
        abort();
    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    const int fd = fileno(tmp);
    if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
        abort();
    char path[64], err[600];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    wr_trace_reader *r = wr_trace_open(path, err, sizeof err);
    if (!r) {
        fuzz_one_line(err, path);
        return;
    }
    wr_trace_writer *wj = wr_trace_writer_new(sink, WR_TRACE_FMT_JSONL, 0);
    wr_trace_writer *wb = wr_trace_writer_new(sink, WR_TRACE_FMT_BINARY, 0);
    wr_trace_scratch *s = wr_trace_scratch_new();
    if (!wj || !wb || !s)
        abort();
    const wr_trace_rec *rec;
    const wr_trace_final *fin;
    int k;
    while ((k = wr_trace_read(r, &rec, &fin, err, sizeof err)) > 0) {
        if (k == WR_TRACE_INSN) {
            wr_trace_put(wj, rec);
            wr_trace_put(wb, rec);
        } else {
            wr_trace_put_end(wj, fin);
            wr_trace_put_end(wb, fin);
        }
        /* print, parse, print: the same line */
        size_t n1, n2;
        char *a = fuzz_print(k == WR_TRACE_INSN ? rec : NULL, fin, &n1);
        const wr_trace_rec *rec2 = NULL;
        const wr_trace_final *fin2 = NULL;
        if (n1 == 0 || a[n1 - 1] != '\n')
            abort();
        const int k2 = wr_trace_parse_line(s, a, n1 - 1, "again", 1, &rec2, &fin2, err, sizeof err);
        if (k2 != k) {
            fprintf(stderr, "printed record does not parse back: %s\n%s", err, a);
            abort();
        }
        char *b = fuzz_print(rec2, fin2, &n2);
        if (n1 != n2 || memcmp(a, b, n1) != 0) {
            fprintf(stderr, "printed twice differently:\n%s%s", a, b);
            abort();
        }
        free(a);
        free(b);
    }
    if (k == WR_TRACE_ERROR)
        fuzz_one_line(err, path);
    wr_trace_writer_free(wj);
    wr_trace_writer_free(wb);
    wr_trace_scratch_free(s);
    wr_trace_close(r);
    /* the replay of the same input ends with a status, never a crash */
    wr_replay_opts o = { 0 };
    o.trace = path;
    o.profile = WR_PROFILE_ANY;
    o.keep_going = 1;
    wr_replay_result res;
    const int st = wr_replay(&o, &res, err, sizeof err);
    if (st < 0 || st > 2)
        abort();
}

#endif
