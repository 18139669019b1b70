/* alu.c - STUB: N-51 helper instructions. */
#include "sem.h"
void exec_helper(wr_ctx *x) { x->w->active_pc = x->next; }
