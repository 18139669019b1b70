/* isa.c - STUB: word codec (owned by the ISA work). */
#include <string.h>
#include "warpref/isa.h"
uint64_t wr_field_get(const wr_word *word, unsigned lsb, unsigned width) { (void)word; (void)lsb; (void)width; return 0; }
void wr_field_set(wr_word *word, unsigned lsb, unsigned width, uint64_t value) { (void)word; (void)lsb; (void)width; (void)value; }
int wr_decode(const wr_word *word, wr_insn *out, char *msg, size_t msgsize) { (void)word; (void)out; (void)msg; (void)msgsize; return -1; }
int wr_encode(const wr_insn *in, wr_word *out, char *msg, size_t msgsize) { (void)in; (void)out; (void)msg; (void)msgsize; return -1; }
void wr_insn_init(wr_insn *insn, wr_form form) { memset(insn, 0, sizeof *insn); insn->form = (uint16_t)form; insn->optype = wr_forms[form].optype; insn->f[WR_F_PG] = WR_PT; insn->f[WR_F_PP] = WR_PT; insn->f[WR_F_PU] = WR_PT; insn->f[WR_F_PD] = WR_PT; insn->f[WR_F_RD] = WR_RZ; insn->f[WR_F_RA] = WR_RZ; insn->f[WR_F_RB] = WR_RZ; insn->f[WR_F_RC] = WR_RZ; insn->f[WR_F_URA] = WR_URZ; insn->f[WR_F_URB] = WR_URZ; insn->f[WR_F_URD] = WR_URZ; }
int wr_isa_check(char *msg, size_t msgsize) { (void)msg; (void)msgsize; return 0; }
int wr_isa_check_table(const wr_form_desc *forms, size_t nforms, char *msg, size_t msgsize) { (void)forms; (void)nforms; (void)msg; (void)msgsize; return 0; }
const char *wr_op_name(const wr_insn *insn) { return wr_forms[insn->form].mnemonic; }
void wr_word_format(const wr_word *word, char buf[35]) { (void)word; strcpy(buf, "0x0"); }
int wr_word_parse(const char *text, wr_word *out) { (void)text; (void)out; return -1; }
