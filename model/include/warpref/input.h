/* warpref/input.h - the lowest layer's inputs (model/src/base/): the one
 * number syntax of flags and program text (num.c) and the one reader of
 * text inputs (input.c).  Nothing here knows the ISA; isa.h includes it. */
#ifndef WARPREF_INPUT_H
#define WARPREF_INPUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- numbers ------------------------------------------------------------ */

/* One number syntax for command-line flags and program text: decimal digits
 * with no leading zero (a lone 0 is fine), or 0x followed by hex digits (either
 * case).  No sign, no blanks, no 0X, no octal. */
typedef enum wr_num_status {
    WR_NUM_OK, WR_NUM_SYNTAX, WR_NUM_LEADING_ZERO, WR_NUM_TOO_BIG, WR_NUM_RANGE
} wr_num_status;
/* Scan the number at s (which must start with a digit for anything but
 * WR_NUM_SYNTAX), stopping at the first character that is not a letter, digit or
 * '_' ; *end gets that position.  Range is not checked (WR_NUM_TOO_BIG past 2^64-1). */
wr_num_status wr_num_scan(const char *s, const char **end, uint64_t *v);
/* A whole string that must be one number within [lo, hi].  On failure returns
 * the status and writes a message (no newline) into msg, the same for every caller. */
wr_num_status wr_num_parse(const char *s, uint64_t lo, uint64_t hi, uint64_t *v, char *msg, size_t msgsize);
/* Both write *v only on WR_NUM_OK; end, msg may be NULL. */
/* The message of status st (not WR_NUM_OK) for the offending text[0..len) as
 * written (quoted, cut to 40 bytes and "..."):
 *   WR_NUM_SYNTAX        'X' is not a number (decimal, or hex with 0x)
 *   WR_NUM_LEADING_ZERO  'X' has a leading zero (octal is not accepted: decimal, or hex with 0x)
 *   WR_NUM_TOO_BIG       'X' does not fit 64 bits
 *   WR_NUM_RANGE         X is out of range LO..HI       (lo, hi in decimal)
 * WR_NUM_OK gives "".  The assembler words its number errors with it. */
void wr_num_message(wr_num_status st, const char *text, size_t len, uint64_t lo, uint64_t hi,
                    char *msg, size_t msgsize);

/* ---- reading inputs ----------------------------------------------------- */

enum { WR_TEXT_MAX = 64 << 20 };   /* the largest text input read, in bytes */

/* Read a whole text input: the file `path`, or standard input for "-" (named
 * "<stdin>" in messages).  Reads in chunks and stops at the first NUL byte
 * and past WR_TEXT_MAX bytes, so an endless or binary input fails at once.
 * On success *text is NUL-terminated and owned by the caller (free()).  On
 * failure -1 and one line "FILE:LINE:COL: error: what" in err. */
int wr_read_text(const char *path, char **text, size_t *len, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif
#endif
