/* warpref/paths.h - semantic paths: which branch of the seed pseudo-code
 * each step took, and why.
 *
 * The list is paths.def (one row per path: name, rules, where it is
 * reached, the explanation template).  Every step records in its retire
 * record (wr_retire.why) the paths it took, in order, each with the few
 * values that decided it: small integer stores, unless the launch
 * configuration says nobody looks (wr_config.record_paths = 0: a plain
 * standalone run; the lockstep checker, `--explain` and `--coverage`
 * record them).  Text is made only on demand:
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

/* Where a rule is defined: its entry in docs/rules.md, whose anchor is the
 * ID in lower case.  wr_rule_doc writes the reference of the rule ID at
 * rule[0..len) ("N-12" -> "docs/rules.md#n-12") into buf and returns its
 * length (snprintf's contract); it writes "" and returns 0 for anything that
 * is not one ID ("-", "?", "").  WR_RULE_DOC_MAX holds any reference. */
#define WR_RULES_DOC "docs/rules.md"
#define WR_RULE_DOC_MAX 24
size_t wr_rule_doc(const char *rule, size_t len, char *buf, size_t size);
unsigned wr_path_reach(unsigned path);      /* wr_reach */
const char *wr_path_template(unsigned path);
const char *wr_reach_name(unsigned reach);  /* "gen" */
/* 1 when a program of `profile` (WR_PROFILE_*) can take the path, 0 when the
 * profile's engine has no instruction or step that takes it (ptx and visa
 * have no B2R/R2B, visa no reduction, sass its own B2R.RESULT): `warpref
 * paths --profile P` marks it `absent`, and coverage counts no hole there */
int wr_path_in_profile(unsigned path, unsigned profile);
int wr_path_by_name(const char *name);      /* the path, -1 if none */

/* One path taken, with the values that decided it (they mean what its
 * template says): the path (wr_path), the lane it chose ({lane}), a small
 * number ({num}: a barrier, a B register, an exception) and three masks
 * ({a} {b} {c}).  Packed in two 64-bit words: the step stores them without
 * its compiler having to assume that they overwrite the warp's 32-bit
 * state.  wr_hit() packs, wr_hit_*() read. */
typedef struct wr_path_hit {
    uint64_t what;               /* id 15:0, lane 23:16, num 31:24, a 63:32 */
    uint64_t masks;              /* b 31:0, c 63:32 */
} wr_path_hit;

typedef struct wr_hit_fields {
    unsigned id, lane, num;
    uint32_t a, b, c;
} wr_hit_fields;

static inline wr_path_hit wr_hit(wr_hit_fields f)
{
    wr_path_hit h = { (uint64_t)(f.id & 0xffffu) | (uint64_t)(f.lane & 0xffu) << 16 |
                      (uint64_t)(f.num & 0xffu) << 24 | (uint64_t)f.a << 32,
                      (uint64_t)f.b | (uint64_t)f.c << 32 };
    return h;
}
static inline unsigned wr_hit_id(wr_path_hit h) { return (unsigned)(h.what & 0xffffu); }
static inline unsigned wr_hit_lane(wr_path_hit h) { return (unsigned)(h.what >> 16 & 0xffu); }
static inline unsigned wr_hit_num(wr_path_hit h) { return (unsigned)(h.what >> 24 & 0xffu); }
static inline uint32_t wr_hit_a(wr_path_hit h) { return (uint32_t)(h.what >> 32); }
static inline uint32_t wr_hit_b(wr_path_hit h) { return (uint32_t)h.masks; }
static inline uint32_t wr_hit_c(wr_path_hit h) { return (uint32_t)(h.masks >> 32); }

enum { WR_WHY_MAX = 8 };         /* room for the paths of one step (a power of two;
                                    a step takes at most 5) */

/* Why a step did what it did: its paths, and ActivePC / ActiveMask after
 * (so that the explanation needs nothing else).  The step fills n and hit[];
 * pc and active are filled by whoever explains the step, from the state
 * after (the record's `after`, the CTA), not on the hot path.  n == 0: the
 * step took the
 * one path of a helper instruction (HELPER.exec, N-51), which takes no
 * branch and records nothing, helpers being most of the steps. */
typedef struct wr_why {
    uint64_t n;                  /* paths taken, hit[0..n) in the order taken (64 bits,
                                    like the hits, for the step's stores) */
    uint64_t pc;                 /* ActivePC after the step (the explainer's to fill) */
    uint32_t active;             /* ActiveMask after the step (likewise) */
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

/* One line of `warpref run --explain` and `warpref replay --explain`: the
 * step's time, warp and pc, then its explanation (wr_explain), then where
 * each of its rules is defined (wr_rule_doc):
 *   t=12 warp=0 pc=0x40 BSYNC B0: ... [BSYNC.switch_bmask; N-21] (docs/rules.md#n-21)
 * Same contract as wr_explain. */
size_t wr_explain_step(uint64_t t, unsigned warp, uint64_t pc, const wr_insn *insn, const wr_why *why, char *buf,
                       size_t size);

/* Coverage: hits per path. */
typedef struct wr_coverage {
    uint64_t hits[WR_PATH_COUNT];
} wr_coverage;

static inline void wr_coverage_add(wr_coverage *cov, const wr_why *why)
{
    if (why->n == 0)
        cov->hits[WR_PATH_HELPER]++;
    for (uint64_t i = 0; i < why->n && i < WR_WHY_MAX; i++)
        cov->hits[wr_hit_id(why->hit[i])]++;
}

/* The table, one line per path in the list's order, every path:
 *   "%-30s %12llu  %-14s %s\n"   path, hits, rules, reach
 * after a header line starting with '#'.  0, or -1 on a write error. */
int wr_coverage_write(FILE *f, const wr_coverage *cov);

#ifdef __cplusplus
}
#endif
#endif
