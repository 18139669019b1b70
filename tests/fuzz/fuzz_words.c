/* fuzz_words.c - libFuzzer target: the word-list reader (what `warpref
 * disasm` reads) on arbitrary text, under each profile (SPEC-NOTES section
 * 8), then the disassembler and the assembler on its output: every decoded
 * word disassembles into text that assembles back into the same word under
 * the same profile (a `.profile` line first). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpref.h"
#include "fuzz.h"

/* the words of `text` under `profile`: loaded, and the first 17 round-tripped */
static void one_profile(const char *text, unsigned profile)
{
    wr_program prog;
    char err[512];
    if (wr_load_words_as(text, "fuzz.hex", (int)profile, &prog, err, sizeof err) != 0) {
        fuzz_check_error(err, "fuzz.hex:");
        return;
    }
    fuzz_check_program(&prog);
    char head[32];
    snprintf(head, sizeof head, ".profile %s\n", wr_profile_name(profile));
    for (size_t i = 0; i < prog.ninsns; i++) {
        char line[256];
        uint64_t pc = (uint64_t)i * WR_INST_SIZE;
        wr_disasm(&prog.insns[i], pc, line, sizeof line);
        /* the text at its own address: a `.` placed at pc by NOPs before it */
        size_t n = strlen(head) + (size_t)i * 5 + strlen(line) + 8;
        char *src = malloc(n);
        if (!src)
            abort();
        char *p = src + strlen(head);
        memcpy(src, head, strlen(head));
        for (size_t k = 0; k < i; k++, p += 4)
            memcpy(p, "NOP\n", 4);
        snprintf(p, n - (size_t)(p - src), "%s\n", line);
        wr_program back;
        char err2[512];
        if (wr_assemble(src, "back.s", &back, err2, sizeof err2) != 0) {
            fprintf(stderr, "%s: disassembly of word %zu does not assemble: %s\n", wr_profile_name(profile), i,
                    err2);
            abort();
        }
        if (memcmp(&back.words[i], &prog.words[i], sizeof prog.words[i]) != 0) {
            fprintf(stderr, "%s: word %zu: disassemble + assemble gives another word\n", wr_profile_name(profile),
                    i);
            abort();
        }
        wr_program_free(&back);
        free(src);
        if (i >= 16)             /* the quadratic NOP prefix: a few words are enough */
            break;
    }
    wr_program_free(&prog);
}

/* the same text with illegal words allowed (+words=): it loads exactly when
 * the text is a word list, and every word it loads is the strict reader's or
 * an illegal one with its NOP stand-in */
static void any_words(const char *text)
{
    wr_program any, strict;
    char err[512], err2[512];
    const int rc = wr_load_words_any(text, "fuzz.hex", WR_PROFILE_NATIVE, &any, err, sizeof err);
    const int rs = wr_load_words(text, "fuzz.hex", &strict, err2, sizeof err2);
    if (rc != 0) {
        fuzz_check_error(err, "fuzz.hex:");
        if (rs == 0) {
            fprintf(stderr, "wr_load_words_any refused what wr_load_words loads: %s\n", err);
            abort();
        }
        return;
    }
    for (size_t i = 0; i < any.ninsns; i++) {
        wr_insn in;
        if ((wr_decode(&any.words[i], &in, NULL, 0) != 0) != any.illegal[i] ||
            (any.illegal[i] && any.insns[i].form != WR_FORM_NOP_X)) {
            fprintf(stderr, "word %zu: the illegal mark or its stand-in is wrong\n", i);
            abort();
        }
    }
    if (rs == 0)
        wr_program_free(&strict);
    wr_program_free(&any);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    any_words(text);
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
        one_profile(text, p);
    free(text);
    return 0;
}
