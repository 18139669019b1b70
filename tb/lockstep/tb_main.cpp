// tb_main.cpp - the C++ main of the lockstep testbench (tb_lockstep.sv).
//
// Before the simulation it reads and checks the plusargs and makes the
// checker (tb/common/lockstep_session: one line and exit 2 for a bad one, a
// typo included; +list_bugs prints the catalogue and exits 0).  Then it
// drives the clock (the testbench has no delays: Verilator without
// --timing), writes the FST wave file of +waves=FILE while the testbench has
// the wave window on, and returns the exit status the testbench's end set
// (warpref_host_finish), after $finish, after the final blocks have run and the wave
// file is closed.  Nothing here exits during the simulation.
//
// The waves (docs/lockstep.md#waves): the design at tb_lockstep.dut, one
// sample a clock cycle taken after its rising edge, at the time of the
// testbench's cycle count (one unit of the file, 1 ns, is one cycle); a
// failing run adds a GTKWave save file beside them (FILE.gtkw) that opens at
// the failing cycle with the retire port and the masks grouped.
//
// It is the host of the kit's checker (kit/warpref_checker.sv built with
// WARPREF_CHECKER_HOST, docs/integrate.md "A host of your own"), whose DPI
// functions it defines: warpref_host_config (the handle and the plusargs the
// run needs), warpref_host_waves, warpref_host_failed_at (the cycle of the
// first failure), warpref_host_finish (the dump, the result file, the summary
// and the exit status: lockstep_finish); and tb_design_config for the stub's
// own controls (+bug, +sched).
//
// With +jobs=FILE it runs many programs one after another in this process
// (tb/common/lockstep_jobs: each line of FILE the plusargs of one run): each
// job is run_one on its own command line, with a fresh simulation context,
// design and checker.
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "Vtb_lockstep.h"
#include "Vtb_lockstep__Dpi.h"
#include "lockstep_jobs.h"
#include "lockstep_session.h"
#include "warpref/isa.h"            // wr_profile_name
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {
int g_exit = 1;                      // set by warpref_host_finish; 1 if it never runs
bool g_waves = false;                // the wave window is open
bool g_failed = false;               // warpref_host_failed_at was called
unsigned long long g_fail_cycle = 0; // its cycle: the wave time of the failing ports
bool g_dumped = false;               // the wave file has a sample
unsigned long long g_first = 0;      // its first cycle
lockstep_session g_s;

// The GTKWave save file of a failing run's waves: FILE.gtkw beside FILE.fst,
// opening at the failing cycle (the primary marker there, the view from a few
// cycles before) with the retire port, the masks after the instruction and
// the times grouped.  Names are the file's, with their ranges (the test reads
// the waves and checks each).  A file that cannot be written is said on
// standard output (the run's status stays the failure's).
struct gtkw_signal {
    const char *name;                  // under tb_lockstep.
    int flags;                         // GTKWave's: 0x22 hex, 0x24 decimal, 0x28 binary
};
struct gtkw_group {
    const char *title;
    gtkw_signal sig[8];
};
const gtkw_group k_gtkw_groups[] = {
    { "retire port (at the marker: the failing record)",
      { { "dut.rt_valid_o", 0x28 }, { "dut.rt_time_o[63:0]", 0x24 }, { "dut.rt_warp_o[4:0]", 0x24 },
        { "dut.rt_pc_o[63:0]", 0x22 }, { "dut.rt_insn_o[127:0]", 0x22 }, { "dut.rt_ev_exc_o[3:0]", 0x24 } } },
    { "masks after the instruction",
      { { "dut.rt_apc_o[63:0]", 0x22 }, { "dut.rt_active_o[31:0]", 0x22 }, { "dut.rt_valid_mask_o[31:0]", 0x22 },
        { "dut.rt_yield_o[31:0]", 0x22 }, { "dut.rt_sleep_o[31:0]", 0x22 }, { "dut.rt_switch_o[31:0]", 0x22 } } },
    { "time (the RTL's, the testbench's cycle = the wave time)",
      { { "dut.st_now_o[63:0]", 0x24 }, { "cyc[63:0]", 0x24 } } },
};

void write_gtkw(const std::string &fst, unsigned long long marker, unsigned long long first)
{
    const size_t dot = fst.rfind('.'), slash = fst.rfind('/');
    const std::string base = dot != std::string::npos && (slash == std::string::npos || dot > slash) ? fst.substr(0, dot)
                                                                                                       : fst;
    const std::string path = base + ".gtkw";
    char abs[PATH_MAX];
    const std::string fst_abs = realpath(fst.c_str(), abs) ? std::string(abs) : fst;
    FILE *f = fopen(path.c_str(), "w");
    if (!f) {
        printf("tb_lockstep: cannot write '%s': the waves' GTKWave save file\n", path.c_str());
        return;
    }
    fprintf(f, "[*] tb_lockstep: the waves of a failing run (docs/lockstep.md#waves); one time unit (1 ns) is one\n");
    fprintf(f, "[*] clock cycle; the marker at %llu: the cycle whose retire port holds the failing record\n", marker);
    fprintf(f, "[dumpfile] \"%s\"\n", fst_abs.c_str());
    fprintf(f, "[timestart] %llu\n", marker >= first + 12 ? marker - 12 : first);
    fprintf(f, "[size] 1400 800\n[pos] -1 -1\n");
    fprintf(f, "*4.000000 %llu", marker);          // zoom 2^4 px a cycle, the primary marker
    for (int i = 0; i < 26; i++)
        fprintf(f, " -1");                         // no named markers
    fprintf(f, "\n[treeopen] tb_lockstep.\n[treeopen] tb_lockstep.dut.\n[sst_width] 240\n[signals_width] 260\n");
    fprintf(f, "[sst_expanded] 1\n[sst_vpaned_height] 200\n");
    for (const gtkw_group &g : k_gtkw_groups) {
        fprintf(f, "@800200\n-%s\n", g.title);
        for (const gtkw_signal &s : g.sig)
            if (s.name)
                fprintf(f, "@%x\ntb_lockstep.%s\n", s.flags, s.name);
        fprintf(f, "@1000200\n-%s\n", g.title);
    }
    if (fclose(f) != 0)
        printf("tb_lockstep: cannot write '%s': the waves' GTKWave save file\n", path.c_str());
}
}  // namespace

// $finish without the "- file:line: Verilog $finish" line on standard output
// (-DVL_USER_FINISH): the output ends with the summary and `N passed, N failed`.
void vl_finish(const char *filename, int linenum, const char *hier)
{
    (void)filename;
    (void)linenum;
    (void)hier;
    Verilated::threadContextp()->gotFinish(true);
}

void warpref_host_config(void **h, unsigned long long *max_cycles, unsigned long long *watchdog, int *check,
                         int *waves, unsigned long long *waves_from)
{
    *h = g_s.h;
    *max_cycles = g_s.max_cycles;
    *watchdog = g_s.watchdog;
    *check = g_s.check != 0;
    *waves = !g_s.waves.empty();
    *waves_from = g_s.waves_from;
}

void tb_design_config(int *bug, int *rr)
{
    *bug = g_s.bug_index;
    *rr = g_s.sched == "rr";
}

void warpref_host_waves(int on) { g_waves = on != 0; }

void warpref_host_failed_at(unsigned long long cycle)
{
    if (!g_failed)
        g_fail_cycle = cycle;
    g_failed = true;
}

void warpref_host_finish(int errored, int hung, int failed, const char *end_reason, unsigned long long t_end,
                         unsigned long long nretired, unsigned long long cycles)
{
    lockstep_end e;
    e.errored = errored != 0;
    e.hung = hung != 0;
    e.failed = failed != 0;
    e.end = end_reason ? end_reason : "";
    e.t_end = t_end;
    e.nretired = nretired;
    e.cycles = cycles;
    // a failure in the waves: the save file that opens them there (before the summary)
    if (g_dumped && g_failed && g_fail_cycle >= g_first)
        write_gtkw(g_s.waves, g_fail_cycle, g_first);
    g_exit = lockstep_finish(g_s, e);
}

// One run: the plusargs of argv (the command line, or one job of +jobs=);
// everything it uses is made anew (the context, the design, the checker).
static int run_one(int argc, char **argv)
{
    g_exit = 1;
    g_waves = false;
    g_failed = false;                    // nothing of the job before: its failure, its waves
    g_fail_cycle = 0;
    g_dumped = false;
    g_first = 0;
    g_s = lockstep_session{};
    // the RTL's parameters (tb/meson.build gives them to Verilator and here)
    const lockstep_limits lim = { TB_NW, TB_NR, TB_IMEM_DEPTH, TB_CMEM_N, wr_profile_name(TB_PROFILE) };
    const int rc = lockstep_open(g_s, argc, argv, "tb_lockstep", lim);
    if (rc >= 0)
        return rc;

    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    const std::string &waves = g_s.waves;
    if (!waves.empty())
        ctx->traceEverOn(true);
    // no name of its own: the waves' hierarchy is tb_lockstep.dut (docs/lockstep.md)
    const std::unique_ptr<Vtb_lockstep> top{new Vtb_lockstep{ctx.get(), ""}};
    std::unique_ptr<VerilatedFstC> fst;
    if (!waves.empty()) {
        fst.reset(new VerilatedFstC);
        top->trace(fst.get(), 99);
        fst->set_time_unit("1ns");       // one unit of the file is one clock cycle
        fst->set_time_resolution("1ns");
        fst->open(waves.c_str());
    }
    // The time is the testbench's cycle count (tb_lockstep.cyc): cycle c's
    // rising edge at time c, sampled after it (the falling edge is not:
    // nothing in the design changes there)
    top->clk = 0;
    top->eval();
    while (!ctx->gotFinish()) {
        ctx->timeInc(1);
        top->clk = 1;                    // the edge: the core and the testbench
        top->eval();
        if (fst && g_waves) {
            if (!g_dumped)
                g_first = ctx->time();
            g_dumped = true;
            fst->dump(ctx->time());
        }
        if (ctx->gotFinish())
            break;
        top->clk = 0;
        top->eval();
    }
    top->final();
#if VM_COVERAGE
    // the design's line and toggle coverage of this job (--rtl-coverage, docs/qualify.md)
    if (!g_s.rtl_coverage.empty())
        ctx->coveragep()->write(g_s.rtl_coverage.c_str());
#endif
    if (fst)
        fst->close();
    lockstep_close(g_s);
    fflush(stdout);
    return g_exit;
}

int main(int argc, char **argv)
{
    if (lockstep_jobs_given(argc, argv))
        return lockstep_jobs(argc, argv, "tb_lockstep", run_one);
    return run_one(argc, argv);
}
