/* step.c - the dispatcher: builds the instruction context (pgv, ppv, pmask),
 * calls the one function of the instruction, turns an exception into a
 * faulted warp, and checks the model's invariants.  The semantics of each
 * instruction live in bru.c, bcu.c (with the barrier engine, bcu_native.c)
 * and alu.c.  Also the launch (wr_cta_init) and the errors of the calls:
 * values, never an abort. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "step.h"

/* A failed call: the code and a one-line message stay in the CTA. */
static int fail(wr_cta *cta, unsigned err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail(wr_cta *cta, unsigned err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cta->err = err;
    vsnprintf(cta->errmsg, sizeof cta->errmsg, fmt, ap);
    va_end(ap);
    return -1;
}

/* What the step tests of a form, from isa.def: its optype, the profiles it
 * belongs to (wr_form_in_profile), whether its Pp is an input (PIN, N-05).
 * The CTA keeps, per form, the optype if the form is of its profile, else
 * NOT_HERE (no uint8 optype equals it): the check of the call's optype and
 * the profile's (G-01) are one compare. */
enum { NOT_HERE = 0x100 };
#define F(id, lsb, width)
#define V(id, mask)
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name] = WR_OPT_##opt,
static const uint8_t form_optype[WR_FORM_COUNT] = {     /* whatever the profile */
#include "warpref/isa.def"
};
#undef WR_FORM
#define PIN() | 1u
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name] = 0u __VA_ARGS__,
const uint8_t wr_form_pin_[WR_FORM_COUNT] = {
#include "warpref/isa.def"
};
#undef WR_FORM
#undef PIN
#undef F
#undef V

/* The body of each optype (step.h: dispatch) */
#define WR_OPTYPE(name, value, group, rule) [value] = exec_##name,
void (*const wr_exec_[256])(wr_ctx *x) = {
#include "warpref/isa.def"
};
#undef WR_OPTYPE

/* The engine of each profile (engine.h): here, with the launch that picks
 * it, so that the shared barrier code (bcu.c) does not point at the engines
 * that call it. */
const wr_bar_engine *wr_engine_of(unsigned profile)
{
    static const wr_bar_engine *const engines[WR_PROFILE_COUNT] = {
        [WR_PROFILE_NATIVE] = &wr_native_engine,
        [WR_PROFILE_SASS] = &wr_sass_engine,
        [WR_PROFILE_PTX] = &wr_ptx_engine,
        [WR_PROFILE_VISA] = &wr_visa_engine,
    };
    return profile < WR_PROFILE_COUNT ? engines[profile] : NULL;
}

unsigned wr_cta_error(const wr_cta *cta) { return cta->err; }
const char *wr_cta_errmsg(const wr_cta *cta) { return cta->errmsg; }

void wr_config_init(wr_config *cfg, unsigned threads)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->threads = threads;
    cfg->profile = WR_PROFILE_NATIVE;
    cfg->operand_mode = WR_OPERANDS_SELF;
    cfg->checks = WR_CHECKS_DEFAULT;
    cfg->record_state = 1;
    cfg->record_paths = 1;
}

int wr_cta_init(wr_cta *cta, const wr_config *cfg)
{
    memset(cta, 0, sizeof *cta);          /* also zeroes padding: memcmp-safe */
    if (cfg->threads < 1 || cfg->threads > WR_MAX_THREADS)
        return fail(cta, WR_ERR_CONFIG, "thread count %u out of range 1..%d", cfg->threads, WR_MAX_THREADS);
    const wr_bar_engine *eng = wr_engine_of(cfg->profile);
    if (eng == NULL)
        return fail(cta, WR_ERR_CONFIG, "no profile %u", cfg->profile);
    if (cfg->trap_mode && cfg->profile != WR_PROFILE_SASS)       /* S-13 */
        return fail(cta, WR_ERR_CONFIG, "trap mode is a sass setting, not one of profile %s", eng->name);
    if (cfg->nbarriers != 0 && cfg->nbarriers != eng->nbars)
        return fail(cta, WR_ERR_CONFIG, "profile %s has %u barriers, not %u", eng->name, eng->nbars,
                    cfg->nbarriers);
    if (cfg->operand_mode >= WR_OPERAND_MODE_COUNT)
        return fail(cta, WR_ERR_CONFIG, "no operand mode %u", cfg->operand_mode);
    if (cfg->max_events > WR_MAX_EVENTS)
        return fail(cta, WR_ERR_CONFIG, "event capacity %u above %d", cfg->max_events, WR_MAX_EVENTS);
    if (cfg->checks > WR_CHECKS_OFF)
        return fail(cta, WR_ERR_CONFIG, "no invariant-check setting %u", cfg->checks);
    const unsigned threads = cfg->threads;
    cta->threads = threads;
    cta->nwarps = (threads + WR_LANES - 1) / WR_LANES;
    cta->engine = eng;
    cta->nbars = eng->nbars;
    cta->bar_id_mask = eng->id_mask;
    /* what a step can report: wake, two warnings, its own barrier event,
     * exit, sleep, trap, an exception, and a release per barrier (N-33) */
    cta->max_events = cfg->max_events ? cfg->max_events : eng->nbars + 8;
    cta->profile = (uint8_t)cfg->profile;
    cta->operand_mode = (uint8_t)cfg->operand_mode;
#ifdef NDEBUG
    cta->checks = cfg->checks == WR_CHECKS_ON;
#else
    cta->checks = cfg->checks != WR_CHECKS_OFF;
#endif
    cta->record_state = cfg->record_state != 0;
    cta->trap_mode = cfg->trap_mode != 0;
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        cta->form_optypes[f] = wr_form_in_profile(f, cfg->profile) ? form_optype[f] : NOT_HERE;
    cta->record_paths = cfg->record_paths != 0;
    for (unsigned i = 0; i < WR_MAX_WARPS; i++)
        cta->deadline[i] = WR_NO_DEADLINE;
    for (unsigned i = 0; i < cta->nwarps; i++) {
        wr_warp *w = &cta->warp[i];
        unsigned n = threads - i * WR_LANES;   /* N-04: lanes with tid < threads */
        w->valid = n >= WR_LANES ? 0xffffffffu : (1u << n) - 1u;
        w->active = w->valid;
        w->active_pc = cfg->entry_pc;
        for (unsigned l = 0; l < WR_LANES; l++)
            w->rpc[l] = cfg->entry_pc;
        w->run = WR_WARP_READY;
        cta->ps.warp[i].trap_mode = cta->trap_mode;   /* S-13: pinned for the run */
    }
    return 0;
}

/* step_begin's refusal: the warp is out of range or not ready */
__attribute__((noinline)) int wr_step_refused_(wr_cta *cta, unsigned w)
{
    return fail(cta, WR_ERR_CALL, w >= cta->nwarps ? "no warp %u" : "warp %u is not ready", w);
}

/* The writes beyond the executing warp's destinations, ascending: barrier
 * state words, WarpBARStates, run states (retire.h). */
static void record_cta_writes(wr_ctx *x)
{
    wr_cta *cta = x->cta;
    for (uint32_t m = x->bars_changed; m; m &= m - 1) {
        const unsigned b = lowest(m);
        wr_write *e = new_write(x, WR_WRITE_BARRIER, b, 1, 1);
        e->warp = WR_WRITE_CTA;
        e->value[0] = cta->bar[b].word;
    }
    for (uint32_t m = x->warpbar_changed; m; m &= m - 1) {
        const unsigned i = lowest(m);
        wr_write *e = new_write(x, WR_WRITE_WARPBAR, 0, 1, 1);
        e->warp = (uint8_t)i;
        e->value[0] = cta->warp[i].bar_state;
    }
    for (uint32_t m = x->runs_changed; m; m &= m - 1) {
        const unsigned i = lowest(m);
        wr_write *e = new_write(x, WR_WRITE_RUNSTATE, 0, 1, 1);
        e->warp = (uint8_t)i;
        e->value[0] = WR_RUNSTATE_VALUE(cta->warp[i].run, cta->warp[i].blocked_bar);
    }
}

/* ... and last: an exception faults the warp, its event closes the list
 * (N-37: precise, nothing else changed); the CTA-wide writes (unless
 * `cta_writes` is 0: a trusted caller's, step_insn_) and, when the
 * configuration asks for it, the word and the state after go to the
 * record; an event past the capacity and, when checks are on, a broken
 * invariant are the call's errors.  Off the hot path: a step that does
 * none of this tests one word. */
__attribute__((noinline)) int wr_step_end_slow_(wr_ctx *x, const wr_insn *insn, const wr_word *word,
                                                int cta_writes)
{
#define OP_ (insn ? wr_op_name(insn) : "an undecodable word")
    wr_cta *cta = x->cta;
    wr_retire *r = x->rec;
    if (r->exception != WR_EXC_NONE) {
        set_run(x, x->warp, WR_WARP_FAULTED);
        push_event(x, WR_EV_EXCEPTION, r->exception, 0);
    }
    if (cta_writes && (x->bars_changed | x->warpbar_changed | x->runs_changed))
        record_cta_writes(x);
    if (cta->record_state) {
        r->after = *x->w;
        if (word)
            r->insn = *word;
        else if (wr_encode(insn, &r->insn, NULL, 0) != 0)
            memset(&r->insn, 0, sizeof r->insn);   /* a hand-built value that fits no field */
    }
    if (x->lost_events)
        return fail(cta, WR_ERR_EVENTS, "%s by warp %u: %u events past the capacity of %u",
                    OP_, x->warp, x->lost_events, cta->max_events);
    if (x->lost_writes)
        return fail(cta, WR_ERR_WRITES, "%s by warp %u: %u writes past the record's room",
                    OP_, x->warp, x->lost_writes);
    if (cta->checks) {
        char msg[sizeof cta->errmsg - 48];
        if (x->why && x->why->n > WR_WHY_MAX)
            return fail(cta, WR_ERR_INVARIANT, "after %s by warp %u: %u semantic paths, room for %d",
                        OP_, x->warp, (unsigned)r->why.n, WR_WHY_MAX);
        if (wr_check_invariants(cta, msg, sizeof msg) != 0)
            return fail(cta, WR_ERR_INVARIANT, "after %s by warp %u: %s", OP_, x->warp, msg);
    }
    return 0;
#undef OP_
}

/* An instruction that fails the first test of step_insn: not of the table
 * (a call error), or of another profile (G-01: an illegal encoding here). */
__attribute__((noinline)) int wr_step_not_here_(wr_cta *cta, unsigned w, const wr_insn *insn,
                                               const wr_word *word, const wr_srcs *src, wr_retire *rec)
{
    if (insn->form >= WR_FORM_COUNT || insn->optype != form_optype[insn->form])
        return fail(cta, WR_ERR_CALL, "form %u with optype 0x%02x is not an instruction of the table",
                    insn->form, insn->optype);
    wr_ctx x;
    if (step_begin(&x, cta, w, src, rec) != 0)
        return -1;
    rec->exception = WR_EXC_ILLEGAL_ENCODING;    /* N-37: no effect at all */
    return step_end(&x, insn, word);
}

/* A caller's wr_operands (64-bit lanes) as the step reads them: the GPR
 * sources of the form split into their 32-bit words (the high words only
 * of a pair), into `buf`. */
typedef struct srcs_buf {
    uint32_t lanes[5][WR_LANES];
} srcs_buf;

static void split_lanes(const uint64_t v[WR_LANES], uint32_t lo[WR_LANES])
{
    for (unsigned l = 0; l < WR_LANES; l++)
        lo[l] = (uint32_t)v[l];
}

static void srcs_from_ops(const wr_insn *insn, const wr_operands *ops, srcs_buf *buf, wr_srcs *src)
{
    const unsigned form = insn->form < WR_FORM_COUNT ? insn->form : 0;
    src->pg = ops->pg;
    src->pp = ops->pp;
    src->ra = src->ra_hi = src->rb = src->rc = src->re = wr_zero_lanes;
    if (wr_form_has(form, WR_F_RA)) {
        split_lanes(ops->ra, buf->lanes[0]);
        src->ra = buf->lanes[0];
        if (wr_form_wide(form, WR_F_RA)) {
            for (unsigned l = 0; l < WR_LANES; l++)
                buf->lanes[1][l] = (uint32_t)(ops->ra[l] >> 32);
            src->ra_hi = buf->lanes[1];
        }
    }
    if (wr_form_has(form, WR_F_RB)) {
        split_lanes(ops->rb, buf->lanes[2]);
        src->rb = buf->lanes[2];
    }
    if (wr_form_has(form, WR_F_RC)) {
        split_lanes(ops->rc, buf->lanes[3]);
        src->rc = buf->lanes[3];
    }
    if (wr_form_has(form, WR_F_RE)) {
        split_lanes(ops->re, buf->lanes[4]);
        src->re = buf->lanes[4];
    }
    src->ra_undef = ops->ra_undef;
    src->rb_undef = ops->rb_undef;
    src->rc_undef = ops->rc_undef;
    src->re_undef = ops->re_undef;
    src->ur = ops->ur;
    src->c = ops->c;
}

int wr_step(wr_cta *cta, unsigned w, const wr_insn *insn, const wr_operands *ops, wr_retire *rec)
{
    srcs_buf buf;
    wr_srcs src;
    if (ops)
        srcs_from_ops(insn, ops, &buf, &src);
    return step_insn(cta, w, insn, NULL, ops ? &src : NULL, rec);
}

int wr_step_word(wr_cta *cta, unsigned w, const wr_word *word, const wr_operands *ops, wr_retire *rec)
{
    wr_insn insn;
    srcs_buf buf;
    wr_srcs src;
    if (wr_decode(word, &insn, NULL, 0) == 0) {
        if (ops)
            srcs_from_ops(&insn, ops, &buf, &src);
        return step_insn(cta, w, &insn, word, ops ? &src : NULL, rec);
    }
    wr_ctx x;
    if (step_begin(&x, cta, w, NULL, rec) != 0)
        return -1;
    rec->exception = WR_EXC_ILLEGAL_ENCODING;   /* N-37: no effect at all */
    TOOK(&x, ILLEGAL_ENCODING, .a = x.w->active);
    return step_end(&x, NULL, word);
}

/* N-23: the single timer of warp i clears its whole SleepMask at once; an
 * asleep warp becomes ready.  1 if it was asleep. */
static int wake_warp(wr_cta *cta, unsigned i)
{
    wr_warp *w = &cta->warp[i];
    cta->deadline[i] = WR_NO_DEADLINE;
    w->sleep = 0;
    if (w->run != WR_WARP_ASLEEP)
        return 0;
    w->run = WR_WARP_READY;
    cta->wake_pending |= 1u << i;        /* its next record says `wake` */
    return 1;
}

uint32_t wr_fire_deadlines(wr_cta *cta)
{
    uint32_t woke = 0;
    for (unsigned i = 0; i < cta->nwarps; i++)
        if (cta->deadline[i] <= cta->now && wake_warp(cta, i))
            woke |= 1u << i;
    return woke;
}

int wr_wake(wr_cta *cta, unsigned w, uint64_t cycle)
{
    if (w >= cta->nwarps)
        return fail(cta, WR_ERR_CALL, "no warp %u", w);
    if (cta->deadline[w] == WR_NO_DEADLINE)
        return fail(cta, WR_ERR_CALL, "warp %u has no sleep deadline to fire", w);
    cta->now = cycle;
    wake_warp(cta, w);
    return 0;
}

unsigned wr_max_writes(const wr_cta *cta)
{
    const wr_bar_engine *eng = cta->engine;
    if (!eng)
        return 0;
    const unsigned delivered = eng->delivers == WR_DELIVER_LANES     ? cta->threads
                               : eng->delivers == WR_DELIVER_WARPBAR ? cta->nwarps
                                                                     : 0;
    return WR_WRITES_BOUND(cta->nbars, cta->nwarps, delivered);
}

int wr_fetch_fault(wr_cta *cta, unsigned w, unsigned why, wr_retire *rec)
{
    if (why == WR_FETCH_NONE || why >= WR_FETCH_FAULT_COUNT)
        return fail(cta, WR_ERR_CALL, "fetch fault %u is no fault", why);
    wr_ctx x;
    static _Thread_local wr_retire scratch;      /* (large: not on a caller's stack) */
    if (step_begin(&x, cta, w, NULL, rec ? rec : &scratch) != 0)
        return -1;
    x.rec->fetch_fault = (uint8_t)why;
    set_run(&x, w, WR_WARP_FAULTED);     /* N-27: the warp stops; nothing else */
    TOOK(&x, FETCH_FAULT, .num = (uint8_t)why);
    record_cta_writes(&x);
    x.rec->has_state = cta->record_state;
    if (cta->record_state) {
        x.rec->after = *x.w;
        memset(&x.rec->insn, 0, sizeof x.rec->insn);   /* nothing was fetched */
    }
    return 0;
}

uint64_t wr_next_deadline(const wr_cta *cta)
{
    uint64_t t = WR_NO_DEADLINE;
    for (unsigned i = 0; i < cta->nwarps; i++)
        if (cta->warp[i].run == WR_WARP_ASLEEP && cta->deadline[i] < t)
            t = cta->deadline[i];
    return t;
}

int wr_check_invariants(const wr_cta *cta, char *msg, size_t msgsize)
{
    uint32_t blocked_any = 0;
    const uint32_t word_mask = cta->engine ? cta->engine->word_mask : (uint32_t)WR_BAR_WORD_MASK;
    for (unsigned b = 0; b < cta->nbars; b++) {
        const wr_barrier *bar = &cta->bar[b];
        if (bar->word & ~word_mask) {
            snprintf(msg, msgsize, "barrier %u state word 0x%08x has bits outside 0x%08x set", b, bar->word,
                     word_mask);
            return -1;
        }
        if (bar->blocked & blocked_any) {
            snprintf(msg, msgsize, "a warp is blocked on two barriers (barrier %u)", b);
            return -1;
        }
        blocked_any |= bar->blocked;
        for (uint32_t m = bar->blocked; m; m &= m - 1) {
            unsigned i = lowest(m);
            if (i >= cta->nwarps || cta->warp[i].run != WR_WARP_BLOCKED || cta->warp[i].blocked_bar != b) {
                snprintf(msg, msgsize, "barrier %u lists warp %u as blocked but it is not", b, i);
                return -1;
            }
        }
    }
    for (unsigned i = 0; i < cta->nwarps; i++) {
        const wr_warp *w = &cta->warp[i];
        if (w->active & ~w->valid) {
            snprintf(msg, msgsize, "warp %u: ActiveMask 0x%08x not within ValidMask 0x%08x",
                     i, w->active, w->valid);
            return -1;
        }
        switch (w->run) {
        case WR_WARP_READY:
        case WR_WARP_ASLEEP:
        case WR_WARP_BLOCKED:
            if (w->active == 0) {
                snprintf(msg, msgsize, "warp %u: live (%s) with an empty ActiveMask", i,
                         wr_run_state_name(w->run));
                return -1;
            }
            break;
        case WR_WARP_EXITED:
            if (w->valid != 0 || w->active != 0) {
                snprintf(msg, msgsize, "warp %u: exited with ValidMask 0x%08x", i, w->valid);
                return -1;
            }
            break;
        default:
            break;
        }
        if (w->run == WR_WARP_BLOCKED && !(blocked_any >> i & 1)) {
            snprintf(msg, msgsize, "warp %u: blocked but on no barrier's list", i);
            return -1;
        }
        if (w->run == WR_WARP_ASLEEP && cta->deadline[i] == WR_NO_DEADLINE) {
            snprintf(msg, msgsize, "warp %u: asleep with no deadline", i);
            return -1;
        }
    }
    return 0;
}
