/* isa.c - the 128-bit word codec: field access, decode, encode, the table
 * self-check, op spellings and word text.  Everything follows isa.def; the
 * decoder's lookup and reserved-bit masks are expanded from it at compile
 * time so that decode (on the replay hot path) neither scans nor allocates. */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>
#include <stdatomic.h>
#include <threads.h>
#include "warpref/isa.h"
#include "isa_priv.h"

/* ---- raw bit access --------------------------------------------------- */

static uint64_t low_bits(unsigned n)
{
    return n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1u;
}

uint64_t wr_field_get(const wr_word *word, unsigned lsb, unsigned width)
{
    if (width < 1 || width > 64 || lsb + width > 128)   /* no such field: never abort */
        return 0;
    uint64_t v = 0;
    /* walk the 32-bit parts the field touches, low part first */
    for (unsigned done = 0; done < width;) {
        unsigned bit = lsb + done, sh = bit & 31u;
        unsigned take = 32u - sh < width - done ? 32u - sh : width - done;
        uint64_t chunk = (word->w[bit >> 5] >> sh) & low_bits(take);
        v |= chunk << done;
        done += take;
    }
    return v;
}

static inline void field_put(wr_word *word, unsigned lsb, unsigned width, uint64_t value);

void wr_field_set(wr_word *word, unsigned lsb, unsigned width, uint64_t value)
{
    if (width < 1 || width > 64 || lsb + width > 128)   /* no such field: never abort */
        return;
    field_put(word, lsb, width, value);
}

/* wr_field_set of a field that exists (1 <= width <= 64, lsb + width <= 128) */
static inline void field_put(wr_word *word, unsigned lsb, unsigned width, uint64_t value)
{
    const uint64_t m = low_bits(width);
    value &= m;
    /* the field spans 32-bit parts i, i+1 and (sh + width > 64) i+2 */
    const unsigned i = lsb >> 5, sh = lsb & 31u;
    const uint64_t mlo = m << sh, vlo = value << sh;
    word->w[i] = (word->w[i] & ~(uint32_t)mlo) | (uint32_t)vlo;
    if (sh + width > 32)
        word->w[i + 1] = (word->w[i + 1] & ~(uint32_t)(mlo >> 32)) | (uint32_t)(vlo >> 32);
    if (sh + width > 64)
        word->w[i + 2] = (word->w[i + 2] & ~(uint32_t)(m >> (64u - sh))) | (uint32_t)(value >> (64u - sh));
}

/* ---- tables expanded from isa.def at compile time ---------------------- */

/* (optype, stype) -> form + 1; 0 = no such form.  A duplicate pair in the
 * table draws -Woverride-init (in -Wextra) here and fails wr_isa_check. */
#define WR_FORM(name, opt, st, ...) [WR_OPT_##opt][WR_ST_##st] = WR_FORM_##name + 1,
static const uint8_t form_lut[256][16] = {
#include "warpref/isa.def"
};
#undef WR_FORM

/* Bits of 32-bit part p covered by the field [lsb, lsb+width): the bits
 * below the field's end minus the bits below its start, both clamped to
 * the part, so every shift stays within 0..32. */
#define CLAMP32(x) ((x) < 0 ? 0 : (x) > 32 ? 32 : (x))
#define BELOW(n) ((uint32_t)((UINT64_C(1) << (n)) - 1u))
#define PART(lsb, width, p) \
    (BELOW(CLAMP32((lsb) + (width) - 32 * (p))) & ~BELOW(CLAMP32((lsb) - 32 * (p))))
#define F(id, lsb, width) | PART(lsb, width, PART_NO)
#define V(id, mask)
#define WR_FORM(name, opt, st, mnem, mf, mn, md, syn, ...) \
    [WR_FORM_##name] = PART(0, 12, PART_NO) __VA_ARGS__,
/* covered[p][form]: bits of part p that belong to optype, stype or one of
 * the form's fields; any other set bit makes the word illegal. */
static const uint32_t covered[4][WR_FORM_COUNT] = {
#define PART_NO 0
    {
#include "warpref/isa.def"
    },
#undef PART_NO
#define PART_NO 1
    {
#include "warpref/isa.def"
    },
#undef PART_NO
#define PART_NO 2
    {
#include "warpref/isa.def"
    },
#undef PART_NO
#define PART_NO 3
    {
#include "warpref/isa.def"
    },
#undef PART_NO
};
#undef WR_FORM
#undef F
#undef V

/* Field defaults of isa.h: PT for predicates, RZ/URZ for registers, else 0. */
#define DEFAULT_REG WR_RZ
#define DEFAULT_UREG WR_URZ
#define DEFAULT_PRED WR_PT
#define DEFAULT_FLAG 0
#define DEFAULT_ENUM 0
#define DEFAULT_UIMM 0
#define DEFAULT_SIMM 0
#define DEFAULT_CMEM 0
/* A static template: its padding bytes are zero too, so an initialised
 * wr_insn compares equal with memcmp (state snapshots compare that way). */
static const wr_insn insn_template = {
    .f = {
#define WR_FIELD(name, kind, nvalues, doc) [WR_F_##name] = DEFAULT_##kind,
#include "warpref/isa.def"
#undef WR_FIELD
    },
};

static const char *const optype_names[256] = {
#define WR_OPTYPE(name, value, group, rule) [value] = #name,
#include "warpref/isa.def"
#undef WR_OPTYPE
};

static const char *const stype_names[16] = {
#define WR_STYPE(name, value) [value] = #name,
#include "warpref/isa.def"
#undef WR_STYPE
};

const char *wr_optype_name(unsigned optype) { return optype < 256 ? optype_names[optype] : NULL; }
const char *wr_stype_name(unsigned stype) { return stype < 16 ? stype_names[stype] : NULL; }

/* SPEC-NOTES N-51 spells the S2R sources; the SR field's values follow
 * isa.def's field comment. */
const char *const wr_sr_names[WR_SR_COUNT] = { "SR_LANEID", "SR_TID", "SR_WARPID" };

/* ---- messages ---------------------------------------------------------- */

void wr_buf_printf(wr_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->len < b->size ? b->size - b->len : 0;
    int n = vsnprintf(room ? b->p + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        b->len += (size_t)n;
}

void wr_buf_puts(wr_buf *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len < b->size) {
        size_t room = b->size - b->len - 1, k = n < room ? n : room;
        memcpy(b->p + b->len, s, k);
        b->p[b->len + k] = '\0';
    }
    b->len += n;
}

/* Write a one-line reason into msg (if any) and return -1. */
static int fail(char *msg, size_t msgsize, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail(char *msg, size_t msgsize, const char *fmt, ...)
{
    if (msg != NULL && msgsize > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, msgsize, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---- value checks shared by decode and encode -------------------------- */

/* The legal values of an enum-like field, as text for a message:
 * modifier spellings when the field is the form's modifier. */
static void legal_text(unsigned form, unsigned field, char *out, size_t size)
{
    uint32_t legal = wr_form_legal_values(form, field);
    const wr_form_aux *aux = &wr_isa_aux_get()->form[form];
    wr_buf b = { out, size, 0 };
    out[0] = '\0';
    for (unsigned v = 0; v < 32; v++) {
        if (!((legal >> v) & 1u))
            continue;
        const char *name = NULL;
        if (wr_forms[form].modfield == field && v < aux->nmods)
            name = aux->modname[v];
        for (unsigned k = 0; k < aux->nxslots; k++)
            if (aux->xslot[k].field == field && v < aux->xslot[k].nnames)
                name = aux->xslot[k].name[v];
        if (name)
            wr_buf_printf(&b, b.len ? " %s%s" : "%s%s", name[0] ? "." : "", name[0] ? name : "(none)");
        else
            wr_buf_printf(&b, b.len ? " %u" : "%u", v);
    }
}

/* Check one field value of a form: range of its width (signed for SIMM),
 * legal values (ENUM/FLAG/PRED, with the form's V() narrowing), and the
 * CMEM layout.  Messages name the field, its bits and the form. */
static int check_value(unsigned form, const wr_field_pos *fp, int64_t v,
                       char *msg, size_t msgsize)
{
    const wr_field_desc *fd = &wr_fields[fp->id];
    const char *fname = wr_forms[form].name;
    unsigned msb = fp->lsb + fp->width - 1u;
    if (fd->kind == WR_FK_SIMM) {
        int64_t lo = -(int64_t)(UINT64_C(1) << (fp->width - 1u));
        int64_t hi = (int64_t)((UINT64_C(1) << (fp->width - 1u)) - 1u);
        if (fp->width < 64 && (v < lo || v > hi))
            return fail(msg, msgsize, "value %" PRId64 " does not fit %s (SImm%u, bits %u:%u) of %s",
                        v, fd->name, fp->width, msb, fp->lsb, fname);
    } else if (v < 0 || (fp->width < 64 && (uint64_t)v > low_bits(fp->width))) {
        return fail(msg, msgsize, "value %" PRId64 " does not fit %s (%u bits, bits %u:%u) of %s",
                    v, fd->name, fp->width, msb, fp->lsb, fname);
    }
    if (fd->kind == WR_FK_ENUM || fd->kind == WR_FK_FLAG || fd->kind == WR_FK_PRED) {
        uint32_t legal = wr_form_legal_values(form, fp->id);
        if (v >= 32 || !((legal >> v) & 1u)) {
            char lt[96];
            legal_text(form, fp->id, lt, sizeof lt);
            return fail(msg, msgsize, "illegal value %" PRId64 " of %s (bits %u:%u) in %s (legal: %s)",
                        v, fd->name, msb, fp->lsb, fname, lt);
        }
    }
    if (fd->kind == WR_FK_CMEM) {
        unsigned off = wr_cmem_offset(v);
        if (off & 3u)
            return fail(msg, msgsize, "constant offset 0x%x in %s (bits %u:%u) of %s is not 4-aligned",
                        off, fd->name, msb, fp->lsb, fname);
        if ((v >> 21) & 1)
            return fail(msg, msgsize, "reserved bit 21 of %s (bit %u) set in %s",
                        fd->name, fp->lsb + 21u, fname);
        if (wr_form_cmem64(form) && off > WR_CMEM64_MAX_OFFSET)
            return fail(msg, msgsize, "64-bit constant at offset 0x%x in %s runs past the bank end (max 0xfff8)",
                        off, fname);
    }
    return 0;
}

/* The values of field fp of a form that check_value passes without a
 * word to say, as a range and a mask (wr_form_aux.quick, made once by
 * build_aux): the common case of wr_encode, one compare each way and a
 * bit test (of bits 4:0 of the value); a CMEM value of a 64-bit constant's
 * form is left to check_value. */
static void quick_range(unsigned form, const wr_field_pos *fp, int64_t *lo, int64_t *hi, uint32_t *legal)
{
    const wr_field_desc *fd = &wr_fields[fp->id];
    *legal = 0xffffffffu;
    if (fd->kind == WR_FK_SIMM) {
        *lo = fp->width < 64 ? -(int64_t)(UINT64_C(1) << (fp->width - 1u)) : INT64_MIN;
        *hi = fp->width < 64 ? (int64_t)((UINT64_C(1) << (fp->width - 1u)) - 1u) : INT64_MAX;
    } else {
        *lo = 0;
        *hi = fp->width < 64 ? (int64_t)low_bits(fp->width) : INT64_MAX;
    }
    if (fd->kind == WR_FK_ENUM || fd->kind == WR_FK_FLAG || fd->kind == WR_FK_PRED) {
        if (*hi > 31)
            *hi = 31;
        *legal = wr_form_legal_values(form, fp->id);
    }
    if (fd->kind == WR_FK_CMEM && wr_form_cmem64(form)) {
        *lo = 1;                          /* the bank's end: left to check_value */
        *hi = 0;
    } else if (fd->kind == WR_FK_CMEM) {
        if (*hi > (INT64_C(1) << 21) - 1)
            *hi = (INT64_C(1) << 21) - 1; /* bit 21 clear */
        *legal = 0x11111111u;             /* bits 4:0 of the offset a multiple of 4 */
    }
}

/* ---- decode / encode --------------------------------------------------- */

void wr_insn_init(wr_insn *insn, wr_form form)
{
    memcpy(insn, &insn_template, sizeof *insn);
    insn->form = (uint16_t)form;     /* out of range: wr_encode and wr_step refuse it */
    insn->optype = (unsigned)form < WR_FORM_COUNT ? wr_forms[form].optype : 0;
}

static unsigned lowest_bit(uint32_t m)
{
    unsigned i = 0;
    while (!((m >> i) & 1u))
        i++;
    return i;
}

int wr_decode(const wr_word *word, wr_insn *out, char *msg, size_t msgsize)
{
    unsigned opt = word->w[0] & 0xffu, st = (word->w[0] >> 8) & 0xfu;
    unsigned slot = form_lut[opt][st];
    if (slot == 0) {
        if (optype_names[opt] == NULL)
            return fail(msg, msgsize, "unknown optype 0x%02x (bits 7:0)", opt);
        return fail(msg, msgsize, "optype 0x%02x (%s) has no form with stype %u (bits 11:8)",
                    opt, optype_names[opt], st);
    }
    unsigned form = slot - 1u;
    for (unsigned p = 0; p < 4; p++) {
        uint32_t stray = word->w[p] & ~covered[p][form];
        if (stray != 0)
            return fail(msg, msgsize, "reserved bit %u set in %s (must be 0)",
                        32u * p + lowest_bit(stray), wr_forms[form].name);
    }
    wr_insn_init(out, (wr_form)form);
    const wr_form_desc *fd = &wr_forms[form];
    for (unsigned i = 0; i < fd->nfields; i++) {
        const wr_field_pos *fp = &fd->fields[i];
        uint64_t raw = wr_field_get(word, fp->lsb, fp->width);
        int64_t v = (int64_t)raw;
        if (wr_fields[fp->id].kind == WR_FK_SIMM && fp->width < 64 && ((raw >> (fp->width - 1u)) & 1u))
            v = (int64_t)(raw | ~low_bits(fp->width));    /* sign-extend */
        if (check_value(form, fp, v, msg, msgsize) != 0)
            return -1;
        out->f[fp->id] = v;
    }
    return wr_ri_check(out, msg, msgsize);
}

int wr_encode(const wr_insn *in, wr_word *out, char *msg, size_t msgsize)
{
    memset(out, 0, sizeof *out);
    if (in->form >= WR_FORM_COUNT)
        return fail(msg, msgsize, "no form %u", (unsigned)in->form);
    const wr_form_desc *fd = &wr_forms[in->form];
    const wr_form_aux *fa = &wr_isa_aux_get()->form[in->form];
    if (fa->nrislots != 0 && wr_ri_check(in, msg, msgsize) != 0)
        return -1;
    /* fields the form lacks are ignored: they are not part of the word.
     * A field of the table is 1..64 bits wide, ends by bit 127 and shares
     * no bit with another (wr_isa_check), so each is or-ed into the two
     * 64-bit halves of the word by one mask and shift (build_aux). */
    uint64_t lo = (uint64_t)fd->optype | (uint64_t)fd->stype << 8, hi = 0;
    for (unsigned i = 0, n = fd->nfields; i < n; i++) {
        const struct wr_field_quick *q = &fa->quick[i];
        const int64_t v = in->f[q->id];
        if (((uint64_t)v - (uint64_t)q->lo > q->span || !((q->legal >> (v & 31)) & 1u))
            && check_value(in->form, &fd->fields[i], v, msg, msgsize) != 0)
            return -1;
        const uint64_t u = (uint64_t)v & q->mask;
        const unsigned lsb = q->lsb;
        if (lsb >= 64) {
            hi |= u << (lsb - 64u);
        } else {
            lo |= u << lsb;
            hi |= (u >> 1) >> (63u - lsb);   /* 0 unless the field crosses bit 64 */
        }
    }
    out->w[0] = (uint32_t)lo;
    out->w[1] = (uint32_t)(lo >> 32);
    out->w[2] = (uint32_t)hi;
    out->w[3] = (uint32_t)(hi >> 32);
    return 0;
}

/* ---- SYNTAX strings and modifier names ---------------------------------- */

static const struct {
    const char *code;
    const char *desc;
    uint8_t field_kind;        /* the wr_field_kind the operand must name */
} spec_kinds[WR_SK_COUNT] = {
    [WR_SK_R]  = { "R",  "a GPR",                      WR_FK_REG },
    [WR_SK_R2] = { "R2", "a GPR pair",                 WR_FK_REG },
    [WR_SK_U]  = { "U",  "a uniform register",         WR_FK_UREG },
    [WR_SK_U2] = { "U2", "a uniform register pair",    WR_FK_UREG },
    [WR_SK_P]  = { "P",  "a predicate",                WR_FK_PRED },
    [WR_SK_PD] = { "PD", "a predicate",                WR_FK_PRED },
    [WR_SK_B]  = { "B",  "a B register",               WR_FK_UIMM },
    [WR_SK_SR] = { "SR", "a special register",         WR_FK_ENUM },
    [WR_SK_I]  = { "I",  "an immediate",               WR_FK_UIMM },
    [WR_SK_S]  = { "S",  "an immediate",               WR_FK_UIMM },
    [WR_SK_T]  = { "T",  "a branch target",            WR_FK_SIMM },
    [WR_SK_D]  = { "D",  "a displacement",             WR_FK_SIMM },
    [WR_SK_C]  = { "C",  "a constant c[bank][offset]", WR_FK_CMEM },
    [WR_SK_RI] = { "RI", "a GPR or an immediate",      WR_FK_UIMM },   /* or ENUM */
};

const char *wr_spec_kind_desc(unsigned kind) { return kind < WR_SK_COUNT ? spec_kinds[kind].desc : "?"; }
const char *wr_spec_kind_code(unsigned kind) { return kind < WR_SK_COUNT ? spec_kinds[kind].code : "?"; }

static int field_by_name(const char *s, size_t n)
{
    for (unsigned f = 0; f < WR_F_COUNT; f++)
        if (strlen(wr_fields[f].name) == n && memcmp(wr_fields[f].name, s, n) == 0)
            return (int)f;
    return -1;
}

static int form_has_field(const wr_form_desc *fd, unsigned field)
{
    for (unsigned i = 0; i < fd->nfields && i < WR_MAX_FORM_FIELDS; i++)
        if (fd->fields[i].id == field)
            return 1;
    return 0;
}

/* One "?~KIND:FIELD" item of a SYNTAX string. */
static int parse_spec(const wr_form_desc *fd, const char *s, size_t n, wr_spec *sp,
                      char *msg, size_t msgsize)
{
    memset(sp, 0, sizeof *sp);
    sp->extra = WR_F_NONE;
    size_t i = 0;
    if (i < n && s[i] == '?') { sp->optional = 1; i++; }
    if (i < n && s[i] == '~') { sp->tilde = 1; i++; }
    const char *colon = memchr(s + i, ':', n - i);
    if (colon == NULL)
        return fail(msg, msgsize, "%s: syntax item '%.*s' has no ':'", fd->name, (int)n, s);
    size_t klen = (size_t)(colon - (s + i));
    int kind = -1;
    for (unsigned k = 0; k < WR_SK_COUNT; k++)
        if (strlen(spec_kinds[k].code) == klen && memcmp(spec_kinds[k].code, s + i, klen) == 0)
            kind = (int)k;
    int field = field_by_name(colon + 1, n - (size_t)(colon + 1 - s));
    if (kind < 0 || field < 0)
        return fail(msg, msgsize, "%s: bad syntax item '%.*s'", fd->name, (int)n, s);
    sp->kind = (uint8_t)kind;
    sp->field = (uint8_t)field;
    if (!form_has_field(fd, (unsigned)field))
        return fail(msg, msgsize, "%s: syntax names field %s the form lacks", fd->name, wr_fields[field].name);
    for (unsigned i = 0; i < fd->nfields; i++)
        if (fd->fields[i].id == field)
            sp->width = fd->fields[i].width;
    if (wr_fields[field].kind != spec_kinds[kind].field_kind &&
        !(kind == WR_SK_RI && wr_fields[field].kind == WR_FK_ENUM))
        return fail(msg, msgsize, "%s: syntax kind %s does not suit field %s", fd->name,
                    spec_kinds[kind].code, wr_fields[field].name);
    if (sp->tilde && kind != WR_SK_R && kind != WR_SK_U && kind != WR_SK_C)
        return fail(msg, msgsize, "%s: '~' only applies to R, U, C operands", fd->name);
    if (sp->tilde)
        sp->extra = WR_F_BITNOT;
    if (kind == WR_SK_P || kind == WR_SK_RI) {
        /* the '!' of P:FIELD lives in FIELD_NOT, "is a register" of
         * RI:FIELD in FIELD_R */
        char nb[32];
        int k = snprintf(nb, sizeof nb, "%s%s", wr_fields[field].name, kind == WR_SK_P ? "_NOT" : "_R");
        int nf = field_by_name(nb, (size_t)k);
        if (nf < 0)
            return fail(msg, msgsize, "%s: %s %s has no %s field", fd->name,
                        kind == WR_SK_P ? "predicate" : "operand", wr_fields[field].name, nb);
        sp->extra = (uint8_t)nf;
    }
    if (sp->extra != WR_F_NONE && !form_has_field(fd, sp->extra))
        return fail(msg, msgsize, "%s: syntax needs field %s the form lacks", fd->name, wr_fields[sp->extra].name);
    return 0;
}

int wr_syntax_parse(const wr_form_desc *fd, wr_spec *specs, unsigned *nspecs,
                    char *msg, size_t msgsize)
{
    *nspecs = 0;
    const char *s = fd->syntax;
    while (*s == ' ')
        s++;
    while (*s != '\0') {
        const char *e = strchr(s, ',');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        while (n > 0 && s[n - 1] == ' ')
            n--;
        if (*nspecs == WR_MAX_SPECS)
            return fail(msg, msgsize, "%s: more than %d operands", fd->name, WR_MAX_SPECS);
        if (parse_spec(fd, s, n, &specs[*nspecs], msg, msgsize) != 0)
            return -1;
        (*nspecs)++;
        if (e == NULL)
            break;
        s = e + 1;
        while (*s == ' ')
            s++;
    }
    return 0;
}

int wr_modnames_split(const char *modnames, char names[WR_MAX_MODS][16], unsigned *n)
{
    *n = 0;
    const char *s = modnames;
    for (;;) {
        const char *e = strchr(s, '|');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (*n == WR_MAX_MODS || len >= 16)
            return -1;
        memcpy(names[*n], s, len);
        names[*n][len] = '\0';
        (*n)++;
        if (e == NULL)
            return 0;
        s = e + 1;
    }
}

/* ---- derived tables, built once ----------------------------------------- */

static wr_isa_aux isa_aux;
static once_flag isa_aux_once = ONCE_FLAG_INIT;

static void add_to_group(wr_mnem_group *groups, unsigned *ngroups, unsigned form)
{
    const char *mn = wr_forms[form].mnemonic;
    for (unsigned g = 0; g < *ngroups; g++) {
        if (groups[g].mnemonic[0] == mn[0] && strcmp(groups[g].mnemonic, mn) == 0) {
            assert(groups[g].nforms < WR_MAX_GROUP_FORMS);
            groups[g].forms[groups[g].nforms++] = (uint8_t)form;
            return;
        }
    }
    wr_mnem_group *gr = &groups[(*ngroups)++];
    gr->mnemonic = mn;
    gr->nforms = 1;
    gr->forms[0] = (uint8_t)form;
}

_Static_assert(WR_MNEM_HASH >= 2 * WR_FORM_COUNT && (WR_MNEM_HASH & (WR_MNEM_HASH - 1)) == 0,
               "the mnemonic hash must be a power of two, at most half full");

static char fold(char ch) { return ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch; }

/* FNV-1a of the case-folded bytes */
static unsigned mnem_hash(const char *s, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)fold(s[i])) * 16777619u;
    return h & (WR_MNEM_HASH - 1u);
}

/* Does s[0..n) spell the NUL-terminated w, case-insensitive? */
static int fold_eq(const char *s, size_t n, const char *w)
{
    size_t i = 0;
    for (; i < n && w[i] != '\0'; i++)
        if (fold(s[i]) != fold(w[i]))
            return 0;
    return i == n && w[i] == '\0';
}

/* The slot of s[0..n) in table t: its group + 1, or the empty slot where it would go. */
static unsigned mnem_slot(const uint16_t *t, const wr_mnem_group *gs, const char *s, size_t n)
{
    unsigned i = mnem_hash(s, n);
    while (t[i] != 0 && !fold_eq(s, n, gs[t[i] - 1u].mnemonic))
        i = (i + 1u) & (WR_MNEM_HASH - 1u);
    return i;
}

/* Enter groups[0..ng) in table order: a later one spelled like an earlier
 * one (case aside) is never found, as in a scan that stops at the first. */
static void mnem_index(uint16_t *t, const wr_mnem_group *gs, unsigned ng)
{
    for (unsigned g = 0; g < ng; g++) {
        unsigned i = mnem_slot(t, gs, gs[g].mnemonic, strlen(gs[g].mnemonic));
        if (t[i] == 0)
            t[i] = (uint16_t)(g + 1u);
    }
}

const wr_mnem_group *wr_mnem_find(int profile, const char *s, size_t n)
{
    const wr_isa_aux *a = wr_isa_aux_get();
    unsigned p = profile < 0 || profile >= WR_PROFILE_COUNT ? WR_PROFILE_COUNT : (unsigned)profile;
    const wr_mnem_group *gs = p == WR_PROFILE_COUNT ? a->group : a->pgroup[p];
    unsigned i = mnem_slot(a->mhash[p], gs, s, n);
    return a->mhash[p][i] ? &gs[a->mhash[p][i] - 1u] : NULL;
}

/* The number of op spellings of a form: the product of its slots' value
 * counts (the row's own slot first). */
static unsigned op_combinations(const wr_form_aux *fa)
{
    unsigned n = fa->nmods;
    for (unsigned k = 0; k < fa->nxslots; k++)
        n *= fa->xslot[k].nnames;
    return n;
}

/* op spelling number idx: mnemonic, then each slot's name for its digit of
 * idx (mixed radix, the row's slot lowest) when the name is not empty */
static void put_opname(const wr_form_desc *fd, const wr_form_aux *fa, unsigned idx, char *out, size_t size)
{
    wr_buf b = { out, size, 0 };
    wr_buf_puts(&b, fd->mnemonic);
    const char *name = fa->modname[idx % fa->nmods];
    idx /= fa->nmods;
    if (name[0]) {                   /* (puts, not printf: built once per process, */
        wr_buf_puts(&b, ".");        /* but on every assembler's first call) */
        wr_buf_puts(&b, name);
    }
    for (unsigned k = 0; k < fa->nxslots; k++) {
        const wr_slot_aux *sl = &fa->xslot[k];
        name = sl->name[idx % sl->nnames];
        idx /= sl->nnames;
        if (name[0]) {
            wr_buf_puts(&b, ".");
            wr_buf_puts(&b, name);
        }
    }
}

static void build_aux(void)
{
    wr_isa_aux *a = &isa_aux;
    for (unsigned f = 0; f < WR_FORM_COUNT; f++) {
        const wr_form_desc *fd = &wr_forms[f];
        const wr_form_ext *fx = &wr_form_exts[f];
        wr_form_aux *fa = &a->form[f];
        unsigned n = 0;
        int rc = wr_syntax_parse(fd, fa->spec, &n, NULL, 0);
        assert(rc == 0);
        fa->nspecs = (uint8_t)n;
        rc = wr_modnames_split(fd->modnames, fa->modname, &n);
        assert(rc == 0);
        fa->nmods = (uint8_t)n;
        fa->nxslots = fx->nxmods;
        for (unsigned k = 0; k < fx->nxmods; k++) {
            wr_slot_aux *sl = &fa->xslot[k];
            sl->field = fx->xmod[k].field;
            sl->def = fx->xmod[k].def;
            rc = wr_modnames_split(fx->xmod[k].names, sl->name, &n);
            assert(rc == 0);
            sl->nnames = (uint8_t)n;
        }
        (void)rc;
        /* op spellings: every combination of the slots' values */
        unsigned nops = op_combinations(fa);
        assert(nops <= WR_MAX_OPNAMES);
        fa->nops = (uint8_t)nops;
        for (unsigned v = 0; v < nops; v++)
            put_opname(fd, fa, v, fa->opname[v], sizeof fa->opname[v]);
        /* RI operands take the form's GPR slots RA, RB, RC, RE in this order */
        static const uint8_t slots[WR_MAX_RI_SLOTS] = { WR_F_RA, WR_F_RB, WR_F_RC, WR_F_RE };
        for (unsigned k = 0; k < fa->nspecs; k++)
            if (fa->spec[k].kind == WR_SK_RI) {
                for (unsigned i = 0; i < WR_MAX_RI_SLOTS; i++)
                    if (wr_form_has(f, slots[i]))
                        fa->rislot[fa->nrislots++] = slots[i];
                break;
            }
        for (unsigned i = 0; i < fd->nfields; i++) {
            int64_t hi;
            quick_range(f, &fd->fields[i], &fa->quick[i].lo, &hi, &fa->quick[i].legal);
            /* lo > hi (64-bit CMEM): span 0 and legal 0, no value passes */
            fa->quick[i].span = hi >= fa->quick[i].lo ? (uint64_t)hi - (uint64_t)fa->quick[i].lo : 0;
            if (hi < fa->quick[i].lo)
                fa->quick[i].legal = 0;
            fa->quick[i].id = fd->fields[i].id;
            fa->quick[i].mask = low_bits(fd->fields[i].width);
            fa->quick[i].lsb = fd->fields[i].lsb;
        }
        add_to_group(a->group, &a->ngroups, f);
        for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
            if (wr_form_in_profile(f, p))
                add_to_group(a->pgroup[p], &a->npgroups[p], f);
    }
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
        mnem_index(a->mhash[p], a->pgroup[p], a->npgroups[p]);
    mnem_index(a->mhash[WR_PROFILE_COUNT], a->group, a->ngroups);
}

/* Set once the tables are built: the common call is one acquire load, not
 * call_once's (the assembler and the encoder ask once per instruction). */
static _Atomic(const wr_isa_aux *) isa_aux_ready;

const wr_isa_aux *wr_isa_aux_get(void)
{
    const wr_isa_aux *a = atomic_load_explicit(&isa_aux_ready, memory_order_acquire);
    if (a != NULL)
        return a;
    call_once(&isa_aux_once, build_aux);
    atomic_store_explicit(&isa_aux_ready, &isa_aux, memory_order_release);
    return &isa_aux;
}

const char *wr_op_name(const wr_insn *insn)
{
    if (insn->form >= WR_FORM_COUNT)
        return "?";
    const wr_form_desc *fd = &wr_forms[insn->form];
    const wr_form_aux *fa = &wr_isa_aux_get()->form[insn->form];
    int64_t v = fd->modfield == WR_F_NONE ? 0 : insn->f[fd->modfield];
    if (v < 0 || v >= fa->nmods)
        return fd->mnemonic;
    unsigned idx = (unsigned)v, radix = fa->nmods;
    for (unsigned k = 0; k < fa->nxslots; k++) {
        const wr_slot_aux *sl = &fa->xslot[k];
        int64_t x = sl->field == WR_F_NONE ? 0 : insn->f[sl->field];
        if (x < 0 || x >= sl->nnames)
            return fd->mnemonic;
        idx += (unsigned)x * radix;
        radix *= sl->nnames;
    }
    return fa->opname[idx];
}

/* ---- the RI rule (isa.def) ------------------------------------------------ */

int wr_ri_check(const wr_insn *insn, char *msg, size_t msgsize)
{
    const wr_form_aux *fa = &wr_isa_aux_get()->form[insn->form];
    if (fa->nrislots == 0)
        return 0;
    unsigned used = 0;
    for (unsigned k = 0; k < fa->nspecs; k++) {
        const wr_spec *sp = &fa->spec[k];
        if (sp->kind != WR_SK_RI || insn->f[sp->extra] == 0)
            continue;
        if (insn->f[sp->field] != 0)
            return fail(msg, msgsize, "%s: %s is a register (%s = 1) but holds %" PRId64 " (must be 0)",
                        wr_forms[insn->form].name, wr_fields[sp->field].name, wr_fields[sp->extra].name,
                        insn->f[sp->field]);
        if (used == fa->nrislots)
            return fail(msg, msgsize, "%s: more register operands than GPR slots (%u)",
                        wr_forms[insn->form].name, fa->nrislots);
        used++;
    }
    for (unsigned i = used; i < fa->nrislots; i++)
        if (insn->f[fa->rislot[i]] != WR_RZ)
            return fail(msg, msgsize, "%s: %s holds R%" PRId64 " but no operand is a register there (must be RZ)",
                        wr_forms[insn->form].name, wr_fields[fa->rislot[i]].name, insn->f[fa->rislot[i]]);
    return 0;
}

void wr_insn_normalize(wr_insn *insn)
{
    if (insn->form >= WR_FORM_COUNT)
        return;
    const wr_form_aux *fa = &wr_isa_aux_get()->form[insn->form];
    if (fa->nrislots == 0)
        return;
    unsigned used = 0;
    for (unsigned k = 0; k < fa->nspecs; k++) {
        const wr_spec *sp = &fa->spec[k];
        if (sp->kind != WR_SK_RI || insn->f[sp->extra] == 0)
            continue;
        if (used == fa->nrislots) {
            insn->f[sp->extra] = 0;
            continue;
        }
        insn->f[sp->field] = 0;
        used++;
    }
    for (unsigned i = used; i < fa->nrislots; i++)
        insn->f[fa->rislot[i]] = WR_RZ;
}

int wr_insn_ri_reg(const wr_insn *insn, unsigned field)
{
    if (insn->form >= WR_FORM_COUNT)
        return -1;
    const wr_form_aux *fa = &wr_isa_aux_get()->form[insn->form];
    unsigned used = 0;
    for (unsigned k = 0; k < fa->nspecs; k++) {
        const wr_spec *sp = &fa->spec[k];
        if (sp->kind != WR_SK_RI || insn->f[sp->extra] == 0)
            continue;
        if (used == fa->nrislots)
            return -1;
        if (sp->field == field)
            return fa->rislot[used];
        used++;
    }
    return -1;
}

int wr_insn_ri_slot_taken(const wr_insn *insn, unsigned slot)
{
    if (insn->form >= WR_FORM_COUNT)
        return 0;
    const wr_form_aux *fa = &wr_isa_aux_get()->form[insn->form];
    unsigned used = 0;
    for (unsigned k = 0; k < fa->nspecs; k++)
        used += fa->spec[k].kind == WR_SK_RI && insn->f[fa->spec[k].extra] != 0;
    for (unsigned i = 0; i < used && i < fa->nrislots; i++)
        if (fa->rislot[i] == slot)
            return 1;
    return 0;
}

/* ---- the operands a form reads (WR_IN_*, isa.h) ---------------------------- */

/* Operand slots read by each form, a compile-time table from isa.def: Pg
 * always; Pp, Ra, Rb, Rc, a uniform register and a constant when the form has
 * the field; 64-bit when the row marks it W() (N-16, N-17).  One expansion
 * gives both: F() sets bit FIELD, W() bit 32 + FIELD. */
_Static_assert(WR_F_PP < 32 && WR_F_RA < 32 && WR_F_RB < 32 && WR_F_RC < 32 && WR_F_RE < 32 && WR_F_URA < 32 &&
               WR_F_URB < 32 && WR_F_CMEM < 32, "the fields read and their wide bits share one 64-bit mask");
#define HAS_(m, id) ((unsigned)(((m) >> WR_F_##id) & 1u))
#define READS_(m, w)                                                             \
    (WR_IN_PG | HAS_(m, PP) * WR_IN_PP | HAS_(m, RA) * WR_IN_RA | HAS_(w, RA) * WR_IN_RA64 | \
     HAS_(m, RB) * WR_IN_RB | HAS_(m, RC) * WR_IN_RC | HAS_(m, RE) * WR_IN_RE |     \
     (HAS_(m, URA) | HAS_(m, URB)) * WR_IN_UR | (HAS_(w, URA) | HAS_(w, URB)) * WR_IN_UR64 | \
     HAS_(m, CMEM) * WR_IN_C | HAS_(w, CMEM) * WR_IN_C64)
#define F(id, lsb, width) | ((UINT64_C(1) << WR_F_##id) & UINT64_C(0xffffffff))
#define V(id, mask)
#define W(id) | (UINT64_C(1) << (32 + WR_F_##id))
#define WR_FORM(name, opt, st, mnem, modfield, modnames, moddefault, syntax, ...) \
    [WR_FORM_##name] = READS_((0 __VA_ARGS__), ((0 __VA_ARGS__) >> 32)),
static const uint16_t form_reads[WR_FORM_COUNT] = {
#include "warpref/isa.def"
};
#undef WR_FORM
#undef F
#undef V
#undef W
#undef READS_
#undef HAS_

/* RE, the fourth GPR slot, is read only when an operand takes it: visa's
 * NBARRIER.signal with four registers (TRACE-FORMAT `in.re`, V-01).  (Out of
 * line: the common path stays a load and a test.) */
__attribute__((noinline)) static unsigned reads_re(const wr_insn *insn, unsigned r)
{
    return wr_insn_ri_slot_taken(insn, WR_F_RE) ? r : r & ~(unsigned)WR_IN_RE;
}

unsigned wr_insn_reads(const wr_insn *insn)
{
    const unsigned r = form_reads[insn->form];
    if (__builtin_expect((r & WR_IN_RE) != 0, 0))
        return reads_re(insn, r);
    return r;
}

/* ---- table self-check ---------------------------------------------------- */

/* Fields and bit positions of one form: count, ids, widths, range, and no
 * bit assigned twice (optype 7:0 and stype 11:8 are implicitly taken). */
static int check_form_bits(const wr_form_desc *fd, char *msg, size_t msgsize)
{
    signed char owner[128];
    memset(owner, -1, sizeof owner);
    for (unsigned b = 0; b < 12; b++)
        owner[b] = (signed char)(b < 8 ? WR_F_COUNT : WR_F_COUNT + 1);
    if (fd->nfields > WR_MAX_FORM_FIELDS)
        return fail(msg, msgsize, "%s: %u fields, at most %d", fd->name, fd->nfields, WR_MAX_FORM_FIELDS);
    for (unsigned i = 0; i < fd->nfields; i++) {
        const wr_field_pos *fp = &fd->fields[i];
        if (fp->id >= WR_F_COUNT)
            return fail(msg, msgsize, "%s: field #%u has no id (%u)", fd->name, i, fp->id);
        const char *nm = wr_fields[fp->id].name;
        if (fp->width < 1 || fp->width > 64)
            return fail(msg, msgsize, "%s: field %s is %u bits wide (1..64)", fd->name, nm, fp->width);
        if (fp->lsb + fp->width > 128)
            return fail(msg, msgsize, "%s: field %s<%u,%u> ends past bit 127", fd->name, nm, fp->lsb, fp->width);
        if (wr_fields[fp->id].kind == WR_FK_UIMM && fp->width > 32)   /* wr_ftype_UIMM */
            return fail(msg, msgsize, "%s: unsigned field %s is %u bits wide (at most 32)", fd->name, nm, fp->width);
        for (unsigned j = 0; j < i; j++)
            if (fd->fields[j].id == fp->id)
                return fail(msg, msgsize, "%s: field %s listed twice", fd->name, nm);
        for (unsigned b = fp->lsb; b < fp->lsb + fp->width; b++) {
            if (owner[b] >= 0) {
                const char *other = owner[b] == WR_F_COUNT ? "optype"
                                  : owner[b] == WR_F_COUNT + 1 ? "stype" : wr_fields[(int)owner[b]].name;
                return fail(msg, msgsize, "%s: bit %u assigned twice (%s and %s)", fd->name, b, other, nm);
            }
            owner[b] = (signed char)fp->id;
        }
    }
    return 0;
}

/* Modifier, syntax and coverage: every field is set by the guard, the
 * modifier or an operand, so every legal word has a text (round trip). */
/* The further modifier slots of a row (isa.def M()): fields of the form, no
 * more names than values, a legal default; a fixed word has one name and
 * must be written; the op spellings fit the derived table. */
static int check_xmods(const wr_form_desc *fd, const wr_form_ext *fx, unsigned nmods, char *msg, size_t msgsize)
{
    unsigned combos = nmods;
    if (fx->nxmods > WR_MAX_XMODS)
        return fail(msg, msgsize, "%s: %u modifier slots, at most %d", fd->name, fx->nxmods, WR_MAX_XMODS);
    for (unsigned k = 0; k < fx->nxmods; k++) {
        const wr_mod_slot *sl = &fx->xmod[k];
        char names[WR_MAX_MODS][16];
        unsigned n = 0;
        if (sl->names == NULL || wr_modnames_split(sl->names, names, &n) != 0)
            return fail(msg, msgsize, "%s: modifier slot %u: too many or too long names", fd->name, k + 1);
        if (sl->field == WR_F_NONE) {
            if (n != 1 || names[0][0] == '\0' || sl->def != -1)
                return fail(msg, msgsize, "%s: modifier slot %u: a fixed word has one name and no default",
                            fd->name, k + 1);
        } else {
            if (sl->field >= WR_F_COUNT || !form_has_field(fd, sl->field) || sl->field == fd->modfield)
                return fail(msg, msgsize, "%s: modifier slot %u: field is not a field of the form or "
                            "has a slot already", fd->name, k + 1);
            for (unsigned j = 0; j < k; j++)
                if (fx->xmod[j].field == sl->field)
                    return fail(msg, msgsize, "%s: modifier slot %u: field %s has a slot already",
                                fd->name, k + 1, wr_fields[sl->field].name);
            if (n > wr_fields[sl->field].nvalues)
                return fail(msg, msgsize, "%s: %u modifier names for %s with %u values", fd->name, n,
                            wr_fields[sl->field].name, wr_fields[sl->field].nvalues);
            if (sl->def < -1 || sl->def >= (int)n)
                return fail(msg, msgsize, "%s: modifier default %d is not a value of %s", fd->name, sl->def,
                            wr_fields[sl->field].name);
        }
        combos *= n;
    }
    if (combos > WR_MAX_OPNAMES)
        return fail(msg, msgsize, "%s: %u op spellings, at most %d", fd->name, combos, WR_MAX_OPNAMES);
    return 0;
}

/* Modifier, syntax and coverage: every field is set by the guard, a
 * modifier or an operand (RI operands set the GPR slots), so every legal
 * word has a text (round trip).  fx: the row's further slots and flags, NULL
 * for a table without them. */
static int check_form_text(const wr_form_desc *fd, const wr_form_ext *fx, char *msg, size_t msgsize)
{
    char names[WR_MAX_MODS][16];
    unsigned nmods = 0;
    if (wr_modnames_split(fd->modnames, names, &nmods) != 0)
        return fail(msg, msgsize, "%s: too many or too long modifier names", fd->name);
    if (fd->modfield != WR_F_NONE) {
        if (fd->modfield >= WR_F_COUNT || !form_has_field(fd, fd->modfield))
            return fail(msg, msgsize, "%s: modifier field is not a field of the form", fd->name);
        const wr_field_desc *mf = &wr_fields[fd->modfield];
        if (nmods > mf->nvalues)
            return fail(msg, msgsize, "%s: %u modifier names for %s with %u values", fd->name, nmods,
                        mf->name, mf->nvalues);
        if (fd->moddefault < -1 || fd->moddefault >= (int)nmods)
            return fail(msg, msgsize, "%s: modifier default %d is not a value of %s", fd->name,
                        fd->moddefault, mf->name);
    } else if (nmods != 1 || names[0][0] != '\0' || fd->moddefault != 0) {
        return fail(msg, msgsize, "%s: no modifier field but modifier names or default", fd->name);
    }
    if (fx && check_xmods(fd, fx, nmods, msg, msgsize) != 0)
        return -1;
    wr_spec specs[WR_MAX_SPECS];
    unsigned n = 0;
    if (wr_syntax_parse(fd, specs, &n, msg, msgsize) != 0)
        return -1;
    int has_ri = 0;
    unsigned nri = 0, nslots = 0;
    for (unsigned k = 0; k < n; k++)
        nri += specs[k].kind == WR_SK_RI;
    has_ri = nri != 0;
    static const uint8_t ri_slots[] = { WR_F_RA, WR_F_RB, WR_F_RC, WR_F_RE };
    for (unsigned i = 0; i < sizeof ri_slots; i++)
        nslots += form_has_field(fd, ri_slots[i]);
    if (has_ri && nslots < nri)      /* every RI operand may be a register (seed 004, V-01) */
        return fail(msg, msgsize, "%s: %u RI operands but %u GPR slots (RA, RB, RC, RE)", fd->name, nri, nslots);
    for (unsigned i = 0; i < fd->nfields; i++) {
        unsigned id = fd->fields[i].id;
        int set = id == WR_F_PG || id == WR_F_PG_NOT || id == fd->modfield;
        set |= has_ri && (id == WR_F_RA || id == WR_F_RB || id == WR_F_RC || id == WR_F_RE);
        for (unsigned k = 0; fx && k < fx->nxmods; k++)
            set |= fx->xmod[k].field == id;
        for (unsigned k = 0; k < n && !set; k++)
            set = specs[k].field == id || specs[k].extra == id;
        if (!set)
            return fail(msg, msgsize, "%s: field %s is set by no operand or modifier", fd->name,
                        wr_fields[id].name);
    }
    return 0;
}

int wr_isa_check_table(const wr_form_desc *forms, size_t nforms, char *msg, size_t msgsize)
{
    for (size_t i = 0; i < nforms; i++) {
        const wr_form_desc *fd = &forms[i];
        if (fd->name == NULL || fd->mnemonic == NULL || fd->modnames == NULL || fd->syntax == NULL)
            return fail(msg, msgsize, "form #%zu has a NULL string", i);
        if (fd->stype > 15)
            return fail(msg, msgsize, "%s: stype %u does not fit bits 11:8", fd->name, fd->stype);
        const wr_form_ext *fx = forms == wr_forms ? &wr_form_exts[i] : NULL;
        if (check_form_bits(fd, msg, msgsize) != 0 || check_form_text(fd, fx, msg, msgsize) != 0)
            return -1;
        for (size_t j = 0; j < i; j++)
            if (forms[j].optype == fd->optype && forms[j].stype == fd->stype)
                return fail(msg, msgsize, "%s and %s share optype 0x%02x stype %u", forms[j].name,
                            fd->name, fd->optype, fd->stype);
    }
    return 0;
}

/* W(FIELD) marks (wr_form_wide) and the SYNTAX kinds agree: a register
 * operand is written R2/U2 exactly when its field is marked wide, and only
 * fields of the form are marked. */
static int check_wide(char *msg, size_t msgsize)
{
    for (unsigned f = 0; f < WR_FORM_COUNT; f++) {
        const wr_form_desc *fd = &wr_forms[f];
        if (wr_form_wide_masks[f] & ~wr_form_field_masks[f])
            return fail(msg, msgsize, "%s: W() marks a field the form lacks", fd->name);
        wr_spec specs[WR_MAX_SPECS];
        unsigned n = 0;
        if (wr_syntax_parse(fd, specs, &n, msg, msgsize) != 0)
            return -1;
        for (unsigned k = 0; k < n; k++) {
            const unsigned kind = specs[k].kind, field = specs[k].field;
            if (kind != WR_SK_R && kind != WR_SK_R2 && kind != WR_SK_U && kind != WR_SK_U2)
                continue;
            const int pair = kind == WR_SK_R2 || kind == WR_SK_U2;
            if (pair != wr_form_wide(f, field))
                return fail(msg, msgsize, "%s: operand %s is written %s but the row %s W(%s)", fd->name,
                            wr_fields[field].name, wr_spec_kind_code(kind), pair ? "lacks" : "has",
                            wr_fields[field].name);
        }
    }
    return 0;
}

int wr_isa_check(char *msg, size_t msgsize)
{
    if (wr_isa_check_table(wr_forms, WR_FORM_COUNT, msg, msgsize) != 0)
        return -1;
    return check_wide(msg, msgsize);
}

/* ---- profile names ---------------------------------------------------------- */

static const char *const profile_names[WR_PROFILE_COUNT] = {
#define WR_X_(name, text, seed) text,
    WR_PROFILES(WR_X_)
#undef WR_X_
};

const char *wr_profile_name(unsigned profile)
{
    return profile < WR_PROFILE_COUNT ? profile_names[profile] : "unknown";
}

int wr_profile_parse(const char *s, size_t n)
{
    for (unsigned p = 0; p < WR_PROFILE_COUNT; p++)
        if (strlen(profile_names[p]) == n && memcmp(profile_names[p], s, n) == 0)
            return (int)p;
    return -1;
}

/* ---- word text ------------------------------------------------------------ */

void wr_word_format(const wr_word *word, char buf[35])
{
    snprintf(buf, 35, "0x%08" PRIx32 "%08" PRIx32 "%08" PRIx32 "%08" PRIx32,
             word->w[3], word->w[2], word->w[1], word->w[0]);
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Exactly "0x" and 32 hex digits: no 0X, no missing 0x, nothing around. */
int wr_word_parse(const char *text, wr_word *out)
{
    if (text[0] != '0' || text[1] != 'x')
        return -1;
    text += 2;
    if (strlen(text) != 32)
        return -1;
    wr_word w = { { 0, 0, 0, 0 } };
    for (unsigned i = 0; i < 32; i++) {
        int d = hex_digit(text[i]);
        if (d < 0)
            return -1;
        unsigned nib = 31u - i;                 /* text is bits 127..0 */
        w.w[nib / 8u] |= (uint32_t)d << (4u * (nib % 8u));
    }
    *out = w;
    return 0;
}
