/* warpref/dump.h - the mismatch dump (docs/dumps.md) as a value: what a
 * failing lockstep run shows, gathered once from the checker's state
 * (wr_dump_build), then written by two writers, for people (wr_dump_text:
 * BASE.txt) and for tools (wr_dump_json: BASE.json).  A driver's one call:
 *
 *   wr_dump *d = wr_dump_new(chk, &meta);                 NULL: out of memory
 *   if (wr_dump_write(d, base, err, sizeof err) != 0) ... err
 *   wr_dump_free(d);
 *
 * A dump borrows the caller's meta strings and the checker's two failing
 * records (each about 290 KB): it is written before the checker is stepped
 * again or freed.  Everything else is its own copy. */
#ifndef WARPREF_DUMP_H
#define WARPREF_DUMP_H

#include <stdio.h>

#include "checker.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a dump says besides the checker's own knowledge. */
typedef struct wr_dump_meta {
    const char *test;            /* job name, or NULL */
    const char *seed;            /* the seed, or NULL */
    const char *program;         /* the program file */
    const char *waves;           /* the wave file, or NULL */
    const char *reproduce;       /* the command that reproduces the failure */
    const char *simulator;       /* "verilator", "replay", ... */
    const char *record;          /* the failing record of a replay ("FILE:N"), or NULL */
    const char *side;            /* the other side's name in the dump: "trace" (a replay's); NULL: "RTL" */
} wr_dump_meta;

enum {
    WR_DUMP_HIST = WR_CHECKER_HIST,  /* records of a history: the last ones */
    WR_DUMP_LINE = 320,          /* the failure's line, with its '\0' */
    WR_DUMP_ASM = 128,           /* an instruction's disassembly, with its '\0' */
    WR_DUMP_EXPLAIN = 1024,      /* the explanation of a step (wr_explain), with its '\0' */
    WR_DUMP_MESSAGES = WR_CHECKER_MESSAGES  /* every failing check's line, with its '\0' */
};

/* What the run came to: the dump's title. */
typedef enum wr_dump_kind {
    WR_DUMP_NONE,                /* no failure ("report (no failure)") */
    WR_DUMP_MISMATCH,            /* a check failed ("MISMATCH") */
    WR_DUMP_DRIVER,              /* the driver found a failure (wr_checker_report: a hang,
                                    a timeout): "FAILURE (found by the testbench)" */
    WR_DUMP_ERROR                /* the model failed ("MODEL ERROR") */
} wr_dump_kind;

/* A warp after a step as one side has it: ActivePC and four masks. */
typedef wr_checker_side wr_dump_side;

/* One record of a history. */
typedef struct wr_dump_row {
    uint64_t cycle, pc;          /* the other side's time and pc */
    wr_word insn;
    char asm_text[WR_DUMP_ASM];  /* insn at pc disassembled ("(illegal encoding)") */
    unsigned warp;
    unsigned fetch_fault;        /* wr_fetch_fault (0: none) */
    int has_model, has_other;    /* the side gave the warp's state after */
    wr_dump_side model, other;
    int stepped;                 /* the model stepped it: why holds its paths */
    wr_why why;
    char explanation[WR_DUMP_EXPLAIN];  /* of the model's step, in an explained
                                    history ("" when it did not step) */
} wr_dump_row;

typedef struct wr_dump_hist {
    unsigned n;                  /* rows, oldest first */
    int explained;               /* each row shows the model's paths (the failing warp's) */
    wr_dump_row row[WR_DUMP_HIST];
} wr_dump_hist;

typedef struct wr_dump_bar {
    unsigned index;
    wr_barrier bar;
} wr_dump_bar;

typedef struct wr_dump {
    wr_dump_meta meta;
    wr_dump_kind kind;
    unsigned operand_mode;       /* wr_operand_mode */
    wr_checker_counts counts;
    /* the first failing check (kind MISMATCH or DRIVER) */
    char failure[WR_DUMP_LINE];  /* its line ("" when none) */
    uint64_t cycle, pc;          /* the other side's */
    unsigned warp;
    char field[32], rule[16];    /* as wr_checker_first_failure names them */
    /* ... when it is a record's: both records, the compare's report, the
     * warp at issue, and the model's instruction and step */
    int has_record;
    const wr_retire *model, *other;   /* borrowed from the checker */
    wr_compare_report report;
    wr_warp before;
    char asm_text[WR_DUMP_ASM];  /* the instruction disassembled */
    const char *op;              /* its operation ("BAR.RED.POPC"), NULL: illegal encoding */
    const char *insn_rule;       /* its rule (wr_optype_rule), NULL: illegal encoding */
    char explanation[WR_DUMP_EXPLAIN];  /* what the model's step did, and why */
    char messages[WR_DUMP_MESSAGES];  /* every failing check, a line each */
    /* the last records of the failing warp (has_warp_history) and of the CTA */
    int has_warp_history;
    wr_dump_hist warp_history, cta_history;
    /* the model's state after the failing step: the barriers in use, every warp */
    unsigned nbars;
    wr_dump_bar bars[WR_MAX_BARRIERS];
    unsigned nwarps;
    wr_warp warps[WR_MAX_WARPS];
    uint64_t deadline[WR_MAX_WARPS];  /* WR_NO_DEADLINE if none */
} wr_dump;

/* Gathers the dump of the checker's run so far.  meta NULL: none known. */
void wr_dump_build(wr_dump *d, const wr_checker *c, const wr_dump_meta *meta);

/* The same into memory of its own; NULL when out of memory. */
wr_dump *wr_dump_new(const wr_checker *c, const wr_dump_meta *meta);
void wr_dump_free(wr_dump *d);

/* The two writers: the text for people, the JSON for tools (one object and
 * a newline).  Write errors are the stream's. */
void wr_dump_text(const wr_dump *d, FILE *f);
void wr_dump_json(const wr_dump *d, FILE *f);

/* base.txt and base.json, each through a temporary file renamed into place
 * (outfile.h).  0, or -1 with a message: outfile.h's, and for a NULL d
 * (wr_dump_new out of memory) "cannot write 'BASE.txt': REASON". */
int wr_dump_write(const wr_dump *d, const char *base, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif
#endif
