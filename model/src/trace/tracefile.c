/* tracefile.c - traces as files (warpref/tracefile.h): the trace record
 * and its conversions, the JSONL reader (a parser made for the records of
 * TRACE-FORMAT: docs/replay.md says why not a general JSON library), the
 * binary format (docs/trace-binary.md), and the readers and writers of
 * both.  JSONL is printed by jsonl_write.c, the one writer. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "schema.h"
#include "trace.h"
#include "warpref/tracefile.h"
#include "warpref/outfile.h"

/* the checksum of a binary record: XXH3 (libxxhash-dev), compiled in from
 * its header, so the library has no link dependency */
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#define XXH_INLINE_ALL
#define XXH_STATIC_LINKING_ONLY
#include <xxhash.h>

/* ---- records and retire records ------------------------------------------------ */

/* s into buf[size], cut to fit (snprintf's "%s", without the formatting) */
static void copy_text(char *buf, size_t size, const char *s)
{
    size_t n = strlen(s);
    if (n >= size)
        n = size - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
}

void wr_trace_rec_from_retire(wr_trace_rec *t, const wr_retire *rec, const wr_insn *insn,
                              const wr_operands *ops, unsigned reads, unsigned keys)
{
    const wr_warp *wp = &rec->after;
    t->t = rec->book.t;
    t->warp = rec->warp;
    t->pc = rec->pc;
    t->active = wp->active;
    t->valid = wp->valid;
    t->yield = wp->yield;
    t->sleep = wp->sleep;
    t->swtch = wp->swtch;
    t->next_pc = wp->active_pc;
    memcpy(t->b, wp->breg, sizeof t->b);
    t->wake = rec->book.wake;
    t->op_derived = 0;
    t->asm_derived = 0;
    copy_text(t->op, sizeof t->op, wr_op_name(insn));
    t->nev = rec->nev <= WR_MAX_EVENTS ? rec->nev : WR_MAX_EVENTS;
    memcpy(t->ev, rec->ev, t->nev * sizeof *t->ev);
    t->keys = keys & (WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_ASM);
    t->insn = rec->insn;
    if (keys & WR_TK_ASM)
        wr_disasm(insn, rec->pc, t->asm_text, sizeof t->asm_text);
    t->in_keys = 0;
    t->out = 0;
    t->bars = 0;
    if (keys & WR_TK_IN) {
        const unsigned own = wr_insn_reads(insn);
        const unsigned r = reads ? (reads & WR_IN_OPERANDS) | (own & (WR_IN_RA64 | WR_IN_UR64 | WR_IN_C64)) : own;
        t->in_keys = r | WR_IN_PG;
        t->in.pg = wr_pred_value(wr_f_PG(insn), ops->pg);
        t->in.pp = (r & WR_IN_PP) ? wr_pred_value(wr_f_PP(insn), ops->pp) : 0;
        if (r & WR_IN_RA)
            memcpy(t->in.ra, ops->ra, sizeof t->in.ra);
        if (r & WR_IN_RB)
            memcpy(t->in.rb, ops->rb, sizeof t->in.rb);
        if (r & WR_IN_RC)
            memcpy(t->in.rc, ops->rc, sizeof t->in.rc);
        if (r & WR_IN_RE)
            memcpy(t->in.re, ops->re, sizeof t->in.re);
        t->in.ur = (r & WR_IN_UR) ? ops->ur : 0;
        t->in.c = (r & WR_IN_C) ? ops->c : 0;
    }
    /* `out`: the executing warp's GPR write (Rd, with Rd+1 when RD is a
     * pair: 64-bit lane values) and predicate write; rd_dc is the OR of the
     * written lanes' don't-care bits */
    const wr_write *rd = NULL, *rd_hi = NULL, *pd = NULL;
    const wr_write *gpr[2] = { NULL, NULL };     /* the first two GPR writes of the warp */
    for (unsigned i = 0; i < rec->nwrites; i++) {
        const wr_write *e = &rec->write[i];
        if (e->kind == WR_WRITE_BARRIER) {
            if (e->index < WR_MAX_BARRIERS) {
                t->bars |= 1u << e->index;
                t->bar[e->index] = e->value[0];
            }
            continue;
        }
        if (e->warp != rec->warp)
            continue;
        /* the instruction's own destination first: a ptx reduction's gather
         * (P-11) also writes other groups' destinations, which `out` cannot
         * show */
        const int own = wr_trace_out_write(insn, rec->warp, e);
        if (e->kind == WR_WRITE_GPR) {
            if (!gpr[0])
                gpr[0] = e;
            else if (!gpr[1])
                gpr[1] = e;
            if (own && !rd && e->index == (unsigned)insn->f[WR_F_RD])
                rd = e;
            else if (own && !rd_hi)
                rd_hi = e;
        } else if (e->kind == WR_WRITE_PRED && (!pd || (own && !wr_trace_out_write(insn, rec->warp, pd)))) {
            pd = e;
        }
    }
    if (!rd) {                   /* none at Rd (another side's wrong register): the first two */
        rd = gpr[0];
        rd_hi = gpr[1];
    }
    if (t->bars)
        t->keys |= WR_TK_BARS;
    if (!(keys & WR_TK_OUT))
        return;
    if (rd) {
        const int pair = wr_form_wide(insn->form, WR_F_RD) && rd_hi;
        uint64_t dc = 0;
        t->out |= WR_TO_RD | (pair ? WR_TO_RD64 : 0);
        t->rd_lanes = rd->lanes;
        for (unsigned l = 0; l < WR_LANES; l++) {
            uint64_t v = 0;
            if (rd->lanes >> l & 1) {
                v = wr_write_value(rd, l);
                dc |= wr_write_dc(rd, l);
                if (pair) {
                    v |= (uint64_t)wr_write_value(rd_hi, l) << 32;
                    dc |= (uint64_t)wr_write_dc(rd_hi, l) << 32;
                }
            }
            t->rd[l] = v;
        }
        t->rd_dc = dc;
    }
    if (pd) {
        t->out |= WR_TO_PD | (wr_write_undefined(pd) ? WR_TO_PD_DC : 0);
        t->pd_mask = pd->lanes;
        t->pd_val = pd->value[0] & pd->lanes;
    }
}

/* the predicate an instruction writes: Pd, else Pu, else PT (none) */
const char *wr_trace_rec_text(const wr_trace_rec *t, char *buf, size_t size)
{
    const int want_asm = (t->keys & WR_TK_ASM) != 0;
    if (want_asm ? !t->asm_derived : !t->op_derived) {
        snprintf(buf, size, "%s", want_asm ? t->asm_text : t->op);
        return buf;
    }
    wr_insn insn;
    if (wr_decode(&t->insn, &insn, NULL, 0) != 0)
        snprintf(buf, size, "?");
    else if (want_asm)
        wr_disasm(&insn, t->pc, buf, size);
    else
        snprintf(buf, size, "%s", wr_op_name(&insn));
    return buf;
}

static unsigned pred_dest(const wr_insn *insn)
{
    return wr_form_has(insn->form, WR_F_PD)   ? (unsigned)insn->f[WR_F_PD]
           : wr_form_has(insn->form, WR_F_PU) ? (unsigned)insn->f[WR_F_PU]
                                              : WR_PT;
}

int wr_trace_out_write(const wr_insn *insn, unsigned warp, const wr_write *e)
{
    if (e->warp != warp)
        return 0;
    if (e->kind == WR_WRITE_GPR) {
        if (!wr_form_has(insn->form, WR_F_RD) || insn->f[WR_F_RD] == WR_RZ)
            return 0;
        const unsigned rd = (unsigned)insn->f[WR_F_RD];
        return e->index == rd || (wr_form_wide(insn->form, WR_F_RD) && e->index == rd + 1);
    }
    if (e->kind == WR_WRITE_PRED) {
        const unsigned p = pred_dest(insn);
        return p != WR_PT && e->index == p;
    }
    return 0;
}

static wr_write *add_write(wr_retire *r, unsigned kind, unsigned warp, unsigned index, uint32_t lanes)
{
    wr_write *e = &r->write[r->nwrites++];
    e->kind = (uint8_t)kind;
    e->warp = (uint8_t)warp;
    e->index = (uint16_t)index;
    e->lanes = lanes;
    e->dc_lanes = 0;
    return e;
}

void wr_trace_rec_to_retire(const wr_trace_rec *restrict t, const wr_insn *insn, const wr_word *word,
                            wr_retire *restrict r)
{
    static const wr_word zero;
    r->warp = t->warp;
    r->pc = t->pc;
    r->insn = (t->keys & WR_TK_INSN) ? t->insn : word ? *word : zero;
    r->exception = WR_EXC_NONE;
    r->fetch_fault = WR_FETCH_NONE;
    r->has_state = 1;
    wr_warp *a = &r->after;
    a->active_pc = t->next_pc;
    a->valid = t->valid;
    a->active = t->active;
    a->yield = t->yield;
    a->sleep = t->sleep;
    a->swtch = t->swtch;
    a->bar_state = 0;                    /* (not traced) */
    a->bar_state_defined = a->run = a->blocked_bar = a->pad_ = 0;
    memcpy(a->breg, t->b, sizeof a->breg);
    r->nev = t->nev;
    for (unsigned i = 0; i < t->nev; i++) {  /* (few or none: no memcpy call) */
        r->ev[i] = t->ev[i];
        if (t->ev[i].kind == WR_EV_EXCEPTION)
            r->exception = t->ev[i].code;
    }
    r->book.t = t->t;
    r->book.wake = t->wake;
    r->reads = 0;
    if (t->keys & WR_TK_IN) {
        const unsigned k = t->in_keys;
        r->reads = (uint16_t)((k & WR_IN_OPERANDS) | WR_IN_PG);
        r->in.pg = t->in.pg;
        r->in.pp = t->in.pp;
        r->in.ur = t->in.ur;
        r->in.c = t->in.c;
        if (k & WR_IN_RA)
            memcpy(r->in.ra, t->in.ra, sizeof r->in.ra);
        if (k & WR_IN_RB)
            memcpy(r->in.rb, t->in.rb, sizeof r->in.rb);
        if (k & WR_IN_RC)
            memcpy(r->in.rc, t->in.rc, sizeof r->in.rc);
        if (k & WR_IN_RE)
            memcpy(r->in.re, t->in.re, sizeof r->in.re);
        r->in.ra_undef = r->in.rb_undef = r->in.rc_undef = r->in.re_undef = 0;
    }
    r->nwrites = 0;
    if ((t->out & WR_TO_RD) && insn && t->rd_lanes) {
        /* (an instruction without Rd, or whose Rd is RZ, writes none: an rd
         * there is a write to RZ, which the model never makes) */
        const unsigned reg = wr_form_has(insn->form, WR_F_RD) ? (unsigned)insn->f[WR_F_RD] : WR_RZ;
        for (unsigned half = 0; half < ((t->out & WR_TO_RD64) ? 2u : 1u); half++) {
            wr_write *e = add_write(r, WR_WRITE_GPR, t->warp, reg + half, t->rd_lanes);
            const uint32_t dc = (uint32_t)(t->rd_dc >> (32 * half));
            if (half)
                for (unsigned l = 0; l < WR_LANES; l++)
                    e->value[l] = (uint32_t)(t->rd[l] >> 32);
            else                             /* (constant shifts: the loops vectorise) */
                for (unsigned l = 0; l < WR_LANES; l++)
                    e->value[l] = (uint32_t)t->rd[l];
            if (dc) {
                e->dc_lanes = t->rd_lanes;
                for (unsigned l = 0; l < WR_LANES; l++)
                    e->dc[l] = dc;
            }
        }
    }
    if ((t->out & WR_TO_PD) && insn && t->pd_mask) {
        /* (none, or PT: a write to PT, which the model never shows) */
        wr_write *e = add_write(r, WR_WRITE_PRED, t->warp, pred_dest(insn), t->pd_mask);
        e->value[0] = t->pd_val & t->pd_mask;
        e->dc_lanes = (t->out & WR_TO_PD_DC) ? t->pd_mask : 0;
    }
    for (uint32_t m = t->bars; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        add_write(r, WR_WRITE_BARRIER, WR_WRITE_CTA, b, 1)->value[0] = t->bar[b];
    }
}

void wr_trace_final_from_cta(wr_trace_final *f, const wr_cta *cta, const wr_regfile *rf, unsigned end,
                             uint64_t t, unsigned dump_regs)
{
    f->end = end;
    f->t = t;
    f->nwarps = cta->nwarps;
    memcpy(f->warp, cta->warp, cta->nwarps * sizeof *f->warp);
    f->bars = 0;
    for (unsigned b = 0; b < cta->nbars; b++) {
        f->bar[b] = cta->bar[b].word;
        f->bars |= (uint32_t)(f->bar[b] != 0) << b;
    }
    f->fault_warp = -1;
    f->fault_pc = 0;
    f->fault_what = WR_FETCH_NONE;
    f->profile[0] = '\0';                    /* TRACE-FORMAT "Profiles": named unless native */
    if (cta->profile != WR_PROFILE_NATIVE)
        snprintf(f->profile, sizeof f->profile, "%s", wr_profile_name(cta->profile));
    f->dump_regs = rf ? dump_regs : 0;
    f->r = rf ? rf->r : NULL;
    f->r_undef = rf ? rf->r_undef : NULL;
    f->r_have = rf ? rf->nregs : 0;
    for (unsigned w = 0; rf && w < cta->nwarps; w++) {
        memcpy(f->p[w], rf->p[w], sizeof f->p[w]);
        memcpy(f->p_undef[w], rf->p_undef[w], sizeof f->p_undef[w]);
    }
}

/* ---- JSONL: one line, one record ----------------------------------------------- */

/* The parser's state: the line, the position, the first error. */
typedef struct jp {
    const char *base, *p, *end;
    const char *name;
    uint64_t recno;
    char *err;
    size_t errsize;
    int failed;
} jp;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int jfail_at(jp *j, const char *at, const char *fmt, ...)
{
    if (j->failed)
        return -1;
    j->failed = 1;
    int n = snprintf(j->err, j->errsize, "%s:%" PRIu64 ":%zu: error: ", j->name, j->recno,
                     (size_t)(at - j->base) + 1);
    if (n >= 0 && (size_t)n < j->errsize) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(j->err + n, j->errsize - (size_t)n, fmt, ap);
        va_end(ap);
        /* one line, whatever the input: a key or a word quoted from the
         * record may hold escaped control characters ("\n") */
        for (char *c = j->err + n; *c; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                *c = '?';
    }
    return -1;
}
#define jfail(j, ...) jfail_at((j), (j)->p, __VA_ARGS__)

static inline void ws(jp *j)
{
    while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r'))
        j->p++;
}

/* a character shown in a message */
static const char *shown(jp *j, char buf[8])
{
    if (j->p >= j->end)
        return "the end of the line";
    const unsigned char c = (unsigned char)*j->p;
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02x", c);
    return buf;
}

static int expect_fail(jp *j, char c)
{
    char b[8];
    return jfail(j, "expected '%c', got %s", c, shown(j, b));
}

static inline int expect(jp *j, char c)
{
    ws(j);
    if (j->p < j->end && *j->p == c) {
        j->p++;
        return 0;
    }
    return expect_fail(j, c);
}

/* 8 hex digits at p (either case) as a value, 8 bytes at a time: 0, or
 * -1 if one is not a hex digit */
static inline int hex8(const char *p, uint32_t *out)
{
    uint64_t b;
    memcpy(&b, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    b = __builtin_bswap64(b);
#endif
    const uint64_t ones = 0x0101010101010101u, high = 0x8080808080808080u;
    /* per byte: 0x80 when lo <= x <= hi (bytes below 0x80) */
#define BETWEEN(x, lo, hi) ((((x) + (0x80 - (lo)) * ones) & ~((x) + (0x7f - (hi)) * ones)) & high)
    const uint64_t lower = b | 0x2020202020202020u;
    const uint64_t ok = BETWEEN(b, '0', '9') | BETWEEN(lower, 'a', 'f');
#undef BETWEEN
    if ((b & high) || ok != high)
        return -1;
    uint64_t v = (b & 0x0f0f0f0f0f0f0f0fu) + ((b >> 6) & ones) * 9;   /* a nibble per byte */
    v = (v * 16 + (v >> 8)) & 0x00ff00ff00ff00ffu;                    /* the first char is the high nibble */
    v = (v * 256 + (v >> 16)) & 0x0000ffff0000ffffu;
    *out = (uint32_t)(v << 16 | v >> 32);
    return 0;
}

/* '"0x' then 1..maxdigits hex digits then '"' */
static int hexstr(jp *j, unsigned maxdigits, uint64_t *v, unsigned *ndigits, const char *what)
{
    ws(j);
    const char *s = j->p;
    uint32_t hi, lo;
    /* what the writer writes: 8 or 16 digits */
    if (j->end - s >= 12 && s[0] == '"' && s[1] == '0' && s[2] == 'x') {
        if (s[11] == '"' && hex8(s + 3, &lo) == 0) {
            *v = lo;
            if (ndigits)
                *ndigits = 8;
            j->p = s + 12;
            return 0;
        }
        if (maxdigits >= 16 && j->end - s >= 20 && s[19] == '"' && hex8(s + 3, &hi) == 0 && hex8(s + 11, &lo) == 0) {
            *v = (uint64_t)hi << 32 | lo;
            if (ndigits)
                *ndigits = 16;
            j->p = s + 20;
            return 0;
        }
    }
    if (j->end - s < 4 || s[0] != '"' || s[1] != '0' || s[2] != 'x')
        return jfail(j, "%s: expected a hex string \"0x...\"", what);
    uint64_t x = 0;
    const char *q = s + 3;
    unsigned n = 0;
    for (; q < j->end; q++, n++) {
        const unsigned c = (unsigned char)*q;
        unsigned d;
        if (c - '0' < 10)
            d = c - '0';
        else if ((c | 32) - 'a' < 6)
            d = (c | 32) - 'a' + 10;
        else
            break;
        x = x << 4 | d;
        if (n >= 16)
            break;
    }
    if (n == 0 || q >= j->end || *q != '"')
        return jfail_at(j, s, "%s: expected a hex string \"0x...\"", what);
    if (n > maxdigits) {
        /* leading zeros are fine as long as the value fits */
        const char *first = s + 3;
        while (first < q && *first == '0')
            first++;
        if ((unsigned)(q - first) > maxdigits || n > 16)
            return jfail_at(j, s, "%s: value too wide (more than %u bits)", what, 4 * maxdigits);
    }
    *v = x;
    if (ndigits)
        *ndigits = n;
    j->p = q + 1;
    return 0;
}

static int hex32(jp *j, uint32_t *v, const char *what)
{
    uint64_t x;
    if (hexstr(j, 8, &x, NULL, what))
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* a JSON number that is a non-negative integer */
static int uint_(jp *j, uint64_t max, uint64_t *v, const char *what)
{
    ws(j);
    const char *s = j->p;
    uint64_t x = 0;
    while (j->p < j->end && (unsigned)(*j->p - '0') < 10) {
        const unsigned d = (unsigned)(*j->p - '0');
        if (x > (UINT64_MAX - d) / 10)
            return jfail_at(j, s, "%s: number does not fit 64 bits", what);
        x = x * 10 + d;
        j->p++;
    }
    if (j->p == s || (j->p - s > 1 && *s == '0') ||
        (j->p < j->end && (*j->p == '.' || *j->p == 'e' || *j->p == 'E')))
        return jfail_at(j, s, "%s: expected a non-negative integer", what);
    if (x > max)
        return jfail_at(j, s, "%s: %" PRIu64 " out of range 0..%" PRIu64, what, x, max);
    *v = x;
    return 0;
}

/* A JSON string into buf (escapes decoded; \u00XX..\uFFFF as UTF-8).
 * Returns its length, or -1. */
static long jstring(jp *j, char *buf, size_t size, const char *what)
{
    ws(j);
    if (j->p >= j->end || *j->p != '"')
        return jfail(j, "%s: expected a string", what);
    const char *s = j->p++;
    size_t n = 0;
    for (;;) {
        if (j->p >= j->end)
            return jfail_at(j, s, "%s: unterminated string", what);
        unsigned char c = (unsigned char)*j->p++;
        if (c == '"')
            break;
        if (c < 0x20)
            return jfail_at(j, j->p - 1, "%s: control character in a string", what);
        if (c == '\\') {
            if (j->p >= j->end)
                return jfail_at(j, s, "%s: unterminated string", what);
            const char e = *j->p++;
            unsigned u = 0;
            switch (e) {
            case '"': case '\\': case '/': c = (unsigned char)e; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'u':
                for (int k = 0; k < 4; k++) {
                    const unsigned h = j->p < j->end ? (unsigned char)*j->p : 0;
                    const unsigned d = h - '0' < 10 ? h - '0' : (h | 32) - 'a' < 6 ? (h | 32) - 'a' + 10 : 16;
                    if (d > 15)
                        return jfail(j, "%s: bad \\u escape", what);
                    u = u << 4 | d;
                    j->p++;
                }
                if (u == 0)
                    return jfail_at(j, j->p - 6, "%s: \\u0000 in a string", what);
                if (u >= 0x80) {                       /* UTF-8 (surrogates kept as they are) */
                    char t[3];
                    size_t k = 0;
                    if (u < 0x800) {
                        t[k++] = (char)(0xc0 | u >> 6);
                    } else {
                        t[k++] = (char)(0xe0 | u >> 12);
                        t[k++] = (char)(0x80 | (u >> 6 & 0x3f));
                    }
                    for (size_t i = 0; i < k; i++) {
                        if (n + 1 >= size)
                            return jfail_at(j, s, "%s: string too long (more than %zu bytes)", what, size - 1);
                        buf[n++] = t[i];
                    }
                    c = (unsigned char)(0x80 | (u & 0x3f));
                } else {
                    c = (unsigned char)u;
                }
                break;
            default:
                return jfail_at(j, j->p - 2, "%s: bad escape '\\%c'", what, e);
            }
        }
        if (n + 1 >= size)
            return jfail_at(j, s, "%s: string too long (more than %zu bytes)", what, size - 1);
        buf[n++] = (char)c;
    }
    buf[n] = '\0';
    return (long)n;
}

/* skip any JSON value (an unknown key's) */
static int skip_value(jp *j, int depth)
{
    ws(j);
    if (depth > 64)
        return jfail(j, "nested too deeply");
    if (j->p >= j->end)
        return jfail(j, "expected a value, got the end of the line");
    char scratch[512];
    switch (*j->p) {
    case '"':
        for (const char *s = j->p++;;) {          /* a string of any length */
            if (j->p >= j->end)
                return jfail_at(j, s, "unterminated string");
            const char c = *j->p++;
            if (c == '\\')
                j->p++;
            else if (c == '"')
                return 0;
        }
    case '{':
    case '[': {
        const char close = *j->p == '{' ? '}' : ']';
        const int obj = close == '}';
        j->p++;
        ws(j);
        if (j->p < j->end && *j->p == close) {
            j->p++;
            return 0;
        }
        for (;;) {
            if (obj && (jstring(j, scratch, sizeof scratch, "key") < 0 || expect(j, ':')))
                return -1;
            if (skip_value(j, depth + 1))
                return -1;
            ws(j);
            if (j->p < j->end && *j->p == ',') {
                j->p++;
                continue;
            }
            return expect(j, close);
        }
    }
    default: {
        static const char *const words[] = { "true", "false", "null" };
        for (unsigned k = 0; k < 3; k++) {
            const size_t n = strlen(words[k]);
            if ((size_t)(j->end - j->p) >= n && memcmp(j->p, words[k], n) == 0) {
                j->p += n;
                return 0;
            }
        }
        const char *s = j->p;
        if (j->p < j->end && *j->p == '-')
            j->p++;
        while (j->p < j->end && strchr("0123456789.eE+-", *j->p))
            j->p++;
        if (j->p == s) {
            char b[8];
            return jfail(j, "expected a value, got %s", shown(j, b));
        }
        return 0;
    }
    }
}

static int jlit(jp *j, const char *word)
{
    ws(j);
    const size_t n = strlen(word);
    if ((size_t)(j->end - j->p) >= n && memcmp(j->p, word, n) == 0) {
        j->p += n;
        return 1;
    }
    return 0;
}

static int more_fail(jp *j, char close)
{
    char b[8];
    return jfail(j, "expected ',' or '%c', got %s", close, shown(j, b));
}

/* ',' -> 1 (more), the closing character -> 0, else -1 */
static inline int more(jp *j, char close)
{
    ws(j);
    if (j->p < j->end && *j->p == ',') {
        j->p++;
        return 1;
    }
    if (j->p < j->end && *j->p == close) {
        j->p++;
        return 0;
    }
    return more_fail(j, close);
}

/* '{' then: '}' -> 0 (empty), or a key -> 1 */
static int obj_open(jp *j)
{
    if (expect(j, '{'))
        return -1;
    ws(j);
    if (j->p < j->end && *j->p == '}') {
        j->p++;
        return 0;
    }
    return 1;
}

/* a key (as the writer writes them: no escapes; others are not ours) */
static inline int key(jp *j, const char **k, size_t *n)
{
    *k = j->p;
    *n = 0;
    ws(j);
    if (j->p >= j->end || *j->p != '"')
        return jfail(j, "expected a key (a string)");
    const char *s = ++j->p;
    const char *q = memchr(s, '"', (size_t)(j->end - s));
    if (!q)
        return jfail_at(j, s - 1, "unterminated string");
    *k = s;
    *n = (size_t)(q - s);
    j->p = q + 1;
    return expect(j, ':');
}


/* "B3" -> 3, "12" -> 12 (numbers below `limit`); -1 if not */
static int small_index(const char *k, size_t n, int prefix, unsigned limit)
{
    if (prefix) {
        if (!n || *k != prefix)
            return -1;
        k++;
        n--;
    }
    if (n == 0 || n > 3 || (n > 1 && *k == '0'))
        return -1;
    unsigned v = 0;
    for (size_t i = 0; i < n; i++) {
        if ((unsigned)(k[i] - '0') > 9)
            return -1;
        v = v * 10 + (unsigned)(k[i] - '0');
    }
    return v < limit ? (int)v : -1;
}

/* {"B0":"0x...", ...} */
static int parse_bregs(jp *j, uint32_t *b)
{
    const char *what = wr_trace_keys[WR_K_B].what;
    memset(b, 0, WR_NUM_BREGS * sizeof *b);
    int r = obj_open(j);
    uint32_t seen = 0;
    while (r > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int i = small_index(k, n, 'B', WR_NUM_BREGS);
        if (i < 0)
            return jfail_at(j, at, "%s: unknown key '%.*s' (B0..B15)", what, (int)(n < 40 ? n : 40), k);
        if (seen >> i & 1u)
            return jfail_at(j, at, "%s: B%d given twice", what, i);
        seen |= 1u << i;
        if (hex32(j, &b[i], what))
            return -1;
        r = more(j, '}');
    }
    return r;
}

/* {"N":"0x...", ...} */
static int parse_bars(jp *j, uint32_t *mask, uint32_t *words)
{
    const char *what = wr_trace_keys[WR_K_BARS].what;
    *mask = 0;
    int r = obj_open(j);
    while (r > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int i = small_index(k, n, 0, WR_MAX_BARRIERS);
        if (i < 0)
            return jfail_at(j, at, "%s: '%.*s' is not a barrier number 0..31", what, (int)(n < 40 ? n : 40), k);
        if (*mask >> i & 1u)
            return jfail_at(j, at, "%s: barrier %d given twice", what, i);
        *mask |= 1u << i;
        if (hex32(j, &words[i], what))
            return -1;
        r = more(j, '}');
    }
    return r;
}


static int name_index(const char *s, const char *(*name)(unsigned), unsigned count)
{
    for (unsigned k = 1; k < count; k++)
        if (strcmp(s, name(k)) == 0)
            return (int)k;
    return -1;
}

/* a decimal number below `limit` at *s, advancing; -1 if none */
static long dec_at(const char **s, unsigned long limit)
{
    const char *p = *s;
    unsigned long v = 0;
    if ((unsigned)(*p - '0') > 9 || (*p == '0' && (unsigned)(p[1] - '0') <= 9))
        return -1;
    while ((unsigned)(*p - '0') <= 9) {
        v = v * 10 + (unsigned long)(*p - '0');
        if (v >= limit)
            return -1;
        p++;
    }
    *s = p;
    return (long)v;
}

/* one event string (TRACE-FORMAT) */
static int parse_event(jp *j, wr_trace_rec *t, int first)
{
    const char *what = wr_trace_keys[WR_K_EV].what;
    char s[160];
    const char *at = j->p;
    if (jstring(j, s, sizeof s, what) < 0)
        return -1;
    if (strcmp(s, "wake") == 0) {
        if (!first)
            return jfail_at(j, at, "%s: \"wake\" must come first", what);
        t->wake = 1;
        return 0;
    }
    if (t->nev >= WR_MAX_EVENTS)
        return jfail_at(j, at, "%s: more than %d events", what, WR_MAX_EVENTS);
    wr_event e = { 0, 0, 0 };
    char *colon = strchr(s, ':');
    if (colon)
        *colon = '\0';
    const char *arg = colon ? colon + 1 : NULL;
    int kind = -1;
    for (unsigned k = 0; k < WR_EV_COUNT && kind < 0; k++)
        if (strcmp(s, wr_event_name(k)) == 0)
            kind = (int)k;
    if (kind < 0)
        return jfail_at(j, at, "%s: unknown event '%s'", what, s);
    e.kind = (uint8_t)kind;
    long v;
    switch (kind) {
    case WR_EV_WARNING:
    case WR_EV_EXCEPTION: {
        const int code = arg ? (kind == WR_EV_WARNING ? name_index(arg, wr_warning_name, WR_WARN_COUNT)
                                                      : name_index(arg, wr_exception_name, WR_EXC_COUNT))
                             : -1;
        if (code < 0)
            return jfail_at(j, at, "%s: unknown %s '%s'", what, s, arg ? arg : "");
        e.code = (uint8_t)code;
        break;
    }
    case WR_EV_BLOCK:
    case WR_EV_ARRIVE:
    case WR_EV_RELEASE:
        if (!arg || (v = dec_at(&arg, WR_MAX_BARRIERS)) < 0)
            return jfail_at(j, at, "%s: %s needs a barrier number 0..31", what, s);
        e.code = (uint8_t)v;
        if (kind == WR_EV_RELEASE && *arg == ':') {
            arg++;
            for (;;) {
                const long w = dec_at(&arg, WR_MAX_WARPS);
                if (w < 0 || (e.value >> w))
                    return jfail_at(j, at, "%s: release: bad warp list (ascending warps 0..31)", what);
                e.value |= 1u << w;
                if (*arg != ',')
                    break;
                arg++;
            }
        }
        if (*arg)
            return jfail_at(j, at, "%s: unexpected '%s' after %s", what, arg, s);
        break;
    case WR_EV_TRAP:
        if (!arg || (v = dec_at(&arg, 1ul << 32)) < 0 || *arg)
            return jfail_at(j, at, "%s: trap needs an index 0..4294967295", what);
        e.value = (uint32_t)v;
        break;
    default:
        if (arg)
            return jfail_at(j, at, "%s: '%s' takes no argument", what, s);
        break;
    }
    t->ev[t->nev++] = e;
    return 0;
}

/* 32 lane values; *wide when one has more than 8 digits */
static int parse_lanes(jp *j, uint64_t *v, int *wide, uint32_t *present, const char *what)
{
    if (expect(j, '['))
        return -1;
    /* what the writer writes: "0x%08x" (or null) and ',' with no blanks */
    const char *q = j->p;
    uint32_t got = 0;
    unsigned l;
    for (l = 0; l < WR_LANES; l++) {
        const char sep = l == WR_LANES - 1 ? ']' : ',';
        uint32_t x;
        if (j->end - q >= 13 && q[0] == '"' && q[1] == '0' && q[2] == 'x' && q[11] == '"' && q[12] == sep &&
            hex8(q + 3, &x) == 0) {
            v[l] = x;
            got |= 1u << l;
            q += 13;
        } else if (present && j->end - q >= 5 && memcmp(q, "null", 4) == 0 && q[4] == sep) {
            v[l] = 0;
            q += 5;
        } else {
            break;
        }
    }
    if (l == WR_LANES) {
        j->p = q;
        *wide = 0;
        if (present)
            *present = got;
        return 0;
    }
    l = 0;
    *wide = 0;
    if (present)
        *present = 0;
    for (;;) {
        if (l >= WR_LANES)
            return jfail(j, "%s: more than 32 lane values", what);
        unsigned nd;
        if (present && jlit(j, "null")) {
            v[l] = 0;
        } else {
            if (hexstr(j, 16, &v[l], &nd, what))
                return -1;
            *wide |= nd > 8;
            if (present)
                *present |= 1u << l;
        }
        l++;
        const int r = more(j, ']');
        if (r < 0)
            return -1;
        if (!r)
            break;
    }
    if (l != WR_LANES)
        return jfail(j, "%s: %u lane values, expected 32", what, l);
    return 0;
}

/* `in`, key by key of its table (schema.h) */
static int parse_in(jp *j, wr_trace_rec *t)
{
    wr_trace_rec *const r = t;   /* (the schema's VALUE) */
    t->in_keys = 0;
    int go = obj_open(j);
    while (go > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int i = wr_trace_key_find(wr_trace_in_keys, WR_K_IN_COUNT, k, n, 0);
        if (i < 0)
            return jfail_at(j, at, "in: unknown key '%.*s'", (int)(n < 40 ? n : 40), k);
        const wr_trace_key *ik = &wr_trace_in_keys[i];
        if (t->in_keys & ik->when)
            return jfail_at(j, at, "in: '%.*s' given twice", (int)n, k);
        int wide = 0;
        unsigned nd = 0;
        switch (i) {
#define IN_MASK(value, width) hex32(j, &(value), ik->what)
#define IN_LANES(value, width) parse_lanes(j, value, &wide, NULL, ik->what)
#define IN_WIDE(value, width) hexstr(j, 16, &(value), &nd, ik->what)
#define WR_X_(name, key, type, width, when, rule, value) \
        case WR_K_IN_##name:                             \
            if (IN_##type(value, width))                 \
                return -1;                               \
            if ((wide || nd > 8) && !(width))            \
                return jfail_at(j, at, "%s: values wider than 32 bits", ik->what); \
            t->in_keys |= (wide || nd > 8) ? (unsigned)(width) : 0u; \
            break;
            WR_TRACE_IN_KEYS(WR_X_)
#undef WR_X_
#undef IN_MASK
#undef IN_LANES
#undef IN_WIDE
        }
        t->in_keys |= ik->when;
        go = more(j, '}');
    }
    if (go == 0 && !(t->in_keys & WR_IN_PG))
        return jfail(j, "in: missing '%s'", wr_trace_in_keys[WR_K_IN_PG].name);
    if (!(t->in_keys & WR_IN_PP))
        t->in.pp = 0;
    return go;
}

/* `out.pd`: its two keys */
static int parse_pd(jp *j, wr_trace_rec *t, const char *at)
{
    const wr_trace_key *pk = wr_trace_pd_keys;
    unsigned pseen = 0;
    int q = obj_open(j);
    while (q > 0) {
        const char *k, *kat = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int i = wr_trace_key_find(pk, WR_K_PD_COUNT, k, n, 0);
        if (i < 0 || (pseen >> i & 1u))
            return jfail_at(j, kat, "%s: unexpected key '%.*s' (%s, %s)", pk[0].what, (int)(n < 40 ? n : 40), k,
                            pk[WR_K_PD_MASK].name, pk[WR_K_PD_VAL].name);
        pseen |= 1u << i;
        if (hex32(j, i == WR_K_PD_MASK ? &t->pd_mask : &t->pd_val, pk[i].what))
            return -1;
        q = more(j, '}');
    }
    if (q < 0)
        return -1;
    if (pseen != (1u << WR_K_PD_COUNT) - 1)
        return jfail_at(j, at, "%s: needs '%s' and '%s'", pk[0].what, pk[WR_K_PD_MASK].name, pk[WR_K_PD_VAL].name);
    return 0;
}

/* `out`, key by key of its table (schema.h) */
static int parse_out(jp *j, wr_trace_rec *t)
{
    const wr_trace_key *ok = wr_trace_out_keys;
    t->out = 0;
    unsigned seen = 0;
    int go = obj_open(j);
    while (go > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int i = wr_trace_key_find(ok, WR_K_OUT_COUNT, k, n, 0);
        if (i < 0)
            return jfail_at(j, at, "out: unknown key '%.*s'", (int)(n < 40 ? n : 40), k);
        if (seen >> i & 1u)
            return jfail_at(j, at, "out: '%.*s' given twice", (int)n, k);
        seen |= 1u << i;
        int wide = 0;
        unsigned nd = 0;
        switch (i) {
        case WR_K_OUT_RD:
            if (parse_lanes(j, t->rd, &wide, &t->rd_lanes, ok[i].what))
                return -1;
            t->out |= ok[i].when | (wide ? WR_TO_RD64 : 0);
            break;
        case WR_K_OUT_RD_DC:
            if (hexstr(j, 16, &t->rd_dc, &nd, ok[i].what))
                return -1;
            if (nd > 8)
                t->out |= WR_TO_RD64;
            break;
        case WR_K_OUT_PD:
            if (parse_pd(j, t, at))
                return -1;
            t->out |= ok[i].when;
            break;
        default:                             /* pd_dc */
            if (jlit(j, "true"))
                t->out |= WR_TO_PD_DC;
            else if (!jlit(j, "false"))
                return jfail(j, "%s: expected true or false", ok[i].what);
            break;
        }
        go = more(j, '}');
    }
    if (go < 0)
        return -1;
    /* the keys of one WHEN bit go together: rd and rd_dc, pd and pd_dc */
    for (unsigned a = 0; a < WR_K_OUT_COUNT; a++)
        for (unsigned b = a + 1; b < WR_K_OUT_COUNT; b++)
            if (ok[a].when == ok[b].when && (seen >> a & 1u) != (seen >> b & 1u))
                return jfail(j, "out: '%s' and '%s' go together", ok[a].name, ok[b].name);
    if (!(seen >> WR_K_OUT_RD_DC & 1u))
        t->rd_dc = 0;
    return 0;
}

/* the record keys (schema.h), bit per key */
#define KB(name) (1u << WR_K_##name)

struct wr_trace_scratch {
    wr_trace_rec rec;
    wr_trace_final fin;
    uint32_t *r, *r_undef;
    size_t rcap;                 /* uint32_t of r */
};

wr_trace_scratch *wr_trace_scratch_new(void) { return calloc(1, sizeof(wr_trace_scratch)); }

void wr_trace_scratch_free(wr_trace_scratch *s)
{
    if (!s)
        return;
    free(s->r);
    free(s->r_undef);
    free(s);
}

/* one warp of the final record's `warps`, at index w */
static int parse_final_warp(jp *j, wr_trace_scratch *s, unsigned w)
{
    wr_trace_final *f = &s->fin;
    wr_warp *x = &f->warp[w];
    memset(x, 0, sizeof *x);
    const wr_trace_key *wk = wr_trace_warp_keys;
#define WB(name) (1u << WR_K_W_##name)
    unsigned seen = 0;
    const char *open = j->p;
    int r = obj_open(j);
    while (r > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int i = wr_trace_key_find(wk, WR_K_W_COUNT, k, n, 0);
        if (i < 0)
            return jfail_at(j, at, "warps: unknown key '%.*s'", (int)(n < 40 ? n : 40), k);
        if (seen >> i & 1u)
            return jfail_at(j, at, "warps: '%s' given twice", wk[i].name);
        seen |= 1u << i;
        uint64_t v;
        char str[32];
        const char *what = wk[i].what;
        switch (i) {
        case WR_K_W_WARP:
            if (uint_(j, WR_MAX_WARPS - 1, &v, what))
                return -1;
            if (v != w)
                return jfail_at(j, at, "warps: warp %" PRIu64 " listed in position %u", v, w);
            break;
        case WR_K_W_STATE: {
            if (jstring(j, str, sizeof str, what) < 0)
                return -1;
            int st = -1;
            for (unsigned k2 = 0; k2 < WR_WARP_STATE_COUNT; k2++)
                if (strcmp(str, wr_run_state_name(k2)) == 0)
                    st = (int)k2;
            if (st < 0)
                return jfail_at(j, at, "warps: unknown state '%s'", str);
            x->run = (uint8_t)st;
            break;
        }
#define WR_X_(name, key, type, width, when, rule, value) WARP_##type(name, value)
#define WARP_HEX(name, value)                             \
        case WR_K_W_##name:                               \
            if (hexstr(j, 16, &(value), NULL, what))      \
                return -1;                                \
            break;
#define WARP_MASK(name, value)                            \
        case WR_K_W_##name:                               \
            if (hex32(j, &(value), what))                 \
                return -1;                                \
            break;
#define WARP_DEC(name, value)
#define WARP_STR(name, value)
#define WARP_BREGS(name, value)
#define WARP_REGS(name, value)
#define WARP_PREDS(name, value)
#define WARP_DC(name, value)
        WR_TRACE_WARP_KEYS(WR_X_)
#undef WR_X_
#undef WARP_HEX
#undef WARP_MASK
#undef WARP_DEC
#undef WARP_STR
#undef WARP_BREGS
#undef WARP_REGS
#undef WARP_PREDS
#undef WARP_DC
        case WR_K_W_B: if (parse_bregs(j, x->breg) < 0) return -1; break;
        case WR_K_W_R: {
            /* 32 arrays (lanes) of N registers; N the same everywhere */
            if (expect(j, '['))
                return -1;
            for (unsigned l = 0; l < WR_LANES; l++) {
                if (l && expect(j, ','))
                    return -1;
                if (expect(j, '['))
                    return -1;
                unsigned nr = 0;
                ws(j);
                if (!(j->p < j->end && *j->p == ']')) {
                    for (;;) {
                        if (nr >= WR_RZ)
                            return jfail(j, "%s: more than %d registers", what, WR_RZ);
                        if (f->dump_regs && nr >= f->dump_regs)
                            return jfail(j, "%s: lane %u has more than %u registers", what, l, f->dump_regs);
                        if (!f->dump_regs) {     /* the first warp's lane 0 sets N; room for R0..R254 */
                            const size_t need = (size_t)WR_MAX_WARPS * WR_RZ * WR_LANES;
                            if (s->rcap < need) {
                                uint32_t *a = realloc(s->r, need * sizeof *a);
                                uint32_t *u = a ? realloc(s->r_undef, (size_t)WR_MAX_WARPS * WR_RZ * sizeof *u) : NULL;
                                if (a)
                                    s->r = a;
                                if (!u)
                                    return jfail(j, "out of memory");
                                s->r_undef = u;
                                s->rcap = need;
                            }
                        }
                        uint32_t val;
                        if (hex32(j, &val, what))
                            return -1;
                        /* stored [warp][reg][lane] with WR_RZ registers per warp until N is known */
                        s->r[((size_t)w * WR_RZ + nr) * WR_LANES + l] = val;
                        nr++;
                        const int q = more(j, ']');
                        if (q < 0)
                            return -1;
                        if (!q)
                            break;
                    }
                } else {
                    j->p++;
                }
                if (!f->dump_regs && w == 0 && l == 0) {
                    if (!nr)
                        return jfail(j, "%s: no registers", what);
                    f->dump_regs = nr;
                } else if (nr != f->dump_regs) {
                    return jfail(j, "%s: lane %u has %u registers, expected %u", what, l, nr, f->dump_regs);
                }
            }
            if (expect(j, ']'))
                return -1;
            break;
        }
        case WR_K_W_P:
            if (expect(j, '['))
                return -1;
            memset(f->p[w], 0, sizeof f->p[w]);
            for (unsigned l = 0; l < WR_LANES; l++) {
                if (l && expect(j, ','))
                    return -1;
                if (uint_(j, 127, &v, what))
                    return -1;
                for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                    f->p[w][p] |= (uint32_t)(v >> p & 1u) << l;
            }
            if (expect(j, ']'))
                return -1;
            break;
        default: {                        /* dc */
            memset(f->p_undef[w], 0, sizeof f->p_undef[w]);
            if (s->r_undef && f->dump_regs)
                memset(&s->r_undef[(size_t)w * WR_RZ], 0, WR_RZ * sizeof *s->r_undef);
            int q = obj_open(j);
            while (q > 0) {
                const char *dk, *dat = j->p;
                size_t dn;
                if (key(j, &dk, &dn))
                    return -1;
                const int isr = dn && dk[0] == 'R';
                const int idx = small_index(dk, dn, isr ? 'R' : 'P', isr ? WR_RZ : WR_NUM_PREDS);
                if (idx < 0 || (isr && (!s->r_undef || (unsigned)idx >= f->dump_regs)))
                    return jfail_at(j, dat, "%s: unknown key '%.*s'", what, (int)(dn < 40 ? dn : 40), dk);
                uint32_t m;
                if (hex32(j, &m, what))
                    return -1;
                if (isr)
                    s->r_undef[(size_t)w * WR_RZ + (unsigned)idx] = m;
                else
                    f->p_undef[w][idx] = m;
                q = more(j, '}');
            }
            if (q < 0)
                return -1;
            break;
        }
        }
        r = more(j, '}');
    }
    if (r < 0)
        return -1;
    unsigned need = 0, regs = 0;            /* the keys every warp has; its registers' */
    for (unsigned i = 0; i < WR_K_W_COUNT; i++) {
        need |= (unsigned)(wk[i].when == WR_ALWAYS) << i;
        regs |= (unsigned)(wk[i].when == FIN_REGS) << i;
    }
    if ((seen & need) != need) {
        unsigned i = 0;
        while ((seen | ~need) >> i & 1u)
            i++;
        return jfail_at(j, open, "warps: warp %u has no '%s'", w, wk[i].name);
    }
    if ((seen & regs) && (seen & regs) != regs)
        return jfail_at(j, open, "warps: warp %u: '%s', '%s' and '%s' go together", w, wk[WR_K_W_R].name,
                        wk[WR_K_W_P].name, wk[WR_K_W_DC].name);
    if (f->dump_regs && !(seen & WB(R)))
        return jfail_at(j, open, "warps: warp %u has no '%s'", w, wk[WR_K_W_R].name);
    if (!(seen & WB(DC)) && s->r_undef)
        memset(&s->r_undef[(size_t)w * WR_RZ], 0, WR_RZ * sizeof *s->r_undef);
    if (!(seen & regs)) {
        memset(f->p[w], 0, sizeof f->p[w]);
        memset(f->p_undef[w], 0, sizeof f->p_undef[w]);
    }
    return 0;
#undef WB
}

static int parse_fault(jp *j, wr_trace_final *f)
{
    const wr_trace_key *fk = wr_trace_fault_keys;
    unsigned seen = 0;
    const char *open = j->p;
    int go = obj_open(j);
    while (go > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        uint64_t v;
        char what[64];
        const int i = wr_trace_key_find(fk, WR_K_F_COUNT, k, n, 0);
        if (i < 0 || (seen >> i & 1u))
            return jfail_at(j, at, "fault: unexpected key '%.*s'", (int)(n < 40 ? n : 40), k);
        seen |= 1u << i;
        switch (i) {
        case WR_K_F_WARP:
            if (uint_(j, WR_MAX_WARPS - 1, &v, fk[i].what))
                return -1;
            f->fault_warp = (int)v;
            break;
        case WR_K_F_PC:
            if (hexstr(j, 16, &f->fault_pc, NULL, fk[i].what))
                return -1;
            break;
        default: {                           /* what */
            if (jstring(j, what, sizeof what, fk[i].what) < 0)
                return -1;
            const int w = name_index(what, wr_fetch_fault_name, WR_FETCH_FAULT_COUNT);
            if (w < 0)
                return jfail_at(j, at, "fault: unknown '%s' '%s'", fk[i].name, what);
            f->fault_what = (unsigned)w;
            break;
        }
        }
        go = more(j, '}');
    }
    if (go < 0)
        return -1;
    if (seen != (1u << WR_K_F_COUNT) - 1)
        return jfail_at(j, open, "fault: needs '%s', '%s' and '%s'", fk[WR_K_F_WARP].name, fk[WR_K_F_PC].name,
                        fk[WR_K_F_WHAT].name);
    return 0;
}

/* Move the final record's registers from the [warp][WR_RZ][lane] layout of
 * parsing to [warp][N][lane]. */
static void pack_regs(wr_trace_scratch *s)
{
    wr_trace_final *f = &s->fin;
    const unsigned n = f->dump_regs;
    for (unsigned w = 0; w < f->nwarps && n; w++) {
        memmove(&s->r[(size_t)w * n * WR_LANES], &s->r[(size_t)w * WR_RZ * WR_LANES], (size_t)n * WR_LANES * sizeof *s->r);
        memmove(&s->r_undef[(size_t)w * n], &s->r_undef[(size_t)w * WR_RZ], n * sizeof *s->r_undef);
    }
    f->r = n ? s->r : NULL;
    f->r_undef = n ? s->r_undef : NULL;
    f->r_have = n;
}

/* One record from j->p: to j->end, or with `nl` to the end of its line
 * (then j->p is left on the newline or the end). */
static int parse_record(jp *j, wr_trace_scratch *s, int nl)
{
    wr_trace_rec *t = &s->rec, *const r = t;   /* (r: the schema's VALUE) */
    wr_trace_final *f = &s->fin;
    uint32_t seen = 0;
    unsigned next_key = 0;
    uint64_t v;
    t->keys = 0;
    t->nev = 0;
    t->wake = 0;
    t->op_derived = t->asm_derived = 0;
    t->in_keys = 0;
    t->out = 0;
    t->bars = 0;
    ws(j);
    if (j->p >= j->end || *j->p == '\n')
        return jfail(j, "empty line (want a JSON object)");
    if (*j->p != '{') {
        char b[8];
        return jfail(j, "expected a JSON object ('{'), got %s", shown(j, b));
    }
    j->p++;
    ws(j);
    int go = 1;
    if (j->p < j->end && *j->p == '}') {
        j->p++;
        go = 0;
    }
    while (go > 0) {
        const char *k, *at = j->p;
        size_t n;
        if (key(j, &k, &n))
            return -1;
        const int kk = wr_trace_key_find(wr_trace_keys, WR_K_COUNT, k, n, next_key);
        if (kk < 0) {                      /* not a key of the format: skipped */
            if (skip_value(j, 0))
                return -1;
            go = more(j, '}');
            continue;
        }
        if (seen >> kk & 1u)
            return jfail_at(j, at, "'%s' given twice", wr_trace_keys[kk].name);
        seen |= 1u << kk;
        next_key = (unsigned)kk + 1;
        const char *what = wr_trace_keys[kk].what;
        switch (kk) {
        case WR_K_T:
            if (uint_(j, UINT64_MAX, &v, what))
                return -1;
            t->t = f->t = v;
            break;
        case WR_K_WARP:
            if (uint_(j, WR_MAX_WARPS - 1, &v, what))
                return -1;
            t->warp = (uint32_t)v;
            break;
        /* the keys of one value: as the schema's TYPE says */
#define WR_X_(name, key, type, width, when, rule, where, value) REC_##type(name, value)
#define REC_HEX(name, value)                              \
        case WR_K_##name:                                 \
            if (hexstr(j, 16, &(value), NULL, what))      \
                return -1;                                \
            break;
#define REC_MASK(name, value)                             \
        case WR_K_##name:                                 \
            if (hex32(j, &(value), what))                 \
                return -1;                                \
            break;
#define REC_OP(name, value)                               \
        case WR_K_##name:                                 \
            if (jstring(j, value, sizeof(value), what) < 0) \
                return -1;                                \
            break;
#define REC_DEC(name, value)
#define REC_BREGS(name, value)
#define REC_EVENTS(name, value)
#define REC_WORD(name, value)
#define REC_IN(name, value)
#define REC_OUT(name, value)
#define REC_BARS(name, value)
#define REC_ASM(name, value)
#define REC_STR(name, value)
#define REC_WARPS(name, value)
#define REC_FAULT(name, value)
        WR_TRACE_KEYS(WR_X_)
#undef WR_X_
#undef REC_HEX
#undef REC_MASK
#undef REC_OP
#undef REC_DEC
#undef REC_BREGS
#undef REC_EVENTS
#undef REC_WORD
#undef REC_IN
#undef REC_OUT
#undef REC_BARS
#undef REC_ASM
#undef REC_STR
#undef REC_WARPS
#undef REC_FAULT
        case WR_K_B: if (parse_bregs(j, t->b) < 0) return -1; break;
        case WR_K_EV: {
            if (expect(j, '['))
                return -1;
            ws(j);
            if (j->p < j->end && *j->p == ']') {
                j->p++;
                break;
            }
            for (int first = 1;; first = 0) {
                if (parse_event(j, t, first))
                    return -1;
                const int q = more(j, ']');
                if (q < 0)
                    return -1;
                if (!q)
                    break;
            }
            break;
        }
        case WR_K_INSN: {
            ws(j);
            const char *s0 = j->p;
            uint32_t w4[4];
            if (j->end - s0 >= 36 && s0[0] == '"' && s0[1] == '0' && s0[2] == 'x' && s0[35] == '"' &&
                hex8(s0 + 3, &w4[3]) == 0 && hex8(s0 + 11, &w4[2]) == 0 && hex8(s0 + 19, &w4[1]) == 0 &&
                hex8(s0 + 27, &w4[0]) == 0) {
                memcpy(t->insn.w, w4, sizeof w4);
                j->p = s0 + 36;
                t->keys |= WR_TK_INSN;
                break;
            }
            char w[40];
            const long len = jstring(j, w, sizeof w, what);
            if (len < 0)
                return -1;
            if (wr_word_parse(w, &t->insn) != 0)
                return jfail_at(j, s0, "%s: not a 128-bit word (want \"0x\" and 32 hex digits)", what);
            t->keys |= WR_TK_INSN;
            break;
        }
        case WR_K_IN:
            if (parse_in(j, t) < 0)
                return -1;
            t->keys |= WR_TK_IN;
            break;
        case WR_K_OUT:
            if (parse_out(j, t))
                return -1;
            t->keys |= WR_TK_OUT;
            break;
        case WR_K_BARS:
            if (parse_bars(j, &t->bars, t->bar) < 0)
                return -1;
            f->bars = t->bars;
            memcpy(f->bar, t->bar, sizeof f->bar);
            t->keys |= WR_TK_BARS;
            break;
        case WR_K_ASM:
            if (jstring(j, t->asm_text, sizeof t->asm_text, what) < 0)
                return -1;
            t->keys |= WR_TK_ASM;
            break;
        case WR_K_END: {
            char e[32];
            ws(j);
            const char *vat = j->p;
            if (jstring(j, e, sizeof e, what) < 0)
                return -1;
            const int end = wr_end_by_name(e);
            if (end < 0)
                return jfail_at(j, vat, "%s: unknown reason '%s' (done, deadlock, livelock, exception, limit)", what,
                                e);
            f->end = (unsigned)end;
            break;
        }
        case WR_K_WARPS: {
            f->dump_regs = 0;
            f->nwarps = 0;
            if (expect(j, '['))
                return -1;
            for (;;) {
                if (f->nwarps >= WR_MAX_WARPS)
                    return jfail(j, "%s: more than %d warps", what, WR_MAX_WARPS);
                if (parse_final_warp(j, s, f->nwarps))
                    return -1;
                f->nwarps++;
                const int q = more(j, ']');
                if (q < 0)
                    return -1;
                if (!q)
                    break;
            }
            break;
        }
        case WR_K_FAULT:
            if (parse_fault(j, f))
                return -1;
            break;
        default:                           /* profile */
            if (jstring(j, f->profile, sizeof f->profile, what) < 0)
                return -1;
            break;
        }
        go = more(j, '}');
    }
    if (go < 0)
        return -1;
    ws(j);
    if (j->p < j->end && !(nl && *j->p == '\n')) {
        char b[8];
        return jfail(j, "unexpected %s after the record", shown(j, b));
    }
    if (seen & KB(END)) {
        if (seen & ~WR_KEYS_FIN) {
            unsigned i = 0;
            while (!((seen & ~WR_KEYS_FIN) >> i & 1u))
                i++;
            return jfail_at(j, j->base, "the final record has '%s'", wr_trace_keys[i].name);
        }
        if ((seen & WR_KEYS_FIN_REQUIRED) != WR_KEYS_FIN_REQUIRED) {
            unsigned i = 0;
            while ((seen | ~WR_KEYS_FIN_REQUIRED) >> i & 1u)
                i++;
            return jfail_at(j, j->base, "the final record has no '%s'", wr_trace_keys[i].name);
        }
        if (!(seen & KB(FAULT)))
            f->fault_warp = -1;
        if (!(seen & KB(PROFILE)))
            f->profile[0] = '\0';
        if (f->fault_warp >= 0 && (unsigned)f->fault_warp >= f->nwarps)
            return jfail_at(j, j->base, "%s: warp %d, but the record lists %u warps", wr_trace_keys[WR_K_FAULT].name,
                            f->fault_warp, f->nwarps);
        pack_regs(s);
        return WR_TRACE_END;
    }
    if ((seen & WR_KEYS_INSN_REQUIRED) != WR_KEYS_INSN_REQUIRED) {
        unsigned i = 0;
        char need[128];
        while ((seen | ~WR_KEYS_INSN_REQUIRED) >> i & 1u)
            i++;
        return jfail_at(j, j->base, "no '%s' (an instruction record needs %s)", wr_trace_keys[i].name,
                        wr_trace_insn_required_text(need, sizeof need));
    }
    /* the final record's own keys (not `t`, `bars`: an instruction record's too) */
    const uint32_t fin_only = WR_KEYS_FIN & ~(uint32_t)WR_KEYS_INSN_REQUIRED & ~(uint32_t)KB(BARS);
    if (seen & fin_only) {
        unsigned i = 0;
        while (!((seen & fin_only) >> i & 1u))
            i++;
        return jfail_at(j, j->base, "an instruction record with '%s'", wr_trace_keys[i].name);
    }
    if (!(t->keys & WR_TK_BARS))
        t->bars = 0;
    return WR_TRACE_INSN;
}

int wr_trace_parse_line(wr_trace_scratch *s, const char *line, size_t len, const char *name, uint64_t recno,
                        const wr_trace_rec **rec, const wr_trace_final **fin, char *err, size_t errsize)
{
    jp j = { line, line, line + len, name, recno, err, errsize, 0 };
    const int r = parse_record(&j, s, 0);
    if (r == WR_TRACE_INSN && rec)
        *rec = &s->rec;
    if (r == WR_TRACE_END && fin)
        *fin = &s->fin;
    return r;
}

/* ---- the binary format (docs/trace-binary.md) ------------------------------------- */

enum { RS = WR_TRACE_RECORD_SIZE, RS_WORDS = RS / 4 };

/* head flags */
enum {
    F_WAKE = 1u << 0, F_INSN = 1u << 1, F_IN = 1u << 2, F_OUT = 1u << 3, F_BARS = 1u << 4,
    F_ASM = 1u << 5, F_ASM_TEXT = 1u << 6, F_OP_TEXT = 1u << 7,
    F_IN_SHIFT = 8,              /* WR_IN_* (10 bits: pg .. c64) */
    F_OUT_SHIFT = 20,            /* WR_TO_* (4 bits) */
    F_IN_RE = 1u << 24,          /* WR_IN_RE: `in.re` (outside the flags a reader of
                                    version 1 knows, so that it refuses the record) */
    F_KNOWN = 0x01ffffffu
};
enum { E_FAULT = 1u << 0, E_PROFILE = 1u << 1, E_KNOWN = 3u };
enum { I_TAIL0 = 80, E_TAIL0 = 24, W_TAIL0 = 48 };   /* where the inline tail words start */
/* every head ends in the checksum of its record (version 2): the inline tail
 * stops before it; the header's checksum is at HEADER_SUM */
enum { SUM_AT = RS - 4, INLINE_END = SUM_AT, HEADER_SUM = WR_TRACE_HEADER_SIZE - 4 };

static inline void st16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static inline void st32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline void st64(uint8_t *p, uint64_t v)
{
    st32(p, (uint32_t)v);
    st32(p + 4, (uint32_t)(v >> 32));
}
static inline uint32_t ld16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static inline uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}
static inline uint64_t ld64(const uint8_t *p) { return (uint64_t)ld32(p) | (uint64_t)ld32(p + 4) << 32; }

/* A record's checksum (docs/trace-binary.md): the low 32 bits of XXH3 of
 * its head up to the checksum, then of its extension records, seeded with
 * its record number, so that a record lost, repeated or moved fails too.
 * XXH3 because it is the fastest of the Debian libraries' checksums on
 * records of 128-400 bytes (CRC32 of zlib is ten times slower). */
static uint32_t rec_sum(const uint8_t *p, size_t size, uint64_t recno)
{
    uint64_t h = XXH3_64bits_withSeed(p, SUM_AT, recno);
    if (size > RS)
        h = XXH3_64bits_withSeed(p + RS, size - RS, h);
    return (uint32_t)h;
}

static uint32_t header_sum(const uint8_t *h) { return (uint32_t)XXH3_64bits(h, HEADER_SUM); }

/* A block of records (docs/trace-binary.md, "Blocks"): a 'B' record, then
 * the records of BLOCK_SLOTS or more slots of 128 bytes, ending at a record's
 * end.  The 'B' record holds XXH3-64 of the block's bytes, seeded with the
 * number of its first record: one hash over 4 KiB instead of one per
 * record (XXH3's long inputs are hashed 32 or 64 bytes a step); the
 * records' own checksums are read only when it does not match, to name the
 * record.  The first BLOCK_SLOTS slots of a trace have no block. */
enum { BLOCK_SLOTS = 32, BLOCK_MAX_SLOTS = 1024 };   /* (the writer's are below 32 + 48) */
enum { B_SLOTS = 4, B_RECORDS = 8, B_FIRST = 12, B_SUM = 20 };   /* offsets in the 'B' record */

#if WR_BLOCKSUM_AVX2
uint64_t wr_blocksum_avx2(const void *p, size_t size, uint64_t seed);   /* blocksum_avx2.c */
/* (asked per block: a few instructions, and no state shared between threads) */
static int wr_blocksum_avx2_ok(void) { return __builtin_cpu_supports("avx2") != 0; }
#endif

static uint64_t block_sum(const uint8_t *p, size_t size, uint64_t first)
{
#if WR_BLOCKSUM_AVX2
    if (wr_blocksum_avx2_ok())
        return wr_blocksum_avx2(p, size, first);
#endif
    return XXH3_64bits_withSeed(p, size, first);
}

/* the 'B' record's own fields (its checksum aside), for a block of `slots`
 * slots and `records` records from record `first` at p */
static void block_head(uint8_t *b, const uint8_t *p, uint32_t slots, uint32_t records, uint64_t first)
{
    memset(b, 0, RS);
    b[0] = 'B';
    st32(b + B_SLOTS, slots);
    st32(b + B_RECORDS, records);
    st64(b + B_FIRST, first);
    st64(b + B_SUM, block_sum(p, (size_t)slots * RS, first));
    st32(b + SUM_AT, rec_sum(b, RS, first));
}

/* bits set (without the libgcc call of a build for any x86-64) */
static inline unsigned pop32(uint32_t v)
{
    v = v - (v >> 1 & 0x55555555u);
    v = (v & 0x33333333u) + (v >> 2 & 0x33333333u);
    return ((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u >> 24;
}

/* the tail: u32 words, the first `inline_words` in the head, the rest in
 * whole records right after it */
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

/* Encode an instruction record; returns its size in bytes (a multiple of
 * RS).  out has room for BIN_MAX bytes. */
enum { BIN_MAX = 48 * RS };

static size_t bin_encode(uint8_t *out, const wr_trace_rec *t, uint64_t recno)
{
    static __thread tail tl;
    uint8_t *h = out;
    memset(h, 0, RS);
    uint32_t flags = (t->wake ? F_WAKE : 0);
    if (t->keys & WR_TK_INSN)
        flags |= F_INSN;
    if (t->keys & WR_TK_IN)
        flags |= F_IN | (t->in_keys & 0x3ffu) << F_IN_SHIFT | ((t->in_keys & WR_IN_RE) ? F_IN_RE : 0);
    if (t->keys & WR_TK_OUT)
        flags |= F_OUT | (t->out & 0xfu) << F_OUT_SHIFT;
    if (t->keys & WR_TK_BARS)
        flags |= F_BARS;
    /* op and asm are stored only when the word does not give them */
    wr_insn insn;
    const int dec = (t->keys & WR_TK_INSN) && wr_decode(&t->insn, &insn, NULL, 0) == 0;
    if (!(dec && (t->op_derived || strcmp(t->op, wr_op_name(&insn)) == 0)))
        flags |= F_OP_TEXT;
    if (t->keys & WR_TK_ASM) {
        char text[WR_TRACE_ASM_MAX];
        if (dec && !t->asm_derived)
            wr_disasm(&insn, t->pc, text, sizeof text);
        flags |= (dec && (t->asm_derived || strcmp(text, t->asm_text) == 0)) ? F_ASM : F_ASM_TEXT;
    }
    h[0] = 'I';
    h[1] = (uint8_t)t->warp;
    h[2] = (uint8_t)t->nev;
    st32(h + 4, flags);
    st64(h + 8, t->t);
    st64(h + 16, t->pc);
    st64(h + 24, t->next_pc);
    st32(h + 32, t->active);
    st32(h + 36, t->valid);
    st32(h + 40, t->yield);
    st32(h + 44, t->sleep);
    st32(h + 48, t->swtch);
    tl.n = 0;
    st16(h + 52, tail_bregs(&tl, t->b));
    st32(h + 56, (t->keys & WR_TK_IN) ? t->in.pg : 0);
    st32(h + 60, (t->out & WR_TO_RD) ? t->rd_lanes : 0);
    for (unsigned k = 0; k < 4; k++)
        st32(h + 64 + 4 * k, (t->keys & WR_TK_INSN) ? t->insn.w[k] : 0);
    const unsigned in = (t->keys & WR_TK_IN) ? t->in_keys : 0;
    const unsigned o = (t->keys & WR_TK_OUT) ? t->out : 0;
    if (in & WR_IN_PP)
        tl.w[tl.n++] = t->in.pp;
    if (in & WR_IN_UR) {
        tl.w[tl.n++] = (uint32_t)t->in.ur;
        tl.w[tl.n++] = (uint32_t)(t->in.ur >> 32);
    }
    if (in & WR_IN_C) {
        tl.w[tl.n++] = (uint32_t)t->in.c;
        tl.w[tl.n++] = (uint32_t)(t->in.c >> 32);
    }
    if (o & WR_TO_RD) {
        tl.w[tl.n++] = (uint32_t)t->rd_dc;
        tl.w[tl.n++] = (uint32_t)(t->rd_dc >> 32);
    }
    if (o & WR_TO_PD) {
        tl.w[tl.n++] = t->pd_mask;
        tl.w[tl.n++] = t->pd_val;
    }
    if (t->keys & WR_TK_BARS) {
        tl.w[tl.n++] = t->bars;
        for (uint32_t m = t->bars; m; m &= m - 1)
            tl.w[tl.n++] = t->bar[__builtin_ctz(m)];
    }
    for (unsigned i = 0; i < t->nev; i++) {
        tl.w[tl.n++] = (uint32_t)t->ev[i].kind | (uint32_t)t->ev[i].code << 8;
        tl.w[tl.n++] = t->ev[i].value;
    }
    if (flags & F_OP_TEXT)
        tail_text(&tl, t->op_derived ? "?" : t->op);
    if (flags & F_ASM_TEXT)
        tail_text(&tl, t->asm_derived ? "?" : t->asm_text);
    st16(h + 54, tl.n);
    unsigned next = put_tail(h, I_TAIL0, &tl);
    uint8_t *p = h + RS * (1 + next);
    if (in & WR_IN_RA)
        p = (in & WR_IN_RA64) ? put_lanes64(p, t->in.ra) : put_lanes32(p, t->in.ra);
    if (in & WR_IN_RB)
        p = put_lanes32(p, t->in.rb);
    if (in & WR_IN_RC)
        p = put_lanes32(p, t->in.rc);
    if (in & WR_IN_RE)
        p = put_lanes32(p, t->in.re);
    if (o & WR_TO_RD)
        p = (o & WR_TO_RD64) ? put_lanes64(p, t->rd) : put_lanes32(p, t->rd);
    next = (unsigned)((size_t)(p - h) / RS) - 1;
    h[3] = (uint8_t)next;
    st32(h + SUM_AT, rec_sum(h, (size_t)(p - h), recno));
    return (size_t)(p - h);
}

/* the final record: 'E', then a 'W' per warp */
static size_t bin_encode_end(uint8_t *out, size_t cap, const wr_trace_final *f, uint64_t recno)
{
    static __thread tail tl;
    uint8_t *h = out;
    memset(h, 0, RS);
    h[0] = 'E';
    h[1] = (uint8_t)f->end;
    h[2] = (uint8_t)f->nwarps;
    uint32_t flags = (f->fault_warp >= 0 ? E_FAULT : 0) | (f->profile[0] ? E_PROFILE : 0);
    st32(h + 4, flags);
    st64(h + 8, f->t);
    st16(h + 18, f->dump_regs);
    st32(h + 20, f->bars);
    tl.n = 0;
    for (uint32_t m = f->bars; m; m &= m - 1)
        tl.w[tl.n++] = f->bar[__builtin_ctz(m)];
    if (flags & E_FAULT) {
        tl.w[tl.n++] = (uint32_t)f->fault_warp;
        tl.w[tl.n++] = (uint32_t)f->fault_pc;
        tl.w[tl.n++] = (uint32_t)(f->fault_pc >> 32);
        tl.w[tl.n++] = f->fault_what;
    }
    if (flags & E_PROFILE)
        tail_text(&tl, f->profile);
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
        q[1] = (uint8_t)w;
        q[2] = x->run;
        st64(q + 8, x->active_pc);
        st32(q + 16, x->active);
        st32(q + 20, x->valid);
        st32(q + 24, x->yield);
        st32(q + 28, x->sleep);
        st32(q + 32, x->swtch);
        tl.n = 0;
        st16(q + 36, tail_bregs(&tl, x->breg));
        const unsigned n = f->dump_regs;
        unsigned ndc = 0;
        if (n) {
            for (unsigned l = 0; l < WR_LANES; l += 4) {
                uint32_t word = 0;
                for (unsigned k = 0; k < 4; k++) {
                    unsigned bits = 0;
                    for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                        bits |= (f->p[w][p] >> (l + k) & 1u) << p;
                    word |= (uint32_t)bits << (8 * k);
                }
                tl.w[tl.n++] = word;
            }
            for (unsigned r = 0; r < n && r < f->r_have; r++)
                if (f->r_undef[(size_t)w * f->r_have + r]) {
                    tl.w[tl.n++] = 'R' | r << 8;
                    tl.w[tl.n++] = f->r_undef[(size_t)w * f->r_have + r];
                    ndc++;
                }
            for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                if (f->p_undef[w][p]) {
                    tl.w[tl.n++] = 'P' | p << 8;
                    tl.w[tl.n++] = f->p_undef[w][p];
                    ndc++;
                }
        }
        st16(q + 38, tl.n);
        st16(q + 40, n);
        st16(q + 42, ndc);
        const unsigned tn = put_tail(q, W_TAIL0, &tl);
        uint8_t *p = q + RS * (1 + tn);
        for (unsigned r = 0; r < n; r++, p += RS)
            for (unsigned l = 0; l < WR_LANES; l++)
                st32(p + 4 * l, r < f->r_have ? f->r[((size_t)w * f->r_have + r) * WR_LANES + l] : 0);
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

/* ---- reading -------------------------------------------------------------------- */

struct wr_trace_reader {
    int fd;
    int own_fd;
    char *name;
    unsigned format;
    unsigned threads;
    uint8_t *buf;                /* [pos, len) unread */
    size_t pos, len, cap;
    int eof;                     /* read() returned 0 */
    uint64_t recno;              /* records handed out */
    uint64_t offset;             /* file offset of buf[0] */
    int ended;                   /* the final record was read */
    int mapped;                  /* buf is the whole file, mapped (a regular file) */
    int failed;
    uint64_t last_t;             /* the `t` of the record read last (time never goes back) */
    /* the block of records the last 'B' record heads (docs/trace-binary.md):
     * its end (file offset, 0: none open), first record, records and
     * whether its checksum matched (then its records' own are not read) */
    uint64_t blk_end, blk_first;
    uint32_t blk_records;
    int blk_ok;
    uint64_t lead;               /* the slots read before the first block */
    char errmsg[512];
    wr_trace_scratch *s;
    /* binary: what the flags of a head say, for the last flags seen at
     * each slot (a trace has a few kinds of record: most heads hit) */
    struct head_kind {
        uint32_t flags;          /* HEAD_NONE: the slot is empty */
        uint16_t in, out;        /* WR_IN_*, WR_TO_* */
        uint16_t words;          /* tail words that the flags alone add */
        uint16_t lanes;          /* lane records */
        uint32_t keys;           /* WR_TK_* */
    } kind[64];
};

enum { HEAD_NONE = 0xffffffffu };  /* (has bits outside F_KNOWN: never a head's flags) */

enum { READ_CHUNK = 1 << 20, JSONL_LINE_MAX = 64 << 20 };

/* more bytes into buf: keep [pos, len), grow to hold `want` bytes from pos */
static int fill(wr_trace_reader *r, size_t want)
{
    if (r->mapped)
        return 0;
    if (r->pos > 0 && (r->len - r->pos < want || r->len == r->cap)) {
        memmove(r->buf, r->buf + r->pos, r->len - r->pos);
        r->offset += r->pos;
        r->len -= r->pos;
        r->pos = 0;
    }
    if (want > r->cap - r->pos) {
        size_t cap = r->cap;
        while (cap < want)
            cap *= 2;
        uint8_t *b = realloc(r->buf, cap + 1);
        if (!b) {
            errno = ENOMEM;
            return -1;
        }
        r->buf = b;
        r->cap = cap;
    }
    while (!r->eof && r->len < r->cap) {
        ssize_t n = read(r->fd, r->buf + r->len, r->cap - r->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            r->eof = 1;
        r->len += (size_t)n;
        if (r->len - r->pos >= want)
            break;
    }
    return 0;
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4), cold))
#endif
static int rfail(wr_trace_reader *r, uint64_t recno, const char *fmt, ...)
{
    int n = snprintf(r->errmsg, sizeof r->errmsg, "%s:%" PRIu64 ": error: ", r->name, recno);
    if (n >= 0 && (size_t)n < sizeof r->errmsg) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->errmsg + n, sizeof r->errmsg - (size_t)n, fmt, ap);
        va_end(ap);
    }
    r->failed = 1;
    return WR_TRACE_ERROR;
}

wr_trace_reader *wr_trace_open(const char *path, char *err, size_t errsize)
{
    const int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    wr_trace_reader *r = calloc(1, sizeof *r);
    if (r) {
        r->name = strdup(name);
        r->s = wr_trace_scratch_new();
    }
    if (!r || !r->name || !r->s) {
        snprintf(err, errsize, "%s:1: error: out of memory", name);
        wr_trace_close(r);
        return NULL;
    }
    for (unsigned k = 0; k < sizeof r->kind / sizeof r->kind[0]; k++)
        r->kind[k].flags = HEAD_NONE;
    r->cap = READ_CHUNK;
    r->fd = is_stdin ? 0 : open(path, O_RDONLY);
    r->own_fd = !is_stdin;
    if (r->fd < 0 || (is_stdin && fcntl(0, F_GETFD) < 0)) {
        snprintf(err, errsize, "%s:1: error: cannot open: %s", name, strerror(errno));
        r->own_fd = 0;
        wr_trace_close(r);
        return NULL;
    }
    struct stat st;
    if (!is_stdin && fstat(r->fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (uint64_t)st.st_size < SIZE_MAX / 2) {
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, r->fd, 0);
        if (m != MAP_FAILED) {          /* no copy: the records are read where they lie */
            posix_madvise(m, (size_t)st.st_size, POSIX_MADV_SEQUENTIAL);
            r->buf = m;
            r->len = r->cap = (size_t)st.st_size;
            r->eof = 1;
            r->mapped = 1;
        }
    }
    if (!r->mapped && !(r->buf = malloc(READ_CHUNK + 1))) {
        snprintf(err, errsize, "%s:1: error: out of memory", name);
        wr_trace_close(r);
        return NULL;
    }
    if (fill(r, WR_TRACE_HEADER_SIZE) != 0) {
        snprintf(err, errsize, "%s:1: error: cannot read: %s", name, strerror(errno));
        wr_trace_close(r);
        return NULL;
    }
    const size_t have = r->len;
    const size_t m = have < 8 ? have : 8;
    if (have && r->buf[0] == (uint8_t)WR_TRACE_MAGIC[0] && memcmp(r->buf, WR_TRACE_MAGIC, m) == 0) {
        const uint8_t *h = r->buf;
        r->format = WR_TRACE_FMT_BINARY;
        const char *bad = NULL;
        char msg[160];
        if (have < WR_TRACE_HEADER_SIZE) {
            snprintf(msg, sizeof msg, "truncated header (%zu of %d bytes)", have, WR_TRACE_HEADER_SIZE);
            bad = msg;
        } else if (ld16(h + 8) == 1) {
            snprintf(msg, sizeof msg, "binary trace version 1 (without checksums); this warpref reads version %d: "
                     "write the trace again, or convert it to JSONL with the warpref that wrote it", WR_TRACE_VERSION);
            bad = msg;
        } else if (ld16(h + 8) != WR_TRACE_VERSION) {
            snprintf(msg, sizeof msg, "binary trace version %u; this warpref reads version %d", ld16(h + 8),
                     WR_TRACE_VERSION);
            bad = msg;
        } else if (ld32(h + HEADER_SUM) != header_sum(h)) {
            snprintf(msg, sizeof msg, "corrupt header: checksum 0x%08x, its bytes give 0x%08x", ld32(h + HEADER_SUM),
                     header_sum(h));
            bad = msg;
        } else if (ld16(h + 10) != WR_TRACE_HEADER_SIZE || ld16(h + 12) != WR_TRACE_RECORD_SIZE) {
            snprintf(msg, sizeof msg, "header size %u and record size %u; version %d has %d and %d", ld16(h + 10),
                     ld16(h + 12), WR_TRACE_VERSION, WR_TRACE_HEADER_SIZE, WR_TRACE_RECORD_SIZE);
            bad = msg;
        } else if (ld32(h + 16) > WR_MAX_THREADS || ld16(h + 14) != 0) {
            snprintf(msg, sizeof msg, "bad header (threads %u, flags 0x%x)", ld32(h + 16), ld16(h + 14));
            bad = msg;
        } else {
            for (unsigned k = 20; k < HEADER_SUM && !bad; k++)
                if (h[k]) {
                    snprintf(msg, sizeof msg, "bad header: reserved byte %u is 0x%02x, not 0", k, h[k]);
                    bad = msg;
                }
        }
        if (bad) {
            snprintf(err, errsize, "%s:1: error: %s", name, bad);
            wr_trace_close(r);
            return NULL;
        }
        r->threads = ld32(h + 16);
        r->pos = WR_TRACE_HEADER_SIZE;
    } else {
        r->format = WR_TRACE_FMT_JSONL;
    }
    return r;
}

void wr_trace_close(wr_trace_reader *r)
{
    if (!r)
        return;
    if (r->own_fd && r->fd >= 0)
        close(r->fd);
    wr_trace_scratch_free(r->s);
    if (r->mapped)
        munmap(r->buf, r->len);
    else
        free(r->buf);
    free(r->name);
    free(r);
}

unsigned wr_trace_reader_format(const wr_trace_reader *r) { return r->format; }
unsigned wr_trace_reader_threads(const wr_trace_reader *r) { return r->threads; }
const char *wr_trace_reader_name(const wr_trace_reader *r) { return r->name; }
uint64_t wr_trace_recno(const wr_trace_reader *r) { return r->recno; }

static int read_jsonl(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin)
{
    if (r->mapped) {                     /* the record ends its line: no search for it first */
        if (r->pos >= r->len)
            return WR_TRACE_EOF;
        const char *s = (const char *)r->buf + r->pos;
        r->recno++;
        if (r->ended)
            return rfail(r, r->recno, "a record after the final record");
        jp j = { s, s, (const char *)r->buf + r->len, r->name, r->recno, r->errmsg, sizeof r->errmsg, 0 };
        const int k = parse_record(&j, r->s, 1);
        if (k == WR_TRACE_INSN && rec)
            *rec = &r->s->rec;
        if (k == WR_TRACE_END && fin)
            *fin = &r->s->fin;
        if (k == WR_TRACE_ERROR)
            r->failed = 1;
        if (k == WR_TRACE_END)
            r->ended = 1;
        r->pos = (size_t)(j.p - (const char *)r->buf) + (j.p < j.end);
        return k;
    }
    for (;;) {
        const uint8_t *s = r->buf + r->pos;
        const uint8_t *nl = memchr(s, '\n', r->len - r->pos);
        if (!nl && !r->eof) {
            const size_t have = r->len - r->pos;
            if (have >= JSONL_LINE_MAX)
                return rfail(r, r->recno + 1, "record longer than %d MiB", JSONL_LINE_MAX >> 20);
            if (fill(r, have < r->cap / 2 ? r->cap : 2 * have) != 0)
                return rfail(r, r->recno + 1, "cannot read: %s", strerror(errno));
            continue;
        }
        const size_t n = nl ? (size_t)(nl - s) : r->len - r->pos;
        if (!nl && n == 0)
            return WR_TRACE_EOF;
        r->pos += n + (nl != NULL);
        r->recno++;
        if (r->ended)
            return rfail(r, r->recno, "a record after the final record");
        const int k = wr_trace_parse_line(r->s, (const char *)s, n, r->name, r->recno, rec, fin, r->errmsg,
                                          sizeof r->errmsg);
        if (k == WR_TRACE_ERROR)
            r->failed = 1;
        if (k == WR_TRACE_END)
            r->ended = 1;
        return k;
    }
}

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

static int read_binary(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin)
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
        return read_binary(r, rec, fin);
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

int wr_trace_read(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin, char *err,
                  size_t errsize)
{
    int k = r->failed ? WR_TRACE_ERROR
            : r->format == WR_TRACE_FMT_BINARY ? read_binary(r, rec, fin)
                                               : read_jsonl(r, rec, fin);
    if (k > 0) {                         /* t is monotonic: several records may share one */
        const uint64_t t = k == WR_TRACE_INSN ? r->s->rec.t : r->s->fin.t;
        if (t < r->last_t)
            k = rfail(r, r->recno, "t: %" PRIu64 " is less than the previous record's %" PRIu64 " (time never goes "
                      "back)", t, r->last_t);
        r->last_t = t;
    }
    if (k == WR_TRACE_ERROR)
        snprintf(err, errsize, "%s", r->errmsg);
    return k;
}

/* the last line of a regular JSONL file, parsed as a final record: its warps
 * (0: it is not one, or it does not parse: the scan finds why) */
static unsigned tail_warps(const char *path, uint32_t *last_valid)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    struct stat st;
    unsigned n = 0;
    enum { TAIL = 4 << 20 };
    char *buf = NULL, err[300];
    wr_trace_scratch *s = wr_trace_scratch_new();
    if (s && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (buf = malloc(st.st_size > TAIL ? TAIL + 1 : (size_t)st.st_size + 1))) {
        const off_t from = st.st_size > TAIL ? st.st_size - TAIL : 0;
        const ssize_t got = pread(fd, buf, (size_t)(st.st_size - from), from);
        if (got > 0) {
            size_t e = (size_t)got;
            if (buf[e - 1] == '\n')
                e--;
            size_t b = e;
            while (b > 0 && buf[b - 1] != '\n')
                b--;
            const wr_trace_final *fin;
            if ((b > 0 || from == 0) &&
                wr_trace_parse_line(s, buf + b, e - b, path, 0, NULL, &fin, err, sizeof err) == WR_TRACE_END) {
                n = fin->nwarps;
                *last_valid = fin->warp[n - 1].valid;
            }
        }
    }
    wr_trace_scratch_free(s);
    free(buf);
    close(fd);
    return n;
}

int wr_trace_shape(const char *path, unsigned *threads, char *err, size_t errsize)
{
    *threads = 0;
    if (strcmp(path, "-") == 0) {
        snprintf(err, errsize, "it is read from standard input (once: its final record comes last)");
        return 0;
    }
    wr_trace_reader *r = wr_trace_open(path, err, errsize);
    if (!r)
        return -1;
    if (r->format == WR_TRACE_FMT_BINARY && r->threads) {
        *threads = r->threads;
        wr_trace_close(r);
        return 1;
    }
    /* JSONL: the final record's warps from the last line, when it is one;
     * then (or to find them) the records, in order, to the first record of
     * the last warp: a first record that is not an EXIT shows the warp's
     * lanes in its ValidMask (only EXIT shrinks it) */
    uint32_t last_valid = 0;
    unsigned n = r->format == WR_TRACE_FMT_JSONL ? tail_warps(path, &last_valid) : 0;
    uint32_t first_valid[WR_MAX_WARPS] = { 0 }, seen = 0, exits = 0;
    const wr_trace_rec *rec;
    const wr_trace_final *fin;
    int k;
    while ((k = wr_trace_read(r, &rec, &fin, err, errsize)) == WR_TRACE_INSN) {
        const unsigned w = rec->warp;
        if (seen >> w & 1u)
            continue;
        seen |= 1u << w;
        first_valid[w] = rec->valid;
        wr_insn insn;
        if (!(rec->keys & WR_TK_INSN) ? strcmp(rec->op, "EXIT") == 0 || strcmp(rec->op, "exit") == 0
                                      : wr_decode(&rec->insn, &insn, NULL, 0) != 0 || insn.optype == WR_OPT_EXIT)
            exits |= 1u << w;
        if (n && w == n - 1)
            break;                       /* (a scan that knows the warps stops here) */
    }
    if (k == WR_TRACE_ERROR) {
        wr_trace_close(r);
        return -1;
    }
    if (k == WR_TRACE_END) {
        n = fin->nwarps;
        last_valid = fin->warp[n - 1].valid;
    }
    wr_trace_close(r);
    if (!n) {
        snprintf(err, errsize, "it has no final record");
        return 0;
    }
    /* the last warp's lanes: its first record's ValidMask, or the final
     * record's when it has none */
    const uint32_t v = (seen >> (n - 1) & 1u) ? first_valid[n - 1] : last_valid;
    if ((exits >> (n - 1) & 1u) || !v) {
        snprintf(err, errsize, "the lanes of its last warp (%u) are not known: %s", n - 1,
                 (exits >> (n - 1) & 1u) ? "its first record is an EXIT" : "it has no valid lane");
        return 0;
    }
    *threads = 32 * (n - 1) + (32 - (unsigned)__builtin_clz(v));
    return 1;
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
