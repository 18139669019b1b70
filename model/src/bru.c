/* bru.c - STUB: branch/reconvergence unit, seed 003. */
#include "sem.h"
static void nop(wr_ctx *x) { x->w->active_pc = x->next; }
void exec_bra(wr_ctx *x) { nop(x); }
void exec_brx(wr_ctx *x) { nop(x); }
void exec_call(wr_ctx *x) { nop(x); }
void exec_lepc(wr_ctx *x) { nop(x); }
void exec_exit(wr_ctx *x) { warp_exit(x); }
void exec_bmov(wr_ctx *x) { nop(x); }
void exec_bssy(wr_ctx *x) { nop(x); }
void exec_bsync(wr_ctx *x) { nop(x); }
void exec_yield(wr_ctx *x) { nop(x); }
void exec_break(wr_ctx *x) { nop(x); }
void exec_warpsync(wr_ctx *x) { nop(x); }
void exec_nanosleep(wr_ctx *x) { nop(x); }
void exec_trap(wr_ctx *x) { nop(x); }
