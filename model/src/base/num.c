/* num.c - the one number syntax of command-line flags and program text
 * (input.h, "numbers"): decimal without a leading zero, or 0x and hex digits.
 * The assembler scans its numbers here and words its errors with
 * wr_num_message, so a number means the same and fails the same way
 * wherever it is written. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "warpref/input.h"

enum { NUM_TEXT_MAX = 40 };    /* bytes of the offending text quoted in a message */

static int is_dec(char ch) { return ch >= '0' && ch <= '9'; }
static int is_word(char ch)
{
    return is_dec(ch) || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_';
}
static int hex_val(char ch)
{
    if (is_dec(ch)) return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

wr_num_status wr_num_scan(const char *s, const char **end, uint64_t *v)
{
    const char *e = s;
    while (is_word(*e))
        e++;
    if (end != NULL)
        *end = e;
    if (!is_dec(s[0]))
        return WR_NUM_SYNTAX;
    unsigned base = 10;
    const char *d = s;
    if (s[0] == '0' && s[1] == 'x') {
        base = 16;
        d = s + 2;
        if (d == e)
            return WR_NUM_SYNTAX;              /* "0x" alone */
    } else if (s[0] == '0' && e - s > 1) {
        for (const char *q = s; q < e; q++)
            if (!is_dec(*q))
                return WR_NUM_SYNTAX;          /* "0X10", "0b1", "0_1" */
        return WR_NUM_LEADING_ZERO;            /* "010", "08" */
    }
    uint64_t x = 0;
    int big = 0;
    for (const char *q = d; q < e; q++) {      /* every digit is checked, even past 2^64 */
        int dv = base == 16 ? hex_val(*q) : is_dec(*q) ? *q - '0' : -1;
        if (dv < 0)
            return WR_NUM_SYNTAX;
        if (x > (UINT64_MAX - (uint64_t)dv) / base)
            big = 1;
        else
            x = x * base + (uint64_t)dv;
    }
    if (big)
        return WR_NUM_TOO_BIG;
    if (v != NULL)
        *v = x;
    return WR_NUM_OK;
}

void wr_num_message(wr_num_status st, const char *text, size_t len, uint64_t lo, uint64_t hi,
                    char *msg, size_t msgsize)
{
    if (msg == NULL || msgsize == 0)
        return;
    int n = len > NUM_TEXT_MAX ? NUM_TEXT_MAX : (int)len;
    const char *more = len > NUM_TEXT_MAX ? "..." : "";
    switch (st) {
    case WR_NUM_OK:
        msg[0] = '\0';
        break;
    case WR_NUM_SYNTAX:
        snprintf(msg, msgsize, "'%.*s%s' is not a number (decimal, or hex with 0x)", n, text, more);
        break;
    case WR_NUM_LEADING_ZERO:
        snprintf(msg, msgsize, "'%.*s%s' has a leading zero (octal is not accepted: decimal, or hex with 0x)",
                 n, text, more);
        break;
    case WR_NUM_TOO_BIG:
        snprintf(msg, msgsize, "'%.*s%s' does not fit 64 bits", n, text, more);
        break;
    case WR_NUM_RANGE:
        snprintf(msg, msgsize, "%.*s%s is out of range %" PRIu64 "..%" PRIu64, n, text, more, lo, hi);
        break;
    }
}

wr_num_status wr_num_parse(const char *s, uint64_t lo, uint64_t hi, uint64_t *v, char *msg, size_t msgsize)
{
    const char *end;
    uint64_t x = 0;
    wr_num_status st = wr_num_scan(s, &end, &x);
    if (*end != '\0')                           /* " 32", "+5", "5 ", "1.5" */
        st = WR_NUM_SYNTAX;
    else if (st == WR_NUM_OK && (x < lo || x > hi))
        st = WR_NUM_RANGE;
    wr_num_message(st, s, strlen(s), lo, hi, msg, msgsize);
    if (st == WR_NUM_OK && v != NULL)
        *v = x;
    return st;
}
