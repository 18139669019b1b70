/* warpref/tracefile.h - traces as files: one record type for what a trace
 * line holds, read from and written to the canonical JSON Lines format
 * (shared/TRACE-FORMAT.md, docs/trace.md) and the binary format
 * (docs/trace-binary.md).
 *
 *   reading   wr_trace_open(path)         the format by the file's first bytes
 *             wr_trace_read(r, &rec)      WR_TRACE_INSN, WR_TRACE_END, 0 at the end, -1
 *   writing   wr_trace_create(path, format)
 *             wr_trace_put(w, rec) / wr_trace_put_end(w, fin) / wr_trace_finish(w)
 *   records   wr_trace_rec_from_retire()  what a step (or an RTL's retire) did, as a record
 *             wr_trace_rec_to_retire()    a record as the retire record a checker compares
 *
 * A record holds exactly what its line holds, so that JSONL -> binary ->
 * JSONL gives the same bytes for a trace written by warpref (one writer,
 * jsonl_write.c, prints every JSONL record).  Reading allocates only when a
 * reader opens (and for the registers of a final record); a record is
 * overwritten by the next read.  Errors are one line: "FILE:RECORD: error:
 * ...", RECORD counting the trace's records from 1 (a JSONL trace's line).
 */
#ifndef WARPREF_TRACEFILE_H
#define WARPREF_TRACEFILE_H

#include <stdio.h>

#include "retire.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Formats: X(NAME, "spelling", "file extension"). */
#define WR_TRACE_FORMATS(X)                  \
    X(JSONL,  "jsonl",  ".jsonl")            \
    X(BINARY, "binary", ".wtb")

typedef enum wr_trace_format {
#define WR_X_(name, text, ext) WR_TRACE_FMT_##name,
    WR_TRACE_FORMATS(WR_X_)
#undef WR_X_
    WR_TRACE_FMT_COUNT
} wr_trace_format;

const char *wr_trace_format_name(unsigned format);   /* "jsonl" */
/* The format a file name asks for: .wtb binary, anything else JSONL. */
unsigned wr_trace_format_for(const char *path);

enum { WR_TRACE_OP_MAX = 48, WR_TRACE_ASM_MAX = 160 };

/* The optional keys of an instruction record (wr_trace_rec.keys). */
enum {
    WR_TK_INSN = 1u << 0,        /* `insn` */
    WR_TK_IN = 1u << 1,          /* `in` */
    WR_TK_OUT = 1u << 2,         /* `out` */
    WR_TK_BARS = 1u << 3,        /* `bars` */
    WR_TK_ASM = 1u << 4          /* `asm` */
};

/* What `out` holds (wr_trace_rec.out). */
enum {
    WR_TO_RD = 1u << 0,          /* `rd` and `rd_dc` */
    WR_TO_RD64 = 1u << 1,        /* rd's values are 64-bit pairs (16 hex digits) */
    WR_TO_PD = 1u << 2,          /* `pd` and `pd_dc` */
    WR_TO_PD_DC = 1u << 3        /* pd_dc is true */
};

/* One instruction record, as its JSONL line says it. */
typedef struct wr_trace_rec {
    uint64_t t;
    uint32_t warp;
    uint64_t pc;
    uint32_t active, valid, yield, sleep, swtch;
    uint64_t next_pc;
    uint32_t b[WR_NUM_BREGS];    /* the line lists the non-zero ones */
    uint8_t wake;                /* `ev` starts with "wake" */
    uint8_t op_derived;          /* op[] not filled: it is wr_op_name() of insn */
    uint8_t asm_derived;         /* asm[] not filled: it is the disassembly of insn */
    uint32_t nev;
    wr_event ev[WR_MAX_EVENTS];
    uint32_t keys;               /* WR_TK_* */
    wr_word insn;
    uint32_t in_keys;            /* WR_IN_* of the operands listed (and their widths) */
    wr_operands in;              /* their values (the *_undef fields are not in a trace) */
    uint32_t out;                /* WR_TO_* */
    uint32_t rd_lanes;           /* lanes of rd that are not null */
    uint64_t rd[WR_LANES];
    uint64_t rd_dc;
    uint32_t pd_mask, pd_val;
    uint32_t bars;               /* barriers listed in `bars`, bit per barrier */
    uint32_t bar[WR_MAX_BARRIERS];
    char op[WR_TRACE_OP_MAX];
    char asm_text[WR_TRACE_ASM_MAX];
} wr_trace_rec;

/* The final record. */
typedef struct wr_trace_final {
    unsigned end;                /* wr_end */
    uint64_t t;
    unsigned nwarps;
    wr_warp warp[WR_MAX_WARPS];  /* run, active_pc (`pc`), the five masks, breg */
    uint32_t bars;               /* barriers listed, bit per barrier */
    uint32_t bar[WR_MAX_BARRIERS];
    int fault_warp;              /* -1: no `fault` */
    uint64_t fault_pc;
    unsigned fault_what;         /* wr_fetch_status */
    char profile[32];            /* "" unless the record names one */
    unsigned dump_regs;          /* N > 0: `r`, `p` and `dc` with R0..R(N-1) */
    const uint32_t *r;           /* [warp][reg][lane] for reg < r_have; others 0 */
    const uint32_t *r_undef;     /* [warp][reg]: lanes holding undefined values */
    unsigned r_have;
    uint32_t p[WR_MAX_WARPS][WR_NUM_PREDS];       /* lane masks */
    uint32_t p_undef[WR_MAX_WARPS][WR_NUM_PREDS];
} wr_trace_final;

/* ---- records and retire records ---------------------------------------- */

/* The record of a retire: `rec` with its state after (warp, pc, the word,
 * masks, B registers, events, writes), the decoded instruction (op, asm,
 * operand widths, the Rd pair) and the operands read.  `reads` is the
 * WR_IN_* set listed in `in` (0: wr_insn_reads(insn)); `keys` the optional
 * keys to fill (WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_ASM; `bars` is
 * listed whenever a barrier was written). */
void wr_trace_rec_from_retire(wr_trace_rec *t, const wr_retire *rec, const wr_insn *insn,
                              const wr_operands *ops, unsigned reads, unsigned keys);

/* Whether the `out` of a record of `warp` executing `insn` shows the write
 * `e`: a GPR or predicate write of that warp to the instruction's own
 * destination (Rd, a pair's Rd+1; Pd, else Pu).  A ptx reduction's result
 * delivered at completion to other warps, or to the destinations of other
 * gathered groups (SPEC-NOTES P-11), is not shown. */
int wr_trace_out_write(const wr_insn *insn, unsigned warp, const wr_write *e);

/* A record as the retire record of the other side, for wr_checker_retire:
 * warp, pc, the word (the record's, else `word`), the state after that a
 * trace shows (ActivePC, masks, B registers), the events (and the
 * exception among them), the operands listed, the writes of `out` (Rd, the
 * pair's Rd+1, Pd: indices from `insn`) and of `bars`; book.t and book.wake.
 * RPCs, WarpBARState, run states and uniform-register writes are not in a
 * trace (zero). */
void wr_trace_rec_to_retire(const wr_trace_rec *t, const wr_insn *insn, const wr_word *word, wr_retire *r);

/* The final record of a CTA: every warp, the barrier words, and with
 * dump_regs > 0 the registers of rf (which may be NULL otherwise). */
void wr_trace_final_from_cta(wr_trace_final *f, const wr_cta *cta, const wr_regfile *rf, unsigned end,
                             uint64_t t, unsigned dump_regs);

/* The text of a record's instruction, for people: its `asm` when the
 * record has one (WR_TK_ASM), else its `op`; a text the record derives
 * from its word is the word's disassembly (or op name), "?" for a word that
 * does not decode, as the JSONL writer prints it.  Returns buf. */
const char *wr_trace_rec_text(const wr_trace_rec *t, char *buf, size_t size);

/* ---- reading ----------------------------------------------------------- */

enum { WR_TRACE_EOF = 0, WR_TRACE_INSN = 1, WR_TRACE_END = 2, WR_TRACE_ERROR = -1 };

typedef struct wr_trace_reader wr_trace_reader;

/* Open a trace ("-": standard input, named "<stdin>").  The format comes
 * from the first bytes: the binary magic, else JSONL.  NULL with a message
 * ("FILE:1: error: ..."). */
wr_trace_reader *wr_trace_open(const char *path, char *err, size_t errsize);
void wr_trace_close(wr_trace_reader *r);

unsigned wr_trace_reader_format(const wr_trace_reader *r);
/* The CTA size a binary trace's header names (0: not known). */
unsigned wr_trace_reader_threads(const wr_trace_reader *r);
const char *wr_trace_reader_name(const wr_trace_reader *r);

/* The CTA size a trace states (docs/replay.md, "The CTA size"): a binary
 * header's, else the warps of its final record and the lanes of the last
 * warp: the ValidMask of that warp's first record, unless that record is
 * an EXIT (which may have exited its top lanes), or of the final record
 * when the warp has no record.  Reads the last line of a JSONL file first,
 * then the records to the first of the last warp; without a final record
 * there, every record.  1 with *threads; 0 when the trace does not state
 * it (err: why, "it has no final record"; standard input: never read
 * twice); -1 when reading found bad input (err: the reader's message). */
int wr_trace_shape(const char *path, unsigned *threads, char *err, size_t errsize);

/* The next record: WR_TRACE_INSN (*rec), WR_TRACE_END (*fin: the final
 * record; nothing may follow it), WR_TRACE_EOF, or WR_TRACE_ERROR with a
 * message naming the file and the record.  A reader that failed keeps
 * failing. */
int wr_trace_read(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin, char *err,
                  size_t errsize);
/* The number of the record read last (1 for the first). */
uint64_t wr_trace_recno(const wr_trace_reader *r);

/* Parse one JSONL line (no newline) as a record, for tools and tests: the
 * same parser as the reader's.  WR_TRACE_INSN or WR_TRACE_END with *rec or
 * *fin pointing into `scratch` (wr_trace_scratch_new), or WR_TRACE_ERROR
 * with a message "NAME:RECNO: error: ...". */
typedef struct wr_trace_scratch wr_trace_scratch;
wr_trace_scratch *wr_trace_scratch_new(void);
void wr_trace_scratch_free(wr_trace_scratch *s);
int wr_trace_parse_line(wr_trace_scratch *s, const char *line, size_t len, const char *name, uint64_t recno,
                        const wr_trace_rec **rec, const wr_trace_final **fin, char *err, size_t errsize);

/* ---- writing ----------------------------------------------------------- */

typedef struct wr_trace_writer wr_trace_writer;

/* Write a trace to `f` (left open) in `format`; `threads` goes into a
 * binary header (0: not known).  NULL on no memory. */
wr_trace_writer *wr_trace_writer_new(FILE *f, unsigned format, unsigned threads);
int wr_trace_put(wr_trace_writer *w, const wr_trace_rec *rec);
int wr_trace_put_end(wr_trace_writer *w, const wr_trace_final *fin);
/* Flush and free.  0, or the errno of the first write error. */
int wr_trace_writer_free(wr_trace_writer *w);

/* A trace file to create (by its extension's format, wr_trace_format_for)
 * and close: for drivers that own no FILE (the DPI glue).  NULL with
 * "cannot open 'FILE': REASON". */
wr_trace_writer *wr_trace_create(const char *path, unsigned threads, char *err, size_t errsize);
/* Close a writer of wr_trace_create: 0, or -1 with "cannot write 'FILE': REASON". */
int wr_trace_close_file(wr_trace_writer *w, char *err, size_t errsize);

/* ---- the binary format (docs/trace-binary.md) ------------------------- */

#define WR_TRACE_MAGIC "\x89WTB\r\n\x1a\n"
enum { WR_TRACE_VERSION = 2, WR_TRACE_HEADER_SIZE = 64, WR_TRACE_RECORD_SIZE = 128 };
/* For tools and tests that edit a binary trace in memory: write the
 * header's and every record's checksum again (from the header on, head to
 * head, as far as whole records go).  Returns the bytes covered (0: not a
 * binary trace). */
size_t wr_trace_seal(uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
