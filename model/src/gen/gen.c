/* gen.c - `warpref gen`: random, well-formed, terminating programs.
 *
 * The grammar and its guarantees are in docs/gen.md; in short:
 *
 *   program   := prologue top* epilogue EXIT functions stubs
 *   top       := stmt | yieldblk | sleep | barrier | reduce | bstate | wexit
 *   stmt      := helpers | ifelse | loop | brx | call | exit | warpsync | bmov | skip
 *
 * Every region is well nested and reconverged before the code after it runs.
 * The generator follows each warp's lanes through the regions (`cur`, one
 * lane mask per warp, exact wherever the lanes of a region run together) so
 * that it knows which lanes exit, which warps are alive at each barrier and
 * which membermask a WARPSYNC needs.  Hazards it avoids (SPEC-NOTES section
 * 9): YIELD/NANOSLEEP only in one branch of a top-level region, followed by
 * straight-line code, the region joined by BSYNC and then WARPSYNC of the
 * whole warp (H-1, H-3, H-6); no partially guarded BSYNC/WARPSYNC (H-2); no
 * partial branch onto a BSYNC except the BREAK-paired loop exit; a WARPSYNC
 * membermask equal to the lanes present, per-lane masks that contain their
 * own lane and agree within a group (H-4); R2B.BAR only of a barrier nobody
 * else touches in the phase, with a count > 0 (H-5).  Barrier phases sit at
 * the converged top level, where every live warp arrives once; a barrier id
 * is not reused, read or restored before a phase that every live warp waits
 * on (a separator) has completed, so no outcome depends on the interleaving
 * of warps.
 *
 * Determinism: xoshiro256** seeded by splitmix64, integer arithmetic only,
 * no locale-dependent formatting.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpref/gen.h"

/* ---- the PRNG ------------------------------------------------------------ */

typedef struct rng {
    uint64_t s[4];
} rng;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static void rng_seed(rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* uniform in 0..n-1 (n >= 1), without modulo bias */
static uint32_t rng_below(rng *r, uint32_t n)
{
    if (n <= 1)
        return 0;
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rng_next(r);
    while (x >= limit);
    return (uint32_t)(x % n);
}

static int rng_pct(rng *r, unsigned pct) { return rng_below(r, 100) < pct; }

uint64_t wr_gen_derived_seed(uint64_t seed, unsigned k)
{
    uint64_t x = seed ^ (UINT64_C(0x6765726976656421) * k);  /* "gerived!" */
    return splitmix64(&x);
}

/* ---- options ------------------------------------------------------------- */

static const char *const class_names[WR_GEN_NCLASSES] = {
    "helper", "ifelse", "loop", "brx", "call", "exit", "yield", "sleep",
    "warpsync", "bmov", "barrier", "reduce", "bstate", "skip", "trap",
};
static const unsigned default_weights[WR_GEN_NCLASSES] = {
    [WR_GEN_HELPER] = 10, [WR_GEN_IFELSE] = 12, [WR_GEN_LOOP] = 6, [WR_GEN_BRX] = 5,
    [WR_GEN_CALL] = 5, [WR_GEN_EXIT] = 4, [WR_GEN_YIELD] = 4, [WR_GEN_SLEEP] = 3,
    [WR_GEN_WARPSYNC] = 5, [WR_GEN_BMOV] = 3, [WR_GEN_BARRIER] = 6, [WR_GEN_REDUCE] = 4,
    [WR_GEN_BSTATE] = 3, [WR_GEN_SKIP] = 4, [WR_GEN_TRAP] = 2,
};

void wr_gen_defaults(wr_gen_opts *o)
{
    memset(o, 0, sizeof *o);
    memcpy(o->weight, default_weights, sizeof o->weight);
}

const char *wr_gen_class_name(unsigned c) { return c < WR_GEN_NCLASSES ? class_names[c] : NULL; }

int wr_gen_parse_weights(const char *spec, unsigned weight[WR_GEN_NCLASSES], char *err, size_t errsize)
{
    unsigned w[WR_GEN_NCLASSES];
    memcpy(w, weight, sizeof w);
    const char *p = spec;
    if (!*p) {
        snprintf(err, errsize, "expected NAME=WEIGHT, got ''");
        return -1;
    }
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq) {
            snprintf(err, errsize, "expected NAME=WEIGHT, got '%.*s'", (int)(len > 40 ? 40 : len), p);
            return -1;
        }
        size_t nlen = (size_t)(eq - p);
        unsigned c;
        for (c = 0; c < WR_GEN_NCLASSES; c++)
            if (strlen(class_names[c]) == nlen && memcmp(class_names[c], p, nlen) == 0)
                break;
        if (c == WR_GEN_NCLASSES) {
            char list[256] = "";
            for (unsigned k = 0; k < WR_GEN_NCLASSES; k++) {
                strcat(list, k ? ", " : "");
                strcat(list, class_names[k]);
            }
            snprintf(err, errsize, "unknown class '%.*s' (classes: %s)", (int)(nlen > 40 ? 40 : nlen), p, list);
            return -1;
        }
        char num[64], msg[160];
        size_t vlen = len - nlen - 1;
        if (vlen >= sizeof num)
            vlen = sizeof num - 1;
        memcpy(num, eq + 1, vlen);
        num[vlen] = '\0';
        uint64_t v;
        if (wr_num_parse(num, 0, WR_GEN_MAX_WEIGHT, &v, msg, sizeof msg) != WR_NUM_OK) {
            snprintf(err, errsize, "%s: %s", class_names[c], msg);
            return -1;
        }
        w[c] = (unsigned)v;
        if (!end)
            break;
        p = end + 1;
    }
    memcpy(weight, w, sizeof w);
    return 0;
}

unsigned wr_gen_threads(const wr_gen_opts *o)
{
    if (o->threads)
        return o->threads;
    /* a stream of its own, so that giving the same count with --threads
     * reproduces the program: 1..8 warps, a partial last warp one time in four */
    rng r;
    rng_seed(&r, o->seed ^ UINT64_C(0x7468726561647321));   /* "threads!" */
    unsigned warps = 1 + rng_below(&r, 8), t = 32 * warps;
    if (rng_below(&r, 4) == 0) {
        const unsigned w = warps - 1, rest = 1 + rng_below(&r, 31);
        /* (native, a stimulus hole: one partial CTA in three of two warps or
         * more has a last warp w of at most w lanes, 32w + r with r <= w) */
        if (o->profile == WR_PROFILE_NATIVE && w >= 1 && rng_below(&r, 3) == 0)
            t = 32 * w + 1 + rng_below(&r, w);
        else
            t = 32 * w + rest;
    }
    /* (native, a stimulus hole, drawn after the rest so that no other seed's
     * count changes: one CTA in 25 fills every warp slot, 993..1024 threads,
     * half of them 1024, where a design that counts one warp too many has no
     * slot for it) */
    if (o->profile == WR_PROFILE_NATIVE && rng_below(&r, 25) == 0)
        t = rng_below(&r, 2) ? WR_MAX_THREADS : WR_MAX_THREADS - 31 + rng_below(&r, 31);
    return t;
}

/* ---- output: sections of lines ------------------------------------------- */

enum { LN_INSN, LN_LABEL, LN_TEXT };

typedef struct sect {
    char *buf;
    size_t len, cap;
    size_t *off;                 /* start of each line in buf (NUL-terminated) */
    uint8_t *kind;
    size_t n, ncap;
} sect;

static void sect_free(sect *s)
{
    free(s->buf);
    free(s->off);
    free(s->kind);
    memset(s, 0, sizeof *s);
}

/* ---- the generator's state ----------------------------------------------- */

enum {
    MAXW = WR_MAX_WARPS,
    MAX_DEPTH = 4,               /* region nesting in main code */
    MAX_LOOPS = 2,               /* loop nesting, main and functions each */
    MAX_FUNCS = 4,               /* functions per call depth */
    MAX_EXITS = 4,               /* exit statements of lanes per program */
    MAX_WEXITS = 3,              /* exit statements of whole warps per program */
    CONST_BANK0 = 3,             /* constants go to banks 3.. */
};

/* registers (docs/gen.md): control values are computed from R0..R2 right
 * before their use; helpers write only the data registers */
enum {
    R_LANE = 0, R_WARP = 1, R_TID = 2, R_T0 = 3,   /* R3: temporary */
    R_LOOP = 4,                  /* loop level l: counter R(4+2l), trip R(5+2l); l = 0..3 */
    R_LINK = 12,                 /* call depth d (1, 2): link R[12+2(d-1) : +1] */
    R_DATA = 16, N_DATA = 8,     /* R16..R23 */
    R_FSAVE = 24,                /* function depth d saves B0/B1 in R(24+2(d-1)+k) */
    R_BSAVE = 28,                /* BMOV regions: R28, R29 */
    R_T1 = 30, R_T2 = 31,        /* temporaries (R[30:31] a pair) */
    R_BAR = 32,                  /* R32..R34: barrier operands (visa's four-register
                                    signal also R35) */
    UR_RET = 16,                 /* call depth d returns through UR[16+2(d-1) : +1] */
    UR_WS = 20,                  /* UR20..UR62: WARPSYNC URn operands */
};

typedef struct ctx {
    uint32_t cur[MAXW];          /* lanes of each warp that run this code */
    uint8_t top;                 /* the converged top level */
    uint8_t exact;               /* cur is exact and its lanes run together */
    uint8_t straight;            /* straight-line helpers only (after a YIELD) */
    uint8_t allow_exit;
    uint8_t in_yield;            /* inside a yield block: no exit, no further yield */
    uint8_t depth;               /* region nesting */
    uint8_t loop;                /* loop level: next loop's registers */
    uint8_t fdepth;              /* 0: main; 1, 2: in a function of that call depth */
    uint8_t bmovd;               /* BMOV region nesting */
    uint8_t fb;                  /* in a function: B register of the next region (B0, B1) */
    uint8_t ended;               /* the block ended with EXIT: nothing runs after it */
    int *bnext;                  /* in main: next free B register of this top-level tree */
    int *unext;                  /* in main: next free UR for a WARPSYNC URn (UR20..UR62) */
    uint16_t encl;               /* B registers of the enclosing regions */
} ctx;

/* How a function returns: RET through the per-lane link registers the call
 * site set with LEPC (the return may split the warp), through a uniform
 * register pair the call site set with UMOV, or through a constant that holds
 * the return address of its one call site. */
enum { RET_LANE, RET_UNIFORM, RET_CONST };

typedef struct func {
    unsigned label;
    unsigned depth;
    unsigned ret;                /* RET_* */
    uint32_t uh;                 /* RET_UNIFORM: the pair's high word (edge_ur_high) */
} func;

typedef struct gen {
    rng r;
    wr_gen_opts o;
    unsigned threads, nwarps;
    uint32_t valid[MAXW];
    sect main, ool, ool2, consts;  /* ool: stubs and depth-1 functions; ool2: depth-2 functions */
    sect *out;
    unsigned nlabels;
    unsigned ninsn;
    unsigned cbank, coff;        /* next free constant word */
    unsigned data_const[4][2];   /* bank, offset of data words for LDC helpers */
    uint16_t bar_used;           /* barriers arrived on or written since the last separator */
    uint16_t bar_read;           /* barriers read since the last separator */
    uint8_t died;                /* warps died since the last cnt == 0 separator: a
                                    separator with an explicit count does not wait
                                    for them, and they may still arrive on earlier
                                    barriers on their way to the exit */
    func funcs[2][MAX_FUNCS];
    unsigned nfuncs[2];
    unsigned fuse;               /* B registers the function being generated uses */
    unsigned nexits;             /* exit statements of lanes */
    unsigned nwexits;            /* exit statements of whole warps */
    /* --wide-links: the bias of every address LEPC writes (0: none) */
    int64_t bias;
    /* --exceptions: streams of their own (the program before it is the same
     * text), the exception planted (-1: none), the line of main that raises
     * it, its address (layout) and, for ILLEGAL_ENCODING, the word */
    rng x;
    int plant;
    size_t plant_line;
    uint64_t plant_pc;
    wr_word plant_word;
    /* the native edge shapes (docs/gen.md "Edge stimulus"): a stream of
     * their own, so the statements around them draw what they drew before;
     * fall_off: the program runs off its last word (--exceptions, N-27),
     * through a branch to end_label when functions or stubs follow main */
    rng e;
    int fall_off;
    unsigned end_label;
    uint64_t end_pc;
    uint8_t cedge;               /* the constant at the bank's last word is placed */
    /* the register-pair edge shapes (edge_gpr_pair, edge_ur_high): a stream
     * of their own, drawn only at the call forms they replace */
    rng q;
    /* the shapes for the stimulus holes of the RTL stub's surviving mutants
     * (docs/gen.md "Stimulus for the holes"): a stream of their own */
    rng h;
    /* the profiles (not native): a stream of their own for the stimulus only
     * they get (prof_extra, prof_stop), the shapes inserted so far */
    rng pr;
    unsigned nextra;
    unsigned ngather;            /* ptx: prof_ptx_gather written */
    int oom;
} gen;

/* ---- emitting ------------------------------------------------------------ */

static int sect_reserve(gen *g, sect *s, size_t more)
{
    if (s->len + more + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 4096;
        while (cap < s->len + more + 1)
            cap *= 2;
        char *p = realloc(s->buf, cap);
        if (!p)
            return g->oom = 1, -1;
        s->buf = p;
        s->cap = cap;
    }
    if (s->n == s->ncap) {
        size_t ncap = s->ncap ? s->ncap * 2 : 256;
        size_t *off = realloc(s->off, ncap * sizeof *off);
        if (off)
            s->off = off;
        uint8_t *kind = realloc(s->kind, ncap);
        if (kind)
            s->kind = kind;
        if (!off || !kind)
            return g->oom = 1, -1;
        s->ncap = ncap;
    }
    return 0;
}

static void vline(gen *g, sect *s, int kind, const char *fmt, va_list ap)
{
    if (g->oom)
        return;
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0 || sect_reserve(g, s, (size_t)n) != 0)
        return;
    vsnprintf(s->buf + s->len, (size_t)n + 1, fmt, ap);
    s->off[s->n] = s->len;
    s->kind[s->n++] = (uint8_t)kind;
    s->len += (size_t)n + 1;
    if (kind == LN_INSN)
        g->ninsn++;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void ins(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(g, g->out, LN_INSN, fmt, ap);
    va_end(ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void cline(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vline(g, &g->consts, LN_TEXT, fmt, ap);
    va_end(ap);
}

static void lab_line(gen *g, sect *s, unsigned id)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%u", id);
    if (g->oom || sect_reserve(g, s, strlen(buf)) != 0)
        return;
    memcpy(s->buf + s->len, buf, strlen(buf) + 1);
    s->off[s->n] = s->len;
    s->kind[s->n++] = LN_LABEL;
    s->len += strlen(buf) + 1;
}

static unsigned newlab(gen *g) { return ++g->nlabels; }
static void label(gen *g, unsigned id) { lab_line(g, g->out, id); }

/* append the lines of src to dst */
static void sect_append(gen *g, sect *dst, const sect *src)
{
    for (size_t i = 0; i < src->n && !g->oom; i++) {
        const char *t = src->buf + src->off[i];
        size_t n = strlen(t);
        if (sect_reserve(g, dst, n) != 0)
            return;
        memcpy(dst->buf + dst->len, t, n + 1);
        dst->off[dst->n] = dst->len;
        dst->kind[dst->n++] = src->kind[i];
        dst->len += n + 1;
    }
}

/* one constant word; returns "c[0xB][0xO]" in buf */
static void const_alloc(gen *g, unsigned nwords, unsigned *bank, unsigned *off)
{
    if (g->coff + 4 * nwords > 0x10000) {
        g->cbank = g->cbank < 31 ? g->cbank + 1 : CONST_BANK0;
        g->coff = 0;
    }
    *bank = g->cbank;
    *off = g->coff;
    g->coff += 4 * nwords;
}

/* ---- lanes and predicates ------------------------------------------------ */

static inline uint32_t popc(uint32_t m)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

/* One of the barriers not in `busy`, drawn from `r` (one draw, none when
 * every barrier is busy: -1) */
static int idle_bar(rng *r, uint16_t busy)
{
    const unsigned n = 16 - popc(busy);
    if (n == 0)
        return -1;
    unsigned i = rng_below(r, n);
    for (int b = 0; b < 16; b++)
        if (!(busy >> b & 1) && i-- == 0)
            return b;
    return -1;
}

enum { SRC_LANE, SRC_TID, SRC_WARP };
enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE };
static const char *const cmp_names[] = { "EQ", "NE", "LT", "LE", "GT", "GE" };
static const char *const src_regs[] = { "R0", "R2", "R1" };

enum { PF_CMP, PF_AND, PF_BIT, PF_XOR, PF_ADD, PF_LDC, PF_KINDS };

/* A predicate made by helper instructions from the lane, thread or warp id:
 * P = (f(src) cmp b), f per kind (see pf_emit). */
typedef struct pform {
    uint8_t kind, src, cmp;
    uint32_t a, b;
} pform;

static int cmp_eval(unsigned cmp, uint32_t x, uint32_t y)
{
    switch (cmp) {
    case CMP_EQ: return x == y;
    case CMP_NE: return x != y;
    case CMP_LT: return x < y;
    case CMP_LE: return x <= y;
    case CMP_GT: return x > y;
    default:     return x >= y;
    }
}

static uint32_t pf_lhs(const pform *f, uint32_t v)
{
    switch (f->kind) {
    case PF_AND: return v & f->a;
    case PF_BIT: return (f->a >= 32 ? 0 : v >> f->a) & 1u;
    case PF_XOR: return v ^ f->a;
    case PF_ADD: return v + f->a;
    default:     return v;
    }
}

/* lanes 0..31 of warp w where the predicate holds */
static uint32_t pf_mask(const pform *f, unsigned w)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++) {
        uint32_t v = f->src == SRC_LANE ? l : f->src == SRC_TID ? 32 * w + l : w;
        if (cmp_eval(f->cmp, pf_lhs(f, v), f->b))
            m |= 1u << l;
    }
    return m;
}

/* emit the helpers that compute predicate P<p> (temporary R3) */
static void pf_emit(gen *g, const pform *f, unsigned p)
{
    const char *src = src_regs[f->src];
    switch (f->kind) {
    case PF_CMP:
        ins(g, "ISETP.%s P%u, %s, 0x%" PRIx32, cmp_names[f->cmp], p, src, f->b);
        break;
    case PF_AND:
        ins(g, "LOP.AND R3, %s, 0x%" PRIx32, src, f->a);
        ins(g, "ISETP.%s P%u, R3, 0x%" PRIx32, cmp_names[f->cmp], p, f->b);
        break;
    case PF_BIT:
        ins(g, "SHR R3, %s, 0x%" PRIx32, src, f->a);
        ins(g, "LOP.AND R3, R3, 0x1");
        ins(g, "ISETP.%s P%u, R3, 0x%" PRIx32, cmp_names[f->cmp], p, f->b);
        break;
    case PF_XOR:
        ins(g, "LOP.XOR R3, %s, 0x%" PRIx32, src, f->a);
        ins(g, "ISETP.%s P%u, R3, 0x%" PRIx32, cmp_names[f->cmp], p, f->b);
        break;
    case PF_ADD:
        ins(g, "IADD R3, %s, 0x%" PRIx32, src, f->a);
        ins(g, "ISETP.%s P%u, R3, 0x%" PRIx32, cmp_names[f->cmp], p, f->b);
        break;
    default: {                   /* PF_LDC: the bound comes from constant memory */
        unsigned bank, off;
        const_alloc(g, 1, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = 0x%" PRIx32, bank, off, f->b);
        ins(g, "LDC R3, c[0x%x][0x%x]", bank, off);
        ins(g, "ISETP.%s P%u, %s, R3", cmp_names[f->cmp], p, src);
        break;
    }
    }
}

/* a random predicate over `src` */
static pform pf_random(gen *g, unsigned src)
{
    rng *r = &g->r;
    pform f;
    f.src = (uint8_t)src;
    f.kind = (uint8_t)rng_below(r, PF_KINDS);
    f.cmp = (uint8_t)rng_below(r, 6);
    const uint32_t range = src == SRC_WARP ? g->nwarps : src == SRC_TID ? g->threads : 32;
    f.a = 0;
    switch (f.kind) {
    case PF_AND:
        f.a = src == SRC_WARP ? 1 + rng_below(r, 7) : 1 + rng_below(r, 31);
        f.b = rng_below(r, f.a + 1) & f.a;
        break;
    case PF_BIT:
        f.a = rng_below(r, src == SRC_WARP ? 3 : 5);
        f.b = rng_below(r, 2);
        f.cmp = rng_below(r, 2) ? CMP_EQ : CMP_NE;
        break;
    case PF_XOR:
        f.a = rng_below(r, range + 1);
        f.b = rng_below(r, range + 1);
        break;
    case PF_ADD:
        f.a = rng_pct(r, 30) ? (uint32_t)(0u - (1 + rng_below(r, 8))) : rng_below(r, 16);
        f.b = f.a + rng_below(r, range + 1);
        break;
    default:
        f.b = rng_below(r, range + 1);
        break;
    }
    return f;
}

/* a predicate that splits the current lanes of some warp, if one is found;
 * mostly from the lane id, sometimes the thread id or the warp id */
static pform pf_split(gen *g, const ctx *c)
{
    pform f = { 0 };
    for (int tries = 0; tries < 8; tries++) {
        unsigned k = rng_below(&g->r, 20);
        unsigned src = k < 15 ? SRC_LANE : k < 18 ? SRC_TID : SRC_WARP;
        f = pf_random(g, src);
        for (unsigned w = 0; w < g->nwarps; w++) {
            uint32_t m = pf_mask(&f, w);
            if ((c->cur[w] & m) && (c->cur[w] & ~m))
                return f;
        }
    }
    return f;
}

/* a warp-uniform predicate (from the warp id) */
static pform pf_warp(gen *g)
{
    pform f = pf_random(g, SRC_WARP);
    if (f.kind == PF_LDC && rng_pct(&g->r, 50))
        f.kind = PF_CMP;
    return f;
}

static unsigned ptemp(gen *g) { return rng_below(&g->r, 4); }   /* P0..P3 */

/* the jump/guard set of a predicate register over the current lanes */
static void pf_masks(const pform *f, const gen *g, int neg, uint32_t out[MAXW])
{
    for (unsigned w = 0; w < g->nwarps; w++)
        out[w] = neg ? ~pf_mask(f, w) : pf_mask(f, w);
}

/* ---- helpers ------------------------------------------------------------- */

static const char *dreg(gen *g, char buf[8])
{
    snprintf(buf, 8, "R%u", R_DATA + rng_below(&g->r, N_DATA));
    return buf;
}

/* a source register: ids, data, RZ */
static const char *sreg(gen *g, char buf[8])
{
    unsigned k = rng_below(&g->r, 12);
    if (k < 3)
        snprintf(buf, 8, "R%u", k);
    else if (k == 3)
        snprintf(buf, 8, "RZ");
    else
        snprintf(buf, 8, "R%u", R_DATA + (k - 4));
    return buf;
}

static uint32_t imm32(gen *g)
{
    switch (rng_below(&g->r, 4)) {
    case 0:  return rng_below(&g->r, 16);
    case 1:  return rng_below(&g->r, 0x1000);
    case 2:  return (uint32_t)rng_next(&g->r);
    default: return 0xffffffffu - rng_below(&g->r, 16);
    }
}

/* "@P3 " / "@!P1 " / "" */
static const char *guard(gen *g, char buf[8], unsigned pct)
{
    if (!rng_pct(&g->r, pct))
        return "";
    snprintf(buf, 8, "@%sP%u ", rng_below(&g->r, 2) ? "!" : "", rng_below(&g->r, 7));
    return buf;
}

/* the class whose instructions a @!PT helper of kind k shows: a class with
 * weight 0 shows none of its instructions */
static const uint8_t never_class[12] = {
    WR_GEN_IFELSE, WR_GEN_WARPSYNC, WR_GEN_YIELD, WR_GEN_EXIT, WR_GEN_SLEEP, WR_GEN_BARRIER,
    WR_GEN_TRAP, WR_GEN_LOOP, WR_GEN_IFELSE, WR_GEN_BMOV, WR_GEN_BSTATE, WR_GEN_TRAP,
};

/* instructions of the seed that are never executed (@!PT): their decoding
 * and the "pmask == 0" path of each */
static void helper_never(gen *g)
{
    rng *r = &g->r;
    unsigned b = rng_below(r, 16);
    unsigned k = rng_below(r, 12);
    if (!g->o.weight[never_class[k]]) {
        ins(g, "NOP");
        return;
    }
    switch (k) {
    case 0:  ins(g, "@!PT BSYNC B%u", b); break;
    case 1:  ins(g, "@!PT WARPSYNC 0x%" PRIx32, (uint32_t)rng_next(r)); break;
    case 2:  ins(g, "@!PT YIELD"); break;
    case 3:  ins(g, "@!PT EXIT"); break;
    case 4:  ins(g, "@!PT NANOSLEEP 0x%x", rng_below(r, 1000)); break;
    case 5: {
        unsigned cnt = 32 * rng_below(r, 8);
        if (g->o.profile == WR_PROFILE_PTX)
            ins(g, "@!PT barrier.sync 0x%x, 0x%x", b, cnt);
        else if (g->o.profile == WR_PROFILE_VISA)
            ins(g, "@!PT NBARRIER.signal 0x%x, 0x%x", b, cnt / 32 + 1);
        else
            ins(g, "@!PT BAR.SYNC 0x%x, 0x%x", b, cnt);
        break;
    }
    case 6:  ins(g, "@!PT TRAP 0x%x", rng_below(r, 256)); break;
    case 7:  ins(g, "@!PT BREAK B%u", b); break;
    case 8:  ins(g, "@!PT BSSY B%u", b); break;
    case 9:  ins(g, "@!PT BMOV B%u, R%u", b, R_DATA + rng_below(r, N_DATA)); break;
    case 10: {
        unsigned d = R_DATA + rng_below(r, N_DATA);
        if (g->o.profile == WR_PROFILE_PTX)
            ins(g, "@!PT barrier.red.popc.u32 R%u, 0x%x, P0", d, b);
        else if (g->o.profile == WR_PROFILE_VISA)
            ins(g, "@!PT NBARRIER.wait R%u", d);
        else
            ins(g, "@!PT R2B.BAR 0x%x, R%u", b, d);
        break;
    }
    default: ins(g, "@!PT %s", rng_below(r, 2) ? "SYSCALL" : "RTT"); break;
    }
}

/* one helper instruction writing a data register (or P6, a data UR) */
static void helper1(gen *g, const ctx *c)
{
    rng *r = &g->r;
    char gb[8], d[8], a[8], b[8];
    const char *gd = guard(g, gb, 25);
    static const char *const srs[] = { "SR_LANEID", "SR_TID", "SR_WARPID" };
    static const char *const lops[] = { "AND", "OR", "XOR" };
    switch (rng_below(r, 16)) {
    case 0:
        ins(g, "%sNOP", gd);
        break;
    case 1:
        ins(g, "%sS2R %s, %s", gd, dreg(g, d), srs[rng_below(r, 3)]);
        break;
    case 2:
        ins(g, "%sMOV %s, 0x%" PRIx32, gd, dreg(g, d), imm32(g));
        break;
    case 3:
        ins(g, "%sMOV %s, %s", gd, dreg(g, d), sreg(g, a));
        break;
    case 4:
    case 5:
        if (rng_below(r, 2))
            ins(g, "%sIADD %s, %s, %s", gd, dreg(g, d), sreg(g, a), sreg(g, b));
        else
            ins(g, "%sIADD %s, %s, 0x%" PRIx32, gd, dreg(g, d), sreg(g, a), imm32(g));
        break;
    case 6:
    case 7:
        if (rng_below(r, 2))
            ins(g, "%sLOP.%s %s, %s, %s", gd, lops[rng_below(r, 3)], dreg(g, d), sreg(g, a), sreg(g, b));
        else
            ins(g, "%sLOP.%s %s, %s, 0x%" PRIx32, gd, lops[rng_below(r, 3)], dreg(g, d), sreg(g, a), imm32(g));
        break;
    case 8:
        ins(g, "%s%s %s, %s, 0x%x", gd, rng_below(r, 2) ? "SHL" : "SHR", dreg(g, d), sreg(g, a),
            rng_below(r, 40));
        break;
    case 9:
        if (rng_below(r, 2))
            ins(g, "%sISETP.%s P6, %s, %s", gd, cmp_names[rng_below(r, 6)], sreg(g, a), sreg(g, b));
        else
            ins(g, "%sISETP.%s P6, %s, 0x%" PRIx32, gd, cmp_names[rng_below(r, 6)], sreg(g, a), imm32(g));
        break;
    case 10:
        ins(g, "%sUMOV UR%u, 0x%" PRIx32, gd, 8 + rng_below(r, 8), imm32(g));
        break;
    case 11: {
        unsigned k = rng_below(r, 4);
        ins(g, "%sLDC %s, c[0x%x][0x%x]", gd, dreg(g, d), g->data_const[k][0], g->data_const[k][1]);
        break;
    }
    case 12:
        if (g->o.weight[WR_GEN_BMOV]) {
            ins(g, "%sBMOV %s, B%u", gd, dreg(g, d), rng_below(r, 16));
            break;
        }
        /* fall through */
    case 13:
        if (c->fdepth == 0 && !c->straight && g->o.weight[WR_GEN_BSTATE] &&
            (g->o.profile == WR_PROFILE_NATIVE || g->o.profile == WR_PROFILE_SASS)) {
            /* WarpBARState of this warp: per warp, deterministic */
            ins(g, "%sB2R.WARP %s%s", gd, dreg(g, d), rng_below(r, 2) ? "" : ", 0x3");
            break;
        }
        /* fall through */
    case 14:
        helper_never(g);
        break;
    default:
        ins(g, "%sIADD %s, %s, 0x1", gd, dreg(g, d), sreg(g, a));
        break;
    }
}

static void helpers(gen *g, const ctx *c, unsigned n)
{
    while (n--)
        helper1(g, c);
}

/* ---- contexts ------------------------------------------------------------ */

/* B register of a new region, or -1 when none is free */
static int alloc_b(gen *g, const ctx *c)
{
    if (c->fdepth) {
        if (c->fb >= 2)
            return -1;
        g->fuse |= 1u << c->fb;
        return c->fb;
    }
    if (*c->bnext >= 16)
        return -1;
    return (*c->bnext)++;
}

static ctx child(const ctx *c, int breg)
{
    ctx k = *c;
    k.top = 0;
    k.depth = (uint8_t)(c->depth + 1);
    if (breg >= 0) {
        k.encl |= (uint16_t)(1u << breg);
        if (c->fdepth)
            k.fb = (uint8_t)(breg + 1);
    }
    return k;
}

static void restrict_cur(gen *g, ctx *c)
{
    for (unsigned w = 0; w < g->nwarps; w++)
        c->cur[w] &= g->valid[w];
}

/* X with cur[w] == X & valid[w] for every warp that runs this code: a
 * uniform WARPSYNC membermask; 0 if there is none */
static int consistent(const gen *g, const ctx *c, uint32_t *x)
{
    uint32_t u = 0;
    for (unsigned w = 0; w < g->nwarps; w++)
        u |= c->cur[w];
    for (unsigned w = 0; w < g->nwarps; w++)
        if (c->cur[w] && c->cur[w] != (u & g->valid[w]))
            return 0;
    *x = u;
    return u != 0;
}

static unsigned live_warps(const gen *g)
{
    unsigned n = 0;
    for (unsigned w = 0; w < g->nwarps; w++)
        n += g->valid[w] != 0;
    return n;
}

static void block(gen *g, ctx *c, int budget);

/* ---- WARPSYNC ------------------------------------------------------------- */

/* A WARPSYNC whose membermask is the uniform mask x, in one of its forms.
 * Lanes that wait at a WARPSYNC execute it again later, after other lanes of
 * the warp ran: a UR operand is one that no other code of the tree writes
 * (a uniform register is per warp, not per lane). */
static void warpsync_uniform(gen *g, const ctx *c, uint32_t x)
{
    rng *r = &g->r;
    unsigned form = rng_below(r, 6);
    unsigned u = 0;
    if (form == 2 || form == 3) {
        if (c->unext && *c->unext <= 62)
            u = (unsigned)(*c->unext)++;
        else
            form = 0;
    }
    switch (form) {
    case 0:
    case 1:
        ins(g, "WARPSYNC 0x%08" PRIx32, x);
        break;
    case 2:
        ins(g, "UMOV UR%u, 0x%08" PRIx32, u, x);
        ins(g, "WARPSYNC UR%u", u);
        break;
    case 3:
        ins(g, "UMOV UR%u, 0x%08" PRIx32, u, ~x);
        ins(g, "WARPSYNC ~UR%u", u);
        break;
    default: {
        unsigned bank, off, inv = rng_below(r, 2);
        const_alloc(g, 1, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = 0x%08" PRIx32, bank, off, inv ? ~x : x);
        ins(g, "WARPSYNC %sc[0x%x][0x%x]", inv ? "~" : "", bank, off);
        break;
    }
    }
}

/* the per-lane form: groups of `gsz` aligned lanes, each lane's mask its
 * group's lanes within x; then WARPSYNC x gathers the groups again */
static void warpsync_per_lane(gen *g, const ctx *c, uint32_t x)
{
    rng *r = &g->r;
    static const unsigned sizes[] = { 4, 8, 16, 32 };
    unsigned gsz = sizes[rng_below(r, 4)];
    int inv = rng_below(r, 3) == 0;
    unsigned p = ptemp(g);
    for (unsigned j = 0; j < 32 / gsz; j++) {
        uint32_t blk = gsz == 32 ? 0xffffffffu : ((1u << gsz) - 1) << (j * gsz);
        uint32_t m = blk & x;
        if (j > 0 && m == 0)
            continue;
        if (inv)
            m = ~m;
        if (j == 0) {
            ins(g, "MOV R%u, 0x%08" PRIx32, R_T1, m);
        } else {
            ins(g, "ISETP.GE P%u, R0, 0x%x", p, j * gsz);
            ins(g, "@P%u MOV R%u, 0x%08" PRIx32, p, R_T1, m);
        }
    }
    ins(g, "WARPSYNC %sR%u", inv ? "~" : "", R_T1);
    helpers(g, c, rng_below(r, 3));
    warpsync_uniform(g, c, x);
}

/* ---- statements ------------------------------------------------------------ */

/* the lanes a branch sends where: jump[w] (to the target) from the splitter */
typedef struct split {
    uint32_t jump[MAXW];
} split;

/* Emit the predicate and a partial branch to `target`; fill s->jump.  The
 * branch is one of: @P BRA, @!P BRA, BRA {!}P (Pp), @P BRA {!}Q, @P BRA.DIV,
 * @P BRA.U. */
static void splitter(gen *g, const ctx *c, unsigned target, split *s)
{
    rng *r = &g->r;
    pform f = pf_split(g, c);
    unsigned p = ptemp(g);
    pf_emit(g, &f, p);
    uint32_t m[MAXW], q[MAXW];
    int neg = rng_below(r, 2);
    pf_masks(&f, g, neg, m);
    unsigned kind = rng_below(r, 10);
    if (kind == 7) {             /* a second predicate as Pp */
        pform f2 = pf_split(g, c);
        unsigned p2 = (p + 1 + rng_below(r, 3)) % 4;
        pf_emit(g, &f2, p2);
        int neg2 = rng_below(r, 2);
        pf_masks(&f2, g, neg2, q);
        ins(g, "@%sP%u BRA %sP%u, `(.L%u)", neg ? "!" : "", p, neg2 ? "!" : "", p2, target);
        for (unsigned w = 0; w < g->nwarps; w++)
            s->jump[w] = c->cur[w] & m[w] & q[w];
        return;
    }
    if (kind == 8) {             /* BRA.DIV: jumps only if the warp is divergent */
        ins(g, "@%sP%u BRA.DIV `(.L%u)", neg ? "!" : "", p, target);
        for (unsigned w = 0; w < g->nwarps; w++) {
            uint32_t pm = c->cur[w] & m[w];
            s->jump[w] = pm != g->valid[w] ? pm : 0;
        }
        return;
    }
    if (kind == 9) {             /* BRA.U: all active lanes or none */
        ins(g, "@%sP%u BRA.U `(.L%u)", neg ? "!" : "", p, target);
        for (unsigned w = 0; w < g->nwarps; w++) {
            uint32_t pm = c->cur[w] & m[w];
            s->jump[w] = pm == c->cur[w] ? pm : 0;
        }
        return;
    }
    if (kind >= 5)
        ins(g, "BRA %sP%u, `(.L%u)", neg ? "!" : "", p, target);
    else
        ins(g, "@%sP%u BRA `(.L%u)", neg ? "!" : "", p, target);
    for (unsigned w = 0; w < g->nwarps; w++)
        s->jump[w] = c->cur[w] & m[w];
}

/* May the lanes `e` (per warp) exit?  Warp 0 keeps at least half of its lanes. */
static int exit_ok(const gen *g, const uint32_t e[MAXW])
{
    if (g->nexits >= MAX_EXITS)
        return 0;
    uint32_t v0 = g->valid[0], after = v0 & ~e[0];
    return after != 0 && 2 * popc(after) >= popc(v0);
}

static void do_exit(gen *g, const uint32_t e[MAXW])
{
    for (unsigned w = 0; w < g->nwarps; w++) {
        if (g->valid[w] && !(g->valid[w] & ~e[w]))
            g->died = 1;
        g->valid[w] &= ~e[w];
    }
    g->nexits++;
}

/* after a phase every live warp waited on: with cnt == 0 it also waited for
 * every warp that exited, so every earlier phase has completed */
static void separated(gen *g, unsigned cnt)
{
    if (cnt == 0 || !g->died) {
        g->bar_used = g->bar_read = 0;
        g->died = 0;
    }
}

/* a branch body: a block, sometimes ending with EXIT of all its lanes */
static void branch_body(gen *g, ctx *b, int budget)
{
    block(g, b, budget);
    restrict_cur(g, b);
    if (b->exact && b->allow_exit && !b->in_yield && g->o.weight[WR_GEN_EXIT] &&
        rng_below(&g->r, 100) < 4 * g->o.weight[WR_GEN_EXIT] && exit_ok(g, b->cur)) {
        switch (rng_below(&g->r, 3)) {
        case 0: ins(g, "EXIT"); break;
        case 1: ins(g, "EXIT PT"); break;
        default: ins(g, "@PT EXIT"); break;
        }
        do_exit(g, b->cur);
        memset(b->cur, 0, sizeof b->cur);
        b->ended = 1;
    }
}

static int body_ended(const ctx *b) { return b->ended; }

/* BSSY Bk of the region's lanes: one unguarded BSSY, or (one time in four)
 * two guarded by P and !P, each adding its lanes to Bk (N-20: Bn |= pmask) */
static void bssy(gen *g, const ctx *c, int k, unsigned ljoin)
{
    if (!rng_pct(&g->r, 25)) {
        ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
        return;
    }
    pform f = pf_split(g, c);
    unsigned p = ptemp(g);
    pf_emit(g, &f, p);
    int neg = rng_below(&g->r, 2);
    ins(g, "@%sP%u BSSY B%d, `(.L%u)", neg ? "!" : "", p, k, ljoin);
    ins(g, "@%sP%u BSSY B%d, `(.L%u)", neg ? "" : "!", p, k, ljoin);
}

static int share(gen *g, int budget, unsigned parts)
{
    int per = budget / (int)parts;
    return per < 1 ? 1 : 1 + (int)rng_below(&g->r, (uint32_t)per);
}

/* if/else or if-then region, joined by BSYNC or (exact lanes) WARPSYNC */
static void st_ifelse(gen *g, ctx *c, int budget)
{
    rng *r = &g->r;
    uint32_t x = 0;
    int ws = c->exact && consistent(g, c, &x) && g->o.weight[WR_GEN_WARPSYNC] &&
             rng_below(r, 100) < 3 * g->o.weight[WR_GEN_WARPSYNC];
    int k = ws ? -1 : alloc_b(g, c);
    if (!ws && k < 0) {
        helper1(g, c);
        return;
    }
    unsigned ljoin = newlab(g), lelse = newlab(g);
    int then_only = rng_pct(r, 25);
    if (!ws)
        bssy(g, c, k, ljoin);
    split s;
    splitter(g, c, lelse, &s);
    ctx t = child(c, k), e = child(c, k);
    for (unsigned w = 0; w < g->nwarps; w++) {
        t.cur[w] = c->cur[w] & ~s.jump[w];
        e.cur[w] = s.jump[w];
    }
    if (then_only) {
        /* the skipping lanes land on a helper before the join, never on the BSYNC */
        block(g, &t, share(g, budget, 1));
        label(g, lelse);
        helper1(g, &e);
    } else {
        branch_body(g, &t, share(g, budget, 2));
        if (!body_ended(&t))
            ins(g, rng_pct(r, 20) ? "BRA.U `(.L%u)" : "BRA `(.L%u)", ljoin);
        label(g, lelse);
        branch_body(g, &e, share(g, budget, 2));
    }
    label(g, ljoin);
    restrict_cur(g, c);
    if (!ws) {
        ins(g, "BSYNC B%d", k);
    } else if (rng_pct(r, 40)) {
        warpsync_per_lane(g, c, x);
    } else {
        warpsync_uniform(g, c, x);
    }
}

/* a loop with a lane-dependent trip count 1..4, left by BREAK + BRA */
static void st_loop(gen *g, ctx *c, int budget)
{
    rng *r = &g->r;
    unsigned lvl = c->loop + (c->fdepth ? 2u : 0u);
    int k = alloc_b(g, c);
    if (k < 0 || c->loop >= MAX_LOOPS) {
        helper1(g, c);
        return;
    }
    unsigned cnt = R_LOOP + 2 * lvl, trip = cnt + 1;
    unsigned lafter = newlab(g), lloop = newlab(g);
    ins(g, "BSSY B%d, `(.L%u)", k, lafter);
    ins(g, rng_below(r, 2) ? "MOV R%u, 0x0" : "MOV R%u, RZ", cnt);
    switch (rng_below(r, 5)) {
    case 0:
        ins(g, "LOP.AND R%u, R0, 0x3", trip);
        ins(g, "IADD R%u, R%u, 0x1", trip, trip);
        break;
    case 1:
        ins(g, "SHR R%u, R0, 0x%x", trip, 1 + rng_below(r, 3));
        ins(g, "LOP.AND R%u, R%u, 0x3", trip, trip);
        ins(g, "IADD R%u, R%u, 0x1", trip, trip);
        break;
    case 2: {
        unsigned bank, off;
        const_alloc(g, 1, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = 0x%x", bank, off, 1 + rng_below(r, 3));
        ins(g, "LDC R%u, c[0x%x][0x%x]", trip, bank, off);
        break;
    }
    case 3:
        ins(g, "LOP.XOR R%u, R2, 0x%x", trip, rng_below(r, 32));
        ins(g, "LOP.AND R%u, R%u, 0x3", trip, trip);
        ins(g, "IADD R%u, R%u, 0x1", trip, trip);
        break;
    default:
        ins(g, "MOV R%u, 0x%x", trip, 1 + rng_below(r, 3));
        break;
    }
    label(g, lloop);
    ctx b = child(c, k);
    b.loop = (uint8_t)(c->loop + 1);
    b.exact = 0;                 /* the lanes change from one iteration to the next */
    block(g, &b, share(g, budget, 1));
    ins(g, "IADD R%u, R%u, 0x1", cnt, cnt);
    unsigned p = ptemp(g);
    int inv = rng_below(r, 2);
    ins(g, "ISETP.%s P%u, R%u, R%u", inv ? "LT" : "GE", p, cnt, trip);
    if (rng_below(r, 2))
        ins(g, "@%sP%u BREAK B%d", inv ? "!" : "", p, k);
    else
        ins(g, "BREAK %sP%u, B%d", inv ? "!" : "", p, k);
    if (rng_below(r, 2))
        ins(g, "@%sP%u BRA `(.L%u)", inv ? "!" : "", p, lafter);
    else
        ins(g, "BRA %sP%u, `(.L%u)", inv ? "!" : "", p, lafter);
    ins(g, "BRA `(.L%u)", lloop);
    label(g, lafter);
    ins(g, "BSYNC B%d", k);
    restrict_cur(g, c);
}

/* a jump table: per lane (BRX R + a constant table read by guarded LDCs),
 * uniform register (BRX UR), constant (BRX c[][]); 2..4 cases */
static void st_brx(gen *g, ctx *c, int budget)
{
    rng *r = &g->r;
    int k = alloc_b(g, c);
    if (k < 0) {
        helper1(g, c);
        return;
    }
    unsigned ncase = 2 + rng_below(r, 3);
    unsigned lcase[4], ljoin = newlab(g);
    for (unsigned i = 0; i < ncase; i++)
        lcase[i] = newlab(g);
    unsigned map[4];             /* index -> case */
    for (unsigned i = 0; i < 4; i++)
        map[i] = i < ncase ? i : rng_below(r, ncase);
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    uint32_t sets[4][MAXW];
    memset(sets, 0, sizeof sets);
    unsigned form = rng_below(r, 6);
    if (form == 3)               /* guarded: the jumpers never target case 0, the
                                    fall-through address, or case 0 would run twice,
                                    by two groups of lanes at different times */
        for (unsigned i = 0; i < 4; i++)
            map[i] = 1 + (i + 1 < ncase ? i : rng_below(r, ncase - 1));
    if (form < 4) {              /* per lane */
        unsigned shift = rng_below(r, 4);
        if (shift)
            ins(g, "SHR R3, R0, 0x%x", shift);
        ins(g, "LOP.AND R3, %s, 0x3", shift ? "R3" : "R0");
        unsigned bank, off;
        const_alloc(g, 4, &bank, &off);
        /* the table holds offsets from .L_base (>= 0) or, one time in two,
         * from the join label after the cases (< 0: BRX sign-extends, N-15) */
        char base[16] = ".L_base";
        if (rng_below(r, 2))
            snprintf(base, sizeof base, ".L%u", ljoin);
        cline(g, ".const c[0x%x][0x%x] = (.L%u - %s), (.L%u - %s), (.L%u - %s), (.L%u - %s)",
              bank, off, lcase[map[0]], base, lcase[map[1]], base, lcase[map[2]], base, lcase[map[3]], base);
        unsigned p = ptemp(g);
        for (unsigned i = 0; i < 4; i++) {
            ins(g, "ISETP.EQ P%u, R3, 0x%x", p, i);
            ins(g, "@P%u LDC R%u, c[0x%x][0x%x]", p, R_T1, bank, off + 4 * i);
        }
        uint32_t gm[MAXW];
        int guarded = form == 3;
        if (guarded) {           /* lanes with a false guard fall through to case 0 */
            pform f = pf_split(g, c);
            unsigned q = (p + 1) % 4;
            pf_emit(g, &f, q);
            pf_masks(&f, g, 0, gm);
            ins(g, "@P%u BRX R%u, `((%s - .) - 0x10)", q, R_T1, base);
        } else {
            ins(g, "BRX R%u, `((%s - .) - 0x10)", R_T1, base);
        }
        for (unsigned w = 0; w < g->nwarps; w++)
            for (unsigned l = 0; l < 32; l++) {
                if (!(c->cur[w] >> l & 1))
                    continue;
                unsigned cs = map[(l >> shift) & 3];
                if (guarded && !(gm[w] >> l & 1))
                    cs = 0;
                sets[cs][w] |= 1u << l;
            }
    } else {                     /* uniform: every lane to one case */
        unsigned to = rng_below(r, ncase);
        if (form == 4) {
            unsigned u = rng_below(r, 4);
            ins(g, "UMOV UR%u, {%u}", u, lcase[to]);
            ins(g, "BRX UR%u, `((.L_base - .) - 0x10)", u);
        } else {
            unsigned bank, off;
            const_alloc(g, 1, &bank, &off);
            cline(g, ".const c[0x%x][0x%x] = (.L%u - .L%u)", bank, off, lcase[to], lcase[0]);
            ins(g, "BRX c[0x%x][0x%x]", bank, off);
        }
        memcpy(sets[to], c->cur, sizeof sets[to]);
    }
    for (unsigned i = 0; i < ncase; i++) {
        label(g, lcase[i]);
        ctx b = child(c, k);
        memcpy(b.cur, sets[i], sizeof b.cur);
        branch_body(g, &b, share(g, budget, ncase));
        if (i + 1 < ncase && !body_ended(&b))
            ins(g, "BRA `(.L%u)", ljoin);
    }
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    restrict_cur(g, c);
}

/* ---- edge stimulus (native only; docs/gen.md "Edge stimulus") -------------
 * Shapes for the corners of a design the other statements never reach: the
 * last uniform register read as a pair, a constant pair at the bank's last
 * word, a reduction sum at the width of the accumulator, a program that runs
 * off its end.  Their choices come from the stream g->e alone. */

static int edge_on(const gen *g) { return g->o.profile == WR_PROFILE_NATIVE; }

/* CALL.ABS UR[62:63] (one call in four, in place of the form drawn unless
 * that is a LEPC R[30:31] one): UR62 the target, the
 * high half URZ (N-61).  UR0 is written first: in a flat file of 63 uniform
 * registers a warp, the one after UR62 is the next warp's UR0, so a design
 * that reads one register too far sees a high word there.  No WARPSYNC of
 * this top-level tree takes UR62 after it. */
static int edge_call_ur62(gen *g, const ctx *c, unsigned flabel, const char *gb)
{
    if (!edge_on(g) || rng_below(&g->e, 4) || (c->unext && *c->unext > 62))
        return 0;
    if (c->unext)
        *c->unext = 63;
    ins(g, "UMOV UR0, 0x%08" PRIx32, 1 + rng_below(&g->e, 0xfffffffeu));
    ins(g, "UMOV UR62, {%u}", flabel);
    ins(g, "%sCALL.ABS UR[62:63]", gb);
    return 1;
}

/* The pair a LEPC + CALL through a GPR pair uses: R[30:31], or (one time in
 * two) R[62:63], the last pair of a design that keeps 64 registers
 * (the testbenches' NR): a design that takes the pair's high register from
 * one register too far, or not at all, jumps elsewhere (with --wide-links
 * the high word carries bits).  Only the register number changes: the
 * program's addresses and every other line stay as they were. */
enum { R_EDGE_PAIR = 62 };
static unsigned edge_gpr_pair(gen *g)
{
    return edge_on(g) && rng_below(&g->q, 2) == 0 ? R_EDGE_PAIR : R_T1;
}

/* The high word of a uniform pair a call site sets with UMOV (UR[4:5] of
 * the CALL, UR[16:17]/UR[18:19] of a function's RET): 0, or (three times in
 * four) h = 1..0xffff, taken back by the CALL's or RET's offset (-h * 2^32):
 * a design that drops the high word of a uniform pair, or reads another
 * register for it, jumps elsewhere. */
static uint32_t edge_ur_high(gen *g)
{
    if (!edge_on(g) || rng_below(&g->q, 4) == 0)
        return 0;
    return 1 + rng_below(&g->q, 0xffff);
}

/* RET.REL c[0x1e][0xfff8] (the first function of a program that would
 * return through a uniform pair or a constant): the pair's high half, 0xffffffff (the call
 * site is before the function), is the bank's last word, 0xfffc; a design
 * that takes the word after the bank for it, or 0, returns elsewhere. */
static int edge_ret_cbank_end(gen *g, unsigned ret_label)
{
    if (!edge_on(g) || g->cedge)
        return 0;
    g->cedge = 1;
    const unsigned lret = newlab(g);
    cline(g, ".const c[0x1e][0xfff8] = (.L%u - .L%u - 0x10), 0xffffffff", ret_label, lret);
    label(g, lret);
    ins(g, "RET.REL c[0x1e][0xfff8]");
    return 1;
}

/* the lowest warp with lanes here, and an idle barrier no other use has
 * claimed since the last separator (-1: none) */
static int edge_bar(gen *g, const ctx *c, unsigned *w0)
{
    const uint16_t busy = g->bar_used | g->bar_read;
    *w0 = 0;
    while (*w0 < g->nwarps && !(g->valid[*w0] & c->cur[*w0]))
        (*w0)++;
    if (popc(busy) >= 12 || *w0 >= g->nwarps)
        return -1;
    return idle_bar(&g->e, busy);
}

/* After a bstate statement at the top level (one in two): the lowest live
 * warp restores a POPC reduction in progress on an idle barrier (k - 1 of k
 * warps arrived) and completes it with every active lane; the accumulator is
 * chosen so that the sum is 2047, 2048 (one bit wider than the accumulator)
 * or more: it saturates at 2047 (N-36).  BAR.RESULT reads it back. */
static void edge_red_saturate(gen *g, const ctx *c)
{
    rng *e = &g->e;
    unsigned w0;
    int b;
    if (!edge_on(g) || !c->top || rng_below(e, 2) || (b = edge_bar(g, c, &w0)) < 0)
        return;
    const unsigned k = 1 + rng_below(e, 4);
    const unsigned lanes = popc(g->valid[w0] & c->cur[w0]);
    const unsigned pick = rng_below(e, 4);
    const unsigned target = pick < 2 ? 2048 : pick == 2 ? 2047 : 2049 + rng_below(e, 64);
    unsigned acc = target > lanes ? target - lanes : 0;
    if (acc > 2047)
        acc = 2047;
    const uint32_t word = (k - 1) | k << 6 | 2u << 13 | (uint32_t)WR_REDOP_POPC << 15 | acc << 17;
    const unsigned p = rng_below(e, 4);
    ins(g, "ISETP.EQ P%u, R1, 0x%x", p, w0);
    ins(g, "MOV R%u, 0x%08" PRIx32, R_BAR, word);
    ins(g, "@P%u R2B.BAR 0x%x, R%u", p, b, R_BAR);
    ins(g, "@P%u BAR.RED.POPC 0x%x, 0x%x, PT", p, b, 32 * k);
    ins(g, "@P%u BAR.RESULT R%u, P6", p, R_DATA + rng_below(e, N_DATA));
    g->bar_used |= (uint16_t)(1u << b);
    g->bar_read |= (uint16_t)(1u << b);
}

/* After a bstate statement at the top level (one in two): the lowest live
 * warp writes to an idle barrier a cnt-0 SYNC phase that counts every warp of
 * the CTA as arrived, runs a helper and writes the barrier idle again.  Only a
 * full exit re-checks a cnt-0 phase (N-33): a design that re-checked at any
 * other instruction would complete it there (its record's barrier word). */
static void edge_done_word(gen *g, const ctx *c)
{
    rng *e = &g->e;
    unsigned w0;
    int b;
    if (!edge_on(g) || !c->top || rng_below(e, 2) || (b = edge_bar(g, c, &w0)) < 0)
        return;
    const unsigned p = rng_below(e, 4);
    ins(g, "ISETP.EQ P%u, R1, 0x%x", p, w0);
    ins(g, "MOV R%u, 0x%08" PRIx32, R_BAR, (uint32_t)g->nwarps | 1u << 13);
    ins(g, "@P%u R2B.BAR 0x%x, R%u", p, b, R_BAR);
    ins(g, "MOV R%u, 0x%08" PRIx32, R_DATA + rng_below(e, N_DATA), (uint32_t)rng_next(e));
    ins(g, "@P%u R2B.BAR 0x%x, RZ", p, b);
    g->bar_used |= (uint16_t)(1u << b);
    g->bar_read |= (uint16_t)(1u << b);
}

/* After a bstate statement at the top level (one in two): WarpBARState
 * written by R2B.WARP (the defined bit 28 set or not: a result of AND/OR,
 * POPC or none), BAR.RESULT of a lane subset leaves undefined lanes in Rd
 * (and P6), and every helper that reads a register reads them; then helpers
 * whose write enables are all zero (a guard no lane holds) and partial. */
static void edge_undef(gen *g, const ctx *c)
{
    rng *e = &g->e;
    if (!edge_on(g) || !c->top || rng_below(e, 2))
        return;
    static const char *const lops[] = { "AND", "OR", "XOR" };
    const unsigned p = rng_below(e, 4), q = (p + 1) % 4;
    const unsigned u = R_DATA + rng_below(e, N_DATA);
    unsigned d = R_DATA + rng_below(e, N_DATA);
    const uint32_t op = rng_below(e, 3), def = rng_below(e, 4) != 0;
    const uint32_t word = 2u << 13 | op << 15 | rng_below(e, 2048) << 17 | def << 28;
    ins(g, "ISETP.LT P%u, R0, 0x%x", p, 1 + rng_below(e, 31));
    ins(g, "MOV R%u, 0x%08" PRIx32, R_BAR, word);
    ins(g, "R2B.WARP R%u", R_BAR);
    ins(g, "@P%u BAR.RESULT R%u, P6", p, u);
    for (unsigned k = 0; k < 8; k++) {
        d = R_DATA + (d - R_DATA + 1 + rng_below(e, N_DATA - 1)) % N_DATA;
        const unsigned o = R_DATA + rng_below(e, N_DATA);
        switch (k) {
        case 0: ins(g, "MOV R%u, R%u", d, u); break;
        case 1: ins(g, "IADD R%u, R%u, 0x%x", d, u, rng_below(e, 0x100)); break;
        case 2: ins(g, "IADD R%u, R%u, R%u", d, o, u); break;
        case 3: ins(g, "LOP.%s R%u, R%u, R%u", lops[rng_below(e, 3)], d, u, o); break;
        case 4: ins(g, "LOP.%s R%u, R%u, 0x%08" PRIx32, lops[rng_below(e, 3)], d, u, (uint32_t)rng_next(e)); break;
        case 5: ins(g, "%s R%u, R%u, 0x%x", rng_below(e, 2) ? "SHL" : "SHR", d, u, rng_below(e, 40)); break;
        case 6: ins(g, "ISETP.%s P6, R%u, 0x%x", cmp_names[rng_below(e, 6)], u, rng_below(e, 0x800)); break;
        default: ins(g, "ISETP.%s P6, R%u, R%u", cmp_names[rng_below(e, 6)], o, u); break;
        }
    }
    /* write enables: no lane (lane id > 31), then the subset */
    ins(g, "ISETP.GT P%u, R0, 0x1f", q);
    ins(g, "@P%u MOV R%u, 0x%08" PRIx32, q, d, (uint32_t)rng_next(e));
    ins(g, "@P%u IADD R%u, R%u, 0x1", q, u, u);
    ins(g, "@P%u ISETP.EQ P6, R%u, 0x0", q, u);
    ins(g, "@!P%u LOP.XOR R%u, R%u, R%u", p, d, u, d);
    ins(g, "@P%u UMOV UR%u, 0x%08" PRIx32, q, 8 + rng_below(e, 8), (uint32_t)rng_next(e));
}

/* One time in two, the zero sleep below reads a register no program writes
 * (R61, UR7) instead of RZ/URZ: it reads 0 (N-04: registers start at 0), so
 * a design that returns anything else for an unwritten register sleeps.
 * From the register-pair shapes' stream: only that line's text changes. */
static int edge_unwritten(gen *g) { return rng_below(&g->q, 2) == 0; }

/* After a converged sleep at the top level (one in three): NANOSLEEP of
 * zero time (an immediate, RZ or URZ), or a cnt-0 BAR.SYNC of every live
 * warp (a separator) followed by a long NANOSLEEP of each: every live warp
 * asleep at once, nothing to issue until the first deadline. */
static void edge_sleep(gen *g, const ctx *c)
{
    rng *e = &g->e;
    if (!edge_on(g) || !c->top || rng_below(e, 3))
        return;
    switch (rng_below(e, 4)) {
    case 0: ins(g, "NANOSLEEP 0x0"); return;
    case 1: ins(g, edge_unwritten(g) ? "NANOSLEEP R61" : "NANOSLEEP RZ"); return;
    case 2: ins(g, edge_unwritten(g) ? "NANOSLEEP UR7" : "NANOSLEEP URZ"); return;
    default: break;
    }
    const uint16_t busy = g->bar_used | g->bar_read;
    if (popc(busy) >= 12 || live_warps(g) == 0)
        return;
    const unsigned b = (unsigned)idle_bar(e, busy);
    ins(g, "BAR.SYNC 0x%x, 0x0", b);
    g->bar_used |= (uint16_t)(1u << b);
    separated(g, 0);
    ins(g, "NANOSLEEP 0x%x", 500 + rng_below(e, 1000));
}

/* --exceptions: of the native programs that plant nothing, one in eight runs
 * off its last word instead of the final EXIT (a fetch fault, N-27): main
 * falls through when it is the last section, else it branches to the end. */
static void edge_fall_off(gen *g)
{
    if (g->ool.n == 0 && g->ool2.n == 0)
        return;
    g->end_label = newlab(g);
    ins(g, "BRA `(.L%u)", g->end_label);
}

static void gen_function(gen *g, func *f, unsigned depth, unsigned ret_label);

/* --wide-links: LEPC writes label + bias (both words of the pair carry
 * bits); the CALL/RET that use the pair take the bias back with their
 * offset.  Without it the text is as before: a single label, offset 0x0. */
static const char *lepc_bias(const gen *g, char buf[64])
{
    buf[0] = '\0';
    if (g->bias)                 /* `(.L - . + B)`: a displacement from the LEPC (N-17, N-60) */
        snprintf(buf, 64, " - . %c 0x%" PRIx64, g->bias < 0 ? '-' : '+',
                 g->bias < 0 ? (uint64_t)-g->bias : (uint64_t)g->bias);
    return buf;
}

static const char *abs_unbias(const gen *g, char buf[64])
{
    if (!g->bias)
        snprintf(buf, 64, "0x0");
    else
        snprintf(buf, 64, "%s0x%" PRIx64, g->bias > 0 ? "-" : "",
                 g->bias < 0 ? (uint64_t)-g->bias : (uint64_t)g->bias);
    return buf;
}

static const char *rel_unbias(const gen *g, char buf[64])
{
    buf[0] = '\0';
    if (g->bias)
        snprintf(buf, 64, " %c 0x%" PRIx64, g->bias > 0 ? '-' : '+',
                 g->bias < 0 ? (uint64_t)-g->bias : (uint64_t)g->bias);
    return buf;
}

/* ---- shapes for the stimulus holes (native only; docs/gen.md "Stimulus for
 * the holes") -----------------------------------------------------------------
 * Corners that mutants of the RTL stub survived because no generated program
 * reached them (rtl_stub/qualify-reasons.txt, "stimulus hole"; the kill
 * programs in rtl_stub/qualify-programs/).  Their choices come from the stream
 * g->h alone, so the statements around them draw what they drew before. */

enum {
    R_HOLE_PAIR = 40,            /* R[40:41]: the undefined-high-word pair (never else written) */
    CONST_BANK_BIG = 2,          /* the table of more than 128 constant words */
    BIG_TABLE = 128,             /* words of the RTL's constant table at fill step 2 (N 256) */
};

/* After the prologue's other holes (one program in four, native; a stream
 * of its own, so that no other choice moves): constant words no .const
 * writes read 0 (N-54).  LDC Rd of a word of bank 1, which nothing else of
 * the generator uses; with the call weight, one time in two, CALL.ABS
 * through a pair of bank 1 whose low word alone is written, the address of
 * the next instruction (the high word reads 0: the call lands there, its
 * return address never used).  A design that keeps a stale or default value
 * on a read port that finds no word gets the LDC's value or the target's
 * high word wrong. */
static void hole_unwritten_const(gen *g)
{
    rng u;
    rng_seed(&u, g->o.seed ^ UINT64_C(0x756e7772636f6e73));   /* "unwrcons" */
    if (!edge_on(g) || rng_below(&u, 4))
        return;
    ins(g, "LDC R%u, c[0x1][0x%x]", R_DATA + rng_below(&u, N_DATA), 4 * rng_below(&u, 64));
    if (g->o.weight[WR_GEN_CALL] && rng_below(&u, 2)) {
        const unsigned l = newlab(g), off = 8 * (32 + rng_below(&u, 32));
        cline(g, ".const c[0x1][0x%x] = (.L%u - .L_base)", off, l);
        ins(g, "CALL.ABS c[0x1][0x%x]", off);
        label(g, l);
    }
}

/* After the prologue, each one time in three (independently):
 * - a word at c[0x0][0x0] (word address 0) read by LDC;
 * - a table of 129..160 words in bank 2 read past its 128th word by LDC;
 * - SHL or SHR by exactly 32 of a register just written non-zero (N-54: 0);
 * - lane 0 alone: `@P B2R.WARP Rd` of the undefined WarpBARState (N-39, the
 *   one written lane undefined) and the first write of P4 (`@P ISETP`, true
 *   in lane 0 one time in two), read at once as a guard;
 * - B2R.WARP R41 (undefined in every lane), CALL.ABS R[40:41] reading it as
 *   the pair's high word (to the next instruction: R41's value is 0), then
 *   LEPC R[40:41], which defines R41 for good (N-17; nothing writes R40,
 *   R41 again, so the end state shows it). */
static void hole_prologue(gen *g)
{
    rng *h = &g->h;
    if (!edge_on(g))
        return;
    const int bstate = g->o.weight[WR_GEN_BSTATE] != 0, call = g->o.weight[WR_GEN_CALL] != 0;
    const int c0 = rng_below(h, 3) == 0, big = rng_below(h, 3) == 0, shift = rng_below(h, 3) == 0;
    const int lane0 = rng_below(h, 3) == 0 && bstate, pair = rng_below(h, 3) == 0 && bstate && call;
    if (c0) {
        cline(g, ".const c[0x0][0x0] = 0x%08" PRIx32, 1 + rng_below(h, 0xfffffffeu));
        ins(g, "LDC R%u, c[0x0][0x0]", R_DATA + rng_below(h, N_DATA));
    }
    if (big) {
        const unsigned n = BIG_TABLE + 1 + rng_below(h, 32);
        for (unsigned i = 0; i < n; i += 16) {
            char line[16 * 12 + 64];
            size_t len = (size_t)snprintf(line, sizeof line, ".const c[0x%x][0x%x] =", CONST_BANK_BIG, 4 * i);
            for (unsigned k = i; k < n && k < i + 16; k++)
                len += (size_t)snprintf(line + len, sizeof line - len, "%s 0x%08" PRIx32, k > i ? "," : "",
                                        (uint32_t)rng_next(h));
            cline(g, "%s", line);
        }
        ins(g, "LDC R%u, c[0x%x][0x%x]", R_DATA + rng_below(h, N_DATA), CONST_BANK_BIG,
            4 * (BIG_TABLE + rng_below(h, n - BIG_TABLE)));
    }
    if (shift) {
        const unsigned a = R_DATA + rng_below(h, N_DATA), d = R_DATA + rng_below(h, N_DATA);
        ins(g, "IADD R%u, R2, 0x%x", a, 1 + rng_below(h, 0xfff));
        ins(g, "%s R%u, R%u, 0x20", rng_below(h, 2) ? "SHL" : "SHR", d, a);
    }
    if (lane0) {
        const unsigned p = rng_below(h, 4);
        ins(g, "ISETP.EQ P%u, R0, 0x0", p);
        ins(g, "@P%u B2R.WARP R%u", p, R_DATA + rng_below(h, N_DATA));
        ins(g, "@P%u ISETP.%s P4, R0, 0x0", p, rng_below(h, 2) ? "EQ" : "NE");
        ins(g, "@P4 IADD R%u, R0, 0x%x", R_DATA + p, 1 + p);   /* (no draw: the stream stays) */
    }
    if (pair) {
        const unsigned l1 = newlab(g), l2 = newlab(g);
        ins(g, "B2R.WARP R%u", R_HOLE_PAIR + 1);
        ins(g, "MOV R%u, {%u}", R_HOLE_PAIR, l1);
        ins(g, "CALL.ABS R[%u:%u], 0x0", R_HOLE_PAIR, R_HOLE_PAIR + 1);
        label(g, l1);
        ins(g, "LEPC R[%u:%u], `(.L%u)", R_HOLE_PAIR, R_HOLE_PAIR + 1, l2);
        label(g, l2);
    }
}

/* After a yield statement at the top level (one in three, every live warp
 * converged): lanes < s and lanes >= s each YIELD once (the second YIELD finds
 * only yielded lanes and switches back to lane 0's), then the lanes < s, whose
 * Yield bits are still set, run one more instruction whose switch candidates
 * are all yielded: a second YIELD (N-22), an EXIT (N-18) or, at the join, a
 * WARPSYNC of every lane (uniform or per lane, N-25).  Each picks
 * lowest(candidates & Yield), a lane >= s, not a stale lane below them.  The
 * join is a WARPSYNC of the lanes present; an empty BSSY/BSYNC clears the
 * Yield bits left. */
static void hole_yielded(gen *g, ctx *c)
{
    rng *h = &g->h;
    uint32_t x;
    if (!edge_on(g) || !c->top || rng_below(h, 3) || !consistent(g, c, &x))
        return;
    unsigned v = rng_below(h, 4);
    const unsigned s = v == 3 ? 4 + rng_below(h, 13) : 4 + rng_below(h, 25);
    uint32_t e[MAXW];
    for (unsigned w = 0; w < g->nwarps; w++)
        e[w] = g->valid[w] & ((1u << s) - 1);
    if (v == 3 && (!g->o.weight[WR_GEN_EXIT] || !exit_ok(g, e)))
        v = 1;
    const int k = alloc_b(g, c);
    if (k < 0)
        return;
    const unsigned p = rng_below(h, 4), lelse = newlab(g), ljoin = newlab(g), lend = newlab(g);
    ins(g, "ISETP.LT P%u, R0, 0x%x", p, s);
    ins(g, "@!P%u BRA `(.L%u)", p, lelse);
    ins(g, "YIELD");
    if (v == 0)
        ins(g, "YIELD");
    if (v == 3) {
        ins(g, "EXIT");
        do_exit(g, e);
        restrict_cur(g, c);
        if (!consistent(g, c, &x))
            x = 0;
    } else {
        ins(g, "BRA `(.L%u)", ljoin);
    }
    label(g, lelse);
    ins(g, "YIELD");
    label(g, ljoin);
    if (v == 2) {
        ins(g, "MOV R%u, 0x%08" PRIx32, R_T1, x);
        ins(g, "WARPSYNC R%u", R_T1);
    } else {
        ins(g, "WARPSYNC 0x%08" PRIx32, x);
    }
    ins(g, "BSSY B%d, `(.L%u)", k, lend);
    label(g, lend);
    ins(g, "BSYNC B%d", k);
}

/* st_skip's `@P BRA.DIV URa` (one in two of its guarded or unguarded DIV
 * forms): the UR mask tied to the guard.  Lane 0 alone holds the guard and
 * the mask holds every lane here (pmask 1 of a wider ActiveMask: divergent,
 * all jump, N-11); or the guard is lanes < k and the mask exactly those
 * lanes here (no guard-false lane in the mask: convergent, none jumps).  Returns 0 when
 * the form drawn stays. */
static int hole_bra_div(gen *g, const ctx *c, unsigned u, unsigned l)
{
    rng *h = &g->h;
    if (!edge_on(g) || rng_below(h, 2))
        return 0;
    /* within X, the lanes here (cur[w] == X & ValidMask[w] in every warp),
     * the mask holds no lane a divergent warp left elsewhere, so N-11's first
     * test (a mask lane not active: divergent) does not decide it */
    uint32_t x;
    if (!consistent(g, c, &x))
        x = 0xffffffffu;
    const unsigned p = rng_below(h, 4);
    if (rng_below(h, 2)) {
        ins(g, "ISETP.EQ P%u, R0, 0x0", p);
        ins(g, "UMOV UR%u, 0x%08" PRIx32, u, x);
    } else {
        const unsigned k = 1 + rng_below(h, 31);
        ins(g, "ISETP.LT P%u, R0, 0x%x", p, k);
        ins(g, "UMOV UR%u, 0x%08" PRIx32, u, ((1u << k) - 1) & x);
    }
    ins(g, "@P%u BRA.DIV UR%u, `(.L%u)", p, u, l);
    return 1;
}

/* st_call's CALL through a uniform pair: one in three of them (where no
 * WARPSYNC of this tree takes UR61 or UR62) through UR[61:62], the last pair
 * of the file whose high word is a register, that high word h != 0 taken back
 * by the offset.  Returns 0 when the form drawn stays. */
static int hole_call_ur61(gen *g, const ctx *c, unsigned flabel, const char *gb)
{
    rng *h = &g->h;
    if (!edge_on(g) || rng_below(h, 3) || (c->unext && *c->unext > 61))
        return 0;
    if (c->unext)
        *c->unext = 63;
    const uint32_t hi = 1 + rng_below(h, 0xffff);
    ins(g, "UMOV UR61, {%u}", flabel);
    ins(g, "UMOV UR62, 0x%" PRIx32, hi);
    ins(g, "%sCALL.ABS UR[61:62], -0x%" PRIx32 "00000000", gb, hi);
    return 1;
}

/* Before the program's last instruction (one time in three): LEPC R[0:1],
 * the pair at the file's first register, after R1 (the warp id, no longer
 * read) got a non-zero value: the pair's high word (0, or the --wide-links
 * bias's) replaces it (N-17). */
static void hole_pair_r0(gen *g)
{
    rng *h = &g->h;
    if (!edge_on(g) || !g->o.weight[WR_GEN_CALL] || rng_below(h, 3))
        return;
    const unsigned l = newlab(g);
    const uint32_t x = 1 + rng_below(h, 0xfffffffeu);
    char bt[64];
    /* (one time in two, from a stream of its own: a CALL through R[0:1]
     * with a high word first, R0 the next instruction's address and R1 y,
     * the immediate -y * 2^32: it lands on the next instruction only if the
     * high word R1 is read) */
    rng c;
    rng_seed(&c, g->o.seed ^ UINT64_C(0x63616c6c72303a31));   /* "callr0:1" */
    if (rng_below(&c, 2)) {
        const unsigned n = newlab(g), y = 1 + rng_below(&c, 0xffff);
        ins(g, "MOV R0, {%u}", n);
        ins(g, "MOV R1, 0x%x", y);
        ins(g, "CALL.ABS R[0:1], -0x%x00000000", y);
        label(g, n);
    }
    ins(g, "MOV R1, 0x%08" PRIx32, x);
    ins(g, "LEPC R[0:1], `(.L%u%s)", l, lepc_bias(g, bt));
    label(g, l);
}

/* Before the program's last instruction (one time in three, after
 * hole_pair_r0's draw): R2B.WARP of a defined POPC result, then BAR.RESULT
 * Rd, P5: a POPC result leaves Pu undefined in every lane (N-39), and nothing
 * writes P5 again, so the end state holds a predicate's undefined marks. */
static void hole_pred_undef_end(gen *g)
{
    rng *h = &g->h;
    if (!edge_on(g) || !g->o.weight[WR_GEN_BSTATE] || rng_below(h, 3))
        return;
    const uint32_t word = 2u << 13 | (uint32_t)WR_REDOP_POPC << 15 | rng_below(h, 2048) << 17 | 1u << 28;
    ins(g, "MOV R%u, 0x%08" PRIx32, R_BAR, word);
    ins(g, "R2B.WARP R%u", R_BAR);
    ins(g, "BAR.RESULT R%u, P5", R_DATA + rng_below(h, N_DATA));
}

/* a call site: LEPC sets the return address (two of them: the RET splits
 * the warp), CALL in one of its forms, sometimes guarded; the region
 * reconverges the lanes */
static void st_call(gen *g, ctx *c, int budget)
{
    rng *r = &g->r;
    (void)budget;
    unsigned depth = c->fdepth + 1u;
    int k = depth <= 2 ? alloc_b(g, c) : -1;
    if (k < 0) {
        helper1(g, c);
        return;
    }
    func *f = NULL;
    unsigned d = depth - 1;
    unsigned ljoin = newlab(g), lra = newlab(g), lrb = newlab(g);
    if (g->nfuncs[d] > 0 && (g->nfuncs[d] == MAX_FUNCS || rng_pct(r, 50))) {
        f = &g->funcs[d][rng_below(r, g->nfuncs[d])];
        if (f->ret == RET_CONST)              /* it returns to its own call site */
            f = NULL;
    } else if (g->nfuncs[d] < MAX_FUNCS) {
        f = &g->funcs[d][g->nfuncs[d]++];
        gen_function(g, f, depth, lra);
    }
    if (!f) {
        helper1(g, c);
        return;
    }
    unsigned link = R_LINK + 2 * d;
    int two = f->ret == RET_LANE && rng_pct(r, 50);
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    char bt[64];
    if (f->ret == RET_LANE) {
        ins(g, "LEPC R[%u:%u], `(.L%u%s)", link, link + 1, lra, lepc_bias(g, bt));
    } else if (f->ret == RET_UNIFORM) {
        ins(g, "UMOV UR%u, {%u}", UR_RET + 2 * d, lra);
        ins(g, "UMOV UR%u, 0x%" PRIx32, UR_RET + 2 * d + 1, f->uh);
    }
    if (two) {
        pform q = pf_split(g, c);
        unsigned p = ptemp(g);
        pf_emit(g, &q, p);
        ins(g, "@P%u LEPC R[%u:%u], `(.L%u%s)", p, link, link + 1, lrb, lepc_bias(g, bt));
    }
    char gb[16] = "";
    if (rng_pct(r, 20)) {        /* a guarded call: the others go on at the return point */
        pform q = pf_split(g, c);
        unsigned p = (link + 1) % 4;
        pf_emit(g, &q, p);
        snprintf(gb, sizeof gb, "@%sP%u ", rng_below(r, 2) ? "!" : "", p);
    }
    unsigned cform = rng_below(r, 7);
    if (cform != 2 && cform != 3 && edge_call_ur62(g, c, f->label, gb))
        cform = 7;               /* (the edge form instead) */
    switch (cform) {
    case 0:
        ins(g, "%sCALL.ABS `(.L%u)", gb, f->label);
        break;
    case 1:
        ins(g, "%sCALL.REL `(.L%u)", gb, f->label);
        break;
    case 2: {
        const unsigned t = edge_gpr_pair(g);
        ins(g, "LEPC R[%u:%u], `(.L%u%s)", t, t + 1, f->label, lepc_bias(g, bt));
        ins(g, "%sCALL.ABS R[%u:%u], %s", gb, t, t + 1, abs_unbias(g, bt));
        break;
    }
    case 3: {
        const unsigned t = edge_gpr_pair(g);
        ins(g, "LEPC R[%u:%u], `(.L%u%s)", t, t + 1, f->label, lepc_bias(g, bt));
        ins(g, "%sCALL.REL R[%u:%u], `(.L_base - . - 0x10%s)", gb, t, t + 1, rel_unbias(g, bt));
        break;
    }
    case 4: {
        const uint32_t h = edge_ur_high(g);
        if (hole_call_ur61(g, c, f->label, gb))
            break;
        ins(g, "UMOV UR4, {%u}", f->label);
        ins(g, "UMOV UR5, 0x%" PRIx32, h);
        if (h)
            ins(g, "%sCALL.ABS UR[4:5], -0x%" PRIx32 "00000000", gb, h);
        else
            ins(g, "%sCALL.ABS UR[4:5]", gb);
        break;
    }
    case 7:
        break;
    case 5: {
        unsigned bank, off;
        const_alloc(g, 2, &bank, &off);
        if (off % 8) {
            const_alloc(g, 1, &bank, &off);
            const_alloc(g, 2, &bank, &off);
        }
        cline(g, ".const c[0x%x][0x%x] = (.L%u - .L_base), 0x0", bank, off, f->label);
        ins(g, "%sCALL.ABS c[0x%x][0x%x]", gb, bank, off);
        break;
    }
    default: {
        unsigned bank, off;
        const_alloc(g, 2, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = (.L%u - .L%u), 0x0", bank, off, f->label, lra);
        ins(g, "%sCALL.REL c[0x%x][0x%x]", gb, bank, off);
        break;
    }
    }
    ctx b = child(c, k);
    label(g, lra);
    helpers(g, &b, 1 + rng_below(r, 2));
    if (two) {
        ins(g, "BRA `(.L%u)", ljoin);
        label(g, lrb);
        helpers(g, &b, 1 + rng_below(r, 2));
    }
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    restrict_cur(g, c);
}

/* A function at call depth `depth`, out of line: it saves and clears the B
 * registers it uses (BMOV.CLEAR or BMOV + BMOV Bn, RZ), runs a block, restores
 * them and returns through its link register. */
static void gen_function(gen *g, func *f, unsigned depth, unsigned ret_label)
{
    rng *r = &g->r;
    f->label = newlab(g);
    f->depth = depth;
    unsigned k = rng_below(r, 6);
    f->ret = k < 4 ? RET_LANE : k == 4 ? RET_UNIFORM : RET_CONST;
    if (edge_on(g) && !g->cedge && f->ret == RET_UNIFORM)
        f->ret = RET_CONST;      /* (edge_ret_cbank_end) */
    f->uh = f->ret == RET_UNIFORM ? edge_ur_high(g) : 0;
    sect body = { 0 }, *saved_out = g->out;
    unsigned saved_fuse = g->fuse;
    g->fuse = 0;
    g->out = &body;
    ctx c;
    memset(&c, 0, sizeof c);
    for (unsigned w = 0; w < g->nwarps; w++)
        c.cur[w] = g->valid[w];
    c.exact = 0;
    c.fdepth = (uint8_t)depth;
    c.allow_exit = 0;
    block(g, &c, 2 + (int)rng_below(r, depth == 1 ? 14 : 6));
    /* depth-2 functions after every depth-1 one: a call's displacement is
     * positive (CALL.REL c[][] holds it in a 64-bit constant) */
    sect *dst = depth == 1 ? &g->ool : &g->ool2;
    g->out = dst;
    label(g, f->label);
    unsigned save = R_FSAVE + 2 * (depth - 1);
    for (unsigned b = 0; b < 2; b++) {
        if (!(g->fuse >> b & 1))
            continue;
        if (rng_below(r, 2)) {
            ins(g, "BMOV.CLEAR R%u, B%u", save + b, b);
        } else {
            ins(g, "BMOV R%u, B%u", save + b, b);
            ins(g, "BMOV B%u, RZ", b);
        }
    }
    sect_append(g, dst, &body);
    sect_free(&body);
    for (unsigned b = 0; b < 2; b++)
        if (g->fuse >> b & 1)
            ins(g, "BMOV B%u, R%u", b, save + b);
    unsigned link = R_LINK + 2 * (depth - 1), u = UR_RET + 2 * (depth - 1);
    unsigned bank, off;
    char bt[64];
    switch (f->ret * 2 + rng_below(r, 2)) {
    case RET_LANE * 2:
        ins(g, "RET.ABS R[%u:%u], %s", link, link + 1, abs_unbias(g, bt));
        break;
    case RET_LANE * 2 + 1:
        ins(g, "RET.REL R[%u:%u], `(.L_base - . - 0x10%s)", link, link + 1, rel_unbias(g, bt));
        break;
    case RET_UNIFORM * 2:
        if (f->uh)
            ins(g, "RET.ABS UR[%u:%u], -0x%" PRIx32 "00000000", u, u + 1, f->uh);
        else
            ins(g, "RET.ABS UR[%u:%u]", u, u + 1);
        break;
    case RET_UNIFORM * 2 + 1:
        if (f->uh)
            ins(g, "RET.REL UR[%u:%u], `(.L_base - . - 0x10 - 0x%" PRIx32 "00000000)", u, u + 1, f->uh);
        else
            ins(g, "RET.REL UR[%u:%u], `(.L_base - . - 0x10)", u, u + 1);
        break;
    case RET_CONST * 2:
        if (edge_ret_cbank_end(g, ret_label))
            break;
        const_alloc(g, 2, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = (.L%u - .L_base), 0x0", bank, off, ret_label);
        ins(g, "RET.ABS c[0x%x][0x%x]", bank, off);
        break;
    default: {                   /* .REL: from the next instruction; the call site is before */
        if (edge_ret_cbank_end(g, ret_label))
            break;
        unsigned lret = newlab(g);
        const_alloc(g, 2, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = (.L%u - .L%u - 0x10), 0xffffffff", bank, off, ret_label, lret);
        label(g, lret);
        ins(g, "RET.REL c[0x%x][0x%x]", bank, off);
        break;
    }
    }
    g->fuse = saved_fuse;
    g->out = saved_out;
}

static void separator0(gen *g);

/* EXIT of some lanes (partial, by a lane predicate, as guard or Pp), or at the
 * top level of whole warps (by the warp id; through a stub that works a little
 * first, so that other warps may already wait at a cnt == 0 barrier) */
static void st_exit(gen *g, ctx *c)
{
    rng *r = &g->r;
    uint32_t e[MAXW];
    if (c->top && live_warps(g) >= 2 && g->nwexits < MAX_WEXITS && (g->nexits >= MAX_EXITS || rng_pct(r, 50))) {
        pform f;
        int any = 0;
        for (int tries = 0; tries < 6 && !any; tries++) {   /* some warp but warp 0 */
            f = pf_warp(g);
            for (unsigned w = 0; w < g->nwarps; w++) {
                e[w] = w > 0 && (pf_mask(&f, w) & 1) ? g->valid[w] : 0;
                any |= e[w] != 0;
            }
        }
        if (!any) {
            helper1(g, c);
            return;
        }
        /* warp 0 never takes it: AND the warp predicate with "warp != 0" */
        unsigned p = ptemp(g), q = (p + 1) % 4;
        pf_emit(g, &f, p);
        ins(g, "ISETP.NE P%u, R1, 0x0", q);
        if (rng_pct(r, 30)) {
            ins(g, "@P%u EXIT P%u", p, q);
        } else {
            unsigned stub = newlab(g);
            ins(g, "@P%u BRA P%u, `(.L%u)", p, q, stub);
            sect *o = g->out;
            g->out = &g->ool;
            label(g, stub);
            helpers(g, c, 1 + rng_below(r, 4));
            if (g->o.weight[WR_GEN_SLEEP] && rng_pct(r, 60))   /* let the others get there first */
                ins(g, "NANOSLEEP 0x%x", 20 + rng_below(r, 200));
            helpers(g, c, 1 + rng_below(r, 2));
            ins(g, "EXIT");
            g->out = o;
        }
        do_exit(g, e);
        g->nexits--;
        g->nwexits++;
        restrict_cur(g, c);
        /* the others may wait at a cnt == 0 barrier when these exit (N-33) */
        if (g->o.weight[WR_GEN_BARRIER] && rng_pct(r, 70))
            separator0(g);
        return;
    }
    pform f = pf_split(g, c);
    unsigned p = ptemp(g);
    uint32_t m[MAXW];
    int neg = rng_below(r, 2);
    pf_masks(&f, g, neg, m);
    for (unsigned w = 0; w < g->nwarps; w++)
        e[w] = c->cur[w] & m[w];
    if (!exit_ok(g, e)) {
        helper1(g, c);
        return;
    }
    pf_emit(g, &f, p);
    switch (rng_below(r, 3)) {
    case 0: ins(g, "@%sP%u EXIT", neg ? "!" : "", p); break;
    case 1: ins(g, "EXIT %sP%u", neg ? "!" : "", p); break;
    default: ins(g, "@%sP%u EXIT PT", neg ? "!" : "", p); break;
    }
    do_exit(g, e);
    restrict_cur(g, c);
}

/* the instruction that yields or sleeps, in a branch; `plain`: unguarded
 * and without Pp, so that every lane of the branch yields */
static void yield_insn(gen *g, const ctx *c, int sleep, int plain)
{
    rng *r = &g->r;
    char gb[16] = "", pp[16] = "";
    unsigned v = rng_below(r, 8);
    if (!plain && (v == 1 || v == 2)) {      /* guarded: the guard-split path parks the yielding lanes */
        pform f = pf_split(g, c);
        unsigned p = ptemp(g);
        pf_emit(g, &f, p);
        snprintf(v == 1 ? gb : pp, 16, v == 1 ? "@%sP%u " : "%sP%u, ", rng_below(r, 2) ? "!" : "", p);
    }
    if (!sleep) {
        if (pp[0]) {
            pp[strlen(pp) - 2] = '\0';    /* YIELD {!}Pp: no comma */
            ins(g, "%sYIELD %s", gb, pp);
        } else {
            ins(g, "%sYIELD", gb);
        }
        return;
    }
    unsigned t = 1 + rng_below(r, 200);
    if (plain && edge_on(g) && rng_below(&g->e, 2) == 0)
        t += 1000;               /* (edge: the other branch finds these lanes asleep) */
    switch (rng_below(r, 4)) {
    case 0:
        ins(g, "%sNANOSLEEP %s0x%x", gb, pp, t);
        break;
    case 1:                      /* per lane: the shortest time of the sleeping lanes */
        ins(g, "IADD R%u, R0, 0x%x", R_T1, t);
        ins(g, "%sNANOSLEEP %sR%u", gb, pp, R_T1);
        break;
    case 2: {
        unsigned u = rng_below(r, 4);
        ins(g, "UMOV UR%u, 0x%x", u, t);
        ins(g, "%sNANOSLEEP %sUR%u", gb, pp, u);
        break;
    }
    default: {
        unsigned bank, off;
        const_alloc(g, 1, &bank, &off);
        cline(g, ".const c[0x%x][0x%x] = 0x%x", bank, off, t);
        ins(g, "%sNANOSLEEP %sc[0x%x][0x%x]", gb, pp, bank, off);
        break;
    }
    }
}

/* In the other branch of a yield block whose then-branch yields (and so ran
 * first: the yielded lanes wait after their YIELD): an if-then region whose
 * fall-through lanes all EXIT while the skipping lanes wait at their label.
 * The EXIT's switch then has yielded and non-yielded candidates and must
 * take a non-yielded one (N-18). */
static void yield_exit(gen *g, ctx *b)
{
    rng *r = &g->r;
    int k = alloc_b(g, b);
    if (k < 0)
        return;
    unsigned lj = newlab(g), le = newlab(g);
    ins(g, "BSSY B%d, `(.L%u)", k, lj);
    split s;
    splitter(g, b, le, &s);
    uint32_t ex[MAXW];
    for (unsigned w = 0; w < g->nwarps; w++)
        ex[w] = b->cur[w] & ~s.jump[w];
    ctx t = child(b, k);
    memcpy(t.cur, ex, sizeof t.cur);
    helpers(g, &t, 1 + rng_below(r, 2));
    if (exit_ok(g, ex)) {
        ins(g, "EXIT");
        do_exit(g, ex);
    } else {
        ins(g, "BRA `(.L%u)", lj);
    }
    label(g, le);
    memcpy(t.cur, s.jump, sizeof t.cur);
    helpers(g, &t, 1 + rng_below(r, 2));
    label(g, lj);
    ins(g, "BSYNC B%d", k);
    restrict_cur(g, b);
}

/* Two yield blocks in a row whose lanes are fixed so that SwitchMask decides
 * (N-22).  Block 1: lanes >= h fall through and YIELD, so SwitchMask ends as
 * those lanes.  Block 2: lanes < a fall through, lanes < b of them are parked
 * by @Q YIELD, lanes b..a-1 wait at the BSYNC, which goes to lane 0's group;
 * their YIELD then chooses within SwitchMask (the else lanes >= h), not the
 * lowest waiting lane b.  0 < b < a <= h < 32.  Each block has the shape of
 * st_yield's (one yielding branch, helpers only after the YIELD). */
static void yield_switchmask(gen *g, ctx *c)
{
    rng *r = &g->r;
    if (*c->bnext > 11) {
        helper1(g, c);
        return;
    }
    unsigned b = 1 + rng_below(r, 4), a = b + 1 + rng_below(r, 4), h = a + rng_below(r, 16);
    for (int blk = 0; blk < 2; blk++) {
        int k = alloc_b(g, c), k2 = alloc_b(g, c);
        unsigned ljoin = newlab(g), lelse = newlab(g);
        unsigned p = ptemp(g);
        ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
        ins(g, "ISETP.%s P%u, R0, 0x%x", blk ? "GE" : "LT", p, blk ? a : h);
        ins(g, "@P%u BRA `(.L%u)", p, lelse);
        ctx t = *c;
        t.straight = 1;
        if (blk) {
            unsigned q = (p + 1) % 4;
            ins(g, "ISETP.LT P%u, R0, 0x%x", q, b);
            ins(g, "@P%u YIELD", q);
        } else {
            ins(g, "YIELD");
        }
        helpers(g, &t, 1 + rng_below(r, 3));
        ins(g, "BRA `(.L%u)", ljoin);
        label(g, lelse);
        unsigned x = h - 1 - rng_below(r, h - 1 < 4 ? h - 1 : 4);
        if (x < a)
            x = a;
        if (!blk && x < h && g->o.weight[WR_GEN_EXIT] && rng_pct(r, 90)) {
            /* while lanes >= h are yielded, lanes x..h-1 EXIT and lanes < x
             * wait: the EXIT's switch takes a non-yielded lane (N-18) */
            uint32_t ex[MAXW];
            for (unsigned w = 0; w < g->nwarps; w++)
                ex[w] = g->valid[w] & ((1u << h) - 1) & ~((1u << x) - 1);
            uint32_t v0 = g->valid[0], after = v0 & ~ex[0];
            int ok = after && 2 * popc(after) >= popc(v0);
            int k3 = alloc_b(g, c);
            unsigned lj = newlab(g), le = newlab(g), p3 = (p + 2) % 4;
            ins(g, "BSSY B%d, `(.L%u)", k3, lj);
            ins(g, "ISETP.LT P%u, R0, 0x%x", p3, x);
            ins(g, "@P%u BRA `(.L%u)", p3, le);
            helpers(g, &t, 1 + rng_below(r, 2));
            if (ok) {
                ins(g, "EXIT");
                do_exit(g, ex);
            } else {
                ins(g, "BRA `(.L%u)", lj);
            }
            label(g, le);
            helpers(g, &t, 1 + rng_below(r, 2));
            label(g, lj);
            ins(g, "BSYNC B%d", k3);
        }
        helpers(g, &t, 1 + rng_below(r, 3));
        label(g, ljoin);
        ins(g, "BSYNC B%d", k);
        warpsync_uniform(g, c, 0xffffffffu);
        ins(g, "BSSY B%d", k2);
        ins(g, "BSYNC B%d", k2);
    }
}

/* A BSYNC that switches to lanes outside its bmask (N-21: no waiting
 * non-yield lane in bmask, one outside): a yield block nested in the
 * then-branch of a region whose else-branch lanes all EXIT.  Lanes >= h
 * take the else-branch; of the lanes < h, lanes a..h-1 YIELD and lanes < a
 * wait at the inner BSYNC, whose bmask then holds only yielded lanes: it
 * switches to a non-yielded lane >= h, which EXITs; the EXIT's switch
 * (N-18) takes the lanes < a back to the BSYNC, now a yield release, and
 * the WARPSYNC of the lanes < h brings the yielded lanes back.  Were the
 * lanes outside to come back instead of leaving, the BSYNC would hand
 * control to and fro forever (H-1).  0 < a <= 8, 16 <= h < 28: warp 0 keeps
 * half of its lanes; a warp whose lanes < h exited earlier exits whole. */
static void yield_outside(gen *g, ctx *c)
{
    rng *r = &g->r;
    const unsigned h = 16 + rng_below(r, 12), a = 1 + rng_below(r, 8);
    uint32_t ex[MAXW];
    for (unsigned w = 0; w < g->nwarps; w++)
        ex[w] = g->valid[w] & ~((1u << h) - 1);
    if (*c->bnext > 13 || !g->o.weight[WR_GEN_EXIT] || !exit_ok(g, ex)) {
        helper1(g, c);
        return;
    }
    const int ko = alloc_b(g, c), ki = alloc_b(g, c), kc = alloc_b(g, c);
    const unsigned lo_join = newlab(g), lo_else = newlab(g), li_join = newlab(g), li_else = newlab(g);
    const unsigned p = ptemp(g), q = (p + 1) % 4;
    ctx t = *c;
    t.straight = 1;
    ins(g, "BSSY B%d, `(.L%u)", ko, lo_join);
    ins(g, "ISETP.GE P%u, R0, 0x%x", p, h);
    ins(g, "@P%u BRA `(.L%u)", p, lo_else);
    ins(g, "BSSY B%d, `(.L%u)", ki, li_join);
    ins(g, "ISETP.LT P%u, R0, 0x%x", q, a);
    ins(g, "@P%u BRA `(.L%u)", q, li_else);
    ins(g, "YIELD");
    helpers(g, &t, 1 + rng_below(r, 3));
    ins(g, "BRA `(.L%u)", li_join);
    label(g, li_else);
    helpers(g, &t, 1 + rng_below(r, 2));
    label(g, li_join);
    ins(g, "BSYNC B%d", ki);
    warpsync_uniform(g, c, (1u << h) - 1);
    ins(g, "BSSY B%d", kc);
    ins(g, "BSYNC B%d", kc);
    ins(g, "BRA `(.L%u)", lo_join);
    label(g, lo_else);
    helpers(g, &t, 1 + rng_below(r, 2));
    ins(g, "EXIT");
    do_exit(g, ex);
    label(g, lo_join);
    ins(g, "BSYNC B%d", ko);
    restrict_cur(g, c);
}

/* Top level only: a region whose one branch YIELDs or sleeps, then only
 * straight-line helpers in that branch; BSYNC, then WARPSYNC of the whole
 * warp gathers the lanes the yield release left behind; an empty BSSY/BSYNC
 * pair clears what is left of YieldMask.  Or, converged, a YIELD (no-op) or
 * a NANOSLEEP of the whole warp. */
static void st_yield(gen *g, ctx *c, int budget, int sleep)
{
    rng *r = &g->r;
    if (rng_pct(r, 25)) {
        char gb[16] = "";
        if (rng_pct(r, 30)) {    /* a warp-uniform guard */
            pform f = pf_warp(g);
            unsigned p = ptemp(g);
            pf_emit(g, &f, p);
            snprintf(gb, sizeof gb, "@P%u ", p);
        }
        if (sleep)
            ins(g, "%sNANOSLEEP 0x%x", gb, 1 + rng_below(r, 300));
        else
            ins(g, "%sYIELD", gb);
        return;
    }
    const unsigned shape = sleep ? 100 : rng_below(r, 100);
    if (shape < 35) {
        yield_switchmask(g, c);
        return;
    }
    if (shape < 50) {
        yield_outside(g, c);
        return;
    }
    int k = alloc_b(g, c);
    if (k < 0) {
        helper1(g, c);
        return;
    }
    unsigned ljoin = newlab(g), lelse = newlab(g);
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    split s;
    splitter(g, c, lelse, &s);
    ctx t = child(c, k), e = child(c, k);
    t.in_yield = e.in_yield = 1;
    t.allow_exit = e.allow_exit = 0;
    for (unsigned w = 0; w < g->nwarps; w++) {
        t.cur[w] = c->cur[w] & ~s.jump[w];
        e.cur[w] = s.jump[w];
    }
    int in_then = rng_below(r, 2);
    /* One time in four both branches yield, each with all of its lanes: the
     * second YIELD/NANOSLEEP finds only yielded lanes in SwitchMask (N-22),
     * perhaps all asleep (N-02: the warp sleeps).  H-1 needs lanes that do
     * not yield in both branches; here the BSYNC lets the first branch go
     * (yield release) and the WARPSYNC takes the second back. */
    const int both = rng_pct(r, 25);
    int second = sleep;          /* the other branch's kind: YIELD or NANOSLEEP */
    if (both && g->o.weight[sleep ? WR_GEN_YIELD : WR_GEN_SLEEP] && rng_pct(r, sleep ? 50 : 30))
        second = !sleep;
    for (int side = 0; side < 2; side++) {
        ctx *b = side == 0 ? &t : &e;
        if (side == 1)
            label(g, lelse);
        if (side == (in_then ? 0 : 1)) {
            if (rng_pct(r, 50))
                block(g, b, share(g, budget, 3));
            yield_insn(g, b, sleep, both);
            b->straight = 1;
            helpers(g, b, 1 + rng_below(r, 3));
        } else {
            if (!both && in_then && g->o.weight[WR_GEN_EXIT] && rng_pct(r, 20 * g->o.weight[WR_GEN_EXIT]))
                yield_exit(g, b);
            block(g, b, share(g, budget, 2));
            if (both) {
                yield_insn(g, b, second, 1);
                b->straight = 1;
                helpers(g, b, 1 + rng_below(r, 3));
            }
        }
        if (side == 0)
            ins(g, "BRA `(.L%u)", ljoin);
    }
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    uint32_t all = 0xffffffffu;
    if (rng_pct(r, 20)) {
        /* per lane, one group */
        ins(g, "MOV R%u, 0x%08" PRIx32, R_T1, all);
        ins(g, "WARPSYNC R%u", R_T1);
    } else {
        warpsync_uniform(g, c, all);
    }
    int k2 = alloc_b(g, c);
    if (k2 >= 0) {
        ins(g, "BSSY B%d", k2);
        ins(g, "BSYNC B%d", k2);
    }
    restrict_cur(g, c);
}

/* WARPSYNC on its own: the lanes present, uniform or per lane */
static void st_warpsync(gen *g, ctx *c)
{
    uint32_t x;
    if (!c->exact || !consistent(g, c, &x)) {
        helper1(g, c);
        return;
    }
    if (rng_pct(&g->r, 60))
        warpsync_per_lane(g, c, x);
    else
        warpsync_uniform(g, c, x);
}

/* BMOV: save a live B register (an enclosing region's), clear it, reuse it
 * for a region inside, restore it */
static void st_bmov(gen *g, ctx *c, int budget)
{
    rng *r = &g->r;
    if (c->fdepth || c->bmovd >= 2) {
        helper1(g, c);
        return;
    }
    int k;
    if (c->encl) {
        unsigned n = popc(c->encl), i = rng_below(r, n);
        uint16_t m = c->encl;
        while (i--)
            m &= (uint16_t)(m - 1);
        k = 0;
        while (!(m >> k & 1))
            k++;
    } else if ((k = alloc_b(g, c)) < 0) {
        helper1(g, c);
        return;
    }
    unsigned save = R_BSAVE + c->bmovd;
    switch (rng_below(r, 3)) {
    case 0:
        ins(g, "BMOV.CLEAR R%u, B%d", save, k);
        break;
    case 1:
        ins(g, "BMOV R%u, B%d", save, k);
        ins(g, "BMOV B%d, RZ", k);
        break;
    default:
        ins(g, "BMOV R%u, B%d", save, k);
        ins(g, "BMOV.CLEAR RZ, B%d", k);
        break;
    }
    /* the inner region: an if/else on B<k> (no EXIT inside: an exit's switch
     * could run lanes that need the saved value) */
    ctx in = *c;
    in.allow_exit = 0;
    in.bmovd = (uint8_t)(c->bmovd + 1);
    unsigned ljoin = newlab(g), lelse = newlab(g);
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    split s;
    splitter(g, &in, lelse, &s);
    ctx t = child(&in, -1), e = child(&in, -1);
    t.encl |= (uint16_t)(1u << k);
    e.encl |= (uint16_t)(1u << k);
    for (unsigned w = 0; w < g->nwarps; w++) {
        t.cur[w] = in.cur[w] & ~s.jump[w];
        e.cur[w] = s.jump[w];
    }
    block(g, &t, share(g, budget, 2));
    ins(g, "BRA `(.L%u)", ljoin);
    label(g, lelse);
    block(g, &e, share(g, budget, 2));
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    if (rng_pct(r, 30))
        ins(g, "BMOV R%u, B%d", R_DATA + rng_below(r, N_DATA), k);
    if (rng_pct(r, 60)) {
        /* a lane-dependent value: BMOV Bn, Ra takes the lowest pmask lane's
         * (N-19); straight line, the restore follows */
        if (rng_below(r, 2))
            ins(g, "IADD R3, R0, 0x%x", rng_below(r, 0x1000));
        else
            ins(g, "SHL R3, R2, 0x%x", rng_below(r, 8));
        ins(g, "BMOV B%d, R3", k);
        ins(g, "BMOV R%u, B%d", R_DATA + rng_below(r, N_DATA), k);
    }
    ins(g, "BMOV B%d, R%u", k, save);
    restrict_cur(g, c);
}

/* a uniform forward branch over helpers: every active lane jumps or none */
static void st_skip(gen *g, ctx *c)
{
    rng *r = &g->r;
    unsigned l = newlab(g);
    unsigned u = rng_below(r, 4);
    const unsigned k = rng_below(r, 7);
    switch (k) {
    case 0: {
        pform f = pf_split(g, c);
        unsigned p = ptemp(g);
        pf_emit(g, &f, p);
        ins(g, "@%sP%u BRA.U `(.L%u)", rng_below(r, 2) ? "!" : "", p, l);
        break;
    }
    case 1:
        ins(g, "BRA.DIV `(.L%u)", l);
        break;
    case 2:
        ins(g, "BRA.CONV `(.L%u)", l);
        break;
    case 3:
    case 4: {
        /* with a UR lane mask the whole warp jumps or none, whatever the
         * guard: a lane guard makes the guards disagree (N-11) */
        const int div = k == 3;
        const uint32_t urm = (uint32_t)rng_next(r);
        const int guarded = rng_pct(r, 40);
        pform f = { 0 };
        unsigned p = 0, neg = 0;
        if (guarded) {           /* (drawn before the hole's choice: the stream stays) */
            f = pf_split(g, c);
            p = ptemp(g);
            neg = rng_below(r, 2);
        }
        if (div) {               /* (the hole's form counts as the form drawn) */
            static const uint8_t pf_len[PF_KINDS] = { 1, 2, 3, 2, 2, 2 };
            const unsigned n0 = g->ninsn;
            if (hole_bra_div(g, c, u, l)) {
                g->ninsn = n0 + 2 + (guarded ? pf_len[f.kind] : 0);
                break;
            }
        }
        ins(g, "UMOV UR%u, 0x%08" PRIx32, u, urm);
        char gd[8] = "";
        if (guarded) {
            pf_emit(g, &f, p);
            snprintf(gd, sizeof gd, "@%sP%u ", neg ? "!" : "", p);
        }
        ins(g, "%sBRA.%s %sUR%u, `(.L%u)", gd, div ? "DIV" : "CONV", div ? "" : "~", u, l);
        break;
    }
    case 5: {                    /* the warp id: every lane of a warp agrees */
        pform f = pf_warp(g);
        unsigned p = ptemp(g);
        pf_emit(g, &f, p);
        ins(g, "@P%u BRA `(.L%u)", p, l);
        break;
    }
    default: {
        pform f = pf_split(g, c);
        unsigned p = ptemp(g);
        pf_emit(g, &f, p);
        ins(g, "@P%u BRA.CONV `(.L%u)", p, l);
        break;
    }
    }
    helpers(g, c, 1 + rng_below(r, 3));
    label(g, l);
    helper1(g, c);
}

/* ---- barriers (top level) ------------------------------------------------- */

static int free_bar(gen *g, uint16_t busy)
{
    return idle_bar(&g->r, busy);
}

/* ---- the profiles' barrier instructions (SPEC-NOTES section 8) ----------- */

/* ptx: bar{.cta}.OP{.TYPE}, or barrier{.cta}.OP{.aligned}{.TYPE} with
 * .aligned and the type in either order (P-08).  Barriers sit at the
 * converged top level, so the .aligned forms are never divergent (P-09). */
static void ptx_name(gen *g, char *buf, size_t size, const char *op, const char *type)
{
    rng *r = &g->r;
    const char *cta = rng_below(r, 2) ? ".cta" : "";
    unsigned k = rng_below(r, 3);
    if (k == 0)
        snprintf(buf, size, "bar%s.%s%s", cta, op, type);
    else if (k == 1 && type[0] && rng_below(r, 2))
        snprintf(buf, size, "barrier%s.%s%s.aligned", cta, op, type);
    else
        snprintf(buf, size, "barrier%s.%s%s%s", cta, op, k == 1 ? ".aligned" : "", type);
}

/* ptx operands a (a[3:0]) and b (b[11:0]): immediates or registers, with
 * bits nobody reads set (P-07); `dest` first for a reduction, `pin` last */
static void ptx_operands(gen *g, const char *gd, const char *name, const char *dest, unsigned b,
                         unsigned cnt, int need_cnt, const char *pin)
{
    rng *r = &g->r;
    uint32_t hi = rng_pct(r, 30) ? (uint32_t)rng_below(r, 0x10000) : 0;
    char pre[16] = "", post[16] = "";
    if (dest)
        snprintf(pre, sizeof pre, "%s, ", dest);
    if (pin)
        snprintf(post, sizeof post, ", %s", pin);
    switch (rng_below(r, 4)) {
    case 0:
        if (cnt == 0 && !need_cnt && rng_below(r, 2))
            ins(g, "%s%s %s0x%x%s", gd, name, pre, b, post);
        else
            ins(g, "%s%s %s0x%x, 0x%x%s", gd, name, pre, b, cnt, post);
        break;
    case 1:
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR, b | hi << 4);
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR + 1, cnt | hi << 12);
        ins(g, "%s%s %sR%u, R%u%s", gd, name, pre, R_BAR, R_BAR + 1, post);
        break;
    case 2:
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR, b | hi << 4);
        if (cnt == 0 && !need_cnt && rng_below(r, 2))
            ins(g, "%s%s %sR%u%s", gd, name, pre, R_BAR, post);
        else
            ins(g, "%s%s %sR%u, 0x%x%s", gd, name, pre, R_BAR, cnt, post);
        break;
    default:
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR + 1, cnt | hi << 12);
        ins(g, "%s%s %s0x%x, R%u%s", gd, name, pre, b, R_BAR + 1, post);
        break;
    }
}

static void ptx_bar(gen *g, const char *gd, int arv, unsigned b, unsigned cnt)
{
    char name[48];
    ptx_name(g, name, sizeof name, arv ? "arrive" : "sync", "");
    ptx_operands(g, gd, name, NULL, b, cnt, arv, NULL);
}

/* barrier.red: the result straight into Rd (popc) or P6 (and, or), P-05 */
static void ptx_red(gen *g, const char *gd, unsigned op, unsigned b, unsigned cnt, const char *pin)
{
    static const char *const ops[] = { "red.and", "red.or", "red.popc" };
    char name[48], d[8];
    ptx_name(g, name, sizeof name, ops[op], op == 2 ? ".u32" : ".pred");
    ptx_operands(g, gd, name, op == 2 ? dreg(g, d) : "P6", b, cnt, 0, pin);
}

/* BAR.SYNC/BAR.ARV b, cnt in one of its operand forms, guard `gd` */
static void bar_insn(gen *g, const char *gd, const char *mode, unsigned b, unsigned cnt)
{
    if (g->o.profile == WR_PROFILE_PTX) {
        ptx_bar(g, gd, strcmp(mode, "ARV") == 0, b, cnt);
        return;
    }
    const int sass = g->o.profile == WR_PROFILE_SASS;
    rng *r = &g->r;
    uint32_t hi = rng_pct(r, 30) ? (uint32_t)rng_below(r, 0x10000) : 0;   /* bits nobody reads */
    switch (rng_below(r, 5)) {
    case 0:
        if (cnt == 0 && !strcmp(mode, "SYNC") && rng_below(r, 2))
            ins(g, "%sBAR.SYNC 0x%x", gd, b);
        else
            ins(g, "%sBAR.%s 0x%x, 0x%x", gd, mode, b, cnt);
        break;
    case 1:
        if (sass) {              /* one register: barrier [3:0], count [27:16] (S-02) */
            ins(g, "MOV R%u, 0x%" PRIx32, R_BAR, b | (hi & 0xfffu) << 4 | cnt << 16 | (hi >> 12) << 28);
            ins(g, "%sBAR.%s R%u, R%u", gd, mode, R_BAR, R_BAR);
            break;
        }
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR, b | hi << 4);
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR + 1, cnt | hi << 12);
        ins(g, "%sBAR.%s R%u, R%u", gd, mode, R_BAR, R_BAR + 1);
        break;
    case 2:
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR, b | hi << 4);
        if (cnt == 0 && !strcmp(mode, "SYNC") && rng_below(r, 2))
            ins(g, "%sBAR.SYNC R%u", gd, R_BAR);
        else
            ins(g, "%sBAR.%s R%u, 0x%x", gd, mode, R_BAR, cnt);
        break;
    case 3:
        if (b == 0) {            /* the seed's BAR.SYNC R7, R7: barrier 0, count in bits 11:5
                                    (sass: in bits 27:16, S-02) */
            ins(g, "MOV R%u, 0x%x", R_BAR + 2, sass ? cnt << 16 : cnt);
            ins(g, "%sBAR.%s R%u, R%u", gd, mode, R_BAR + 2, R_BAR + 2);
            break;
        }
        /* fall through */
    default:
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR + 1, cnt | hi << 12);
        ins(g, "%sBAR.%s 0x%x, R%u", gd, mode, b, R_BAR + 1);
        break;
    }
}

static const char *const redops[] = { "AND", "OR", "POPC" };

/* BAR.RED.op b, cnt, {!}P<p> in one of its forms */
static void red_insn(gen *g, const char *gd, unsigned op, unsigned b, unsigned cnt, const char *pin)
{
    if (g->o.profile == WR_PROFILE_PTX) {
        ptx_red(g, gd, op, b, cnt, pin);
        return;
    }
    rng *r = &g->r;
    switch (rng_below(r, 4)) {
    case 0:
        if (cnt == 0 && rng_below(r, 2))
            ins(g, "%sBAR.RED.%s 0x%x, %s", gd, redops[op], b, pin);
        else
            ins(g, "%sBAR.RED.%s 0x%x, 0x%x, %s", gd, redops[op], b, cnt, pin);
        break;
    case 1:                      /* packed: barrier Rb[3:0], count Rb[15:4] */
        if (g->o.profile == WR_PROFILE_SASS) {   /* one register twice: [3:0], [27:16] (S-02) */
            ins(g, "MOV R%u, 0x%" PRIx32, R_BAR + 2, b | (uint32_t)cnt << 16 | (uint32_t)rng_below(r, 4) << 4);
            ins(g, "%sBAR.RED.%s R%u, R%u, %s", gd, redops[op], R_BAR + 2, R_BAR + 2, pin);
            break;
        }
        ins(g, "MOV R%u, 0x%" PRIx32, R_BAR + 2, b | (uint32_t)cnt << 4 | (uint32_t)rng_below(r, 4) << 16);
        ins(g, "%sBAR.RED.%s R%u, %s", gd, redops[op], R_BAR + 2, pin);
        break;
    case 2:
        ins(g, "MOV R%u, 0x%x", R_BAR, b);
        ins(g, "%sBAR.RED.%s R%u, 0x%x, %s", gd, redops[op], R_BAR, cnt, pin);
        break;
    default:
        ins(g, "MOV R%u, 0x%x", R_BAR + 1, cnt);
        ins(g, "%sBAR.RED.%s 0x%x, R%u, %s", gd, redops[op], b, R_BAR + 1, pin);
        break;
    }
}

/* the reduction's result, read in several ways (ptx: delivered already, P-05) */
static void red_results(gen *g)
{
    if (g->o.profile == WR_PROFILE_PTX)
        return;
    rng *r = &g->r;
    char d[8];
    switch (rng_below(r, 4)) {
    case 0: ins(g, "BAR.RESULT %s, P6", dreg(g, d)); break;
    case 1: ins(g, "B2R.RESULT %s", dreg(g, d)); break;
    case 2: ins(g, "BAR.RESULT RZ, P6"); break;
    default: ins(g, "B2R.RESULT %s, P6", dreg(g, d)); break;
    }
    if (rng_pct(r, 60))
        ins(g, "B2R.WARP %s", dreg(g, d));
}

/* warps of a warp predicate (bit per warp) among the live ones */
static uint32_t warps_of(const gen *g, const pform *f)
{
    uint32_t m = 0;
    for (unsigned w = 0; w < g->nwarps; w++)
        if (g->valid[w] && (pf_mask(f, w) & 1))
            m |= 1u << w;
    return m;
}

/* a lane guard true in some lane of every live warp, or none (ptx: none, a
 * partial guard would split the warp: P-09, P-10) */
static const char *bar_guard(gen *g, char buf[16])
{
    if (g->o.profile == WR_PROFILE_PTX || !rng_pct(&g->r, 25))
        return "";
    ctx tmp;
    memset(&tmp, 0, sizeof tmp);
    memcpy(tmp.cur, g->valid, sizeof tmp.cur);
    pform f = pf_split(g, &tmp);
    for (unsigned w = 0; w < g->nwarps; w++)
        if (g->valid[w] && !(pf_mask(&f, w) & g->valid[w]))
            return "";
    unsigned p = ptemp(g);
    pf_emit(g, &f, p);
    snprintf(buf, 16, "@P%u ", p);
    return buf;
}

/* ---- visa (seed 004): one vISA thread per warp ---------------------------- */

/* the named barrier of tracked barrier b: b or b + 16 (32 barriers, V-01) */
static unsigned visa_id(gen *g, unsigned b)
{
    return b + (rng_below(&g->r, 2) ? 16u : 0u);
}

/* NBARRIER.signal id, n (type < 0) or id, type, np, nc: immediates or
 * registers (all four in a third of the register signals of the general
 * form: V-01, V-05), commas or the seed's blanks */
static void visa_signal(gen *g, const char *gd, unsigned id, int type, unsigned np, unsigned nc)
{
    rng *r = &g->r;
    const char *sep = rng_pct(r, 25) ? " " : ", ";
    if (rng_pct(r, 30)) {
        ins(g, "MOV R%u, 0x%x", R_BAR, id);
        ins(g, "MOV R%u, 0x%x", R_BAR + 1, np);
        if (type < 0) {
            ins(g, "%sNBARRIER.signal R%u%sR%u", gd, R_BAR, sep, R_BAR + 1);
        } else if (rng_pct(r, 33)) {
            ins(g, "MOV R%u, 0x%x", R_BAR + 2, (unsigned)type);
            ins(g, "MOV R%u, 0x%x", R_BAR + 3, nc);
            ins(g, "%sNBARRIER.signal R%u%sR%u%sR%u%sR%u", gd, R_BAR, sep, R_BAR + 2, sep, R_BAR + 1, sep,
                R_BAR + 3);
        } else {
            ins(g, "%sNBARRIER.signal R%u%s0x%x%sR%u%s0x%x", gd, R_BAR, sep, (unsigned)type, sep, R_BAR + 1,
                sep, nc);
        }
        return;
    }
    if (type < 0)
        ins(g, "%sNBARRIER.signal 0x%x%s0x%x", gd, id, sep, np);
    else
        ins(g, "%sNBARRIER.signal 0x%x%s0x%x%s0x%x%s0x%x", gd, id, sep, (unsigned)type, sep, np, sep, nc);
}

static void visa_wait(gen *g, const char *gd, unsigned id)
{
    if (rng_pct(&g->r, 30)) {
        ins(g, "MOV R%u, 0x%x", R_BAR, id);
        ins(g, "%sNBARRIER.wait R%u", gd, R_BAR);
    } else {
        ins(g, "%sNBARRIER.wait 0x%x", gd, id);
    }
}

/* every warp of `who` (guard gd) signals as producer and consumer and waits:
 * n = the number of those warps (V-02, V-06) */
static void visa_all(gen *g, const char *gd, unsigned b, unsigned n)
{
    unsigned id = visa_id(g, b);
    if (rng_below(&g->r, 2))
        visa_signal(g, gd, id, -1, n, n);
    else
        visa_signal(g, gd, id, 0, n, n);
    visa_wait(g, gd, id);
}

/* a separator: every live warp signals and waits; the count is explicit
 * (exited warps are never counted, V-09) */
static void separator_visa(gen *g, unsigned b)
{
    visa_all(g, "", b, live_warps(g));
    g->bar_used |= (uint16_t)(1u << b);
    separated(g, live_warps(g));
}

/* BAR.SYNC with cnt == 0 of every live warp (visa: every live warp
 * signals and waits) */
static void separator0(gen *g)
{
    int b = free_bar(g, g->bar_used | g->bar_read);
    if (b < 0)
        return;                  /* not reached: at most 12 are ever busy */
    if (g->o.profile == WR_PROFILE_VISA) {
        separator_visa(g, (unsigned)b);
        return;
    }
    bar_insn(g, "", "SYNC", (unsigned)b, 0);
    g->bar_used |= (uint16_t)(1u << b);
    separated(g, 0);
}

/* visa phases: a separator, producers (type 1) and consumers (type 2, they
 * wait), or a subset of the warps that waits for itself */
static void st_barrier_visa(gen *g, ctx *c)
{
    rng *r = &g->r;
    uint16_t busy = g->bar_used | g->bar_read;
    int b = free_bar(g, busy);
    if (b < 0) {                 /* every one in use since warps died (V-09) */
        helper1(g, c);
        return;
    }
    unsigned kind = popc(busy) >= 12 ? 0 : rng_below(r, 3);
    pform f = pf_warp(g);
    uint32_t sub = warps_of(g, &f);
    unsigned n = popc(sub), live = live_warps(g);
    if (kind == 0 || n == 0 || (kind == 1 && n == live)) {
        separator_visa(g, (unsigned)b);
        return;
    }
    unsigned p = ptemp(g);
    pf_emit(g, &f, p);
    char gp[16], gc[16];
    snprintf(gp, sizeof gp, "@P%u ", p);
    snprintf(gc, sizeof gc, "@!P%u ", p);
    if (kind == 1) {             /* np = the producers, nc = the others */
        unsigned id = visa_id(g, (unsigned)b);
        int cons_first = rng_below(r, 2);
        if (cons_first)
            visa_signal(g, gc, id, 2, n, live - n);
        visa_signal(g, gp, id, 1, n, live - n);
        if (!cons_first)
            visa_signal(g, gc, id, 2, n, live - n);
        helpers(g, c, rng_below(r, 3));
        visa_wait(g, gc, id);
    } else {
        visa_all(g, gp, (unsigned)b, n);
    }
    g->bar_used |= (uint16_t)(1u << b);
}

/* ---- sass (seed 001) ------------------------------------------------------- */

/* BAR.SYNCALL of every live warp in trap mode: TRAP enters it (the handler
 * is inline), RTT leaves it (S-06, S-13); a separator (cnt == 0, S-15) */
static void sass_syncall(gen *g)
{
    rng *r = &g->r;
    ins(g, "TRAP 0x%x", rng_below(r, 256));
    ins(g, "BAR.SYNCALL");
    ins(g, "RTT");
    separated(g, 0);
}

/* BAR.SCAN of every live warp, read back by B2R.RESULT; then R2B.WARP.
 * Half the scans have a false input: every prefix is 0 whatever the order of
 * arrival (S-04).  The others a true one (PT, or a predicate that splits the
 * lanes): each warp's prefix counts the true lanes of the warps that arrived
 * before it, so the value B2R.RESULT writes depends on the order; the checker
 * compares it at that retire (lockstep follows the RTL's order), and a MOV
 * clears the register at once so that the final state does not depend on the
 * schedule (docs/gen.md, guarantee 3) */
static void sass_scan(gen *g, ctx *c)
{
    rng *r = &g->r;
    int b = free_bar(g, g->bar_used | g->bar_read);
    if (b < 0) {
        helper1(g, c);
        return;
    }
    unsigned cnt = 32 * live_warps(g);
    char d[8], in[8] = "!PT";
    const int true_in = rng_below(r, 2);
    if (true_in && rng_below(r, 3)) {    /* a predicate that splits the lanes */
        ctx tmp;
        memset(&tmp, 0, sizeof tmp);
        memcpy(tmp.cur, g->valid, sizeof tmp.cur);
        pform f = pf_split(g, &tmp);
        unsigned p = ptemp(g);
        pf_emit(g, &f, p);
        snprintf(in, sizeof in, "%sP%u", rng_below(r, 2) ? "!" : "", p);
    } else if (true_in) {
        snprintf(in, sizeof in, "PT");
    }
    switch (rng_below(r, 4)) {
    case 0:
        ins(g, "BAR.SCAN 0x%x, 0x%x, %s", (unsigned)b, cnt, in);
        break;
    case 1:                      /* one register: barrier [3:0], count [27:16] (S-02) */
        ins(g, "MOV R%u, 0x%x", R_BAR, (unsigned)b | cnt << 16);
        ins(g, "BAR.SCAN R%u, R%u, %s", R_BAR, R_BAR, in);
        break;
    case 2:
        ins(g, "MOV R%u, 0x%x", R_BAR, (unsigned)b);
        ins(g, "BAR.SCAN R%u, 0x%x, %s", R_BAR, cnt, in);
        break;
    default:
        ins(g, "MOV R%u, 0x%x", R_BAR + 1, cnt);
        ins(g, "BAR.SCAN 0x%x, R%u, %s", (unsigned)b, R_BAR + 1, in);
        break;
    }
    if (true_in) {               /* the order-dependent prefix, checked at its retire, then cleared */
        dreg(g, d);
        ins(g, "B2R.RESULT %s", d);
        ins(g, "MOV %s, 0x0", d);
    } else {
        ins(g, "B2R.RESULT %s%s", dreg(g, d), rng_below(r, 2) ? ", P6" : "");
    }
    /* the scan's WarpBARState holds the arrival order (S-11): replaced, so
     * that the final state does not depend on the schedule */
    ins(g, "R2B.WARP RZ");
    g->bar_used |= (uint16_t)(1u << b);
}

/* ---- ptx (seed 002) -------------------------------------------------------- */

/* A region whose two branches both reach one non-aligned barrier: each
 * warp's lanes gather there and it arrives once (P-03, P-10); a reduction
 * puts its result in each branch's own destination (P-11) */
static void ptx_split(gen *g, ctx *c)
{
    rng *r = &g->r;
    int b = free_bar(g, g->bar_used | g->bar_read), k = alloc_b(g, c);
    if (b < 0 || k < 0) {
        helper1(g, c);
        return;
    }
    unsigned live = live_warps(g), cnt = rng_below(r, 2) ? 0 : 32 * live;
    unsigned kind = rng_below(r, 3);            /* sync, red.popc, red.and/or */
    unsigned op = kind == 1 ? 2 : rng_below(r, 2);
    char pin[8] = "PT";
    if (kind) {
        ctx tmp;
        memset(&tmp, 0, sizeof tmp);
        memcpy(tmp.cur, g->valid, sizeof tmp.cur);
        pform in = pf_split(g, &tmp);
        unsigned pi = ptemp(g);
        pf_emit(g, &in, pi);
        snprintf(pin, sizeof pin, "%sP%u", rng_below(r, 2) ? "!" : "", pi);
    }
    unsigned ljoin = newlab(g), lelse = newlab(g);
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    split sp;
    splitter(g, c, lelse, &sp);
    ctx t = child(c, k), e = child(c, k);
    for (unsigned w = 0; w < g->nwarps; w++) {
        t.cur[w] = c->cur[w] & ~sp.jump[w];
        e.cur[w] = sp.jump[w];
    }
    for (int side = 0; side < 2; side++) {
        ctx *x = side ? &e : &t;
        if (side)
            label(g, lelse);
        helpers(g, x, rng_below(r, 3));
        if (kind == 0) {
            const char *cta = rng_below(r, 2) ? ".cta" : "";
            if (cnt)
                ins(g, "barrier%s.sync 0x%x, 0x%x", cta, (unsigned)b, cnt);
            else
                ins(g, "barrier%s.sync 0x%x", cta, (unsigned)b);
        } else {
            char d[8];
            static const char *const ops[] = { "and", "or", "popc" };
            const char *dest = op == 2 ? dreg(g, d) : side ? "P5" : "P6";
            ins(g, "barrier.red.%s.%s %s, 0x%x, 0x%x, %s", ops[op], op == 2 ? "u32" : "pred", dest,
                (unsigned)b, cnt, pin);
        }
        helpers(g, x, rng_below(r, 3));
        if (!side)
            ins(g, "BRA `(.L%u)", ljoin);
    }
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    g->bar_used |= (uint16_t)(1u << b);
}

/* BAR.SYNC of every live warp (a separator), or producer/consumer (ARV +
 * SYNC), or a subset of the warps */
static void st_barrier(gen *g, ctx *c)
{
    rng *r = &g->r;
    switch (g->o.profile) {
    case WR_PROFILE_VISA:
        st_barrier_visa(g, c);
        return;
    case WR_PROFILE_SASS:
        if (rng_pct(r, 15)) {
            sass_syncall(g);
            return;
        }
        break;
    case WR_PROFILE_PTX:
        if (rng_pct(r, 30)) {
            ptx_split(g, c);
            return;
        }
        break;
    default:
        break;
    }
    unsigned live = live_warps(g);
    uint16_t busy = g->bar_used | g->bar_read;
    int b = free_bar(g, busy);
    int full = popc(busy) >= 12;
    unsigned kind = full ? 0 : rng_below(r, 3);
    char gb[16];
    if (kind == 0) {             /* every live warp waits: a separator */
        unsigned cnt = full || rng_below(r, 2) ? 0 : 32 * live;
        if (g->o.weight[WR_GEN_REDUCE] && rng_pct(r, 25)) {
            /* BAR.RED.AND of true contributions: the result is true */
            red_insn(g, bar_guard(g, gb), 0, (unsigned)b, cnt, "PT");
            g->bar_used |= (uint16_t)(1u << b);
            separated(g, cnt);
            red_results(g);
            return;
        }
        bar_insn(g, bar_guard(g, gb), "SYNC", (unsigned)b, cnt);
        g->bar_used |= (uint16_t)(1u << b);
        separated(g, cnt);
        return;
    }
    pform f = pf_warp(g);
    uint32_t prod = warps_of(g, &f);
    unsigned p = ptemp(g);
    pf_emit(g, &f, p);
    if (kind == 1) {             /* producers arrive, consumers wait; all live warps take part */
        unsigned cnt = 32 * live;
        char gp[16], gc[16];
        snprintf(gp, sizeof gp, "@P%u ", p);
        snprintf(gc, sizeof gc, "@!P%u ", p);
        if (rng_below(r, 2)) {
            bar_insn(g, gp, "ARV", (unsigned)b, cnt);
            bar_insn(g, gc, "SYNC", (unsigned)b, cnt);
        } else {
            bar_insn(g, gc, "SYNC", (unsigned)b, cnt);
            bar_insn(g, gp, "ARV", (unsigned)b, cnt);
        }
        helpers(g, c, rng_below(r, 3));
    } else {                     /* a subset waits for itself */
        unsigned n = popc(prod);
        if (n == 0) {
            helper1(g, c);
            return;
        }
        char gp[16];
        snprintf(gp, sizeof gp, "@P%u ", p);
        bar_insn(g, gp, rng_below(r, 3) ? "SYNC" : "ARV", (unsigned)b, 32 * n);
    }
    g->bar_used |= (uint16_t)(1u << b);
}

/* a hole's shape after a statement, out of the size budget, as the
 * prologue's: the statements drawn around it stay the ones drawn */
static void out_of_budget(gen *g, ctx *c, void (*shape)(gen *, ctx *))
{
    const unsigned n0 = g->ninsn;
    shape(g, c);
    g->ninsn = n0;
}

/* After a reduce statement at the top level (one in three, warp 0 alive and
 * another warp): a cnt-0 BAR.SYNC of every live warp on an idle barrier b (a
 * separator: warp 0 arrives, the phase completes), then a reduction on b of
 * the live warps but warp 0 (cnt 32 per warp): only the warps that arrived in
 * that phase get its result (N-34), not warp 0, whose arrival on b belonged to
 * the phase before. */
static void hole_arrived_reuse(gen *g, ctx *c)
{
    rng *h = &g->h;
    const uint16_t busy = g->bar_used | g->bar_read;
    if (!edge_on(g) || !c->top || !g->o.weight[WR_GEN_BARRIER] || rng_below(h, 3) || !g->valid[0] ||
        live_warps(g) < 2 || popc(busy) >= 16)
        return;
    const unsigned b = (unsigned)idle_bar(h, busy);
    const unsigned p = rng_below(h, 4), op = rng_below(h, 3);
    ins(g, "BAR.SYNC 0x%x, 0x0", b);
    separated(g, 0);
    ins(g, "ISETP.NE P%u, R1, 0x0", p);
    ins(g, "@P%u BAR.RED.%s 0x%x, 0x%x, PT", p, redops[op], b, 32 * (live_warps(g) - 1));
    if (g->o.weight[WR_GEN_BSTATE])
        ins(g, "@P%u BAR.RESULT R%u, P6", p, R_DATA + rng_below(h, N_DATA));
    g->bar_used |= (uint16_t)(1u << b);
    g->bar_read |= (uint16_t)(1u << b);
}

/* BAR.RED of every live warp (a separator) or of a subset, then the result */
static void st_reduce(gen *g, ctx *c)
{
    rng *r = &g->r;
    if (g->o.profile == WR_PROFILE_SASS && rng_pct(r, 25)) {
        sass_scan(g, c);
        return;
    }
    unsigned live = live_warps(g);
    int b = free_bar(g, g->bar_used | g->bar_read);
    unsigned op = rng_below(r, 3);
    ctx tmp;
    memset(&tmp, 0, sizeof tmp);
    memcpy(tmp.cur, g->valid, sizeof tmp.cur);
    pform in = pf_split(g, &tmp);
    unsigned pi = ptemp(g);
    pf_emit(g, &in, pi);
    char pin[8];
    snprintf(pin, sizeof pin, "%sP%u", rng_below(r, 2) ? "!" : "", pi);
    if (op == 0 && rng_pct(r, 60))
        snprintf(pin, sizeof pin, "PT");   /* AND of true contributions: true */
    int full = popc(g->bar_used | g->bar_read) >= 12;
    if (full || rng_pct(r, 70)) {  /* every live warp: a separator */
        char gb[16];
        unsigned cnt = full || rng_below(r, 2) ? 0 : 32 * live;
        red_insn(g, bar_guard(g, gb), op, (unsigned)b, cnt, pin);
        g->bar_used |= (uint16_t)(1u << b);
        separated(g, cnt);
    } else {
        pform f = pf_warp(g);
        uint32_t sub = warps_of(g, &f);
        if (!sub) {
            helper1(g, c);
            return;
        }
        unsigned p = (pi + 1) % 4;
        pf_emit(g, &f, p);
        char gp[16];
        snprintf(gp, sizeof gp, "@P%u ", p);
        red_insn(g, gp, op, (unsigned)b, 32 * popc(sub), pin);
        g->bar_used |= (uint16_t)(1u << b);
    }
    red_results(g);
}

/* B2R/R2B: read an idle barrier; restore it as read; R2B.WARP then read it
 * back; or, in the lowest live warp only, restore a phase in progress on a
 * barrier nobody else uses, read it, and arrive: the arrival completes it
 * (count > 0: no double count at an exit, H-5) */
static void st_bstate(gen *g, ctx *c)
{
    rng *r = &g->r;
    char d[8], d2[8];
    unsigned kind = c->top ? rng_below(r, 4) : 3;
    if (kind < 3 && popc(g->bar_used | g->bar_read) >= 12)
        kind = 3;                /* leave barriers for the next separator */
    if (kind == 0) {
        int b = free_bar(g, g->bar_used);
        if (b < 0) {
            helper1(g, c);
            return;
        }
        ins(g, "%s %s, 0x%x", rng_below(r, 2) ? "B2R.BAR" : "B2R", dreg(g, d), b);
        g->bar_read |= (uint16_t)(1u << b);
        return;
    }
    if (kind == 1) {
        int b = free_bar(g, g->bar_used | g->bar_read);
        if (b < 0) {
            helper1(g, c);
            return;
        }
        ins(g, "B2R.BAR R%u, 0x%x", R_BAR, b);
        if (rng_pct(r, 60)) {
            /* bits 31:29 of the register are not part of the barrier word
             * (N-39): the same state, read back */
            ins(g, "LOP.OR R%u, R%u, 0x%08" PRIx32, R_BAR + 1, R_BAR, (1 + rng_below(r, 7)) << 29);
            ins(g, "R2B.BAR 0x%x, R%u", b, R_BAR + 1);
            ins(g, "B2R.BAR %s, 0x%x", dreg(g, d), b);
        }
        ins(g, "%s 0x%x, R%u", rng_below(r, 2) ? "R2B.BAR" : "R2B", b, R_BAR);
        g->bar_used |= (uint16_t)(1u << b);
        g->bar_read |= (uint16_t)(1u << b);
        return;
    }
    if (kind == 2) {
        int b = free_bar(g, g->bar_used | g->bar_read);
        unsigned w0 = 0;
        while (w0 < g->nwarps && !g->valid[w0])
            w0++;
        if (b < 0 || w0 >= g->nwarps) {
            helper1(g, c);
            return;
        }
        unsigned p = ptemp(g);
        ins(g, "ISETP.EQ P%u, R1, 0x%x", p, w0);
        char gp[8];
        snprintf(gp, sizeof gp, "@P%u ", p);
        unsigned k = 1 + rng_below(r, 4);
        int red = rng_below(r, 2);
        unsigned op = rng_below(r, 3);
        uint32_t acc = op == 2 ? rng_below(r, 100) : rng_below(r, 2);
        uint32_t word = (k - 1) | k << 6 | (red ? 2u : 1u) << 13;
        if (red)
            word |= op << 15 | acc << 17;
        if (rng_pct(r, 50))      /* bits 31:29 are dropped (N-39) */
            word |= (1 + rng_below(r, 7)) << 29;
        ins(g, "MOV R%u, 0x%08" PRIx32, R_BAR, word);
        ins(g, "%sR2B.BAR 0x%x, R%u", gp, b, R_BAR);
        if (rng_pct(r, 60))
            ins(g, "%sB2R.BAR %s, 0x%x", gp, dreg(g, d), b);
        if (red) {
            ctx tmp;
            memset(&tmp, 0, sizeof tmp);
            memcpy(tmp.cur, g->valid, sizeof tmp.cur);
            pform in = pf_split(g, &tmp);
            unsigned q = (p + 1) % 4;
            pf_emit(g, &in, q);
            char pin[8];
            snprintf(pin, sizeof pin, "%sP%u", rng_below(r, 2) ? "!" : "", q);
            ins(g, "%sBAR.RED.%s 0x%x, 0x%x, %s", gp, redops[op], b, 32 * k, pin);
            ins(g, "%sBAR.RESULT %s, P6", gp, dreg(g, d));
        } else {
            bar_insn(g, gp, "SYNC", (unsigned)b, 32 * k);
        }
        g->bar_used |= (uint16_t)(1u << b);
        g->bar_read |= (uint16_t)(1u << b);
        return;
    }
    /* R2B.WARP: this warp's copy, then B2R.WARP and BAR.RESULT read it */
    uint32_t op = rng_below(r, 4), acc = op == 2 ? rng_below(r, 2048) : rng_below(r, 2);
    uint32_t word = (uint32_t)rng_below(r, 33) | (uint32_t)rng_below(r, 33) << 6 | 2u << 13 | op << 15 |
                    acc << 17 | (uint32_t)rng_below(r, 2) << 28;
    if (rng_pct(r, 20))
        word = (uint32_t)rng_next(r);
    ins(g, "MOV %s, 0x%08" PRIx32, dreg(g, d), word);
    if (rng_below(r, 2))
        ins(g, "R2B.WARP %s", d);
    else
        ins(g, "R2B.WARP 0x%x, %s", rng_below(r, 16), d);
    ins(g, "B2R.WARP %s", dreg(g, d2));
    ins(g, "BAR.RESULT %s, P6", dreg(g, d2));
}

/* ---- the profiles' own stimulus (not native) ------------------------------
 *
 * Shapes only a profile's programs get, chosen from a stream of their own
 * (g->pr: run through g->r while a shape is written, so that the helpers
 * below draw from it), so that the native program is the same text and a
 * profile's program is the one it was with these shapes inserted.  They take
 * the rare branch-unit paths the profiles' programs missed over the default
 * regression's seeds (EXIT.switch_yielded, EXIT.switch_sleep, BSYNC.switch_outside,
 * RTT.stop), and the visa stall of V-07 (docs/gen.md, "Profiles"). */

enum { MAX_EXTRA = 2 };          /* shapes per program */

static void pr_enter(gen *g, rng *save)
{
    *save = g->r;
    g->r = g->pr;
}

static void pr_leave(gen *g, const rng *save)
{
    g->pr = g->r;
    g->r = *save;
}

/* A region whose lanes below h YIELD or NANOSLEEP (they fall through, so they
 * run first) while the lanes from h wait at the else label; those then EXIT,
 * and the only valid lanes left are yielded (EXIT.switch_yielded, N-18) or all
 * asleep (EXIT.switch_sleep: the warp sleeps, N-02).  Joined as st_yield joins
 * (BSYNC, WARPSYNC of the whole warp, an empty BSSY/BSYNC clears YieldMask). */
static int prof_yield_exit(gen *g, ctx *c, int sleep)
{
    rng *r = &g->r;
    const unsigned h = 16 + rng_below(r, 12);
    uint32_t ex[MAXW];
    for (unsigned w = 0; w < g->nwarps; w++)
        ex[w] = g->valid[w] & ~((1u << h) - 1);
    const uint32_t v0 = g->valid[0], after = v0 & ~ex[0];
    if (*c->bnext > 14 || !after || 2 * popc(after) < popc(v0))
        return 0;
    const int k = alloc_b(g, c), k2 = alloc_b(g, c);
    const unsigned ljoin = newlab(g), lelse = newlab(g), p = ptemp(g);
    ctx t = *c;
    t.straight = 1;
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    ins(g, "ISETP.GE P%u, R0, 0x%x", p, h);
    ins(g, "@P%u BRA `(.L%u)", p, lelse);
    if (sleep)                   /* long enough to outlast the else branch */
        ins(g, "NANOSLEEP 0x%x", 400 + rng_below(r, 600));
    else
        ins(g, "YIELD");
    helpers(g, &t, 1 + rng_below(r, 3));
    ins(g, "BRA `(.L%u)", ljoin);
    label(g, lelse);
    helpers(g, &t, 1 + rng_below(r, 2));
    ins(g, "EXIT");
    do_exit(g, ex);
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    warpsync_uniform(g, c, 0xffffffffu);
    ins(g, "BSSY B%d", k2);
    ins(g, "BSYNC B%d", k2);
    restrict_cur(g, c);
    return 1;
}

/* visa: two phases in a row on one named barrier, every live warp signalling
 * (n = the live warps) and waiting in each.  The warps the first phase's
 * completion releases signal the second while the barrier is complete and not
 * yet free (the others sleep before their wait): that signal stalls
 * until the last wait frees the barrier and wakes it (V-07).  Whatever the order, each
 * warp signals once per phase: the outcome does not depend on it. */
static int prof_visa_twice(gen *g, ctx *c)
{
    rng *r = &g->r;
    const int b = free_bar(g, g->bar_used | g->bar_read);
    if (b < 0)
        return 0;
    const unsigned id = visa_id(g, (unsigned)b), n = live_warps(g);
    const int type = rng_below(r, 2) ? -1 : 0;
    for (int phase = 0; phase < 2; phase++) {
        visa_signal(g, "", id, type, n, n);
        if (phase == 0) {
            /* each warp sleeps before its wait, the longer the higher its
             * id (64 or 128 per warp), whatever the scheduler: a warp that
             * wakes early waits and signals the second phase while the
             * others still sleep before their wait */
            if (g->o.weight[WR_GEN_SLEEP]) {
                ins(g, "SHL R%u, R%u, 0x%x", R_T1, R_WARP, 6 + rng_below(r, 2));
                ins(g, "IADD R%u, R%u, 0x%x", R_T1, R_T1, 20 + rng_below(r, 100));
                ins(g, "NANOSLEEP R%u", R_T1);
            }
            visa_wait(g, "", id);
        } else {
            helpers(g, c, rng_below(r, 2));
        }
    }
    visa_wait(g, "", id);
    g->bar_used |= (uint16_t)(1u << b);
    separated(g, n);
    return 1;
}

/* ptx: the lanes below h (1..31) fall through, the lanes from h branch to
 * the else label, and both reach one non-aligned barrier.red: each warp's
 * lanes below h are recorded first and its lanes from h complete the gather
 * (P-10).  The inputs are true in the recorded lanes (PT, or !Pp: true below
 * h only), so a reduction that lost the recorded lanes' inputs (the stub's
 * ptx_input_lost) delivers a smaller count, or false. */
static int prof_ptx_gather(gen *g, ctx *c)
{
    rng *r = &g->r;
    const int b = free_bar(g, g->bar_used | g->bar_read);
    if (b < 0 || *c->bnext > 14)
        return 0;
    const int k = alloc_b(g, c);
    const unsigned h = 1 + rng_below(r, 31), live = live_warps(g);
    const unsigned cnt = rng_below(r, 2) ? 0 : 32 * live, op = rng_below(r, 3);  /* and, or, popc */
    const unsigned ljoin = newlab(g), lelse = newlab(g), p = ptemp(g);
    static const char *const ops[] = { "and", "or", "popc" };
    char pin[8] = "PT";
    if (op == 1 || (op == 2 && rng_below(r, 2)))
        snprintf(pin, sizeof pin, "!P%u", p);
    ctx t = *c;
    t.straight = 1;
    ins(g, "BSSY B%d, `(.L%u)", k, ljoin);
    ins(g, "ISETP.GE P%u, R0, 0x%x", p, h);
    ins(g, "@P%u BRA `(.L%u)", p, lelse);
    for (int side = 0; side < 2; side++) {
        char d[8];
        if (side)
            label(g, lelse);
        helpers(g, &t, rng_below(r, 3));
        const char *dest = op == 2 ? dreg(g, d) : side ? "P5" : "P6";
        ins(g, "barrier%s.red.%s.%s %s, 0x%x, 0x%x, %s", rng_below(r, 2) ? ".cta" : "", ops[op],
            op == 2 ? "u32" : "pred", dest, (unsigned)b, cnt, pin);
        helpers(g, &t, rng_below(r, 2));
        if (!side)
            ins(g, "BRA `(.L%u)", ljoin);
    }
    label(g, ljoin);
    ins(g, "BSYNC B%d", k);
    g->bar_used |= (uint16_t)(1u << b);
    return 1;
}

/* At the converged top level, now and then (at most MAX_EXTRA per program):
 * one of the shapes above.  1 if one was written. */
static int prof_extra(gen *g, ctx *c)
{
    const int gather = g->o.profile == WR_PROFILE_PTX && !g->ngather && g->o.weight[WR_GEN_BARRIER];
    if (g->o.profile == WR_PROFILE_NATIVE || (g->nextra >= MAX_EXTRA && !gather))
        return 0;
    rng save;
    pr_enter(g, &save);
    int done = 0;
    if (g->nextra < MAX_EXTRA && rng_pct(&g->r, 12)) {
        const unsigned kind = rng_below(&g->r, g->o.profile == WR_PROFILE_VISA ? 4 : 3);
        if (kind == 3) {
            done = g->o.weight[WR_GEN_BARRIER] && prof_visa_twice(g, c);
        } else if (kind == 2) {  /* BSYNC.switch_outside (N-21), as st_yield writes it */
            if (g->o.weight[WR_GEN_EXIT] && g->o.weight[WR_GEN_YIELD]) {
                yield_outside(g, c);
                done = 1;
            }
        } else if (g->o.weight[WR_GEN_EXIT] && g->o.weight[kind ? WR_GEN_SLEEP : WR_GEN_YIELD]) {
            done = prof_yield_exit(g, c, (int)kind);
        }
    }
    g->nextra += (unsigned)done;
    /* ptx: the gather of a split warp's reduction, once per program at most
     * (drawn after the others, outside their count) */
    if (!done && gather && rng_pct(&g->r, 6))
        done = (int)(g->ngather = (unsigned)prof_ptx_gather(g, c));
    pr_leave(g, &save);
    return done;
}

/* The epilogue's stop of some warps (N-26) once more in a third of the
 * programs: RTT outside trap mode (sass: it has not entered it, S-13) or
 * SYSCALL, of the warps a warp predicate picks */
static void prof_stop(gen *g)
{
    if (g->o.profile == WR_PROFILE_NATIVE || !g->o.weight[WR_GEN_TRAP])
        return;
    rng save;
    pr_enter(g, &save);
    if (rng_pct(&g->r, 35)) {
        pform f = pf_warp(g);
        unsigned p = ptemp(g);
        pf_emit(g, &f, p);
        ins(g, "@P%u %s", p, rng_pct(&g->r, 75) ? "RTT" : "SYSCALL");
    }
    pr_leave(g, &save);
}

/* ---- choosing statements -------------------------------------------------- */

/* the smallest budget for which a statement of the class is chosen: a
 * region costs its BSSY, predicate, branches and BSYNC besides its bodies */
static const uint8_t min_budget[WR_GEN_NCLASSES] = {
    [WR_GEN_IFELSE] = 8, [WR_GEN_LOOP] = 10, [WR_GEN_BRX] = 14, [WR_GEN_CALL] = 8,
    [WR_GEN_YIELD] = 8, [WR_GEN_SLEEP] = 8, [WR_GEN_BMOV] = 10, [WR_GEN_WARPSYNC] = 4,
    [WR_GEN_BARRIER] = 3, [WR_GEN_REDUCE] = 4, [WR_GEN_BSTATE] = 3, [WR_GEN_SKIP] = 3,
};

static int allowed(const gen *g, const ctx *c, unsigned cls, int budget)
{
    if (!g->o.weight[cls])
        return 0;
    if (c->straight)
        return cls == WR_GEN_HELPER;
    if (budget < min_budget[cls] && cls != WR_GEN_HELPER) {
        /* nothing else fits: the helpers, or the cheapest statements if
         * helpers are switched off */
        if (g->o.weight[WR_GEN_HELPER])
            return 0;
    }
    int region_ok = c->fdepth ? c->fb < 2 : *c->bnext < 16;
    switch (cls) {
    case WR_GEN_HELPER:   return 1;
    case WR_GEN_SKIP:     return 1;
    case WR_GEN_IFELSE:   return c->depth < MAX_DEPTH && region_ok;
    case WR_GEN_LOOP:     return c->depth < MAX_DEPTH && region_ok && c->loop < MAX_LOOPS;
    case WR_GEN_BRX:      return c->depth < MAX_DEPTH && region_ok;
    case WR_GEN_CALL:     return c->fdepth < 2 && region_ok && c->depth < MAX_DEPTH;
    case WR_GEN_EXIT:     return c->exact && c->allow_exit && !c->in_yield &&
                                 (g->nexits < MAX_EXITS || (c->top && g->nwexits < MAX_WEXITS && live_warps(g) >= 2));
    case WR_GEN_YIELD:
    case WR_GEN_SLEEP:    return c->top;
    case WR_GEN_WARPSYNC: return c->exact && !c->fdepth;
    case WR_GEN_BMOV:     return !c->fdepth && c->bmovd < 2 && c->depth < MAX_DEPTH;
    case WR_GEN_BARRIER:  return c->top;
    case WR_GEN_REDUCE:   return c->top && g->o.profile != WR_PROFILE_VISA;
    case WR_GEN_BSTATE:   return !c->fdepth && (g->o.profile == WR_PROFILE_NATIVE ||
                                                g->o.profile == WR_PROFILE_SASS);
    default:              return 0;   /* trap: the epilogue */
    }
}

static void stmt(gen *g, ctx *c, int budget)
{
    if (budget < 1)
        budget = 1;
    unsigned total = 0;
    for (unsigned k = 0; k < WR_GEN_NCLASSES; k++)
        if (allowed(g, c, k, budget))
            total += g->o.weight[k];
    if (total == 0) {
        helper1(g, c);
        return;
    }
    unsigned x = rng_below(&g->r, total), cls = 0;
    for (cls = 0; cls < WR_GEN_NCLASSES; cls++) {
        if (!allowed(g, c, cls, budget))
            continue;
        if (x < g->o.weight[cls])
            break;
        x -= g->o.weight[cls];
    }
    switch (cls) {
    case WR_GEN_IFELSE:   st_ifelse(g, c, budget); break;
    case WR_GEN_LOOP:     st_loop(g, c, budget < 12 ? budget : 12); break;
    case WR_GEN_BRX:      st_brx(g, c, budget); break;
    case WR_GEN_CALL:     st_call(g, c, budget); break;
    case WR_GEN_EXIT:     st_exit(g, c); break;
    case WR_GEN_YIELD:
        st_yield(g, c, budget, 0);
        restrict_cur(g, c);
        out_of_budget(g, c, hole_yielded);
        break;
    case WR_GEN_SLEEP:
        st_yield(g, c, budget, 1);
        edge_sleep(g, c);
        break;
    case WR_GEN_WARPSYNC: st_warpsync(g, c); break;
    case WR_GEN_BMOV:     st_bmov(g, c, budget); break;
    case WR_GEN_BARRIER:  st_barrier(g, c); break;
    case WR_GEN_REDUCE:
        st_reduce(g, c);
        out_of_budget(g, c, hole_arrived_reuse);
        break;
    case WR_GEN_BSTATE:
        st_bstate(g, c);
        edge_red_saturate(g, c);
        edge_done_word(g, c);
        edge_undef(g, c);
        break;
    case WR_GEN_SKIP:     st_skip(g, c); break;
    default:              helpers(g, c, 1 + rng_below(&g->r, budget < 4 ? (unsigned)budget : 4u)); break;
    }
}

/* statements until `budget` instructions are emitted (at least one) */
static void block(gen *g, ctx *c, int budget)
{
    unsigned start = g->ninsn;
    do {
        stmt(g, c, budget - (int)(g->ninsn - start));
        restrict_cur(g, c);
    } while ((int)(g->ninsn - start) < budget && !g->oom);
}

/* ---- planted exceptions (--exceptions, N-37) -------------------------------- */

/* the raising instruction: the next line of main */
static void plant_here(gen *g, int exc)
{
    g->plant = exc;
    g->plant_line = g->main.n;
}

/* A word that does not decode, in one of four ways: an optype no form has;
 * a known optype with an stype none of its forms has; a legal word of a form
 * of the profile with one reserved bit (a bit no field of the form covers)
 * set; or a legal word with one field at a value the form does not allow. */
static void illegal_word(gen *g, wr_word *w)
{
    rng *x = &g->x;
    uint8_t used[256] = { 0 };
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        used[wr_forms[f].optype] = 1;
    const unsigned how = rng_below(x, 4);
    for (unsigned tries = 0; tries < 64; tries++) {
        wr_insn in;
        memset(w, 0, sizeof *w);
        const unsigned f = rng_below(x, WR_FORM_COUNT);
        if (how == 0) {                  /* an optype of no form, other bits random */
            for (unsigned k = 0; k < 4; k++)
                w->w[k] = (uint32_t)rng_next(x);
            unsigned v = rng_below(x, 256);
            while (used[v])
                v = (v + 1) % 256;
            wr_field_set(w, 0, 8, v);
        } else if (how == 1) {           /* a known optype, an stype of none of its forms */
            const unsigned st = rng_below(x, 16);
            int known = 0;
            for (unsigned k = 0; k < WR_FORM_COUNT; k++)
                known |= wr_forms[k].optype == wr_forms[f].optype && wr_forms[k].stype == st;
            if (known)
                continue;
            wr_field_set(w, 0, 8, wr_forms[f].optype);
            wr_field_set(w, 8, 4, st);
            wr_field_set(w, 12, 4, 7);   /* guard PT */
        } else {
            if (!wr_form_in_profile(f, g->o.profile))
                continue;
            wr_insn_init(&in, (wr_form)f);
            if (wr_encode(&in, w, NULL, 0) != 0)
                continue;
            const wr_form_desc *d = &wr_forms[f];
            if (how == 2) {              /* a reserved bit */
                uint32_t cover[4] = { 0xfffu, 0, 0, 0 };
                for (unsigned k = 0; k < d->nfields; k++)
                    for (unsigned b = d->fields[k].lsb; b < d->fields[k].lsb + d->fields[k].width && b < 128; b++)
                        cover[b / 32] |= 1u << (b % 32);
                unsigned nfree = 0;
                for (unsigned b = 0; b < 128; b++)
                    nfree += !(cover[b / 32] >> (b % 32) & 1u);
                if (nfree == 0)
                    continue;
                unsigned i = rng_below(x, nfree);
                for (unsigned b = 0; b < 128; b++)
                    if (!(cover[b / 32] >> (b % 32) & 1u) && i-- == 0) {
                        wr_field_set(w, b, 1, 1);
                        break;
                    }
            } else {                     /* a field value the form does not allow */
                uint32_t bad[WR_MAX_FORM_FIELDS];   /* per field: bit v = value v is illegal */
                unsigned nbad = 0, pick = 0;
                for (unsigned k = 0; k < d->nfields; k++) {
                    bad[k] = 0;                  /* (fields of up to 5 bits: at most 32 values) */
                    if (d->fields[k].width <= 5) {
                        const unsigned n = 1u << d->fields[k].width;
                        bad[k] = ~wr_form_legal_values(f, d->fields[k].id) & (n == 32 ? 0xffffffffu : (1u << n) - 1u);
                    }
                    nbad += bad[k] != 0;
                }
                if (nbad == 0)
                    continue;
                pick = rng_below(x, nbad);
                for (unsigned k = 0; k < d->nfields; k++) {
                    if (!bad[k] || pick-- != 0)
                        continue;
                    const unsigned n = 1u << d->fields[k].width;
                    unsigned v = rng_below(x, n);
                    while (!(bad[k] >> v & 1u))
                        v = (v + 1) % n;
                    wr_field_set(w, d->fields[k].lsb, d->fields[k].width, v);
                    break;
                }
            }
        }
        if (wr_decode(w, &in, NULL, 0) != 0)
            return;
    }
    memset(w, 0, sizeof *w);             /* (not reached with the table: an optype of no form) */
    unsigned v = 0;
    while (used[v] && v < 255)
        v++;
    wr_field_set(w, 0, 8, v);
}

/* The exception to plant: ILLEGAL_ENCODING four times as often (its four
 * ways), the barrier exceptions in the native profile only; one that needs
 * what the program lacks falls back to another.  *b: a barrier no phase of
 * the program is using (-1: none), *wide: a warp with two lanes or more. */
static unsigned plant_kind(gen *g, const ctx *top, int *b, int *wide)
{
    rng *x = &g->x;
    static const uint8_t kinds[] = {
        WR_EXC_ILLEGAL_ENCODING, WR_EXC_ILLEGAL_ENCODING, WR_EXC_ILLEGAL_ENCODING, WR_EXC_ILLEGAL_ENCODING,
        WR_EXC_WARPSYNC_NOT_MEMBER, WR_EXC_WARPSYNC_GROUP_MISMATCH,
        WR_EXC_BAR_CNT_ALIGN, WR_EXC_BAR_ARV_ZERO_CNT, WR_EXC_BAR_MODE_MISMATCH, WR_EXC_BAR_PARAM_MISMATCH,
    };
    const unsigned nk = g->o.profile == WR_PROFILE_NATIVE ? sizeof kinds : 6;
    unsigned kind = kinds[rng_below(x, nk)];
    const uint16_t busy = g->bar_used | g->bar_read;
    *b = idle_bar(x, busy);
    if ((kind == WR_EXC_BAR_MODE_MISMATCH || kind == WR_EXC_BAR_PARAM_MISMATCH) && *b < 0)
        kind = WR_EXC_BAR_CNT_ALIGN;
    *wide = -1;
    for (unsigned w = 0; w < g->nwarps && *wide < 0; w++)
        if (popc(top->cur[w]) >= 2)
            *wide = (int)w;
    if (kind == WR_EXC_WARPSYNC_GROUP_MISMATCH && *wide < 0)
        kind = WR_EXC_WARPSYNC_NOT_MEMBER;
    return kind;
}

/* WARPSYNC_NOT_MEMBER: a membermask without the arrived lanes */
static void plant_not_member(gen *g, unsigned kind)
{
    switch (rng_below(&g->x, 4)) {
    case 0:
        plant_here(g, (int)kind);
        ins(g, "WARPSYNC 0x0");
        break;
    case 1:
        ins(g, "UMOV UR2, 0x0");
        plant_here(g, (int)kind);
        ins(g, "WARPSYNC UR2");
        break;
    case 2:
        ins(g, "UMOV UR2, 0xffffffff");
        plant_here(g, (int)kind);
        ins(g, "WARPSYNC ~UR2");
        break;
    default:
        ins(g, "MOV R%u, 0x0", R_T1);
        plant_here(g, (int)kind);
        ins(g, "WARPSYNC R%u", R_T1);
        break;
    }
}

/* WARPSYNC_GROUP_MISMATCH in warp `wide`: lanes below s, every lane;
 * lanes from s, only those (each lane is in its own mask, but the two
 * groups disagree, N-25) */
static void plant_group_mismatch(gen *g, const ctx *top, int wide, unsigned kind)
{
    unsigned sbit = 31;
    while (!(top->cur[wide] >> sbit & 1u))
        sbit--;
    ins(g, "ISETP.GE P0, R%u, 0x%x", R_LANE, sbit);
    ins(g, "MOV R%u, 0xffffffff", R_T1);
    ins(g, "@P0 MOV R%u, 0x%08" PRIx32, R_T1, ~((1u << sbit) - 1u));
    plant_here(g, (int)kind);
    ins(g, "WARPSYNC R%u", R_T1);
}

/* the barrier exceptions on barrier bb; n: more warps than there are (a
 * phase that never completes) */
/* BAR_MODE_MISMATCH the other way round (native, one in two of the planted
 * BAR_MODE_MISMATCH and BAR_PARAM_MISMATCH when two warps or more live; the
 * stream g->h): the lowest live warp starts a reduction
 * phase on the barrier and blocks (n: more warps than live, it never
 * completes); every other warp first sleeps 2000..2999 (so that the reduction
 * comes first whatever the RTL's schedule of the first instructions), then
 * arrives with BAR.ARV or BAR.SYNC: a sync arrival on a reduction's phase.
 * The first of them raises it (N-37).  Returns 0 when the form of before
 * stays. */
static int hole_sync_on_red(gen *g, unsigned bb, unsigned n)
{
    rng *h = &g->h;
    if (!edge_on(g) || live_warps(g) < 2 || rng_below(h, 2))
        return 0;
    unsigned w0 = 0;
    while (!g->valid[w0])
        w0++;
    const unsigned p = rng_below(h, 4);
    ins(g, "ISETP.EQ P%u, R1, 0x%x", p, w0);
    ins(g, "@P%u BAR.RED.%s 0x%x, 0x%x, PT", p, redops[rng_below(h, 3)], bb, 32 * n);
    ins(g, "@!P%u NANOSLEEP 0x%x", p, 2000 + rng_below(h, 1000));
    plant_here(g, WR_EXC_BAR_MODE_MISMATCH);
    ins(g, "@!P%u BAR.%s 0x%x, 0x%x", p, rng_below(h, 2) ? "SYNC" : "ARV", bb, 32 * n);
    return 1;
}

static void plant_bar(gen *g, unsigned kind, unsigned bb, unsigned n)
{
    rng *x = &g->x;
    switch (kind) {
    case WR_EXC_BAR_CNT_ALIGN: {
        const unsigned cnt = 32 * rng_below(x, 4) + 1 + rng_below(x, 31);
        const char *mode = rng_below(x, 2) ? "SYNC" : "ARV";
        if (rng_below(x, 2)) {
            plant_here(g, (int)kind);
            ins(g, "BAR.%s 0x%x, 0x%x", mode, bb, cnt);
        } else {
            ins(g, "MOV R%u, 0x%x", R_BAR + 1, cnt);
            plant_here(g, (int)kind);
            ins(g, "BAR.%s 0x%x, R%u", mode, bb, R_BAR + 1);
        }
        break;
    }
    case WR_EXC_BAR_ARV_ZERO_CNT:
        if (rng_below(x, 2)) {
            plant_here(g, (int)kind);
            ins(g, "BAR.ARV 0x%x, 0x0", bb);
        } else {
            ins(g, "MOV R%u, 0x0", R_BAR + 1);
            plant_here(g, (int)kind);
            ins(g, "BAR.ARV 0x%x, R%u", bb, R_BAR + 1);
        }
        break;
    case WR_EXC_BAR_MODE_MISMATCH:       /* a reduction on a barrier in a sync phase */
        if (hole_sync_on_red(g, bb, n))
            break;
        ins(g, "BAR.ARV 0x%x, 0x%x", bb, 32 * n);
        plant_here(g, (int)kind);
        ins(g, "BAR.RED.%s 0x%x, 0x%x, PT", redops[rng_below(x, 3)], bb, 32 * n);
        break;
    default:                             /* BAR_PARAM_MISMATCH: another count */
        if (hole_sync_on_red(g, bb, n))      /* (or the hole's MODE_MISMATCH) */
            break;
        ins(g, "BAR.ARV 0x%x, 0x%x", bb, 32 * n);
        plant_here(g, (int)kind);
        ins(g, "BAR.%s 0x%x, 0x%x", rng_below(x, 2) ? "SYNC" : "ARV", bb, 32 * (n + 1));
        break;
    }
}

/* ptx, half of the planted exceptions: ALIGNED_DIVERGENT (P-04, P-09), an
 * .aligned form whose guard is true in the highest lane of warp `wide` only
 * (two lanes or more: pmask != ValidMask) and false in every other warp (pmask
 * = 0: a no-op).  The non-aligned form would gather there instead: a stub that
 * runs .aligned as non-aligned differs at this retire.  0 if no warp has two
 * lanes. */
static int plant_ptx_aligned(gen *g, const ctx *top)
{
    rng *x = &g->x;
    if (g->o.profile != WR_PROFILE_PTX || rng_below(x, 2))
        return 0;
    int wide = -1;
    for (unsigned w = 0; w < g->nwarps && wide < 0; w++)
        if (popc(top->cur[w]) >= 2)
            wide = (int)w;
    if (wide < 0)
        return 0;
    unsigned sbit = 31;
    while (!(top->cur[wide] >> sbit & 1u))
        sbit--;
    const unsigned b = rng_below(x, 16), n = live_warps(g);
    const char *cta = rng_below(x, 2) ? ".cta" : "";
    ins(g, "ISETP.GE P0, R%u, 0x%x", R_LANE, sbit);
    ins(g, "ISETP.NE P1, R%u, 0x%x", R_WARP, (unsigned)wide);
    ins(g, "@P1 ISETP.EQ P0, RZ, 0x1");          /* false in the other warps */
    plant_here(g, WR_EXC_ALIGNED_DIVERGENT);
    switch (rng_below(x, 5)) {
    case 0:  ins(g, "@P0 bar%s.sync 0x%x", cta, b); break;
    case 1:  ins(g, "@P0 barrier%s.sync.aligned 0x%x, 0x%x", cta, b, 32 * n); break;
    case 2:  ins(g, "@P0 barrier%s.arrive.aligned 0x%x, 0x%x", cta, b, 32 * n); break;
    case 3:  ins(g, "@P0 barrier%s.red.popc.aligned.u32 R%u, 0x%x, PT", cta, R_DATA, b); break;
    default: ins(g, "@P0 bar%s.red.or.pred P6, 0x%x, 0x%x, P0", cta, b, 32 * n); break;
    }
    return 1;
}

/* --exceptions: with the chance given, the converged warps end in one of
 * the N-37 exceptions instead of the epilogue.  Each is raised by the first
 * warp that gets there, whatever the order of warps, and nothing before it
 * changes: the program's text up to here is the one without the option. */
static void plant(gen *g, const ctx *top)
{
    rng *x = &g->x;
    g->plant = -1;
    if (!g->o.exceptions || rng_below(x, 100) >= g->o.exceptions || live_warps(g) == 0)
        return;
    if (plant_ptx_aligned(g, top))
        return;
    int b, wide;
    const unsigned kind = plant_kind(g, top, &b, &wide);
    const unsigned n = live_warps(g) + 1;   /* more warps than there are: never completes */
    const unsigned bb = b < 0 ? rng_below(x, 16) : (unsigned)b;
    switch (kind) {
    case WR_EXC_ILLEGAL_ENCODING:
        illegal_word(g, &g->plant_word);
        plant_here(g, (int)kind);
        ins(g, "NOP");                   /* the word list has the illegal word here */
        break;
    case WR_EXC_WARPSYNC_NOT_MEMBER:
        plant_not_member(g, kind);
        break;
    case WR_EXC_WARPSYNC_GROUP_MISMATCH:
        plant_group_mismatch(g, top, wide, kind);
        break;
    default:
        plant_bar(g, kind, bb, n);
        break;
    }
}

/* ---- the program ----------------------------------------------------------- */

/* At the very end (one program in six, native; a stream of its own, so that
 * no other choice moves): in every warp the lanes below h NANOSLEEP, alone
 * active, which sets the warp's deadline and switches to the other lanes
 * (N-22, N-23), and those TRAP: the warp stops TRAPPED while it holds a sleep
 * deadline (N-26), and once every warp has stopped no warp is ready and none
 * is asleep, so the run ends (N-54).  A design that takes a stopped warp's
 * deadline for an asleep one's jumps its time there instead.  A warp whose
 * lanes are all below h sleeps whole, wakes and traps.  Not with a fall off
 * the end (that edge needs a warp to reach it). */
static void hole_trap_asleep(gen *g)
{
    rng t;
    rng_seed(&t, g->o.seed ^ UINT64_C(0x74726170736c6570));   /* "trapslep" */
    if (!edge_on(g) || g->fall_off || !g->o.weight[WR_GEN_TRAP] || !g->o.weight[WR_GEN_SLEEP] ||
        rng_below(&t, 6))
        return;
    const unsigned l = newlab(g), p = rng_below(&t, 4);
    ins(g, "ISETP.LT P%u, R0, 0x%x", p, 1 + rng_below(&t, 31));
    ins(g, "@!P%u BRA `(.L%u)", p, l);
    ins(g, "NANOSLEEP 0x%x", 300 + rng_below(&t, 600));
    label(g, l);
    ins(g, "TRAP 0x%x", rng_below(&t, 256));
}

/* the end: some warps trap (TRAP/SYSCALL/RTT stop a warp, N-26), every
 * other warp exits */
static void epilogue(gen *g)
{
    rng *r = &g->r;
    unsigned wt = g->o.weight[WR_GEN_TRAP];
    uint32_t trapped = 0;        /* warps a TRAP, SYSCALL or RTT may stop */
    if (wt && rng_below(r, 100) < 10 * wt) {
        unsigned n = 1 + rng_below(r, 2);
        while (n--) {
            pform f = pf_warp(g);
            unsigned p = ptemp(g);
            pf_emit(g, &f, p);
            const unsigned how = rng_below(r, 6);
            for (unsigned w = 0; w < g->nwarps && how < 5; w++)
                if (pf_mask(&f, w) & 1)
                    trapped |= 1u << w;
            switch (how) {
            case 0: ins(g, "@P%u TRAP 0x%x", p, rng_below(r, 256)); break;
            case 1:
                ins(g, "IADD R3, R0, 0x%x", rng_below(r, 64));
                ins(g, "@P%u TRAP R3", p);
                break;
            case 2: {
                unsigned bank, off;
                const_alloc(g, 1, &bank, &off);
                cline(g, ".const c[0x%x][0x%x] = 0x%x", bank, off, rng_below(r, 1000));
                ins(g, "@P%u TRAP c[0x%x][0x%x]", p, bank, off);
                break;
            }
            case 3: ins(g, "@P%u SYSCALL", p); break;
            case 4: ins(g, "@P%u RTT", p); break;
            default: {           /* some lanes: the warp stops all the same */
                pform q = pf_random(g, SRC_LANE);
                unsigned p2 = (p + 1) % 4;
                pf_emit(g, &q, p2);
                for (unsigned w = 0; w < g->nwarps; w++)
                    if (pf_mask(&q, w) & g->valid[w])
                        trapped |= 1u << w;
                ins(g, "@P%u TRAP 0x%x", p2, rng_below(r, 16));
                break;
            }
            }
        }
    }
    if (wt && edge_on(g) && live_warps(g) >= 2 && rng_below(&g->e, 4) == 0) {
        /* (edge: SYSCALL stopping the highest live warp, whatever came before) */
        unsigned hi = g->nwarps - 1;
        while (!g->valid[hi])
            hi--;
        const unsigned p = rng_below(&g->e, 4);
        ins(g, "ISETP.EQ P%u, R1, 0x%x", p, hi);
        ins(g, "@P%u SYSCALL", p);
        trapped |= 1u << hi;
    }
    int left = 0;                /* a live warp no trap stops: it reaches the end */
    for (unsigned w = 0; w < g->nwarps; w++)
        left |= g->valid[w] && !(trapped >> w & 1);
    g->fall_off &= left;
    prof_stop(g);                /* (the profiles: fall_off is native's alone) */
    hole_pair_r0(g);
    hole_pred_undef_end(g);
    hole_trap_asleep(g);
    if (g->fall_off)
        edge_fall_off(g);
    else
        ins(g, "EXIT");
}

static void append_str(char **buf, size_t *len, size_t *cap, const char *s, size_t n, int *oom)
{
    if (*oom)
        return;
    if (*len + n + 1 > *cap) {
        size_t c = *cap ? *cap : 8192;
        while (c < *len + n + 1)
            c *= 2;
        char *p = realloc(*buf, c);
        if (!p) {
            *oom = 1;
            return;
        }
        *buf = p;
        *cap = c;
    }
    memcpy(*buf + *len, s, n);
    *len += n;
    (*buf)[*len] = '\0';
}

static void weights_text(const wr_gen_opts *o, char *buf, size_t size, int only_changed)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned k = 0; k < WR_GEN_NCLASSES && n < size; k++) {
        if (only_changed && o->weight[k] == default_weights[k])
            continue;
        n += (size_t)snprintf(buf + n, size - n, "%s%s=%u", n ? "," : "", class_names[k], o->weight[k]);
    }
}

/* the program's text as it grows (oom: an append failed; the text is
 * then incomplete and dropped) */
typedef struct text_out {
    char *buf;
    size_t len, cap;
    int oom;
} text_out;

static void put_n(text_out *o, const char *s, size_t n) { append_str(&o->buf, &o->len, &o->cap, s, n, &o->oom); }
static void put_s(text_out *o, const char *s) { put_n(o, s, strlen(s)); }

__attribute__((format(printf, 2, 3))) static void put_f(text_out *o, const char *fmt, ...)
{
    char line[512];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    const int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0) {
        o->oom = 1;                  /* (no encoding error is possible in these formats) */
    } else if ((size_t)n < sizeof line) {
        put_n(o, line, (size_t)n);
    } else {                         /* a longer line: formatted whole, never cut or over-read */
        char *big = malloc((size_t)n + 1);
        if (big) {
            vsnprintf(big, (size_t)n + 1, fmt, again);
            put_n(o, big, (size_t)n);
            free(big);
        } else {
            o->oom = 1;
        }
    }
    va_end(again);
}

/* the address of each label (addr, by label number) and of the planted
 * exception, the sections laid out one after the other */
static void label_addresses(gen *g, const sect *const parts[3], uint64_t *addr)
{
    uint64_t pc = 0;
    for (int s = 0; s < 3; s++)
        for (size_t i = 0; i < parts[s]->n; i++) {
            const char *t = parts[s]->buf + parts[s]->off[i];
            if (parts[s]->kind[i] == LN_LABEL)
                addr[strtoul(t, NULL, 10)] = pc;
            else if (parts[s]->kind[i] == LN_INSN) {
                if (s == 0 && g->plant >= 0 && i == g->plant_line)
                    g->plant_pc = pc;
                pc += WR_INST_SIZE;
            }
        }
    g->end_pc = pc;
}

/* the head of the text: how to make it again, the exception planted, the
 * directives (extra: the caller's), the constants, the base label */
static void put_head(gen *g, text_out *o, const char *extra)
{
    char wbuf[256], cbuf[256];
    weights_text(&g->o, wbuf, sizeof wbuf, 0);
    weights_text(&g->o, cbuf, sizeof cbuf, 1);
    char xbuf[64] = "";
    if (g->o.exceptions)
        snprintf(xbuf, sizeof xbuf, " --exceptions %u", g->o.exceptions);
    put_f(o, "// generated by warpref gen (docs/gen.md): seed %" PRIu64 ", size %u, threads %u (%u warps)\n"
          "// weights %s\n"
          "// reproduce: warpref gen --seed %" PRIu64 " --size %u --threads %u%s%s%s%s%s%s\n",
          g->o.seed, g->o.size, g->threads, g->nwarps, wbuf, g->o.seed, g->o.size, g->threads,
          cbuf[0] ? " --weights " : "", cbuf, g->o.profile ? " --profile " : "",
          g->o.profile ? wr_profile_name(g->o.profile) : "", xbuf, g->o.wide_links ? " --wide-links" : "");
    if (g->plant >= 0) {                         /* --exceptions: what ends the program */
        put_f(o, "// exception: %s at 0x%04" PRIx64, wr_exception_name((unsigned)g->plant), g->plant_pc);
        if (g->plant == WR_EXC_ILLEGAL_ENCODING) {
            char wt[35];
            wr_word_format(&g->plant_word, wt);
            put_f(o, ", word %s (the NOP there holds its place: run the word list, "
                  "warpref gen --words FILE)", wt);
        }
        put_n(o, "\n", 1);
    }
    if (g->fall_off)                             /* --exceptions: the program runs off its end */
        put_f(o, "// fault: fetch past the end at 0x%04" PRIx64 " (N-27: the program runs off its last word)\n",
              g->end_pc);
    if (g->o.profile)                            /* SPEC-NOTES G-01 */
        put_f(o, ".profile %s\n", wr_profile_name(g->o.profile));
    if (extra)
        put_s(o, extra);
    put_f(o, ".threads %u\n", g->threads);
    for (size_t i = 0; i < g->consts.n; i++) {
        put_s(o, g->consts.buf + g->consts.off[i]);
        put_n(o, "\n", 1);
    }
    put_n(o, ".L_base:\n", 9);
}

/* instruction t at pc, each {N} in it the address of label N */
static void put_insn(gen *g, text_out *o, const char *t, uint64_t pc, const uint64_t *addr)
{
    put_f(o, "/*%04" PRIx64 "*/ ", pc);
    for (const char *p = t; *p;) {
        const char *open = strchr(p, '{');
        if (!open) {
            put_s(o, p);
            break;
        }
        put_n(o, p, (size_t)(open - p));
        char *end;
        unsigned long id = strtoul(open + 1, &end, 10);
        put_f(o, "0x%" PRIx64, id <= g->nlabels ? addr[id] : 0);
        p = *end == '}' ? end + 1 : end;
    }
    put_n(o, " ;\n", 3);
}

/* lay the sections out, resolve {label} fixups, write the text */
static char *layout(gen *g, const char *extra)
{
    uint64_t *addr = calloc(g->nlabels + 1, sizeof *addr);
    if (!addr) {
        g->oom = 1;
        return NULL;
    }
    const sect *const parts[3] = { &g->main, &g->ool, &g->ool2 };
    label_addresses(g, parts, addr);
    text_out o = { NULL, 0, 0, 0 };
    put_head(g, &o, extra);
    uint64_t pc = 0;
    for (int s = 0; s < 3; s++)
        for (size_t i = 0; i < parts[s]->n; i++) {
            const char *t = parts[s]->buf + parts[s]->off[i];
            if (parts[s]->kind[i] == LN_LABEL) {
                put_f(&o, ".L%s:\n", t);
            } else if (parts[s]->kind[i] == LN_TEXT) {
                put_s(&o, t);
                put_n(&o, "\n", 1);
            } else {
                put_insn(g, &o, t, pc, addr);
                pc += WR_INST_SIZE;
            }
        }
    free(addr);
    if (o.oom) {
        free(o.buf);
        g->oom = 1;
        return NULL;
    }
    return o.buf;
}

static int check_opts(const wr_gen_opts *o, char *err, size_t errsize)
{
    if (o->profile >= WR_PROFILE_COUNT) {
        snprintf(err, errsize, "no profile %u", o->profile);
        return -1;
    }
    if (o->size > WR_GEN_MAX_SIZE) {
        snprintf(err, errsize, "size %u out of range %d..%d", o->size, WR_GEN_MIN_SIZE, WR_GEN_MAX_SIZE);
        return -1;
    }
    if (o->exceptions > WR_GEN_MAX_EXCEPTIONS) {
        snprintf(err, errsize, "exceptions %u out of range 0..%d", o->exceptions, WR_GEN_MAX_EXCEPTIONS);
        return -1;
    }
    if (o->threads > WR_MAX_THREADS) {
        snprintf(err, errsize, "thread count %u out of range 1..%d", o->threads, WR_MAX_THREADS);
        return -1;
    }
    unsigned total = 0;
    for (unsigned k = 0; k < WR_GEN_NCLASSES; k++) {
        if (o->weight[k] > WR_GEN_MAX_WEIGHT) {
            snprintf(err, errsize, "weight %u of %s out of range 0..%d", o->weight[k], class_names[k],
                     WR_GEN_MAX_WEIGHT);
            return -1;
        }
        total += o->weight[k];
    }
    if (total == 0) {
        snprintf(err, errsize, "every class has weight 0");
        return -1;
    }
    return 0;
}

static int generate(const wr_gen_opts *opts, const char *extra, char **text, char *err, size_t errsize)
{
    if (check_opts(opts, err, errsize) != 0)
        return -1;
    gen *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    g->o = *opts;
    if (!g->o.size)
        g->o.size = WR_GEN_DEFAULT_SIZE;
    g->threads = wr_gen_threads(&g->o);
    g->o.threads = g->threads;
    g->nwarps = (g->threads + 31) / 32;
    for (unsigned w = 0; w < g->nwarps; w++) {
        unsigned n = g->threads - 32 * w;
        g->valid[w] = n >= 32 ? 0xffffffffu : (1u << n) - 1;
    }
    rng_seed(&g->r, g->o.seed);
    rng_seed(&g->x, g->o.seed ^ UINT64_C(0x657863657074696f));   /* "exceptio" */
    rng_seed(&g->e, g->o.seed ^ UINT64_C(0x6564676573686170));   /* "edgeshap" */
    rng_seed(&g->q, g->o.seed ^ UINT64_C(0x7061697265646765));   /* "pairedge" */
    rng_seed(&g->pr, g->o.seed ^ UINT64_C(0x70726f66696c6521));  /* "profile!" */
    rng_seed(&g->h, g->o.seed ^ UINT64_C(0x686f6c6573212121));   /* "holes!!!" */
    g->plant = -1;
    if (g->o.wide_links) {               /* a stream of its own: k * 2^32, 1 <= |k| < 2^20 */
        rng wl;
        rng_seed(&wl, g->o.seed ^ UINT64_C(0x776964656c696e6b));   /* "widelink" */
        const int64_t k = 1 + (int64_t)rng_below(&wl, 0xfffff);
        g->bias = (rng_below(&wl, 2) ? -k : k) * (INT64_C(1) << 32);
    }
    g->cbank = CONST_BANK0;
    g->out = &g->main;

    for (unsigned k = 0; k < 4; k++) {   /* data words for LDC helpers */
        unsigned bank, off;
        const_alloc(g, 1, &bank, &off);
        g->data_const[k][0] = bank;
        g->data_const[k][1] = off;
        cline(g, ".const c[0x%x][0x%x] = 0x%08" PRIx32, bank, off, (uint32_t)rng_next(&g->r));
    }
    /* the ids every control value is made from */
    if (rng_below(&g->r, 3) == 0) {
        ins(g, "S2R R2, SR_TID");
        ins(g, "LOP.AND R0, R2, 0x1f");
    } else {
        ins(g, "S2R R0, SR_LANEID");
        ins(g, "S2R R2, SR_TID");
    }
    ins(g, "S2R R1, SR_WARPID");
    const unsigned n0 = g->ninsn;
    hole_prologue(g);
    hole_unwritten_const(g);
    g->ninsn = n0;               /* (out of the budget: the statements stay the ones drawn) */

    ctx top;
    memset(&top, 0, sizeof top);
    memcpy(top.cur, g->valid, sizeof top.cur);
    top.top = top.exact = top.allow_exit = 1;
    while (g->ninsn < g->o.size && !g->oom) {
        int bnext = 0, unext = UR_WS;
        top.bnext = &bnext;
        top.unext = &unext;
        int left = (int)(g->o.size - g->ninsn);
        if (!prof_extra(g, &top))
            stmt(g, &top, left < 48 ? left : 48);
        restrict_cur(g, &top);
    }
    plant(g, &top);
    g->fall_off = edge_on(g) && g->o.exceptions && g->plant < 0 && live_warps(g) > 0 &&
                  rng_below(&g->e, 8) == 0;
    epilogue(g);
    if (g->end_label)
        lab_line(g, &g->ool2, g->end_label);
    char *t = g->oom ? NULL : layout(g, extra);
    sect_free(&g->main);
    sect_free(&g->ool);
    sect_free(&g->ool2);
    sect_free(&g->consts);
    int oom = g->oom;
    free(g);
    if (oom || !t) {
        free(t);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    *text = t;
    return 0;
}

int wr_gen_program(const wr_gen_opts *o, char **text, char *err, size_t errsize)
{
    return generate(o, NULL, text, err, errsize);
}

/* The header's `// exception: NAME at 0xPC[, word 0xW...]` line: the
 * exception (-1: none), its address and the word (has_word). */
static int planted(const char *text, uint64_t *pc, wr_word *word, int *has_word)
{
    static const char key[] = "\n// exception: ", fkey[] = "\n// fault: fetch past the end at 0x";
    *has_word = 0;
    const char *p = strstr(text, key);
    const char *body = strstr(text, "\n.L_base:");
    const char *f = strstr(text, fkey);
    if (f && (!body || f < body)) {
        *pc = strtoull(f + sizeof fkey - 1, NULL, 16);
        return WR_GEN_FALL_OFF;
    }
    if (!p || (body && p > body))
        return -1;
    p += sizeof key - 1;
    int exc = -1;
    for (unsigned e = 0; e < WR_EXC_COUNT; e++) {
        const char *nm = wr_exception_name(e);
        const size_t n = strlen(nm);
        if (strncmp(p, nm, n) == 0 && strncmp(p + n, " at 0x", 6) == 0) {
            exc = (int)e;
            p += n + 6;
            break;
        }
    }
    if (exc < 0)
        return -1;
    char *end;
    *pc = strtoull(p, &end, 16);
    if (strncmp(end, ", word ", 7) == 0) {
        char wt[35];
        memcpy(wt, end + 7, 34);
        wt[34] = '\0';
        *has_word = wr_word_parse(wt, word) == 0;
    }
    return exc;
}

int wr_gen_load(const char *text, wr_program *prog, char *err, size_t errsize)
{
    if (wr_assemble(text, "gen.s", prog, err, errsize) != 0)
        return -1;
    uint64_t pc;
    wr_word word;
    int has_word;
    if (planted(text, &pc, &word, &has_word) < 0 || !has_word)
        return 0;
    if (pc % WR_INST_SIZE || pc / WR_INST_SIZE >= prog->ninsns) {
        snprintf(err, errsize, "gen.s: the planted word's address 0x%" PRIx64 " holds no instruction", pc);
        wr_program_free(prog);
        return -1;
    }
    if (!prog->illegal && !(prog->illegal = calloc(prog->ninsns, 1))) {
        snprintf(err, errsize, "out of memory");
        wr_program_free(prog);
        return -1;
    }
    const size_t i = (size_t)(pc / WR_INST_SIZE);
    wr_insn in;
    prog->words[i] = word;
    prog->illegal[i] = wr_decode(&word, &in, NULL, 0) != 0;
    if (!prog->illegal[i])
        prog->insns[i] = in;
    return 0;
}

int wr_gen_word_list(const char *text, char **words, char *err, size_t errsize)
{
    wr_program prog;
    *words = NULL;
    if (wr_gen_load(text, &prog, err, errsize) != 0)
        return -1;
    char *out = malloc(prog.ninsns * 35 + 200);
    if (!out) {
        wr_program_free(&prog);
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    size_t n = (size_t)sprintf(out, "# the words of a program of warpref gen (docs/gen.md), for +words=\n");
    for (size_t i = 0; i < prog.ninsns; i++) {
        wr_word_format(&prog.words[i], out + n);
        n += 34;
        out[n++] = '\n';
    }
    out[n] = '\0';
    wr_program_free(&prog);
    *words = out;
    return 0;
}

/* assemble and run `text` on the model (with its planted word) */
static int verify(const char *text, uint64_t max_steps, wr_gen_result *res, char *err, size_t errsize)
{
    wr_program prog;
    if (wr_gen_load(text, &prog, err, errsize) != 0)
        return -1;
    wr_run_opts ro;
    memset(&ro, 0, sizeof ro);
    ro.max_steps = max_steps;
    wr_runner *rn = wr_runner_new(&prog, &ro, err, errsize);
    if (!rn) {
        wr_program_free(&prog);
        return -1;
    }
    wr_run_result rr;
    int rc = wr_runner_run(rn, &rr);
    if (rc != 0)
        snprintf(err, errsize, "out of memory");
    res->end = rr.end;
    res->steps = rr.steps;
    res->ninsns = prog.ninsns;
    res->threads = wr_runner_cta(rn)->threads;
    /* a planted exception: the run must end in it, raised at its address
     * (N-37: the faulting warp stays on the instruction) */
    uint64_t pc;
    wr_word word;
    int has_word;
    res->planted = planted(text, &pc, &word, &has_word);
    if (res->planted == WR_GEN_FALL_OFF && rr.end == WR_END_EXCEPTION) {
        if (rr.faulted_warp < 0 || rr.fault_pc != pc)
            res->end = WR_END_ERROR;     /* (not past the end: a generator bug) */
    } else if (res->planted >= 0 && rr.end == WR_END_EXCEPTION) {
        const wr_cta *cta = wr_runner_cta(rn);
        int at = 0;
        for (unsigned w = 0; w < cta->nwarps; w++)
            at |= cta->warp[w].run == WR_WARP_FAULTED && cta->warp[w].active_pc == pc;
        if (!at || rr.faulted_warp >= 0)
            res->end = WR_END_ERROR;     /* (not the planted one: a generator bug) */
    }
    wr_runner_free(rn);
    wr_program_free(&prog);
    return rc;
}

int wr_gen_verified(const wr_gen_opts *o, uint64_t max_steps, char **text, wr_gen_result *res, char *err,
                    size_t errsize)
{
    memset(res, 0, sizeof *res);
    wr_gen_opts a = *o;
    char note[512] = "";
    size_t nn = 0;
    for (unsigned k = 0; k < WR_GEN_MAX_ATTEMPTS; k++) {
        a.seed = k == 0 ? o->seed : wr_gen_derived_seed(o->seed, k);
        char *t;
        if (generate(&a, nn ? note : NULL, &t, err, errsize) != 0)
            return -1;
        if (verify(t, max_steps, res, err, errsize) != 0) {
            free(t);
            return -1;
        }
        res->attempts = k + 1;
        res->seed = a.seed;
        if (k == 0)
            res->first_end = res->end;
        const wr_end want = res->planted != -1 ? WR_END_EXCEPTION : WR_END_DONE;
        if (res->end == want || k + 1 == WR_GEN_MAX_ATTEMPTS) {
            *text = t;
            return res->end == want ? 0 : 1;
        }
        free(t);
        if (nn < sizeof note)
            nn += (size_t)snprintf(note + nn, sizeof note - nn,
                                   "// fallback: seed %" PRIu64 " ended %s on the model (a generator bug); "
                                   "derived seed %u follows\n",
                                   a.seed, wr_end_name(res->end), k + 1);
    }
    return -1;   /* not reached */
}
