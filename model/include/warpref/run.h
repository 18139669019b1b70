/* warpref/run.h - the standalone run: one CTA, the scheduler of SPEC-NOTES
 * N-50, helper instructions (N-51), constants (N-52), fetch faults (N-27),
 * livelock detection (N-55) and the canonical JSONL trace. */
#ifndef WARPREF_RUN_H
#define WARPREF_RUN_H

#include "model.h"
#include "paths.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exit statuses of `warpref run` (TRACE-FORMAT.md). */
enum {
    WR_EXIT_DONE = 0,
    WR_EXIT_ERROR = 1,           /* the model's own error (end `error`) */
    WR_EXIT_USAGE = 2,           /* bad input: file, line, column in the message */
    WR_EXIT_STUCK = 3,           /* deadlock or livelock */
    WR_EXIT_EXCEPTION = 4,
    WR_EXIT_LIMIT = 5
};

enum { WR_DEFAULT_MAX_STEPS = 1000000 };
#define WR_MAX_STEPS_LIMIT UINT64_C(1000000000000000)   /* the largest max_steps, 10^15 */

/* A step done elsewhere (wr_run_opts.step): it must do to `cta` what
 * wr_step() does, with the same return value, and fill `rec` (e.g. the
 * SystemC example of tb/sc/, which sends every instruction to the model's
 * TLM-2.0 target).  The run calls it for every instruction, also in the
 * re-runs that locate a livelock (on other copies of the CTA). */
typedef int (*wr_step_fn)(void *ctx, wr_cta *cta, unsigned w, const wr_insn *insn,
                          const wr_operands *ops, struct wr_retire *rec);

typedef struct wr_run_opts {
    unsigned threads;            /* 0: the program's .threads, else 32 (N-53) */
    uint64_t max_steps;          /* 0: WR_DEFAULT_MAX_STEPS */
    FILE *trace;                 /* NULL: no trace.  Any stream open for writing.
                                    A livelock cuts the trace back to its first
                                    repeated turn (N-55): a regular file open
                                    for reading and writing (fopen "w+") is cut
                                    in place; anything else (pipe, FIFO,
                                    /dev/null, a write-only file) receives the
                                    trace at the end of the run, through a
                                    temporary file in $TMPDIR */
    unsigned dump_regs;          /* R0..R(N-1) in the final record */
    int trace_operands;          /* add `insn`, `in` and `out` to every record */
    int trap_mode;               /* sass: every warp in trap mode for the run (S-13);
                                    another profile refuses it.  The profile is
                                    the program's (wr_program.profile) */
    FILE *explain;               /* NULL, or a stream for one line per step: "t=T
                                    warp=W pc=PC " and wr_explain(); a fetch fault
                                    gets a line too.  Cut at a livelock like the
                                    trace, through a temporary file likewise */
    wr_coverage *coverage;       /* NULL, or the hits of the paths the run's steps
                                    took (up to its end, as the trace) are added */
    wr_step_fn step;             /* NULL: wr_step */
    void *step_ctx;              /* its first argument */
} wr_run_opts;

typedef struct wr_run_result {
    wr_end end;
    uint64_t t;                  /* `t` of the final record */
    uint64_t steps;              /* instructions counted: issued up to the end */
    int exit_status;             /* WR_EXIT_* */
    int faulted_warp;            /* fetch fault (N-27): warp, else -1 */
    uint64_t fault_pc;
    char fault_what[64];
    int trace_errno;             /* wr_runner_run returned -1: the errno of the */
    int trace_spool;             /* first trace I/O failure, and 1 when it was  */
                                 /* the temporary file's, not the output's     */
    int explain_errno;           /* the same for the explanation output */
    int explain_spool;
    /* What the run cost (--stats).  Livelock detection (N-55) executes
     * instructions that are not counted: the run itself may go past a
     * livelock's first repeated turn before it sees the repeat, a run that
     * reaches the limit goes on, untraced, to rule a livelock out, and a
     * livelock found is located by re-running from launch. */
    uint64_t executed;           /* all instructions executed: the three below */
    uint64_t run_steps;          /* by the run itself (= steps unless it ended livelock) */
    uint64_t check_steps;        /* by the livelock check past the limit */
    uint64_t locate_steps;       /* by the re-runs that located a livelock */
    double run_seconds;          /* wall-clock time of each of the three */
    double check_seconds;
    double locate_seconds;
    double run_cpu_seconds;      /* the run itself: the process's CPU time (user + system) */
    char error[160];             /* end `error`: the model's message */
} wr_run_result;

typedef struct wr_runner wr_runner;

/* Prepare a run; NULL with a message on bad options (threads out of range,
 * a register file that cannot be allocated). */
wr_runner *wr_runner_new(const wr_program *prog, const wr_run_opts *opts,
                         char *err, size_t errsize);
/* Run to the end; writes the trace if asked.  0, or -1 on an error
 * (trace_errno/trace_spool say which for a trace I/O error; 0 for memory). */
int wr_runner_run(wr_runner *r, wr_run_result *res);
const wr_cta *wr_runner_cta(const wr_runner *r);
const wr_regfile *wr_runner_regs(const wr_runner *r);
void wr_runner_free(wr_runner *r);

/* How `prog` ends under the model's own scheduler: a standalone run of
 * `threads` threads (N-50), untraced, with its livelock detection (N-55) and
 * at most max_steps steps (0: WR_DEFAULT_MAX_STEPS).  The end's name
 * (wr_end_name), or "error" when the run cannot be made.  The lockstep
 * checker's livelock oracle: a driver gives it to the checker
 * (wr_checker_opts.own_end), which does not call the runner itself. */
const char *wr_run_own_end(const wr_program *prog, unsigned threads, uint64_t max_steps);

#ifdef __cplusplus
}
#endif
#endif
