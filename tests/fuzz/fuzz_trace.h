/* fuzz_trace.h - what the two trace-reader targets (fuzz_jsonl.c,
 * fuzz_wtb.c) share: the input as a file, every record read, written back
 * in both formats, and a JSONL record printed, parsed and printed again
 * gives the same line; then the whole input replayed.  Errors are one line
 * naming the file; nothing crashes.  A trace that replays as a match
 * re-serialises to the same records: its records as JSONL, and the same
 * records written as binary, read back and printed as JSONL, are the same
 * text (issue 17). */
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
    static FILE *tmp;
    if (!tmp && !(tmp = tmpfile()))
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
    char *jtext = NULL, *btext = NULL;
    size_t jlen = 0, blen = 0;
    FILE *jf = open_memstream(&jtext, &jlen), *bf = open_memstream(&btext, &blen);
    if (!jf || !bf)
        abort();
    wr_trace_writer *wj = wr_trace_writer_new(jf, WR_TRACE_FMT_JSONL, 0);
    wr_trace_writer *wb = wr_trace_writer_new(bf, WR_TRACE_FMT_BINARY, 0);
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
    const int read_all = k == WR_TRACE_EOF;
    if (k == WR_TRACE_ERROR)
        fuzz_one_line(err, path);
    if (wr_trace_writer_free(wj) != 0 || wr_trace_writer_free(wb) != 0 || fclose(jf) != 0 || fclose(bf) != 0)
        abort();
    wr_trace_scratch_free(s);
    wr_trace_close(r);
    /* the replay of the same input ends with a status, never a crash */
    wr_replay_opts o = { 0 };
    o.trace = path;
    o.profile = WR_PROFILE_ANY;
    o.keep_going = 1;
    o.own_end = wr_run_own_end;
    wr_replay_result res;
    int st = wr_replay(&o, &res, err, sizeof err);
    if (st == 2 && strncmp(err, "--threads", 9) == 0) {
        o.threads = 32;                  /* (a trace that does not state its CTA size) */
        st = wr_replay(&o, &res, err, sizeof err);
    }
    if (st < 0 || st > 2)
        abort();
    /* a match re-serialises to the same records: JSONL -> binary -> JSONL */
    if (st == 0 && read_all) {
        if (ftruncate(fd, 0) != 0 || (blen && pwrite(fd, btext, blen, 0) != (ssize_t)blen))
            abort();
        wr_trace_reader *rb = wr_trace_open(path, err, sizeof err);
        char *again = NULL;
        size_t alen = 0;
        FILE *af = open_memstream(&again, &alen);
        wr_trace_writer *wa = af ? wr_trace_writer_new(af, WR_TRACE_FMT_JSONL, 0) : NULL;
        if (!rb || !wa) {
            fprintf(stderr, "the binary written of a matching trace does not open: %s\n", rb ? "" : err);
            abort();
        }
        while ((k = wr_trace_read(rb, &rec, &fin, err, sizeof err)) > 0)
            if (k == WR_TRACE_INSN)
                wr_trace_put(wa, rec);
            else
                wr_trace_put_end(wa, fin);
        if (k != WR_TRACE_EOF) {
            fprintf(stderr, "the binary written of a matching trace does not read back: %s\n", err);
            abort();
        }
        wr_trace_close(rb);
        if (wr_trace_writer_free(wa) != 0 || fclose(af) != 0)
            abort();
        if (alen != jlen || memcmp(again, jtext, jlen) != 0) {
            fprintf(stderr, "a matching trace re-serialised (JSONL -> binary -> JSONL) to other records:\n%s--\n%s",
                    jtext, again);
            abort();
        }
        free(again);
    }
    free(jtext);
    free(btext);
}

#endif
