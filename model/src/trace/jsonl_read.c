/* jsonl_read.c - the JSONL reader: one line, one record, key by key as
 * the schema (schema.h) lists them; and the reader's JSONL lines. */
#include <errno.h>

#include "json.h"
#include "reader.h"

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
            return jfail_at(j, at, "%s: '%.*s' is not a barrier number 0..31", WR_KEY(BARS), (int)(n < 40 ? n : 40), k);
        if (*mask >> i & 1u)
            return jfail_at(j, at, "%s: barrier %d given twice", WR_KEY(BARS), i);
        *mask |= 1u << i;
        if (hex32(j, &words[i], what))
            return -1;
        r = more(j, '}');
    }
    return r;
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
            return jfail_at(j, at, "%s: \"wake\" must come first", WR_KEY(EV));
        t->wake = 1;
        return 0;
    }
    if (t->nev >= WR_MAX_EVENTS)
        return jfail_at(j, at, "%s: more than %d events", WR_KEY(EV), WR_MAX_EVENTS);
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
        return jfail_at(j, at, "%s: unknown event '%s'", WR_KEY(EV), s);
    e.kind = (uint8_t)kind;
    long v;
    switch (kind) {
    case WR_EV_WARNING:
    case WR_EV_EXCEPTION: {
        const int code = arg ? (kind == WR_EV_WARNING ? name_index(arg, wr_warning_name, WR_WARN_COUNT)
                                                      : name_index(arg, wr_exception_name, WR_EXC_COUNT))
                             : -1;
        if (code < 0)
            return jfail_at(j, at, "%s: unknown %s '%s'", WR_KEY(EV), s, arg ? arg : "");
        e.code = (uint8_t)code;
        break;
    }
    case WR_EV_BLOCK:
    case WR_EV_ARRIVE:
    case WR_EV_RELEASE:
        if (!arg || (v = dec_at(&arg, WR_MAX_BARRIERS)) < 0)
            return jfail_at(j, at, "%s: %s needs a barrier number 0..31", WR_KEY(EV), s);
        e.code = (uint8_t)v;
        if (kind == WR_EV_RELEASE && *arg == ':') {
            arg++;
            for (;;) {
                const long w = dec_at(&arg, WR_MAX_WARPS);
                if (w < 0 || (e.value >> w))
                    return jfail_at(j, at, "%s: release: bad warp list (ascending warps 0..31)", WR_KEY(EV));
                e.value |= 1u << w;
                if (*arg != ',')
                    break;
                arg++;
            }
        }
        if (*arg)
            return jfail_at(j, at, "%s: unexpected '%s' after %s", WR_KEY(EV), arg, s);
        break;
    case WR_EV_TRAP:
        if (!arg || (v = dec_at(&arg, 1ul << 32)) < 0 || *arg)
            return jfail_at(j, at, "%s: trap needs an index 0..4294967295", WR_KEY(EV));
        e.value = (uint32_t)v;
        break;
    default:
        if (arg)
            return jfail_at(j, at, "%s: '%s' takes no argument", WR_KEY(EV), s);
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
        unsigned nd = 0;
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
            return jfail_at(j, at, "%s: unknown key '%.*s'", WR_KEY(IN), (int)(n < 40 ? n : 40), k);
        const wr_trace_key *ik = &wr_trace_in_keys[i];
        if (t->in_keys & ik->when)
            return jfail_at(j, at, "%s: '%.*s' given twice", WR_KEY(IN), (int)n, k);
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
                return jfail_at(j, at, "in.%.2s: values wider than 32 bits", k); \
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
        return jfail(j, "%s: missing '%s'", WR_KEY(IN), WR_KEY_IN(PG));
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
        if (i < 0 || i >= WR_K_PD_COUNT || (pseen >> i & 1u))
            return jfail_at(j, kat, "%s: unexpected key '%.*s' (%s, %s)", WR_WHAT_PD(MASK), (int)(n < 40 ? n : 40), k,
                             WR_KEY_PD(MASK), WR_KEY_PD(VAL));
        pseen |= 1u << i;
        if (hex32(j, i == WR_K_PD_MASK ? &t->pd_mask : &t->pd_val, pk[i].what))
            return -1;
        q = more(j, '}');
    }
    if (q < 0)
        return -1;
    if (pseen != (1u << WR_K_PD_COUNT) - 1)
        return jfail_at(j, at, "%s: needs '%s' and '%s'", WR_WHAT_PD(MASK), WR_KEY_PD(MASK), WR_KEY_PD(VAL));
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
        const char *at;
        const int i = table_key(j, ok, WR_K_OUT_COUNT, WR_KEY(OUT), &seen, &at);
        if (i < 0)
            return -1;
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
                return jfail(j, "%s: expected true or false", WR_WHAT_OUT(PD_DC));
            break;
        }
        go = more(j, '}');
    }
    if (go < 0)
        return -1;
    /* the keys of one WHEN bit go together */
    if ((seen >> WR_K_OUT_RD & 1u) != (seen >> WR_K_OUT_RD_DC & 1u))
        return jfail(j, "%s: '%s' and '%s' go together", WR_KEY(OUT), WR_KEY_OUT(RD), WR_KEY_OUT(RD_DC));
    if ((seen >> WR_K_OUT_PD & 1u) != (seen >> WR_K_OUT_PD_DC & 1u))
        return jfail(j, "%s: '%s' and '%s' go together", WR_KEY(OUT), WR_KEY_OUT(PD), WR_KEY_OUT(PD_DC));
    if (!(seen >> WR_K_OUT_RD_DC & 1u))
        t->rd_dc = 0;
    return 0;
}

/* the record keys (schema.h), bit per key */
#define KB(name) (1u << WR_K_##name)

wr_trace_scratch *wr_trace_scratch_new(void) { return calloc(1, sizeof(wr_trace_scratch)); }

void wr_trace_scratch_free(wr_trace_scratch *s)
{
    if (!s)
        return;
    free(s->r);
    free(s->r_undef);
    free(s);
}

/* The cases of parse_record for the keys of one value, by the schema's TYPE:
 * a reader for HEX, MASK and OP; nothing for the rest, which it reads
 * itself. */
#define WR_X_(name, key, type, width, when, rule, where, value) REC_##type(name, value)
#define REC_HEX(name, value) JR_CASE_HEX(WR_K_##name, value)
#define REC_MASK(name, value) JR_CASE_MASK(WR_K_##name, value)
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

/* The record's keys all read: what the record as a whole must hold, an
 * instruction record's or the final record's (schema.h's sets). */
static int record_end(jp *j, wr_trace_scratch *s, uint32_t seen)
{
    wr_trace_rec *t = &s->rec;
    wr_trace_final *f = &s->fin;
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
            return jfail_at(j, j->base, "%s: warp %d, but the record lists %u warps", WR_KEY(FAULT),
                            f->fault_warp, f->nwarps);
        wr_jsonl_pack_regs(s);
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

/* ev: the record's events (TRACE-FORMAT's event strings). */
static int parse_events(jp *j, wr_trace_rec *t)
{
    if (expect(j, '['))
        return -1;
    ws(j);
    if (j->p < j->end && *j->p == ']') {
        j->p++;
        return 0;
    }
    for (int first = 1;; first = 0) {
        if (parse_event(j, t, first))
            return -1;
        const int q = more(j, ']');
        if (q <= 0)
            return q;
    }
}

/* insn: the 128-bit word, "0x" and 32 hex digits (the common spelling
 * read in place, any other through wr_word_parse). */
static int parse_insn(jp *j, wr_trace_rec *t, const char *what)
{
    ws(j);
    const char *s0 = j->p;
    uint32_t w4[4];
    if (j->end - s0 >= 36 && s0[0] == '"' && s0[1] == '0' && s0[2] == 'x' && s0[35] == '"' &&
        hex8(s0 + 3, &w4[3]) == 0 && hex8(s0 + 11, &w4[2]) == 0 && hex8(s0 + 19, &w4[1]) == 0 &&
        hex8(s0 + 27, &w4[0]) == 0) {
        memcpy(t->insn.w, w4, sizeof w4);
        j->p = s0 + 36;
        return 0;
    }
    char w[40];
    const long len = jstring(j, w, sizeof w, what);
    if (len < 0)
        return -1;
    if (wr_word_parse(w, &t->insn) != 0)
        return jfail_at(j, s0, "%s: not a 128-bit word (want \"0x\" and 32 hex digits)", WR_KEY(INSN));
    return 0;
}

/* end: the final record's reason. */
static int parse_end(jp *j, wr_trace_final *f, const char *what)
{
    char e[32];
    ws(j);
    const char *vat = j->p;
    if (jstring(j, e, sizeof e, what) < 0)
        return -1;
    const int end = wr_end_by_name(e);
    if (end < 0)
        return jfail_at(j, vat, "%s: unknown reason '%s' (done, deadlock, livelock, exception, limit)",
                            WR_KEY(END), e);
    f->end = (unsigned)end;
    return 0;
}

/* warps: the final record's warps, each by wr_jsonl_final_warp. */
static int parse_warps(jp *j, wr_trace_scratch *s)
{
    wr_trace_final *f = &s->fin;
    f->dump_regs = 0;
    f->nwarps = 0;
    if (expect(j, '['))
        return -1;
    for (;;) {
        if (f->nwarps >= WR_MAX_WARPS)
            return jfail(j, "%s: more than %d warps", WR_KEY(WARPS), WR_MAX_WARPS);
        if (wr_jsonl_final_warp(j, s, f->nwarps))
            return -1;
        f->nwarps++;
        const int q = more(j, ']');
        if (q <= 0)
            return q;
    }
}

/* The value of record key kk (WR_K_*) into the scratch record.  Called once
 * per key of every record: inline in the key loop. */
static inline __attribute__((always_inline)) int record_value(jp *j, wr_trace_scratch *s, int kk)
{
    wr_trace_rec *t = &s->rec, *const r = t;   /* (r: the schema's VALUE) */
    wr_trace_final *f = &s->fin;
    const char *what = wr_trace_keys[kk].what;
    uint64_t v = 0;
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
    /* the keys of one value: as the schema's TYPE says (REC_*, above) */
    WR_TRACE_KEYS(WR_X_)
    case WR_K_B: return parse_bregs(j, t->b) < 0 ? -1 : 0;
    case WR_K_EV: return parse_events(j, t);
    case WR_K_INSN:
        if (parse_insn(j, t, what))
            return -1;
        t->keys |= WR_TK_INSN;
        break;
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
    case WR_K_END: return parse_end(j, f, what);
    case WR_K_WARPS: return parse_warps(j, s);
    case WR_K_FAULT: return wr_jsonl_fault(j, f) ? -1 : 0;
    default:                               /* profile */
        return jstring(j, f->profile, sizeof f->profile, what) < 0 ? -1 : 0;
    }
    return 0;
}

/* A record's start: the scratch record's per-record fields cleared, the
 * '{' read.  1: keys follow, 0: the record is {}, -1: an error. */
static inline __attribute__((always_inline)) int record_begin(jp *j, wr_trace_rec *t)
{
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
    if (j->p < j->end && *j->p == '}') {
        j->p++;
        return 0;
    }
    return 1;
}

/* One record from j->p: to j->end, or with `nl` to the end of its line
 * (then j->p is left on the newline or the end). */
static int parse_record(jp *j, wr_trace_scratch *s, int nl)
{
    uint32_t seen = 0;
    unsigned next_key = 0;
    int go = record_begin(j, &s->rec);
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
        if (record_value(j, s, kk))
            return -1;
        go = more(j, '}');
    }
    if (go < 0)
        return -1;
    ws(j);
    if (j->p < j->end && !(nl && *j->p == '\n')) {
        char b[8];
        return jfail(j, "unexpected %s after the record", shown(j, b));
    }
    return record_end(j, s, seen);
}
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

int wr_trace_read_jsonl(wr_trace_reader *r, const wr_trace_rec **rec, const wr_trace_final **fin)
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

