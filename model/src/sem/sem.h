/* sem.h - internal: the words of SPEC-NOTES section 1 and the context every
 * instruction function receives.  Only the model's .c files include this. */
#ifndef WARPREF_SEM_H
#define WARPREF_SEM_H

#include "warpref/model.h"
#include "warpref/retire.h"

/* The source operands as the step reads them (TRACE-FORMAT `in`, section
 * 5): each GPR source as 32 lanes of 32-bit words, where the register
 * file keeps them, never widened; a pair's high words apart (ra_hi).  The
 * standalone run points them into its register file (regfile.h:
 * regfile_srcs, no copy); wr_step makes them from a caller's wr_operands
 * (step.c: srcs_from_ops).  RZ and unstored registers point at zeros. */
typedef struct wr_srcs {
    uint32_t pg, pp;             /* per-lane Pg, Pp before .not (as wr_operands) */
    const uint32_t *ra, *ra_hi;  /* ra_hi: the pair's high words (RA64 forms) */
    const uint32_t *rb, *rc, *re;
    uint32_t ra_undef, rb_undef, rc_undef, re_undef;
    uint64_t ur, c;
} wr_srcs;

/* The per-instruction context built by the dispatcher (step.c). */
typedef struct wr_ctx {
    wr_cta *cta;
    wr_warp *w;
    unsigned warp;               /* index of w in cta */
    const wr_insn *in;
    const wr_srcs *src;          /* the operands (NULL: a fetch fault reads none) */
    wr_retire *rec;              /* the record being filled */
    uint32_t pgv;                /* Pg after .not, per lane (PT: all ones) */
    uint32_t ppv;                /* Pp after .not; all ones if the form has no Pp */
    uint32_t pmask;              /* ActiveMask & pgv & ppv (BAR.RED: & pgv only, N-05) */
    uint64_t next;               /* ActivePC + 16 */
    /* what the step changed beyond the warp, written to the record at its
     * end (step.c); `any` overlays the four words, so that the step's end
     * tests (and its start clears) them as two */
    union {
        struct {
            uint32_t bars_changed;       /* barriers whose state word changed */
            uint32_t warpbar_changed;    /* warps whose WarpBARState was written */
            uint32_t runs_changed;       /* warps whose run state changed */
            uint32_t lost_events;        /* events past the configured capacity */
        };
        uint64_t any[2];
    };
    uint32_t lost_writes;        /* writes past the record's room (ptx results, P-11) */
    wr_why *why;                 /* the record's paths, NULL when the
                                    configuration records none (TOOK) */
    wr_write scratch;            /* what a discarded write (RZ, PT, URZ) fills */
} wr_ctx;

/* Field values through the typed accessors generated from isa.def:
 * F_(x, RD) is wr_f_RD(x->in), an unsigned register number. */
#define F_(x, name) wr_f_##name((x)->in)

/* ---- operands: the constants PT, RZ, URZ in one place --------------------
 * PT reads as all ones (wr_pred_value, model.h); RZ and URZ read 0 whatever
 * the caller put in wr_operands. */
extern const uint32_t wr_zero_lanes[WR_LANES];   /* helpers.c */

/* the 32 lane values (low words) of GPR source a, b, c, e */
static inline const uint32_t *gpr_a(const wr_ctx *x) { return F_(x, RA) == WR_RZ ? wr_zero_lanes : x->src->ra; }
static inline const uint32_t *gpr_b(const wr_ctx *x) { return F_(x, RB) == WR_RZ ? wr_zero_lanes : x->src->rb; }
static inline const uint32_t *gpr_c(const wr_ctx *x) { return F_(x, RC) == WR_RZ ? wr_zero_lanes : x->src->rc; }
static inline const uint32_t *gpr_e(const wr_ctx *x) { return F_(x, RE) == WR_RZ ? wr_zero_lanes : x->src->re; }
/* lane l of the pair R[a:a+1] (forms whose row marks RA wide) */
static inline uint64_t gpr_a64(const wr_ctx *x, unsigned l)
{
    return F_(x, RA) == WR_RZ ? 0 : x->src->ra[l] | (uint64_t)x->src->ra_hi[l] << 32;
}
/* ... and their undefined lanes (section 5); RZ has none */
static inline uint32_t undef_a(const wr_ctx *x) { return F_(x, RA) == WR_RZ ? 0 : x->src->ra_undef; }
static inline uint32_t undef_b(const wr_ctx *x) { return F_(x, RB) == WR_RZ ? 0 : x->src->rb_undef; }

/* the uniform register operand (URa or URb, whichever the form has) */
static inline uint64_t ureg(const wr_ctx *x)
{
    const unsigned u = wr_form_has(x->in->form, WR_F_URA) ? F_(x, URA) : F_(x, URB);
    return u == WR_URZ ? 0 : x->src->ur;
}

/* lowest(m): index of the lowest set bit of a non-zero mask (N-01). */
static inline unsigned lowest(uint32_t m) { return (unsigned)__builtin_ctz(m); }
/* (a few operations inline: the default x86-64 target has no POPCNT, and
 * __builtin_popcount there is a call into libgcc) */
static inline unsigned popcount32(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0fu;
    return (m * 0x01010101u) >> 24;
}

/* ---- lane loops the compiler vectorises at the default target ----------
 * A per-lane condition packed into a mask as bit[l] & -(cond): a loop of
 * 32-bit lanes with no shift by the lane index (which the vectoriser takes
 * for a recurrence) and no 64-bit compare (SSE2 has none): gcc -O2
 * -fopt-info-vec reports each such loop "vectorized using 16 byte vectors". */
extern const uint32_t wr_lane_bit[WR_LANES];     /* helpers.c: 1u << l */
#if defined(__SSE2__)
/* At SSE2 (every x86-64) the per-lane results are made as whole words,
 * 0 or ~0 (a compare gives just that), and packed to the mask with
 * pmovmskb: cheaper than the vectoriser's OR-reduction of bit[l] & word. */
#include <emmintrin.h>
static inline uint32_t lane_words_mask16(const uint32_t *t)
{
    const __m128i *v = (const __m128i *)t;
    const __m128i a = _mm_packs_epi32(_mm_loadu_si128(v), _mm_loadu_si128(v + 1));
    const __m128i b = _mm_packs_epi32(_mm_loadu_si128(v + 2), _mm_loadu_si128(v + 3));
    return (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(a, b));
}
#define LANE_MASK(out, cond)                                              \
    do {                                                                  \
        uint32_t t_[WR_LANES];                                            \
        for (unsigned l = 0; l < WR_LANES; l++)                           \
            t_[l] = -(uint32_t)(cond);                                    \
        (out) = lane_words_mask16(t_) | lane_words_mask16(t_ + 16) << 16; \
    } while (0)
#else
#define LANE_MASK(out, cond)                                              \
    do {                                                                  \
        uint32_t m_ = 0;                                                  \
        for (unsigned l = 0; l < WR_LANES; l++)                           \
            m_ |= wr_lane_bit[l] & -(uint32_t)(cond);                     \
        (out) = m_;                                                       \
    } while (0)
#endif

/* lanes where RPC == pc: each 64-bit RPC compared as its two 32-bit
 * words, one lane's test (lo ^ pc_lo) | (hi ^ pc_hi) == 0.  At SSE2 (every
 * x86-64) the words are split and compared four lanes at a time and the
 * results packed to a mask (pmovmskb): the vectoriser's own loop for the
 * same test spends about 175 instructions on the deinterleave, this one
 * about 125 (callgrind).  Elsewhere the plain vector loop. */
#if defined(__SSE2__)
static inline __m128i rpc_eq4(const uint64_t *r, __m128i plo, __m128i phi)
{
    const __m128 v0 = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)r));
    const __m128 v1 = _mm_castsi128_ps(_mm_loadu_si128((const __m128i *)(r + 2)));
    const __m128i lo = _mm_castps_si128(_mm_shuffle_ps(v0, v1, _MM_SHUFFLE(2, 0, 2, 0)));
    const __m128i hi = _mm_castps_si128(_mm_shuffle_ps(v0, v1, _MM_SHUFFLE(3, 1, 3, 1)));
    return _mm_and_si128(_mm_cmpeq_epi32(lo, plo), _mm_cmpeq_epi32(hi, phi));
}
static inline uint32_t rpc_eq16(const uint64_t *r, __m128i plo, __m128i phi)
{
    const __m128i a = _mm_packs_epi32(rpc_eq4(r, plo, phi), rpc_eq4(r + 4, plo, phi));
    const __m128i b = _mm_packs_epi32(rpc_eq4(r + 8, plo, phi), rpc_eq4(r + 12, plo, phi));
    return (uint32_t)_mm_movemask_epi8(_mm_packs_epi16(a, b));
}
static inline uint32_t rpc_eq(const wr_warp *w, uint64_t pc)
{
    const __m128i plo = _mm_set1_epi32((int)(uint32_t)pc), phi = _mm_set1_epi32((int)(uint32_t)(pc >> 32));
    return rpc_eq16(w->rpc, plo, phi) | rpc_eq16(w->rpc + 16, plo, phi) << 16;
}
#else
static inline uint32_t rpc_eq(const wr_warp *w, uint64_t pc)
{
    const uint32_t lo = (uint32_t)pc, hi = (uint32_t)(pc >> 32);
    uint32_t m;
    LANE_MASK(m, (((uint32_t)w->rpc[l] ^ lo) | ((uint32_t)(w->rpc[l] >> 32) ^ hi)) == 0);
    return m;
}
#endif

/* RPC[lanes of m] = pc */
static inline void set_rpc(wr_warp *w, uint32_t m, uint64_t pc)
{
    while (m) {
        unsigned l = lowest(m);
        w->rpc[l] = pc;
        m &= m - 1;
    }
}

/* arrivemask = ActiveMask | (ValidMask & lanes where RPC == ActivePC) */
static inline uint32_t arrivemask(const wr_warp *w)
{
    return w->active | (w->valid & rpc_eq(w, w->active_pc));
}

/* all_asleep(c): every lane of c is asleep; true for c == 0 (N-02). */
static inline int all_asleep(const wr_warp *w, uint32_t c)
{
    return (c & ~w->sleep) == 0;
}

/* switch_to(c), the seed's switchPCByMask: continue with the lanes of c
 * that share the RPC of lowest(c). */
static inline void switch_to(wr_warp *w, uint32_t c)
{
    unsigned l = lowest(c);
    uint64_t pc = w->rpc[l];
    w->active_pc = pc;
    w->active = c & rpc_eq(w, pc);
}

/* events, in the order they happen; never dropped silently: one past the
 * configuration's capacity makes the step fail with WR_ERR_EVENTS */
static inline void push_event(wr_ctx *x, unsigned kind, unsigned code, uint32_t value)
{
    wr_retire *r = x->rec;
    if (r->nev < x->cta->max_events) {
        r->ev[r->nev].kind = (uint8_t)kind;
        r->ev[r->nev].code = (uint8_t)code;
        r->ev[r->nev].value = value;
        r->nev++;
    } else {
        x->lost_events++;
    }
}

/* A semantic path taken (warpref/paths.def), with the values that decided
 * it: one macro per branch point, small stores only (the text is made on
 * demand, wr_explain), and a test of one pointer when the configuration
 * records no paths (wr_config.record_paths).  TOOK(x, BSYNC_FULL_SYNC,
 * .a = arrive) records WR_PATH_BSYNC_FULL_SYNC; TOOK_ID takes a path
 * computed at run time; the fields are wr_hit_fields'.  No test on the
 * hot path: the slot wraps within hit[] (a step takes at most 5 paths; with
 * checks on, step_end_slow reports more than WR_WHY_MAX as a model error).
 * A helper records nothing (paths.h: n == 0 is HELPER.exec). */
static inline void took(wr_why *y, wr_hit_fields f)
{
    y->hit[y->n++ & (WR_WHY_MAX - 1)] = wr_hit(f);
}
/* the values are computed only when the paths are recorded */
#define TOOK_ID(x, path_id, ...)                                                  \
    do {                                                                          \
        if ((x)->why)                                                             \
            took((x)->why, (wr_hit_fields){ .id = (path_id), __VA_ARGS__ });      \
    } while (0)
#define TOOK(x, path, ...) TOOK_ID(x, WR_PATH_##path, __VA_ARGS__)

/* After a barrier release: BAR.red_result if it delivered a reduction's
 * final word to the warps that arrived (N-34; they are the WarpBARStates
 * this step wrote: no other instruction of a step that releases writes one). */
static inline void took_red_result(wr_ctx *x)
{
    if (x->warpbar_changed)
        TOOK(x, BAR_RED_RESULT, .a = x->cta->warp[__builtin_ctz(x->warpbar_changed)].bar_state,
             .b = x->warpbar_changed);
}

/* Barrier b's state word changed. */
static inline void bar_changed(wr_ctx *x, unsigned b)
{
    x->bars_changed |= 1u << b;
}

/* Warp i's WarpBARState was written (N-34, N-39). */
static inline void set_warp_bar_state(wr_ctx *x, unsigned i, uint32_t v)
{
    x->cta->warp[i].bar_state = v;
    x->cta->warp[i].bar_state_defined = 1;
    x->warpbar_changed |= 1u << i;
}

/* Warp i of the CTA changes its run state. */
static inline void set_run(wr_ctx *x, unsigned i, unsigned run)
{
    x->cta->warp[i].run = (uint8_t)run;
    x->runs_changed |= 1u << i;
}

/* A precise exception (N-37): record it; the dispatcher faults the warp.
 * The instruction function must not have changed any state before. */
static inline void raise_exc(wr_ctx *x, unsigned exc) { x->rec->exception = (uint8_t)exc; }
static inline void warn(wr_ctx *x, unsigned warning) { push_event(x, WR_EV_WARNING, warning, 0); }

/* ---- the spec helpers several bodies share (helpers.c) -----------------
 * The lane to switch to among candidates cmask != 0 (bru.c: EXIT, YIELD,
 * per-lane WARPSYNC; the ptx gather, P-10): sleeping lanes only if every
 * candidate sleeps (*do_sleep), non-yield lanes first, the lowest. */
unsigned pick_lane(const wr_warp *w, uint32_t cmask, int *do_sleep, int *yielded);

/* The whole warp goes to sleep (the seed's warpSleep). */
void warp_sleep(wr_ctx *x);
/* The warp fully exited (the seed's warpExit; N-18, N-33). */
void warp_exit(wr_ctx *x);

/* ---- writes of the executing warp --------------------------------------
 * A new entry of the record, or the scratch entry when the write is
 * discarded, so that a body fills values without testing. */
static inline wr_write *new_write(wr_ctx *x, unsigned kind, unsigned index, uint32_t lanes, int keep)
{
    wr_retire *r = x->rec;
    wr_write *e = keep ? &r->write[r->nwrites++] : &x->scratch;
    e->kind = (uint8_t)kind;
    e->warp = (uint8_t)x->warp;
    e->index = (uint16_t)index;
    e->lanes = lanes;
    e->dc_lanes = 0;
    return e;
}

/* GPR destination Rd, `mask` lanes (values filled by the caller); RZ and
 * an empty mask write nothing (N-54).  A pair R[d:d+1] (the row marks RD
 * wide) is this entry for Rd and write_rd_hi()'s for Rd+1. */
static inline wr_write *write_rd(wr_ctx *x, uint32_t mask)
{
    const unsigned reg = F_(x, RD);
    return new_write(x, WR_WRITE_GPR, reg, mask, reg != WR_RZ && mask != 0);
}

static inline wr_write *write_rd_hi(wr_ctx *x, uint32_t mask)
{
    const unsigned reg = F_(x, RD);
    return new_write(x, WR_WRITE_GPR, reg + 1u, mask, reg != WR_RZ && mask != 0);
}

/* Predicate destination `p`, `mask` lanes; PT writes nothing (N-54).  The
 * lanes' values are the bits of value[0]. */
static inline wr_write *write_pd(wr_ctx *x, unsigned p, uint32_t mask)
{
    return new_write(x, WR_WRITE_PRED, p, mask, p != WR_PT && mask != 0);
}

/* Uniform register destination `u`; URZ writes nothing. */
static inline void write_ur(wr_ctx *x, unsigned u, uint32_t v)
{
    new_write(x, WR_WRITE_UR, u, 1, u != WR_URZ)->value[0] = v;
}

/* The body of each instruction: one function per optype of isa.def, named
 * exec_<OPTYPE> (bru.c, bcu.c, alu.c).  The prototypes and the dispatch
 * table (step.c: wr_exec_) are both expanded from the table, so a row
 * without a body fails the link with "undefined reference to exec_<OPTYPE>". */
#define WR_OPTYPE(name, value, group, rule) void exec_##name(wr_ctx *x);
#include "warpref/isa.def"
#undef WR_OPTYPE
#endif
