/* binary_read.c - the binary format's records read (docs/trace-binary.md):
 * heads, tails, lane records, blocks, every checksum. */
#include <inttypes.h>
#include <stdio.h>

#include "binary.h"
#include "reader.h"

/* (through a local copy: the lanes cannot alias it, so the loops vectorise) */
static inline void get_lanes32(const uint8_t *p, uint64_t *v)
{
    uint32_t w[WR_LANES];
    memcpy(w, p, sizeof w);
    for (unsigned l = 0; l < WR_LANES; l++)
        v[l] = ld32((const uint8_t *)&w[l]);
}

static inline void get_lanes64(const uint8_t *p, uint64_t *v)
{
    uint64_t w[WR_LANES];
    memcpy(w, p, sizeof w);
    for (unsigned l = 0; l < WR_LANES; l++)
        v[l] = ld64((const uint8_t *)&w[l]);
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

/* What a head's flags say (its operands, results, tail words and lane
 * records), NULL if no head may have them: checked once per kind of
 * record, not once per record. */
static const struct head_kind *head_kind(wr_trace_reader *r, uint32_t flags)
{
    struct head_kind *k = &r->kind[(flags ^ flags >> 6 ^ flags >> 12 ^ flags >> 18) & 63];
    if (k->flags == flags)
        return k;
    const unsigned in = (flags & F_IN) ? (flags >> F_IN_SHIFT & 0x3ffu) | ((flags & F_IN_RE) ? WR_IN_RE : 0) : 0;
    const unsigned o = (flags & F_OUT) ? (flags >> F_OUT_SHIFT & 0xfu) : 0;
    if ((flags & ~F_KNOWN) || (((flags >> F_IN_SHIFT & 0x3ffu) || (flags & F_IN_RE)) && !(flags & F_IN)) ||
        ((flags >> F_OUT_SHIFT & 0xfu) && !(flags & F_OUT)) ||
        ((flags & F_IN) && !(in & WR_IN_PG)) || ((in & WR_IN_RA64) && !(in & WR_IN_RA)) ||
        ((in & WR_IN_UR64) && !(in & WR_IN_UR)) || ((in & WR_IN_C64) && !(in & WR_IN_C)) ||
        ((o & (WR_TO_RD64)) && !(o & WR_TO_RD)) || ((o & WR_TO_PD_DC) && !(o & WR_TO_PD)) ||
        ((flags & F_ASM) && (flags & F_ASM_TEXT)) || ((flags & F_ASM) && !(flags & F_INSN)) ||
        (!(flags & F_OP_TEXT) && !(flags & F_INSN)))
        return NULL;
    k->in = (uint16_t)in;
    k->out = (uint16_t)o;
    k->words = (uint16_t)(((in & WR_IN_PP) ? 1 : 0) + ((in & WR_IN_UR) ? 2 : 0) + ((in & WR_IN_C) ? 2 : 0) +
                          ((o & WR_TO_RD) ? 2 : 0) + ((o & WR_TO_PD) ? 2 : 0));
    k->lanes = (uint16_t)(((in & WR_IN_RA) ? ((in & WR_IN_RA64) ? 2 : 1) : 0) + ((in & WR_IN_RB) ? 1 : 0) +
                          ((in & WR_IN_RC) ? 1 : 0) + ((in & WR_IN_RE) ? 1 : 0) +
                          ((o & WR_TO_RD) ? ((o & WR_TO_RD64) ? 2 : 1) : 0));
    k->keys = ((flags & F_INSN) ? WR_TK_INSN : 0) | ((flags & F_IN) ? WR_TK_IN : 0) |
              ((flags & F_OUT) ? WR_TK_OUT : 0) | ((flags & F_BARS) ? WR_TK_BARS : 0) |
              ((flags & (F_ASM | F_ASM_TEXT)) ? WR_TK_ASM : 0);
    k->flags = flags;
    return k;
}

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
    if (kind == 'B') {
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
        return wr_trace_read_binary(r, rec, fin);
    }
    if (kind == 'I') {
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
        const unsigned nev = h[2], ntail = ld16(h + 54), bmask = ld16(h + 52);
        if (flags & ~F_KNOWN)
            return rfail(r, recno, "unknown flags 0x%08x (byte %" PRIu64 ")", flags & ~F_KNOWN, at);
        if (h[1] >= WR_MAX_WARPS || nev > WR_MAX_EVENTS)
            return rfail(r, recno, "corrupt record: warp %u, %u events (byte %" PRIu64 ")", h[1], nev, at);
        const struct head_kind *hk = head_kind(r, flags);
        if (!hk)
            return rfail(r, recno, "corrupt record: inconsistent flags 0x%08x (byte %" PRIu64 ")", flags, at);
        const unsigned in = hk->in, o = hk->out;
        /* the tail's size follows from the flags, except the two texts */
        unsigned words = (unsigned)pop32(bmask) + hk->words + 2 * nev;
        unsigned bars_at = 0;
        if (flags & F_BARS) {
            bars_at = words - 2 * nev;
            if (bars_at >= ntail)
                return rfail(r, recno, "corrupt record: tail of %u words (byte %" PRIu64 ")", ntail, at);
            words += 1 + (unsigned)pop32(tword(h, I_TAIL0, bars_at));
        }
        if (words > ntail || ((flags & (F_OP_TEXT | F_ASM_TEXT)) == 0 && words != ntail) ||
            1 + tail_records(I_TAIL0, ntail) + hk->lanes != 1 + (size_t)h[3])
            return rfail(r, recno, "corrupt record: %u extension records and a tail of %u words do not match "
                         "its flags 0x%08x (byte %" PRIu64 ")", h[3], ntail, flags, at);
        if ((!(flags & F_IN) && ld32(h + 56)) || (!(o & WR_TO_RD) && ld32(h + 60)) ||
            (!(flags & F_INSN) && (ld64(h + 64) | ld64(h + 72))) || !head_pad_zero(h, ntail))
            return rfail(r, recno, "corrupt record: a reserved field is not zero (byte %" PRIu64 ")", at);
        t->warp = h[1];
        t->nev = nev;
        t->wake = (flags & F_WAKE) != 0;
        t->t = ld64(h + 8);
        t->pc = ld64(h + 16);
        t->next_pc = ld64(h + 24);
        t->active = ld32(h + 32);
        t->valid = ld32(h + 36);
        t->yield = ld32(h + 40);
        t->sleep = ld32(h + 44);
        t->swtch = ld32(h + 48);
        t->keys = hk->keys;
        for (unsigned k = 0; k < 4; k++)
            t->insn.w[k] = (flags & F_INSN) ? ld32(h + 64 + 4 * k) : 0;
        t->in_keys = in;
        t->out = o;
        t->in.pg = ld32(h + 56);
        t->rd_lanes = ld32(h + 60);
        unsigned i = 0;
        memset(t->b, 0, sizeof t->b);
        for (uint32_t m = bmask; m; m &= m - 1)
            t->b[__builtin_ctz(m)] = tword(h, I_TAIL0, i++);
        t->in.pp = (in & WR_IN_PP) ? tword(h, I_TAIL0, i++) : 0;
        if (in & WR_IN_UR) {
            t->in.ur = tword(h, I_TAIL0, i) | (uint64_t)tword(h, I_TAIL0, i + 1) << 32;
            i += 2;
        }
        if (in & WR_IN_C) {
            t->in.c = tword(h, I_TAIL0, i) | (uint64_t)tword(h, I_TAIL0, i + 1) << 32;
            i += 2;
        }
        t->rd_dc = 0;
        if (o & WR_TO_RD) {
            t->rd_dc = tword(h, I_TAIL0, i) | (uint64_t)tword(h, I_TAIL0, i + 1) << 32;
            i += 2;
        }
        if (o & WR_TO_PD) {
            t->pd_mask = tword(h, I_TAIL0, i);
            t->pd_val = tword(h, I_TAIL0, i + 1);
            i += 2;
        }
        t->bars = 0;
        if (flags & F_BARS) {
            t->bars = tword(h, I_TAIL0, i++);
            for (uint32_t m = t->bars; m; m &= m - 1)
                t->bar[__builtin_ctz(m)] = tword(h, I_TAIL0, i++);
        }
        for (unsigned e = 0; e < nev; e++, i += 2) {
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
                return rfail(r, recno, "corrupt record: event %u is 0x%08x 0x%08x (byte %" PRIu64 ")", e, kc,
                             ev->value, at);
        }
        t->op_derived = !(flags & F_OP_TEXT);
        t->asm_derived = (flags & F_ASM) != 0;
        if (((flags & F_OP_TEXT) && tail_get_text(h, I_TAIL0, ntail, &i, t->op, sizeof t->op) != 0) ||
            ((flags & F_ASM_TEXT) && tail_get_text(h, I_TAIL0, ntail, &i, t->asm_text, sizeof t->asm_text) != 0) ||
            i != ntail)
            return rfail(r, recno, "corrupt record: bad text in its tail (byte %" PRIu64 ")", at);
        const uint8_t *p = h + RS * (1 + tail_records(I_TAIL0, ntail));
        if (in & WR_IN_RA) {
            if (in & WR_IN_RA64) {
                get_lanes64(p, t->in.ra);
                p += 2 * RS;
            } else {
                get_lanes32(p, t->in.ra);
                p += RS;
            }
        }
        if (in & WR_IN_RB) {
            get_lanes32(p, t->in.rb);
            p += RS;
        }
        if (in & WR_IN_RC) {
            get_lanes32(p, t->in.rc);
            p += RS;
        }
        if (in & WR_IN_RE) {
            get_lanes32(p, t->in.re);
            p += RS;
        }
        if (o & WR_TO_RD) {
            if (o & WR_TO_RD64)
                get_lanes64(p, t->rd);
            else
                get_lanes32(p, t->rd);
            uint64_t null = 0;                 /* a null lane holds 0 */
            if (~t->rd_lanes) {
#if defined(__SSE2__)
                if (!(o & WR_TO_RD64)) {       /* the lanes that are zero, four at a time */
                    uint32_t zero = 0;
                    for (unsigned l = 0; l < WR_LANES; l += 4)
                        zero |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(
                                    _mm_loadu_si128((const void *)(p + 4 * l)), _mm_setzero_si128())))
                                << l;
                    null = ~t->rd_lanes & ~zero;
                } else
#endif
                    for (unsigned l = 0; l < WR_LANES; l++)
                        null |= t->rd[l] & ((uint64_t)(t->rd_lanes >> l & 1u) - 1u);
            }
            if (null)
                return rfail(r, recno, "corrupt record: out.rd has a value in a null lane (byte %" PRIu64 ")", at);
        }
        r->pos += size;
        r->recno = recno;
        *rec = t;
        return WR_TRACE_INSN;
    }
    if (kind != 'E')
        return rfail(r, recno, "corrupt record: kind 0x%02x (byte %" PRIu64 ")", kind, at);
    /* the final record: 'E' and its tail, then one 'W' per warp */
    wr_trace_scratch *s = r->s;
    wr_trace_final *f = &s->fin;
    size_t size = RS * (1 + (size_t)r->buf[r->pos + 3]);
    if (have < size && fill(r, size) != 0)
        return rfail(r, recno, "cannot read: %s", strerror(errno));
    if (r->len - r->pos < size)
        return rfail(r, recno, "truncated final record (byte %" PRIu64 ")", at);
    const uint8_t *h = r->buf + r->pos;
    if (ld32(h + SUM_AT) != rec_sum(h, size, recno))
        return rfail(r, recno, "corrupt final record: checksum 0x%08x, its bytes give 0x%08x (byte %" PRIu64 ")",
                     ld32(h + SUM_AT), rec_sum(h, size, recno), at);
    const uint32_t flags = ld32(h + 4);
    const unsigned ntail = ld16(h + 16);
    f->end = h[1];
    f->nwarps = h[2];
    f->t = ld64(h + 8);
    f->dump_regs = ld16(h + 18);
    f->bars = ld32(h + 20);
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
    unsigned i = 0;
    for (uint32_t m = f->bars; m; m &= m - 1)
        f->bar[__builtin_ctz(m)] = tword(h, E_TAIL0, i++);
    f->fault_warp = -1;
    if ((flags & E_FAULT) && i + 4 <= ntail) {
        f->fault_warp = (int)tword(h, E_TAIL0, i);
        f->fault_pc = tword(h, E_TAIL0, i + 1) | (uint64_t)tword(h, E_TAIL0, i + 2) << 32;
        f->fault_what = tword(h, E_TAIL0, i + 3);
        i += 4;
        if ((unsigned)f->fault_warp >= f->nwarps || !f->fault_what || f->fault_what >= WR_FETCH_FAULT_COUNT)
            return rfail(r, recno, "corrupt final record: its fault (byte %" PRIu64 ")", at);
    }
    f->profile[0] = '\0';
    if (((flags & E_FAULT) && f->fault_warp < 0) ||
        ((flags & E_PROFILE) && tail_get_text(h, E_TAIL0, ntail, &i, f->profile, sizeof f->profile) != 0) ||
        i != ntail)
        return rfail(r, recno, "corrupt final record: its tail (byte %" PRIu64 ")", at);
    const unsigned n = f->dump_regs;
    if (n) {
        const size_t need = (size_t)f->nwarps * n * WR_LANES;
        if (s->rcap < need) {
            uint32_t *a = realloc(s->r, need * sizeof *a);
            uint32_t *u = a ? realloc(s->r_undef, (size_t)f->nwarps * n * sizeof *u) : NULL;
            if (a)
                s->r = a;
            if (!u)
                return rfail(r, recno, "out of memory");
            s->r_undef = u;
            s->rcap = need;
        }
    }
    for (unsigned w = 0; w < f->nwarps; w++) {
        if (r->len - r->pos - size < RS && fill(r, size + RS) != 0)
            return rfail(r, recno, "cannot read: %s", strerror(errno));
        if (r->len - r->pos < size + RS)
            return rfail(r, recno, "truncated final record: warp %u missing (byte %" PRIu64 ")", w, r->offset + r->pos + size);
        const uint8_t *q0 = r->buf + r->pos + size;
        const size_t wsize = RS * (1 + (size_t)ld32(q0 + 44));
        if (ld32(q0 + 44) > 300)
            return rfail(r, recno, "corrupt final record: warp %u (byte %" PRIu64 ")", w, r->offset + r->pos + size);
        if (r->len - r->pos < size + wsize && fill(r, size + wsize) != 0)
            return rfail(r, recno, "cannot read: %s", strerror(errno));
        if (r->len - r->pos < size + wsize)
            return rfail(r, recno, "truncated final record: warp %u (byte %" PRIu64 ")", w, r->offset + r->pos + size);
        h = r->buf + r->pos;                /* (fill may move the buffer) */
        const uint8_t *q = h + size;
        const unsigned wt = ld16(q + 38), bmask = ld16(q + 36), ndc = ld16(q + 42);
        if (ld32(q + SUM_AT) != rec_sum(q, wsize, recno))
            return rfail(r, recno, "corrupt final record: warp %u: checksum 0x%08x, its bytes give 0x%08x (byte %"
                         PRIu64 ")", w, ld32(q + SUM_AT), rec_sum(q, wsize, recno), r->offset + r->pos + size);
        if (q[0] != 'W' || q[1] != w || q[2] >= WR_WARP_STATE_COUNT || ld16(q + 40) != n ||
            1 + tail_records(W_TAIL0, wt) + n != wsize / RS ||
            wt != (unsigned)pop32(bmask) + (n ? 8 + 2 * ndc : 0))
            return rfail(r, recno, "corrupt final record: warp %u (byte %" PRIu64 ")", w, r->offset + r->pos + size);
        /* (a dc entry per register and predicate at most; nothing in the reserved bytes) */
        if (ndc > (n ? n + WR_NUM_PREDS : 0) || q[3] || ld32(q + 4) || !tail_pad_zero(q, W_TAIL0, wt))
            return rfail(r, recno, "corrupt final record: warp %u: %u dc entries for %u registers, or a reserved "
                         "field not zero (byte %" PRIu64 ")", w, ndc, n, r->offset + r->pos + size);
        wr_warp *x = &f->warp[w];
        memset(x, 0, sizeof *x);
        x->run = q[2];
        x->active_pc = ld64(q + 8);
        x->active = ld32(q + 16);
        x->valid = ld32(q + 20);
        x->yield = ld32(q + 24);
        x->sleep = ld32(q + 28);
        x->swtch = ld32(q + 32);
        unsigned k = 0;
        for (unsigned b = 0; b < WR_NUM_BREGS; b++)
            x->breg[b] = (bmask >> b & 1u) ? tword(q, W_TAIL0, k++) : 0;
        memset(f->p[w], 0, sizeof f->p[w]);
        memset(f->p_undef[w], 0, sizeof f->p_undef[w]);
        if (n) {
            for (unsigned l = 0; l < WR_LANES; l += 4) {
                const uint32_t word = tword(q, W_TAIL0, k++);
                for (unsigned b = 0; b < 4; b++) {
                    const unsigned bits = word >> (8 * b) & 0xffu;
                    if (bits >> WR_NUM_PREDS)
                        return rfail(r, recno, "corrupt final record: warp %u predicates", w);
                    for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                        f->p[w][p] |= (uint32_t)(bits >> p & 1u) << (l + b);
                }
            }
            memset(&s->r_undef[(size_t)w * n], 0, n * sizeof *s->r_undef);
            for (unsigned d = 0; d < ndc; d++, k += 2) {
                const uint32_t id = tword(q, W_TAIL0, k), m = tword(q, W_TAIL0, k + 1);
                const unsigned idx = id >> 8;
                if ((id & 0xff) == 'R' && idx < n)
                    s->r_undef[(size_t)w * n + idx] = m;
                else if ((id & 0xff) == 'P' && idx < WR_NUM_PREDS)
                    f->p_undef[w][idx] = m;
                else
                    return rfail(r, recno, "corrupt final record: warp %u dc entry 0x%08x", w, id);
            }
            const uint8_t *p = q + RS * (1 + tail_records(W_TAIL0, wt));
            for (unsigned reg = 0; reg < n; reg++, p += RS)
                for (unsigned l = 0; l < WR_LANES; l++)
                    s->r[((size_t)w * n + reg) * WR_LANES + l] = ld32(p + 4 * l);
        }
        size += wsize;
    }
    f->r = n ? s->r : NULL;
    f->r_undef = n ? s->r_undef : NULL;
    f->r_have = n;
    r->pos += size;
    r->recno = recno;
    r->ended = 1;
    *fin = f;
    return WR_TRACE_END;
}

