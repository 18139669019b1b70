// tb_main.cpp - the C++ main of the lockstep testbench (tb_lockstep.sv).
//
// Before the simulation it reads and checks the plusargs and makes the
// checker (tb/common/lockstep_session: one line and exit 2 for a bad one, a
// typo included; +list_bugs prints the catalogue and exits 0).  Then it
// drives the clock (the testbench has no delays: Verilator without
// --timing), opens the FST wave file of +waves=FILE when the testbench turns
// the wave window on, and returns the exit status the testbench's end set
// (tb_finish), after $finish, after the final blocks have run and the wave
// file is closed.  Nothing here exits during the simulation.
//
// DPI functions for the testbench: tb_config (the checker and the plusargs
// the run needs), tb_waves, tb_finish (the dump, the result file, the
// summary and the exit status: lockstep_finish).
#include <cstdio>
#include <memory>
#include <string>

#include "Vtb_lockstep.h"
#include "Vtb_lockstep__Dpi.h"
#include "lockstep_session.h"
#include "warpref/isa.h"            // wr_profile_name
#include "verilated.h"
#include "verilated_fst_c.h"

namespace {
int g_exit = 1;                      // set by tb_finish; 1 if it never runs
bool g_waves = false;                // the wave window is open
lockstep_session g_s;
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

void tb_config(void **h, unsigned long long *max_cycles, unsigned long long *watchdog,
               unsigned long long *waves_from, unsigned long long *check, int *bug, int *rr, int *waves)
{
    *h = g_s.h;
    *max_cycles = g_s.max_cycles;
    *watchdog = g_s.watchdog;
    *waves_from = g_s.waves_from;
    *check = g_s.check;
    *bug = g_s.bug_index;
    *rr = g_s.sched == "rr";
    *waves = !g_s.waves.empty();
}

void tb_waves(int on) { g_waves = on != 0; }

void tb_finish(int errored, int hung, int failed, const char *end_reason, unsigned long long t_end,
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
    g_exit = lockstep_finish(g_s, e);
}

int main(int argc, char **argv)
{
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
    const std::unique_ptr<Vtb_lockstep> top{new Vtb_lockstep{ctx.get(), "tb_lockstep"}};
    std::unique_ptr<VerilatedFstC> fst;
    if (!waves.empty()) {
        fst.reset(new VerilatedFstC);
        top->trace(fst.get(), 99);
        fst->open(waves.c_str());
    }
    top->clk = 0;
    top->eval();
    while (!ctx->gotFinish()) {
        top->clk = 1;                    // the edge: the core and the testbench
        top->eval();
        if (fst && g_waves)
            fst->dump(ctx->time());
        ctx->timeInc(5);
        if (ctx->gotFinish())
            break;
        top->clk = 0;
        top->eval();
        if (fst && g_waves)
            fst->dump(ctx->time());
        ctx->timeInc(5);
    }
    top->final();
    if (fst)
        fst->close();
    lockstep_close(g_s);
    fflush(stdout);
    return g_exit;
}
