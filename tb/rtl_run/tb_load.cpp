// tb_load.cpp - the C++ side of the standalone RTL testbench (tb_rtl_run.sv):
// loads a program for the RTL stub and names operations for the trace.
//
// Only the ISA table side of libwarpref is used here (assembler, word
// parser, the form/modifier -> name table): the RTL decodes and executes
// every instruction itself; nothing of the model's semantics or state is
// consulted.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "svdpi.h"
#include "warpref/isa.h"

namespace {
std::vector<wr_word> g_words;
std::vector<wr_const_init> g_consts;
}

// Load PATH: a .s file is assembled (words, .const values, .threads); any
// other file is read as `warpref asm` output (one 0x+32-hex-digit word per
// line, blank lines and # comments skipped).  Returns 0, or -1 after printing
// a message.  *threads is the program's .threads (0 if none), *profile its
// profile (wr_profile: `.profile`, else native; -1 for a word list, whose
// profile the words do not say).
extern "C" int tb_load(const char *path, int *ninsns, int *threads, int *profile)
{
    g_words.clear();
    g_consts.clear();
    *threads = 0;
    *profile = -1;
    size_t n = strlen(path);
    if (n >= 2 && strcmp(path + n - 2, ".s") == 0) {
        wr_program p;
        char err[512];
        if (wr_assemble_file(path, &p, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return -1;
        }
        g_words.assign(p.words, p.words + p.ninsns);
        g_consts.assign(p.consts, p.consts + p.nconsts);
        *threads = (int)p.threads;
        *profile = (int)p.profile;
        wr_program_free(&p);
    } else {
        FILE *f = fopen(path, "r");
        if (!f) {
            fprintf(stderr, "tb: cannot open %s\n", path);
            return -1;
        }
        char line[256];
        unsigned lineno = 0;
        while (fgets(line, sizeof line, f)) {
            lineno++;
            char *s = line;
            while (*s == ' ' || *s == '\t') s++;
            size_t k = strcspn(s, "\r\n");
            s[k] = 0;
            while (k > 0 && (s[k - 1] == ' ' || s[k - 1] == '\t')) s[--k] = 0;
            if (!*s || *s == '#') continue;
            wr_word w;
            if (wr_word_parse(s, &w) != 0) {
                fprintf(stderr, "%s:%u: not an instruction word\n", path, lineno);
                fclose(f);
                return -1;
            }
            g_words.push_back(w);
        }
        fclose(f);
    }
    *ninsns = (int)g_words.size();
    return 0;
}

// the spelling of a profile ("sass")
extern "C" const char *tb_profile_name(int profile) { return wr_profile_name((unsigned)profile); }

extern "C" void tb_word(int i, svBitVecVal *w)
{
    for (int k = 0; k < 4; k++) w[k] = g_words[(size_t)i].w[k];
}

extern "C" int tb_nconsts(void) { return (int)g_consts.size(); }

// word address {bank, offset[15:2]} and value of the i-th .const word
extern "C" void tb_const(int i, int *addr, int *value)
{
    const wr_const_init &c = g_consts[(size_t)i];
    *addr = (int)(((unsigned)c.bank << 14) | ((unsigned)c.offset >> 2));
    *value = (int)c.value;
}

// The trace name (TRACE-FORMAT `op`) of the form the RTL decoded, with the
// values of the form's fields in the word (its modifier field, and the
// other modifiers a row spells: ptx's .aligned and and/or).
extern "C" const char *tb_op_name(int form, const svBitVecVal *w)
{
    if (form < 0 || form >= WR_FORM_COUNT) return "ILLEGAL";
    wr_word word;
    for (int k = 0; k < 4; k++) word.w[k] = w[k];
    wr_insn in;
    wr_insn_init(&in, (wr_form)form);
    const wr_form_desc *fd = &wr_forms[form];
    for (unsigned i = 0; i < fd->nfields; i++)
        in.f[fd->fields[i].id] = (int64_t)wr_field_get(&word, fd->fields[i].lsb, fd->fields[i].width);
    return wr_op_name(&in);
}

// The disassembly of the word at pc (TRACE-FORMAT `asm`, JSON-escaped), for
// people reading the trace; "?" for a word the table does not decode.
extern "C" const char *tb_disasm(const svBitVecVal *w, unsigned long long pc)
{
    static char out[512];
    wr_word word;
    for (int k = 0; k < 4; k++) word.w[k] = w[k];
    wr_insn in;
    char text[256];
    if (wr_decode(&word, &in, NULL, 0) != 0) return "?";
    wr_disasm(&in, (uint64_t)pc, text, sizeof text);
    size_t n = 0;
    for (const char *t = text; *t && n + 2 < sizeof out; t++) {
        if (*t == '"' || *t == '\\') out[n++] = '\\';
        out[n++] = *t;
    }
    out[n] = 0;
    return out;
}

extern "C" void tb_exit(int code)
{
    fflush(stdout);
    fflush(stderr);
    exit(code);
}
