/* warpref/retire.h - the retire record: what one step did, complete enough
 * that a checker compares it field by field with an RTL's retire port
 * without looking anywhere else.
 *
 *   what retired     warp, PC at issue, the 128-bit instruction word
 *   state after      the warp's architectural state (wr_warp: ActivePC, the
 *                    five masks, RPC of every lane, B registers,
 *                    WarpBARState and its defined bit, run state, barrier
 *                    waited on)
 *   writes           every write as an entry: GPR, predicate, uniform
 *                    register, barrier state word, WarpBARState, run state,
 *                    of this warp or another
 *   events           in TRACE-FORMAT order (warnings, an exception, barrier
 *                    events, exit, sleep, trap...)
 *   bookkeeping      not architectural: the issue time (never compared) and
 *                    the trace's pending `wake` (compared: the field `wake`)
 *   why              not compared either: the semantic paths the step took
 *                    and the values that decided them (paths.h), for
 *                    explanations and coverage (wr_config.record_paths)
 *
 * Undefined values (SPEC-NOTES section 5) and don't-care bits are one
 * representation, here: a write's dc_lanes are the lanes holding undefined
 * bits, dc[l] those bits (all ones for a wholly undefined value).  The step
 * fills it, the register file stores it (a lane with any don't-care bit is
 * undefined), the trace prints it (rd_dc, pd_dc) and the compare skips it;
 * all read it through wr_write_value() and wr_write_dc().
 *
 * The same record type carries what an RTL's retire port reported, so one
 * function compares the two (compare.h).
 */
#ifndef WARPREF_RETIRE_H
#define WARPREF_RETIRE_H

#include <stddef.h>
#include <string.h>

#include "model.h"
#include "paths.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of write: X(NAME, "spelling", doc).  One list gives the enum and
 * wr_write_kind_name().  The register kinds come first, in the list and in
 * every record the model writes. */
#define WR_WRITE_KINDS(X)                                                         \
    X(GPR,      "gpr",      "Rindex: value[l], dc[l] per lane of `lanes`")       \
    X(PRED,     "pred",     "Pindex: bit l of value[0] is lane l's value; a lane's one bit is don't-care iff it is in dc_lanes") \
    X(UR,       "ur",       "URindex: value[0]")                                 \
    X(BARRIER,  "barrier",  "barrier `index`'s state word (N-38) after the step: value[0]; warp = WR_WRITE_CTA") \
    X(WARPBAR,  "warpbar",  "the warp's WarpBARState, now defined (N-34, N-39): value[0]") \
    X(RUNSTATE, "runstate", "the warp's run state: value[0] = WR_RUNSTATE_VALUE(state, barrier waited on)")

typedef enum wr_write_kind {
#define WR_X_(name, text, doc) WR_WRITE_##name,
    WR_WRITE_KINDS(WR_X_)
#undef WR_X_
    WR_WRITE_KIND_COUNT
} wr_write_kind;

enum { WR_WRITE_CTA = 0xff };    /* `warp` of a write to the CTA (a barrier) */

#define WR_RUNSTATE_VALUE(run, bar) ((uint32_t)(run) | (uint32_t)(bar) << 8)

/* One write.  GPR entries are 32 bits per lane: a 64-bit pair R[d:d+1] is
 * two entries, Rd then Rd+1.  The kinds other than GPR and PRED hold one
 * value, value[0], with lanes = 1. */
typedef struct wr_write {
    uint8_t kind;                /* wr_write_kind */
    uint8_t warp;                /* the warp written (may be another), or WR_WRITE_CTA */
    uint16_t index;              /* register, predicate, uniform register, barrier; else 0 */
    uint32_t lanes;              /* lanes written */
    uint32_t dc_lanes;           /* lanes (of `lanes`) with don't-care bits */
    uint32_t value[WR_LANES];
    uint32_t dc[WR_LANES];       /* GPR and one-value kinds: meaningful in dc_lanes only */
} wr_write;

/* Lane l's value and don't-care bits, whatever the kind (0 outside `lanes`). */
static inline uint32_t wr_write_value(const wr_write *e, unsigned l)
{
    if (!(e->lanes >> l & 1u))
        return 0;
    if (e->kind == WR_WRITE_GPR)
        return e->value[l];
    if (e->kind == WR_WRITE_PRED)
        return e->value[0] >> l & 1u;
    return e->value[0];
}

static inline uint32_t wr_write_dc(const wr_write *e, unsigned l)
{
    if (!(e->dc_lanes & e->lanes) || !(e->dc_lanes >> l & 1u) || !(e->lanes >> l & 1u))
        return 0;
    if (e->kind == WR_WRITE_PRED)
        return 1u;
    return e->kind == WR_WRITE_GPR ? e->dc[l] : e->dc[0];
}

/* The lanes of e holding an undefined (partly don't-care) value. */
static inline uint32_t wr_write_undefined(const wr_write *e)
{
    return e->dc_lanes & e->lanes;
}

/* Mark lanes of e wholly undefined (section 5): every bit don't-care. */
static inline void wr_write_mark_undefined(wr_write *e, uint32_t lanes)
{
    lanes &= e->lanes;
    e->dc_lanes |= lanes;
    if (e->kind == WR_WRITE_GPR) {
        for (; lanes; lanes &= lanes - 1)
            e->dc[__builtin_ctz(lanes)] = 0xffffffffu;
    } else if (e->kind != WR_WRITE_PRED && lanes) {
        e->dc[0] = 0xffffffffu;
    }
}

/* The room of a record's write list: the most writes one step can make,
 * derived from the instruction table and the CTA (docs/architecture.md):
 *
 *   own        the executing warp's destinations: the widest row of isa.def,
 *              WR_OWN_WRITES_MAX (each of RD, PD, PU, URD a row has, RD
 *              twice when it is a pair: LEPC's R[d:d+1], BAR.RESULT's Rd, Pu)
 *   barriers   the state word of each of the profile's barriers (a full exit
 *              can complete every one, N-33)
 *   per warp   its run state, plus what a completing barrier delivers to
 *              it: a WarpBARState (native, sass: N-34), or under ptx the
 *              reduction's result in every destination its lanes named
 *              (P-11), one write per destination, so at most one per lane
 *              (up to 32 different Rd in one warp: lanes of a non-aligned red
 *              at 32 instructions)
 *
 * WR_WRITES_BOUND(nbars, nwarps, delivered): own + nbars + nwarps +
 * delivered, where delivered is nwarps (WarpBARStates), the CTA's threads
 * (ptx) or 0 (visa).  The record holds the largest configuration's:
 * WR_MAX_BARRIERS barriers, WR_MAX_WARPS warps and WR_MAX_THREADS results,
 * so no legal program meets the limit (tests/test_profiles.c measures the
 * widest instruction of each profile at 32 warps).  Only the nwrites
 * entries written are ever read or copied (wr_retire_copy). */
#define WR_OWN_W_(id)     + (WR_F_##id == WR_F_RD)
#define WR_OWN_F_(id, lsb, width) \
    + (WR_F_##id == WR_F_RD) + (WR_F_##id == WR_F_PD) + (WR_F_##id == WR_F_PU) + (WR_F_##id == WR_F_URD)
typedef union wr_own_writes_ {
#define F(id, lsb, width) WR_OWN_F_(id, lsb, width)
#define V(id, mask)
#define W(id) WR_OWN_W_(id)
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    char name[1 + 0 __VA_ARGS__];
#include "isa.def"
#undef WR_FORM
#undef F
#undef V
#undef W
} wr_own_writes_;
#undef WR_OWN_F_
#undef WR_OWN_W_

#define WR_WRITES_BOUND(nbars, nwarps, delivered) \
    (WR_OWN_WRITES_MAX + (nbars) + (nwarps) + (delivered))
enum {
    WR_OWN_WRITES_MAX = (int)sizeof(wr_own_writes_) - 1,
    WR_MAX_WRITES = WR_WRITES_BOUND(WR_MAX_BARRIERS, WR_MAX_WARPS, WR_MAX_THREADS)
};

/* Not architectural; only `wake` is compared (compare.h). */
typedef struct wr_retire_book {
    uint64_t t;                  /* the CTA's time at issue */
    uint8_t wake;                /* the warp's deadline fired while it was asleep and
                                    this is its first instruction since: the trace's `wake` */
} wr_retire_book;

typedef struct wr_retire {
    /* ---- what retired ---- */
    uint32_t warp;
    uint64_t pc;                 /* ActivePC at issue */
    wr_word insn;                /* the instruction word (has_state) */
    uint8_t exception;           /* wr_exception, WR_EXC_NONE if none (also the last event) */
    uint8_t fetch_fault;         /* wr_fetch_status: no instruction retired (N-27) */
    uint8_t has_state;           /* insn and after are filled (wr_config.record_state) */
    /* ---- the warp's architectural state after the step ---- */
    wr_warp after;
    /* ---- events, in TRACE-FORMAT order ---- */
    uint32_t nev;
    wr_event ev[WR_MAX_EVENTS];
    /* ---- operands read: filled by drivers that have them (a checker fills
     *      the model's and the other side's), compared where both have them ---- */
    uint16_t reads;              /* WR_IN_* bits of the operands present; 0: none */
    wr_operands in;
    /* ---- bookkeeping ---- */
    wr_retire_book book;
    wr_why why;                  /* the paths taken (paths.h); filled when the
                                    configuration records them (record_paths, default) */
    /* ---- writes: GPR/PRED/UR in the order the instruction writes them,
     *      then barriers, WarpBARStates and run states, each ascending ---- */
    uint32_t nwrites;
    wr_write write[WR_MAX_WRITES];
} wr_retire;

/* N-27, fetch: the fault of fetching at `pc` from a program of `ninsns`
 * instructions placed from address `base` on; WR_FETCH_NONE if it holds an
 * instruction.  (Inline: a standalone run asks at every turn.) */
static inline unsigned wr_fetch_check(uint64_t pc, uint64_t base, size_t ninsns)
{
    const uint64_t off = pc - base;
    if (off % WR_INST_SIZE != 0)
        return WR_FETCH_MISALIGNED;
    if (pc < base || off / WR_INST_SIZE >= ninsns)
        return WR_FETCH_NO_INSN;
    return WR_FETCH_NONE;
}

/* N-27: ready warp w could not fetch at its ActivePC (`why`, a
 * wr_fetch_status): it stops, faulted, nothing else changes.  If rec is not
 * NULL it receives the record of that: warp, PC, fetch_fault, the run
 * state write, the state after; no instruction, no event.  0, or -1
 * (WR_ERR_CALL: warp out of range or not ready, or why == WR_FETCH_NONE). */
int wr_fetch_fault(wr_cta *cta, unsigned w, unsigned why, wr_retire *rec);

/* WR_WRITES_BOUND for the CTA's configuration: its profile's barriers, its
 * warps and what its profile's completions deliver (<= WR_MAX_WRITES). */
unsigned wr_max_writes(const wr_cta *cta);

/* *dst = *src, copying only the writes the record holds (a record is mostly
 * its room for writes: about 290 KB). */
static inline void wr_retire_copy(wr_retire *dst, const wr_retire *src)
{
    memcpy(dst, src, offsetof(wr_retire, write));
    memcpy(dst->write, src->write, (src->nwrites <= (uint32_t)WR_MAX_WRITES ? src->nwrites : (uint32_t)WR_MAX_WRITES) *
                                       sizeof src->write[0]);
}

/* ---- Building a record from another side's report -------------------------
 *
 * The drivers that turn what an RTL reported into a record (the DPI glue,
 * dpi/warpref_dpi.c; the trace reader, wr_trace_rec_to_retire) build it with
 * these, from nwrites = nev = 0, in the record's order (writes: the
 * destinations, then barriers, WarpBARStates, run states; events:
 * TRACE-FORMAT's).  Every add is bounded by the record's room
 * (WR_MAX_WRITES, WR_MAX_EVENTS): past it nothing is added. */

/* A write entry of `kind` (no value, no don't-care bits yet); NULL when the
 * record is full. */
static inline wr_write *wr_retire_add_write(wr_retire *r, unsigned kind, unsigned warp, unsigned index,
                                            uint32_t lanes)
{
    if (r->nwrites >= (uint32_t)WR_MAX_WRITES)
        return NULL;
    wr_write *e = &r->write[r->nwrites++];
    e->kind = (uint8_t)kind;
    e->warp = (uint8_t)warp;
    e->index = (uint16_t)index;
    e->lanes = lanes;
    e->dc_lanes = 0;
    return e;
}

/* A write of a one-value kind (UR, BARRIER, WARPBAR, RUNSTATE): value[0]. */
static inline void wr_retire_add_value(wr_retire *r, unsigned kind, unsigned warp, unsigned index,
                                       uint32_t value)
{
    wr_write *e = wr_retire_add_write(r, kind, warp, index, 1);
    if (e)
        e->value[0] = value;
}

/* Rd, or the pair R[reg:reg+1] (halves 2), in `lanes`: lane l's value is
 * the low (Rd) and high (Rd+1) word of val[l]; dc the don't-care bits of
 * every lane, low and high word alike; the lanes of `undef` wholly undefined
 * (section 5).  One GPR entry per half, as the model writes them. */
static inline void wr_retire_add_gpr(wr_retire *r, unsigned warp, unsigned reg, unsigned halves, uint32_t lanes,
                                     const uint64_t *val, uint64_t dc, uint32_t undef)
{
    for (unsigned half = 0; half < halves; half++) {
        wr_write *e = wr_retire_add_write(r, WR_WRITE_GPR, warp, reg + half, lanes);
        if (!e)
            return;
        const uint32_t d = (uint32_t)(dc >> (32 * half));
        if (half)                            /* (constant shifts: the loops vectorise) */
            for (unsigned l = 0; l < WR_LANES; l++)
                e->value[l] = (uint32_t)(val[l] >> 32);
        else
            for (unsigned l = 0; l < WR_LANES; l++)
                e->value[l] = (uint32_t)val[l];
        if (d) {                             /* (dc[] is read in dc_lanes only) */
            e->dc_lanes = lanes;
            for (unsigned l = 0; l < WR_LANES; l++)
                e->dc[l] = d;
        }
        if (undef)
            wr_write_mark_undefined(e, undef);
    }
}

/* Pp: the values of `lanes` (bit per lane), those of dc_lanes undefined. */
static inline void wr_retire_add_pred(wr_retire *r, unsigned warp, unsigned p, uint32_t lanes, uint32_t value,
                                      uint32_t dc_lanes)
{
    wr_write *e = wr_retire_add_write(r, WR_WRITE_PRED, warp, p, lanes);
    if (e) {
        e->value[0] = value & lanes;
        e->dc_lanes = dc_lanes & lanes;
    }
}

static inline void wr_retire_add_event(wr_retire *r, unsigned kind, unsigned code, uint32_t value)
{
    if (r->nev < (uint32_t)WR_MAX_EVENTS) {
        wr_event *x = &r->ev[r->nev++];
        x->kind = (uint8_t)kind;
        x->code = (uint8_t)code;
        x->value = value;
    }
}

/* The events of an RTL's retire port as bits: X(NAME, bit, doc).  The `ev`
 * of warpref_dpi_retire; dpi/warpref_pkg.sv's EV_* constants are generated
 * from this list (`warpref encoding --sv-dpi`).  Each but WAKE stands for
 * the event WR_EV_NAME; the exception, the releases and their codes and
 * values come beside the bits. */
#define WR_PORT_EVENTS(X)                                                         \
    X(BLOCK,   0, "the warp blocked on barrier ev_bar (N-35)")                   \
    X(ARRIVE,  1, "the warp arrived at barrier ev_bar without waiting")          \
    X(EXIT,    2, "the warp fully exited (N-18)")                                 \
    X(SLEEP,   3, "the whole warp went to sleep (N-23)")                          \
    X(TRAP,    4, "TRAP with index trap_idx (N-26)")                              \
    X(SYSCALL, 5, "SYSCALL (N-26)")                                               \
    X(RTT,     6, "RTT (N-26)")                                                   \
    X(WARNING, 7, "a warning, code warn (N-30, N-37)")                            \
    X(WAKE,    8, "the warp's sleep deadline woke it (asleep -> ready) and this is its first "     \
                  "instruction since: the trace's `wake`, compared with the model's")

enum {
#define WR_X_(name, bit, doc) WR_PORT_EV_##name = 1u << (bit),
    WR_PORT_EVENTS(WR_X_)
#undef WR_X_
};

/* The events of a retire port's report in TRACE-FORMAT order: the warnings
 * (`warn`: a wr_warning code, and a second one in bits 15:8: sass's
 * RESULT_NOT_READ before OPERAND_NOT_UNIFORM, S-12),
 * then the exception `exc` (nothing after it), or block/arrive at `bar`,
 * exit, the releases (`released`, bit per barrier, ascending; woken[b]: the
 * warps barrier b woke), sleep, trap `trap_idx`, syscall, rtt.  The wake
 * bit is not an event (book.wake). */
static inline void wr_retire_add_port_events(wr_retire *r, uint32_t ev, unsigned exc, unsigned bar, unsigned warn,
                                             uint32_t trap_idx, uint32_t released, const uint32_t *woken)
{
    if (ev & WR_PORT_EV_WARNING) {               /* warn: a code, a second one in bits 15:8 */
        wr_retire_add_event(r, WR_EV_WARNING, warn & 0xffu, 0);
        if (warn >> 8 & 0xffu)
            wr_retire_add_event(r, WR_EV_WARNING, warn >> 8 & 0xffu, 0);
    }
    if (exc) {
        wr_retire_add_event(r, WR_EV_EXCEPTION, exc, 0);
        return;
    }
    if (!(ev | released))
        return;
    if (ev & WR_PORT_EV_BLOCK)
        wr_retire_add_event(r, WR_EV_BLOCK, bar, 0);
    if (ev & WR_PORT_EV_ARRIVE)
        wr_retire_add_event(r, WR_EV_ARRIVE, bar, 0);
    if (ev & WR_PORT_EV_EXIT)
        wr_retire_add_event(r, WR_EV_EXIT, 0, 0);
    for (uint32_t m = released; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        wr_retire_add_event(r, WR_EV_RELEASE, b, woken[b]);
    }
    if (ev & WR_PORT_EV_SLEEP)
        wr_retire_add_event(r, WR_EV_SLEEP, 0, 0);
    if (ev & WR_PORT_EV_TRAP)
        wr_retire_add_event(r, WR_EV_TRAP, 0, trap_idx);
    if (ev & WR_PORT_EV_SYSCALL)
        wr_retire_add_event(r, WR_EV_SYSCALL, 0, 0);
    if (ev & WR_PORT_EV_RTT)
        wr_retire_add_event(r, WR_EV_RTT, 0, 0);
}

const char *wr_write_kind_name(unsigned kind);     /* "gpr" */

#ifdef __cplusplus
}
#endif
#endif
