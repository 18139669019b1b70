/* reader.c - a trace read (warpref/tracefile.h): opened, its format by its
 * first bytes, its records one by one (jsonl_read.c, binary_read.c), the
 * CTA size it states. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binary.h"
#include "reader.h"

wr_trace_reader *wr_trace_open(const char *path, char *err, size_t errsize)
{
    const int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    wr_trace_reader *r = calloc(1, sizeof *r);
    if (r) {
        r->name = strdup(name);
        r->s = wr_trace_scratch_new();
    }
    if (!r || !r->name || !r->s) {
        snprintf(err, errsize, "%s:1: error: out of memory", name);
        wr_trace_close(r);
        return NULL;
    }
    for (unsigned k = 0; k < sizeof r->kind / sizeof r->kind[0]; k++)
        r->kind[k].flags = HEAD_NONE;
    r->cap = READ_CHUNK;
    r->fd = is_stdin ? 0 : open(path, O_RDONLY);
    r->own_fd = !is_stdin;
    if (r->fd < 0 || (is_stdin && fcntl(0, F_GETFD) < 0)) {
        snprintf(err, errsize, "%s:1: error: cannot open: %s", name, strerror(errno));
        r->own_fd = 0;
        wr_trace_close(r);
        return NULL;
    }
    struct stat st;
    if (!is_stdin && fstat(r->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < SIZE_MAX / 2) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, r->fd, 0);
        if (m != MAP_FAILED) {          /* no copy: the records are read where they lie */
            posix_madvise(m, (size_t)st.st_size, POSIX_MADV_SEQUENTIAL);
            r->buf = m;
            r->len = r->cap = (size_t)st.st_size;
            r->eof = 1;
            r->mapped = 1;
        }
    }
    if (!r->mapped && !(r->buf = malloc(READ_CHUNK + 1))) {
        snprintf(err, errsize, "%s:1: error: out of memory", name);
        wr_trace_close(r);
        return NULL;
    }
    if (fill(r, WR_TRACE_HEADER_SIZE) != 0) {
        snprintf(err, errsize, "%s:1: error: cannot read: %s", name, strerror(errno));
        wr_trace_close(r);
        return NULL;
    }
    const size_t have = r->len;
    const size_t m = have < 8 ? have : 8;
    if (have && r->buf[0] == (uint8_t)WR_TRACE_MAGIC[0] && memcmp(r->buf, WR_TRACE_MAGIC, m) == 0) {
        const uint8_t *h = r->buf;
        r->format = WR_TRACE_FMT_BINARY;
        const char *bad = NULL;
        char msg[160];
        if (have < WR_TRACE_HEADER_SIZE) {
            snprintf(msg, sizeof msg, "truncated header (%zu of %d bytes)", have, WR_TRACE_HEADER_SIZE);
            bad = msg;
        } else if (ld16(h + 8) == 1) {
            snprintf(msg, sizeof msg, "binary trace version 1 (without checksums); this warpref reads version %d: "
                     "write the trace again, or convert it to JSONL with the warpref that wrote it", WR_TRACE_VERSION);
            bad = msg;
        } else if (ld16(h + 8) != WR_TRACE_VERSION) {
            snprintf(msg, sizeof msg, "binary trace version %u; this warpref reads version %d", ld16(h + 8),
                     WR_TRACE_VERSION);
            bad = msg;
        } else if (ld32(h + HEADER_SUM) != header_sum(h)) {
            snprintf(msg, sizeof msg, "corrupt header: checksum 0x%08x, its bytes give 0x%08x", ld32(h + HEADER_SUM),
                     header_sum(h));
            bad = msg;
        } else if (ld16(h + 10) != WR_TRACE_HEADER_SIZE || ld16(h + 12) != WR_TRACE_RECORD_SIZE) {
            snprintf(msg, sizeof msg, "header size %u and record size %u; version %d has %d and %d", ld16(h + 10),
                     ld16(h + 12), WR_TRACE_VERSION, WR_TRACE_HEADER_SIZE, WR_TRACE_RECORD_SIZE);
            bad = msg;
        } else if (ld32(h + 16) > WR_MAX_THREADS || ld16(h + 14) != 0) {
            snprintf(msg, sizeof msg, "bad header (threads %u, flags 0x%x)", ld32(h + 16), ld16(h + 14));
            bad = msg;
        } else {
            for (unsigned k = 20; k < HEADER_SUM && !bad; k++)
                if (h[k]) {
                    snprintf(msg, sizeof msg, "bad header: reserved byte %u is 0x%02x, not 0", k, h[k]);
                    bad = msg;
                }
        }
        if (bad) {
            snprintf(err, errsize, "%s:1: error: %s", name, bad);
            wr_trace_close(r);
            return NULL;
        }
        r->threads = ld32(h + 16);
        r->pos = WR_TRACE_HEADER_SIZE;
    } else {
        r->format = WR_TRACE_FMT_JSONL;
    }
    return r;
}

void wr_trace_close(wr_trace_reader *r)
{
    if (!r)
        return;
    if (r->own_fd && r->fd >= 0)
        close(r->fd);
    wr_trace_scratch_free(r->s);
    if (r->mapped)
        munmap(r->buf, r->len);
    else
        free(r->buf);
    free(r->name);
    free(r);
}

unsigned wr_trace_reader_format(const wr_trace_reader *r) { return r->format; }
unsigned wr_trace_reader_threads(const wr_trace_reader *r) { return r->threads; }
const char *wr_trace_reader_name(const wr_trace_reader *r) { return r->name; }
uint64_t wr_trace_recno(const wr_trace_reader *r) { return r->recno; }

int wr_trace_read(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin, char *err,
                  size_t errsize)
{
    int k = r->failed ? WR_TRACE_ERROR
            : r->format == WR_TRACE_FMT_BINARY ? wr_trace_read_binary(r, rec, fin)
                                               : wr_trace_read_jsonl(r, rec, fin);
    if (k > 0) {                         /* t is monotonic: several records may share one */
        const uint64_t t = k == WR_TRACE_INSN ? r->s->rec.t : r->s->fin.t;
        if (t < r->last_t)
            k = rfail(r, r->recno, "%s: %" PRIu64 " is less than the previous record's %" PRIu64 " (time never goes "
                      "back)", WR_KEY(T), t, r->last_t);
        r->last_t = t;
    }
    if (k == WR_TRACE_ERROR)
        snprintf(err, errsize, "%s", r->errmsg);
    return k;
}

/* the last line of a regular JSONL file, parsed as a final record: its warps
 * (0: it is not one, or it does not parse: the scan finds why) */
static unsigned tail_warps(const char *path, uint32_t *last_valid)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    unsigned n = 0;
    enum { TAIL = 4 << 20 };
    char *buf = NULL, err[300];
    wr_trace_scratch *s = wr_trace_scratch_new();
    if (s && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (buf = malloc(st.st_size > TAIL ? TAIL + 1 : (size_t)st.st_size + 1))) {
        const off_t from = st.st_size > TAIL ? st.st_size - TAIL : 0;
        const ssize_t got = pread(fd, buf, (size_t)(st.st_size - from), from);
        if (got > 0) {
            size_t e = (size_t)got;
            if (buf[e - 1] == '\n')
                e--;
            size_t b = e;
            while (b > 0 && buf[b - 1] != '\n')
                b--;
            const wr_trace_final *fin;
            if ((b > 0 || from == 0) &&
                wr_trace_parse_line(s, buf + b, e - b, path, 0, NULL, &fin, err, sizeof err) == WR_TRACE_END) {
                n = fin->nwarps;
                *last_valid = fin->warp[n - 1].valid;
            }
        }
    }
    wr_trace_scratch_free(s);
    free(buf);
    close(fd);
    return n;
}

int wr_trace_shape(const char *path, unsigned *threads, char *err, size_t errsize)
{
    *threads = 0;
    if (strcmp(path, "-") == 0) {
        snprintf(err, errsize, "it is read from standard input (once: its final record comes last)");
        return 0;
    }
    wr_trace_reader *r = wr_trace_open(path, err, errsize);
    if (!r)
        return -1;
    if (r->format == WR_TRACE_FMT_BINARY && r->threads) {
        *threads = r->threads;
        wr_trace_close(r);
        return 1;
    }
    /* JSONL: the final record's warps from the last line, when it is one;
     * then (or to find them) the records, in order, to the first record of
     * the last warp: a first record that is not an EXIT shows the warp's
     * lanes in its ValidMask (only EXIT shrinks it) */
    uint32_t last_valid = 0;
    unsigned n = r->format == WR_TRACE_FMT_JSONL ? tail_warps(path, &last_valid) : 0;
    uint32_t first_valid[WR_MAX_WARPS] = { 0 }, seen = 0, exits = 0;
    const wr_trace_rec *rec;
    const wr_trace_final *fin;
    int k;
    while ((k = wr_trace_read(r, &rec, &fin, err, errsize)) == WR_TRACE_INSN) {
        const unsigned w = rec->warp;
        if (seen >> w & 1u)
            continue;
        seen |= 1u << w;
        first_valid[w] = rec->valid;
        wr_insn insn;
        if (!(rec->keys & WR_TK_INSN) ? strcmp(rec->op, "EXIT") == 0 || strcmp(rec->op, "exit") == 0
                                      : wr_decode(&rec->insn, &insn, NULL, 0) != 0 || insn.optype == WR_OPT_EXIT)
            exits |= 1u << w;
        if (n && w == n - 1)
            break;                       /* (a scan that knows the warps stops here) */
    }
    if (k == WR_TRACE_ERROR) {
        wr_trace_close(r);
        return -1;
    }
    if (k == WR_TRACE_END) {
        n = fin->nwarps;
        last_valid = fin->warp[n - 1].valid;
    }
    wr_trace_close(r);
    if (!n) {
        snprintf(err, errsize, "it has no final record");
        return 0;
    }
    /* the last warp's lanes: its first record's ValidMask, or the final
     * record's when it has none */
    const uint32_t v = (seen >> (n - 1) & 1u) ? first_valid[n - 1] : last_valid;
    if ((exits >> (n - 1) & 1u) || !v) {
        snprintf(err, errsize, "the lanes of its last warp (%u) are not known: %s", n - 1,
                 (exits >> (n - 1) & 1u) ? "its first record is an EXIT" : "it has no valid lane");
        return 0;
    }
    *threads = 32 * (n - 1) + (32 - (unsigned)__builtin_clz(v));
    return 1;
}

