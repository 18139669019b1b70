/* warpref/paths.h - semantic paths: which branch of the seed pseudo-code
 * each step took, and why.
 *
 * The list is paths.def (one row per path: name, rules, where it is
 * reached, the explanation template).  Every step records in its retire
 * record (wr_retire.why) the paths it took, in order, each with the few
 * values that decided it: small integer stores, made whether or not anyone
 * looks.  Text is made only on demand:
 *   wr_explain        one step in one line: "not synchronised, bmask=...;
 *                     switch to ... [BSYNC.switch_bmask; N-21]"
 *   wr_coverage_add   path -> hits, summed over steps
 *   wr_coverage_write the table of a wr_coverage
 */
#ifndef WARPREF_PATHS_H
#define WARPREF_PATHS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum wr_path {
#define WR_PATH(id, name, rules, reach, tmpl) WR_PATH_##id,
#include "paths.def"
#undef WR_PATH
    WR_PATH_COUNT
} wr_path;

/* Where a path is reached (paths.def, docs/semantics.md). */
#define WR_REACHES(X)                                                             \
    X(GEN,   "gen",   "generated programs: the default regression reaches it")   \
    X(ERROR, "error", "only a program error (exception, warning); tests/programs pin it") \
    X(HAZARD, "hazard", "only in a spec hazard that generated programs avoid; tests/programs pin it") \
    X(WORD,  "word",  "only a word the assembler never produces; unit tests pin it") \
    X(NEVER, "never", "nothing: the pseudo-code's own conditions exclude it")

typedef enum wr_reach {
#define WR_X_(name, text, doc) WR_REACH_##name,
    WR_REACHES(WR_X_)
#undef WR_X_
    WR_REACH_COUNT
} wr_reach;

const char *wr_path_name(unsigned path);    /* "BSYNC.full_sync"; "?" out of range */
const char *wr_path_rules(unsigned path);   /* "N-21,H-3" */
unsigned wr_path_reach(unsigned path);      /* wr_reach */
const char *wr_path_template(unsigned path);
const char *wr_reach_name(unsigned reach);  /* "gen" */
int wr_path_by_name(const char *name);      /* the path, -1 if none */

/* One path taken: its values mean what its template says. */
typedef struct wr_path_hit {
    uint16_t id;                 /* wr_path */
    uint8_t lane;                /* the lane the path chose ({lane}) */
    uint8_t num;                 /* a barrier, a B register, an exception ({num}) */
    uint32_t a, b, c;            /* the masks that decided ({a} {b} {c}) */
} wr_path_hit;

enum { WR_WHY_MAX = 6 };         /* the most paths one step takes */

/* Why a step did what it did: its paths, and ActivePC / ActiveMask after
 * (so that the explanation needs nothing else). */
typedef struct wr_why {
    uint32_t n;                  /* paths taken, hit[0..n) in the order taken */
    uint32_t active;             /* ActiveMask after the step */
    uint64_t pc;                 /* ActivePC after the step */
    wr_path_hit hit[WR_WHY_MAX];
} wr_why;

/* The explanation of one step in one line, without a newline: the
 * disassembly of insn at pc and ": " (insn NULL: neither), the text of each
 * path joined by "; ", then the paths and their rules in brackets:
 *   BSYNC B0: not synchronised, bmask=0x0000ff00; switch to waiting non-yield
 *   lanes in bmask (0x0000ff00) -> lane 8, ActivePC=0x80 [BSYNC.switch_bmask; N-21]
 * Writes at most size bytes with the NUL (cut short if it must); returns the
 * length of the whole line, like snprintf. */
size_t wr_explain(const wr_insn *insn, uint64_t pc, const wr_why *why, char *buf, size_t size);

/* Coverage: hits per path. */
typedef struct wr_coverage {
    uint64_t hits[WR_PATH_COUNT];
} wr_coverage;

static inline void wr_coverage_add(wr_coverage *cov, const wr_why *why)
{
    for (uint32_t i = 0; i < why->n; i++)
        cov->hits[why->hit[i].id]++;
}

/* The table, one line per path in the list's order, every path:
 *   "%-30s %12llu  %-14s %s\n"   path, hits, rules, reach
 * after a header line starting with '#'.  0, or -1 on a write error. */
int wr_coverage_write(FILE *f, const wr_coverage *cov);

#ifdef __cplusplus
}
#endif
#endif
