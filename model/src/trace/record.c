/* record.c - the trace record's conversions (warpref/tracefile.h): from
 * and to retire records, the final record of a CTA, a record's text. */
#include <stdio.h>
#include <string.h>

#include "warpref/tracefile.h"

/* s into buf[size], cut to fit (snprintf's "%s", without the formatting) */
static void copy_text(char *buf, size_t size, const char *s)
{
    size_t n = strlen(s);
    if (n >= size)
        n = size - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
}

/* The record's head: the step's warp after it, its events, its op. */
static inline void rec_head(wr_trace_rec *t, const wr_retire *rec, const wr_insn *insn)
{
    const wr_warp *wp = &rec->after;
    t->t = rec->book.t;
    t->warp = rec->warp;
    t->pc = rec->pc;
    t->active = wp->active;
    t->valid = wp->valid;
    t->yield = wp->yield;
    t->sleep = wp->sleep;
    t->swtch = wp->swtch;
    t->next_pc = wp->active_pc;
    memcpy(t->b, wp->breg, sizeof t->b);
    t->wake = rec->book.wake;
    t->op_derived = 0;
    t->asm_derived = 0;
    copy_text(t->op, sizeof t->op, wr_op_name(insn));
    t->nev = rec->nev <= WR_MAX_EVENTS ? rec->nev : WR_MAX_EVENTS;
    memcpy(t->ev, rec->ev, t->nev * sizeof *t->ev);
}

/* `in`: the operands read (`reads`, WR_IN_*, or 0: the instruction's own) */
static inline void rec_in(wr_trace_rec *t, const wr_insn *insn, const wr_operands *ops, unsigned reads)
{
    const unsigned own = wr_insn_reads(insn);
    const unsigned r = reads ? (reads & WR_IN_OPERANDS) | (own & (WR_IN_RA64 | WR_IN_UR64 | WR_IN_C64)) : own;
    t->in_keys = r | WR_IN_PG;
    t->in.pg = wr_pred_value(wr_f_PG(insn), ops->pg);
    t->in.pp = (r & WR_IN_PP) ? wr_pred_value(wr_f_PP(insn), ops->pp) : 0;
    if (r & WR_IN_RA)
        memcpy(t->in.ra, ops->ra, sizeof t->in.ra);
    if (r & WR_IN_RB)
        memcpy(t->in.rb, ops->rb, sizeof t->in.rb);
    if (r & WR_IN_RC)
        memcpy(t->in.rc, ops->rc, sizeof t->in.rc);
    if (r & WR_IN_RE)
        memcpy(t->in.re, ops->re, sizeof t->in.re);
    t->in.ur = (r & WR_IN_UR) ? ops->ur : 0;
    t->in.c = (r & WR_IN_C) ? ops->c : 0;
}

/* The step's writes: barrier words into `bars`; the executing warp's GPR
 * write (Rd, with Rd+1 when RD is a pair) into *rd, *rd_hi and its
 * predicate write into *pd, for `out` */
static inline void rec_writes(wr_trace_rec *t, const wr_retire *rec, const wr_insn *insn, const wr_write **rd_,
                              const wr_write **rd_hi_, const wr_write **pd_)
{
    const wr_write *rd = NULL, *rd_hi = NULL, *pd = NULL;
    const wr_write *gpr[2] = { NULL, NULL };     /* the first two GPR writes of the warp */
    for (unsigned i = 0; i < rec->nwrites; i++) {
        const wr_write *e = &rec->write[i];
        if (e->kind == WR_WRITE_BARRIER) {
            if (e->index < WR_MAX_BARRIERS) {
                t->bars |= 1u << e->index;
                t->bar[e->index] = e->value[0];
            }
            continue;
        }
        if (e->warp != rec->warp)
            continue;
        /* the instruction's own destination first: a ptx reduction's gather
         * (P-11) also writes other groups' destinations, which `out` cannot
         * show */
        const int own = wr_trace_out_write(insn, rec->warp, e);
        if (e->kind == WR_WRITE_GPR) {
            if (!gpr[0])
                gpr[0] = e;
            else if (!gpr[1])
                gpr[1] = e;
            if (own && !rd && e->index == (unsigned)insn->f[WR_F_RD])
                rd = e;
            else if (own && !rd_hi)
                rd_hi = e;
        } else if (e->kind == WR_WRITE_PRED && (!pd || (own && !wr_trace_out_write(insn, rec->warp, pd)))) {
            pd = e;
        }
    }
    if (!rd) {                   /* none at Rd (another side's wrong register): the first two */
        rd = gpr[0];
        rd_hi = gpr[1];
    }
    *rd_ = rd;
    *rd_hi_ = rd_hi;
    *pd_ = pd;
}

/* `out`.rd: the lanes written, 64-bit lane values when RD is a pair; rd_dc
 * the OR of the written lanes' don't-care bits */
static inline void rec_out_rd(wr_trace_rec *t, const wr_insn *insn, const wr_write *rd, const wr_write *rd_hi)
{
    const int pair = wr_form_wide(insn->form, WR_F_RD) && rd_hi;
    uint64_t dc = 0;
    t->out |= WR_TO_RD | (pair ? WR_TO_RD64 : 0);
    t->rd_lanes = rd->lanes;
    for (unsigned l = 0; l < WR_LANES; l++) {
        uint64_t v = 0;
        if (rd->lanes >> l & 1) {
            v = wr_write_value(rd, l);
            dc |= wr_write_dc(rd, l);
            if (pair) {
                v |= (uint64_t)wr_write_value(rd_hi, l) << 32;
                dc |= (uint64_t)wr_write_dc(rd_hi, l) << 32;
            }
        }
        t->rd[l] = v;
    }
    t->rd_dc = dc;
}

void wr_trace_rec_from_retire(wr_trace_rec *t, const wr_retire *rec, const wr_insn *insn,
                              const wr_operands *ops, unsigned reads, unsigned keys)
{
    rec_head(t, rec, insn);
    t->keys = keys & (WR_TK_INSN | WR_TK_IN | WR_TK_OUT | WR_TK_ASM);
    t->insn = rec->insn;
    if (keys & WR_TK_ASM)
        wr_disasm(insn, rec->pc, t->asm_text, sizeof t->asm_text);
    t->in_keys = 0;
    t->out = 0;
    t->bars = 0;
    if (keys & WR_TK_IN)
        rec_in(t, insn, ops, reads);
    const wr_write *rd, *rd_hi, *pd;
    rec_writes(t, rec, insn, &rd, &rd_hi, &pd);
    if (t->bars)
        t->keys |= WR_TK_BARS;
    if (!(keys & WR_TK_OUT))
        return;
    if (rd)
        rec_out_rd(t, insn, rd, rd_hi);
    if (pd) {
        t->out |= WR_TO_PD | (wr_write_undefined(pd) ? WR_TO_PD_DC : 0);
        t->pd_mask = pd->lanes;
        t->pd_val = pd->value[0] & pd->lanes;
    }
}

/* the predicate an instruction writes: Pd, else Pu, else PT (none) */
const char *wr_trace_rec_text(const wr_trace_rec *t, char *buf, size_t size)
{
    const int want_asm = (t->keys & WR_TK_ASM) != 0;
    if (want_asm ? !t->asm_derived : !t->op_derived) {
        snprintf(buf, size, "%s", want_asm ? t->asm_text : t->op);
        return buf;
    }
    wr_insn insn;
    if (wr_decode(&t->insn, &insn, NULL, 0) != 0)
        snprintf(buf, size, "?");
    else if (want_asm)
        wr_disasm(&insn, t->pc, buf, size);
    else
        snprintf(buf, size, "%s", wr_op_name(&insn));
    return buf;
}

static unsigned pred_dest(const wr_insn *insn)
{
    return wr_form_has(insn->form, WR_F_PD)   ? (unsigned)insn->f[WR_F_PD]
           : wr_form_has(insn->form, WR_F_PU) ? (unsigned)insn->f[WR_F_PU]
                                              : WR_PT;
}

int wr_trace_out_write(const wr_insn *insn, unsigned warp, const wr_write *e)
{
    if (e->warp != warp)
        return 0;
    if (e->kind == WR_WRITE_GPR) {
        if (!wr_form_has(insn->form, WR_F_RD) || insn->f[WR_F_RD] == WR_RZ)
            return 0;
        const unsigned rd = (unsigned)insn->f[WR_F_RD];
        return e->index == rd || (wr_form_wide(insn->form, WR_F_RD) && e->index == rd + 1);
    }
    if (e->kind == WR_WRITE_PRED) {
        const unsigned p = pred_dest(insn);
        return p != WR_PT && e->index == p;
    }
    return 0;
}

void wr_trace_rec_to_retire(const wr_trace_rec *restrict t, const wr_insn *insn, const wr_word *word,
                            wr_retire *restrict r)
{
    static const wr_word zero;
    r->warp = t->warp;
    r->pc = t->pc;
    r->insn = (t->keys & WR_TK_INSN) ? t->insn : word ? *word : zero;
    r->exception = WR_EXC_NONE;
    r->fetch_fault = WR_FETCH_NONE;
    r->has_state = 1;
    wr_warp *a = &r->after;
    a->active_pc = t->next_pc;
    a->valid = t->valid;
    a->active = t->active;
    a->yield = t->yield;
    a->sleep = t->sleep;
    a->swtch = t->swtch;
    a->bar_state = 0;                    /* (not traced) */
    a->bar_state_defined = a->run = a->blocked_bar = a->pad_ = 0;
    memcpy(a->breg, t->b, sizeof a->breg);
    r->nev = t->nev;
    for (unsigned i = 0; i < t->nev; i++) {  /* (few or none: no memcpy call) */
        r->ev[i] = t->ev[i];
        if (t->ev[i].kind == WR_EV_EXCEPTION)
            r->exception = t->ev[i].code;
    }
    r->book.t = t->t;
    r->book.wake = t->wake;
    r->reads = 0;
    if (t->keys & WR_TK_IN) {
        const unsigned k = t->in_keys;
        r->reads = (uint16_t)((k & WR_IN_OPERANDS) | WR_IN_PG);
        r->in.pg = t->in.pg;
        r->in.pp = t->in.pp;
        r->in.ur = t->in.ur;
        r->in.c = t->in.c;
        if (k & WR_IN_RA)
            memcpy(r->in.ra, t->in.ra, sizeof r->in.ra);
        if (k & WR_IN_RB)
            memcpy(r->in.rb, t->in.rb, sizeof r->in.rb);
        if (k & WR_IN_RC)
            memcpy(r->in.rc, t->in.rc, sizeof r->in.rc);
        if (k & WR_IN_RE)
            memcpy(r->in.re, t->in.re, sizeof r->in.re);
        r->in.ra_undef = r->in.rb_undef = r->in.rc_undef = r->in.re_undef = 0;
    }
    r->nwrites = 0;
    if ((t->out & WR_TO_RD) && insn && t->rd_lanes) {
        /* (an instruction without Rd, or whose Rd is RZ, writes none: an rd
         * there is a write to RZ, which the model never makes) */
        const unsigned reg = wr_form_has(insn->form, WR_F_RD) ? (unsigned)insn->f[WR_F_RD] : WR_RZ;
        wr_retire_add_gpr(r, t->warp, reg, (t->out & WR_TO_RD64) ? 2u : 1u, t->rd_lanes, t->rd, t->rd_dc, 0);
    }
    if ((t->out & WR_TO_PD) && insn && t->pd_mask)   /* (none, or PT: a write to PT, never shown) */
        wr_retire_add_pred(r, t->warp, pred_dest(insn), t->pd_mask, t->pd_val,
                           (t->out & WR_TO_PD_DC) ? t->pd_mask : 0);
    for (uint32_t m = t->bars; m; m &= m - 1) {
        const unsigned b = (unsigned)__builtin_ctz(m);
        wr_retire_add_value(r, WR_WRITE_BARRIER, WR_WRITE_CTA, b, t->bar[b]);
    }
}

void wr_trace_final_from_cta(wr_trace_final *f, const wr_cta *cta, const wr_regfile *rf, unsigned end,
                             uint64_t t, unsigned dump_regs)
{
    f->end = end;
    f->t = t;
    f->nwarps = cta->nwarps;
    memcpy(f->warp, cta->warp, cta->nwarps * sizeof *f->warp);
    f->bars = 0;
    for (unsigned b = 0; b < cta->nbars; b++) {
        f->bar[b] = cta->bar[b].word;
        f->bars |= (uint32_t)(f->bar[b] != 0) << b;
    }
    f->fault_warp = -1;
    f->fault_pc = 0;
    f->fault_what = WR_FETCH_NONE;
    f->profile[0] = '\0';                    /* TRACE-FORMAT "Profiles": named unless native */
    if (cta->profile != WR_PROFILE_NATIVE)
        snprintf(f->profile, sizeof f->profile, "%s", wr_profile_name(cta->profile));
    f->dump_regs = rf ? dump_regs : 0;
    f->r = rf ? rf->r : NULL;
    f->r_undef = rf ? rf->r_undef : NULL;
    f->r_have = rf ? rf->nregs : 0;
    for (unsigned w = 0; rf && w < cta->nwarps; w++) {
        memcpy(f->p[w], rf->p[w], sizeof f->p[w]);
        memcpy(f->p_undef[w], rf->p_undef[w], sizeof f->p_undef[w]);
    }
}

