/* warpref/outfile.h - the one way the project writes an output file: whole
 * or not at all, and never over something that is not a regular file.
 *
 * A regular file, or a path that does not exist yet, is written to a
 * temporary file in the same directory ("DIR/.tmp-NAME-PID-N") and renamed over
 * PATH when it closes without an error: a reader sees the old file or the
 * whole new one, and a failed write (a full disk) leaves the old file as it
 * was and no temporary.  A symbolic link is followed: its target is replaced,
 * the link stays.  Anything else that exists (a character device such as
 * /dev/null, a FIFO, a socket) is opened and written in place: a rename would
 * replace the device with a regular file; so is a file named through /dev or
 * /proc (/dev/stdout redirected to a file).  A directory is refused (EISDIR).
 *
 *   wr_outfile o;
 *   if (wr_outfile_open(&o, path, 0, err, sizeof err) != 0) ... err
 *   fputs(text, o.f);
 *   if (wr_outfile_close(&o, err, sizeof err) != 0) ... err
 *
 * Messages are "cannot open 'PATH': REASON" and "cannot write 'PATH':
 * REASON", PATH as the caller gave it, REASON the operating system's
 * (strerror of the failing call: "No space left on device", "Is a directory").
 */
#ifndef WARPREF_OUTFILE_H
#define WARPREF_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { WR_OUTFILE_PATH_MAX = 4096 };

typedef struct wr_outfile {
    FILE *f;                             /* write here */
    int errnum;                          /* the first error seen (errno), 0 if none yet */
    int in_place;                        /* 1: not a regular file, written where it is */
    char path[WR_OUTFILE_PATH_MAX];      /* as given (messages) */
    char dest[WR_OUTFILE_PATH_MAX];      /* what the rename replaces (links followed) */
    char tmp[WR_OUTFILE_PATH_MAX];       /* the temporary file, "" when in place */
} wr_outfile;

/* Opens path for writing (rw: for reading too, "w+").  0, or -1 with errno
 * set and "cannot open 'PATH': REASON" in err (nothing is left behind). */
int wr_outfile_open(wr_outfile *o, const char *path, int rw, char *err, size_t errsize);

/* Flushes, syncs and closes; renames the temporary over the path.  0, or -1
 * with "cannot write 'PATH': REASON" in err: the temporary is removed and the
 * path keeps what it held.  o->errnum, set by the caller to an error it saw
 * while writing, fails the close with that reason. */
int wr_outfile_close(wr_outfile *o, char *err, size_t errsize);

/* Closes without keeping anything: the temporary is removed (a file written
 * in place keeps what was written). */
void wr_outfile_abort(wr_outfile *o);

#ifdef __cplusplus
}
#endif
#endif
