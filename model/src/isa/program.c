/* program.c - a program (isa.h, wr_program): its life and what is asked of
 * it as a whole.  Made by the assembler (asm.c) or loaded here from a word
 * list (the output of `warpref asm`, the testbenches' +words=); freed here;
 * its words may replace its instructions one for one; its register count
 * sizes the register files of the runner and the checker. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpref/isa.h"

void wr_program_free(wr_program *prog)
{
    if (prog == NULL)
        return;
    free(prog->insns);
    free(prog->words);
    free(prog->lines);
    free(prog->consts);
    free(prog->filename);
    free(prog->illegal);
    memset(prog, 0, sizeof *prog);
}

/* R0..R(n-1): the registers a program can name (+1 for pairs). */
unsigned wr_program_nregs(const wr_program *p)
{
    unsigned n = 1;
    static const wr_field_id regs[] = { WR_F_RD, WR_F_RA, WR_F_RB, WR_F_RC, WR_F_RE };
    for (size_t i = 0; i < p->ninsns; i++) {
        const wr_insn *in = &p->insns[i];
        for (size_t k = 0; k < sizeof regs / sizeof regs[0]; k++) {
            if (!wr_form_has(in->form, regs[k]) || in->f[regs[k]] == WR_RZ)
                continue;
            unsigned top = (unsigned)in->f[regs[k]] + 2;
            if (top > n)
                n = top;
        }
    }
    return n > WR_RZ ? WR_RZ : n;
}

/* Lines of a word list: blank lines and lines whose first non-blank
 * character is '#' are skipped; every other line is one word, blanks around
 * it allowed. */
int wr_load_words(const char *text, const char *name, wr_program *out, char *err, size_t errsize)
{
    return wr_load_words_as(text, name, WR_PROFILE_NATIVE, out, err, errsize);
}

static int load_words(const char *text, const char *name, int profile, int any, wr_program *out, char *err,
                      size_t errsize);

int wr_load_words_as(const char *text, const char *name, int profile, wr_program *out, char *err,
                     size_t errsize)
{
    return load_words(text, name, profile, 0, out, err, errsize);
}

int wr_load_words_any(const char *text, const char *name, int profile, wr_program *out, char *err,
                      size_t errsize)
{
    return load_words(text, name, profile, 1, out, err, errsize);
}

/* An illegal word's stand-in (wr_load_words_any): a NOP with the word's
 * guard (bits 15:12, the same in every form), so both sides of a compare
 * read the same predicate. */
static void illegal_standin(const wr_word *word, wr_insn *in)
{
    wr_insn_init(in, WR_FORM_NOP_X);
    in->f[WR_F_PG] = (int64_t)wr_field_get(word, 12, 3);
    in->f[WR_F_PG_NOT] = (int64_t)wr_field_get(word, 15, 1);
}

static int load_words(const char *text, const char *name, int profile, int any, wr_program *out, char *err,
                      size_t errsize)
{
    size_t cap = 0;
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (profile < 0 || profile >= WR_PROFILE_COUNT)
        profile = WR_PROFILE_NATIVE;
    out->profile = (unsigned)profile;
    out->filename = strdup(name);
    if (out->filename == NULL) {
        snprintf(err, errsize, "%s:1:1: error: out of memory", name);
        return -1;
    }
    unsigned line = 0;
    for (const char *s = text; *s != '\0';) {
        line++;
        const char *nl = strchr(s, '\n');
        const char *e = nl ? nl : s + strlen(s);
        const char *next = nl ? nl + 1 : e;
        const char *p = s;
        while (p < e && (*p == ' ' || *p == '\t'))
            p++;
        const char *q = e;
        while (q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r'))
            q--;
        unsigned col = (unsigned)(p - s) + 1u;
        if (p == q || *p == '#') {
            s = next;
            continue;
        }
        char word_text[40];
        wr_word word;
        size_t wl = (size_t)(q - p);
        if (wl >= sizeof word_text || (memcpy(word_text, p, wl), word_text[wl] = '\0',
                                       wr_word_parse(word_text, &word) != 0)) {
            snprintf(err, errsize, "%s:%u:%u: error: not a 128-bit word (want 0x and 32 hex digits)",
                     name, line, col);
            goto fail;
        }
        if (out->ninsns == WR_MAX_INSNS) {
            snprintf(err, errsize, "%s:%u:%u: error: program too large (more than %d instructions)", name,
                     line, col, WR_MAX_INSNS);
            goto fail;
        }
        if (out->ninsns == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            wr_insn *in = realloc(out->insns, ncap * sizeof *in);
            if (in)
                out->insns = in;
            wr_word *wd = realloc(out->words, ncap * sizeof *wd);
            if (wd)
                out->words = wd;
            uint32_t *ln = realloc(out->lines, ncap * sizeof *ln);
            if (ln)
                out->lines = ln;
            uint8_t *il = any ? realloc(out->illegal, ncap) : NULL;
            if (il)
                out->illegal = il;
            if (!in || !wd || !ln || (any && !il)) {
                snprintf(err, errsize, "%s:%u:%u: error: out of memory", name, line, col);
                goto fail;
            }
            cap = ncap;
        }
        char msg[200];
        wr_insn *in = &out->insns[out->ninsns];
        const int bad = wr_decode(&word, in, msg, sizeof msg) != 0;
        if (any) {
            out->illegal[out->ninsns] = (uint8_t)bad;
            if (bad)
                illegal_standin(&word, in);
        } else if (bad) {
            snprintf(err, errsize, "%s:%u:%u: error: illegal encoding: %s", name, line, col, msg);
            goto fail;
        }
        if (!any && !wr_form_in_profile(in->form, (unsigned)profile)) {   /* SPEC-NOTES G-01 */
            snprintf(err, errsize, "%s:%u:%u: error: %s (%s) is not an instruction of the %s profile",
                     name, line, col, wr_op_name(in), wr_forms[in->form].name, wr_profile_name((unsigned)profile));
            goto fail;
        }
        out->words[out->ninsns] = word;
        out->lines[out->ninsns] = line;
        out->ninsns++;
        s = next;
    }
    if (out->ninsns == 0) {
        snprintf(err, errsize, "%s:1:1: error: no instruction words", name);
        goto fail;
    }
    return 0;
fail:
    wr_program_free(out);
    return rc;
}

int wr_program_take_words(wr_program *prog, wr_program *words, char *err, size_t errsize)
{
    if (prog->ninsns != words->ninsns) {
        snprintf(err, errsize, "%s:1:1: error: %zu word%s, but %s has %zu instruction%s (the words replace them "
                 "one for one)", words->filename ? words->filename : "<words>", words->ninsns,
                 words->ninsns == 1 ? "" : "s", prog->filename ? prog->filename : "the program", prog->ninsns,
                 prog->ninsns == 1 ? "" : "s");
        return -1;
    }
    free(prog->insns);
    free(prog->words);
    free(prog->lines);
    free(prog->illegal);
    prog->insns = words->insns;
    prog->words = words->words;
    prog->lines = words->lines;
    prog->illegal = words->illegal;
    words->insns = NULL;
    words->words = NULL;
    words->lines = NULL;
    words->illegal = NULL;
    words->ninsns = 0;
    return 0;
}
