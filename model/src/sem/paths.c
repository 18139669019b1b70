/* paths.c - the semantic paths of warpref/paths.def: their names, rules and
 * reach, the explanation of a step (wr_explain) and the coverage table.
 * Nothing here runs in a step: the step only stores path ids and values
 * (sem.h, TOOK); this file makes text when someone asks for it. */
#include <inttypes.h>
#include <string.h>

#include "warpref/model.h"
#include "warpref/paths.h"

static const struct path_row {
    const char *name, *rules, *tmpl;
    unsigned reach;
} rows[WR_PATH_COUNT] = {
#define WR_PATH(id, name, rules, reach, tmpl) [WR_PATH_##id] = { name, rules, tmpl, WR_REACH_##reach },
#include "warpref/paths.def"
#undef WR_PATH
};

static const char *const reach_names[WR_REACH_COUNT] = {
#define WR_X_(name, text, doc) [WR_REACH_##name] = text,
    WR_REACHES(WR_X_)
#undef WR_X_
};

const char *wr_path_name(unsigned p) { return p < WR_PATH_COUNT ? rows[p].name : "?"; }
const char *wr_path_rules(unsigned p) { return p < WR_PATH_COUNT ? rows[p].rules : ""; }
unsigned wr_path_reach(unsigned p) { return p < WR_PATH_COUNT ? rows[p].reach : WR_REACH_NEVER; }
const char *wr_path_template(unsigned p) { return p < WR_PATH_COUNT ? rows[p].tmpl : ""; }
const char *wr_reach_name(unsigned r) { return r < WR_REACH_COUNT ? reach_names[r] : "?"; }

/* the paths that a profile's programs cannot take (docs/profiles.md):
 * B2R/R2B and BAR.RESULT are native and sass instructions (sass reads a
 * reduction with its own B2R.RESULT, S-03); ptx delivers a reduction's
 * result to each lane at once (P-05, P-11); visa has no reduction, counts
 * no exited warp (V-09) and completes by its producer/consumer counts */
static int absent(unsigned p, unsigned profile)
{
    const int results = p == WR_PATH_BAR_RESULT_POPC || p == WR_PATH_BAR_RESULT_PRED ||
                        p == WR_PATH_BAR_RESULT_UNDEFINED;
    const int bstate = p == WR_PATH_B2R_BAR || p == WR_PATH_B2R_WARP || p == WR_PATH_B2R_WARP_UNDEFINED ||
                       p == WR_PATH_R2B_BAR || p == WR_PATH_R2B_WARP || p == WR_PATH_R2B_NO_OP;
    switch (profile) {
    case WR_PROFILE_SASS:
        return results;
    case WR_PROFILE_PTX:
        return results || bstate || p == WR_PATH_BAR_RED_RESULT;
    case WR_PROFILE_VISA:
        return results || bstate || p == WR_PATH_BAR_RED_BLOCK || p == WR_PATH_BAR_RED_RESULT ||
               p == WR_PATH_BAR_COMPLETE_CNT || p == WR_PATH_BAR_COMPLETE_ON_EXIT;
    default:
        return 0;
    }
}

int wr_path_in_profile(unsigned p, unsigned profile) { return p < WR_PATH_COUNT && !absent(p, profile); }

int wr_path_by_name(const char *name)
{
    for (unsigned p = 0; p < WR_PATH_COUNT; p++)
        if (strcmp(rows[p].name, name) == 0)
            return (int)p;
    return -1;
}

/* ---- the explanation --------------------------------------------------------
 * Text goes into a bounded buffer; `len` counts the whole line even past the
 * end of the buffer (snprintf's contract). */

typedef struct sbuf {
    char *buf;
    size_t size, len;
} sbuf;

static void put(sbuf *b, const char *s, size_t n)
{
    if (b->len + 1 < b->size) {
        size_t room = b->size - 1 - b->len;
        memcpy(b->buf + b->len, s, n < room ? n : room);
    }
    b->len += n;
}

static void puts_(sbuf *b, const char *s) { put(b, s, strlen(s)); }

static void putf(sbuf *b, const char *fmt, uint64_t v)
{
    char t[32];
    int k = snprintf(t, sizeof t, fmt, v);
    put(b, t, k > 0 ? (size_t)k : 0);
}

static void put_hex32(sbuf *b, uint32_t v) { putf(b, "0x%08" PRIx64, v); }
static void put_dec(sbuf *b, uint64_t v) { putf(b, "%" PRIu64, v); }

/* the set bits of m: "0,3,5", or "none" */
static void put_list(sbuf *b, uint32_t m)
{
    if (!m) {
        puts_(b, "none");
        return;
    }
    for (int first = 1; m; m &= m - 1, first = 0) {
        if (!first)
            put(b, ",", 1);
        put_dec(b, (unsigned)__builtin_ctz(m));
    }
}

/* one path's text: its template with the placeholders of paths.def filled */
static void put_hit(sbuf *b, wr_path_hit h, const wr_why *y)
{
    const char *t = wr_path_template(wr_hit_id(h));
    while (*t) {
        const char *open = strchr(t, '{');
        const char *close = open ? strchr(open, '}') : NULL;
        if (!close) {
            puts_(b, t);
            return;
        }
        put(b, t, (size_t)(open - t));
        const size_t n = (size_t)(close - open - 1);
        const char *k = open + 1;
#define IS(s) (n == sizeof(s) - 1 && memcmp(k, s, n) == 0)
        if (IS("a")) put_hex32(b, wr_hit_a(h));
        else if (IS("b")) put_hex32(b, wr_hit_b(h));
        else if (IS("c")) put_hex32(b, wr_hit_c(h));
        else if (IS("da")) put_dec(b, wr_hit_a(h));
        else if (IS("db")) put_dec(b, wr_hit_b(h));
        else if (IS("dc")) put_dec(b, wr_hit_c(h));
        else if (IS("la")) put_list(b, wr_hit_a(h));
        else if (IS("lb")) put_list(b, wr_hit_b(h));
        else if (IS("lane")) put_dec(b, wr_hit_lane(h));
        else if (IS("num")) put_dec(b, wr_hit_num(h));
        else if (IS("exc")) puts_(b, wr_exception_name(wr_hit_num(h)));
        else if (IS("fault")) puts_(b, wr_fetch_fault_name(wr_hit_num(h)));
        else if (IS("arrived")) put_dec(b, wr_hit_a(h) >> WR_BAR_ARRIVED_SHIFT & WR_BAR_ARRIVED_MASK);
        else if (IS("acc")) put_dec(b, wr_hit_a(h) >> WR_BAR_ACC_SHIFT & WR_BAR_ACC_MASK);
        else if (IS("pc")) putf(b, "0x%" PRIx64, y->pc);
        else if (IS("active")) put_hex32(b, y->active);
        else put(b, open, n + 2);             /* not a placeholder: as written */
#undef IS
        t = close + 1;
    }
}

/* "N-21,H-3" of each path, each rule once, in the order met; refs: each as
 * its reference instead, " (docs/rules.md#n-21, docs/rules.md#h-3)" */
static void put_rules(sbuf *b, const wr_why *y, int refs)
{
    const char *seen[3 * WR_WHY_MAX];
    size_t seen_len[3 * WR_WHY_MAX];
    unsigned nseen = 0;
    for (uint64_t i = 0; i < y->n && i < WR_WHY_MAX; i++) {
        for (const char *r = wr_path_rules(wr_hit_id(y->hit[i])); *r;) {
            const size_t n = strcspn(r, ",");
            unsigned k;
            for (k = 0; k < nseen; k++)
                if (seen_len[k] == n && memcmp(seen[k], r, n) == 0)
                    break;
            if (k == nseen && nseen < 3 * WR_WHY_MAX) {
                put(b, nseen ? ", " : refs ? " (" : "; ", 2);
                seen[nseen] = r;
                seen_len[nseen++] = n;
                if (refs) {
                    char ref[WR_RULE_DOC_MAX];
                    put(b, ref, wr_rule_doc(r, n, ref, sizeof ref));
                } else {
                    put(b, r, n);
                }
            }
            r += n + (r[n] == ',');
        }
    }
    if (refs && nseen)
        put(b, ")", 1);
}

size_t wr_explain(const wr_insn *insn, uint64_t pc, const wr_why *why, char *buf, size_t size)
{
    sbuf b = { buf, size, 0 };
    if (insn) {
        char text[160];
        wr_disasm(insn, pc, text, sizeof text);
        puts_(&b, text);
        put(&b, ": ", 2);
    }
    const wr_why helper = { .n = 1, .pc = why->pc, .active = why->active,
                            .hit = { { .what = WR_PATH_HELPER } } };
    if (why->n == 0)                  /* a helper's step (paths.h) */
        why = &helper;
    const uint64_t n = why->n < WR_WHY_MAX ? why->n : WR_WHY_MAX;
    for (uint64_t i = 0; i < n; i++) {
        if (i)
            put(&b, "; ", 2);
        put_hit(&b, why->hit[i], why);
    }
    put(&b, " [", 2);
    for (uint64_t i = 0; i < n; i++) {
        if (i)
            put(&b, ", ", 2);
        puts_(&b, wr_path_name(wr_hit_id(why->hit[i])));
    }
    put_rules(&b, why, 0);
    put(&b, "]", 1);
    if (size)
        buf[b.len < size ? b.len : size - 1] = '\0';
    return b.len;
}

size_t wr_explain_step(uint64_t t, unsigned warp, uint64_t pc, const wr_insn *insn, const wr_why *why, char *buf,
                       size_t size)
{
    const int k = snprintf(buf, size, "t=%" PRIu64 " warp=%u pc=0x%" PRIx64 " ", t, warp, pc);
    const size_t n = k > 0 ? (size_t)k : 0;
    sbuf b = { buf, size, n + wr_explain(insn, pc, why, n < size ? buf + n : NULL, n < size ? size - n : 0) };
    const wr_why helper = { .n = 1, .hit = { { .what = WR_PATH_HELPER } } };
    put_rules(&b, why->n ? why : &helper, 1);     /* where each rule is defined */
    if (size)
        buf[b.len < size ? b.len : size - 1] = '\0';
    return b.len;
}

/* ---- rule references ----------------------------------------------------------- */

size_t wr_rule_doc(const char *rule, size_t len, char *buf, size_t size)
{
    /* one ID: a letter, '-' and digits (N-12, H-3) or a letter and a digit (S5) */
    int ok = len >= 2 && len + sizeof WR_RULES_DOC + 1 < WR_RULE_DOC_MAX && rule[0] >= 'A' && rule[0] <= 'Z';
    for (size_t i = 1; ok && i < len; i++)
        ok = (rule[i] >= '0' && rule[i] <= '9') || (i == 1 && rule[i] == '-' && len > 2);
    sbuf b = { buf, size, 0 };
    if (ok) {
        puts_(&b, WR_RULES_DOC "#");
        for (size_t i = 0; i < len; i++) {
            const char c = rule[i] >= 'A' && rule[i] <= 'Z' ? (char)(rule[i] - 'A' + 'a') : rule[i];
            put(&b, &c, 1);
        }
    }
    if (size)
        buf[b.len < size ? b.len : size - 1] = '\0';
    return b.len;
}

/* ---- coverage ------------------------------------------------------------------ */

int wr_coverage_write(FILE *f, const wr_coverage *cov)
{
    fprintf(f, "# %-28s %12s  %-14s %s\n", "path", "hits", "rules", "reach");
    for (unsigned p = 0; p < WR_PATH_COUNT; p++)
        fprintf(f, "%-30s %12" PRIu64 "  %-14s %s\n", rows[p].name, cov->hits[p], rows[p].rules,
                reach_names[rows[p].reach]);
    return ferror(f) ? -1 : 0;
}
