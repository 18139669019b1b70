/* input.c - the one reader of text inputs (programs, word lists); the
 * word-list loader that reads what it returns is isa/program.c's.
 *
 * Every text the tools read goes through wr_read_text: a named file or
 * standard input, read in chunks, checked as it arrives.  It stops at the
 * first NUL byte and past WR_TEXT_MAX bytes, so /dev/zero or an endless pipe
 * fails at once instead of filling memory, and it names the file, line and
 * column of the problem like every other input error.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "warpref/input.h"

enum { CHUNK = 1 << 16 };

/* line and column (1-based, in bytes) of offset `at` in text[0..at) */
static void locate(const char *text, size_t at, unsigned *line, unsigned *col)
{
    unsigned l = 1;
    size_t start = 0;
    for (size_t i = 0; i < at; i++)
        if (text[i] == '\n') {
            l++;
            start = i + 1;
        }
    *line = l;
    *col = (unsigned)(at - start) + 1u;
}

int wr_read_text(const char *path, char **text, size_t *len, char *err, size_t errsize)
{
    int from_stdin = strcmp(path, "-") == 0;
    const char *name = from_stdin ? "<stdin>" : path;
    FILE *f = from_stdin ? stdin : fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    int rc = -1;
    *text = NULL;
    if (f == NULL) {
        snprintf(err, errsize, "%s:1:1: error: cannot open: %s", name, strerror(errno));
        return -1;
    }
    for (;;) {
        if (cap - n < CHUNK + 1) {
            size_t ncap = cap ? cap * 2 : 2 * CHUNK;
            char *b = realloc(buf, ncap);
            if (b == NULL) {
                snprintf(err, errsize, "%s:1:1: error: out of memory", name);
                goto done;
            }
            buf = b;
            cap = ncap;
        }
        size_t want = CHUNK;
        if (want > (size_t)WR_TEXT_MAX + 1 - n)
            want = (size_t)WR_TEXT_MAX + 1 - n;
        errno = 0;
        size_t got = fread(buf + n, 1, want, f);
        const char *nul = got ? memchr(buf + n, '\0', got) : NULL;
        if (nul != NULL) {
            unsigned line, col;
            locate(buf, (size_t)(nul - buf), &line, &col);
            snprintf(err, errsize, "%s:%u:%u: error: NUL byte (not a text file)", name, line, col);
            goto done;
        }
        n += got;
        if (n > WR_TEXT_MAX) {
            unsigned line, col;
            locate(buf, WR_TEXT_MAX, &line, &col);
            snprintf(err, errsize, "%s:%u:%u: error: input larger than %d MiB", name, line, col,
                     WR_TEXT_MAX >> 20);
            goto done;
        }
        if (got < want) {
            if (ferror(f)) {
                unsigned line, col;
                locate(buf, n, &line, &col);
                snprintf(err, errsize, "%s:%u:%u: error: cannot read: %s", name, line, col,
                         strerror(errno ? errno : EIO));
                goto done;
            }
            break;
        }
    }
    buf[n] = '\0';
    *text = buf;
    buf = NULL;
    if (len)
        *len = n;
    rc = 0;
done:
    free(buf);
    if (!from_stdin)
        fclose(f);
    else
        clearerr(f);
    return rc;
}
