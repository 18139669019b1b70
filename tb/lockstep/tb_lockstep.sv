// tb_lockstep.sv - the lockstep testbench: the RTL stub (rtl_stub/) runs a
// program and the C model (libwarpref, through dpi/warpref_pkg.sv) checks
// every instruction it retires, every fetch fault and every sleep deadline
// that fires; at the end the final state of every warp.  docs/lockstep.md
// describes every plusarg, the exit statuses and the result file.
//
// It is the integration kit (docs/integrate.md) on the stub: the stub wired
// to the kit's interface (kit/warpref_retire_if.sv) by the one wiring the
// template testbench uses too (kit/example/stub_wiring.svh), and the kit's
// checker (kit/warpref_checker.sv) making every DPI call, in its one order.
// The checker is built with WARPREF_CHECKER_HOST: the C++ main (tb_main.cpp)
// is its host.  It reads and checks the plusargs and makes the checker's
// handle before the simulation (tb/common/lockstep_session: shared with the
// SystemC testbench), hands them over (warpref_host_config) and, at the end,
// writes the dump, the result file and the summary (warpref_host_finish); it
// drives the clock (no --timing), writes the waves, runs many jobs in one
// process (+jobs=) and returns the exit status after $finish.
//
// What is the stub's own, and so here: its scheduler (+sched=rr) and the
// injected bug (+bug=NAME), checked by the C++ main (tb_design_config).
module tb_lockstep #(
  // (tb/meson.build sets them, and tells tb_main.cpp: the C++ side refuses a
  // program that does not fit before the simulation)
  parameter int unsigned NW = 32,             // warps: CTAs up to 1024 threads
  parameter int unsigned NR = 64,             // GPRs per lane the RTL keeps
  parameter int unsigned IMEM_DEPTH = 4096,   // instructions
  parameter int unsigned CMEM_N = 256,        // constant words
  // the core's barrier engine (warpref_isa_pkg::PROFILE_*): tb_lockstep runs native
  // programs, tb_lockstep_sass sass ones (the checker runs the program's profile)
  parameter int unsigned PROFILE = warpref_isa_pkg::PROFILE_NATIVE
) (
  /*verilator tracing_off*/  // one sample a cycle in the waves: no clock drawn
  input logic clk
  /*verilator tracing_on*/
);
  // the stub's controls from the C++ main (bug: the bit of bug_i, -1: none)
  import "DPI-C" function void tb_design_config(output int bug, output int rr);

  // the end-state read a warp at a time: the stub's registered whole-warp read port (DBG_REGS = NR,
  // one edge late), not one register an edge (docs/lockstep.md, "Performance")
  warpref_retire_if #(.K(1), .NW(NW), .NBAR(warpref_rtl_pkg::NBAR_MAX), .DBG_REGS(NR)) rif (.clk(clk));
  warpref_checker #(.NR(NR), .HAS_RE(1'b1), .DRAIN(8), .DBG_LATENCY(2)) u_chk (.rif(rif));   // the stub drives rt_re (visa)

  logic rr;
  logic [warpref_rtl_pkg::NBUGS-1:0] bugs;
  initial begin : stub_controls
    int bug, is_rr;
    tb_design_config(bug, is_rr);
    bugs = '0;
    if (bug >= 0) bugs[bug] = 1'b1;
    rr = is_rr != 0;
  end
`define WARPREF_STUB_DBG_REGS NR
  `include "stub_wiring.svh"

  // the waves' time is the checker's count of edges (one unit a cycle: docs/lockstep.md#waves)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [63:0] cyc;
  /* verilator lint_on UNUSEDSIGNAL */
  assign cyc = u_chk.cyc;
endmodule
