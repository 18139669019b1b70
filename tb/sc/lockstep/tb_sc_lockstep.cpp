// tb_sc_lockstep.cpp - the lockstep testbench in SystemC (docs/systemc.md):
// the RTL stub built with `verilator --sc` (Vwarpref_core, an sc_module), a
// driver that resets it, loads the program, runs it and reads the end state
// through the debug port, and a monitor that samples the retire, fault and
// async ports at every rising clock edge and sends what it saw to the
// checker target (warpref_tlm_checker) over TLM-2.0.
//
// It is the SystemVerilog testbench (tb/lockstep/tb_lockstep.sv) clock for
// clock, in C++: the same phases, the same decisions at each edge, the same
// plusargs, checks, dumps, result file, summary and exit statuses (those come
// from tb/common/lockstep_session, which both testbenches share).  At the
// rising edge the driver reads the core's outputs as they were before the
// edge (signals change after the evaluation phase) and writes its inputs,
// which the core sees after the edge: the non-blocking assignments of the
// SystemVerilog testbench.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include TB_VCORE_H                 // the core of the build's profile (Vwarpref_core[_P].h)
#include "lockstep_session.h"
#include "svdpi.h"
#include "Vtb_lockstep__Dpi.h"      // the glue's calls (dpi/warpref_pkg.sv)
#include "verilated_fst_sc.h"
#include "warpref.h"
#include "warpref_bugs.h"
#include "warpref_dpi.h"
#include "warpref_tlm_checker.h"

namespace {

constexpr unsigned NW = TB_NW;       // the core's parameters (tb/sc/meson.build)

// The type Verilator gives a port of W bits with --sc.
template <unsigned W>
using port_t = std::conditional_t<W == 1, bool,
                   std::conditional_t<W <= 32, uint32_t, std::conditional_t<W <= 64, uint64_t, sc_dt::sc_bv<W>>>>;

// The core's ports: X(name, width).  One signal each, bound by name.
// (clk_i is the clock's)
#define CORE_INPUTS(X)                                                                          \
    X(rst_ni, 1) X(threads_i, 11) X(n_insns_i, 32) X(rr_i, 1) X(trap_mode_i, 1) X(bug_i, WR_RTL_NBUGS) \
    X(run_i, 1) X(imem_we_i, 1) X(imem_addr_i, 32) X(imem_wdata_i, 128) X(cmem_we_i, 1)         \
    X(cmem_addr_i, 19) X(cmem_wdata_i, 32) X(dbg_warp_i, 5) X(dbg_reg_i, 8)
#define CORE_OUTPUTS(X)                                                                         \
    X(rt_valid_o, 1) X(rt_warp_o, 5) X(rt_time_o, 64) X(rt_pc_o, 64) X(rt_insn_o, 128)          \
    X(rt_form_o, 7) X(rt_reads_o, 11) X(rt_pg_o, 32) X(rt_pp_o, 32) X(rt_ra_o, 32 * 64)         \
    X(rt_rb_o, 32 * 32) X(rt_rc_o, 32 * 32) X(rt_re_o, 32 * 32) X(rt_ra_undef_o, 32) X(rt_rb_undef_o, 32)           \
    X(rt_ur_o, 64) X(rt_c_o, 64) X(rt_apc_o, 64) X(rt_valid_mask_o, 32) X(rt_active_o, 32)      \
    X(rt_yield_o, 32) X(rt_sleep_o, 32) X(rt_switch_o, 32) X(rt_rpc_o, 32 * 64)                 \
    X(rt_breg_o, 16 * 32) X(rt_wbs_o, 32) X(rt_wbs_def_o, 1) X(rt_rd_we_o, 32) X(rt_rd_o, 8)    \
    X(rt_rd_pair_o, 1) X(rt_rd_val_o, 32 * 64) X(rt_rd_dc_o, 64) X(rt_rd_undef_o, 32)           \
    X(rt_pd_we_o, 32) X(rt_pd_o, 3) X(rt_pd_val_o, 32) X(rt_pd_dc_o, 1) X(rt_pd_undef_o, 32)    \
    X(rt_ur_we_o, 1) X(rt_urd_o, 6) X(rt_ur_val_o, 32) X(rt_bar_words_o, 32 * 32)               \
    X(rt_bar_changed_o, 32) X(rt_run_o, NW * 3) X(rt_wbs_we_o, NW) X(rt_ev_wake_o, 1)           \
    X(rt_ev_warn_o, 1) X(rt_ev_unread_o, 1) X(rt_ev_exc_o, 4) X(rt_ev_block_o, 1) X(rt_ev_arrive_o, 1)               \
    X(rt_ev_bar_o, 5) X(rt_ev_exit_o, 1) X(rt_ev_release_o, 32) X(rt_ev_woken_o, 32 * 32)       \
    X(rt_ev_sleep_o, 1) X(rt_ev_trap_o, 1) X(rt_trap_idx_o, 32) X(rt_ev_syscall_o, 1)           \
    X(rt_ev_rtt_o, 1) X(ft_valid_o, 1) X(ft_warp_o, 5) X(ft_pc_o, 64) X(ft_time_o, 64)          \
    X(ft_misaligned_o, 1) X(as_valid_o, 1) X(as_time_o, 64) X(as_fired_o, NW) X(as_woke_o, NW)  \
    X(st_now_o, 64) X(st_nwarps_o, 6) X(st_run_o, NW * 3) X(st_armed_o, NW) X(st_woke_o, NW)    \
    X(st_sleep_o, NW * 32) X(st_wbs_o, NW * 32) X(st_wbs_def_o, NW) X(st_bbar_o, NW * 5)        \
    X(st_bar_words_o, 32 * 32) X(st_bar_arrived_o, 32 * 32) X(st_bar_blocked_o, 32 * 32)        \
    X(st_trap_o, NW) X(st_unread_o, NW)                                                        \
    X(st_ptr_o, 5) X(st_sched_o, NW * 11) X(st_stuck_o, 1) X(dbg_apc_o, 64) X(dbg_valid_o, 32)  \
    X(dbg_active_o, 32) X(dbg_yield_o, 32) X(dbg_sleep_o, 32) X(dbg_switch_o, 32)               \
    X(dbg_breg_o, 16 * 32) X(dbg_run_o, 3) X(dbg_gpr_o, 32 * 32) X(dbg_gpr_undef_o, 32)         \
    X(dbg_pred_o, 7 * 32) X(dbg_pred_undef_o, 7 * 32)

struct core_signals {
#define WR_X_(name, w) sc_core::sc_signal<port_t<(w)>> name{#name};
    CORE_INPUTS(WR_X_)
    CORE_OUTPUTS(WR_X_)
#undef WR_X_
    void bind(TB_VCORE &c)
    {
#define WR_X_(name, w) c.name(name);
        CORE_INPUTS(WR_X_)
        CORE_OUTPUTS(WR_X_)
#undef WR_X_
    }
};

// 32-bit word i of a port's value, whatever its type
inline uint32_t word(const sc_dt::sc_bv_base &v, unsigned i) { return v.get_word(static_cast<int>(i)); }
inline uint32_t word(uint64_t v, unsigned i) { return i ? static_cast<uint32_t>(v >> 32) : static_cast<uint32_t>(v); }
inline uint32_t word(uint32_t v, unsigned i) { return i ? 0 : v; }
// bits [lsb, lsb + w) of a port's value, w <= 32
template <typename T>
uint32_t field(const T &v, unsigned lsb, unsigned w)
{
    const unsigned i = lsb / 32, s = lsb % 32;
    uint64_t x = word(v, i);
    if (s + w > 32)
        x |= static_cast<uint64_t>(word(v, i + 1)) << 32;
    return static_cast<uint32_t>(x >> s) & (w == 32 ? 0xffffffffu : (1u << w) - 1);
}
template <typename T>
void words(const T &v, uint32_t *out, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        out[i] = word(v, i);
}

// the five masks (valid, active, yield, sleep, switch) as the glue takes them
using mask_signal = sc_core::sc_signal<uint32_t>;
void masks(uint32_t *m, const mask_signal &valid, const mask_signal &active, const mask_signal &yield,
           const mask_signal &sleep, const mask_signal &swtch)
{
    m[0] = valid.read();
    m[1] = active.read();
    m[2] = yield.read();
    m[3] = sleep.read();
    m[4] = swtch.read();
}

// ---- the monitor: the ports to the checker, over TLM ------------------------------------

class retire_monitor : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<retire_monitor> socket;

    retire_monitor(sc_core::sc_module_name name, const core_signals &s) : sc_core::sc_module(name), socket("socket"), s_(s)
    {
        tx_.set_extension(&x_);
    }
    ~retire_monitor() override { tx_.clear_extension(&x_); }

    // The instruction on the retire port (the one that committed at the previous edge).
    int retire()
    {
        retire_sample &r = x_.rt;
        const uint32_t w = s_.rt_warp_o.read(), reads = s_.rt_reads_o.read();
        r.cycle = s_.rt_time_o.read();
        r.warp = w;
        r.pc = s_.rt_pc_o.read();
        words(s_.rt_insn_o.read(), r.insn, 4);
        r.exc = s_.rt_ev_exc_o.read();
        r.reads = reads;
        r.pg = s_.rt_pg_o.read();
        r.pp = s_.rt_pp_o.read();
        // only what the model reads: an operand the instruction read, the values
        // of a write, the words of barriers written, the woken warps of a release
        if (reads & WR_IN_RA)
            words(s_.rt_ra_o.read(), r.ra, 64);
        if (reads & WR_IN_RB)
            words(s_.rt_rb_o.read(), r.rb, 32);
        if (reads & WR_IN_RC)
            words(s_.rt_rc_o.read(), r.rc, 32);
        if (reads & WR_IN_RE)
            words(s_.rt_re_o.read(), r.re, 32);
        r.ur = s_.rt_ur_o.read();
        r.c = s_.rt_c_o.read();
        r.ra_undef = s_.rt_ra_undef_o.read();
        r.rb_undef = r.rc_undef = s_.rt_rb_undef_o.read();   // Rc shares Rb's bits
        r.active_pc = s_.rt_apc_o.read();
        r.valid = s_.rt_valid_mask_o.read();
        r.active = s_.rt_active_o.read();
        r.yield = s_.rt_yield_o.read();
        r.sleep = s_.rt_sleep_o.read();
        r.swtch = s_.rt_switch_o.read();
        words(s_.rt_rpc_o.read(), r.rpc, 64);
        words(s_.rt_breg_o.read(), r.breg, 16);
        r.wbs = s_.rt_wbs_o.read();            /* the record's, not the status port's */
        r.wbs_def = s_.rt_wbs_def_o.read();
        r.run = field(s_.rt_run_o.read(), 3 * w, 3);
        r.blocked_bar = field(s_.st_bbar_o.read(), 5 * w, 5);
        r.rd_lanes = s_.rt_rd_we_o.read();
        r.rd = s_.rt_rd_o.read();
        r.rd_pair = s_.rt_rd_pair_o.read();
        if (r.rd_lanes)
            words(s_.rt_rd_val_o.read(), r.rd_val, 64);
        r.rd_dc = s_.rt_rd_dc_o.read();
        r.rd_undef = s_.rt_rd_undef_o.read();
        r.pd_lanes = s_.rt_pd_we_o.read();
        r.pd = s_.rt_pd_o.read();
        r.pd_val = s_.rt_pd_val_o.read();
        r.pd_undef = s_.rt_pd_undef_o.read() | (s_.rt_pd_dc_o.read() ? r.pd_lanes : 0u);  /* (the whole write's mark) */
        r.ur_we = s_.rt_ur_we_o.read();
        r.urd = s_.rt_urd_o.read();
        r.ur_val = s_.rt_ur_val_o.read();
        r.bar_changed = s_.rt_bar_changed_o.read();
        if (r.bar_changed)
            words(s_.rt_bar_words_o.read(), r.bar_words, 32);
        words(s_.rt_run_o.read(), r.runs, (3 * NW + 31) / 32);
        r.wbs_we = s_.rt_wbs_we_o.read();
        if (r.wbs_we)
            words(s_.st_wbs_o.read(), r.wbs_all, NW);
        // the event bits by name (warpref/retire.h: WR_PORT_EVENTS)
        r.ev = 0;
        const struct {
            bool on;
            unsigned bit;
        } evs[] = {
            { s_.rt_ev_block_o.read(), WR_PORT_EV_BLOCK },     { s_.rt_ev_arrive_o.read(), WR_PORT_EV_ARRIVE },
            { s_.rt_ev_exit_o.read(), WR_PORT_EV_EXIT },       { s_.rt_ev_sleep_o.read(), WR_PORT_EV_SLEEP },
            { s_.rt_ev_trap_o.read(), WR_PORT_EV_TRAP },       { s_.rt_ev_syscall_o.read(), WR_PORT_EV_SYSCALL },
            { s_.rt_ev_rtt_o.read(), WR_PORT_EV_RTT },         { s_.rt_ev_warn_o.read(), WR_PORT_EV_WARNING },
            { s_.rt_ev_wake_o.read(), WR_PORT_EV_WAKE },
        };
        for (const auto &e : evs)
            if (e.on)
                r.ev |= e.bit;
        r.ev_bar = s_.rt_ev_bar_o.read();
        // a second warning's code in bits 15:8 (sass: RESULT_NOT_READ, then OPERAND_NOT_UNIFORM)
        r.warn = s_.rt_ev_unread_o.read() ? (s_.rt_ev_warn_o.read() ? 0x0102u : 2u) : s_.rt_ev_warn_o.read() ? 1u : 0u;
        if (r.warn)
            r.ev |= WR_PORT_EV_WARNING;
        r.released = s_.rt_ev_release_o.read();
        if (r.released)
            words(s_.rt_ev_woken_o.read(), r.woken, 32);
        r.trap_idx = s_.rt_trap_idx_o.read();
        return send(WR_CHECK_RETIRE);
    }

    int fetch_fault()
    {
        x_.cycle = s_.ft_time_o.read();
        x_.warp = s_.ft_warp_o.read();
        x_.pc = s_.ft_pc_o.read();
        x_.why = s_.ft_misaligned_o.read() ? WR_FETCH_MISALIGNED : WR_FETCH_NO_INSN;
        return send(WR_CHECK_FETCH_FAULT);
    }

    int wake(unsigned w)
    {
        x_.cycle = s_.as_time_o.read();
        x_.warp = w;
        x_.woke = static_cast<uint32_t>(s_.as_woke_o.read() >> w & 1u);
        return send(WR_CHECK_WAKE);
    }

    int fail(uint64_t cycle, const std::string &line)
    {
        x_.cycle = cycle;
        x_.line = line;
        return send(WR_CHECK_FAIL);
    }

    // Over one edge the RTL's time went from `from` to `to`, not by one (docs/lockstep.md, "Time").
    int clock(uint64_t from, uint64_t to)
    {
        x_.from = from;
        x_.cycle = to;
        return send(WR_CHECK_CLOCK);
    }

    final_warp_sample &final_warp() { return x_.fw; }
    int send_final_warp() { return send(WR_CHECK_FINAL_WARP); }

    int final_state(uint64_t cycle, const std::string &end)
    {
        x_.cycle = cycle;
        x_.end = end;
        x_.woke = static_cast<uint32_t>(s_.st_woke_o.read());
        words(s_.st_bar_words_o.read(), x_.bar_words, 32);
        return send(WR_CHECK_FINAL);
    }

private:
    int send(unsigned op)
    {
        x_.op = op;
        tx_.set_command(tlm::TLM_WRITE_COMMAND);
        tx_.set_address(0);
        tx_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        socket->b_transport(tx_, delay);
        return tx_.is_response_ok() ? x_.result : -1;
    }

    const core_signals &s_;
    tlm::tlm_generic_payload tx_;
    warpref_check_extension x_;
};

// ---- the driver: the run, phase by phase (tb_lockstep.sv) -------------------------------

class lockstep_driver : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk{"clk"};
    int exit_status = 1;

    SC_HAS_PROCESS(lockstep_driver);
    lockstep_driver(sc_core::sc_module_name name, lockstep_session &ls, core_signals &s, retire_monitor &mon)
        : sc_core::sc_module(name), ls_(ls), s_(s), mon_(mon)
    {
        SC_METHOD(edge);
        sensitive << clk.pos();
        dont_initialize();
        s_.rst_ni.write(false);
        // one-hot, in the port's type: the catalogue has more than 32 bugs (the
        // profiles' at its end), so a 32-bit shift would inject another one
        using bug_t = port_t<WR_RTL_NBUGS>;
        static_assert(WR_RTL_NBUGS <= 64, "bug_i wider than 64 bits: build the one-hot vector as an sc_bv");
        s_.bug_i.write(ls.bug_index >= 0 ? bug_t{1} << ls.bug_index : bug_t{0});
        s_.threads_i.write(static_cast<uint32_t>(ls.threads_run));
        s_.n_insns_i.write(static_cast<uint32_t>(ls.ninsns));
        s_.rr_i.write(ls.sched == "rr");
        s_.trap_mode_i.write(false);
    }

    std::unique_ptr<VerilatedFstSc> fst;     // +waves: traced from the start, open in the window

private:
    enum { S_RESET, S_LOAD, S_RUN, S_STOP, S_DRAIN, S_FINAL, S_END, S_DONE };
    static constexpr int DRAIN = 8;          // cycles run after a mismatch

    bool live() const { return !errored_ && !(failed_ && warpref_dpi_stopped(ls_.h) != 0); }

    void note(int r)
    {
        if (r < 0)
            errored_ = true;
        else if (r > 0)
            failed_ = true;
    }

    // stop issuing: the instruction issued in this cycle still commits at this
    // edge; S_STOP takes its record, then the final phase compares the end state
    void stop(const char *why)
    {
        end_ = why;
        s_.run_i.write(false);
        state_ = S_STOP;
    }

    bool all_finished() const
    {
        for (unsigned w = 0; w < s_.st_nwarps_o.read(); w++) {
            const uint32_t r = field(s_.st_run_o.read(), 3 * w, 3);
            if (r != WR_WARP_EXITED && r != WR_WARP_TRAPPED)
                return false;
        }
        return true;
    }

    // the ports of the previous rising edge: deadlines that fired, then the
    // fault or the instruction; nothing once the checker has stopped
    void ports()
    {
        const bool rt = s_.rt_valid_o.read(), ft = s_.ft_valid_o.read();
        if (ls_.check) {
            if (s_.as_valid_o.read())
                for (unsigned w = 0; w < NW; w++)
                    if ((s_.as_fired_o.read() >> w & 1u) && live())
                        note(mon_.wake(w));
            if (ft && live())
                note(mon_.fetch_fault());
            if (rt && live())
                note(mon_.retire());
        }
        if (rt || ft) {
            nretired_++;
            last_retire_ = cyc_;
        }
    }

    // warp k / nregs, register k % nregs is on the debug port
    void final_step()
    {
        const int nregs = ls_.nregs;
        int w = k_ / nregs, r = k_ % nregs;
        final_warp_sample &f = mon_.final_warp();
        if (w < ls_.nwarps) {
            words(s_.dbg_gpr_o.read(), &f.regs[r * 32], 32);
            f.regs_undef[r] = s_.dbg_gpr_undef_o.read();
        }
        if (w < ls_.nwarps && r == nregs - 1) {
            f.warp = static_cast<uint32_t>(w);
            f.run = s_.dbg_run_o.read();
            f.active_pc = s_.dbg_apc_o.read();
            masks(f.masks, s_.dbg_valid_o, s_.dbg_active_o, s_.dbg_yield_o, s_.dbg_sleep_o, s_.dbg_switch_o);
            words(s_.dbg_breg_o.read(), f.breg, 16);
            words(s_.dbg_pred_o.read(), f.preds, 7);
            words(s_.dbg_pred_undef_o.read(), f.preds_undef, 7);
            f.nregs = static_cast<uint32_t>(nregs);
            mon_.send_final_warp();
        }
        k_++;
        w = k_ / nregs;
        r = k_ % nregs;
        if (w >= ls_.nwarps) {
            note(mon_.final_state(t_end_, end_));
            state_ = S_END;
        } else {
            s_.dbg_warp_i.write(static_cast<uint32_t>(w));
            s_.dbg_reg_i.write(static_cast<uint32_t>(r));
        }
    }

    void load()
    {
        if (k_ < ls_.ninsns) {
            uint32_t wd[4];
            warpref_dpi_insn(ls_.h, k_, wd);
            sc_dt::sc_bv<128> v;
            for (int i = 0; i < 4; i++)
                v.set_word(i, wd[i]);
            s_.imem_we_i.write(true);
            s_.imem_addr_i.write(static_cast<uint32_t>(k_));
            s_.imem_wdata_i.write(v);
        } else if (k_ < ls_.ninsns + ls_.nconsts) {
            int bank, off;
            unsigned val;
            s_.imem_we_i.write(false);
            warpref_dpi_const(ls_.h, k_ - ls_.ninsns, &bank, &off, &val);
            s_.cmem_we_i.write(true);
            s_.cmem_addr_i.write(static_cast<uint32_t>(bank << 14 | off >> 2));
            s_.cmem_wdata_i.write(val);
        } else {
            s_.imem_we_i.write(false);
            s_.cmem_we_i.write(false);
            state_ = S_RUN;
            last_retire_ = cyc_;
            if (ls_.max_cycles == 0) {
                end_ = "limit";
                state_ = S_FINAL;
            } else {
                s_.run_i.write(true);
                t_prev_ = s_.st_now_o.read();
            }
        }
        k_++;
    }

    // the watchdog's failure (`line`): the run ends `hang` at the RTL's time `now`
    void hang(uint64_t now, const char *line)
    {
        note(mon_.fail(now, line));
        hung_ = true;
        end_ = "hang";
        s_.run_i.write(false);
        t_end_ = now;
        state_ = S_END;
    }

    void run_edge()
    {
        ports();
        const uint64_t now = s_.st_now_o.read();
        // the RTL's time over this edge (docs/lockstep.md, "Time"): one unit, else the model judges
        if (ls_.check) {
            t_still_ = now == t_prev_ ? t_still_ + 1 : 0;
            if (now != t_prev_ + 1 && (now != t_prev_ || ls_.time_claim == 1))
                note(mon_.clock(t_prev_, now));
            t_prev_ = now;
        }
        if (errored_) {
            end_ = "error";
            s_.run_i.write(false);
            t_end_ = now;
            state_ = S_END;
        } else if (ls_.check && !live()) {
            end_ = "mismatch";
            t_end_ = now;
            state_ = S_DRAIN;
            k_ = 0;
        } else if (s_.ft_valid_o.read() || (s_.rt_valid_o.read() && s_.rt_ev_exc_o.read() != 0)) {
            stop("exception");
        } else if (s_.st_stuck_o.read()) {
            stop(all_finished() ? "done" : "deadlock");
        } else if (now >= ls_.max_cycles) {
            stop("limit");
        } else if (t_still_ >= ls_.watchdog && ls_.check) {
            char line[160];
            snprintf(line, sizeof line, "hang: the RTL's time stood at %" PRIu64 " for %" PRIu64 " cycles [N-50]", now,
                     t_still_);
            hang(now, line);
        } else if (cyc_ - last_retire_ >= ls_.watchdog && ls_.check) {
            const unsigned ready = warpref_dpi_ready(ls_.h);
            if (ready) {
                char line[160];
                snprintf(line, sizeof line,
                         "hang: no retire for %" PRIu64 " cycles while the model has warps 0x%08x ready [N-50]",
                         cyc_ - last_retire_, ready);
                hang(now, line);
            } else {
                last_retire_ = cyc_;         // every warp waits (asleep): not a hang
            }
        }
    }

    void edge()
    {
        cyc_++;
        switch (state_) {
        case S_RESET:
            if (cyc_ == 2) {
                s_.rst_ni.write(true);
                state_ = S_LOAD;
                k_ = 0;
            }
            break;
        case S_LOAD:
            load();
            break;
        case S_RUN:
            run_edge();
            break;
        case S_STOP:                         // the last instruction, then the end state
            ports();
            t_end_ = s_.st_now_o.read();
            // the limit struck as the last instruction ended the run: the end is the RTL's own
            if (end_ == "limit" && s_.st_stuck_o.read())
                end_ = all_finished() ? "done" : "deadlock";
            if (ls_.check && !live())
                end_ = "mismatch";
            state_ = S_FINAL;
            k_ = 0;
            s_.dbg_warp_i.write(0);
            s_.dbg_reg_i.write(0);
            break;
        case S_DRAIN:
            if (++k_ >= DRAIN) {
                s_.run_i.write(false);
                state_ = S_END;
            }
            break;
        case S_FINAL:
            if (failed_ || errored_ || !ls_.check)
                state_ = S_END;
            else
                final_step();
            break;
        case S_END: {
            lockstep_end e;
            e.errored = errored_;
            e.hung = hung_;
            e.failed = failed_;
            e.end = end_;
            e.t_end = t_end_;
            e.nretired = nretired_;
            e.cycles = cyc_;
            exit_status = lockstep_finish(ls_, e);
            state_ = S_DONE;
            sc_core::sc_stop();
            break;
        }
        default:
            break;
        }
        // the wave window (+waves_from: the RTL's time)
        if (fst && !waves_on_ && s_.st_now_o.read() >= ls_.waves_from) {
            waves_on_ = true;
            fst->open(ls_.waves.c_str());
        }
    }

    lockstep_session &ls_;
    core_signals &s_;
    retire_monitor &mon_;
    int state_ = S_RESET;
    int k_ = 0;                              // phase counter
    uint64_t cyc_ = 0;                       // clock cycles since the start
    uint64_t last_retire_ = 0;               // cycle of the last retire (the watchdog)
    uint64_t t_prev_ = 0, t_still_ = 0;      // the RTL's time at the edge before; edges it stood
    uint64_t nretired_ = 0;                  // retires and faults seen on the ports
    uint64_t t_end_ = 0;                     // the RTL's time at the end
    std::string end_;
    bool failed_ = false, errored_ = false, hung_ = false, waves_on_ = false;
};

}  // namespace

// SystemC's main without its banner: standard output ends with the summary
int main(int argc, char **argv)
{
    setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 1);
    return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char **argv)
{
    static lockstep_session ls;
    // the core's parameters and barrier engine (tb/sc/meson.build: one build a profile)
    const lockstep_limits lim = { TB_NW, TB_NR, TB_IMEM_DEPTH, TB_CMEM_N, wr_profile_name(TB_PROFILE) };
    const int rc = lockstep_open(ls, argc, argv, "tb_sc_lockstep", lim);
    if (rc >= 0)
        return rc;
    warpref_dpi_set_simulator(ls.h, "systemc");
    // "Info: ... Simulation stopped by user" on sc_stop: not wanted on standard output
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
    if (!ls.waves.empty())
        Verilated::traceEverOn(true);
    Verilated::commandArgs(argc, argv);

    sc_core::sc_clock clk("clk", 10, sc_core::SC_NS, 0.5, 0, sc_core::SC_NS, true);
    auto sig = std::make_unique<core_signals>();
    auto core = std::make_unique<TB_VCORE>("dut");
    sig->bind(*core);
    core->clk_i(clk);
    auto checker = std::make_unique<warpref_tlm_checker>("checker", ls.h);
    auto mon = std::make_unique<retire_monitor>("monitor", *sig);
    mon->socket.bind(checker->socket);
    auto drv = std::make_unique<lockstep_driver>("driver", ls, *sig, *mon);
    drv->clk(clk);
    if (!ls.waves.empty()) {
        sc_core::sc_start(sc_core::SC_ZERO_TIME);   // elaborated: the model can be traced
        drv->fst.reset(new VerilatedFstSc);
        core->trace(drv->fst.get(), 99);
    }
    sc_core::sc_start();
    if (drv->fst)
        drv->fst->close();
    core->final();
    const int status = drv->exit_status;
    lockstep_close(ls);
    fflush(stdout);
    return status;
}
