/* isa_table.c - expands isa.def into the tables of isa.h. */
#include "warpref/isa.h"

/* The rule (SPEC-NOTES) of each optype: isa.def's RULE column. */
static const char *const optype_rules[256] = {
#define WR_OPTYPE(name, value, group, rule) [value] = rule,
#include "warpref/isa.def"
#undef WR_OPTYPE
};

const char *wr_optype_rule(unsigned optype)
{
    return optype < 256 && optype_rules[optype] ? optype_rules[optype] : "N-51";
}

const wr_field_desc wr_fields[WR_F_COUNT] = {
#define WR_FIELD(name, kind, nvalues, doc) { #name, WR_FK_##kind, nvalues, doc },
#include "warpref/isa.def"
#undef WR_FIELD
};

#define F(id, lsb, width) { WR_F_##id, lsb, width },
#define V(id, mask)
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...)        \
    [WR_FORM_##name] = { #name, WR_OPT_##opt, WR_ST_##st, mnem, WR_F_##modfield,        \
                         modnames, moddefault, syntax,                                 \
                         sizeof((wr_field_pos[]){ __VA_ARGS__ }) / sizeof(wr_field_pos), \
                         { __VA_ARGS__ } },
const wr_form_desc wr_forms[WR_FORM_COUNT] = {
#include "warpref/isa.def"
};
#undef WR_FORM
#undef F
#undef V

#define F(id, lsb, width) | (UINT64_C(1) << WR_F_##id)
#define V(id, mask)
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name] = 0 __VA_ARGS__,
const uint64_t wr_form_field_masks[WR_FORM_COUNT] = {
#include "warpref/isa.def"
};
#undef WR_FORM
#undef F
#undef V

#define F(id, lsb, width)
#define V(id, mask)
#define W(id) | (UINT64_C(1) << WR_F_##id)
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name] = 0 __VA_ARGS__,
const uint64_t wr_form_wide_masks[WR_FORM_COUNT] = {
#include "warpref/isa.def"
};
#undef WR_FORM
#undef F
#undef V
#undef W

#define F(id, lsb, width)
#define V(id, mask) | ((UINT64_C(mask) << 8) | (WR_F_##id + 1u))
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name] = 0 __VA_ARGS__,
const uint64_t wr_form_limits[WR_FORM_COUNT] = {
#include "warpref/isa.def"
};
#undef WR_FORM
#undef F
#undef V

/* The flags and further modifier slots of each row (isa.def IN, PIN, BLANKS,
 * M), one initializer filled by two passes over the table; a row without
 * IN() belongs to every profile. */
#define FLAGS_(raw) ((raw) | (((raw) & WR_FORMF_PROFILES) ? 0u : (1u << WR_PROFILE_COUNT) - 1u))
#define F(id, lsb, width)
#define V(id, mask)
const wr_form_ext wr_form_exts[WR_FORM_COUNT] = {
#define M(id, names, def)
#define IN(p) | (1u << WR_PROFILE_##p)
#define PIN() | WR_FORMF_PIN
#define BLANKS() | WR_FORMF_BLANKS
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name].flags = FLAGS_(0u __VA_ARGS__),
#include "warpref/isa.def"
#undef WR_FORM
#undef IN
#undef PIN
#undef BLANKS
#undef M
#define IN(p)
#define PIN()
#define BLANKS()
#define M(id, names, def) { WR_F_##id, def, names },
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...)         \
    [WR_FORM_##name].nxmods = sizeof((wr_mod_slot[]){ __VA_ARGS__ { 0, 0, NULL } }) /    \
                              sizeof(wr_mod_slot) - 1u,                                 \
    [WR_FORM_##name].xmod = { __VA_ARGS__ { 0, 0, NULL } },
#include "warpref/isa.def"
#undef WR_FORM
#undef IN
#undef PIN
#undef BLANKS
#undef M
};
#undef F
#undef V
#undef FLAGS_

uint32_t wr_form_legal_values(unsigned form, unsigned field)
{
    const wr_field_desc *fd = &wr_fields[field];
    uint32_t legal = 0xffffffffu;
    if (fd->kind == WR_FK_ENUM || fd->kind == WR_FK_FLAG || fd->kind == WR_FK_PRED)
        legal = fd->nvalues >= 32 ? 0xffffffffu : (1u << fd->nvalues) - 1u;
    uint64_t lim = wr_form_limits[form];
    if (lim != 0 && (unsigned)(lim & 0xff) == field + 1u)
        legal &= (uint32_t)(lim >> 8);
    return legal;
}
