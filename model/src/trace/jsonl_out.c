/* jsonl_out.c - where the JSONL writer's bytes go (trace.h): its buffer,
 * the writer thread that writes one full buffer while the run fills the
 * other, the spool of a stream that cannot be cut, the records' checkpoints
 * and the cut.  The records themselves are jsonl_write.c's. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "trace.h"

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
void wr_tw_fail(wr_tw *tw, int errnum) { fail_on(tw, errnum, tw->out != NULL); }

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
        wr_tw_fail(tw, e);
}

/* the buffer's bytes to tw->f: handed to the thread (the run goes on in
 * the other buffer), or written here */
static void emit(wr_tw *tw)
{
    if (!tw->threaded) {
        if (fwrite(tw->buf, 1, tw->len, tw->f) != tw->len)
            wr_tw_fail(tw, errno);
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

int wr_tw_grow(wr_tw *tw, size_t n)
{
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
        wr_tw_fail(tw, ENOMEM);
        return -1;
    }
    tw->buf = b;
    tw->cap = cap;
    return 0;
}

static void put(wr_tw *tw, const char *s, size_t n)
{
    if (wr_tw_reserve(tw, n) != 0)
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
            wr_tw_fail(tw, errno);
            return -1;
        }
    }
    tw->cuttable = 1;
    if (wr_tw_reserve(tw, WR_TW_BUF) != 0)
        return -1;
    start_writer(tw);
    return 0;
}

int wr_tw_open_plain(wr_tw *tw, FILE *f)
{
    memset(tw, 0, sizeof *tw);
    tw->f = f;
    return wr_tw_reserve(tw, 1 << 16);
}

void wr_tw_flush(wr_tw *tw)
{
    if (tw->len && tw->f)
        emit(tw);
    tw->len = 0;
    if (tw->threaded)
        drain(tw);
    if (tw->f && fflush(tw->f) != 0)
        wr_tw_fail(tw, errno);
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
    wr_tw_flush(tw);
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

int wr_tw_checkpoint(wr_tw *tw)
{
    if (tw->nckpt == tw->ckcap) {
        size_t cap = tw->ckcap ? tw->ckcap * 2 : 64;
        uint64_t *c = realloc(tw->ckpt, cap * sizeof *c);
        if (!c) {
            wr_tw_fail(tw, ENOMEM);
            return -1;
        }
        tw->ckpt = c;
        tw->ckcap = cap;
    }
    tw->ckpt[tw->nckpt++] = tw->bytes;
    tw->records++;
    return 0;
}

void wr_tw_line(wr_tw *tw, const char *s, size_t n)
{
    if (wr_tw_begin_record(tw) != 0)
        return;
    put(tw, s, n);
    put(tw, "\n", 1);
}

int wr_tw_cut(wr_tw *tw, uint64_t keep)
{
    wr_tw_flush(tw);
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
            wr_tw_fail(tw, n < 0 ? errno : EIO);
            return -1;
        }
        for (ssize_t i = 0; i < n && rec < keep; i++)
            if (chunk[i] == '\n' && ++rec == keep)
                off = pos + (uint64_t)i + 1;
        pos += (uint64_t)n;
    }
    off_t at = (off_t)(tw->base + (int64_t)off);
    if (ftruncate(fd, at) != 0 || fseeko(tw->f, at, SEEK_SET) != 0) {
        wr_tw_fail(tw, errno);
        return -1;
    }
    tw->bytes = off;
    tw->records = keep;
    return 0;
}
