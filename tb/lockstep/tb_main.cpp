// tb_main.cpp - the C++ main of the lockstep testbench (tb_lockstep.sv).
//
// It drives the clock (the testbench has no delays: Verilator without
// --timing), opens the FST wave file of +waves=FILE when the testbench turns
// the wave window on, and returns the exit status the testbench set, after
// $finish, after the final blocks have run and the wave file is closed.
// Nothing here exits during the simulation.  It rejects a plusarg the
// testbench does not know (a typo would otherwise be ignored) with exit 2,
// before the simulation starts.
//
// DPI functions for the testbench: tb_set_exit, tb_waves, tb_command_line
// (the command that reproduces the run, for the dump), tb_parse_u64 (the
// project's number syntax, wr_num_parse).
#include <errno.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "Vtb_lockstep.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "warpref/isa.h"

namespace {
int g_exit = 1;                      // set by the testbench; 1 if it never does
bool g_waves = false;                // the wave window is open
std::string g_cmdline;

// every plusarg of tb_lockstep.sv (docs/lockstep.md); flags have no '='
const char *const k_plusargs[] = {
    "program=", "threads=", "seed=", "bug=", "operands=", "ignore=", "mask=", "max_mismatches=",
    "max_cycles=", "watchdog=", "sched=", "waves=", "waves_from=", "dump=", "result=", "wake_early=",
    "wake_late=", "check=", "test=", "trace=", "list_bugs",
};

bool known_plusarg(const char *a)
{
    if (strncmp(a, "+verilator+", 11) == 0)
        return true;
    for (const char *k : k_plusargs) {
        size_t n = strlen(k);
        if (k[n - 1] == '=' ? strncmp(a + 1, k, n) == 0 : strcmp(a + 1, k) == 0)
            return true;
    }
    return false;
}

// a word for sh: as is when it is safe, else in single quotes
std::string shell_word(const std::string &s)
{
    if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                          "+-=_./:,@%") == std::string::npos)
        return s;
    std::string q = "'";
    for (char c : s) {
        if (c == '\'')
            q += "'\\''";
        else
            q += c;
    }
    return q + "'";
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

extern "C" void tb_set_exit(int code) { g_exit = code; }
extern "C" void tb_waves(int on) { g_waves = on != 0; }
extern "C" const char *tb_command_line(void) { return g_cmdline.c_str(); }

extern "C" int tb_parse_u64(const char *text, unsigned long long *v)
{
    uint64_t x;
    if (wr_num_parse(text ? text : "", 0, UINT64_MAX, &x, nullptr, 0) != WR_NUM_OK)
        return -1;
    *v = x;
    return 0;
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] != '+' || !known_plusarg(argv[i])) {
            fprintf(stderr, "tb_lockstep: unknown argument '%s' (the plusargs are in docs/lockstep.md)\n",
                    argv[i]);
            return 2;
        }
    }
    // the files it will write: their directories must be writable (one line and
    // exit 2 now, not a lost dump at the end of a long run)
    for (int i = 1; i < argc; i++) {
        for (const char *k : { "+dump=", "+result=", "+waves=", "+trace=" }) {
            size_t n = strlen(k);
            if (strncmp(argv[i], k, n) != 0)
                continue;
            std::string path = argv[i] + n, dir = ".";
            size_t slash = path.rfind('/');
            if (slash != std::string::npos)
                dir = slash == 0 ? "/" : path.substr(0, slash);
            if (!path.empty() && access(dir.c_str(), W_OK) != 0) {
                fprintf(stderr, "tb_lockstep: %s: cannot write in '%s': %s\n", argv[i], dir.c_str(), strerror(errno));
                return 2;
            }
        }
    }
    // the command that reproduces this run: the same arguments, from the same directory
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd))
        g_cmdline = "cd " + shell_word(cwd) + " && ";
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    g_cmdline += shell_word(n > 0 ? exe : argv[0]);
    for (int i = 1; i < argc; i++)
        g_cmdline += " " + shell_word(argv[i]);

    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    std::string waves = ctx->commandArgsPlusMatch("waves=");
    if (!waves.empty())
        waves = waves.substr(strlen("+waves="));
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
    fflush(stdout);
    return g_exit;
}
