/* dump.c - the mismatch dump (dump.h, docs/dumps.md): wr_dump_build gathers
 * it once from the checker's state, as a value; its two writers render that
 * value, the text for people and the JSON for tools; and its two files. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "warpref/dump.h"
#include "warpref/json.h"
#include "warpref/outfile.h"
#include "warpref/paths.h"
#include "checker_priv.h"

/* ---- what a dump shows, gathered from the checker's state ------------------------- */

/* What the model did in a step, without the disassembly: its paths and the
 * values that decided them (wr_explain), the model's warp after being at
 * pc with active. */
static void explain(const wr_why *y, uint64_t pc, uint32_t active, char *buf, size_t size)
{
    wr_why full = *y;
    full.pc = pc;
    full.active = active;
    buf[0] = '\0';
    wr_explain(NULL, 0, &full, buf, size);
}

/* warp_hist[w][k] as a dump's row; explained: with the model's step explained */
static void dump_row(const wr_checker *c, unsigned w, unsigned k, int explained, wr_dump_row *r)
{
    const hist *x = &c->warp_hist[w][k];
    r->cycle = x->cycle;
    r->pc = x->pc;
    r->insn = x->insn;
    wr_checker_disasm_at(&x->insn, x->pc, r->asm_text, sizeof r->asm_text);
    r->warp = x->warp;
    r->fetch_fault = x->fetch_fault;
    r->has_model = (x->known & KNOWN_MODEL) != 0;
    r->has_other = (x->known & KNOWN_OTHER) != 0;
    r->model = x->model;
    r->other = x->other;
    r->stepped = x->stepped && w < WR_MAX_WARPS;
    memset(&r->why, 0, sizeof r->why);
    if (r->stepped)
        r->why = c->warp_why[w][k];
    r->explanation[0] = '\0';
    if (explained && r->stepped)
        explain(&r->why, x->model.pc, x->model.active, r->explanation, sizeof r->explanation);
}

void wr_dump_build(wr_dump *d, const wr_checker *c, const wr_dump_meta *meta)
{
    static const wr_dump_meta none = { 0 };
    d->meta = meta ? *meta : none;
    if (!d->meta.side)                       /* the checker's own name for its other side */
        d->meta.side = wr_checker_side_name(c);
    d->kind = c->have_fail ? (c->fail_driver ? WR_DUMP_DRIVER : WR_DUMP_MISMATCH)
              : c->error ? WR_DUMP_ERROR : WR_DUMP_NONE;
    d->operand_mode = c->cta.operand_mode;
    d->counts = c->n;

    /* the first failure */
    wr_checker_fail ff;
    wr_checker_first_failure(c, &ff);
    snprintf(d->failure, sizeof d->failure, "%s", c->have_fail ? c->fail_line : "");
    d->cycle = ff.cycle;
    d->pc = ff.pc;
    d->warp = ff.warp;
    snprintf(d->field, sizeof d->field, "%s", ff.field ? ff.field : "");
    snprintf(d->rule, sizeof d->rule, "%s", ff.rule ? ff.rule : "");
    d->has_record = c->have_fail && c->fail_rep.ndiffs > 0;
    d->model = d->has_record ? &c->fail_model : NULL;
    d->other = d->has_record ? &c->fail_other : NULL;
    d->report = c->fail_rep;
    d->before = c->fail_before;
    d->asm_text[0] = d->explanation[0] = '\0';
    d->op = d->insn_rule = NULL;
    if (d->has_record) {
        const wr_retire *m = &c->fail_model;
        wr_checker_disasm_at(&m->insn, m->pc, d->asm_text, sizeof d->asm_text);
        wr_insn in;
        if (wr_decode(&m->insn, &in, NULL, 0) == 0) {
            d->op = wr_op_name(&in);
            d->insn_rule = wr_optype_rule(in.optype);
        }
        explain(&m->why, m->after.active_pc, m->after.active, d->explanation, sizeof d->explanation);
    }
    memcpy(d->messages, c->msgs, c->msglen + 1);

    /* the histories, oldest first: the failing warp's, explained, and the CTA's */
    const unsigned fw = c->fail_other.warp;
    d->has_warp_history = c->have_fail && fw < WR_MAX_WARPS;
    d->warp_history.n = 0;
    d->warp_history.explained = 1;
    if (d->has_warp_history)
        for (uint64_t i = c->warp_hn[fw] > HIST ? c->warp_hn[fw] - HIST : 0; i < c->warp_hn[fw]; i++)
            dump_row(c, fw, (unsigned)(i % HIST), 1, &d->warp_history.row[d->warp_history.n++]);
    d->cta_history.n = 0;
    d->cta_history.explained = 0;
    for (uint64_t i = c->cta_hn > HIST ? c->cta_hn - HIST : 0; i < c->cta_hn; i++) {
        const unsigned at = c->cta_hist[i % HIST];
        dump_row(c, at / HIST, at % HIST, 0, &d->cta_history.row[d->cta_history.n++]);
    }

    /* the model's state: the barriers in use, every warp */
    d->nbars = 0;
    for (unsigned b = 0; b < c->cta.nbars; b++) {
        const wr_barrier *x = &c->cta.bar[b];
        if (x->word || x->blocked || x->arrived)
            d->bars[d->nbars++] = (wr_dump_bar){ b, *x };
    }
    d->nwarps = c->cta.nwarps;
    memcpy(d->warps, c->cta.warp, d->nwarps * sizeof d->warps[0]);
    memcpy(d->deadline, c->cta.deadline, d->nwarps * sizeof d->deadline[0]);
}

static int has_failure(const wr_dump *d) { return d->kind == WR_DUMP_MISMATCH || d->kind == WR_DUMP_DRIVER; }

wr_dump *wr_dump_new(const wr_checker *c, const wr_dump_meta *meta)
{
    wr_dump *d = malloc(sizeof *d);
    if (d)
        wr_dump_build(d, c, meta);
    return d;
}

void wr_dump_free(wr_dump *d) { free(d); }

/* ---- rule references: where each rule a dump quotes is defined (docs/rules.md) ------- */

/* the reference of one rule ID, "docs/rules.md#n-12" ("" for none) */
static const char *rule_doc(const char *rule, char buf[WR_RULE_DOC_MAX])
{
    wr_rule_doc(rule ? rule : "", rule ? strlen(rule) : 0, buf, WR_RULE_DOC_MAX);
    return buf;
}

/* The rules a dump quotes, each once, in the order met: the failing field's
 * and instruction's, the differing fields', then those in its failure lines
 * and explanations ("[N-38; BAR.RED.POPC N-36]", "[BAR.red_block; N-31, N-35]") */
typedef struct rule_set {
    unsigned n;
    char id[64][8];
} rule_set;

static void rules_add(rule_set *s, const char *r, size_t len)
{
    char ref[WR_RULE_DOC_MAX];
    if (len >= sizeof s->id[0] || wr_rule_doc(r, len, ref, sizeof ref) == 0)
        return;
    for (unsigned i = 0; i < s->n; i++)
        if (strlen(s->id[i]) == len && memcmp(s->id[i], r, len) == 0)
            return;
    if (s->n < sizeof s->id / sizeof s->id[0]) {
        memcpy(s->id[s->n], r, len);
        s->id[s->n++][len] = '\0';
    }
}

static int id_char(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }

/* every "X-dd" in text (a capital, '-', one or two digits, alone) */
static void rules_scan(rule_set *s, const char *text)
{
    for (const char *p = text; *p; p++) {
        if (*p < 'A' || *p > 'Z' || p[1] != '-' || (p > text && id_char(p[-1])))
            continue;
        size_t n = 2;
        while (n < 4 && p[n] >= '0' && p[n] <= '9')
            n++;
        if (n > 2 && !id_char(p[n]))
            rules_add(s, p, n);
    }
}

static void dump_rules(const wr_dump *d, rule_set *s)
{
    s->n = 0;
    if (has_failure(d))
        rules_add(s, d->rule, strlen(d->rule));
    if (d->insn_rule)
        rules_add(s, d->insn_rule, strlen(d->insn_rule));
    for (unsigned i = 0; d->has_record && i < d->report.ndiffs && i < WR_MAX_DIFFS; i++) {
        const char *r = wr_retire_field_rule(d->report.diff[i].field);
        rules_add(s, r, strlen(r));
    }
    rules_scan(s, d->failure);
    rules_scan(s, d->messages);
    rules_scan(s, d->explanation);
    for (unsigned i = 0; d->has_warp_history && i < d->warp_history.n; i++)
        rules_scan(s, d->warp_history.row[i].explanation);
}

/* ---- the text ------------------------------------------------------------------------ */

static const char *or_dash(const char *s) { return s ? s : "-"; }

/* each line of text, indented by two */
static void indented(FILE *f, const char *text)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        fprintf(f, "  %.*s\n", (int)len, p);
        p += len + (nl != NULL);
    }
}

/* the other side's name: "RTL", or a replay's "trace" */
static const char *side_name(const wr_dump *d) { return d->meta.side ? d->meta.side : "RTL"; }

/* a table of warps; label: the width of a first column naming each row (0: none) */
static void warp_head(FILE *f, int label)
{
    fprintf(f, "  %*s%4s  %-8s %8s  %-8s %-8s %-8s %-8s %-8s\n", label, "", "warp", "state", "pc", "active", "valid",
            "yield", "sleep", "switch");
}

static void warp_row(FILE *f, int label, const char *what, unsigned w, const wr_warp *x, uint64_t deadline)
{
    fprintf(f, "  %-*s%4u  %-8s %8" PRIx64 "  %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32,
            label, what, w, wr_run_state_name(x->run), x->active_pc, x->active, x->valid, x->yield, x->sleep,
            x->swtch);
    if (x->run == WR_WARP_BLOCKED)
        fprintf(f, "  on barrier %u", x->blocked_bar);
    if (deadline != WR_NO_DEADLINE)
        fprintf(f, "  deadline %" PRIu64, deadline);
    fputc('\n', f);
}

/* a history's rows; an explained one's each followed by what the model did */
static void hist_text(FILE *f, const wr_dump_hist *h)
{
    fprintf(f, "  %10s  %4s  %8s  %s\n", "cycle", "warp", "pc", "instruction");
    for (unsigned i = 0; i < h->n; i++) {
        const wr_dump_row *x = &h->row[i];
        char fault[WR_DUMP_ASM];
        if (x->fetch_fault)
            snprintf(fault, sizeof fault, "(fetch fault: %s)", wr_fetch_fault_name(x->fetch_fault));
        fprintf(f, "  %10" PRIu64 "  %4u  %8" PRIx64 "  %s\n", x->cycle, x->warp, x->pc,
                x->fetch_fault ? fault : x->asm_text);
        if (h->explained && x->explanation[0])
            fprintf(f, "  %10s  %4s  %8s    = %s\n", "", "", "", x->explanation);
    }
}

static void operands_text(FILE *f, const char *who, const wr_retire *r)
{
    if (!r->reads) {
        fprintf(f, "  %-6s (not reported)\n", who);
        return;
    }
    fprintf(f, "  %-6s pg 0x%08" PRIx32, who, r->in.pg);
    if (r->reads & WR_IN_PP)
        fprintf(f, "  pp 0x%08" PRIx32, r->in.pp);
    if (r->reads & WR_IN_UR)
        fprintf(f, "  ur 0x%" PRIx64, r->in.ur);
    if (r->reads & WR_IN_C)
        fprintf(f, "  c 0x%" PRIx64, r->in.c);
    fputc('\n', f);
    const struct { unsigned bit; const char *name; const uint64_t *v; } regs[] = {
        { WR_IN_RA, "ra", r->in.ra }, { WR_IN_RB, "rb", r->in.rb }, { WR_IN_RC, "rc", r->in.rc },
        { WR_IN_RE, "re", r->in.re } };
    for (unsigned k = 0; k < 4; k++) {
        if (!(r->reads & regs[k].bit))
            continue;
        fprintf(f, "         %s", regs[k].name);
        for (unsigned l = 0; l < WR_LANES; l++)
            fprintf(f, "%s%" PRIx64, l % 8 == 0 ? (l ? "\n           " : " ") : " ", regs[k].v[l]);
        fputc('\n', f);
    }
}

void wr_dump_text(const wr_dump *d, FILE *f)
{
    static const char *const title[] = {
        [WR_DUMP_NONE] = "report (no failure)", [WR_DUMP_MISMATCH] = "MISMATCH",
        [WR_DUMP_DRIVER] = "FAILURE (found by the testbench)", [WR_DUMP_ERROR] = "MODEL ERROR" };
    const wr_dump_meta *meta = &d->meta;
    fprintf(f, "warpref lockstep %s\n\n", title[d->kind]);
    fprintf(f, "  test        %s\n", or_dash(meta->test));
    fprintf(f, "  seed        %s\n", or_dash(meta->seed));
    fprintf(f, "  program     %s\n", or_dash(meta->program));
    fprintf(f, "  simulator   %s, operands %s\n", or_dash(meta->simulator), wr_operand_mode_name(d->operand_mode));
    fprintf(f, "  failure     %s\n", has_failure(d) ? d->failure : "-");
    if (meta->record)
        fprintf(f, "  record      %s\n", meta->record);
    if (has_failure(d)) {
        fprintf(f, "  cycle       %" PRIu64 "\n", d->cycle);
        fprintf(f, "  warp        %u\n", d->warp);
        fprintf(f, "  pc          0x%" PRIx64 "\n", d->pc);
    }
    if (d->has_record) {
        char word[35];
        wr_word_format(&d->model->insn, word);
        fprintf(f, "  instruction %s   %s\n", d->asm_text, word);
        if (d->insn_rule)
            fprintf(f, "  rule        %s (%s)\n", d->insn_rule, d->op);
        if (d->explanation[0])
            fprintf(f, "  explanation %s\n", d->explanation);
    }
    fprintf(f, "  waves       %s\n", meta->waves ? meta->waves : "(none: rerun with +waves=FILE.fst)");
    fprintf(f, "  reproduce   %s\n", or_dash(meta->reproduce));
    fprintf(f, "  counts      %" PRIu64 " retired, %" PRIu64 " compared, %" PRIu64 " failing checks, %" PRIu64
            " undefined lanes adopted\n\n", d->counts.retired, d->counts.compared, d->counts.mismatched,
            d->counts.adopted);

    if (d->has_record) {
        const char *side = side_name(d);
        fprintf(f, "What differs (the model is the reference):\n");
        fprintf(f, "  %-22s %-5s what\n", "field", "rule");
        static __thread char table[16384];
        wr_compare_format(&d->report, d->model, d->other, side, table, sizeof table);
        indented(f, table);
        fprintf(f, "\nOperands read:\n");
        operands_text(f, "model", d->model);
        operands_text(f, side, d->other);
        fprintf(f, "\nWarp %u at issue and after:\n", d->warp);
        char after[32];
        snprintf(after, sizeof after, "%s after", side);
        const int label = 14;
        warp_head(f, label);
        warp_row(f, label, "at issue", d->warp, &d->before, WR_NO_DEADLINE);
        warp_row(f, label, "model after", d->warp, &d->model->after, WR_NO_DEADLINE);
        warp_row(f, label, after, d->warp, &d->other->after, WR_NO_DEADLINE);
    }
    if (d->messages[0]) {
        fprintf(f, "\nAll failing checks:\n");
        indented(f, d->messages);
    }
    if (d->has_warp_history) {
        fprintf(f, "\nLast instructions of warp %u (oldest first; '=' what the model did, its paths and rules):\n",
                d->warp);
        hist_text(f, &d->warp_history);
    }
    fprintf(f, "\nLast instructions of the CTA:\n");
    hist_text(f, &d->cta_history);
    fprintf(f, "\nBarriers (model, after the failing step; N-38 fields):\n");
    fprintf(f, "  %3s  %-8s %7s %8s %4s %2s %5s %3s  %-8s %-8s\n", "bar", "word", "arrived", "expected", "mode",
            "op", "acc", "def", "blocked", "arrived");
    for (unsigned i = 0; i < d->nbars; i++) {
        const wr_barrier *x = &d->bars[i].bar;
        fprintf(f, "  %3u  %08" PRIx32 " %7u %8u %4u %2u %5u %3u  %08" PRIx32 " %08" PRIx32 "\n", d->bars[i].index,
                x->word, x->word >> WR_BAR_ARRIVED_SHIFT & WR_BAR_ARRIVED_MASK,
                x->word >> WR_BAR_EXPECT_SHIFT & WR_BAR_EXPECT_MASK, x->word >> WR_BAR_MODE_SHIFT & WR_BAR_MODE_MASK,
                x->word >> WR_BAR_OP_SHIFT & WR_BAR_OP_MASK, x->word >> WR_BAR_ACC_SHIFT & WR_BAR_ACC_MASK,
                x->word >> WR_BAR_DEFINED_BIT & 1u, x->blocked, x->arrived);
    }
    if (!d->nbars)
        fprintf(f, "  (every barrier idle)\n");
    fprintf(f, "\nWarps (model):\n");
    warp_head(f, 0);
    for (unsigned w = 0; w < d->nwarps; w++)
        warp_row(f, 0, "", w, &d->warps[w], d->deadline[w]);
    rule_set rules;
    dump_rules(d, &rules);
    if (rules.n)
        fprintf(f, "\nRules (where each rule quoted above is defined):\n");
    for (unsigned i = 0; i < rules.n; i++) {
        char ref[WR_RULE_DOC_MAX];
        fprintf(f, "  %-5s %s\n", rules.id[i], rule_doc(rules.id[i], ref));
    }
}

/* ---- the JSON ------------------------------------------------------------------------ */

/* "key":{"pc":...,"active":...,...}: a warp after a step, null when the side gave none */
static void side_json(wr_json *j, const char *key, const wr_dump_side *s, int known)
{
    if (!known) {
        wr_json_null(j, key);
        return;
    }
    wr_json_open(j, key, '{');
    wr_json_hex(j, "pc", s->pc, 0);
    wr_json_hex(j, "active", s->active, 8);
    wr_json_hex(j, "valid", s->valid, 8);
    wr_json_hex(j, "yield", s->yield, 8);
    wr_json_hex(j, "sleep", s->sleep, 8);
    wr_json_close(j);
}

/* "paths":[...]: the names of a step's paths ([] when it did not step, y
 * NULL; a helper's one path when it recorded none, paths.h) */
static void paths_json(wr_json *j, const wr_why *y)
{
    wr_json_open(j, "paths", '[');
    if (y && y->n == 0)
        wr_json_string(j, NULL, wr_path_name(WR_PATH_HELPER));
    for (uint64_t i = 0; y && i < y->n && i < WR_WHY_MAX; i++)
        wr_json_string(j, NULL, wr_path_name(wr_hit_id(y->hit[i])));
    wr_json_close(j);
}

static void hist_json(wr_json *j, const char *key, const wr_dump_hist *h)
{
    wr_json_open(j, key, '[');
    for (unsigned i = 0; i < h->n; i++) {
        const wr_dump_row *x = &h->row[i];
        char word[35];
        wr_word_format(&x->insn, word);
        wr_json_open(j, NULL, '{');
        wr_json_uint(j, "cycle", x->cycle);
        wr_json_uint(j, "warp", x->warp);
        wr_json_hex(j, "pc", x->pc, 0);
        wr_json_string(j, "insn", word);
        wr_json_string(j, "asm", x->fetch_fault ? "(fetch fault)" : x->asm_text);
        side_json(j, "model", &x->model, x->has_model);
        side_json(j, "rtl", &x->other, x->has_other);
        if (h->explained) {
            paths_json(j, x->stepped ? &x->why : NULL);
            wr_json_string(j, "explanation", x->explanation);
        }
        wr_json_close(j);
    }
    wr_json_close(j);
}

void wr_dump_json(const wr_dump *d, FILE *f)
{
    const wr_dump_meta *meta = &d->meta;
    char ref[WR_RULE_DOC_MAX];
    wr_json j;
    wr_json_init(&j, f);
    wr_json_open(&j, NULL, '{');
    wr_json_bool(&j, "failed", d->kind != WR_DUMP_NONE);
    wr_json_string(&j, "test", meta->test);
    wr_json_string(&j, "seed", meta->seed);
    wr_json_string(&j, "program", meta->program);
    wr_json_string(&j, "simulator", meta->simulator);
    wr_json_string(&j, "side", side_name(d));
    if (meta->waves)
        wr_json_string(&j, "waves", meta->waves);
    else
        wr_json_null(&j, "waves");
    wr_json_string(&j, "reproduce", meta->reproduce);
    if (meta->record)
        wr_json_string(&j, "record", meta->record);
    wr_json_open(&j, "counts", '{');
    wr_json_uint(&j, "retired", d->counts.retired);
    wr_json_uint(&j, "compared", d->counts.compared);
    wr_json_uint(&j, "mismatched", d->counts.mismatched);
    wr_json_uint(&j, "adopted", d->counts.adopted);
    wr_json_close(&j);
    wr_json_string(&j, "failure", d->failure);
    if (has_failure(d)) {
        wr_json_uint(&j, "cycle", d->cycle);
        wr_json_uint(&j, "warp", d->warp);
        wr_json_hex(&j, "pc", d->pc, 0);
        wr_json_string(&j, "field", d->field);
        wr_json_string(&j, "rule", d->rule);
        wr_json_string(&j, "rule_doc", rule_doc(d->rule, ref));
    }
    if (d->has_record) {
        char word[35];
        wr_word_format(&d->model->insn, word);
        wr_json_string(&j, "insn", word);
        wr_json_string(&j, "asm", d->asm_text);
        if (d->insn_rule) {
            wr_json_string(&j, "insn_rule", d->insn_rule);
            wr_json_string(&j, "insn_rule_doc", rule_doc(d->insn_rule, ref));
        }
        paths_json(&j, &d->model->why);
        wr_json_string(&j, "explanation", d->explanation);
        static const char *const what[] = { "value", "missing", "extra", "lanes" };
        wr_json_open(&j, "diffs", '[');
        for (unsigned i = 0; i < d->report.ndiffs && i < WR_MAX_DIFFS; i++) {
            const wr_diff *x = &d->report.diff[i];
            wr_json_open(&j, NULL, '{');
            wr_json_string(&j, "field", wr_retire_field_name(x->field));
            wr_json_string(&j, "rule", wr_retire_field_rule(x->field));
            wr_json_string(&j, "rule_doc", rule_doc(wr_retire_field_rule(x->field), ref));
            wr_json_string(&j, "what", what[x->what < 4 ? x->what : 0]);
            wr_json_uint(&j, "index", x->index);
            wr_json_uint(&j, "warp", x->warp);
            wr_json_hex(&j, "lanes", x->lanes, 8);
            wr_json_hex(&j, "model", x->model, 0);
            wr_json_hex(&j, "rtl", x->other, 0);
            wr_json_close(&j);
        }
        wr_json_close(&j);
    }
    wr_json_string(&j, "messages", d->messages);
    if (d->has_warp_history)
        hist_json(&j, "warp_history", &d->warp_history);
    hist_json(&j, "cta_history", &d->cta_history);
    wr_json_open(&j, "bars", '{');
    for (unsigned i = 0; i < d->nbars; i++) {
        char key[12];
        snprintf(key, sizeof key, "%u", d->bars[i].index);
        wr_json_open(&j, key, '{');
        wr_json_hex(&j, "word", d->bars[i].bar.word, 8);
        wr_json_hex(&j, "blocked", d->bars[i].bar.blocked, 8);
        wr_json_hex(&j, "arrived", d->bars[i].bar.arrived, 8);
        wr_json_close(&j);
    }
    wr_json_close(&j);
    wr_json_open(&j, "warps", '[');
    for (unsigned w = 0; w < d->nwarps; w++) {
        const wr_warp *x = &d->warps[w];
        wr_json_open(&j, NULL, '{');
        wr_json_uint(&j, "warp", w);
        wr_json_string(&j, "state", wr_run_state_name(x->run));
        wr_json_hex(&j, "pc", x->active_pc, 0);
        wr_json_hex(&j, "active", x->active, 8);
        wr_json_hex(&j, "valid", x->valid, 8);
        wr_json_hex(&j, "yield", x->yield, 8);
        wr_json_hex(&j, "sleep", x->sleep, 8);
        wr_json_hex(&j, "switch", x->swtch, 8);
        wr_json_close(&j);
    }
    wr_json_close(&j);
    rule_set rules;
    dump_rules(d, &rules);
    if (rules.n) {
        wr_json_open(&j, "rule_docs", '{');
        for (unsigned i = 0; i < rules.n; i++)
            wr_json_string(&j, rules.id[i], rule_doc(rules.id[i], ref));
        wr_json_close(&j);
    }
    wr_json_close(&j);
    fputc('\n', f);
}

/* ---- the files ----------------------------------------------------------------------- */

/* base + ext written by one writer through the one output helper (outfile.h):
 * a regular file is replaced whole, a device or FIFO written in place */
static int write_file(const wr_dump *d, void (*writer)(const wr_dump *, FILE *), const char *base, const char *ext,
                      char *err, size_t errsize)
{
    char path[WR_OUTFILE_PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s%s", base, ext) >= sizeof path) {
        snprintf(err, errsize, "cannot open '%s%s': %s", base, ext, strerror(ENAMETOOLONG));
        return -1;
    }
    if (!d) {
        snprintf(err, errsize, "cannot write '%s': %s", path, strerror(ENOMEM));
        return -1;
    }
    wr_outfile out;
    if (wr_outfile_open(&out, path, 0, err, errsize) != 0)
        return -1;
    writer(d, out.f);
    return wr_outfile_close(&out, err, errsize);
}

int wr_dump_write(const wr_dump *d, const char *base, char *err, size_t errsize)
{
    if (write_file(d, wr_dump_text, base, ".txt", err, errsize) != 0)
        return -1;
    return write_file(d, wr_dump_json, base, ".json", err, errsize);
}
