/* warpref/isa.h - instruction forms, the 128-bit word, decode/encode,
 * assembler and disassembler.  Everything here is generated from isa.def.
 *
 * A word is four 32-bit parts in svBitVecVal order: w[0] = bits 31:0.
 * Decoding is a pure function word -> wr_insn; the step (model.h) executes
 * a wr_insn.  Fields are read through one helper, wr_field_get().
 */
#ifndef WARPREF_ISA_H
#define WARPREF_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { WR_INST_SIZE = 16 };    /* bytes per instruction; PCs are 16-aligned */
enum { WR_RZ = 255, WR_URZ = 63, WR_PT = 7 };

typedef struct wr_word {
    uint32_t w[4];             /* w[0] = bits 31:0 ... w[3] = bits 127:96 */
} wr_word;

/* Optypes (seed __DefOptype), numeric values in isa.def. */
typedef enum wr_optype {
#define WR_OPTYPE(name, value, group) WR_OPT_##name = value,
#include "isa.def"
#undef WR_OPTYPE
} wr_optype;

typedef enum wr_stype {
#define WR_STYPE(name, value) WR_ST_##name = value,
#include "isa.def"
#undef WR_STYPE
} wr_stype;

/* Field identifiers. */
typedef enum wr_field_id {
#define WR_FIELD(name, kind, nvalues, doc) WR_F_##name,
#include "isa.def"
#undef WR_FIELD
    WR_F_COUNT,
    WR_F_NONE = WR_F_COUNT
} wr_field_id;

typedef enum wr_field_kind {
    WR_FK_REG, WR_FK_UREG, WR_FK_PRED, WR_FK_FLAG, WR_FK_ENUM,
    WR_FK_UIMM, WR_FK_SIMM, WR_FK_CMEM
} wr_field_kind;

/* Instruction forms (seed __DefOpcode, plus the N-51 helpers). */
typedef enum wr_form {
#define WR_FORM(name, ...) WR_FORM_##name,
#include "isa.def"
#undef WR_FORM
    WR_FORM_COUNT
} wr_form;

enum { WR_MAX_FORM_FIELDS = 12 };

typedef struct wr_field_pos {
    uint8_t id;                /* wr_field_id */
    uint8_t lsb;
    uint8_t width;
} wr_field_pos;

typedef struct wr_form_desc {
    const char *name;          /* "BAR_RRI" */
    uint8_t optype;            /* wr_optype value */
    uint8_t stype;             /* wr_stype value */
    const char *mnemonic;      /* "BAR" */
    uint8_t modfield;          /* wr_field_id or WR_F_NONE */
    const char *modnames;      /* "SYNC|ARV" */
    int8_t moddefault;         /* -1: a modifier must be written */
    const char *syntax;        /* "R:RB, ?I:CNT" */
    uint8_t nfields;
    wr_field_pos fields[WR_MAX_FORM_FIELDS];
} wr_form_desc;

typedef struct wr_field_desc {
    const char *name;          /* "BARID" */
    uint8_t kind;              /* wr_field_kind */
    uint8_t nvalues;           /* ENUM/FLAG/PRED: number of legal values */
    const char *doc;
} wr_field_desc;

extern const wr_form_desc wr_forms[WR_FORM_COUNT];
extern const wr_field_desc wr_fields[WR_F_COUNT];
/* Bit f set in wr_form_field_masks[form] iff the form has field f. */
extern const uint64_t wr_form_field_masks[WR_FORM_COUNT];
static inline int wr_form_has(unsigned form, unsigned field)
{
    return (int)((wr_form_field_masks[form] >> field) & 1u);
}
/* V(FIELD, MASK) of a form (at most one per form), packed as
 * (MASK << 8) | (FIELD + 1); 0 when the form narrows nothing. */
extern const uint64_t wr_form_limits[WR_FORM_COUNT];
/* Legal values of `field` in `form`, bit v = value v legal (ENUM/FLAG/PRED
 * fields; all ones for others). */
uint32_t wr_form_legal_values(unsigned form, unsigned field);

/* A decoded instruction: the form and every field value.  Fields the form
 * does not have hold their defaults: PG = PP = PU = PD = 7 (PT), registers
 * RZ/URZ, everything else 0.  SIMM fields are sign-extended. */
typedef struct wr_insn {
    uint16_t form;             /* wr_form */
    uint8_t optype;            /* wr_optype value, copied for dispatch */
    uint8_t pad_;
    int64_t f[WR_F_COUNT];     /* field values by wr_field_id */
} wr_insn;

/* CMEM field helpers (layout in isa.def). */
static inline unsigned wr_cmem_bank(int64_t cmem) { return (unsigned)(cmem >> 16) & 0x1f; }
static inline unsigned wr_cmem_offset(int64_t cmem) { return (unsigned)cmem & 0xffff; }
static inline int64_t wr_cmem_make(unsigned bank, unsigned offset)
{
    return (int64_t)(((uint64_t)(bank & 0x1f) << 16) | (offset & 0xffff));
}

/* Raw bit access (lsb 0..127, width 1..64). */
uint64_t wr_field_get(const wr_word *word, unsigned lsb, unsigned width);
void wr_field_set(wr_word *word, unsigned lsb, unsigned width, uint64_t value);

/* Decode: 0 on success; on failure -1 and, if msg != NULL, a one-line
 * reason ("unknown optype 0x7f", "reserved bit 90 set in BAR_I", ...). */
int wr_decode(const wr_word *word, wr_insn *out, char *msg, size_t msgsize);

/* Encode a decoded instruction; -1 (and msg) if a value does not fit. */
int wr_encode(const wr_insn *in, wr_word *out, char *msg, size_t msgsize);

/* Set every field of `insn` to its default for `form`. */
void wr_insn_init(wr_insn *insn, wr_form form);

/* Self-check of the table: no bit assigned twice within a form, fields fit
 * in 128 bits, (optype, stype) unique.  0 if sound, else -1 with msg. */
int wr_isa_check(char *msg, size_t msgsize);
/* The same check on any table (for tests that feed it bad tables). */
int wr_isa_check_table(const wr_form_desc *forms, size_t nforms, char *msg, size_t msgsize);

/* The trace/disassembler spelling of the operation: mnemonic and modifiers,
 * "BAR.SYNC", "BRA.DIV", "BAR.RESULT" (TRACE-FORMAT `op`).  Static storage
 * per (form, modifier value); never NULL. */
const char *wr_op_name(const wr_insn *insn);

/* Disassemble one instruction at byte address pc (branch targets print as
 * absolute addresses).  Returns the length written (snprintf semantics). */
int wr_disasm(const wr_insn *insn, uint64_t pc, char *buf, size_t bufsize);

/* Write the encoding reference (docs/encoding.md) generated from the table.
 * 0 on success, -1 on a write error. */
int wr_isa_write_doc(FILE *out);

/* Write the RTL stub's SystemVerilog package (rtl_stub/warpref_isa_pkg.sv):
 * optype/stype values, form numbers, field positions, decode_form() and
 * word_legal(), generated from the table.  0 on success, -1 on a write error. */
int wr_isa_write_sv_package(FILE *out);

/* Word text: 32 hex digits with 0x, bits 127..0 ("0x0000...0010"). */
void wr_word_format(const wr_word *word, char buf[35]);
int wr_word_parse(const char *text, wr_word *out);   /* 0 ok, -1 bad */

/* ---- assembler ---------------------------------------------------------- */

enum { WR_CONST_BANKS = 32, WR_CONST_BANK_BYTES = 0x10000 };

typedef struct wr_const_init {
    uint8_t bank;
    uint16_t offset;           /* byte offset, 4-aligned */
    uint32_t value;
} wr_const_init;

/* An assembled program: instruction i is at byte address 16*i. */
typedef struct wr_program {
    size_t ninsns;
    wr_insn *insns;            /* decoded */
    wr_word *words;            /* encoded */
    uint32_t *lines;           /* source line of each instruction */
    size_t nconsts;
    wr_const_init *consts;     /* .const writes, in source order */
    unsigned threads;          /* .threads N, 0 if absent */
    char *filename;            /* for messages */
} wr_program;

/* Assemble text.  On error returns -1 and writes one line
 * "FILE:LINE:COL: error: what" (no newline) into err. */
int wr_assemble(const char *text, const char *filename, wr_program *out,
                char *err, size_t errsize);
int wr_assemble_file(const char *path, wr_program *out, char *err, size_t errsize);
void wr_program_free(wr_program *prog);

#ifdef __cplusplus
}
#endif
#endif
