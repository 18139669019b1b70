/* fuzz.h - what the libFuzzer targets share. */
#ifndef WARPREF_FUZZ_H
#define WARPREF_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a C string, as wr_read_text would hand it over: NULL (skip)
 * when it holds a NUL byte, which the reader rejects before any parser. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    if (memchr(data, 0, size))
        return NULL;
    char *t = malloc(size + 1);
    if (!t)
        abort();
    memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

/* An error message is one line starting with the file name. */
static inline void fuzz_check_error(const char *err, const char *prefix)
{
    if (strncmp(err, prefix, strlen(prefix)) != 0 || strchr(err, '\n') || !strstr(err, ": error: ")) {
        fprintf(stderr, "malformed error message: '%s'\n", err);
        abort();
    }
}

/* Every instruction of a program encodes to its word and decodes back to
 * the same instruction. */
static inline void fuzz_check_program(const wr_program *prog)
{
    for (size_t i = 0; i < prog->ninsns; i++) {
        wr_insn in;
        wr_word w;
        char msg[200];
        if (wr_decode(&prog->words[i], &in, msg, sizeof msg) != 0) {
            fprintf(stderr, "instruction %zu does not decode: %s\n", i, msg);
            abort();
        }
        if (wr_encode(&in, &w, msg, sizeof msg) != 0 || memcmp(&w, &prog->words[i], sizeof w) != 0) {
            fprintf(stderr, "instruction %zu: decode + encode gives another word\n", i);
            abort();
        }
    }
}

#endif
