/* warpref/gen.h - random, well-formed, terminating programs (`warpref gen`).
 *
 * The generator builds a program from a small grammar of well-nested
 * regions (docs/gen.md): straight-line helper blocks, if/else regions
 * inside BSSY/BSYNC (or joined by WARPSYNC), loops left by BREAK, BRX jump
 * tables, CALL/RET through LEPC with BMOV save/restore, EXIT in divergent
 * code, YIELD/NANOSLEEP blocks, and barrier phases at the converged top
 * level.  It avoids the spec hazards of SPEC-NOTES section 9, so every
 * program ends `done` under the standard scheduler and under any other fair
 * warp schedule, and its final registers do not depend on the schedule.
 *
 * Deterministic: the same options give the same text, byte for byte, on any
 * machine (xoshiro256** seeded by splitmix64, integer arithmetic only).
 */
#ifndef WARPREF_GEN_H
#define WARPREF_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "run.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Statement classes, each with a relative weight (--weights NAME=W). */
typedef enum wr_gen_class {
    WR_GEN_HELPER,     /* straight-line helper instructions (S2R, MOV, IADD, LOP, ...) */
    WR_GEN_IFELSE,     /* divergent if/else and if-then regions, BSSY/BSYNC */
    WR_GEN_LOOP,       /* loops with lane-dependent trip counts left by BREAK */
    WR_GEN_BRX,        /* BRX jump tables (per lane, uniform register, constant) */
    WR_GEN_CALL,       /* CALL/RET through LEPC; functions save B registers with BMOV */
    WR_GEN_EXIT,       /* EXIT of some lanes (divergent code) or of whole warps */
    WR_GEN_YIELD,      /* YIELD in one branch of a top-level region, then WARPSYNC */
    WR_GEN_SLEEP,      /* NANOSLEEP likewise, and of the converged warp */
    WR_GEN_WARPSYNC,   /* WARPSYNC full, partial (region joins) and per lane */
    WR_GEN_BMOV,       /* BMOV save, clear, reuse and restore of a live B register */
    WR_GEN_BARRIER,    /* BAR.SYNC/ARV phases: all warps, producer/consumer (the
                          profile's: sass BAR.SYNCALL in trap mode, ptx barrier.*
                          also in both branches of a region, visa NBARRIER) */
    WR_GEN_REDUCE,     /* BAR.RED.AND/OR/POPC and BAR.RESULT, B2R.WARP (sass also
                          BAR.SCAN, ptx barrier.red; none under visa) */
    WR_GEN_BSTATE,     /* B2R.BAR, R2B.BAR (restore and arrive), R2B.WARP (native, sass) */
    WR_GEN_SKIP,       /* uniform forward branches: BRA.U, .DIV, .CONV, UR forms */
    WR_GEN_TRAP,       /* some warps end with TRAP, SYSCALL or RTT instead of EXIT */
    WR_GEN_NCLASSES
} wr_gen_class;

enum {
    WR_GEN_DEFAULT_SIZE = 200,
    WR_GEN_MIN_SIZE = 1,
    WR_GEN_MAX_SIZE = 100000,
    WR_GEN_MAX_WEIGHT = 1000,
    WR_GEN_MAX_ATTEMPTS = 8      /* wr_gen_verified: the seed, then 7 derived seeds */
};

typedef struct wr_gen_opts {
    uint64_t seed;
    unsigned size;               /* approximate number of instructions; 0: default 200 */
    unsigned threads;            /* CTA size 1..1024; 0: chosen from the seed */
    unsigned weight[WR_GEN_NCLASSES];   /* relative weights 0..1000 */
    unsigned profile;            /* wr_profile (SPEC-NOTES section 8): the barrier
                                    instructions the program uses; default native */
    unsigned exceptions;         /* 0..100 (--exceptions PCT): the chance, in percent,
                                    that the program ends in a planted exception
                                    (N-37: an illegal or reserved word, or one of the
                                    other kinds); 0: never, the text as without it */
    unsigned wide_links;         /* 1 (--wide-links): the addresses LEPC writes carry
                                    a high word (a bias k * 2^32 that the CALL/RET
                                    offsets take back); 0: the text as without it */
} wr_gen_opts;

/* Seed 0, default size, threads from the seed, default weights. */
void wr_gen_defaults(wr_gen_opts *o);

/* "helper", "ifelse", ... (NULL past the end). */
const char *wr_gen_class_name(unsigned c);

/* Parse "NAME=W,NAME=W,..." into weight[] (classes not named keep their
 * value).  W goes through wr_num_parse (0..1000).  0, or -1 with a one-line
 * message in err. */
int wr_gen_parse_weights(const char *spec, unsigned weight[WR_GEN_NCLASSES], char *err, size_t errsize);

/* The CTA size a program for `o` has: o->threads, or the one its seed picks. */
unsigned wr_gen_threads(const wr_gen_opts *o);

/* The seed of attempt k (k >= 1) after the seed itself failed (documented in
 * docs/gen.md, so a fallback can be reproduced by hand). */
uint64_t wr_gen_derived_seed(uint64_t seed, unsigned k);

/* Generate the program text (NUL-terminated, malloc'd, the caller frees it).
 * 0, or -1 with a one-line message (bad options, out of memory). */
int wr_gen_program(const wr_gen_opts *o, char **text, char *err, size_t errsize);

/* The word list of a generated program (the `warpref disasm` input format,
 * for the lockstep testbench's +words=): its words, with the illegal word
 * the header names (`// exception: ILLEGAL_ENCODING at 0x...`) in place of
 * the NOP that holds its place in the text.  *words is malloc'd; 0, or -1
 * with a message (the text does not assemble). */
int wr_gen_word_list(const char *text, char **words, char *err, size_t errsize);

/* The program a generated text runs: assembled, with the planted illegal
 * word in place (wr_gen_word_list).  0, or -1 with a message. */
int wr_gen_load(const char *text, wr_program *prog, char *err, size_t errsize);

enum { WR_GEN_MAX_EXCEPTIONS = 100 };

/* wr_gen_result.planted of a program that runs off its last word (a fetch
 * fault past the end, N-27; native, --exceptions, docs/gen.md) */
enum { WR_GEN_FALL_OFF = -2 };

typedef struct wr_gen_result {
    unsigned attempts;           /* 1: the seed's own program ended done */
    uint64_t seed;               /* the seed of the program returned */
    wr_end first_end;            /* how the seed's own program ended (done if attempts == 1) */
    wr_end end;                  /* how the returned program ended */
    uint64_t steps;              /* instructions the verifying run issued */
    size_t ninsns;               /* static instructions of the program */
    unsigned threads;
    int planted;                 /* the exception planted (wr_exception), -1: none,
                                    WR_GEN_FALL_OFF: the program runs off its end */
} wr_gen_result;

/* Generate, then verify: assemble the text and run it on the model with the
 * standard scheduler (SPEC-NOTES N-50) and `max_steps` (0: 1,000,000).  A
 * program that does not end `done` (with a planted exception: `exception`,
 * raised by the planted instruction) is a generator bug; rather than return
 * it, the text is regenerated from wr_gen_derived_seed(seed, k), k = 1..7,
 * and the header says so (res->attempts > 1).  0 with *text (ended done),
 * 1 with *text when no attempt ended done (the last one is returned, its
 * header says how it ended), -1 with a message on an error. */
int wr_gen_verified(const wr_gen_opts *o, uint64_t max_steps, char **text, wr_gen_result *res,
                    char *err, size_t errsize);

#ifdef __cplusplus
}
#endif
#endif
