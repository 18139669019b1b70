/* test_isa.c - the ISA table, word codec, assembler and disassembler:
 * table self-check (good and bad tables), round trip of every form,
 * hand-computed encodings, the seeds' examples, SPEC-NOTES N-30, N-39,
 * N-51..N-54, N-60, N-61, and a table of malformed inputs and words. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "unit.h"
#include "../model/src/isa/isa_priv.h"      /* wr_asm_general_only */

/* ---- helpers ------------------------------------------------------------ */

/* Assemble text; on failure the test fails with the message. */
static void must_assemble(const char *text, wr_program *p)
{
    char err[512];
    int rc = wr_assemble(text, "t.s", p, err, sizeof err);
    ck_assert_msg(rc == 0, "assembly failed: %s\n--- input ---\n%s", err, text);
}

/* Text of `line` placed at byte address pc (pc/16 NOPs in front). */
static char *at_pc(const char *line, uint64_t pc)
{
    size_t n = (size_t)(pc / WR_INST_SIZE);
    char *text = malloc(n * 4 + strlen(line) + 2);
    ck_assert_ptr_nonnull(text);
    char *q = text;
    for (size_t i = 0; i < n; i++, q += 4)
        memcpy(q, "NOP\n", 4);
    strcpy(q, line);
    return text;
}

/* The profile a round trip assembles under (SPEC-NOTES G-01): the first of
 * the form's. */
static int asm_profile = WR_PROFILE_ANY;

/* The instruction assembled from one line at pc. */
static wr_insn asm_at(const char *line, uint64_t pc, wr_word *word)
{
    wr_program p;
    char *text = at_pc(line, pc);
    char err[512];
    int rc = wr_assemble_as(text, "t.s", asm_profile, &p, err, sizeof err);
    ck_assert_msg(rc == 0, "assembly failed: %s\n--- input ---\n%s", err, text);
    size_t i = (size_t)(pc / WR_INST_SIZE);
    ck_assert_uint_eq(p.ninsns, i + 1);
    wr_insn in = p.insns[i];
    if (word != NULL)
        *word = p.words[i];
    wr_program_free(&p);
    free(text);
    return in;
}

static wr_insn asm1(const char *line) { return asm_at(line, 0, NULL); }

static void word_text(const wr_word *w, char out[35]) { wr_word_format(w, out); }

/* Assembly must fail with exactly this "t.s:L:C: error:" prefix and a
 * message containing `what`. */
static void expect_error(const char *text, const char *prefix, const char *what)
{
    wr_program p;
    char err[512];
    int rc = wr_assemble(text, "t.s", &p, err, sizeof err);
    ck_assert_msg(rc == -1, "expected an error for:\n%s", text);
    ck_assert_msg(strncmp(err, prefix, strlen(prefix)) == 0, "input:\n%s\nwant prefix '%s', got '%s'", text,
                  prefix, err);
    ck_assert_msg(strstr(err, what) != NULL, "input:\n%s\nwant '%s' in '%s'", text, what, err);
    ck_assert_msg(strchr(err, '\n') == NULL, "message is not one line: '%s'", err);
    ck_assert_ptr_null(p.insns);
    ck_assert_uint_eq(p.ninsns, 0);
}

/* Assembly must fail with exactly this one-line message. */
static void expect_error_exact(const char *text, const char *want)
{
    wr_program p;
    char err[512];
    int rc = wr_assemble(text, "t.s", &p, err, sizeof err);
    ck_assert_msg(rc == -1, "expected an error for:\n%s", text);
    ck_assert_msg(strcmp(err, want) == 0, "input:\n%s\nwant '%s'\ngot  '%s'", text, want, err);
    ck_assert_ptr_null(p.insns);
}

static void expect_disasm(const wr_insn *in, uint64_t pc, const char *want)
{
    char buf[160];
    wr_disasm(in, pc, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
}

/* ---- the table ------------------------------------------------------------- */

START_TEST(table_self_check_good)
{
    char msg[200] = "";
    ck_assert_msg(wr_isa_check(msg, sizeof msg) == 0, "%s", msg);
    ck_assert_int_eq(wr_isa_check_table(wr_forms, WR_FORM_COUNT, msg, sizeof msg), 0);
}
END_TEST

/* The rules written once (isa.h, model.h) and read by the step, the
 * assembler, the disassembler and the operand reader. */
START_TEST(one_place_branch_target_and_disp_base)
{
    ck_assert_uint_eq(wr_branch_target(0x100, 2), 0x130);            /* N-10 */
    ck_assert_uint_eq(wr_branch_target(0x100, -17), 0);
    ck_assert_uint_eq(wr_branch_target(UINT64_MAX - 15, 0), 0);       /* N-61: wraps */
    wr_insn in;
    wr_insn_init(&in, WR_FORM_LEPC_I);
    ck_assert_uint_eq(wr_disp_base(&in, 0x200), 0x200);               /* N-17 */
    wr_insn_init(&in, WR_FORM_CALL_R);
    ck_assert_uint_eq(wr_disp_base(&in, 0x200), 0x210);               /* N-16 .REL */
    in.f[WR_F_BASEMODE] = WR_BASEMODE_ABS;
    ck_assert_uint_eq(wr_disp_base(&in, 0x200), 0);                   /* N-16 .ABS */
    wr_insn_init(&in, WR_FORM_BRX_C);
    ck_assert_uint_eq(wr_disp_base(&in, 0x200), 0x210);               /* N-15 */
}
END_TEST

START_TEST(one_place_barrier_operand_pt_and_pairs)
{
    wr_insn in;
    wr_insn_init(&in, WR_FORM_B2R_I);
    in.f[WR_F_B2RMODE] = WR_B2RMODE_BAR;
    ck_assert(wr_insn_names_barrier(&in));
    in.f[WR_F_B2RMODE] = WR_B2RMODE_WARP;
    ck_assert(!wr_insn_names_barrier(&in));
    wr_insn_init(&in, WR_FORM_BAR_I);                                  /* no B2RMode */
    ck_assert(!wr_insn_names_barrier(&in));

    ck_assert_uint_eq(wr_pred_value(WR_PT, 0), 0xffffffffu);
    ck_assert_uint_eq(wr_pred_value(3, 0x5), 0x5);

    /* pairs: the W() marks, the syntax and the operand slots agree */
    ck_assert(wr_form_wide(WR_FORM_CALL_R, WR_F_RA) && wr_form_wide(WR_FORM_RET_U, WR_F_URA));
    ck_assert(wr_form_wide(WR_FORM_CALL_C, WR_F_CMEM) && wr_form_wide(WR_FORM_LEPC_I, WR_F_RD));
    ck_assert(!wr_form_wide(WR_FORM_BRX_R, WR_F_RA) && !wr_form_wide(WR_FORM_LDC_C, WR_F_CMEM));
    for (unsigned f = 0; f < WR_FORM_COUNT; f++) {
        wr_insn_init(&in, (wr_form)f);
        unsigned reads = wr_insn_reads(&in);
        ck_assert_int_eq(!!(reads & WR_IN_RA64), wr_form_wide(f, WR_F_RA));
        ck_assert_int_eq(!!(reads & WR_IN_C64), wr_form_wide(f, WR_F_CMEM));
        ck_assert_int_eq(!!(reads & WR_IN_UR64), wr_form_wide(f, WR_F_URA) | wr_form_wide(f, WR_F_URB));
    }

    /* typed accessors: SIMM sign-extended, UIMM unsigned 32-bit */
    wr_insn_init(&in, WR_FORM_BRA_X);
    in.f[WR_F_OFFSET] = -3;
    ck_assert(wr_f_OFFSET(&in) == -3);
    wr_insn_init(&in, WR_FORM_MOV_I);
    in.f[WR_F_IMM32] = 0xfffffffe;
    ck_assert_uint_eq(wr_f_IMM32(&in), 0xfffffffeu);
}
END_TEST

/* A private copy of the real table that a test can break. */
static wr_form_desc bad[WR_FORM_COUNT];
static void copy_table(void) { memcpy(bad, wr_forms, sizeof bad); }
static void expect_bad_table(size_t n, const char *what)
{
    char msg[200] = "";
    ck_assert_int_eq(wr_isa_check_table(bad, n, msg, sizeof msg), -1);
    ck_assert_msg(strstr(msg, what) != NULL, "want '%s' in '%s'", what, msg);
}

START_TEST(table_bad_unsigned_too_wide)
{
    copy_table();
    bad[WR_FORM_TRAP_I].fields[2].width = 33;     /* IMM32 -> 33 bits */
    expect_bad_table(WR_FORM_COUNT, "at most 32");
}
END_TEST

START_TEST(table_bad_overlapping_fields)
{
    copy_table();
    bad[WR_FORM_BAR_I].fields[4].lsb = 42;         /* CNT onto BARID's bits */
    expect_bad_table(WR_FORM_COUNT, "bit 42 assigned twice (BARID and CNT)");
}
END_TEST

START_TEST(table_bad_field_overlaps_stype)
{
    copy_table();
    bad[WR_FORM_EXIT_X].fields[2].lsb = 10;        /* PP onto stype */
    expect_bad_table(WR_FORM_COUNT, "assigned twice (stype and PP)");
}
END_TEST

START_TEST(table_bad_field_out_of_range)
{
    copy_table();
    bad[WR_FORM_BAR_RED_R].fields[3].lsb = 126;    /* PP<126,3> ends at 128 */
    expect_bad_table(WR_FORM_COUNT, "ends past bit 127");
}
END_TEST

START_TEST(table_bad_field_width)
{
    copy_table();
    bad[WR_FORM_NOP_X].fields[1].width = 0;
    expect_bad_table(WR_FORM_COUNT, "0 bits wide");
    copy_table();
    bad[WR_FORM_NOP_X].fields[1].width = 65;
    expect_bad_table(WR_FORM_COUNT, "65 bits wide");
}
END_TEST

START_TEST(table_bad_duplicate_optype_stype)
{
    copy_table();
    bad[WR_FORM_BAR_RR].stype = WR_ST_I;            /* same key as BAR_I */
    expect_bad_table(WR_FORM_COUNT, "BAR_I and BAR_RR share optype 0x10 stype 1");
}
END_TEST

START_TEST(table_bad_too_many_fields)
{
    copy_table();
    bad[WR_FORM_RTT_X].nfields = WR_MAX_FORM_FIELDS + 1;
    expect_bad_table(WR_FORM_COUNT, "at most 16");
}
END_TEST

START_TEST(table_bad_modifier_default)
{
    copy_table();
    bad[WR_FORM_B2R_I].moddefault = 2;              /* B2RMode has 2 values */
    expect_bad_table(WR_FORM_COUNT, "modifier default 2");
}
END_TEST

START_TEST(table_bad_syntax)
{
    copy_table();
    bad[WR_FORM_BSYNC_X].syntax = "B:BARID";        /* a field BSYNC_X lacks */
    expect_bad_table(WR_FORM_COUNT, "lacks");
    copy_table();
    bad[WR_FORM_TRAP_I].syntax = "";                /* IMM32 unreachable */
    expect_bad_table(WR_FORM_COUNT, "IMM32 is set by no operand");
    copy_table();
    bad[WR_FORM_TRAP_I].syntax = "Q:IMM32";
    expect_bad_table(WR_FORM_COUNT, "bad syntax item");
}
END_TEST

START_TEST(table_bad_field_twice)
{
    copy_table();
    bad[WR_FORM_NOP_X].nfields = 3;
    bad[WR_FORM_NOP_X].fields[2] = (wr_field_pos){ WR_F_PG, 20, 3 };
    expect_bad_table(WR_FORM_COUNT, "PG listed twice");
}
END_TEST

/* ---- raw field access -------------------------------------------------------- */

START_TEST(field_get_set_straddles_parts)
{
    wr_word w = { { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu } };
    wr_field_set(&w, 20, 50, 0);                    /* bits 69:20 */
    ck_assert_uint_eq(w.w[0], 0x000fffffu);
    ck_assert_uint_eq(w.w[1], 0);
    ck_assert_uint_eq(w.w[2], 0xffffffc0u);
    ck_assert_uint_eq(w.w[3], 0xffffffffu);
    wr_field_set(&w, 20, 50, UINT64_C(0x2aaaaaaaaaaab));
    ck_assert_uint_eq(wr_field_get(&w, 20, 50), UINT64_C(0x2aaaaaaaaaaab));
    ck_assert_uint_eq(wr_field_get(&w, 0, 20), 0xfffffu);
    ck_assert_uint_eq(wr_field_get(&w, 70, 58), (UINT64_C(1) << 58) - 1u);
    wr_word z = { { 0, 0, 0, 0 } };
    wr_field_set(&z, 64, 64, UINT64_MAX);
    ck_assert_uint_eq(z.w[2], 0xffffffffu);
    ck_assert_uint_eq(z.w[3], 0xffffffffu);
    ck_assert_uint_eq(wr_field_get(&z, 127, 1), 1);
    ck_assert_uint_eq(wr_field_get(&z, 63, 2), 2);
    wr_field_set(&z, 90, 4, 0x1f);                  /* value cut to the width */
    ck_assert_uint_eq(wr_field_get(&z, 90, 4), 0xf);
    ck_assert_uint_eq(wr_field_get(&z, 94, 1), 1);
}
END_TEST

/* ---- round trip of every form ------------------------------------------------------ */

/* A legal value of `field` in `form` that differs from its default. */
static int64_t sample_value(unsigned form, const wr_field_pos *fp, unsigned index)
{
    const wr_form_desc *fd = &wr_forms[form];
    switch (fp->id) {
    case WR_F_PG: return 3;
    case WR_F_PG_NOT: return 1;
    case WR_F_PP: return 2;
    case WR_F_PP_NOT: return 1;
    default: break;
    }
    switch (wr_fields[fp->id].kind) {
    case WR_FK_REG:  return 20 + 3 * index;
    case WR_FK_UREG: return 10 + index;
    case WR_FK_PRED: return 5;
    case WR_FK_FLAG: return 1;
    case WR_FK_SIMM: return -5;
    case WR_FK_CMEM: return wr_cmem_make(3, 0x1f8);
    case WR_FK_UIMM: return (int64_t)(UINT64_C(0xdeadbeefcafe) & ((UINT64_C(1) << fp->width) - 1u));
    default: break;
    }
    /* ENUM: the highest legal value that is not the default */
    int64_t def = fd->modfield == fp->id && fd->moddefault >= 0 ? fd->moddefault : 0;
    uint32_t legal = wr_form_legal_values(form, fp->id);
    for (int v = 31; v >= 0; v--)
        if (((legal >> v) & 1u) && v != def)
            return v;
    return def;
}

/* The lowest legal modifier value (for forms that need one). */
static int64_t first_legal(unsigned form, unsigned field)
{
    uint32_t legal = wr_form_legal_values(form, field);
    for (int v = 0; v < 32; v++)
        if ((legal >> v) & 1u)
            return v;
    return 0;
}

/* Same form and field values (not memcmp: a copy need not keep padding). */
static int insn_eq(const wr_insn *a, const wr_insn *b)
{
    return a->form == b->form && a->optype == b->optype && memcmp(a->f, b->f, sizeof a->f) == 0;
}

/* encode, decode (equal), disassemble at pc, assemble the text at pc
 * (same word), disassemble again (same text). */
static void round_trip(const wr_insn *in, uint64_t pc)
{
    char msg[200], t1[160], t2[160], w1[35], w2[35];
    asm_profile = __builtin_ctz(wr_form_exts[in->form].flags & WR_FORMF_PROFILES);
    wr_word word, again;
    wr_insn dec;
    ck_assert_msg(wr_encode(in, &word, msg, sizeof msg) == 0, "%s: %s", wr_forms[in->form].name, msg);
    ck_assert_msg(wr_decode(&word, &dec, msg, sizeof msg) == 0, "%s: %s", wr_forms[in->form].name, msg);
    ck_assert_msg(insn_eq(&dec, in), "%s: decode(encode(x)) != x", wr_forms[in->form].name);
    ck_assert_uint_eq(dec.optype, wr_forms[in->form].optype);
    wr_disasm(&dec, pc, t1, sizeof t1);
    wr_insn re = asm_at(t1, pc, &again);
    word_text(&word, w1);
    word_text(&again, w2);
    ck_assert_msg(strcmp(w1, w2) == 0, "%s: '%s' gives %s, want %s", wr_forms[in->form].name, t1, w2, w1);
    wr_disasm(&re, pc, t2, sizeof t2);
    ck_assert_str_eq(t2, t1);
    ck_assert_ptr_null(strchr(t1, ';'));
    asm_profile = WR_PROFILE_ANY;
}

START_TEST(round_trip_every_form)
{
    unsigned form = (unsigned)_i;
    const wr_form_desc *fd = &wr_forms[form];
    wr_insn in;
    wr_insn_init(&in, (wr_form)form);
    for (unsigned i = 0; i < fd->nfields; i++)
        in.f[fd->fields[i].id] = sample_value(form, &fd->fields[i], i);
    wr_insn_normalize(&in);                      /* isa.def's RI rule */
    round_trip(&in, 0x200);
    /* and with every field at its default: the omission rules */
    wr_insn_init(&in, (wr_form)form);
    if (fd->modfield != WR_F_NONE)
        in.f[fd->modfield] = fd->moddefault >= 0 && ((wr_form_legal_values(form, fd->modfield) >> fd->moddefault) & 1u)
                           ? fd->moddefault : first_legal(form, fd->modfield);
    round_trip(&in, 0x200);
}
END_TEST

/* Small deterministic generator for random legal words. */
static uint64_t rng_state;
static uint64_t rng(void)
{
    rng_state = rng_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return rng_state >> 11;
}

START_TEST(random_words_round_trip)
{
    unsigned form = (unsigned)_i;
    const wr_form_desc *fd = &wr_forms[form];
    rng_state = 12345u + form;
    for (int n = 0; n < 40; n++) {
        wr_insn in;
        wr_insn_init(&in, (wr_form)form);
        for (unsigned i = 0; i < fd->nfields; i++) {
            const wr_field_pos *fp = &fd->fields[i];
            uint64_t r = rng() & ((UINT64_C(1) << fp->width) - 1u);
            uint32_t legal = wr_form_legal_values(form, fp->id);
            switch (wr_fields[fp->id].kind) {
            case WR_FK_SIMM:   /* sign-extend the random bits */
                in.f[fp->id] = (int64_t)(r << (64 - fp->width)) >> (64 - fp->width);
                break;
            case WR_FK_CMEM:
                in.f[fp->id] = wr_cmem_make((unsigned)r & 31u, (unsigned)(rng() % 0x3ffe) * 4u);
                break;
            case WR_FK_ENUM: case WR_FK_FLAG: case WR_FK_PRED:
                while (r >= 32 || !((legal >> r) & 1u))
                    r = rng() & ((UINT64_C(1) << fp->width) - 1u);
                in.f[fp->id] = (int64_t)r;
                break;
            default:
                in.f[fp->id] = (int64_t)r;
            }
        }
        wr_insn_normalize(&in);                  /* isa.def's RI rule */
        round_trip(&in, (rng() & 0xff) * 16u);
    }
}
END_TEST

/* ---- hand-computed words (seed bit positions, isa.def optype/stype) ------------- */

static void expect_word(const char *line, uint64_t pc, const char *want)
{
    wr_word w;
    char got[35];
    asm_at(line, pc, &w);
    word_text(&w, got);
    ck_assert_msg(strcmp(got, want) == 0, "'%s' at 0x%" PRIx64 ": got %s, want %s", line, pc, got, want);
}

START_TEST(encoding_bar_arv_immediates)
{
    /* optype 0x10 | stype I 1 << 8 | Pg PT 7 << 12; barid 1 @ 40, cnt 0x80 @ 44; ARV @ 80 */
    expect_word("BAR.ARV 0x1, 0x80", 0, "0x00000000000100000008010000007110");
}
END_TEST

START_TEST(encoding_bar_red_register_form)
{
    /* 0x11 | R 2 << 8 | PT; rb 0 @ 32; OR 1 @ 80; Pp 1 @ 98, !Pp @ 101 */
    expect_word("BAR.RED.OR R0, !P1", 0, "0x00000024000100000000000000007211");
}
END_TEST

START_TEST(encoding_bra_guarded_uniform)
{
    /* @!P1: Pg 1 @ 12, not @ 15; offset (0x6290 - 0x20) / 16 = 0x627 @ 32;
     * .U = 1 @ 82; Pp PT @ 98 */
    expect_word("@!P1 BRA.U 0x6290", 0x10, "0x0000001c000400000000062700009020");
}
END_TEST

START_TEST(encoding_bra_negative_offset_straddles)
{
    /* offset (0 - 0x20) / 16 = -2: 50 bits of ones but bit 0, bits 81:32 */
    expect_word("BRA 0x0", 0x10, "0x0000001c0003fffffffffffe00007020");
}
END_TEST

START_TEST(encoding_warpsync_constant)
{
    /* 0x2b | C 7 << 8 | PT; c[2][0x100] = 0x20100 @ 32; Pp PT */
    expect_word("WARPSYNC c[0x2][0x100]", 0, "0x0000001c00000000000201000000772b");
}
END_TEST

START_TEST(encoding_bssy_breg_syncpoint)
{
    /* 0x27 | I 1 << 8 | PT; syncpoint (0x110 - 0x10) / 16 = 0x10 @ 32; B15 @ 84 */
    expect_word("BSSY B15, 0x110", 0, "0x0000000000f000000000001000007127");
}
END_TEST

START_TEST(encoding_call_lepc_bmov_result)
{
    /* @P1 CALL.ABS: 0x22 | R 2 << 8 | Pg 1 << 12; ra 8 @ 24; off 0x11 @ 32; ABS @ 82 */
    expect_word("@P1 CALL.ABS R[8:9], 0x110", 0, "0x0000001c000400000000001108001222");
    /* LEPC: 0x24 | I << 8 | PT; rd 4 @ 16; off 8 @ 32 */
    expect_word("LEPC R[4:5], 0x80", 0, "0x00000000000000000000000800047124");
    /* BMOV.CLEAR: 0x26 | X | PT; rd 6 @ 16; CLEAR @ 82 */
    expect_word("BMOV.CLEAR R6, B0", 0, "0x00000000000400000000000000067026");
    /* B2R.RESULT R4: 0x13 | X | PT; rd 4 @ 16; Pu PT @ 106 */
    expect_word("B2R.RESULT R4", 0, "0x00001c00000000000000000000047013");
}
END_TEST

/* ---- seed examples ---------------------------------------------------------------- */

/* Every instruction of seed 000's __Examples blocks but the N-30 one. */
static const char *const seed000_examples[] = {
    "BAR.SYNC 0x0 ; //", "BAR.ARV 0x1, 0x80 ;", "BAR.ARV 0x1, R5 ;", "BAR.ARV R4, 0x80 ;",
    "BAR.ARV R5, R5 ;    // => BAR.ARV R5, R5;", "BAR.SYNC R7, R7 ;   // => BAR.SYNC R7, R7;",
    "BAR.SYNC R4 ;", "BAR.RED.OR 0x0, P0 ;", "BAR.RED.AND 0x1, 0x80, P0 ;", "BAR.RED.AND 0x1, R5, P0 ;",
    "BAR.RED.AND R4, P0 ;", "BAR.RED.AND R4, 0x80, P0 ;", "B2R.RESULT RZ, P0 ;", "B2R.RESULT R4 ;",
    "B2R.BAR R4, 0x2;", "B2R.WARP R4;", "R2B.WARP R4;", "R2B.BAR 0x4, R4;",
    "BAR.SYNC 0x0, 0x40 ;", "BAR.SYNC  R0, R1   ;", "BAR.ARV  0x0, R1   ;",
    "BAR.RED.POPC 0x0, 0x40,  PT; // comment", "BAR.RED.OR          R0, !P1; // comment",
    "B2R R0, 0x0;", "B2R.WARP R0, 0x0;", "B2R.BAR R0, 0x0;", "BAR.RED.POPC 0x1, 0x40, PT;",
    "B2R.WARP R1, 0x4;", "BAR.RED.POPC 0x0, 0x40, PT;", "BAR.RESULT R0, PT;",
    "R2B 0x0, R0;", "R2B.WARP R0;", "R2B.BAR 0x0, R0;", "BAR.RED.POPC 0x1, 0x40, PT;", "R2B.WARP 0x4, R1;",
};

/* Every instruction of seed 003's __Examples blocks, with the labels they
 * name defined (label, .Base, .Target, .Label). */
static const char *const seed003_examples[] = {
    "label:", "         BRA `(label);   // target label", "         BRA 0x110;", "    @P0  BRA 0x800 ;",
    "    @!P1 BRA.U 0x6290 ;", "         BRA.DIV 0x3940 ;", "         BRA.CONV 0x1730 ;",
    "    @!P1 BRA !P2, 0x7e0 ;", "         BRA.DIV ~URZ, 0x3910 ;", "    @!P0 BRA.CONV UR4, 0xbe0 ;",
    ".Base:", "BRX R6, `(.Base - . - 0x10);", "BRX R6, -0x70;", "@P0 BRX R5, -0x110;",
    "@P0 BRX !P1, R5, -0x110;", "@P0 BRX UR4, -0x110;", "    BRX c[0x3][0x180];",
    "      CALL.ABS `(.Target);", "      CALL.ABS 0x0;", "      CALL.REL `(.Label);",
    "  @P1 CALL.ABS R[8:9], 0x110;", "  @P1 CALL.ABS P0, R[8:9], 0x110;", "      CALL.ABS UR[4:5];",
    "      CALL.REL c[0x2][0x100];", ".Target: .Label:", "  LEPC R[4:5];   // default offset=0x0",
    "  LEPC R[4:5], 0x80;", "     EXIT;", "@P0  EXIT;", "@!P1 EXIT, P2;", "   BMOV B0, R3;",
    "   BMOV R5, B11;", "   BMOV.CLEAR R6, B0;", "     BSSY B0;", "@P0  BSSY B15;", "     BSYNC B0;",
    "@!P2 BSYNC B0;", "     YIELD;", "@P0  YIELD;", "@P0  YIELD !P3;", "     WARPSYNC 0xffffffff;",
    "@P0  WARPSYNC R9;", "@P1  WARPSYNC P3, UR2;", "     WARPSYNC c[0x2][0x100];",
    "      NANOSLEEP 0x100;", "      NANOSLEEP R3;", "@P0   NANOSLEEP UR4;", "@!P1  NANOSLEEP c[0x2][0x120];",
};

static void assemble_lines(const char *const *lines, size_t n, wr_program *p)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += strlen(lines[i]) + 1;
    char *text = malloc(len), *q = text;
    for (size_t i = 0; i < n; i++)
        q += sprintf(q, "%s\n", lines[i]);
    must_assemble(text, p);
    free(text);
}

static size_t count_insns(const char *const *lines, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += strchr(lines[i], ':') == NULL || strchr(lines[i], ';') != NULL;
    return k;
}

START_TEST(seed_000_examples_assemble)
{
    wr_program p;
    size_t n = sizeof seed000_examples / sizeof seed000_examples[0];
    assemble_lines(seed000_examples, n, &p);
    ck_assert_uint_eq(p.ninsns, n);
    for (size_t i = 0; i < p.ninsns; i++)
        ck_assert_uint_eq(wr_forms[p.insns[i].form].optype >> 4, 1);    /* all BCU optypes */
    wr_program_free(&p);
}
END_TEST

START_TEST(seed_003_examples_assemble)
{
    wr_program p;
    size_t n = sizeof seed003_examples / sizeof seed003_examples[0];
    assemble_lines(seed003_examples, n, &p);
    ck_assert_uint_eq(p.ninsns, count_insns(seed003_examples, n));
    ck_assert_uint_eq(p.ninsns, 45);
    wr_program_free(&p);
}
END_TEST

START_TEST(N_30_bar_red_register_register_rejected)
{
    expect_error("BAR.RED.AND R5, R5, P0 ;", "t.s:1:17: error:", "BAR.RED has no register/register form (N-30)");
}
END_TEST

START_TEST(N_30_seed_operand_forms)
{
    wr_insn in = asm1("BAR.SYNC R4 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RRI);
    ck_assert_int_eq(in.f[WR_F_RB], 4);
    ck_assert_int_eq(in.f[WR_F_CNT], 0);
    in = asm1("BAR.SYNC 0x0 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_I);
    ck_assert_int_eq(in.f[WR_F_CNT], 0);
    ck_assert_int_eq(in.f[WR_F_BARMODE], 0);
    in = asm1("BAR.RED.OR 0x0, P0 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RED_I);
    ck_assert_int_eq(in.f[WR_F_CNT], 0);
    ck_assert_int_eq(in.f[WR_F_PP], 0);
    in = asm1("BAR.RED.OR          R0, !P1;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RED_R);
    ck_assert_int_eq(in.f[WR_F_PP], 1);
    ck_assert_int_eq(in.f[WR_F_PP_NOT], 1);
    ck_assert_int_eq(in.f[WR_F_REDOP], 1);
    in = asm1("BAR.ARV 0x1, R5 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RIR);
    ck_assert_int_eq(in.f[WR_F_RC], 5);
    ck_assert_int_eq(in.f[WR_F_BARID], 1);
    in = asm1("BAR.ARV R5, R5 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RR);
    in = asm1("BAR.RED.AND 0x1, R5, P0 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RED_RIR);
    in = asm1("BAR.RED.AND R4, 0x80, P0 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BAR_RED_RRI);
    ck_assert_int_eq(in.f[WR_F_CNT], 0x80);
}
END_TEST

START_TEST(seed_003_decoded_fields)
{
    wr_insn in = asm1("CALL.ABS 0x0;");
    ck_assert_uint_eq(in.form, WR_FORM_CALL_R);
    ck_assert_int_eq(in.f[WR_F_RA], WR_RZ);
    ck_assert_int_eq(in.f[WR_F_BASEMODE], 1);
    ck_assert_int_eq(in.f[WR_F_OFFSET], 0);
    in = asm_at("BRA 0x110", 0x10, NULL);          /* seed 003's BRA description */
    ck_assert_uint_eq(in.form, WR_FORM_BRA_X);
    ck_assert_int_eq(in.f[WR_F_OFFSET], 0xf);
    in = asm1("BRX R6, -0x70;");
    ck_assert_uint_eq(in.form, WR_FORM_BRX_R);
    ck_assert_int_eq(in.f[WR_F_OFFSET], -7);
    in = asm1("BRA.DIV ~URZ, 0x3910 ;");
    ck_assert_uint_eq(in.form, WR_FORM_BRA_U);
    ck_assert_int_eq(in.f[WR_F_URA], WR_URZ);
    ck_assert_int_eq(in.f[WR_F_BITNOT], 1);
    ck_assert_int_eq(in.f[WR_F_COND], 2);
    in = asm1("@!P1 BRA !P2, 0x7e0 ;");
    ck_assert_int_eq(in.f[WR_F_PG], 1);
    ck_assert_int_eq(in.f[WR_F_PG_NOT], 1);
    ck_assert_int_eq(in.f[WR_F_PP], 2);
    ck_assert_int_eq(in.f[WR_F_PP_NOT], 1);
    in = asm1("CALL.ABS UR[4:5];");
    ck_assert_uint_eq(in.form, WR_FORM_CALL_U);
    ck_assert_int_eq(in.f[WR_F_URA], 4);
    in = asm1("@P1 CALL.ABS P0, R[8:9], 0x110;");
    ck_assert_int_eq(in.f[WR_F_PP], 0);
    ck_assert_int_eq(in.f[WR_F_RA], 8);
    ck_assert_int_eq(in.f[WR_F_OFFSET], 0x11);
    in = asm1("@P1  WARPSYNC P3, UR2;");
    ck_assert_uint_eq(in.form, WR_FORM_WARPSYNC_U);
    ck_assert_int_eq(in.f[WR_F_PP], 3);
    ck_assert_int_eq(in.f[WR_F_URB], 2);
    in = asm1("@!P1  NANOSLEEP c[0x2][0x120];");
    ck_assert_uint_eq(in.form, WR_FORM_NANOSLEEP_C);
    ck_assert_int_eq(in.f[WR_F_CMEM], wr_cmem_make(2, 0x120));
    in = asm1("   BMOV R5, B11;");
    ck_assert_uint_eq(in.form, WR_FORM_BMOV_X);
    ck_assert_int_eq(in.f[WR_F_BREG], 11);
    in = asm1("     BSSY B0;");
    ck_assert_int_eq(in.f[WR_F_SYNCPOINT], 0);
}
END_TEST

/* ---- N-60: branch operands ---------------------------------------------------------- */

START_TEST(N_60_bra_absolute_target)
{
    wr_word w;
    wr_insn in = asm_at("BRA 0x110", 0x10, &w);
    ck_assert_int_eq(in.f[WR_F_OFFSET], 0xf);       /* (0x110 - 0x20) / 16 */
    expect_disasm(&in, 0x10, "BRA 0x110");
    expect_disasm(&in, 0x20, "BRA 0x120");          /* same word elsewhere */
    in = asm_at("BRA 0x0", 0x30, NULL);
    ck_assert_int_eq(in.f[WR_F_OFFSET], -4);
    expect_disasm(&in, 0x30, "BRA 0x0");
    expect_error("BRA 0x118", "t.s:1:5: error:", "not 16-byte aligned");
}
END_TEST

START_TEST(N_60_bra_label_target)
{
    wr_program p;
    must_assemble("     BRA `(.L_x_3) ;\n"
                  "     NOP\n"
                  ".L_x_3:\n"
                  "     BRA .L_x_3\n"
                  "     BRA `(.L_x_3 + 0x20)\n"
                  "     BSSY B1, `(.L_x_3)\n", &p);
    ck_assert_int_eq(p.insns[0].f[WR_F_OFFSET], 1);     /* 0x20 - 0x10 */
    ck_assert_int_eq(p.insns[2].f[WR_F_OFFSET], -1);    /* to itself */
    ck_assert_int_eq(p.insns[3].f[WR_F_OFFSET], 0);     /* 0x40 - 0x40 */
    ck_assert_int_eq(p.insns[4].f[WR_F_SYNCPOINT], -3); /* 0x20 - 0x50 */
    expect_disasm(&p.insns[0], 0, "BRA 0x20");
    expect_disasm(&p.insns[4], 0x40, "BSSY B1, 0x20");
    wr_program_free(&p);
}
END_TEST

START_TEST(N_60_call_abs_single_label)
{
    wr_program p;
    must_assemble("CALL.ABS `(.Target)\nCALL.REL `(.Target)\nRET.ABS R[2:3], `(.Target)\n"
                  "CALL.ABS `(.Target - 0x10)\nNOP\n.Target: EXIT\n", &p);
    ck_assert_int_eq(p.insns[0].f[WR_F_OFFSET], 5);     /* .ABS: offset*16 = 0x50 */
    ck_assert_int_eq(p.insns[0].f[WR_F_RA], WR_RZ);
    ck_assert_int_eq(p.insns[1].f[WR_F_OFFSET], 3);     /* .REL: 0x50 - 0x20 */
    ck_assert_int_eq(p.insns[2].f[WR_F_OFFSET], 5);
    ck_assert_int_eq(p.insns[3].f[WR_F_OFFSET], 4);     /* an expression is a displacement */
    ck_assert_int_eq(p.insns[1].f[WR_F_BASEMODE], 0);
    expect_disasm(&p.insns[0], 0, "CALL.ABS 0x50");
    expect_disasm(&p.insns[1], 0x10, "CALL.REL 0x30");
    wr_program_free(&p);
}
END_TEST

START_TEST(N_60_brx_label_expression)
{
    wr_program p;
    must_assemble(".Base:\nNOP\nNOP\nBRX R6, `(.Base - . - 0x10)\nBRX R6, `(.Next)\n.Next: BRX R6, `((.Next))\n"
                  "BRX UR4, `(.Base - .Next)\n", &p);
    ck_assert_int_eq(p.insns[2].f[WR_F_OFFSET], -3);    /* (0 - 0x20 - 0x10) / 16 */
    ck_assert_int_eq(p.insns[3].f[WR_F_OFFSET], 0);     /* single label: .Next - next */
    ck_assert_int_eq(p.insns[4].f[WR_F_OFFSET], -1);    /* itself: 0x40 - 0x50 */
    ck_assert_int_eq(p.insns[5].f[WR_F_OFFSET], -4);
    expect_disasm(&p.insns[2], 0x20, "BRX R6, -0x30");
    expect_disasm(&p.insns[3], 0x30, "BRX R6");
    wr_program_free(&p);
    expect_error("BRX R6, `(. + 0x8)", "t.s:1:9: error:", "not a multiple of 16");
}
END_TEST

START_TEST(N_60_brx_displacement_number)
{
    wr_insn in = asm1("BRX R6, -0x70");
    ck_assert_int_eq(in.f[WR_F_OFFSET], -7);
    expect_disasm(&in, 0x60, "BRX R6, -0x70");
    in = asm1("@P0 BRX !P1, R5, -0x110");
    expect_disasm(&in, 0, "@P0 BRX !P1, R5, -0x110");
    expect_error("BRX R6, 0x18", "t.s:1:9: error:", "not a multiple of 16");
}
END_TEST

START_TEST(N_60_lepc_label)
{
    wr_program p;
    must_assemble("NOP\nLEPC R[4:5], `(.L)\nLEPC R[4:5], `(.L - .)\nLEPC R8\n.L: EXIT\n", &p);
    ck_assert_int_eq(p.insns[1].f[WR_F_OFFSET], 3);     /* off = 0x40 - 0x10 */
    ck_assert_int_eq(p.insns[2].f[WR_F_OFFSET], 2);     /* 0x40 - 0x20 */
    ck_assert_int_eq(p.insns[3].f[WR_F_RD], 8);
    expect_disasm(&p.insns[1], 0x10, "LEPC R[4:5], 0x30");
    expect_disasm(&p.insns[3], 0x30, "LEPC R[8:9]");
    wr_program_free(&p);
}
END_TEST

START_TEST(N_60_branch_ranges)
{
    /* SImm50 offsets: +-2^49 units of 16 bytes */
    ck_assert_int_eq(asm1("CALL.ABS 0x1ffffffffffff0").f[WR_F_OFFSET], (INT64_C(1) << 49) - 1);
    ck_assert_int_eq(asm1("CALL.ABS RZ, -0x20000000000000").f[WR_F_OFFSET], -(INT64_C(1) << 49));
    expect_error("CALL.ABS 0x20000000000000", "t.s:1:10: error:", "out of range of OFFSET (SImm50)");
    /* SImm32 sync point */
    asm1("BSSY B0, 0x800000000");
    expect_error("BSSY B0, 0x800000010", "t.s:1:10: error:", "out of range of SYNCPOINT (SImm32)");
    /* targets wrap modulo 2^64 (N-61) */
    wr_insn in = asm1("BRA 0xfffffffffffffff0");
    ck_assert_int_eq(in.f[WR_F_OFFSET], -2);
    expect_disasm(&in, 0, "BRA 0xfffffffffffffff0");
}
END_TEST

/* ---- N-61: more syntax ----------------------------------------------------------------- */

START_TEST(N_61_comma_required)
{
    expect_error("BRX R6 -0x70", "t.s:1:8: error:", "missing ','");
    expect_error("BAR.SYNC 0x0 0x40", "t.s:1:14: error:", "missing ','");
    expect_error("@!P1 EXIT, P2,", "t.s:1:15: error:", "operand expected");
    /* the seed's comma right after the mnemonic is accepted */
    wr_insn in = asm1("@!P1 EXIT, P2;");
    ck_assert_int_eq(in.f[WR_F_PP], 2);
    expect_disasm(&in, 0, "@!P1 EXIT P2");
}
END_TEST

START_TEST(N_61_case_insensitive_mnemonic)
{
    wr_insn a = asm1("bar.sync 0x1, 0x40"), b = asm1("BAR.SYNC 0x1, 0x40"), c = asm1("Bar.Sync 0x1, 0x40");
    ck_assert(insn_eq(&a, &b));
    ck_assert(insn_eq(&a, &c));
    a = asm1("bra.dIV ~URZ, 0x10");
    ck_assert_int_eq(a.f[WR_F_COND], 2);
    a = asm1("bmov.clear R1, B2");
    ck_assert_int_eq(a.f[WR_F_CLEAR], 1);
}
END_TEST

/* Mnemonics are case-insensitive, register names are not. */
START_TEST(N_61_register_names_case_sensitive)
{
    expect_error("BAR.SYNC r5", "t.s:1:10: error:", "expected a GPR or an immediate, got 'r5'");
    expect_error("BRA.DIV ~urz, 0x10", "t.s:1:9: error:", "'~' applies only to a register");
    asm1("bra.div ~URZ, 0x10");
}
END_TEST

START_TEST(N_61_register_pair_from_single)
{
    wr_word a, b;
    asm_at("CALL.ABS R8, 0x110", 0, &a);
    asm_at("CALL.ABS R[8:9], 0x110", 0, &b);
    ck_assert_mem_eq(&a, &b, sizeof a);
    wr_insn in = asm1("RET.REL R[3:4]");                /* pairs need not be even */
    ck_assert_int_eq(in.f[WR_F_RA], 3);
    expect_disasm(&in, 0, "RET.REL R[3:4]");
    in = asm1("CALL.REL UR7");
    ck_assert_uint_eq(in.form, WR_FORM_CALL_U);
    expect_disasm(&in, 0, "CALL.REL UR[7:8]");
    expect_error("CALL.ABS R[8:10]", "t.s:1:10: error:", "bad register pair");
    expect_error("LEPC R[256:257]", "t.s:1:6: error:", "bad register pair");
}
END_TEST

START_TEST(N_61_b2r_result_alone_means_pt)
{
    wr_insn in = asm1("B2R.RESULT R4 ;");
    ck_assert_uint_eq(in.form, WR_FORM_B2R_RESULT_X);
    ck_assert_int_eq(in.f[WR_F_PU], WR_PT);
    ck_assert_str_eq(wr_op_name(&in), "BAR.RESULT");
    expect_disasm(&in, 0, "BAR.RESULT R4, PT");
    in = asm1("b2r.result RZ, P0");
    expect_disasm(&in, 0, "BAR.RESULT RZ, P0");
}
END_TEST

START_TEST(N_61_break_canonical)
{
    expect_disasm((wr_insn[]){ asm1("BREAK B3") }, 0, "BREAK B3");
    expect_disasm((wr_insn[]){ asm1("BREAK PT, B3") }, 0, "BREAK B3");
    expect_disasm((wr_insn[]){ asm1("@P1 BREAK !P2, B15") }, 0, "@P1 BREAK !P2, B15");
    expect_disasm((wr_insn[]){ asm1("BREAK !PT, B0") }, 0, "BREAK !PT, B0");
}
END_TEST

START_TEST(N_61_labels_share_lines)
{
    wr_program p;
    must_assemble("a: b:   BRA `(c)\n  c:\nd: EXIT ; // done\n", &p);
    ck_assert_uint_eq(p.ninsns, 2);
    ck_assert_int_eq(p.insns[0].f[WR_F_OFFSET], 0);     /* c = 0x10 = next */
    ck_assert_uint_eq(p.lines[0], 1);
    ck_assert_uint_eq(p.lines[1], 3);
    ck_assert_str_eq(p.filename, "t.s");
    wr_program_free(&p);
}
END_TEST

START_TEST(N_61_scheduling_annotations_ignored)
{
    wr_word a, b;
    asm_at("BAR.SYNC 0x0, 0x40 ;", 0, &a);
    asm_at("BAR.SYNC 0x0, 0x40      $sched $req ;", 0, &b);
    ck_assert_mem_eq(&a, &b, sizeof a);
    asm_at("BAR.SYNC 0x0, 0x40 &req_6 &rd3 ?WAIT5 ?sched>=?WAIT5", 0, &b);
    ck_assert_mem_eq(&a, &b, sizeof a);
    asm_at("B2R.BAR R4, 0x2 $sched $req $wsb;", 0, NULL);
}
END_TEST

/* ---- N-39: B2R / R2B modes --------------------------------------------------------------- */

START_TEST(N_39_b2r_r2b_modes)
{
    wr_insn in = asm1("B2R R0, 0x0;");                  /* no mode: .BAR */
    ck_assert_int_eq(in.f[WR_F_B2RMODE], 1);
    expect_disasm(&in, 0, "B2R.BAR R0, 0x0");
    in = asm1("R2B 0x3, R0;");
    expect_disasm(&in, 0, "R2B.BAR 0x3, R0");
    in = asm1("B2R.WARP R0, 0x0;");                     /* zero barrier left out */
    expect_disasm(&in, 0, "B2R.WARP R0");
    in = asm1("B2R.WARP R1, 0x4;");                     /* non-zero printed back */
    ck_assert_int_eq(in.f[WR_F_BARID], 4);
    expect_disasm(&in, 0, "B2R.WARP R1, 0x4");
    in = asm1("R2B.WARP 0x4, R1;");
    expect_disasm(&in, 0, "R2B.WARP 0x4, R1");
    in = asm1("R2B.WARP R1;");
    expect_disasm(&in, 0, "R2B.WARP R1");
    expect_error("B2R.BAR R4", "t.s:1:11: error:", "B2R.BAR needs a barrier operand");
    expect_error("R2B R4", "t.s:1:7: error:", "R2B.BAR needs a barrier operand");
}
END_TEST

/* ---- N-51 / N-54: helpers ---------------------------------------------------------------- */

START_TEST(N_51_helpers_assemble)
{
    static const struct { const char *in, *out; } t[] = {
        { "NOP", "NOP" }, { "S2R R1, SR_LANEID", "S2R R1, SR_LANEID" },
        { "S2R R2, SR_WARPID", "S2R R2, SR_WARPID" }, { "MOV R1, R2", "MOV R1, R2" },
        { "MOV R1, -1", "MOV R1, 0xffffffff" }, { "IADD R1, R2, R3", "IADD R1, R2, R3" },
        { "IADD R1, R2, -16", "IADD R1, R2, 0xfffffff0" }, { "lop.xor R1, R2, 0xff", "LOP.XOR R1, R2, 0xff" },
        { "SHL R1, R2, 3", "SHL R1, R2, 0x3" }, { "SHR R1, R2, 0x20", "SHR R1, R2, 0x20" },
        { "ISETP.GE P6, R1, R2", "ISETP.GE P6, R1, R2" }, { "ISETP.NE PT, R1, 7", "ISETP.NE PT, R1, 0x7" },
        { "UMOV UR3, 0x10", "UMOV UR3, 0x10" }, { "@!P0 LDC R9, c[0x1f][0xfffc]", "@!P0 LDC R9, c[0x1f][0xfffc]" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        expect_disasm((wr_insn[]){ asm1(t[i].in) }, 0, t[i].out);
    expect_error("LOP R1, R2, R3", "t.s:1:1: error:", "LOP needs a modifier: .AND, .OR or .XOR");
    expect_error("ISETP.LT !P1, R1, R2", "t.s:1:10: error:", "expected a predicate");
}
END_TEST

START_TEST(N_54_immediate_ranges)
{
    ck_assert_int_eq(asm1("MOV R1, -2147483648").f[WR_F_IMM32], 0x80000000);
    ck_assert_int_eq(asm1("MOV R1, 4294967295").f[WR_F_IMM32], 0xffffffff);
    expect_error("MOV R1, -2147483649", "t.s:1:9: error:", "does not fit 32 bits");
    expect_error("MOV R1, 0x100000000", "t.s:1:9: error:", "does not fit 32 bits");
    expect_error("SHL R1, R2, -1", "t.s:1:13: error:", "out of range 0..0xffffffff");
    ck_assert_int_eq(asm1("BAR.SYNC 0xf, 0xfff").f[WR_F_CNT], 0xfff);
    ck_assert_int_eq(asm1("BAR.SYNC 0x1, 0x41").f[WR_F_CNT], 0x41);    /* alignment is a runtime matter (N-37) */
}
END_TEST

/* ---- N-52 / N-53: directives ------------------------------------------------------------- */

START_TEST(N_52_const_parsing)
{
    wr_program p;
    must_assemble(".const c[0x2][0x100] = 0x1, -1, 4294967295\n"
                  ".const c[31][0xfff4] = `(.L1 - .L0), .L1, (.L1 + 0x4) - 2\n"
                  ".L0: NOP\n.L1: EXIT\n"
                  ".const c[0x0][0x0] = 7 ;\n", &p);
    ck_assert_uint_eq(p.nconsts, 7);
    const wr_const_init want[7] = {
        { 2, 0x100, 1 }, { 2, 0x104, 0xffffffffu }, { 2, 0x108, 0xffffffffu },
        { 31, 0xfff4, 0x10 }, { 31, 0xfff8, 0x10 }, { 31, 0xfffc, 0x12 }, { 0, 0, 7 },
    };
    for (size_t i = 0; i < 7; i++) {
        ck_assert_uint_eq(p.consts[i].bank, want[i].bank);
        ck_assert_uint_eq(p.consts[i].offset, want[i].offset);
        ck_assert_uint_eq(p.consts[i].value, want[i].value);
    }
    wr_program_free(&p);
    /* 0xfff8 + 2 words fills the bank; a third does not fit */
    expect_error(".const c[31][0xfff8] = 1, 2, 3\nEXIT", "t.s:1:30: error:", "value 3 lands past offset 0xfffc");
}
END_TEST

START_TEST(N_52_const_label_expressions)
{
    wr_program p;
    /* a jump table of label offsets from a base, as seed 003's BRX example */
    must_assemble(".const c[0x2][0x0] = .L_x_7 - .Base, .L_x_8 - .Base, `(.L_x_9 - .Base)\n"
                  ".Base: BRX R6, `(.Base - . - 0x10)\n.L_x_7: NOP\n.L_x_8: NOP\n.L_x_9: EXIT\n", &p);
    ck_assert_uint_eq(p.nconsts, 3);
    ck_assert_uint_eq(p.consts[0].value, 0x10);
    ck_assert_uint_eq(p.consts[1].value, 0x20);
    ck_assert_uint_eq(p.consts[2].value, 0x30);
    ck_assert_uint_eq(p.consts[2].offset, 8);
    wr_program_free(&p);
    expect_error(".const c[0x2][0x0] = . + 4\nEXIT", "t.s:1:22: error:", "'.'");
    expect_error(".const c[0x2][0x0] = .nowhere\nEXIT", "t.s:1:22: error:", "undefined label '.nowhere'");
    must_assemble(".const c[0x2][0x0] = .A - .B\n.A: NOP\n.B: EXIT\n", &p);   /* negative: 32-bit wrap */
    ck_assert_uint_eq(p.consts[0].value, 0xfffffff0u);
    wr_program_free(&p);
}
END_TEST

START_TEST(N_53_threads_directive)
{
    wr_program p;
    must_assemble(".threads 96\nEXIT\n", &p);
    ck_assert_uint_eq(p.threads, 96);
    wr_program_free(&p);
    must_assemble("EXIT\n", &p);
    ck_assert_uint_eq(p.threads, 0);
    wr_program_free(&p);
    must_assemble(".THREADS 1\nEXIT\n.threads_x: EXIT\n", &p);
    ck_assert_uint_eq(p.threads, 1);
    wr_program_free(&p);
    expect_error(".threads 1025\nEXIT", "t.s:1:10: error:", "out of range 1..1024");
    expect_error(".threads 0\nEXIT", "t.s:1:10: error:", "out of range 1..1024");
    expect_error(".threads\nEXIT", "t.s:1:9: error:", "expected a number");
    expect_error(".threads 32\n.threads 64\nEXIT", "t.s:2:10: error:", "duplicate .threads");
    expect_error(".threads 32 64\nEXIT", "t.s:1:13: error:", "unexpected");
}
END_TEST

START_TEST(N_53_address_comments_ignored)
{
    wr_program p;
    must_assemble("/*0000*/ BRA `(.L) ;\n/*0040*/ NOP ; /* wrong, ignored */\n.L: /*0999*/ EXIT // end\n", &p);
    ck_assert_uint_eq(p.ninsns, 3);
    ck_assert_int_eq(p.insns[0].f[WR_F_OFFSET], 1);     /* .L = 0x20, not 0x40 */
    ck_assert_uint_eq(p.insns[2].form, WR_FORM_EXIT_X);
    wr_program_free(&p);
}
END_TEST

/* ---- numbers (isa.h: one syntax for flags and program text) ----------------------------- */

START_TEST(num_parse_accepts)
{
    static const struct { const char *s; uint64_t v; } t[] = {
        { "0", 0 }, { "7", 7 }, { "1024", 1024 }, { "0x0", 0 }, { "0x10", 16 }, { "0xaBcD", 0xabcd },
        { "0x00000000000000000001", 1 }, { "18446744073709551615", UINT64_MAX },
        { "0xffffffffffffffff", UINT64_MAX }, { "0xFFFFFFFFFFFFFFFF", UINT64_MAX },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint64_t v = 12345;
        char msg[200] = "junk";
        ck_assert_int_eq(wr_num_parse(t[i].s, 0, UINT64_MAX, &v, msg, sizeof msg), WR_NUM_OK);
        ck_assert_msg(v == t[i].v, "'%s' gave %" PRIu64, t[i].s, v);
        ck_assert_str_eq(msg, "");
    }
}
END_TEST

START_TEST(num_parse_refuses)
{
    static const struct { const char *s; wr_num_status st; const char *msg; } t[] = {
        { "", WR_NUM_SYNTAX, "'' is not a number (decimal, or hex with 0x)" },
        { " 32", WR_NUM_SYNTAX, "' 32' is not a number (decimal, or hex with 0x)" },
        { "32 ", WR_NUM_SYNTAX, "'32 ' is not a number (decimal, or hex with 0x)" },
        { "+5", WR_NUM_SYNTAX, "'+5' is not a number (decimal, or hex with 0x)" },
        { "-5", WR_NUM_SYNTAX, "'-5' is not a number (decimal, or hex with 0x)" },
        { "1e3", WR_NUM_SYNTAX, "'1e3' is not a number (decimal, or hex with 0x)" },
        { "0x", WR_NUM_SYNTAX, "'0x' is not a number (decimal, or hex with 0x)" },
        { "0X10", WR_NUM_SYNTAX, "'0X10' is not a number (decimal, or hex with 0x)" },
        { "0x1g", WR_NUM_SYNTAX, "'0x1g' is not a number (decimal, or hex with 0x)" },
        { "0x_1", WR_NUM_SYNTAX, "'0x_1' is not a number (decimal, or hex with 0x)" },
        { "1_000", WR_NUM_SYNTAX, "'1_000' is not a number (decimal, or hex with 0x)" },
        { "1.5", WR_NUM_SYNTAX, "'1.5' is not a number (decimal, or hex with 0x)" },
        { "0b1", WR_NUM_SYNTAX, "'0b1' is not a number (decimal, or hex with 0x)" },
        { "x10", WR_NUM_SYNTAX, "'x10' is not a number (decimal, or hex with 0x)" },
        { "08", WR_NUM_LEADING_ZERO, "'08' has a leading zero (octal is not accepted: decimal, or hex with 0x)" },
        { "010", WR_NUM_LEADING_ZERO, "'010' has a leading zero (octal is not accepted: decimal, or hex with 0x)" },
        { "00", WR_NUM_LEADING_ZERO, "'00' has a leading zero (octal is not accepted: decimal, or hex with 0x)" },
        { "18446744073709551616", WR_NUM_TOO_BIG, "'18446744073709551616' does not fit 64 bits" },
        { "0x10000000000000000", WR_NUM_TOO_BIG, "'0x10000000000000000' does not fit 64 bits" },
        { "99999999999999999999x", WR_NUM_SYNTAX, "'99999999999999999999x' is not a number (decimal, or hex with 0x)" },
        { "99999999999999999999 ", WR_NUM_SYNTAX, "'99999999999999999999 ' is not a number (decimal, or hex with 0x)" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint64_t v = 12345;
        char msg[200] = "";
        ck_assert_msg(wr_num_parse(t[i].s, 0, UINT64_MAX, &v, msg, sizeof msg) == t[i].st, "'%s'", t[i].s);
        ck_assert_str_eq(msg, t[i].msg);
        ck_assert_msg(v == 12345, "'%s' wrote *v", t[i].s);
        ck_assert_int_eq(wr_num_parse(t[i].s, 0, UINT64_MAX, &v, NULL, 0), t[i].st);   /* msg optional */
    }
}
END_TEST

START_TEST(num_parse_range_bounds)
{
    uint64_t v = 0;
    char msg[200];
    ck_assert_int_eq(wr_num_parse("1", 1, 1024, &v, msg, sizeof msg), WR_NUM_OK);
    ck_assert_uint_eq(v, 1);
    ck_assert_int_eq(wr_num_parse("1024", 1, 1024, &v, msg, sizeof msg), WR_NUM_OK);
    ck_assert_uint_eq(v, 1024);
    ck_assert_int_eq(wr_num_parse("0x400", 1, 1024, &v, msg, sizeof msg), WR_NUM_OK);
    ck_assert_uint_eq(v, 1024);
    ck_assert_int_eq(wr_num_parse("0", 1, 1024, &v, msg, sizeof msg), WR_NUM_RANGE);
    ck_assert_str_eq(msg, "0 is out of range 1..1024");
    ck_assert_int_eq(wr_num_parse("1025", 1, 1024, &v, msg, sizeof msg), WR_NUM_RANGE);
    ck_assert_str_eq(msg, "1025 is out of range 1..1024");
    ck_assert_int_eq(wr_num_parse("0x401", 1, 1024, &v, msg, sizeof msg), WR_NUM_RANGE);
    ck_assert_str_eq(msg, "0x401 is out of range 1..1024");     /* as written */
    ck_assert_uint_eq(v, 1024);
    ck_assert_int_eq(wr_num_parse("5", 5, 5, &v, msg, sizeof msg), WR_NUM_OK);
    ck_assert_int_eq(wr_num_parse("4", 5, 5, &v, msg, sizeof msg), WR_NUM_RANGE);
    ck_assert_str_eq(msg, "4 is out of range 5..5");
    ck_assert_int_eq(wr_num_parse("0xffffffffffffffff", 1, UINT64_MAX - 1, &v, msg, sizeof msg), WR_NUM_RANGE);
    ck_assert_str_eq(msg, "0xffffffffffffffff is out of range 1..18446744073709551614");
    /* syntax is judged before range */
    ck_assert_int_eq(wr_num_parse("01", 1, 1024, &v, msg, sizeof msg), WR_NUM_LEADING_ZERO);
}
END_TEST

START_TEST(num_scan_stops_at_non_word)
{
    static const struct { const char *s; wr_num_status st; size_t end; uint64_t v; } t[] = {
        { "0x10, R1", WR_NUM_OK, 4, 16 }, { "12)", WR_NUM_OK, 2, 12 }, { "0]", WR_NUM_OK, 1, 0 },
        { "5.5", WR_NUM_OK, 1, 5 }, { "010]", WR_NUM_LEADING_ZERO, 3, 0 }, { "0x1g+1", WR_NUM_SYNTAX, 4, 0 },
        { "+5", WR_NUM_SYNTAX, 0, 0 }, { "x1 ", WR_NUM_SYNTAX, 2, 0 }, { "", WR_NUM_SYNTAX, 0, 0 },
        { "0X1F;", WR_NUM_SYNTAX, 4, 0 }, { "99999999999999999999-", WR_NUM_TOO_BIG, 20, 0 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        const char *end = NULL;
        uint64_t v = 777;
        ck_assert_msg(wr_num_scan(t[i].s, &end, &v) == t[i].st, "'%s'", t[i].s);
        ck_assert_msg(end == t[i].s + t[i].end, "'%s': end at %td", t[i].s, end - t[i].s);
        ck_assert_uint_eq(v, t[i].st == WR_NUM_OK ? t[i].v : 777);
    }
    ck_assert_int_eq(wr_num_scan("42", NULL, NULL), WR_NUM_OK);
}
END_TEST

START_TEST(num_message_texts)
{
    char msg[200];
    const char *long_text = "123456789012345678901234567890123456789012345678901234567890";
    wr_num_message(WR_NUM_SYNTAX, long_text, strlen(long_text), 0, 0, msg, sizeof msg);
    ck_assert_str_eq(msg, "'1234567890123456789012345678901234567890...' is not a number (decimal, or hex with 0x)");
    wr_num_message(WR_NUM_TOO_BIG, "99999999999999999999, R1", 20, 0, 0, msg, sizeof msg);
    ck_assert_str_eq(msg, "'99999999999999999999' does not fit 64 bits");
    wr_num_message(WR_NUM_LEADING_ZERO, "010", 3, 0, 0, msg, sizeof msg);
    ck_assert_str_eq(msg, "'010' has a leading zero (octal is not accepted: decimal, or hex with 0x)");
    wr_num_message(WR_NUM_RANGE, "2000", 4, 1, 1024, msg, sizeof msg);
    ck_assert_str_eq(msg, "2000 is out of range 1..1024");
    wr_num_message(WR_NUM_OK, "1", 1, 0, 0, msg, sizeof msg);
    ck_assert_str_eq(msg, "");
    char small[8];
    wr_num_message(WR_NUM_SYNTAX, "abc", 3, 0, 0, small, sizeof small);
    ck_assert_str_eq(small, "'abc' i");
    wr_num_message(WR_NUM_SYNTAX, "abc", 3, 0, 0, NULL, 0);     /* no buffer: nothing written */
    /* the long-text cut applies to wr_num_parse too */
    ck_assert_int_eq(wr_num_parse(long_text, 0, UINT64_MAX, NULL, msg, sizeof msg), WR_NUM_TOO_BIG);
    ck_assert_str_eq(msg, "'1234567890123456789012345678901234567890...' does not fit 64 bits");
}
END_TEST

/* The assembler reads every number with wr_num_scan and reports num.c's
 * messages at the number's column. */
START_TEST(asm_number_syntax)
{
    const char *lz = "has a leading zero (octal is not accepted: decimal, or hex with 0x)";
    const char *nan = "is not a number (decimal, or hex with 0x)";
    char want[300];
#define WANT(pos, text, what) (snprintf(want, sizeof want, "t.s:%s: error: '%s' %s", pos, text, what), want)
    expect_error_exact(".threads 010\nEXIT", WANT("1:10", "010", lz));
    expect_error_exact("MOV R1, 010", WANT("1:9", "010", lz));
    expect_error_exact("MOV R1, -010", WANT("1:9", "-010", lz));
    expect_error_exact("LDC R1, c[02][0x0]", WANT("1:11", "02", lz));
    expect_error_exact("LDC R1, c[0x2][04]", WANT("1:16", "04", lz));
    expect_error_exact("CALL.ABS R[08:09]", WANT("1:12", "08", lz));
    expect_error_exact(".const c[0x1][0x0] = 1, 007\nEXIT", WANT("1:25", "007", lz));
    expect_error_exact("BRX R6, `(.L + 010)\n.L: EXIT", WANT("1:16", "010", lz));
    expect_error_exact("BAR.SYNC 0X1", WANT("1:10", "0X1", nan));
    expect_error_exact("BRA 0X10", WANT("1:5", "0X10", nan));
    expect_error_exact(".threads 0X10\nEXIT", WANT("1:10", "0X10", nan));
    expect_error_exact("BAR.SYNC 0x10.5", WANT("1:10", "0x10.5", nan));
    expect_error_exact("MOV R1, -R2", WANT("1:9", "-R2", nan));
    expect_error_exact("BRA 99999999999999999999", "t.s:1:5: error: '99999999999999999999' does not fit 64 bits");
    expect_error_exact("MOV R1, 0x10000000000000000", "t.s:1:9: error: '0x10000000000000000' does not fit 64 bits");
    expect_error_exact("BRX R6, -0x8000000000000001", "t.s:1:9: error: '-0x8000000000000001' does not fit 64 bits");
    expect_error_exact(".const c[0x1][0x0] = 18446744073709551616\nEXIT",
                       "t.s:1:22: error: '18446744073709551616' does not fit 64 bits");
#undef WANT
    /* what stays: decimal, 0x hex in either case, a lone 0 */
    wr_program p;
    must_assemble(".threads 0x10\nEXIT\n", &p);
    ck_assert_uint_eq(p.threads, 16);
    wr_program_free(&p);
    wr_insn in = asm1("BAR.SYNC 15, 4095");
    ck_assert_int_eq(in.f[WR_F_BARID], 15);
    ck_assert_int_eq(in.f[WR_F_CNT], 4095);
    ck_assert_int_eq(asm1("MOV R1, 0").f[WR_F_IMM32], 0);
    ck_assert_int_eq(asm1("MOV R1, 0xABcd").f[WR_F_IMM32], 0xabcd);
    ck_assert_int_eq(asm1("LDC R1, c[2][256]").f[WR_F_CMEM], wr_cmem_make(2, 256));
    ck_assert_int_eq(asm1("CALL.ABS R[0x8:0x9]").f[WR_F_RA], 8);
}
END_TEST

/* N-60: expressions are exact over -2^63 .. 2^64-1; leaving it is an error
 * at the operator that did. */
START_TEST(N_60_expression_never_wraps)
{
    expect_error_exact("BRA `(0x7fffffffffffffff + 0x7fffffffffffffff + 0x12)",
                       "t.s:1:47: error: expression overflows 64 bits");
    expect_error_exact("BRX R6, `(-0xffffffffffffffff)", "t.s:1:11: error: expression overflows 64 bits");
    expect_error_exact("BRX R6, `(-0x8000000000000000 - 0x10)", "t.s:1:31: error: expression overflows 64 bits");
    expect_error_exact("BRX R6, `(0xffffffffffffffff + 0x10 - 0x10)", "t.s:1:30: error: expression overflows 64 bits");
    expect_error_exact("BRX R6, `(0 - (0xffffffffffffffff - 0x10))", "t.s:1:13: error: expression overflows 64 bits");
    /* with a label: found in pass 2, same place */
    expect_error_exact("BRX R6, `(.L + 0xfffffffffffffff0)\n.L: EXIT", "t.s:1:14: error: expression overflows 64 bits");
    /* the ends of the range are values */
    ck_assert_int_eq(asm1("BRX R6, `(-0x8000000000000000 + 0x8000000000000000)").f[WR_F_OFFSET], 0);
    ck_assert_int_eq(asm1("BRX R6, `(0xffffffffffffffff - 0xffffffffffffffff + 0x10)").f[WR_F_OFFSET], 1);
    ck_assert_int_eq(asm1("BRX R6, `(0 - 0x7ffffffffffffff0 + 0x7fffffffffffffe0)").f[WR_F_OFFSET], -1);
    wr_insn in = asm1("BRA `(0x7ffffffffffffff8 + 0x7ffffffffffffff8)");   /* 2^64 - 16: wraps as a PC (N-61) */
    ck_assert_int_eq(in.f[WR_F_OFFSET], -2);
    /* a displacement past 2^63 is out of range, not a negative one */
    expect_error_exact("BRX R6, 0xfffffffffffffff0", "t.s:1:9: error: displacement out of range of OFFSET (SImm50)");
    expect_error_exact("BRX R6, `(0xfffffffffffffff0)", "t.s:1:9: error: displacement out of range of OFFSET (SImm50)");
    expect_error_exact("LEPC R4, 0x8000000000000000", "t.s:1:10: error: displacement out of range of OFFSET (SImm50)");
}
END_TEST

/* N-52: a .const expression that overflows is an error, and so is a value
 * that does not fit 32 bits, however it is written. */
START_TEST(N_52_const_never_wraps)
{
    expect_error_exact(".const c[0x1][0x0] = 0xffffffffffffffff + 1\nEXIT",
                       "t.s:1:41: error: expression overflows 64 bits");
    expect_error_exact(".const c[0x1][0x0] = .L - 0x8000000000000000 - 0x8000000000000000\n.L: EXIT",
                       "t.s:1:46: error: expression overflows 64 bits");
    expect_error_exact(".const c[0x1][0x0] = 0xffffffffffffffff\nEXIT",
                       "t.s:1:22: error: .const value 0xffffffffffffffff does not fit 32 bits");
    expect_error_exact(".const c[0x1][0x0] = 1, -0x80000001\nEXIT",
                       "t.s:1:25: error: .const value -0x80000001 does not fit 32 bits");
    expect_error_exact(".const c[0x1][0x0] = .L - 0x100000000\n.L: EXIT",
                       "t.s:1:22: error: .const value -0x100000000 does not fit 32 bits");
    wr_program p;
    must_assemble(".const c[0x1][0x0] = -0x80000000, 0xffffffff, 0xffffffffffffffff - 0xffffffff00000000\nEXIT", &p);
    ck_assert_uint_eq(p.consts[0].value, 0x80000000u);
    ck_assert_uint_eq(p.consts[1].value, 0xffffffffu);
    ck_assert_uint_eq(p.consts[2].value, 0xffffffffu);
    wr_program_free(&p);
}
END_TEST

/* N-60: an absolute target is a byte address: a negative one is an error at
 * assembly, not a fetch fault at run time. */
START_TEST(N_60_negative_target_rejected)
{
    expect_error_exact("BRA -0x10", "t.s:1:5: error: branch target -0x10 is negative");
    expect_error_exact("NOP\nBRA `(0 - 0x10)", "t.s:2:5: error: branch target -0x10 is negative");
    expect_error_exact("BRA `(.L - 0x20)\n.L: EXIT", "t.s:1:5: error: branch target -0x10 is negative");
    expect_error_exact("@P0 BRA.DIV UR4, -0x10", "t.s:1:18: error: branch target -0x10 is negative");
    expect_error_exact("BSSY B0, -0x10", "t.s:1:10: error: branch target -0x10 is negative");
    expect_error_exact("BRA -0x18", "t.s:1:5: error: branch target -0x18 is negative");
    /* siblings: misaligned, and too far for the field */
    expect_error_exact("BRA 0x18", "t.s:1:5: error: branch target 0x18 is not 16-byte aligned");
    expect_error_exact("BRA 0x8000000000000000", "t.s:1:5: error: branch target out of range of OFFSET (SImm50)");
    /* CALL/RET.ABS without the base register: the value is the target */
    expect_error_exact("CALL.ABS -0x20", "t.s:1:10: error: branch target -0x20 is negative");
    expect_error_exact("RET.ABS -0x20", "t.s:1:9: error: branch target -0x20 is negative");
    expect_error_exact("CALL.ABS `(.L - 0x40)\n.L: EXIT", "t.s:1:10: error: branch target -0x30 is negative");
    /* what stays legal: displacements (N-60), 0, a written base register
     * (RZ included): the disassembler prints RZ for such a word, so that its
     * text assembles back (a fetch fault at run time) */
    ck_assert_int_eq(asm1("CALL.ABS R2, -0x20").f[WR_F_OFFSET], -2);
    ck_assert_int_eq(asm1("CALL.ABS RZ, -0x20").f[WR_F_OFFSET], -2);
    ck_assert_int_eq(asm1("CALL.REL -0x20").f[WR_F_OFFSET], -2);
    ck_assert_int_eq(asm1("CALL.ABS 0x20").f[WR_F_OFFSET], 2);
    wr_insn in;
    wr_insn_init(&in, WR_FORM_CALL_R);
    in.f[WR_F_BASEMODE] = 1;
    in.f[WR_F_OFFSET] = -2;
    round_trip(&in, 0x40);
    expect_disasm(&in, 0x40, "CALL.ABS RZ, -0x20");
    in.f[WR_F_OFFSET] = 2;
    expect_disasm(&in, 0x40, "CALL.ABS 0x20");
    ck_assert_int_eq(asm1("BRX R6, -0x70").f[WR_F_OFFSET], -7);
    ck_assert_int_eq(asm1("BRA -0").f[WR_F_OFFSET], -1);
    ck_assert_int_eq(asm1("BRA 0x0").f[WR_F_OFFSET], -1);
}
END_TEST

/* ---- op names ------------------------------------------------------------------------------ */

START_TEST(op_names_trace_spellings)
{
    static const struct { const char *text, *op; } t[] = {
        { "BAR.SYNC 0x0", "BAR.SYNC" }, { "BAR.ARV 0x0, 0x20", "BAR.ARV" },
        { "BAR.RED.AND 0x0, P0", "BAR.RED.AND" }, { "BAR.RED.OR R1, P0", "BAR.RED.OR" },
        { "BAR.RED.POPC 0x0, 0x40, PT", "BAR.RED.POPC" }, { "B2R R0, 0x1", "B2R.BAR" },
        { "B2R.WARP R0", "B2R.WARP" }, { "BAR.RESULT R0, P1", "BAR.RESULT" }, { "B2R.RESULT R0", "BAR.RESULT" },
        { "R2B 0x1, R0", "R2B.BAR" }, { "R2B.WARP R0", "R2B.WARP" }, { "BRA 0x0", "BRA" },
        { "BRA.U 0x0", "BRA.U" }, { "BRA.DIV UR1, 0x0", "BRA.DIV" }, { "BRA.CONV 0x0", "BRA.CONV" },
        { "BRX R1", "BRX" }, { "CALL.ABS 0x0", "CALL.ABS" }, { "CALL R[2:3]", "CALL.REL" },
        { "RET.ABS R2", "RET.ABS" }, { "RET c[0x0][0x8]", "RET.REL" }, { "LEPC R2", "LEPC" },
        { "EXIT", "EXIT" }, { "BMOV B1, R1", "BMOV" }, { "BMOV.CLEAR R1, B1", "BMOV.CLEAR" },
        { "BSSY B0", "BSSY" }, { "BSYNC B0", "BSYNC" }, { "YIELD", "YIELD" }, { "BREAK B0", "BREAK" },
        { "WARPSYNC 0x1", "WARPSYNC" }, { "NANOSLEEP 0x1", "NANOSLEEP" }, { "RTT", "RTT" },
        { "TRAP 0x1", "TRAP" }, { "SYSCALL", "SYSCALL" }, { "ISETP.LT P0, R1, R2", "ISETP.LT" },
        { "LOP.AND R1, R2, R3", "LOP.AND" }, { "S2R R1, SR_TID", "S2R" }, { "MOV R1, 0x1", "MOV" },
        { "IADD R1, R1, 0x1", "IADD" }, { "SHL R1, R1, 0x1", "SHL" }, { "SHR R1, R1, 0x1", "SHR" },
        { "UMOV UR1, 0x1", "UMOV" }, { "LDC R1, c[0x0][0x0]", "LDC" }, { "NOP", "NOP" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_insn in = asm1(t[i].text);
        const char *a = wr_op_name(&in);
        ck_assert_msg(strcmp(a, t[i].op) == 0, "%s: op '%s', want '%s'", t[i].text, a, t[i].op);
        ck_assert_ptr_eq(wr_op_name(&in), a);          /* static, not formatted per call */
    }
}
END_TEST

/* ---- disassembler details --------------------------------------------------------------------- */

START_TEST(disasm_canonical_text)
{
    static const struct { const char *in, *out; uint64_t pc; } t[] = {
        { "@PT BRA.CONV   UR4 , 0xbe0 ;", "BRA.CONV UR4, 0xbe0", 0x100 },
        { "@!PT EXIT", "@!PT EXIT", 0 },
        { "WARPSYNC ~R9", "WARPSYNC ~R9", 0 },
        { "WARPSYNC !P2, ~c[0x2][0x100]", "WARPSYNC !P2, ~c[0x2][0x100]", 0 },
        { "CALL.REL", "CALL.REL 0x0", 0 },
        { "CALL.ABS RZ, 0x0", "CALL.ABS 0x0", 0 },
        { "CALL.ABS R[8:9], 0x0", "CALL.ABS R[8:9]", 0 },
        { "RET.ABS P1, RZ, 0x0", "RET.ABS P1, 0x0", 0 },
        { "BRX c[0x3][0x180]", "BRX c[0x3][0x180]", 0 },
        { "TRAP R7", "TRAP R7", 0 }, { "TRAP c[0x0][0x4]", "TRAP c[0x0][0x4]", 0 },
        { "BAR.SYNC 0x0, 0x0", "BAR.SYNC 0x0", 0 },
        { "BAR.RED.POPC 0x2, 0, P3", "BAR.RED.POPC 0x2, P3", 0 },
        { "BAR.RED.POPC R2, !PT", "BAR.RED.POPC R2, !PT", 0 },
        { "LEPC R[4:5], 0", "LEPC R[4:5]", 0 },
        { "BSSY B2, 0x10", "BSSY B2", 0 },
        { "NANOSLEEP URZ", "NANOSLEEP URZ", 0 },
        { "BRA 16", "BRA 0x10", 0x100 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        expect_disasm((wr_insn[]){ asm_at(t[i].in, t[i].pc, NULL) }, t[i].pc, t[i].out);
}
END_TEST

START_TEST(disasm_small_buffer)
{
    wr_insn in = asm1("@!P1 BRA.DIV ~UR4, 0x10");
    char buf[8];
    memset(buf, 'x', sizeof buf);
    int n = wr_disasm(&in, 0, buf, sizeof buf);
    ck_assert_int_eq(n, (int)strlen("@!P1 BRA.DIV ~UR4, 0x10"));
    ck_assert_str_eq(buf, "@!P1 BR");
    ck_assert_int_eq(wr_disasm(&in, 0, NULL, 0), n);
}
END_TEST

/* ---- bad input ------------------------------------------------------------------------------------- */

static const struct bad_input {
    const char *text, *prefix, *what;
} bad_inputs[] = {
    { "FOO R1", "t.s:1:1: error:", "unknown mnemonic 'FOO'" },
    { "BAR.FOO 0x0", "t.s:1:5: error:", "unknown modifier '.FOO' for BAR (expected .SYNC or .ARV)" },
    { "BAR 0x0", "t.s:1:1: error:", "BAR needs a modifier: .SYNC or .ARV" },
    { "BAR.SYNC.SYNC 0x0", "t.s:1:10: error:", "duplicate modifier '.SYNC'" },
    { "BAR.SYNC.ARV 0x0", "t.s:1:10: error:", "conflicting modifier '.ARV'" },
    { "EXIT.NOW", "t.s:1:6: error:", "EXIT takes none" },
    { "BMOV.CLEAR B0, R3", "t.s:1:6: error:", "does not apply to BMOV" },
    { "BAR..SYNC 0x0", "t.s:1:4: error:", "empty modifier" },
    { "BAR.SYNC R255", "t.s:1:10: error:", "register 'R255' out of range" },
    { "WARPSYNC UR63", "t.s:1:10: error:", "register 'UR63' out of range" },
    { "YIELD P7", "t.s:1:7: error:", "register 'P7' out of range" },
    { "BSYNC B16", "t.s:1:7: error:", "register 'B16' out of range" },
    { "@P7 EXIT", "t.s:1:2: error:", "out of range" },
    { "@X EXIT", "t.s:1:2: error:", "guard" },
    { "BAR.SYNC 0x10", "t.s:1:10: error:", "out of range 0..0xf of BARID" },
    { "BAR.SYNC 0x0, 0x1000", "t.s:1:15: error:", "out of range 0..0xfff of CNT" },
    { "BAR.SYNC 0x0, -32", "t.s:1:15: error:", "out of range" },
    { "BRA 0x115", "t.s:1:5: error:", "not 16-byte aligned" },
    { "BRX R6, -0x71", "t.s:1:9: error:", "not a multiple of 16" },
    { "NOP\nBRA `(.nowhere)", "t.s:2:7: error:", "undefined label '.nowhere'" },
    { "a: NOP\n a: EXIT", "t.s:2:2: error:", "duplicate label 'a' (first defined at line 1)" },
    { "BAR.SYNC 0x1g", "t.s:1:10: error:", "'0x1g' is not a number (decimal, or hex with 0x)" },
    { "BAR.SYNC 0x", "t.s:1:10: error:", "'0x' is not a number" },
    { "BRA 99999999999999999999", "t.s:1:5: error:", "does not fit 64 bits" },
    { "BRX R6 -0x70", "t.s:1:8: error:", "missing ','" },
    { "BAR.SYNC 0x0, 0x40, 0x1", "t.s:1:21: error:", "too many operands for BAR.SYNC" },
    { "BMOV B0", "t.s:1:8: error:", "missing operand for BMOV" },
    { "YIELD R5", "t.s:1:7: error:", "operand 1 of YIELD: expected a predicate, got 'R5'" },
    { "WARPSYNC B3", "t.s:1:10: error:", "expected a GPR, a uniform register, a predicate, an immediate or a constant" },
    { "EXIT !R5", "t.s:1:6: error:", "'!' applies only to a predicate" },
    { "BAR.RED.AND R5, R5, P0", "t.s:1:17: error:", "no register/register form (N-30)" },
    { "BRA.U UR4, 0x10", "t.s:1:1: error:", "a BRA with a UR operand needs .DIV or .CONV" },
    { "BRA UR4, 0x10", "t.s:1:1: error:", "needs .DIV or .CONV" },
    { "B2R.BAR R4", "t.s:1:11: error:", "needs a barrier operand" },
    { "LDC R1, c[0x0][0x102]", "t.s:1:16: error:", "must be 4-aligned" },
    { "LDC R1, c[0x20][0x0]", "t.s:1:11: error:", "bank 32 out of range 0..31" },
    { "CALL.REL c[0x0][0xfffc]", "t.s:1:10: error:", "max 0xfff8" },
    { "LDC R1, c[0x0]", "t.s:1:15: error:", "expected '['" },
    { "S2R R1, SR_CLOCK", "t.s:1:9: error:", "unknown special register" },
    { "BRA 0x10,", "t.s:1:10: error:", "operand expected after ','" },
    { "BRA 0x10 $sched foo", "t.s:1:17: error:", "unexpected 'foo'" },
    { "EXIT ; garbage", "t.s:1:8: error:", "unexpected 'garbage'" },
    { ".foo 1\nEXIT", "t.s:1:1: error:", "unknown directive '.foo'" },
    { ".L_x_0\nEXIT", "t.s:1:1: error:", "unknown directive" },
    { ".const c[32][0x0] = 1\nEXIT", "t.s:1:10: error:", "bank 32 out of range" },
    { ".const c[0x1][0x2] = 1\nEXIT", "t.s:1:15: error:", "4-aligned" },
    { ".const c[0x1][0x0] 1\nEXIT", "t.s:1:20: error:", "expected '='" },
    { ".const c[0x1][0x0] = 0x100000000\nEXIT", "t.s:1:22: error:", "does not fit 32 bits" },
    { ".const c[0x1][0x0] = 1 2\nEXIT", "t.s:1:24: error:", "separated by ','" },
    { ".const c[0x1][0x0] =\nEXIT", "t.s:1:21: error:", "expression expected" },
    { ".const x = 1\nEXIT", "t.s:1:8: error:", "expected c[bank][offset]" },
    { ".threads 2000\nEXIT", "t.s:1:10: error:", "out of range 1..1024" },
    { "", "t.s:1:1: error:", "empty program" },
    { "// nothing\n.threads 64\n", "t.s:1:1: error:", "empty program" },
    { "EXIT /* unterminated", "t.s:1:6: error:", "unterminated" },
    { "BRX R6, `(.x + )", "t.s:1:16: error:", "expression expected" },
    { "BRX R6, `(.x", "t.s:1:13: error:", "expected ')'" },
    { "BRX R6, `.x", "t.s:1:10: error:", "expected '(' after '`'" },
    { "R5: EXIT", "t.s:1:1: error:", "spelled like a register" },
    { "MOV R1, 0x100000000", "t.s:1:9: error:", "does not fit 32 bits" },
    { "BRX R1, -0x20000000000010", "t.s:1:9: error:", "out of range of OFFSET" },
    { "EXIT\n;", "t.s:2:1: error:", "unexpected ';'" },
    { "BAR.SYNC 0x0 # x", "t.s:1:14: error:", "unexpected '#'" },
    { "EXIT\n@P0", "t.s:2:4: error:", "expected a space after the guard" },
    { "BAR.SYNC 0x1, R2, R3", "t.s:1:19: error:", "too many operands" },
    { "BAR.SYNC", "t.s:1:9: error:", "missing operand for BAR.SYNC" },
};

START_TEST(bad_input_rejected)
{
    const struct bad_input *b = &bad_inputs[_i];
    expect_error(b->text, b->prefix, b->what);
}
END_TEST

/* Issue 22 item 4: the fast paths (a first pass without the .profile
 * scan, spellings and forms remembered per assembly) give the full
 * assembly's words and messages: the scan's errors come before an earlier
 * line's, a .profile after an instruction is still the text's profile, one
 * spelling with other operand kinds takes another form, another case of a
 * spelling is the same instruction. */
START_TEST(asm_fast_paths_as_full)
{
    /* the scan's error (line 3) before line 1's own */
    expect_error_exact("BOGUS R1\nEXIT\nEXIT /* open\n",
                       "t.s:3:6: error: unterminated '/*' comment (comments end on their line)");
    expect_error_exact("BOGUS R1\n.profile sass\n.profile ptx\n", "t.s:3:1: error: duplicate .profile (first at line 2)");
    /* .profile after an instruction: the whole text is sass (BAR.RESULT is
     * sass's alias of B2R.RESULT, S-12) */
    wr_program a, b;
    char err[512];
    ck_assert_int_eq(wr_assemble("B2R.RESULT R1\nEXIT\n.profile sass\n", "t.s", &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.profile, WR_PROFILE_SASS);
    ck_assert_int_eq(wr_assemble(".profile sass\nB2R.RESULT R1\nEXIT\n", "t.s", &b, err, sizeof err), 0);
    ck_assert_uint_eq(b.ninsns, a.ninsns);
    ck_assert_mem_eq(a.words, b.words, a.ninsns * sizeof *a.words);
    wr_program_free(&a);
    wr_program_free(&b);
    /* one spelling, other operand kinds: each line its own form, as alone */
    static const char *const lines[] = { "WARPSYNC R1", "WARPSYNC 0x3", "WARPSYNC UR2",
                                         "warpsync R1", "WARPSYNC c[0x2][0x100]", "WARPSYNC R1" };
    char text[512] = "";
    for (unsigned i = 0; i < 6; i++) {
        strcat(text, lines[i]);
        strcat(text, "\n");
    }
    ck_assert_int_eq(wr_assemble(text, "t.s", &a, err, sizeof err), 0);
    ck_assert_uint_eq(a.ninsns, 6);
    for (unsigned i = 0; i < 6; i++) {
        ck_assert_int_eq(wr_assemble(lines[i], "t.s", &b, err, sizeof err), 0);
        ck_assert_mem_eq(&a.words[i], &b.words[0], sizeof b.words[0]);
        ck_assert_uint_eq(a.insns[i].form, b.insns[0].form);
        wr_program_free(&b);
    }
    ck_assert_uint_ne(a.insns[0].form, a.insns[1].form);
    ck_assert_uint_ne(a.insns[0].form, a.insns[2].form);
    wr_program_free(&a);
    /* a spelling met before still reports its operand errors */
    expect_error_exact("WARPSYNC R1\nWARPSYNC P2\n", 
                       "t.s:2:12: error: missing operand for WARPSYNC: expected a GPR, a uniform register, "
                       "an immediate or a constant c[bank][offset]");
}
END_TEST

/* Issue 22 item 4 (one-step readers): numbers of the common shapes are
 * read in one pass, R0..R254 in one step, the text in place a line at a
 * time (a leading comment stepped over): at each edge of those paths the
 * value or the message is the general reader's, and a text assembled again
 * in full after the first pass gave up (a later .profile) reads its lines
 * as the first pass did. */
START_TEST(asm_one_step_readers_as_full)
{
    ck_assert_int_eq(asm1("MOV R1, 0x00000000000000001").f[WR_F_IMM32], 1);   /* 17 digits */
    expect_error_exact("MOV R1, 0x1000000000000000f", "t.s:1:9: error: '0x1000000000000000f' does not fit 64 bits");
    ck_assert_int_eq(asm1("MOV R1, 0x0000000000000001").f[WR_F_IMM32], 1);
    ck_assert_int_eq(asm1("MOV R1, 4294967295").f[WR_F_IMM32], 0xffffffff);
    expect_error_exact("MOV R1, 1844674407370955161", "t.s:1:9: error: immediate '1844674407370955161' does not fit 32 bits");
    expect_error_exact("MOV R1, 18446744073709551615", "t.s:1:9: error: immediate '18446744073709551615' does not fit 32 bits");
    expect_error_exact("MOV R1, 18446744073709551616", "t.s:1:9: error: '18446744073709551616' does not fit 64 bits");
    expect_error_exact("MOV R1, 0x", "t.s:1:9: error: '0x' is not a number (decimal, or hex with 0x)");
    expect_error_exact("MOV R1, 0x1_", "t.s:1:9: error: '0x1_' is not a number (decimal, or hex with 0x)");
    expect_error_exact("MOV R1, 12a", "t.s:1:9: error: '12a' is not a number (decimal, or hex with 0x)");
    expect_error_exact("MOV R1, 00", "t.s:1:9: error: '00' has a leading zero (octal is not accepted: decimal, or hex with 0x)");
    expect_error_exact("MOV R1, 1.5", "t.s:1:9: error: '1.5' is not a number (decimal, or hex with 0x)");
    ck_assert_int_eq(asm1("MOV R254, 0").f[WR_F_RD], 254);
    ck_assert_int_eq(asm1("MOV R0254, 0").f[WR_F_RD], 254);
    expect_error_exact("MOV R255, 0", "t.s:1:5: error: register 'R255' out of range (R0..R254, RZ)");
    expect_error_exact("MOV R2x, 0", "t.s:1:5: error: operand 1 of MOV: expected a GPR, got 'R2x'");
    /* the text in place: a first pass that gives up at line 3, then the
     * full one over the same lines (the scan reads line 3 first) */
    static const char *const late = "/*0000*/ MOV R1, 0x5 ; // one\n/*0ff0*/ B2R.RESULT R2 /* two */ ;\n"
                                    ".profile sass // three\n  /*0020*/EXIT\n";
    static const char *const early = ".profile sass\nMOV R1, 0x5\nB2R.RESULT R2\nEXIT\n";
    wr_program a, b;
    char err[512];
    ck_assert_int_eq(wr_assemble(late, "t.s", &a, err, sizeof err), 0);
    ck_assert_int_eq(wr_assemble(early, "t.s", &b, err, sizeof err), 0);
    ck_assert_uint_eq(a.ninsns, 3);
    ck_assert_uint_eq(b.ninsns, 3);
    ck_assert_mem_eq(a.words, b.words, 3 * sizeof *a.words);
    ck_assert_uint_eq(a.lines[2], 4);
    wr_program_free(&a);
    wr_program_free(&b);
    expect_error_exact("EXIT\n/*0010* EXIT\n.profile sass\n",
                       "t.s:2:1: error: unterminated '/*' comment (comments end on their line)");
    expect_error_exact("/*/ EXIT\n", "t.s:1:1: error: unterminated '/*' comment (comments end on their line)");
    expect_error_exact("/*0000*/ BOGUS\n", "t.s:1:10: error: unknown mnemonic 'BOGUS'");
}
END_TEST

/* Issue 22 item 4 (the quick reader): every line the assembler's quick
 * reader takes must come out as the general reader makes it, and every
 * line it hands over must leave nothing behind.  Each generated program of
 * a few seeds of every profile, and a few hundred copies of them with one
 * byte changed (most of them bad input), assembled with the quick reader
 * and without it (wr_asm_general_only): the same status and message, and
 * the same program (instructions, lines, words, constants). */
static unsigned quick_rand(uint64_t *st)
{
    *st = *st * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    return (unsigned)(*st >> 33);
}

static void quick_same(const char *text, const char *what)
{
    wr_program a, b;
    char ea[512], eb[512];
    int ra = wr_assemble(text, "t.s", &a, ea, sizeof ea);
    wr_asm_general_only(1);
    int rb = wr_assemble(text, "t.s", &b, eb, sizeof eb);
    wr_asm_general_only(0);
    ck_assert_msg(ra == rb, "%s: status %d quick, %d general (%s | %s)", what, ra, rb, ea, eb);
    if (ra != 0) {
        ck_assert_msg(strcmp(ea, eb) == 0, "%s: quick \"%s\", general \"%s\"", what, ea, eb);
        return;
    }
    ck_assert_msg(a.ninsns == b.ninsns && a.nconsts == b.nconsts && a.threads == b.threads
                  && a.profile == b.profile, "%s: program shape differs", what);
    for (size_t i = 0; i < a.ninsns; i++) {
        ck_assert_msg(a.insns[i].form == b.insns[i].form && a.insns[i].optype == b.insns[i].optype
                      && memcmp(a.insns[i].f, b.insns[i].f, sizeof a.insns[i].f) == 0,
                      "%s: instruction %zu differs", what, i);
        ck_assert_msg(memcmp(&a.words[i], &b.words[i], sizeof a.words[i]) == 0, "%s: word %zu differs", what, i);
        ck_assert_msg(a.lines[i] == b.lines[i], "%s: line of instruction %zu differs", what, i);
    }
    for (size_t i = 0; i < a.nconsts; i++)
        ck_assert_msg(a.consts[i].bank == b.consts[i].bank && a.consts[i].offset == b.consts[i].offset
                      && a.consts[i].value == b.consts[i].value, "%s: constant %zu differs", what, i);
    wr_program_free(&a);
    wr_program_free(&b);
}

START_TEST(asm_quick_reader_as_general)
{
    static const char bytes[] = " ,;:.-`()[]~!@/*$&?\n\tRPBUcx0179afT_";
    uint64_t st = 22;
    unsigned mutants = 0;
    for (unsigned prof = 0; prof < WR_PROFILE_COUNT; prof++) {
        for (uint64_t seed = 1; seed <= 3; seed++) {
            wr_gen_opts o;
            wr_gen_defaults(&o);
            o.seed = seed;
            o.profile = prof;
            char *text, err[256], what[96];
            ck_assert_msg(wr_gen_program(&o, &text, err, sizeof err) == 0, "%s", err);
            snprintf(what, sizeof what, "%s seed %" PRIu64, wr_profile_name(prof), seed);
            quick_same(text, what);
            /* one byte changed: at a random place, or next to a token */
            size_t n = strlen(text);
            for (unsigned k = 0; k < 40; k++, mutants++) {
                size_t at = quick_rand(&st) % n;
                char was = text[at];
                text[at] = bytes[quick_rand(&st) % (sizeof bytes - 1)];
                snprintf(what, sizeof what, "%s seed %" PRIu64 ", byte %zu '%c' -> '%c'", wr_profile_name(prof),
                         seed, at, was, text[at]);
                quick_same(text, what);
                text[at] = was;
            }
            free(text);
        }
    }
    ck_assert_uint_eq(mutants, 40u * 3u * WR_PROFILE_COUNT);
    /* lines of the shapes the quick reader takes, each at an edge */
    static const char *const edges[] = {
        "MOV R1, R2\nMOV R1, R2 // c\nMOV R1, R2 ;\nMOV R1,R2\nMOV  R1 ,  R2 ;  // c\n",
        "/*0000*/ MOV R1, 0x5\n/*00000*/ MOV R1, 0x5\n/*0x*/MOV R1, 0x5\n/**/ MOV R1, 0x5\n",
        "L: MOV R1, R2\nL: MOV R1, R2\n",
        "A: B: MOV R1, R2\nC: D: E: MOV R1, R2\nEXIT\n",
        "@P0 EXIT\n@!P6 EXIT\n@PT EXIT\n@!PT EXIT\n@P7 EXIT\n@P0EXIT\n@P00 EXIT\n",
        "BRA `(L)\nBRA `( L )\nBRA `(L + 0x10)\nBRA L\nL: EXIT\n",
        "LDC R1, c[0x3][0x0]\nLDC R1, c [0x3] [0x0]\nLDC R1, c[0x20][0x0]\nLDC R1, c[0x3][0x2]\n",
        "MOV R1, -0x1\nMOV R1, -1\nMOV R1, 0x\nMOV R1, 00\nMOV R1, 0x00000000000000001\n",
        "MOV R254, R0\nMOV R255, R0\nMOV R0254, R0\nMOV R1x, R0\nMOV RZ, R0\n",
        "WARPSYNC ~UR2\nWARPSYNC !R1\nWARPSYNC ~R1\nWARPSYNC 0x3 $sched &req\nWARPSYNC 0x3 $a/b\n",
        "MOV R1, R2\nMOV R1 R2\nMOV R1,\nMOV R1, , R2\nMOV R1, R2 junk\n",
        "S2R R1, SR_TID\nS2R R1, SR_FOO\nB2R.WARP R1\nBMOV R1, B15\nBMOV R1, B16\n",
        "EXIT\n.threads 32\nEXIT\n",
        ".const c[0x3][0x0] = 0x1, 0x2\n.const c[0x3][0x8] = 0xffffffff ;\n.const c[0x3][0xc] = 0x100000000\nEXIT\n",
        ".const c[0x3][0x10] = -1, 5\n.const c[0x3][0x0] = 007\n.const c[0x3][0x0] = 0x1 +\nEXIT\n",
        ".const c[0x3][0xfff8] = 0x1, 0x2, 0x3\n.const c[0x1f][0x0] = 0x1 // c\nEXIT\n",
        ".const c[0x3][0x0] = 0x1 /* c */\n.const c [0x3][0x0]=1,2\n.const c[0x3][0x0] = 0x1,\nEXIT\n",
        ".const c[0x3][0x0] = `(L), 0x1\nL: .const c[0x3][0x4] = 0x2\n.CONST c[0x3][0x8] = 0x3\nEXIT\n",
        ".const c[0x20][0x0] = 0x1\n.const c[0x3][0x2] = 0x1\n.const c[0x3][0x0] = 0x1 $a\nEXIT\n",
        "LDC R1, c[0x1f][0xfffc]\nLDC R1, c[0x3][0x00004]\nLDC R1, c[0x3][0x000004]\nLDC R1, c[0x3][0x4 ]\n",
        "LDC R1, c[0x03][4]\nLDC R1, c[0x3][0x4]x\nLDC R1, c[0x3][0x10000]\nLDC R1, c[0x3][0xfffe]\n",
        "CALL.ABS c[0x3][0xfff8]\nCALL.ABS c[0x3][0xfff0]\nCALL.ABS c[0x3][0xfffc]\nEXIT\n",
        "WARPSYNC c[0x3][0x4]\nWARPSYNC ~c[0x3][0x8]\nWARPSYNC c[0x3][0xc]\nB2R.BAR R1\nB2R.BAR R1, 0x3\n",
        "B2R.WARP R1\nB2R.WARP R2\n@P1 B2R.WARP R3\nB2R.BAR R1, 0x3\nB2R.BAR R2\n",
        "B2R.BAR R1, 0x3 ;\nB2R.BAR R2 ;\n",
        "B2R.BAR R1, 0x3 ;\nB2R.BAR R2 ; // c\n",
        "EXIT\n/* open\nEXIT\n",
        "MOV R1, R2\r\nEXIT\r\n",
        "EXIT",
    };
    for (unsigned i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        char what[32];
        snprintf(what, sizeof what, "edge %u", i);
        quick_same(edges[i], what);
    }
}
END_TEST

START_TEST(bad_input_long_line)
{
    size_t n = 20000;
    char *text = malloc(n + 16);
    memset(text, ' ', n);
    strcpy(text + n, "EXIT");
    expect_error(text, "t.s:1:16385: error:", "line too long");
    free(text);
}
END_TEST

START_TEST(bad_input_count)
{
    ck_assert_uint_ge(sizeof bad_inputs / sizeof bad_inputs[0], 30);
}
END_TEST

START_TEST(assemble_file_errors_and_success)
{
    wr_program p;
    char err[300], path[] = "/tmp/test_isa_XXXXXX";
    ck_assert_int_eq(wr_assemble_file("/nonexistent/x.s", &p, err, sizeof err), -1);
    ck_assert_msg(strncmp(err, "/nonexistent/x.s:1:1: error: cannot open", 40) == 0, "%s", err);
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(".threads 64\nL: BRA `(L)\n", f);
    fclose(f);
    ck_assert_int_eq(wr_assemble_file(path, &p, err, sizeof err), 0);
    ck_assert_uint_eq(p.ninsns, 1);
    ck_assert_uint_eq(p.threads, 64);
    ck_assert_str_eq(p.filename, path);
    wr_program_free(&p);
    wr_program_free(&p);                            /* safe on a freed program */
    remove(path);
}
END_TEST

/* ---- illegal words ------------------------------------------------------------------------------ */

/* The word of a legal instruction, then changed by the caller. */
static wr_word word_of(const char *text)
{
    wr_word w;
    asm_at(text, 0, &w);
    return w;
}

static void expect_illegal(const wr_word *w, const char *what)
{
    wr_insn in;
    char msg[200] = "";
    ck_assert_int_eq(wr_decode(w, &in, msg, sizeof msg), -1);
    ck_assert_msg(strstr(msg, what) != NULL, "want '%s' in '%s'", what, msg);
    ck_assert_int_eq(wr_decode(w, &in, NULL, 0), -1);  /* msg is optional */
}

START_TEST(decode_illegal_words)
{
    wr_word w = { { 0x7f, 0, 0, 0 } };
    expect_illegal(&w, "unknown optype 0x7f");
    w = (wr_word){ { 0, 0, 0, 0 } };
    expect_illegal(&w, "unknown optype 0x00");
    w = word_of("BAR.SYNC 0x0");
    wr_field_set(&w, 8, 4, 9);
    expect_illegal(&w, "optype 0x10 (BAR) has no form with stype 9");
    w = word_of("BAR.SYNC 0x0");
    wr_field_set(&w, 90, 1, 1);
    expect_illegal(&w, "reserved bit 90 set in BAR_I");
    w = word_of("EXIT");
    wr_field_set(&w, 127, 1, 1);
    expect_illegal(&w, "reserved bit 127 set in EXIT_X");
    w = word_of("BAR.RED.OR 0x0, P0");
    wr_field_set(&w, 80, 2, 3);
    expect_illegal(&w, "illegal value 3 of REDOP (bits 81:80) in BAR_RED_I");
    w = word_of("BRA.DIV UR1, 0x10");
    wr_field_set(&w, 82, 2, 0);
    expect_illegal(&w, "illegal value 0 of COND (bits 83:82) in BRA_U (legal: .DIV .CONV)");
    wr_field_set(&w, 82, 2, 1);
    expect_illegal(&w, "illegal value 1 of COND");
    w = word_of("WARPSYNC c[0x1][0x100]");
    wr_field_set(&w, 32, 2, 2);
    expect_illegal(&w, "constant offset 0x102 in CMEM (bits 53:32) of WARPSYNC_C is not 4-aligned");
    w = word_of("WARPSYNC c[0x1][0x100]");
    wr_field_set(&w, 53, 1, 1);
    expect_illegal(&w, "reserved bit 21 of CMEM (bit 53)");
    w = word_of("CALL.ABS c[0x1][0xfff8]");
    wr_field_set(&w, 32, 16, 0xfffc);
    expect_illegal(&w, "max 0xfff8");
    w = word_of("S2R R1, SR_TID");
    wr_field_set(&w, 40, 8, 3);
    expect_illegal(&w, "illegal value 3 of SR");
    w = word_of("ISETP.GE P1, R1, R2");
    wr_field_set(&w, 80, 3, 6);
    expect_illegal(&w, "illegal value 6 of CMP");
}
END_TEST

START_TEST(decode_sign_extends_and_defaults)
{
    wr_insn in;
    wr_word w = word_of("BSSY B1, 0x0");                /* syncpoint -1 */
    ck_assert_int_eq(wr_decode(&w, &in, NULL, 0), 0);
    ck_assert_int_eq(in.f[WR_F_SYNCPOINT], -1);
    ck_assert_int_eq(in.optype, WR_OPT_BSSY);
    ck_assert_int_eq(in.f[WR_F_PP], WR_PT);             /* fields BSSY lacks */
    ck_assert_int_eq(in.f[WR_F_RA], WR_RZ);
    ck_assert_int_eq(in.f[WR_F_URB], WR_URZ);
    ck_assert_int_eq(in.f[WR_F_OFFSET], 0);
}
END_TEST

START_TEST(encode_rejects_values_that_do_not_fit)
{
    static const struct { wr_form form; wr_field_id field; int64_t v; const char *what; } t[] = {
        { WR_FORM_BAR_I, WR_F_BARID, 16, "does not fit BARID (4 bits" },
        { WR_FORM_BAR_I, WR_F_CNT, -1, "does not fit CNT" },
        { WR_FORM_MOV_R, WR_F_RD, 256, "does not fit RD" },
        { WR_FORM_BRA_X, WR_F_OFFSET, INT64_C(1) << 49, "does not fit OFFSET (SImm50" },
        { WR_FORM_BRA_X, WR_F_OFFSET, -(INT64_C(1) << 49) - 1, "does not fit OFFSET" },
        { WR_FORM_BSSY_I, WR_F_SYNCPOINT, INT64_C(1) << 31, "SImm32" },
        { WR_FORM_BAR_RED_I, WR_F_REDOP, 3, "illegal value 3 of REDOP" },
        { WR_FORM_LDC_C, WR_F_CMEM, 0x2, "not 4-aligned" },
        { WR_FORM_LDC_C, WR_F_CMEM, 0x3fffe, "not 4-aligned" },
        { WR_FORM_LDC_C, WR_F_CMEM, 0x200000, "reserved bit 21" },
        { WR_FORM_LDC_C, WR_F_CMEM, 0x400000, "does not fit CMEM" },
        { WR_FORM_LDC_C, WR_F_CMEM, -4, "does not fit CMEM" },
        { WR_FORM_CALL_C, WR_F_CMEM, 0x3fffc, "runs past the bank end" },
        { WR_FORM_BRA_U, WR_F_COND, 1, "illegal value 1 of COND" },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        wr_insn in;
        wr_word w;
        char msg[200] = "";
        wr_insn_init(&in, t[i].form);
        if (t[i].form == WR_FORM_BRA_U && t[i].field != WR_F_COND)
            in.f[WR_F_COND] = 2;
        in.f[t[i].field] = t[i].v;
        if (t[i].form == WR_FORM_BRA_U && t[i].field == WR_F_COND)
            in.f[WR_F_COND] = t[i].v;
        ck_assert_int_eq(wr_encode(&in, &w, msg, sizeof msg), -1);
        ck_assert_msg(strstr(msg, t[i].what) != NULL, "want '%s' in '%s'", t[i].what, msg);
    }
    /* the extremes fit */
    wr_insn in;
    wr_word w;
    wr_insn_init(&in, WR_FORM_LDC_C);
    in.f[WR_F_CMEM] = 0x1ffffc;                      /* bank 31, offset 0xfffc */
    ck_assert_int_eq(wr_encode(&in, &w, NULL, 0), 0);
    wr_insn_init(&in, WR_FORM_CALL_C);
    in.f[WR_F_CMEM] = 0x1ffff8;
    ck_assert_int_eq(wr_encode(&in, &w, NULL, 0), 0);
    wr_insn_init(&in, WR_FORM_BRA_X);
    in.f[WR_F_OFFSET] = -(INT64_C(1) << 49);
    ck_assert_int_eq(wr_encode(&in, &w, NULL, 0), 0);
    wr_insn back;
    ck_assert_int_eq(wr_decode(&w, &back, NULL, 0), 0);
    ck_assert_int_eq(back.f[WR_F_OFFSET], -(INT64_C(1) << 49));
}
END_TEST

/* ---- word text ------------------------------------------------------------------------------ */

START_TEST(word_format_and_parse)
{
    wr_word w = { { 0x00007110u, 0x00080100u, 0x00010000u, 0xabcdef01u } }, r;
    char buf[35];
    wr_word_format(&w, buf);
    ck_assert_str_eq(buf, "0xabcdef01000100000008010000007110");
    ck_assert_int_eq(wr_word_parse(buf, &r), 0);
    ck_assert_mem_eq(&r, &w, sizeof w);
    ck_assert_int_eq(wr_word_parse("0xABCDEF01000100000008010000007110", &r), 0);
    ck_assert_mem_eq(&r, &w, sizeof w);
    static const char *const badw[] = {
        "0x", "", "0xabcdef0100010000000801000000711", "0xabcdef010001000000080100000071100",
        "0xabcdef01000100000008010000007g10", " 0xabcdef01000100000008010000007110",
        "0xabcdef01000100000008010000007110 ", "00xabcdef0100010000000801000000711",
    };
    for (size_t i = 0; i < sizeof badw / sizeof badw[0]; i++)
        ck_assert_msg(wr_word_parse(badw[i], &r) == -1, "accepted '%s'", badw[i]);
}
END_TEST

/* Exactly 0x and 32 hex digits. */
START_TEST(word_parse_strict)
{
    wr_word r, want = { { 0x00007110u, 0x00080100u, 0x00010000u, 0xabcdef01u } };
    static const char *const good[] = {
        "0xabcdef01000100000008010000007110", "0xABCDEF01000100000008010000007110",
        "0xAbCdEf01000100000008010000007110",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        memset(&r, 0, sizeof r);
        ck_assert_msg(wr_word_parse(good[i], &r) == 0, "refused '%s'", good[i]);
        ck_assert_mem_eq(&r, &want, sizeof r);
    }
    static const char *const bad[] = {
        "0XABCDEF01000100000008010000007110",   /* 0X */
        "ABCDEF01000100000008010000007110",     /* no 0x */
        "x0ABCDEF0100010000000801000000711",
        "+0xabcdef01000100000008010000007110", "0x0xabcdef010001000000080100000071",
        "0xabcdef01000100000008010000007110\n", "\t0xabcdef01000100000008010000007110",
        "0xabcdef01000100000008010000007110;", "0x abcdef01000100000008010000007110",
        "0x", "0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(&r, 0x5a, sizeof r);
        ck_assert_msg(wr_word_parse(bad[i], &r) == -1, "accepted '%s'", bad[i]);
    }
}
END_TEST

/* ---- encoding document ---------------------------------------------------------------------- */

static char *doc_text(size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(wr_isa_write_doc(f), 0);
    fclose(f);
    return buf;
}

START_TEST(encoding_doc_deterministic_and_complete)
{
    size_t n1, n2;
    char *a = doc_text(&n1), *b = doc_text(&n2);
    ck_assert_uint_eq(n1, n2);
    ck_assert_int_eq(memcmp(a, b, n1), 0);
    static const char *const must[] = {
        "255 = RZ", "63 = URZ", "7 = PT", "| 20:16 | bank, 0..31 |", "BRA_U requires .DIV or .CONV",
        "| OFFSET | 81:32 | 32 | 50 | SIMM |", "| BAR_RED | 0x11 | BCU |", "| RRI | 4 |",
    };
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++)
        ck_assert_msg(strstr(a, must[i]) != NULL, "doc lacks '%s'", must[i]);
    for (unsigned f = 0; f < WR_FORM_COUNT; f++) {
        char h[64];
        snprintf(h, sizeof h, "\n### %s\n", wr_forms[f].name);
        ck_assert_msg(strstr(a, h) != NULL, "doc lacks form %s", wr_forms[f].name);
    }
    free(a);
    free(b);
}
END_TEST

/* ---- scale ------------------------------------------------------------------------------------ */

START_TEST(large_program_assembles_fast)
{
    enum { N = 100000 };
    size_t cap = (size_t)N * 48 + 64, len = 0;
    char *text = malloc(cap);
    for (unsigned i = 0; i < N; i++)            /* every line names a label further on */
        len += (size_t)snprintf(text + len, cap - len, "L%u: @P0 BRA `(L%u) ; /*%04x*/\n", i,
                                (i * 7919u + 13u) % N, i * 16u);
    wr_program p;
    clock_t t0 = clock();
    must_assemble(text, &p);
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    ck_assert_uint_eq(p.ninsns, N);
    unsigned i = 4321, target = (i * 7919u + 13u) % N;
    ck_assert_int_eq(p.insns[i].f[WR_F_OFFSET], (int64_t)target - (int64_t)i - 1);
    ck_assert_msg(secs < 2.0, "100000 instructions took %.2f s", secs);
    wr_program_free(&p);
    free(text);
}
END_TEST

/* ---- registration ------------------------------------------------------------------------------- */

static TCase *tc(Suite *s, const char *name)
{
    TCase *t = tcase_create(name);
    tcase_set_timeout(t, 30);
    suite_add_tcase(s, t);
    return t;
}

void unit_add_suites(SRunner *sr)
{
    Suite *s = unit_suite("isa");
    TCase *t = tc(s, "table");
    tcase_add_test(t, table_self_check_good);
    tcase_add_test(t, table_bad_overlapping_fields);
    tcase_add_test(t, table_bad_field_overlaps_stype);
    tcase_add_test(t, table_bad_field_out_of_range);
    tcase_add_test(t, table_bad_field_width);
    tcase_add_test(t, table_bad_duplicate_optype_stype);
    tcase_add_test(t, table_bad_too_many_fields);
    tcase_add_test(t, table_bad_modifier_default);
    tcase_add_test(t, table_bad_syntax);
    tcase_add_test(t, table_bad_field_twice);
    tcase_add_test(t, table_bad_unsigned_too_wide);
    tcase_add_test(t, one_place_branch_target_and_disp_base);
    tcase_add_test(t, one_place_barrier_operand_pt_and_pairs);
    tcase_add_test(t, field_get_set_straddles_parts);

    t = tc(s, "codec");
    tcase_add_loop_test(t, round_trip_every_form, 0, WR_FORM_COUNT);
    tcase_add_loop_test(t, random_words_round_trip, 0, WR_FORM_COUNT);
    tcase_add_test(t, encoding_bar_arv_immediates);
    tcase_add_test(t, encoding_bar_red_register_form);
    tcase_add_test(t, encoding_bra_guarded_uniform);
    tcase_add_test(t, encoding_bra_negative_offset_straddles);
    tcase_add_test(t, encoding_warpsync_constant);
    tcase_add_test(t, encoding_bssy_breg_syncpoint);
    tcase_add_test(t, encoding_call_lepc_bmov_result);
    tcase_add_test(t, decode_illegal_words);
    tcase_add_test(t, decode_sign_extends_and_defaults);
    tcase_add_test(t, encode_rejects_values_that_do_not_fit);
    tcase_add_test(t, word_format_and_parse);
    tcase_add_test(t, word_parse_strict);
    tcase_add_test(t, op_names_trace_spellings);
    tcase_add_test(t, encoding_doc_deterministic_and_complete);

    t = tc(s, "assembler");
    tcase_add_test(t, seed_000_examples_assemble);
    tcase_add_test(t, seed_003_examples_assemble);
    tcase_add_test(t, seed_003_decoded_fields);
    tcase_add_test(t, N_30_bar_red_register_register_rejected);
    tcase_add_test(t, N_30_seed_operand_forms);
    tcase_add_test(t, N_39_b2r_r2b_modes);
    tcase_add_test(t, N_51_helpers_assemble);
    tcase_add_test(t, N_52_const_parsing);
    tcase_add_test(t, N_52_const_label_expressions);
    tcase_add_test(t, N_53_threads_directive);
    tcase_add_test(t, N_53_address_comments_ignored);
    tcase_add_test(t, N_54_immediate_ranges);
    tcase_add_test(t, N_60_bra_absolute_target);
    tcase_add_test(t, N_60_bra_label_target);
    tcase_add_test(t, N_60_call_abs_single_label);
    tcase_add_test(t, N_60_brx_label_expression);
    tcase_add_test(t, N_60_brx_displacement_number);
    tcase_add_test(t, N_60_lepc_label);
    tcase_add_test(t, N_60_branch_ranges);
    tcase_add_test(t, N_60_expression_never_wraps);
    tcase_add_test(t, asm_one_step_readers_as_full);
    tcase_add_test(t, asm_quick_reader_as_general);
    tcase_add_test(t, N_60_negative_target_rejected);
    tcase_add_test(t, N_52_const_never_wraps);
    tcase_add_test(t, N_61_comma_required);
    tcase_add_test(t, N_61_case_insensitive_mnemonic);
    tcase_add_test(t, N_61_register_names_case_sensitive);
    tcase_add_test(t, N_61_register_pair_from_single);
    tcase_add_test(t, N_61_b2r_result_alone_means_pt);
    tcase_add_test(t, N_61_break_canonical);
    tcase_add_test(t, N_61_labels_share_lines);
    tcase_add_test(t, N_61_scheduling_annotations_ignored);
    tcase_add_test(t, disasm_canonical_text);
    tcase_add_test(t, disasm_small_buffer);
    tcase_add_test(t, assemble_file_errors_and_success);
    tcase_add_test(t, large_program_assembles_fast);

    t = tc(s, "numbers");
    tcase_add_test(t, num_parse_accepts);
    tcase_add_test(t, num_parse_refuses);
    tcase_add_test(t, num_parse_range_bounds);
    tcase_add_test(t, num_scan_stops_at_non_word);
    tcase_add_test(t, num_message_texts);
    tcase_add_test(t, asm_number_syntax);

    t = tc(s, "bad_input");
    tcase_add_loop_test(t, bad_input_rejected, 0, (int)(sizeof bad_inputs / sizeof bad_inputs[0]));
    tcase_add_test(t, asm_fast_paths_as_full);
    tcase_add_test(t, bad_input_long_line);
    tcase_add_test(t, bad_input_count);
    srunner_add_suite(sr, s);
}
