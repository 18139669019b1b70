/* asm.c - the assembler (SPEC-NOTES section 7: N-60, N-61; N-51..N-54).
 *
 * Pass 1 reads the text line by line: labels, directives, and instructions.
 * An instruction's form is the first of its mnemonic's forms (table order)
 * whose SYNTAX operands match the written operands lexically, optional ones
 * taking their defaults when the next operand does not fit them.  Operand
 * values are checked and stored at once; an expression that names a label
 * is kept in reverse Polish and evaluated in pass 2, when every label is
 * known.  Finally every instruction is encoded.
 *
 * Errors are one line, "FILE:LINE:COL: error: what", COL 1-based in bytes,
 * pointing at the offending token; the first error stops the assembly.
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "warpref/isa.h"
#include "isa_priv.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum {
    MAX_LINE = 16384,          /* longest accepted source line, in bytes */
    MAX_OPERANDS = 8,
    MAX_EXPR_DEPTH = 32,       /* parenthesis nesting in an expression */
    MAX_THREADS = 1024,        /* N-53 */
};

/* ---- growable arrays -------------------------------------------------- */

/* Make room for `need` elements in the array whose pointer is at arrp
 * (the pointer is read and written with memcpy: no aliasing tricks). */
static int grow(void *arrp, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *p;
    memcpy(&p, arrp, sizeof p);
    void *q = realloc(p, n * elem);
    if (q == NULL)
        return -1;
    memcpy(arrp, &q, sizeof q);
    *cap = n;
    return 0;
}

/* ---- state ------------------------------------------------------------ */

typedef struct label {
    size_t name;               /* offset of the name in asm_ctx.names */
    uint32_t len;
    uint32_t hash;
    uint8_t defined;
    uint64_t addr;             /* byte address of the next instruction */
    unsigned line;             /* where defined */
} label;

/* Expression tokens in reverse Polish (labels by index). */
enum xop { X_NUM, X_LABEL, X_DOT, X_NEG, X_ADD, X_SUB };
typedef struct xtok {
    uint8_t op;
    unsigned col;              /* of the token or operator, for errors */
    uint64_t v;                /* X_NUM value, X_LABEL index */
} xtok;

/* The value of an expression, -2^63 .. 2^64-1 (N-60, N-52): it never wraps. */
typedef struct xval {
    uint64_t mag;              /* magnitude */
    uint8_t neg;               /* the value is -mag (mag != 0) */
} xval;

/* A value that waits for pass 2: an operand of instruction `index` or the
 * .const word `index`. */
typedef struct fixup {
    size_t index;
    uint8_t is_const;
    uint8_t kind;              /* wr_spec_kind of the operand (T or D) */
    uint8_t field;
    uint8_t single_label;
    uint8_t abs_target;        /* a D operand that is an absolute target */
    size_t x0, nx;             /* tokens */
    unsigned line, col;
} fixup;

typedef struct asm_ctx {
    const char *fname;
    char *err;
    size_t errsize;
    int failed;
    unsigned line;             /* current line, 1-based */
    const char *lb;            /* current line, comments blanked (columns count from it) */
    const char *start;         /* where its reading begins (load_line) */
    const char *word, *word_end;   /* the identifier parse_line read last, for parse_mnemonic */
    const char *text;          /* the caller's text, never written */
    size_t textlen;
    char *scratch;             /* MAX_LINE + 1 bytes: load_line's copy of a line */
    wr_program *prog;
    size_t cap_insns, cap_lines, cap_consts;   /* (prog->words and word_ok: cap_insns) */
    uint8_t *word_ok;          /* per instruction: prog->words[i] is made (build_insn) */
    label *labels;
    size_t nlabels, cap_labels;
    uint32_t *htab;            /* label index + 1, 0 = empty */
    size_t hsize;
    char *names;
    size_t nnames, cap_names;
    xtok *xt;
    size_t nxt, cap_xt;
    fixup *fx;
    size_t nfx, cap_fx;
    unsigned threads_line;
    int profile;               /* the profile the text is assembled for (G-01) */
    unsigned profile_line;     /* where `.profile` is, 0 if nowhere */
    int optimistic;            /* no profile_scan: stop at a `.profile` (assemble_pass) */
    int forced;                /* the profile the caller chose, or < 0 */
    const wr_isa_aux *aux;     /* wr_isa_aux_get(), once */
    struct spelling *sp;       /* the mnemonic spellings met (parse_mnemonic) */
    size_t nsp, cap_sp;
    uint32_t *sptab;           /* spelling index + 1, 0 = empty */
    uint32_t spcache[256];     /* spelling index + 1 by name_key (spelling_get) */
    size_t spsize;
} asm_ctx;

/* ---- errors ------------------------------------------------------------- */

static int vreport(asm_ctx *c, unsigned line, unsigned col, const char *fmt, va_list ap)
{
    if (c->failed)
        return -1;
    c->failed = 1;
    if (c->err == NULL || c->errsize == 0)
        return -1;
    int n = snprintf(c->err, c->errsize, "%s:%u:%u: error: ", c->fname, line, col);
    if (n >= 0 && (size_t)n < c->errsize)
        vsnprintf(c->err + n, c->errsize - (size_t)n, fmt, ap);
    return -1;
}

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PRINTF_LIKE(f, a)
#define ALWAYS_INLINE inline
#endif

/* Error at a position of the current line. */
static int PRINTF_LIKE(3, 4) err_at(asm_ctx *c, const char *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vreport(c, c->line, (unsigned)(p - c->lb) + 1u, fmt, ap);
    va_end(ap);
    return rc;
}

/* Error at a remembered line and column (pass 2). */
static int PRINTF_LIKE(4, 5) err_lc(asm_ctx *c, unsigned line, unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vreport(c, line, col, fmt, ap);
    va_end(ap);
    return rc;
}

static int oom(asm_ctx *c)
{
    return err_lc(c, c->line, 1, "out of memory");
}

/* ---- characters --------------------------------------------------------- */

/* One table lookup a character (the lexer's inner loops). */
/* CC_STOP: where the quick reader's operands stop (quick_line): the line's
 * end, ';', an annotation, a comment. */
enum { CC_SPACE = 1, CC_DIGIT = 2, CC_ALPHA = 4, CC_IDENT = 8, CC_STOP = 16 };
#define CC_A CC_ALPHA | CC_IDENT
static const uint8_t cclass[256] = {
    ['\0'] = CC_STOP, ['\n'] = CC_STOP, [';'] = CC_STOP, ['$'] = CC_STOP, ['&'] = CC_STOP, ['?'] = CC_STOP,
    ['/'] = CC_STOP,
    ['\t'] = CC_SPACE, ['\v'] = CC_SPACE, ['\f'] = CC_SPACE, ['\r'] = CC_SPACE, [' '] = CC_SPACE,
    ['0'] = CC_DIGIT | CC_IDENT, ['1'] = CC_DIGIT | CC_IDENT, ['2'] = CC_DIGIT | CC_IDENT,
    ['3'] = CC_DIGIT | CC_IDENT, ['4'] = CC_DIGIT | CC_IDENT, ['5'] = CC_DIGIT | CC_IDENT,
    ['6'] = CC_DIGIT | CC_IDENT, ['7'] = CC_DIGIT | CC_IDENT, ['8'] = CC_DIGIT | CC_IDENT,
    ['9'] = CC_DIGIT | CC_IDENT, ['_'] = CC_IDENT, ['.'] = CC_IDENT,
    ['A'] = CC_A, ['B'] = CC_A, ['C'] = CC_A, ['D'] = CC_A, ['E'] = CC_A, ['F'] = CC_A, ['G'] = CC_A,
    ['H'] = CC_A, ['I'] = CC_A, ['J'] = CC_A, ['K'] = CC_A, ['L'] = CC_A, ['M'] = CC_A, ['N'] = CC_A,
    ['O'] = CC_A, ['P'] = CC_A, ['Q'] = CC_A, ['R'] = CC_A, ['S'] = CC_A, ['T'] = CC_A, ['U'] = CC_A,
    ['V'] = CC_A, ['W'] = CC_A, ['X'] = CC_A, ['Y'] = CC_A, ['Z'] = CC_A,
    ['a'] = CC_A, ['b'] = CC_A, ['c'] = CC_A, ['d'] = CC_A, ['e'] = CC_A, ['f'] = CC_A, ['g'] = CC_A,
    ['h'] = CC_A, ['i'] = CC_A, ['j'] = CC_A, ['k'] = CC_A, ['l'] = CC_A, ['m'] = CC_A, ['n'] = CC_A,
    ['o'] = CC_A, ['p'] = CC_A, ['q'] = CC_A, ['r'] = CC_A, ['s'] = CC_A, ['t'] = CC_A, ['u'] = CC_A,
    ['v'] = CC_A, ['w'] = CC_A, ['x'] = CC_A, ['y'] = CC_A, ['z'] = CC_A,
};
#undef CC_A
static int cc(char ch, unsigned m) { return (cclass[(unsigned char)ch] & m) != 0; }
static int is_space(char ch) { return cc(ch, CC_SPACE); }
static int is_digit(char ch) { return cc(ch, CC_DIGIT); }
static int is_alpha(char ch) { return cc(ch, CC_ALPHA); }
static int is_ident_start(char ch) { return cc(ch, CC_IDENT) && !is_digit(ch); }
static int is_ident_char(char ch) { return cc(ch, CC_IDENT); }
static const char *skip_ws(const char *p)
{
    /* the common cases first: no blank, or one space; every blank is at
     * most ' ', so a byte above it ends the run without the table */
    if ((unsigned char)p[0] > ' ')
        return p;
    if (p[0] == ' ' && (unsigned char)p[1] > ' ')
        return p + 1;
    while (is_space(*p))
        p++;
    return p;
}
static const char *ident_end(const char *p)
{
    while (is_ident_char(*p))
        p++;
    return p;
}
static char upper(char ch) { return ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch; }

/* Case-insensitive: does s[0..n) spell the NUL-terminated word w? */
static int ieq(const char *s, size_t n, const char *w)
{
    size_t i = 0;
    for (; i < n && w[i] != '\0'; i++)
        if (upper(s[i]) != upper(w[i]))
            return 0;
    return i == n && w[i] == '\0';
}

/* ---- labels ---------------------------------------------------------------- */

/* a[0..n) == b[0..n)?  (memcmp without the call, for short names) */
static int same_bytes(const char *a, const char *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        if (x != y)
            return 0;
    }
    for (; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* A name's hash (labels' and spellings' tables), eight bytes a step: the
 * last one to seven bytes read as two overlapping 4-byte loads, or three
 * bytes, never past s[n - 1]. */
static uint32_t hash_name(const char *s, size_t n)
{
    const uint64_t m = UINT64_C(0x9e3779b97f4a7c15);
    uint64_t h = (uint64_t)n * m, x;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&x, s + i, 8);
        h = (h ^ x) * m;
        h ^= h >> 29;
    }
    if (i < n) {
        const size_t r = n - i;
        if (r >= 4) {
            uint32_t a, b;
            memcpy(&a, s + i, 4);
            memcpy(&b, s + n - 4, 4);
            x = (uint64_t)a << 32 | b;
        } else {
            x = (uint64_t)(unsigned char)s[i] << 16 | (uint64_t)(unsigned char)s[i + r / 2] << 8
                | (unsigned char)s[n - 1];
        }
        h = (h ^ x) * m;
        h ^= h >> 29;
    }
    return (uint32_t)(h >> 32) ^ (uint32_t)h;
}

/* The labels' table made n entries large (a power of 2). */
static int rehash(asm_ctx *c, size_t n)
{
    uint32_t *t = calloc(n, sizeof *t);
    if (t == NULL)
        return -1;
    for (size_t i = 0; i < c->nlabels; i++) {
        size_t h = c->labels[i].hash & (n - 1);
        while (t[h] != 0)
            h = (h + 1) & (n - 1);
        t[h] = (uint32_t)(i + 1);
    }
    free(c->htab);
    c->htab = t;
    c->hsize = n;
    return 0;
}

/* Index of the label named s[0..n), created undefined if new; -1 on OOM. */
static long intern(asm_ctx *c, const char *s, size_t n)
{
    uint32_t h = hash_name(s, n);
    if (c->hsize != 0) {
        for (size_t i = h & (c->hsize - 1); c->htab[i] != 0; i = (i + 1) & (c->hsize - 1)) {
            label *l = &c->labels[c->htab[i] - 1];
            if (l->hash == h && l->len == n && memcmp(c->names + l->name, s, n) == 0)
                return (long)(c->htab[i] - 1);
        }
    }
    if ((c->nlabels + 1) * 2 > c->hsize && rehash(c, c->hsize ? c->hsize * 2 : 1024) != 0)
        return -1;
    if (grow(&c->labels, &c->cap_labels, c->nlabels + 1, sizeof *c->labels) != 0
        || grow(&c->names, &c->cap_names, c->nnames + n, 1) != 0)
        return -1;
    memcpy(c->names + c->nnames, s, n);
    label *l = &c->labels[c->nlabels];
    *l = (label){ .name = c->nnames, .len = (uint32_t)n, .hash = h };
    c->nnames += n;
    size_t i = h & (c->hsize - 1);
    while (c->htab[i] != 0)
        i = (i + 1) & (c->hsize - 1);
    c->htab[i] = (uint32_t)(c->nlabels + 1);
    return (long)c->nlabels++;
}

/* ---- numbers ---------------------------------------------------------------- */

/* A number error (num.c's wording) about the text [from, end). */
static int num_error(asm_ctx *c, const char *from, const char *end, wr_num_status st)
{
    char msg[160];
    wr_num_message(st, from, (size_t)(end - from), 0, 0, msg, sizeof msg);
    return err_at(c, from, "%s", msg);
}

/* The unsigned number at *pp (wr_num_scan: decimal without a leading zero,
 * or 0x hex, up to 2^64-1) into *v.  A token running on into '.' ("0x10.5")
 * is no number either.  Errors quote the text from `from` (a sign written in
 * front) to the end of the token. */
static int scan_number(asm_ctx *c, const char *from, const char **pp, uint64_t *v)
{
    /* the common case in one pass: 0x and 1..16 hex digits, or "0", or 1..19
     * decimal digits after a nonzero one, ended by a character that no
     * number and no identifier takes: wr_num_scan's value, no error */
    const char *q = *pp;
    uint64_t x = 0;
    if (q[0] == '0' && q[1] == 'x') {
        for (q += 2; q - *pp < 18; q++) {
            unsigned d = (unsigned)(unsigned char)*q - '0';
            if (d > 9) {
                d = ((unsigned)(unsigned char)*q | 0x20u) - 'a';
                if (d > 5)
                    break;
                d += 10;
            }
            x = x << 4 | d;
        }
        if (q - *pp > 2 && !is_ident_char(*q)) {
            *v = x;
            *pp = q;
            return 0;
        }
    } else if (q[0] != '0' || !is_ident_char(q[1])) {
        for (; is_digit(*q) && q - *pp < 19; q++)
            x = x * 10 + (uint64_t)(*q - '0');
        if (q > *pp && !is_ident_char(*q)) {
            *v = x;
            *pp = q;
            return 0;
        }
    }
    const char *end;
    wr_num_status st = wr_num_scan(*pp, &end, v);
    if (is_ident_char(*end)) {
        st = WR_NUM_SYNTAX;
        end = ident_end(end);
    }
    if (st != WR_NUM_OK)
        return num_error(c, from, end, st);
    *pp = end;
    return 0;
}

static int parse_unsigned(asm_ctx *c, const char **pp, uint64_t *v)
{
    return scan_number(c, *pp, pp, v);
}

/* An optionally negative number: *v holds its 64-bit two's complement,
 * *neg the sign; -2^63 .. 2^64-1. */
static int parse_number(asm_ctx *c, const char **pp, uint64_t *v, int *neg)
{
    const char *start = *pp;
    *neg = **pp == '-';
    if (*neg)
        (*pp)++;
    if (!is_digit(**pp))
        return num_error(c, start, ident_end(*pp), WR_NUM_SYNTAX);
    if (scan_number(c, start, pp, v) != 0)
        return -1;
    if (*neg) {
        if (*v > (UINT64_C(1) << 63))
            return num_error(c, start, *pp, WR_NUM_TOO_BIG);
        *v = (uint64_t)0 - *v;
    }
    return 0;
}

/* ---- expressions (N-60, N-52) -------------------------------------------------- */

static int emit(asm_ctx *c, uint8_t op, unsigned col, uint64_t v)
{
    if (grow(&c->xt, &c->cap_xt, c->nxt + 1, sizeof *c->xt) != 0)
        return oom(c);
    c->xt[c->nxt++] = (xtok){ op, col, v };
    return 0;
}

static int parse_sum(asm_ctx *c, const char **pp, int depth, int allow_dot, int *nlabels);

/* primary := number | label | '.' | '(' sum ')' ; unary minus in front */
static int parse_unary(asm_ctx *c, const char **pp, int depth, int allow_dot, int *nlabels)
{
    const char *p = skip_ws(*pp);
    unsigned col = (unsigned)(p - c->lb) + 1u;
    if (depth > MAX_EXPR_DEPTH)
        return err_at(c, p, "expression nested too deeply");
    if (*p == '-' || *p == '+') {
        char sign = *p;
        *pp = p + 1;
        if (parse_unary(c, pp, depth + 1, allow_dot, nlabels) != 0)
            return -1;
        return sign == '-' ? emit(c, X_NEG, col, 0) : 0;
    }
    if (*p == '(') {
        *pp = p + 1;
        if (parse_sum(c, pp, depth + 1, allow_dot, nlabels) != 0)
            return -1;
        p = skip_ws(*pp);
        if (*p != ')')
            return err_at(c, p, "expected ')' in expression");
        *pp = p + 1;
        return 0;
    }
    if (is_digit(*p)) {
        uint64_t v;
        if (parse_unsigned(c, &p, &v) != 0)
            return -1;
        *pp = p;
        return emit(c, X_NUM, col, v);
    }
    if (*p == '.' && !is_ident_char(p[1])) {
        if (!allow_dot)
            return err_at(c, p, "'.' (this instruction's address) is not allowed here");
        *pp = p + 1;
        return emit(c, X_DOT, col, 0);
    }
    if (is_ident_start(*p)) {
        const char *e = ident_end(p);
        long id = intern(c, p, (size_t)(e - p));
        if (id < 0)
            return oom(c);
        (*nlabels)++;
        *pp = e;
        return emit(c, X_LABEL, col, (uint64_t)id);
    }
    if (*p == '\0' || *p == ';' || *p == ',' || *p == ')')
        return err_at(c, p, "expression expected");
    return err_at(c, p, "unexpected '%c' in expression", *p);
}

/* sum := unary (('+' | '-') unary)* */
static int parse_sum(asm_ctx *c, const char **pp, int depth, int allow_dot, int *nlabels)
{
    if (parse_unary(c, pp, depth, allow_dot, nlabels) != 0)
        return -1;
    for (;;) {
        const char *p = skip_ws(*pp);
        if (*p != '+' && *p != '-')
            return 0;
        uint8_t op = *p == '+' ? X_ADD : X_SUB;
        unsigned col = (unsigned)(p - c->lb) + 1u;
        *pp = p + 1;
        if (parse_unary(c, pp, depth, allow_dot, nlabels) != 0 || emit(c, op, col, 0) != 0)
            return -1;
    }
}

static const uint64_t XVAL_NEG_MAX = UINT64_C(1) << 63;   /* -2^63 is the lowest value */

static xval xval_of(uint64_t mag, int neg) { return (xval){ mag, (uint8_t)(neg && mag != 0) }; }
static xval xval_flip(xval x) { return xval_of(x.mag, !x.neg); }
static int xval_ok(xval x) { return !x.neg || x.mag <= XVAL_NEG_MAX; }

/* *r = x + y; -1 if the exact sum leaves -2^63 .. 2^64-1 (y may be the
 * flipped subtrahend, outside that range itself). */
static int xval_add(xval x, xval y, xval *r)
{
    xval s;
    if (x.neg == y.neg) {
        s = xval_of(x.mag + y.mag, x.neg);
        if (s.mag < x.mag)
            return -1;                    /* magnitude past 2^64-1 */
    } else if (x.mag >= y.mag) {
        s = xval_of(x.mag - y.mag, x.neg);
    } else {
        s = xval_of(y.mag - x.mag, y.neg);
    }
    if (!xval_ok(s))
        return -1;
    *r = s;
    return 0;
}

/* Evaluate tokens [x0, x0+nx) exactly; `.` is pc.  Labels must be defined;
 * a result outside -2^63 .. 2^64-1, final or not, is an error at the
 * operator that made it.  `line` places the errors. */
static int eval_expr(asm_ctx *c, size_t x0, size_t nx, uint64_t pc, unsigned line, xval *out)
{
    xval st[2 * MAX_EXPR_DEPTH + 8];
    size_t sp = 0;
    for (size_t i = x0; i < x0 + nx; i++) {
        const xtok *t = &c->xt[i];
        const label *l;
        int bad = 0;
        if (sp + 1 >= sizeof st / sizeof st[0])
            return err_lc(c, line, t->col ? t->col : 1, "expression too complex");
        switch (t->op) {
        case X_NUM:   st[sp++] = xval_of(t->v, 0); break;
        case X_DOT:   st[sp++] = xval_of(pc, 0); break;
        case X_LABEL:
            l = &c->labels[t->v];
            if (!l->defined)
                return err_lc(c, line, t->col, "undefined label '%.*s'", (int)l->len, c->names + l->name);
            st[sp++] = xval_of(l->addr, 0);
            break;
        case X_NEG:
            st[sp - 1] = xval_flip(st[sp - 1]);
            bad = !xval_ok(st[sp - 1]);
            break;
        case X_ADD:   sp--; bad = xval_add(st[sp - 1], st[sp], &st[sp - 1]) != 0; break;
        case X_SUB:   sp--; bad = xval_add(st[sp - 1], xval_flip(st[sp]), &st[sp - 1]) != 0; break;
        }
        if (bad)
            return err_lc(c, line, t->col, "expression overflows 64 bits");
    }
    *out = st[0];
    return 0;
}

/* ---- operands --------------------------------------------------------------- */

enum opkind { O_GPR, O_GPR2, O_UR, O_UR2, O_PRED, O_BREG, O_SR, O_CMEM, O_NUM, O_EXPR, O_LABEL };

typedef struct operand {
    uint8_t kind;              /* enum opkind */
    uint8_t tilde, bang;       /* '~' and '!' prefixes */
    uint8_t neg;               /* O_NUM written with '-' */
    const char *p;             /* text, for columns and messages */
    size_t len;
    uint64_t v;                /* register/predicate/B/SR index, c[][] packed, number */
    size_t x0, nx;             /* O_EXPR, O_LABEL: tokens */
    int nlabels;
} operand;

/* Decimal index after a register prefix; -1 if not all digits. */
static long reg_index(const char *s, size_t n)
{
    long v = 0;
    if (n == 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!is_digit(s[i]))
            return -1;
        if (v < 1000000)                /* large enough to be out of range */
            v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* Is s[0..n) a register-like name (R5, RZ, UR3, P2, PT, B1, SR_...)?  Sets
 * the kind and index; 1 = yes, 0 = no (a label), -1 = error reported.
 * One switch on the first letter: a name is a register of the class its
 * prefix names (UR, R, P, B), its zero register (URZ, RZ, PT) or, written
 * SR_..., a special register; anything else is a label. */
static int classify_name_as(asm_ctx *c, const char *s, size_t n, uint8_t *kind, uint64_t *v, int report)
{
    static const struct {
        size_t pl; char zero; uint8_t kind; long max, zval; const char *range;
    } rc[] = {
        { 2, 'Z', O_UR,   62,  WR_URZ, "UR0..UR62, URZ" },
        { 1, 'Z', O_GPR,  254, WR_RZ,  "R0..R254, RZ" },
        { 1, 'T', O_PRED, 6,   WR_PT,  "P0..P6, PT" },
        { 1, 0,   O_BREG, 15,  0,      "B0..B15" },
    };
    unsigned i;
    if (n == 0)
        return 0;
    switch (s[0]) {
    case 'U':
        if (n < 2 || s[1] != 'R')
            return 0;
        i = 0;
        break;
    case 'R': i = 1; break;
    case 'P': i = 2; break;
    case 'B': i = 3; break;
    case 'S':
        if (n > 3 && memcmp(s, "SR_", 3) == 0) {
            for (unsigned k = 0; k < WR_SR_COUNT; k++)
                if (strlen(wr_sr_names[k]) == n && memcmp(wr_sr_names[k], s, n) == 0) {
                    *kind = O_SR;
                    *v = k;
                    return 1;
                }
            return report ? err_at(c, s, "unknown special register '%.*s' (SR_LANEID, SR_TID, SR_WARPID)", (int)n, s)
                          : -1;
        }
        return 0;
    default:
        return 0;                       /* no register name starts otherwise */
    }
    const size_t pl = rc[i].pl;
    if (rc[i].zero && n == pl + 1 && s[pl] == rc[i].zero) {
        *kind = rc[i].kind;
        *v = (uint64_t)rc[i].zval;
        return 1;
    }
    if (n <= pl)
        return 0;
    long idx = reg_index(s + pl, n - pl);
    if (idx < 0)
        return 0;
    if (idx > rc[i].max)
        return report ? err_at(c, s, "register '%.*s' out of range (%s)", (int)n, s, rc[i].range) : -1;
    *kind = rc[i].kind;
    *v = (uint64_t)idx;
    return 1;
}

/* The same, errors reported (report = 0: -1 with nothing said, the quick
 * reader's way of handing the line to the general one). */
static int classify_name(asm_ctx *c, const char *s, size_t n, uint8_t *kind, uint64_t *v)
{
    return classify_name_as(c, s, n, kind, v, 1);
}

/* R[n:n+1] or UR[n:n+1]; p at '['.  N-61: pairs need not be even; the
 * second register must be the first plus one (R[254:255] reads RZ high). */
static int parse_pair(asm_ctx *c, const char **pp, int ur, operand *op)
{
    const char *p = skip_ws(*pp + 1), *at = op->p;
    uint64_t a, b;
    if (!is_digit(*p) || parse_unsigned(c, &p, &a) != 0)
        return c->failed ? -1 : err_at(c, p, "register pair: expected a register number");
    p = skip_ws(p);
    if (*p != ':')
        return err_at(c, p, "register pair: expected ':'");
    p = skip_ws(p + 1);
    if (!is_digit(*p) || parse_unsigned(c, &p, &b) != 0)
        return c->failed ? -1 : err_at(c, p, "register pair: expected a register number");
    p = skip_ws(p);
    if (*p != ']')
        return err_at(c, p, "register pair: expected ']'");
    uint64_t max = ur ? WR_URZ - 1u : WR_RZ - 1u;
    if (a > max || b != a + 1u)
        return err_at(c, at, "bad register pair: must be %s[n:n+1] with n in 0..%" PRIu64,
                      ur ? "UR" : "R", max);
    op->kind = ur ? O_UR2 : O_GPR2;
    op->v = a;
    *pp = p + 1;
    return 0;
}

/* c[BANK][OFFSET]; p at 'c'.  N-54: banks 0..31, offsets 0..0xfffc, 4-aligned. */
static int parse_cmem(asm_ctx *c, const char **pp, uint64_t *packed)
{
    const char *p = *pp + 1;
    uint64_t part[2];
    for (int i = 0; i < 2; i++) {
        p = skip_ws(p);
        if (*p != '[')
            return err_at(c, p, "constant: expected '['");
        p = skip_ws(p + 1);
        const char *num = p;
        if (!is_digit(*p))
            return err_at(c, p, "constant: expected a number");
        if (parse_unsigned(c, &p, &part[i]) != 0)
            return -1;
        if (i == 0 && part[0] >= WR_CONST_BANKS)
            return err_at(c, num, "constant bank %" PRIu64 " out of range 0..31", part[0]);
        if (i == 1 && (part[1] > WR_CMEM_MAX_OFFSET || (part[1] & 3u)))
            return err_at(c, num, "constant offset 0x%" PRIx64 " must be 4-aligned and at most 0xfffc", part[1]);
        p = skip_ws(p);
        if (*p != ']')
            return err_at(c, p, "constant: expected ']'");
        p++;
    }
    *packed = (uint64_t)wr_cmem_make((unsigned)part[0], (unsigned)part[1]);
    *pp = p;
    return 0;
}

/* op as the label p[0..n) alone, the name interned: kind O_LABEL for a bare
 * label, O_EXPR for `(label); -1 on no memory (reported) */
static int bare_label(asm_ctx *c, const char *p, size_t n, operand *op, enum opkind kind)
{
    long id = intern(c, p, n);
    if (id < 0)
        return oom(c);
    op->kind = (uint8_t)kind;
    op->x0 = c->nxt;
    op->nx = 1;
    op->nlabels = 1;
    return emit(c, X_LABEL, (unsigned)(p - c->lb) + 1u, (uint64_t)id) != 0 ? -1 : 0;
}

/* An identifier operand: register, pair, special register or label. */
static int lex_name(asm_ctx *c, const char **pp, operand *op)
{
    const char *p = *pp, *e = ident_end(p);
    size_t n = (size_t)(e - p);
    if (p[0] == 'R' && n >= 2 && n <= 4 && is_digit(p[1])) {   /* R0..R254: the common case */
        unsigned v = (unsigned)(p[1] - '0');
        const char *q = p + 2;
        for (; q < e && is_digit(*q); q++)
            v = v * 10u + (unsigned)(*q - '0');
        if (q == e && v <= 254) {
            op->kind = O_GPR;
            op->v = v;
            *pp = e;
            return 0;
        }
    }
    if (*e == '[' && ((n == 1 && *p == 'R') || (n == 2 && memcmp(p, "UR", 2) == 0))) {
        *pp = e;
        return parse_pair(c, pp, n == 2, op);
    }
    int r = classify_name(c, p, n, &op->kind, &op->v);
    if (r < 0)
        return -1;
    if (r == 0 && bare_label(c, p, n, op, O_LABEL) != 0)   /* a bare label (T and D operands) */
        return -1;
    *pp = e;
    return 0;
}

/* One operand at *pp (after spaces). */
static int lex_operand(asm_ctx *c, const char **pp, operand *op)
{
    const char *p = *pp;
    op->kind = 0;
    op->tilde = op->bang = op->neg = 0;
    op->v = 0;
    op->x0 = op->nx = 0;
    op->nlabels = 0;
    op->p = p;
    if (*p == '~') { op->tilde = 1; p++; }
    if (*p == '!') { op->bang = 1; p++; }
    if (*p == '`') {
        p = skip_ws(p + 1);
        if (*p != '(')
            return err_at(c, p, "expected '(' after '`'");
        op->kind = O_EXPR;
        op->x0 = c->nxt;
        p++;
        if (parse_sum(c, &p, 0, 1, &op->nlabels) != 0)
            return -1;
        p = skip_ws(p);
        if (*p != ')')
            return err_at(c, p, "expected ')' to close the expression");
        p++;
        op->nx = c->nxt - op->x0;
    } else if (*p == '-' || is_digit(*p)) {
        int neg;
        if (parse_number(c, &p, &op->v, &neg) != 0)
            return -1;
        op->kind = O_NUM;
        op->neg = (uint8_t)neg;
    } else if (*p == 'c' && skip_ws(p + 1)[0] == '[') {
        if (parse_cmem(c, &p, &op->v) != 0)
            return -1;
        op->kind = O_CMEM;
    } else if (is_ident_start(*p) && !(*p == '.' && !is_ident_char(p[1]))) {
        if (lex_name(c, &p, op) != 0)
            return -1;
    } else if (*p == '\0' || *p == ';' || *p == ',') {
        return err_at(c, p, "operand expected");
    } else {
        return err_at(c, p, "unexpected '%c' where an operand should be", *p);
    }
    if (op->bang && op->kind != O_PRED)
        return err_at(c, op->p, "'!' applies only to a predicate");
    if (op->tilde && op->kind != O_GPR && op->kind != O_UR && op->kind != O_CMEM)
        return err_at(c, op->p, "'~' applies only to a register or a constant");
    op->len = (size_t)(p - op->p);
    *pp = p;
    return 0;
}

/* Does operand op fit syntax spec sp (lexically)? */
static int op_fits(const wr_spec *sp, const operand *op)
{
    if (op->tilde && !sp->tilde)
        return 0;
    switch (sp->kind) {
    case WR_SK_R:  return op->kind == O_GPR;
    case WR_SK_R2: return op->kind == O_GPR || op->kind == O_GPR2;
    case WR_SK_U:  return op->kind == O_UR;
    case WR_SK_U2: return op->kind == O_UR || op->kind == O_UR2;
    case WR_SK_P:  return op->kind == O_PRED;
    case WR_SK_PD: return op->kind == O_PRED && !op->bang;
    case WR_SK_B:  return op->kind == O_BREG;
    case WR_SK_SR: return op->kind == O_SR;
    case WR_SK_C:  return op->kind == O_CMEM;
    case WR_SK_I:
    case WR_SK_S:  return op->kind == O_NUM;
    case WR_SK_T:
    case WR_SK_D:  return op->kind == O_NUM || op->kind == O_EXPR || op->kind == O_LABEL;
    case WR_SK_RI: return op->kind == O_GPR || op->kind == O_NUM;
    default:       return 0;
    }
}

/* ---- one instruction ----------------------------------------------------------- */

enum { MAX_STMT_MODS = 8, MAX_SLOTS = 1 + WR_MAX_XMODS, MEMOS = 8 };


typedef struct spelling spelling;
typedef struct stmt {
    const char *mnem;          /* mnemonic as written */
    size_t mlen;
    const wr_mnem_group *group;
    struct spelling *spell;    /* what the spelling resolves to */
    unsigned nmods;
    unsigned nwritten;         /* of them written (the rest: an alias's implied one) */
    const char *mod[MAX_STMT_MODS];   /* modifiers as written (an alias's implied one too) */
    size_t modlen[MAX_STMT_MODS];
    int guard_pred, guard_not;
    unsigned nops;
    operand op[MAX_OPERANDS];
    const char *ops_end;       /* where the operands stopped */
    uint64_t sig;              /* op_signature, or 0: not yet made */
    struct memo *memo;         /* the form chosen for sig (choose_form), or NULL: not yet */
} stmt;

/* Result of trying one form against the operands. */
typedef struct trial {
    int ok;
    unsigned fail_at;          /* operand index that failed (nops: ran out) */
    unsigned expected;         /* spec kinds that were tried there (bit mask) */
    int bind[WR_MAX_SPECS];    /* operand index per spec, -1 = default */
} trial;

/* What one spelling of MNEMONIC{.MOD} (the token's exact bytes) stands for:
 * its group, its modifiers resolved against each of the group's forms
 * (resolve_mods), whether a form separates operands by blanks.  Worked out
 * the first time the spelling is met in a text, then found by one probe of
 * a hash table (a program uses a few dozen spellings over and over).  Only
 * a spelling that parsed is kept: an error stops the assembly. */
struct spelling {
    size_t name;               /* offset of the bytes in asm_ctx.names */
    uint32_t len;
    uint32_t hash;
    uint64_t key;              /* name_key */
    const wr_mnem_group *group;
    const struct alias *via;   /* the alias it was written as, or NULL */
    uint32_t cut;              /* length of the mnemonic (the modifiers follow) */
    uint8_t blanks;            /* a form of the group takes blank-separated operands */
    uint8_t code[WR_MAX_GROUP_FORMS];     /* resolve_mods of form i of the group */
    uint8_t which[WR_MAX_GROUP_FORMS];
    int8_t modval[WR_MAX_GROUP_FORMS][MAX_SLOTS];
    uint64_t sigs[MEMOS];      /* memo[m] is for the operands' kinds sigs[m] */
    struct memo {              /* the last forms chosen (choose_form), by the */
                               /* operands' kinds (op_signature; 0 = unused) */
        unsigned index;        /* of the form in the group */
        trial t;
        uint8_t built;         /* the rest is made (build_tmpl) */
        uint8_t abs_target;
        uint8_t plain;         /* no operand repeats a field, none is RI, no .BAR check */
        uint8_t word_ok;       /* wr_encode took tmpl: word is its word */
        uint8_t nwq;           /* the fields the operands may set (word_of) */
        struct wput {
            int64_t t;         /* the template's value */
            uint64_t lim;      /* values 0..lim-1 pass the quick test (wput_of) */
            uint64_t mask;     /* the field's mask and lsb (wr_form_aux.quick) */
            uint8_t id, qi, lsb;   /* field, index in the form's fields, its lsb */
            uint8_t cross;     /* the field crosses bit 64 */
        } wq[3 * WR_MAX_SPECS];
        uint8_t ngq;           /* PG and PG_NOT among the form's fields (placed */
        uint8_t gq[2];         /* only under a guard other than the template's) */
        uint8_t nbk;           /* the specs an operand binds, in order */
        struct bstep {         /* bk[j]: spec, its operand and how it binds (how_of) */
            uint8_t how, spec, op, field, extra, width;
        } bk[WR_MAX_SPECS];
        wr_insn tmpl;          /* the form's defaults and the spelling's modifiers */
        wr_word word;
    } memo[MEMOS];
    uint8_t next_memo;
    uint16_t legal;            /* bit i: form i's modifier values are legal (build_insn) */
};

/* Greedy walk of the form's specs (isa.def SYNTAX): a fitting operand is
 * taken, a non-fitting one skips an optional spec and fails a required one. */
static void try_form(const wr_form_aux *fa, const stmt *s, trial *t)
{
    unsigned i = 0;
    t->ok = 0;
    t->expected = 0;
    for (unsigned k = 0; k < fa->nspecs; k++) {
        const wr_spec *sp = &fa->spec[k];
        t->bind[k] = -1;
        if (i < s->nops && op_fits(sp, &s->op[i])) {
            t->bind[k] = (int)i++;
            t->expected = 0;
            continue;
        }
        t->expected |= 1u << sp->kind;
        if (!sp->optional) {
            t->fail_at = i;
            return;
        }
    }
    t->fail_at = i;
    t->ok = i == s->nops;
}

/* What try_form reads of the operands (op_fits: kind, '~', '!') and their
 * number, as one nonzero key. */
_Static_assert(O_LABEL < 16 && 4 + 6 * MAX_OPERANDS <= 64 && MAX_OPERANDS + 1 < 16, "op_signature's key");
static uint64_t op_signature(const stmt *s)
{
    uint64_t sig = (uint64_t)s->nops + 1u;
    for (unsigned i = 0; i < s->nops; i++)
        sig |= (uint64_t)(s->op[i].kind | s->op[i].tilde << 4 | s->op[i].bang << 5) << (4u + 6u * i);
    return sig;
}

/* Modifier values of a form for the written modifiers, one per slot (the
 * row's own first, then its further slots, isa.def M()); modifiers may be
 * written in any order.  0 ok, else an error code with the offending
 * modifier in *which (MOD_MISSING: the slot). */
enum { MOD_OK, MOD_UNKNOWN, MOD_DUP, MOD_CONFLICT, MOD_MISSING };
static int resolve_mods(const wr_isa_aux *aux, unsigned form, const stmt *s, int value[MAX_SLOTS],
                        unsigned *which)
{
    const wr_form_desc *fd = &wr_forms[form];
    const wr_form_aux *fa = &aux->form[form];
    for (unsigned k = 0; k < MAX_SLOTS; k++)
        value[k] = -1;
    *which = 0;
    for (unsigned i = 0; i < s->nmods; i++) {
        int slot = -1, v = -1;
        for (unsigned k = 0; fd->modfield != WR_F_NONE && k < fa->nmods; k++)
            if (fa->modname[k][0] && ieq(s->mod[i], s->modlen[i], fa->modname[k]))
                slot = 0, v = (int)k;
        for (unsigned x = 0; slot < 0 && x < fa->nxslots; x++)
            for (unsigned k = 0; k < fa->xslot[x].nnames; k++)
                if (fa->xslot[x].name[k][0] && ieq(s->mod[i], s->modlen[i], fa->xslot[x].name[k]))
                    slot = 1 + (int)x, v = (int)k;
        *which = i;
        if (slot < 0)
            return MOD_UNKNOWN;
        if (value[slot] == v)
            return MOD_DUP;
        if (value[slot] >= 0)
            return MOD_CONFLICT;
        value[slot] = v;
    }
    for (unsigned k = 0; k <= fa->nxslots; k++) {
        if (value[k] >= 0)
            continue;
        value[k] = k == 0 ? fd->moddefault : fa->xslot[k - 1].def;
        if (value[k] < 0) {
            *which = k;
            return MOD_MISSING;
        }
    }
    return MOD_OK;
}

/* ".SYNC or .ARV" from the legal values of the modifier field. */
static void mod_list(unsigned form, uint32_t legal, char *out, size_t size)
{
    const wr_form_aux *fa = &wr_isa_aux_get()->form[form];
    unsigned n = 0, total = 0;
    wr_buf b = { out, size, 0 };
    out[0] = '\0';
    for (unsigned v = 0; v < fa->nmods; v++)
        total += ((legal >> v) & 1u) && fa->modname[v][0];
    for (unsigned v = 0; v < fa->nmods; v++) {
        if (!((legal >> v) & 1u) || !fa->modname[v][0])
            continue;
        n++;
        wr_buf_printf(&b, "%s.%s", n == 1 ? "" : n == total ? " or " : ", ", fa->modname[v]);
    }
}

/* The same for the names of slot k (0: the row's own) or, k < 0, of every
 * slot: ".cta, .sync or .aligned". */
static void slot_list(unsigned form, int k, char *out, size_t size)
{
    const wr_form_aux *fa = &wr_isa_aux_get()->form[form];
    if (k == 0 || (k < 0 && fa->nxslots == 0)) {
        mod_list(form, 0xffffffffu, out, size);
        return;
    }
    const char *names[MAX_SLOTS * WR_MAX_MODS];
    unsigned n = 0;
    for (unsigned v = 0; k < 0 && v < fa->nmods; v++)
        if (fa->modname[v][0])
            names[n++] = fa->modname[v];
    for (unsigned x = 0; x < fa->nxslots; x++)
        for (unsigned v = 0; (k < 0 || (unsigned)k == x + 1) && v < fa->xslot[x].nnames; v++)
            if (fa->xslot[x].name[v][0])
                names[n++] = fa->xslot[x].name[v];
    wr_buf b = { out, size, 0 };
    out[0] = '\0';
    for (unsigned i = 0; i < n; i++)
        wr_buf_printf(&b, "%s.%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
}

static int mod_error(asm_ctx *c, const stmt *s, unsigned form, int code, unsigned which, int fits)
{
    char list[160];
    slot_list(form, code == MOD_MISSING ? (int)which : -1, list, sizeof list);
    const int written = which < s->nwritten && code != MOD_MISSING;
    const char *m = written ? s->mod[which] : s->mnem;
    int ml = written ? (int)s->modlen[which] : (int)s->mlen;
    switch (code) {
    case MOD_UNKNOWN:
        if (fits)     /* the operands chose a form that lacks the modifier */
            return err_at(c, m, "modifier '.%.*s' does not apply to %s with these operands", ml, m,
                          s->group->mnemonic);
        if (list[0])
            return err_at(c, m, "unknown modifier '.%.*s' for %s (expected %s)", ml, m, s->group->mnemonic, list);
        return err_at(c, m, "unknown modifier '.%.*s': %s takes none", ml, m, s->group->mnemonic);
    case MOD_DUP:
        return err_at(c, m, "duplicate modifier '.%.*s'", ml, m);
    case MOD_CONFLICT:
        return err_at(c, m, "conflicting modifier '.%.*s': %s takes one of %s", ml, m, s->group->mnemonic, list);
    default:
        return err_at(c, s->mnem, "%s needs a modifier: %s", s->group->mnemonic, list);
    }
}

/* "a GPR or an immediate" for a mask of spec kinds. */
static void kinds_text(unsigned mask, char *out, size_t size)
{
    wr_buf b = { out, size, 0 };
    out[0] = '\0';
    const char *seen[WR_SK_COUNT];
    unsigned ns = 0;
    for (unsigned k = 0; k < WR_SK_COUNT; k++) {
        if (!((mask >> k) & 1u))
            continue;
        const char *d = wr_spec_kind_desc(k);
        int dup = 0;
        for (unsigned j = 0; j < ns; j++)
            dup |= strcmp(seen[j], d) == 0;
        if (!dup)
            seen[ns++] = d;
    }
    for (unsigned j = 0; j < ns; j++)
        wr_buf_printf(&b, "%s%s", j == 0 ? "" : j + 1 == ns ? " or " : ", ", seen[j]);
}

/* No form fits: say which operand is wrong, using the form that got
 * furthest (ties: every kind any of them would have taken there). */
static int operand_error(asm_ctx *c, const stmt *s, const trial *tr, const uint8_t *cand, unsigned ncand)
{
    /* SPEC-NOTES N-30: the seed lists BAR.RED.AND R5, R5, P0 among its
     * examples, but BAR.RED has no register/register form. */
    if (strcmp(s->group->mnemonic, "BAR.RED") == 0 && s->nops == 3 && s->op[0].kind == O_GPR
        && s->op[1].kind == O_GPR)
        return err_at(c, s->op[1].p, "BAR.RED has no register/register form (N-30)");
    unsigned best = 0, mask = 0;
    for (unsigned i = 0; i < ncand; i++)
        if (tr[cand[i]].fail_at > best)
            best = tr[cand[i]].fail_at;
    for (unsigned i = 0; i < ncand; i++)
        if (tr[cand[i]].fail_at == best)
            mask |= tr[cand[i]].expected;
    char kinds[160];
    kinds_text(mask, kinds, sizeof kinds);
    if (best >= s->nops)
        return err_at(c, s->ops_end, "missing operand for %.*s: expected %s", (int)s->mlen, s->mnem, kinds);
    const operand *op = &s->op[best];
    if (mask == 0)
        return err_at(c, op->p, "too many operands for %.*s", (int)s->mlen, s->mnem);
    return err_at(c, op->p, "operand %u of %.*s: expected %s, got '%.*s'", best + 1, (int)s->mlen,
                  s->mnem, kinds, (int)(op->len > 40 ? 40 : op->len), op->p);
}

/* Is written modifier i a fixed word (isa.def M(NONE, ...)) of a candidate? */
static int fixed_word_of(const stmt *s, unsigned i, const wr_mnem_group *g, const uint8_t *cand, unsigned ncand)
{
    for (unsigned c = 0; c < ncand; c++) {
        const wr_form_aux *fa = &wr_isa_aux_get()->form[g->forms[cand[c]]];
        for (unsigned x = 0; x < fa->nxslots; x++)
            if (fa->xslot[x].field == WR_F_NONE && ieq(s->mod[i], s->modlen[i], fa->xslot[x].name[0]))
                return 1;
    }
    return 0;
}

/* Pick the form: modifiers first (every form of the mnemonic may take other
 * ones, BMOV), then operands in table order. */
static int choose_form(asm_ctx *c, const stmt *s, unsigned *form_out, struct memo **mp)
{
    const wr_mnem_group *g = s->group;
    spelling *sp = s->spell;
    /* the first form (table order) whose modifiers resolve and whose
     * operands fit wins: stop there.  The choice depends on the spelling
     * and the operands' kinds alone: the last MEMOS are remembered. */
    const uint64_t sig = s->sig ? s->sig : op_signature(s);
    for (unsigned m = 0; m < MEMOS; m++) {
        if (sp->sigs[m] != sig)
            continue;
        const unsigned i = sp->memo[m].index;
        *mp = &sp->memo[m];
        *form_out = g->forms[i];
        return (int)i;
    }
    for (unsigned i = 0; i < g->nforms; i++) {
        if (sp->code[i] != MOD_OK)
            continue;
        trial *t = &sp->memo[sp->next_memo].t;
        try_form(&c->aux->form[g->forms[i]], s, t);
        if (t->ok) {
            *mp = &sp->memo[sp->next_memo];
            sp->sigs[sp->next_memo] = sig;
            (*mp)->index = i;
            (*mp)->built = 0;
            sp->next_memo = (uint8_t)((sp->next_memo + 1u) % MEMOS);
            *form_out = g->forms[i];
            return (int)i;
        }
    }
    sp->sigs[sp->next_memo] = 0;               /* its trial was overwritten */
    /* none: survey every form to explain why */
    trial tr[WR_MAX_GROUP_FORMS];
    int code[WR_MAX_GROUP_FORMS];
    unsigned which[WR_MAX_GROUP_FORMS];
    uint8_t cand[WR_MAX_GROUP_FORMS];
    unsigned ncand = 0;
    for (unsigned i = 0; i < g->nforms; i++) {
        code[i] = sp->code[i];
        which[i] = sp->which[i];
        try_form(&c->aux->form[g->forms[i]], s, &tr[i]);
        if (code[i] == MOD_OK)
            cand[ncand++] = (uint8_t)i;
    }
    /* a form whose operands fit but whose modifiers do not explains best
     * (unless the modifier it lacks is a word a candidate is spelled with:
     * `barrier.arrive 0` means arrive); among those, the one that accepted
     * the most written modifiers */
    int best = -1;
    unsigned best_progress = 0;
    for (unsigned i = 0; i < g->nforms; i++) {
        if (code[i] == MOD_OK || !(tr[i].ok || ncand == 0))
            continue;
        if (code[i] == MOD_UNKNOWN && fixed_word_of(s, which[i], g, cand, ncand))
            continue;
        unsigned progress = code[i] == MOD_MISSING ? s->nmods : which[i];
        if (best < 0 || progress > best_progress) {
            best = (int)i;
            best_progress = progress;
        }
    }
    if (best >= 0)
        return mod_error(c, s, g->forms[best], code[best], which[best], ncand > 0);
    return operand_error(c, s, tr, cand, ncand);
}

/* "a UR operand": what distinguishes a form, from its seed SType. */
static const char *stype_phrase(unsigned stype)
{
    switch (stype) {
    case WR_ST_U: return "a UR operand";
    case WR_ST_R: return "a GPR operand";
    case WR_ST_C: return "a constant operand";
    case WR_ST_I: return "an immediate operand";
    default:      return "these operands";
    }
}

/* ---- operand values -------------------------------------------------------------- */

/* Field value of a T or D operand whose expression value is `val`
 * (N-60).  T: val is the absolute target, a byte address: never negative.
 * D: val is a displacement, except that a single label names the target.
 * `abs_target`: a D of CALL/RET.ABS written without its base register is
 * the absolute target itself, so it must not be negative either (with the
 * register written, even RZ, it is a displacement from it; the disassembler
 * prints RZ for such a word). */
static int branch_units(asm_ctx *c, const wr_insn *in, unsigned kind, unsigned field, uint64_t pc,
                        xval val, int single_label, int abs_target, unsigned line, unsigned col,
                        int64_t *units)
{
    if (kind == WR_SK_D && abs_target && !single_label && val.neg && val.mag != 0)
        return err_lc(c, line, col, "branch target -0x%" PRIx64 " is negative", val.mag);
    uint64_t next = wr_branch_target(pc, 0);
    xval disp;
    if (kind == WR_SK_T) {
        if (val.neg)
            return err_lc(c, line, col, "branch target -0x%" PRIx64 " is negative", val.mag);
        if (val.mag & 15u)
            return err_lc(c, line, col, "branch target 0x%" PRIx64 " is not 16-byte aligned", val.mag);
        int64_t d = (int64_t)(val.mag - next);          /* N-10; PCs wrap modulo 2^64 (N-61) */
        disp = xval_of(d < 0 ? (uint64_t)0 - (uint64_t)d : (uint64_t)d, d < 0);
    } else if (single_label) {
        /* N-15..N-17: the label is the target */
        if (xval_add(val, xval_of(wr_disp_base(in, pc), 1), &disp) != 0)
            return err_lc(c, line, col, "expression overflows 64 bits");
    } else {
        disp = val;
    }
    if (kind == WR_SK_D && disp.mag % WR_INST_SIZE != 0)
        return err_lc(c, line, col, "displacement %s0x%" PRIx64 " is not a multiple of 16",
                      disp.neg ? "-" : "", disp.mag);
    uint64_t u = disp.mag / WR_INST_SIZE;               /* < 2^60: exact as int64 */
    *units = disp.neg ? -(int64_t)u : (int64_t)u;
    const wr_form_desc *fd = &wr_forms[in->form];
    for (unsigned i = 0; i < fd->nfields; i++) {
        const wr_field_pos *fp = &fd->fields[i];
        if (fp->id != field)
            continue;
        int64_t lim = (int64_t)1 << (fp->width - 1u);
        if (*units < -lim || *units >= lim)
            return err_lc(c, line, col, "%s out of range of %s (SImm%u)",
                          kind == WR_SK_T ? "branch target" : "displacement", wr_fields[field].name, fp->width);
    }
    return 0;
}

/* T/D operand: computed now, or a fixup when it names a label.  abs_target:
 * see branch_units. */
static int bind_branch(asm_ctx *c, wr_insn *in, const wr_spec *sp, const operand *op, uint64_t pc,
                       int abs_target)
{
    unsigned col = (unsigned)(op->p - c->lb) + 1u;
    xval val = xval_of(op->neg ? (uint64_t)0 - op->v : op->v, op->neg);
    int single = op->nx == 1 && c->xt[op->x0].op == X_LABEL;
    if (op->kind != O_NUM && op->nlabels > 0) {
        if (grow(&c->fx, &c->cap_fx, c->nfx + 1, sizeof *c->fx) != 0)
            return oom(c);
        c->fx[c->nfx++] = (fixup){ .index = c->prog->ninsns, .kind = sp->kind, .field = sp->field,
                                   .single_label = (uint8_t)single, .abs_target = (uint8_t)abs_target,
                                   .x0 = op->x0, .nx = op->nx,
                                   .line = c->line, .col = col };
        return 0;
    }
    if (op->kind != O_NUM && eval_expr(c, op->x0, op->nx, pc, c->line, &val) != 0)
        return -1;
    int64_t units;
    if (branch_units(c, in, sp->kind, sp->field, pc, val, 0, abs_target, c->line, col, &units) != 0)
        return -1;
    in->f[sp->field] = units;
    return 0;
}

/* Store the value of operand op for spec sp, checking its range.
 * abs_target: see branch_units. */
static int bind_operand(asm_ctx *c, wr_insn *in, const wr_spec *sp, const operand *op, uint64_t pc,
                        int abs_target)
{
    int64_t *f = in->f;
    if (sp->tilde)
        f[WR_F_BITNOT] = op->tilde;
    switch (sp->kind) {
    case WR_SK_P:
        f[sp->extra] = op->bang;
        break;
    case WR_SK_I: {
        int w = sp->width;
        uint64_t max = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1u;
        if (op->neg || op->v > max)
            return err_at(c, op->p, "immediate '%.*s' out of range 0..0x%" PRIx64 " of %s", (int)op->len,
                          op->p, max, wr_fields[sp->field].name);
        break;
    }
    case WR_SK_S:   /* N-54: 32-bit immediates, written -2^31 .. 2^32-1 */
        if (op->neg ? (int64_t)op->v < INT32_MIN : op->v > UINT32_MAX)
            return err_at(c, op->p, "immediate '%.*s' does not fit 32 bits", (int)op->len, op->p);
        f[sp->field] = (int64_t)(op->v & 0xffffffffu);
        return 0;
    case WR_SK_C:
        if (wr_form_cmem64(in->form) && wr_cmem_offset((int64_t)op->v) > WR_CMEM64_MAX_OFFSET)
            return err_at(c, op->p, "64-bit constant at offset 0x%x runs past the bank end (max 0xfff8)",
                          wr_cmem_offset((int64_t)op->v));
        break;
    case WR_SK_T:
    case WR_SK_D:
        return bind_branch(c, in, sp, op, pc, abs_target);
    default:
        break;
    }
    f[sp->field] = (int64_t)op->v;
    return 0;
}

/* RI operand (isa.def): an immediate into the field (its width; an ENUM
 * field: its legal values), or a GPR into the form's next GPR slot. */
static int bind_ri(asm_ctx *c, wr_insn *in, const wr_spec *sp, const operand *op, unsigned *slots_used)
{
    const wr_form_aux *fa = &wr_isa_aux_get()->form[in->form];
    if (op->kind == O_GPR) {
        /* every RI operand has a GPR slot (wr_isa_check), so each may be a
         * register (seed 004, V-01) */
        assert(*slots_used < fa->nrislots);
        in->f[fa->rislot[(*slots_used)++]] = (int64_t)op->v;
        in->f[sp->field] = 0;
        in->f[sp->extra] = 1;
        return 0;
    }
    int w = sp->width;
    uint64_t max = (UINT64_C(1) << w) - 1u;
    if (op->neg || op->v > max)
        return err_at(c, op->p, "immediate '%.*s' out of range 0..0x%" PRIx64 " of %s", (int)op->len, op->p,
                      max, wr_fields[sp->field].name);
    if (wr_fields[sp->field].kind == WR_FK_ENUM && !((wr_form_legal_values(in->form, sp->field) >> op->v) & 1u))
        return err_at(c, op->p, "immediate '%.*s' is not a legal value of %s (0..%u)", (int)op->len, op->p,
                      wr_fields[sp->field].name, wr_fields[sp->field].nvalues - 1u);
    in->f[sp->field] = (int64_t)op->v;
    in->f[sp->extra] = 0;
    return 0;
}

/* Place field fq (wr_encode's quick test and placement) of a word from
 * value t to value v: 0, or -1 when v fails the quick test (wr_encode
 * decides, with its message). */
static int word_place(const struct wr_field_quick *q, int64_t t, int64_t v, uint64_t *lo, uint64_t *hi)
{
    if ((uint64_t)v - (uint64_t)q->lo > q->span || !((q->legal >> (v & 31)) & 1u))
        return -1;
    const uint64_t u = ((uint64_t)v ^ (uint64_t)t) & q->mask;   /* t's bits out, v's in */
    if (q->lsb >= 64) {
        *hi ^= u << (q->lsb - 64u);
    } else {
        *lo ^= u << q->lsb;
        *hi ^= (u >> 1) >> (63u - q->lsb);
    }
    return 0;
}

static void word_split(const wr_word *w, uint64_t *lo, uint64_t *hi)
{
    *lo = (uint64_t)w->w[0] | (uint64_t)w->w[1] << 32;
    *hi = (uint64_t)w->w[2] | (uint64_t)w->w[3] << 32;
}

static void word_join(uint64_t lo, uint64_t hi, wr_word *w)
{
    w->w[0] = (uint32_t)lo;
    w->w[1] = (uint32_t)(lo >> 32);
    w->w[2] = (uint32_t)hi;
    w->w[3] = (uint32_t)(hi >> 32);
}

/* wr_encode's word of `in`, built from memo me's template: the template's
 * word with the fields build_insn may have set placed anew.  0, or -1
 * (encode_all makes the word). */
static ALWAYS_INLINE int word_of(const wr_form_aux *fa, const struct memo *me, const wr_insn *in, wr_word *out)
{
    uint64_t lo, hi;
    word_split(&me->word, &lo, &hi);
    for (unsigned i = 0; i < me->nwq; i++) {
        const struct wput *r = &me->wq[i];
        const int64_t v = in->f[r->id];
        if (v == r->t)
            continue;
        if ((uint64_t)v >= r->lim) {           /* the quick test in full */
            if (word_place(&fa->quick[r->qi], r->t, v, &lo, &hi) != 0)
                return -1;
            continue;
        }
        const uint64_t u = ((uint64_t)v ^ (uint64_t)r->t) & r->mask;
        if (r->lsb >= 64) {
            hi ^= u << (r->lsb - 64u);
        } else {
            lo ^= u << r->lsb;
            if (r->cross)
                hi ^= u >> (64u - r->lsb);
        }
    }
    if (in->f[WR_F_PG] != me->tmpl.f[WR_F_PG] || in->f[WR_F_PG_NOT] != me->tmpl.f[WR_F_PG_NOT])
        for (unsigned i = 0; i < me->ngq; i++) {
            const struct wr_field_quick *q = &fa->quick[me->gq[i]];
            const int64_t v = in->f[q->id], t = me->tmpl.f[q->id];
            if (v != t && word_place(q, t, v, &lo, &hi) != 0)
                return -1;
        }
    word_join(lo, hi, out);
    return 0;
}

/* How build_insn binds an operand to spec sp of a plain memo: the cases
 * of bind_operand it makes in short (BIND_OTHER: bind_operand). */
enum { BIND_OTHER, BIND_REG, BIND_TILDE, BIND_PRED, BIND_IMM, BIND_SIMM };
static uint8_t how_of(const wr_spec *sp)
{
    switch (sp->kind) {
    case WR_SK_R: case WR_SK_R2: case WR_SK_U: case WR_SK_U2: case WR_SK_B: case WR_SK_SR:
        return sp->tilde ? BIND_TILDE : BIND_REG;
    case WR_SK_P: return BIND_PRED;
    case WR_SK_I: return BIND_IMM;
    case WR_SK_S: return BIND_SIMM;
    default: return BIND_OTHER;
    }
}

/* word_of's record of field q (index qi of the form's fields), whose
 * template value is t, with lim: every value 0..lim-1 passes q's quick
 * test (lo..lo+span, and bit v & 31 of legal), so that it is placed
 * without that test (lim 0: every value is tested). */
static struct wput wput_of(const struct wr_field_quick *q, int64_t t, uint8_t qi)
{
    struct wput r = { .t = t, .lim = 0, .mask = q->mask, .id = q->id, .qi = qi, .lsb = q->lsb,
                      .cross = q->lsb < 64 && q->lsb != 0 && (q->mask >> (64u - q->lsb)) != 0 };
    const int64_t hi = (int64_t)((uint64_t)q->lo + q->span);   /* lo + span <= INT64_MAX */
    if (q->lo > 0 || hi < 0 || !(q->legal & 1u))
        return r;
    r.lim = (uint64_t)hi + 1u;
    if (q->legal != 0xffffffffu) {
        const uint64_t k = (uint64_t)__builtin_ctz(~q->legal);   /* bits 0..k-1 set */
        if (k < r.lim)
            r.lim = k;
    }
    return r;
}

/* The instruction of form `form` (index gi of the spelling's group) with
 * the form's defaults and the spelling's modifiers, each modifier value
 * checked against the form's legal ones (once per spelling and form), kept
 * in memo entry me with abs_target (see branch_units) for the next lines of
 * that spelling and those operand kinds. */
static int build_tmpl(asm_ctx *c, const stmt *s, int gi, unsigned form, struct memo *me, wr_insn *in,
                      int *abs_target)
{
    _Static_assert(WR_F_COUNT <= 64, "build_tmpl's field mask");
    const int8_t *modval = s->spell->modval[gi];
    const wr_form_desc *fd = &wr_forms[form];
    const wr_form_aux *fa = &c->aux->form[form];
    wr_insn_init(in, (wr_form)form);
    for (unsigned k = 0; k <= fa->nxslots; k++) {
        const unsigned field = k == 0 ? fd->modfield : fa->xslot[k - 1].field;
        if (field == WR_F_NONE)
            continue;
        if (!((s->spell->legal >> gi) & 1u)) {   /* checked once per spelling and form */
            uint32_t legal = wr_form_legal_values(form, field);
            if (!((legal >> modval[k]) & 1u)) {    /* V() narrowing: BRA_U */
                char list[96];
                mod_list(form, legal, list, sizeof list);
                return err_at(c, s->mnem, "a %s with %s needs %s", fd->mnemonic, stype_phrase(fd->stype), list);
            }
        }
        in->f[field] = modval[k];
    }
    s->spell->legal |= 1u << gi;
    /* .ABS with its base register left out: the displacement is the target */
    *abs_target = wr_form_has(form, WR_F_BASEMODE) && in->f[WR_F_BASEMODE] == 1;
    for (unsigned k = 0; k < fa->nspecs; k++)
        if ((fa->spec[k].kind == WR_SK_R2 || fa->spec[k].kind == WR_SK_U2) && me->t.bind[k] >= 0)
            *abs_target = 0;
    me->tmpl = *in;
    me->abs_target = (uint8_t)*abs_target;
    /* plain: build_insn binds each operand without looking for a field set
     * twice, an RI slot or a .BAR barrier left out (the template's B2RMODE
     * says whether the form names a barrier) */
    uint64_t seen = 0;
    int barid_left = 0;
    me->plain = 1;
    for (unsigned k = 0; k < fa->nspecs; k++) {
        const wr_spec *sp = &fa->spec[k];
        if (me->t.bind[k] < 0) {
            barid_left |= sp->field == WR_F_BARID;
            continue;
        }
        me->plain &= sp->kind != WR_SK_RI && !((seen >> sp->field) & 1u);
        seen |= UINT64_C(1) << sp->field;
        if (sp->tilde)
            seen |= UINT64_C(1) << WR_F_BITNOT;
        if (sp->extra != WR_F_NONE)
            seen |= UINT64_C(1) << sp->extra;
    }
    /* (a barrier left out is wrong only where the modifiers name one) */
    if (barid_left && (wr_insn_names_barrier(in) || ((seen >> WR_F_B2RMODE) & 1u)))
        me->plain = 0;
    const uint64_t guard = UINT64_C(1) << WR_F_PG | UINT64_C(1) << WR_F_PG_NOT;
    /* the word: the template's, each field the guard and the operands set
     * placed anew (word_of); fields the form lacks are no part of it */
    me->nwq = me->ngq = me->nbk = 0;
    for (unsigned k = 0; k < fa->nspecs; k++)
        if (me->t.bind[k] >= 0) {
            const wr_spec *sp = &fa->spec[k];
            me->bk[me->nbk++] = (struct bstep){ .how = how_of(sp), .spec = (uint8_t)k,
                                                .op = (uint8_t)me->t.bind[k], .field = sp->field,
                                                .extra = sp->extra, .width = sp->width };
        }
    for (unsigned i = 0; i < fd->nfields; i++) {
        if ((guard >> fd->fields[i].id) & 1u)
            me->gq[me->ngq++] = (uint8_t)i;
        else if ((seen >> fd->fields[i].id) & 1u)
            me->wq[me->nwq++] = wput_of(&fa->quick[i], in->f[fd->fields[i].id], (uint8_t)i);
    }
    me->word_ok = me->plain && fa->nrislots == 0 && wr_encode(in, &me->word, NULL, 0) == 0;
    me->built = 1;
    return 0;
}

/* Build the instruction of statement s at pc and, when it can be made
 * from the template's (*word_ok), its word (else encode_all makes it). */
static ALWAYS_INLINE int build_insn(asm_ctx *c, const stmt *s, uint64_t pc, wr_insn *in, wr_word *word, uint8_t *word_ok)
{
    unsigned form = 0;
    struct memo *me = s->memo;                 /* the chosen form's binding */
    int gi;
    if (me != NULL) {                          /* chosen by quick_line */
        gi = (int)me->index;
        form = s->group->forms[gi];
    } else if ((gi = choose_form(c, s, &form, &me)) < 0) {
        return -1;
    }
    const int *const bind = me->t.bind;
    const wr_form_desc *fd = &wr_forms[form];
    const wr_form_aux *fa = &c->aux->form[form];
    int abs_target = 0;
    if (me->built) {                           /* the form's defaults and modifiers as before */
        *in = me->tmpl;
        abs_target = me->abs_target;
    } else if (build_tmpl(c, s, gi, form, me, in, &abs_target) != 0) {
        return -1;
    }
    in->f[WR_F_PG] = s->guard_pred;
    in->f[WR_F_PG_NOT] = s->guard_not;
    *word_ok = 0;
    if (me->plain) {                           /* each operand into its field(s) */
        for (unsigned j = 0; j < me->nbk; j++) {
            const struct bstep *b = &me->bk[j];
            const operand *op = &s->op[b->op];
            switch (b->how) {                  /* bind_operand's, in short */
            case BIND_TILDE:
                in->f[WR_F_BITNOT] = op->tilde;
                /* fall through */
            case BIND_REG:
                in->f[b->field] = (int64_t)op->v;
                break;
            case BIND_PRED:
                in->f[b->extra] = op->bang;
                in->f[b->field] = (int64_t)op->v;
                break;
            case BIND_IMM:                     /* (in range: else bind_operand says why) */
                if (!op->neg && b->width < 64 && op->v < (UINT64_C(1) << b->width)) {
                    in->f[b->field] = (int64_t)op->v;
                    break;
                }
                if (bind_operand(c, in, &fa->spec[b->spec], op, pc, abs_target) != 0)
                    return -1;
                break;
            case BIND_SIMM:
                if (op->neg ? (int64_t)op->v >= INT32_MIN : op->v <= UINT32_MAX) {
                    in->f[b->field] = (int64_t)(op->v & 0xffffffffu);
                    break;
                }
                if (bind_operand(c, in, &fa->spec[b->spec], op, pc, abs_target) != 0)
                    return -1;
                break;
            default:
                if (bind_operand(c, in, &fa->spec[b->spec], op, pc, abs_target) != 0)
                    return -1;
            }
        }
        *word_ok = me->word_ok && word_of(fa, me, in, word) == 0;
        return 0;
    }
    uint64_t bound = 0;                        /* fields an operand has set */
    unsigned slots_used = 0;                   /* RI: GPR slots taken */
    for (unsigned k = 0; k < fa->nspecs; k++) {
        const wr_spec *sp = &fa->spec[k];
        if (bind[k] >= 0) {
            const operand *op = &s->op[bind[k]];
            if ((bound >> sp->field) & 1u) {   /* one register written twice (sass S-10) */
                if ((int64_t)op->v != in->f[sp->field]) {
                    unsigned first = 0;
                    while (fa->spec[first].field != sp->field)
                        first++;
                    const operand *o1 = &s->op[bind[first]];
                    return err_at(c, op->p, "operand %d of %.*s must repeat operand %d ('%.*s'): this form "
                                  "names one register twice", bind[k] + 1, (int)s->mlen, s->mnem,
                                  bind[first] + 1, (int)o1->len, o1->p);
                }
                continue;
            }
            bound |= UINT64_C(1) << sp->field;
            if (sp->kind == WR_SK_RI) {
                if (bind_ri(c, in, sp, op, &slots_used) != 0)
                    return -1;
            } else if (bind_operand(c, in, sp, op, pc, abs_target) != 0) {
                return -1;
            }
        }
        /* N-39: the .BAR forms of B2R/R2B name their barrier */
        if (bind[k] < 0 && sp->field == WR_F_BARID && wr_insn_names_barrier(in))
            return err_at(c, s->ops_end, "%s.BAR needs a barrier operand (0..15)", fd->mnemonic);
    }
    return 0;
}

/* ---- statement text ---------------------------------------------------------------- */

/* Aliases, each in one profile: the seed spells BAR.RESULT also B2R.RESULT
 * (N-39); sass's canonical op is B2R.RESULT, BAR.RESULT accepted (S-12);
 * ptx's bar{.cta}.X is barrier{.cta}.X.aligned (P-08). */
typedef struct alias {
    int profile;
    const char *alias, *name;
    const char *implied;       /* a modifier the alias stands for, not to be written */
} alias;
static const alias aliases[] = {
    { WR_PROFILE_NATIVE, "B2R.RESULT", "BAR.RESULT", NULL },
    { WR_PROFILE_SASS, "BAR.RESULT", "B2R.RESULT", NULL },
    { WR_PROFILE_PTX, "bar", "barrier", "aligned" },
};

/* The group of the mnemonic s[0..n) in `profile` (or, profile < 0, in any
 * profile), through an alias of that profile if one matches (*via). */
static const wr_mnem_group *find_group(int profile, const char *s, size_t n, const alias **via)
{
    const char *name = NULL;
    *via = NULL;
    for (unsigned i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if ((profile < 0 || aliases[i].profile == profile) && ieq(s, n, aliases[i].alias)) {
            name = aliases[i].name;
            *via = &aliases[i];
        }
    if (name == NULL)
        return wr_mnem_find(profile, s, n);
    const wr_isa_aux *aux = wr_isa_aux_get();
    const wr_mnem_group *gs = profile < 0 ? aux->group : aux->pgroup[profile];
    unsigned ng = profile < 0 ? aux->ngroups : aux->npgroups[profile];
    for (unsigned g = 0; g < ng; g++)        /* an alias names its group exactly */
        if (strcmp(gs[g].mnemonic, name) == 0)
            return &gs[g];
    return NULL;
}

/* The last 8 bytes of name p[0..n), packed (all of a name of 8 or fewer). */
static uint64_t name_key(const char *p, size_t n)
{
    uint64_t k = 0;
    for (size_t i = 0; i < n; i++)
        k = k << 8 | (unsigned char)p[i];
    return k;
}


/* The spelling p[0..n) (hash h) if met before, else NULL. */
static inline spelling *spelling_find(const asm_ctx *c, const char *p, size_t n, uint32_t h)
{
    if (c->spsize == 0)
        return NULL;
    for (size_t i = h & (c->spsize - 1); c->sptab[i] != 0; i = (i + 1) & (c->spsize - 1)) {
        spelling *sp = &c->sp[c->sptab[i] - 1];
        if (sp->hash == h && sp->len == n && same_bytes(c->names + sp->name, p, n))
            return sp;
    }
    return NULL;
}

/* Keep the spelling s->mnem[0..s->mlen) (hash h), parsed into s (group,
 * modifiers) through `via` with the mnemonic `cut` bytes long: its
 * modifiers resolved against every form of the group.  NULL: out of memory. */
static spelling *spelling_add(asm_ctx *c, const stmt *s, uint32_t h, const struct alias *via, size_t cut)
{
    if ((c->nsp + 1) * 2 > c->spsize) {
        size_t n = c->spsize ? c->spsize * 2 : 2048;   /* (few collisions: one probe a line) */
        uint32_t *t = calloc(n, sizeof *t);
        if (t == NULL)
            return NULL;
        for (size_t i = 0; i < c->nsp; i++) {
            size_t k = c->sp[i].hash & (n - 1);
            while (t[k] != 0)
                k = (k + 1) & (n - 1);
            t[k] = (uint32_t)(i + 1);
        }
        free(c->sptab);
        c->sptab = t;
        c->spsize = n;
    }
    if (grow(&c->sp, &c->cap_sp, c->nsp + 1, sizeof *c->sp) != 0
        || grow(&c->names, &c->cap_names, c->nnames + s->mlen, 1) != 0)
        return NULL;
    spelling *sp = &c->sp[c->nsp];
    memset(sp, 0, offsetof(spelling, memo));  /* a memo is made when used (choose_form) */
    sp->next_memo = 0;
    sp->legal = 0;
    memcpy(c->names + c->nnames, s->mnem, s->mlen);
    sp->name = c->nnames;
    sp->len = (uint32_t)s->mlen;
    sp->hash = h;
    sp->key = name_key(s->mnem, s->mlen);
    sp->group = s->group;
    sp->via = via;
    sp->cut = (uint32_t)cut;
    c->nnames += s->mlen;
    const wr_mnem_group *g = s->group;
    for (unsigned i = 0; i < g->nforms; i++) {
        int mv[MAX_SLOTS];
        unsigned which;
        sp->code[i] = (uint8_t)resolve_mods(c->aux, g->forms[i], s, mv, &which);
        sp->which[i] = (uint8_t)which;
        for (unsigned k = 0; k < MAX_SLOTS; k++)
            sp->modval[i][k] = (int8_t)mv[k];
        sp->blanks |= (wr_form_exts[g->forms[i]].flags & WR_FORMF_BLANKS) != 0;
    }
    size_t k = h & (c->spsize - 1);
    while (c->sptab[k] != 0)
        k = (k + 1) & (c->spsize - 1);
    c->sptab[k] = (uint32_t)(c->nsp + 1);
    return &c->sp[c->nsp++];
}

/* MNEMONIC{.MOD}: the longest dotted prefix naming a mnemonic of the
 * profile, then the modifiers (case-insensitive, N-61).  A mnemonic of
 * another profile only is bad input (SPEC-NOTES G-01).  A spelling met
 * before is not looked up again (spelling_find). */
static int parse_mnemonic(asm_ctx *c, const char **pp, stmt *s)
{
    const char *p = *pp, *e = p == c->word ? c->word_end : ident_end(p);
    if (e == p && *p == '\0')
        return err_at(c, p, "instruction expected");
    if (e == p)
        return err_at(c, p, "unexpected '%c' where an instruction should be", *p);
    s->mnem = p;
    s->mlen = (size_t)(e - p);
    const uint32_t h = hash_name(p, s->mlen);
    spelling *known = spelling_find(c, p, s->mlen, h);
    const char *cut = e;
    const alias *via;
    if (known != NULL) {
        s->group = known->group;
        via = known->via;
        cut = p + known->cut;
    } else {
        for (const char *q = p; q < e; q++)
            if (*q == '.' && (q + 1 == e || q[1] == '.'))
                return err_at(c, q, "empty modifier in '%.*s'", (int)s->mlen, p);
        /* try prefixes from the longest down */
        for (;;) {
            s->group = find_group(c->profile, p, (size_t)(cut - p), &via);
            if (s->group != NULL)
                break;
            while (cut > p && *--cut != '.')
                ;
            if (cut == p) {
                for (cut = e; cut > p;) {
                    if (find_group(-1, p, (size_t)(cut - p), &via) != NULL)
                        return err_at(c, p, "'%.*s' is not an instruction of the %s profile (SPEC-NOTES G-01)",
                                      (int)s->mlen, p, wr_profile_name((unsigned)c->profile));
                    while (cut > p && *--cut != '.')
                        ;
                }
                return err_at(c, p, "unknown mnemonic '%.*s'", (int)s->mlen, p);
            }
        }
    }
    s->nmods = 0;
    for (const char *q = cut; q < e;) {
        const char *m = q + 1, *me = m;
        while (me < e && *me != '.')
            me++;
        if (s->nmods == MAX_STMT_MODS - 1)
            return err_at(c, m, "too many modifiers");
        if (via && via->implied && ieq(m, (size_t)(me - m), via->implied))   /* P-08 */
            return err_at(c, m, "'.%s' is not written after %.*s: %s{.cta}.X is %s{.cta}.X.%s", via->implied,
                          (int)(cut - p), p, via->alias, via->name, via->implied);
        s->mod[s->nmods] = m;
        s->modlen[s->nmods++] = (size_t)(me - m);
        q = me;
    }
    s->nwritten = s->nmods;
    if (via && via->implied) {
        s->mod[s->nmods] = via->implied;
        s->modlen[s->nmods++] = strlen(via->implied);
    }
    if (known == NULL && (known = spelling_add(c, s, h, via, (size_t)(cut - p))) == NULL)
        return oom(c);
    s->spell = known;
    *pp = e;
    return 0;
}

/* @P0, @!P3, @PT */
static int parse_guard(asm_ctx *c, const char **pp, stmt *s)
{
    const char *p = *pp + 1;
    s->guard_not = *p == '!';
    if (s->guard_not)
        p++;
    const char *e = ident_end(p);
    uint8_t kind = 0;
    uint64_t v = 0;
    int r = e > p ? classify_name(c, p, (size_t)(e - p), &kind, &v) : 0;
    if (r < 0)
        return -1;
    if (r == 0 || kind != O_PRED)
        return err_at(c, p, "guard: expected a predicate P0..P6 or PT");
    if (!is_space(*e))
        return err_at(c, e, "expected a space after the guard");
    s->guard_pred = (int)v;
    *pp = skip_ws(e);
    return 0;
}

static int is_annotation_start(char ch) { return ch == '$' || ch == '&' || ch == '?'; }
static int is_operand_start(char ch)
{
    return is_ident_char(ch) || ch == '-' || ch == '`' || ch == '~' || ch == '!';
}

/* Operands, then scheduling annotations ($sched, &req_6, ?WAIT5 ...,
 * ignored), an optional ';', nothing else. */
static int parse_operands(asm_ctx *c, const char **pp, stmt *s)
{
    const char *p = skip_ws(*pp);
    /* seed 003 writes `@!P1 EXIT, P2;`: a comma straight after the
     * mnemonic is accepted (only when an operand follows). */
    int need = *p == ',';
    if (need)
        p = skip_ws(p + 1);
    /* seed 004's text separates operands by blanks (BLANKS() forms) */
    const int blanks = s->spell->blanks;
    s->nops = 0;
    while (*p != '\0' && *p != ';' && !is_annotation_start(*p)) {
        if (s->nops == MAX_OPERANDS)
            return err_at(c, p, "too many operands");
        if (lex_operand(c, &p, &s->op[s->nops]) != 0)
            return -1;
        s->nops++;
        const char *end = p;
        p = skip_ws(p);
        need = *p == ',';
        if (!need) {
            if (blanks && p > end && is_operand_start(*p))
                continue;
            break;
        }
        p = skip_ws(p + 1);
    }
    if (need && (*p == '\0' || *p == ';' || is_annotation_start(*p)))
        return err_at(c, p, "operand expected after ','");
    s->ops_end = p;
    while (is_annotation_start(*p)) {
        while (*p != '\0' && *p != ';' && !is_space(*p))
            p++;
        p = skip_ws(p);
    }
    if (*p == ';')
        p = skip_ws(p + 1);
    if (*p == '\0')
        return 0;
    if (p == s->ops_end && s->nops > 0 && is_operand_start(*p))   /* N-61: BRX R6 -0x70 */
        return err_at(c, p, "missing ',' before '%.*s'", (int)(ident_end(p + 1) - p), p);
    return err_at(c, p, "unexpected '%.*s' at the end of the statement", (int)(ident_end(p + 1) - p), p);
}

/* Room for one more instruction, its line, its word and word_ok. */
static int grow_insns(asm_ctx *c)
{
    wr_program *pr = c->prog;
    const size_t n = pr->ninsns + 1;
    size_t cap_words = c->cap_insns, cap_ok = c->cap_insns;
    if (n <= c->cap_insns)
        return 0;
    /* the four keep one capacity, cap_insns, grown last */
    return grow(&pr->words, &cap_words, n, sizeof *pr->words) != 0
        || grow(&c->word_ok, &cap_ok, n, sizeof *c->word_ok) != 0
        || grow(&pr->lines, &c->cap_lines, n, sizeof *pr->lines) != 0
        || grow(&pr->insns, &c->cap_insns, n, sizeof *pr->insns) != 0 ? -1 : 0;
}

/* Room at the start for the instructions a text of this size usually
 * holds (one a line of 28 bytes, about what a generated program's lines
 * are, most of them instructions): fewer copies of the growing arrays;
 * the growth covers any more. */
static int reserve(asm_ctx *c)
{
    size_t guess = c->textlen / 28;
    if (guess <= 64)
        return 0;
    c->prog->ninsns = guess - 1;          /* (grow_insns makes room for ninsns + 1) */
    int rc = grow_insns(c);
    c->prog->ninsns = 0;
    /* and for its labels, their names, label operands and tokens (a
     * generated program has a label or a label operand every 4 to 8 lines) */
    const size_t nl = c->textlen / 128;
    if (rc == 0 && (grow(&c->labels, &c->cap_labels, nl, sizeof *c->labels) != 0
                    || grow(&c->names, &c->cap_names, nl * 8, 1) != 0
                    || grow(&c->fx, &c->cap_fx, nl, sizeof *c->fx) != 0
                    || grow(&c->xt, &c->cap_xt, nl * 2, sizeof *c->xt) != 0))
        return -1;
    size_t n = 1024;
    while (n < 2 * nl)
        n *= 2;
    return rc != 0 || n == 1024 ? rc : rehash(c, n);
}

static int add_insn(asm_ctx *c, const wr_insn *in)
{
    wr_program *pr = c->prog;
    if (pr->ninsns == WR_MAX_INSNS)
        return err_lc(c, c->line, 1, "program too large (more than %d instructions)", WR_MAX_INSNS);
    if (grow_insns(c) != 0)
        return oom(c);
    pr->insns[pr->ninsns] = *in;
    c->word_ok[pr->ninsns] = 0;
    pr->lines[pr->ninsns] = c->line;
    pr->ninsns++;
    return 0;
}

static int parse_instruction(asm_ctx *c, const char *p)
{
    stmt s;                             /* op[], mod[]: only the first nops, nmods are read */
    s.mnem = NULL;
    s.mlen = 0;
    s.group = NULL;
    s.spell = NULL;
    s.nmods = s.nwritten = s.nops = 0;
    s.guard_pred = WR_PT;
    s.guard_not = 0;
    s.ops_end = p;
    s.sig = 0;
    s.memo = NULL;
    if (*p == '@' && parse_guard(c, &p, &s) != 0)
        return -1;
    if (parse_mnemonic(c, &p, &s) != 0 || parse_operands(c, &p, &s) != 0)
        return -1;
    wr_program *pr = c->prog;
    const uint64_t pc = (uint64_t)pr->ninsns * WR_INST_SIZE;
    if (pr->ninsns == WR_MAX_INSNS) {           /* the statement's own error first */
        wr_insn in;
        wr_word w;
        uint8_t ok;
        return build_insn(c, &s, pc, &in, &w, &ok) != 0 ? -1 : add_insn(c, &in);
    }
    /* built in its place in the program (no copy) */
    if (grow_insns(c) != 0)
        return oom(c);
    if (build_insn(c, &s, pc, &pr->insns[pr->ninsns], &pr->words[pr->ninsns], &c->word_ok[pr->ninsns]) != 0)
        return -1;
    pr->lines[pr->ninsns] = c->line;
    pr->ninsns++;
    return 0;
}

/* ---- directives (N-52, N-53) ----------------------------------------------------------- */

static int parse_threads(asm_ctx *c, const char *p)
{
    p = skip_ws(p);
    const char *num = p;
    uint64_t v;
    int neg;
    if (!(is_digit(*p) || *p == '-'))
        return err_at(c, p, ".threads: expected a number");
    if (parse_number(c, &p, &v, &neg) != 0)
        return -1;
    if (neg || v < 1 || v > MAX_THREADS)
        return err_at(c, num, ".threads %.*s out of range 1..1024", (int)(p - num), num);
    if (c->threads_line)
        return err_at(c, num, "duplicate .threads (first at line %u)", c->threads_line);
    p = skip_ws(p);
    if (*p == ';')
        p = skip_ws(p + 1);
    if (*p != '\0')
        return err_at(c, p, "unexpected '%c' after .threads", *p);
    c->prog->threads = (unsigned)v;
    c->threads_line = c->line;
    return 0;
}

/* A .const value must be a 32-bit number: -2^31 .. 2^32-1 (N-54). */
static int const_range(asm_ctx *c, xval v, unsigned line, unsigned col, uint32_t *out)
{
    if (v.mag > (v.neg ? UINT64_C(1) << 31 : UINT32_MAX))
        return err_lc(c, line, col, ".const value %s0x%" PRIx64 " does not fit 32 bits", v.neg ? "-" : "", v.mag);
    *out = (uint32_t)(v.neg ? (uint64_t)0 - v.mag : v.mag);
    return 0;
}

static int add_const(asm_ctx *c, unsigned bank, unsigned offset, const char *at, size_t x0, int nlabels)
{
    wr_program *pr = c->prog;
    unsigned col = (unsigned)(at - c->lb) + 1u;
    uint32_t value = 0;
    if (nlabels > 0) {
        if (grow(&c->fx, &c->cap_fx, c->nfx + 1, sizeof *c->fx) != 0)
            return oom(c);
        c->fx[c->nfx++] = (fixup){ .index = pr->nconsts, .is_const = 1, .x0 = x0, .nx = c->nxt - x0,
                                   .line = c->line, .col = col };
    } else {
        xval v;
        if (eval_expr(c, x0, c->nxt - x0, 0, c->line, &v) != 0 || const_range(c, v, c->line, col, &value) != 0)
            return -1;
        c->nxt = x0;                      /* tokens no longer needed */
    }
    if (grow(&pr->consts, &c->cap_consts, pr->nconsts + 1, sizeof *pr->consts) != 0)
        return oom(c);
    pr->consts[pr->nconsts++] = (wr_const_init){ (uint8_t)bank, (uint16_t)offset, value };
    return 0;
}

/* .const c[BANK][OFFSET] = V0, V1, ...  (values: numbers or expressions of
 * labels, with or without `( ); `.` is not allowed) */
static int parse_const(asm_ctx *c, const char *p)
{
    p = skip_ws(p);
    uint64_t packed;
    if (*p != 'c' || skip_ws(p + 1)[0] != '[')
        return err_at(c, p, ".const: expected c[bank][offset]");
    if (parse_cmem(c, &p, &packed) != 0)
        return -1;
    unsigned bank = wr_cmem_bank((int64_t)packed), offset = wr_cmem_offset((int64_t)packed);
    p = skip_ws(p);
    if (*p != '=')
        return err_at(c, p, ".const: expected '='");
    for (unsigned i = 0;; i++) {
        p = skip_ws(p + 1);
        const char *at = p;
        if (offset + 4u * i > WR_CMEM_MAX_OFFSET)
            return err_at(c, at, ".const: value %u lands past offset 0xfffc", i + 1u);
        size_t x0 = c->nxt;
        int nlabels = 0, tick = *p == '`';
        if (tick) {
            p = skip_ws(p + 1);
            if (*p != '(')
                return err_at(c, p, "expected '(' after '`'");
        }
        if (parse_sum(c, &p, 0, 0, &nlabels) != 0 || add_const(c, bank, offset + 4u * i, at, x0, nlabels) != 0)
            return -1;
        p = skip_ws(p);
        if (*p != ',')
            break;
    }
    if (*p == ';')
        p = skip_ws(p + 1);
    if (*p != '\0')
        return err_at(c, p, "unexpected '%c' in .const (values are separated by ',')", *p);
    return 0;
}

/* .profile NAME (SPEC-NOTES G-01): at most one, anywhere in the file; read
 * before the instructions (profile_scan), skipped when met again. */
static int parse_profile(asm_ctx *c, const char *p, int *profile)
{
    p = skip_ws(p);
    const char *e = ident_end(p);
    int prof = wr_profile_parse(p, (size_t)(e - p));
    if (e == p || prof < 0)
        return err_at(c, p, ".profile: expected native, sass, ptx or visa");
    p = skip_ws(e);
    if (*p == ';')
        p = skip_ws(p + 1);
    if (*p != '\0')
        return err_at(c, p, "unexpected '%c' after .profile", *p);
    *profile = prof;
    return 0;
}

static int parse_directive(asm_ctx *c, const char *p)
{
    const char *e = ident_end(p);
    if (ieq(p, (size_t)(e - p), ".threads"))
        return parse_threads(c, e);
    if (ieq(p, (size_t)(e - p), ".const"))
        return parse_const(c, e);
    if (ieq(p, (size_t)(e - p), ".profile")) {
        /* optimistic (no profile_scan): a first `.profile` before any
         * instruction is taken, as the scan would; another, or a bad one,
         * stops the pass (the full one says why) */
        if (c->optimistic) {
            int prof;
            if (c->profile_line != 0 || c->nsp != 0 || c->prog->ninsns != 0 || parse_profile(c, e, &prof) != 0)
                return -1;
            c->profile = c->forced >= 0 ? c->forced : prof;
            c->prog->profile = (unsigned)c->profile;
            c->profile_line = c->line;
        }
        return 0;                              /* read by profile_scan */
    }
    return err_at(c, p, "unknown directive '%.*s' (a label needs ':')", (int)(e - p), p);
}

/* ---- lines ---------------------------------------------------------------------------- */

/* NAME: at p?  Returns the end of the label name or NULL. */
static const char *label_def_end(const char *p)
{
    if (!is_ident_start(*p) || (*p == '.' && !is_ident_char(p[1])))
        return NULL;
    const char *e = ident_end(p);
    return *skip_ws(e) == ':' ? e : NULL;
}

static int define_label(asm_ctx *c, const char *p, const char *e)
{
    uint8_t kind;
    uint64_t v;
    int r = classify_name(c, p, (size_t)(e - p), &kind, &v);
    if (r != 0)
        return r < 0 ? -1 : err_at(c, p, "label '%.*s' is spelled like a register", (int)(e - p), p);
    long id = intern(c, p, (size_t)(e - p));
    if (id < 0)
        return oom(c);
    label *l = &c->labels[id];
    if (l->defined)
        return err_at(c, p, "duplicate label '%.*s' (first defined at line %u)", (int)(e - p), p, l->line);
    l->defined = 1;
    l->addr = (uint64_t)c->prog->ninsns * WR_INST_SIZE;
    l->line = c->line;
    return 0;
}

static int parse_line(asm_ctx *c)
{
    const char *p = skip_ws(c->start), *e;
    c->word = NULL;
    for (;;) {                                  /* N-61: labels may share the line */
        if (!is_ident_start(*p) || (*p == '.' && !is_ident_char(p[1])))
            break;
        e = ident_end(p);
        const char *q = skip_ws(e);
        if (*q != ':') {                        /* the mnemonic, read once (parse_mnemonic) */
            c->word = p;
            c->word_end = e;
            break;
        }
        if (define_label(c, p, e) != 0)
            return -1;
        p = skip_ws(q + 1);
    }
    if (*p == '\0')
        return 0;
    if (*p == '.' && is_alpha(p[1]))
        return parse_directive(c, p);
    return parse_instruction(c, p);
}

/* ---- the quick reader ------------------------------------------------------------------- */

/* Most lines of a large program are a label, a `.const` of numbers
 * (quick_const), or an instruction whose
 * spelling and operand kinds were met before, written in the common shapes:
 * registers, predicates, numbers of scan_number's one-pass shapes, c[B][O],
 * labels bare or as `(label), an optional guard, a leading address comment
 * and a trailing `//` one.  quick_line reads such a line in one pass, from
 * left to right, each token told by its first byte, into the stmt the
 * general reader would make, and builds it with the same build_insn.  Any
 * other line, and any line the general reader would refuse, it hands over
 * (returns 1) before it has changed anything that reader would see: the
 * tokens it emitted are dropped, the labels it interned are the ones the
 * general reader interns, and labels are defined and the instruction built
 * only once the whole line has been read (their errors are the general
 * reader's, which would have read the same line up to them).  The line is
 * only NUL-terminated, as load_line does first; its comments are not
 * blanked: a `//` ends the line here (quick_end) as the blanks would. */

static _Thread_local int general_only;      /* wr_asm_general_only */

void wr_asm_general_only(int on)
{
    general_only = on != 0;
}

/* Is p at the end of the line: its newline, the text's NUL, or a `//`
 * comment, whose blanks the general reader would have skipped to the line's
 * end (*pp moves there, so positions taken from it are that reader's)? */
static int quick_end(const asm_ctx *c, const char **pp)
{
    const char *p = *pp;
    if (!cc(*p, CC_STOP))
        return 0;
    if (*p == '\n' || *p == '\0')
        return 1;
    if (p[0] == '/' && p[1] == '/') {
        const char *end = c->text + c->textlen, *nl = memchr(p, '\n', (size_t)(end - p));
        *pp = nl ? nl : end;
        return 1;
    }
    return 0;
}

/* The length of the identifier at p when it is shorter than 16 bytes and
 * the 16 bytes from p lie before end (the text's end), else 16: its
 * bytes told from the others 16 at a time (CC_IDENT: letters, digits, '_',
 * '.'; a byte above 0x7f is negative, below every bound). */
static unsigned ident_len16(const char *p, const char *end)
{
#ifdef __SSE2__
    if (end - p >= 16) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
        const __m128i l = _mm_or_si128(x, _mm_set1_epi8(0x20));     /* letters as lower case */
        __m128i m = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)),
                                  _mm_cmplt_epi8(l, _mm_set1_epi8('z' + 1)));
        m = _mm_or_si128(m, _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('0' - 1)),
                                          _mm_cmplt_epi8(x, _mm_set1_epi8('9' + 1))));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
        m = _mm_or_si128(m, _mm_cmpeq_epi8(x, _mm_set1_epi8('.')));
        return (unsigned)__builtin_ctz(~(unsigned)_mm_movemask_epi8(m));   /* bits 16.. are set */
    }
#else
    (void)p;
    (void)end;
#endif
    return 16;
}

/* ident_end and name_key of the identifier at p (the text ending at end). */
static ALWAYS_INLINE const char *ident_key(const char *p, const char *end, uint64_t *key)
{
    const unsigned n = ident_len16(p, end);
    if (n < 16) {                              /* the last 8 bytes, read at once (x86: little-endian) */
        uint64_t k = 0;
        if (n >= 8) {
            memcpy(&k, p + n - 8, 8);
            k = __builtin_bswap64(k);
        } else if (n > 0) {
            memcpy(&k, p, 8);
            k = __builtin_bswap64(k) >> (64 - 8 * n);
        }
        *key = k;
        return p + n;
    }
    uint64_t k = 0;
    for (; is_ident_char(*p); p++)
        k = k << 8 | (unsigned char)*p;
    *key = k;
    return p;
}

/* The spelling p[0..n) (key: name_key) by one look in the cache of
 * spellings met, else by spelling_find (and cached); NULL if never met. */
static spelling *spelling_get(asm_ctx *c, const char *p, size_t n, uint64_t key)
{
    const unsigned ci = ((unsigned)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 56) ^ (unsigned)n) & 255u;
    if (c->spcache[ci] != 0) {
        spelling *sp = &c->sp[c->spcache[ci] - 1];
        if (sp->len == n && sp->key == key && (n <= 8 || same_bytes(c->names + sp->name, p, n - 8)))
            return sp;
    }
    spelling *sp = spelling_find(c, p, n, hash_name(p, n));
    if (sp != NULL)
        c->spcache[ci] = (uint32_t)(sp - c->sp) + 1u;
    return sp;
}

/* The value of a hex digit, 16 for any other byte. */
static const uint8_t hexval[256] = {
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 16, 16, 16, 16, 16,
    16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 10, 11, 12, 13, 14, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
    16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
};

/* parse_number of the shapes scan_number reads in one pass (the value it
 * gives them); 1 for any other text (another shape, or an error). */
static int quick_number(const char **pp, uint64_t *v, int *neg)
{
    const char *p = *pp, *q;
    uint64_t x = 0;
    *neg = *p == '-';
    p += *neg;
    q = p;
    if (q[0] == '0' && q[1] == 'x') {
        unsigned d;
        for (q += 2; (d = hexval[(unsigned char)*q]) < 16; q++)
            x = x << 4 | d;                    /* (more than 16 digits: handed over) */
        if (q - p <= 2 || q - p > 18 || is_ident_char(*q))
            return 1;
    } else if (is_digit(q[0]) && (q[0] != '0' || !is_ident_char(q[1]))) {
        for (; is_digit(*q) && q - p < 19; q++)
            x = x * 10 + (uint64_t)(*q - '0');
        if (is_ident_char(*q))
            return 1;
    } else {
        return 1;
    }
    if (*neg) {
        if (x > (UINT64_C(1) << 63))
            return 1;
        x = (uint64_t)0 - x;
    }
    *v = x;
    *pp = q;
    return 0;
}

/* The value of the 1 to 5 hex digits at *pp followed by ']' (*pp: the
 * ']'), or -1 for any other text. */
static long hex_to_bracket(const char **pp)
{
    const char *q = *pp;
    unsigned d;
    uint64_t x = 0;
    for (; (d = hexval[(unsigned char)*q]) < 16; q++)
        x = x << 4 | d;
    if (*q != ']' || q == *pp || q - *pp > 5)
        return -1;
    *pp = q;
    return (long)x;
}

/* parse_cmem without its errors (1 instead). */
static int quick_cmem(const char **pp, uint64_t *packed)
{
    const char *p = *pp + 1;
    uint64_t part[2];
    int neg;
    if (p[0] == '[' && p[1] == '0' && p[2] == 'x') {   /* c[0xB][0xO]: the common spelling */
        const char *q = p + 3;
        const long bank = hex_to_bracket(&q);
        if (bank >= 0 && q[1] == '[' && q[2] == '0' && q[3] == 'x') {
            q += 4;
            const long off = hex_to_bracket(&q);
            if (off >= 0 && bank < WR_CONST_BANKS && off <= WR_CMEM_MAX_OFFSET && !(off & 3)) {
                *packed = (uint64_t)wr_cmem_make((unsigned)bank, (unsigned)off);
                *pp = q + 1;
                return 0;
            }
        }
    }
    for (int i = 0; i < 2; i++) {
        p = skip_ws(p);
        if (*p != '[')
            return 1;
        p = skip_ws(p + 1);
        if (!is_digit(*p) || quick_number(&p, &part[i], &neg) != 0)
            return 1;
        if (i == 0 ? part[0] >= WR_CONST_BANKS : part[1] > WR_CMEM_MAX_OFFSET || (part[1] & 3u))
            return 1;
        p = skip_ws(p);
        if (*p != ']')
            return 1;
        p++;
    }
    *packed = (uint64_t)wr_cmem_make((unsigned)part[0], (unsigned)part[1]);
    *pp = p;
    return 0;
}

/* lex_operand of the common shapes: the operand's part of op_signature
 * (0..63), QUICK_NO (hand the line over) or -1 (out of memory, said). */
enum { QUICK_NO = 64 };
static int quick_operand(asm_ctx *c, const char **pp, operand *op)
{
    const char *p = *pp;
    unsigned tb = 0;                           /* '~' << 4 | '!' << 5 (op_signature) */
    op->p = p;                                 /* (x0, nx and nlabels are read of a */
    op->tilde = op->bang = op->neg = 0;        /* number, a label or an expression only) */
    if (*p == '~' || *p == '!') {
        if (*p == '~') { op->tilde = 1; p++; }
        if (*p == '!') { op->bang = 1; p++; }
        tb = (unsigned)op->tilde << 4 | (unsigned)op->bang << 5;
    }
    if (p[0] == 'R' && is_digit(p[1])) {        /* R0..R254 (lex_name's common case) */
        unsigned v = (unsigned)(p[1] - '0');
        const char *q = p + 2;
        if (is_digit(*q)) {
            v = v * 10u + (unsigned)(*q++ - '0');
            if (is_digit(*q))
                v = v * 10u + (unsigned)(*q++ - '0');
        }
        if (!is_ident_char(*q) && v <= 254) {
            op->kind = O_GPR;
            op->v = v;
            p = q;
            goto done;
        }
    }
    if (p[0] == 'P' && ((p[1] >= '0' && p[1] <= '6') || p[1] == 'T') && !is_ident_char(p[2])) {
        op->kind = O_PRED;                     /* P0..P6, PT (classify_name's) */
        op->v = p[1] == 'T' ? WR_PT : (uint64_t)(p[1] - '0');
        p += 2;
        goto done;
    }
    if (*p == '`') {                           /* `(label) */
        p = skip_ws(p + 1);
        if (*p != '(')
            return QUICK_NO;
        const char *n = skip_ws(p + 1);
        if (!is_ident_start(*n) || (*n == '.' && !is_ident_char(n[1])))
            return QUICK_NO;
        const char *e = ident_end(n);
        p = skip_ws(e);
        if (*p != ')')
            return QUICK_NO;
        if (bare_label(c, n, (size_t)(e - n), op, O_EXPR) != 0)
            return -1;
        p++;
    } else if (*p == '-' || is_digit(*p)) {
        int neg;
        if (quick_number(&p, &op->v, &neg) != 0)
            return QUICK_NO;
        op->kind = O_NUM;
        op->neg = (uint8_t)neg;
        op->x0 = op->nx = 0;
        op->nlabels = 0;
    } else if (*p == 'c' && skip_ws(p + 1)[0] == '[') {
        if (quick_cmem(&p, &op->v) != 0)
            return QUICK_NO;
        op->kind = O_CMEM;
    } else if (is_ident_start(*p) && !(*p == '.' && !is_ident_char(p[1]))) {
        const char *e = ident_end(p);
        size_t n = (size_t)(e - p);
        if (*e == '[')                         /* a pair, or an error */
            return QUICK_NO;
        int r = classify_name_as(c, p, n, &op->kind, &op->v, 0);
        if (r < 0)
            return QUICK_NO;
        if (r == 0 && bare_label(c, p, n, op, O_LABEL) != 0)   /* a bare label */
            return -1;
        p = e;
    } else {
        return QUICK_NO;
    }
done:
    if (tb != 0
        && ((op->bang && op->kind != O_PRED)
            || (op->tilde && op->kind != O_GPR && op->kind != O_UR && op->kind != O_CMEM)))
        return QUICK_NO;
    op->len = (size_t)(p - op->p);
    *pp = p;
    return (int)(op->kind | tb);
}

/* parse_const of the common shape, `.const c[B][O] = V0, V1 ...` with
 * each value a number of quick_number's shapes (no sign, no label, no
 * parentheses) that fits 32 bits, at *pp (past ".const") on the line at
 * `line`: 0 (*pp: the line's end), -1 (out of memory, said) or 1: handed
 * over, nothing done. */
static int quick_const(asm_ctx *c, const char *line, const char **pp)
{
    const char *p = skip_ws(*pp);
    uint64_t packed, v;
    int neg;
    if (*p != 'c' || quick_cmem(&p, &packed) != 0)
        return 1;
    const unsigned bank = wr_cmem_bank((int64_t)packed), offset = wr_cmem_offset((int64_t)packed);
    p = skip_ws(p);
    if (*p != '=')
        return 1;
    wr_program *pr = c->prog;
    const size_t n0 = pr->nconsts;
    for (unsigned i = 0;; i++) {
        p = skip_ws(p + 1);
        if (offset + 4u * i > WR_CMEM_MAX_OFFSET || !is_digit(*p) || quick_number(&p, &v, &neg) != 0
            || v > UINT32_MAX)
            goto general;
        if (grow(&pr->consts, &c->cap_consts, pr->nconsts + 1, sizeof *pr->consts) != 0) {
            pr->nconsts = n0;
            return oom(c);
        }
        pr->consts[pr->nconsts++] = (wr_const_init){ (uint8_t)bank, (uint16_t)(offset + 4u * i), (uint32_t)v };
        p = skip_ws(p);
        if (*p != ',')
            break;
    }
    if (*p == ';')
        p = skip_ws(p + 1);
    if (quick_end(c, &p) && p - line <= MAX_LINE) {
        *pp = p;
        return 0;
    }
general:
    pr->nconsts = n0;
    return 1;
}

/* The line at `line` (up to its newline or the text's end) read and
 * assembled by the quick reader: 0 (*next: the next line, NULL after the
 * last), -1 (an error, the general reader's), or 1: handed over, nothing
 * done. */
static ALWAYS_INLINE int quick_line(asm_ctx *c, const char *line, const char **next)
{
    const char *p = line, *const tend = c->text + c->textlen;
    c->lb = c->start = line;
    if (p[0] == '/' && p[1] == '*') {          /* an address comment (load_line) */
        if (is_ident_char(p[2]) && is_ident_char(p[3]) && is_ident_char(p[4]) && is_ident_char(p[5])) {
            if (p[6] == '*' && p[7] == '/') {  /* four digits or five: what the loop below finds */
                p += 8;
                goto listed;
            }
            if (is_ident_char(p[6]) && p[7] == '*' && p[8] == '/') {
                p += 9;
                goto listed;
            }
        }
        const char *q = ident_end(p + 2);      /* a listing's digits: no '*' among them */
        for (; !(q[0] == '*' && q[1] == '/'); q++)
            if (*q == '\n' || *q == '\0')
                return 1;
        p = q + 2;
    }
listed:
    p = skip_ws(p);
    const char *lab[2], *labe[2], *w = NULL, *we = NULL, *wb = NULL;
    unsigned nlab = 0;
    uint64_t key = 0;
    for (;;) {                                 /* labels, or the mnemonic */
        if (!is_ident_start(*p) || (*p == '.' && !is_ident_char(p[1])))
            break;
        const char *e = ident_key(p, tend, &key), *q = skip_ws(e);
        if (*q != ':') {
            w = p;
            we = e;
            wb = q;                            /* the blanks after it, skipped */
            break;
        }
        if (nlab == 2)
            return 1;
        lab[nlab] = p;
        labe[nlab++] = e;
        p = skip_ws(q + 1);
    }
    if (quick_end(c, &p)) {
        if (p - line > MAX_LINE)
            return 1;
        for (unsigned i = 0; i < nlab; i++)
            if (define_label(c, lab[i], labe[i]) != 0)
                return -1;
        *next = *p == '\n' ? p + 1 : NULL;
        return 0;
    }
    if (*p == '.' && is_alpha(p[1])) {         /* a directive: `.const` of the common shape */
        if (nlab != 0 || we - w != 6 || memcmp(w, ".const", 6) != 0)
            return 1;
        const int r = quick_const(c, line, &we);
        if (r == 0)
            *next = *we == '\n' ? we + 1 : NULL;
        return r;
    }
    stmt s;                                    /* as parse_instruction's */
    s.nmods = s.nwritten = 0;                  /* (read only to explain a form not found) */
    s.guard_pred = WR_PT;
    s.guard_not = 0;
    if (*p == '@') {                           /* @P0..@P6, @PT, @!... */
        const char *g = p + 1;
        s.guard_not = *g == '!';
        g += s.guard_not;
        if (g[0] != 'P')
            return 1;
        if (g[1] == 'T')
            s.guard_pred = WR_PT;
        else if (g[1] >= '0' && g[1] <= '6')
            s.guard_pred = g[1] - '0';
        else
            return 1;
        if (!is_space(g[2]))
            return 1;
        p = skip_ws(g + 2);
        w = NULL;
    }
    if (w == NULL) {
        w = p;
        we = ident_key(p, tend, &key);
        wb = skip_ws(we);
    }
    spelling *sp = we > w ? spelling_get(c, w, (size_t)(we - w), key) : NULL;
    if (sp == NULL)                            /* met for the first time, or an error */
        return 1;
    s.mnem = w;
    s.mlen = (size_t)(we - w);
    s.group = sp->group;
    s.spell = sp;
    /* parse_operands, and op_signature as the operands come */
    const size_t nxt0 = c->nxt;
    p = wb;
    int need = *p == ',', r;
    if (need)
        p = skip_ws(p + 1);
    s.nops = 0;
    uint64_t sig = 1;
    unsigned shift = 4;                        /* where op_signature puts operand s.nops */
    while (!cc(*p, CC_STOP)) {                 /* (quick_end, ';', an annotation, '/') */
        if (s.nops == MAX_OPERANDS)
            goto general;
        if ((r = quick_operand(c, &p, &s.op[s.nops])) < 0)
            return -1;
        if (r == QUICK_NO)
            goto general;
        sig |= (uint64_t)r << shift;
        shift += 6;
        s.nops++;
        if (p[0] == ',' && p[1] == ' ' && !is_space(p[2])) {   /* the common ", " */
            p += 2;
            need = 1;
            continue;
        }
        if (p[0] == ' ' && p[1] == ';' && p[2] == '\n') {      /* the common " ;" end */
            s.ops_end = p + 1;
            p += 2;
            if (p - line > MAX_LINE)
                goto general;
            goto ended;
        }
        const char *end = p;
        p = skip_ws(p);
        need = *p == ',';
        if (!need) {
            if (sp->blanks && p > end && is_operand_start(*p))
                continue;
            break;
        }
        p = skip_ws(p + 1);
    }
    if (*p == '/' && p[1] != '/')              /* an operand the general reader refuses */
        goto general;
    r = quick_end(c, &p);
    if (need && (r || *p == ';' || is_annotation_start(*p)))
        goto general;
    s.ops_end = p;
    while (is_annotation_start(*p)) {
        for (; *p != '\0' && *p != '\n' && *p != ';' && !is_space(*p); p++)
            if (*p == '/')
                goto general;
        p = skip_ws(p);
    }
    if (*p == ';')
        p = skip_ws(p + 1);
    if (!quick_end(c, &p) || p - line > MAX_LINE)
        goto general;
ended:
    /* the form is known: the operands' kinds chose it before (choose_form) */
    s.sig = sig + s.nops;
    wr_program *pr = c->prog;
    unsigned m = 0;
    while (m < MEMOS && sp->sigs[m] != s.sig)
        m++;
    if (m == MEMOS || pr->ninsns == WR_MAX_INSNS)
        goto general;
    for (unsigned i = 0; i < nlab; i++)
        if (define_label(c, lab[i], labe[i]) != 0)
            return -1;
    if (pr->ninsns == c->cap_insns && grow_insns(c) != 0)
        return oom(c);
    s.memo = &sp->memo[m];
    if (build_insn(c, &s, (uint64_t)pr->ninsns * WR_INST_SIZE, &pr->insns[pr->ninsns], &pr->words[pr->ninsns],
                   &c->word_ok[pr->ninsns]) != 0)
        return -1;
    pr->lines[pr->ninsns] = c->line;
    pr->ninsns++;
    *next = *p == '\n' ? p + 1 : NULL;
    return 0;
general:
    c->nxt = nxt0;
    return 1;
}

/* Make line s[0..n) of the text the current line: copied into the
 * scratch buffer, NUL-terminated, with its comments turned into spaces
 * (columns stay put): `//` to the end, and `/ * ... * /` within the line
 * (address comments such as `/ *0040* /`, ignored even when wrong, N-53).
 * A comment that opens the line is not blanked but stepped over: c->start,
 * where the reading of the line begins, is past it (what lies before start
 * is never read again but for columns). */
static int load_line(asm_ctx *c, const char *line, size_t n)
{
    c->lb = c->start = line;
    if (n > MAX_LINE)
        return err_lc(c, c->line, MAX_LINE + 1, "line too long (more than %d characters)", MAX_LINE);
    char *s = c->scratch;
    memcpy(s, line, n);
    s[n] = '\0';
    c->lb = c->start = s;
    char *q = s, *const e = s + n;
    if (q[0] == '/' && q[1] == '*') {          /* the address comment of a listing */
        char *end = q + 2;
        while (end + 1 < e && !(end[0] == '*' && end[1] == '/'))
            end++;
        if (end + 1 >= e)
            return err_at(c, q, "unterminated '/*' comment (comments end on their line)");
        c->start = q = end + 2;
    }
    for (; (q = memchr(q, '/', (size_t)(e - q))) != NULL; q++) {
        if (q[1] == '/') {
            memset(q, ' ', (size_t)(e - q));
            break;
        }
        if (q[1] == '*') {
            char *end = q + 2;          /* the first "* /" after it (no strstr: lines are short) */
            while ((end = memchr(end, '*', (size_t)(e - end))) != NULL && end[1] != '/')
                end++;
            if (end == NULL)
                return err_at(c, q, "unterminated '/*' comment (comments end on their line)");
            memset(q, ' ', (size_t)(end + 2 - q));
            q = end + 1;
        }
    }
    return 0;
}

/* ---- pass 2 ------------------------------------------------------------------------------ */

static int apply_fixups(asm_ctx *c)
{
    wr_program *pr = c->prog;
    for (size_t i = 0; i < c->nfx; i++) {
        const fixup *f = &c->fx[i];
        uint64_t pc = f->is_const ? 0 : (uint64_t)f->index * WR_INST_SIZE;
        xval val;
        if (eval_expr(c, f->x0, f->nx, pc, f->line, &val) != 0)
            return -1;
        if (f->is_const) {
            if (const_range(c, val, f->line, f->col, &pr->consts[f->index].value) != 0)
                return -1;
            continue;
        }
        wr_insn *in = &pr->insns[f->index];
        int64_t units;
        if (branch_units(c, in, f->kind, f->field, pc, val, f->single_label, f->abs_target, f->line, f->col,
                         &units) != 0)
            return -1;
        if (c->word_ok[f->index]) {              /* the word holds the field's old value */
            const wr_form_desc *fd = &wr_forms[in->form];
            unsigned i = 0;
            while (fd->fields[i].id != f->field)
                i++;
            uint64_t lo, hi;
            word_split(&pr->words[f->index], &lo, &hi);
            if (word_place(&c->aux->form[in->form].quick[i], in->f[f->field], units, &lo, &hi) == 0)
                word_join(lo, hi, &pr->words[f->index]);
            else
                c->word_ok[f->index] = 0;
        }
        in->f[f->field] = units;
    }
    return 0;
}

static int encode_all(asm_ctx *c)
{
    wr_program *pr = c->prog;
    for (size_t i = 0; i < pr->ninsns; i++) {
        char msg[200];
        if (!c->word_ok[i] && wr_encode(&pr->insns[i], &pr->words[i], msg, sizeof msg) != 0)
            return err_lc(c, pr->lines[i], 1, "%s", msg);
    }
    return 0;
}

/* ---- entry points --------------------------------------------------------------------------- */

/* Can line s[0..n) stop profile_scan or hold `.profile`?  Only a line too
 * long, one with a `/ *` comment not closed on it (load_line's reading of
 * the comments) or one that spells ".profile" somewhere can; the others
 * need no load_line. */
static int profile_scan_needs(const char *s, size_t n)
{
    const char *e = s + n;
    if (n > MAX_LINE)
        return 1;
    for (const char *q = s; (q = memchr(q, '/', (size_t)(e - q))) != NULL && q + 1 < e; q++) {
        if (q[1] == '/')
            break;
        if (q[1] == '*') {
            const char *t = q + 2;
            while ((t = memchr(t, '*', (size_t)(e - t))) != NULL && !(t + 1 < e && t[1] == '/'))
                t++;
            if (t == NULL)
                return 1;                  /* unterminated: load_line's error */
            q = t + 1;
        }
    }
    for (const char *q = s; (q = memchr(q, '.', (size_t)(e - q))) != NULL; q++)
        if ((size_t)(e - q) >= 8 && ieq(q, 8, ".profile"))
            return 1;
    return 0;
}

/* The `.profile` directive, before anything else: the mnemonics a line may
 * use depend on it (G-01).  Sets c->profile unless the caller chose one. */
static int profile_scan(asm_ctx *c, int forced)
{
    int profile = WR_PROFILE_NATIVE;
    const char *s = c->text;
    for (c->line = 1;; c->line++) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        if (profile_scan_needs(s, n)) {        /* cheap test first */
            if (load_line(c, s, n) != 0)
                return -1;
            const char *p = skip_ws(c->start), *e;
            while ((e = label_def_end(p)) != NULL)
                p = skip_ws(skip_ws(e) + 1);
            e = ident_end(p);
            if (*p == '.' && ieq(p, (size_t)(e - p), ".profile")) {
                if (c->profile_line)
                    return err_at(c, p, "duplicate .profile (first at line %u)", c->profile_line);
                if (parse_profile(c, e, &profile) != 0)
                    return -1;
                c->profile_line = c->line;
            }
        }
        if (nl == NULL)
            break;
        s = nl + 1;
    }
    c->profile = forced >= 0 ? forced : profile;   /* the command line wins */
    c->prog->profile = (unsigned)c->profile;
    return 0;
}

static int assemble_text(asm_ctx *c)
{
    const char *s = c->text, *const end = c->text + c->textlen;
    const int quick = !general_only;           /* (read once: a thread-local) */
    for (c->line = 1;; c->line++) {
        const char *next = NULL;               /* the next line, NULL after the last */
        int r = quick ? quick_line(c, s, &next) : 1;
        if (r == 1) {
            const char *nl = memchr(s, '\n', (size_t)(end - s));
            if (load_line(c, s, nl ? (size_t)(nl - s) : (size_t)(end - s)) != 0 || parse_line(c) != 0)
                return -1;
            next = nl ? nl + 1 : NULL;
        } else if (r != 0) {
            return -1;
        }
        if (next == NULL)
            break;
        s = next;
    }
    if (c->prog->ninsns == 0)
        return err_lc(c, 1, 1, "empty program (no instructions)");
    return apply_fixups(c) != 0 || encode_all(c) != 0 ? -1 : 0;
}

int wr_assemble(const char *text, const char *filename, wr_program *out, char *err, size_t errsize)
{
    return wr_assemble_as(text, filename, WR_PROFILE_ANY, out, err, errsize);
}

/* One assembly of text.  optimistic: without profile_scan, for the profile
 * the command line forces, else the one a `.profile` written before any
 * instruction names, else native, which is what the scan finds in such a
 * text; the pass gives up (returns 1) at a later `.profile` and at any
 * error, since the scan might have stopped earlier (its errors come first)
 * or chosen another profile.  A text the optimistic pass assembles is
 * assembled exactly as in full. */
static int assemble_pass(const char *text, const char *filename, int profile, wr_program *out, char *err,
                         size_t errsize, int optimistic)
{
    asm_ctx c;
    memset(&c, 0, sizeof c);
    memset(out, 0, sizeof *out);
    c.fname = filename ? filename : "<input>";
    c.err = err;
    c.errsize = errsize;
    c.prog = out;
    c.aux = wr_isa_aux_get();
    c.optimistic = optimistic;
    c.forced = profile;
    if (err && errsize)
        err[0] = '\0';
    c.text = text;
    c.textlen = strlen(text);
    c.scratch = malloc(MAX_LINE + 1);
    out->filename = strdup(c.fname);
    int rc;
    if (c.scratch == NULL || out->filename == NULL) {
        rc = oom(&c);
    } else if (reserve(&c) != 0) {
        rc = oom(&c);
    } else if (optimistic) {
        c.profile = profile >= 0 ? profile : WR_PROFILE_NATIVE;
        c.prog->profile = (unsigned)c.profile;
        rc = assemble_text(&c);
    } else {
        rc = profile_scan(&c, profile) != 0 ? -1 : assemble_text(&c);
    }
    free(c.scratch);
    free(c.word_ok);
    free(c.labels);
    free(c.htab);
    free(c.names);
    free(c.xt);
    free(c.fx);
    free(c.sp);
    free(c.sptab);
    if (rc != 0)
        wr_program_free(out);
    return rc != 0 && optimistic ? 1 : rc;
}

int wr_assemble_as(const char *text, const char *filename, int profile, wr_program *out, char *err,
                   size_t errsize)
{
    if (profile >= WR_PROFILE_COUNT)
        profile = WR_PROFILE_ANY;
    /* the scan for `.profile` costs as much as a tenth of the assembly:
     * first without it, then (rarely) in full */
    int rc = assemble_pass(text, filename, profile, out, err, errsize, 1);
    if (rc == 1)
        rc = assemble_pass(text, filename, profile, out, err, errsize, 0);
    return rc;
}

int wr_assemble_file(const char *path, wr_program *out, char *err, size_t errsize)
{
    return wr_assemble_file_as(path, WR_PROFILE_ANY, out, err, errsize);
}

int wr_assemble_file_as(const char *path, int profile, wr_program *out, char *err, size_t errsize)
{
    char *text;
    memset(out, 0, sizeof *out);
    if (wr_read_text(path, &text, NULL, err, err ? errsize : 0) != 0)
        return -1;
    int rc = wr_assemble_as(text, strcmp(path, "-") == 0 ? "<stdin>" : path, profile, out, err, errsize);
    free(text);
    return rc;
}
