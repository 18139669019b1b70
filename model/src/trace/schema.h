/* schema.h - internal: the trace format's one schema (shared/TRACE-FORMAT.md,
 * docs/trace.md).  Every key a JSONL record can hold is one row of a table
 * below, with its type, its width, when it appears and the rule it carries;
 * the JSONL writer (jsonl_write.c), the JSONL reader (jsonl_read.c) and the
 * record conversions take the keys from here and spell none themselves.
 *
 * A row: X(NAME, "key", TYPE, WIDTH, WHEN, "rule"[, WHERE], VALUE).
 *   TYPE   how the value is written and read:
 *            DEC     a decimal integer
 *            HEX     "0x" and lowercase hex digits, no padding
 *            MASK    "0x%08x"
 *            WIDE    "0x%08x", or "0x%016x" when the record says the value
 *                    is 64 bits wide (the WIDTH column names that flag)
 *            LANES   an array of 32 lane values, each a MASK or (WIDTH) a
 *                    WIDE; LANESN the same with null for a lane not written
 *            WORD    the 128-bit instruction word, "0x" and 32 digits
 *            STR     a JSON string; OP and ASM are the instruction's, which
 *                    a record may leave to its word (wr_trace_rec.op_derived,
 *                    asm_derived)
 *            BOOL    true or false
 *            BREGS   {"B0": MASK, ...}, the non-zero B registers
 *            BARS    {"N": MASK, ...}, barrier state words
 *            EVENTS  ["wake", "block:1", ...] (TRACE-FORMAT's event strings)
 *            IN, OUT, PD, FAULT   an object of the table of that name
 *            WARPS   an array of objects of the warp table
 *            REGS    32 arrays of N MASKs (r); PREDS 32 integers (p);
 *            DC      {"R5": MASK, "P1": MASK} (dc)
 *   WIDTH  the digits of a MASK (8) or of a fixed-width value; for WIDE and
 *          LANES the flag that makes the value 64 bits (0: never); else 0
 *   WHEN   WR_ALWAYS (a required key), or the flag of the record that
 *          says the key is present (WR_TK_*, WR_IN_*, WR_TO_*, FIN_*)
 *   rule   the SPEC-NOTES rule the value follows (S5: section 5, undefined
 *          values; "-": none, text for people)
 *   VALUE  where the writer takes the value from and the reader puts it
 *
 * The order of a table is the writer's order of the keys (TRACE-FORMAT's
 * table order; the final record's writer puts `profile` before `fault`)
 * and the reader's numbering of them: a reader's message naming the first
 * missing key names the first in this order. */
#ifndef WARPREF_TRACE_SCHEMA_H
#define WARPREF_TRACE_SCHEMA_H

#include "warpref/tracefile.h"

/* WHEN: a key every record of its kind has; the final record's optional
 * keys; the registers of a warp of the final record (--dump-regs). */
enum { WR_ALWAYS = 0, FIN_FAULT = 1u << 0, FIN_PROFILE = 1u << 1, FIN_REGS = 1u << 2 };

/* The keys of a record, instruction record first.  WHERE is INSN (an
 * instruction record's key), FIN (the final record's) or BOTH (a key of
 * both, which the final record always has); VALUE the key's value in
 * instruction record `r` (a wr_trace_rec *; 0 for FIN).  The last columns
 * are the binary format's (docs/trace-binary.md): the key in an
 * instruction record ('I'), then in the final record ('E').
 *   PLACE  where the 'I' record holds the value:
 *            HEAD8, HEAD32, HEAD64  a u8, u32, u64 of the head at byte AT
 *            BMASK   a BREGS value: the u16 at byte AT has the non-zero
 *                    registers, whose values are the first words of the tail
 *            WORD    the instruction word, four u32 at byte AT (zero
 *                    without FLAG)
 *            EVENTS  the events: their number the u8 at byte AT, two tail
 *                    words each; FLAG says the first is "wake" (not counted)
 *            IN, OUT the table of that name (WR_TRACE_IN_ROWS, _OUT_ROWS)
 *            BARS    the tail's mask of the barriers, then their words
 *            TEXT    an OP or ASM text in the tail (a length, then the
 *                    bytes 4 a word) when FLAG is set; when the head flag
 *                    AT is (0: none; for a key of every record, FLAG
 *                    clear), the word's (wr_trace_rec.op_derived, asm_derived)
 *            OTHER   not in an 'I' record
 *   FLAG   the head flag (bit of the head's flags word at byte 4) that says
 *          the key is present, or its value's form; -1: none
 *   TAIL   the key's part of the tail: the parts follow in this order
 *          (1 the B registers, ... 7 asm's text); 0: none
 *   E(PLACE, AT, FLAG, TAIL, VALUE)  the same for the 'E' record: VALUE of
 *          wr_trace_final `f`; PLACE HEAD8, HEAD64, TEXT as above, or
 *            HBARS   the head's u32 at byte AT has the barriers, the tail
 *                    their words
 *            WARPS   the u8 at byte AT has their number; a 'W' record each
 *            FAULT   the fault's four tail words: warp, pc (low, high), what
 *            OTHER   not in an 'E' record
 * ROW(X, NAME, "key", TYPE, WIDTH, WHEN, "rule", WHERE, VALUE, PLACE, AT, FLAG, TAIL, E(...));
 * WR_TRACE_KEYS(X) gives X the first eight columns. */
#define WR_TRACE_ROWS(ROW, X)                                                                                          \
    ROW(X, T,       "t",       DEC,    0, WR_ALWAYS,   "N-50", BOTH, (r)->t,        HEAD64, 8,  -1, 0,                  \
        E(HEAD64, 8, -1, 0, (f)->t))                                                                                   \
    ROW(X, WARP,    "warp",    DEC,    0, WR_ALWAYS,   "N-50", INSN, (r)->warp,     HEAD8,  1,  -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, PC,      "pc",      HEX,    0, WR_ALWAYS,   "N-12", INSN, (r)->pc,       HEAD64, 16, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, OP,      "op",      OP,     0, WR_ALWAYS,   "N-37", INSN, (r)->op,       TEXT,   0,  7,  6, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, ACTIVE,  "active",  MASK,   8, WR_ALWAYS,   "N-12", INSN, (r)->active,   HEAD32, 32, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, VALID,   "valid",   MASK,   8, WR_ALWAYS,   "N-18", INSN, (r)->valid,    HEAD32, 36, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, NEXT_PC, "next_pc", HEX,    0, WR_ALWAYS,   "N-12", INSN, (r)->next_pc,  HEAD64, 24, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, YIELD,   "yield",   MASK,   8, WR_ALWAYS,   "N-22", INSN, (r)->yield,    HEAD32, 40, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, SLEEP,   "sleep",   MASK,   8, WR_ALWAYS,   "N-23", INSN, (r)->sleep,    HEAD32, 44, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, SWITCH,  "switch",  MASK,   8, WR_ALWAYS,   "N-22", INSN, (r)->swtch,    HEAD32, 48, -1, 0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, B,       "b",       BREGS,  8, WR_ALWAYS,   "N-20", INSN, (r)->b,        BMASK,  52, -1, 1, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, EV,      "ev",      EVENTS, 0, WR_ALWAYS,   "N-37", INSN, (r)->ev,       EVENTS, 2,  0,  5, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, INSN,    "insn",    WORD,  32, WR_TK_INSN,  "N-37", INSN, (r)->insn,     WORD,   64, 1,  0, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, IN,      "in",      IN,     0, WR_TK_IN,    "N-51", INSN, (r)->in,       IN,     0,  2,  2, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, OUT,     "out",     OUT,    0, WR_TK_OUT,   "N-54", INSN, (r)->out,      OUT,    0,  3,  3, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, BARS,    "bars",    BARS,   8, WR_TK_BARS,  "N-38", BOTH, (r)->bar,      BARS,   0,  4,  4,                  \
        E(HBARS, 20, -1, 1, (f)->bar))                                                                                 \
    ROW(X, ASM,     "asm",     ASM,    0, WR_TK_ASM,   "-",    INSN, (r)->asm_text, TEXT,   5,  6,  7, E(OTHER, 0, -1, 0, 0)) \
    ROW(X, END,     "end",     STR,    0, WR_ALWAYS,   "N-55", FIN,  0,             OTHER,  0,  -1, 0,                  \
        E(HEAD8, 1, -1, 0, (f)->end))                                                                                  \
    ROW(X, WARPS,   "warps",   WARPS,  0, WR_ALWAYS,   "N-50", FIN,  0,             OTHER,  0,  -1, 0,                  \
        E(WARPS, 2, -1, 0, (f)->nwarps))                                                                               \
    ROW(X, FAULT,   "fault",   FAULT,  0, FIN_FAULT,   "N-27", FIN,  0,             OTHER,  0,  -1, 0,                  \
        E(FAULT, 0, 0, 2, (f)->fault_warp))                                                                            \
    ROW(X, PROFILE, "profile", STR,    0, FIN_PROFILE, "G-01", FIN,  0,             OTHER,  0,  -1, 0,                  \
        E(TEXT, 0, 1, 3, (f)->profile))
#define WR_TRACE_KEYS(X) WR_TRACE_ROWS(WR_KEY_COLS8_, X)
#define WR_KEY_COLS8_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    X(name, key, type, width, when, rule, where, value)

/* `in`: the operands read (WHEN: the WR_IN_* bit of wr_trace_rec.in_keys;
 * WIDTH: the bit saying the values are 64-bit).  Its rows and `out`'s end in
 * the key's binary facts (docs/trace-binary.md), which the binary writer
 * (writer.c) and reader (binary_read.c) take from here:
 *   PLACE  where an instruction record's value is: HEAD (a field of the
 *          head, at byte ARG), TAIL (tail words in the table's order: a MASK
 *          one, a WIDE two, a PD one per row of WR_TRACE_PD_KEYS), LANES (a
 *          lane record in the table's order; two when WIDTH says 64-bit),
 *          FLAG (no value: head flag BIT says record bit ARG is set)
 *   BIT    the head flag (bit of the head's flags word) saying WHEN is set
 *   ARG    HEAD: the byte; TAIL, LANES: the head flag saying WIDTH is set
 *          (0: none); FLAG: the record's bit
 *   NULLS  a LANESN value's lanes written: AT(byte, value), a u32 of the
 *          head (zero without WHEN); NONE for any other
 * ROW(X, NAME, "key", TYPE, WIDTH, WHEN, "rule", VALUE, PLACE, BIT, ARG, NULLS);
 * WR_TRACE_IN_KEYS(X) gives X the first seven columns. */
#define WR_TRACE_IN_ROWS(ROW, X)                                                           \
    ROW(X, PG, "pg", MASK,  8,          WR_IN_PG, "N-05", (r)->in.pg, HEAD,  8,  56, NONE) \
    ROW(X, PP, "pp", MASK,  8,          WR_IN_PP, "N-05", (r)->in.pp, TAIL,  9,  0, NONE)  \
    ROW(X, RA, "ra", LANES, WR_IN_RA64, WR_IN_RA, "N-51", (r)->in.ra, LANES, 10, 15, NONE) \
    ROW(X, RB, "rb", LANES, 0,          WR_IN_RB, "N-51", (r)->in.rb, LANES, 11, 0, NONE)  \
    ROW(X, RC, "rc", LANES, 0,          WR_IN_RC, "N-51", (r)->in.rc, LANES, 12, 0, NONE)  \
    ROW(X, RE, "re", LANES, 0,          WR_IN_RE, "V-01", (r)->in.re, LANES, 24, 0, NONE)  \
    ROW(X, UR, "ur", WIDE,  WR_IN_UR64, WR_IN_UR, "N-51", (r)->in.ur, TAIL,  13, 16, NONE) \
    ROW(X, C,  "c",  WIDE,  WR_IN_C64,  WR_IN_C,  "N-52", (r)->in.c,  TAIL,  14, 17, NONE)
#define WR_TRACE_IN_KEYS(X) WR_TRACE_IN_ROWS(WR_KEY_COLS_, X)
#define WR_KEY_COLS_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) \
    X(name, key, type, width, when, rule, value)

/* `out`: the executing warp's own destinations (WHEN: the WR_TO_* bit of
 * wr_trace_rec.out; WIDTH and the binary facts as for `in`).  `rd` lists
 * null for a lane not written (LANESN; the binary head's byte 60 has the
 * lanes written, NULLS). */
#define WR_TRACE_OUT_ROWS(ROW, X)                                                                                            \
    ROW(X, RD,    "rd",    LANESN, WR_TO_RD64, WR_TO_RD, "N-54", (r)->rd,    LANES, 20, 21, AT(60, (r)->rd_lanes))           \
    ROW(X, RD_DC, "rd_dc", WIDE,   WR_TO_RD64, WR_TO_RD, "S5",   (r)->rd_dc, TAIL,  20, 0, NONE)                             \
    ROW(X, PD,    "pd",    PD,     0,          WR_TO_PD, "N-54", 0,          TAIL,  22, 0, NONE)                             \
    ROW(X, PD_DC, "pd_dc", BOOL,   0,          WR_TO_PD, "S5",   ((r)->out & WR_TO_PD_DC) != 0, FLAG, 23, WR_TO_PD_DC, NONE)
#define WR_TRACE_OUT_KEYS(X) WR_TRACE_OUT_ROWS(WR_KEY_COLS_, X)

/* `out.pd`: the lanes written and their values. */
#define WR_TRACE_PD_KEYS(X)                                                 \
    X(MASK, "mask", MASK, 8, WR_ALWAYS, "N-54", (r)->pd_mask)               \
    X(VAL,  "val",  MASK, 8, WR_ALWAYS, "N-54", (r)->pd_val)

/* One element of the final record's `warps`: VALUE of wr_warp `x`; PLACE
 * and AT its field of the binary format's 'W' record, as for the record's
 * keys above (WR_TRACE_ROWS: HEAD8, HEAD32, HEAD64, BMASK), or
 *   INDEX  the u8 at byte AT is the warp's number (its place in `warps`)
 *   REGS   the u16 at byte AT is N of --dump-regs N; after the tail, a
 *          record of 32 lanes per register
 *   PREDS  (N > 0) the tail's predicates: a byte per lane, 8 words
 *   DC     the u16 at byte AT counts the tail's dc entries ('R' | n << 8
 *          or 'P' | n << 8, then the lane mask)
 * The tail's words follow the rows' order (the B registers, PREDS, DC). */
#define WR_TRACE_WARP_ROWS(ROW, X)                                                   \
    ROW(X, WARP,   "warp",   DEC,   0, WR_ALWAYS, "N-50", 0,             INDEX,  1)   \
    ROW(X, STATE,  "state",  STR,   0, WR_ALWAYS, "N-35", (x)->run,       HEAD8,  2)   \
    ROW(X, PC,     "pc",     HEX,   0, WR_ALWAYS, "N-12", (x)->active_pc, HEAD64, 8)   \
    ROW(X, ACTIVE, "active", MASK,  8, WR_ALWAYS, "N-12", (x)->active,    HEAD32, 16)  \
    ROW(X, VALID,  "valid",  MASK,  8, WR_ALWAYS, "N-18", (x)->valid,     HEAD32, 20)  \
    ROW(X, YIELD,  "yield",  MASK,  8, WR_ALWAYS, "N-22", (x)->yield,     HEAD32, 24)  \
    ROW(X, SLEEP,  "sleep",  MASK,  8, WR_ALWAYS, "N-23", (x)->sleep,     HEAD32, 28)  \
    ROW(X, SWITCH, "switch", MASK,  8, WR_ALWAYS, "N-22", (x)->swtch,     HEAD32, 32)  \
    ROW(X, B,      "b",      BREGS, 8, WR_ALWAYS, "N-20", (x)->breg,      BMASK,  36)  \
    ROW(X, R,      "r",      REGS,  8, FIN_REGS,  "S5",   0,             REGS,   40)  \
    ROW(X, P,      "p",      PREDS, 0, FIN_REGS,  "S5",   0,             PREDS,  0)   \
    ROW(X, DC,     "dc",     DC,    8, FIN_REGS,  "S5",   0,             DC,     42)
#define WR_TRACE_WARP_KEYS(X) WR_TRACE_WARP_ROWS(WR_KEY_COLS7_, X)
#define WR_KEY_COLS7_(X, name, key, type, width, when, rule, value, place, at) \
    X(name, key, type, width, when, rule, value)

/* The final record's `fault` (N-27). */
#define WR_TRACE_FAULT_KEYS(X)                                              \
    X(WARP, "warp", DEC, 0, WR_ALWAYS, "N-27", 0)                           \
    X(PC,   "pc",   HEX, 0, WR_ALWAYS, "N-27", 0)                           \
    X(WHAT, "what", STR, 0, WR_ALWAYS, "N-27", 0)

/* The numbers of the keys of each table: WR_K_T, WR_K_IN_PG, WR_K_OUT_RD,
 * WR_K_PD_MASK, WR_K_W_STATE, WR_K_F_WHAT ... */
enum {
#define WR_X_(name, key, type, width, when, rule, where, value) WR_K_##name,
    WR_TRACE_KEYS(WR_X_)
#undef WR_X_
    WR_K_COUNT
};
#define WR_X_(name, key, type, width, when, rule, value) WR_K_IN_##name,
enum { WR_TRACE_IN_KEYS(WR_X_) WR_K_IN_COUNT };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_K_OUT_##name,
enum { WR_TRACE_OUT_KEYS(WR_X_) WR_K_OUT_COUNT };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_K_PD_##name,
enum { WR_TRACE_PD_KEYS(WR_X_) WR_K_PD_COUNT };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_K_W_##name,
enum { WR_TRACE_WARP_KEYS(WR_X_) WR_K_W_COUNT };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_K_F_##name,
enum { WR_TRACE_FAULT_KEYS(WR_X_) WR_K_F_COUNT };
#undef WR_X_

/* WHERE, as numbers: the record kinds a key belongs to */
enum { WR_WHERE_INSN = 1, WR_WHERE_FIN = 2, WR_WHERE_BOTH = 3 };

/* A key as the writer prints it: ,"key": (its length WR_KEY_LEN). */
#define WR_KEY_TEXT(key) ",\"" key "\":"
#define WR_KEY_LEN(key) (sizeof(WR_KEY_TEXT(key)) - 1)

/* The keys of each table, by number, for the readers' lookups and
 * messages: wr_trace_keys[WR_K_OUT].name is "out",
 * wr_trace_in_keys[WR_K_IN_RA].what "in.ra". */
typedef struct wr_trace_key {
    const char *name;            /* the key */
    const char *what;            /* how a reader's message names its value */
    unsigned len;                /* strlen(name) */
    unsigned where;              /* WR_WHERE_* (the record keys; else 0) */
    unsigned when;               /* WHEN */
} wr_trace_key;
extern const wr_trace_key wr_trace_keys[WR_K_COUNT];
extern const wr_trace_key wr_trace_in_keys[WR_K_IN_COUNT];
extern const wr_trace_key wr_trace_out_keys[WR_K_OUT_COUNT];
extern const wr_trace_key wr_trace_pd_keys[WR_K_PD_COUNT];
extern const wr_trace_key wr_trace_warp_keys[WR_K_W_COUNT];
extern const wr_trace_key wr_trace_fault_keys[WR_K_F_COUNT];
/* A key's name and how a message names its value, for the messages that
 * quote a key (a "%s" fed from here, so that no message spells a key):
 * WR_KEY(OUT) is "out", WR_KEY_W(R) "r", WR_WHAT_W(R) "warps: r",
 * WR_WHAT_PD(MASK) "out.pd". */
#define WR_KEY(k) (wr_trace_keys[WR_K_##k].name)
#define WR_KEY_IN(k) (wr_trace_in_keys[WR_K_IN_##k].name)
#define WR_KEY_OUT(k) (wr_trace_out_keys[WR_K_OUT_##k].name)
#define WR_KEY_PD(k) (wr_trace_pd_keys[WR_K_PD_##k].name)
#define WR_KEY_W(k) (wr_trace_warp_keys[WR_K_W_##k].name)
#define WR_KEY_F(k) (wr_trace_fault_keys[WR_K_F_##k].name)
#define WR_WHAT_OUT(k) (wr_trace_out_keys[WR_K_OUT_##k].what)
#define WR_WHAT_PD(k) (wr_trace_pd_keys[WR_K_PD_##k].what)
#define WR_WHAT_W(k) (wr_trace_warp_keys[WR_K_W_##k].what)

/* The key k[0..n) in table `keys` of `count`, looked for from `from` on
 * (a writer lists the keys in the table's order: the one after the last
 * is the likely one); -1 if it is none of them. */
int wr_trace_key_find(const wr_trace_key *keys, unsigned count, const char *k, size_t n, unsigned from);

/* The record keys (bit per WR_K_*) an instruction record needs, the final
 * record may have, and the final record needs. */
#define WR_KEY_BIT_(name, key, type, width, when, rule, where, value, test) \
    | ((test) ? 1u << WR_K_##name : 0u)
#define WR_KEY_SET_(test_macro) (0u WR_TRACE_KEYS(test_macro))
#define WR_INSN_REQ_(name, key, type, width, when, rule, where, value) \
    WR_KEY_BIT_(name, key, type, width, when, rule, where, value,      \
                (WR_WHERE_##where & WR_WHERE_INSN) && (unsigned)(when) == (unsigned)WR_ALWAYS)
#define WR_FIN_KEY_(name, key, type, width, when, rule, where, value) \
    WR_KEY_BIT_(name, key, type, width, when, rule, where, value, (WR_WHERE_##where & WR_WHERE_FIN) != 0)
#define WR_FIN_REQ_(name, key, type, width, when, rule, where, value) \
    WR_KEY_BIT_(name, key, type, width, when, rule, where, value,     \
                WR_WHERE_##where == WR_WHERE_BOTH || (unsigned)(when) == (unsigned)WR_ALWAYS)
enum {
    WR_KEYS_INSN_REQUIRED = WR_KEY_SET_(WR_INSN_REQ_),
    WR_KEYS_FIN = WR_KEY_SET_(WR_FIN_KEY_),
    WR_KEYS_FIN_REQUIRED = WR_KEY_SET_(WR_FIN_REQ_) & WR_KEY_SET_(WR_FIN_KEY_)
};

/* "t, warp, ..., ev": the keys an instruction record needs, for messages
 * (in buf, 128 bytes are enough).  Returns buf. */
const char *wr_trace_insn_required_text(char *buf, size_t size);

#endif
