/* jsonl_final.c - the JSONL reader's final record: its warps (with their
 * registers), its fault (TRACE-FORMAT "The final record"). */
#include "json.h"

/* `r` of warp w: 32 arrays (lanes) of N registers, N the same everywhere
 * (the first warp's lane 0 sets it) */
static int parse_regs(jp *j, wr_trace_scratch *s, unsigned w, const char *what)
{
    wr_trace_final *f = &s->fin;
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
                    return jfail(j, "%s: more than %d registers", WR_WHAT_W(R), WR_RZ);
                if (f->dump_regs && nr >= f->dump_regs)
                    return jfail(j, "%s: lane %u has more than %u registers", WR_WHAT_W(R), l, f->dump_regs);
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
                return jfail(j, "%s: no registers", WR_WHAT_W(R));
            f->dump_regs = nr;
        } else if (nr != f->dump_regs) {
            return jfail(j, "%s: lane %u has %u registers, expected %u", WR_WHAT_W(R), l, nr, f->dump_regs);
        }
    }
    if (expect(j, ']'))
        return -1;
    return 0;
}

/* The cases of wr_jsonl_final_warp for the keys of one value, by the
 * schema's TYPE: a reader for HEX and MASK; nothing for the rest, which it
 * reads itself. */
#define WR_X_(name, key, type, width, when, rule, value) WARP_##type(name, value)
#define WARP_HEX(name, value) JR_CASE_HEX(WR_K_W_##name, value)
#define WARP_MASK(name, value) JR_CASE_MASK(WR_K_W_##name, value)
#define WARP_DEC(name, value)
#define WARP_STR(name, value)
#define WARP_BREGS(name, value)
#define WARP_REGS(name, value)
#define WARP_PREDS(name, value)
#define WARP_DC(name, value)

/* state: one of wr_run_state_name's */
static int warp_state(jp *j, wr_warp *x, const char *at, const char *what)
{
    char str[32];
    if (jstring(j, str, sizeof str, what) < 0)
        return -1;
    int st = -1;
    for (unsigned k2 = 0; k2 < WR_WARP_STATE_COUNT; k2++)
        if (strcmp(str, wr_run_state_name(k2)) == 0)
            st = (int)k2;
    if (st < 0)
        return jfail_at(j, at, "%s: unknown state '%s'", WR_KEY(WARPS), str);
    x->run = (uint8_t)st;
    return 0;
}

/* p: 32 integers, a lane's predicates P0..P6 as bits */
static int warp_preds(jp *j, wr_trace_final *f, unsigned w, const char *what)
{
    uint64_t v = 0;
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
    return expect(j, ']') ? -1 : 0;
}

/* dc: {"R5": MASK, "P1": MASK}, the lanes of a register left undefined */
static int warp_dc(jp *j, wr_trace_scratch *s, unsigned w, const char *what)
{
    wr_trace_final *f = &s->fin;
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
            return jfail_at(j, dat, "%s: unknown key '%.*s'", WR_WHAT_W(DC), (int)(dn < 40 ? dn : 40), dk);
        uint32_t m;
        if (hex32(j, &m, what))
            return -1;
        if (isr)
            s->r_undef[(size_t)w * WR_RZ + (unsigned)idx] = m;
        else
            f->p_undef[w][idx] = m;
        q = more(j, '}');
    }
    return q < 0 ? -1 : 0;
}

/* The value of warp key i (WR_K_W_*) of warp w, its key at `at`. */
static int warp_value(jp *j, wr_trace_scratch *s, unsigned w, int i, const char *at)
{
    wr_warp *x = &s->fin.warp[w];
    const char *what = wr_trace_warp_keys[i].what;
    uint64_t v = 0;
    switch (i) {
    case WR_K_W_WARP:
        if (uint_(j, WR_MAX_WARPS - 1, &v, what))
            return -1;
        if (v != w)
            return jfail_at(j, at, "%s: warp %" PRIu64 " listed in position %u", WR_KEY(WARPS), v, w);
        break;
    case WR_K_W_STATE: return warp_state(j, x, at, what);
    WR_TRACE_WARP_KEYS(WR_X_)
    case WR_K_W_B: return parse_bregs(j, x->breg) < 0 ? -1 : 0;
    case WR_K_W_R: return parse_regs(j, s, w, what);
    case WR_K_W_P: return warp_preds(j, &s->fin, w, what);
    default: return warp_dc(j, s, w, what);    /* dc */
    }
    return 0;
}

/* The warp's keys all read (`seen`, bit per WR_K_W_*; its '{' at `open`):
 * the keys every warp needs, its registers' together. */
static int warp_end(jp *j, wr_trace_scratch *s, unsigned w, unsigned seen, const char *open)
{
    wr_trace_final *f = &s->fin;
    const wr_trace_key *wk = wr_trace_warp_keys;
    unsigned need = 0, regs = 0;            /* the keys every warp has; its registers' */
    for (unsigned i = 0; i < WR_K_W_COUNT; i++) {
        need |= (unsigned)(wk[i].when == WR_ALWAYS) << i;
        regs |= (unsigned)(wk[i].when == FIN_REGS) << i;
    }
    if ((seen & need) != need) {
        unsigned i = 0;
        while ((seen | ~need) >> i & 1u)
            i++;
        return jfail_at(j, open, "%s: warp %u has no '%s'", WR_KEY(WARPS), w, wk[i].name);
    }
    if ((seen & regs) && (seen & regs) != regs)
        return jfail_at(j, open, "%s: warp %u: '%s', '%s' and '%s' go together", WR_KEY(WARPS), w,
                             WR_KEY_W(R), WR_KEY_W(P), WR_KEY_W(DC));
    if (f->dump_regs && !(seen & 1u << WR_K_W_R))
        return jfail_at(j, open, "%s: warp %u has no '%s'", WR_KEY(WARPS), w, WR_KEY_W(R));
    if (!(seen & 1u << WR_K_W_DC) && s->r_undef)
        memset(&s->r_undef[(size_t)w * WR_RZ], 0, WR_RZ * sizeof *s->r_undef);
    if (!(seen & regs)) {
        memset(f->p[w], 0, sizeof f->p[w]);
        memset(f->p_undef[w], 0, sizeof f->p_undef[w]);
    }
    return 0;
}

/* one warp of the final record's `warps`, at index w */
int wr_jsonl_final_warp(jp *j, wr_trace_scratch *s, unsigned w)
{
    memset(&s->fin.warp[w], 0, sizeof s->fin.warp[w]);
    const wr_trace_key *wk = wr_trace_warp_keys;
    unsigned seen = 0;
    const char *open = j->p;
    int r = obj_open(j);
    while (r > 0) {
        const char *at;
        const int i = table_key(j, wk, WR_K_W_COUNT, WR_KEY(WARPS), &seen, &at);
        if (i < 0 || warp_value(j, s, w, i, at))
            return -1;
        r = more(j, '}');
    }
    if (r < 0)
        return -1;
    return warp_end(j, s, w, seen, open);
}
#undef WR_X_
#undef WARP_HEX
#undef WARP_MASK
#undef WARP_DEC
#undef WARP_STR
#undef WARP_BREGS
#undef WARP_REGS
#undef WARP_PREDS
#undef WARP_DC

int wr_jsonl_fault(jp *j, wr_trace_final *f)
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
        uint64_t v = 0;
        char what[64];
        const int i = wr_trace_key_find(fk, WR_K_F_COUNT, k, n, 0);
        if (i < 0 || (seen >> i & 1u))
            return jfail_at(j, at, "%s: unexpected key '%.*s'", WR_KEY(FAULT), (int)(n < 40 ? n : 40), k);
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
                return jfail_at(j, at, "%s: unknown '%s' '%s'", WR_KEY(FAULT), WR_KEY_F(WHAT), what);
            f->fault_what = (unsigned)w;
            break;
        }
        }
        go = more(j, '}');
    }
    if (go < 0)
        return -1;
    if (seen != (1u << WR_K_F_COUNT) - 1)
        return jfail_at(j, open, "%s: needs '%s', '%s' and '%s'", WR_KEY(FAULT), WR_KEY_F(WARP),
                         WR_KEY_F(PC), WR_KEY_F(WHAT));
    return 0;
}

/* Move the final record's registers from the [warp][WR_RZ][lane] layout of
 * parsing to [warp][N][lane]. */
void wr_jsonl_pack_regs(wr_trace_scratch *s)
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

