/* view.c - `warpref view`: the lane x time picture of one warp (view.h).
 * Traces are read through the library's one reader (wr_trace_read), dumps
 * with Jansson (Debian's libjansson-dev); the SVG is plain text. */
#include "view.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <string.h>
#include <sys/stat.h>

#include "warpref.h"

static const char *const mask_name[VIEW_MASKS] = { "ActiveMask", "ValidMask", "YieldMask", "SleepMask" };
static const char *const mask_class[VIEW_MASKS] = { "active", "valid", "yield", "sleep" };
static const char *const mask_colour[VIEW_MASKS] = { "#2e9e4f", "#4a7fc1", "#f0a030", "#8e6cc4" };

/* ---- reading -------------------------------------------------------------------------- */

static void side_from_rec(view_side *s, const wr_trace_rec *r)
{
    s->known = s->timed = 1;
    s->t = r->t;
    s->pc = r->pc;
    s->next_pc = r->next_pc;
    s->mask[0] = r->active;
    s->mask[1] = r->valid;
    s->mask[2] = r->yield;
    s->mask[3] = r->sleep;
    /* a text the record derives from its word is derived once the columns
     * are known (a disassembly per record read would cost more than the read) */
    s->derive_asm = (r->keys & WR_TK_ASM) != 0;
    s->derive = s->derive_asm ? r->asm_derived : r->op_derived;
    if (s->derive)
        memcpy(s->word, r->insn.w, sizeof s->word);
    else
        wr_trace_rec_text(r, s->text, sizeof s->text);
}

/* the texts left to derive, of the columns kept */
static void derive_texts(view_pic *p, unsigned side)
{
    static wr_trace_rec r;
    for (unsigned i = 0; i < p->ncols; i++) {
        view_side *s = &p->col[i].side[side];
        if (!s->known || !s->derive)
            continue;
        memcpy(r.insn.w, s->word, sizeof s->word);
        r.pc = s->pc;
        r.keys = s->derive_asm ? WR_TK_ASM : 0;
        r.asm_derived = r.op_derived = 1;
        wr_trace_rec_text(&r, s->text, sizeof s->text);
        s->derive = 0;
    }
}

/* "0-3,5": the warps of a bit set */
static void warp_list(uint32_t set, char *buf, size_t size)
{
    buf[0] = '\0';
    for (unsigned w = 0; w < 32; w++) {
        if (!(set >> w & 1u) || (w > 0 && (set >> (w - 1) & 1u)))
            continue;
        unsigned e = w;
        while (e + 1 < 32 && (set >> (e + 1) & 1u))
            e++;
        const size_t n = strlen(buf);
        if (e == w)
            snprintf(buf + n, size - n, "%s%u", n ? "," : "", w);
        else
            snprintf(buf + n, size - n, "%s%u-%u", n ? "," : "", w, e);
    }
}

static void reverse(view_col *c, unsigned a, unsigned b)      /* c[a..b) */
{
    for (; a + 1 < b; a++, b--) {
        const view_col t = c[a];
        c[a] = c[b - 1];
        c[b - 1] = t;
    }
}

/* the columns in time order when the ring wrapped (rotated in place) */
static void unwrap(view_pic *p)
{
    if (p->in_window <= VIEW_MAX_COLS)
        return;
    const unsigned start = (unsigned)(p->in_window % VIEW_MAX_COLS);
    reverse(p->col, 0, start);
    reverse(p->col, start, VIEW_MAX_COLS);
    reverse(p->col, 0, VIEW_MAX_COLS);
}

int view_from_trace(view_pic *p, const char *path, unsigned side, char *err, size_t errsize)
{
    wr_trace_reader *r = wr_trace_open(path, err, errsize);
    if (!r)
        return -1;
    snprintf(p->side_name[side], sizeof p->side_name[side], "%s", wr_trace_reader_name(r));
    const char *name = p->side_name[side];
    const wr_trace_rec *rec;
    const wr_trace_final *fin;
    uint64_t k = 0, n = 0, first_t = 0, last_t = 0;
    uint32_t warps = 0;
    unsigned j = 0;
    int kind;
    while ((kind = wr_trace_read(r, &rec, &fin, err, errsize)) > 0) {
        if (kind != WR_TRACE_INSN)
            continue;
        warps |= 1u << (rec->warp & 31u);
        if (rec->warp != p->warp)
            continue;
        if (++k == 1)
            first_t = rec->t;
        last_t = rec->t;
        if (side == 0) {
            if (rec->t < p->from || rec->t > p->to)
                continue;
            view_col *c = &p->col[n++ % VIEW_MAX_COLS];
            memset(c, 0, sizeof *c);
            c->k = k;
            side_from_rec(&c->side[0], rec);
        } else {
            while (j < p->ncols && p->col[j].k < k)
                j++;
            if (j < p->ncols && p->col[j].k == k)
                side_from_rec(&p->col[j].side[1], rec);
        }
    }
    wr_trace_close(r);
    if (kind == WR_TRACE_ERROR)
        return -1;
    if (k == 0) {
        char list[128];
        warp_list(warps, list, sizeof list);
        if (warps)
            snprintf(err, errsize, "warpref: view: %s: warp %u issued no instruction (the trace's warps: %s)", name,
                     p->warp, list);
        else
            snprintf(err, errsize, "warpref: view: %s: the trace has no instruction records", name);
        return -1;
    }
    if (side == 0) {
        if (n == 0) {
            snprintf(err, errsize, "warpref: view: %s: warp %u issued no instruction in the window (it issued %" PRIu64
                     " at t %" PRIu64 "..%" PRIu64 ")", name, p->warp, k, first_t, last_t);
            return -1;
        }
        p->in_window = n;
        p->ncols = n < VIEW_MAX_COLS ? (unsigned)n : VIEW_MAX_COLS;
        unwrap(p);
        p->nsides = 1;
    } else {
        p->nsides = 2;
    }
    derive_texts(p, side);
    return 0;
}

void view_trace_title(view_pic *p)
{
    char more[64] = "";
    if (p->in_window > p->ncols)
        snprintf(more, sizeof more, ", the last %u drawn", p->ncols);
    const uint64_t a = p->col[0].side[0].t, b = p->col[p->ncols - 1].side[0].t;
    if (p->nsides == 2)
        snprintf(p->title, sizeof p->title, "%s vs %s: warp %u, t %" PRIu64 "..%" PRIu64 " of %s (%" PRIu64
                 " instructions%s)", p->side_name[0], p->side_name[1], p->warp, a, b, p->side_name[0], p->in_window,
                 more);
    else
        snprintf(p->title, sizeof p->title, "%s: warp %u, t %" PRIu64 "..%" PRIu64 " (%" PRIu64 " instructions%s)",
                 p->side_name[0], p->warp, a, b, p->in_window, more);
}

/* a mismatch dump's hex string field ("0x...") */
static int dump_hex(json_t *o, const char *key, uint64_t max, uint64_t *v)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s && strncmp(s, "0x", 2) == 0 && wr_num_parse(s, 0, max, v, NULL, 0) == WR_NUM_OK ? 0 : -1;
}

/* one side of a history row: 0 (known or null), or -1 naming the bad key */
static int dump_side(json_t *o, view_side *s, const char **bad)
{
    static const char *const keys[VIEW_MASKS] = { "active", "valid", "yield", "sleep" };
    if (json_is_null(o))
        return 0;
    if (!json_is_object(o)) {
        *bad = "model' or 'rtl";
        return -1;
    }
    if (dump_hex(o, "pc", UINT64_MAX, &s->next_pc) != 0) {
        *bad = "pc";
        return -1;
    }
    for (unsigned m = 0; m < VIEW_MASKS; m++) {
        uint64_t v;
        if (dump_hex(o, keys[m], UINT32_MAX, &v) != 0) {
            *bad = keys[m];
            return -1;
        }
        s->mask[m] = (uint32_t)v;
    }
    s->known = 1;
    return 0;
}

static int dump_int(json_t *o, const char *key, uint64_t max, uint64_t *v)
{
    json_t *x = json_object_get(o, key);
    if (!json_is_integer(x) || json_integer_value(x) < 0 || (uint64_t)json_integer_value(x) > max)
        return -1;
    *v = (uint64_t)json_integer_value(x);
    return 0;
}

/* the rows of the dump's history: the columns of the warp in the window */
static int dump_rows(view_pic *p, json_t *rows, const char *hname, const char *name, int have_fail, uint64_t fcycle,
                     uint64_t fwarp, int *any_known, char *err, size_t errsize)
{
    size_t i;
    json_t *row;
    json_array_foreach(rows, i, row) {
        uint64_t cycle, warp, pc;
        if (!json_is_object(row) || dump_int(row, "cycle", UINT64_MAX, &cycle) != 0 ||
            dump_int(row, "warp", WR_MAX_WARPS - 1, &warp) != 0 || dump_hex(row, "pc", UINT64_MAX, &pc) != 0) {
            snprintf(err, errsize, "warpref: view: %s: %s[%zu]: not a history row (cycle, warp, pc, model, rtl)",
                     name, hname, i);
            return -1;
        }
        if (warp == p->warp && cycle >= p->from && cycle <= p->to) {
            view_col *c = &p->col[p->in_window++ % VIEW_MAX_COLS];
            memset(c, 0, sizeof *c);
            c->k = p->in_window;
            const char *text = json_string_value(json_object_get(row, "asm"));
            const char *bad = NULL;
            for (unsigned s = 0; s < 2; s++) {
                c->side[s].timed = 1;
                c->side[s].t = cycle;
                c->side[s].pc = pc;
                snprintf(c->side[s].text, sizeof c->side[s].text, "%s", text ? text : "?");
                /* (a dump written before the RTL side was named: "other") */
                json_t *o = json_object_get(row, s ? "rtl" : "model");
                if (s && !o)
                    o = json_object_get(row, "other");
                if (dump_side(o, &c->side[s], &bad) != 0) {
                    snprintf(err, errsize, "warpref: view: %s: %s[%zu].%s: '%s' is not a hex string", name, hname,
                             i, s ? "rtl" : "model", bad);
                    return -1;
                }
                *any_known |= c->side[s].known;
            }
        }
        if (have_fail && cycle == fcycle && warp == fwarp) {
            p->last_fails = warp == p->warp && cycle >= p->from && cycle <= p->to;
            break;              /* up to the failing record */
        }
    }
    return 0;
}

int view_from_dump(view_pic *p, const char *path, char *err, size_t errsize)
{
    const int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "<stdin>" : path;
    FILE *f = is_stdin ? stdin : fopen(path, "r");
    struct stat st;
    if (f && !is_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);                  /* fopen opens a directory; reading it fails */
        f = NULL;
        errno = EISDIR;
    }
    if (!f) {
        snprintf(err, errsize, "warpref: view: cannot open the dump '%s': %s", path, strerror(errno));
        return -1;
    }
    json_error_t je;
    errno = 0;
    json_t *d = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
    const int read_errno = ferror(f) ? (errno ? errno : EIO) : 0;
    if (!is_stdin)
        fclose(f);
    if (read_errno) {               /* not the text's fault: the OS's reason */
        json_decref(d);
        snprintf(err, errsize, "warpref: view: cannot read the dump '%s': %s", name, strerror(read_errno));
        return -1;
    }
    if (!d) {
        snprintf(err, errsize, "%s:%d:%d: error: not JSON: %s", name, je.line, je.column, je.text);
        return -1;
    }
    int rc = -1, any_known = 0;
    uint64_t fwarp, fcycle = 0;
    json_t *hist = json_object_get(d, "warp_history");
    const int have_fail = dump_int(d, "cycle", UINT64_MAX, &fcycle) == 0;
    if (!json_is_object(d) || !json_is_array(hist) || dump_int(d, "warp", WR_MAX_WARPS - 1, &fwarp) != 0) {
        snprintf(err, errsize, "warpref: view: %s: not a mismatch dump (no 'warp' and 'warp_history', docs/dumps.md)",
                 name);
        goto out;
    }
    if (!p->have_warp)
        p->warp = (unsigned)fwarp;
    const char *hname = p->warp == fwarp ? "warp_history" : "cta_history";
    json_t *rows = p->warp == fwarp ? hist : json_object_get(d, hname);
    if (!json_is_array(rows)) {
        snprintf(err, errsize, "warpref: view: %s: not a mismatch dump (no 'cta_history', docs/dumps.md)", name);
        goto out;
    }
    p->in_window = 0;
    if (dump_rows(p, rows, hname, name, have_fail, fcycle, fwarp, &any_known, err, errsize) != 0)
        goto out;
    if (p->in_window == 0) {
        snprintf(err, errsize, "warpref: view: %s: warp %u has no instruction in the dump's %s%s", name, p->warp,
                 hname, p->from > 0 || p->to < UINT64_MAX ? " in the window" : "");
        goto out;
    }
    if (!any_known) {
        snprintf(err, errsize, "warpref: view: %s: the dump's history has no lane states (written by an older warpref)",
                 name);
        goto out;
    }
    p->ncols = p->in_window < VIEW_MAX_COLS ? (unsigned)p->in_window : VIEW_MAX_COLS;
    unwrap(p);
    p->nsides = 2;
    /* the other side as the dump names it ("RTL", a replay's "trace") */
    const char *side = json_string_value(json_object_get(d, "side"));
    snprintf(p->side_name[0], sizeof p->side_name[0], "model (reference)");
    snprintf(p->side_name[1], sizeof p->side_name[1], "%s", side && *side ? side : "RTL");
    const char *field = json_string_value(json_object_get(d, "field"));
    char fail[200] = "";
    if (have_fail)
        snprintf(fail, sizeof fail, "; the failure: warp %" PRIu64 " at cycle %" PRIu64 "%s%s%s", fwarp, fcycle,
                 field ? " (" : "", field ? field : "", field ? ")" : "");
    snprintf(p->title, sizeof p->title, "%s: warp %u, cycles %" PRIu64 "..%" PRIu64 "%s", name, p->warp,
             p->col[0].side[0].t, p->col[p->ncols - 1].side[0].t, fail);
    rc = 0;
out:
    json_decref(d);
    return rc;
}

/* ---- drawing --------------------------------------------------------------------------- */

/* Geometry (px): a column CW wide, a lane CH high; the bands of a panel one
 * under the other, BGAP apart, from TOP; the panels PGAP apart from LEFT.
 * Above the bands, horizontal text in rows LH apart: OP_ROWS rows of
 * instruction names from OP_Y (a name where it does not overlap the next
 * one of its row, placed from the right, so the failing step always has
 * its own), then PC_ROWS rows of ActivePCs from PC_Y (column i in row
 * i % PC_ROWS: a label of up to PC_ROWS * CW / CHW characters without
 * overlap); below them the t, likewise from T_DY under the bands.  CHW:
 * the width of a character of the 8 px monospace type. */
enum { CW = 12, CH = 5, BAND = 32 * CH, BGAP = 16, TOP = 104, LEFT = 30, PGAP = 30,
       BOTTOM = TOP + VIEW_MASKS * BAND + (VIEW_MASKS - 1) * BGAP,
       LH = 9, CHW = 5, OP_ROWS = 3, OP_Y = 44, PC_ROWS = 3, PC_Y = 72, T_ROWS = 3, T_DY = 11,
       HEIGHT = BOTTOM + T_DY + (T_ROWS - 1) * LH + 30 };

/* the first n bytes of s (up to its end) as XML text: the five special characters escaped, anything but printable
 * ASCII as '?' (a file name in another encoding must not break the file) */
static void xmln(FILE *f, const char *s, size_t n)
{
    for (const char *e = s + n; s < e && *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (c == '"')
            fputs("&quot;", f);
        else if (c == '\'')
            fputs("&apos;", f);
        else
            fputc(c >= 0x20 && c < 0x7f ? c : '?', f);
    }
}

static void xml(FILE *f, const char *s) { xmln(f, s, strlen(s)); }

static int band_y(unsigned m) { return TOP + (int)m * (BAND + BGAP); }

/* the rectangles of the runs of set bits of v in band m (class cls) */
static void runs(FILE *f, uint32_t v, unsigned m, int x, const char *cls, const char *fill)
{
    for (unsigned l = 0; l < 32; l++) {
        if (!(v >> l & 1u))
            continue;
        unsigned e = l;
        while (e + 1 < 32 && (v >> (e + 1) & 1u))
            e++;
        if (fill)
            fprintf(f, "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>", cls, x,
                    band_y(m) + (int)l * CH, CW - 1, (int)(e - l + 1) * CH, fill);
        else
            fprintf(f, "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", cls, x + 1,
                    band_y(m) + (int)l * CH + 1, CW - 3, (int)(e - l + 1) * CH - 2);
        l = e;
    }
}

/* the instruction's name: its text's first word after a guard (`@P3 BRA.U
 * 0x40` names BRA.U); *len its length */
static const char *op_name(const view_side *s, size_t *len)
{
    const char *t = s->text;
    if (*t == '@')
        while (*t && *t++ != ' ')
            ;
    size_t n = 0;
    while (t[n] && t[n] != ' ')
        n++;
    *len = n;
    return t;
}

/* the row (0..OP_ROWS-1) of each column's instruction name on side s, or
 * -1 where it is left out: from the right, a name goes in the first row
 * where it ends before the name already placed to its right */
static void op_rows(const view_pic *p, unsigned s, signed char *row)
{
    int next[OP_ROWS];
    for (unsigned r = 0; r < OP_ROWS; r++)
        next[r] = INT32_MAX;
    for (unsigned i = p->ncols; i-- > 0;) {
        const view_side *me = &p->col[i].side[s];
        size_t len;
        op_name(me, &len);
        const int x = (int)i * CW, end = x + (int)len * CHW + 2;
        row[i] = -1;
        for (unsigned r = 0; me->known && len > 0 && r < OP_ROWS; r++)
            if (end <= next[r]) {
                row[i] = (signed char)r;
                next[r] = x;
                break;
            }
    }
}

static void column(FILE *f, const view_pic *p, unsigned i, unsigned s, int x, int oprow)
{
    const view_side *me = &p->col[i].side[s];
    const view_side *them = p->nsides == 2 ? &p->col[i].side[1 - s] : NULL;
    const int both = me->known && them && them->known;
    const int tx = x + 1, ty = BOTTOM + T_DY + (int)(i % T_ROWS) * LH;
    if (!me->known) {
        fprintf(f, "<g class=\"col unk\"><title>no state of instruction %" PRIu64 " of warp %u on this side</title>",
                p->col[i].k, p->warp);
        fprintf(f, "<rect class=\"unk\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x, TOP, CW - 1,
                BOTTOM - TOP);
        if (me->timed)
            fprintf(f, "<text class=\"t\" x=\"%d\" y=\"%d\">%" PRIu64 "</text>", tx, ty, me->t);
        fputs("</g>\n", f);
        return;
    }
    fprintf(f, "<g class=\"col\" data-t=\"%" PRIu64 "\">", me->t);
    fprintf(f, "<title>t %" PRIu64 "  pc 0x%" PRIx64 "  ", me->t, me->pc);
    xml(f, me->text);
    fprintf(f, "&#10;after: ActivePC 0x%" PRIx64 "  active 0x%08" PRIx32 "  valid 0x%08" PRIx32 "  yield 0x%08" PRIx32
            "  sleep 0x%08" PRIx32 "</title>", me->next_pc, me->mask[0], me->mask[1], me->mask[2], me->mask[3]);
    if (oprow >= 0) {
        size_t len;
        const char *name = op_name(me, &len);
        fprintf(f, "<text class=\"op\" x=\"%d\" y=\"%d\">", tx, OP_Y + oprow * LH);
        xmln(f, name, len);
        fputs("</text>", f);
    }
    fprintf(f, "<text class=\"pc%s\" x=\"%d\" y=\"%d\">0x%" PRIx64 "</text>",
            both && me->next_pc != them->next_pc ? " bad" : "", tx, PC_Y + (int)(i % PC_ROWS) * LH, me->next_pc);
    for (unsigned m = 0; m < VIEW_MASKS; m++)
        runs(f, me->mask[m], m, x, mask_class[m], mask_colour[m]);
    for (unsigned m = 0; both && m < VIEW_MASKS; m++)
        runs(f, me->mask[m] ^ them->mask[m], m, x, "diff", NULL);
    if (p->last_fails && i + 1 == p->ncols)
        fprintf(f, "<rect class=\"fail\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x - 1, OP_Y - LH,
                CW + 1, BOTTOM - OP_Y + LH + 2);
    fprintf(f, "<text class=\"t\" x=\"%d\" y=\"%d\">%" PRIu64 "</text></g>\n", tx, ty, me->t);
}

static void panel(FILE *f, const view_pic *p, unsigned s, int x0)
{
    fprintf(f, "<g class=\"panel\">\n<text class=\"ptl\" x=\"%d\" y=\"32\">", x0);
    xml(f, p->side_name[s]);
    fputs("</text>\n", f);
    const int w = (int)p->ncols * CW - 1;
    for (unsigned m = 0; m < VIEW_MASKS; m++)
        fprintf(f, "<text class=\"bl\" x=\"%d\" y=\"%d\">%s</text><rect class=\"band\" data-mask=\"%s\" x=\"%d\" "
                "y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ececec\"/>\n", x0, band_y(m) - 4, mask_name[m],
                mask_class[m], x0, band_y(m), w, BAND);
    signed char oprow[VIEW_MAX_COLS];
    op_rows(p, s, oprow);
    for (unsigned i = 0; i < p->ncols; i++)
        column(f, p, i, s, x0 + (int)i * CW, oprow[i]);
    fputs("</g>\n", f);
}

void view_svg(FILE *f, const view_pic *p)
{
    int any_unknown = 0;
    for (unsigned i = 0; i < p->ncols; i++)
        for (unsigned s = 0; s < p->nsides; s++)
            any_unknown |= !p->col[i].side[s].known;
    /* a panel's pitch: its columns, but at least its title and band names (9 px type) */
    int pw = (int)p->ncols * CW;
    for (unsigned k = 0; k < p->nsides; k++)
        if (pw < 6 * (int)strlen(p->side_name[k]) + 4)
            pw = 6 * (int)strlen(p->side_name[k]) + 4;
    if (pw < 60)
        pw = 60;
    const char *legend[VIEW_MASKS + 3] = { "ActiveMask set", "ValidMask set", "YieldMask set", "SleepMask set",
                                           p->nsides == 2 ? "differs" : NULL, any_unknown ? "not known" : NULL,
                                           p->last_fails ? "failing step" : NULL };
    static const char *const legend_class[3] = { "diff", "unk", "fail" };
    int lw = 0;
    for (unsigned k = 0; k < VIEW_MASKS + 3; k++)
        lw += legend[k] ? 12 + 6 * (int)strlen(legend[k]) + 14 : 0;
    int width = LEFT + (int)p->nsides * pw + ((int)p->nsides - 1) * PGAP + 10;
    if (width < LEFT + lw)
        width = LEFT + lw;
    if (width < 20 + 7 * (int)strlen(p->title))
        width = 20 + 7 * (int)strlen(p->title);
    const int height = HEIGHT;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "class=\"lanes\" font-family=\"monospace\" font-size=\"8\">\n<title>", width, height, width, height);
    xml(f, p->title);
    fputs("</title>\n<style>.lanes .ttl{font-size:11px;font-weight:bold}.lanes .ptl{font-size:10px;font-weight:bold}"
          ".lanes .bl,.lanes .lg{font-size:9px}.lanes .pc,.lanes .t,.lanes .op{font-size:8px}"
          ".lanes .op{fill:#2a4365}"
          ".lanes .bad{fill:#d00;font-weight:bold}.lanes .diff{fill:none;stroke:#d00;stroke-width:1.5}"
          ".lanes .fail{fill:none;stroke:#000;stroke-width:1.5}"
          ".lanes .unk{fill:#fff;stroke:#999;stroke-dasharray:2 2}</style>\n", f);
    fputs("<text class=\"ttl\" x=\"4\" y=\"16\">", f);
    xml(f, p->title);
    fputs("</text>\n", f);
    for (unsigned m = 0; m < VIEW_MASKS; m++)
        for (unsigned l = 0; l < 32; l += l == 24 ? 7 : 8)
            fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%u</text>", LEFT - 3, band_y(m) + (int)l * CH + CH,
                    l);
    fputc('\n', f);
    for (unsigned s = 0; s < p->nsides; s++)
        panel(f, p, s, LEFT + (int)s * (pw + PGAP));
    int x = LEFT;
    const int y = height - 10;
    for (unsigned k = 0; k < VIEW_MASKS + 3; k++) {
        if (!legend[k])
            continue;
        if (k < VIEW_MASKS)
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"9\" height=\"9\" fill=\"%s\"/>", x, y - 8, mask_colour[k]);
        else
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"9\" height=\"9\" class=\"%s\"/>", x, y - 8,
                    legend_class[k - VIEW_MASKS]);
        fprintf(f, "<text class=\"lg\" x=\"%d\" y=\"%d\">%s</text>\n", x + 12, y, legend[k]);
        x += 12 + 6 * (int)strlen(legend[k]) + 14;
    }
    fputs("</svg>\n", f);
}
