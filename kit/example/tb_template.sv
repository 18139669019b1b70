// tb_template.sv - the kit's template testbench (docs/integrate.md): a design
// checked in lockstep through kit/warpref_retire_if.sv and
// kit/warpref_checker.sv alone.  The design here is the project's RTL stub
// (rtl_stub/warpref_core.sv), treated as foreign RTL: nothing in it is
// changed, nothing else of the project's testbenches is used: its wiring to
// the interface is kit/example/stub_wiring.svh (tb_lockstep includes it too).
// For your own design, replace the block between the two "your design" lines
// (and stub_wiring.svh by your own wiring: docs/integrate.md, "Your wiring").
//
// Build (Verilator 5, no Makefile: docs/integrate.md "Building"), run:
//   ./tb_template +program=tests/programs/bar_red.s [+sched=rr] [+bug=NAME]
// +sched and +bug are this design's own plusargs; +trace_sv=FILE the trace
// writer's (the trace written in SystemVerilog alone: docs/integrate.md,
// "Traces without DPI"); the rest are the checker's.
module tb_template #(
  // the optional parts this design reports (all of them: the stub does; tests/check_kit.py
  // builds it once more with them off, -GOPERANDS=0 -GRD_VALUES=0 -GCTA_WORDS=0)
  parameter bit OPERANDS = 1'b1, RD_VALUES = 1'b1, CTA_WORDS = 1'b1
);
  logic clk = 1'b0;
  initial forever #5 clk = ~clk;              // one cycle: 10 time units (Verilator: --timing)

  warpref_retire_if #(.K(1), .NW(32), .NBAR(16)) rif (.clk(clk));
  warpref_checker #(.NAME("tb_template"), .NR(64), .MAX_INSNS(4096), .MAX_CONSTS(256), .OPERANDS(OPERANDS),
                    .HAS_RE(OPERANDS), .RD_VALUES(RD_VALUES), .CTA_WORDS(CTA_WORDS),
                    .STRICT_UNDEF(1'b1)) u_chk (.rif(rif));   // the stub marks the model's undefined lanes
  // the trace with $fwrite alone (+trace_sv=FILE; idle without it)
  warpref_trace_writer #(.NAME("tb_template"), .OPERANDS(OPERANDS), .HAS_RE(OPERANDS), .RD_VALUES(RD_VALUES),
                         .CTA_WORDS(CTA_WORDS)) u_trace (.rif(rif));

  // ---- your design: from here ----
  // the stub's own controls: its scheduler (+sched=rr: N-50's) and an injected bug (docs/bugs.md)
  `include "warpref_bug_names.svh"            // string bug_names [NBUGS], generated from the stub's package
  logic rr = 1'b0;
  logic [warpref_rtl_pkg::NBUGS-1:0] bugs = '0;
  initial begin
    string s;
    if ($value$plusargs("sched=%s", s)) rr = s == "rr";
    if ($value$plusargs("bug=%s", s))
      for (int i = 0; i < int'(warpref_rtl_pkg::NBUGS); i++) if (bug_names[i] == s) bugs[i] = 1'b1;
  end
  // the stub on the interface: its ports connected, the few in another shape adapted (stub_wiring.svh)
  localparam int unsigned NR = 64, IMEM_DEPTH = 4096, CMEM_N = 256, PROFILE = warpref_isa_pkg::PROFILE_NATIVE;
  `include "stub_wiring.svh"
  // ---- your design: to here ----
endmodule
