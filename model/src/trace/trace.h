/* trace.h - internal: the canonical JSONL trace writer (TRACE-FORMAT.md).
 * Records are formatted by hand into a buffer: no printf on the hot path. */
#ifndef WARPREF_TRACE_H
#define WARPREF_TRACE_H

#include <pthread.h>
#include <stdio.h>
#include "warpref/retire.h"
#include "warpref/tracefile.h"

typedef struct wr_tw {
    FILE *f;                     /* where records go: the output, or the spool */
    FILE *out;                   /* the output when spooling, else NULL */
    int64_t base;                /* offset of the first record in f */
    char *buf;
    size_t len, cap;
    uint64_t bytes;              /* bytes emitted so far, buffered ones included */
    uint64_t records;            /* instruction records written */
    uint64_t *ckpt;              /* byte offset of record k * WR_TW_CKPT */
    size_t nckpt, ckcap;
    int err;                     /* an allocation or I/O error happened */
    int errnum;                  /* its errno */
    int err_spool;               /* it happened on the spool, not the output */
    int cuttable;                /* wr_tw_open: records can be cut (checkpoints kept) */
    wr_trace_rec *scratch;       /* wr_tw_record's record */
    /* wr_tw_open's writer thread: a full buffer goes to it (pend) and the
     * run fills the other (alt) meanwhile; f is the thread's while it
     * runs, the run's again once pend is written (drain). */
    int threaded;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;           /* pend handed over, written, or stop */
    char *alt;                   /* the other buffer: free once pend is NULL */
    size_t alt_cap;
    const char *pend;            /* the buffer being written, or NULL */
    size_t pend_len;
    int stop;
    int t_errnum;                /* the thread's first write error (0: none) */
} wr_tw;

enum { WR_TW_CKPT = 4096 };
/* wr_tw_open's buffers (two: one written by the thread, one filled) */
enum { WR_TW_BUF = 1 << 20 };

/* Start a trace on `f`.  A regular file open for reading and writing is
 * written in place (a cut truncates it); any other stream (pipe, FIFO,
 * terminal, /dev/null, a write-only file) gets the records through an
 * anonymous temporary file, the spool, copied to it by wr_tw_close, so that
 * a cut works everywhere.  0, or -1 (errnum set) when no spool can be made. */
int wr_tw_open(wr_tw *tw, FILE *f);
/* Start a trace written straight to `f`, no cut possible (conversions,
 * the DPI glue).  0, or -1 on no memory. */
int wr_tw_open_plain(wr_tw *tw, FILE *f);
/* Flush (and copy the spool out), free.  0, or the errno of the first
 * failure, with *in_spool telling whether it was the spool's. */
int wr_tw_close(wr_tw *tw, int *in_spool);

/* One instruction record, from the step's retire record (which must hold
 * the state after and, with operands, the word: wr_config.record_state or
 * the caller) and the decoded instruction.  With `operands`, also
 * insn/in/out/asm; `text` is the disassembly at rec->pc when the caller
 * has it (NULL: made here). */
void wr_tw_record(wr_tw *tw, const wr_retire *rec, const wr_insn *insn,
                  const wr_operands *ops, int operands, const char *text);

/* One line of another kind of per-step output (the explanation of a
 * step), counted as a record for wr_tw_cut; `s` holds no newline, the
 * writer adds it. */
void wr_tw_line(wr_tw *tw, const char *s, size_t n);
/* One record as the trace holds it: the one printer of instruction
 * records, and of final records (wr_tw_end). */
void wr_tw_trec(wr_tw *tw, const wr_trace_rec *rec);
void wr_tw_end(wr_tw *tw, const wr_trace_final *fin);
/* Flush the buffer to the stream. */
void wr_tw_flush(wr_tw *tw);

typedef struct wr_tw_fault {
    int warp;                    /* -1: none */
    uint64_t pc;
    const char *what;
} wr_tw_fault;

void wr_tw_final(wr_tw *tw, const wr_cta *cta, const wr_regfile *rf, wr_end end,
                 uint64_t t, unsigned dump_regs, const wr_tw_fault *fault);

/* Drop every record from number `keep` on (livelock: the trace stops at the
 * first repeated turn).  Needs a readable, seekable stream.  0 or -1. */
int wr_tw_cut(wr_tw *tw, uint64_t keep);

/* ---- the writer's output (jsonl_out.c), for the record writers
 * (jsonl_write.c) ---- */

/* Room for n more bytes at tw->buf + tw->len: 0, or -1 (the trace's error
 * set) when out of memory.  A full buffer is emitted first. */
int wr_tw_grow(wr_tw *tw, size_t n);
static inline int wr_tw_reserve(wr_tw *tw, size_t n) { return tw->len + n <= tw->cap ? 0 : wr_tw_grow(tw, n); }
/* The first failure of the trace (errno `errnum`) noted. */
void wr_tw_fail(wr_tw *tw, int errnum);
/* A record starts: counted, with a checkpoint every WR_TW_CKPT records
 * for wr_tw_cut.  -1 when out of memory. */
int wr_tw_checkpoint(wr_tw *tw);
static inline int wr_tw_begin_record(wr_tw *tw)
{
    if (tw->records % WR_TW_CKPT == 0 && tw->cuttable)
        return wr_tw_checkpoint(tw);
    tw->records++;
    return 0;
}

#endif
