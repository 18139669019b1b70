/* warpref/model.h - the transaction-level step of the native BCU and BRU.
 *
 * One call, wr_step(), takes a warp of a CTA, a decoded instruction and the
 * values of the operands it reads, updates the CTA in place and returns the
 * retire record (retire.h): the warp's state after, every write (with its
 * don't-care bits) and the events.  Every driver (standalone runner, DPI,
 * SystemC target, trace replay) calls it; none re-implements semantics.
 *
 * Operand values come from one of two places (docs/architecture.md):
 *   self-contained  wr_regfile_read() fills wr_operands from the model's own
 *                   registers, wr_regfile_apply() stores the record's writes;
 *   operand-driven  the caller fills wr_operands with the values the RTL read.
 *
 * Rule IDs (N-xx) refer to SPEC-NOTES.md; docs/semantics.md maps each to code.
 */
#ifndef WARPREF_MODEL_H
#define WARPREF_MODEL_H

#include "isa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Architectural sizes, and the capacities of the state and the step's
 * record.  How many barriers a CTA has and how many events a step may
 * report come from its launch configuration (wr_config), within these. */
enum {
    WR_LANES = 32,
    WR_MAX_WARPS = 32,           /* 1024 threads */
    WR_MAX_THREADS = 1024,
    WR_MAX_BARRIERS = 32,        /* storage; a profile uses cta->nbars of them */
    WR_NUM_BREGS = 16,
    WR_NUM_PREDS = 7,            /* P0..P6; PT is index 7 */
    WR_NUM_UREGS = 63,           /* UR0..UR62; URZ is index 63 */
    WR_MAX_EVENTS = WR_MAX_BARRIERS + 8   /* an exit can release every barrier (N-33) */
};

#define WR_NO_DEADLINE UINT64_MAX

/* Run states of a warp: X(NAME, "trace spelling", doc).  One list gives the
 * enum and wr_run_state_name(). */
#define WR_RUN_STATES(X)                                                          \
    X(READY,   "ready",   "may issue")                                            \
    X(BLOCKED, "blocked", "waiting on barrier blocked_bar (N-35)")               \
    X(ASLEEP,  "asleep",  "whole warp asleep until its deadline (N-23)")         \
    X(EXITED,  "exited",  "ValidMask == 0 (N-18)")                               \
    X(TRAPPED, "trapped", "TRAP/SYSCALL/RTT executed (N-26)")                    \
    X(FAULTED, "faulted", "took an architectural exception (N-37) or a fetch fault (N-27)")

typedef enum wr_run_state {
#define WR_X_(name, text, doc) WR_WARP_##name,
    WR_RUN_STATES(WR_X_)
#undef WR_X_
    WR_WARP_STATE_COUNT
} wr_run_state;

/* One warp (SPEC-NOTES section 2).  Plain data: snapshot = memcpy. */
typedef struct wr_warp {
    uint64_t active_pc;          /* ActivePC */
    uint32_t valid;              /* ValidMask */
    uint32_t active;             /* ActiveMask, subset of valid */
    uint32_t yield;              /* YieldMask (raw: exited lanes not cleared) */
    uint32_t sleep;              /* SleepMask */
    uint32_t swtch;              /* SwitchMask */
    uint32_t bar_state;          /* WarpBARState (N-34, N-38) */
    uint8_t bar_state_defined;   /* WarpBARState holds a defined value (N-39) */
    uint8_t run;                 /* wr_run_state */
    uint8_t blocked_bar;         /* barrier waited on when run == BLOCKED */
    uint8_t pad_;                /* zero */
    uint32_t breg[WR_NUM_BREGS]; /* B0..B15 */
    uint64_t rpc[WR_LANES];      /* RPC per lane */
} wr_warp;

/* One barrier of the CTA. */
typedef struct wr_barrier {
    uint32_t word;               /* state word, layout N-38 (WR_BAR_* below) */
    uint32_t blocked;            /* warps blocked on it, bit per warp */
    uint32_t arrived;            /* warps that arrived in the current phase */
} wr_barrier;

/* State word fields (N-38). */
enum {
    WR_BAR_ARRIVED_SHIFT = 0,  WR_BAR_ARRIVED_MASK = 0x3f,
    WR_BAR_EXPECT_SHIFT = 6,   WR_BAR_EXPECT_MASK = 0x7f,
    WR_BAR_MODE_SHIFT = 13,    WR_BAR_MODE_MASK = 0x3,
    WR_BAR_OP_SHIFT = 15,      WR_BAR_OP_MASK = 0x3,
    WR_BAR_ACC_SHIFT = 17,     WR_BAR_ACC_MASK = 0x7ff,
    WR_BAR_DEFINED_BIT = 28,
    WR_BAR_WORD_MASK = 0x1fffffff
};
enum { WR_BARMODE_IDLE = 0, WR_BARMODE_SYNC = 1, WR_BARMODE_RED = 2, WR_BARMODE_RESERVED = 3 };
enum { WR_REDOP_AND = 0, WR_REDOP_OR = 1, WR_REDOP_POPC = 2 };

/* The barrier profiles (SPEC-NOTES section 8), WR_PROFILES, are in isa.h. */

/* Where a driver takes operand values from (docs/architecture.md):
 * X(NAME, "spelling", doc).  The step reads wr_operands the same way in both;
 * the mode tells drivers and reports which it is. */
#define WR_OPERAND_MODES(X)                                                       \
    X(SELF,   "self",   "the model's own registers: wr_regfile_read/apply")      \
    X(DRIVEN, "driven", "values read by the RTL, trusted (replay, lockstep in a full GPU)")

typedef enum wr_operand_mode {
#define WR_X_(name, text, doc) WR_OPERANDS_##name,
    WR_OPERAND_MODES(WR_X_)
#undef WR_X_
    WR_OPERAND_MODE_COUNT
} wr_operand_mode;

/* Model invariant checks after every step (wr_check_invariants). */
enum {
    WR_CHECKS_DEFAULT,           /* on in builds without NDEBUG, off in release */
    WR_CHECKS_ON,
    WR_CHECKS_OFF
};

/* A launch configuration.  wr_config_init() fills the defaults; a driver
 * changes what it needs and passes it to wr_cta_init(). */
typedef struct wr_config {
    unsigned threads;            /* 1..1024 (N-53) */
    uint64_t entry_pc;           /* every warp starts here (N-04) */
    unsigned profile;            /* wr_profile */
    unsigned operand_mode;       /* wr_operand_mode */
    unsigned nbarriers;          /* 0: the profile's (native: 16) */
    unsigned max_events;         /* events one step may report; 0: what the
                                    profile can produce, 1..WR_MAX_EVENTS */
    unsigned checks;             /* WR_CHECKS_* */
    unsigned record_state;       /* fill the record's instruction word and state
                                    after (default 1; a driver that reads
                                    neither, like an untraced run, saves the copy) */
    unsigned trap_mode;          /* sass only (S-13): every warp in trap mode for
                                    the whole run (`--trap-mode`); default 0 */
    unsigned record_paths;       /* fill the record's semantic paths, `why`
                                    (paths.h; default 1; a driver that neither
                                    explains nor counts them, like a plain run,
                                    saves the stores) */
} wr_config;

void wr_config_init(wr_config *cfg, unsigned threads);

struct wr_bar_engine;            /* the profile's barrier engine (internal) */

/* What the profiles (SPEC-NOTES section 8) keep beyond the native warp and
 * barrier state; all zero under the native profile.  Part of the CTA's
 * architectural state (N-55 compares it). */
typedef struct wr_pwarp {
    uint8_t trap_mode;           /* sass S-13: the warp is in trap mode */
    uint8_t unread;              /* sass S-05, S-12: its result is not read yet */
    uint16_t pad_;               /* zero */
    uint32_t gathered;           /* ptx P-10: lanes recorded at a non-aligned barrier
                                    instruction, waiting for the rest of the warp */
    uint32_t deliver;            /* ptx P-11: lanes waiting for a reduction result */
    uint32_t lane[WR_LANES];     /* ptx: the record of each lane of `gathered` or
                                    `deliver` (layout in bcu_ptx.c) */
} wr_pwarp;

typedef struct wr_pstate {
    wr_pwarp warp[WR_MAX_WARPS];
    uint32_t bar_aux[WR_MAX_BARRIERS];   /* visa V-06, V-08: warps whose wait completed */
} wr_pstate;

/* The CTA.  The launch configuration first (constant during a run), then the
 * architectural state: the barriers, the warps (up to `warp[nwarps-1]`) and
 * the profile state are compared for livelock detection (N-55); then the
 * bookkeeping that depends on time, and the last error. */
typedef struct wr_cta {
    /* ---- launch configuration (wr_cta_init) ---- */
    uint32_t threads;            /* 1..1024 */
    uint32_t nwarps;             /* ceil(threads / 32) */
    uint32_t nbars;              /* barriers of the profile, <= WR_MAX_BARRIERS */
    uint32_t bar_id_mask;        /* the bits of a barrier id (native: [3:0], N-30) */
    uint32_t max_events;         /* event capacity of one step */
    uint8_t profile;             /* wr_profile */
    uint8_t operand_mode;        /* wr_operand_mode */
    uint8_t checks;              /* invariants checked after every step */
    uint8_t record_state;        /* wr_config.record_state */
    uint8_t trap_mode;           /* wr_config.trap_mode (sass S-13) */
    uint16_t form_optypes[WR_FORM_COUNT]; /* per form: its optype if of the profile (G-01),
                                    else a value no optype has */
    uint8_t record_paths;        /* wr_config.record_paths */
    const struct wr_bar_engine *engine;
    /* ---- architectural state ---- */
    wr_barrier bar[WR_MAX_BARRIERS];
    wr_warp warp[WR_MAX_WARPS];
    wr_pstate ps;                /* the profile's own (zero under native) */
    /* ---- time-dependent, not compared ---- */
    uint64_t now;                /* issue time of the instruction being stepped */
    uint64_t deadline[WR_MAX_WARPS]; /* sleep deadline, WR_NO_DEADLINE if none */
    uint32_t wake_pending;       /* warps whose deadline fired while asleep: their
                                    next record says `wake` (wr_retire.book) */
    /* ---- the last failed call (wr_cta_error) ---- */
    uint32_t err;                /* wr_error of the last call that failed */
    char errmsg[160];
} wr_cta;

/* Errors of the library's calls, as values: X(NAME, doc).  A call that
 * fails returns -1 and leaves its code and a one-line message in the CTA
 * (wr_cta_error, wr_cta_errmsg) until the next failure.  Nothing in the
 * library aborts or prints. */
#define WR_ERRORS(X)                                                              \
    X(NONE,      "no error")                                                      \
    X(CONFIG,    "a launch configuration out of range")                           \
    X(CALL,      "an invalid call: warp out of range or not ready, an instruction not of the table") \
    X(EVENTS,    "a step had more events than the configured capacity")           \
    X(INVARIANT, "a model invariant broke after a step")                          \
    X(WRITES,    "a step had more writes than the record holds")

typedef enum wr_error {
#define WR_X_(name, doc) WR_ERR_##name,
    WR_ERRORS(WR_X_)
#undef WR_X_
    WR_ERR_COUNT
} wr_error;

unsigned wr_cta_error(const wr_cta *cta);         /* wr_error */
const char *wr_cta_errmsg(const wr_cta *cta);     /* "" if none */
const char *wr_error_name(unsigned err);          /* "EVENTS" */
const char *wr_operand_mode_name(unsigned mode);  /* "self" */

/* Operand values as read, for one instruction (TRACE-FORMAT `in`).
 * Values of operands the form does not read are ignored.  PT, RZ and URZ
 * are constants: the step never looks at the value given for them. */
typedef struct wr_operands {
    uint32_t pg;                 /* per-lane Pg value before .not */
    uint32_t pp;                 /* per-lane Pp value before .not */
    uint64_t ra[WR_LANES];       /* GPR a per lane (pairs: low | high << 32) */
    uint64_t rb[WR_LANES];
    uint64_t rc[WR_LANES];
    uint64_t ur;                 /* uniform register (pairs: 64-bit) */
    uint64_t c;                  /* constant operand (CALL/RET: 64-bit) */
    uint32_t ra_undef, rb_undef, rc_undef; /* lanes whose value is undefined (section 5) */
    uint32_t re_undef;
    uint64_t re[WR_LANES];       /* GPR e: the fourth slot (visa's four-register signal, V-01) */
} wr_operands;

/* The value of predicate `p` given its lanes `v`: PT is true in every lane,
 * whatever v holds (SPEC-NOTES section 1). */
static inline uint32_t wr_pred_value(unsigned p, uint32_t v)
{
    return p == WR_PT ? 0xffffffffu : v;
}

/* Which operands an instruction reads (wr_insn_reads): X(NAME, bit, doc).
 * One list gives the WR_IN_* bits and dpi/warpref_pkg.sv's IN_* constants
 * (`warpref encoding --sv-dpi`). */
#define WR_IN_BITS(X)                                                             \
    X(PG,   0,  "Pg")                                                             \
    X(PP,   1,  "Pp")                                                             \
    X(RA,   2,  "GPR a")                                                          \
    X(RB,   3,  "GPR b")                                                          \
    X(RC,   4,  "GPR c")                                                          \
    X(UR,   5,  "the uniform register")                                           \
    X(C,    6,  "the constant operand")                                           \
    X(RA64, 7,  "RA is a 64-bit pair")                                            \
    X(UR64, 8,  "UR is a 64-bit pair")                                            \
    X(C64,  9,  "C is a 64-bit constant")                                         \
    X(RE,   10, "GPR e (RE: visa's NBARRIER.signal with four registers)")

enum {
#define WR_X_(name, bit, doc) WR_IN_##name = 1u << (bit),
    WR_IN_BITS(WR_X_)
#undef WR_X_
    WR_IN_OPERANDS = WR_IN_PG | WR_IN_PP | WR_IN_RA | WR_IN_RB | WR_IN_RC | WR_IN_UR | WR_IN_C | WR_IN_RE
                                 /* the operands, without the width bits */
};
unsigned wr_insn_reads(const wr_insn *insn);

/* Events of a step, in TRACE-FORMAT order: X(NAME, "trace spelling", doc).
 * One list gives the enum and wr_event_name().  (The trace's `wake` is
 * bookkeeping, not an event: wr_retire.book.wake.) */
#define WR_EVENTS(X)                                                              \
    X(WARNING,   "warning",   "code: wr_warning")                                 \
    X(EXCEPTION, "exception", "code: wr_exception; nothing follows")              \
    X(BLOCK,     "block",     "code: barrier; the warp waits (N-35)")             \
    X(ARRIVE,    "arrive",    "code: barrier; arrived without waiting")           \
    X(RELEASE,   "release",   "code: barrier; value: warps woken (N-34)")         \
    X(EXIT,      "exit",      "the warp fully exited (N-18)")                     \
    X(SLEEP,     "sleep",     "the whole warp went to sleep (N-23)")              \
    X(TRAP,      "trap",      "value: trap index (N-26)")                         \
    X(SYSCALL,   "syscall",   "(N-26)")                                           \
    X(RTT,       "rtt",       "(N-26)")

typedef enum wr_event_kind {
#define WR_X_(name, text, doc) WR_EV_##name,
    WR_EVENTS(WR_X_)
#undef WR_X_
    WR_EV_COUNT
} wr_event_kind;

/* Architectural exceptions (N-37): X(NAME, doc).  The name is the trace's
 * `exception:NAME`.  Adding one is one row. */
#define WR_EXCEPTIONS(X)                                                          \
    X(NONE,                    "no exception")                                    \
    X(BAR_CNT_ALIGN,           "cnt not a multiple of 32")                        \
    X(BAR_ARV_ZERO_CNT,        "BAR.ARV with cnt 0")                              \
    X(BAR_MODE_MISMATCH,       "RED mixed with SYNC/ARV, or another op, in one phase") \
    X(BAR_PARAM_MISMATCH,      "cnt differs from the phase's expected count")     \
    X(ILLEGAL_ENCODING,        "a word the decoder does not know")                \
    X(WARPSYNC_NOT_MEMBER,     "an arrived lane outside its own membermask (N-25)") \
    X(WARPSYNC_GROUP_MISMATCH, "two arrived lanes disagree on their group (N-25)") \
    X(ILLEGAL_INSTR_ENCODING,  "sass: BAR.SYNCALL outside trap mode (S-06)")     \
    X(UNPREDICTABLE,           "sass: BAR.SYNC/ARV/RED in trap mode (S-07)")     \
    X(ALIGNED_DIVERGENT,       "ptx: an .aligned barrier in a divergent warp (P-04, P-09)") \
    X(NBAR_WAIT_NOT_CONSUMER,  "visa: a wait by a warp that is not a waiting consumer of the phase (V-08)")

typedef enum wr_exception {
#define WR_X_(name, doc) WR_EXC_##name,
    WR_EXCEPTIONS(WR_X_)
#undef WR_X_
    WR_EXC_COUNT
} wr_exception;

/* Warnings (N-30, N-37): X(NAME, doc); `warning:NAME` in the trace. */
#define WR_WARNINGS(X)                                                            \
    X(NONE,                "no warning")                                          \
    X(OPERAND_NOT_UNIFORM, "pmask lanes disagree on a barrier operand (N-30, G-02)") \
    X(RESULT_NOT_READ,     "sass: a barrier instruction while the warp's result is unread (S-05, S-12)")

typedef enum wr_warning {
#define WR_X_(name, doc) WR_WARN_##name,
    WR_WARNINGS(WR_X_)
#undef WR_X_
    WR_WARN_COUNT
} wr_warning;

typedef struct wr_event {
    uint8_t kind;                /* wr_event_kind */
    uint8_t code;                /* barrier (BLOCK/ARRIVE/RELEASE), wr_warning, wr_exception */
    uint32_t value;              /* RELEASE: warps woken (bit per warp); TRAP: index */
} wr_event;

struct wr_retire;                /* the record of one step: retire.h */

/* Launch state (N-04): every warp ready at cfg->entry_pc with ValidMask
 * covering its threads; barriers idle; no deadlines; now = 0.  0, or -1
 * (WR_ERR_CONFIG) with the CTA unusable. */
int wr_cta_init(wr_cta *cta, const wr_config *cfg);

/* Execute insn for warp w at time cta->now.  The warp must be READY.
 * Returns 0, or -1 with wr_cta_error(): WR_ERR_CALL (warp out of range or
 * not ready, an instruction whose optype is not its form's; nothing
 * changed), WR_ERR_EVENTS (more events than cfg.max_events: the step is
 * done, its events are cut at the capacity), WR_ERR_INVARIANT (with checks
 * on: the state after the step breaks a model invariant).  Architectural
 * exceptions are not errors: they are reported in rec->exception and leave
 * everything but the warp's run state unchanged (N-37).  The record is
 * filled in every case but WR_ERR_CALL.  No allocation, no printing. */
int wr_step(wr_cta *cta, unsigned w, const wr_insn *insn,
            const wr_operands *ops, struct wr_retire *rec);

/* Decode then step; an undecodable word raises ILLEGAL_ENCODING (N-37). */
int wr_step_word(wr_cta *cta, unsigned w, const wr_word *word,
                 const wr_operands *ops, struct wr_retire *rec);

/* Sleep deadlines (N-23), for the standalone scheduler: fire every
 * deadline <= cta->now, each as wr_wake() does.  Returns the warps that
 * woke from ASLEEP (bit per warp). */
uint32_t wr_fire_deadlines(wr_cta *cta);

/* N-23 applied explicitly, for a driver that follows another's timing (a
 * lockstep checker waking the warp when the RTL does): warp w's timer fires
 * at time `cycle` (cta->now becomes cycle): its SleepMask is cleared whole,
 * its deadline dropped, and if it was asleep it becomes ready with `wake`
 * pending for its next record.  0, or -1 (WR_ERR_CALL) if w is out of range
 * or has no sleep deadline. */
int wr_wake(wr_cta *cta, unsigned w, uint64_t cycle);

/* Earliest pending deadline among asleep warps, WR_NO_DEADLINE if none. */
uint64_t wr_next_deadline(const wr_cta *cta);

/* Model invariants (ActiveMask within ValidMask, a non-empty ActiveMask for a
 * live ready warp, barrier bookkeeping...).  0 if they hold, else -1 with a
 * one-line description.  wr_step checks them after every step when the
 * configuration asks for it (by default in builds without NDEBUG) and
 * returns WR_ERR_INVARIANT. */
int wr_check_invariants(const wr_cta *cta, char *msg, size_t msgsize);

const char *wr_exception_name(unsigned exc);   /* "BAR_CNT_ALIGN" */
const char *wr_warning_name(unsigned warn);    /* "OPERAND_NOT_UNIFORM" */
const char *wr_run_state_name(unsigned run);   /* "ready", "exited", ... */
const char *wr_event_name(unsigned kind);      /* "release", "exception", ... */

/* ---- self-contained operands: the model's own registers ---------------- */

typedef struct wr_regfile {
    unsigned nwarps;
    unsigned nregs;              /* GPRs R0..R(nregs-1) stored; others read 0 */
    uint32_t *r;                 /* [warp][reg][lane] */
    uint32_t *r_undef;           /* [warp][reg]: lanes holding undefined values */
    uint32_t p[WR_MAX_WARPS][WR_NUM_PREDS];       /* lane masks */
    uint32_t p_undef[WR_MAX_WARPS][WR_NUM_PREDS];
    uint32_t ur[WR_MAX_WARPS][WR_NUM_UREGS];
    uint32_t *cmem[WR_CONST_BANKS];  /* NULL: bank reads 0 */
} wr_regfile;

/* The layout: register `reg` of warp `w` is slot wr_regfile_slot(); its
 * lanes are r[slot * 32 + lane], its undefined lanes r_undef[slot]. */
static inline size_t wr_regfile_slot(const wr_regfile *rf, unsigned w, unsigned reg)
{
    return (size_t)w * rf->nregs + reg;
}

int wr_regfile_init(wr_regfile *rf, unsigned nwarps, unsigned nregs);
void wr_regfile_free(wr_regfile *rf);
int wr_regfile_copy(wr_regfile *dst, const wr_regfile *src); /* dst uninitialised */
int wr_regfile_const(wr_regfile *rf, unsigned bank, unsigned offset, uint32_t value);
uint32_t wr_regfile_const_read(const wr_regfile *rf, unsigned bank, unsigned offset);
void wr_regfile_read(const wr_regfile *rf, unsigned w, const wr_insn *insn, wr_operands *ops);
/* Store the GPR, predicate and uniform-register writes of a record, with
 * their undefined lanes (a lane with any don't-care bit). */
void wr_regfile_apply(wr_regfile *rf, const struct wr_retire *rec);

#ifdef __cplusplus
}
#endif
#endif
