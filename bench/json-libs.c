/* json-libs.c - how docs/replay.md measured the Debian JSON libraries on a
 * JSONL trace: each line parsed into the library's tree (and, with a third
 * argument, every value walked: hex strings to integers), then freed.  Not
 * part of the build (the libraries are not dependencies of warpref):
 *
 *   apt-get install libjansson-dev libjson-c-dev libcjson-dev
 *   cc -O2 -DUSE_JANSSON bench/json-libs.c -ljansson -o jl && ./jl TRACE [walk]
 *   cc -O2 -DUSE_JSONC   bench/json-libs.c -ljson-c  -o jl && ./jl TRACE [walk]
 *   cc -O2 -DUSE_CJSON   bench/json-libs.c -lcjson   -o jl && ./jl TRACE [walk]
 *
 * TRACE: e.g. `warpref run bench/diverge.s --max-steps 100000
 * --trace-operands --trace t.jsonl`.  Prints records/s and MB/s. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(USE_JANSSON)
#include <jansson.h>
#define LIB "jansson"
#elif defined(USE_JSONC)
#include <json-c/json.h>
#define LIB "json-c"
#elif defined(USE_CJSON)
#include <cjson/cJSON.h>
#define LIB "cJSON"
#else
#error "define USE_JANSSON, USE_JSONC or USE_CJSON"
#endif

static uint64_t sink;
static uint64_t hex(const char *s) { return strtoull(s, NULL, 16); }

#if defined(USE_JANSSON)
static void walk(json_t *v)
{
    if (json_is_object(v)) {
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x) walk(x);
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x) walk(x);
    } else if (json_is_string(v)) {
        sink += hex(json_string_value(v));
    } else if (json_is_integer(v)) {
        sink += (uint64_t)json_integer_value(v);
    }
}
#elif defined(USE_JSONC)
static void walk(struct json_object *v)
{
    switch (json_object_get_type(v)) {
    case json_type_object: {
        json_object_object_foreach(v, k, x) {
            (void)k;
            walk(x);
        }
        break;
    }
    case json_type_array:
        for (size_t i = 0; i < json_object_array_length(v); i++)
            walk(json_object_array_get_idx(v, i));
        break;
    case json_type_string: sink += hex(json_object_get_string(v)); break;
    case json_type_int: sink += (uint64_t)json_object_get_int64(v); break;
    default: break;
    }
}
#else
static void walk(cJSON *v)
{
    if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
        cJSON *x;
        cJSON_ArrayForEach(x, v) walk(x);
    } else if (cJSON_IsString(v)) {
        sink += hex(v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        sink += (uint64_t)v->valuedouble;
    }
}
#endif

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f || fseek(f, 0, SEEK_END) != 0)
        return 2;
    const long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        return 2;
    buf[n] = 0;
    const int do_walk = argc > 2;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long recs = 0;
#if defined(USE_JSONC)
    struct json_tokener *tok = json_tokener_new();
#endif
    for (char *p = buf; p < buf + n;) {
        char *e = memchr(p, '\n', (size_t)(buf + n - p));
        if (!e)
            e = buf + n;
        const size_t len = (size_t)(e - p);
#if defined(USE_JANSSON)
        json_error_t err;
        json_t *v = json_loadb(p, len, 0, &err);
        if (!v)
            return 1;
        if (do_walk)
            walk(v);
        json_decref(v);
#elif defined(USE_JSONC)
        json_tokener_reset(tok);
        struct json_object *v = json_tokener_parse_ex(tok, p, (int)len);
        if (!v)
            return 1;
        if (do_walk)
            walk(v);
        json_object_put(v);
#else
        cJSON *v = cJSON_ParseWithLength(p, len);
        if (!v)
            return 1;
        if (do_walk)
            walk(v);
        cJSON_Delete(v);
#endif
        recs++;
        p = e + 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    const double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    printf("%s %s: %ld records, %.1f MB in %.3f s: %.0f records/s, %.0f MB/s\n", LIB,
           do_walk ? "parse + walk" : "parse", recs, (double)n / 1e6, s, (double)recs / s, (double)n / 1e6 / s);
    return (int)(sink & 0);
}
