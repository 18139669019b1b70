/* compare.c - wr_compare(): the model's retire record against another, field
 * by field, as the one table WR_RETIRE_FIELDS (compare.h) lists them, under
 * controls that are data; and wr_compare_same(), the same rules without a
 * report: one body per kind of compare serves both.  No allocation. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "warpref/compare.h"
#include "isa/isa_priv.h"

static const struct {
    const char *name;
    const char *rule;
    uint8_t how;                 /* wr_cmp_how */
    uint8_t state;               /* read from the word or the state after */
} fields[WR_RF_COUNT] = {
#define WR_X_(name, text, how, rule, state, value) { text, rule, WR_CMP_##how, state },
    WR_RETIRE_FIELDS(WR_X_)
#undef WR_X_
};

/* the VALUE column of field f in record r */
static uint64_t field_value(unsigned f, const wr_retire *r)
{
    switch (f) {
#define WR_X_(name, text, how, rule, state, value) case WR_RF_##name: return (uint64_t)(value);
    WR_RETIRE_FIELDS(WR_X_)
#undef WR_X_
    default: return 0;
    }
}

const char *wr_retire_field_name(unsigned f) { return f < WR_RF_COUNT ? fields[f].name : "unknown"; }
const char *wr_retire_field_rule(unsigned f) { return f < WR_RF_COUNT ? fields[f].rule : "?"; }
unsigned wr_retire_field_how(unsigned f) { return f < WR_RF_COUNT ? fields[f].how : WR_CMP_HOW_COUNT; }
int wr_retire_field_needs_state(unsigned f) { return f < WR_RF_COUNT && fields[f].state; }

unsigned wr_retire_field_operand(unsigned f)
{
    static const wr_retire none;         /* (an OPERAND row's VALUE is its bit, whatever the record) */
    return f < WR_RF_COUNT && fields[f].how == WR_CMP_OPERAND ? (unsigned)field_value(f, &none) : 0;
}

void wr_compare_ctl_init(wr_compare_ctl *ctl)
{
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {
        ctl->field[f].enable = 1;
        ctl->field[f].mask = ~UINT64_C(0);
    }
}

static unsigned lowest(uint32_t m) { return (unsigned)__builtin_ctz(m); }

/* the width bits of a read set: an operand read as a 64-bit pair */
enum { WIDTH_BITS = WR_IN_RA64 | WR_IN_UR64 | WR_IN_C64 };

/* the bits of a read set that are compared: the OPERAND rows' WR_IN_* bits
 * and the width bits (a pair read as one register, or the other way, is a
 * read set that differs; a width counts only where both sides read its
 * operand, read_bits) */
static uint32_t operand_bits(void)
{
    uint32_t bits = WIDTH_BITS;
    for (unsigned f = 0; f < WR_RF_COUNT; f++)
        bits |= wr_retire_field_operand(f);
    return bits;
}

/* of bits, the ones compared between read sets a and b: a width bit only
 * where both read its operand (an operand one side leaves out is that
 * operand's difference, not its width's too) */
static inline uint64_t read_bits(uint64_t bits, uint64_t a, uint64_t b)
{
    const uint64_t both = a & b;
    if (!(both & WR_IN_RA))
        bits &= ~(uint64_t)WR_IN_RA64;
    if (!(both & WR_IN_UR))
        bits &= ~(uint64_t)WR_IN_UR64;
    if (!(both & WR_IN_C))
        bits &= ~(uint64_t)WR_IN_C64;
    return bits;
}

/* a difference into the report (none without one) */
static void add(wr_compare_report *rep, unsigned f, unsigned what, unsigned warp, unsigned index,
                uint32_t lanes, uint64_t model, uint64_t other)
{
    if (!rep)
        return;
    if (rep->ndiffs < WR_MAX_DIFFS) {
        wr_diff *d = &rep->diff[rep->ndiffs];
        d->field = (uint8_t)f;
        d->what = (uint8_t)what;
        d->warp = (uint8_t)warp;
        d->index = (uint16_t)index;
        d->lanes = lanes;
        d->model = model;
        d->other = other;
    }
    rep->ndiffs++;                       /* counted even when not listed */
}

/* The read sets' bits that differ.  A word the decoder refuses (N-37
 * ILLEGAL_ENCODING) has no architectural operands: the model reads its guard
 * alone, and a design that read the fields of the form it first took the word
 * for may report them (docs/semantics.md); only an operand the model reads
 * and the other side leaves out differs there. */
static inline uint64_t reads_differ(const wr_retire *m, uint64_t mv, uint64_t ov)
{
    return m->exception == WR_EXC_ILLEGAL_ENCODING ? mv & ~ov : mv ^ ov;
}

static uint64_t word_half(const wr_word *w, unsigned h)
{
    return (uint64_t)w->w[2 * h] | (uint64_t)w->w[2 * h + 1] << 32;
}

/* lanes' values: the bits that differ in any of the lanes (GNU C vectors:
 * four lanes an operation, a lane mask by table) */
typedef uint32_t lanes4 __attribute__((vector_size(16)));
#define NIB_(x) { (x) & 1 ? ~0u : 0, (x) & 2 ? ~0u : 0, (x) & 4 ? ~0u : 0, (x) & 8 ? ~0u : 0 }
static const lanes4 nibble_lanes[16] = { NIB_(0), NIB_(1), NIB_(2), NIB_(3), NIB_(4), NIB_(5), NIB_(6), NIB_(7),
                                         NIB_(8), NIB_(9), NIB_(10), NIB_(11), NIB_(12), NIB_(13), NIB_(14),
                                         NIB_(15) };
#undef NIB_

static inline uint32_t lanes_xor(const uint32_t *a, const uint32_t *b, uint32_t lanes)
{
    lanes4 acc = { 0, 0, 0, 0 };
    for (unsigned k = 0; k < WR_LANES / 4; k++) {
        lanes4 x, y;
        memcpy(&x, a + 4 * k, sizeof x);
        memcpy(&y, b + 4 * k, sizeof y);
        acc |= (x ^ y) & nibble_lanes[lanes >> (4 * k) & 15];
    }
    return acc[0] | acc[1] | acc[2] | acc[3];
}

static inline uint64_t lanes_xor64(const uint64_t *a, const uint64_t *b)
{
    uint64_t acc = 0;
    for (unsigned l = 0; l < WR_LANES; l++)
        acc |= a[l] ^ b[l];
    return acc;
}

/* 32 64-bit lanes agree under mask: the bytes first (memcmp: the widest
 * compare the machine has, chosen by the C library at run time), the
 * masked lanes only when some byte differs */
static inline int lanes_same64(const uint64_t *a, const uint64_t *b, uint64_t mask)
{
    return memcmp(a, b, WR_LANES * sizeof *a) == 0 || !(lanes_xor64(a, b) & mask);
}

/* What derive() (below) reads from the table once: the read set's operand
 * bits, and for each byte of a record before its writes the plain row
 * (PLAIN_) that reads it, if one does, and where its bits fall in that row's
 * value.  The agreement test compares those rows as bytes by these. */
enum { PREFIX = offsetof(wr_retire, nwrites) };
static struct {
    uint32_t operand_bits;       /* the OPERAND rows' WR_IN_* bits */
    uint8_t regular;             /* each plain row reads whole bytes, of its own */
    uint8_t field[PREFIX];       /* the plain row reading the byte, or WR_RF_COUNT */
    uint8_t shift[PREFIX];       /* bit 0 of the byte is bit `shift` of its row's value */
} derived;

/* A plain kind's answer is the bits it reads XORed under its mask,
 * whatever else the records hold. */
#define PLAIN_(how) ((how) == WR_CMP_SCALAR || (how) == WR_CMP_WORD || (how) == WR_CMP_BREGS)

/* ---- one body per compare kind ---------------------------------------------- */

/* Each kind of compare (the HOW column) is one function of the row f, its
 * mask, its VALUE column in each record (mv, ov) and the records.  With a
 * report, rep, it lists there every difference it finds; with none (NULL:
 * the agreement test of the hot path) it only answers.  It returns 0 when
 * the row agrees, else nonzero: for a plain kind, the bits that differ under
 * the mask.  Inlined with rep and the row constant: without a report, the
 * listing folds away and the answer is straight-line code. */
#define BODY_ static inline __attribute__((always_inline)) uint64_t

/* one value (SCALAR; DEFINED and BLOCKED, when the model's state says so; an
 * operand read whole): its differing lanes named when it is a lane mask */
BODY_ compare_value(wr_compare_report *rep, unsigned f, uint64_t mask, uint64_t mv, uint64_t ov, int lanes)
{
    const uint64_t d = (mv ^ ov) & mask;
    if (rep && d)
        add(rep, f, WR_DIFF_VALUE, 0, 0, lanes ? (uint32_t)d : 0, mv, ov);
    return d;
}

BODY_ compare_word(wr_compare_report *rep, unsigned f, uint64_t mask, const wr_retire *m, const wr_retire *o)
{
    uint64_t any = 0;
    for (unsigned h = 0; h < 2; h++) {
        const uint64_t a = word_half(&m->insn, h), b = word_half(&o->insn, h), d = (a ^ b) & mask;
        if (rep && d)
            add(rep, f, WR_DIFF_VALUE, 0, h, 0, a, b);
        any |= d;
    }
    return any;
}

/* valid lanes parked elsewhere only */
BODY_ compare_rpc(wr_compare_report *rep, unsigned f, uint64_t mask, const wr_retire *m, const wr_retire *o)
{
    const uint32_t parked = mask ? m->after.valid & ~m->after.active : 0;
    /* without a report: every lane at once first (vectorised, no branch a
     * lane), lane by lane only when some lane differs */
    if (!rep && (!parked || lanes_same64(m->after.rpc, o->after.rpc, mask)))
        return 0;
    uint64_t d = 0;
    for (uint32_t c = parked; c; c &= c - 1)
        d |= (m->after.rpc[lowest(c)] ^ o->after.rpc[lowest(c)]) & mask;
    if (rep && d) {                      /* (which lanes: for the report) */
        uint32_t differ = 0;
        for (uint32_t c = parked; c; c &= c - 1)
            differ |= (uint32_t)(((m->after.rpc[lowest(c)] ^ o->after.rpc[lowest(c)]) & mask) != 0) << lowest(c);
        add(rep, f, WR_DIFF_VALUE, 0, 0, differ, m->after.rpc[lowest(differ)], o->after.rpc[lowest(differ)]);
    }
    return d;
}

BODY_ compare_bregs(wr_compare_report *rep, unsigned f, uint64_t mask, const wr_retire *m, const wr_retire *o)
{
    uint64_t any = 0;
    for (unsigned n = 0; n < WR_NUM_BREGS; n++) {
        const uint64_t d = (m->after.breg[n] ^ o->after.breg[n]) & mask;
        if (rep && d)
            add(rep, f, WR_DIFF_VALUE, 0, n, 0, m->after.breg[n], o->after.breg[n]);
        any |= d;
    }
    return any;
}

/* the write of r with this (kind, warp, index); both sides usually list their
 * writes in the same order, so position `hint` is tried first */
static const wr_write *find_write(const wr_retire *r, unsigned kind, unsigned warp, unsigned index,
                                  unsigned hint)
{
    if (hint < r->nwrites) {
        const wr_write *e = &r->write[hint];
        if (e->kind == kind && e->warp == warp && e->index == index)
            return e;
    }
    for (unsigned i = 0; i < r->nwrites; i++) {
        const wr_write *e = &r->write[i];
        if (e->kind == kind && e->warp == warp && e->index == index)
            return e;
    }
    return NULL;
}

/* the don't-care bits of a write in any of its lanes (a predicate's: bit 0) */
static uint32_t write_dc_any(const wr_write *e)
{
    uint32_t any = 0;
    for (uint32_t l = e->dc_lanes & e->lanes; l; l &= l - 1)
        any |= wr_write_dc(e, lowest(l));
    return any;
}

/* The lanes in which the same write on both sides differs: in the common
 * lanes the values, the model's don't-care bits and the unmasked bits
 * skipped; the other's don't-care bits must be the model's (in some lane). */
static inline uint32_t write_differ(const wr_write *e, const wr_write *x, unsigned kind, uint64_t mask)
{
    const uint32_t common = e->lanes & x->lanes, e_dc = e->dc_lanes & e->lanes, x_dc = x->dc_lanes & x->lanes;
    uint32_t differ = 0;
    if (kind == WR_WRITE_PRED) {         /* one bit a lane: the whole warp at once */
        if (mask & 1u)
            differ = (((e->value[0] ^ x->value[0]) & ~e_dc) | (e_dc ? 0 : x_dc)) & common;
    } else if (kind == WR_WRITE_GPR && !e_dc && !x_dc) {
        if (lanes_xor(e->value, x->value, common) & (uint32_t)mask)    /* (agreeing: four lanes at once) */
            for (unsigned l = 0; l < WR_LANES; l++)
                differ |= (uint32_t)(((e->value[l] ^ x->value[l]) & (uint32_t)mask) != 0) << l;
        differ &= common;
    } else {
        const uint32_t defined = x_dc ? ~write_dc_any(e) : 0;   /* the bits the model never leaves undefined */
        for (uint32_t c = common; c; c &= c - 1) {
            const unsigned l = lowest(c);
            if ((((wr_write_value(e, l) ^ wr_write_value(x, l)) & ~wr_write_dc(e, l)) |
                 (wr_write_dc(x, l) & defined)) & (uint32_t)mask)
                differ |= 1u << l;
        }
    }
    return differ;
}

/* The writes of the kinds in `kinds` (a row's one kind, f, or every kind the
 * plan compares, in one pass), each kind k under mask[k]: matched by
 * (warp, index), then write_differ. */
BODY_ compare_writes(wr_compare_report *rep, unsigned f, uint32_t kinds, const uint64_t *mask,
                     const wr_retire *m, const wr_retire *o)
{
    if (!(m->nwrites | o->nwrites))
        return 0;
    uint64_t any = 0;
    int aligned = m->nwrites == o->nwrites;   /* each write matched at its own position */
    for (unsigned i = 0; i < m->nwrites; i++) {
        const wr_write *e = &m->write[i];
        const unsigned kind = e->kind;
        if (kind >= WR_WRITE_KIND_COUNT || !(kinds >> kind & 1u)) {
            aligned &= i < o->nwrites && o->write[i].kind == kind;
            continue;
        }
        const int per_lane = kind == WR_WRITE_GPR || kind == WR_WRITE_PRED;
        const wr_write *x = find_write(o, kind, e->warp, e->index, i);
        aligned &= x == &o->write[i];
        if (!x) {
            if (!rep)
                return 1;
            add(rep, f, WR_DIFF_MISSING, e->warp, e->index, per_lane ? e->lanes : 0,
                e->lanes ? wr_write_value(e, lowest(e->lanes)) : 0, 0);
            any = 1;
            continue;
        }
        if (e->lanes != x->lanes) {
            if (!rep)
                return 1;
            add(rep, f, WR_DIFF_LANES, e->warp, e->index, e->lanes ^ x->lanes, e->lanes, x->lanes);
            any = 1;
        }
        const uint32_t differ = write_differ(e, x, kind, mask[kind]);
        if (differ) {
            if (!rep)
                return 1;
            const unsigned l = lowest(differ);
            add(rep, f, WR_DIFF_VALUE, e->warp, e->index, per_lane ? differ : 0,
                wr_write_value(e, l), wr_write_value(x, l));
            any = 1;
        }
    }
    for (unsigned i = 0; !aligned && i < o->nwrites; i++) {   /* (aligned: none extra) */
        const wr_write *x = &o->write[i];
        if (x->kind < WR_WRITE_KIND_COUNT && (kinds >> x->kind & 1u) &&
            !find_write(m, x->kind, x->warp, x->index, i)) {
            if (!rep)
                return 1;
            add(rep, f, WR_DIFF_EXTRA, x->warp, x->index,
                x->kind == WR_WRITE_GPR || x->kind == WR_WRITE_PRED ? x->lanes : 0, 0,
                x->lanes ? wr_write_value(x, lowest(x->lanes)) : 0);
            any = 1;
        }
    }
    return any;
}

/* the events, in order (mask not used) */
BODY_ compare_events(wr_compare_report *rep, unsigned f, const wr_retire *m, const wr_retire *o)
{
    if (!rep && m->nev != o->nev)
        return 1;
    const unsigned n = m->nev > o->nev ? m->nev : o->nev;
    uint64_t any = 0;
    for (unsigned i = 0; i < n; i++) {
        if (i >= o->nev) {
            add(rep, f, WR_DIFF_MISSING, 0, i, 0, WR_EVENT_PACK(m->ev[i]), 0);
            any = 1;
        } else if (i >= m->nev) {
            add(rep, f, WR_DIFF_EXTRA, 0, i, 0, 0, WR_EVENT_PACK(o->ev[i]));
            any = 1;
        } else {
            const uint64_t d = WR_EVENT_PACK(m->ev[i]) ^ WR_EVENT_PACK(o->ev[i]);
            if (rep && d)
                add(rep, f, WR_DIFF_VALUE, 0, i, 0, WR_EVENT_PACK(m->ev[i]), WR_EVENT_PACK(o->ev[i]));
            any |= d;
        }
    }
    return any;
}

/* a register operand per lane outside the model's undefined lanes; a lane
 * the other calls undefined where the model's value is defined differs */
static inline uint32_t operand_lanes(wr_compare_report *rep, unsigned f, uint64_t mask, const uint64_t *la,
                                     const uint64_t *lb, uint32_t undef, uint32_t claimed)
{
    if (!(undef | claimed) && lanes_same64(la, lb, mask))
        return 0;                        /* the common case, whole */
    uint32_t differ = claimed & ~undef;  /* (mask is not 0 here) */
    for (unsigned l = 0; l < WR_LANES; l++)
        if (!(undef >> l & 1u) && ((la[l] ^ lb[l]) & mask))
            differ |= 1u << l;
    if (rep && differ)
        add(rep, f, WR_DIFF_VALUE, 0, 0, differ, la[lowest(differ)], lb[lowest(differ)]);
    return differ;
}

/* an operand read (its WR_IN_* bit), when both records carry it:
 * predicates and uniform values whole, registers per lane */
BODY_ compare_operand(wr_compare_report *rep, unsigned f, uint64_t mask, unsigned bit, const wr_retire *m,
                      const wr_retire *o)
{
    if (!(m->reads & o->reads & bit) || !mask)    /* (most instructions read few operands) */
        return 0;
    const wr_operands *a = &m->in, *b = &o->in;
    switch (bit) {
    case WR_IN_PG: return compare_value(rep, f, mask, a->pg, b->pg, 1);
    case WR_IN_PP: return compare_value(rep, f, mask, a->pp, b->pp, 1);
    case WR_IN_UR: return compare_value(rep, f, mask, a->ur, b->ur, 0);
    case WR_IN_C:  return compare_value(rep, f, mask, a->c, b->c, 0);
    case WR_IN_RA: return operand_lanes(rep, f, mask, a->ra, b->ra, a->ra_undef, b->ra_undef);
    case WR_IN_RB: return operand_lanes(rep, f, mask, a->rb, b->rb, a->rb_undef, b->rb_undef);
    case WR_IN_RE: return operand_lanes(rep, f, mask, a->re, b->re, a->re_undef, b->re_undef);
    default:       return operand_lanes(rep, f, mask, a->rc, b->rc, a->rc_undef, b->rc_undef);
    }
}

/* the read set, when both report one: the bits of the OPERAND rows */
BODY_ compare_reads(wr_compare_report *rep, unsigned f, uint64_t mask, uint64_t mv, uint64_t ov,
                    const wr_retire *m)
{
    const uint64_t bits = read_bits(derived.operand_bits, mv, ov);
    const uint64_t d = reads_differ(m, mv, ov) & mask & bits & (0 - (uint64_t)(mv && ov));
    if (rep && d)
        add(rep, f, WR_DIFF_VALUE, 0, 0, 0, mv & bits, ov & bits);
    return d;
}

/* the undefined marks (MARKS): the lanes (of the mask) of each GPR and
 * predicate write the model leaves undefined that the other side's same
 * write calls defined; a write the other lacks, or a lane it does not
 * write, is a WRITES difference, not this one.  A write without undefined
 * lanes, the common case, costs one test.  Then the same of the GPR
 * operands both sides read (Ra, Rb, Rc, Re: the lanes the model reads
 * undefined that the other side's read calls defined; the other way is the
 * OPERAND row's), unless bit WR_UNDEF_OPERANDS of the row's mask is clear
 * (a replay: a trace carries no operand marks); such a difference's
 * `model` is MARKS_OPERAND + k (k: 0 Ra, 1 Rb, 2 Rc, 3 Re). */
enum { MARKS_OPERAND = WR_WRITE_KIND_COUNT };

/* GPR operand k of a record's operands (0 Ra, 1 Rb, 2 Rc, 3 Re): its lanes,
 * and in *undef its undefined lanes */
static inline const uint64_t *gpr_operand(const wr_operands *in, unsigned k, uint32_t *undef)
{
    switch (k) {
    case 0:  *undef = in->ra_undef; return in->ra;
    case 1:  *undef = in->rb_undef; return in->rb;
    case 2:  *undef = in->rc_undef; return in->rc;
    default: *undef = in->re_undef; return in->re;
    }
}

BODY_ compare_marks(wr_compare_report *rep, unsigned f, uint64_t mask, const wr_retire *m, const wr_retire *o)
{
    uint64_t any = 0;
    const unsigned both = (mask & WR_UNDEF_OPERANDS) ? m->reads & o->reads : 0u;
    if (both & (WR_IN_RA | WR_IN_RB | WR_IN_RC | WR_IN_RE)) {
        static const unsigned bit[4] = { WR_IN_RA, WR_IN_RB, WR_IN_RC, WR_IN_RE };
        for (unsigned k = 0; k < 4; k++) {
            if (!(both & bit[k]))
                continue;
            uint32_t mu, ou;
            gpr_operand(&m->in, k, &mu);
            const uint64_t *x = gpr_operand(&o->in, k, &ou);
            const uint32_t defined = mu & ~ou & (uint32_t)mask;
            if (defined) {
                if (!rep)
                    return 1;
                add(rep, f, WR_DIFF_VALUE, WR_WRITE_CTA, 0, defined, MARKS_OPERAND + k, x[lowest(defined)]);
                any = 1;
            }
        }
    }
    for (unsigned i = 0; i < m->nwrites; i++) {
        const wr_write *e = &m->write[i];
        const uint32_t undef = e->dc_lanes & e->lanes & (uint32_t)mask;
        if (!undef || (e->kind != WR_WRITE_GPR && e->kind != WR_WRITE_PRED))
            continue;
        const wr_write *x = find_write(o, e->kind, e->warp, e->index, i);
        const uint32_t defined = x ? undef & x->lanes & ~x->dc_lanes : 0;
        if (defined) {
            if (!rep)
                return 1;
            add(rep, f, WR_DIFF_VALUE, e->warp, e->index, defined, e->kind, wr_write_value(x, lowest(defined)));
            any = 1;
        }
    }
    return any;
}

/* Row f compared HOW by its kind's body. */
static inline __attribute__((always_inline)) uint64_t
compare_row(wr_compare_report *rep, unsigned f, unsigned how, uint64_t mask, uint64_t mv, uint64_t ov,
            const wr_retire *m, const wr_retire *o)
{
    switch (how) {
    case WR_CMP_SCALAR:                  /* (the five masks name their differing lanes) */
        return compare_value(rep, f, mask, mv, ov, f == WR_RF_VALID || f == WR_RF_ACTIVE || f == WR_RF_YIELD ||
                                                   f == WR_RF_SLEEP || f == WR_RF_SWITCH);
    case WR_CMP_DEFINED:                 /* N-39: undefined is don't-care */
        return compare_value(rep, f, mask & (0 - (uint64_t)(m->after.bar_state_defined != 0)), mv, ov, 0);
    case WR_CMP_BLOCKED:                 /* meaningful while blocked (N-35) */
        return compare_value(rep, f, mask & (0 - (uint64_t)(m->after.run == WR_WARP_BLOCKED)), mv, ov, 0);
    case WR_CMP_WORD: return compare_word(rep, f, mask, m, o);
    case WR_CMP_RPC: return compare_rpc(rep, f, mask, m, o);
    case WR_CMP_BREGS: return compare_bregs(rep, f, mask, m, o);
    case WR_CMP_WRITES: {                /* the row's kind */
        uint64_t masks[WR_WRITE_KIND_COUNT] = { 0 };
        if (mv >= WR_WRITE_KIND_COUNT)
            return 0;
        masks[mv] = mask;
        return compare_writes(rep, f, 1u << mv, masks, m, o);
    }
    case WR_CMP_EVENTS: return compare_events(rep, f, m, o);
    case WR_CMP_OPERAND: return compare_operand(rep, f, mask, (unsigned)mv, m, o);
    case WR_CMP_READS: return compare_reads(rep, f, mask, mv, ov, m);
    case WR_CMP_MARKS: return compare_marks(rep, f, mask, m, o);
    default: return 0;
    }
}

/* Every row of the table, in its order, each by its kind's body, straight-
 * line (inlined with the row constant): with a report under the controls
 * ctl (wr_compare), or without under the plan p (wr_compare_same: the plain
 * rows are not here but compared as bytes, the writes of every kind in one
 * pass; a row the plan leaves out has mask 0, which finds nothing, but for
 * the events, whose mask is not used).  Nonzero: a difference. */
static inline __attribute__((always_inline)) uint64_t
compare_rows(wr_compare_report *rep, const wr_retire *m, const wr_retire *o, const wr_compare_ctl *ctl,
             const wr_compare_plan *p)
{
    uint64_t acc = 0;
    /* `r` is what the VALUE column reads */
#define WR_X_(name, text, how, rule, state, value)                                                      \
    if (p ? !PLAIN_(WR_CMP_##how) && WR_CMP_##how != WR_CMP_WRITES &&                                 \
                (WR_CMP_##how != WR_CMP_EVENTS || (p->on >> WR_RF_##name & 1u))                        \
          : ctl->field[WR_RF_##name].enable) {                                                         \
        const wr_retire *r = m;                                                                        \
        const uint64_t mv = (uint64_t)(value);                                                         \
        r = o;                                                                                         \
        const uint64_t ov = (uint64_t)(value);                                                         \
        (void)r;                                                                                       \
        acc |= compare_row(rep, WR_RF_##name, WR_CMP_##how,                                            \
                           p ? p->mask[WR_RF_##name] : ctl->field[WR_RF_##name].mask, mv, ov, m, o);   \
    }
    WR_RETIRE_FIELDS(WR_X_)
#undef WR_X_
    if (p && acc == 0)
        acc = compare_writes(NULL, 0, p->kinds, p->kind_mask, m, o);
    return acc;
}

static once_flag derived_once = ONCE_FLAG_INIT;

/* row f without a report, its kind known at run time, every bit compared */
static uint64_t row_answer(unsigned f, const wr_retire *m, const wr_retire *o)
{
    const uint64_t mv = field_value(f, m), ov = field_value(f, o);
    switch (fields[f].how) {
#define WR_X_(how) case WR_CMP_##how: return compare_row(NULL, f, WR_CMP_##how, ~UINT64_C(0), mv, ov, m, o);
    WR_CMP_HOWS(WR_X_)
#undef WR_X_
    default: return 0;
    }
}

/* Where each plain row's bits lie, asked of the row's own body: each byte
 * of a record before its writes set alone, in a record otherwise zero,
 * against one all zero.  A row whose answer is not one whole byte of its
 * value (or a byte two rows read) makes the table irregular: the agreement
 * test then leaves every record to wr_compare. */
static void derive(void)
{
    static wr_retire zero, probe;        /* (large: not on the stack) */
    unsigned char *bytes = (unsigned char *)&probe;
    derived.operand_bits = operand_bits();
    derived.regular = 1;
    memset(derived.field, WR_RF_COUNT, sizeof derived.field);
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {
        if (!PLAIN_(fields[f].how))
            continue;
        for (unsigned k = 0; k < PREFIX; k++) {
            if (k % 8 == 0 && k + 8 <= PREFIX) {     /* (eight bytes the row does not read at once) */
                memset(bytes + k, 0xff, 8);
                const uint64_t any = row_answer(f, &zero, &probe);
                memset(bytes + k, 0, 8);
                if (!any) {
                    k += 7;
                    continue;
                }
            }
            bytes[k] = 0xff;
            const uint64_t d = row_answer(f, &zero, &probe);
            bytes[k] = 0;
            if (!d)
                continue;
            const unsigned s = (unsigned)__builtin_ctzll(d);
            if (s > 56 || d != UINT64_C(0xff) << s || derived.field[k] != WR_RF_COUNT) {
                derived.regular = 0;
            } else {
                derived.field[k] = (uint8_t)f;
                derived.shift[k] = (uint8_t)s;
            }
        }
    }
}

int wr_compare(const wr_retire *m, const wr_retire *o, const wr_compare_ctl *ctl,
               wr_compare_report *rep)
{
    call_once(&derived_once, derive);
    wr_compare_ctl defaults;
    if (!ctl) {
        wr_compare_ctl_init(&defaults);
        ctl = &defaults;
    }
    rep->ndiffs = 0;
    if (!(m->has_state && o->has_state))
        for (unsigned f = 0; f < WR_RF_COUNT; f++)
            if (ctl->field[f].enable && fields[f].state)
                return -1;
    compare_rows(rep, m, o, ctl, NULL);
    return (int)rep->ndiffs;
}

/* ---- the agreement test (wr_compare_same) ---------------------------------------- */

_Static_assert(offsetof(wr_retire, after) + offsetof(wr_warp, rpc) <= WR_COMPARE_HEAD &&
               WR_COMPARE_HEAD % 16 == 0 && WR_COMPARE_HEAD <= offsetof(wr_retire, after) + sizeof(wr_warp),
               "the head covers the plain fields and stays inside the state after");
_Static_assert(PREFIX <= UINT16_MAX && WR_RF_COUNT < UINT8_MAX, "the plan's byte offsets and fields");

void wr_compare_plan_init(wr_compare_plan *p, const wr_compare_ctl *ctl)
{
    static const wr_retire none;         /* (a write row's VALUE is its kind, whatever the record) */
    call_once(&derived_once, derive);
    wr_compare_ctl defaults;
    if (!ctl) {
        wr_compare_ctl_init(&defaults);
        ctl = &defaults;
    }
    memset(p, 0, sizeof *p);
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {
        if (!ctl->field[f].enable)
            continue;
        p->on |= UINT64_C(1) << f;
        p->mask[f] = ctl->field[f].mask;
        const uint64_t kind = field_value(f, &none);
        if (fields[f].how == WR_CMP_WRITES && kind < WR_WRITE_KIND_COUNT) {
            p->kinds |= 1u << kind;
            p->kind_mask[kind] = ctl->field[f].mask;
        }
    }
    /* the plain rows' bytes: the head's image, the few past it one by one */
    p->regular = derived.regular;
    for (unsigned k = 0; k < PREFIX; k++) {
        if (derived.field[k] == WR_RF_COUNT)
            continue;
        const uint8_t image = (uint8_t)(p->mask[derived.field[k]] >> derived.shift[k]);
        if (k < WR_COMPARE_HEAD) {
            p->head[k] = image;
        } else if (image && p->ntail < WR_COMPARE_TAIL) {
            p->tail_at[p->ntail] = (uint16_t)k;
            p->tail[p->ntail++] = image;
        } else if (image) {
            p->regular = 0;
        }
    }
}

/* the bits that differ in the two records' heads under the plan's image */
static inline uint64_t head_xor(const wr_retire *m, const wr_retire *o, const uint8_t *image)
{
    lanes4 acc = { 0, 0, 0, 0 };
    for (unsigned k = 0; k < WR_COMPARE_HEAD / 16; k++) {
        lanes4 x, y, z;
        memcpy(&x, (const char *)m + 16 * k, sizeof x);
        memcpy(&y, (const char *)o + 16 * k, sizeof y);
        memcpy(&z, image + 16 * k, sizeof z);
        acc |= (x ^ y) & z;
    }
    return acc[0] | acc[1] | acc[2] | acc[3];
}

int wr_compare_same(const wr_retire *m, const wr_retire *o, const wr_compare_plan *p)
{
    if (!(m->has_state & o->has_state & p->regular))   /* (any of them 0: ask wr_compare) */
        return 0;
    /* the plain rows as bytes (past the head one at a time: a record was
     * just written there field by field); the others one by one */
    uint64_t acc = head_xor(m, o, p->head);
    for (unsigned i = 0; i < p->ntail; i++)
        acc |= (unsigned)(((const unsigned char *)m)[p->tail_at[i]] ^ ((const unsigned char *)o)[p->tail_at[i]]) &
               p->tail[i];
    return (acc | compare_rows(NULL, m, o, NULL, p)) == 0;
}

/* ---- text ------------------------------------------------------------------- */

static void put_event(wr_buf *b, uint64_t packed)
{
    const unsigned kind = (unsigned)(packed >> 40 & 0xff), code = (unsigned)(packed >> 32 & 0xff);
    const uint32_t value = (uint32_t)packed;
    wr_buf_puts(b, wr_event_name(kind));
    switch (kind) {
    case WR_EV_WARNING: wr_buf_printf(b, ":%s", wr_warning_name(code)); break;
    case WR_EV_EXCEPTION: wr_buf_printf(b, ":%s", wr_exception_name(code)); break;
    case WR_EV_BLOCK:
    case WR_EV_ARRIVE: wr_buf_printf(b, ":%u", code); break;
    case WR_EV_RELEASE:
        wr_buf_printf(b, ":%u", code);
        for (uint32_t m = value, first = 1; m; m &= m - 1, first = 0)
            wr_buf_printf(b, "%s%u", first ? ":" : ",", lowest(m));
        break;
    case WR_EV_TRAP: wr_buf_printf(b, ":%" PRIu32, value); break;
    default: break;
    }
}

/* the operands of a read set, by the OPERAND rows' names without "in." */
static void put_operands(wr_buf *b, uint32_t bits)
{
    static const wr_retire none;
    unsigned n = 0;
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {
        const char *name = fields[f].name;
        if (fields[f].how == WR_CMP_OPERAND && (bits & field_value(f, &none)))
            wr_buf_printf(b, "%s%s", n++ ? "," : "", strncmp(name, "in.", 3) == 0 ? name + 3 : name);
    }
    static const struct { uint32_t bit; const char *name; } width[] = {
        { WR_IN_RA64, "ra64" }, { WR_IN_UR64, "ur64" }, { WR_IN_C64, "c64" },
    };
    for (unsigned k = 0; k < sizeof width / sizeof width[0]; k++)
        if (bits & width[k].bit)
            wr_buf_printf(b, "%s%s", n++ ? "," : "", width[k].name);
    if (!n)
        wr_buf_puts(b, "-");
}

int wr_compare_reads_format(unsigned model, unsigned other, const char *side, char *buf, size_t size)
{
    wr_buf b = { buf, size, 0 };
    if (size > 0)
        buf[0] = '\0';
    const char *in = side ? "in the " : "in the other";       /* "missing in the RTL" */
    side = side ? side : "";
    const uint32_t bits = (uint32_t)read_bits(operand_bits(), model, other);
    const uint32_t missing = model & ~other & bits, extra = other & ~model & bits;
    if (missing) {
        put_operands(&b, missing);
        wr_buf_printf(&b, " missing %s%s", in, side);
    }
    if (extra) {
        wr_buf_puts(&b, missing ? "; " : "");
        put_operands(&b, extra);
        wr_buf_printf(&b, " extra %s%s", in, side);
    }
    return (int)b.len;
}

/* what a difference is; "missing" and "extra" end with the other side's name */
static const char *const what_text[] = { "differs", "missing in the ", "extra in the ", "written lanes differ" };

int wr_compare_format(const wr_compare_report *rep, const wr_retire *m, const wr_retire *o, const char *side,
                      char *buf, size_t size)
{
    wr_buf b = { buf, size, 0 };
    if (size > 0)
        buf[0] = '\0';
    const char *sn = side ? side : "other";
    const unsigned listed = rep->ndiffs < WR_MAX_DIFFS ? rep->ndiffs : WR_MAX_DIFFS;
    for (unsigned i = 0; i < listed; i++) {
        const wr_diff *d = &rep->diff[i];
        const unsigned how = wr_retire_field_how(d->field);
        wr_buf_printf(&b, "%-22s %-5s ", wr_retire_field_name(d->field), wr_retire_field_rule(d->field));
        if (how == WR_CMP_WRITES) {
            static const char *const reg[WR_WRITE_KIND_COUNT] = {
                [WR_WRITE_GPR] = "R", [WR_WRITE_PRED] = "P", [WR_WRITE_UR] = "UR",
                [WR_WRITE_BARRIER] = "barrier ",
            };
            const unsigned kind = (unsigned)field_value(d->field, m);
            if (kind < WR_WRITE_KIND_COUNT && reg[kind])
                wr_buf_printf(&b, "%s%u ", reg[kind], d->index);
            if (d->warp != WR_WRITE_CTA)
                wr_buf_printf(&b, "of warp %u ", d->warp);
        } else if (how == WR_CMP_MARKS && d->model >= MARKS_OPERAND) {
            static const char *const opnd[4] = { "Ra", "Rb", "Rc", "Re" };
            wr_buf_printf(&b, "operand %s ", opnd[(d->model - MARKS_OPERAND) & 3]);
        } else if (how == WR_CMP_MARKS) {
            wr_buf_printf(&b, "%s%u ", d->model == WR_WRITE_PRED ? "P" : "R", d->index);
            if (d->warp != WR_WRITE_CTA)
                wr_buf_printf(&b, "of warp %u ", d->warp);
        } else if (how == WR_CMP_BREGS) {
            wr_buf_printf(&b, "B%u ", d->index);
        } else if (how == WR_CMP_EVENTS || how == WR_CMP_WORD) {
            wr_buf_printf(&b, "[%u] ", d->index);
        }
        const unsigned what = d->what < 4 ? d->what : 0;
        wr_buf_printf(&b, "%s%s", what_text[what], what == WR_DIFF_MISSING || what == WR_DIFF_EXTRA ? sn : "");
        if (d->lanes)
            wr_buf_printf(&b, ", lanes 0x%08" PRIx32, d->lanes);
        if (how == WR_CMP_EVENTS) {
            wr_buf_puts(&b, ": model ");
            if (d->what == WR_DIFF_EXTRA) wr_buf_puts(&b, "-"); else put_event(&b, d->model);
            wr_buf_printf(&b, ", %s ", sn);
            if (d->what == WR_DIFF_MISSING) wr_buf_puts(&b, "-"); else put_event(&b, d->other);
        } else if (how == WR_CMP_RPC && d->lanes) {
            for (uint32_t l = d->lanes; l; l &= l - 1)
                wr_buf_printf(&b, "\n    lane %2u: model 0x%" PRIx64 ", %s 0x%" PRIx64, lowest(l),
                              m->after.rpc[lowest(l)], sn, o->after.rpc[lowest(l)]);
        } else if (how == WR_CMP_WRITES && d->what == WR_DIFF_VALUE && d->lanes) {
            const unsigned kind = (unsigned)field_value(d->field, m);
            const wr_write *e = find_write(m, kind, d->warp, d->index, 0);
            const wr_write *x = find_write(o, kind, d->warp, d->index, 0);
            for (uint32_t l = d->lanes; l && e && x; l &= l - 1) {
                wr_buf_printf(&b, "\n    lane %2u: model 0x%08" PRIx32 " (don't-care 0x%08" PRIx32
                              "), %s 0x%08" PRIx32, lowest(l), wr_write_value(e, lowest(l)),
                              wr_write_dc(e, lowest(l)), sn, wr_write_value(x, lowest(l)));
                if (wr_write_dc(x, lowest(l)))
                    wr_buf_printf(&b, " (don't-care 0x%08" PRIx32 ")", wr_write_dc(x, lowest(l)));
            }
        } else if (how == WR_CMP_OPERAND && d->lanes && (d->field == WR_RF_IN_RA || d->field == WR_RF_IN_RB ||
                                                          d->field == WR_RF_IN_RC || d->field == WR_RF_IN_RE)) {
            const unsigned k = d->field == WR_RF_IN_RA ? 0 : d->field == WR_RF_IN_RB ? 1 : d->field == WR_RF_IN_RC ? 2 : 3;
            uint32_t mu, undef;
            const uint64_t *a = gpr_operand(&m->in, k, &mu);
            const uint64_t *x = gpr_operand(&o->in, k, &undef);
            for (uint32_t l = d->lanes; l; l &= l - 1)
                wr_buf_printf(&b, "\n    lane %2u: model 0x%" PRIx64 ", %s 0x%" PRIx64 "%s", lowest(l), a[lowest(l)],
                              sn, x[lowest(l)], undef >> lowest(l) & 1u ? " (undefined)" : "");
        } else if (how == WR_CMP_MARKS) {
            wr_buf_printf(&b, ": undefined in the model, defined (0x%08" PRIx64 ") in the %s", d->other, sn);
        } else if (how == WR_CMP_READS) {
            char text[160];
            wr_compare_reads_format((unsigned)d->model, (unsigned)d->other, side, text, sizeof text);
            wr_buf_puts(&b, ": model ");
            put_operands(&b, (uint32_t)d->model);
            wr_buf_printf(&b, ", %s ", sn);
            put_operands(&b, (uint32_t)d->other);
            wr_buf_printf(&b, " (%s)", text);
        } else {
            wr_buf_printf(&b, ": model 0x%" PRIx64 ", %s 0x%" PRIx64, d->model, sn, d->other);
        }
        wr_buf_puts(&b, "\n");
    }
    if (rep->ndiffs > listed)
        wr_buf_printf(&b, "... and %u more differences\n", rep->ndiffs - listed);
    return (int)b.len;
}
