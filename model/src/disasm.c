/* disasm.c - STUB: disassembler (owned by the ISA work). */
#include <stdio.h>
#include "warpref/isa.h"
int wr_disasm(const wr_insn *insn, uint64_t pc, char *buf, size_t bufsize) { (void)pc; return snprintf(buf, bufsize, "%s", wr_forms[insn->form].mnemonic); }
