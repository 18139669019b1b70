/* view.h - `warpref view`: the lane x time picture of one warp (SVG).
 *
 *   view_from_trace(pic, path, side)  a trace's records of the warp (JSONL
 *                                     or binary, through wr_trace_read)
 *   view_from_dump(pic, path)         a mismatch dump's history: the model's
 *                                     side and the other side's
 *   view_svg(f, pic)                  the picture
 *
 * A column per instruction of the warp (oldest first, at most the last
 * VIEW_MAX_COLS of the window); per side a panel of four bands, ActiveMask,
 * ValidMask, YieldMask and SleepMask, each a row per lane 0..31, a lane's
 * cell filled where its bit is set after the instruction; above the column
 * its instruction's name (thinned where they would overlap) and the ActivePC
 * after it, its t below, all horizontal (staggered over a few rows).  With
 * two sides every lane and ActivePC that differ are outlined in red on both
 * panels; a dump's failing step is framed.  The one drawing of the
 * picture: scripts/regress's report draws each failure with `warpref view
 * --dump`.  No allocation per record. */
#ifndef WARPREF_CLI_VIEW_H
#define WARPREF_CLI_VIEW_H

#include <stdint.h>
#include <stdio.h>

enum { VIEW_MAX_COLS = 256, VIEW_MASKS = 4, VIEW_TEXT = 96 };

/* the warp as one side has it after one instruction */
typedef struct view_side {
    uint8_t known;               /* 0: this side has no such instruction, or no state of it */
    uint8_t timed;               /* t is known (a dump's null side has the row's cycle) */
    uint64_t t, pc;              /* the record's time and pc */
    uint64_t next_pc;            /* ActivePC after */
    uint32_t mask[VIEW_MASKS];   /* Active, Valid, Yield, Sleep after */
    char text[VIEW_TEXT];        /* the instruction */
    uint8_t derive;              /* text still to derive from `word` (done for the columns kept) */
    uint8_t derive_asm;          /* ... its disassembly, else its op name */
    uint32_t word[4];
} view_side;

typedef struct view_col {
    uint64_t k;                  /* the warp's k-th instruction (from 1) in the first side */
    view_side side[2];
} view_col;

typedef struct view_pic {
    unsigned warp;
    int have_warp;               /* --warp given (a dump's default: its failing warp) */
    uint64_t from, to;           /* the window (inclusive) */
    unsigned nsides;             /* 1, or 2 (--against, --dump) */
    char title[1200];
    char side_name[2][300];
    uint64_t in_window;          /* the warp's instructions in the window */
    unsigned ncols;              /* drawn: the last ncols of them */
    int last_fails;              /* the last column is a dump's failing record (framed) */
    view_col col[VIEW_MAX_COLS];
} view_pic;

/* Read side `side` (0 or 1) of the picture from the trace at `path`
 * ("-": standard input): side 0 picks the warp's records in the window,
 * side 1 pairs its records of the warp with side 0's by their order.  0, or
 * -1 with one line in err (the reader's "FILE:RECORD: error: ...", or
 * "FILE: warp W issued no instruction ..."). */
int view_from_trace(view_pic *p, const char *path, unsigned side, char *err, size_t errsize);

/* The title of a picture of traces, once its sides are read. */
void view_trace_title(view_pic *p);

/* Both sides from a mismatch dump (docs/dumps.md, `warp_history` and
 * `cta_history`) up to its failing record.  0, or -1 with one line in err. */
int view_from_dump(view_pic *p, const char *path, char *err, size_t errsize);

/* The picture as one <svg> element (a file of its own, or inlined in a page). */
void view_svg(FILE *f, const view_pic *p);

#endif
