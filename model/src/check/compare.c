/* compare.c - wr_compare(): the model's retire record against another, field
 * by field, as the one table WR_RETIRE_FIELDS (compare.h) lists them, under
 * controls that are data.  No allocation. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

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

void wr_compare_ctl_init(wr_compare_ctl *ctl)
{
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {
        ctl->field[f].enable = 1;
        ctl->field[f].mask = ~UINT64_C(0);
    }
}

static unsigned lowest(uint32_t m) { return (unsigned)__builtin_ctz(m); }

/* the bits of a read set that are compared: the OPERAND rows' WR_IN_* bits */
static uint32_t operand_bits(void)
{
    static const wr_retire none;         /* (an OPERAND row's VALUE is its bit, whatever the record) */
    uint32_t bits = 0;
    for (unsigned f = 0; f < WR_RF_COUNT; f++)
        if (fields[f].how == WR_CMP_OPERAND)
            bits |= (uint32_t)field_value(f, &none);
    return bits;
}

static void add(wr_compare_report *rep, unsigned f, unsigned what, unsigned warp, unsigned index,
                uint32_t lanes, uint64_t model, uint64_t other)
{
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

/* an operand both records read (the caller checks): predicates and uniform
 * values whole, registers per lane outside the model's undefined lanes; a
 * lane the other calls undefined where the model's value is defined differs */
static void compare_operand(wr_compare_report *rep, unsigned f, unsigned bit, uint64_t mask,
                            const wr_retire *m, const wr_retire *o)
{
    const wr_operands *a = &m->in, *b = &o->in;
    const uint64_t *la = NULL, *lb = NULL;
    uint32_t undef = 0, claimed = 0;
    switch (bit) {
    case WR_IN_PG:
        if ((a->pg ^ b->pg) & mask)
            add(rep, f, WR_DIFF_VALUE, 0, 0, (uint32_t)((a->pg ^ b->pg) & mask), a->pg, b->pg);
        return;
    case WR_IN_PP:
        if ((a->pp ^ b->pp) & mask)
            add(rep, f, WR_DIFF_VALUE, 0, 0, (uint32_t)((a->pp ^ b->pp) & mask), a->pp, b->pp);
        return;
    case WR_IN_UR:
        if ((a->ur ^ b->ur) & mask)
            add(rep, f, WR_DIFF_VALUE, 0, 0, 0, a->ur, b->ur);
        return;
    case WR_IN_C:
        if ((a->c ^ b->c) & mask)
            add(rep, f, WR_DIFF_VALUE, 0, 0, 0, a->c, b->c);
        return;
    case WR_IN_RA: la = a->ra; lb = b->ra; undef = a->ra_undef; claimed = b->ra_undef; break;
    case WR_IN_RB: la = a->rb; lb = b->rb; undef = a->rb_undef; claimed = b->rb_undef; break;
    case WR_IN_RE: la = a->re; lb = b->re; undef = a->re_undef; claimed = b->re_undef; break;
    default:       la = a->rc; lb = b->rc; undef = a->rc_undef; claimed = b->rc_undef; break;
    }
    if (!(undef | claimed) && mask == ~UINT64_C(0) && memcmp(la, lb, WR_LANES * sizeof *la) == 0)
        return;                          /* the common case, at memcmp speed */
    uint32_t differ = mask ? claimed & ~undef : 0;   /* undefined where the model's is defined */
    for (unsigned l = 0; l < WR_LANES; l++)
        if (!(undef >> l & 1u) && ((la[l] ^ lb[l]) & mask))
            differ |= 1u << l;
    if (differ)
        add(rep, f, WR_DIFF_VALUE, 0, 0, differ, la[lowest(differ)], lb[lowest(differ)]);
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

/* the writes of one kind: matched by (warp, index); in the common lanes
 * the values, the model's don't-care bits and the unmasked bits skipped;
 * the other's don't-care bits must be the model's (in some lane) */
static void compare_writes(wr_compare_report *rep, unsigned f, unsigned kind, uint64_t mask,
                           const wr_retire *m, const wr_retire *o)
{
    const int per_lane = kind == WR_WRITE_GPR || kind == WR_WRITE_PRED;
    for (unsigned i = 0; i < m->nwrites; i++) {
        const wr_write *e = &m->write[i];
        if (e->kind != kind)
            continue;
        const wr_write *x = find_write(o, kind, e->warp, e->index, i);
        if (!x) {
            add(rep, f, WR_DIFF_MISSING, e->warp, e->index, per_lane ? e->lanes : 0,
                e->lanes ? wr_write_value(e, lowest(e->lanes)) : 0, 0);
            continue;
        }
        if (e->lanes != x->lanes)
            add(rep, f, WR_DIFF_LANES, e->warp, e->index, e->lanes ^ x->lanes, e->lanes, x->lanes);
        else if (kind == WR_WRITE_GPR && e->lanes == ~0u && !e->dc_lanes && !(x->dc_lanes & x->lanes) &&
                 (uint32_t)mask == ~0u && memcmp(e->value, x->value, sizeof e->value) == 0)
            continue;                    /* a full warp's write, equal: the common case */
        const uint32_t common = e->lanes & x->lanes;
        uint32_t differ = 0;
        const uint32_t x_dc = x->dc_lanes & x->lanes;
        if (kind == WR_WRITE_PRED) {     /* one bit a lane: the whole warp at once */
            if (mask & 1u)
                differ = (((e->value[0] ^ x->value[0]) & ~(e->dc_lanes & e->lanes)) |
                          (e->dc_lanes & e->lanes ? 0 : x_dc)) & common;
        } else if (kind == WR_WRITE_GPR && !(e->dc_lanes & e->lanes) && !x_dc) {
            for (unsigned l = 0; l < WR_LANES; l++)   /* (no don't-care lane: branch-free) */
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
        if (differ) {
            const unsigned l = lowest(differ);
            add(rep, f, WR_DIFF_VALUE, e->warp, e->index, per_lane ? differ : 0,
                wr_write_value(e, l), wr_write_value(x, l));
        }
    }
    for (unsigned i = 0; i < o->nwrites; i++) {
        const wr_write *x = &o->write[i];
        if (x->kind == kind && !find_write(m, kind, x->warp, x->index, i))
            add(rep, f, WR_DIFF_EXTRA, x->warp, x->index, per_lane ? x->lanes : 0, 0,
                x->lanes ? wr_write_value(x, lowest(x->lanes)) : 0);
    }
}

static uint64_t word_half(const wr_word *w, unsigned h)
{
    return (uint64_t)w->w[2 * h] | (uint64_t)w->w[2 * h + 1] << 32;
}

/* One field, f, compared HOW; mv/ov its VALUE column in each record.
 * Inlined into wr_compare once per table row with HOW a constant, so the
 * compare is straight-line code with no dispatch per field. */
static inline __attribute__((always_inline)) void
compare_field(wr_compare_report *rep, unsigned f, unsigned how, uint64_t mask, uint64_t mv, uint64_t ov,
              const wr_retire *m, const wr_retire *o, uint32_t kinds)
{
    switch (how) {
    case WR_CMP_SCALAR: {
        /* the five masks name their differing lanes */
        const int lanes = f == WR_RF_VALID || f == WR_RF_ACTIVE || f == WR_RF_YIELD || f == WR_RF_SLEEP ||
                          f == WR_RF_SWITCH;
        if ((mv ^ ov) & mask)
            add(rep, f, WR_DIFF_VALUE, 0, 0, lanes ? (uint32_t)((mv ^ ov) & mask) : 0, mv, ov);
        break;
    }
    case WR_CMP_DEFINED:              /* N-39: undefined is don't-care */
        if (m->after.bar_state_defined && ((mv ^ ov) & mask))
            add(rep, f, WR_DIFF_VALUE, 0, 0, 0, mv, ov);
        break;
    case WR_CMP_BLOCKED:              /* meaningful while blocked */
        if (m->after.run == WR_WARP_BLOCKED && ((mv ^ ov) & mask))
            add(rep, f, WR_DIFF_VALUE, 0, 0, 0, mv, ov);
        break;
    case WR_CMP_WORD:
        for (unsigned h = 0; h < 2; h++) {
            const uint64_t a = word_half(&m->insn, h), b = word_half(&o->insn, h);
            if ((a ^ b) & mask)
                add(rep, f, WR_DIFF_VALUE, 0, h, 0, a, b);
        }
        break;
    case WR_CMP_RPC: {                /* valid lanes parked elsewhere only */
        uint32_t differ = 0;
        for (uint32_t c = m->after.valid & ~m->after.active; c; c &= c - 1) {
            const unsigned l = lowest(c);
            if ((m->after.rpc[l] ^ o->after.rpc[l]) & mask)
                differ |= 1u << l;
        }
        if (differ)
            add(rep, f, WR_DIFF_VALUE, 0, 0, differ, m->after.rpc[lowest(differ)], o->after.rpc[lowest(differ)]);
        break;
    }
    case WR_CMP_BREGS:
        if (mask == ~UINT64_C(0) && memcmp(m->after.breg, o->after.breg, sizeof m->after.breg) == 0)
            break;
        for (unsigned n = 0; n < WR_NUM_BREGS; n++)
            if ((m->after.breg[n] ^ o->after.breg[n]) & mask)
                add(rep, f, WR_DIFF_VALUE, 0, n, 0, m->after.breg[n], o->after.breg[n]);
        break;
    case WR_CMP_WRITES:
        if (kinds >> mv & 1u)         /* some write of this kind on either side */
            compare_writes(rep, f, (unsigned)mv, mask, m, o);
        break;
    case WR_CMP_EVENTS: {
        const unsigned n = m->nev > o->nev ? m->nev : o->nev;
        for (unsigned i = 0; i < n; i++) {
            if (i >= o->nev)
                add(rep, f, WR_DIFF_MISSING, 0, i, 0, WR_EVENT_PACK(m->ev[i]), 0);
            else if (i >= m->nev)
                add(rep, f, WR_DIFF_EXTRA, 0, i, 0, 0, WR_EVENT_PACK(o->ev[i]));
            else if (WR_EVENT_PACK(m->ev[i]) != WR_EVENT_PACK(o->ev[i]))
                add(rep, f, WR_DIFF_VALUE, 0, i, 0, WR_EVENT_PACK(m->ev[i]), WR_EVENT_PACK(o->ev[i]));
        }
        break;
    }
    case WR_CMP_OPERAND:
        if (m->reads & o->reads & mv)     /* (most instructions read few operands: no call) */
            compare_operand(rep, f, (unsigned)mv, mask, m, o);
        break;
    case WR_CMP_READS:                /* when both report a read set */
        if (mv && ov && (reads_differ(m, mv, ov) & mask & operand_bits()))
            add(rep, f, WR_DIFF_VALUE, 0, 0, 0, mv & operand_bits(), ov & operand_bits());
        break;
    default:
        break;
    }
}

int wr_compare(const wr_retire *m, const wr_retire *o, const wr_compare_ctl *ctl,
               wr_compare_report *rep)
{
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

    uint32_t kinds = 0;                  /* the write kinds either record has */
    for (unsigned i = 0; i < m->nwrites; i++)
        kinds |= 1u << m->write[i].kind;
    for (unsigned i = 0; i < o->nwrites; i++)
        kinds |= 1u << o->write[i].kind;

    /* every row of the table, in its order; `r` is what its VALUE column reads */
#define WR_X_(name, text, how, rule, state, value)                                               \
    if (ctl->field[WR_RF_##name].enable) {                                                      \
        const wr_retire *r = m;                                                                 \
        const uint64_t mv = (uint64_t)(value);                                                  \
        r = o;                                                                                  \
        const uint64_t ov = (uint64_t)(value);                                                  \
        (void)r;                                                                                \
        compare_field(rep, WR_RF_##name, WR_CMP_##how, ctl->field[WR_RF_##name].mask, mv, ov, m, o, kinds); \
    }
    WR_RETIRE_FIELDS(WR_X_)
#undef WR_X_
    return (int)rep->ndiffs;
}

/* ---- the agreement test (wr_compare_same) ---------------------------------------- */

/* The rows compared as bytes: a plain value (SCALAR), each half of the word
 * (WORD) or each B register (BREGS), as FIELD, its member, how many values
 * of the member's size.  Their masks make the plan's image of a record's
 * head, their differences one masked XOR of the two heads. */
#define HEAD_ROWS(X)                                                                    \
    X(WARP, warp, 1) X(PC, pc, 1) X(INSN, insn, 2) X(EXCEPTION, exception, 1)           \
    X(FETCH_FAULT, fetch_fault, 1) X(ACTIVE_PC, after.active_pc, 1) X(VALID, after.valid, 1) \
    X(ACTIVE, after.active, 1) X(YIELD, after.yield, 1) X(SLEEP, after.sleep, 1)        \
    X(SWITCH, after.swtch, 1) X(BAR_STATE_DEFINED, after.bar_state_defined, 1)          \
    X(RUN, after.run, 1) X(BREG, after.breg, WR_NUM_BREGS)

static const struct {
    uint8_t field, size, count;
    uint16_t at;
} head_rows[] = {
#define WR_X_(f, member, n) { WR_RF_##f, (uint8_t)(sizeof(((wr_retire *)0)->member) / (n)), n, \
                             (uint16_t)offsetof(wr_retire, member) },
    HEAD_ROWS(WR_X_)
#undef WR_X_
};

#define WR_X_(f, member, n) | (UINT64_C(1) << WR_RF_##f)
static const uint64_t head_fields = 0 HEAD_ROWS(WR_X_);
#undef WR_X_

_Static_assert(offsetof(wr_retire, after) + offsetof(wr_warp, rpc) <= WR_COMPARE_HEAD &&
               WR_COMPARE_HEAD % 16 == 0 && WR_COMPARE_HEAD <= offsetof(wr_retire, after) + sizeof(wr_warp),
               "the head covers the plain fields and stays inside the state after");

void wr_compare_plan_init(wr_compare_plan *p, const wr_compare_ctl *ctl)
{
    static const wr_retire none;         /* (a write row's VALUE is its kind, whatever the record) */
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
        p->mask[f] = ctl->field[f].mask & (fields[f].how == WR_CMP_READS ? operand_bits() : ~UINT64_C(0));
        const uint64_t kind = field_value(f, &none);
        if (fields[f].how == WR_CMP_WRITES && kind < WR_WRITE_KIND_COUNT) {
            p->kinds |= 1u << kind;
            p->kind_mask[kind] = ctl->field[f].mask;
        }
    }
    for (size_t i = 0; i < sizeof head_rows / sizeof head_rows[0]; i++) {
        const uint64_t mask = p->mask[head_rows[i].field];
        const uint8_t u8 = (uint8_t)mask;
        const uint32_t u32 = (uint32_t)mask;
        const void *v = head_rows[i].size == 1 ? (const void *)&u8 : head_rows[i].size == 4 ? (const void *)&u32
                                                                                          : (const void *)&mask;
        for (unsigned k = 0; k < head_rows[i].count; k++)     /* (the value's low bits, as it lies) */
            memcpy(p->head + head_rows[i].at + k * head_rows[i].size, v, head_rows[i].size);
    }
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

static inline uint64_t lanes_xor64(const uint64_t *a, const uint64_t *b)
{
    uint64_t acc = 0;
    for (unsigned l = 0; l < WR_LANES; l++)
        acc |= a[l] ^ b[l];
    return acc;
}

/* One row of the table into *acc (the bits that differ under its mask), as
 * compare_field would compare it; 0: not decided here. */
static inline __attribute__((always_inline)) int
same_field(uint64_t *acc, unsigned f, unsigned how, const wr_compare_plan *p, uint64_t mv, uint64_t ov,
           const wr_retire *m, const wr_retire *o)
{
    const uint64_t mask = p->mask[f];
    switch (how) {
    case WR_CMP_SCALAR:
        *acc |= (mv ^ ov) & mask;
        return 1;
    case WR_CMP_DEFINED:
        *acc |= (mv ^ ov) & mask & (0 - (uint64_t)(m->after.bar_state_defined != 0));
        return 1;
    case WR_CMP_BLOCKED:
        *acc |= (mv ^ ov) & mask & (0 - (uint64_t)(m->after.run == WR_WARP_BLOCKED));
        return 1;
    case WR_CMP_WORD:
        *acc |= ((word_half(&m->insn, 0) ^ word_half(&o->insn, 0)) | (word_half(&m->insn, 1) ^ word_half(&o->insn, 1))) &
                mask;
        return 1;
    case WR_CMP_RPC:
        if (mask)
            for (uint32_t c = m->after.valid & ~m->after.active; c; c &= c - 1)
                *acc |= (m->after.rpc[lowest(c)] ^ o->after.rpc[lowest(c)]) & mask;
        return 1;
    case WR_CMP_BREGS: {
        uint32_t d = 0;
        for (unsigned n = 0; n < WR_NUM_BREGS; n++)
            d |= m->after.breg[n] ^ o->after.breg[n];
        *acc |= d & mask;
        return 1;
    }
    case WR_CMP_WRITES:                  /* all kinds at once: same_writes */
        return 1;
    case WR_CMP_EVENTS:
        if (p->on >> f & 1u) {
            if (m->nev != o->nev)
                return 0;
            for (unsigned i = 0; i < m->nev; i++)
                *acc |= WR_EVENT_PACK(m->ev[i]) ^ WR_EVENT_PACK(o->ev[i]);
        }
        return 1;
    case WR_CMP_READS:                   /* (the plan's mask holds the operand bits only) */
        *acc |= reads_differ(m, mv, ov) & mask & (0 - (uint64_t)(mv != 0 && ov != 0));
        return 1;
    case WR_CMP_OPERAND: {
        if (!mask || !(m->reads & o->reads & mv))
            return 1;
        const wr_operands *a = &m->in, *b = &o->in;
        switch (mv) {
        case WR_IN_PG: *acc |= (uint64_t)(a->pg ^ b->pg) & mask; return 1;
        case WR_IN_PP: *acc |= (uint64_t)(a->pp ^ b->pp) & mask; return 1;
        case WR_IN_UR: *acc |= (a->ur ^ b->ur) & mask; return 1;
        case WR_IN_C: *acc |= (a->c ^ b->c) & mask; return 1;
        case WR_IN_RA: if (a->ra_undef | b->ra_undef) return 0; *acc |= lanes_xor64(a->ra, b->ra) & mask; return 1;
        case WR_IN_RB: if (a->rb_undef | b->rb_undef) return 0; *acc |= lanes_xor64(a->rb, b->rb) & mask; return 1;
        case WR_IN_RE: if (a->re_undef | b->re_undef) return 0; *acc |= lanes_xor64(a->re, b->re) & mask; return 1;
        default: if (a->rc_undef | b->rc_undef) return 0; *acc |= lanes_xor64(a->rc, b->rc) & mask; return 1;
        }
    }
    default:
        return 0;
    }
}

/* The writes of the kinds compared, as compare_writes would find them equal:
 * here only when both records list them at the same positions (each then
 * finds its match at its own position first), without don't-care lanes on
 * either side. */
static int same_writes(const wr_retire *m, const wr_retire *o, const wr_compare_plan *p)
{
    const unsigned n = m->nwrites > o->nwrites ? m->nwrites : o->nwrites;
    uint64_t acc = 0;
    for (unsigned i = 0; i < n; i++) {
        const wr_write *e = i < m->nwrites && m->write[i].kind < WR_WRITE_KIND_COUNT &&
                            (p->kinds >> m->write[i].kind & 1u) ? &m->write[i] : NULL;
        const wr_write *x = i < o->nwrites && o->write[i].kind < WR_WRITE_KIND_COUNT &&
                            (p->kinds >> o->write[i].kind & 1u) ? &o->write[i] : NULL;
        if (!e && !x)
            continue;
        if (!e || !x || e->kind != x->kind || e->warp != x->warp || e->index != x->index || e->lanes != x->lanes ||
            (e->dc_lanes & e->lanes) || (x->dc_lanes & x->lanes))
            return 0;
        const uint64_t mask = p->kind_mask[e->kind];
        if (e->kind == WR_WRITE_GPR)
            acc |= lanes_xor(e->value, x->value, e->lanes) & (uint32_t)mask;
        else if (e->kind == WR_WRITE_PRED)     /* one bit a lane, under the mask's bit 0 */
            acc |= (mask & 1u) ? (e->value[0] ^ x->value[0]) & e->lanes : 0;
        else if (e->lanes)
            acc |= (e->value[0] ^ x->value[0]) & (uint32_t)mask;
    }
    return acc == 0;
}

int wr_compare_same(const wr_retire *m, const wr_retire *o, const wr_compare_plan *p)
{
    if (!(m->has_state && o->has_state))
        return 0;
    uint64_t acc = head_xor(m, o, p->head);  /* the plain rows; the others one by one */
#define WR_X_(name, text, how, rule, state, value)                                               \
    if (!(head_fields >> WR_RF_##name & 1u)) {                                                  \
        const wr_retire *r = m;                                                                 \
        const uint64_t mv = (uint64_t)(value);                                                  \
        r = o;                                                                                  \
        const uint64_t ov = (uint64_t)(value);                                                  \
        (void)r;                                                                                \
        if (!same_field(&acc, WR_RF_##name, WR_CMP_##how, p, mv, ov, m, o))                     \
            return 0;                                                                           \
    }
    WR_RETIRE_FIELDS(WR_X_)
#undef WR_X_
    return acc == 0 && same_writes(m, o, p);
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
    if (!n)
        wr_buf_puts(b, "-");
}

int wr_compare_reads_format(unsigned model, unsigned other, char *buf, size_t size)
{
    wr_buf b = { buf, size, 0 };
    if (size > 0)
        buf[0] = '\0';
    const uint32_t bits = operand_bits(), missing = model & ~other & bits, extra = other & ~model & bits;
    if (missing) {
        put_operands(&b, missing);
        wr_buf_puts(&b, " missing in the other");
    }
    if (extra) {
        wr_buf_puts(&b, missing ? "; " : "");
        put_operands(&b, extra);
        wr_buf_puts(&b, " extra in the other");
    }
    return (int)b.len;
}

static const char *const what_text[] = { "differs", "missing in the other", "extra in the other",
                                         "written lanes differ" };

int wr_compare_format(const wr_compare_report *rep, const wr_retire *m, const wr_retire *o,
                      char *buf, size_t size)
{
    wr_buf b = { buf, size, 0 };
    if (size > 0)
        buf[0] = '\0';
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
        } else if (how == WR_CMP_BREGS) {
            wr_buf_printf(&b, "B%u ", d->index);
        } else if (how == WR_CMP_EVENTS || how == WR_CMP_WORD) {
            wr_buf_printf(&b, "[%u] ", d->index);
        }
        wr_buf_printf(&b, "%s", what_text[d->what < 4 ? d->what : 0]);
        if (d->lanes)
            wr_buf_printf(&b, ", lanes 0x%08" PRIx32, d->lanes);
        if (how == WR_CMP_EVENTS) {
            wr_buf_puts(&b, ": model ");
            if (d->what == WR_DIFF_EXTRA) wr_buf_puts(&b, "-"); else put_event(&b, d->model);
            wr_buf_puts(&b, ", other ");
            if (d->what == WR_DIFF_MISSING) wr_buf_puts(&b, "-"); else put_event(&b, d->other);
        } else if (how == WR_CMP_RPC && d->lanes) {
            for (uint32_t l = d->lanes; l; l &= l - 1)
                wr_buf_printf(&b, "\n    lane %2u: model 0x%" PRIx64 ", other 0x%" PRIx64, lowest(l),
                              m->after.rpc[lowest(l)], o->after.rpc[lowest(l)]);
        } else if (how == WR_CMP_WRITES && d->what == WR_DIFF_VALUE && d->lanes) {
            const unsigned kind = (unsigned)field_value(d->field, m);
            const wr_write *e = find_write(m, kind, d->warp, d->index, 0);
            const wr_write *x = find_write(o, kind, d->warp, d->index, 0);
            for (uint32_t l = d->lanes; l && e && x; l &= l - 1) {
                wr_buf_printf(&b, "\n    lane %2u: model 0x%08" PRIx32 " (don't-care 0x%08" PRIx32
                              "), other 0x%08" PRIx32, lowest(l), wr_write_value(e, lowest(l)),
                              wr_write_dc(e, lowest(l)), wr_write_value(x, lowest(l)));
                if (wr_write_dc(x, lowest(l)))
                    wr_buf_printf(&b, " (don't-care 0x%08" PRIx32 ")", wr_write_dc(x, lowest(l)));
            }
        } else if (how == WR_CMP_OPERAND && d->lanes && (d->field == WR_RF_IN_RA || d->field == WR_RF_IN_RB ||
                                                          d->field == WR_RF_IN_RC || d->field == WR_RF_IN_RE)) {
            const uint64_t *a = d->field == WR_RF_IN_RA ? m->in.ra : d->field == WR_RF_IN_RB ? m->in.rb
                                : d->field == WR_RF_IN_RC ? m->in.rc : m->in.re;
            const uint64_t *x = d->field == WR_RF_IN_RA ? o->in.ra : d->field == WR_RF_IN_RB ? o->in.rb
                                : d->field == WR_RF_IN_RC ? o->in.rc : o->in.re;
            const uint32_t undef = d->field == WR_RF_IN_RA ? o->in.ra_undef : d->field == WR_RF_IN_RB ? o->in.rb_undef
                                 : d->field == WR_RF_IN_RC ? o->in.rc_undef : o->in.re_undef;
            for (uint32_t l = d->lanes; l; l &= l - 1)
                wr_buf_printf(&b, "\n    lane %2u: model 0x%" PRIx64 ", other 0x%" PRIx64 "%s", lowest(l), a[lowest(l)],
                              x[lowest(l)], undef >> lowest(l) & 1u ? " (undefined)" : "");
        } else if (how == WR_CMP_READS) {
            char text[160];
            wr_compare_reads_format((unsigned)d->model, (unsigned)d->other, text, sizeof text);
            wr_buf_puts(&b, ": model ");
            put_operands(&b, (uint32_t)d->model);
            wr_buf_puts(&b, ", other ");
            put_operands(&b, (uint32_t)d->other);
            wr_buf_printf(&b, " (%s)", text);
        } else {
            wr_buf_printf(&b, ": model 0x%" PRIx64 ", other 0x%" PRIx64, d->model, d->other);
        }
        wr_buf_puts(&b, "\n");
    }
    if (rep->ndiffs > listed)
        wr_buf_printf(&b, "... and %u more differences\n", rep->ndiffs - listed);
    return (int)b.len;
}
