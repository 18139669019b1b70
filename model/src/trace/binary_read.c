/* binary_read.c - the binary format's records read (docs/trace-binary.md):
 * heads, tails, lane records, blocks, every checksum. */
#include <inttypes.h>
#include <stdio.h>

#include "binary.h"
#include "reader.h"

/* (through a local copy: the lanes cannot alias it, so the loops vectorise) */
static inline const uint8_t *get_lanes32(const uint8_t *p, uint64_t *v)
{
    uint32_t w[WR_LANES];
    memcpy(w, p, sizeof w);
    for (unsigned l = 0; l < WR_LANES; l++)
        v[l] = ld32((const uint8_t *)&w[l]);
    return p + RS;
}

static inline const uint8_t *get_lanes64(const uint8_t *p, uint64_t *v)
{
    uint64_t w[WR_LANES];
    memcpy(w, p, sizeof w);
    for (unsigned l = 0; l < WR_LANES; l++)
        v[l] = ld64((const uint8_t *)&w[l]);
    return p + 2 * RS;
}

/* a tail word i of a record whose inline tail starts at `first` */
static inline uint32_t tword(const uint8_t *h, unsigned first, unsigned i)
{
    const unsigned inl = (INLINE_END - first) / 4;
    return i < inl ? ld32(h + first + 4 * i) : ld32(h + RS + 4 * (i - inl));
}

static unsigned tail_records(unsigned first, unsigned n)
{
    const unsigned inl = (INLINE_END - first) / 4;
    return n > inl ? (n - inl + RS_WORDS - 1) / RS_WORDS : 0;
}

/* whether the tail's room after its ntail words (the rest of the head's,
 * the rest of its last extension record) is zero */
static int tail_pad_zero(const uint8_t *h, unsigned first, unsigned ntail)
{
    const unsigned inl = (INLINE_END - first) / 4;
    uint32_t any = 0;
    if (ntail < inl) {                   /* the head's words after the tail */
        for (unsigned i = ntail; i < inl; i++)
            any |= ld32(h + first + 4 * i);
    } else if ((ntail - inl) % RS_WORDS) {   /* the last extension record's */
        const uint8_t *e = h + RS + 4 * (ntail - inl);
        for (unsigned i = (ntail - inl) % RS_WORDS; i < RS_WORDS; i++, e += 4)
            any |= ld32(e);
    }
    return any == 0;
}

/* tail_pad_zero of an instruction head: with SSE2, its 44 bytes of inline
 * tail compared with zero at once (a bit per byte), the words from ntail on
 * required zero */
static inline int head_pad_zero(const uint8_t *h, unsigned ntail)
{
#if defined(__SSE2__)
    const unsigned inl = (INLINE_END - I_TAIL0) / 4;
    if (ntail < inl) {
        const __m128i z = _mm_setzero_si128();
        const uint64_t zero =
            (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)(h + I_TAIL0)), z)) |
            (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)(h + I_TAIL0 + 16)), z))
                << 16 |
            (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const void *)(h + I_TAIL0 + 32)), z))
                << 32;
        const uint64_t want = (((uint64_t)1 << (4 * inl)) - 1) & ~(((uint64_t)1 << (4 * ntail)) - 1);
        return (zero & want) == want;
    }
#endif
    return tail_pad_zero(h, I_TAIL0, ntail);
}

/* a text of the tail at word *i into buf; -1 if it does not fit */
static int tail_get_text(const uint8_t *h, unsigned first, unsigned ntail, unsigned *i, char *buf, size_t size)
{
    if (*i >= ntail)
        return -1;
    const uint32_t n = tword(h, first, (*i)++);
    if (n >= size || *i + (n + 3) / 4 > ntail)
        return -1;
    for (uint32_t k = 0; k < n; k += 4) {
        uint8_t b[4];
        st32(b, tword(h, first, (*i)++));
        memcpy(buf + k, b, n - k < 4 ? n - k : 4);
        for (uint32_t z = n - k; z < 4; z++)     /* the padding is zero */
            if (b[z])
                return -1;
    }
    buf[n] = '\0';
    if (strlen(buf) != n)
        return -1;
    return 0;
}

/* a TEXT whose flags contradict each other: the word's and stored, or the
 * word's without a word (FW_ set, or for a key of every record F_ clear) */
#define BIN_TBAD_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    || BIN_TBAD_##place(name, when)
#define BIN_TBAD_TEXT(name, when)                                                          \
    ((flags & FW_##name) && (flags & F_##name)) ||                                         \
        (((flags & FW_##name) || ((unsigned)(when) == (unsigned)WR_ALWAYS && !(flags & F_##name))) && \
         !(flags & F_INSN))
#define BIN_TBAD_HEAD8(name, when) 0
#define BIN_TBAD_HEAD32(name, when) 0
#define BIN_TBAD_HEAD64(name, when) 0
#define BIN_TBAD_BMASK(name, when) 0
#define BIN_TBAD_WORD(name, when) 0
#define BIN_TBAD_EVENTS(name, when) 0
#define BIN_TBAD_IN(name, when) 0
#define BIN_TBAD_OUT(name, when) 0
#define BIN_TBAD_BARS(name, when) 0
#define BIN_TBAD_OTHER(name, when) 0

/* What a head's flags say (its operands, results, tail words and lane
 * records), NULL if no head may have them: checked once per kind of
 * record, not once per record. */
static const struct head_kind *head_kind(wr_trace_reader *r, uint32_t flags)
{
    struct head_kind *k = &r->kind[(flags ^ flags >> 6 ^ flags >> 12 ^ flags >> 18) & 63];
    if (k->flags == flags)
        return k;
    const unsigned in = (flags & F_IN) ? 0u WR_TRACE_IN_ROWS(BIN_BITS_, 0) : 0u;
    const unsigned o = (flags & F_OUT) ? 0u WR_TRACE_OUT_ROWS(BIN_BITS_, 0) : 0u;
    unsigned set = in;
    const int bad_in = 0 WR_TRACE_IN_ROWS(BIN_BAD_, 0);
    set = o;
    const int bad_out = 0 WR_TRACE_OUT_ROWS(BIN_BAD_, 0);
    if ((flags & ~F_KNOWN) || ((flags & F_IN_KEYS) && !(flags & F_IN)) || ((flags & F_OUT_KEYS) && !(flags & F_OUT)) ||
        ((flags & F_IN) && !(in & WR_IN_PG)) || bad_in || bad_out || 0 WR_TRACE_ROWS(BIN_TBAD_, 0))
        return NULL;
    k->in = (uint16_t)in;
    k->out = (uint16_t)o;
    set = in;
    unsigned words = 0 WR_TRACE_IN_ROWS(BIN_NWORDS_, 0), lanes = 0 WR_TRACE_IN_ROWS(BIN_NLANES_, 0);
    set = o;
    words += 0 WR_TRACE_OUT_ROWS(BIN_NWORDS_, 0);
    lanes += 0 WR_TRACE_OUT_ROWS(BIN_NLANES_, 0);
    k->words = (uint16_t)words;
    k->lanes = (uint16_t)lanes;
    k->keys = 0u WR_TRACE_ROWS(BIN_KEYS_, 0);
    k->flags = flags;
    return k;
}

/* ---- an instruction record ('I') ---- */

/* The values of `in` and `out` in the head and the tail, from their schema
 * rows (schema.h, WR_TRACE_IN_ROWS: PLACE HEAD or TAIL), `set` the record's
 * bits of the table, i the tail word; a value not present is zero. */
#define BIN_GET_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) BIN_GET_##place(type, when, arg, value)
#define BIN_GET_HEAD(type, when, arg, value) (value) = ld32(h + (arg));
#define BIN_GET_TAIL(type, when, arg, value) \
    if (set & (unsigned)(when)) {            \
        BIN_GET_##type(value)                \
    } else {                                 \
        BIN_ZERO_##type(value)               \
    }
#define BIN_GET_LANES(type, when, arg, value)
#define BIN_GET_FLAG(type, when, arg, value)
#define BIN_GET_MASK(v) (v) = tword(h, I_TAIL0, i++);
#define BIN_GET_WIDE(v)                                                   \
    (v) = tword(h, I_TAIL0, i) | (uint64_t)tword(h, I_TAIL0, i + 1) << 32; \
    i += 2;
#define BIN_GET_PD(v) WR_TRACE_PD_KEYS(BIN_GET_PD_)
#define BIN_GET_PD_(name, key, type, width, when, rule, value) BIN_GET_##type(value)
#define BIN_ZERO_MASK(v) (v) = 0;
#define BIN_ZERO_WIDE(v) (v) = 0;
#define BIN_ZERO_PD(v) WR_TRACE_PD_KEYS(BIN_ZERO_PD_)
#define BIN_ZERO_PD_(name, key, type, width, when, rule, value) (value) = 0;

/* The lane records of `in` and `out` (PLACE LANES), p at the next one; a
 * LANESN value's first lane record is noted in `nulls`. */
#define BIN_LN_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) BIN_LN_##place(type, when, width, value)
#define BIN_LN_HEAD(type, when, width, value)
#define BIN_LN_TAIL(type, when, width, value)
#define BIN_LN_FLAG(type, when, width, value)
#define BIN_LN_LANES(type, when, width, value)                                                            \
    if (set & (unsigned)(when)) {                                                                        \
        BIN_AT_##type p = ((width) && (set & (unsigned)(width))) ? get_lanes64(p, value) : get_lanes32(p, value); \
    }
#define BIN_AT_LANES
#define BIN_AT_LANESN nulls = p;

/* the head's own fields (those of flags and sizes aside) and the B
 * registers, the tail's first words; returns the next tail word */
static unsigned insn_head(const uint8_t *h, wr_trace_rec *r, const struct head_kind *hk, uint32_t flags)
{
    const unsigned tail0 = I_TAIL0;
    unsigned ti = 0;
    WR_TRACE_ROWS(BIN_HGET_, 0)
    r->keys = hk->keys;
    r->in_keys = hk->in;
    r->out = hk->out;
    WR_TRACE_OUT_ROWS(BIN_NGET_, 0)             /* (out.rd's lanes written) */
    return ti;
}

/* the tail's words of the barriers (mask `flag` of flags): the mask, then
 * a word each; returns the next word */
static unsigned get_bars(const uint8_t *h, wr_trace_rec *r, unsigned i, uint32_t flag)
{
    r->bars = 0;
    if (flag) {
        r->bars = tword(h, I_TAIL0, i++);
        for (uint32_t m = r->bars; m; m &= m - 1)
            r->bar[__builtin_ctz(m)] = tword(h, I_TAIL0, i++);
    }
    return i;
}

/* the events from tail word i; returns the number of the first bad one, or
 * -1 */
static int insn_events(const uint8_t *h, wr_trace_rec *t, unsigned i)
{
    for (unsigned e = 0; e < t->nev; e++, i += 2) {
        const uint32_t kc = tword(h, I_TAIL0, i);
        wr_event *ev = &t->ev[e];
        ev->kind = (uint8_t)kc;
        ev->code = (uint8_t)(kc >> 8);
        ev->value = tword(h, I_TAIL0, i + 1);
        const unsigned codes = ev->kind == WR_EV_WARNING     ? WR_WARN_COUNT
                               : ev->kind == WR_EV_EXCEPTION ? WR_EXC_COUNT
                               : ev->kind <= WR_EV_RELEASE   ? WR_MAX_BARRIERS
                                                             : 1;
        if ((kc >> 16) || ev->kind >= WR_EV_COUNT || ev->code >= codes ||
            ((ev->kind == WR_EV_WARNING || ev->kind == WR_EV_EXCEPTION) && !ev->code) ||
            (ev->value && ev->kind != WR_EV_RELEASE && ev->kind != WR_EV_TRAP))
            return (int)e;
    }
    return -1;
}

/* The tail's parts from word i (schema.h, WR_TRACE_ROWS: TAIL, PLACE),
 * given as ROW with X the part; the B registers are the head's */
#define BIN_TGET_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    if ((tail) == (X)) {                                                                   \
        BIN_TGET_##place(type, value, at, flag)                                            \
    }
#define BIN_TGET_HEAD8(type, value, at, flag)
#define BIN_TGET_HEAD32(type, value, at, flag)
#define BIN_TGET_HEAD64(type, value, at, flag)
#define BIN_TGET_BMASK(type, value, at, flag)
#define BIN_TGET_WORD(type, value, at, flag)
#define BIN_TGET_OTHER(type, value, at, flag)
#define BIN_TGET_IN(type, value, at, flag) \
    set = r->in_keys;                      \
    WR_TRACE_IN_ROWS(BIN_GET_, 0)
#define BIN_TGET_OUT(type, value, at, flag) \
    set = r->out;                           \
    WR_TRACE_OUT_ROWS(BIN_GET_, 0)
#define BIN_TGET_BARS(type, value, at, flag) i = get_bars(h, r, i, flags & BIN_BIT_(flag));
#define BIN_TGET_EVENTS(type, value, at, flag) \
    {                                          \
        const int bad_ = insn_events(h, r, i); \
        if (bad_ >= 0) {                       \
            *ev_at = i;                        \
            return bad_;                       \
        }                                      \
        i += 2 * r->nev;                       \
    }
#define BIN_TGET_TEXT(type, value, at, flag)                                                  \
    BIN_DERIVED_##type = (at) ? (flags >> (at) & 1u) != 0 : !(flags & BIN_BIT_(flag));         \
    if ((flags & BIN_BIT_(flag)) && tail_get_text(h, I_TAIL0, ntail, &i, (value), sizeof(value)) != 0) \
        return TAIL_BAD_TEXT;
#define BIN_TGET_PART_(part) WR_TRACE_ROWS(BIN_TGET_, part)

enum { TAIL_OK = -1, TAIL_BAD_TEXT = -2, TAIL_BAD_FAULT = -3 };

/* the tail from word i on (after the B registers), up to its ntail words:
 * TAIL_OK, TAIL_BAD_TEXT (a text, or words left over), or the number of
 * the first bad event (the events from word *ev_at) */
static int insn_tail(const uint8_t *h, wr_trace_rec *r, unsigned i, uint32_t flags, unsigned ntail, unsigned *ev_at)
{
    unsigned set;
    BIN_TAIL_PARTS(BIN_TGET_PART_)
    (void)set;
    return i != ntail ? TAIL_BAD_TEXT : TAIL_OK;
}

/* the lane records from p; 0, or -1 when a null lane of a LANESN value
 * (`out.rd`) holds a value (a null lane holds 0) */
static int insn_lanes(const uint8_t *p, wr_trace_rec *r)
{
    const uint8_t *nulls = NULL;
    unsigned set = r->in_keys;
    WR_TRACE_IN_ROWS(BIN_LN_, 0)
    set = r->out;
    WR_TRACE_OUT_ROWS(BIN_LN_, 0)
    if (!nulls || !~r->rd_lanes)
        return 0;
    uint64_t null = 0;
#if defined(__SSE2__)
    if (!(r->out & WR_TO_RD64)) {       /* the lanes that are zero, four at a time */
        uint32_t zero = 0;
        for (unsigned l = 0; l < WR_LANES; l += 4)
            zero |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(
                        _mm_cmpeq_epi32(_mm_loadu_si128((const void *)(nulls + 4 * l)), _mm_setzero_si128())))
                    << l;
        null = ~r->rd_lanes & ~zero;
    } else
#endif
        for (unsigned l = 0; l < WR_LANES; l++)
            null |= r->rd[l] & ((uint64_t)(r->rd_lanes >> l & 1u) - 1u);
    return null ? -1 : 0;
}

/* whether a head field of `in` (PLACE HEAD, at byte ARG) is not zero */
#define BIN_HSET_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) || BIN_HSET_##place(arg)
#define BIN_HSET_HEAD(arg) ld32(h + (arg))
#define BIN_HSET_TAIL(arg) 0
#define BIN_HSET_LANES(arg) 0
#define BIN_HSET_FLAG(arg) 0
static inline int in_head_set(const uint8_t *h)
{
    return 0 WR_TRACE_IN_ROWS(BIN_HSET_, 0);
}

/* whether a head has lanes written of a LANESN value without its key */
static inline int out_nulls_bad(const uint8_t *h, unsigned set)
{
    return 0 WR_TRACE_OUT_ROWS(BIN_NBAD_, 0);
}

/* an instruction record's head checked against its flags and sizes; 0 or
 * WR_TRACE_ERROR */
static int insn_check(wr_trace_reader *r, const uint8_t *h, const struct head_kind *hk, uint32_t flags, uint64_t recno,
                      uint64_t at)
{
    const unsigned nev = h[I_AT_EV], ntail = ld16(h + 54), bmask = ld16(h + I_AT_B);
    /* the tail's size follows from the flags, except the two texts */
    unsigned words = (unsigned)pop32(bmask) + hk->words + 2 * nev;
    if (flags & F_BARS) {
        const unsigned bars_at = words - 2 * nev;
        if (bars_at >= ntail)
            return rfail(r, recno, "corrupt record: tail of %u words (byte %" PRIu64 ")", ntail, at);
        words += 1 + (unsigned)pop32(tword(h, I_TAIL0, bars_at));
    }
    if (words > ntail || ((flags & (F_OP | F_ASM)) == 0 && words != ntail) ||
        1 + tail_records(I_TAIL0, ntail) + hk->lanes != 1 + (size_t)h[3])
        return rfail(r, recno, "corrupt record: %u extension records and a tail of %u words do not match "
                     "its flags 0x%08x (byte %" PRIu64 ")", h[3], ntail, flags, at);
    if ((!(flags & F_IN) && in_head_set(h)) || out_nulls_bad(h, hk->out) ||
        (!(flags & F_INSN) && (ld64(h + I_AT_INSN) | ld64(h + I_AT_INSN + 8))) || !head_pad_zero(h, ntail))
        return rfail(r, recno, "corrupt record: a reserved field is not zero (byte %" PRIu64 ")", at);
    return 0;
}

static int read_insn(wr_trace_reader *r, size_t have, uint64_t recno, uint64_t at, const wr_trace_rec **rec)
{
    const size_t size = RS * (1 + (size_t)r->buf[r->pos + 3]);
    if (have < size && fill(r, size) != 0)
        return rfail(r, recno, "cannot read: %s", strerror(errno));
    if (r->len - r->pos < size)
        return rfail(r, recno, "truncated record (%zu of %zu bytes at byte %" PRIu64 ")", r->len - r->pos, size, at);
    const uint8_t *h = r->buf + r->pos;
    if (!r->blk_ok || at + size > r->blk_end) {   /* (in a block that matched: checked already) */
        if (ld32(h + SUM_AT) != rec_sum(h, size, recno))
            return rfail(r, recno, "corrupt record: checksum 0x%08x, its bytes give 0x%08x (byte %" PRIu64 ")",
                         ld32(h + SUM_AT), rec_sum(h, size, recno), at);
        if (!r->blk_end && (r->lead += size / RS) > BLOCK_SLOTS + size / RS - 1)
            return rfail(r, recno, "corrupt record: not in a block (the block record before it is missing, "
                         "byte %" PRIu64 ")", at);
    }
    wr_trace_rec *t = &r->s->rec;
    const uint32_t flags = ld32(h + 4);
    const unsigned nev = h[I_AT_EV], ntail = ld16(h + 54);
    if (flags & ~F_KNOWN)
        return rfail(r, recno, "unknown flags 0x%08x (byte %" PRIu64 ")", flags & ~F_KNOWN, at);
    if (h[1] >= WR_MAX_WARPS || nev > WR_MAX_EVENTS)
        return rfail(r, recno, "corrupt record: warp %u, %u events (byte %" PRIu64 ")", h[1], nev, at);
    const struct head_kind *hk = head_kind(r, flags);
    if (!hk)
        return rfail(r, recno, "corrupt record: inconsistent flags 0x%08x (byte %" PRIu64 ")", flags, at);
    if (insn_check(r, h, hk, flags, recno, at) != 0)
        return WR_TRACE_ERROR;
    unsigned ev_at = 0;
    const int bad = insn_tail(h, t, insn_head(h, t, hk, flags), flags, ntail, &ev_at);
    if (bad >= 0)
        return rfail(r, recno, "corrupt record: event %u is 0x%08x 0x%08x (byte %" PRIu64 ")", (unsigned)bad,
                     tword(h, I_TAIL0, ev_at + 2 * (unsigned)bad), t->ev[bad].value, at);
    if (bad == TAIL_BAD_TEXT)
        return rfail(r, recno, "corrupt record: bad text in its tail (byte %" PRIu64 ")", at);
    if (insn_lanes(h + RS * (1 + tail_records(I_TAIL0, ntail)), t) != 0)
        return rfail(r, recno, "corrupt record: %s has a value in a null lane (byte %" PRIu64 ")",
                     wr_trace_out_keys[WR_K_OUT_RD].what, at);
    r->pos += size;
    r->recno = recno;
    *rec = t;
    return WR_TRACE_INSN;
}

/* ---- a block record ('B') ---- */

/* the 'B' record at r->pos checked and its block hashed; 0 or WR_TRACE_ERROR */
static int read_block(wr_trace_reader *r, size_t have, uint64_t recno, uint64_t at)
{
    const uint8_t *b = r->buf + r->pos;
    if (ld32(b + SUM_AT) != rec_sum(b, RS, recno))
        return rfail(r, recno, "corrupt block record: checksum 0x%08x, its bytes give 0x%08x (byte %" PRIu64 ")",
                     ld32(b + SUM_AT), rec_sum(b, RS, recno), at);
    const uint32_t slots = ld32(b + B_SLOTS), records = ld32(b + B_RECORDS);
    uint64_t any = (uint64_t)b[1] | b[2] | b[3];
    for (unsigned k = B_SUM + 8; k < SUM_AT; k += 4)
        any |= ld32(b + k);
    if (r->blk_end || ld64(b + B_FIRST) != recno || !records || records > slots || slots > BLOCK_MAX_SLOTS || any)
        return rfail(r, recno, "corrupt block record: %u records in %u slots from record %" PRIu64 "%s (byte %"
                     PRIu64 ")", records, slots, ld64(b + B_FIRST), r->blk_end ? ", inside a block" : "", at);
    const size_t bsize = RS * ((size_t)slots + 1);
    if (have < bsize && fill(r, bsize) != 0)
        return rfail(r, recno, "cannot read: %s", strerror(errno));
    if (r->len - r->pos < bsize)
        return rfail(r, recno, "truncated block (%zu of %zu bytes at byte %" PRIu64 ")", r->len - r->pos, bsize, at);
    b = r->buf + r->pos;               /* (fill may move the buffer) */
    r->blk_ok = block_sum(b + RS, bsize - RS, recno) == ld64(b + B_SUM);
    r->blk_end = at + bsize;
    r->blk_first = recno;
    r->blk_records = records;
    r->pos += RS;
    return 0;
}

/* ---- the final record ('E', then a 'W' per warp) ---- */

/* The final record's keys in its 'E' head and tail (schema.h,
 * WR_TRACE_ROWS: E(PLACE, AT, FLAG, TAIL, VALUE)): the head's fields, then
 * the tail's parts (X the part) */
#define BIN_EHGET_HEAD8(v, at) (v) = h[at];
#define BIN_EHGET_HEAD64(v, at) (v) = ld64(h + (at));
#define BIN_EHGET_WARPS BIN_EHGET_HEAD8
#define BIN_EHGET_HBARS(v, at) f->bars = ld32(h + (at));
#define BIN_EHGET_FAULT(v, at)
#define BIN_EHGET_TEXT(v, at)
#define BIN_EHGET_OTHER(v, at)
#define BIN_ETAIL_DO_ BIN_ETGET_
#define BIN_ETGET_HEAD8(v, flag)
#define BIN_ETGET_HEAD64(v, flag)
#define BIN_ETGET_WARPS(v, flag)
#define BIN_ETGET_OTHER(v, flag)
#define BIN_ETGET_HBARS(v, flag)                  \
    for (uint32_t m_ = f->bars; m_; m_ &= m_ - 1) \
        (v)[__builtin_ctz(m_)] = tword(h, E_TAIL0, i++);
/* (a fault's words past the tail: none, the tail is bad) */
#define BIN_ETGET_FAULT(v, flag)                                                                           \
    (v) = -1;                                                                                             \
    if ((flags & BIN_BIT_(flag)) && i + 4 <= ntail) {                                                     \
        (v) = (int)tword(h, E_TAIL0, i);                                                                  \
        f->fault_pc = tword(h, E_TAIL0, i + 1) | (uint64_t)tword(h, E_TAIL0, i + 2) << 32;                \
        f->fault_what = tword(h, E_TAIL0, i + 3);                                                         \
        i += 4;                                                                                           \
        if ((unsigned)(v) >= f->nwarps || !f->fault_what || f->fault_what >= WR_FETCH_FAULT_COUNT)        \
            return TAIL_BAD_FAULT;                                                                        \
    }                                                                                                     \
    if ((flags & BIN_BIT_(flag)) && (v) < 0)                                                              \
        bad = TAIL_BAD_TEXT;
#define BIN_ETGET_TEXT(v, flag)                                                                            \
    (v)[0] = '\0';                                                                                        \
    if ((flags & BIN_BIT_(flag)) && tail_get_text(h, E_TAIL0, ntail, &i, (v), sizeof(v)) != 0)            \
        bad = TAIL_BAD_TEXT;

/* the 'E' record's tail of ntail words: TAIL_OK, TAIL_BAD_FAULT (its
 * values), TAIL_BAD_TEXT (a part missing, a bad text, words left over) */
static int final_tail(const uint8_t *h, wr_trace_final *f, uint32_t flags, unsigned ntail)
{
    unsigned i = 0;
    int bad = TAIL_OK;
    BIN_TAIL_PARTS(BIN_ETAIL_PART_)
    return bad != TAIL_OK || i != ntail ? TAIL_BAD_TEXT : TAIL_OK;
}

/* the 'E' head and its tail, `size` its bytes; 0 or WR_TRACE_ERROR */
static int final_head(wr_trace_reader *r, const uint8_t *h, size_t size, uint64_t recno, uint64_t at)
{
    wr_trace_final *f = &r->s->fin;
    if (ld32(h + SUM_AT) != rec_sum(h, size, recno))
        return rfail(r, recno, "corrupt final record: checksum 0x%08x, its bytes give 0x%08x (byte %" PRIu64 ")",
                     ld32(h + SUM_AT), rec_sum(h, size, recno), at);
    const uint32_t flags = ld32(h + 4);
    const unsigned ntail = ld16(h + 16);
    WR_TRACE_ROWS(BIN_EHEAD_, BIN_EHGET_)
    f->dump_regs = ld16(h + 18);
    if ((flags & ~E_KNOWN) || f->end == WR_END_NONE || f->end >= WR_END_ERROR || !f->nwarps ||
        f->nwarps > WR_MAX_WARPS || f->dump_regs >= WR_RZ || tail_records(E_TAIL0, ntail) != h[3])
        return rfail(r, recno, "corrupt final record (byte %" PRIu64 ")", at);
    /* the tail holds exactly what the head lists */
    if ((unsigned)pop32(f->bars) + ((flags & E_FAULT) ? 4 : 0) + ((flags & E_PROFILE) ? 1 : 0) > ntail ||
        (!(flags & E_PROFILE) && (unsigned)pop32(f->bars) + ((flags & E_FAULT) ? 4 : 0) != ntail))
        return rfail(r, recno, "corrupt final record: a tail of %u words for %u barrier words%s%s (byte %" PRIu64 ")",
                     ntail, (unsigned)pop32(f->bars), (flags & E_FAULT) ? ", a fault" : "",
                     (flags & E_PROFILE) ? ", a profile" : "", at);
    if (!tail_pad_zero(h, E_TAIL0, ntail))
        return rfail(r, recno, "corrupt final record: a reserved field is not zero (byte %" PRIu64 ")", at);
    const int bad = final_tail(h, f, flags, ntail);
    if (bad == TAIL_BAD_FAULT)
        return rfail(r, recno, "corrupt final record: its fault (byte %" PRIu64 ")", at);
    if (bad != TAIL_OK)
        return rfail(r, recno, "corrupt final record: its tail (byte %" PRIu64 ")", at);
    return 0;
}

/* room for the registers of every warp (--dump-regs n); 0 or WR_TRACE_ERROR */
static int final_room(wr_trace_reader *r, unsigned n, uint64_t recno)
{
    wr_trace_scratch *s = r->s;
    const size_t need = (size_t)s->fin.nwarps * n * WR_LANES;
    if (!n || s->rcap >= need)
        return 0;
    uint32_t *a = realloc(s->r, need * sizeof *a);
    uint32_t *u = a ? realloc(s->r_undef, (size_t)s->fin.nwarps * n * sizeof *u) : NULL;
    if (a)
        s->r = a;
    if (!u)
        return rfail(r, recno, "out of memory");
    s->r_undef = u;
    s->rcap = need;
    return 0;
}

/* The fields of a 'W' record that are not a wr_warp's (schema.h,
 * WR_TRACE_WARP_ROWS: PLACE INDEX, REGS, PREDS, DC), of warp w with n
 * registers, the tail's from word ti: INDEX and REGS are checked with the
 * head; the tail's (BIN_WGET_), then the records after it (BIN_WRGET_) */
#define BIN_HGET_INDEX(value, at, flag)
#define BIN_HGET_REGS(value, at, flag)
#define BIN_HGET_PREDS(value, at, flag) \
    if (n && warp_preds(r, h, w, &ti, recno) != 0) \
        return WR_TRACE_ERROR;
#define BIN_HGET_DC(value, at, flag) \
    if (n && warp_dc(r, h, w, n, &ti, recno) != 0) \
        return WR_TRACE_ERROR;
#define BIN_WRGET_(X, name, key, type, width, when, rule, value, place, at) BIN_WRGET_##place
#define BIN_WRGET_INDEX
#define BIN_WRGET_HEAD8
#define BIN_WRGET_HEAD32
#define BIN_WRGET_HEAD64
#define BIN_WRGET_BMASK
#define BIN_WRGET_PREDS
#define BIN_WRGET_DC
#define BIN_WRGET_REGS warp_regs(r, h + RS * (1 + tail_records(W_TAIL0, wt)), w, n);

/* warp w's predicates from its 'W' record q, tail word *k on; 0 or
 * WR_TRACE_ERROR */
static int warp_preds(wr_trace_reader *r, const uint8_t *q, unsigned w, unsigned *k, uint64_t recno)
{
    wr_trace_final *f = &r->s->fin;
    for (unsigned l = 0; l < WR_LANES; l += 4) {
        const uint32_t word = tword(q, W_TAIL0, (*k)++);
        for (unsigned b = 0; b < 4; b++) {
            const unsigned bits = word >> (8 * b) & 0xffu;
            if (bits >> WR_NUM_PREDS)
                return rfail(r, recno, "corrupt final record: warp %u predicates", w);
            for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                f->p[w][p] |= (uint32_t)(bits >> p & 1u) << (l + b);
        }
    }
    return 0;
}

/* warp w's dc entries (of n registers), tail word *k on; 0 or
 * WR_TRACE_ERROR */
static int warp_dc(wr_trace_reader *r, const uint8_t *q, unsigned w, unsigned n, unsigned *k, uint64_t recno)
{
    wr_trace_scratch *s = r->s;
    const unsigned ndc = ld16(q + W_AT_DC);
    for (unsigned d = 0; d < ndc; d++, *k += 2) {
        const uint32_t id = tword(q, W_TAIL0, *k), m = tword(q, W_TAIL0, *k + 1);
        const unsigned idx = id >> 8;
        if ((id & 0xff) == 'R' && idx < n)
            s->r_undef[(size_t)w * n + idx] = m;
        else if ((id & 0xff) == 'P' && idx < WR_NUM_PREDS)
            s->fin.p_undef[w][idx] = m;
        else
            return rfail(r, recno, "corrupt final record: warp %u dc entry 0x%08x", w, id);
    }
    return 0;
}

/* warp w's n registers from the records at p */
static void warp_regs(wr_trace_reader *r, const uint8_t *p, unsigned w, unsigned n)
{
    for (unsigned reg = 0; reg < n; reg++, p += RS)
        for (unsigned l = 0; l < WR_LANES; l++)
            r->s->r[((size_t)w * n + reg) * WR_LANES + l] = ld32(p + 4 * l);
}

/* warp w's 'W' record, `size` bytes after the final record's start; adds
 * its size to *size; 0 or WR_TRACE_ERROR */
static int final_warp(wr_trace_reader *r, unsigned w, size_t *size, uint64_t recno)
{
    wr_trace_final *f = &r->s->fin;
    const unsigned n = f->dump_regs;
    const uint64_t wat = r->offset + r->pos + *size;
    if (r->len - r->pos - *size < RS && fill(r, *size + RS) != 0)
        return rfail(r, recno, "cannot read: %s", strerror(errno));
    if (r->len - r->pos < *size + RS)
        return rfail(r, recno, "truncated final record: warp %u missing (byte %" PRIu64 ")", w, wat);
    const uint8_t *q = r->buf + r->pos + *size;
    const size_t wsize = RS * (1 + (size_t)ld32(q + 44));
    if (ld32(q + 44) > 300)
        return rfail(r, recno, "corrupt final record: warp %u (byte %" PRIu64 ")", w, wat);
    if (r->len - r->pos < *size + wsize && fill(r, *size + wsize) != 0)
        return rfail(r, recno, "cannot read: %s", strerror(errno));
    if (r->len - r->pos < *size + wsize)
        return rfail(r, recno, "truncated final record: warp %u (byte %" PRIu64 ")", w, wat);
    q = r->buf + r->pos + *size;        /* (fill may move the buffer) */
    const unsigned wt = ld16(q + 38), bmask = ld16(q + W_AT_B), ndc = ld16(q + W_AT_DC);
    if (ld32(q + SUM_AT) != rec_sum(q, wsize, recno))
        return rfail(r, recno, "corrupt final record: warp %u: checksum 0x%08x, its bytes give 0x%08x (byte %"
                     PRIu64 ")", w, ld32(q + SUM_AT), rec_sum(q, wsize, recno), wat);
    if (q[0] != 'W' || q[W_AT_WARP] != w || q[2] >= WR_WARP_STATE_COUNT || ld16(q + W_AT_R) != n ||
        1 + tail_records(W_TAIL0, wt) + n != wsize / RS || wt != (unsigned)pop32(bmask) + (n ? 8 + 2 * ndc : 0))
        return rfail(r, recno, "corrupt final record: warp %u (byte %" PRIu64 ")", w, wat);
    /* (a dc entry per register and predicate at most; nothing in the reserved bytes) */
    if (ndc > (n ? n + WR_NUM_PREDS : 0) || q[3] || ld32(q + 4) || !tail_pad_zero(q, W_TAIL0, wt))
        return rfail(r, recno, "corrupt final record: warp %u: %u dc entries for %u registers, or a reserved "
                     "field not zero (byte %" PRIu64 ")", w, ndc, n, wat);
    wr_warp *x = &f->warp[w];
    memset(x, 0, sizeof *x);
    const unsigned tail0 = W_TAIL0;
    unsigned ti = 0;
    memset(f->p[w], 0, sizeof f->p[w]);
    memset(f->p_undef[w], 0, sizeof f->p_undef[w]);
    if (n)
        memset(&r->s->r_undef[(size_t)w * n], 0, n * sizeof *r->s->r_undef);
    {
        const uint8_t *h = q;
        WR_TRACE_WARP_ROWS(BIN_WGET_, 0)        /* (the B registers, predicates, dc entries: the tail's words) */
        WR_TRACE_WARP_ROWS(BIN_WRGET_, 0)       /* (the registers' records) */
    }
    *size += wsize;
    return 0;
}

static int read_final(wr_trace_reader *r, size_t have, uint64_t recno, uint64_t at, const wr_trace_final **fin)
{
    wr_trace_final *f = &r->s->fin;
    size_t size = RS * (1 + (size_t)r->buf[r->pos + 3]);
    if (have < size && fill(r, size) != 0)
        return rfail(r, recno, "cannot read: %s", strerror(errno));
    if (r->len - r->pos < size)
        return rfail(r, recno, "truncated final record (byte %" PRIu64 ")", at);
    if (final_head(r, r->buf + r->pos, size, recno, at) != 0 || final_room(r, f->dump_regs, recno) != 0)
        return WR_TRACE_ERROR;
    for (unsigned w = 0; w < f->nwarps; w++)
        if (final_warp(r, w, &size, recno) != 0)
            return WR_TRACE_ERROR;
    const unsigned n = f->dump_regs;
    f->r = n ? r->s->r : NULL;
    f->r_undef = n ? r->s->r_undef : NULL;
    f->r_have = n;
    r->pos += size;
    r->recno = recno;
    r->ended = 1;
    *fin = f;
    return WR_TRACE_END;
}

/* ---- a record ---- */

int wr_trace_read_binary(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin)
{
    if (r->len - r->pos < RS && fill(r, RS) != 0)
        return rfail(r, r->recno + 1, "cannot read: %s", strerror(errno));
    const size_t have = r->len - r->pos;
    if (have == 0) {
        r->eof = 1;
        return WR_TRACE_EOF;
    }
    const uint64_t recno = r->recno + 1;
    const uint64_t at = r->offset + r->pos;
    if (have < RS)
        return rfail(r, recno, "truncated record (%zu of %d bytes at byte %" PRIu64 ")", have, RS, at);
    const uint8_t kind = r->buf[r->pos];
    if (r->mapped && r->len - r->pos > 8192)       /* the next pages, before they are needed */
        for (unsigned k = 0; k < 4; k++)
            __builtin_prefetch(r->buf + r->pos + 4096 + 64 * k);
    if (r->ended)
        return rfail(r, recno, "a record after the final record (byte %" PRIu64 ")", at);
    if (r->blk_end && at >= r->blk_end) {        /* the end of a block: its counts, then its checksum */
        if (at != r->blk_end || recno - r->blk_first != r->blk_records)
            return rfail(r, r->recno, "corrupt block: it holds %u records from record %" PRIu64 " up to byte %" PRIu64
                         ", not %" PRIu64 " up to byte %" PRIu64, r->blk_records, r->blk_first, r->blk_end,
                         recno - r->blk_first, at);
        if (!r->blk_ok)        /* (every record's own checksum matched: the block's did not) */
            return rfail(r, r->blk_first, "corrupt block: checksum of records %" PRIu64 "-%" PRIu64 " does not match",
                         r->blk_first, r->recno);
        r->blk_end = 0;
        r->blk_ok = 0;
    }
    if (kind == 'I')
        return read_insn(r, have, recno, at, rec);
    if (kind == 'B')
        return read_block(r, have, recno, at) != 0 ? WR_TRACE_ERROR : wr_trace_read_binary(r, rec, fin);
    if (kind != 'E')
        return rfail(r, recno, "corrupt record: kind 0x%02x (byte %" PRIu64 ")", kind, at);
    return read_final(r, have, recno, at, fin);
}
