/* writer.c - traces written (warpref/tracefile.h): the binary format's
 * records encoded (docs/trace-binary.md) and sealed, and the writer of
 * both formats (JSONL through jsonl_write.c). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "binary.h"
#include "trace.h"
#include "warpref/outfile.h"

typedef struct tail {
    uint32_t w[1024];
    unsigned n;
} tail;

static void tail_text(tail *t, const char *s)
{
    const size_t n = strlen(s);
    t->w[t->n++] = (uint32_t)n;
    for (size_t i = 0; i < n; i += 4) {
        uint8_t b[4] = { 0, 0, 0, 0 };
        memcpy(b, s + i, n - i < 4 ? n - i : 4);
        t->w[t->n++] = ld32(b);
    }
}

/* the non-zero B registers into the tail; returns their mask */
static uint32_t tail_bregs(tail *t, const uint32_t *b)
{
    uint32_t mask = 0;
    for (unsigned n = 0; n < WR_NUM_BREGS; n++)
        if (b[n]) {
            mask |= 1u << n;
            t->w[t->n++] = b[n];
        }
    return mask;
}

/* head + tail records + lane arrays into out[]; returns the records used */
static unsigned put_tail(uint8_t *head, unsigned first_word, const tail *t)
{
    const unsigned inl = (INLINE_END - first_word) / 4;
    for (unsigned i = 0; i < t->n; i++)
        st32(i < inl ? head + first_word + 4 * i : head + RS + 4 * (i - inl), t->w[i]);
    const unsigned rest = t->n > inl ? t->n - inl : 0;
    const unsigned nrec = (rest + RS_WORDS - 1) / RS_WORDS;
    if (rest % RS_WORDS)
        memset(head + RS + 4 * rest, 0, 4 * (nrec * RS_WORDS - rest));
    return nrec;
}

/* The values of `in` and `out` into the head and the tail, and their lane
 * records, from their schema rows (schema.h, WR_TRACE_IN_ROWS: PLACE), `set`
 * the record's bits of the table */
#define BIN_PUT_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) BIN_PUT_##place(type, when, arg, value)
#define BIN_PUT_HEAD(type, when, arg, value) st32(h + (arg), (set & (unsigned)(when)) ? (uint32_t)(value) : 0);
#define BIN_PUT_TAIL(type, when, arg, value) \
    if (set & (unsigned)(when)) {            \
        BIN_PUT_##type(value)                \
    }
#define BIN_PUT_LANES(type, when, arg, value)
#define BIN_PUT_FLAG(type, when, arg, value)
#define BIN_PUT_MASK(v) tl.w[tl.n++] = (v);
#define BIN_PUT_WIDE(v)                          \
    tl.w[tl.n++] = (uint32_t)(v);                \
    tl.w[tl.n++] = (uint32_t)((uint64_t)(v) >> 32);
#define BIN_PUT_PD(v) WR_TRACE_PD_KEYS(BIN_PUT_PD_)
#define BIN_PUT_PD_(name, key, type, width, when, rule, value) BIN_PUT_##type(value)
#define BIN_PL_(X, name, key, type, width, when, rule, value, place, bit, arg, nulls) BIN_PL_##place(when, width, value)
#define BIN_PL_HEAD(when, width, value)
#define BIN_PL_TAIL(when, width, value)
#define BIN_PL_FLAG(when, width, value)
#define BIN_PL_LANES(when, width, value) \
    if (set & (unsigned)(when))          \
        p = ((width) && (set & (unsigned)(width))) ? put_lanes64(p, value) : put_lanes32(p, value);

static uint8_t *put_lanes32(uint8_t *p, const uint64_t *v)
{
    for (unsigned l = 0; l < WR_LANES; l++)
        st32(p + 4 * l, (uint32_t)v[l]);
    return p + RS;
}

static uint8_t *put_lanes64(uint8_t *p, const uint64_t *v)
{
    for (unsigned l = 0; l < WR_LANES; l++)
        st64(p + 8 * l, v[l]);
    return p + 2 * RS;
}

/* The tail's part TAIL of a key (schema.h, WR_TRACE_ROWS: PLACE, FLAG),
 * given as ROW with X the part: the B registers are the head's (BMASK);
 * `in`, `out` their tables' TAIL rows; bars, events, texts */
#define BIN_TPUT_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    if ((tail) == (X)) {                                                                   \
        BIN_TPUT_##place(type, value, flag)                                                \
    }
#define BIN_TPUT_HEAD8(type, value, flag)
#define BIN_TPUT_HEAD32(type, value, flag)
#define BIN_TPUT_HEAD64(type, value, flag)
#define BIN_TPUT_BMASK(type, value, flag)
#define BIN_TPUT_WORD(type, value, flag)
#define BIN_TPUT_OTHER(type, value, flag)
#define BIN_TPUT_IN(type, value, flag) \
    set = in;                          \
    WR_TRACE_IN_ROWS(BIN_PUT_, 0)
#define BIN_TPUT_OUT(type, value, flag) \
    set = o;                            \
    WR_TRACE_OUT_ROWS(BIN_PUT_, 0)
#define BIN_TPUT_BARS(type, value, flag) \
    if (flags & BIN_BIT_(flag))          \
        tail_bars(&tl, r->bars, (value));
#define BIN_TPUT_EVENTS(type, value, flag) tail_events(&tl, (value), r->nev);
#define BIN_TPUT_TEXT(type, value, flag) \
    if (flags & BIN_BIT_(flag))          \
        tail_text(&tl, BIN_DERIVED_##type ? "?" : (value));
#define BIN_TPUT_PART_(part) WR_TRACE_ROWS(BIN_TPUT_, part)

/* the record's flags of its keys (FLAG) that its keys give: ev's wake,
 * the keys not every record has (the texts aside: bin_encode) */
#define BIN_KFLAGS_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) \
    | BIN_KFLAGS_##place(when, flag)
#define BIN_KFLAGS_HEAD8(when, flag) 0u
#define BIN_KFLAGS_HEAD32(when, flag) 0u
#define BIN_KFLAGS_HEAD64(when, flag) 0u
#define BIN_KFLAGS_BMASK(when, flag) 0u
#define BIN_KFLAGS_TEXT(when, flag) 0u
#define BIN_KFLAGS_OTHER(when, flag) 0u
#define BIN_KFLAGS_EVENTS(when, flag) (r->wake ? BIN_BIT_(flag) : 0u)
#define BIN_KFLAGS_WORD(when, flag) ((r->keys & (unsigned)(when)) ? BIN_BIT_(flag) : 0u)
#define BIN_KFLAGS_BARS BIN_KFLAGS_WORD
#define BIN_KFLAGS_IN BIN_KFLAGS_WORD
#define BIN_KFLAGS_OUT BIN_KFLAGS_WORD

static void tail_bars(tail *t, uint32_t mask, const uint32_t *bar)
{
    t->w[t->n++] = mask;
    for (uint32_t m = mask; m; m &= m - 1)
        t->w[t->n++] = bar[__builtin_ctz(m)];
}

static void tail_events(tail *t, const wr_event *ev, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        t->w[t->n++] = (uint32_t)ev[i].kind | (uint32_t)ev[i].code << 8;
        t->w[t->n++] = ev[i].value;
    }
}

/* Encode an instruction record; returns its size in bytes (a multiple of
 * RS).  out has room for BIN_MAX bytes. */
enum { BIN_MAX = 48 * RS };

static size_t bin_encode(uint8_t *out, const wr_trace_rec *r, uint64_t recno)
{
    static __thread tail tl;
    uint8_t *h = out;
    memset(h, 0, RS);
    const unsigned in = (r->keys & WR_TK_IN) ? r->in_keys : 0;
    const unsigned o = (r->keys & WR_TK_OUT) ? r->out : 0;
    uint32_t flags = 0u WR_TRACE_ROWS(BIN_KFLAGS_, 0);
    unsigned set = in;                          /* (the flags of `in` and `out`: their rows') */
    flags |= 0u WR_TRACE_IN_ROWS(BIN_FLAGS_, 0);
    set = o;
    flags |= 0u WR_TRACE_OUT_ROWS(BIN_FLAGS_, 0);
    /* op and asm are stored only when the word does not give them */
    wr_insn insn;
    const int dec = (r->keys & WR_TK_INSN) && wr_decode(&r->insn, &insn, NULL, 0) == 0;
    if (!(dec && (r->op_derived || strcmp(r->op, wr_op_name(&insn)) == 0)))
        flags |= F_OP;
    if (r->keys & WR_TK_ASM) {
        char text[WR_TRACE_ASM_MAX];
        if (dec && !r->asm_derived)
            wr_disasm(&insn, r->pc, text, sizeof text);
        flags |= (dec && (r->asm_derived || strcmp(text, r->asm_text) == 0)) ? FW_ASM : F_ASM;
    }
    h[0] = 'I';
    st32(h + 4, flags);
    tl.n = 0;
    WR_TRACE_ROWS(BIN_HPUT_, 0)                 /* (the B registers: the tail's first words) */
    set = r->out;
    WR_TRACE_OUT_ROWS(BIN_NPUT_, 0)             /* (out.rd's lanes written) */
    BIN_TAIL_PARTS(BIN_TPUT_PART_)
    st16(h + 54, tl.n);
    unsigned next = put_tail(h, I_TAIL0, &tl);
    uint8_t *p = h + RS * (1 + next);
    set = in;
    WR_TRACE_IN_ROWS(BIN_PL_, 0)
    set = o;
    WR_TRACE_OUT_ROWS(BIN_PL_, 0)
    next = (unsigned)((size_t)(p - h) / RS) - 1;
    h[3] = (uint8_t)next;
    st32(h + SUM_AT, rec_sum(h, (size_t)(p - h), recno));
    return (size_t)(p - h);
}

/* The final record's keys in its 'E' head and tail (schema.h,
 * WR_TRACE_ROWS: E(PLACE, AT, FLAG, TAIL, VALUE)): flags, head fields and
 * the tail's parts (X the part) */
#define BIN_EF_(X, name, key, type, width, when, rule, where, value, place, at, flag, tail, e) | BIN_E_(BIN_EF1_, 0, e)
#define BIN_EF1_(value, place, at, flag, tail, evalue) (BIN_EHAS_##place(evalue) ? BIN_BIT_(flag) : 0u)
#define BIN_EHAS_FAULT(v) ((v) >= 0)
#define BIN_EHAS_TEXT(v) ((v)[0] != '\0')
#define BIN_EHAS_HEAD8(v) 0
#define BIN_EHAS_HEAD64(v) 0
#define BIN_EHAS_HBARS(v) 0
#define BIN_EHAS_WARPS(v) 0
#define BIN_EHAS_OTHER(v) 0
#define BIN_EHPUT_HEAD8(v, at) h[at] = (uint8_t)(v);
#define BIN_EHPUT_HEAD64(v, at) st64(h + (at), (v));
#define BIN_EHPUT_WARPS BIN_EHPUT_HEAD8
#define BIN_EHPUT_HBARS(v, at) st32(h + (at), f->bars);
#define BIN_EHPUT_FAULT(v, at)
#define BIN_EHPUT_TEXT(v, at)
#define BIN_EHPUT_OTHER(v, at)
#define BIN_ETAIL_DO_ BIN_ETPUT_
#define BIN_ETPUT_HEAD8(v, flag)
#define BIN_ETPUT_HEAD64(v, flag)
#define BIN_ETPUT_WARPS(v, flag)
#define BIN_ETPUT_OTHER(v, flag)
#define BIN_ETPUT_HBARS(v, flag)                     \
    for (uint32_t m_ = f->bars; m_; m_ &= m_ - 1)    \
        tl.w[tl.n++] = (v)[__builtin_ctz(m_)];
#define BIN_ETPUT_FAULT(v, flag)                      \
    if (flags & BIN_BIT_(flag)) {                     \
        tl.w[tl.n++] = (uint32_t)(v);                 \
        tl.w[tl.n++] = (uint32_t)f->fault_pc;         \
        tl.w[tl.n++] = (uint32_t)(f->fault_pc >> 32); \
        tl.w[tl.n++] = f->fault_what;                 \
    }
#define BIN_ETPUT_TEXT(v, flag) \
    if (flags & BIN_BIT_(flag)) \
        tail_text(&tl, (v));

/* The fields of a 'W' record that are not a wr_warp's (schema.h,
 * WR_TRACE_WARP_ROWS: PLACE INDEX, REGS, PREDS, DC) for warp w of f, n
 * registers each: the head's and the tail's (BIN_WPUT_), then the records
 * after the tail (BIN_WREC_) */
#define BIN_HPUT_INDEX(value, at, flag) h[at] = (uint8_t)w;
#define BIN_HPUT_REGS(value, at, flag) st16(h + (at), n);
#define BIN_HPUT_PREDS(value, at, flag) \
    if (n)                              \
        tail_preds(&tl, f->p[w]);
#define BIN_HPUT_DC(value, at, flag) st16(h + (at), n ? tail_dc(&tl, f, w, n) : 0);
#define BIN_WREC_(X, name, key, type, width, when, rule, value, place, at) BIN_WREC_##place
#define BIN_WREC_INDEX
#define BIN_WREC_HEAD8
#define BIN_WREC_HEAD32
#define BIN_WREC_HEAD64
#define BIN_WREC_BMASK
#define BIN_WREC_PREDS
#define BIN_WREC_DC
#define BIN_WREC_REGS p = put_regs(p, f, w, n);

/* the predicates of a warp (p[pred] a lane mask): a byte per lane, 8 words */
static void tail_preds(tail *t, const uint32_t *p)
{
    for (unsigned l = 0; l < WR_LANES; l += 4) {
        uint32_t word = 0;
        for (unsigned k = 0; k < 4; k++) {
            unsigned bits = 0;
            for (unsigned q = 0; q < WR_NUM_PREDS; q++)
                bits |= (p[q] >> (l + k) & 1u) << q;
            word |= (uint32_t)bits << (8 * k);
        }
        t->w[t->n++] = word;
    }
}

/* warp w's dc entries (of its n registers, then of its predicates);
 * returns their number */
static unsigned tail_dc(tail *t, const wr_trace_final *f, unsigned w, unsigned n)
{
    unsigned ndc = 0;
    for (unsigned r = 0; r < n && r < f->r_have; r++)
        if (f->r_undef[(size_t)w * f->r_have + r]) {
            t->w[t->n++] = 'R' | r << 8;
            t->w[t->n++] = f->r_undef[(size_t)w * f->r_have + r];
            ndc++;
        }
    for (unsigned p = 0; p < WR_NUM_PREDS; p++)
        if (f->p_undef[w][p]) {
            t->w[t->n++] = 'P' | p << 8;
            t->w[t->n++] = f->p_undef[w][p];
            ndc++;
        }
    return ndc;
}

/* warp w's n registers at p, a record of 32 lanes each; returns the end */
static uint8_t *put_regs(uint8_t *p, const wr_trace_final *f, unsigned w, unsigned n)
{
    for (unsigned r = 0; r < n; r++, p += RS)
        for (unsigned l = 0; l < WR_LANES; l++)
            st32(p + 4 * l, r < f->r_have ? f->r[((size_t)w * f->r_have + r) * WR_LANES + l] : 0);
    return p;
}

/* the final record: 'E', then a 'W' per warp */
static size_t bin_encode_end(uint8_t *out, size_t cap, const wr_trace_final *f, uint64_t recno)
{
    static __thread tail tl;
    uint8_t *h = out;
    memset(h, 0, RS);
    h[0] = 'E';
    const uint32_t flags = 0u WR_TRACE_ROWS(BIN_EF_, 0);
    st32(h + 4, flags);
    st16(h + 18, f->dump_regs);
    tl.n = 0;
    WR_TRACE_ROWS(BIN_EHEAD_, BIN_EHPUT_)
    BIN_TAIL_PARTS(BIN_ETAIL_PART_)
    st16(h + 16, tl.n);
    unsigned next = put_tail(h, E_TAIL0, &tl);
    h[3] = (uint8_t)next;
    size_t len = RS * (1 + (size_t)next);
    st32(h + SUM_AT, rec_sum(h, len, recno));
    for (unsigned w = 0; w < f->nwarps; w++) {
        const size_t need = RS * (2 + (size_t)f->dump_regs + 2);
        if (len + need > cap)
            return 0;
        const wr_warp *x = &f->warp[w];
        uint8_t *q = out + len;
        memset(q, 0, RS);
        q[0] = 'W';
        const unsigned n = f->dump_regs;
        tl.n = 0;
        {
            uint8_t *h = q;
            WR_TRACE_WARP_ROWS(BIN_WPUT_, 0)    /* (the B registers, predicates, dc entries: the tail's words) */
        }
        st16(q + 38, tl.n);
        const unsigned tn = put_tail(q, W_TAIL0, &tl);
        uint8_t *p = q + RS * (1 + tn);
        WR_TRACE_WARP_ROWS(BIN_WREC_, 0)        /* (the registers' records) */
        st32(q + 44, (uint32_t)((size_t)(p - q) / RS - 1));
        st32(q + SUM_AT, rec_sum(q, (size_t)(p - q), recno));
        len = (size_t)(p - out);
    }
    return len;
}

static void bin_header(uint8_t *h, unsigned threads)
{
    memset(h, 0, WR_TRACE_HEADER_SIZE);
    memcpy(h, WR_TRACE_MAGIC, 8);
    st16(h + 8, WR_TRACE_VERSION);
    st16(h + 10, WR_TRACE_HEADER_SIZE);
    st16(h + 12, WR_TRACE_RECORD_SIZE);
    st32(h + 16, threads);
    st32(h + HEADER_SUM, header_sum(h));
}

size_t wr_trace_seal(uint8_t *buf, size_t len)
{
    if (len < WR_TRACE_HEADER_SIZE || memcmp(buf, WR_TRACE_MAGIC, 8) != 0)
        return 0;
    st32(buf + HEADER_SUM, header_sum(buf));
    size_t pos = WR_TRACE_HEADER_SIZE, blocks = 0;
    for (uint64_t recno = 1; len - pos >= RS; recno++) {
        uint8_t *h = buf + pos;
        if (h[0] == 'B') {                  /* (sealed after its records, below) */
            pos += RS;
            recno--;
            blocks++;
            continue;
        }
        const size_t size = RS * (1 + (size_t)h[3]);
        if ((h[0] != 'I' && h[0] != 'E') || size > len - pos)
            break;
        st32(h + SUM_AT, rec_sum(h, size, recno));
        pos += size;
        if (h[0] == 'E')
            for (unsigned w = 0; w < h[2] && len - pos >= RS; w++) {
                uint8_t *q = buf + pos;
                const uint64_t wsize = RS * (1 + (uint64_t)ld32(q + 44));
                if (wsize > len - pos)
                    return pos;
                st32(q + SUM_AT, rec_sum(q, (size_t)wsize, recno));
                pos += (size_t)wsize;
            }
    }
    /* each block record: the number of the record after it, the checksum of
     * the slots it states (when the buffer holds them), its own */
    size_t at = WR_TRACE_HEADER_SIZE;
    for (uint64_t recno = 1; blocks && at < pos && pos - at >= RS;) {
        uint8_t *h = buf + at;
        if (h[0] == 'B') {
            const uint64_t bsize = RS * (uint64_t)ld32(h + B_SLOTS);
            st64(h + B_FIRST, recno);
            if (bsize <= len - at - RS)
                st64(h + B_SUM, block_sum(h + RS, (size_t)bsize, recno));
            st32(h + SUM_AT, rec_sum(h, RS, recno));
            at += RS;
            blocks--;
            continue;
        }
        if (h[0] != 'I')
            break;
        at += RS * (1 + (size_t)h[3]);
        recno++;
    }
    return pos;
}

/* ---- writing -------------------------------------------------------------------- */

struct wr_trace_writer {
    FILE *f;
    unsigned format;
    wr_tw tw;                    /* JSONL */
    uint8_t *buf;                /* binary: pending bytes */
    size_t len;
    uint64_t recno;              /* records written */
    size_t lead;                 /* the slots before the first block */
    size_t blk_at;               /* the open block's 'B' record in buf (blk_open) */
    uint64_t blk_first;
    uint32_t blk_records;
    int blk_open;
    int errnum;
    wr_outfile *out;             /* wr_trace_create's file (outfile.h) */
};

enum { BIN_BUF = 1 << 20 };

static void block_close(wr_trace_writer *w)
{
    uint8_t *b = w->buf + w->blk_at;
    block_head(b, b + RS, (uint32_t)((w->len - w->blk_at) / RS - 1), w->blk_records, w->blk_first);
    w->blk_open = 0;
}

static void bin_flush(wr_trace_writer *w)
{
    if (w->blk_open)
        block_close(w);
    if (w->len && fwrite(w->buf, 1, w->len, w->f) != w->len && !w->errnum)
        w->errnum = errno ? errno : EIO;
    w->len = 0;
}

wr_trace_writer *wr_trace_writer_new(FILE *f, unsigned format, unsigned threads)
{
    wr_trace_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->f = f;
    w->format = format;
    if (format == WR_TRACE_FMT_BINARY) {
        w->buf = malloc(BIN_BUF + 2 * BIN_MAX + (BLOCK_SLOTS + 1) * RS);
        if (!w->buf) {
            free(w);
            return NULL;
        }
        bin_header(w->buf, threads);
        w->len = WR_TRACE_HEADER_SIZE;
    } else if (wr_tw_open_plain(&w->tw, f) != 0) {
        wr_tw_close(&w->tw, NULL);
        free(w);
        return NULL;
    }
    return w;
}

int wr_trace_put(wr_trace_writer *w, const wr_trace_rec *rec)
{
    if (w->format != WR_TRACE_FMT_BINARY) {
        wr_tw_trec(&w->tw, rec);
        return w->tw.err ? -1 : 0;
    }
    if (!w->blk_open && w->lead >= BLOCK_SLOTS) {  /* a block: its 'B' record when it is complete */
        w->blk_open = 1;
        w->blk_at = w->len;
        w->blk_first = w->recno + 1;
        w->blk_records = 0;
        w->len += RS;
    }
    const size_t n = bin_encode(w->buf + w->len, rec, ++w->recno);
    w->len += n;
    if (!w->blk_open)
        w->lead += n / RS;
    else if (++w->blk_records, (w->len - w->blk_at) / RS > BLOCK_SLOTS)
        block_close(w);
    if (!w->blk_open && w->len >= BIN_BUF)
        bin_flush(w);
    return w->errnum ? -1 : 0;
}

int wr_trace_put_end(wr_trace_writer *w, const wr_trace_final *fin)
{
    if (w->format != WR_TRACE_FMT_BINARY) {
        wr_tw_end(&w->tw, fin);
        return w->tw.err ? -1 : 0;
    }
    bin_flush(w);
    const size_t cap = RS * ((size_t)8 + (size_t)fin->nwarps * (4 + fin->dump_regs));
    uint8_t *b = malloc(cap);
    if (!b) {
        w->errnum = ENOMEM;
        return -1;
    }
    const size_t n = bin_encode_end(b, cap, fin, ++w->recno);
    if (!n || fwrite(b, 1, n, w->f) != n)
        w->errnum = w->errnum ? w->errnum : n ? (errno ? errno : EIO) : EINVAL;
    free(b);
    return w->errnum ? -1 : 0;
}

int wr_trace_writer_free(wr_trace_writer *w)
{
    if (!w)
        return 0;
    int e;
    if (w->format == WR_TRACE_FMT_BINARY) {
        bin_flush(w);
        if (fflush(w->f) != 0 && !w->errnum)
            w->errnum = errno ? errno : EIO;
        e = w->errnum;
        free(w->buf);
    } else {
        e = wr_tw_close(&w->tw, NULL);
    }
    if (w->out) {                /* wr_trace_create's file, not closed by wr_trace_close_file */
        wr_outfile_abort(w->out);
        free(w->out);
    }
    free(w);
    return e;
}

wr_trace_writer *wr_trace_create(const char *path, unsigned threads, char *err, size_t errsize)
{
    wr_outfile *o = malloc(sizeof *o);
    if (!o) {
        snprintf(err, errsize, "cannot open '%s': out of memory", path);
        return NULL;
    }
    if (wr_outfile_open(o, path, 0, err, errsize) != 0) {
        free(o);
        return NULL;
    }
    wr_trace_writer *w = wr_trace_writer_new(o->f, wr_trace_format_for(path), threads);
    if (!w) {
        snprintf(err, errsize, "cannot open '%s': out of memory", path);
        wr_outfile_abort(o);
        free(o);
        return NULL;
    }
    w->out = o;
    return w;
}

int wr_trace_close_file(wr_trace_writer *w, char *err, size_t errsize)
{
    if (!w)
        return 0;
    wr_outfile *o = w->out;
    w->out = NULL;
    const int e = wr_trace_writer_free(w);
    if (!o)
        return 0;
    if (e && !o->errnum)
        o->errnum = e;
    const int rc = wr_outfile_close(o, err, errsize);
    free(o);
    return rc;
}

