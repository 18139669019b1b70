/* unit.h - shared helpers of the Check suites. */
#ifndef WARPREF_TESTS_UNIT_H
#define WARPREF_TESTS_UNIT_H
#include <check.h>
#include <string.h>
#include "warpref.h"

/* Each test file defines this: its suites, added to the runner. */
void unit_add_suites(SRunner *sr);
Suite *unit_suite(const char *name);   /* convenience: suite_create */

/* An instruction of `form` with every field at its default, then the
 * caller sets fields: insn.f[WR_F_BARID] = 3. */
wr_insn unit_insn(wr_form form);

/* @{!}Pg: guard `in` on P<pg> (negated if `not`); its lane values go in ops.pg */
wr_insn unit_guard(wr_insn in, unsigned pg, int not);

/* wr_cta_init with the default configuration of `threads` threads and every
 * warp at `entry`; fails the test if the launch is refused */
void unit_cta(wr_cta *c, unsigned threads, uint64_t entry);

/* Views of a step's record, for assertions: the executing warp's GPR
 * destination (Rd, with Rd+1 for a pair), predicate and uniform-register
 * writes, and the barriers written.  "No write" reads as RZ/PT/URZ with no
 * lanes. */
uint32_t rec_rd_mask(const wr_retire *r);        /* lanes written */
unsigned rec_rd(const wr_retire *r);             /* Rd, WR_RZ if none */
int rec_rd_pair(const wr_retire *r);             /* Rd+1 written too */
uint64_t rec_rd_val(const wr_retire *r, unsigned l);  /* lane l (pair: 64-bit) */
uint32_t rec_rd_undef(const wr_retire *r);       /* lanes holding undefined bits */
uint64_t rec_rd_dc(const wr_retire *r);          /* don't-care bits of any written lane */
uint32_t rec_pd_mask(const wr_retire *r);
unsigned rec_pd(const wr_retire *r);             /* WR_PT if none */
uint32_t rec_pd_val(const wr_retire *r);         /* lane bits, written lanes only */
uint32_t rec_pd_undef(const wr_retire *r);
int rec_pd_dc(const wr_retire *r);               /* some written lane is undefined */
int rec_ur_write(const wr_retire *r);
unsigned rec_urd(const wr_retire *r);
uint32_t rec_ur_val(const wr_retire *r);
uint32_t rec_bars(const wr_retire *r);           /* barriers written, bit per barrier */
/* the n-th write of `kind` to warp w (any warp: w < 0), NULL if none */
const wr_write *rec_write(const wr_retire *r, unsigned kind, int w, unsigned n);

/* wr_step, which must accept the call (the warp is ready) and report no
 * error: a broken model invariant (checks are on in test builds) or an
 * event past the capacity fails the test with the model's message */
void unit_step(wr_cta *c, unsigned w, const wr_insn *in, const wr_operands *o, wr_retire *e);

/* operands all zero; every lane of v = value */
static inline wr_operands ops0(void)
{
    wr_operands o;
    memset(&o, 0, sizeof o);
    return o;
}
static inline void fill(uint64_t *v, uint64_t value)
{
    for (unsigned l = 0; l < WR_LANES; l++)
        v[l] = value;
}

/* The events of a record, checked in order against a list (kind, code,
 * value): EVENTS(&rec, BLOCK(1), ...), NO_EVENTS(&rec). */
typedef struct ev { unsigned kind, code; uint32_t value; } ev;
#define BLOCK(b)      { WR_EV_BLOCK, (b), 0 }
#define ARRIVE(b)     { WR_EV_ARRIVE, (b), 0 }
#define RELEASE(b, w) { WR_EV_RELEASE, (b), (w) }
#define WARNING       { WR_EV_WARNING, WR_WARN_OPERAND_NOT_UNIFORM, 0 }
#define EXC(name)     { WR_EV_EXCEPTION, WR_EXC_##name, 0 }
#define EXITED        { WR_EV_EXIT, 0, 0 }
void check_events(const wr_retire *e, const ev *x, unsigned n, int line);
#define EVENTS(e, ...)                                                            \
    do {                                                                          \
        static const ev exp_[] = { __VA_ARGS__ };                                 \
        check_events((e), exp_, sizeof exp_ / sizeof exp_[0], __LINE__);          \
    } while (0)
#define NO_EVENTS(e) check_events((e), NULL, 0, __LINE__)
#endif
