/* json.c - writing JSON (json.h): the string escape and the small writer
 * that keeps the commas of the values it has open. */
#include <inttypes.h>

#include "warpref/json.h"

void wr_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        const unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch == '\n')
            fputs("\\n", f);
        else if (ch < 0x20)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

void wr_json_init(wr_json *j, FILE *f)
{
    j->f = f;
    j->depth = 0;
}

/* the separator before an item of the innermost open value, and its key */
static void item(wr_json *j, const char *key)
{
    if (j->depth) {
        if (j->items[j->depth - 1])
            fputc(',', j->f);
        j->items[j->depth - 1] = 1;
    }
    if (key) {
        wr_json_str(j->f, key);
        fputc(':', j->f);
    }
}

void wr_json_open(wr_json *j, const char *key, char brace)
{
    if (j->depth >= WR_JSON_DEPTH)
        return;
    item(j, key);
    fputc(brace, j->f);
    j->close[j->depth] = brace == '[' ? ']' : '}';
    j->items[j->depth++] = 0;
}

void wr_json_close(wr_json *j)
{
    if (j->depth)
        fputc(j->close[--j->depth], j->f);
}

void wr_json_string(wr_json *j, const char *key, const char *s)
{
    item(j, key);
    wr_json_str(j->f, s);
}

void wr_json_uint(wr_json *j, const char *key, uint64_t v)
{
    item(j, key);
    fprintf(j->f, "%" PRIu64, v);
}

void wr_json_bool(wr_json *j, const char *key, int v)
{
    item(j, key);
    fputs(v ? "true" : "false", j->f);
}

void wr_json_null(wr_json *j, const char *key)
{
    item(j, key);
    fputs("null", j->f);
}

void wr_json_hex(wr_json *j, const char *key, uint64_t v, unsigned digits)
{
    item(j, key);
    fprintf(j->f, "\"0x%0*" PRIx64 "\"", (int)digits, v);
}
