/* jsonl_write.c - writes the canonical JSONL trace (TRACE-FORMAT.md).  The
 * keys, their order, types and widths are the schema's (schema.h): an
 * instruction record is its table, row by row.  A record reserves its
 * room once and is written straight into the buffer, hex from a table: no
 * allocation or formatting per record. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "schema.h"
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

/* ---- the writer thread (wr_tw_open): it writes one full buffer while
 * the run fills the other, so that the writes' system time overlaps the
 * run; every write is the one fwrite the run would have made itself ---- */

static void *writer(void *arg)
{
    wr_tw *tw = arg;
    pthread_mutex_lock(&tw->mu);
    for (;;) {
        while (!tw->pend && !tw->stop)
            pthread_cond_wait(&tw->cv, &tw->mu);
        if (!tw->pend)
            break;
        const char *b = tw->pend;
        const size_t n = tw->pend_len;
        pthread_mutex_unlock(&tw->mu);
        const int e = fwrite(b, 1, n, tw->f) != n ? (errno ? errno : EIO) : 0;
        pthread_mutex_lock(&tw->mu);
        if (e && !tw->t_errnum)
            tw->t_errnum = e;
        tw->pend = NULL;
        pthread_cond_broadcast(&tw->cv);
    }
    pthread_mutex_unlock(&tw->mu);
    return NULL;
}

/* wait until the thread has written what it was given; its error, if
 * any, becomes the trace's (the run's own come first only if earlier) */
static void drain(wr_tw *tw)
{
    pthread_mutex_lock(&tw->mu);
    while (tw->pend)
        pthread_cond_wait(&tw->cv, &tw->mu);
    const int e = tw->t_errnum;
    pthread_mutex_unlock(&tw->mu);
    if (e)
        fail(tw, e);
}

/* the buffer's bytes to tw->f: handed to the thread (the run goes on in
 * the other buffer), or written here */
static void emit(wr_tw *tw)
{
    if (!tw->threaded) {
        if (fwrite(tw->buf, 1, tw->len, tw->f) != tw->len)
            fail(tw, errno);
        tw->len = 0;
        return;
    }
    drain(tw);
    pthread_mutex_lock(&tw->mu);
    tw->pend = tw->buf;
    tw->pend_len = tw->len;
    pthread_cond_broadcast(&tw->cv);
    pthread_mutex_unlock(&tw->mu);
    char *b = tw->alt;
    const size_t cap = tw->alt_cap;
    tw->alt = tw->buf;
    tw->alt_cap = tw->cap;
    tw->buf = b;
    tw->cap = cap;
    tw->len = 0;
}

/* start the thread with a second buffer as large as the first; without
 * either the trace is written by the run itself, as wr_tw_open_plain's */
static void start_writer(wr_tw *tw)
{
    if (!(tw->alt = malloc(tw->cap)))
        return;
    tw->alt_cap = tw->cap;
    if (pthread_mutex_init(&tw->mu, NULL) != 0) {
        free(tw->alt);
        tw->alt = NULL;
        return;
    }
    if (pthread_cond_init(&tw->cv, NULL) != 0) {
        pthread_mutex_destroy(&tw->mu);
        free(tw->alt);
        tw->alt = NULL;
        return;
    }
    if (pthread_create(&tw->thread, NULL, writer, tw) != 0) {
        pthread_cond_destroy(&tw->cv);
        pthread_mutex_destroy(&tw->mu);
        free(tw->alt);
        tw->alt = NULL;
        return;
    }
    tw->threaded = 1;
}

/* written out, then the thread ends (joined) */
static void stop_writer(wr_tw *tw)
{
    if (!tw->threaded)
        return;
    pthread_mutex_lock(&tw->mu);
    tw->stop = 1;
    pthread_cond_broadcast(&tw->cv);
    pthread_mutex_unlock(&tw->mu);
    pthread_join(tw->thread, NULL);
    pthread_cond_destroy(&tw->cv);
    pthread_mutex_destroy(&tw->mu);
    free(tw->alt);
    tw->alt = NULL;
    tw->threaded = 0;
}

static int reserve(wr_tw *tw, size_t n)
{
    if (tw->len + n <= tw->cap)
        return 0;
    if (tw->len && tw->f) {                 /* flush what we have first */
        emit(tw);
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
    if (reserve(tw, WR_TW_BUF) != 0)
        return -1;
    start_writer(tw);
    return 0;
}

int wr_tw_open_plain(wr_tw *tw, FILE *f)
{
    memset(tw, 0, sizeof *tw);
    tw->f = f;
    return reserve(tw, 1 << 16);
}

static void flush(wr_tw *tw)
{
    if (tw->len && tw->f)
        emit(tw);
    tw->len = 0;
    if (tw->threaded)
        drain(tw);
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
    stop_writer(tw);
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

/* ---- the values, written at p (room reserved): each returns the end ---- */

/* the keys as written, ,"key": (the first key's comma becomes the '{') */
#define WR_X_(name, key, type, width, when, rule, where, value) static const char kt_##name[] = WR_KEY_TEXT(key);
WR_TRACE_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_in_##name[] = WR_KEY_TEXT(key);
WR_TRACE_IN_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_out_##name[] = WR_KEY_TEXT(key);
WR_TRACE_OUT_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_pd_##name[] = WR_KEY_TEXT(key);
WR_TRACE_PD_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_w_##name[] = WR_KEY_TEXT(key);
WR_TRACE_WARP_KEYS(WR_X_)
#undef WR_X_
#define WR_X_(name, key, type, width, when, rule, value) static const char kt_f_##name[] = WR_KEY_TEXT(key);
WR_TRACE_FAULT_KEYS(WR_X_)
#undef WR_X_

/* a key with its comma, at p */
#define KEY(p, kt) (memcpy((p), (kt), sizeof(kt) - 1), (p) + sizeof(kt) - 1)

/* two hex digits per byte value */
static const char hex2[513] =
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
    "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
    "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
    "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
    "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";

static inline char *digits8(char *p, uint32_t v)
{
    memcpy(p, hex2 + 2 * (v >> 24), 2);
    memcpy(p + 2, hex2 + 2 * (v >> 16 & 255), 2);
    memcpy(p + 4, hex2 + 2 * (v >> 8 & 255), 2);
    memcpy(p + 6, hex2 + 2 * (v & 255), 2);
    return p + 8;
}

/* "0x%08x" */
static inline char *w_mask(char *p, uint32_t v)
{
    memcpy(p, "\"0x", 3);
    digits8(p + 3, v);
    p[11] = '"';
    return p + 12;
}

/* "0x%08x", or "0x%016x" when wide */
static inline char *w_wide(char *p, uint64_t v, int wide)
{
    if (!wide)
        return w_mask(p, (uint32_t)v);
    memcpy(p, "\"0x", 3);
    digits8(p + 3, (uint32_t)(v >> 32));
    digits8(p + 11, (uint32_t)v);
    p[19] = '"';
    return p + 20;
}

/* "0x%x" */
static inline char *w_hex(char *p, uint64_t v)
{
    const unsigned n = v ? (unsigned)(67 - __builtin_clzll(v)) / 4 : 1;
    memcpy(p, "\"0x", 3);
    for (unsigned i = n; i--; v >>= 4)
        p[3 + i] = hexd[v & 15];
    p[3 + n] = '"';
    return p + 4 + n;
}

/* two decimal digits per value below 100 */
static const char dec2[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static inline char *w_dec(char *p, uint64_t v)
{
    if (v < 10) {
        *p = (char)('0' + v);
        return p + 1;
    }
    char t[20];
    unsigned i = sizeof t;
    while (v >= 100) {
        i -= 2;
        memcpy(t + i, dec2 + 2 * (v % 100), 2);
        v /= 100;
    }
    if (v >= 10) {
        i -= 2;
        memcpy(t + i, dec2 + 2 * v, 2);
    } else {
        t[--i] = (char)('0' + v);
    }
    memcpy(p, t + i, sizeof t - i);
    return p + (sizeof t - i);
}

/* a JSON string's contents (TRACE_TEXT_MAX at most: 6 bytes a character) */
static char *w_escaped(char *p, const char *s)
{
    for (; *s; s++) {
        const unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') {
            *p++ = '\\';
            *p++ = (char)ch;
        } else if (ch < 0x20) {
            memcpy(p, "\\u00", 4);
            p[4] = hexd[ch >> 4];
            p[5] = hexd[ch & 15];
            p += 6;
        } else {
            *p++ = (char)ch;
        }
    }
    return p;
}

static char *w_str(char *p, const char *s)
{
    *p++ = '"';
    p = w_escaped(p, s);
    *p++ = '"';
    return p;
}

/* {"B3":"0x..."}: the non-zero B registers */
static char *w_bregs(char *p, const uint32_t *breg)
{
    uint32_t any = 0, nonzero = 0;
    for (unsigned b = 0; b < WR_NUM_BREGS; b++)
        any |= breg[b];
    for (unsigned b = 0; any && b < WR_NUM_BREGS; b++)
        nonzero |= (uint32_t)(breg[b] != 0) << b;
    *p++ = '{';
    for (uint32_t m = nonzero; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        if (m != nonzero)
            *p++ = ',';
        *p++ = '"';
        *p++ = 'B';
        p = w_dec(p, b);
        *p++ = '"';
        *p++ = ':';
        p = w_mask(p, breg[b]);
    }
    *p++ = '}';
    return p;
}

/* {"N":"0x..."}: the barriers in `which` (bit per barrier), their words in words[] */
static char *w_bars(char *p, const uint32_t *words, uint32_t which)
{
    *p++ = '{';
    for (uint32_t m = which; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        if (m != which)
            *p++ = ',';
        *p++ = '"';
        p = w_dec(p, b);
        *p++ = '"';
        *p++ = ':';
        p = w_mask(p, words[b]);
    }
    *p++ = '}';
    return p;
}

static char *w_name(char *p, const char *s)
{
    const size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* `wake`, then the record's events */
static char *w_events(char *p, const wr_trace_rec *rec)
{
    *p++ = '[';
    if (rec->wake)
        p = w_name(p, "\"wake\"");
    for (unsigned i = 0; i < rec->nev; i++) {
        const wr_event *e = &rec->ev[i];
        if (i || rec->wake)
            *p++ = ',';
        *p++ = '"';
        p = w_name(p, wr_event_name(e->kind));
        switch (e->kind) {
        case WR_EV_WARNING: *p++ = ':'; p = w_name(p, wr_warning_name(e->code)); break;
        case WR_EV_EXCEPTION: *p++ = ':'; p = w_name(p, wr_exception_name(e->code)); break;
        case WR_EV_BLOCK:
        case WR_EV_ARRIVE: *p++ = ':'; p = w_dec(p, e->code); break;
        case WR_EV_RELEASE:
            *p++ = ':';
            p = w_dec(p, e->code);
            for (uint32_t m = e->value, first = 1; m; m &= m - 1, first = 0) {
                *p++ = first ? ':' : ',';
                p = w_dec(p, (unsigned)__builtin_ctz(m));
            }
            break;
        case WR_EV_TRAP: *p++ = ':'; p = w_dec(p, e->value); break;
        default: break;
        }
        *p++ = '"';
    }
    *p++ = ']';
    return p;
}

/* 32 lane values (null for a lane outside `present`) */
static char *w_lanes(char *p, const uint64_t *v, int wide, uint32_t present)
{
    *p++ = '[';
    for (unsigned l = 0; l < WR_LANES; l++) {
        if (present >> l & 1)
            p = w_wide(p, v[l], wide);
        else
            p = w_name(p, "null");
        *p++ = ',';
    }
    p[-1] = ']';
    return p;
}

static char *w_word(char *p, const wr_word *w)
{
    memcpy(p, "\"0x", 3);
    digits8(p + 3, w->w[3]);
    digits8(p + 11, w->w[2]);
    digits8(p + 19, w->w[1]);
    digits8(p + 27, w->w[0]);
    p[35] = '"';
    return p + 36;
}

/* An object of keys written with their commas: the first comma becomes
 * the '{' ({} when there is none). */
static inline char *obj_end(char *open, char *p)
{
    if (p == open) {
        *p++ = '{';
    } else {
        *open = '{';
    }
    *p++ = '}';
    return p;
}

/* One key of a nested table, present when its WHEN bit is in `flags`:
 * TYPE's writer of VALUE; WIDE and LANES are 64-bit when `flags` has the
 * WIDTH bit. */
#define W_MASK(p, r, flags, width, v) w_mask(p, v)
#define W_WIDE(p, r, flags, width, v) w_wide(p, v, (width) && ((flags) & (width)))
#define W_LANES(p, r, flags, width, v) w_lanes(p, v, (width) && ((flags) & (width)), 0xffffffffu)
#define W_LANESN(p, r, flags, width, v) w_lanes(p, v, (width) && ((flags) & (width)), (r)->rd_lanes)
#define W_BOOL(p, r, flags, width, v) ((v) ? w_name(p, "true") : w_name(p, "false"))
#define W_PD(p, r, flags, width, v) w_pd(p, r)

static char *w_pd(char *p, const wr_trace_rec *r)
{
    char *open = p;
#define WR_X_(name, key, type, width, when, rule, value) p = W_##type(KEY(p, kt_pd_##name), r, 0, width, value);
    WR_TRACE_PD_KEYS(WR_X_)
#undef WR_X_
    return obj_end(open, p);
}

static char *w_in(char *p, const wr_trace_rec *r)
{
    char *open = p;
    const unsigned flags = r->in_keys;
#define WR_X_(name, key, type, width, when, rule, value) \
    if ((unsigned)(when) == (unsigned)WR_ALWAYS || (flags & (when)))         \
        p = W_##type(KEY(p, kt_in_##name), r, flags, width, value);
    WR_TRACE_IN_KEYS(WR_X_)
#undef WR_X_
    return obj_end(open, p);
}

/* `out`: rd (null for lanes not written) with one don't-care mask for
 * every lane (TRACE-FORMAT), and pd */
static char *w_out(char *p, const wr_trace_rec *r)
{
    char *open = p;
    const unsigned flags = r->out;
#define WR_X_(name, key, type, width, when, rule, value) \
    if (flags & (when))                                  \
        p = W_##type(KEY(p, kt_out_##name), r, flags, width, value);
    WR_TRACE_OUT_KEYS(WR_X_)
#undef WR_X_
    return obj_end(open, p);
}

/* The most bytes of an instruction record: its longest values side by side
 * (a text 6 bytes a character, at worst escaped; an event string 128). */
enum {
    LANES_MAX = 2 + WR_LANES * 21,
    REC_MAX = 512 + 6 * (WR_TRACE_OP_MAX + WR_TRACE_ASM_MAX) + WR_NUM_BREGS * 20 + WR_MAX_EVENTS * 128 +
              5 * LANES_MAX + 256 + WR_MAX_BARRIERS * 20
};

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

/* One key of an instruction record: TYPE's writer of VALUE.  An op or asm
 * the record leaves to its word is the word's (a binary trace's writer
 * derives them only from a word that decodes; a corrupt one shows "?"). */
#define R_DEC(p, r, x, v) w_dec(p, v)
#define R_HEX(p, r, x, v) w_hex(p, v)
#define R_MASK(p, r, x, v) w_mask(p, v)
#define R_OP(p, r, x, v) ((r)->op_derived ? w_str(p, (x)->decoded ? wr_op_name(&(x)->insn) : "?") : w_str(p, v))
#define R_ASM(p, r, x, v) ((r)->asm_derived ? w_asm(p, r, x) : w_str(p, v))
#define R_BREGS(p, r, x, v) w_bregs(p, v)
#define R_EVENTS(p, r, x, v) w_events(p, r)
#define R_WORD(p, r, x, v) w_word(p, &(v))
#define R_IN(p, r, x, v) w_in(p, r)
#define R_OUT(p, r, x, v) w_out(p, r)
#define R_BARS(p, r, x, v) w_bars(p, v, (r)->bars)
#define R_STR(p, r, x, v) (p)        /* (the final record's: not in an instruction record) */
#define R_WARPS R_STR
#define R_FAULT R_STR
#define WHERE_INSN 1
#define WHERE_BOTH 1
#define WHERE_FIN 0

typedef struct derived {
    int decoded;                 /* insn holds the record's word, decoded */
    wr_insn insn;
} derived;

static char *w_asm(char *p, const wr_trace_rec *r, const derived *x)
{
    char text[WR_TRACE_ASM_MAX] = "?";
    if (x->decoded)
        wr_disasm(&x->insn, r->pc, text, sizeof text);
    return w_str(p, text);
}

void wr_tw_trec(wr_tw *tw, const wr_trace_rec *rec)
{
    if (begin_record(tw) != 0 || reserve(tw, REC_MAX) != 0)
        return;
    derived x;
    x.decoded = (rec->op_derived || ((rec->keys & WR_TK_ASM) && rec->asm_derived)) &&
                wr_decode(&rec->insn, &x.insn, NULL, 0) == 0;
    const wr_trace_rec *r = rec;
    char *const start = tw->buf + tw->len;
    char *p = start;
#define WR_X_(name, key, type, width, when, rule, where, value) \
    if (WHERE_##where && ((unsigned)(when) == (unsigned)WR_ALWAYS || (r->keys & (when)))) \
        p = R_##type(KEY(p, kt_##name), r, &x, value);
    WR_TRACE_KEYS(WR_X_)
#undef WR_X_
    *start = '{';
    *p++ = '}';
    *p++ = '\n';
    const size_t n = (size_t)(p - start);
    tw->len += n;
    tw->bytes += n;
}

void wr_tw_record(wr_tw *tw, const wr_retire *rec, const wr_insn *insn,
                  const wr_operands *ops, int operands, const char *text)
{
    wr_trace_rec *t = tw->scratch;
    if (!t && !(t = tw->scratch = malloc(sizeof *tw->scratch))) {
        fail(tw, ENOMEM);
        return;
    }
    wr_trace_rec_from_retire(t, rec, insn, ops, 0,
                             operands ? WR_TK_INSN | WR_TK_IN | WR_TK_OUT | (text ? 0 : WR_TK_ASM) : 0);
    if (operands && text) {                  /* the text given: as wr_disasm() wrote it */
        const size_t n = strlen(text);
        memcpy(t->asm_text, text, n + 1);
        t->keys |= WR_TK_ASM;
    }
    wr_tw_trec(tw, t);
}

/* The final record, a warp at a time (a warp's registers may be many). */
enum { FIN_WARP_MAX = 1024 + WR_MAX_BARRIERS * 20, WARP_MAX = 1024 + WR_NUM_BREGS * 20 + WR_NUM_PREDS * 20 };

/* one entry of `dc`: "R5":"0x0000ffff" (none if no lane) */
static char *w_dc(char *p, char kind, unsigned index, uint32_t lanes)
{
    if (!lanes)
        return p;
    *p++ = ',';
    *p++ = '"';
    *p++ = kind;
    p = w_dec(p, index);
    *p++ = '"';
    *p++ = ':';
    return w_mask(p, lanes);
}

/* a warp of the final record, with its registers when n > 0 */
static void w_final_warp(wr_tw *tw, const wr_trace_final *fin, unsigned i)
{
    const unsigned n = fin->dump_regs, have = fin->r_have;
    if (reserve(tw, WARP_MAX + (size_t)n * (WR_LANES * 13 + 20)) != 0)
        return;
    const wr_warp *w = &fin->warp[i];
    char *const start = tw->buf + tw->len;
    char *p = start;
    if (i)
        *p++ = ',';
    char *open = p;
    p = w_dec(KEY(p, kt_w_WARP), i);
    p = w_str(KEY(p, kt_w_STATE), wr_run_state_name(w->run));
    p = w_hex(KEY(p, kt_w_PC), w->active_pc);
    p = w_mask(KEY(p, kt_w_ACTIVE), w->active);
    p = w_mask(KEY(p, kt_w_VALID), w->valid);
    p = w_mask(KEY(p, kt_w_YIELD), w->yield);
    p = w_mask(KEY(p, kt_w_SLEEP), w->sleep);
    p = w_mask(KEY(p, kt_w_SWITCH), w->swtch);
    p = w_bregs(KEY(p, kt_w_B), w->breg);
    if (n) {
        p = KEY(p, kt_w_R);
        *p++ = '[';
        for (unsigned l = 0; l < WR_LANES; l++) {
            *p++ = '[';
            for (unsigned r = 0; r < n; r++) {
                p = w_mask(p, r < have ? fin->r[((size_t)i * have + r) * WR_LANES + l] : 0);
                *p++ = ',';
            }
            p[-1] = ']';
            *p++ = ',';
        }
        p[-1] = ']';
        p = KEY(p, kt_w_P);
        *p++ = '[';
        for (unsigned l = 0; l < WR_LANES; l++) {
            unsigned bits = 0;
            for (unsigned q = 0; q < WR_NUM_PREDS; q++)
                bits |= (fin->p[i][q] >> l & 1u) << q;
            p = w_dec(p, bits);
            *p++ = ',';
        }
        p[-1] = ']';
        p = KEY(p, kt_w_DC);
        char *dc = p;
        for (unsigned r = 0; r < n && r < have; r++)
            p = w_dc(p, 'R', r, fin->r_undef[(size_t)i * have + r]);
        for (unsigned q = 0; q < WR_NUM_PREDS; q++)
            p = w_dc(p, 'P', q, fin->p_undef[i][q]);
        p = obj_end(dc, p);
    }
    p = obj_end(open, p);
    const size_t len = (size_t)(p - start);
    tw->len += len;
    tw->bytes += len;
}

/* the final record: end, t, warps, bars, profile, fault */
void wr_tw_end(wr_tw *tw, const wr_trace_final *fin)
{
    if (reserve(tw, FIN_WARP_MAX) != 0)
        return;
    char *start = tw->buf + tw->len;
    char *p = start;
    p = w_str(KEY(p, kt_END), wr_end_name(fin->end));
    p = w_dec(KEY(p, kt_T), fin->t);
    p = KEY(p, kt_WARPS);
    *p++ = '[';
    *start = '{';
    tw->len += (size_t)(p - start);
    tw->bytes += (uint64_t)(p - start);
    for (unsigned i = 0; i < fin->nwarps; i++)
        w_final_warp(tw, fin, i);
    if (reserve(tw, FIN_WARP_MAX + 6 * sizeof fin->profile) != 0)
        return;
    start = p = tw->buf + tw->len;
    *p++ = ']';
    p = w_bars(KEY(p, kt_BARS), fin->bar, fin->bars);
    if (fin->profile[0])
        p = w_str(KEY(p, kt_PROFILE), fin->profile);
    if (fin->fault_warp >= 0) {
        p = KEY(p, kt_FAULT);
        char *open = p;
        p = w_dec(KEY(p, kt_f_WARP), (unsigned)fin->fault_warp);
        p = w_hex(KEY(p, kt_f_PC), fin->fault_pc);
        p = w_str(KEY(p, kt_f_WHAT), wr_fetch_fault_name(fin->fault_what));
        p = obj_end(open, p);
    }
    *p++ = '}';
    *p++ = '\n';
    tw->len += (size_t)(p - start);
    tw->bytes += (uint64_t)(p - start);
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
