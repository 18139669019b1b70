/* asm.c - STUB: assembler (owned by the ISA work). */
#include <stdio.h>
#include "warpref/isa.h"
int wr_assemble(const char *text, const char *filename, wr_program *out, char *err, size_t errsize) { (void)text; (void)out; snprintf(err, errsize, "%s:1:1: error: assembler not built yet", filename); return -1; }
int wr_assemble_file(const char *path, wr_program *out, char *err, size_t errsize) { return wr_assemble("", path, out, err, errsize); }
void wr_program_free(wr_program *prog) { (void)prog; }
