/* warpref/checker.h - the lockstep checker: the model follows another
 * implementation (an RTL through DPI, a replayed trace, a SystemC model)
 * retire by retire, in that implementation's order, and checks every record
 * it reports with the one compare (compare.h).
 *
 *   wr_checker_new(program, options)
 *   per retired instruction   wr_checker_retire(c, cycle, record)
 *   per fetch fault (N-27)    wr_checker_fetch_fault(c, cycle, warp, pc, why)
 *   per wake no instruction   wr_checker_wake(c, cycle, warp)
 *   caused (a sleep deadline fired, N-23)
 *   at the end                wr_checker_final(c, cycle, end, the other side's end state)
 *   on a failure              its dump (dump.h): wr_dump_new(c, meta), wr_dump_write(d, base)
 *
 * Operands: in self-contained mode (WR_OPERANDS_SELF, the default) the model
 * reads its own register file and runs the helper instructions; the operand
 * values the other side reports are compared with its own, and where the
 * model's result is undefined (SPEC-NOTES section 5) it adopts the other
 * side's value after checking the defined bits.  In operand-driven mode
 * (WR_OPERANDS_DRIVEN) the reported operands are used as they are.
 *
 * The checker never prints, never aborts and allocates only in
 * wr_checker_new; errors and mismatches are returned and kept as text
 * (wr_checker_messages). */
#ifndef WARPREF_CHECKER_H
#define WARPREF_CHECKER_H

#include <stdio.h>

#include "compare.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A program's own end (wr_run_own_end, run.h): its name, "error" if none. */
typedef const char *(*wr_own_end_fn)(const wr_program *prog, unsigned threads, uint64_t max_steps);

typedef struct wr_checker_opts {
    unsigned threads;            /* CTA size; 0: the program's .threads, else 32 */
    unsigned operand_mode;       /* WR_OPERANDS_SELF (default) or WR_OPERANDS_DRIVEN */
    wr_compare_ctl ctl;          /* the compare controls (every field, every bit) */
    uint64_t wake_early;         /* a wake up to this many cycles before the model's
                                    deadline is accepted (default 0) */
    uint64_t wake_late;          /* ... and up to this many after it is due (default:
                                    UINT64_MAX, any later wake).  A deadline is due at
                                    the first turn start at or after it that follows
                                    the instruction setting it (N-23): NANOSLEEP 0
                                    at time t is due at t + 1 */
    unsigned max_mismatches;     /* stop after this many failing checks (default 1) */
    unsigned trap_mode;          /* sass (S-13): every warp in trap mode; the model's
                                    profile is the program's (wr_program.profile) */
    unsigned trace_writes;       /* the other side is a trace: the model's GPR and
                                    predicate writes its `out` cannot show (other
                                    warps, other destinations: a ptx reduction's
                                    delivery, P-11) are not compared; the final
                                    record checks their values.  Operand-driven,
                                    the don't-care marks of its writes are not
                                    judged either: its `in` marks no operand lane
                                    undefined, so the model cannot tell what is
                                    computed from one (SPEC-NOTES section 5) */
    /* called with every failing check as it is found (NULL: none): the
     * cycle and the line wr_checker_messages() keeps */
    void (*on_fail)(void *ctx, uint64_t cycle, const char *line);
    /* the other side's name in every message and dump: NULL is "RTL"; a
     * replay's is "trace" ("final: warp 0 B3: model 0x0, RTL 0x7") */
    const char *side;
    void *ctx;
    /* how the program ends under the model's own scheduler (wr_checker_own_end):
     * the runner's wr_run_own_end, given by the driver (the checker sits
     * beside the runner, not above it: docs/architecture.md).  NULL: "error",
     * and the other side's livelock is then not confirmed */
    wr_own_end_fn own_end;
    /* The other side's clock (wr_checker_clock, docs/lockstep.md "Time"):
     * time_step, the most its time may advance in one clock edge outside
     * N-50's jump (0: edges are not judged); time_claim, what else it
     * promises: WR_TIME_ORDER (nothing), WR_TIME_CYCLES (exactly time_step
     * every edge from its first record on).  N-50's time itself (each
     * record's t the model's) is the compare field `t` (enabled: a replay;
     * wr_checker_set_time WR_TIME_N50). */
    uint64_t time_step;
    unsigned time_claim;
    /* the other side's end time after a stop it was told (a testbench that
     * stops the design at an exception or its limit, which may still move its
     * time, e.g. jump, before it halts): the end's `t` is then not N-50's and
     * is compared only for the ends the design reaches itself (done,
     * deadlock) and a fetch fault's (its time); set by wr_checker_set_time */
    unsigned told_stop;
} wr_checker_opts;

enum { WR_TIME_ORDER = 0, WR_TIME_CYCLES = 1, WR_TIME_N50 = 2 };

void wr_checker_opts_init(wr_checker_opts *o);

/* Compare controls by name, as the +ignore= and +mask= plusargs give them:
 * ignore "switch,rpc,write.gpr" disables fields; mask "b:0xffff,rpc:0xfff0"
 * compares only those bits.  0, or -1 with a message naming the bad item. */
int wr_compare_ctl_ignore(wr_compare_ctl *ctl, const char *list, char *err, size_t errsize);
int wr_compare_ctl_mask(wr_compare_ctl *ctl, const char *list, char *err, size_t errsize);

typedef struct wr_checker wr_checker;

/* NULL with a message on a bad configuration or no memory.  The program
 * must outlive the checker. */
wr_checker *wr_checker_new(const wr_program *prog, const wr_checker_opts *o, char *err, size_t errsize);
/* The other side's name in messages: wr_checker_opts.side, or "RTL". */
const char *wr_checker_side_name(const wr_checker *c);
void wr_checker_free(wr_checker *c);

enum { WR_CHK_OK = 0, WR_CHK_MISMATCH = 1, WR_CHK_ERROR = -1 };

/* One instruction the other side retired at `cycle` (its issue time): its
 * record with the state after, writes and events, and the operands it read
 * in other->in / other->reads (reads 0: not reported; else compared with
 * the model's read set, field `reads`; in operand-driven mode an operand
 * the instruction reads and the record lacks reads as 0).  The warp must be one
 * the model considers ready.  WR_CHK_OK, WR_CHK_MISMATCH or WR_CHK_ERROR (the
 * model itself failed: a broken invariant). */
int wr_checker_retire(wr_checker *c, uint64_t cycle, const wr_retire *other);
/* The other side could not fetch for warp w at pc (why: wr_fetch_fault). */
int wr_checker_fetch_fault(wr_checker *c, uint64_t cycle, unsigned w, uint64_t pc, unsigned why);
/* Warp w's sleep deadline fired at `cycle` (no instruction caused it);
 * woke: the other side says it woke the warp (asleep -> ready: 1) or only
 * cleared its SleepMask (0), compared with the model; -1: not reported.
 * A deadline due more than wake_late cycles before a record with no wake
 * reported is a mismatch at that record (N-23). */
int wr_checker_wake(wr_checker *c, uint64_t cycle, unsigned w, int woke);

/* The other side's end: how its run ended at `cycle` (`end`, wr_end) and
 * its end state: every warp, its registers R0..R(nregs-1)
 * (regs[(w * nregs + r) * 32 + lane]) and predicates (preds[w * 7 + p], lane
 * masks), the barrier words.  The model must end the same way at that point
 * (the field `end`, docs/lockstep.md): `done` only when every model warp
 * exited or trapped; `deadlock` only when no model warp can run (none ready,
 * none asleep with a deadline to come); `exception` only when a model warp
 * faulted; `limit` only while the model could go on, `livelock` too and
 * only when the model's own run of the program ends livelock (N-55); else a
 * mismatch naming the model's warps that can run and their pcs.  `cycle` is
 * the model's time after its last step (the field `t`: a trace's final `t`).
 * The state is compared under the compare controls (`run`, `active_pc`, the
 * masks, `b`, `write.gpr`, `write.pred`, `write.barrier`).  Registers
 * beyond what the model keeps are not compared; the model's undefined lanes
 * are skipped; in operand-driven mode the model keeps no registers and
 * compares none.  A run that compared no instruction fails here.  WR_CHK_OK
 * or WR_CHK_MISMATCH. */
int wr_checker_final(wr_checker *c, uint64_t cycle, unsigned end, const wr_warp *warps, unsigned nwarps,
                     const uint32_t *regs, unsigned nregs, const uint32_t *preds,
                     const uint32_t *bar_words, unsigned nbars);
/* The other side's undefined-lane marks at the end (SPEC-NOTES section 5),
 * after wr_checker_final: regs_undef[w * nregs + r] the lanes of Rr of warp
 * w it holds undefined, preds_undef[w * 7 + p] those of Pp (either NULL:
 * not reported).  A lane it calls undefined where the model's value is
 * defined fails ("final: warp 0 R3 lanes 0x00000010: undefined in the
 * other, defined in the model ..."); the reverse is allowed.  Registers
 * beyond what the model keeps are not compared, nor anything in
 * operand-driven mode; the controls of write.gpr and write.pred turn them
 * off.  WR_CHK_OK or WR_CHK_MISMATCH. */
int wr_checker_final_undef(wr_checker *c, uint64_t cycle, const uint32_t *regs_undef, unsigned nregs,
                           const uint32_t *preds_undef);

/* A failure the driver found itself, not in a record: a hang (no retire
 * while the model has a ready warp), a timeout.  Counted and kept like a
 * mismatch (the dump, wr_checker_first_failure); `line` starts with the
 * field it names ("hang: ...") and may end in the rule ("[N-50]").
 * Returns WR_CHK_MISMATCH. */
int wr_checker_report(wr_checker *c, uint64_t cycle, const char *line);

/* Fire every sleep deadline due at or before `cycle` (N-23: a deadline set
 * at t is due at max(deadline, t + 1)), each at the cycle it is due, as
 * wr_checker_wake does: for a driver whose input leaves deadline firing
 * implicit (a trace).  WR_CHK_OK, or what a wake returned. */
int wr_checker_wake_due(wr_checker *c, uint64_t cycle);

/* Change the compare controls from the next record on (a replay's window).
 * In operand-driven mode the operand fields stay off. */
void wr_checker_set_ctl(wr_checker *c, const wr_compare_ctl *ctl);

/* The warps the model has ready (bit per warp): those that could issue. */
uint32_t wr_checker_ready(const wr_checker *c);

/* Over one clock edge of a running design its time went from `from` to
 * `to`, not by exactly time_step (a driver with time_step 0 never calls).
 * Back (to < from) fails at once; under WR_TIME_CYCLES so does any other
 * step after the first record.  More than time_step ahead is a leap, legal
 * only as N-50's jump: the model has no warp ready and `to` is no later
 * than the earliest asleep warp's deadline is due (N-23, wake_late after
 * it).  A leap is judged when the records issued before it are in: at the
 * first event dated `to` or later (a retire, a wake, a fetch fault) or at
 * the end (wr_checker_final).  WR_CHK_OK or WR_CHK_MISMATCH (field `t`). */
int wr_checker_clock(wr_checker *c, uint64_t from, uint64_t to);
/* The time options of a lockstep driver, after wr_checker_new: the claim
 * (WR_TIME_N50: WR_TIME_ORDER's checks and the field `t` on, so every
 * record's t is N-50's, and the end's where the design ended by itself:
 * told_stop) and the step. */
void wr_checker_set_time(wr_checker *c, unsigned claim, uint64_t step);

/* The time of the model's next scheduler turn from `now` on (N-50): `now`
 * when a warp is ready or a sleep deadline is due by then, else the time
 * the earliest deadline is due (N-23); `now` when none is pending.  For a
 * replay that checks a trace's `t` (docs/replay.md). */
uint64_t wr_checker_turn_time(const wr_checker *c, uint64_t now);

/* How the checked program ends under the model's own scheduler (a
 * standalone run, N-50, with its livelock detection, N-55, and at most
 * max_steps steps; 0: WR_DEFAULT_MAX_STEPS), for a driver whose run was
 * stopped by its own limit: "livelock" names the spec hazard it met
 * (SPEC-NOTES section 9).  The end's name (wr_end_name), or "error" when
 * the run cannot be made or the options gave no own_end.  Independent of
 * the checker's state: it asks wr_checker_opts.own_end. */
const char *wr_checker_own_end(const wr_checker *c, uint64_t max_steps);

/* What the checker keeps of a run for its dump (dump.h): each warp's and
 * the CTA's last WR_CHECKER_HIST records, every failing check's line. */
enum { WR_CHECKER_HIST = 32, WR_CHECKER_MESSAGES = 8192 };

/* A warp after a step as one side has it: ActivePC and four masks. */
typedef struct wr_checker_side {
    uint64_t pc;
    uint32_t valid, active, yield, sleep;
} wr_checker_side;

/* The checker's counters: X(NAME, member, which, doc).  `which` is
 * warpref_dpi_count's argument, dpi/warpref_pkg.sv's COUNT_NAME (generated:
 * `warpref encoding --sv-dpi`); one list gives the struct, the enum and both. */
#define WR_CHECKER_COUNTS(X)                                                        \
    X(RETIRED,    retired,    0, "records reported by the other side")             \
    X(COMPARED,   compared,   1, "records checked by the model")                   \
    X(MISMATCHED, mismatched, 2, "failing checks")                                 \
    X(WAKES,      wakes,      3, "asynchronous wakes applied")                     \
    X(ADOPTED,    adopted,    4, "register lanes the model's step left undefined and the other side " \
                                 "defined: the model took the other's value (SPEC-NOTES section 5: allowed, counted)")

typedef struct wr_checker_counts {
#define WR_X_(name, member, which, doc) uint64_t member;
    WR_CHECKER_COUNTS(WR_X_)
#undef WR_X_
} wr_checker_counts;

enum {
#define WR_X_(name, member, which, doc) WR_COUNT_##name = which,
    WR_CHECKER_COUNTS(WR_X_)
#undef WR_X_
};

void wr_checker_get_counts(const wr_checker *c, wr_checker_counts *out);
int wr_checker_stopped(const wr_checker *c);       /* max_mismatches reached */
int wr_checker_end_checked(const wr_checker *c);   /* wr_checker_final compared the end */
/* The warps the other side has woken whose next record is to say `wake`
 * (bit per warp), compared with the model's (the field `wake`, N-23). */
int wr_checker_woke(wr_checker *c, uint64_t cycle, uint32_t woke);
int wr_checker_failed(const wr_checker *c);        /* any mismatch or error */
/* Every mismatch and error so far, one line each ("" if none). */
const char *wr_checker_messages(const wr_checker *c);
/* The first failure in one line ("" if none): field, warp, pc, rule. */
const char *wr_checker_summary(const wr_checker *c);
/* The first failure, for tools: field name, rule, warp, pc (field NULL if none). */
typedef struct wr_checker_fail {
    const char *field;
    const char *rule;
    unsigned warp;
    uint64_t pc, cycle;
} wr_checker_fail;
void wr_checker_first_failure(const wr_checker *c, wr_checker_fail *out);

const wr_cta *wr_checker_cta(const wr_checker *c);

/* The hits of the semantic paths (paths.h) of every step the model took so
 * far (coverage: the testbench's result file, scripts/regress). */
const wr_coverage *wr_checker_coverage(const wr_checker *c);

/* The model's record of the last wr_checker_retire or wr_checker_fetch_fault
 * if the model stepped it (matching or not), else NULL; its `why` holds the
 * paths, ActivePC and ActiveMask after (wr_explain_step).  Valid until the
 * next call. */
const wr_retire *wr_checker_last_step(wr_checker *c);


/* Write the constants of the DPI package (dpi/warpref_pkg_consts.svh, which
 * dpi/warpref_pkg.sv includes), generated from the enums the C side of the
 * DPI reads: the operand modes, the `reads` bits (WR_IN_BITS), the retire
 * port's event bits (WR_PORT_EVENTS), the run states, the fetch faults.
 * Deterministic (`warpref encoding --sv-dpi`).  0, or -1 on a write error. */
int wr_checker_write_sv_consts(FILE *out);

#ifdef __cplusplus
}
#endif
#endif
