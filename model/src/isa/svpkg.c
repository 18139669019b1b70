/* svpkg.c - the RTL stub's SystemVerilog package (rtl_stub/warpref_isa_pkg.sv),
 * generated from the ISA table (isa.def), like docs/encoding.md (encdoc.c).
 * Deterministic: the checked-in file is diffed against `warpref encoding --sv`.
 *
 * What it holds: optype and stype values, a form number per form, the bit
 * position of every field (F_<FIELD>_LSB/_W when every form that has the
 * field puts it at one place, else F_<FIELD>_LSB_<FORM>), the forms that
 * have each field (HAS_<FIELD>, bit per form), and three functions:
 * decode_form (word -> form number, FORM_NONE for an unknown optype/stype),
 * word_legal (reserved bits zero, legal field values, CMEM layout: the
 * decoder's ILLEGAL_ENCODING rules) and, for testbenches, op_name (the
 * trace's `op` spelling of a word, wr_op_name's; kit/warpref_trace_writer.sv).
 *
 * Written for Verilator and for Yosys 0.23's SystemVerilog subset: only
 * localparams and functions (no enum, no struct, no `return`), referenced
 * with `warpref_isa_pkg::NAME`.
 *
 * The package holds the forms (and their optypes) of the profiles the RTL
 * stub implements (PKG_PROFILES: native, sass, ptx and visa: a profile joins when
 * the stub has its barrier engine), with form numbers = their rows in the
 * table; a word of another profile is FORM_NONE to it.  PROFILE_<NAME> are
 * the profiles' numbers (wr_profile: the stub's PROFILE parameter) and
 * PROFILE_FORMS the forms of each (the rows marked IN(), and every row
 * without one), so a core of one profile refuses the words of another as
 * the model's decoder does.  The stype names are all listed. */
#include <stdio.h>
#include <string.h>

#include "warpref/isa.h"
#include "isa_priv.h"

static const struct {
    const char *name;
    unsigned value;
} optypes[] = {
#define WR_OPTYPE(name, value, group, rule) { #name, value },
#include "warpref/isa.def"
#undef WR_OPTYPE
};

static const struct {
    const char *name;
    unsigned value;
} stypes[] = {
#define WR_STYPE(name, value) { #name, value },
#include "warpref/isa.def"
#undef WR_STYPE
};

/* the profiles the RTL stub implements (bit per wr_profile) */
#define PKG_PROFILES (1u << WR_PROFILE_NATIVE | 1u << WR_PROFILE_SASS | 1u << WR_PROFILE_PTX | 1u << WR_PROFILE_VISA)

/* the forms of the package: those of the stub's profiles */
static int in_pkg(unsigned form)
{
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
        if ((PKG_PROFILES >> p & 1u) && wr_form_in_profile(form, p))
            return 1;
    return 0;
}

/* forms 0..n-1 hold every package form */
static unsigned pkg_forms(void)
{
    unsigned n = 0;
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (in_pkg(f))
            n = f + 1;
    return n;
}

/* width in bits of form numbers: FORM_NONE = all ones */
static unsigned form_bits(void)
{
    unsigned b = 1;
    while ((1u << b) <= pkg_forms())
        b++;
    return b;
}

/* does a package form have this optype / stype? */
static int optype_in_pkg(unsigned v)
{
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (in_pkg(f) && wr_forms[f].optype == v)
            return 1;
    return 0;
}


/* position of `field` in `form`, or NULL (and for forms outside the package) */
static const wr_field_pos *pos_of(unsigned form, unsigned field)
{
    if (!in_pkg(form))
        return NULL;
    const wr_form_desc *fd = &wr_forms[form];
    for (unsigned i = 0; i < fd->nfields; i++)
        if (fd->fields[i].id == field)
            return &fd->fields[i];
    return NULL;
}

/* 128-bit mask of the bits the form does not assign, as 32 hex digits */
static void reserved_mask(unsigned form, char out[33])
{
    uint32_t cov[4] = { 0xfffu, 0, 0, 0 };    /* optype, stype */
    const wr_form_desc *fd = &wr_forms[form];
    for (unsigned i = 0; i < fd->nfields; i++)
        for (unsigned b = fd->fields[i].lsb; b < (unsigned)fd->fields[i].lsb + fd->fields[i].width; b++)
            cov[b / 32] |= 1u << (b % 32);
    snprintf(out, 33, "%08x%08x%08x%08x", ~cov[3], ~cov[2], ~cov[1], ~cov[0]);
}

/* The package's parts, each returning nonzero on a write error. */
#define P(...) (e |= fprintf(out, __VA_ARGS__) < 0)

/* the header and the constants */
static int sv_head(FILE *out)
{
    int e = 0;
    P("// warpref_isa_pkg.sv - generated from model/include/warpref/isa.def by\n"
      "// `warpref encoding --sv` (wr_isa_write_sv_package, model/src/isa/svpkg.c);\n"
      "// do not edit by hand.  docs/encoding.md describes the same table.\n"
      "//\n"
      "// Yosys 0.23 reads it too: localparams and functions only; use\n"
      "// warpref_isa_pkg::NAME.\n"
      "// A design uses some of the names only.\n"
      "/* verilator lint_off UNUSEDPARAM */\n"
      "package warpref_isa_pkg;\n\n");
    P("  localparam int unsigned INST_SIZE = %d;\n", WR_INST_SIZE);
    P("  localparam logic [7:0] REG_RZ = 8'd%d;\n", WR_RZ);
    P("  localparam logic [5:0] UREG_URZ = 6'd%d;\n", WR_URZ);
    P("  localparam logic [2:0] PRED_PT = 3'd%d;\n\n", WR_PT);
    return e;
}

/* the optypes, stypes and forms (fb: the form index's bits) */
static int sv_types(FILE *out, unsigned fb)
{
    int e = 0;
    P("  // optypes (bits 7:0)\n");
    for (size_t i = 0; i < sizeof optypes / sizeof optypes[0]; i++)
        if (optype_in_pkg(optypes[i].value))
            P("  localparam logic [7:0] OPT_%s = 8'h%02x;\n", optypes[i].name, optypes[i].value);
    P("\n  // stypes (bits 11:8)\n");
    for (size_t i = 0; i < sizeof stypes / sizeof stypes[0]; i++)
        P("  localparam logic [3:0] ST_%s = 4'd%u;\n", stypes[i].name, stypes[i].value);

    P("\n  // forms, in table order; FORM_NONE: no form has this (optype, stype)\n");
    P("  localparam int unsigned FORM_BITS = %u;\n", fb);
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (in_pkg(f))
            P("  localparam logic [%u:0] FORM_%s = %u'd%u;\n", fb - 1, wr_forms[f].name, fb, f);
    P("  localparam logic [%u:0] FORM_NONE = %u'd%u;\n", fb - 1, fb, (1u << fb) - 1u);
    return e;
}

/* the profiles and the forms of each: PROFILE_FORMS[p*2^fb +: 2^fb], bit f
 * set = form f is an instruction of profile p (none for a profile the stub
 * does not implement yet) */
static int sv_profiles(FILE *out, unsigned fb)
{
    int e = 0;
    const unsigned nf = 1u << fb;
    P("\n  // profiles (SPEC-NOTES section 8; warpref_core's PROFILE), and the forms of\n"
      "  // each: PROFILE_FORMS[p*%u +: %u], bit f set = form f is an instruction of\n"
      "  // profile p (no form: a profile the stub does not implement)\n", nf, nf);
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++) {
        char up[16];
        const char *n = wr_profile_name(p);
        size_t k = 0;
        for (; n[k] && k + 1 < sizeof up; k++)
            up[k] = (char)(n[k] >= 'a' && n[k] <= 'z' ? n[k] - 'a' + 'A' : n[k]);
        up[k] = 0;
        P("  localparam int unsigned PROFILE_%s = %u;\n", up, p);
    }
    P("  localparam int unsigned NPROFILES = %u;\n", (unsigned)WR_PROFILE_COUNT);
    P("  localparam logic [%u:0] PROFILE_FORMS = {\n", WR_PROFILE_COUNT * nf - 1u);
    for (unsigned p = WR_PROFILE_COUNT; p-- > 0;) {
        char bits[257];
        unsigned n = 0;
        for (unsigned f = nf; f-- > 0;)
            bits[n++] = f < pkg_forms() && in_pkg(f) && (PKG_PROFILES >> p & 1u) && wr_form_in_profile(f, p)
                        ? '1' : '0';
        bits[n] = 0;
        P("    %u'b%s%s   // %s\n", nf, bits, p ? "," : "", wr_profile_name(p));
    }
    P("  };\n");
    return e;
}

/* field fld's position: one pair when every package form has it at the
 * same place, else one per form */
static int sv_field_pos(FILE *out, unsigned fld)
{
    int e = 0;
    int lsb = -1, width = -1, unique = 1;
    for (unsigned f = 0; f < WR_FORM_COUNT; f++) {
        const wr_field_pos *p = pos_of(f, fld);
        if (!p)
            continue;
        if (lsb < 0) {
            lsb = p->lsb;
            width = p->width;
        } else if (lsb != p->lsb || width != p->width) {
            unique = 0;
        }
    }
    if (lsb < 0)
        return 0;
    if (unique) {
        P("  localparam int unsigned F_%s_LSB = %d, F_%s_W = %d;\n",
          wr_fields[fld].name, lsb, wr_fields[fld].name, width);
        return e;
    }
    for (unsigned f = 0; f < WR_FORM_COUNT; f++) {
        const wr_field_pos *p = pos_of(f, fld);
        if (p)
            P("  localparam int unsigned F_%s_LSB_%s = %u, F_%s_W_%s = %u;\n",
              wr_fields[fld].name, wr_forms[f].name, p->lsb,
              wr_fields[fld].name, wr_forms[f].name, p->width);
    }
    return e;
}

/* the forms that have each field, as a mask */
static int sv_has(FILE *out, unsigned fb)
{
    int e = 0;
    P("\n  // forms that have each field: bit f set = form f has it\n");
    for (unsigned fld = 0; fld < WR_F_COUNT; fld++) {
        char bits[WR_FORM_COUNT + 1];
        unsigned n = 0, any = 0;
        for (unsigned f = pkg_forms(); f-- > 0;) {
            bits[n++] = pos_of(f, fld) ? '1' : '0';
            any |= pos_of(f, fld) != NULL;
        }
        bits[n] = 0;
        if (!any)
            continue;
        P("  localparam logic [%u:0] HAS_%s = %u'b%s;\n", (1u << fb) - 1u, wr_fields[fld].name,
          1u << fb, bits);
    }
    /* PIN(): Pp is a reduction input, not a guard (N-05) */
    char bits[WR_FORM_COUNT + 1];
    unsigned n = 0;
    for (unsigned f = pkg_forms(); f-- > 0;)
        bits[n++] = in_pkg(f) && (wr_form_exts[f].flags & WR_FORMF_PIN) ? '1' : '0';
    bits[n] = 0;
    P("  // forms whose Pp is an input, not a guard: pmask = ActiveMask & Pg (N-05)\n");
    P("  localparam logic [%u:0] PP_INPUT = %u'b%s;\n", (1u << fb) - 1u, 1u << fb, bits);
    return e;
}

/* decode_form: the form of a word's (optype, stype) */
static int sv_decode_form(FILE *out, unsigned fb)
{
    int e = 0;
    P("\n  // form of a word; FORM_NONE if no form has its (optype, stype)\n");
    P("  function automatic logic [%u:0] decode_form(input logic [11:0] opst);\n", fb - 1);
    P("    logic [%u:0] f;\n", fb - 1);
    P("    unique case (opst)\n");
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (in_pkg(f))
            P("      {4'd%u, 8'h%02x}: f = FORM_%s;\n", wr_forms[f].stype, wr_forms[f].optype, wr_forms[f].name);
    P("      default: f = FORM_NONE;\n");
    P("    endcase\n");
    P("    decode_form = f;\n");
    P("  endfunction\n");
    return e;
}

/* word_legal's case of form f: its unassigned bits 0, each field's value legal */
static int sv_form_legal(FILE *out, unsigned f)
{
    int e = 0;
    char rsv[33];
    reserved_mask(f, rsv);
    P("      FORM_%s: ok = (w & 128'h%s) == 128'h0", wr_forms[f].name, rsv);
    const wr_form_desc *fd = &wr_forms[f];
    for (unsigned i = 0; i < fd->nfields; i++) {
        const wr_field_pos *p = &fd->fields[i];
        const wr_field_desc *d = &wr_fields[p->id];
        const unsigned msb = p->lsb + p->width - 1u;
        if (d->kind == WR_FK_ENUM || d->kind == WR_FK_FLAG || d->kind == WR_FK_PRED) {
            uint32_t legal = wr_form_legal_values(f, p->id);
            uint32_t all = p->width >= 5 ? 0xffffffffu : (1u << (1u << p->width)) - 1u;
            if (p->width > 5 || (legal & all) != all)
                P("\n          && ((32'h%08x >> w[%u:%u]) & 32'd1) == 32'd1", legal, msb, p->lsb);
        } else if (d->kind == WR_FK_CMEM) {
            P("\n          && w[%u:%u] == 2'b00 && !w[%u]", p->lsb + 1u, p->lsb, p->lsb + 21u);
            if (wr_form_cmem64(f))
                P("\n          && w[%u:%u] <= 16'h%04x", p->lsb + 15u, p->lsb, WR_CMEM64_MAX_OFFSET);
        }
    }
    P(";\n");
    return e;
}

/* op_name's case of form f: the op spelling (wr_op_name) of each value of
 * the form's modifier field and further slots, the raw bits of those fields
 * side by side as the selector (the row's modifier lowest); a value no name
 * has is the bare mnemonic, as wr_op_name gives it */
static int sv_form_op(FILE *out, unsigned f)
{
    int e = 0;
    const wr_form_desc *fd = &wr_forms[f];
    const wr_form_aux *fa = &wr_isa_aux_get()->form[f];
    const wr_field_pos *pos[1 + WR_MAX_XMODS];
    unsigned radix[1 + WR_MAX_XMODS], nslots = 0, width = 0;
    pos[nslots] = fd->modfield == WR_F_NONE ? NULL : pos_of(f, fd->modfield);
    radix[nslots++] = fa->nmods;
    for (unsigned k = 0; k < fa->nxslots; k++) {
        pos[nslots] = fa->xslot[k].field == WR_F_NONE ? NULL : pos_of(f, fa->xslot[k].field);
        radix[nslots++] = fa->xslot[k].nnames;
    }
    for (unsigned k = 0; k < nslots; k++)
        width += pos[k] ? pos[k]->width : 0u;
    if (width == 0) {
        P("      FORM_%s: s = \"%s\";\n", fd->name, fa->opname[0]);
        return e;
    }
    P("      FORM_%s:\n        case ({", fd->name);
    for (unsigned k = nslots, first = 1; k-- > 0;)
        if (pos[k]) {
            P("%sw[%u:%u]", first ? "" : ", ", pos[k]->lsb + pos[k]->width - 1u, pos[k]->lsb);
            first = 0;
        }
    P("})\n");
    for (unsigned idx = 0; idx < fa->nops; idx++) {
        unsigned v = idx, sel = 0, shift = 0, ok = 1;
        for (unsigned k = 0; k < nslots; k++) {
            const unsigned digit = v % radix[k];
            v /= radix[k];
            if (!pos[k]) {
                ok &= digit == 0;       /* (a fixed word: wr_op_name reads 0) */
                continue;
            }
            ok &= pos[k]->width >= 32 || digit < (1u << pos[k]->width);
            sel |= digit << shift;
            shift += pos[k]->width;
        }
        if (ok)
            P("          %u'd%u: s = \"%s\";\n", width, sel, fa->opname[idx]);
    }
    P("          default: s = \"%s\";\n        endcase\n", fd->mnemonic);
    return e;
}

/* op_name: TRACE-FORMAT's `op` of a word (wr_op_name), "?" for FORM_NONE;
 * simulation only (a string: Yosys skips it, SYNTHESIS) */
static int sv_op_name(FILE *out, unsigned fb)
{
    int e = 0;
    P("\n  // op_name: the trace's `op` of word w of form `form` (decode_form), the\n"
      "  // mnemonic and its modifiers as the disassembler spells them (wr_op_name);\n"
      "  // \"?\" for FORM_NONE.  For testbenches (kit/warpref_trace_writer.sv): not\n"
      "  // read under SYNTHESIS\n");
    P("`ifndef SYNTHESIS\n");
    P("  /* verilator lint_off UNUSEDSIGNAL */\n");
    P("  function automatic string op_name(input logic [%u:0] form, input logic [127:0] w);\n", fb - 1);
    P("    string s;\n");
    P("    case (form)\n");
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (in_pkg(f))
            e |= sv_form_op(out, f);
    P("      default: s = \"?\";\n");
    P("    endcase\n");
    P("    op_name = s;\n");
    P("  endfunction\n");
    P("  /* verilator lint_on UNUSEDSIGNAL */\n");
    P("`endif\n");
    return e;
}

/* word_legal, and the package's end */
static int sv_word_legal(FILE *out, unsigned fb)
{
    int e = 0;
    P("\n  // word_legal: every bit the form does not assign is 0, every field value\n"
      "  // is legal (ENUM/FLAG/PRED values, V() narrowing, CMEM layout)\n");
    P("  function automatic logic word_legal(input logic [%u:0] form, input logic [127:0] w);\n", fb - 1);
    P("    logic ok;\n");
    P("    unique case (form)\n");
    for (unsigned f = 0; f < WR_FORM_COUNT; f++)
        if (in_pkg(f))
            e |= sv_form_legal(out, f);
    P("      default: ok = 1'b0;\n");
    P("    endcase\n");
    P("    word_legal = ok;\n");
    P("  endfunction\n");
    return e;
}

int wr_isa_write_sv_package(FILE *out)
{
    const unsigned fb = form_bits();
    int e = sv_head(out);                /* (one statement each: in this order) */
    e |= sv_types(out, fb);
    e |= sv_profiles(out, fb);
    P("\n  // field positions (seed field<lsb, width>)\n");
    for (unsigned fld = 0; fld < WR_F_COUNT; fld++)
        e |= sv_field_pos(out, fld);
    e |= sv_has(out, fb);
    e |= sv_decode_form(out, fb);
    e |= sv_word_legal(out, fb);
    e |= sv_op_name(out, fb);
    P("\nendpackage\n/* verilator lint_on UNUSEDPARAM */\n");
    return e ? -1 : 0;
}
#undef P
