/* trace.c - writes the canonical JSONL trace (TRACE-FORMAT.md).  Keys, hex
 * formats and event strings follow that page to the letter; the key order
 * is the page's table order. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "trace.h"

static const char hexd[] = "0123456789abcdef";

/* remember the first failure, its errno and whether the spool had it */
static void fail_on(wr_tw *tw, int errnum, int spool)
{
    if (tw->err)
        return;
    tw->err = 1;
    tw->errnum = errnum ? errnum : EIO;
    tw->err_spool = spool;
}

/* a failure of tw->f: the spool's when spooling */
static void fail(wr_tw *tw, int errnum) { fail_on(tw, errnum, tw->out != NULL); }

static int reserve(wr_tw *tw, size_t n)
{
    if (tw->len + n <= tw->cap)
        return 0;
    if (tw->len && tw->f) {                 /* flush what we have first */
        if (fwrite(tw->buf, 1, tw->len, tw->f) != tw->len)
            fail(tw, errno);
        tw->len = 0;
        if (n <= tw->cap)
            return 0;
    }
    size_t cap = tw->cap ? tw->cap : 1 << 16;
    while (cap < tw->len + n)
        cap *= 2;
    char *b = realloc(tw->buf, cap);
    if (!b) {
        fail(tw, ENOMEM);
        return -1;
    }
    tw->buf = b;
    tw->cap = cap;
    return 0;
}

static void put(wr_tw *tw, const char *s, size_t n)
{
    if (reserve(tw, n) != 0)
        return;
    memcpy(tw->buf + tw->len, s, n);
    tw->len += n;
    tw->bytes += n;
}

static void puts_(wr_tw *tw, const char *s) { put(tw, s, strlen(s)); }

static void put_dec(wr_tw *tw, uint64_t v)
{
    char t[24];
    int i = (int)sizeof t;
    do {
        t[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    put(tw, t + i, sizeof t - (size_t)i);
}

/* "0x%0*x" with `digits` digits, or no padding when digits == 0 */
static void put_hex(wr_tw *tw, uint64_t v, int digits)
{
    char t[20];
    int i = (int)sizeof t;
    int n = 0;
    do {
        t[--i] = hexd[v & 15];
        v >>= 4;
        n++;
    } while (v || n < digits);
    t[--i] = 'x';
    t[--i] = '0';
    put(tw, t + i, sizeof t - (size_t)i);
}

static void put_qhex(wr_tw *tw, uint64_t v, int digits)
{
    put(tw, "\"", 1);
    put_hex(tw, v, digits);
    put(tw, "\"", 1);
}

static void put_mask_key(wr_tw *tw, const char *key, uint32_t v)
{
    put(tw, ",\"", 2);
    puts_(tw, key);
    put(tw, "\":", 2);
    put_qhex(tw, v, 8);
}

/* an anonymous temporary file in $TMPDIR, else /tmp (tmpfile() ignores
 * TMPDIR) */
static FILE *spool_open(void)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    if (!dir || !*dir)
        dir = "/tmp";
    if ((size_t)snprintf(path, sizeof path, "%s/warpref-trace-XXXXXX", dir) >= sizeof path) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    int fd = mkstemp(path);
    if (fd < 0)
        return NULL;
    unlink(path);
    FILE *f = fdopen(fd, "w+");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

int wr_tw_open(wr_tw *tw, FILE *f)
{
    memset(tw, 0, sizeof *tw);
    int fd = fileno(f);
    int fl = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    struct stat st;
    off_t at;
    if (fl >= 0 && (fl & O_ACCMODE) == O_RDWR && !(fl & O_APPEND) && fstat(fd, &st) == 0 &&
        S_ISREG(st.st_mode) && (at = ftello(f)) >= 0) {
        tw->f = f;                          /* in place: a cut truncates */
        tw->base = (int64_t)at;
    } else {
        tw->out = f;                        /* through the spool */
        tw->f = spool_open();
        if (!tw->f) {
            fail(tw, errno);
            return -1;
        }
    }
    tw->cuttable = 1;
    return reserve(tw, 1 << 16);
}

int wr_tw_open_plain(wr_tw *tw, FILE *f)
{
    memset(tw, 0, sizeof *tw);
    tw->f = f;
    return reserve(tw, 1 << 16);
}

static void flush(wr_tw *tw)
{
    if (tw->len && tw->f && fwrite(tw->buf, 1, tw->len, tw->f) != tw->len)
        fail(tw, errno);
    tw->len = 0;
    if (tw->f && fflush(tw->f) != 0)
        fail(tw, errno);
}

/* copy the spool's first tw->bytes bytes to the output */
static void copy_out(wr_tw *tw)
{
    char chunk[1 << 16];
    int fd = fileno(tw->f);
    for (uint64_t pos = 0; pos < tw->bytes;) {
        uint64_t want = tw->bytes - pos < sizeof chunk ? tw->bytes - pos : sizeof chunk;
        ssize_t n = pread(fd, chunk, (size_t)want, (off_t)pos);
        if (n <= 0) {
            fail_on(tw, n < 0 ? errno : EIO, 1);
            return;
        }
        if (fwrite(chunk, 1, (size_t)n, tw->out) != (size_t)n) {
            fail_on(tw, errno, 0);
            return;
        }
        pos += (uint64_t)n;
    }
    if (fflush(tw->out) != 0)
        fail_on(tw, errno, 0);
}

int wr_tw_close(wr_tw *tw, int *in_spool)
{
    flush(tw);
    if (tw->out && tw->f) {
        if (!tw->err)
            copy_out(tw);
        fclose(tw->f);
    }
    free(tw->buf);
    free(tw->ckpt);
    free(tw->scratch);
    int err = tw->err ? tw->errnum : 0;
    if (in_spool)
        *in_spool = tw->err && tw->err_spool;
    memset(tw, 0, sizeof *tw);
    return err;
}

static void put_bregs(wr_tw *tw, const uint32_t *breg)
{
    put(tw, "{", 1);
    int first = 1;
    for (unsigned b = 0; b < WR_NUM_BREGS; b++) {
        if (!breg[b])
            continue;
        if (!first)
            put(tw, ",", 1);
        first = 0;
        put(tw, "\"B", 2);
        put_dec(tw, b);
        put(tw, "\":", 2);
        put_qhex(tw, breg[b], 8);
    }
    put(tw, "}", 1);
}

/* "bars":{"B":"0x%08x",...}: the barriers in `which` (bit per barrier) with
 * their words in words[] */
static void put_bars(wr_tw *tw, const uint32_t *words, uint32_t which)
{
    put(tw, "\"bars\":{", 8);
    for (uint32_t m = which, first = 1; m; m &= m - 1, first = 0) {
        unsigned b = (unsigned)__builtin_ctz(m);
        put(tw, first ? "\"" : ",\"", first ? 1 : 2);
        put_dec(tw, b);
        put(tw, "\":", 2);
        put_qhex(tw, words[b], 8);
    }
    put(tw, "}", 1);
}

/* `wake`, then the record's events */
static void put_events(wr_tw *tw, const wr_trace_rec *rec)
{
    put(tw, "[", 1);
    if (rec->wake)
        put(tw, "\"wake\"", 6);
    for (unsigned i = 0; i < rec->nev; i++) {
        const wr_event *e = &rec->ev[i];
        if (i || rec->wake)
            put(tw, ",", 1);
        put(tw, "\"", 1);
        puts_(tw, wr_event_name(e->kind));
        switch (e->kind) {
        case WR_EV_WARNING: put(tw, ":", 1); puts_(tw, wr_warning_name(e->code)); break;
        case WR_EV_EXCEPTION: put(tw, ":", 1); puts_(tw, wr_exception_name(e->code)); break;
        case WR_EV_BLOCK:
        case WR_EV_ARRIVE: put(tw, ":", 1); put_dec(tw, e->code); break;
        case WR_EV_RELEASE:
            put(tw, ":", 1);
            put_dec(tw, e->code);
            for (uint32_t m = e->value, first = 1; m; m &= m - 1, first = 0) {
                put(tw, first ? ":" : ",", 1);
                put_dec(tw, (unsigned)__builtin_ctz(m));
            }
            break;
        case WR_EV_TRAP: put(tw, ":", 1); put_dec(tw, e->value); break;
        default: break;
        }
        put(tw, "\"", 1);
    }
    put(tw, "]", 1);
}

static void put_lanes(wr_tw *tw, const char *key, const uint64_t v[WR_LANES], int wide)
{
    put(tw, ",\"", 2);
    puts_(tw, key);
    put(tw, "\":[", 3);
    for (unsigned l = 0; l < WR_LANES; l++) {
        if (l)
            put(tw, ",", 1);
        put_qhex(tw, wide ? v[l] : (uint32_t)v[l], wide ? 16 : 8);
    }
    put(tw, "]", 1);
}

static void put_in(wr_tw *tw, const wr_trace_rec *rec)
{
    const unsigned reads = rec->in_keys;
    const wr_operands *ops = &rec->in;
    put(tw, ",\"in\":{\"pg\":", 12);
    put_qhex(tw, ops->pg, 8);
    if (reads & WR_IN_PP)
        put_mask_key(tw, "pp", ops->pp);
    if (reads & WR_IN_RA)
        put_lanes(tw, "ra", ops->ra, (reads & WR_IN_RA64) != 0);
    if (reads & WR_IN_RB)
        put_lanes(tw, "rb", ops->rb, 0);
    if (reads & WR_IN_RC)
        put_lanes(tw, "rc", ops->rc, 0);
    if (reads & WR_IN_RE)
        put_lanes(tw, "re", ops->re, 0);
    if (reads & WR_IN_UR) {
        put(tw, ",\"ur\":", 6);
        put_qhex(tw, (reads & WR_IN_UR64) ? ops->ur : (uint32_t)ops->ur, (reads & WR_IN_UR64) ? 16 : 8);
    }
    if (reads & WR_IN_C) {
        put(tw, ",\"c\":", 5);
        put_qhex(tw, (reads & WR_IN_C64) ? ops->c : (uint32_t)ops->c, (reads & WR_IN_C64) ? 16 : 8);
    }
    put(tw, "}", 1);
}

/* `out`: rd (null for lanes not written) with one don't-care mask for
 * every lane (TRACE-FORMAT), and pd */
static void put_out(wr_tw *tw, const wr_trace_rec *rec)
{
    const int pair = (rec->out & WR_TO_RD64) != 0;
    put(tw, ",\"out\":{", 8);
    if (rec->out & WR_TO_RD) {
        put(tw, "\"rd\":[", 6);
        for (unsigned l = 0; l < WR_LANES; l++) {
            if (l)
                put(tw, ",", 1);
            if (rec->rd_lanes >> l & 1)
                put_qhex(tw, pair ? rec->rd[l] : (uint32_t)rec->rd[l], pair ? 16 : 8);
            else
                put(tw, "null", 4);
        }
        put(tw, "]", 1);
        put(tw, ",\"rd_dc\":", 9);
        put_qhex(tw, pair ? rec->rd_dc : (uint32_t)rec->rd_dc, pair ? 16 : 8);
    }
    if (rec->out & WR_TO_PD) {
        if (rec->out & WR_TO_RD)
            put(tw, ",", 1);
        put(tw, "\"pd\":{\"mask\":", 13);
        put_qhex(tw, rec->pd_mask, 8);
        put(tw, ",\"val\":", 7);
        put_qhex(tw, rec->pd_val, 8);
        put(tw, "},\"pd_dc\":", 10);
        puts_(tw, (rec->out & WR_TO_PD_DC) ? "true" : "false");
    }
    put(tw, "}", 1);
}

/* a JSON string's contents */
static void put_escaped(wr_tw *tw, const char *s)
{
    for (; *s; s++) {
        const unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            put(tw, "\\", 1);
            put(tw, s, 1);
        } else if (ch < 0x20) {
            char u[7] = { '\\', 'u', '0', '0', hexd[ch >> 4], hexd[ch & 15], 0 };
            put(tw, u, 6);
        } else {
            put(tw, s, 1);
        }
    }
}

/* A record starts: count it, with a checkpoint every WR_TW_CKPT records
 * for wr_tw_cut.  -1 when out of memory. */
static int begin_record(wr_tw *tw)
{
    if (tw->records % WR_TW_CKPT == 0 && tw->cuttable) {   /* for wr_tw_cut */
        if (tw->nckpt == tw->ckcap) {
            size_t cap = tw->ckcap ? tw->ckcap * 2 : 64;
            uint64_t *c = realloc(tw->ckpt, cap * sizeof *c);
            if (!c) {
                fail(tw, ENOMEM);
                return -1;
            }
            tw->ckpt = c;
            tw->ckcap = cap;
        }
        tw->ckpt[tw->nckpt++] = tw->bytes;
    }
    tw->records++;
    return 0;
}

void wr_tw_line(wr_tw *tw, const char *s, size_t n)
{
    if (begin_record(tw) != 0)
        return;
    put(tw, s, n);
    put(tw, "\n", 1);
}

void wr_tw_trec(wr_tw *tw, const wr_trace_rec *rec)
{
    if (begin_record(tw) != 0)
        return;

    /* a derived op or asm comes from the word (a binary trace's writer
     * derives them only from a word that decodes; a corrupt one shows "?") */
    wr_insn insn;
    const int need_insn = rec->op_derived || ((rec->keys & WR_TK_ASM) && rec->asm_derived);
    const int decoded = need_insn && wr_decode(&rec->insn, &insn, NULL, 0) == 0;
    put(tw, "{\"t\":", 5);
    put_dec(tw, rec->t);
    put(tw, ",\"warp\":", 8);
    put_dec(tw, rec->warp);
    put(tw, ",\"pc\":", 6);
    put_qhex(tw, rec->pc, 0);
    put(tw, ",\"op\":\"", 7);
    if (rec->op_derived)
        puts_(tw, decoded ? wr_op_name(&insn) : "?");
    else
        put_escaped(tw, rec->op);
    put(tw, "\"", 1);
    put_mask_key(tw, "active", rec->active);
    put_mask_key(tw, "valid", rec->valid);
    put(tw, ",\"next_pc\":", 11);
    put_qhex(tw, rec->next_pc, 0);
    put_mask_key(tw, "yield", rec->yield);
    put_mask_key(tw, "sleep", rec->sleep);
    put_mask_key(tw, "switch", rec->swtch);
    put(tw, ",\"b\":", 5);
    put_bregs(tw, rec->b);
    put(tw, ",\"ev\":", 6);
    put_events(tw, rec);
    if (rec->keys & WR_TK_INSN) {
        char wbuf[35];
        wr_word_format(&rec->insn, wbuf);
        put(tw, ",\"insn\":\"", 9);
        put(tw, wbuf, 34);
        put(tw, "\"", 1);
    }
    if (rec->keys & WR_TK_IN)
        put_in(tw, rec);
    if (rec->keys & WR_TK_OUT)
        put_out(tw, rec);
    if (rec->keys & WR_TK_BARS) {
        put(tw, ",", 1);
        put_bars(tw, rec->bar, rec->bars);
    }
    if (rec->keys & WR_TK_ASM) {
        put(tw, ",\"asm\":\"", 8);
        if (rec->asm_derived) {
            char text[WR_TRACE_ASM_MAX] = "?";
            if (decoded)
                wr_disasm(&insn, rec->pc, text, sizeof text);
            put_escaped(tw, text);
        } else {
            put_escaped(tw, rec->asm_text);
        }
        put(tw, "\"", 1);
    }
    put(tw, "}\n", 2);
}

void wr_tw_record(wr_tw *tw, const wr_retire *rec, const wr_insn *insn,
                  const wr_operands *ops, int operands)
{
    if (!tw->scratch && !(tw->scratch = malloc(sizeof *tw->scratch))) {
        fail(tw, ENOMEM);
        return;
    }
    wr_trace_rec_from_retire(tw->scratch, rec, insn, ops, 0,
                             operands ? WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_ASM : 0);
    wr_tw_trec(tw, tw->scratch);
}

/* one entry of the final record's `dc`: "R5":"0x0000ffff" (none if no lane) */
static void put_dc(wr_tw *tw, int *first, char kind, unsigned index, uint32_t lanes)
{
    if (!lanes)
        return;
    char key[3] = { ',', '"', kind };
    put(tw, *first ? key + 1 : key, *first ? 2 : 3);
    *first = 0;
    put_dec(tw, index);
    put(tw, "\":", 2);
    put_qhex(tw, lanes, 8);
}

void wr_tw_end(wr_tw *tw, const wr_trace_final *fin)
{
    put(tw, "{\"end\":\"", 8);
    puts_(tw, wr_end_name(fin->end));
    put(tw, "\",\"t\":", 6);
    put_dec(tw, fin->t);
    put(tw, ",\"warps\":[", 10);
    const unsigned n = fin->dump_regs, have = fin->r_have;
    for (unsigned i = 0; i < fin->nwarps; i++) {
        const wr_warp *w = &fin->warp[i];
        if (i)
            put(tw, ",", 1);
        put(tw, "{\"warp\":", 8);
        put_dec(tw, i);
        put(tw, ",\"state\":\"", 10);
        puts_(tw, wr_run_state_name(w->run));
        put(tw, "\",\"pc\":", 7);
        put_qhex(tw, w->active_pc, 0);
        put_mask_key(tw, "active", w->active);
        put_mask_key(tw, "valid", w->valid);
        put_mask_key(tw, "yield", w->yield);
        put_mask_key(tw, "sleep", w->sleep);
        put_mask_key(tw, "switch", w->swtch);
        put(tw, ",\"b\":", 5);
        put_bregs(tw, w->breg);
        if (n) {
            put(tw, ",\"r\":[", 6);
            for (unsigned l = 0; l < WR_LANES; l++) {
                put(tw, l ? ",[" : "[", l ? 2 : 1);
                for (unsigned r = 0; r < n; r++) {
                    uint32_t v = r < have ? fin->r[((size_t)i * have + r) * WR_LANES + l] : 0;
                    if (r)
                        put(tw, ",", 1);
                    put_qhex(tw, v, 8);
                }
                put(tw, "]", 1);
            }
            put(tw, "],\"p\":[", 7);
            for (unsigned l = 0; l < WR_LANES; l++) {
                unsigned bits = 0;
                for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                    bits |= (fin->p[i][p] >> l & 1u) << p;
                if (l)
                    put(tw, ",", 1);
                put_dec(tw, bits);
            }
            put(tw, "],\"dc\":{", 8);
            int first = 1;
            for (unsigned r = 0; r < n && r < have; r++)
                put_dc(tw, &first, 'R', r, fin->r_undef[(size_t)i * have + r]);
            for (unsigned p = 0; p < WR_NUM_PREDS; p++)
                put_dc(tw, &first, 'P', p, fin->p_undef[i][p]);
            put(tw, "}", 1);
        }
        put(tw, "}", 1);
    }
    put(tw, "],", 2);
    put_bars(tw, fin->bar, fin->bars);
    if (fin->profile[0]) {
        put(tw, ",\"profile\":\"", 12);
        put_escaped(tw, fin->profile);
        put(tw, "\"", 1);
    }
    if (fin->fault_warp >= 0) {
        put(tw, ",\"fault\":{\"warp\":", 17);
        put_dec(tw, (unsigned)fin->fault_warp);
        put(tw, ",\"pc\":", 6);
        put_qhex(tw, fin->fault_pc, 0);
        put(tw, ",\"what\":\"", 9);
        puts_(tw, wr_fetch_fault_name(fin->fault_what));
        put(tw, "\"}", 2);
    }
    put(tw, "}\n", 2);
    flush(tw);
}

void wr_tw_final(wr_tw *tw, const wr_cta *cta, const wr_regfile *rf, wr_end end,
                 uint64_t t, unsigned dump_regs, const wr_tw_fault *fault)
{
    wr_trace_final *fin = malloc(sizeof *fin);
    if (!fin) {
        fail(tw, ENOMEM);
        return;
    }
    wr_trace_final_from_cta(fin, cta, rf, end, t, dump_regs);
    if (fault && fault->warp >= 0) {
        fin->fault_warp = fault->warp;
        fin->fault_pc = fault->pc;
        fin->fault_what = WR_FETCH_NO_INSN;
        for (unsigned k = 1; k < WR_FETCH_FAULT_COUNT; k++)
            if (strcmp(fault->what, wr_fetch_fault_name(k)) == 0)
                fin->fault_what = k;
    }
    wr_tw_end(tw, fin);
    free(fin);
}

void wr_tw_flush(wr_tw *tw) { flush(tw); }

int wr_tw_cut(wr_tw *tw, uint64_t keep)
{
    flush(tw);
    if (tw->err || !tw->f || !tw->cuttable)
        return -1;
    if (keep >= tw->records)
        return 0;
    /* start at the checkpoint at or before record `keep`, then count lines */
    size_t k = (size_t)(keep / WR_TW_CKPT);
    uint64_t off = tw->ckpt[k];
    uint64_t rec = (uint64_t)k * WR_TW_CKPT;
    int fd = fileno(tw->f);
    char chunk[1 << 14];
    uint64_t pos = off;
    while (rec < keep) {
        ssize_t n = pread(fd, chunk, sizeof chunk, (off_t)(tw->base + (int64_t)pos));
        if (n <= 0) {
            fail(tw, n < 0 ? errno : EIO);
            return -1;
        }
        for (ssize_t i = 0; i < n && rec < keep; i++)
            if (chunk[i] == '\n' && ++rec == keep)
                off = pos + (uint64_t)i + 1;
        pos += (uint64_t)n;
    }
    off_t at = (off_t)(tw->base + (int64_t)off);
    if (ftruncate(fd, at) != 0 || fseeko(tw->f, at, SEEK_SET) != 0) {
        fail(tw, errno);
        return -1;
    }
    tw->bytes = off;
    tw->records = keep;
    return 0;
}
