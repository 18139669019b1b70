/* warpref_dpi.c - the C side of dpi/warpref_pkg.sv: glue only.  Each call
 * turns its SystemVerilog arguments into the library's retire record and
 * hands it to the lockstep checker (warpref/checker.h), which steps the
 * model and compares.  Compiled as C against the simulator's generated DPI
 * header (WARPREF_DPI_HEADER, e.g. "Vtb__Dpi.h"), so the compiler checks
 * every signature against the package.  Never prints, never exits (but
 * warpref_dpi_exit and _exit_at_end, which are for that): results are return values,
 * messages accumulate in the handle (docs/dpi.md). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svdpi.h"
#ifdef WARPREF_DPI_HEADER
#include WARPREF_DPI_HEADER
#endif
#include "warpref.h"
#include "warpref_dpi.h"

typedef struct dpi {
    wr_program prog;
    wr_checker *chk;
    wr_retire rec;                         /* the RTL's record, rebuilt per retire */
    uint32_t runs[WR_MAX_WARPS];           /* the RTL's run states after its last retire */
    svBitVecVal runs_vec[3];               /* ... as the vector it came in (when runs_seen) */
    int runs_seen;
    unsigned nwarps;                       /* the CTA's warps */
    /* the wide parts given for the next retire (warpref_dpi_retire_in/_rd/_cta):
     * the operands go straight into rec.in */
    unsigned staged;                       /* STAGED_* */
    uint64_t rd_val[WR_LANES];             /* Rd's values per lane (a pair: low | high << 32) */
    svBitVecVal bar_words[32], wbs_all[32], woken[32];
    /* the end state, gathered by warpref_dpi_final_warp */
    wr_warp final[WR_MAX_WARPS];
    uint32_t *regs;                        /* [warp][reg][lane] */
    unsigned nregs;
    uint32_t preds[WR_MAX_WARPS * WR_NUM_PREDS];
    /* the RTL's undefined-lane marks at the end (warpref_dpi_final_undef), when given */
    int have_undef;
    uint32_t regs_undef[WR_MAX_WARPS * 256];   /* [warp][reg]: lane masks */
    uint32_t preds_undef[WR_MAX_WARPS * WR_NUM_PREDS];
    int time_claim;                        /* warpref_dpi_time's claim (WR_TIME_*) */
    char simulator[32];                    /* what a dump names */
    char notes[1024];                      /* the glue's own messages (a dump that failed) */
    /* the RTL's trace (warpref_dpi_trace) */
    wr_trace_writer *trace;
    wr_trace_rec *trec;
    int fault_warp;                        /* a fetch fault: the final record's `fault` */
    uint64_t fault_pc;
    uint64_t fault_t;                      /* ... and its `t` (TRACE-FORMAT: the fault's time) */
    unsigned fault_why;
    int have_final;                        /* warpref_dpi_final was called */
    uint32_t final_bars[WR_MAX_BARRIERS];
    char msgbuf[8192 + 1024];              /* the checker's messages, then the notes */
} dpi;

enum { STAGED_IN = 1, STAGED_RD = 2, STAGED_CTA = 4 };

static char new_error[600];                /* why the last warpref_dpi_new failed */

/* ---- construction --------------------------------------------------------------- */

void *warpref_dpi_new(const char *prog, int threads, int operand_mode, const char *ignore, const char *mask,
                      int max_mismatches, long long wake_early, long long wake_late)
{
    return warpref_dpi_new_words(prog, NULL, threads, operand_mode, ignore, mask, max_mismatches, wake_early,
                                 wake_late);
}

/* the program of warpref_dpi_new_words: assembled, or loaded from a word
 * list (illegal words allowed), or assembled with its instructions replaced
 * by the word list's */
static int load_program(const char *prog, const char *words, wr_program *out, char *err, size_t errsize)
{
    if (!words || !*words)
        return wr_assemble_file(prog ? prog : "", out, err, errsize);
    wr_program w;
    char *text;
    if (prog && *prog && wr_assemble_file(prog, out, err, errsize) != 0)
        return -1;
    const int profile = prog && *prog ? (int)out->profile : WR_PROFILE_NATIVE;
    if (wr_read_text(words, &text, NULL, err, errsize) != 0) {
        wr_program_free(out);
        return -1;
    }
    const int rc = wr_load_words_any(text, words, profile, &w, err, errsize);
    free(text);
    if (rc != 0) {
        wr_program_free(out);
        return -1;
    }
    if (!prog || !*prog) {
        *out = w;
        return 0;
    }
    const int take = wr_program_take_words(out, &w, err, errsize);
    wr_program_free(&w);
    if (take != 0)
        wr_program_free(out);
    return take;
}

/* the checker's options from warpref_dpi_new's arguments (docs/dpi.md); 0, or -1 with a message */
static int checker_opts(wr_checker_opts *o, int threads, int operand_mode, const char *ignore, const char *mask,
                        int max_mismatches, long long wake_early, long long wake_late, char *err, size_t errsize)
{
    wr_checker_opts_init(o);
    o->threads = threads > 0 ? (unsigned)threads : 0;
    o->operand_mode = operand_mode == WR_OPERANDS_DRIVEN ? WR_OPERANDS_DRIVEN : WR_OPERANDS_SELF;
    o->max_mismatches = max_mismatches > 0 ? (unsigned)max_mismatches : 1;
    o->wake_early = wake_early > 0 ? (uint64_t)wake_early : 0;
    o->wake_late = wake_late < 0 ? UINT64_MAX : (uint64_t)wake_late;
    o->own_end = wr_run_own_end;          /* the livelock oracle: the runner's */
    if (ignore && wr_compare_ctl_ignore(&o->ctl, ignore, err, errsize) != 0)
        return -1;
    return mask ? wr_compare_ctl_mask(&o->ctl, mask, err, errsize) : 0;
}

void *warpref_dpi_new_words(const char *prog, const char *words, int threads, int operand_mode, const char *ignore,
                            const char *mask, int max_mismatches, long long wake_early, long long wake_late)
{
    char err[512];
    new_error[0] = '\0';                  /* a message is about the last call only */
    dpi *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(new_error, sizeof new_error, "warpref_dpi_new: out of memory");
        return NULL;
    }
    if (load_program(prog, words, &d->prog, err, sizeof err) != 0) {
        snprintf(new_error, sizeof new_error, "%s", err);
        free(d);
        return NULL;
    }
    wr_checker_opts o;
    int bad = checker_opts(&o, threads, operand_mode, ignore, mask, max_mismatches, wake_early, wake_late, err,
                           sizeof err);
    /* ptx (P-11): a retire shows the red's write to its own instruction's
     * destination, as a trace's `out`; the results delivered to other lanes and
     * warps are compared in the final state (docs/lockstep.md) */
    o.trace_writes = d->prog.profile == WR_PROFILE_PTX;
    if (bad != 0 || !(d->chk = wr_checker_new(&d->prog, &o, err, sizeof err))) {
        snprintf(new_error, sizeof new_error, "warpref_dpi_new: %s", err);
        wr_program_free(&d->prog);
        free(d);
        return NULL;
    }
    const wr_cta *cta = wr_checker_cta(d->chk);
    d->nwarps = cta->nwarps;
    for (unsigned w = 0; w < cta->nwarps; w++)
        d->runs[w] = cta->warp[w].run;
    snprintf(d->simulator, sizeof d->simulator, "verilator");
    d->fault_warp = -1;
    return d;
}

void warpref_dpi_set_simulator(void *h, const char *name)
{
    dpi *d = h;
    if (d && name)
        snprintf(d->simulator, sizeof d->simulator, "%s", name);
}

void warpref_dpi_free(void *h)
{
    dpi *d = h;
    if (!d)
        return;
    if (d->trace) {
        char err[600];
        wr_trace_close_file(d->trace, err, sizeof err);
    }
    free(d->trec);
    wr_checker_free(d->chk);
    wr_program_free(&d->prog);
    free(d->regs);
    free(d);
}

const char *warpref_dpi_messages(void *h)
{
    dpi *d = h;
    if (!d)
        return new_error;
    if (!d->notes[0])
        return wr_checker_messages(d->chk);
    snprintf(d->msgbuf, sizeof d->msgbuf, "%s%s", wr_checker_messages(d->chk), d->notes);
    return d->msgbuf;
}

const char *warpref_dpi_summary(void *h)
{
    const dpi *d = h;
    return d ? wr_checker_summary(d->chk) : new_error;
}

/* ---- the program ------------------------------------------------------------------ */

int warpref_dpi_threads(void *h) { return h ? (int)wr_checker_cta(((dpi *)h)->chk)->threads : 0; }
int warpref_dpi_ninsns(void *h) { return h ? (int)((dpi *)h)->prog.ninsns : 0; }
int warpref_dpi_nconsts(void *h) { return h ? (int)((dpi *)h)->prog.nconsts : 0; }
int warpref_dpi_nregs(void *h) { return h ? (int)wr_program_nregs(&((dpi *)h)->prog) : 0; }
int warpref_dpi_profile(void *h) { return h ? (int)((dpi *)h)->prog.profile : WR_PROFILE_NATIVE; }

void warpref_dpi_insn(void *h, int i, svBitVecVal *word)
{
    const dpi *d = h;
    memset(word, 0, 4 * sizeof *word);
    if (d && i >= 0 && (size_t)i < d->prog.ninsns)
        for (unsigned k = 0; k < 4; k++)
            word[k] = d->prog.words[i].w[k];
}

void warpref_dpi_const(void *h, int i, int *bank, int *offset, unsigned int *value)
{
    const dpi *d = h;
    *bank = *offset = 0;
    *value = 0;
    if (d && i >= 0 && (size_t)i < d->prog.nconsts) {
        *bank = d->prog.consts[i].bank;
        *offset = d->prog.consts[i].offset;
        *value = d->prog.consts[i].value;
    }
}

/* ---- a retire --------------------------------------------------------------------- */

/* a packed vector of 32 64-bit lanes (lane l in bits [64l +: 64]) as values */
static inline void lanes64(uint64_t *out, const svBitVecVal *v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(out, v, WR_LANES * sizeof *out);      /* the same bytes */
#else
    for (unsigned l = 0; l < WR_LANES; l++)
        out[l] = (uint64_t)v[2 * l + 1] << 32 | v[2 * l];
#endif
}

/* warp w's run state in a packed vector of 3-bit fields (bits [3w +: 3]) */
static inline uint32_t run_of(const svBitVecVal *v, unsigned w)
{
    const unsigned i = 3 * w / 32;
    const uint64_t x = (i + 1 < 3 ? (uint64_t)v[i + 1] << 32 : 0) | v[i];
    return (uint32_t)(x >> (3 * w % 32)) & 7u;
}

static void note(dpi *d, const char *what, const char *msg)
{
    const size_t n = strlen(d->notes);
    snprintf(d->notes + n, sizeof d->notes - n, "%s: %s\n", what, msg);
}

/* the RTL's record into its trace, with the operands it read: the op, asm
 * and operand widths from the RTL's word (the program's at pc if that word
 * does not decode) */
static void trace_record(dpi *d, const wr_retire *r)
{
    wr_insn insn;
    if (wr_decode(&r->insn, &insn, NULL, 0) != 0) {
        if (r->pc % WR_INST_SIZE || r->pc / WR_INST_SIZE >= d->prog.ninsns)
            return;
        insn = d->prog.insns[r->pc / WR_INST_SIZE];
    }
    wr_trace_rec_from_retire(d->trec, r, &insn, &r->in, r->reads, WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_ASM);
    if (wr_trace_put(d->trace, d->trec) != 0) {
        char err[600];
        wr_trace_close_file(d->trace, err, sizeof err);
        d->trace = NULL;
        note(d, "trace", err);
    }
}

/* the wide parts of the next retire */

void warpref_dpi_retire_in(void *h, const svBitVecVal *ra, const svBitVecVal *rb, const svBitVecVal *rc,
                           const svBitVecVal *re)
{
    dpi *d = h;
    if (!d)
        return;
    wr_operands *in = &d->rec.in;
    lanes64(in->ra, ra);
    for (unsigned l = 0; l < WR_LANES; l++) {
        in->rb[l] = rb[l];
        in->rc[l] = rc[l];
        in->re[l] = re[l];
    }
    d->staged |= STAGED_IN;
}

void warpref_dpi_retire_rd(void *h, const svBitVecVal *rd_val)
{
    dpi *d = h;
    if (!d)
        return;
    lanes64(d->rd_val, rd_val);
    d->staged |= STAGED_RD;
}

void warpref_dpi_retire_cta(void *h, const svBitVecVal *bar_words, const svBitVecVal *wbs_all,
                            const svBitVecVal *woken)
{
    dpi *d = h;
    if (!d)
        return;
    memcpy(d->bar_words, bar_words, sizeof d->bar_words);
    memcpy(d->wbs_all, wbs_all, sizeof d->wbs_all);
    memcpy(d->woken, woken, sizeof d->woken);
    d->staged |= STAGED_CTA;
}

/* The parts a record uses that no call gave (STAGED_*): an error of the
 * calls (-1, with a message), else 0; either way the parts are used up.
 * (The message apart, out of line: the retire keeps its arguments in
 * registers.) */
static __attribute__((cold, noinline)) int unstaged_fail(dpi *d, uint64_t cycle, unsigned warp, unsigned missing)
{
    char msg[200];
    snprintf(msg, sizeof msg, "cycle %" PRIu64 " warp %u: the record uses %s but %s was not called before it",
             cycle, warp,
             missing & STAGED_IN ? "Ra/Rb/Rc" : missing & STAGED_RD ? "Rd's values" : "the CTA's words",
             missing & STAGED_IN ? "warpref_dpi_retire_in" : missing & STAGED_RD ? "warpref_dpi_retire_rd"
                                                                                 : "warpref_dpi_retire_cta");
    note(d, "warpref_dpi_retire", msg);
    return -1;
}

static inline int unstaged(dpi *d, uint64_t cycle, unsigned warp, unsigned uses)
{
    const unsigned missing = uses & ~d->staged;
    d->staged = 0;
    return missing ? unstaged_fail(d, cycle, warp, missing) : 0;
}

/* what retired; the record is rebuilt from here on */
static void put_head(wr_retire *r, unsigned warp, uint64_t pc, const svBitVecVal *insn, unsigned exc)
{
    r->warp = warp;
    r->pc = pc;
    for (unsigned k = 0; k < 4; k++)
        r->insn.w[k] = insn[k];
    r->exception = (uint8_t)exc;
    r->fetch_fault = WR_FETCH_NONE;
    r->has_state = 1;
    r->nev = r->nwrites = 0;
}

/* the operands read besides Ra, Rb, Rc, Re (warpref_dpi_retire_in; one the
 * record does not read is never compared; Re's undefined lanes are not
 * reported: none) */
static void put_operands(wr_retire *r, unsigned reads, uint32_t pg, uint32_t pp, uint64_t ur, uint64_t c,
                         uint32_t ra_undef, uint32_t rb_undef, uint32_t rc_undef)
{
    r->reads = (uint16_t)reads;
    r->in.pg = pg;
    r->in.pp = pp;
    r->in.ur = ur;
    r->in.c = c;
    r->in.ra_undef = ra_undef;
    r->in.rb_undef = rb_undef;
    r->in.rc_undef = rc_undef;
    r->in.re_undef = 0;
}

/* the warp after (every field) */
static void put_after(wr_warp *a, uint64_t active_pc, uint32_t valid, uint32_t active, uint32_t yield,
                      uint32_t sleep, uint32_t swtch, const svBitVecVal *rpc, const svBitVecVal *breg, uint32_t wbs,
                      unsigned wbs_def, unsigned run, unsigned blocked_bar)
{
    a->pad_ = 0;
    a->active_pc = active_pc;
    a->valid = valid;
    a->active = active;
    a->yield = yield;
    a->sleep = sleep;
    a->swtch = swtch;
    lanes64(a->rpc, rpc);
    memcpy(a->breg, breg, sizeof a->breg);
    a->bar_state = wbs;
    a->bar_state_defined = (uint8_t)(wbs_def != 0);
    a->run = (uint8_t)run;
    a->blocked_bar = (uint8_t)(run == WR_WARP_BLOCKED ? blocked_bar : 0);
}

/* the warp's own writes: Rd (a pair: two, none to RZ), Pd (none to PT), URd (none to URZ) */
static void put_dests(dpi *d, unsigned warp, uint32_t rd_lanes, unsigned rd, unsigned rd_pair, uint64_t rd_dc,
                      uint32_t rd_undef, uint32_t pd_lanes, unsigned pd, uint32_t pd_val, uint32_t pd_undef,
                      unsigned ur_we, unsigned urd, uint32_t ur_val)
{
    wr_retire *r = &d->rec;
    if (rd_lanes && rd != WR_RZ)
        wr_retire_add_gpr(r, warp, rd, rd_pair && rd + 1 != WR_RZ ? 2u : 1u, rd_lanes, d->rd_val, rd_dc, rd_undef);
    if (pd_lanes && pd != WR_PT)
        wr_retire_add_pred(r, warp, pd, pd_lanes, pd_val, pd_undef);
    if (ur_we && urd != WR_URZ)
        wr_retire_add_value(r, WR_WRITE_UR, warp, urd, ur_val);
}

/* the CTA's writes: barrier words, WarpBARStates, run states.  A
 * WarpBARState write is a write, not a change: the model records one
 * whenever a reduction delivers its result or R2B.WARP restores it, also
 * when the value is the one the warp held (a reduction repeated).  The model
 * writes a run state when it changes: the 96-bit vector is looked at warp by
 * warp only when it is not the one of the last retire (a wake or a fault in
 * between changed d->runs: runs_seen is cleared). */
static void put_cta(dpi *d, unsigned warp, uint32_t bar_changed, uint32_t wbs_we, const svBitVecVal *runs,
                    unsigned blocked_bar, unsigned nwarps)
{
    wr_retire *r = &d->rec;
    for (uint32_t m = bar_changed; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        wr_retire_add_value(r, WR_WRITE_BARRIER, WR_WRITE_CTA, b, d->bar_words[b]);
    }
    for (uint32_t m = wbs_we; m; m &= m - 1) {
        const unsigned w = (unsigned)__builtin_ctz(m);
        wr_retire_add_value(r, WR_WRITE_WARPBAR, w, 0, d->wbs_all[w]);
    }
    if (d->runs_seen && memcmp(runs, d->runs_vec, sizeof d->runs_vec) == 0)
        return;
    for (unsigned w = 0; w < nwarps; w++) {
        const uint32_t rs = run_of(runs, w);
        if (rs != d->runs[w]) {
            const unsigned bar = w == warp && rs == WR_WARP_BLOCKED ? blocked_bar : 0;
            wr_retire_add_value(r, WR_WRITE_RUNSTATE, w, 0, WR_RUNSTATE_VALUE(rs, bar));
            d->runs[w] = rs;
        }
    }
    memcpy(d->runs_vec, runs, sizeof d->runs_vec);
    d->runs_seen = 1;
}

/* the record built: into the RTL's trace (before the check: a failing
 * record is in the trace), then to the checker */
static int check(dpi *d, uint64_t cycle, unsigned wake)
{
    d->rec.book.t = cycle;
    d->rec.book.wake = (uint8_t)(wake != 0);   /* compared (the field `wake`) */
    if (d->trace)
        trace_record(d, &d->rec);
    return wr_checker_retire(d->chk, cycle, &d->rec);
}

int warpref_dpi_retire(void *h, unsigned long long cycle, unsigned int warp, unsigned long long pc,
                       const svBitVecVal *insn, unsigned int exc, unsigned int reads, unsigned int pg,
                       unsigned int pp, unsigned long long ur, unsigned long long c, unsigned int ra_undef,
                       unsigned int rb_undef, unsigned int rc_undef, unsigned long long active_pc,
                       unsigned int valid, unsigned int active, unsigned int yield, unsigned int sleep,
                       unsigned int swtch, const svBitVecVal *rpc, const svBitVecVal *breg, unsigned int wbs,
                       unsigned int wbs_def, unsigned int run, unsigned int blocked_bar, unsigned int rd_lanes,
                       unsigned int rd, unsigned int rd_pair, unsigned long long rd_dc, unsigned int rd_undef,
                       unsigned int pd_lanes, unsigned int pd, unsigned int pd_val, unsigned int pd_undef,
                       unsigned int ur_we, unsigned int urd, unsigned int ur_val, unsigned int bar_changed,
                       const svBitVecVal *runs, unsigned int wbs_we, unsigned int ev, unsigned int ev_bar,
                       unsigned int warn, unsigned int released, unsigned int trap_idx)
{
    dpi *d = h;
    if (!d)
        return -1;
    /* the plain fields first, straight from the arguments into the record
     * (most of them come on the stack: one load and one store each, no
     * copy kept across a call); a record refused below is rebuilt by the
     * next retire */
    put_head(&d->rec, warp, pc, insn, exc);
    put_operands(&d->rec, reads, pg, pp, ur, c, ra_undef, rb_undef, rc_undef);
    put_after(&d->rec.after, active_pc, valid, active, yield, sleep, swtch, rpc, breg, wbs, wbs_def, run,
              blocked_bar);
    const unsigned nwarps = d->nwarps;
    if (nwarps < 32)
        wbs_we &= (1u << nwarps) - 1;
    if (unstaged(d, cycle, warp,
                 (reads & WR_IN_GPRS ? STAGED_IN : 0u) |
                     (rd_lanes && rd != WR_RZ ? STAGED_RD : 0u) |
                     (bar_changed | wbs_we | (exc ? 0u : released) ? STAGED_CTA : 0u)) != 0)
        return -1;
    wr_retire_add_port_events(&d->rec, ev, exc, ev_bar, warn, trap_idx, released, d->woken);
    put_dests(d, warp, rd_lanes, rd, rd_pair, rd_dc, rd_undef, pd_lanes, pd, pd_val, pd_undef, ur_we, urd, ur_val);
    put_cta(d, warp, bar_changed, wbs_we, runs, blocked_bar, nwarps);
    return check(d, cycle, ev & WR_PORT_EV_WAKE);
}

/* ---- asynchronous changes ------------------------------------------------------------ */

int warpref_dpi_fetch_fault(void *h, unsigned long long cycle, unsigned int warp, unsigned long long pc,
                            unsigned int why)
{
    dpi *d = h;
    if (!d)
        return -1;
    if (warp < WR_MAX_WARPS)
        d->runs[warp] = WR_WARP_FAULTED;
    d->runs_seen = 0;
    d->staged = 0;
    if (d->fault_warp < 0) {
        d->fault_warp = (int)warp;
        d->fault_pc = pc;
        d->fault_why = why;
        d->fault_t = cycle;
    }
    return wr_checker_fetch_fault(d->chk, cycle, warp, pc, why);
}

int warpref_dpi_wake(void *h, unsigned long long cycle, unsigned int warp, unsigned int woke)
{
    dpi *d = h;
    if (!d)
        return -1;
    int rc = wr_checker_wake(d->chk, cycle, warp, woke != 0);
    if (woke && warp < WR_MAX_WARPS) {     /* the design's run state: ready (its next retire shows it) */
        d->runs[warp] = WR_WARP_READY;
        d->runs_seen = 0;
    }
    return rc;
}

/* ---- what the testbench finds itself ------------------------------------------------- */

unsigned int warpref_dpi_ready(void *h) { return h ? wr_checker_ready(((dpi *)h)->chk) : 0; }

const char *warpref_dpi_own_end(void *h, unsigned long long max_steps)
{
    return h ? wr_checker_own_end(((dpi *)h)->chk, max_steps) : "error";
}

int warpref_dpi_fail(void *h, unsigned long long cycle, const char *line)
{
    return h ? wr_checker_report(((dpi *)h)->chk, cycle, line) : -1;
}

int warpref_dpi_time(void *h, const char *claim, unsigned long long step)
{
    dpi *d = h;
    if (!d)
        return -1;
    static const char *const names[] = { "order", "cycles", "n50" };
    int k = claim && *claim ? -1 : d->time_claim;
    for (int i = 0; i < 3 && k < 0; i++)
        if (strcmp(claim, names[i]) == 0)
            k = i;
    if (k < 0) {
        char what[64];
        snprintf(what, sizeof what, "+time=%.40s", claim);
        note(d, what, "order, cycles or n50 (docs/lockstep.md, \"Time\")");
        return -1;
    }
    d->time_claim = k;
    wr_checker_set_time(d->chk, (unsigned)k, step);
    return k;
}

int warpref_dpi_clock(void *h, unsigned long long from, unsigned long long to)
{
    return h ? wr_checker_clock(((dpi *)h)->chk, from, to) : -1;
}

/* ---- the end ------------------------------------------------------------------------- */

/* room for every warp's registers R0..R(nregs-1) (kept while nregs stays the same) */
static void final_regs_room(dpi *d, unsigned nregs)
{
    if (d->regs && d->nregs == nregs)
        return;
    free(d->regs);
    d->regs = calloc((size_t)WR_MAX_WARPS * (nregs ? nregs : 1) * WR_LANES, sizeof *d->regs);
    d->nregs = d->regs ? nregs : 0;
}

/* one warp's end state as wr_warp: run state, ActivePC, the five masks (valid,
 * active, yield, sleep, switch), B0..B15 */
static void put_final_warp(wr_warp *w, unsigned run, uint64_t active_pc, const unsigned int *masks,
                           const unsigned int *breg)
{
    memset(w, 0, sizeof *w);
    w->run = (uint8_t)run;
    w->active_pc = active_pc;
    w->valid = masks[0];
    w->active = masks[1];
    w->yield = masks[2];
    w->sleep = masks[3];
    w->swtch = masks[4];
    for (unsigned b = 0; b < WR_NUM_BREGS; b++)
        w->breg[b] = breg[b];
}

void warpref_dpi_final_warp(void *h, unsigned int warp, unsigned int run, unsigned long long active_pc,
                            const unsigned int *masks, const unsigned int *breg, unsigned int nregs,
                            const unsigned int *regs, const unsigned int *preds)
{
    dpi *d = h;
    if (!d || warp >= WR_MAX_WARPS)
        return;
    final_regs_room(d, nregs > 256 ? 256 : nregs);
    put_final_warp(&d->final[warp], run, active_pc, masks, breg);
    if (d->regs)
        memcpy(&d->regs[(size_t)warp * d->nregs * WR_LANES], regs, (size_t)d->nregs * WR_LANES * sizeof *regs);
    memcpy(&d->preds[warp * WR_NUM_PREDS], preds, WR_NUM_PREDS * sizeof *preds);
}

void warpref_dpi_final_undef(void *h, unsigned int warp, unsigned int nregs, const unsigned int *regs_undef,
                             const unsigned int *preds_undef)
{
    dpi *d = h;
    if (!d || warp >= WR_MAX_WARPS)
        return;
    d->have_undef = 1;
    for (unsigned r = 0; r < 256; r++)          /* (registers past nregs: none undefined) */
        d->regs_undef[warp * 256 + r] = r < nregs ? regs_undef[r] : 0;
    memcpy(&d->preds_undef[warp * WR_NUM_PREDS], preds_undef, WR_NUM_PREDS * sizeof *preds_undef);
}

/* an end reason by name (wr_end_by_name); WR_END_NONE for anything else */
static unsigned end_by_name(const char *name)
{
    const int e = wr_end_by_name(name);
    return e < 0 ? WR_END_NONE : (unsigned)e;
}

int warpref_dpi_final(void *h, unsigned long long cycle, const char *end_reason, unsigned int woke,
                      const unsigned int *bar_words)
{
    dpi *d = h;
    if (!d)
        return -1;
    const wr_cta *cta = wr_checker_cta(d->chk);
    d->have_final = 1;
    for (unsigned b = 0; b < cta->nbars && b < WR_MAX_BARRIERS; b++)
        d->final_bars[b] = bar_words[b];
    const unsigned end = end_by_name(end_reason);
    if (end == WR_END_NONE) {              /* (the checker fails it too, as no end) */
        char line[200];
        snprintf(line, sizeof line, "end: the testbench's end reason '%.60s' is no end of a run [N-50]",
                 end_reason ? end_reason : "");
        wr_checker_report(d->chk, cycle, line);
    }
    const int k = wr_checker_woke(d->chk, cycle, woke);
    /* a run ended by a fetch fault ends at the fault's time (TRACE-FORMAT's final t, as the
     * design's trace has it), not at the design's time after the stop */
    const uint64_t t_final = d->fault_warp >= 0 ? d->fault_t : cycle;
    const int rc = wr_checker_final(d->chk, t_final, end, d->final, cta->nwarps, d->regs, d->nregs, d->preds,
                                    bar_words, cta->nbars);
    const int marks = d->have_undef ? wr_checker_final_undef(d->chk, cycle, d->regs_undef, 256, d->preds_undef) : 0;
    return rc != WR_CHK_OK ? rc : k != WR_CHK_OK ? k : marks;
}

/* ---- the RTL's trace ------------------------------------------------------------------ */

int warpref_dpi_trace(void *h, const char *path)
{
    dpi *d = h;
    if (!d || !path || !*path)
        return -1;
    char err[600];
    if (!d->trec && !(d->trec = malloc(sizeof *d->trec))) {
        note(d, "trace", "out of memory");
        return -1;
    }
    if (d->trace)
        wr_trace_close_file(d->trace, err, sizeof err);
    d->trace = wr_trace_create(path, wr_checker_cta(d->chk)->threads, err, sizeof err);
    if (!d->trace) {
        note(d, "trace", err);
        return -1;
    }
    return 0;
}

/* the final record of the RTL's trace: the end state given by
 * warpref_dpi_final_warp/_final, the barriers, the first fetch fault */
static void final_record(const dpi *d, unsigned end, uint64_t t, wr_trace_final *f)
{
    const wr_cta *cta = wr_checker_cta(d->chk);
    f->end = end;
    f->t = t;
    f->nwarps = cta->nwarps;
    memcpy(f->warp, d->final, sizeof f->warp);
    for (unsigned b = 0; b < cta->nbars && b < WR_MAX_BARRIERS; b++) {
        f->bar[b] = d->final_bars[b];
        f->bars |= (uint32_t)(f->bar[b] != 0) << b;
    }
    f->fault_warp = d->fault_warp;
    f->fault_pc = d->fault_pc;
    f->fault_what = d->fault_why;
}

int warpref_dpi_trace_end(void *h, const char *end_reason, unsigned long long t)
{
    dpi *d = h;
    if (!d || !d->trace)
        return d ? 0 : -1;
    const unsigned end = end_by_name(end_reason);
    wr_trace_final *f = end != WR_END_NONE && d->have_final ? calloc(1, sizeof *f) : NULL;
    if (f)                                 /* (after a fetch fault: its time, not the design's now) */
        final_record(d, end, d->fault_warp >= 0 ? d->fault_t : t, f);
    int rc = f && wr_trace_put_end(d->trace, f) != 0 ? -1 : 0;
    free(f);
    char err[600];
    if (wr_trace_close_file(d->trace, err, sizeof err) != 0) {
        note(d, "trace", err);
        rc = -1;
    }
    d->trace = NULL;
    return rc;
}

unsigned long long warpref_dpi_count(void *h, int which)
{
    if (!h)
        return 0;
    wr_checker_counts n;
    wr_checker_get_counts(((dpi *)h)->chk, &n);
    switch (which) {                           /* (WR_CHECKER_COUNTS; any other: wakes) */
#define WR_X_(name, member, w, doc) case WR_COUNT_##name: return n.member;
    WR_CHECKER_COUNTS(WR_X_)
#undef WR_X_
    default: return n.wakes;
    }
}

int warpref_dpi_stopped(void *h) { return h ? wr_checker_stopped(((dpi *)h)->chk) : 1; }

int warpref_dpi_dump(void *h, const char *base, const char *test, const char *seed, const char *waves,
                     const char *reproduce)
{
    dpi *d = h;
    if (!d)
        return -1;
    char err[600];
    wr_dump_meta m = { test && *test ? test : NULL, seed && *seed ? seed : NULL, d->prog.filename,
                       waves && *waves ? waves : NULL, reproduce && *reproduce ? reproduce : NULL,
                       d->simulator, NULL, NULL };
    wr_dump *dump = wr_dump_new(d->chk, &m);
    const int rc = wr_dump_write(dump, base, err, sizeof err);
    wr_dump_free(dump);
    if (rc != 0)
        note(d, "dump", err);                  /* a note, not the summary: that stays the failure */
    return rc;
}

/* the result file of a job, for scripts/regress: one JSON object */
int warpref_dpi_result(void *h, const char *path, const char *status, unsigned long long cycles,
                       const char *end_reason)
{
    dpi *d = h;
    if (!d || !path || !*path)
        return -1;
    /* the one output helper (outfile.h): a regular file is replaced whole, a
     * device or FIFO written in place */
    wr_outfile out;
    char err[WR_OUTFILE_PATH_MAX + 128];
    if (wr_outfile_open(&out, path, 0, err, sizeof err) != 0) {
        note(d, "result", err);
        return -1;
    }
    FILE *f = out.f;
    wr_checker_counts n;
    wr_checker_get_counts(d->chk, &n);
    wr_checker_fail ff;
    wr_checker_first_failure(d->chk, &ff);
    fputs("{\"status\":", f);
    wr_json_str(f, status);
    fprintf(f, ",\"retired\":%" PRIu64 ",\"compared\":%" PRIu64 ",\"mismatched\":%" PRIu64 ",\"adopted\":%" PRIu64
            ",\"cycles\":%llu,\"end\":", n.retired, n.compared, n.mismatched, n.adopted, cycles);
    wr_json_str(f, end_reason);
    /* the checker compared the design's end with the model's (wr_checker_final):
     * a pass without it is no pass (scripts/regresslib/verdict.py) */
    fprintf(f, ",\"end_checked\":%s", wr_checker_end_checked(d->chk) ? "true" : "false");
    if (ff.field) {
        fputs(",\"field\":", f);
        wr_json_str(f, ff.field);
        fputs(",\"rule\":", f);
        wr_json_str(f, ff.rule);
        fprintf(f, ",\"warp\":%u,\"pc\":\"0x%" PRIx64 "\",\"cycle\":%" PRIu64, ff.warp, ff.pc, ff.cycle);
    }
    /* coverage: the semantic paths of the model's steps that were hit, in
     * the list's order (warpref paths gives the whole list) */
    const wr_coverage *cov = wr_checker_coverage(d->chk);
    fputs(",\"paths\":{", f);
    for (unsigned p = 0, first = 1; p < WR_PATH_COUNT; p++)
        if (cov->hits[p]) {
            fprintf(f, "%s\"%s\":%" PRIu64, first ? "" : ",", wr_path_name(p), cov->hits[p]);
            first = 0;
        }
    fputs("}}\n", f);
    if (wr_outfile_close(&out, err, sizeof err) != 0) {
        note(d, "result", err);
        return -1;
    }
    return 0;
}

/* The one call that ends the process: the exit status of an SV testbench
 * (the kit's checker, docs/integrate.md).  libc's exit imported into SV
 * directly clashes with <stdlib.h> in the simulator's C++ (g++ 12: a
 * different exception specifier), and $fatal aborts (status 134). */
void warpref_dpi_exit(int status)
{
    fflush(stdout);
    fflush(stderr);
    exit(status);
}

/* The exit status of a process that ends normally later (after $finish, the
 * final blocks and the closing of the wave file, which exit() would skip):
 * an atexit handler replaces the status the simulator's main returns. */
static int exit_status_at_end;

static void exit_at_end(void)
{
    fflush(stdout);
    fflush(stderr);
    _Exit(exit_status_at_end);
}

void warpref_dpi_exit_at_end(int status)
{
    static int registered;
    exit_status_at_end = status;
    if (!registered && atexit(exit_at_end) == 0)
        registered = 1;
}
