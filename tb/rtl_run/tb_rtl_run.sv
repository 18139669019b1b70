// tb_rtl_run.sv - standalone testbench of the RTL stub (rtl_stub/): runs one
// program on one CTA and writes the canonical JSONL trace (TRACE-FORMAT.md)
// from the core's retire port, then the final record.
//
//   +program=PROG.s|WORDS.hex  program (.s: assembled, with .const/.threads;
//                              otherwise `warpref asm` output)
//   +threads=N                 CTA size (default: .threads, else 32)
//   +sched=rr|own              rr: SPEC-NOTES N-50 (one instruction per turn,
//                              round robin, time = turns); own (default): the
//                              stub's greedy-then-oldest scheduler, latencies
//   +bug=NAME                  enable one injectable bug (docs/bugs.md)
//   +trap_mode                 sass: every warp in trap mode for the run (S-13,
//                              `warpref run --trap-mode`)
//   +max_steps=N               end `limit` after N instructions (1,000,000)
//   +max_cycles=N              end `limit` at time N
//   +dump_regs=N               R0..R(N-1), predicates, undefined marks
//   +trace=FILE                trace file (default: standard output)
//   +trace_operands            add insn, in, out and asm to every record (as
//                              `warpref run --trace-operands`)
//
// End reasons as the model's: done, deadlock, livelock (the CTA state at the
// start of a turn with no sleep deadline pending equals an earlier one,
// N-55; found by hashing the state seen through the retire and status
// ports), exception, limit.  Exit status 0, 3, 3, 4, 5 (2 bad input).
//
// PROFILE: the core's barrier engine (one build per profile: tb_rtl_run runs
// native programs, tb_rtl_run_sass sass ones); a program of another profile
// is refused.
module tb_rtl_run #(
  parameter int unsigned PROFILE = warpref_isa_pkg::PROFILE_NATIVE
);
  localparam int unsigned NW = 32;
  localparam int unsigned NR = 64;
  localparam int unsigned IMEM_DEPTH = 4096;
  localparam int unsigned CMEM_N = 256;
  localparam int unsigned NB = warpref_rtl_pkg::NBUGS;

  import "DPI-C" function int tb_load(input string path, output int ninsns, output int threads, output int profile);
  import "DPI-C" function string tb_profile_name(input int profile);
  import "DPI-C" function void tb_word(input int i, output bit [127:0] w);
  import "DPI-C" function int tb_nconsts();
  import "DPI-C" function void tb_const(input int i, output int addr, output int value);
  import "DPI-C" function string tb_op_name(input int form, input bit [127:0] w);
  import "DPI-C" function string tb_disasm(input bit [127:0] w, input longint unsigned pc);
  import "DPI-C" function void tb_exit(input int code);

  logic clk = 1'b0;
  logic rst_n = 1'b0;
  /* verilator lint_off BLKSEQ */
  always #5 clk = ~clk;
  /* verilator lint_on BLKSEQ */

  // the core and its ports (one wiring for every testbench)
  `include "warpref_core_wiring.svh"

  bit trace_ops;                                // +trace_operands

  // ---- names ----
  // bug_names [NB], and bug_profile [NB] (the profile whose build takes each: this build's
  // catalogue is its PROFILE's, docs/bugs.md): generated from warpref_rtl_pkg's BUG_* and the
  // ISA package's PROFILE_* (tb/common/bug_names.py)
  `include "warpref_bug_names.svh"
  // run_name(), exception_name(): the trace's names, generated from the model's enums (the DPI
  // package's constants without the package: this testbench makes no DPI call of the checker)
  `include "warpref_pkg_consts.svh"
  localparam int unsigned NBM = warpref_rtl_pkg::NBAR_MAX;

  int fd;


  function automatic string hex8(input logic [31:0] v);
    hex8 = $sformatf("\"0x%08x\"", v);
  endfunction
  function automatic string hexn(input logic [63:0] v);
    hexn = $sformatf("\"0x%0x\"", v);
  endfunction

  function automatic string bregs(input logic [16*32-1:0] b);
    string s;
    bit first;
    s = "{";
    first = 1;
    for (int i = 0; i < 16; i++) begin
      if (b[i*32 +: 32] != 0) begin
        s = {s, first ? "" : ",", $sformatf("\"B%0d\":", i), hex8(b[i*32 +: 32])};
        first = 0;
      end
    end
    bregs = {s, "}"};
  endfunction

  function automatic string bars(input logic [NBM*32-1:0] words, input logic [NBM-1:0] which);
    string s;
    bit first;
    s = "\"bars\":{";
    first = 1;
    for (int b = 0; b < int'(NBM); b++) begin
      if (which[b]) begin
        s = {s, first ? "" : ",", $sformatf("\"%0d\":", b), hex8(words[b*32 +: 32])};
        first = 0;
      end
    end
    bars = {s, "}"};
  endfunction

  function automatic string release_ev(input int b, input logic [31:0] woken);
    string s;
    bit first;
    s = $sformatf("\"release:%0d", b);
    first = 1;
    for (int w = 0; w < 32; w++) begin
      if (woken[w]) begin
        s = {s, first ? ":" : ",", $sformatf("%0d", w)};
        first = 0;
      end
    end
    release_ev = {s, "\""};
  endfunction

  // ---- N-55: the state hash (see the header) ----
  function automatic longint unsigned mix(input longint unsigned x0);
    longint unsigned x;
    x = x0;
    x = x ^ (x >> 33); x = x * 64'hff51afd7ed558ccd;
    x = x ^ (x >> 33); x = x * 64'hc4ceb9fe1a85ec53;
    x = x ^ (x >> 33);
    mix = x;
  endfunction
  function automatic longint unsigned hc(input longint unsigned h, input longint unsigned v);
    hc = mix(h ^ (v + 64'h9e3779b97f4a7c15 + (h << 6) + (h >> 2)));
  endfunction

  longint unsigned h_warp [NW];                 // ActivePC, masks but sleep, RPC, B registers
  longint unsigned h_reg [NW][NR];              // GPR lanes and undefined marks
  longint unsigned h_pred [NW][8];
  longint unsigned h_ur [NW][64];
  longint unsigned h_regs;                      // XOR of the above
  logic [31:0]     s_gpr [NW][NR][32];
  logic [31:0]     s_gund [NW][NR];
  logic [31:0]     s_pred [NW][8], s_pund [NW][8];
  bit              seen [longint unsigned];

  function automatic longint unsigned warp_hash(input int w, input logic [63:0] apc,
      input logic [31:0] valid, input logic [31:0] active, input logic [31:0] yld,
      input logic [31:0] sw, input logic [32*64-1:0] rpc, input logic [16*32-1:0] breg);
    longint unsigned h;
    h = hc(64'd1 + longint'(w), apc);
    h = hc(h, {valid, active});
    h = hc(h, {yld, sw});
    for (int l = 0; l < 32; l++) h = hc(h, rpc[l*64 +: 64]);
    for (int b = 0; b < 16; b++) h = hc(h, {32'd0, breg[b*32 +: 32]});
    warp_hash = h;
  endfunction

  function automatic longint unsigned turn_hash();
    longint unsigned h;
    h = h_regs ^ hc(64'd7, {59'd0, st_ptr});
    for (int w = 0; w < int'(st_nwarps); w++) begin
      h = h ^ h_warp[w];
      h = hc(h, {20'd0, st_trap[w], st_unread[w], st_run[w*3 +: 3], st_bbar[w*5 +: 5], st_woke[w], st_wbs_def[w],
                 st_wbs[w*32 +: 32]});
      h = hc(h, {21'd0, rr ? 11'd0 : st_sched[w*11 +: 11], st_sleep[w*32 +: 32]});
    end
    for (int b = 0; b < int'(NBM); b++) begin
      h = hc(h, {st_bar_words[b*32 +: 32], st_bar_arrived[b*32 +: 32]});
      h = hc(h, {32'd0, st_bar_blocked[b*32 +: 32]});
    end
    turn_hash = h;
  endfunction

  function automatic void reg_write(input int w, input int r, input logic [31:0] lanes,
                                    input logic [32*64-1:0] val, input int half,
                                    input logic [31:0] undef);
    longint unsigned h;
    if (r >= int'(NR)) return;
    for (int l = 0; l < 32; l++) if (lanes[l]) s_gpr[w][r][l] = val[l*64 + half*32 +: 32];
    s_gund[w][r] = (s_gund[w][r] & ~lanes) | (undef & lanes);
    h = 0;
    for (int l = 0; l < 32; l++) if (s_gpr[w][r][l] != 0) h = h ^ hc(longint'(l) + 64'd100, {32'd0, s_gpr[w][r][l]});
    if (s_gund[w][r] != 0) h = h ^ hc(64'd99, {32'd0, s_gund[w][r]});
    if (h != 0) h = hc(h, {32'(w), 32'(r)});
    h_regs = h_regs ^ h_reg[w][r] ^ h;
    h_reg[w][r] = h;
  endfunction

  // ---- the run ----
  string prog, trace_path, sched, bugname, endr;
  int ninsns, pthreads, pprofile, nthreads, dump_regs, nc, caddr, cval, exit_code;
  longint unsigned max_steps, max_cycles, steps, tend;
  bit [127:0] word;
  bit have_fault;
  logic [4:0] f_warp; logic [63:0] f_pc; bit f_mis;

  // ports this testbench does not read (the lockstep testbench does), and the
  // constant address bits past the core's 19
  logic unused;
  assign unused = ^{rt_ra_undef, rt_rb_undef, rt_wbs_we, rt_wbs, rt_wbs_def, rt_run, as_valid, as_time, as_fired,
                    as_woke, caddr[31:19]};

  function automatic string lanes(input string key, input logic [32*64-1:0] v, input int w, input bit wide);
    string s;
    s = {",\"", key, "\":["};
    for (int l = 0; l < 32; l++) begin
      if (l != 0) s = {s, ","};
      if (wide) s = {s, $sformatf("\"0x%016x\"", v[l*w +: 64])};
      else s = {s, hex8(v[l*w +: 32])};
    end
    lanes = {s, "]"};
  endfunction

  // insn, in, out (TRACE-FORMAT; the model's --trace-operands)
  function automatic string operands();
    string s;
    s = {",\"insn\":", $sformatf("\"0x%032x\"", rt_insn), ",\"in\":{\"pg\":", hex8(rt_pg)};
    if (rt_reads[warpref_rtl_pkg::IN_PP]) s = {s, ",\"pp\":", hex8(rt_pp)};
    if (rt_reads[warpref_rtl_pkg::IN_RA]) s = {s, lanes("ra", rt_ra, 64, rt_reads[warpref_rtl_pkg::IN_RA64])};
    if (rt_reads[warpref_rtl_pkg::IN_RB]) s = {s, lanes("rb", {1024'd0, rt_rb}, 32, 1'b0)};
    if (rt_reads[warpref_rtl_pkg::IN_RC]) s = {s, lanes("rc", {1024'd0, rt_rc}, 32, 1'b0)};
    if (rt_reads[warpref_rtl_pkg::IN_RE]) s = {s, lanes("re", {1024'd0, rt_re}, 32, 1'b0)};
    if (rt_reads[warpref_rtl_pkg::IN_UR])
      s = {s, ",\"ur\":", rt_reads[warpref_rtl_pkg::IN_UR64] ? $sformatf("\"0x%016x\"", rt_ur) : hex8(rt_ur[31:0])};
    if (rt_reads[warpref_rtl_pkg::IN_C])
      s = {s, ",\"c\":", rt_reads[warpref_rtl_pkg::IN_C64] ? $sformatf("\"0x%016x\"", rt_c) : hex8(rt_c[31:0])};
    s = {s, "},\"out\":{"};
    if (rt_rd_we != 0) begin
      s = {s, "\"rd\":["};
      for (int l = 0; l < 32; l++) begin
        if (l != 0) s = {s, ","};
        if (!rt_rd_we[l]) s = {s, "null"};
        else if (rt_rd_pair) s = {s, $sformatf("\"0x%016x\"", rt_rd_val[l*64 +: 64])};
        else s = {s, hex8(rt_rd_val[l*64 +: 32])};
      end
      s = {s, "],\"rd_dc\":"};
      // a lane undefined by an undefined source makes every bit don't-care
      if ((rt_rd_undef & rt_rd_we) != 0) s = {s, rt_rd_pair ? "\"0xffffffffffffffff\"" : "\"0xffffffff\""};
      else if (rt_rd_pair) s = {s, $sformatf("\"0x%016x\"", rt_rd_dc)};
      else s = {s, hex8(rt_rd_dc[31:0])};
      if (rt_pd_we != 0 && rt_pd != 3'd7) s = {s, ","};
    end
    if (rt_pd_we != 0 && rt_pd != 3'd7) begin
      s = {s, "\"pd\":{\"mask\":", hex8(rt_pd_we), ",\"val\":", hex8(rt_pd_val & rt_pd_we), "},\"pd_dc\":"};
      if (rt_pd_dc || (rt_pd_undef & rt_pd_we) != 0) s = {s, "true"};
      else s = {s, "false"};
    end
    operands = {s, "}"};
  endfunction

  task automatic write_record();
    string s, ev;
    bit first;
    first = 1;
    ev = "[";
    if (rt_ev_wake) begin ev = {ev, "\"wake\""}; first = 0; end
    if (rt_ev_unread) begin ev = {ev, first ? "" : ",", "\"warning:RESULT_NOT_READ\""}; first = 0; end
    if (rt_ev_warn) begin ev = {ev, first ? "" : ",", "\"warning:OPERAND_NOT_UNIFORM\""}; first = 0; end
    if (rt_ev_exc != 0) begin
      ev = {ev, first ? "" : ",", "\"exception:", exception_name(32'(rt_ev_exc)), "\""}; first = 0;
    end else begin
      if (rt_ev_block) begin ev = {ev, first ? "" : ",", $sformatf("\"block:%0d\"", rt_ev_bar)}; first = 0; end
      if (rt_ev_arrive) begin ev = {ev, first ? "" : ",", $sformatf("\"arrive:%0d\"", rt_ev_bar)}; first = 0; end
      if (rt_ev_exit) begin ev = {ev, first ? "" : ",", "\"exit\""}; first = 0; end
      for (int b = 0; b < int'(NBM); b++) begin
        if (rt_ev_release[b]) begin
          ev = {ev, first ? "" : ",", release_ev(b, rt_ev_woken[b*32 +: 32])}; first = 0;
        end
      end
      if (rt_ev_sleep) begin ev = {ev, first ? "" : ",", "\"sleep\""}; first = 0; end
      if (rt_ev_trap) begin ev = {ev, first ? "" : ",", $sformatf("\"trap:%0d\"", rt_trap_idx)}; first = 0; end
      if (rt_ev_syscall) begin ev = {ev, first ? "" : ",", "\"syscall\""}; first = 0; end
      if (rt_ev_rtt) begin ev = {ev, first ? "" : ",", "\"rtt\""}; first = 0; end
    end
    ev = {ev, "]"};
    s = $sformatf("{\"t\":%0d,\"warp\":%0d,\"pc\":%s,\"op\":\"%s\",\"active\":%s,\"valid\":%s,\"next_pc\":%s,\"yield\":%s,\"sleep\":%s,\"switch\":%s,\"b\":%s,\"ev\":%s",
                  rt_time, rt_warp, hexn(rt_pc), tb_op_name(int'(rt_form), rt_insn), hex8(rt_active),
                  hex8(rt_valid_mask), hexn(rt_apc), hex8(rt_yield), hex8(rt_sleep), hex8(rt_switch),
                  bregs(rt_breg), ev);
    if (trace_ops) s = {s, operands()};
    if (rt_bar_changed != 0) s = {s, ",", bars(rt_bar_words, rt_bar_changed)};
    if (trace_ops) s = {s, ",\"asm\":\"", tb_disasm(rt_insn, rt_pc), "\""};
    $fwrite(fd, "%s}\n", s);
    // the hash's view of the state after
    h_warp[rt_warp] = warp_hash(int'(rt_warp), rt_apc, rt_valid_mask, rt_active, rt_yield, rt_switch,
                                rt_rpc, rt_breg);
    if (rt_rd_we != 0) begin
      reg_write(int'(rt_warp), int'(rt_rd), rt_rd_we, rt_rd_val, 0, rt_rd_undef | (rt_rd_dc != 0 ? rt_rd_we : 32'd0));
      if (rt_rd_pair) reg_write(int'(rt_warp), int'(rt_rd) + 1, rt_rd_we, rt_rd_val, 1, rt_rd_undef);
    end
    if (rt_pd_we != 0 && rt_pd != 3'd7) begin
      s_pred[rt_warp][rt_pd] = (s_pred[rt_warp][rt_pd] & ~rt_pd_we) | (rt_pd_val & rt_pd_we);
      s_pund[rt_warp][rt_pd] = (s_pund[rt_warp][rt_pd] & ~rt_pd_we) |
                               ((rt_pd_undef | (rt_pd_dc ? rt_pd_we : 32'd0)) & rt_pd_we);
      h_regs = h_regs ^ h_pred[rt_warp][rt_pd];
      h_pred[rt_warp][rt_pd] = hc({32'(rt_warp), 29'd0, rt_pd}, {s_pred[rt_warp][rt_pd], s_pund[rt_warp][rt_pd]});
      h_regs = h_regs ^ h_pred[rt_warp][rt_pd];
    end
    if (rt_ur_we) begin
      h_regs = h_regs ^ h_ur[rt_warp][rt_urd];
      h_ur[rt_warp][rt_urd] = hc({32'(rt_warp), 26'd0, rt_urd} + 64'd5000, {32'd0, rt_ur_val});
      h_regs = h_regs ^ h_ur[rt_warp][rt_urd];
    end
  endtask

  task automatic final_record();
    string s, r, p, dc;
    bit first;
    s = $sformatf("{\"end\":\"%s\",\"t\":%0d,\"warps\":[", endr, tend);
    for (int w = 0; w < int'(st_nwarps); w++) begin
      dbg_warp = 5'(w);
      dbg_reg = 8'd0;
      #1;
      s = {s, w == 0 ? "" : ",", $sformatf("{\"warp\":%0d,\"state\":\"%s\",\"pc\":%s,\"active\":%s,\"valid\":%s,\"yield\":%s,\"sleep\":%s,\"switch\":%s,\"b\":%s",
           w, run_name(32'(dbg_run)), hexn(dbg_apc), hex8(dbg_active), hex8(dbg_valid), hex8(dbg_yield),
           hex8(dbg_sleep), hex8(dbg_switch), bregs(dbg_breg))};
      if (dump_regs > 0) begin
        logic [31:0] vals [32][];
        string lane_txt [32];
        logic [31:0] und [];
        und = new[dump_regs];
        for (int l = 0; l < 32; l++) lane_txt[l] = "";
        for (int k = 0; k < dump_regs; k++) begin
          dbg_reg = 8'(k);
          #1;
          und[k] = dbg_gpr_undef;
          for (int l = 0; l < 32; l++) lane_txt[l] = {lane_txt[l], k == 0 ? "" : ",", hex8(dbg_gpr[l*32 +: 32])};
        end
        r = "";
        for (int l = 0; l < 32; l++) r = {r, l == 0 ? "[" : ",[", lane_txt[l], "]"};
        p = "";
        for (int l = 0; l < 32; l++) begin
          int bits;
          bits = 0;
          for (int q = 0; q < 7; q++) bits = bits | (int'(dbg_pred[q*32 + l]) << q);
          p = {p, l == 0 ? "" : ",", $sformatf("%0d", bits)};
        end
        dc = "";
        first = 1;
        for (int k = 0; k < dump_regs && k < int'(NR); k++) begin
          if (und[k] != 0) begin dc = {dc, first ? "" : ",", $sformatf("\"R%0d\":", k), hex8(und[k])}; first = 0; end
        end
        for (int q = 0; q < 7; q++) begin
          if (dbg_pred_undef[q*32 +: 32] != 0) begin
            dc = {dc, first ? "" : ",", $sformatf("\"P%0d\":", q), hex8(dbg_pred_undef[q*32 +: 32])}; first = 0;
          end
        end
        s = {s, ",\"r\":[", r, "],\"p\":[", p, "],\"dc\":{", dc, "}"};
      end
      s = {s, "}"};
    end
    begin
      logic [NBM-1:0] live;
      for (int b = 0; b < int'(NBM); b++) live[b] = st_bar_words[b*32 +: 32] != 0;
      s = {s, "],", bars(st_bar_words, live)};
    end
    if (have_fault) begin
      string what;
      // (an SV ?: on strings pads the shorter one: no ?: here)
      if (f_mis) what = "misaligned pc";
      else what = "no instruction at pc";
      s = {s, $sformatf(",\"fault\":{\"warp\":%0d,\"pc\":%s,\"what\":\"%s\"}", f_warp, hexn(f_pc), what)};
    end
    if (PROFILE != warpref_isa_pkg::PROFILE_NATIVE)
      s = {s, ",\"profile\":\"", tb_profile_name(int'(PROFILE)), "\""};
    $fwrite(fd, "%s}\n", s);
  endtask

  initial begin
    run = 1'b0; imem_we = 1'b0; cmem_we = 1'b0; imem_addr = 0; imem_wdata = 0; cmem_addr = 0;
    cmem_wdata = 0; dbg_warp = 0; dbg_reg = 0; bugs = '0; have_fault = 0; trap_mode = 1'b0;
    if ($test$plusargs("list_bugs")) begin
      for (int i = 0; i < int'(NB); i++) if (bug_profile[i] == int'(PROFILE)) $display("%s", bug_names[i]);
      tb_exit(0);
    end
    if (!$value$plusargs("program=%s", prog)) begin
      $display("tb: usage: +program=PROG.s|WORDS.hex [+threads=N] [+sched=rr|own] [+bug=NAME] [+max_steps=N] [+max_cycles=N] [+dump_regs=N] [+trace=FILE]");
      tb_exit(2);
    end
    if (tb_load(prog, ninsns, pthreads, pprofile) != 0) tb_exit(2);
    if (pprofile >= 0 && pprofile != int'(PROFILE)) begin
      $display("tb: %s: a %s program, and this testbench's RTL runs the %s profile", prog,
               tb_profile_name(pprofile), tb_profile_name(int'(PROFILE)));
      tb_exit(2);
    end
    trap_mode = $test$plusargs("trap_mode");
    if (trap_mode && PROFILE != warpref_isa_pkg::PROFILE_SASS) begin
      $display("tb: +trap_mode is a sass setting, and this testbench runs the %s profile",
               tb_profile_name(int'(PROFILE)));
      tb_exit(2);
    end
    if (ninsns == 0 || ninsns > int'(IMEM_DEPTH)) begin
      $display("tb: %s: %0d instructions (1..%0d)", prog, ninsns, IMEM_DEPTH);
      tb_exit(2);
    end
    nthreads = pthreads != 0 ? pthreads : 32;
    void'($value$plusargs("threads=%d", nthreads));
    if (nthreads < 1 || nthreads > 1024) begin
      $display("tb: thread count %0d out of range 1..1024", nthreads);
      tb_exit(2);
    end
    sched = "own";
    void'($value$plusargs("sched=%s", sched));
    if (sched != "rr" && sched != "own") begin
      $display("tb: +sched=%s: rr or own", sched);
      tb_exit(2);
    end
    if ($value$plusargs("bug=%s", bugname)) begin
      int found;
      found = -1;
      for (int i = 0; i < int'(NB); i++) if (bug_names[i] == bugname && bug_profile[i] == int'(PROFILE)) found = i;
      if (found < 0) begin
        $display("tb: unknown bug '%s' (see docs/bugs.md)", bugname);
        tb_exit(2);
      end
      bugs[found] = 1'b1;
    end
    max_steps = 1000000;
    void'($value$plusargs("max_steps=%d", max_steps));
    max_cycles = 64'hffffffffffffffff;
    void'($value$plusargs("max_cycles=%d", max_cycles));
    dump_regs = 0;
    void'($value$plusargs("dump_regs=%d", dump_regs));
    trace_ops = $test$plusargs("trace_operands");
    if (dump_regs < 0 || dump_regs > int'(NR)) begin
      $display("tb: +dump_regs=%0d out of range 0..%0d", dump_regs, NR);
      tb_exit(2);
    end
    fd = 32'h8000_0001;
    if ($value$plusargs("trace=%s", trace_path) && trace_path != "-") begin
      fd = $fopen(trace_path, "w");
      if (fd == 0) begin
        $display("tb: cannot write %s", trace_path);
        tb_exit(2);
      end
    end
    threads = 11'(nthreads);
    n_insns = 32'(ninsns);
    rr = sched == "rr";

    // reset, then load the memories through their ports
    repeat (2) @(posedge clk);
    @(negedge clk) rst_n = 1'b1;
    for (int i = 0; i < ninsns; i++) begin
      tb_word(i, word);
      imem_we = 1'b1; imem_addr = i; imem_wdata = word;
      @(negedge clk);
    end
    imem_we = 1'b0;
    nc = tb_nconsts();
    if (nc > int'(CMEM_N)) begin
      $display("tb: %0d constant words, at most %0d", nc, CMEM_N);
      tb_exit(2);
    end
    for (int i = 0; i < nc; i++) begin
      tb_const(i, caddr, cval);
      cmem_we = 1'b1; cmem_addr = 19'(caddr); cmem_wdata = cval;
      @(negedge clk);
    end
    cmem_we = 1'b0;

    // the hash of the launch state (N-04): registers are 0
    h_regs = 0;
    for (int w = 0; w < int'(NW); w++) begin
      logic [31:0] v;
      int n;
      n = nthreads - w * 32;
      v = n <= 0 ? 32'd0 : n >= 32 ? 32'hffffffff : (32'd1 << n) - 1;
      h_warp[w] = warp_hash(w, 64'd0, v, v, 32'd0, 32'd0, '0, '0);
      for (int r = 0; r < int'(NR); r++) begin
        h_reg[w][r] = 0; s_gund[w][r] = 0;
        for (int l = 0; l < 32; l++) s_gpr[w][r][l] = 0;
      end
      for (int q = 0; q < 8; q++) begin h_pred[w][q] = 0; s_pred[w][q] = 0; s_pund[w][q] = 0; end
      for (int u = 0; u < 64; u++) h_ur[w][u] = 0;
    end

    steps = 0;
    endr = "";
    forever begin
      // results of the previous cycle
      if (rt_valid) begin
        write_record();
        steps++;
        if (rt_ev_exc != 0) begin
          endr = "exception";
          run = 1'b0;
          tend = st_now;
          break;
        end
      end
      if (ft_valid) begin
        have_fault = 1;
        f_warp = ft_warp; f_pc = ft_pc; f_mis = ft_misaligned;
        endr = "exception";
        tend = ft_time;
        run = 1'b0;
        break;
      end
      // the start of a turn (N-50): done, livelock, limit, then issue
      begin
        int fin;
        bit any_armed, any_ready;
        fin = 0;
        any_armed = 0;
        any_ready = 0;
        for (int w = 0; w < int'(st_nwarps); w++) begin
          if (st_run[w*3 +: 3] == warpref_rtl_pkg::RUN_EXITED || st_run[w*3 +: 3] == warpref_rtl_pkg::RUN_TRAPPED)
            fin++;
          if (st_armed[w]) any_armed = 1;
          if (st_run[w*3 +: 3] == warpref_rtl_pkg::RUN_READY && (rr || st_sched[w*11 + 8 +: 3] == 3'd0))
            any_ready = 1;
        end
        tend = st_now;
        if (fin == int'(st_nwarps)) begin endr = "done"; break; end
        // ptx: a warp can issue (ready, not busy) and none did: the unit's delivery
        // cycles (docs/rtl.md) hold the issue; the turn has not started, nothing to hash
        if (!any_armed && !(PROFILE == warpref_isa_pkg::PROFILE_PTX && run && !rt_valid && any_ready)) begin
          longint unsigned h;
          h = turn_hash();
          if (seen.exists(h) != 0) begin endr = "livelock"; break; end
          seen[h] = 1;
        end
        if (steps >= max_steps || st_now >= max_cycles) begin endr = "limit"; break; end
        if (st_stuck) begin endr = "deadlock"; break; end
      end
      run = 1'b1;
      @(negedge clk);
    end
    run = 1'b0;
    @(negedge clk);
    final_record();
    if (fd != 32'h8000_0001) $fclose(fd);
    exit_code = endr == "done" ? 0 : endr == "exception" ? 4 : endr == "limit" ? 5 : 3;
    if (bugname != "") sched = {sched, ", bug ", bugname};
    $fwrite(32'h8000_0002, "tb: %s: end %s at t=%0d after %0d instructions (sched %s)\n", prog, endr,
            tend, steps, sched);
    // libc exit (through DPI) for every status: Verilator's $finish would
    // always exit 0 and print a line on standard output, where the trace is
    tb_exit(exit_code);
  end

endmodule
