/* schema.c - the tables of the trace format's schema (schema.h) as data,
 * for the readers, and the trace formats' names. */
#include <string.h>

#include "schema.h"

#define WR_X_(name, key, type, width, when, rule, where, value) \
    { key, key, sizeof(key) - 1, WR_WHERE_##where, (unsigned)(when) },
const wr_trace_key wr_trace_keys[WR_K_COUNT] = { WR_TRACE_KEYS(WR_X_) };
#undef WR_X_

/* the nested tables: their values named "in.ra", "out.rd", "out.pd",
 * "warps: active", "fault: pc" in messages */
#define WR_KEY_ROW_(what, key, when) { key, what, sizeof(key) - 1, 0, (unsigned)(when) },
#define WR_X_(name, key, type, width, when, rule, value) WR_KEY_ROW_("in." key, key, when)
const wr_trace_key wr_trace_in_keys[WR_K_IN_COUNT] = { WR_TRACE_IN_KEYS(WR_X_) };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_KEY_ROW_("out." key, key, when)
const wr_trace_key wr_trace_out_keys[WR_K_OUT_COUNT] = { WR_TRACE_OUT_KEYS(WR_X_) };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_KEY_ROW_("out.pd", key, when)
const wr_trace_key wr_trace_pd_keys[WR_K_PD_COUNT] = { WR_TRACE_PD_KEYS(WR_X_) };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_KEY_ROW_("warps: " key, key, when)
const wr_trace_key wr_trace_warp_keys[WR_K_W_COUNT] = { WR_TRACE_WARP_KEYS(WR_X_) };
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) WR_KEY_ROW_("fault: " key, key, when)
const wr_trace_key wr_trace_fault_keys[WR_K_F_COUNT] = { WR_TRACE_FAULT_KEYS(WR_X_) };
#undef WR_X_

int wr_trace_key_find(const wr_trace_key *keys, unsigned count, const char *k, size_t n, unsigned from)
{
    for (unsigned c = 0, i = from < count ? from : 0; c < count; c++, i = i + 1 < count ? i + 1 : 0)
        if (keys[i].len == n && keys[i].name[0] == k[0] && memcmp(k, keys[i].name, n) == 0)
            return (int)i;
    return -1;
}

const char *wr_trace_insn_required_text(char *buf, size_t size)
{
    size_t at = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < WR_K_COUNT; i++) {
        const size_t n = wr_trace_keys[i].len;
        if (!(WR_KEYS_INSN_REQUIRED >> i & 1u) || at + n + 3 > size)
            continue;
        if (at) {
            memcpy(buf + at, ", ", 2);
            at += 2;
        }
        memcpy(buf + at, wr_trace_keys[i].name, n + 1);
        at += n;
    }
    return buf;
}

/* ---- the formats ---- */

static const struct {
    const char *name, *ext;
} formats[WR_TRACE_FMT_COUNT] = {
#define WR_X_(name, text, ext) { text, ext },
    WR_TRACE_FORMATS(WR_X_)
#undef WR_X_
};

const char *wr_trace_format_name(unsigned f) { return f < WR_TRACE_FMT_COUNT ? formats[f].name : "unknown"; }

unsigned wr_trace_format_for(const char *path)
{
    const size_t n = path ? strlen(path) : 0;
    for (unsigned f = 0; f < WR_TRACE_FMT_COUNT; f++) {
        const size_t k = strlen(formats[f].ext);
        if (f != WR_TRACE_FMT_JSONL && n > k && strcmp(path + n - k, formats[f].ext) == 0)
            return f;
    }
    return WR_TRACE_FMT_JSONL;
}
