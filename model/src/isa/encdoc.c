/* encdoc.c - docs/encoding.md, generated from the ISA table (isa.def) so
 * that the document cannot drift from the codec.  Deterministic: the same
 * table always gives the same bytes (`warpref encoding` is diffed against
 * the checked-in file). */
#include <inttypes.h>
#include <string.h>
#include "warpref/isa.h"
#include "isa_priv.h"

static const char *const kind_names[] = {
    [WR_FK_REG] = "REG", [WR_FK_UREG] = "UREG", [WR_FK_PRED] = "PRED", [WR_FK_FLAG] = "FLAG",
    [WR_FK_ENUM] = "ENUM", [WR_FK_UIMM] = "UIMM", [WR_FK_SIMM] = "SIMM", [WR_FK_CMEM] = "CMEM",
};

enum { ALL_PROFILES = (1u << WR_PROFILE_COUNT) - 1u };

static const char *const optype_groups[256] = {
#define WR_OPTYPE(name, value, group, rule) [value] = #group,
#include "warpref/isa.def"
#undef WR_OPTYPE
};

/* How an operand of each syntax kind is written and stored. */
static const char *const spec_spelling[WR_SK_COUNT] = {
    [WR_SK_R] = "`Rn` / `RZ`",
    [WR_SK_R2] = "`R[n:n+1]` / `Rn` / `RZ`",
    [WR_SK_U] = "`URn` / `URZ`",
    [WR_SK_U2] = "`UR[n:n+1]` / `URn` / `URZ`",
    [WR_SK_P] = "`{!}Pn` / `{!}PT`",
    [WR_SK_PD] = "`Pn` / `PT`",
    [WR_SK_B] = "`Bn`",
    [WR_SK_SR] = "`SR_LANEID` / `SR_TID` / `SR_WARPID`",
    [WR_SK_I] = "unsigned number",
    [WR_SK_S] = "32-bit number (-2^31 .. 2^32-1)",
    [WR_SK_T] = "absolute byte address, label or `` `(expr) ``",
    [WR_SK_D] = "signed byte displacement or `` `(expr) ``",
    [WR_SK_C] = "`c[bank][offset]`",
    [WR_SK_RI] = "`Rn` / `RZ` or an unsigned number",
};

static const char *const spec_storage[WR_SK_COUNT] = {
    [WR_SK_R] = "register number, 255 = RZ",
    [WR_SK_R2] = "number of the low register of the pair",
    [WR_SK_U] = "register number, 63 = URZ",
    [WR_SK_U2] = "number of the low register of the pair",
    [WR_SK_P] = "predicate number (7 = PT); `!` sets FIELD_NOT",
    [WR_SK_PD] = "predicate number (7 = PT)",
    [WR_SK_B] = "B register number",
    [WR_SK_SR] = "0 SR_LANEID, 1 SR_TID, 2 SR_WARPID",
    [WR_SK_I] = "the value; must fit the field",
    [WR_SK_S] = "the value modulo 2^32",
    [WR_SK_T] = "(target - (pc + 16)) / 16 (N-10, N-60)",
    [WR_SK_D] = "displacement / 16; a single label: see N-60",
    [WR_SK_C] = "CMEM layout below",
    [WR_SK_RI] = ("a number: the value, FIELD_R = 0; a GPR: FIELD = 0, FIELD_R = 1 and the register in the "
                  "form's next GPR slot (RA, RB, RC, RE); slots no operand takes hold RZ"),
};

/* GitHub-style anchor of a heading: lower case. */
static void put_anchor(FILE *out, const char *name)
{
    for (const char *p = name; *p; p++)
        fputc(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p, out);
}

/* ", [NAME](#name)" in a list of forms */
static void put_form_link(FILE *out, unsigned form, const char **sep)
{
    fprintf(out, "%s[%s](#", *sep, wr_forms[form].name);
    put_anchor(out, wr_forms[form].name);
    fputs(")", out);
    *sep = ", ";
}

static void put_header(FILE *out)
{
    fputs("# warpref instruction encoding\n\n"
          "Generated from `model/include/warpref/isa.def` by `wr_isa_write_doc()` "
          "(`warpref encoding`); do not edit by hand. The seeds (000 for the barrier unit, "
          "003 for the branch unit) give the bit position of every field of the native forms; "
          "the numeric optype and stype values are the project's choice (the seeds do not give "
          "them), and so are the encodings of the profiles' forms (seed 004 gives NBARRIER's "
          "opcode 0x60 and its Mode bit).\n\n", out);
    fputs("## The 128-bit word\n\n"
          "A word is four 32-bit parts, `w[0]` = bits 31:0 ... `w[3]` = bits 127:96 "
          "(SystemVerilog `bit [127:0]`, svBitVecVal order). As text it is `0x` and 32 hex digits, "
          "bit 127 first. Every form has these bits:\n\n"
          "```\n"
          " 127                      ...                     16 15 14   12 11     8 7        0\n"
          "+---------------------------------------------------+--+-------+--------+----------+\n"
          "|          form-specific fields (see below)         |!g|  Pg   | stype  |  optype  |\n"
          "+---------------------------------------------------+--+-------+--------+----------+\n"
          "  w[3]: 127:96      w[2]: 95:64      w[1]: 63:32      w[0]: 31:0\n"
          "```\n\n"
          "The decoder finds the form from (optype, stype). Every bit that the form does not "
          "assign to one of its fields must be 0; so must bits 1:0 and 21 of a CMEM field. "
          "A word that breaks any of these rules, or holds a value outside a field's legal "
          "values, is an illegal encoding (`ILLEGAL_ENCODING`, SPEC-NOTES N-37).\n\n", out);
}

static void put_optypes(FILE *out)
{
    fputs("## Optypes\n\n| optype | value | group | forms |\n| --- | --- | --- | --- |\n", out);
    for (unsigned v = 0; v < 256; v++) {
        const char *name = wr_optype_name(v);
        if (name == NULL)
            continue;
        fprintf(out, "| %s | 0x%02x | %s |", name, v, optype_groups[v]);
        const char *sep = " ";
        for (unsigned f = 0; f < WR_FORM_COUNT; f++)
            if (wr_forms[f].optype == v)
                put_form_link(out, f, &sep);
        fputs(" |\n", out);
    }
    fputs("\nGroups: BCU = seed 000, BRU = seed 003, HLP = the helper instructions of "
          "SPEC-NOTES N-51 (not in the seeds), SASS = seed 001, PTX = seed 002, VISA = seed 004 "
          "(the barrier instructions of the profiles of SPEC-NOTES section 8).\n\n", out);
    fputs("## Profiles\n\nThe model runs one profile at a time (`--profile`, `.profile NAME`). A form "
          "belongs to the profiles listed; a mnemonic or word of another profile is bad input "
          "(SPEC-NOTES G-01), and executing such a word raises `ILLEGAL_ENCODING`. Forms not "
          "listed here (the branch unit and the helpers) belong to every profile.\n\n"
          "| profile | barrier forms |\n| --- | --- |\n", out);
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++) {
        fprintf(out, "| %s |", wr_profile_name(p));
        const char *sep = " ";
        for (unsigned f = 0; f < WR_FORM_COUNT; f++)
            if (wr_form_in_profile(f, p) && (wr_form_exts[f].flags & WR_FORMF_PROFILES) != ALL_PROFILES)
                put_form_link(out, f, &sep);
        fputs(" |\n", out);
    }
    fputs("\n", out);
    fputs("## STypes\n\nThe seed names the operand form of an optype (`SType stype==I`) at bits 11:8.\n\n"
          "| stype | value |\n| --- | --- |\n", out);
    for (unsigned v = 0; v < 16; v++)
        if (wr_stype_name(v) != NULL)
            fprintf(out, "| %s | %u |\n", wr_stype_name(v), v);
    fputs("\n", out);
}

static void put_operands(FILE *out)
{
    fputs("## Register, predicate and constant encodings\n\n"
          "| operand | bits | encoding |\n| --- | --- | --- |\n", out);
    fprintf(out, "| GPR | 8 | 0..254 = R0..R254, %d = RZ (reads 0, writes discarded) |\n", WR_RZ);
    fprintf(out, "| uniform register | 6 | 0..62 = UR0..UR62, %d = URZ |\n", WR_URZ);
    fprintf(out, "| predicate | 3 | 0..6 = P0..P6, %d = PT (always true); an inverted use (`!P2`) "
                 "sets the 1-bit FIELD_NOT next to it |\n", WR_PT);
    fputs("| B register | 4 | 0..15 = B0..B15 |\n"
          "| register pair | as the register | the low register n of `R[n:n+1]` / `UR[n:n+1]`; "
          "n need not be even; `R[254:255]` and `UR[62:63]` read RZ/URZ as the high half |\n"
          "| SIMM | field width | two's complement, sign-extended on decode |\n\n", out);
    fputs("### CMEM (22-bit constant address)\n\n"
          "| bits of the field | meaning |\n| --- | --- |\n"
          "| 15:0 | byte offset, 0..0xfffc, a multiple of 4 (bits 1:0 must be 0) |\n"
          "| 20:16 | bank, 0..31 |\n"
          "| 21 | reserved, must be 0 |\n\n"
          "A form that reads a 64-bit constant (CALL_C, RET_C: the forms with both a CMEM and a "
          "BASEMODE field) takes the word at the offset (low half) and the word 4 bytes above "
          "(high half), so its offset is at most 0xfff8 (SPEC-NOTES N-54).\n\n", out);
}

static void put_fields(FILE *out)
{
    fputs("## Fields\n\n| field | kind | legal values | meaning |\n| --- | --- | --- | --- |\n", out);
    for (unsigned f = 0; f < WR_F_COUNT; f++) {
        const wr_field_desc *fd = &wr_fields[f];
        fprintf(out, "| %s | %s | ", fd->name, kind_names[fd->kind]);
        if (fd->kind == WR_FK_ENUM || fd->kind == WR_FK_FLAG || fd->kind == WR_FK_PRED)
            fprintf(out, "0..%u", fd->nvalues - 1u);
        else if (fd->kind == WR_FK_SIMM)
            fputs("signed, the field width", out);
        else if (fd->kind == WR_FK_CMEM)
            fputs("see CMEM", out);
        else
            fputs("the field width", out);
        fprintf(out, " | %s |\n", fd->doc);
    }
    fputs("\n## Assembly operand kinds\n\n"
          "Each form lists its operands in the SYNTAX column of isa.def as `KIND:FIELD`; a leading "
          "`?` makes the operand optional (absent: RZ/URZ, PT, or 0), a `~` allows the bit-inverting "
          "prefix (stored in BITNOT). The assembler takes, for each form of the mnemonic in table "
          "order, each operand that fits the next kind and skips optional kinds that do not fit; "
          "the first form that takes every operand wins.\n\n"
          "| kind | written as | stored as |\n| --- | --- | --- |\n", out);
    for (unsigned k = 0; k < WR_SK_COUNT; k++)
        fprintf(out, "| %s | %s | %s |\n", wr_spec_kind_code(k), spec_spelling[k], spec_storage[k]);
    fputs("\n", out);
}

/* one slot: ".{SYNC|ARV}" (required), "{.U|.DIV|.CONV}" (optional), ".red" (a fixed word) */
static void put_slot(FILE *out, char names[][16], unsigned n, int def)
{
    unsigned named = 0;
    for (unsigned v = 0; v < n; v++)
        named += names[v][0] != '\0';
    if (def < 0 && named == 1) {
        for (unsigned v = 0; v < n; v++)
            if (names[v][0])
                fprintf(out, ".%s", names[v]);
        return;
    }
    fputs(def < 0 ? ".{" : "{", out);
    const char *sep = "";
    for (unsigned v = 0; v < n; v++) {
        if (!names[v][0])
            continue;
        fprintf(out, "%s%s%s", sep, def < 0 ? "" : ".", names[v]);
        sep = "|";
    }
    fputs("}", out);
}

/* "BAR.{SYNC|ARV}", "BRA{.U|.DIV|.CONV}", "barrier{.cta}.sync{.aligned}" */
static void put_mnemonic(FILE *out, unsigned form)
{
    const wr_form_desc *fd = &wr_forms[form];
    wr_form_aux fa = wr_isa_aux_get()->form[form];
    fputs(fd->mnemonic, out);
    if (fd->modfield != WR_F_NONE)
        put_slot(out, fa.modname, fa.nmods, fd->moddefault);
    for (unsigned k = 0; k < fa.nxslots; k++)
        put_slot(out, fa.xslot[k].name, fa.xslot[k].nnames, fa.xslot[k].def);
}

static void put_spec(FILE *out, const wr_spec *sp)
{
    static const char *const tmpl[WR_SK_COUNT] = {
        [WR_SK_R] = "R", [WR_SK_R2] = "R[n:n+1]", [WR_SK_U] = "UR", [WR_SK_U2] = "UR[n:n+1]",
        [WR_SK_P] = "{!}P", [WR_SK_PD] = "P", [WR_SK_B] = "B", [WR_SK_SR] = "SR_*",
        [WR_SK_I] = "imm", [WR_SK_S] = "imm32", [WR_SK_T] = "target", [WR_SK_D] = "disp",
        [WR_SK_C] = "c[bank][offset]", [WR_SK_RI] = "R|imm",
    };
    fprintf(out, "%s%s%s:%s%s", sp->optional ? "[" : "", sp->tilde ? "{~}" : "", tmpl[sp->kind],
            wr_fields[sp->field].name, sp->optional ? "]" : "");
}

/* "bits 16..31, 56..79" of the form that must be zero. */
static void put_reserved(FILE *out, const wr_form_desc *fd)
{
    unsigned char used[128] = { 0 };
    memset(used, 1, 12);
    for (unsigned i = 0; i < fd->nfields; i++)
        memset(used + fd->fields[i].lsb, 1, fd->fields[i].width);
    fputs("Reserved bits (must be 0):", out);
    const char *sep = " ";
    for (unsigned b = 0; b < 128;) {
        if (used[b]) {
            b++;
            continue;
        }
        unsigned e = b;
        while (e + 1 < 128 && !used[e + 1])
            e++;
        fprintf(out, e == b ? "%s%u" : "%s%u..%u", sep, b, e);
        sep = ", ";
        b = e + 1;
    }
    fputs(".\n\n", out);
}

/* " Modifier field F: 0 = A, 1 = B; ..." of a modifier field's n values
 * (def: the value when none is written, -1: one must be) */
static void put_modifier(FILE *out, unsigned field, const char (*names)[16], unsigned n, int def)
{
    fprintf(out, " Modifier field %s:", wr_fields[field].name);
    for (unsigned v = 0; v < n; v++)
        fprintf(out, "%s %u = %s", v ? "," : "", v, names[v][0] ? names[v] : "(none)");
    if (def < 0)
        fputs("; a modifier must be written.", out);
    else
        fprintf(out, "; none written means %u.", (unsigned)def);
}

/* the form's syntax line: the mnemonic and operands, the optype and stype,
 * the modifiers, the profiles and the notes */
static void put_form_syntax(FILE *out, unsigned form)
{
    const wr_form_desc *fd = &wr_forms[form];
    const wr_form_aux *fa = &wr_isa_aux_get()->form[form];
    fprintf(out, "### %s\n\n`{@{!}Pg} ", fd->name);
    put_mnemonic(out, form);
    for (unsigned k = 0; k < fa->nspecs; k++) {
        fputs(k ? ", " : " ", out);
        put_spec(out, &fa->spec[k]);
    }
    fprintf(out, "`\n\noptype 0x%02x (%s), stype %u (%s). SYNTAX `%s`.", fd->optype,
            wr_optype_name(fd->optype), fd->stype, wr_stype_name(fd->stype), fd->syntax);
    if (fd->modfield != WR_F_NONE)
        put_modifier(out, fd->modfield, fa->modname, fa->nmods, fd->moddefault);
    for (unsigned k = 0; k < fa->nxslots; k++) {
        const wr_slot_aux *sl = &fa->xslot[k];
        if (sl->field == WR_F_NONE)
            fprintf(out, " Fixed word .%s.", sl->name[0]);
        else
            put_modifier(out, sl->field, sl->name, sl->nnames, sl->def);
    }
    const uint32_t flags = wr_form_exts[form].flags;
    if ((flags & WR_FORMF_PROFILES) != ALL_PROFILES) {
        fputs(" Profiles:", out);
        const char *sep = " ";
        for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
            if (wr_form_in_profile(form, p)) {
                fprintf(out, "%s%s", sep, wr_profile_name(p));
                sep = ", ";
            }
        fputs(".", out);
    }
    if (flags & WR_FORMF_PIN)
        fputs(" Pp is the reduction input, not a guard (N-05).", out);
    if (flags & WR_FORMF_BLANKS)
        fputs(" Operands may be separated by blanks instead of commas.", out);
    fputs("\n\n", out);
}

/* "<lead> .A or .B": the names of the legal values among n */
static void put_legal_names(FILE *out, const char *lead, const char *form, uint32_t legal,
                            const char (*names)[16], unsigned n)
{
    fprintf(out, ": %s %s", form, lead);
    const char *sep = " ";
    for (unsigned v = 0; v < n; v++)
        if (((legal >> v) & 1u) && names[v][0]) {
            fprintf(out, "%s.%s", sep, names[v]);
            sep = " or ";
        }
}

/* the values a form narrows its field to (V), when it does */
static void put_form_limits(FILE *out, unsigned form)
{
    const wr_form_desc *fd = &wr_forms[form];
    const wr_form_aux *fa = &wr_isa_aux_get()->form[form];
    uint64_t lim = wr_form_limits[form];
    if (lim == 0)
        return;
    unsigned field = (unsigned)(lim & 0xff) - 1u;
    uint32_t legal = wr_form_legal_values(form, field);
    fprintf(out, "Legal values narrowed in this form (V): %s in {", wr_fields[field].name);
    const char *sep = "";
    for (unsigned v = 0; v < 32; v++)
        if ((legal >> v) & 1u) {
            fprintf(out, "%s%u", sep, v);
            sep = ", ";
        }
    fputs("}", out);
    if (field == fd->modfield)
        put_legal_names(out, "requires", fd->name, legal, fa->modname, fa->nmods);
    for (unsigned k = 0; k < fa->nxslots; k++)
        if (fa->xslot[k].field == field)
            put_legal_names(out, "takes", fd->name, legal, fa->xslot[k].name, fa->xslot[k].nnames);
    fputs("; any other value is an illegal encoding.\n\n", out);
}

/* the form's fields by position, low bits first (ties cannot happen: no
 * overlap), then its reserved bits */
static void put_form_fields(FILE *out, const wr_form_desc *fd)
{
    fputs("| field | bits | lsb | width | kind |\n| --- | --- | --- | --- | --- |\n"
          "| optype | 7:0 | 0 | 8 | - |\n| stype | 11:8 | 8 | 4 | - |\n", out);
    for (unsigned lsb = 12; lsb < 128; lsb++) {
        for (unsigned i = 0; i < fd->nfields; i++) {
            const wr_field_pos *fp = &fd->fields[i];
            if (fp->lsb != lsb)
                continue;
            fprintf(out, "| %s | ", wr_fields[fp->id].name);
            fprintf(out, fp->width == 1 ? "%u" : "%u:", fp->lsb + fp->width - 1u);
            if (fp->width > 1)
                fprintf(out, "%u", fp->lsb);
            fprintf(out, " | %u | %u | %s |\n", fp->lsb, fp->width, kind_names[wr_fields[fp->id].kind]);
        }
    }
    fputs("\n", out);
    put_reserved(out, fd);
}

static void put_form(FILE *out, unsigned form)
{
    put_form_syntax(out, form);
    put_form_limits(out, form);
    if (wr_form_has(form, WR_F_B2RMODE))
        fputs("With .BAR the barrier operand is required; with .WARP it may be left out "
              "(it is then 0) and execution ignores it (SPEC-NOTES N-39).\n\n", out);
    put_form_fields(out, &wr_forms[form]);
}

int wr_isa_write_doc(FILE *out)
{
    put_header(out);
    put_optypes(out);
    put_operands(out);
    put_fields(out);
    fputs("## Forms\n\nOne section per form, in table order. The first line is the assembly "
          "syntax (`[...]` optional, `{!}`/`{~}` optional prefixes, `.{A|B}` a required "
          "modifier, `{.A|.B}` an optional one, `.a` a word always written; modifiers may be "
          "written in any order).\n\n", out);
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        put_form(out, f);
    return ferror(out) ? -1 : 0;
}
