/* warpref/json.h - the one way the project writes JSON: a string escaped
 * (wr_json_str), and a small writer that puts the braces, commas and
 * colons (wr_json_*), compact, keys in the order written.
 *
 *   wr_json j;
 *   wr_json_init(&j, f);
 *   wr_json_open(&j, NULL, '{');            {
 *   wr_json_string(&j, "test", name);         "test":"..."
 *   wr_json_uint(&j, "cycle", 7);             ,"cycle":7
 *   wr_json_hex(&j, "active", m, 8);          ,"active":"0x000000ff"
 *   wr_json_open(&j, "paths", '[');           ,"paths":[
 *   wr_json_string(&j, NULL, "BAR.sync");       "BAR.sync"
 *   wr_json_close(&j);                        ]
 *   wr_json_close(&j);                      }
 *
 * A key is NULL for an array's item and for the outermost value.  Write
 * errors are the stream's (ferror; wr_outfile_close reports them). */
#ifndef WARPREF_JSON_H
#define WARPREF_JSON_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* s as a quoted JSON string: '"' and '\\' escaped with a backslash, a
 * newline as \n, every other byte below 0x20 as \u00XX, the rest as it is
 * (UTF-8 passes through).  NULL is "". */
void wr_json_str(FILE *f, const char *s);

enum { WR_JSON_DEPTH = 32 };

typedef struct wr_json {
    FILE *f;
    unsigned depth;              /* values open */
    char close[WR_JSON_DEPTH];   /* per open value: the character that closes it */
    uint8_t items[WR_JSON_DEPTH];/* per open value: it has an item (the next takes a comma) */
} wr_json;

void wr_json_init(wr_json *j, FILE *f);

/* An object ('{') or an array ('['), as the value of key; its items follow
 * until wr_json_close.  At most WR_JSON_DEPTH open at once (the caller's to
 * keep: the project's documents nest four deep). */
void wr_json_open(wr_json *j, const char *key, char brace);
void wr_json_close(wr_json *j);

void wr_json_string(wr_json *j, const char *key, const char *s);   /* s NULL: "" */
void wr_json_uint(wr_json *j, const char *key, uint64_t v);
void wr_json_bool(wr_json *j, const char *key, int v);
void wr_json_null(wr_json *j, const char *key);
/* v as a string "0x..." in hex, at least `digits` digits (0: as few as it needs) */
void wr_json_hex(wr_json *j, const char *key, uint64_t v, unsigned digits);

#ifdef __cplusplus
}
#endif
#endif
