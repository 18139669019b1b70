/* checker_priv.h - internal: the checker's state (struct wr_checker), for
 * checker.c, which keeps it, and dump.c, whose wr_dump_build reads it. */
#ifndef WARPREF_CHECKER_PRIV_H
#define WARPREF_CHECKER_PRIV_H

#include <stddef.h>

#include "warpref/checker.h"

enum { HIST = WR_CHECKER_HIST, MSGS = WR_CHECKER_MESSAGES };

/* a warp's state after a step, as one side has it (the dump's lane x time
 * picture): the first fields of a wr_warp, in its order (one copy) */
typedef wr_checker_side hist_side;
_Static_assert(offsetof(wr_warp, active_pc) == offsetof(hist_side, pc) &&
               offsetof(wr_warp, valid) == offsetof(hist_side, valid) &&
               offsetof(wr_warp, active) == offsetof(hist_side, active) &&
               offsetof(wr_warp, yield) == offsetof(hist_side, yield) &&
               offsetof(wr_warp, sleep) == offsetof(hist_side, sleep) && sizeof(hist_side) == 24,
               "a hist_side is the head of a wr_warp");

enum { KNOWN_MODEL = 1, KNOWN_OTHER = 2 };

typedef struct hist {
    uint64_t cycle, pc;
    wr_word insn;
    hist_side model, other;      /* the warp after the step: the model's, the other side's */
    uint32_t warp;
    uint8_t exception;
    uint8_t fetch_fault;
    uint8_t known;               /* KNOWN_*: the sides that gave their state */
    uint8_t stepped;             /* the model stepped it: warp_why holds its paths */
} hist;

struct wr_checker {
    const wr_program *prog;
    wr_checker_opts o;
    wr_compare_plan plan;        /* o.ctl compiled for wr_compare_same */
    wr_cta cta;
    wr_regfile rf;               /* self-contained: the model's registers; operand-driven
                                    replay (raw): the shadow of the trace's writes */
    /* raw (operand-driven, trace_writes): the read-after-write check.  The
     * lanes of rf written by a record of the trace (known), and when */
    int raw;
    unsigned raw_fields;         /* the WR_IN_* operands whose in.* field is enabled */
    uint32_t *r_known;           /* [warp][reg] */
    struct lane_t *r_t;          /* [warp][reg]: the writers' times */
    uint32_t p_known[WR_MAX_WARPS][WR_NUM_PREDS];
    struct lane_t { uint64_t all; uint32_t part; uint64_t lane[WR_LANES]; } p_t[WR_MAX_WARPS][WR_NUM_PREDS];
    uint64_t ur_known[WR_MAX_WARPS];
    uint64_t ur_t[WR_MAX_WARPS][WR_NUM_UREGS];
    wr_checker_counts n;
    int stopped, error;
    /* the first failure */
    int have_fail;
    int fail_driver;             /* the first failure is the driver's (wr_checker_report) */
    uint64_t fail_cycle;
    wr_retire fail_model, fail_other;
    wr_compare_report fail_rep;
    char fail_line[320];
    wr_warp fail_before;         /* the failing warp at issue */
    /* history: each warp's last HIST records, with the paths the model took
     * (warp_why[w][k] goes with warp_hist[w][k]; row WR_MAX_WARPS: records
     * of warps no CTA has), and the CTA's last HIST records as where they
     * are in those rows (cta_hist[i] = warp * HIST + k): a record among the
     * CTA's last HIST is among its warp's last HIST, so one copy of each */
    hist warp_hist[WR_MAX_WARPS + 1][HIST];
    wr_why warp_why[WR_MAX_WARPS][HIST];
    uint64_t warp_hn[WR_MAX_WARPS + 1];
    uint16_t cta_hist[HIST];
    uint64_t cta_hn;
    wr_coverage cov;             /* the paths of the model's steps */
    const wr_retire *last_step;  /* the model's record of the last retire, if it stepped */
    /* messages, one per line */
    char msgs[MSGS];
    size_t msglen;
    wr_retire scratch;
    wr_retire cmp;               /* trace_writes: scratch without what a trace cannot show */
    wr_retire unmarked;          /* trace_writes, operand-driven: the other's record with
                                    the model's don't-care marks on its writes */
    wr_warp before;              /* the retiring warp at issue (up to its B registers) */
    uint64_t next_due;           /* no sleep deadline is due before this cycle */
    /* the time each warp's sleep deadline was set: it fires at the start of a
     * later turn (N-23), so it is due at max(deadline, set + 1) */
    uint64_t deadline_set[WR_MAX_WARPS];
    /* N-50: a deadline of a warp that is not asleep, passed over by a time
     * jump (no warp ready), is due no earlier than the jump's end (0: none) */
    uint64_t due_floor[WR_MAX_WARPS];
    uint64_t late_at;            /* no deadline is overdue (wake_late) before this cycle */
    uint32_t late_told;          /* warps whose overdue deadline was reported */
    uint64_t end_t;              /* the model's time after its last step (the final t) */
    uint64_t wake_t;             /* the time of the last wake */
    uint64_t retire_t;           /* the time of the last retire or fetch fault (N-50: never
                                    later than the next one's) */
    int end_checked;             /* wr_checker_final compared the end */
    /* the other side's clock (wr_checker_clock): a leap not yet judged */
    int leap;
    uint64_t leap_from, leap_to;
    uint64_t t_next;             /* N-50 (the field t): the model's time of its next turn */
    unsigned turn_ptr;           /* N-50 (the field t): the scheduler's pointer, the warp after
                                    the last one that took a turn */
    uint64_t woke_at[WR_MAX_WARPS];   /* each warp's last wake (a ready warp woken after a
                                         turn was asleep at it) */
    int faulted;                 /* a fetch fault ended the run (N-27): its time is the end's */
};

/* w at pc disassembled into buf, or "(illegal encoding)"; returns buf */
const char *wr_checker_disasm_at(const wr_word *w, uint64_t pc, char *buf, size_t size);

#endif
