/* disasm.c - the one canonical text of an instruction (SPEC-NOTES section 7):
 * `{@{!}Pg }OP operands`, OP as TRACE-FORMAT's `op`, operands in the form's
 * SYNTAX order, optional operands at their defaults left out.  Assembling
 * the text at the same pc gives back the same word.  No allocation. */
#include <inttypes.h>
#include "warpref/isa.h"
#include "isa_priv.h"

static void put_pred(wr_buf *b, int64_t p, int64_t inverted)
{
    if (inverted)
        wr_buf_puts(b, "!");
    if (p == WR_PT)
        wr_buf_puts(b, "PT");
    else
        wr_buf_printf(b, "P%" PRId64, p);
}

static void put_gpr(wr_buf *b, int64_t r, int pair)
{
    if (r == WR_RZ)
        wr_buf_puts(b, "RZ");
    else if (pair)
        wr_buf_printf(b, "R[%" PRId64 ":%" PRId64 "]", r, r + 1);
    else
        wr_buf_printf(b, "R%" PRId64, r);
}

static void put_ureg(wr_buf *b, int64_t r, int pair)
{
    if (r == WR_URZ)
        wr_buf_puts(b, "URZ");
    else if (pair)
        wr_buf_printf(b, "UR[%" PRId64 ":%" PRId64 "]", r, r + 1);
    else
        wr_buf_printf(b, "UR%" PRId64, r);
}

/* Signed byte displacement: "0x80", "-0x70". */
static void put_disp(wr_buf *b, int64_t units)
{
    uint64_t bytes = (uint64_t)units * WR_INST_SIZE;
    if (units < 0)
        wr_buf_printf(b, "-0x%" PRIx64, (uint64_t)0 - bytes);
    else
        wr_buf_printf(b, "0x%" PRIx64, bytes);
}

/* Is optional operand k left out?  Rules (SPEC-NOTES 7, N-39, N-61):
 * a value equal to what the assembler fills in when the operand is absent
 * is not printed, except that a predicate destination (BAR.RESULT's Pu) is
 * always printed, the barrier of B2R/R2B .BAR always is, and a CALL/RET
 * displacement stays when it would otherwise be the only operand left out
 * after an omitted register (`CALL.ABS 0x0`, as the seed writes it); the
 * RZ base of a .ABS form with a negative displacement is printed (the
 * assembler reads a lone negative value there as a negative target). */
static int omitted(const wr_insn *insn, const wr_form_aux *fa, unsigned k, int shown_main)
{
    const wr_spec *sp = &fa->spec[k];
    int64_t v = insn->f[sp->field];
    if (!sp->optional)
        return 0;
    switch (sp->kind) {
    case WR_SK_P:
        return v == WR_PT && insn->f[sp->extra] == 0;
    case WR_SK_PD:
        return 0;
    case WR_SK_R:
        return v == WR_RZ;
    case WR_SK_R2:           /* .ABS: without it a negative displacement would read as a target */
        return v == WR_RZ && !(wr_form_has(insn->form, WR_F_BASEMODE) && insn->f[WR_F_BASEMODE] == 1 &&
                               wr_form_has(insn->form, WR_F_OFFSET) && insn->f[WR_F_OFFSET] < 0);
    case WR_SK_U:
    case WR_SK_U2:
        return v == WR_URZ;
    case WR_SK_I:
        if (sp->field == WR_F_BARID && wr_insn_names_barrier(insn))
            return 0;
        return v == 0;
    case WR_SK_D:
        return v == 0 && (shown_main || k + 1u != fa->nspecs);
    default:
        return v == 0;
    }
}

static void put_operand(wr_buf *b, const wr_insn *insn, const wr_spec *sp, uint64_t pc)
{
    int64_t v = insn->f[sp->field];
    if (sp->tilde && insn->f[WR_F_BITNOT])
        wr_buf_puts(b, "~");
    switch (sp->kind) {
    case WR_SK_R:  put_gpr(b, v, 0); break;
    case WR_SK_R2: put_gpr(b, v, 1); break;
    case WR_SK_U:  put_ureg(b, v, 0); break;
    case WR_SK_U2: put_ureg(b, v, 1); break;
    case WR_SK_P:  put_pred(b, v, insn->f[sp->extra]); break;
    case WR_SK_PD: put_pred(b, v, 0); break;
    case WR_SK_B:  wr_buf_printf(b, "B%" PRId64, v); break;
    case WR_SK_SR:
        if (v >= 0 && v < WR_SR_COUNT)
            wr_buf_puts(b, wr_sr_names[v]);
        else
            wr_buf_printf(b, "SR_%" PRId64 "?", v);
        break;
    case WR_SK_I:
    case WR_SK_S:
    case WR_SK_RI: wr_buf_printf(b, "0x%" PRIx64, (uint64_t)v); break;
    case WR_SK_T:  /* N-10: the absolute target */
        wr_buf_printf(b, "0x%" PRIx64, wr_branch_target(pc, v));
        break;
    case WR_SK_D:  put_disp(b, v); break;
    case WR_SK_C:
        wr_buf_printf(b, "c[0x%x][0x%x]", wr_cmem_bank(v), wr_cmem_offset(v));
        break;
    default:       wr_buf_puts(b, "?"); break;
    }
}

int wr_disasm(const wr_insn *insn, uint64_t pc, char *buf, size_t bufsize)
{
    wr_buf b = { buf, bufsize, 0 };
    if (bufsize > 0)
        buf[0] = '\0';
    if (insn->form >= WR_FORM_COUNT) {
        wr_buf_puts(&b, "?");
        return (int)b.len;
    }
    if (insn->f[WR_F_PG] != WR_PT || insn->f[WR_F_PG_NOT] != 0) {
        wr_buf_puts(&b, "@");
        put_pred(&b, insn->f[WR_F_PG], insn->f[WR_F_PG_NOT]);
        wr_buf_puts(&b, " ");
    }
    wr_buf_puts(&b, wr_op_name(insn));
    const wr_form_aux *fa = &wr_isa_aux_get()->form[insn->form];
    int shown = 0, shown_main = 0;
    unsigned slot = 0;                        /* RI: the next GPR slot */
    for (unsigned k = 0; k < fa->nspecs; k++) {
        if (omitted(insn, fa, k, shown_main))
            continue;
        wr_buf_puts(&b, shown ? ", " : " ");
        const wr_spec *sp = &fa->spec[k];
        if (sp->kind == WR_SK_RI && insn->f[sp->extra] && slot < fa->nrislots)
            put_gpr(&b, insn->f[fa->rislot[slot++]], 0);    /* a register operand */
        else
            put_operand(&b, insn, sp, pc);
        shown = 1;
        shown_main |= fa->spec[k].kind != WR_SK_P;
    }
    return (int)b.len;
}
