/* isa_priv.h - internal: what the codec, assembler, disassembler and the
 * encoding document derive from isa.def beyond isa_table.c: the SYNTAX
 * strings parsed into operand specs, modifier names split, op spellings.
 * Only isa.c, asm.c, disasm.c and encdoc.c include this. */
#ifndef WARPREF_ISA_PRIV_H
#define WARPREF_ISA_PRIV_H

#include "warpref/isa.h"

/* Operand kinds of the SYNTAX mini-language (isa.def comment block). */
typedef enum wr_spec_kind {
    WR_SK_R, WR_SK_R2, WR_SK_U, WR_SK_U2, WR_SK_P, WR_SK_PD, WR_SK_B,
    WR_SK_SR, WR_SK_I, WR_SK_S, WR_SK_T, WR_SK_D, WR_SK_C, WR_SK_RI, WR_SK_COUNT
} wr_spec_kind;

enum { WR_MAX_SPECS = 6, WR_MAX_MODS = 8, WR_MAX_GROUP_FORMS = 16, WR_MAX_OPNAMES = 16,
       WR_MAX_RI_SLOTS = 4, WR_MNEM_HASH = 512 };

/* One operand of a form's syntax: "?~U:URA" = optional, '~' allowed,
 * uniform register, field URA.  `extra` is the companion field: FIELD_NOT
 * for P (the '!'), BITNOT for a '~' operand, FIELD_R for RI, WR_F_NONE
 * otherwise. */
typedef struct wr_spec {
    uint8_t kind;              /* wr_spec_kind */
    uint8_t field;             /* wr_field_id */
    uint8_t extra;             /* wr_field_id or WR_F_NONE */
    uint8_t optional;
    uint8_t tilde;
    uint8_t width;             /* of `field` in the form */
} wr_spec;

/* A further modifier slot (isa.def M()), its names split. */
typedef struct wr_slot_aux {
    uint8_t field;                       /* wr_field_id, WR_F_NONE: a fixed word */
    int8_t def;                          /* -1: required */
    uint8_t nnames;
    char name[WR_MAX_MODS][16];          /* by value; "" = nothing written */
} wr_slot_aux;

/* Everything derived per form. */
typedef struct wr_form_aux {
    uint8_t nspecs;
    wr_spec spec[WR_MAX_SPECS];
    uint8_t nmods;                       /* modifier values named (>= 1) */
    char modname[WR_MAX_MODS][16];       /* "" = nothing written */
    uint8_t nxslots;                     /* further slots, print order */
    wr_slot_aux xslot[WR_MAX_XMODS];
    uint8_t nops;                        /* op spellings: every combination of */
    char opname[WR_MAX_OPNAMES][40];     /* the slots' values, wr_op_name's index */
    uint8_t nrislots;                    /* the GPR slots RI operands take, in order */
    uint8_t rislot[WR_MAX_RI_SLOTS];     /* (RA, RB, RC, RE among the form's fields) */
    struct wr_field_quick {              /* wr_encode's quick test of fields[i] (field id): */
        int64_t lo;                      /* a value v in lo..lo+span whose bit (v & 31) is */
        uint64_t span;                   /* set in legal passes check_value (64-bit CMEM: */
        uint64_t mask;                   /* none, always checked); then placed by one mask */
        uint32_t legal;                  /* and shift: (v & mask) << lsb of the 128-bit */
        uint8_t lsb;                     /* word */
        uint8_t id;
    } quick[WR_MAX_FORM_FIELDS];
} wr_form_aux;

/* Forms sharing one base mnemonic, in table order (assembler candidates). */
typedef struct wr_mnem_group {
    const char *mnemonic;
    uint8_t nforms;
    uint8_t forms[WR_MAX_GROUP_FORMS];
} wr_mnem_group;

typedef struct wr_isa_aux {
    wr_form_aux form[WR_FORM_COUNT];
    unsigned ngroups;                    /* every form, whatever its profile */
    wr_mnem_group group[WR_FORM_COUNT];
    unsigned npgroups[WR_PROFILE_COUNT]; /* the forms of each profile */
    wr_mnem_group pgroup[WR_PROFILE_COUNT][WR_FORM_COUNT];
    /* the groups by case-folded mnemonic, open addressing: group index + 1,
     * 0 = empty; [p] the groups of profile p, [WR_PROFILE_COUNT] `group` */
    uint16_t mhash[WR_PROFILE_COUNT + 1][WR_MNEM_HASH];
} wr_isa_aux;

/* The derived tables, built once (thread-safe) from wr_forms. */
const wr_isa_aux *wr_isa_aux_get(void);

/* The group whose mnemonic is s[0..n), case-insensitive (the first in table
 * order), of profile p (p < 0: of any profile); NULL if none.  One hash
 * probe: the assembler's lookup of every statement. */
const wr_mnem_group *wr_mnem_find(int profile, const char *s, size_t n);

/* Tests: 1 makes this thread's assemblies read every line with the general
 * reader (asm.c's quick_line off), 0 (the default) puts it back. */
void wr_asm_general_only(int on);

/* Parse one form's SYNTAX string; checks every spec against the form's
 * fields.  0 ok, -1 with msg. */
int wr_syntax_parse(const wr_form_desc *fd, wr_spec *specs, unsigned *nspecs,
                    char *msg, size_t msgsize);

/* Split a MODNAMES string ("|U|DIV|CONV") into names; -1 if too many or
 * too long. */
int wr_modnames_split(const char *modnames, char names[WR_MAX_MODS][16], unsigned *n);

/* Names of the S2R special registers by SR field value (SPEC-NOTES N-51). */
enum { WR_SR_COUNT = 3 };
extern const char *const wr_sr_names[WR_SR_COUNT];

/* The RI rule (isa.def): a register operand has its value field 0 and takes
 * the next GPR slot; slots no operand takes hold RZ.  0, or -1 with a
 * reason ("RB holds R5 but no operand takes it"). */
int wr_ri_check(const wr_insn *insn, char *msg, size_t msgsize);

/* Human name of a syntax kind ("a GPR"), and its SYNTAX spelling ("R"). */
const char *wr_spec_kind_desc(unsigned kind);
const char *wr_spec_kind_code(unsigned kind);

/* Name of an optype value ("BAR_RED"), NULL if the table has none. */
const char *wr_optype_name(unsigned optype);
const char *wr_stype_name(unsigned stype);

/* Highest constant offsets (N-54): a 32-bit word, and a 64-bit constant
 * whose high word must stay inside the bank. */
enum { WR_CMEM_MAX_OFFSET = 0xfffc, WR_CMEM64_MAX_OFFSET = 0xfff8 };

/* Does the form read a 64-bit constant (CALL/RET: offset <= WR_CMEM64_MAX_OFFSET)?
 * The table marks it W(CMEM) (seed 003 CALL_C, RET_C: Bitwidth<vb> = 64). */
static inline int wr_form_cmem64(unsigned form)
{
    return wr_form_wide(form, WR_F_CMEM);
}

/* Bounded append to a buffer with snprintf semantics (the total length is
 * counted even when it does not fit). */
typedef struct wr_buf {
    char *p;
    size_t size;
    size_t len;
} wr_buf;
void wr_buf_printf(wr_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void wr_buf_puts(wr_buf *b, const char *s);

#endif
