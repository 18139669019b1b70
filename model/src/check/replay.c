/* replay.c - trace replay (warpref/replay.h, docs/replay.md): a driver of
 * the lockstep checker whose other side is a trace.  Per record: the
 * program learns the word at the record's pc (when no program was given),
 * sleep deadlines due by the record's time fire, the record becomes the
 * other side's retire record (wr_trace_rec_to_retire) and the checker
 * steps the model and compares.  No allocation per record. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "warpref/dump.h"
#include "warpref/replay.h"
#include "trace/schema.h"

const char wr_replay_untraced[] =
    "fetch_fault,rpc,warp_bar_state,warp_bar_state_defined,run,blocked_bar,write.ur,write.warpbar,write.runstate";

typedef struct replay {
    const wr_replay_opts *o;
    wr_replay_result *res;
    wr_program prog;
    int learn;                   /* no program given: learn it from the records' words */
    uint8_t *known;              /* learn: instruction i's word is known */
    size_t cap;
    uint64_t recno;              /* the record being checked (0: the final one) */
    char (*text)[WR_TRACE_ASM_MAX];  /* the program's disassembly at instruction i, once seen */
    uint8_t *text_ok;
    size_t text_cap;
    char *err;                   /* bad input: the one-line error */
    size_t errsize;
    const char *name;            /* the trace's name in messages */
    uint64_t start;              /* the window's first record (--start, 1 without) */
    int driven;                  /* operand-driven: the trace's first record carries `in` */
    int outs;                    /* the trace's first record carries `out` */
    int stated;                  /* the CTA size is the trace's own (header or final record) */
    wr_compare_ctl on, on_noout, off, final_ctl;  /* the window's controls, without `out`, before it, the final's */
    const wr_compare_ctl *cur;   /* the checker's controls now */
    wr_checker *c;
    const wr_cta *cta;           /* the model's state, the checker's */
    wr_retire *other;            /* the record as the other side's retire record */
} replay;

static void on_fail(void *ctx, uint64_t cycle, const char *line)
{
    replay *x = ctx;
    if (!x->res->failures++) {
        x->res->first_recno = x->recno;
        snprintf(x->res->summary, sizeof x->res->summary, "%.399s", line);
    }
    if (x->o->on_fail)
        x->o->on_fail(x->o->ctx, x->recno, cycle, line);
}

/* --explain: the step the checker just had the model take, if it took one */
static void explain(const replay *x, wr_checker *c, uint64_t t)
{
    const wr_retire *m = wr_checker_last_step(c);
    if (!m)
        return;
    const uint64_t i = m->pc / WR_INST_SIZE;
    const wr_insn *insn = m->fetch_fault == WR_FETCH_NONE && m->pc % WR_INST_SIZE == 0 && i < x->prog.ninsns
                          ? &x->prog.insns[i] : NULL;
    char line[2048];
    const size_t n = wr_explain_step(t, m->warp, m->pc, insn, &m->why, line, sizeof line);
    fwrite(line, 1, n < sizeof line ? n : sizeof line - 1, x->o->explain);
    fputc('\n', x->o->explain);
}

/* learn: instruction pc/16 is `word` (the first word seen there stays; a
 * later record with another word there differs in `insn`) */
static int learn_new(replay *x, uint64_t pc, const wr_word *word, char *msg, size_t msgsize);

static inline int learn(replay *x, uint64_t pc, const wr_word *word, char *msg, size_t msgsize)
{
    if (pc / WR_INST_SIZE < x->cap && pc % WR_INST_SIZE == 0 && x->known[pc / WR_INST_SIZE])
        return 0;                    /* known: the common case, inline */
    return learn_new(x, pc, word, msg, msgsize);
}

static int learn_new(replay *x, uint64_t pc, const wr_word *word, char *msg, size_t msgsize)
{
    if (pc % WR_INST_SIZE || pc / WR_INST_SIZE >= WR_MAX_INSNS)
        return 0;                    /* the model cannot be there: the compare says so */
    const size_t i = (size_t)(pc / WR_INST_SIZE);
    if (i >= x->cap) {
        size_t cap = x->cap ? x->cap : 64;
        while (cap <= i)
            cap *= 2;
        wr_insn *in = realloc(x->prog.insns, cap * sizeof *in);
        if (in)
            x->prog.insns = in;
        wr_word *w = in ? realloc(x->prog.words, cap * sizeof *w) : NULL;
        if (w)
            x->prog.words = w;
        uint8_t *k = w ? realloc(x->known, cap) : NULL;
        if (!k) {
            snprintf(msg, msgsize, "out of memory");
            return -1;
        }
        memset(k + x->cap, 0, cap - x->cap);
        x->known = k;
        x->cap = cap;
    }
    if (x->known[i])
        return 0;
    char why[200];
    if (wr_decode(word, &x->prog.insns[i], why, sizeof why) != 0) {
        snprintf(msg, msgsize, "insn: illegal encoding: %s", why);
        return -1;
    }
    x->prog.words[i] = *word;
    x->known[i] = 1;
    if (i + 1 > x->prog.ninsns) {
        for (size_t k = x->prog.ninsns; k < i; k++)
            if (!x->known[k])            /* a hole: never fetched unless the model goes there */
                x->prog.insns[k] = x->prog.insns[i];
        x->prog.ninsns = i + 1;
    }
    return 0;
}

/* A record's `op` and `asm` are its `insn` spelt out (TRACE-FORMAT): one that
 * disagrees with the word is a trace that contradicts itself, bad input
 * (docs/replay.md, "A record that contradicts itself").  `d` is the word
 * decoded; `prog_word`: it is the program's instruction at index i, whose
 * disassembly is kept (formatted once per instruction, not per record). */
static int own_text(replay *x, const wr_trace_rec *rec, const wr_insn *d, int prog_word, size_t i, char *msg,
                    size_t msgsize)
{
    if (!rec->op_derived && strcmp(rec->op, wr_op_name(d)) != 0) {
        snprintf(msg, msgsize, "op: '%s' is not its insn's op (%s)", rec->op, wr_op_name(d));
        return -1;
    }
    if (!(rec->keys & WR_TK_ASM) || rec->asm_derived)
        return 0;
    char own[WR_TRACE_ASM_MAX];
    const char *text = own;
    if (prog_word && i >= x->text_cap) {
        size_t cap = x->text_cap ? x->text_cap : 64;
        while (cap <= i)
            cap *= 2;
        char (*t)[WR_TRACE_ASM_MAX] = realloc(x->text, cap * sizeof *t);
        if (t)
            x->text = t;
        uint8_t *ok = t ? realloc(x->text_ok, cap) : NULL;
        if (ok) {
            memset(ok + x->text_cap, 0, cap - x->text_cap);
            x->text_ok = ok;
            x->text_cap = cap;
        }
    }
    if (prog_word && i < x->text_cap) {
        if (!x->text_ok[i]) {
            wr_disasm(d, rec->pc, x->text[i], sizeof x->text[i]);
            x->text_ok[i] = 1;
        }
        text = x->text[i];
    } else {
        wr_disasm(d, rec->pc, own, sizeof own);
    }
    if (strcmp(rec->asm_text, text) != 0) {
        snprintf(msg, msgsize, "asm: '%.160s' is not its insn's disassembly ('%.160s')", rec->asm_text, text);
        return -1;
    }
    return 0;
}

/* Operand-driven, the values of `in` are the other side's, but a few the
 * model knows without registers: a PT predicate reads true in every lane
 * (SPEC-NOTES section 1), RZ and URZ read 0 (section 7).  The first
 * operand of the record that says otherwise, as a divergence line (its
 * field in.*, unless --ignore'd); 0 when none. */
static int constant_operands(const wr_trace_rec *rec, const wr_insn *d, const wr_compare_ctl *on, char *msg,
                             size_t msgsize)
{
    const unsigned reads = wr_insn_reads(d), have = rec->in_keys;
    char text[96];
#define WR_CONST_BAD_(fld, what, fmt, val)                                                          \
    do {                                                                                             \
        if (!on->field[fld].enable)                                                                \
            break;                                                                                   \
        wr_disasm(d, rec->pc, text, sizeof text);                                                    \
        snprintf(msg, msgsize, "%s: warp %u pc 0x%" PRIx64 " %s: %s, the record has " fmt " [SPEC-NOTES %s]",  \
                 wr_retire_field_name(fld), rec->warp, rec->pc, text, what, val,                  \
                 fld <= WR_RF_IN_PP ? "section 1" : "section 7");                                \
        return 1;                                                                                    \
    } while (0)
    if (wr_f_PG(d) == WR_PT && rec->in.pg != 0xffffffffu)
        WR_CONST_BAD_(WR_RF_IN_PG, "the guard is PT, which reads 0xffffffff", "0x%08" PRIx32, rec->in.pg);
    if ((reads & have & WR_IN_PP) && wr_f_PP(d) == WR_PT && rec->in.pp != 0xffffffffu)
        WR_CONST_BAD_(WR_RF_IN_PP, "its Pp is PT, which reads 0xffffffff", "0x%08" PRIx32, rec->in.pp);
    static const struct { unsigned bit, slot, field; const char *name; } gpr[] = {
        { WR_IN_RA, WR_F_RA, WR_RF_IN_RA, "RA" }, { WR_IN_RB, WR_F_RB, WR_RF_IN_RB, "RB" },
        { WR_IN_RC, WR_F_RC, WR_RF_IN_RC, "RC" }, { WR_IN_RE, WR_F_RE, WR_RF_IN_RE, "RE" },
    };
    for (unsigned k = 0; k < sizeof gpr / sizeof gpr[0]; k++) {
        if (!(reads & have & gpr[k].bit) || d->f[gpr[k].slot] != WR_RZ)
            continue;
        const uint64_t *v = k == 0 ? rec->in.ra : k == 1 ? rec->in.rb : k == 2 ? rec->in.rc : rec->in.re;
        uint32_t lanes = 0;
        for (unsigned l = 0; l < WR_LANES; l++)
            lanes |= (uint32_t)(v[l] != 0) << l;
        if (lanes) {
            char what[64];
            snprintf(what, sizeof what, "its %s is RZ, which reads 0", gpr[k].name);
            WR_CONST_BAD_(gpr[k].field, what, "other values in lanes 0x%08" PRIx32, lanes);
        }
    }
    if (reads & have & WR_IN_UR) {
        const int64_t u = wr_form_has(d->form, WR_F_URA) ? d->f[WR_F_URA] : d->f[WR_F_URB];
        if (u >= WR_NUM_UREGS && rec->in.ur != 0)
            WR_CONST_BAD_(WR_RF_IN_UR, "its UR is URZ, which reads 0", "0x%" PRIx64, rec->in.ur);
    }
#undef WR_CONST_BAD_
    return 0;
}

/* the compare controls of the window and of the records before it */
static int controls(const wr_replay_opts *o, wr_compare_ctl *on, wr_compare_ctl *on_noout, wr_compare_ctl *off,
                    wr_compare_ctl *final, char *err, size_t errsize)
{
    char msg[300];
    wr_compare_ctl_init(on);
    if (!o->strict_undef)                /* SPEC-NOTES section 5: a trace may define those lanes */
        on->field[WR_RF_UNDEF].enable = 0;
    on->field[WR_RF_UNDEF].mask &= ~WR_UNDEF_OPERANDS;   /* (a trace's operands carry no marks) */
    /* nor widths of their own: a record's pair widths are the decoded instruction's, as its
     * reader and writer take them, so the read set's widths are compared in lockstep only */
    on->field[WR_RF_READS].mask &= ~(uint64_t)(WR_IN_RA64 | WR_IN_UR64 | WR_IN_C64);
    if ((o->ignore && wr_compare_ctl_ignore(on, o->ignore, msg, sizeof msg) != 0) ||
        (o->mask && wr_compare_ctl_mask(on, o->mask, msg, sizeof msg) != 0)) {
        snprintf(err, errsize, "%s", msg);
        return -1;
    }
    *final = *on;                        /* the final record shows run states and the fault */
    wr_compare_ctl_ignore(on, wr_replay_untraced, msg, sizeof msg);
    *on_noout = *on;
    on_noout->field[WR_RF_WRITE_GPR].enable = on_noout->field[WR_RF_WRITE_PRED].enable = 0;
    *off = *on;
    for (unsigned f = 0; f < WR_RF_COUNT; f++)
        off->field[f].enable = 0;
    return 0;
}

/* the program (--program) and the profile the model runs (--profile) */
static int load_program(replay *x)
{
    const wr_replay_opts *o = x->o;
    if (o->program && wr_assemble_file(o->program, &x->prog, x->err, x->errsize) != 0)
        return -1;
    x->learn = !o->program;
    if (o->profile >= 0) {                         /* --profile: the model's profile */
        if (o->program && x->prog.profile != (unsigned)o->profile) {
            snprintf(x->err, x->errsize, "%s: the program's profile is %s, not %s (--profile)", o->program,
                     wr_profile_name(x->prog.profile), wr_profile_name((unsigned)o->profile));
            wr_program_free(&x->prog);
            return -1;
        }
        x->prog.profile = (unsigned)o->profile;
    }
    return 0;
}

/* the mode, from the first record: operand-driven when the records carry
 * `in`; without `in` or without `insn` the program must be given */
static int replay_mode(replay *x, int k, const wr_trace_rec *rec)
{
    if (k == WR_TRACE_EOF) {
        snprintf(x->err, x->errsize, "%s:1: error: empty trace (no records)", x->name);
        return -1;
    }
    x->driven = k == WR_TRACE_INSN && (rec->keys & WR_TK_IN);
    if (k == WR_TRACE_INSN && !(rec->keys & WR_TK_INSN) && !x->o->program) {
        snprintf(x->err, x->errsize, "%s:1: error: the records have no '%s': give the program (--program "
                 "FILE.s)", x->name, WR_KEY(INSN));
        return -1;
    }
    if (!x->driven && !x->o->program) {
        snprintf(x->err, x->errsize, "%s:1: error: the records have no operands ('%s'): give the program "
                 "(--program FILE.s) to replay self-contained", x->name, WR_KEY(IN));
        return -1;
    }
    return 0;
}

/* the CTA size: stated, never guessed (docs/replay.md, "The CTA size") */
static int cta_size(replay *x, wr_trace_reader *r)
{
    const wr_replay_opts *o = x->o;
    unsigned threads = o->threads;
    const char *from = "--threads";
    if (!threads && (threads = wr_trace_reader_threads(r)) != 0)
        from = "the binary header";
    if (!threads && o->program) {
        threads = x->prog.threads ? x->prog.threads : 32;        /* N-53 */
        from = x->prog.threads ? "the program's .threads" : "the program (N-53's default)";
    }
    if (!threads) {
        char why[600];
        const int known = wr_trace_shape(o->trace, &threads, why, sizeof why);
        if (known < 0) {
            snprintf(x->err, x->errsize, "%s", why);
            return -1;
        }
        if (!known) {
            snprintf(x->err, x->errsize, "--threads N or --program FILE.s is needed: %s does not state its CTA "
                     "size (%s)", x->name, why);
            return -1;
        }
        from = "the final record";
    }
    x->stated = strcmp(from, "the final record") == 0 || strcmp(from, "the binary header") == 0;
    x->res->threads = threads;
    x->res->threads_from = from;
    x->res->operand_mode = x->driven ? WR_OPERANDS_DRIVEN : WR_OPERANDS_SELF;
    return 0;
}

/* the checker, under the controls of the first record (`rec`: none before
 * the window; without `out` no register writes) */
static int start_checker(replay *x, const wr_trace_rec *rec)
{
    wr_checker_opts co;
    wr_checker_opts_init(&co);
    co.threads = x->res->threads;
    co.operand_mode = x->res->operand_mode;
    x->cur = x->start > 1 ? &x->off : (rec && !(rec->keys & WR_TK_OUT)) ? &x->on_noout : &x->on;
    co.ctl = *x->cur;
    x->outs = rec && (rec->keys & WR_TK_OUT);   /* the records carry `out`: each must */
    co.max_mismatches = x->o->keep_going ? UINT32_MAX : 1;
    co.trace_writes = 1;                 /* the records show their own destinations only */
    co.side = "trace";                   /* "model 0x5, trace 0x7" */
    co.on_fail = on_fail;
    co.ctx = x;
    co.own_end = x->o->own_end;
    char msg[512];
    if (x->learn && rec && (rec->keys & WR_TK_INSN) && learn(x, rec->pc, &rec->insn, msg, sizeof msg) != 0) {
        snprintf(x->err, x->errsize, "%s:1: error: %s", x->name, msg);
        return -1;
    }
    x->c = wr_checker_new(&x->prog, &co, msg, sizeof msg);
    if (!x->c) {
        snprintf(x->err, x->errsize, "%s:1: error: %s", x->name, msg);
        return -1;
    }
    x->cta = wr_checker_cta(x->c);
    return 0;
}

/* the final record `fin` (kept: the next read overwrites the reader's):
 * nothing may follow it, bad input is told before any failure; then it is
 * compared under the user's controls (it shows the run states and the fault
 * the instruction records do not).  The loop's status: 0 or 2. */
static int final_record(replay *x, wr_trace_reader *r, const wr_trace_final *fin)
{
    wr_checker *c = x->c;
    const wr_cta *cta = x->cta;
    const wr_trace_rec *more_rec;
    const wr_trace_final *more_fin;
    const uint64_t fin_recno = x->recno;
    wr_trace_final *keep = malloc(sizeof *keep);
    if (!keep) {
        snprintf(x->err, x->errsize, "%s:%" PRIu64 ": error: out of memory", x->name, x->recno);
        return 2;
    }
    *keep = *fin;                      /* (the registers stay in the reader's scratch) */
    const int k2 = wr_trace_read(r, &more_rec, &more_fin, x->err, x->errsize);
    fin = keep;
    x->recno = fin_recno;
    if (k2 != WR_TRACE_EOF) {
        free(keep);
        return 2;
    }
    wr_checker_set_ctl(c, &x->final_ctl);
    if (fin->fault_warp >= 0) {
        wr_checker_wake_due(c, fin->t);        /* (the faulting turn starts with them) */
        wr_checker_fetch_fault(c, fin->t, (unsigned)fin->fault_warp, fin->fault_pc, fin->fault_what);
        if (x->o->explain)
            explain(x, c, fin->t);
    }
    /* the profile the run was under: named unless native (TRACE-FORMAT) */
    const char *mine = cta->profile != WR_PROFILE_NATIVE ? wr_profile_name(cta->profile) : "";
    if (x->final_ctl.field[WR_RF_END].enable && strcmp(fin->profile, mine) != 0) {
        char msg[512];
        snprintf(msg, sizeof msg, "end: the final record names the profile '%s', the model runs %s (no "
                 "profile: native; --profile) [N-50]", fin->profile, wr_profile_name(cta->profile));
        wr_checker_report(c, fin->t, msg);
    }
    uint32_t words[WR_MAX_BARRIERS] = { 0 };
    for (uint32_t m = fin->bars; m; m &= m - 1)
        words[__builtin_ctz(m)] = fin->bar[__builtin_ctz(m)];
    /* the end, then the state; registers: [warp][reg][lane] as the checker reads them */
    wr_checker_final(c, fin->t, fin->end, fin->warp, fin->nwarps, fin->dump_regs ? fin->r : NULL,
                     fin->r_have, fin->dump_regs ? &fin->p[0][0] : NULL, words, cta->nbars);
    if (fin->dump_regs && fin->nwarps == cta->nwarps)
        wr_checker_final_undef(c, fin->t, fin->r_undef, fin->r_have, &fin->p_undef[0][0]);
    x->res->final_compared = 1;
    free(keep);
    return 0;
}

/* an instruction record that contradicts the trace (bad input, 2): a warp
 * beyond a stated CTA size, a word missing while learning the program, `in`
 * and `out` in some records and not others (as in the trace's first).  It
 * learns the record's word at its pc, and at the model's pc if that is
 * still unknown (the compare then shows the pc). */
static int record_sound(replay *x, const wr_trace_rec *rec)
{
    const unsigned w = rec->warp;
    const wr_cta *cta = x->cta;
    char msg[512];
    if (w >= cta->nwarps && x->stated) {  /* the trace contradicts itself: not the model's fault */
        snprintf(x->err, x->errsize, "%s:%" PRIu64 ": error: warp: %u, but %s gives %u threads (%u warps)",
                 x->name, x->recno, w, x->res->threads_from, x->res->threads, cta->nwarps);
        return -1;
    }
    if (x->learn) {
        if (!(rec->keys & WR_TK_INSN)) {
            snprintf(x->err, x->errsize, "%s:%" PRIu64 ": error: the record has no '%s' (the trace's first "
                     "has one)", x->name, x->recno, WR_KEY(INSN));
            return -1;
        }
        const uint64_t mpc = w < cta->nwarps ? cta->warp[w].active_pc : rec->pc;
        if (learn(x, rec->pc, &rec->insn, msg, sizeof msg) != 0 ||
            (mpc != rec->pc && learn(x, mpc, &rec->insn, msg, sizeof msg) != 0)) {
            snprintf(x->err, x->errsize, "%s:%" PRIu64 ": error: %s", x->name, x->recno, msg);
            return -1;
        }
    }
    /* (the key named from the schema) */
    const int in_odd = x->driven != !!(rec->keys & WR_TK_IN), out_odd = x->outs != !!(rec->keys & WR_TK_OUT);
    const char *keys = in_odd ? (x->driven ? "the record has no '%s' (the trace's first has operands)"
                                           : "the record has an '%s' (the trace's first has none)")
                       : out_odd ? (x->outs ? "the record has no '%s' (the trace's first has one)"
                                            : "the record has an '%s' (the trace's first has none)")
                                 : NULL;
    if (keys) {
        char what[100];
        snprintf(what, sizeof what, keys, in_odd ? WR_KEY(IN) : WR_KEY(OUT));
        snprintf(x->err, x->errsize, "%s:%" PRIu64 ": error: %s", x->name, x->recno, what);
        return -1;
    }
    return 0;
}

/* The instruction at the record's pc, which names the registers of `out`:
 * the program's (`*word` its word) or the record's own word decoded into
 * `own`; NULL when neither.  A record's op or asm that is not its word's is
 * bad input (-1); an operand the model knows without registers, or an op
 * that is not the program's, is reported to the checker. */
static int record_insn(replay *x, const wr_trace_rec *rec, wr_insn *own, const wr_insn **insn_out,
                       const wr_word **word)
{
    char msg[512];
    const size_t idx = (size_t)(rec->pc / WR_INST_SIZE);
    const int have = rec->pc % WR_INST_SIZE == 0 && idx < x->prog.ninsns && (!x->learn || x->known[idx]);
    const wr_insn *insn = have ? &x->prog.insns[idx] : NULL;
    if (!insn && (rec->keys & WR_TK_INSN) && wr_decode(&rec->insn, own, NULL, 0) == 0)
        insn = own;
    if (rec->keys & WR_TK_INSN) {
        const int prog_word = have && memcmp(&rec->insn, &x->prog.words[idx], sizeof rec->insn) == 0;
        const wr_insn *d = prog_word || insn == own ? insn : NULL;
        if (!d && wr_decode(&rec->insn, own, NULL, 0) == 0)
            d = own;
        if (d && own_text(x, rec, d, prog_word, idx, msg, sizeof msg) != 0) {
            snprintf(x->err, x->errsize, "%s:%" PRIu64 ": error: %s", x->name, x->recno, msg);
            return -1;
        }
        if (d && x->driven && x->recno >= x->start && constant_operands(rec, d, &x->on, msg, sizeof msg))
            wr_checker_report(x->c, rec->t, msg);
    }
    if (!(rec->keys & WR_TK_INSN) && x->recno >= x->start && x->on.field[WR_RF_INSN].enable) {
        /* no word: the record's op against the program's */
        const char *want = have ? wr_op_name(insn) : NULL;
        if (want && strcmp(want, rec->op) != 0) {
            snprintf(msg, sizeof msg, "insn: warp %u pc 0x%" PRIx64 ": the record's op is '%s', the program "
                     "has %s [N-37]", rec->warp, rec->pc, rec->op, want);
            wr_checker_report(x->c, rec->t, msg);
        }
    }
    *insn_out = insn;
    *word = have ? &x->prog.words[idx] : NULL;
    return 0;
}

/* the last line of the checker's messages, into msg */
static void last_message(wr_checker *c, char *msg, size_t msgsize)
{
    const char *m = wr_checker_messages(c);
    const char *last = m + strlen(m);
    while (last > m && last[-1] == '\n')
        last--;
    const char *b = last;
    while (b > m && b[-1] != '\n')
        b--;
    snprintf(msg, msgsize, "%.*s", (int)(last - b), b);
}

/* The model steps against the record and compares (with the record's t:
 * N-50's time, the field t, wr_checker_retire).  -1 to go on, else the
 * loop's status. */
static int record_step(replay *x, const wr_trace_rec *rec, const wr_insn *insn, const wr_word *word)
{
    wr_checker *c = x->c;
    char msg[512];
    wr_checker_wake_due(c, rec->t);
    wr_trace_rec_to_retire(rec, insn, word, x->other);
    const int checked = wr_checker_retire(c, rec->t, x->other);
    if (x->o->explain)
        explain(x, c, rec->t);
    if (checked == WR_CHK_ERROR) {
        last_message(c, msg, sizeof msg);
        on_fail(x, rec->t, msg);
        return 1;
    }
    return wr_checker_stopped(c) ? 0 : -1;
}

/* one instruction record: -1 to go on, else the loop's status (0: the
 * window or the run ended, 1: the model failed, 2: bad input) */
static int instruction_record(replay *x, const wr_trace_rec *rec)
{
    x->res->records++;
    if (x->o->count && x->recno >= x->start + x->o->count)
        return 0;
    /* the controls: none before the window; without `out` no register writes */
    const wr_compare_ctl *want = x->recno < x->start ? &x->off : (rec->keys & WR_TK_OUT) ? &x->on : &x->on_noout;
    if (want != x->cur) {
        wr_checker_set_ctl(x->c, want);
        x->cur = want;
    }
    if (x->recno >= x->start)
        x->res->compared++;
    if (record_sound(x, rec) != 0)
        return 2;
    wr_insn own;
    const wr_insn *insn;
    const wr_word *word;
    if (record_insn(x, rec, &own, &insn, &word) != 0)
        return 2;
    return record_step(x, rec, insn, word);
}

/* after the records: a window past the trace's end is bad input; a failed
 * compare writes the dump (--dump) and the coverage is handed back */
static int finish(replay *x, int status)
{
    const wr_replay_opts *o = x->o;
    wr_replay_result *res = x->res;
    if (status == 0 && o->start > res->records) {
        snprintf(x->err, x->errsize, "--start %" PRIu64 ": the trace has %" PRIu64 " instruction records",
                 o->start, res->records);
        status = 2;
    }
    if (status != 2 && wr_checker_failed(x->c))
        status = 1;
    if (status == 1 && o->dump) {
        char where[4200], msg[512];
        snprintf(where, sizeof where, "%s:%" PRIu64, x->name, res->first_recno);
        wr_dump_meta meta = { NULL, NULL, o->program ? o->program : x->name, NULL, o->reproduce, "replay",
                              res->first_recno ? where : NULL, NULL };   /* side: the checker's, "trace" */
        wr_dump *d = wr_dump_new(x->c, &meta);
        if (wr_dump_write(d, o->dump, msg, sizeof msg) != 0)
            snprintf(res->dump_error, sizeof res->dump_error, "%s", msg);
        wr_dump_free(d);
    }
    if (o->coverage)
        *o->coverage = *wr_checker_coverage(x->c);
    return status;
}

static double seconds_between(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) * 1e-9;
}

/* the records from the first (k, rec, fin) to the end: the loop's status */
static int replay_records(replay *x, wr_trace_reader *r, int k, const wr_trace_rec *rec, const wr_trace_final *fin)
{
    for (; k != WR_TRACE_EOF; k = wr_trace_read(r, &rec, &fin, x->err, x->errsize)) {
        if (k == WR_TRACE_ERROR)
            return 2;
        x->recno = wr_trace_recno(r);
        if (k == WR_TRACE_END)                 /* a closed window ends before it */
            return x->o->count ? 0 : final_record(x, r, fin);
        const int status = instruction_record(x, rec);
        if (status >= 0)
            return status;
    }
    return 0;
}

/* open the trace, set the run up from its first record, replay it */
static int replay_trace(replay *x)
{
    wr_trace_reader *r = wr_trace_open(x->o->trace, x->err, x->errsize);
    if (!r)
        return 2;
    x->res->format = wr_trace_reader_format(r);
    x->name = wr_trace_reader_name(r);
    const wr_trace_rec *rec = NULL;
    const wr_trace_final *fin = NULL;
    const int k = wr_trace_read(r, &rec, &fin, x->err, x->errsize);
    int status = 2;
    if (k != WR_TRACE_ERROR && replay_mode(x, k, rec) == 0 && cta_size(x, r) == 0 && start_checker(x, rec) == 0)
        status = finish(x, replay_records(x, r, k, rec, fin));
    wr_trace_close(r);
    return status;
}

int wr_replay(const wr_replay_opts *o, wr_replay_result *res, char *err, size_t errsize)
{
    memset(res, 0, sizeof *res);
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    replay x = { .o = o, .res = res, .err = err, .errsize = errsize, .start = o->start ? o->start : 1 };
    if (controls(o, &x.on, &x.on_noout, &x.off, &x.final_ctl, err, errsize) != 0)
        return 2;
    if (load_program(&x) != 0)
        return 2;
    int status = 2;
    x.other = calloc(1, sizeof *x.other);
    if (!x.other)
        snprintf(err, errsize, "%s:1: error: out of memory", o->trace);
    else
        status = replay_trace(&x);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    res->seconds = seconds_between(&t0, &t1);
    res->cpu_seconds = seconds_between(&c0, &c1);
    wr_checker_free(x.c);
    free(x.other);
    free(x.known);
    free(x.text);
    free(x.text_ok);
    wr_program_free(&x.prog);
    return status;
}
