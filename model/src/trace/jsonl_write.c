/* jsonl_write.c - writes the canonical JSONL trace (TRACE-FORMAT.md).  The
 * keys, their order, types and widths are the schema's (schema.h): an
 * instruction record is its table, row by row.  A record reserves its
 * room once and is written straight into the buffer, hex from a table: no
 * allocation or formatting per record. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "schema.h"
#include "trace.h"

static const char hexd[] = "0123456789abcdef";

/* ---- the values, written at p (room reserved): each returns the end ---- */

/* the keys as written, ,"key": (the first key's comma becomes the '{') */
#define WR_X_(name, key, type, width, when, rule, where, value) static const char kt_##name[] = WR_KEY_TEXT(key);
WR_TRACE_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_in_##name[] = WR_KEY_TEXT(key);
WR_TRACE_IN_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_out_##name[] = WR_KEY_TEXT(key);
WR_TRACE_OUT_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_pd_##name[] = WR_KEY_TEXT(key);
WR_TRACE_PD_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_w_##name[] = WR_KEY_TEXT(key);
WR_TRACE_WARP_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_f_##name[] = WR_KEY_TEXT(key);
WR_TRACE_FAULT_KEYS(WR_X_)
#undef WR_X_

/* a key with its comma, at p */
#define KEY(p, kt) (memcpy((p), (kt), sizeof(kt) - 1), (p) + sizeof(kt) - 1)

/* two hex digits per byte value */
static const char hex2[513] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

static inline char *digits8(char *p, uint32_t v)
{
    memcpy(p, hex2 + 2 * (v >> 24), 2);
    memcpy(p + 2, hex2 + 2 * (v >> 16 & 255), 2);
    memcpy(p + 4, hex2 + 2 * (v >> 8 & 255), 2);
    memcpy(p + 6, hex2 + 2 * (v & 255), 2);
    return p + 8;
}

/* "0x%08x" */
static inline char *w_mask(char *p, uint32_t v)
{
    memcpy(p, "\"0x", 3);
    digits8(p + 3, v);
    p[11] = '"';
    return p + 12;
}

/* "0x%08x", or "0x%016x" when wide */
static inline char *w_wide(char *p, uint64_t v, int wide)
{
    if (!wide)
        return w_mask(p, (uint32_t)v);
    memcpy(p, "\"0x", 3);
    digits8(p + 3, (uint32_t)(v >> 32));
    digits8(p + 11, (uint32_t)v);
    p[19] = '"';
    return p + 20;
}

/* "0x%x" */
static inline char *w_hex(char *p, uint64_t v)
{
    const unsigned n = v ? (unsigned)(67 - __builtin_clzll(v)) / 4 : 1;
    memcpy(p, "\"0x", 3);
    for (unsigned i = n; i--; v >>= 4)
        p[3 + i] = hexd[v & 15];
    p[3 + n] = '"';
    return p + 4 + n;
}

/* two decimal digits per value below 100 */
static const char dec2[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static inline char *w_dec(char *p, uint64_t v)
{
    if (v < 10) {
        *p = (char)('0' + v);
        return p + 1;
    }
    char t[20];
    unsigned i = sizeof t;
    while (v >= 100) {
        i -= 2;
        memcpy(t + i, dec2 + 2 * (v % 100), 2);
        v /= 100;
    }
    if (v >= 10) {
        i -= 2;
        memcpy(t + i, dec2 + 2 * v, 2);
    } else {
        t[--i] = (char)('0' + v);
    }
    memcpy(p, t + i, sizeof t - i);
    return p + (sizeof t - i);
}

/* a JSON string's contents (TRACE_TEXT_MAX at most: 6 bytes a character) */
static char *w_escaped(char *p, const char *s)
{
    for (; *s; s++) {
        const unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            *p++ = '\\';
            *p++ = (char)ch;
        } else if (ch < 0x20) {
            memcpy(p, "\\u00", 4);
            p[4] = hexd[ch >> 4];
            p[5] = hexd[ch & 15];
            p += 6;
        } else {
            *p++ = (char)ch;
        }
    }
    return p;
}

static char *w_str(char *p, const char *s)
{
    *p++ = '"';
    p = w_escaped(p, s);
    *p++ = '"';
    return p;
}

/* {"B3":"0x..."}: the non-zero B registers */
static char *w_bregs(char *p, const uint32_t *breg)
{
    uint32_t any = 0, nonzero = 0;
    for (unsigned b = 0; b < WR_NUM_BREGS; b++)
        any |= breg[b];
    for (unsigned b = 0; any && b < WR_NUM_BREGS; b++)
        nonzero |= (uint32_t)(breg[b] != 0) << b;
    *p++ = '{';
    for (uint32_t m = nonzero; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        if (m != nonzero)
            *p++ = ',';
        *p++ = '"';
        *p++ = 'B';
        p = w_dec(p, b);
        *p++ = '"';
        *p++ = ':';
        p = w_mask(p, breg[b]);
    }
    *p++ = '}';
    return p;
}

/* {"N":"0x..."}: the barriers in `which` (bit per barrier), their words in words[] */
static char *w_bars(char *p, const uint32_t *words, uint32_t which)
{
    *p++ = '{';
    for (uint32_t m = which; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        if (m != which)
            *p++ = ',';
        *p++ = '"';
        p = w_dec(p, b);
        *p++ = '"';
        *p++ = ':';
        p = w_mask(p, words[b]);
    }
    *p++ = '}';
    return p;
}

static char *w_name(char *p, const char *s)
{
    const size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* `wake`, then the record's events */
static char *w_events(char *p, const wr_trace_rec *rec)
{
    *p++ = '[';
    if (rec->wake)
        p = w_name(p, "\"wake\"");
    for (unsigned i = 0; i < rec->nev; i++) {
        const wr_event *e = &rec->ev[i];
        if (i || rec->wake)
            *p++ = ',';
        *p++ = '"';
        p = w_name(p, wr_event_name(e->kind));
        switch (e->kind) {
        case WR_EV_WARNING: *p++ = ':'; p = w_name(p, wr_warning_name(e->code)); break;
        case WR_EV_EXCEPTION: *p++ = ':'; p = w_name(p, wr_exception_name(e->code)); break;
        case WR_EV_BLOCK:
        case WR_EV_ARRIVE: *p++ = ':'; p = w_dec(p, e->code); break;
        case WR_EV_RELEASE:
            *p++ = ':';
            p = w_dec(p, e->code);
            for (uint32_t m = e->value, first = 1; m; m &= m - 1, first = 0) {
                *p++ = first ? ':' : ',';
                p = w_dec(p, (unsigned)__builtin_ctz(m));
            }
            break;
        case WR_EV_TRAP: *p++ = ':'; p = w_dec(p, e->value); break;
        default: break;
        }
        *p++ = '"';
    }
    *p++ = ']';
    return p;
}

/* 32 lane values (null for a lane outside `present`) */
static char *w_lanes(char *p, const uint64_t *v, int wide, uint32_t present)
{
    *p++ = '[';
    for (unsigned l = 0; l < WR_LANES; l++) {
        if (present >> l & 1)
            p = w_wide(p, v[l], wide);
        else
            p = w_name(p, "null");
        *p++ = ',';
    }
    p[-1] = ']';
    return p;
}

static char *w_word(char *p, const wr_word *w)
{
    memcpy(p, "\"0x", 3);
    digits8(p + 3, w->w[3]);
    digits8(p + 11, w->w[2]);
    digits8(p + 19, w->w[1]);
    digits8(p + 27, w->w[0]);
    p[35] = '"';
    return p + 36;
}

/* An object of keys written with their commas: the first comma becomes
 * the '{' ({} when there is none). */
static inline char *obj_end(char *open, char *p)
{
    if (p == open) {
        *p++ = '{';
    } else {
        *open = '{';
    }
    *p++ = '}';
    return p;
}

/* One key of a nested table, present when its WHEN bit is in `flags`:
 * TYPE's writer of VALUE; WIDE and LANES are 64-bit when `flags` has the
 * WIDTH bit. */
#define W_MASK(p, r, flags, width, v) w_mask(p, v)
#define W_WIDE(p, r, flags, width, v) w_wide(p, v, (width) && ((flags) & (width)))
#define W_LANES(p, r, flags, width, v) w_lanes(p, v, (width) && ((flags) & (width)), 0xffffffffu)
#define W_LANESN(p, r, flags, width, v) w_lanes(p, v, (width) && ((flags) & (width)), (r)->rd_lanes)
#define W_BOOL(p, r, flags, width, v) ((v) ? w_name(p, "true") : w_name(p, "false"))
#define W_PD(p, r, flags, width, v) w_pd(p, r)

static char *w_pd(char *p, const wr_trace_rec *r)
{
    char *open = p;
#define WR_X_(name, key, type, width, when, rule, value) p = W_##type(KEY(p, kt_pd_##name), r, 0, width, value);
    WR_TRACE_PD_KEYS(WR_X_)
#undef WR_X_
    return obj_end(open, p);
}

static char *w_in(char *p, const wr_trace_rec *r)
{
    char *open = p;
    const unsigned flags = r->in_keys;
#define WR_X_(name, key, type, width, when, rule, value) \
    if ((unsigned)(when) == (unsigned)WR_ALWAYS || (flags & (when)))         \
        p = W_##type(KEY(p, kt_in_##name), r, flags, width, value);
    WR_TRACE_IN_KEYS(WR_X_)
#undef WR_X_
    return obj_end(open, p);
}

/* `out`: rd (null for lanes not written) with one don't-care mask for
 * every lane (TRACE-FORMAT), and pd */
static char *w_out(char *p, const wr_trace_rec *r)
{
    char *open = p;
    const unsigned flags = r->out;
#define WR_X_(name, key, type, width, when, rule, value) \
    if (flags & (when))                                  \
        p = W_##type(KEY(p, kt_out_##name), r, flags, width, value);
    WR_TRACE_OUT_KEYS(WR_X_)
#undef WR_X_
    return obj_end(open, p);
}

/* The most bytes of an instruction record: its longest values side by side
 * (a text 6 bytes a character, at worst escaped; an event string 128). */
enum {
    LANES_MAX = 2 + WR_LANES * 21,
    REC_MAX = 512 + 6 * (WR_TRACE_OP_MAX + WR_TRACE_ASM_MAX) + WR_NUM_BREGS * 20 + WR_MAX_EVENTS * 128 +
              5 * LANES_MAX + 256 + WR_MAX_BARRIERS * 20
};


/* One key of an instruction record: TYPE's writer of VALUE.  An op or asm
 * the record leaves to its word is the word's (a binary trace's writer
 * derives them only from a word that decodes; a corrupt one shows "?"). */
#define R_DEC(p, r, x, v) w_dec(p, v)
#define R_HEX(p, r, x, v) w_hex(p, v)
#define R_MASK(p, r, x, v) w_mask(p, v)
#define R_OP(p, r, x, v) ((r)->op_derived ? w_str(p, (x)->decoded ? wr_op_name(&(x)->insn) : "?") : w_str(p, v))
#define R_ASM(p, r, x, v) ((r)->asm_derived ? w_asm(p, r, x) : w_str(p, v))
#define R_BREGS(p, r, x, v) w_bregs(p, v)
#define R_EVENTS(p, r, x, v) w_events(p, r)
#define R_WORD(p, r, x, v) w_word(p, &(v))
#define R_IN(p, r, x, v) w_in(p, r)
#define R_OUT(p, r, x, v) w_out(p, r)
#define R_BARS(p, r, x, v) w_bars(p, v, (r)->bars)
#define R_STR(p, r, x, v) (p)        /* (the final record's: not in an instruction record) */
#define R_WARPS R_STR
#define R_FAULT R_STR
#define WHERE_INSN 1
#define WHERE_BOTH 1
#define WHERE_FIN 0

typedef struct derived {
    int decoded;                 /* insn holds the record's word, decoded */
    wr_insn insn;
} derived;

static char *w_asm(char *p, const wr_trace_rec *r, const derived *x)
{
    char text[WR_TRACE_ASM_MAX] = "?";
    if (x->decoded)
        wr_disasm(&x->insn, r->pc, text, sizeof text);
    return w_str(p, text);
}

void wr_tw_trec(wr_tw *tw, const wr_trace_rec *rec)
{
    if (wr_tw_begin_record(tw) != 0 || wr_tw_reserve(tw, REC_MAX) != 0)
        return;
    derived x;
    x.decoded = (rec->op_derived || ((rec->keys & WR_TK_ASM) && rec->asm_derived)) &&
                wr_decode(&rec->insn, &x.insn, NULL, 0) == 0;
    const wr_trace_rec *r = rec;
    char *const start = tw->buf + tw->len;
    char *p = start;
#define WR_X_(name, key, type, width, when, rule, where, value) \
    if (WHERE_##where && ((unsigned)(when) == (unsigned)WR_ALWAYS || (r->keys & (when)))) \
        p = R_##type(KEY(p, kt_##name), r, &x, value);
    WR_TRACE_KEYS(WR_X_)
#undef WR_X_
    *start = '{';
    *p++ = '}';
    *p++ = '\n';
    const size_t n = (size_t)(p - start);
    tw->len += n;
    tw->bytes += n;
}

void wr_tw_record(wr_tw *tw, const wr_retire *rec, const wr_insn *insn,
                  const wr_operands *ops, int operands, const char *text)
{
    wr_trace_rec *t = tw->scratch;
    if (!t && !(t = tw->scratch = malloc(sizeof *tw->scratch))) {
        wr_tw_fail(tw, ENOMEM);
        return;
    }
    wr_trace_rec_from_retire(t, rec, insn, ops, 0,
                             operands ? WR_TK_INSN | WR_TK_IN | WR_TK_OUT | (text ? 0 : WR_TK_ASM) : 0);
    if (operands && text) {                  /* the text given: as wr_disasm() wrote it */
        const size_t n = strlen(text);
        memcpy(t->asm_text, text, n + 1);
        t->keys |= WR_TK_ASM;
    }
    wr_tw_trec(tw, t);
}

/* The final record, a warp at a time (a warp's registers may be many). */
enum { FIN_WARP_MAX = 1024 + WR_MAX_BARRIERS * 20, WARP_MAX = 1024 + WR_NUM_BREGS * 20 + WR_NUM_PREDS * 20 };

/* one entry of `dc`: "R5":"0x0000ffff" (none if no lane) */
static char *w_dc(char *p, char kind, unsigned index, uint32_t lanes)
{
    if (!lanes)
        return p;
    *p++ = ',';
    *p++ = '"';
    *p++ = kind;
    p = w_dec(p, index);
    *p++ = '"';
    *p++ = ':';
    return w_mask(p, lanes);
}

/* a warp of the final record, with its registers when n > 0 */
static void w_final_warp(wr_tw *tw, const wr_trace_final *fin, unsigned i)
{
    const unsigned n = fin->dump_regs, have = fin->r_have;
    if (wr_tw_reserve(tw, WARP_MAX + (size_t)n * (WR_LANES * 13 + 20)) != 0)
        return;
    const wr_warp *w = &fin->warp[i];
    char *const start = tw->buf + tw->len;
    char *p = start;
    if (i)
        *p++ = ',';
    char *open = p;
    p = w_dec(KEY(p, kt_w_WARP), i);
    p = w_str(KEY(p, kt_w_STATE), wr_run_state_name(w->run));
    p = w_hex(KEY(p, kt_w_PC), w->active_pc);
    p = w_mask(KEY(p, kt_w_ACTIVE), w->active);
    p = w_mask(KEY(p, kt_w_VALID), w->valid);
    p = w_mask(KEY(p, kt_w_YIELD), w->yield);
    p = w_mask(KEY(p, kt_w_SLEEP), w->sleep);
    p = w_mask(KEY(p, kt_w_SWITCH), w->swtch);
    p = w_bregs(KEY(p, kt_w_B), w->breg);
    if (n) {
        p = KEY(p, kt_w_R);
        *p++ = '[';
        for (unsigned l = 0; l < WR_LANES; l++) {
            *p++ = '[';
            for (unsigned r = 0; r < n; r++) {
                p = w_mask(p, r < have ? fin->r[((size_t)i * have + r) * WR_LANES + l] : 0);
                *p++ = ',';
            }
            p[-1] = ']';
            *p++ = ',';
        }
        p[-1] = ']';
        p = KEY(p, kt_w_P);
        *p++ = '[';
        for (unsigned l = 0; l < WR_LANES; l++) {
            unsigned bits = 0;
            for (unsigned q = 0; q < WR_NUM_PREDS; q++)
                bits |= (fin->p[i][q] >> l & 1u) << q;
            p = w_dec(p, bits);
            *p++ = ',';
        }
        p[-1] = ']';
        p = KEY(p, kt_w_DC);
        char *dc = p;
        for (unsigned r = 0; r < n && r < have; r++)
            p = w_dc(p, 'R', r, fin->r_undef[(size_t)i * have + r]);
        for (unsigned q = 0; q < WR_NUM_PREDS; q++)
            p = w_dc(p, 'P', q, fin->p_undef[i][q]);
        p = obj_end(dc, p);
    }
    p = obj_end(open, p);
    const size_t len = (size_t)(p - start);
    tw->len += len;
    tw->bytes += len;
}

/* the final record: end, t, warps, bars, profile, fault */
void wr_tw_end(wr_tw *tw, const wr_trace_final *fin)
{
    if (wr_tw_reserve(tw, FIN_WARP_MAX) != 0)
        return;
    char *start = tw->buf + tw->len;
    char *p = start;
    p = w_str(KEY(p, kt_END), wr_end_name(fin->end));
    p = w_dec(KEY(p, kt_T), fin->t);
    p = KEY(p, kt_WARPS);
    *p++ = '[';
    *start = '{';
    tw->len += (size_t)(p - start);
    tw->bytes += (uint64_t)(p - start);
    for (unsigned i = 0; i < fin->nwarps; i++)
        w_final_warp(tw, fin, i);
    if (wr_tw_reserve(tw, FIN_WARP_MAX + 6 * sizeof fin->profile) != 0)
        return;
    start = p = tw->buf + tw->len;
    *p++ = ']';
    p = w_bars(KEY(p, kt_BARS), fin->bar, fin->bars);
    if (fin->profile[0])
        p = w_str(KEY(p, kt_PROFILE), fin->profile);
    if (fin->fault_warp >= 0) {
        p = KEY(p, kt_FAULT);
        char *open = p;
        p = w_dec(KEY(p, kt_f_WARP), (unsigned)fin->fault_warp);
        p = w_hex(KEY(p, kt_f_PC), fin->fault_pc);
        p = w_str(KEY(p, kt_f_WHAT), wr_fetch_fault_name(fin->fault_what));
        p = obj_end(open, p);
    }
    *p++ = '}';
    *p++ = '\n';
    tw->len += (size_t)(p - start);
    tw->bytes += (uint64_t)(p - start);
    wr_tw_flush(tw);
}

void wr_tw_final(wr_tw *tw, const wr_cta *cta, const wr_regfile *rf, wr_end end,
                 uint64_t t, unsigned dump_regs, const wr_tw_fault *fault)
{
    wr_trace_final *fin = malloc(sizeof *fin);
    if (!fin) {
        wr_tw_fail(tw, ENOMEM);
        return;
    }
    wr_trace_final_from_cta(fin, cta, rf, end, t, dump_regs);
    if (fault && fault->warp >= 0) {
        fin->fault_warp = fault->warp;
        fin->fault_pc = fault->pc;
        fin->fault_what = WR_FETCH_NO_INSN;
        for (unsigned k = 1; k < WR_FETCH_FAULT_COUNT; k++)
            if (strcmp(fault->what, wr_fetch_fault_name(k)) == 0)
                fin->fault_what = k;
    }
    wr_tw_end(tw, fin);
    free(fin);
}
