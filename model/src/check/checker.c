/* checker.c - the lockstep checker (checker.h): the model follows another
 * implementation's retires and checks each with wr_compare.  Its state
 * (checker_priv.h) is what dump.c's wr_dump_build gathers a dump from.
 * No allocation after wr_checker_new, no printing. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "warpref/tracefile.h"
#include "checker_priv.h"


/* ---- options and controls ------------------------------------------------------ */

void wr_checker_opts_init(wr_checker_opts *o)
{
    memset(o, 0, sizeof *o);
    o->operand_mode = WR_OPERANDS_SELF;
    wr_compare_ctl_init(&o->ctl);
    o->ctl.field[WR_RF_T].enable = 0;    /* the other side dates its run its own way (a replay: on) */
    o->wake_late = UINT64_MAX;
    o->max_mismatches = 1;
    o->time_step = 1;
}

/* the other side's name in messages (wr_checker_opts.side) */
const char *wr_checker_side_name(const wr_checker *c)
{
    return c->o.side ? c->o.side : "RTL";
}

static int field_by_name(const char *s, size_t n)
{
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {
        const char *name = wr_retire_field_name(f);
        if (strlen(name) == n && memcmp(name, s, n) == 0)
            return (int)f;
    }
    return -1;
}

int wr_compare_ctl_ignore(wr_compare_ctl *ctl, const char *list, char *err, size_t errsize)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n == 0 || (p[n] == ',' && !p[n + 1])) {      /* ",x", "x,,y", "x," */
            snprintf(err, errsize, "ignore: empty item in '%s'", list);
            return -1;
        }
        int f = field_by_name(p, n);
        if (f < 0) {
            snprintf(err, errsize, "ignore: unknown field '%.*s'", (int)n, p);
            return -1;
        }
        ctl->field[f].enable = 0;
        p += n + (p[n] == ',');
    }
    return 0;
}

int wr_compare_ctl_mask(wr_compare_ctl *ctl, const char *list, char *err, size_t errsize)
{
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        if (n == 0 || (p[n] == ',' && !p[n + 1])) {
            snprintf(err, errsize, "mask: empty item in '%s'", list);
            return -1;
        }
        const char *colon = memchr(p, ':', n);
        int f = colon ? field_by_name(p, (size_t)(colon - p)) : -1;
        if (f < 0) {
            snprintf(err, errsize, "mask: '%.*s' is not FIELD:MASK with a known field", (int)n, p);
            return -1;
        }
        char num[40], msg[160];
        size_t k = n - (size_t)(colon + 1 - p);
        uint64_t v;
        if (k >= sizeof num) {
            snprintf(err, errsize, "mask: '%.*s': mask too long", (int)n, p);
            return -1;
        }
        memcpy(num, colon + 1, k);
        num[k] = '\0';
        if (wr_num_parse(num, 0, UINT64_MAX, &v, msg, sizeof msg) != WR_NUM_OK) {
            snprintf(err, errsize, "mask: %s: %s", wr_retire_field_name((unsigned)f), msg);
            return -1;
        }
        ctl->field[f].mask = v;
        p += n + (p[n] == ',');
    }
    return 0;
}

/* ---- life ---------------------------------------------------------------------- */

wr_checker *wr_checker_new(const wr_program *prog, const wr_checker_opts *o, char *err, size_t errsize)
{
    wr_checker *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    c->prog = prog;
    if (o)
        c->o = *o;
    else
        wr_checker_opts_init(&c->o);
    if (c->o.max_mismatches == 0)
        c->o.max_mismatches = 1;
    wr_config cfg;
    unsigned threads = c->o.threads ? c->o.threads : prog->threads ? prog->threads : 32;
    wr_config_init(&cfg, threads);
    cfg.operand_mode = c->o.operand_mode;
    cfg.profile = prog->profile;                  /* SPEC-NOTES section 8 */
    cfg.trap_mode = c->o.trap_mode;
    /* the state after and the word are the checker's to fill (wr_checker_retire):
     * the word is the program's, which the other side fetched, not re-encoded */
    cfg.record_state = 0;
    if (wr_cta_init(&c->cta, &cfg) != 0) {
        snprintf(err, errsize, "%s", wr_cta_errmsg(&c->cta));
        free(c);
        return NULL;
    }
    c->raw = c->o.operand_mode == WR_OPERANDS_DRIVEN && c->o.trace_writes;
    wr_checker_set_ctl(c, &c->o.ctl);
    /* (raw: a learnt program grows, every register is kept) */
    if (wr_regfile_init(&c->rf, c->cta.nwarps, c->raw ? WR_RZ : wr_program_nregs(prog)) != 0) {
        snprintf(err, errsize, "out of memory");
        free(c);
        return NULL;
    }
    if (c->raw) {
        const size_t n = (size_t)c->rf.nwarps * c->rf.nregs;
        c->r_known = calloc(n, sizeof *c->r_known);
        c->r_t = calloc(n, sizeof *c->r_t);
        if (!c->r_known || !c->r_t) {
            snprintf(err, errsize, "out of memory");
            wr_checker_free(c);
            return NULL;
        }
    }
    for (size_t i = 0; i < prog->nconsts; i++) {
        const wr_const_init *k = &prog->consts[i];
        if (wr_regfile_const(&c->rf, k->bank, k->offset, k->value) != 0) {
            snprintf(err, errsize, "out of memory");
            wr_checker_free(c);
            return NULL;
        }
    }
    return c;
}

void wr_checker_free(wr_checker *c)
{
    if (!c)
        return;
    wr_regfile_free(&c->rf);
    free(c->r_known);
    free(c->r_t);
    free(c);
}

/* ---- messages and failures ----------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void message(wr_checker *c, const char *fmt, ...)
{
    if (c->msglen + 2 >= MSGS)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(c->msgs + c->msglen, MSGS - c->msglen - 1, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    c->msglen += (size_t)k < MSGS - c->msglen - 1 ? (size_t)k : MSGS - c->msglen - 2;
    c->msgs[c->msglen++] = '\n';
    c->msgs[c->msglen] = '\0';
}

const char *wr_checker_disasm_at(const wr_word *w, uint64_t pc, char *buf, size_t size)
{
    wr_insn in;
    if (wr_decode(w, &in, NULL, 0) != 0)
        snprintf(buf, size, "(illegal encoding)");
    else
        wr_disasm(&in, pc, buf, size);
    return buf;
}

/* A failing check: count it, keep the first one whole for the dump. */
static int fail(wr_checker *c, uint64_t cycle, const wr_retire *model, const wr_retire *other,
                const wr_compare_report *rep, const wr_warp *before, const char *line)
{
    c->n.mismatched++;
    message(c, "cycle %" PRIu64 ": %s", cycle, line);
    if (c->o.on_fail)
        c->o.on_fail(c->o.ctx, cycle, line);
    if (!c->have_fail) {
        c->have_fail = 1;
        c->fail_cycle = cycle;
        if (model)
            wr_retire_copy(&c->fail_model, model);
        if (other)
            wr_retire_copy(&c->fail_other, other);
        if (rep)
            c->fail_rep = *rep;
        else
            c->fail_rep.ndiffs = 0;
        if (before)
            c->fail_before = *before;
        snprintf(c->fail_line, sizeof c->fail_line, "%s", line);
    }
    if (c->n.mismatched >= c->o.max_mismatches)
        c->stopped = 1;
    return WR_CHK_MISMATCH;
}

/* A failing check about warp w that has no record (a wake, the final
 * state): the failure names the warp and its pc (the dump, the result). */
static int fail_warp(wr_checker *c, uint64_t cycle, unsigned w, const wr_warp *before, const char *line)
{
    static __thread wr_retire r;
    r.warp = w;
    r.pc = before ? before->active_pc : 0;
    return fail(c, cycle, NULL, &r, NULL, before, line);
}

static void side_of(hist_side *s, const wr_warp *w)
{
    static const hist_side unknown;
    memcpy(s, w ? (const void *)w : (const void *)&unknown, sizeof *s);
}

/* One record into the histories, with the warp's state after it on both
 * sides (model_after NULL: the model has no such warp) and, when the model
 * stepped it, the paths the model took (why; NULL: it did not step). */
static void remember(wr_checker *c, uint64_t cycle, const wr_retire *r, const wr_warp *model_after,
                     const wr_why *why)
{
    const unsigned w = r->warp < WR_MAX_WARPS ? r->warp : WR_MAX_WARPS;
    const unsigned k = (unsigned)(c->warp_hn[w]++ % HIST);
    c->cta_hist[c->cta_hn++ % HIST] = (uint16_t)(w * HIST + k);
    hist *h = &c->warp_hist[w][k];           /* (filled in place: no copy) */
    h->cycle = cycle;
    h->pc = r->pc;
    h->insn = r->insn;
    h->warp = r->warp;
    h->exception = r->exception;
    h->fetch_fault = r->fetch_fault;
    side_of(&h->model, model_after);
    side_of(&h->other, r->has_state ? &r->after : NULL);
    h->known = (uint8_t)((model_after ? KNOWN_MODEL : 0) | (r->has_state ? KNOWN_OTHER : 0));
    h->stepped = why != NULL;
    if (why && w < WR_MAX_WARPS) {           /* the hits taken only (pc, active: the model's side) */
        wr_why *d = &c->warp_why[w][k];
        d->n = why->n;
        for (uint64_t i = 0; i < why->n && i < WR_WHY_MAX; i++)
            d->hit[i] = why->hit[i];
    }
}

/* ---- the checks ------------------------------------------------------------------- */

/* Where the model's result is undefined, take the other side's value: the
 * lane is then defined (SPEC-NOTES section 5, lockstep); where the other
 * side calls it undefined too, it stays undefined.  The lanes adopted. */
static uint64_t adopt(wr_retire *m, const wr_retire *o)
{
    uint64_t n = 0;
    for (unsigned i = 0; i < m->nwrites; i++) {
        wr_write *e = &m->write[i];
        if (!(e->dc_lanes & e->lanes) || (e->kind != WR_WRITE_GPR && e->kind != WR_WRITE_PRED))
            continue;
        const wr_write *x = NULL;
        for (unsigned k = 0; k < o->nwrites; k++)
            if (o->write[k].kind == e->kind && o->write[k].warp == e->warp && o->write[k].index == e->index)
                x = &o->write[k];
        if (!x)
            continue;
        for (uint32_t l = e->dc_lanes & e->lanes & x->lanes; l; l &= l - 1) {
            const unsigned k = (unsigned)__builtin_ctz(l);
            if (wr_write_dc(x, k))
                continue;
            n++;
            if (e->kind == WR_WRITE_GPR)
                e->value[k] = (e->value[k] & ~e->dc[k]) | (x->value[k] & e->dc[k]);
            else
                e->value[0] = (e->value[0] & ~(1u << k)) | (x->value[0] & (1u << k));
            e->dc_lanes &= ~(1u << k);
        }
    }
    return n;
}

/* trace_writes: the record to compare, `m` or, when it has GPR or predicate
 * writes that a trace's `out` cannot show (wr_trace_out_write: a ptx
 * gather's delivery, P-11), `cmp` = `m` without them.  The register file
 * gets all of m's. */
static const wr_retire *shown_writes(wr_checker *c, const wr_retire *m, const wr_insn *insn)
{
    unsigned i = 0;
    for (; i < m->nwrites; i++) {
        const wr_write *e = &m->write[i];
        if ((e->kind == WR_WRITE_GPR || e->kind == WR_WRITE_PRED) && !wr_trace_out_write(insn, m->warp, e))
            break;
    }
    if (i == m->nwrites)
        return m;                        /* all shown: the common case */
    wr_retire *cmp = &c->cmp;
    memcpy(cmp, m, offsetof(wr_retire, write));
    cmp->nwrites = 0;
    for (i = 0; i < m->nwrites; i++) {
        const wr_write *e = &m->write[i];
        if ((e->kind != WR_WRITE_GPR && e->kind != WR_WRITE_PRED) || wr_trace_out_write(insn, m->warp, e))
            cmp->write[cmp->nwrites++] = *e;
    }
    return cmp;
}

/* the record has a write with undefined lanes */
static int has_marks(const wr_retire *r)
{
    for (unsigned i = 0; i < r->nwrites; i++)
        if (r->write[i].dc_lanes & r->write[i].lanes)
            return 1;
    return 0;
}

/* trace_writes, operand-driven: a trace's `in` marks no operand lane
 * undefined (TRACE-FORMAT), so the model cannot tell a result computed from
 * an undefined operand; the don't-care marks of the trace's writes are not
 * judged, neither way (their values still are, where the model's are
 * defined).  `o`, or, when either record has marks, a copy whose writes
 * carry the model's (m's write of the same kind, warp and index; none
 * without one). */
static const wr_retire *unmarked(wr_checker *c, const wr_retire *o, const wr_retire *m)
{
    if (!has_marks(o) && !has_marks(m))
        return o;                        /* none: the common case */
    wr_retire *u = &c->unmarked;
    memcpy(u, o, offsetof(wr_retire, write) + o->nwrites * sizeof o->write[0]);
    for (unsigned i = 0; i < u->nwrites; i++) {
        wr_write *x = &u->write[i];
        x->dc_lanes = 0;
        for (unsigned k = 0; k < m->nwrites; k++) {
            const wr_write *e = &m->write[k];
            if (e->kind == x->kind && e->warp == x->warp && e->index == x->index) {
                x->dc_lanes = e->dc_lanes;
                memcpy(x->dc, e->dc, sizeof x->dc);
                break;
            }
        }
    }
    return u;
}

/* warp w's deadline is due at (N-23: the first turn start at or after it
 * that follows the instruction setting it; N-50: a turn start, so not
 * inside a time jump, idle_jump) */
static uint64_t due_of(const wr_checker *c, unsigned w)
{
    const uint64_t d = c->cta.deadline[w];
    const uint64_t due = d > c->deadline_set[w] ? d : c->deadline_set[w] + 1;
    return due > c->due_floor[w] ? due : c->due_floor[w];
}

/* the earliest time an asleep warp's deadline is due (N-23; UINT64_MAX:
 * none asleep with a deadline), and that warp in *warp */
static uint64_t earliest_asleep(const wr_checker *c, unsigned *warp)
{
    uint64_t to = UINT64_MAX;
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        if (c->cta.warp[w].run != WR_WARP_ASLEEP || c->cta.deadline[w] == WR_NO_DEADLINE)
            continue;
        const uint64_t due = due_of(c, w);
        if (due < to) {
            to = due;
            *warp = w;
        }
    }
    return to;
}

/* the last cycle a wake due at `due` may come (wake_late after it) */
static uint64_t last_wake(const wr_checker *c, uint64_t due)
{
    return due > UINT64_MAX - c->o.wake_late ? UINT64_MAX : due + c->o.wake_late;
}

/* N-50: with no warp ready, time jumps to the earliest deadline of an
 * asleep warp.  A deadline of a warp that is not asleep (its sleeping lanes
 * beside lanes blocked at a barrier, or trapped) inside the jump fires at
 * its end, the next turn start, and with no asleep warp never: such a
 * deadline is due no earlier than that (an implementation that lets time
 * run cycle by cycle fires it at the deadline itself, which the window
 * still takes).  Called when the model has no warp ready after the event
 * at `cycle`; a warp that is ready returns at once. */
static void idle_jump(wr_checker *c, uint64_t cycle)
{
    if (wr_checker_ready(c))
        return;
    unsigned first;
    const uint64_t to = earliest_asleep(c, &first);
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        if (c->cta.deadline[w] == WR_NO_DEADLINE || c->cta.warp[w].run == WR_WARP_ASLEEP)
            continue;
        const uint64_t due = due_of(c, w);
        if (due > cycle && due < to) {
            c->due_floor[w] = to;
            c->next_due = 0;             /* wr_checker_wake_due and overdue look again */
            c->late_at = 0;
        }
    }
}

/* ---- the other side's clock (wr_checker_clock) ---------------------------------- */

/* A leap of the other side's time (more than time_step in one edge) with
 * the records issued before it in: legal only as N-50's jump, with no
 * warp ready, to no later than the earliest asleep warp's deadline is due
 * (wake_late after it: a wake the window takes) */
static int leap_judge(wr_checker *c)
{
    char line[320];
    const int n = snprintf(line, sizeof line, "t: the %s's time leapt from %" PRIu64 " to %" PRIu64
                           " in one cycle", wr_checker_side_name(c), c->leap_from, c->leap_to);
    const size_t k = n > 0 && (size_t)n < sizeof line ? (size_t)n : 0;
    c->leap = 0;
    unsigned first = 0;
    const uint64_t due = earliest_asleep(c, &first);
    const uint32_t ready = wr_checker_ready(c);
    if (ready)
        snprintf(line + k, sizeof line - k, " while the model has warps 0x%08" PRIx32 " ready (an edge moves "
                 "it at most %" PRIu64 "; only a jump with no warp ready skips ahead) [N-50]", ready,
                 c->o.time_step);
    else if (due == UINT64_MAX)
        snprintf(line + k, sizeof line - k, " with no warp ready and none asleep with a deadline (nothing to "
                 "jump to) [N-50]");
    else if (c->leap_to > last_wake(c, due))
        snprintf(line + k, sizeof line - k, ", past warp %u's sleep deadline due at %" PRIu64 ", the earliest "
                 "(a jump goes to it) [N-50]", first, due);
    else
        return WR_CHK_OK;
    return wr_checker_report(c, c->leap_to, line);
}

/* a leap not yet judged, with an event dated `cycle`: judged first */
static inline int leap_due(wr_checker *c, uint64_t cycle)
{
    return c->leap && cycle >= c->leap_to ? leap_judge(c) : WR_CHK_OK;
}

int wr_checker_clock(wr_checker *c, uint64_t from, uint64_t to)
{
    char line[320];
    if (c->error)
        return WR_CHK_ERROR;
    const uint64_t step = c->o.time_step;
    int rc = c->leap ? leap_judge(c) : WR_CHK_OK;   /* (a second leap: the first with what is in) */
    if (to < from) {
        snprintf(line, sizeof line, "t: the %s's time went back from %" PRIu64 " to %" PRIu64 " in one cycle "
                 "(time never goes back) [N-50]", wr_checker_side_name(c), from, to);
        return wr_checker_report(c, from, line);
    }
    if (to - from > step) {
        c->leap = 1;
        c->leap_from = from;
        c->leap_to = to;
        return rc;
    }
    if (to - from != step && c->o.time_claim == WR_TIME_CYCLES && c->n.retired != 0) {
        snprintf(line, sizeof line, "t: the %s's time went from %" PRIu64 " to %" PRIu64 " in one cycle "
                 "(+time=cycles: %" PRIu64 " every cycle) [N-50]", wr_checker_side_name(c), from, to, step);
        return wr_checker_report(c, to, line);
    }
    return rc;
}

void wr_checker_set_time(wr_checker *c, unsigned claim, uint64_t step)
{
    c->o.time_claim = claim == WR_TIME_CYCLES ? WR_TIME_CYCLES : WR_TIME_ORDER;
    c->o.time_step = step;
    c->o.told_stop = 1;
    if (claim == WR_TIME_N50)
        c->o.ctl.field[WR_RF_T].enable = 1;
}

/* A wake the other side never reported: a sleep deadline due more than
 * wake_late cycles before a record at `cycle` (N-23), each reported once.
 * Sets late_at to the first cycle at which another would be. */
static int overdue(wr_checker *c, uint64_t cycle)
{
    char line[320];
    int rc = WR_CHK_OK;
    uint64_t next = UINT64_MAX;
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        if (c->cta.deadline[w] == WR_NO_DEADLINE || (c->late_told >> w & 1u))
            continue;
        const uint64_t due = due_of(c, w);
        const uint64_t last = last_wake(c, due);
        if (cycle > last) {
            c->late_told |= 1u << w;
            snprintf(line, sizeof line, "wake: warp %u's sleep deadline %" PRIu64 " was due at %" PRIu64 ", but "
                     "no wake was reported by cycle %" PRIu64 " [N-23]", w, c->cta.deadline[w], due, cycle);
            rc = fail_warp(c, cycle, w, &c->cta.warp[w], line);
        } else if (last < next) {
            next = last + 1;
        }
    }
    c->late_at = next;
    return rc;
}

/* ---- raw: the read-after-write check of an operand-driven replay ---------------- */

static inline uint64_t time_of(const struct lane_t *t, unsigned l)
{
    return t->part >> l & 1u ? t->lane[l] : t->all;
}

/* The first operand lane of a record that reads other than what an earlier
 * record of the trace wrote there (found: field != 0). */
typedef struct raw_diff {
    unsigned field;              /* WR_RF_IN_*, 0: none */
    unsigned lane;
    uint32_t lanes;              /* the operand's lanes that differ */
    char reg[16];                /* "R0", "P1", "UR4" */
    uint64_t shadow, read, t;    /* the shadow's value, the record's, the writer's time */
} raw_diff;

/* GPR operand `reg` (pair: and reg+1) of warp w against the record's
 * values v: differences into d (the first only), undefined lanes returned,
 * the lanes that read an unknown value or'ed into *unknown */
static uint32_t raw_gpr(const wr_checker *c, unsigned w, unsigned field, int64_t reg, int pair, const uint64_t *v,
                        raw_diff *d, uint32_t *unknown)
{
    uint32_t undef = 0;
    for (unsigned h = 0; h <= (unsigned)pair; h++) {
        const int64_t r = reg + h;
        if (r < 0 || r >= (int64_t)c->rf.nregs)          /* RZ (and R[254:255]'s high half): constant */
            continue;
        const size_t slot = wr_regfile_slot(&c->rf, w, (unsigned)r);
        const uint32_t known = c->r_known[slot], u = c->rf.r_undef[slot];
        *unknown |= ~known;
        undef |= u & known;
        if (!field || d->field)
            continue;
        const uint32_t *s = c->rf.r + slot * WR_LANES;
        /* every lane at once first (vectorised); lane by lane only when one differs */
        uint32_t acc = 0;
        if (h == 0)
            for (unsigned l = 0; l < WR_LANES; l++)
                acc |= (uint32_t)v[l] ^ s[l];
        else
            for (unsigned l = 0; l < WR_LANES; l++)
                acc |= (uint32_t)(v[l] >> 32) ^ s[l];
        if (!acc)
            continue;
        uint32_t differ = 0;
        for (uint32_t m = known & ~u; m; m &= m - 1) {
            const unsigned l = (unsigned)__builtin_ctz(m);
            differ |= (uint32_t)((uint32_t)(v[l] >> (32 * h)) != s[l]) << l;
        }
        if (differ) {
            const unsigned l = (unsigned)__builtin_ctz(differ);
            d->field = field;
            d->lane = l;
            d->lanes = differ;
            snprintf(d->reg, sizeof d->reg, "R%u", (unsigned)r);
            d->shadow = s[l];
            d->read = (uint32_t)(v[l] >> (32 * h));
            d->t = time_of(&c->r_t[slot], l);
        }
    }
    return undef;
}

/* predicate operand p of warp w reading lanes v */
static uint32_t raw_pred(const wr_checker *c, unsigned w, unsigned field, unsigned p, uint32_t v, raw_diff *d,
                         uint32_t *unknown)
{
    if (p >= WR_NUM_PREDS)                               /* PT: a constant (replay's constant_operands) */
        return 0;
    const uint32_t known = c->p_known[w][p], u = c->rf.p_undef[w][p];
    *unknown |= ~known;
    const uint32_t differ = (v ^ c->rf.p[w][p]) & known & ~u;
    if (differ && field && !d->field) {
        const unsigned l = (unsigned)__builtin_ctz(differ);
        d->field = field;
        d->lane = l;
        d->lanes = differ;
        snprintf(d->reg, sizeof d->reg, "P%u", p);
        d->shadow = c->rf.p[w][p] >> l & 1u;
        d->read = v >> l & 1u;
        d->t = time_of(&c->p_t[w][p], l);
    }
    return u & known;
}

/* The record's operands against the shadow: the first difference into d
 * (operands whose in.* field is enabled), the shadow's undefined lanes into
 * ops_undef (ra, rb, rc, re), and whether an active lane read an unknown
 * value.  Returns the undefined lanes of all the GPR operands. */
static uint32_t raw_check(const wr_checker *c, unsigned w, const wr_insn *insn, unsigned reads, const wr_operands *in,
                          uint32_t active, raw_diff *d, uint32_t undef[4], int *unknown_read)
{
    const int64_t *f = insn->f;
    uint32_t unknown = 0, any = 0;
    const unsigned on = c->raw_fields;
    d->field = 0;
    raw_pred(c, w, (on & WR_IN_PG) ? WR_RF_IN_PG : 0, wr_f_PG(insn), in->pg, d, &unknown);
    if (reads & WR_IN_PP)
        raw_pred(c, w, (on & WR_IN_PP) ? WR_RF_IN_PP : 0, wr_f_PP(insn), in->pp, d, &unknown);
    static const struct { unsigned bit, slot, field; } gpr[] = {
        { WR_IN_RA, WR_F_RA, WR_RF_IN_RA }, { WR_IN_RB, WR_F_RB, WR_RF_IN_RB },
        { WR_IN_RC, WR_F_RC, WR_RF_IN_RC }, { WR_IN_RE, WR_F_RE, WR_RF_IN_RE },
    };
    for (unsigned k = 0; k < 4; k++) {
        undef[k] = 0;
        if (!(reads & gpr[k].bit))
            continue;
        const uint64_t *v = k == 0 ? in->ra : k == 1 ? in->rb : k == 2 ? in->rc : in->re;
        undef[k] = raw_gpr(c, w, (on & gpr[k].bit) ? gpr[k].field : 0, f[gpr[k].slot],
                           k == 0 && (reads & WR_IN_RA64), v, d, &unknown);
        any |= undef[k];
    }
    if (reads & WR_IN_UR) {
        const int64_t u = wr_form_has(insn->form, WR_F_URA) ? f[WR_F_URA] : f[WR_F_URB];
        for (unsigned h = 0; h <= ((reads & WR_IN_UR64) != 0); h++) {
            const int64_t r = u + h;
            if (r < 0 || r >= WR_NUM_UREGS)
                continue;
            if (!(c->ur_known[w] >> r & 1u)) {
                unknown = 0xffffffffu;
                continue;
            }
            const uint32_t s = c->rf.ur[w][r], v = (uint32_t)(in->ur >> (32 * h));
            if (s != v && (on & WR_IN_UR) && !d->field) {
                d->field = WR_RF_IN_UR;
                d->lane = 0;
                d->lanes = 0;
                snprintf(d->reg, sizeof d->reg, "UR%u", (unsigned)r);
                d->shadow = s;
                d->read = v;
                d->t = c->ur_t[w][r];
            }
        }
    }
    *unknown_read = (unknown & active) != 0;
    return any;
}

/* the writer's time of the lanes written: a write of every lane, the
 * common case, sets `all` alone; the lanes written since by part */
static inline void set_t(struct lane_t *t, uint32_t lanes, uint64_t cycle)
{
    if (lanes == 0xffffffffu) {
        t->all = cycle;
        t->part = 0;
    } else {
        t->part |= lanes;
        for (uint32_t l = lanes; l; l &= l - 1)
            t->lane[__builtin_ctz(l)] = cycle;
    }
}

/* After the record: the shadow takes the model's writes (the other side's
 * value adopted where the model's is undefined), and their lanes are known */
static void raw_apply(wr_checker *c, const wr_retire *m, uint64_t cycle)
{
    wr_regfile_apply(&c->rf, m);
    for (unsigned i = 0; i < m->nwrites && m->write[i].kind <= WR_WRITE_UR; i++) {
        const wr_write *e = &m->write[i];
        const unsigned w = e->warp, k = e->index;
        if (w >= c->rf.nwarps)
            continue;
        if (e->kind == WR_WRITE_GPR && k < c->rf.nregs) {
            const size_t slot = wr_regfile_slot(&c->rf, w, k);
            c->r_known[slot] |= e->lanes;
            set_t(&c->r_t[slot], e->lanes, cycle);
        } else if (e->kind == WR_WRITE_PRED && k < WR_NUM_PREDS) {
            c->p_known[w][k] |= e->lanes;
            set_t(&c->p_t[w][k], e->lanes, cycle);
        } else if (e->kind == WR_WRITE_UR && k < WR_NUM_UREGS) {
            c->ur_known[w] |= 1ull << k;
            c->ur_t[w][k] = cycle;
        }
    }
}

/* A retire the model cannot take (N-53, N-35, N-27): warp w is not in the
 * CTA, is not ready, or its own fetch faults.  The failure's status, or -1:
 * the model takes it (c->before then holds the warp at issue, what a warp
 * row of a failure's dump shows). */
static inline int retire_refused(wr_checker *c, uint64_t cycle, const wr_retire *other)
{
    char line[320];
    const unsigned w = other->warp;
    if (w >= c->cta.nwarps) {
        snprintf(line, sizeof line, "warp: retire from warp %u, but the CTA has %u warps [N-53]", w, c->cta.nwarps);
        remember(c, cycle, other, NULL, NULL);
        return fail(c, cycle, NULL, other, NULL, NULL, line);
    }
    wr_warp *const bp = &c->before;
    memcpy(bp, &c->cta.warp[w], offsetof(wr_warp, breg));
    if (bp->run != WR_WARP_READY) {
        snprintf(line, sizeof line, "run: warp %u retired at pc 0x%" PRIx64 " but the model has it %s%s [N-35]",
                 w, other->pc, wr_run_state_name(bp->run),
                 bp->run == WR_WARP_ASLEEP ? " (its sleep deadline has not fired, N-23)" : "");
        remember(c, cycle, other, bp, NULL);
        return fail(c, cycle, NULL, other, NULL, bp, line);
    }
    /* the model's own fetch (N-27): the instruction at its ActivePC */
    const uint64_t pc = bp->active_pc;
    const unsigned why = wr_fetch_check(pc, 0, c->prog->ninsns);
    if (why != WR_FETCH_NONE) {
        snprintf(line, sizeof line, "fetch_fault: warp %u retired at pc 0x%" PRIx64 " but the model faults at "
                 "its pc 0x%" PRIx64 " (%s) [N-27]", w, other->pc, pc, wr_fetch_fault_name(why));
        remember(c, cycle, other, bp, NULL);
        return fail(c, cycle, NULL, other, NULL, bp, line);
    }
    return -1;
}

/* Operand-driven, an operand the instruction reads and the other side
 * does not report (a `reads` mismatch): it reads as 0, never as what the
 * record held */
static void zero_missing(wr_operands *in, unsigned missing)
{
    if (missing & WR_IN_PG)
        in->pg = 0;
    if (missing & WR_IN_PP)
        in->pp = 0;
    if (missing & WR_IN_RA)
        memset(in->ra, 0, sizeof in->ra);
    if (missing & WR_IN_RB)
        memset(in->rb, 0, sizeof in->rb);
    if (missing & WR_IN_RC)
        memset(in->rc, 0, sizeof in->rc);
    if (missing & WR_IN_RE)
        memset(in->re, 0, sizeof in->re);
    if (missing & WR_IN_UR)
        in->ur = 0;
    if (missing & WR_IN_C)
        in->c = 0;
}

/* The operands the model steps with: the other side's as they are (copied
 * into the model's record m only for a failure's dump, or with the missing
 * ones zeroed), or read from the register file into m.  *missing: the
 * operands of `reads` the other side does not report. */
static inline const wr_operands *step_operands(wr_checker *c, unsigned w, const wr_insn *insn, unsigned reads,
                                               const wr_retire *other, wr_retire *m, unsigned *missing)
{
    *missing = 0;
    if (c->cta.operand_mode != WR_OPERANDS_DRIVEN) {
        wr_regfile_read(&c->rf, w, insn, &m->in);
        return &m->in;
    }
    if ((*missing = reads & ~other->reads & ~(unsigned)(WR_IN_RA64 | WR_IN_UR64 | WR_IN_C64)) == 0)
        return &other->in;
    m->in = other->in;
    zero_missing(&m->in, *missing);
    return &m->in;
}

/* raw: what the operands read against what earlier records wrote (the
 * first difference into rd); the shadow's undefined lanes are the
 * operands' (section 5), marked in m's copy of them.  The operands to step
 * with; *unknown_read: an active lane read an unknown value. */
static inline const wr_operands *raw_operands(wr_checker *c, unsigned w, const wr_insn *insn, unsigned reads,
                                              const wr_retire *other, wr_retire *m, const wr_operands *ops,
                                              raw_diff *rd, int *unknown_read)
{
    uint32_t undef[4];
    if (!raw_check(c, w, insn, reads, ops, c->before.active, rd, undef, unknown_read))
        return ops;
    if (ops != &m->in) {
        m->in = other->in;
        ops = &m->in;
    }
    m->in.ra_undef = undef[0];
    m->in.rb_undef = undef[1];
    m->in.rc_undef = undef[2];
    m->in.re_undef = undef[3];
    return ops;
}

/* The model steps warp w at pc into its record m: a sleep deadline it sets
 * is looked at again, the run's end time moves (N-50), m gets the state
 * after (the RPCs only when they are compared, a replay's are not, and a
 * lane is parked), the word and the read set.  WR_CHK_ERROR on a model error. */
static inline int model_step(wr_checker *c, uint64_t cycle, unsigned w, uint64_t pc, const wr_insn *insn,
                             const wr_operands *ops, unsigned reads, wr_retire *m)
{
    c->cta.now = cycle;
    const uint64_t deadline = c->cta.deadline[w];
    const size_t at = pc / WR_INST_SIZE;   /* an illegal word (+words=) raises ILLEGAL_ENCODING */
    if ((c->prog->illegal && c->prog->illegal[at] ? wr_step_word(&c->cta, w, &c->prog->words[at], ops, m)
                                                   : wr_step(&c->cta, w, insn, ops, m)) != 0) {
        c->error = 1;
        message(c, "cycle %" PRIu64 ": model error: %s", cycle, wr_cta_errmsg(&c->cta));
        return WR_CHK_ERROR;
    }
    if (c->cta.deadline[w] != deadline) {
        c->deadline_set[w] = cycle;
        c->due_floor[w] = 0;
        c->next_due = 0;                 /* wr_checker_wake_due looks again */
        c->late_at = 0;                  /* ... and overdue */
        c->late_told &= ~(1u << w);
    }
    if (!c->faulted)                     /* (after a fetch fault: the design's last in-flight ones) */
        c->end_t = cycle + 1;            /* N-50: the time after the last issued instruction */
    /* the RPCs only when they are compared and some lane is parked: the
     * compare reads the parked lanes' alone (two constant sizes: no `rep movs`) */
    const wr_warp *after = &c->cta.warp[w];
    if (c->o.ctl.field[WR_RF_RPC].enable && (after->valid & ~after->active))
        memcpy(&m->after, after, sizeof m->after);
    else
        memcpy(&m->after, after, offsetof(wr_warp, rpc));
    m->insn = c->prog->words[at];
    m->has_state = 1;
    m->reads = (uint16_t)reads;
    wr_coverage_add(&c->cov, &m->why);
    c->last_step = m;
    return WR_CHK_OK;
}

/* The step took a made-up operand (missing): its read set is the one
 * difference of the report, if the report has it.  The new count. */
static int only_reads_differ(wr_compare_report *rep, int nd)
{
    unsigned k = 0;
    for (unsigned i = 0; i < rep->ndiffs && i < WR_MAX_DIFFS; i++)
        if (rep->diff[i].field == WR_RF_READS)
            rep->diff[k++] = rep->diff[i];
    if (!k)                              /* (none: the other side reports no read set) */
        return nd;
    rep->ndiffs = k;
    return (int)k;
}

/* raw: the operand read first in the report (the compare's nd differences
 * follow it), and its failure */
static int raw_fail(wr_checker *c, uint64_t cycle, wr_retire *m, const wr_retire *other, wr_compare_report *rep,
                    int nd, const raw_diff *rd)
{
    char line[320], text[96];
    const unsigned w = other->warp;
    const uint64_t pc = c->before.active_pc;
    const unsigned keep = nd > 0 ? (rep->ndiffs < WR_MAX_DIFFS ? rep->ndiffs : WR_MAX_DIFFS - 1) : 0;
    memmove(&rep->diff[1], &rep->diff[0], keep * sizeof rep->diff[0]);
    rep->diff[0] = (wr_diff){ .field = (uint8_t)rd->field, .what = WR_DIFF_VALUE, .lanes = rd->lanes,
                              .model = rd->shadow, .other = rd->read };
    rep->ndiffs = (nd > 0 ? rep->ndiffs : 0) + 1;
    if (rd->field == WR_RF_IN_UR)
        snprintf(line, sizeof line, "%s: warp %u pc 0x%" PRIx64 " %s: it reads 0x%" PRIx64 ", but the record at t %"
                 PRIu64 " wrote 0x%" PRIx64 " to %s [%s]", wr_retire_field_name(rd->field), w, pc,
                 wr_checker_disasm_at(&m->insn, pc, text, sizeof text), rd->read, rd->t, rd->shadow, rd->reg,
                 wr_retire_field_rule(rd->field));
    else
        snprintf(line, sizeof line, "%s: warp %u pc 0x%" PRIx64 " %s: lane %u reads 0x%" PRIx64 ", but the record "
                 "at t %" PRIu64 " wrote 0x%" PRIx64 " to %s [%s]", wr_retire_field_name(rd->field), w, pc,
                 wr_checker_disasm_at(&m->insn, pc, text, sizeof text), rd->lane, rd->read, rd->t, rd->shadow,
                 rd->reg, wr_retire_field_rule(rd->field));
    m->in = other->in;
    return fail(c, cycle, m, other, rep, &c->before, line);
}

/* the compare's failure: nd fields differ (nd < 0: the other side has no
 * state after), the first one named with its rule */
static int compare_fail(wr_checker *c, uint64_t cycle, wr_retire *m, const wr_retire *other, wr_compare_report *rep,
                        int nd, const wr_insn *insn)
{
    char line[320];
    const unsigned w = other->warp;
    const uint64_t pc = c->before.active_pc;
    if (nd < 0) {
        snprintf(line, sizeof line, "warp %u pc 0x%" PRIx64 ": the record has no state after", w, pc);
        rep->ndiffs = 0;
    } else {
        const wr_diff *d = &rep->diff[0];
        char text[96], ops_text[100] = "";
        if (d->field == WR_RF_READS)         /* which operands: "(c missing in the RTL)" */
            wr_compare_reads_format((unsigned)d->model, (unsigned)d->other, wr_checker_side_name(c), ops_text,
                                    sizeof ops_text);
        snprintf(line, sizeof line, "%s: warp %u pc 0x%" PRIx64 " %s: %u field%s differ%s%s%s [%s; %s %s]",
                 wr_retire_field_name(d->field), w, pc, wr_checker_disasm_at(&m->insn, pc, text, sizeof text),
                 rep->ndiffs, rep->ndiffs == 1 ? "" : "s", *ops_text ? " (" : "", ops_text,
                 *ops_text ? ")" : "", wr_retire_field_rule(d->field), wr_op_name(insn),
                 wr_optype_rule(insn->optype));
    }
    if (c->cta.operand_mode == WR_OPERANDS_DRIVEN)
        m->in = other->in;
    return fail(c, cycle, m, other, rep, &c->before, line);
}

/* A record (a retire, a fetch fault) whose time is before the previous
 * one's: time never goes back (N-50; several records may share a time).
 * Reported after the record's own compare, so a difference in it is named
 * first. */
static int time_back(wr_checker *c, uint64_t cycle, uint64_t prev, const wr_retire *other, const char *what)
{
    char line[320];
    snprintf(line, sizeof line, "t: warp %u %s at t=%" PRIu64 ", before the previous record's t=%" PRIu64
             " (time never goes back) [N-50]", other->warp, what, cycle, prev);
    return fail(c, cycle, NULL, other, NULL, NULL, line);
}

/* one record (wr_checker_retire, which adds N-50's time) */
static int retire(wr_checker *c, uint64_t cycle, const wr_retire *other)
{
    c->n.retired++;
    c->last_step = NULL;
    if (c->error)
        return WR_CHK_ERROR;
    if (leap_due(c, cycle) != WR_CHK_OK && c->stopped)
        return WR_CHK_MISMATCH;
    if (cycle >= c->late_at && overdue(c, cycle) != WR_CHK_OK && c->stopped)
        return WR_CHK_MISMATCH;
    const int refused = retire_refused(c, cycle, other);
    if (refused >= 0)
        return refused;
    const unsigned w = other->warp;
    const uint64_t pc = c->before.active_pc;
    const wr_insn *insn = &c->prog->insns[pc / WR_INST_SIZE];
    wr_retire *m = &c->scratch;
    const int driven = c->cta.operand_mode == WR_OPERANDS_DRIVEN;
    /* the model's read set (compared); a word of another profile's form is an
     * illegal encoding here (G-01, N-37) with no architectural operands: its
     * guard alone, as for a word that does not decode (compare.c reads_differ) */
    const unsigned reads = wr_form_in_profile(insn->form, c->prog->profile) ? wr_insn_reads(insn) | WR_IN_PG
                                                                            : WR_IN_PG;
    unsigned missing;
    const wr_operands *ops = step_operands(c, w, insn, reads, other, m, &missing);
    raw_diff rd = { 0 };
    int unknown_read = 1;
    if (c->raw)
        ops = raw_operands(c, w, insn, reads & other->reads, other, m, ops, &rd, &unknown_read);
    if (model_step(c, cycle, w, pc, insn, ops, reads, m) != WR_CHK_OK)
        return WR_CHK_ERROR;
    if (c->cta.warp[w].run != WR_WARP_READY)   /* (a warp ready: no time jump) */
        idle_jump(c, cycle);
    wr_compare_report rep;
    const wr_retire *mc = c->o.trace_writes ? shown_writes(c, m, insn) : m;
    const wr_retire *const as_is = other;   /* (with its marks: what the shadow adopts) */
    if (driven && c->o.trace_writes && unknown_read)   /* raw: judged when every operand is known */
        other = unmarked(c, other, mc);
    rep.ndiffs = 0;                      /* (agreeing records, the common case: no report) */
    int nd = wr_compare_same(mc, other, &c->plan) ? 0 : wr_compare(mc, other, &c->o.ctl, &rep);
    if (nd > 0 && missing && c->o.ctl.field[WR_RF_READS].enable)
        nd = only_reads_differ(&rep, nd);
    /* (after the compare: the records' fresh stores have reached the cache) */
    remember(c, cycle, other, &m->after, &m->why);
    c->n.compared++;
    int rc = WR_CHK_OK;
    if (rd.field)
        rc = raw_fail(c, cycle, m, other, &rep, nd, &rd);
    else if (nd != 0)
        rc = compare_fail(c, cycle, m, other, &rep, nd, insn);
    if (!driven) {
        c->n.adopted += adopt(m, other);
        wr_regfile_apply(&c->rf, m);
    } else if (c->raw) {
        c->n.adopted += adopt(m, as_is);
        raw_apply(c, m, cycle);
    }
    const uint64_t prev = c->retire_t;
    c->retire_t = cycle;
    if (cycle < prev) {
        const int rt = time_back(c, cycle, prev, as_is, "retired");
        rc = rc == WR_CHK_OK ? rt : rc;
    }
    return rc;
}

/* N-50's turn at time t: the first warp at or after the pointer that is
 * ready then, the CTA's size if none is.  Ready then: ready in the model
 * and not woken after t (a wake the other side reported before this
 * turn's record), or asleep with a deadline due by t (N-23: the turn's
 * start fires it; its wake may come after the record) */
static unsigned turn_warp(const wr_checker *c, uint64_t t)
{
    const unsigned n = c->cta.nwarps;
    for (unsigned k = 0, w = c->turn_ptr; k < n; k++, w = w + 1 == n ? 0 : w + 1) {
        const unsigned run = c->cta.warp[w].run;
        if (run == WR_WARP_READY ? c->woke_at[w] <= t
                                 : run == WR_WARP_ASLEEP && c->cta.deadline[w] != WR_NO_DEADLINE && due_of(c, w) <= t)
            return w;
    }
    return n;
}

int wr_checker_retire(wr_checker *c, uint64_t cycle, const wr_retire *other)
{
    /* N-50's time (the field t: a replay, +time=n50): the record's t is the
     * model's next turn; the one after is a step later, or with no warp
     * ready when the earliest deadline is due (the state after this step,
     * before any wake).  And the turn's warp is N-50's: the first ready at
     * or after the pointer, which then moves past the warp that took it. */
    const uint64_t due = c->t_next;
    const int timed = c->o.ctl.field[WR_RF_T].enable;
    const unsigned turn = timed && !c->error ? turn_warp(c, due) : 0;
    const unsigned ptr = c->turn_ptr;
    int rc = retire(c, cycle, other);
    if (c->error)
        return rc;
    const unsigned w = other->warp;
    if (w < c->cta.nwarps)
        c->turn_ptr = w + 1 == c->cta.nwarps ? 0 : w + 1;
    c->t_next = w < c->cta.nwarps && c->cta.warp[w].run == WR_WARP_READY ? due + 1
                                                                        : wr_checker_turn_time(c, due + 1);
    if (rc != WR_CHK_OK || !timed)
        return rc;
    char line[320];
    if (cycle != due) {
        snprintf(line, sizeof line, "t: warp %u pc 0x%" PRIx64 ": the record's t is %" PRIu64 ", the model's "
                 "time is %" PRIu64 " [N-50]", w, other->pc, cycle, due);
        rc = wr_checker_report(c, cycle, line);
    } else if (turn < c->cta.nwarps && turn != w) {
        snprintf(line, sizeof line, "t: warp %u pc 0x%" PRIx64 " took the turn at %" PRIu64 ", but N-50 gives it "
                 "to warp %u: the first warp ready at or after the pointer, which is at warp %u [N-50]", w, other->pc, cycle,
                 turn, ptr);
        rc = wr_checker_report(c, cycle, line);
    }
    return rc;
}

int wr_checker_fetch_fault(wr_checker *c, uint64_t cycle, unsigned w, uint64_t pc, unsigned why)
{
    char line[320];
    c->n.retired++;
    c->last_step = NULL;
    if (c->error)
        return WR_CHK_ERROR;
    wr_retire *m = &c->scratch;
    memset(m, 0, sizeof *m);
    m->warp = w;
    m->pc = pc;
    m->fetch_fault = (uint8_t)why;
    if (leap_due(c, cycle) != WR_CHK_OK && c->stopped)
        return WR_CHK_MISMATCH;
    if (w >= c->cta.nwarps || c->cta.warp[w].run != WR_WARP_READY) {
        snprintf(line, sizeof line, "fetch_fault: warp %u faulted at pc 0x%" PRIx64 " but the model has it %s [N-27]",
                 w, pc, w < c->cta.nwarps ? wr_run_state_name(c->cta.warp[w].run) : "out of range");
        remember(c, cycle, m, w < c->cta.nwarps ? &c->cta.warp[w] : NULL, NULL);
        return fail(c, cycle, NULL, m, NULL, NULL, line);
    }
    if (cycle >= c->late_at && overdue(c, cycle) != WR_CHK_OK && c->stopped)
        return WR_CHK_MISMATCH;
    const wr_warp before = c->cta.warp[w];
    const unsigned mine = wr_fetch_check(before.active_pc, 0, c->prog->ninsns);
    if (before.active_pc != pc || mine != why) {
        snprintf(line, sizeof line, "fetch_fault: warp %u faulted at pc 0x%" PRIx64 " (%s); the model's pc is 0x%"
                 PRIx64 " (%s) [N-27]", w, pc, wr_fetch_fault_name(why), before.active_pc,
                 mine == WR_FETCH_NONE ? "fetches" : wr_fetch_fault_name(mine));
        remember(c, cycle, m, &before, NULL);
        return fail(c, cycle, NULL, m, NULL, &before, line);
    }
    c->cta.now = cycle;
    /* the faulting turn's time (N-50): the next turn's, or a wake's after a jump */
    c->end_t = c->end_t > c->wake_t ? c->end_t : c->wake_t;
    if (wr_fetch_fault(&c->cta, w, why, m) != 0) {
        remember(c, cycle, m, &before, NULL);
        c->error = 1;
        message(c, "cycle %" PRIu64 ": model error: %s", cycle, wr_cta_errmsg(&c->cta));
        return WR_CHK_ERROR;
    }
    /* the run ends here (N-27): its time is the end's; the fault took a turn, so an
     * instruction the design still had in flight is dated a step later (N-50, field t) */
    c->faulted = 1;
    c->t_next = wr_checker_turn_time(c, c->t_next + 1);
    c->turn_ptr = w + 1 == c->cta.nwarps ? 0 : w + 1;   /* (the fault's turn) */
    m->why.pc = c->cta.warp[w].active_pc;           /* for the explanation (paths.h) */
    m->why.active = c->cta.warp[w].active;
    wr_coverage_add(&c->cov, &m->why);
    remember(c, cycle, m, &c->cta.warp[w], &m->why);
    c->last_step = m;
    c->n.compared++;
    const uint64_t prev = c->retire_t;
    c->retire_t = cycle;
    return cycle < prev ? time_back(c, cycle, prev, m, "faulted") : WR_CHK_OK;
}

int wr_checker_wake(wr_checker *c, uint64_t cycle, unsigned w, int woke)
{
    char line[320];
    if (c->error)
        return WR_CHK_ERROR;
    if (leap_due(c, cycle) != WR_CHK_OK && c->stopped)
        return WR_CHK_MISMATCH;
    if (w >= c->cta.nwarps || c->cta.deadline[w] == WR_NO_DEADLINE) {
        snprintf(line, sizeof line, "wake: warp %u woke at cycle %" PRIu64 " but the model has no sleep deadline "
                 "for it [N-23]", w, cycle);
        return w < c->cta.nwarps ? fail_warp(c, cycle, w, &c->cta.warp[w], line)
                                 : fail(c, cycle, NULL, NULL, NULL, NULL, line);
    }
    const uint64_t d = c->cta.deadline[w];
    const uint64_t due = due_of(c, w);
    if (cycle + c->o.wake_early < d || cycle > last_wake(c, due)) {
        snprintf(line, sizeof line, "wake: warp %u woke at cycle %" PRIu64 ", the model's deadline is %" PRIu64
                 " (due at %" PRIu64 ", %s) [N-23]", w, cycle, d, due, cycle < d ? "early" : "late");
        return fail_warp(c, cycle, w, &c->cta.warp[w], line);
    }
    /* the deadline clears the SleepMask; it wakes the warp iff it was asleep */
    const int asleep = c->cta.warp[w].run == WR_WARP_ASLEEP;
    int rc = WR_CHK_OK;
    if (woke >= 0 && (woke != 0) != asleep) {
        snprintf(line, sizeof line, "wake: warp %u's deadline fired at cycle %" PRIu64 " and the %s says "
                 "it %s the warp, but the model has it %s [N-23]", w, cycle, wr_checker_side_name(c), woke ? "woke" : "did not wake",
                 wr_run_state_name(c->cta.warp[w].run));
        rc = fail_warp(c, cycle, w, &c->cta.warp[w], line);
    }
    if (wr_wake(&c->cta, w, cycle) != 0) {
        c->error = 1;
        message(c, "cycle %" PRIu64 ": model error: %s", cycle, wr_cta_errmsg(&c->cta));
        return WR_CHK_ERROR;
    }
    c->n.wakes++;
    c->wake_t = cycle;
    c->woke_at[w] = cycle;
    return rc;
}

int wr_checker_wake_due(wr_checker *c, uint64_t cycle)
{
    int rc = WR_CHK_OK;
    if (cycle < c->next_due)             /* (a retire that sets a deadline clears it) */
        return rc;
    uint64_t next = UINT64_MAX;
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        const uint64_t d = c->cta.deadline[w];
        if (d == WR_NO_DEADLINE)
            continue;
        const uint64_t due = due_of(c, w);
        if (due <= cycle) {
            const int k = wr_checker_wake(c, due, w, -1);
            if (k != WR_CHK_OK && rc == WR_CHK_OK)
                rc = k;
        } else if (due < next) {
            next = due;
        }
    }
    c->next_due = next;
    return rc;
}

void wr_checker_set_ctl(wr_checker *c, const wr_compare_ctl *ctl)
{
    c->o.ctl = *ctl;
    c->raw_fields = 0;                             /* raw: the in.* fields checked against the shadow */
    for (unsigned f = 0; f < WR_RF_COUNT; f++) {   /* the in.* fields: WR_RETIRE_FIELDS' OPERAND rows */
        const unsigned bit = wr_retire_field_operand(f);
        if (c->raw && ctl->field[f].enable)        /* (in.c's bit too: raw_check has no shadow of it) */
            c->raw_fields |= bit;
        if (bit && c->o.operand_mode == WR_OPERANDS_DRIVEN)   /* the operands are the other side's */
            c->o.ctl.field[f].enable = 0;
    }
    wr_compare_plan_init(&c->plan, &c->o.ctl);
}

/* The model's warps that can still run: ready, or asleep with a deadline
 * to come (N-50), as "warp 0 ready at pc 0x40, warp 2 asleep at pc 0x60
 * until 130" (the first four, then ", ..."). */
static uint32_t runnable(const wr_checker *c, char *buf, size_t size)
{
    uint32_t m = 0;
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        const wr_warp *x = &c->cta.warp[w];
        const int asleep = x->run == WR_WARP_ASLEEP && c->cta.deadline[w] != WR_NO_DEADLINE;
        if (x->run != WR_WARP_READY && !asleep)
            continue;
        const unsigned k = (unsigned)__builtin_popcount(m);
        m |= 1u << w;
        int len = 0;
        if (k < 4 && asleep)
            len = snprintf(buf + n, size - n, "%swarp %u asleep at pc 0x%" PRIx64 " until %" PRIu64, k ? ", " : "",
                           w, x->active_pc, c->cta.deadline[w]);
        else if (k < 4)
            len = snprintf(buf + n, size - n, "%swarp %u ready at pc 0x%" PRIx64, k ? ", " : "", w, x->active_pc);
        else if (k == 4)
            len = snprintf(buf + n, size - n, ", ...");
        if (len > 0)
            n = n + (size_t)len < size ? n + (size_t)len : size - 1;
    }
    return m;
}

/* How the run ends: the other side says `end` at `cycle`; the model must end
 * the same way at that point (N-50, N-55, N-37/N-27): `done` only when every
 * warp exited or trapped, `deadlock` only when none can run (none ready,
 * none asleep with a deadline to come), `exception` only when a warp
 * faulted, `limit` and `livelock` only while the model could go on. */
static int check_end(wr_checker *c, uint64_t cycle, unsigned end)
{
    char line[320], can[200];
    const char *name = end < WR_END_COUNT ? wr_end_name((wr_end)end) : "?";
    unsigned finished = 0, faulted = WR_MAX_WARPS;
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        const unsigned r = c->cta.warp[w].run;
        finished += r == WR_WARP_EXITED || r == WR_WARP_TRAPPED;
        if (r == WR_WARP_FAULTED && faulted == WR_MAX_WARPS)
            faulted = w;
    }
    const uint32_t run = runnable(c, can, sizeof can);
    /* the model's own end at this point */
    const unsigned mine = faulted < WR_MAX_WARPS ? WR_END_EXCEPTION : finished == c->cta.nwarps ? WR_END_DONE
                        : run == 0 ? WR_END_DEADLOCK : WR_END_NONE;
    if (end == WR_END_NONE || end >= WR_END_ERROR) {
        snprintf(line, sizeof line, "end: the %s's run ends '%s' at t=%" PRIu64 ", which is no end of a run "
                 "(done, deadlock, livelock, exception, limit) [N-50]", wr_checker_side_name(c), name, cycle);
        return fail(c, cycle, NULL, NULL, NULL, NULL, line);
    }
    const int limit = end == WR_END_LIMIT || end == WR_END_LIVELOCK;
    if (end == WR_END_LIVELOCK && mine == WR_END_NONE) {
        /* a livelock is the program's (N-55): its own run under the N-50 scheduler says so */
        const char *own = wr_checker_own_end(c, 0);
        if (strcmp(own, "livelock") == 0)
            return WR_CHK_OK;
        snprintf(line, sizeof line, "end: the %s's run ends livelock at t=%" PRIu64 ", but the model's own "
                 "run of the program (N-50 scheduler) ends %s [N-55]", wr_checker_side_name(c), cycle, own);
        return fail(c, cycle, NULL, NULL, NULL, NULL, line);
    }
    if (mine == end || (limit && mine == WR_END_NONE))
        return WR_CHK_OK;
    if (mine == WR_END_EXCEPTION) {
        snprintf(line, sizeof line, "end: the %s's run ends %s at t=%" PRIu64 ", the model's ends exception: "
                 "warp %u faulted at pc 0x%" PRIx64 " [N-37]", wr_checker_side_name(c), name, cycle, faulted, c->cta.warp[faulted].active_pc);
        return fail_warp(c, cycle, faulted, &c->cta.warp[faulted], line);
    }
    if (end == WR_END_EXCEPTION) {
        snprintf(line, sizeof line, "end: the %s's run ends exception at t=%" PRIu64 ", but no warp of the "
                 "model took an exception or a fetch fault [N-37]", wr_checker_side_name(c), cycle);
        return fail(c, cycle, NULL, NULL, NULL, NULL, line);
    }
    if (mine == WR_END_NONE) {                   /* done or deadlock while the model can go on */
        const unsigned w = (unsigned)__builtin_ctz(run);
        snprintf(line, sizeof line, "end: the %s's run ends %s at t=%" PRIu64 ", but the model's warps "
                 "0x%08" PRIx32 " can run: %s [N-50]", wr_checker_side_name(c), name, cycle, run, can);
        return fail_warp(c, cycle, w, &c->cta.warp[w], line);
    }
    snprintf(line, sizeof line, "end: the %s's run ends %s at t=%" PRIu64 ", the model's ends %s: %s [%s]",
             wr_checker_side_name(c), name, cycle, wr_end_name((wr_end)mine),
             mine == WR_END_DONE ? "every warp exited or trapped" : "no warp can run and some warp is blocked",
             limit ? "N-55" : "N-50");
    return fail(c, cycle, NULL, NULL, NULL, NULL, line);
}

/* an enabled field's mask (0: not compared) */
static uint64_t ctl_mask(const wr_checker *c, unsigned f)
{
    return c->o.ctl.field[f].enable ? c->o.ctl.field[f].mask : 0;
}

int wr_checker_final(wr_checker *c, uint64_t cycle, unsigned end, const wr_warp *warps, unsigned nwarps,
                     const uint32_t *regs, unsigned nregs, const uint32_t *preds,
                     const uint32_t *bar_words, unsigned nbars)
{
    char line[320];
    const char *side = wr_checker_side_name(c);
    int rc = c->leap ? leap_judge(c) : WR_CHK_OK;   /* (the records before it are all in) */
    if (c->n.compared == 0)
        rc = fail(c, cycle, NULL, NULL, NULL, NULL, "final: the run compared 0 instructions");
    if (nwarps != c->cta.nwarps) {
        snprintf(line, sizeof line, "final: %u warps reported, the model has %u", nwarps, c->cta.nwarps);
        return fail(c, cycle, NULL, NULL, NULL, NULL, line);
    }
    c->end_checked = 1;
    if (c->o.ctl.field[WR_RF_END].enable && check_end(c, cycle, end) != WR_CHK_OK)
        rc = WR_CHK_MISMATCH;
    const int own_end = !c->o.told_stop || end == WR_END_DONE || end == WR_END_DEADLOCK || c->faulted;
    if (c->o.ctl.field[WR_RF_T].enable && own_end && ((cycle ^ c->end_t) & c->o.ctl.field[WR_RF_T].mask)) {
        snprintf(line, sizeof line, "t: the run ends at t=%" PRIu64 ", the model's at t=%" PRIu64 " (the time "
                 "after its last issued instruction) [N-50]", cycle, c->end_t);
        rc = fail(c, cycle, NULL, NULL, NULL, NULL, line);
    }
    const uint64_t m_pc = ctl_mask(c, WR_RF_ACTIVE_PC), m_b = ctl_mask(c, WR_RF_BREG);
    const uint64_t m_gpr = ctl_mask(c, WR_RF_WRITE_GPR), m_pred = ctl_mask(c, WR_RF_WRITE_PRED);
    for (unsigned w = 0; w < nwarps; w++) {
        const wr_warp *m = &c->cta.warp[w], *o = &warps[w];
        static const char *const mname[] = { "valid", "active", "yield", "sleep", "switch" };
        static const unsigned mfield[] = { WR_RF_VALID, WR_RF_ACTIVE, WR_RF_YIELD, WR_RF_SLEEP, WR_RF_SWITCH };
        const uint32_t mm[] = { m->valid, m->active, m->yield, m->sleep, m->swtch };
        const uint32_t om[] = { o->valid, o->active, o->yield, o->sleep, o->swtch };
        if (((m->run ^ o->run) & ctl_mask(c, WR_RF_RUN)) != 0) {
            snprintf(line, sizeof line, "final: warp %u run state: model %s, %s %s", w, wr_run_state_name(m->run),
                     side, wr_run_state_name(o->run));
            rc = fail_warp(c, cycle, w, m, line);
        }
        if ((m->active_pc ^ o->active_pc) & m_pc) {
            snprintf(line, sizeof line, "final: warp %u active_pc: model 0x%" PRIx64 ", %s 0x%" PRIx64, w,
                     m->active_pc, side, o->active_pc);
            rc = fail_warp(c, cycle, w, m, line);
        }
        for (unsigned k = 0; k < 5; k++)
            if ((mm[k] ^ om[k]) & ctl_mask(c, mfield[k])) {
                snprintf(line, sizeof line, "final: warp %u %s: model 0x%08" PRIx32 ", %s 0x%08" PRIx32, w,
                         mname[k], mm[k], side, om[k]);
                rc = fail_warp(c, cycle, w, m, line);
            }
        for (unsigned b = 0; b < WR_NUM_BREGS; b++)
            if ((m->breg[b] ^ o->breg[b]) & m_b) {
                snprintf(line, sizeof line, "final: warp %u B%u: model 0x%08" PRIx32 ", %s 0x%08" PRIx32, w, b,
                         m->breg[b], side, o->breg[b]);
                rc = fail_warp(c, cycle, w, m, line);
            }
        /* operand-driven: the model keeps no registers (the other side's are
         * trusted, and may hold what instructions the model does not follow wrote) */
        const unsigned nr = c->cta.operand_mode == WR_OPERANDS_DRIVEN ? 0 : nregs < c->rf.nregs ? nregs : c->rf.nregs;
        for (unsigned r = 0; regs && r < nr; r++) {
            const size_t slot = wr_regfile_slot(&c->rf, w, r);
            for (unsigned l = 0; l < WR_LANES; l++) {
                const uint32_t mv = c->rf.r[slot * WR_LANES + l];
                const uint32_t ov = regs[((size_t)w * nregs + r) * WR_LANES + l];
                if (!(c->rf.r_undef[slot] >> l & 1u) && ((mv ^ ov) & m_gpr)) {
                    snprintf(line, sizeof line, "final: warp %u R%u lane %u: model 0x%08" PRIx32 ", %s 0x%08"
                             PRIx32, w, r, l, mv, side, ov);
                    rc = fail_warp(c, cycle, w, m, line);
                    break;
                }
            }
        }
        for (unsigned p = 0; preds && (m_pred & 1u) && c->cta.operand_mode != WR_OPERANDS_DRIVEN && p < WR_NUM_PREDS;
             p++) {
            const uint32_t diff = (c->rf.p[w][p] ^ preds[w * WR_NUM_PREDS + p]) & ~c->rf.p_undef[w][p];
            if (diff) {
                snprintf(line, sizeof line, "final: warp %u P%u: model 0x%08" PRIx32 ", %s 0x%08" PRIx32
                         " (lanes 0x%08" PRIx32 " differ)", w, p, c->rf.p[w][p], side, preds[w * WR_NUM_PREDS + p], diff);
                rc = fail_warp(c, cycle, w, m, line);
            }
        }
    }
    const uint64_t m_bar = ctl_mask(c, WR_RF_WRITE_BARRIER);
    for (unsigned b = 0; bar_words && b < nbars && b < c->cta.nbars; b++)
        if ((c->cta.bar[b].word ^ bar_words[b]) & m_bar) {
            snprintf(line, sizeof line, "final: barrier %u word: model 0x%08" PRIx32 ", %s 0x%08" PRIx32 " [N-38]",
                     b, c->cta.bar[b].word, side, bar_words[b]);
            rc = fail(c, cycle, NULL, NULL, NULL, NULL, line);
        }
    return rc;
}

int wr_checker_woke(wr_checker *c, uint64_t cycle, uint32_t woke)
{
    char line[320];
    const uint32_t all = c->cta.nwarps >= 32 ? ~0u : (1u << c->cta.nwarps) - 1u;
    const uint32_t diff = (woke ^ c->cta.wake_pending) & all;
    if (!diff || !c->o.ctl.field[WR_RF_WAKE].enable)
        return WR_CHK_OK;
    const unsigned w = (unsigned)__builtin_ctz(diff);
    snprintf(line, sizeof line, "wake: warps woken whose `wake` is not yet reported: %s 0x%08" PRIx32 ", model 0x%08"
             PRIx32 " (warp %u is %s in the model) [N-23]", wr_checker_side_name(c), woke & all, c->cta.wake_pending & all, w,
             wr_run_state_name(c->cta.warp[w].run));
    return fail_warp(c, cycle, w, &c->cta.warp[w], line);
}

int wr_checker_report(wr_checker *c, uint64_t cycle, const char *line)
{
    if (!c->have_fail)
        c->fail_driver = 1;              /* the dump's title says so */
    /* a hang names the lowest warp the model has ready, at its pc: the one
     * the other side should have issued */
    const uint32_t ready = wr_checker_ready(c);
    if (ready) {
        const unsigned w = (unsigned)__builtin_ctz(ready);
        return fail_warp(c, cycle, w, &c->cta.warp[w], line ? line : "driver: failure");
    }
    return fail(c, cycle, NULL, NULL, NULL, NULL, line ? line : "driver: failure");
}

uint32_t wr_checker_ready(const wr_checker *c)
{
    uint32_t m = 0;
    for (unsigned w = 0; w < c->cta.nwarps && w < 32; w++)
        if (c->cta.warp[w].run == WR_WARP_READY)
            m |= 1u << w;
    return m;
}

uint64_t wr_checker_turn_time(const wr_checker *c, uint64_t now)
{
    if (wr_checker_ready(c))
        return now;
    /* N-50: only an asleep warp's deadline ends a time jump */
    unsigned first;
    const uint64_t next = earliest_asleep(c, &first);
    return next == UINT64_MAX || next <= now ? now : next;
}

const char *wr_checker_own_end(const wr_checker *c, uint64_t max_steps)
{
    return c->o.own_end ? c->o.own_end(c->prog, c->cta.threads, max_steps) : "error";
}

/* the end's undefined marks of register (kind R or P) r of warp w: lanes
 * the other side calls undefined that the model defines (more), and, with
 * the marks row on, lanes the model leaves undefined that it defines (less) */
static int final_marks(wr_checker *c, uint64_t cycle, unsigned w, char kind, unsigned r, uint32_t more,
                       uint32_t less, int rc)
{
    char line[320];
    if (more) {
        snprintf(line, sizeof line, "final: warp %u %c%u lanes 0x%08" PRIx32 ": undefined in the %s, "
                 "defined in the model (SPEC-NOTES section 5)", w, kind, r, more, wr_checker_side_name(c));
        rc = fail_warp(c, cycle, w, &c->cta.warp[w], line);
    }
    if (less) {
        snprintf(line, sizeof line, "final: warp %u %c%u lanes 0x%08" PRIx32 ": undefined in the model, "
                 "defined in the %s (undef: the marks, SPEC-NOTES section 5)", w, kind, r, less,
                 wr_checker_side_name(c));
        rc = fail_warp(c, cycle, w, &c->cta.warp[w], line);
    }
    return rc;
}

int wr_checker_final_undef(wr_checker *c, uint64_t cycle, const uint32_t *regs_undef, unsigned nregs,
                           const uint32_t *preds_undef)
{
    int rc = WR_CHK_OK;
    if (c->cta.operand_mode == WR_OPERANDS_DRIVEN)   /* the model keeps no registers */
        return rc;
    const unsigned nr = nregs < c->rf.nregs ? nregs : c->rf.nregs;
    const int gpr = c->o.ctl.field[WR_RF_WRITE_GPR].enable, pred = c->o.ctl.field[WR_RF_WRITE_PRED].enable;
    /* the marks row (`undef`, a design that marks exactly the model's undefined
     * lanes): a lane the model leaves undefined must be undefined there too */
    const int strict = c->o.ctl.field[WR_RF_UNDEF].enable;
    for (unsigned w = 0; w < c->cta.nwarps; w++) {
        for (unsigned r = 0; gpr && regs_undef && r < nr; r++) {
            const uint32_t theirs = regs_undef[(size_t)w * nregs + r];
            const uint32_t mine = c->rf.r_undef[wr_regfile_slot(&c->rf, w, r)];
            rc = final_marks(c, cycle, w, 'R', r, theirs & ~mine, strict ? mine & ~theirs : 0, rc);
        }
        for (unsigned p = 0; pred && preds_undef && p < WR_NUM_PREDS; p++) {
            const uint32_t theirs = preds_undef[w * WR_NUM_PREDS + p], mine = c->rf.p_undef[w][p];
            rc = final_marks(c, cycle, w, 'P', p, theirs & ~mine, strict ? mine & ~theirs : 0, rc);
        }
    }
    return rc;
}

/* ---- state ------------------------------------------------------------------------- */

void wr_checker_get_counts(const wr_checker *c, wr_checker_counts *out) { *out = c->n; }
int wr_checker_stopped(const wr_checker *c) { return c->stopped || c->error; }
int wr_checker_failed(const wr_checker *c) { return c->n.mismatched != 0 || c->error; }
int wr_checker_end_checked(const wr_checker *c) { return c->end_checked; }
const char *wr_checker_messages(const wr_checker *c) { return c->msgs; }
const char *wr_checker_summary(const wr_checker *c) { return c->have_fail ? c->fail_line : ""; }
const wr_cta *wr_checker_cta(const wr_checker *c) { return &c->cta; }
const wr_coverage *wr_checker_coverage(const wr_checker *c) { return &c->cov; }

const wr_retire *wr_checker_last_step(wr_checker *c)
{
    /* the explainer's part of why (paths.h): the warp after the step (a fetch
     * fault, which has no `after`, set it) */
    if (c->last_step && c->last_step->has_state) {
        c->scratch.why.pc = c->scratch.after.active_pc;
        c->scratch.why.active = c->scratch.after.active;
    }
    return c->last_step;
}

void wr_checker_first_failure(const wr_checker *c, wr_checker_fail *out)
{
    memset(out, 0, sizeof *out);
    if (!c->have_fail)
        return;
    out->cycle = c->fail_cycle;
    out->warp = c->fail_other.warp;
    out->pc = c->fail_other.pc;
    if (c->fail_rep.ndiffs) {
        out->field = wr_retire_field_name(c->fail_rep.diff[0].field);
        out->rule = wr_retire_field_rule(c->fail_rep.diff[0].field);
    } else {
        /* the field is the first word of the line: "run: ...", "final: ..." */
        static __thread char field[32];
        size_t n = strcspn(c->fail_line, ":");
        snprintf(field, sizeof field, "%.*s", (int)(n < sizeof field ? n : sizeof field - 1), c->fail_line);
        out->field = field;
        const char *r = strstr(c->fail_line, "[N-");
        static __thread char rule[8];
        snprintf(rule, sizeof rule, "%.*s", r ? 4 : 0, r ? r + 1 : "");
        out->rule = rule;
    }
}
