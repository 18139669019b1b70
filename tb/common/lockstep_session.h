// lockstep_session.h - what the two lockstep testbenches share: the
// SystemVerilog one (tb/lockstep/: tb_main.cpp and tb_lockstep.sv) and the
// SystemC one (tb/sc/lockstep/).  One parser of the plusargs with their
// checks and messages (docs/lockstep.md), the checker (the DPI glue's handle,
// dpi/warpref_dpi.c, on the library's lockstep checker), and the end of a run:
// its status, the dump, the result file, the summary line, `N passed, N
// failed` and the exit status.  The testbenches keep only what is theirs:
// driving the RTL stub clock by clock and sampling its ports.
#ifndef WARPREF_TB_LOCKSTEP_SESSION_H
#define WARPREF_TB_LOCKSTEP_SESSION_H

#include <cstdint>
#include <string>

// What the RTL under the testbench holds (its parameters): a program that
// does not fit is refused.
struct lockstep_limits {
    unsigned nw;                     // warps
    unsigned nr;                     // GPRs per lane
    unsigned imem_depth;             // instructions
    unsigned cmem_n;                 // constant words
    const char *profile;             // its barrier engine ("sass"; null: native): the bug catalogue's part
};

struct lockstep_session {
    // ---- the plusargs (docs/lockstep.md), defaults as there ----
    std::string program, words, sched = "own", operands = "self", bug, ignore, mask, waves, seed, result,
                dump = "lockstep-dump", test, trace, rtl_coverage, time;   // time "": by +sched
    int time_claim = 0;                       // warpref_dpi_time's: 0 order, 1 cycles, 2 n50
    uint64_t threads = 0, max_cycles = 1000000, watchdog = 10000, max_mismatches = 1, waves_from = 0, check = 1;
    int64_t wake_early = 0, wake_late = 0;    // wake_late -1: any
    int bug_index = -1;                       // the bit of bug_i, -1: none
    // ---- derived ----
    std::string tool;                         // "tb_lockstep": the prefix of every line
    std::string command_line;                 // the command that reproduces the run (for the dump)
    void *h = nullptr;                        // the checker: warpref_dpi_new
    int ninsns = 0, nconsts = 0, nregs = 0, nwarps = 0, threads_run = 0;
};

// Reads argv, checks every plusarg and makes the checker with the program
// loaded.  Returns -1 when the run goes on; otherwise the exit status now,
// after printing: 0 for +help (every plusarg, one a line) or +list_bugs (the
// catalogue, one name a line), 2 for a bad plusarg or a program that cannot
// run (one line, "TOOL: ...").
int lockstep_open(lockstep_session &s, int argc, char **argv, const char *tool, const lockstep_limits &lim);

// The end of a run as the testbench saw it.
struct lockstep_end {
    bool errored = false;                     // the checker returned an error
    bool hung = false;                        // the watchdog fired
    bool failed = false;                      // a check failed
    std::string end;                          // done, exception, deadlock, limit, mismatch, hang, error
    uint64_t t_end = 0;                       // the RTL's time at the end
    uint64_t nretired = 0;                    // records seen on the ports
    uint64_t cycles = 0;                      // clock cycles simulated
};

// Writes the dump (on a failure) and the result file, prints the summary and
// `N passed, N failed`; returns the exit status (0 pass, 1 otherwise).
int lockstep_finish(lockstep_session &s, const lockstep_end &e);

void lockstep_close(lockstep_session &s);

#endif
