/* warpref/compare.h - one compare of two retire records: the model's and
 * another's (an RTL's retire port, a trace being replayed, a second model).
 *
 *   wr_compare(model, other, controls) -> report
 *
 * The compared fields are one X-macro table, WR_RETIRE_FIELDS: each row
 * names the field, says how it is compared and which rule governs it.  The
 * controls are data (RVVI-style): a per-field enable and bit mask (bits
 * outside the mask are volatile: not compared).  Built into the ways of
 * comparing: RPC only for the valid, non-active lanes of the model's warp;
 * WarpBARState only when the model's is defined (N-39); the barrier waited
 * on only when the model's warp is blocked; writes matched by (warp,
 * index) and compared in their common lanes with the model's don't-care
 * bits skipped (SPEC-NOTES section 5).  The report lists every differing
 * field with both values and the differing lanes.
 *
 * No allocation; wr_compare never prints.  wr_compare_format() writes the
 * report as text for people (a mismatch dump's table).
 */
#ifndef WARPREF_COMPARE_H
#define WARPREF_COMPARE_H

#include "retire.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How a field is compared (the HOW column):
 *   SCALAR   one value: (model ^ other) & mask
 *   WORD     the 128-bit instruction word, as two 64-bit halves (index 0, 1)
 *   RPC      per lane, in the model's valid & ~active lanes only (N-12)
 *   BREGS    B0..B15, each & mask (index = n)
 *   DEFINED  WarpBARState, when the model's is defined (N-39)
 *   BLOCKED  the barrier waited on, when the model's warp is blocked (N-35)
 *   WRITES   the writes of one kind (VALUE = the wr_write_kind), matched by
 *            (warp, index): missing, extra, other lanes, other values in
 *            the common lanes, the model's don't-care bits skipped
 *   EVENTS   the events, in order (mask not used)
 *   OPERAND  an operand read (VALUE = its WR_IN_* bit), when both records
 *            carry it (wr_retire.reads): per lane for registers, the
 *            model's undefined lanes skipped (SPEC-NOTES section 5); a
 *            register lane the other calls undefined where the model's
 *            value is defined differs
 *   READS    the read set (VALUE = wr_retire.reads), when both records
 *            carry one (reads != 0): the bits of the OPERAND rows, equal
 *   MARKS    the undefined marks of the GPR and predicate writes (SPEC-NOTES
 *            section 5), matched by (warp, index): a lane (of the mask) the
 *            model's write leaves undefined must be undefined (hold some
 *            don't-care bit) in the other's same write too
 *
 * The don't-care bits of a write: the model's are skipped; a bit the other
 * side calls don't-care must be one in the model's write too (in some lane
 * of it: a trace's rd_dc, like the DPI's, is one mask for every lane).
 * Where the model's value is defined, an undefined one is a difference; the
 * reverse is not a WRITES difference (the other side may give any value
 * where the model leaves it undefined, SPEC-NOTES section 5), but it is a
 * MARKS one (row `undef`), for a design that claims to mark exactly the
 * model's undefined lanes: the kit's STRICT_UNDEF, `warpref replay
 * --strict-undef`, the stub's own testbenches; everywhere else it is off by
 * default, since section 5 lets a design give such a lane any value. */
#define WR_CMP_HOWS(X) X(SCALAR) X(WORD) X(RPC) X(BREGS) X(DEFINED) X(BLOCKED) X(WRITES) X(EVENTS) X(OPERAND) \
    X(READS) X(MARKS)

typedef enum wr_cmp_how {
#define WR_X_(name) WR_CMP_##name,
    WR_CMP_HOWS(WR_X_)
#undef WR_X_
    WR_CMP_HOW_COUNT
} wr_cmp_how;

/* The compared fields: X(NAME, "name", HOW, "rule", STATE, VALUE).  STATE
 * is 1 when the field is read from the record's instruction word or state
 * after (wr_retire.has_state).  VALUE is the field's value in record `r`
 * for SCALAR, DEFINED and BLOCKED; the write kind for WRITES; 0 otherwise.
 * Adding a field is one row (and, for a new HOW, its body in compare.c).
 * `end` and `t` are the controls of the end of a run (wr_checker_final: the
 * end reason, the final time); 0 in every record. */
#define WR_RETIRE_FIELDS(X)                                                                   \
    X(WARP,              "warp",              SCALAR,  "N-50", 0, (r)->warp)                  \
    X(PC,                "pc",                SCALAR,  "N-50", 0, (r)->pc)                    \
    X(INSN,              "insn",              WORD,    "N-37", 1, 0)                          \
    X(READS,             "reads",             READS,   "N-51", 0, (r)->reads)                 \
    X(EXCEPTION,         "exception",         SCALAR,  "N-37", 0, (r)->exception)             \
    X(FETCH_FAULT,       "fetch_fault",       SCALAR,  "N-27", 0, (r)->fetch_fault)           \
    X(ACTIVE_PC,         "active_pc",         SCALAR,  "N-12", 1, (r)->after.active_pc)       \
    X(VALID,             "valid",             SCALAR,  "N-18", 1, (r)->after.valid)           \
    X(ACTIVE,            "active",            SCALAR,  "N-12", 1, (r)->after.active)          \
    X(YIELD,             "yield",             SCALAR,  "N-22", 1, (r)->after.yield)           \
    X(SLEEP,             "sleep",             SCALAR,  "N-23", 1, (r)->after.sleep)           \
    X(SWITCH,            "switch",            SCALAR,  "N-22", 1, (r)->after.swtch)           \
    X(RPC,               "rpc",               RPC,     "N-12", 1, 0)                          \
    X(BREG,              "b",                 BREGS,   "N-20", 1, 0)                          \
    X(BAR_STATE,         "warp_bar_state",    DEFINED, "N-34", 1, (r)->after.bar_state)       \
    X(BAR_STATE_DEFINED, "warp_bar_state_defined", SCALAR, "N-39", 1, (r)->after.bar_state_defined) \
    X(RUN,               "run",               SCALAR,  "N-35", 1, (r)->after.run)             \
    X(BLOCKED_BAR,       "blocked_bar",       BLOCKED, "N-35", 1, (r)->after.blocked_bar)     \
    X(WRITE_GPR,         "write.gpr",         WRITES,  "N-54", 0, WR_WRITE_GPR)               \
    X(WRITE_PRED,        "write.pred",        WRITES,  "N-54", 0, WR_WRITE_PRED)              \
    X(WRITE_UR,          "write.ur",          WRITES,  "N-54", 0, WR_WRITE_UR)                \
    X(WRITE_BARRIER,     "write.barrier",     WRITES,  "N-38", 0, WR_WRITE_BARRIER)           \
    X(WRITE_WARPBAR,     "write.warpbar",     WRITES,  "N-34", 0, WR_WRITE_WARPBAR)           \
    X(WRITE_RUNSTATE,    "write.runstate",    WRITES,  "N-35", 0, WR_WRITE_RUNSTATE)          \
    X(EVENTS,            "events",            EVENTS,  "N-37", 0, 0)                          \
    X(WAKE,              "wake",              SCALAR,  "N-23", 0, (r)->book.wake)             \
    X(END,               "end",               SCALAR,  "N-50", 0, 0)                          \
    X(T,                 "t",                 SCALAR,  "N-50", 0, 0)                          \
    X(IN_PG,             "in.pg",             OPERAND, "N-05", 0, WR_IN_PG)                   \
    X(IN_PP,             "in.pp",             OPERAND, "N-05", 0, WR_IN_PP)                   \
    X(IN_RA,             "in.ra",             OPERAND, "N-51", 0, WR_IN_RA)                   \
    X(IN_RB,             "in.rb",             OPERAND, "N-51", 0, WR_IN_RB)                   \
    X(IN_RC,             "in.rc",             OPERAND, "N-51", 0, WR_IN_RC)                   \
    X(IN_RE,             "in.re",             OPERAND, "V-01", 0, WR_IN_RE)                   \
    X(IN_UR,             "in.ur",             OPERAND, "N-51", 0, WR_IN_UR)                   \
    X(IN_C,              "in.c",              OPERAND, "N-52", 0, WR_IN_C)                    \
    X(UNDEF,             "undef",             MARKS,   "S5",   0, 0)

typedef enum wr_retire_field {
#define WR_X_(name, text, how, rule, state, value) WR_RF_##name,
    WR_RETIRE_FIELDS(WR_X_)
#undef WR_X_
    WR_RF_COUNT
} wr_retire_field;

/* Whether a field reads the state after (wr_retire.has_state). */
int wr_retire_field_needs_state(unsigned field);
const char *wr_retire_field_name(unsigned field);   /* "rpc" */
const char *wr_retire_field_rule(unsigned field);   /* "N-12" */
unsigned wr_retire_field_how(unsigned field);       /* wr_cmp_how */
/* The WR_IN_* bit of an OPERAND row (its VALUE), 0 for any other row: the
 * table's map from an operand's field to its bit in wr_retire.reads. */
unsigned wr_retire_field_operand(unsigned field);

/* The controls: per field, compared or not, and the bits compared (of a
 * scalar, of each lane's RPC, B register or written value; the
 * instruction word's mask applies to each 64-bit half). */
typedef struct wr_compare_ctl {
    struct {
        uint8_t enable;
        uint64_t mask;
    } field[WR_RF_COUNT];
} wr_compare_ctl;

/* The undef row's mask: bits 0..31 the lanes, this bit the GPR operands'
 * marks too (on by default; a replay clears it: traces carry none). */
#define WR_UNDEF_OPERANDS (UINT64_C(1) << 32)

/* Every field enabled, every bit compared. */
void wr_compare_ctl_init(wr_compare_ctl *ctl);

/* What differs. */
typedef enum wr_diff_what {
    WR_DIFF_VALUE,               /* the values differ */
    WR_DIFF_MISSING,             /* the other record lacks the model's write or event */
    WR_DIFF_EXTRA,               /* the other record has a write or event the model lacks */
    WR_DIFF_LANES                /* a write to other lanes (model, other: the lane masks) */
} wr_diff_what;

typedef struct wr_diff {
    uint8_t field;               /* wr_retire_field */
    uint8_t what;                /* wr_diff_what */
    uint8_t warp;                /* WRITES, MARKS: the warp written (WR_WRITE_CTA) */
    uint16_t index;              /* BREG: n; WRITES, MARKS: register/barrier; EVENTS: position;
                                    INSN: half (0 = bits 63:0) */
                                 /* OPERAND ra/rb/rc/re: lanes that differ in `lanes` */
    uint32_t lanes;              /* per-lane fields (RPC, GPR/PRED writes): lanes that differ */
    uint64_t model, other;       /* the values; per-lane fields: of the lowest such lane;
                                    EVENTS: wr_event packed by WR_EVENT_PACK; MARKS: the
                                    write's kind, the other's value in the lowest lane */
} wr_diff;

#define WR_EVENT_PACK(e) ((uint64_t)(e).kind << 40 | (uint64_t)(e).code << 32 | (e).value)

enum { WR_MAX_DIFFS = 64 };

typedef struct wr_compare_report {
    unsigned ndiffs;             /* differences found; past WR_MAX_DIFFS they are
                                    counted, not listed */
    wr_diff diff[WR_MAX_DIFFS];
} wr_compare_report;

/* Compare the model's record with another.  Returns the number of
 * differences (0: they agree under ctl), or -1 when an enabled field needs
 * the state after and a record has none (rep->ndiffs = 0).  ctl NULL: the
 * defaults of wr_compare_ctl_init. */
int wr_compare(const wr_retire *model, const wr_retire *other, const wr_compare_ctl *ctl,
               wr_compare_report *rep);

/* The controls compiled for wr_compare_same (a checker keeps one per
 * control and compiles it again whenever the control changes). */
enum {
    WR_COMPARE_HEAD = 144,       /* the bytes of a wr_retire up to its state after's RPCs */
    WR_COMPARE_TAIL = 8          /* the bytes of plain fields past the head (`wake`) */
};

typedef struct wr_compare_plan {
    uint64_t on;                 /* the fields compared, bit per wr_retire_field */
    uint32_t kinds;              /* the write kinds compared, bit per wr_write_kind */
    uint8_t regular;             /* the table's plain fields lie in whole bytes (else
                                    wr_compare_same leaves every record to wr_compare) */
    uint8_t ntail;
    uint64_t mask[WR_RF_COUNT];  /* each field's mask; 0 when it is not compared */
    uint64_t kind_mask[WR_WRITE_KIND_COUNT]; /* the mask of each write kind's field */
    uint8_t head[WR_COMPARE_HEAD]; /* the masks of the plain fields (SCALAR, WORD,
                                      BREGS) laid over their bytes in a record (0: not
                                      compared), where the compare itself finds them */
    uint16_t tail_at[WR_COMPARE_TAIL]; /* the plain fields' bytes past the head, */
    uint8_t tail[WR_COMPARE_TAIL];     /* and their masks */
} wr_compare_plan;

void wr_compare_plan_init(wr_compare_plan *plan, const wr_compare_ctl *ctl);

/* The agreement test of the hot path, without a report: 1 when
 * wr_compare(model, other, ctl) would return 0, by the same rules (one
 * body per kind of compare, in compare.c), 0 when it would not, or for a
 * record without its state after: then ask wr_compare for the report. */
int wr_compare_same(const wr_retire *model, const wr_retire *other, const wr_compare_plan *plan);

/* The operands in which two read sets differ (the OPERAND rows' names
 * without "in."), as text: "c missing in the other; rb extra in the
 * other", with `side` for "other" (a dump's "RTL" or "trace"; NULL:
 * "other").  snprintf semantics. */
int wr_compare_reads_format(unsigned model, unsigned other, const char *side, char *buf, size_t size);

/* The report as text, one line per difference: the field, its index, the
 * differing lanes, the model's and the other side's value (every differing
 * lane's values, read from the two records), the other side named `side`
 * ("RTL" in a lockstep dump, "trace" in a replay's; NULL: "other").
 * snprintf semantics. */
int wr_compare_format(const wr_compare_report *rep, const wr_retire *model,
                      const wr_retire *other, const char *side, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
