/* wtb_seal.c - for the tests that edit a binary trace (tests/check_replay.py,
 * the bad-input catalogue's inputs): write the header's and every record's
 * checksum again (wr_trace_seal), so that the reader sees the edit itself
 * rather than a checksum that no longer matches.
 *
 * Usage: wtb_seal FILE   (in place; status 0, or 2 with one line) */
#include <stdio.h>
#include <stdlib.h>

#include "warpref.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: wtb_seal FILE.wtb\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r+b");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0, n;
    do {
        if (len == cap) {
            cap = cap ? 2 * cap : 1 << 16;
            uint8_t *b = realloc(buf, cap);
            if (!b) {
                fprintf(stderr, "%s: out of memory\n", argv[1]);
                return 2;
            }
            buf = b;
        }
        n = fread(buf + len, 1, cap - len, f);
        len += n;
    } while (n > 0);
    if (!wr_trace_seal(buf, len)) {
        fprintf(stderr, "%s: not a binary trace\n", argv[1]);
        return 2;
    }
    if (fseek(f, 0, SEEK_SET) != 0 || fwrite(buf, 1, len, f) != len || fclose(f) != 0) {
        perror(argv[1]);
        return 2;
    }
    free(buf);
    return 0;
}
