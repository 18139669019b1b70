/* reader.h - internal: a trace reader's state (wr_trace_reader), its
 * buffer and its errors, for the reader (reader.c) and its two formats
 * (jsonl_read.c, binary_read.c). */
#ifndef WARPREF_TRACE_READER_H
#define WARPREF_TRACE_READER_H

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "warpref/tracefile.h"

/* a parsed record: the records a reader hands out (and their registers) */
struct wr_trace_scratch {
    wr_trace_rec rec;
    wr_trace_final fin;
    uint32_t *r, *r_undef;
    size_t rcap;                 /* uint32_t of r */
};


struct wr_trace_reader {
    int fd;
    int own_fd;
    char *name;
    unsigned format;
    unsigned threads;
    uint8_t *buf;                /* [pos, len) unread */
    size_t pos, len, cap;
    int eof;                     /* read() returned 0 */
    uint64_t recno;              /* records handed out */
    uint64_t offset;             /* file offset of buf[0] */
    int ended;                   /* the final record was read */
    int mapped;                  /* buf is the whole file, mapped (a regular file) */
    int failed;
    uint64_t last_t;             /* the `t` of the record read last (time never goes back) */
    /* the block of records the last 'B' record heads (docs/trace-binary.md):
     * its end (file offset, 0: none open), first record, records and
     * whether its checksum matched (then its records' own are not read) */
    uint64_t blk_end, blk_first;
    uint32_t blk_records;
    int blk_ok;
    uint64_t lead;               /* the slots read before the first block */
    char errmsg[512];
    wr_trace_scratch *s;
    /* binary: what the flags of a head say, for the last flags seen at
     * each slot (a trace has a few kinds of record: most heads hit) */
    struct head_kind {
        uint32_t flags;          /* HEAD_NONE: the slot is empty */
        uint16_t in, out;        /* WR_IN_*, WR_TO_* */
        uint16_t words;          /* tail words that the flags alone add */
        uint16_t lanes;          /* lane records */
        uint32_t keys;           /* WR_TK_* */
    } kind[64];
};

enum { HEAD_NONE = 0xffffffffu };  /* (has bits outside F_KNOWN: never a head's flags) */

enum { READ_CHUNK = 1 << 20, JSONL_LINE_MAX = 64 << 20 };

/* more bytes into buf: keep [pos, len), grow to hold `want` bytes from pos */
static inline int fill(wr_trace_reader *r, size_t want)
{
    if (r->mapped)
        return 0;
    if (r->pos > 0 && (r->len - r->pos < want || r->len == r->cap)) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->offset += r->pos;
        r->len -= r->pos;
        r->pos = 0;
    }
    if (want > r->cap - r->pos) {
        size_t cap = r->cap;
        while (cap < want)
            cap *= 2;
        uint8_t *b = realloc(r->buf, cap + 1);
        if (!b) {
            errno = ENOMEM;
            return -1;
        }
        r->buf = b;
        r->cap = cap;
    }
    while (!r->eof && r->len < r->cap) {
        ssize_t n = read(r->fd, r->buf + r->len, r->cap - r->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            r->eof = 1;
        r->len += (size_t)n;
        if (r->len - r->pos >= want)
            break;
    }
    return 0;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4), cold))
#endif
static inline int rfail(wr_trace_reader *r, uint64_t recno, const char *fmt, ...)
{
    int n = snprintf(r->errmsg, sizeof r->errmsg, "%s:%" PRIu64 ": error: ", r->name, recno);
    if (n >= 0 && (size_t)n < sizeof r->errmsg) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->errmsg + n, sizeof r->errmsg - (size_t)n, fmt, ap);
        va_end(ap);
    }
    r->failed = 1;
    return WR_TRACE_ERROR;
}

/* the next record of each format (wr_trace_read) */
int wr_trace_read_jsonl(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin);
int wr_trace_read_binary(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin);

#endif
