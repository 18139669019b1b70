/* json.h - internal: the JSONL reader's parser of one line (a parser made
 * for the records of TRACE-FORMAT: docs/replay.md says why not a general
 * JSON library): its state, the values it reads (hex strings, integers,
 * strings, objects' keys) with their messages, and the parts of a record
 * the two halves of the reader share (jsonl_read.c: instruction records;
 * jsonl_final.c: the final record). */
#ifndef WARPREF_TRACE_JSON_H
#define WARPREF_TRACE_JSON_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"
#include "schema.h"


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
static inline int jfail_at(jp *j, const char *at, const char *fmt, ...)
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
static inline const char *shown(jp *j, char buf[8])
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

static inline int expect_fail(jp *j, char c)
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
static inline int hexstr(jp *j, unsigned maxdigits, uint64_t *v, unsigned *ndigits, const char *what)
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

static inline int hex32(jp *j, uint32_t *v, const char *what)
{
    uint64_t x = 0;
    if (hexstr(j, 8, &x, NULL, what))
        return -1;
    *v = (uint32_t)x;
    return 0;
}

/* The case of a key-reading switch for a value of the schema's TYPE HEX (up
 * to 16 hex digits) or MASK (8): read into `value` or return -1.  The
 * readers' per-table case macros (REC_*, WARP_*) expand to these. */
#define JR_CASE_HEX(label, value)                         \
        case label:                                       \
            if (hexstr(j, 16, &(value), NULL, what))      \
                return -1;                                \
            break;
#define JR_CASE_MASK(label, value)                        \
        case label:                                       \
            if (hex32(j, &(value), what))                 \
                return -1;                                \
            break;

/* a JSON number that is a non-negative integer */
static inline int uint_(jp *j, uint64_t max, uint64_t *v, const char *what)
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
static inline long jstring(jp *j, char *buf, size_t size, const char *what)
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
static inline int skip_value(jp *j, int depth)
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

static inline int jlit(jp *j, const char *word)
{
    ws(j);
    const size_t n = strlen(word);
    if ((size_t)(j->end - j->p) >= n && memcmp(j->p, word, n) == 0) {
        j->p += n;
        return 1;
    }
    return 0;
}

static inline int more_fail(jp *j, char close)
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
static inline int obj_open(jp *j)
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

/* The next key of an object whose keys are a schema table (`out`, a final
 * warp): its index in keys[0..count), and its bit set in *seen.  An unknown
 * key, or one whose bit is set already, fails at the key ("OBJ: unknown key
 * 'K'", "OBJ: 'K' given twice"); -1 then.  *at: where the key starts. */
static inline int table_key(jp *j, const wr_trace_key *keys, unsigned count, const char *obj, unsigned *seen,
                            const char **at)
{
    const char *k;
    size_t n;
    *at = j->p;
    if (key(j, &k, &n))
        return -1;
    const int i = wr_trace_key_find(keys, count, k, n, 0);
    if (i < 0)
        return jfail_at(j, *at, "%s: unknown key '%.*s'", obj, (int)(n < 40 ? n : 40), k);
    if (*seen >> i & 1u)
        return jfail_at(j, *at, "%s: '%s' given twice", obj, keys[i].name);
    *seen |= 1u << i;
    return i;
}


/* "B3" -> 3, "12" -> 12 (numbers below `limit`); -1 if not */
static inline int small_index(const char *k, size_t n, int prefix, unsigned limit)
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
static inline int parse_bregs(jp *j, uint32_t *b)
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
            return jfail_at(j, at, "%s: unknown key '%.*s' (B0..B15)", WR_KEY(B), (int)(n < 40 ? n : 40), k);
        if (seen >> i & 1u)
            return jfail_at(j, at, "%s: B%d given twice", WR_KEY(B), i);
        seen |= 1u << i;
        if (hex32(j, &b[i], what))
            return -1;
        r = more(j, '}');
    }
    return r;
}

static inline int name_index(const char *s, const char *(*name)(unsigned), unsigned count)
{
    for (unsigned k = 1; k < count; k++)
        if (strcmp(s, name(k)) == 0)
            return (int)k;
    return -1;
}


/* the final record's parts (jsonl_final.c): one warp of `warps` at index
 * w, `fault`, and the registers moved to their final layout */
int wr_jsonl_final_warp(jp *j, wr_trace_scratch *s, unsigned w);
int wr_jsonl_fault(jp *j, wr_trace_final *f);
void wr_jsonl_pack_regs(wr_trace_scratch *s);

#endif
