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

#include "input.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { WR_INST_SIZE = 16 };    /* bytes per instruction; PCs are 16-aligned */

/* Profiles (SPEC-NOTES section 8): X(NAME, "spelling", seed).  The model runs
 * one at a time; a profile's barrier instructions replace the native BAR,
 * B2R and R2B set (G-01), everything else is shared.  The ISA table marks
 * the forms of each (IN() in isa.def); the step runs each with the CTA's
 * barrier engine. */
#define WR_PROFILES(X)                                                            \
    X(NATIVE, "native", "seeds 000 and 003")                                      \
    X(SASS,   "sass",   "seed 001, NVIDIA SASS BAR")                              \
    X(PTX,    "ptx",    "seed 002, PTX barrier/bar")                              \
    X(VISA,   "visa",   "seed 004, Intel vISA NBARRIER")

typedef enum wr_profile {
#define WR_X_(name, text, seed) WR_PROFILE_##name,
    WR_PROFILES(WR_X_)
#undef WR_X_
    WR_PROFILE_COUNT
} wr_profile;

enum { WR_PROFILE_ANY = -1 };  /* assembler: the program's .profile, else native */

/* The profile spelled s[0..n) ("sass"), or -1; and the spelling of one. */
int wr_profile_parse(const char *s, size_t n);
const char *wr_profile_name(unsigned profile);    /* "native" */
enum { WR_RZ = 255, WR_URZ = 63, WR_PT = 7 };

typedef struct wr_word {
    uint32_t w[4];             /* w[0] = bits 31:0 ... w[3] = bits 127:96 */
} wr_word;

/* Optypes (seed __DefOptype), numeric values in isa.def. */
typedef enum wr_optype {
#define WR_OPTYPE(name, value, group, rule) WR_OPT_##name = value,
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

enum { WR_MAX_FORM_FIELDS = 16 };

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

/* More modifier slots of a form beyond the one of wr_form_desc (isa.def M()
 * marks), printed in this order after it: `barrier{.cta}.red.popc{.aligned}.u32`
 * is mnemonic "barrier", the CTA slot, then the fixed words "red" and
 * "popc", the ALIGNED slot and the fixed word "u32".  A slot without a
 * field (WR_F_NONE) is a fixed word: one name, written always. */
enum { WR_MAX_XMODS = 4 };
typedef struct wr_mod_slot {
    uint8_t field;             /* wr_field_id, or WR_F_NONE: a fixed word */
    int8_t def;                /* the value when not written; -1: required */
    const char *names;         /* spellings by value, '|' separated ("" = nothing written) */
} wr_mod_slot;

/* What a row says beyond wr_form_desc: its profiles and properties (IN(),
 * PIN(), BLANKS() marks) and its further modifier slots. */
enum {
    WR_FORMF_PROFILES = 0xffu,         /* bit p: the form belongs to profile p */
    WR_FORMF_PIN = 1u << 8,            /* Pp is an input, not a guard: pmask =
                                          ActiveMask & pgv (N-05) */
    WR_FORMF_BLANKS = 1u << 9          /* operands may be separated by blanks
                                          instead of commas (seed 004's text) */
};
typedef struct wr_form_ext {
    uint32_t flags;            /* WR_FORMF_* */
    uint8_t nxmods;
    wr_mod_slot xmod[WR_MAX_XMODS + 1];   /* a zero entry after the last */
} wr_form_ext;

extern const wr_form_desc wr_forms[WR_FORM_COUNT];
extern const wr_form_ext wr_form_exts[WR_FORM_COUNT];
/* Does form belong to profile p (wr_profile)? */
static inline int wr_form_in_profile(unsigned form, unsigned p)
{
    return (int)((wr_form_exts[form].flags >> p) & 1u);
}
extern const wr_field_desc wr_fields[WR_F_COUNT];
/* Bit f set in wr_form_field_masks[form] iff the form has field f. */
extern const uint64_t wr_form_field_masks[WR_FORM_COUNT];
static inline int wr_form_has(unsigned form, unsigned field)
{
    return (int)((wr_form_field_masks[form] >> field) & 1u);
}
/* Bit f set in wr_form_wide_masks[form] iff the form marks field f W(): its
 * operand is 64 bits wide (a register pair or a 64-bit constant). */
extern const uint64_t wr_form_wide_masks[WR_FORM_COUNT];
static inline int wr_form_wide(unsigned form, unsigned field)
{
    return (int)((wr_form_wide_masks[form] >> field) & 1u);
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

/* Typed field accessors, one per WR_FIELD row: wr_f_RD(insn), wr_f_IMM32(insn).
 * The type follows the field's kind: registers, predicates, flags, enums
 * and unsigned immediates (at most 32 bits, wr_isa_check) are unsigned
 * 32-bit values; SIMM and CMEM fields are int64_t (sign-extended). */
typedef uint32_t wr_ftype_REG, wr_ftype_UREG, wr_ftype_PRED, wr_ftype_FLAG, wr_ftype_ENUM,
    wr_ftype_UIMM;
typedef int64_t wr_ftype_SIMM, wr_ftype_CMEM;
#define WR_FIELD(name, kind, nvalues, doc)                                         \
    static inline wr_ftype_##kind wr_f_##name(const wr_insn *insn)                 \
    {                                                                              \
        return (wr_ftype_##kind)insn->f[WR_F_##name];                              \
    }
#include "isa.def"
#undef WR_FIELD

/* Modifier values the semantics tests: BasePCMode (seed 003), B2RMode
 * (seed 000). */
enum { WR_BASEMODE_REL = 0, WR_BASEMODE_ABS = 1 };
enum { WR_B2RMODE_WARP = 0, WR_B2RMODE_BAR = 1 };

/* N-10: the branch target `units` instructions after the instruction that
 * follows pc: pc + 16 + units*16, modulo 2^64 (BRA, BSSY; the T operands). */
static inline uint64_t wr_branch_target(uint64_t pc, int64_t units)
{
    return pc + WR_INST_SIZE + (uint64_t)units * WR_INST_SIZE;
}

/* N-15..N-17: the address a displacement counts from: LEPC's is the
 * instruction itself (N-17), CALL/RET .ABS have none (N-16), every other
 * (BRX, CALL/RET .REL) the next instruction. */
static inline uint64_t wr_disp_base(const wr_insn *insn, uint64_t pc)
{
    if (insn->optype == WR_OPT_LEPC)
        return pc;
    if (wr_f_BASEMODE(insn) == WR_BASEMODE_ABS)   /* 0 (REL) in forms without it */
        return 0;
    return wr_branch_target(pc, 0);
}

/* N-39: a B2R/R2B in mode .BAR names a barrier (its BARID operand is
 * required); .WARP reads or writes WarpBARState. */
static inline int wr_insn_names_barrier(const wr_insn *insn)
{
    return wr_form_has(insn->form, WR_F_B2RMODE) && wr_f_B2RMODE(insn) == WR_B2RMODE_BAR;
}

/* CMEM field helpers (layout in isa.def). */
static inline unsigned wr_cmem_bank(int64_t cmem) { return (unsigned)(cmem >> 16) & 0x1f; }
static inline unsigned wr_cmem_offset(int64_t cmem) { return (unsigned)cmem & 0xffff; }
static inline int64_t wr_cmem_make(unsigned bank, unsigned offset)
{
    return (int64_t)(((uint64_t)(bank & 0x1f) << 16) | (offset & 0xffff));
}

/* Raw bit access (lsb 0..127, width 1..64; a field outside reads 0 and is
 * not written). */
uint64_t wr_field_get(const wr_word *word, unsigned lsb, unsigned width);
void wr_field_set(wr_word *word, unsigned lsb, unsigned width, uint64_t value);

/* Decode: 0 on success; on failure -1 and, if msg != NULL, a one-line
 * reason ("unknown optype 0x7f", "reserved bit 90 set in BAR_I", ...). */
int wr_decode(const wr_word *word, wr_insn *out, char *msg, size_t msgsize);

/* Encode a decoded instruction; -1 (and msg) if a value does not fit. */
int wr_encode(const wr_insn *in, wr_word *out, char *msg, size_t msgsize);

/* Set every field of `insn` to its default for `form` (a form out of range
 * gives an instruction that wr_encode and wr_step refuse). */
void wr_insn_init(wr_insn *insn, wr_form form);

/* isa.def's RI operands (a GPR or an immediate, seed 004): the GPR slot
 * (WR_F_RA, WR_F_RB, WR_F_RC or WR_F_RE) that holds the register of RI field `field`
 * of insn, or -1 when that operand is an immediate. */
int wr_insn_ri_reg(const wr_insn *insn, unsigned field);
/* Whether a register RI operand of insn takes GPR slot `slot` (WR_F_RA,
 * WR_F_RB, WR_F_RC or WR_F_RE). */
int wr_insn_ri_slot_taken(const wr_insn *insn, unsigned slot);
/* Make the RI operands of insn follow the rule wr_encode checks: a register
 * operand's value field 0, registers past the last slot turned into
 * immediates, unused slots RZ.  (For tests that build random words.) */
void wr_insn_normalize(wr_insn *insn);

/* Which operands an instruction reads (wr_insn_reads): an ISA fact, from the
 * fields each form of isa.def has and the wide ones it marks W().
 * X(NAME, bit, KIND, doc): KIND PRED, GPR (a register per lane: the values
 * warpref_dpi_retire_in carries), UR, CONST, or WIDTH (not an operand: the one
 * before it is a 64-bit pair).  One list gives the WR_IN_* bits, their groups
 * and dpi/warpref_pkg.sv's IN_* constants (`warpref encoding --sv-dpi`). */
#define WR_IN_BITS(X)                                                             \
    X(PG,   0,  PRED,  "Pg")                                                      \
    X(PP,   1,  PRED,  "Pp")                                                      \
    X(RA,   2,  GPR,   "GPR a")                                                   \
    X(RB,   3,  GPR,   "GPR b")                                                   \
    X(RC,   4,  GPR,   "GPR c")                                                   \
    X(UR,   5,  UR,    "the uniform register")                                    \
    X(C,    6,  CONST, "the constant operand")                                    \
    X(RA64, 7,  WIDTH, "RA is a 64-bit pair")                                     \
    X(UR64, 8,  WIDTH, "UR is a 64-bit pair")                                     \
    X(C64,  9,  WIDTH, "C is a 64-bit constant")                                  \
    X(RE,   10, GPR,   "GPR e (RE: visa's NBARRIER.signal with four registers)")

enum { WR_IN_KIND_PRED, WR_IN_KIND_GPR, WR_IN_KIND_UR, WR_IN_KIND_CONST, WR_IN_KIND_WIDTH };
#define WR_IN_OPERAND_(name, bit, kind, doc) | (WR_IN_KIND_##kind != WR_IN_KIND_WIDTH ? 1u << (bit) : 0u)
#define WR_IN_GPR_(name, bit, kind, doc) | (WR_IN_KIND_##kind == WR_IN_KIND_GPR ? 1u << (bit) : 0u)
enum {
#define WR_X_(name, bit, kind, doc) WR_IN_##name = 1u << (bit),
    WR_IN_BITS(WR_X_)
#undef WR_X_
    WR_IN_OPERANDS = 0 WR_IN_BITS(WR_IN_OPERAND_),  /* the operands, without the width bits */
    WR_IN_GPRS = 0 WR_IN_BITS(WR_IN_GPR_)           /* the GPR operands (Ra, Rb, Rc, Re) */
};
#undef WR_IN_OPERAND_
#undef WR_IN_GPR_
unsigned wr_insn_reads(const wr_insn *insn);

/* Self-check of the table: no bit assigned twice within a form, fields fit
 * in 128 bits, (optype, stype) unique.  0 if sound, else -1 with msg. */
int wr_isa_check(char *msg, size_t msgsize);
/* The same check on any table (for tests that feed it bad tables). */
int wr_isa_check_table(const wr_form_desc *forms, size_t nforms, char *msg, size_t msgsize);

/* The rule (SPEC-NOTES) that governs an optype's semantics, "N-21": the
 * RULE column of isa.def; "N-51" for a value that is no optype. */
const char *wr_optype_rule(unsigned optype);

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

/* Word text: 0x and 32 hex digits, bits 127..0 ("0x0000...0010").  The
 * parser takes exactly that (digits in either case): no 0X, no blanks. */
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
    unsigned profile;          /* wr_profile it was assembled or loaded for */
    char *filename;            /* for messages */
    uint8_t *illegal;          /* NULL, or per instruction 1 where words[i] does not
                                  decode (wr_load_words_any): insns[i] is then a NOP
                                  with the word's guard, and the step of it raises
                                  ILLEGAL_ENCODING (N-37, wr_step_word) */
} wr_program;

/* Assemble text.  On error returns -1 and writes one line
 * "FILE:LINE:COL: error: what" (no newline) into err. */
int wr_assemble(const char *text, const char *filename, wr_program *out,
                char *err, size_t errsize);
int wr_assemble_file(const char *path, wr_program *out, char *err, size_t errsize);
/* The same under a profile (SPEC-NOTES G-01): `profile` a wr_profile, or
 * WR_PROFILE_ANY for the program's `.profile NAME` directive, else native.
 * A mnemonic outside the profile is an error; out->profile says which. */
int wr_assemble_as(const char *text, const char *filename, int profile, wr_program *out,
                   char *err, size_t errsize);
int wr_assemble_file_as(const char *path, int profile, wr_program *out, char *err, size_t errsize);
void wr_program_free(wr_program *prog);                   /* program.c */
/* R0..R(n-1): the registers a program can name (+1 for pairs). */
unsigned wr_program_nregs(const wr_program *p);

/* ---- programs from word lists (program.c; the text is read by input.h) ---- */

enum { WR_MAX_INSNS = 1 << 20 };   /* the most instructions a program may have */

/* Load a word list (the output of `warpref asm`): one word per line, "0x"
 * and 32 hex digits, blanks around it allowed; blank lines and lines
 * starting with '#' skipped.  Every word is decoded; instruction i is at
 * byte address 16*i.  Fills insns, words and lines of *out; an empty list is
 * an error.  -1 and "NAME:LINE:COL: error: what" in err on failure. */
int wr_load_words(const char *text, const char *name, wr_program *out, char *err, size_t errsize);
/* The same for a profile (wr_load_words: native): a word of a form outside
 * it is an error (SPEC-NOTES G-01). */
int wr_load_words_as(const char *text, const char *name, int profile, wr_program *out, char *err,
                     size_t errsize);
/* The same with illegal words allowed (the lockstep testbenches' +words=,
 * SPEC-NOTES N-37): a word that does not decode is kept, marked in
 * out->illegal, and a word of a form outside the profile is kept as decoded;
 * running either raises ILLEGAL_ENCODING.  Only the text itself (a line that
 * is not a word, too many words, none) is an error. */
int wr_load_words_any(const char *text, const char *name, int profile, wr_program *out, char *err,
                      size_t errsize);
/* Replace the instructions of `prog` (assembled: it keeps its constants,
 * thread count and profile) by those of `words` (loaded), one for one; the
 * counts must agree.  `words` is emptied (its arrays move to prog).  -1 and
 * "WORDS: error: ..." in err when they differ. */
int wr_program_take_words(wr_program *prog, wr_program *words, char *err, size_t errsize);

#ifdef __cplusplus
}
#endif
#endif
