/* bcu.c - STUB: barrier unit, seed 000. */
#include "sem.h"
static void nop(wr_ctx *x) { x->w->active_pc = x->next; }
void exec_bar(wr_ctx *x) { nop(x); }
void exec_bar_red(wr_ctx *x) { nop(x); }
void exec_b2r(wr_ctx *x) { nop(x); }
void exec_b2r_result(wr_ctx *x) { nop(x); }
void exec_r2b(wr_ctx *x) { nop(x); }
void bcu_warp_exited(wr_ctx *x) { (void)x; }
