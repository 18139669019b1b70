/* warpref/replay.h - trace replay (docs/replay.md): the model follows a
 * trace (JSONL or binary, warpref/tracefile.h) record by record through the
 * lockstep checker (warpref/checker.h) in the trace's order, operand-driven
 * when the records carry `in`, self-contained with the program otherwise,
 * and compares each record and the final one with the one compare; the
 * first failure is kept for the checker's mismatch dump. */
#ifndef WARPREF_REPLAY_H
#define WARPREF_REPLAY_H

#include "checker.h"
#include "tracefile.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wr_replay_opts {
    const char *trace;           /* the trace ("-": standard input) */
    const char *program;         /* FILE.s: the program (for traces without `insn`), or NULL */
    int profile;                 /* wr_profile, or WR_PROFILE_ANY (-1): the program's
                                    .profile; a program learnt from the records: native.
                                    A program of another profile is an error */
    unsigned threads;            /* CTA size; 0: the binary header's, the program's
                                    (.threads, else 32), the trace's final record
                                    (wr_trace_shape); else bad usage (status 2) */
    uint64_t start;              /* the first record compared (from 1; 0 = 1); the
                                    records before it are stepped, not compared */
    uint64_t count;              /* how many records are compared (0: to the end,
                                    the final record too) */
    int keep_going;              /* compare every record (else stop at the first failure) */
    const char *ignore, *mask;   /* compare controls, as wr_compare_ctl_ignore/_mask */
    const char *dump;            /* the dump's base name (NULL: no dump) */
    const char *reproduce;       /* for the dump */
    FILE *explain;               /* one line per step the model took (wr_explain_step), or NULL */
    wr_coverage *coverage;       /* filled with the paths of the model's steps, or NULL */
    /* every failing check as it is found, with the record's number */
    void (*on_fail)(void *ctx, uint64_t recno, uint64_t cycle, const char *line);
    void *ctx;
    int strict_undef;            /* 1: compare row `undef` (a lane the model leaves undefined
                                    must be marked undefined in the trace too); 0: skipped,
                                    as SPEC-NOTES section 5 lets a design define it */
    wr_own_end_fn own_end;       /* the checker's livelock oracle (wr_checker_opts.own_end):
                                    wr_run_own_end; NULL: a trace ending livelock
                                    where the model can go on fails */
} wr_replay_opts;

typedef struct wr_replay_result {
    uint64_t records;            /* instruction records read */
    uint64_t compared;           /* ... compared (in the window) */
    uint64_t failures;           /* failing checks */
    uint64_t first_recno;        /* the record of the first failure (0: none) */
    int final_compared;          /* the final record was compared */
    unsigned threads;            /* the CTA size used */
    const char *threads_from;    /* where it came from: "--threads", "the binary header",
                                    "the program's .threads", "the final record", ... */
    unsigned operand_mode;       /* wr_operand_mode */
    unsigned format;             /* wr_trace_format */
    double seconds;              /* the replay's own time (reading, stepping, comparing) */
    double cpu_seconds;          /* ... the process's CPU time in it */
    char summary[400];           /* the first failure in one line ("" if none) */
    char dump_error[600];        /* the dump could not be written: why ("" if it was) */
} wr_replay_result;

/* The compare fields a trace does not carry: off in every replay
 * (docs/replay.md): "rpc,warp_bar_state,...". */
extern const char wr_replay_untraced[];

/* 0: the trace matches; 1: a failure (divergence, or the model's own
 * error); 2: bad input (err: one line naming the file and record, or a bad
 * option). */
int wr_replay(const wr_replay_opts *o, wr_replay_result *res, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif
#endif
