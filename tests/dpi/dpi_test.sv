// dpi_test.sv - the DPI boundary (dpi/warpref_pkg.sv, dpi/warpref_dpi.c) on its
// own, without an RTL: hand-made retire records of tests/dpi/dpi_test.s (the
// program's header lists what each instruction does) drive the lockstep
// checker through warpref_dpi_retire.
//
//   1. the correct sequence agrees: every call returns 0, the counters, the end
//      state (warpref_dpi_final_warp, warpref_dpi_final);
//   2. per compared field a retire carries: a fresh handle, the correct records
//      up to one with exactly that field wrong: 1 returned, the summary names
//      the field; fetch_fault through warpref_dpi_fetch_fault;
//   3. the rest of the package: a missing or malformed program, compare
//      controls, an early wake, a final before any retire, the final compare,
//      the dump and the result file, the program accessors, operand-driven mode.
//
// Plusargs: +prog=tests/dpi/dpi_test.s (required), +outdir=DIR (files written
// there; default .).  Prints "N passed, N failed"; exits 1 on any failure.
module dpi_test;
  import warpref_pkg::*;

  // libc: a non-zero exit status without $fatal's abort (TOOLCHAIN-NOTES)
  import "DPI-C" function void exit(input int code);

  localparam int unsigned ALL = 32'hffff_ffff;
  localparam int unsigned LO = 32'h0000_ffff;     // lanes 0..15 (P0)
  localparam int unsigned HI = 32'hffff_0000;     // lanes 16..31
  localparam int NREC = 17;                       // retires of the correct sequence
  localparam int NREGS = 8;                       // R0..R7 at the end

  string prog, outdir;
  string ends_wrong [3] = '{"done", "limit", "finished"};   // the run ends deadlock
  int npass = 0, nfail = 0;

  // ---- checks ----------------------------------------------------------------------
  function automatic void check(input bit ok, input string what);
    if (ok) begin
      npass++;
    end else begin
      nfail++;
      $display("FAIL: %s", what);
    end
  endfunction

  function automatic bit starts_with(input string s, input string p);
    return s.len() >= p.len() && (p.len() == 0 || s.substr(0, p.len() - 1) == p);
  endfunction

  function automatic bit contains(input string s, input string p);
    for (int i = 0; i + p.len() <= s.len(); i++)
      if (s.substr(i, i + p.len() - 1) == p) return 1'b1;
    return 1'b0;
  endfunction

  // the first line of a file ("" if it cannot be read)
  function automatic string first_line(input string path);
    string line = "";
    int fd;
    fd = $fopen(path, "r");
    if (fd != 0) begin
      if ($fgets(line, fd) == 0) line = "";
      $fclose(fd);
    end
    return line;
  endfunction

  // whether a file has a line that is exactly `want` (without its newline)
  function automatic bit file_has(input string path, input string want);
    string line;
    int fd;
    bit found = 1'b0;
    fd = $fopen(path, "r");
    if (fd == 0) return 1'b0;
    while (!found && $fgets(line, fd) != 0) begin
      if (line.len() > 0 && line[line.len() - 1] == "\n") line = line.substr(0, line.len() - 2);
      found = line == want;
    end
    $fclose(fd);
    return found;
  endfunction

  // ---- the record: one member per argument of warpref_dpi_retire (a class: its methods
  // are compiled once, not inlined at every call) ----------------------------------------
  /* verilator lint_off DECLFILENAME */   // the classes live in the test's module
  class Record;
    longint unsigned cycle, pc, ur, c, active_pc, rd_dc;
    int unsigned warp, exc, reads, pg, pp, wbs, wbs_def, run, blocked_bar;
    int unsigned rd_lanes, rd, rd_pair, rd_undef, pd_lanes, pd, pd_val, pd_undef, ur_we, urd, ur_val;
    int unsigned bar_changed, wbs_we, ev, ev_bar, warn, released, trap_idx;
    bit [127:0] insn;
    longint unsigned ra[32], rpc[32], rd_val[32];
    int unsigned rb[32], rc[32], re[32], undef[3], masks[5], breg[16], bar_words[32], runs[32], wbs_all[32], woken[32];

    // ---- the record's parts: every argument is set by exactly one of these -----------
    // A lane vector is written (lo, hi, step): lane l holds (l < 16 ? lo : hi) + step * l.
    static function longint unsigned lane_value(input int l, input longint unsigned lo,
                                                input longint unsigned hi, input longint unsigned step);
      return (l < 16 ? lo : hi) + step * 64'(unsigned'(l));
    endfunction

    // what retired
    function void what(input longint unsigned i_cycle, input int unsigned i_warp,
                        input longint unsigned i_pc, input bit [127:0] i_insn, input int unsigned i_exc);
      cycle = i_cycle; warp = i_warp; pc = i_pc; insn = i_insn; exc = i_exc;
    endfunction

    // operands read: reads (IN_* bits), Pg and Pp per lane, Ra/Rb/Rc as lane vectors,
    // the uniform and constant operands, the undefined lanes of Ra/Rb/Rc
    function void operands(input int unsigned i_reads, input int unsigned i_pg, input int unsigned i_pp,
                            input longint unsigned ra_lo, input longint unsigned ra_hi, input longint unsigned ra_step,
                            input longint unsigned rb_lo, input longint unsigned rb_hi, input longint unsigned rb_step,
                            input longint unsigned rc_lo, input longint unsigned rc_hi, input longint unsigned rc_step,
                            input longint unsigned i_ur, input longint unsigned i_c,
                            input int unsigned ra_u, input int unsigned rb_u, input int unsigned rc_u);
      reads = i_reads; pg = i_pg; pp = i_pp; ur = i_ur; c = i_c;
      for (int l = 0; l < 32; l++) begin
        ra[l] = lane_value(l, ra_lo, ra_hi, ra_step);
        rb[l] = 32'(lane_value(l, rb_lo, rb_hi, rb_step));
        rc[l] = 32'(lane_value(l, rc_lo, rc_hi, rc_step));
        re[l] = 0;                                        // (Re: visa_four_registers sets it)
      end
      undef[0] = ra_u; undef[1] = rb_u; undef[2] = rc_u;
    endfunction

    // the warp after: ActivePC, valid, active, yield, sleep, switch, RPC (lanes 0..15, 16..31),
    // B0 (B1..B15 are 0 throughout), WarpBARState and its defined bit, run state, barrier waited on
    function void after(input longint unsigned i_apc, input int unsigned i_valid, input int unsigned i_active,
                         input int unsigned i_yield, input int unsigned i_sleep, input int unsigned i_switch,
                         input longint unsigned rpc_lo, input longint unsigned rpc_hi, input int unsigned i_b0,
                         input int unsigned i_wbs, input int unsigned i_wbs_def, input int unsigned i_run,
                         input int unsigned i_bbar);
      active_pc = i_apc;
      masks[0] = i_valid; masks[1] = i_active; masks[2] = i_yield; masks[3] = i_sleep; masks[4] = i_switch;
      for (int l = 0; l < 32; l++) rpc[l] = lane_value(l, rpc_lo, rpc_hi, 0);
      breg[0] = i_b0;
      for (int b = 1; b < 16; b++) breg[b] = 0;
      wbs = i_wbs; wbs_def = i_wbs_def; run = i_run; blocked_bar = i_bbar;
    endfunction

    // Rd: lanes, index, pair, values as a lane vector (0 outside the lanes), don't-care bits, undefined lanes
    function void rd_write(input int unsigned i_lanes, input int unsigned i_rd, input int unsigned i_pair,
                            input longint unsigned v_lo, input longint unsigned v_hi, input longint unsigned v_step,
                            input longint unsigned i_dc, input int unsigned i_undef);
      rd_lanes = i_lanes; rd = i_rd; rd_pair = i_pair; rd_dc = i_dc; rd_undef = i_undef;
      for (int l = 0; l < 32; l++) rd_val[l] = i_lanes[l] ? lane_value(l, v_lo, v_hi, v_step) : 0;
    endfunction

    // Pd: lanes, index, values (bit per lane), undefined lanes
    function void pd_write(input int unsigned i_lanes, input int unsigned i_pd, input int unsigned i_val,
                            input int unsigned i_undef);
      pd_lanes = i_lanes; pd = i_pd; pd_val = i_val; pd_undef = i_undef;
    endfunction

    // URd: write enable, index, value
    function void ur_write(input int unsigned i_we, input int unsigned i_urd, input int unsigned i_val);
      ur_we = i_we; urd = i_urd; ur_val = i_val;
    endfunction

    // the CTA after: barriers written (bit per barrier), the words of barriers 1 and 3 (the
    // others are 0 throughout), warp 0's run state and WarpBARState (the CTA has one warp: the
    // other entries are 0), the WarpBARStates written (bit per warp)
    function void cta(input int unsigned i_changed, input int unsigned bar1, input int unsigned bar3,
                       input int unsigned run0, input int unsigned wbs0, input int unsigned i_wbs_we);
      bar_changed = i_changed;
      for (int b = 0; b < 32; b++) bar_words[b] = b == 1 ? bar1 : b == 3 ? bar3 : 0;
      for (int w = 0; w < 32; w++) begin
        runs[w] = w == 0 ? run0 : 0;
        wbs_all[w] = w == 0 ? wbs0 : 0;
      end
      wbs_we = i_wbs_we;
    endfunction

    // events: EV_* bits, the barrier of block/arrive, the warning code, barriers released
    // (bit per barrier), the warps each woke (the same for every barrier), the trap index
    function void events(input int unsigned i_ev, input int unsigned i_bar, input int unsigned i_warn,
                          input int unsigned i_released, input int unsigned i_woken, input int unsigned i_trap);
      ev = i_ev; ev_bar = i_bar; warn = i_warn; released = i_released; trap_idx = i_trap;
      for (int b = 0; b < 32; b++) woken[b] = i_woken;
    endfunction

    // ---- the records of dpi_test.s, by hand --------------------------------------------
    // Record k of the correct sequence: eight calls, one per part, each giving every
    // argument of its part (values from dpi_test.s's header and the rules it cites).
    function void build(input int k);
      case (k)
        0: begin // t 0  0x00  S2R R0, SR_LANEID
          what(0, 0, 'h00, 128'h00000000_00000000_00000000_00007041, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h10, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
          rd_write(ALL, 0, 0, 0, 0, 1, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        1: begin // t 1  0x10  ISETP.LT P0, R0, 0x10
          what(1, 0, 'h10, 128'h00000000_00020000_00000010_00007147, 0);
          operands(IN_PG | IN_RA, ALL, ALL, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h20, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(ALL, 0, LO, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        2: begin // t 2  0x20  UMOV UR4, 0x20
          what(2, 0, 'h20, 128'h00000000_00000000_00000020_00047148, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h30, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(1, 4, 'h20);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        3: begin // t 3  0x30  NANOSLEEP UR4: the whole warp sleeps until 3 + 0x20 = 35
          what(3, 0, 'h30, 128'h0000001c_00000000_00000004_0000762c, 0);
          operands(IN_PG | IN_PP | IN_UR, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'h20, 0, 0, 0, 0);
          after('h40, ALL, ALL, 0, ALL, 0, 0, 0, 0, 0, 0, RUN_ASLEEP, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_ASLEEP, 0, 0);
          events(EV_SLEEP, 0, 0, 0, 0, 0);
        end
        4: begin // t 35  0x40  IADD R1, R0, R0 (after the wake)
          what(35, 0, 'h40, 128'h00000000_00000000_00000000_00017243, 0);
          operands(IN_PG | IN_RA | IN_RB, ALL, ALL, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h50, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
          rd_write(ALL, 1, 0, 0, 0, 2, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(EV_WAKE, 0, 0, 0, 0, 0);
        end
        5: begin // t 36  0x50  LDC R2, c[0x0][0x10]
          what(36, 0, 'h50, 128'h00000000_00000000_00000010_00027749, 0);
          operands(IN_PG | IN_C, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'h1234, 0, 0, 0);
          after('h60, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
          rd_write(ALL, 2, 0, 'h1234, 'h1234, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        6: begin // t 37  0x60  BSSY B0, 0xb0
          what(37, 0, 'h60, 128'h00000000_00000000_00000004_00007127, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h70, ALL, ALL, 0, 0, 0, 0, 0, ALL, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        7: begin // t 38  0x70  @P0 BRA 0xa0: lanes 0..15 take it (rpc 0xa0), 16..31 go on
          what(38, 0, 'h70, 128'h0000001c_00000000_00000002_00000020, 0);
          operands(IN_PG | IN_PP, LO, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h80, ALL, HI, 0, 0, 0, 'ha0, 0, ALL, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        8: begin // t 39  0x80  MOV R3, 0x1 (lanes 16..31)
          what(39, 0, 'h80, 128'h00000000_00000000_00000001_00037142, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('h90, ALL, HI, 0, 0, 0, 'ha0, 0, ALL, 0, 0, RUN_READY, 0);
          rd_write(HI, 3, 0, 1, 1, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        9: begin // t 40  0x90  BRA 0xb0
          what(40, 0, 'h90, 128'h0000001c_00000000_00000001_00007020, 0);
          operands(IN_PG | IN_PP, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('hb0, ALL, HI, 0, 0, 0, 'ha0, 0, ALL, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        10: begin // t 41  0xb0  BSYNC B0: lanes 16..31 wait at 0xb0, lanes 0..15 run from 0xa0
          what(41, 0, 'hb0, 128'h00000000_00000000_00000000_00007028, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('ha0, ALL, LO, 0, 0, 0, 'ha0, 'hb0, LO, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        11: begin // t 42  0xa0  MOV R3, 0x2 (lanes 0..15)
          what(42, 0, 'ha0, 128'h00000000_00000000_00000002_00037142, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('hb0, ALL, LO, 0, 0, 0, 'ha0, 'hb0, LO, 0, 0, RUN_READY, 0);
          rd_write(LO, 3, 0, 2, 2, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        12: begin // t 43  0xb0  BSYNC B0: full sync
          what(43, 0, 'hb0, 128'h00000000_00000000_00000000_00007028, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('hc0, ALL, ALL, 0, 0, 0, 'ha0, 'hb0, 0, 0, 0, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 0, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        13, 14: begin // t 44, 45  0xc0, 0xd0  BAR.RED.POPC 0x1, P0: completes at once
          what(k == 13 ? 44 : 45, 0, k == 13 ? 'hc0 : 'hd0, 128'h00000000_00020000_00000100_00007111, 0);
          operands(IN_PG | IN_PP, ALL, LO, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after(k == 13 ? 'hd0 : 'he0, ALL, ALL, 0, 0, 0, 'ha0, 'hb0, 0, 'h10214001, 1, RUN_READY, 0);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(1 << 1, 0, 0, RUN_READY, 'h10214001, 1);
          events(EV_ARRIVE, 1, 0, 1 << 1, 0, 0);
        end
        15: begin // t 46  0xe0  MOV R6, 0x40
          what(46, 0, 'he0, 128'h00000000_00000000_00000040_00067142, 0);
          operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
          after('hf0, ALL, ALL, 0, 0, 0, 'ha0, 'hb0, 0, 'h10214001, 1, RUN_READY, 0);
          rd_write(ALL, 6, 0, 'h40, 'h40, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(0, 0, 0, RUN_READY, 'h10214001, 0);
          events(0, 0, 0, 0, 0, 0);
        end
        default: begin // t 47  0xf0  BAR.SYNC 0x3, R6: 64 threads expected, the warp blocks
          what(47, 0, 'hf0, 128'h00000000_00000000_00000306_00007510, 0);
          operands(IN_PG | IN_RC, ALL, ALL, 0, 0, 0, 0, 0, 0, 'h40, 'h40, 0, 0, 0, 0, 0, 0);
          after('h100, ALL, ALL, 0, 0, 0, 'ha0, 'hb0, 0, 'h10214001, 1, RUN_BLOCKED, 3);
          rd_write(0, 0, 0, 0, 0, 0, 0, 0);
          pd_write(0, 0, 0, 0);
          ur_write(0, 0, 0);
          cta(1 << 3, 0, 'h2081, RUN_BLOCKED, 'h10214001, 0);
          events(EV_BLOCK, 3, 0, 0, 0, 0);
        end
      endcase
    endfunction

    // the lane vectors packed as the calls take them: element i in bits [i*W +: W]
    static function void pack64(input longint unsigned v[32], output bit [32*64-1:0] p);
      for (int i = 0; i < 32; i++) p[i*64 +: 64] = v[i];
    endfunction
    static function void pack32(input int unsigned v[32], output bit [32*32-1:0] p);
      for (int i = 0; i < 32; i++) p[i*32 +: 32] = v[i];
    endfunction

    // the wide parts a record uses go first (warpref_dpi_retire_in/_rd/_cta), as a
    // testbench sends them; skip: bit 0, 1, 2 leaves the in, rd, cta call out
    bit [2:0] skip = 0;
    function int send(input chandle h);
      bit [32*64-1:0] w64a, w64b;
      bit [32*32-1:0] w32a, w32b, w32c;
      bit [16*32-1:0] b;
      bit [32*3-1:0] r;
      for (int i = 0; i < 16; i++) b[i*32 +: 32] = breg[i];
      for (int i = 0; i < 32; i++) r[i*3 +: 3] = 3'(runs[i]);
      if ((reads & IN_GPRS) != 0 && !skip[0]) begin
        pack64(ra, w64a); pack32(rb, w32a); pack32(rc, w32b); pack32(re, w32c);
        warpref_dpi_retire_in(h, w64a, w32a, w32b, w32c);
      end
      if (rd_lanes != 0 && !skip[1]) begin
        pack64(rd_val, w64a);
        warpref_dpi_retire_rd(h, w64a);
      end
      if ((bar_changed | wbs_we | released) != 0 && !skip[2]) begin
        pack32(bar_words, w32a); pack32(wbs_all, w32b); pack32(woken, w32c);
        warpref_dpi_retire_cta(h, w32a, w32b, w32c);
      end
      skip = 0;
      pack64(rpc, w64b);
      return warpref_dpi_retire(h, cycle, warp, pc, insn, exc, reads, pg, pp, ur, c, undef[0], undef[1],
          undef[2], active_pc, masks[0], masks[1], masks[2], masks[3], masks[4], w64b, b, wbs, wbs_def,
          run, blocked_bar, rd_lanes, rd, rd_pair, rd_dc, rd_undef, pd_lanes, pd, pd_val, pd_undef,
          ur_we, urd, ur_val, bar_changed, r, wbs_we, ev, ev_bar, warn, released, trap_idx);
    endfunction

    // Field f made wrong in record k of an otherwise correct run.
    function void wrong(input string field, input int k);
      case (field)
        "warp":                   warp = 1;
        "pc":                     pc = 'h10;
        "insn":                   insn[16] = ~insn[16];                 // Rd R0 -> R1
        "exception":              exc = 1;                              // BAR_CNT_ALIGN
        "active_pc":              active_pc = 'h20;
        "valid":                  masks[0] = 'h7fff_ffff;
        "active":                 masks[1] = 'hffff_fffe;
        "yield":                  masks[2] = 1;
        "sleep":                  masks[3] = 0;
        "switch":                 masks[4] = 1;
        "rpc":                    rpc[3] = 'hb0;                        // lane 3: valid, not active
        "b":                      breg[0] = 'h7fff_ffff;
        "warp_bar_state":         wbs = 'h10214002;
        "warp_bar_state_defined": wbs_def = 0;
        "run":                    run = RUN_READY;                      // runs[0] still asleep
        "blocked_bar":            blocked_bar = 2;
        "write.gpr":              rd_val[5] = 6;
        "write.pred":             pd_val = 'h0001_ffff;
        "write.ur":               ur_val = 'h21;
        "write.barrier":          bar_words[3] = 'h2082;
        "write.warpbar":          wbs_all[0] = 'h10214002;              // wbs (the warp after) right
        "write.runstate":         runs[0] = RUN_ASLEEP;                 // run (the warp after) right
        "events":                 ev = 0;                               // no arrive:1
        "wake":                   ev = ev ^ EV_WAKE;                    // no `wake` after the wake
        "in.pg":                  pg = ALL;
        "in.pp":                  pp = 'h0000_fffe;
        "in.ra":                  ra[7] = 8;
        "in.rb":                  rb[7] = 8;
        "in.rc":                  rc[0] = 'h20;
        "in.ur":                  ur = 'h21;
        "in.c":                   c = 'h1235;
        "reads":                  reads &= ~IN_UR;                      // NANOSLEEP UR4, UR unreported
        default:                  $display("no such field %s (record %0d)", field, k);
      endcase
    endfunction
  endclass

  // ---- the end state: warpref_dpi_final_warp and warpref_dpi_final ------------------------
  class EndState;
    int unsigned masks[5], breg[16], regs[8192], preds[7], bars[32];

    // the end state of the correct run: warp 0 blocked at 0x100, R0..R7, P0, barrier 3
    function void correct();
      masks[0] = ALL; masks[1] = ALL; masks[2] = 0; masks[3] = 0; masks[4] = 0;
      for (int b = 0; b < 16; b++) breg[b] = 0;
      for (int i = 0; i < 8192; i++) regs[i] = 0;
      for (int l = 0; l < 32; l++) begin
        regs[0 * 32 + l] = l;
        regs[1 * 32 + l] = 2 * l;
        regs[2 * 32 + l] = 'h1234;
        regs[3 * 32 + l] = l < 16 ? 2 : 1;
        regs[6 * 32 + l] = 'h40;
      end
      preds[0] = LO;
      for (int p = 1; p < 7; p++) preds[p] = 0;
      for (int b = 0; b < 32; b++) bars[b] = b == 3 ? 'h2081 : 0;
    endfunction

    function int send(input chandle h);
      warpref_dpi_final_warp(h, 0, RUN_BLOCKED, 'h100, masks, breg, NREGS, regs, preds);
      return warpref_dpi_final(h, 48, "deadlock", 0, bars);
    endfunction
  endclass
  /* verilator lint_on DECLFILENAME */

  Record rec = new;
  EndState fin = new;

  // every correct call before record n: records 0..n-1, and the wake at cycle 35 after
  // record 3 (NANOSLEEP); 1 if every call agreed
  function automatic bit run_upto(input chandle h, input int n);
    bit ok = 1'b1;
    for (int k = 0; k < n; k++) begin
      rec.build(k);
      ok &= rec.send(h) == 0;
      if (k == 3) ok &= warpref_dpi_wake(h, 35, 0, 1) == 0;
    end
    return ok;
  endfunction

  function automatic chandle new_handle(input int mode, input string ignore, input string mask,
                                        input longint wake_early);
    chandle h = warpref_dpi_new(prog, 0, mode, ignore, mask, 1, wake_early, -1);
    if (h == null) $display("warpref_dpi_new: %s", warpref_dpi_messages(null));
    return h;
  endfunction

  // ---- visa: NBARRIER.signal R30, R33, R31, R32 (id 3, type 0, np 1, nc 1) -------------
  // one warp: four MOVs, the signal (arrive:3, release:3: complete, word 0x01041041), the
  // wait (frees barrier 3), EXIT; broken: lane 9 of Re reported wrong at the signal
  function automatic void visa_four_registers(input bit broken);
    string path;
    int fd;
    chandle h;
    Record v;
    bit [127:0] w[7];
    int r, bad;
    int unsigned regs[4], vals[4];
    regs = '{30, 33, 31, 32};
    vals = '{3, 0, 1, 1};
    bad = 0;
    v = new;
    path = {outdir, "/dpi_visa.s"};
    fd = $fopen(path, "w");
    $fwrite(fd, ".profile visa\n.threads 32\nMOV R30, 0x3 ;\nMOV R33, 0x0 ;\nMOV R31, 0x1 ;\n",
            "MOV R32, 0x1 ;\nNBARRIER.signal R30, R33, R31, R32 ;\nNBARRIER.wait R30 ;\nEXIT ;\n");
    $fclose(fd);
    h = warpref_dpi_new(path, 0, OPERANDS_SELF, "", "", 1, 0, -1);
    if (h == null) begin
      check(0, {"visa: warpref_dpi_new: ", warpref_dpi_messages(null)});
      return;
    end
    for (int i = 0; i < 7; i++) warpref_dpi_insn(h, i, w[i]);
    v.pd_write(0, 0, 0, 0);
    v.ur_write(0, 0, 0);
    for (int i = 0; i < 7; i++) begin
      v.what(64'(i), 0, 64'(16 * i), w[i], 0);
      v.after(64'(16 * i + 16), ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
      v.rd_write(0, 255, 0, 0, 0, 0, 0, 0);
      v.cta(0, 0, 0, RUN_READY, 0, 0);
      v.events(0, 0, 0, 0, 0, 0);
      if (i < 4) begin                                       // MOV Rn, imm
        v.operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        v.rd_write(ALL, regs[i], 0, 64'(vals[i]), 64'(vals[i]), 0, 0, 0);
      end else if (i == 4) begin                             // the signal: Ra, Rb, Rc, Re
        v.operands(IN_PG | IN_RA | IN_RB | IN_RC | IN_RE, ALL, ALL, 3, 3, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0);
        for (int l = 0; l < 32; l++) v.re[l] = l == 9 && broken ? 5 : 1;
        v.cta(1 << 3, 0, 'h0104_1041, RUN_READY, 0, 0);
        v.events(EV_ARRIVE, 3, 0, 1 << 3, 0, 0);
      end else if (i == 5) begin                             // the wait frees it
        v.operands(IN_PG | IN_RA, ALL, ALL, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        v.cta(1 << 3, 0, 0, RUN_READY, 0, 0);
        v.events(EV_ARRIVE, 3, 0, 0, 0, 0);
      end else begin                                         // EXIT
        v.operands(IN_PG | IN_PP, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        v.after('h60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, RUN_EXITED, 0);
        v.cta(0, 0, 0, RUN_EXITED, 0, 0);
        v.events(EV_EXIT, 0, 0, 0, 0, 0);
      end
      r = v.send(h);
      if (r != 0) bad++;
      if (r != (broken && i == 4 ? 1 : 0))
        check(0, {$sformatf("visa record %0d: %0d; ", i, r), warpref_dpi_messages(h)});
    end
    if (broken)
      check(bad == 1 && starts_with(warpref_dpi_summary(h), "in.re:"),
            {"visa: a wrong lane of Re is an in.re mismatch: ", warpref_dpi_summary(h)});
    else
      check(bad == 0, {"visa: the four-register signal agrees through the DPI: ", warpref_dpi_messages(h)});
    warpref_dpi_free(h);
  endfunction

  // ---- register pairs: LEPC R[4:5] (a 64-bit destination), CALL.ABS R[4:5] (a pair read) --
  // one warp: LEPC R[4:5], -0x20 at 0 writes 0xffffffff_ffffffe0 (R4 = 0xffffffe0, R5 =
  // 0xffffffff: the halves differ), CALL.ABS R[4:5], 0x40 reads it (Ra a pair) and jumps to
  // 0xffffffff_ffffffe0 + 0x40 = 0x20 (PCs wrap), EXIT.  `wrong` makes lane 7 wrong in one
  // record: 0 none, 1 R5 (the high half of the LEPC's write), 2 R4 (its low half), 3 the high
  // half of the CALL's Ra, 4 the same in operand-driven mode (the read trusted, the target
  // moves); which record fails (-1: none), the exact summary, two exact parts of the dump's
  // rows of what differs
  function automatic void pair_records(input int wrong, input int bad_at, input string summary,
                                        input string differs, input string lane);
    localparam longint unsigned PAIR = 64'hffff_ffff_ffff_ffe0;
    string path;
    int fd;
    chandle h;
    Record v;
    bit [127:0] w[3];
    int r;
    bit ok;
    v = new;
    path = {outdir, "/dpi_pair.s"};
    fd = $fopen(path, "w");
    $fwrite(fd, ".threads 32\nLEPC R[4:5], -0x20 ;\nCALL.ABS R[4:5], 0x40 ;\nEXIT ;\n");
    $fclose(fd);
    h = warpref_dpi_new(path, 0, wrong == 4 ? OPERANDS_DRIVEN : OPERANDS_SELF, "", "", 1, 0, -1);
    if (h == null) begin
      check(0, {"pairs: warpref_dpi_new: ", warpref_dpi_messages(null)});
      return;
    end
    for (int i = 0; i < 3; i++) warpref_dpi_insn(h, i, w[i]);
    v.pd_write(0, 0, 0, 0);
    v.ur_write(0, 0, 0);
    ok = 1;
    for (int i = 0; i < 3; i++) begin
      v.what(64'(i), 0, 64'(16 * i), w[i], 0);
      v.after(64'(16 * i + 16), ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, RUN_READY, 0);
      v.rd_write(0, 255, 0, 0, 0, 0, 0, 0);
      v.cta(0, 0, 0, RUN_READY, 0, 0);
      v.events(0, 0, 0, 0, 0, 0);
      if (i == 0) begin                                      // LEPC R[4:5], -0x20
        v.operands(IN_PG, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        v.rd_write(ALL, 4, 1, PAIR, PAIR, 0, 0, 0);
        if (wrong == 1) v.rd_val[7] = 64'h0000_0000_ffff_ffe0;   // R5 lane 7: 0
        if (wrong == 2) v.rd_val[7] = 64'hffff_ffff_0000_0000;   // R4 lane 7: 0
      end else if (i == 1) begin                             // CALL.ABS R[4:5], 0x40: to 0x20
        v.operands(IN_PG | IN_PP | IN_RA | IN_RA64, ALL, ALL, PAIR, PAIR, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        if (wrong >= 3) v.ra[7] = 64'h0000_0000_ffff_ffe0;       // Ra lane 7 high half: 0
      end else begin                                         // EXIT
        v.operands(IN_PG | IN_PP, ALL, ALL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        v.after('h20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, RUN_EXITED, 0);
        v.cta(0, 0, 0, RUN_EXITED, 0, 0);
        v.events(EV_EXIT, 0, 0, 0, 0, 0);
      end
      r = v.send(h);
      if (r != (i == bad_at ? 1 : 0)) begin
        ok = 0;
        check(0, {$sformatf("pairs %0d: record %0d returned %0d; ", wrong, i, r), warpref_dpi_messages(h)});
      end
      if (r != 0) break;
    end
    check(ok && warpref_dpi_summary(h) == summary && warpref_dpi_count(h, COUNT_MISMATCHED) == (bad_at < 0 ? 0 : 1),
          $sformatf("pairs %0d: summary '%s' (expected '%s')", wrong, warpref_dpi_summary(h), summary));
    // which half, which lane: the dump's rows of what differs
    if (bad_at >= 0) begin
      path = $sformatf("%s/dpi_pair%0d", outdir, wrong);
      r = warpref_dpi_dump(h, path, "", "", "", "");     // (first: && may evaluate in any order)
      check(r == 0 && file_has({path, ".txt"}, differs) && file_has({path, ".txt"}, lane),
            $sformatf("pairs %0d: %s.txt has '%s' and '%s'", wrong, path, differs, lane));
    end
    warpref_dpi_free(h);
  endfunction

  // ---- 2. one wrong field per handle ---------------------------------------------------
  function automatic void field_test(input string field, input int k);
    chandle h = new_handle(OPERANDS_SELF, "", "", 0);
    bit ok;
    int r;
    if (h == null) begin
      check(1'b0, {field, ": warpref_dpi_new"});
      return;
    end
    ok = run_upto(h, k);
    check(ok, $sformatf("%s: records 0..%0d agree", field, k - 1));
    rec.build(k);
    rec.wrong(field, k);
    r = rec.send(h);
    check(r == 1, $sformatf("%s: record %0d made wrong returns 1 (got %0d)", field, k, r));
    check(starts_with(warpref_dpi_summary(h), {field, ":"}),
          $sformatf("%s: summary names it: '%s'", field, warpref_dpi_summary(h)));
    check(warpref_dpi_count(h, COUNT_MISMATCHED) == 1 && warpref_dpi_stopped(h) == 1,
          $sformatf("%s: one mismatch, stopped", field));
    warpref_dpi_free(h);
  endfunction

  initial begin
    chandle h;
    bit ok;
    int r, bank, offset;
    int unsigned value;
    bit [127:0] word;
    string s, path;

    if (!$value$plusargs("prog=%s", prog)) begin
      $display("dpi_test: +prog=FILE (tests/dpi/dpi_test.s) is required");
      exit(2);
    end
    if (!$value$plusargs("outdir=%s", outdir)) outdir = ".";

    // ---- 1. the correct sequence ----
    h = new_handle(OPERANDS_SELF, "", "", 0);
    check(h != null, "warpref_dpi_new on the program");
    if (h == null) begin
      $display("%0d passed, %0d failed", npass, nfail);
      exit(1);
    end
    check(warpref_dpi_threads(h) == 32, "threads 32");
    check(warpref_dpi_ninsns(h) == 16, "16 instructions");
    warpref_dpi_insn(h, 0, word);
    check(word == 128'h7041, $sformatf("instruction 0 is S2R R0, SR_LANEID (%h)", word));
    warpref_dpi_insn(h, 15, word);
    check(word == 128'h00000000_00000000_00000306_00007510, "instruction 15 is BAR.SYNC 0x3, R6");
    warpref_dpi_insn(h, 16, word);
    check(word == 0, "instruction 16 (past the end) reads 0");
    check(warpref_dpi_nconsts(h) == 1, "one constant");
    warpref_dpi_const(h, 0, bank, offset, value);
    check(bank == 0 && offset == 'h10 && value == 'h1234, "c[0x0][0x10] = 0x1234");
    for (int k = 0; k < NREC; k++) begin
      if (k == 4) begin
        r = warpref_dpi_wake(h, 35, 0, 1);
        check(r == 0, $sformatf("wake at cycle 35 agrees (%0d: %s)", r, warpref_dpi_messages(h)));
      end
      rec.build(k);
      r = rec.send(h);
      check(r == 0, $sformatf("record %0d agrees (%0d: %s)", k, r, warpref_dpi_messages(h)));
    end
    check(warpref_dpi_count(h, COUNT_RETIRED) == 64'(NREC), "retired 17");
    check(warpref_dpi_count(h, COUNT_COMPARED) == 64'(NREC), "compared 17");
    check(warpref_dpi_count(h, COUNT_MISMATCHED) == 0, "mismatched 0");
    check(warpref_dpi_count(h, COUNT_WAKES) == 1, "wakes 1");
    check(warpref_dpi_stopped(h) == 0, "not stopped");
    fin.correct();
    r = fin.send(h);
    check(r == 0, $sformatf("final agrees (%0d: %s)", r, warpref_dpi_messages(h)));
    check(warpref_dpi_messages(h) == "" && warpref_dpi_summary(h) == "", "no messages, no summary");
    path = {outdir, "/dpi_test_pass.result.json"};
    check(warpref_dpi_result(h, path, "pass", 48, "deadlock") == 0, "warpref_dpi_result (pass)");
    s = first_line(path);
    // with the coverage: the paths of the model's 17 steps (docs/semantics.md)
    check(starts_with(s, {"{\"status\":\"pass\",\"retired\":17,\"compared\":17,\"mismatched\":0,\"adopted\":0,\"cycles\":48,\"end\":\"deadlock\",\"end_checked\":true,",
                          "\"paths\":{\"BRA.cond_none\":2,\"BRANCH.all\":1,\"BRANCH.some\":1,\"BSSY.add\":1,",
                          "\"BSYNC.full_sync\":1,\"BSYNC.switch_bmask\":1,\"NANOSLEEP.converged\":1,\"BAR.sync_block\":1,",
                          "\"BAR.complete_all\":2,\"BAR.red_result\":2,\"HELPER.exec\":8}}"}),
          {"result file of the pass: ", s});
    warpref_dpi_free(h);

    // ---- 2. every compared field a retire carries, made wrong once ----
    field_test("warp", 0);
    field_test("pc", 0);
    field_test("insn", 0);
    field_test("exception", 0);
    field_test("active_pc", 0);
    field_test("valid", 0);
    field_test("active", 0);
    field_test("yield", 0);
    field_test("sleep", 3);
    field_test("switch", 0);
    field_test("rpc", 7);
    field_test("b", 6);
    field_test("warp_bar_state", 13);
    field_test("warp_bar_state_defined", 13);
    field_test("run", 3);
    field_test("blocked_bar", 16);
    field_test("write.gpr", 0);
    field_test("write.pred", 1);
    field_test("write.ur", 2);
    field_test("write.barrier", 16);
    field_test("write.warpbar", 13);
    field_test("write.runstate", 16);
    field_test("events", 13);
    field_test("wake", 4);
    field_test("in.pg", 7);
    field_test("in.pp", 13);
    field_test("in.ra", 1);
    field_test("in.rb", 4);
    field_test("in.rc", 16);
    field_test("in.ur", 3);
    field_test("in.c", 5);
    field_test("reads", 3);

    // fetch_fault: the model fetches at 0, the other side says it could not
    h = new_handle(OPERANDS_SELF, "", "", 0);
    r = warpref_dpi_fetch_fault(h, 0, 0, 0, FETCH_NO_INSN);
    check(r == 1, $sformatf("fetch_fault at pc 0 returns 1 (got %0d)", r));
    check(starts_with(warpref_dpi_summary(h), "fetch_fault:"), {"fetch_fault: summary ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);

    // ---- 3. the rest of the package ----
    // the repeated reduction writes the WarpBARState it already held: leaving it out is a mismatch
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, 14);
    rec.build(14);
    rec.wbs_we = 0;
    r = rec.send(h);
    check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "write.warpbar:"),
          {"the second BAR.RED without its WarpBARState write: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);

    // a retire that uses a wide part not given before it is an error of the calls (-1, a
    // message naming the call), also when an earlier retire gave that part
    for (int i = 0; i < 3; i++) begin
      // records of dpi_test.s using the part, after records that use it too
      int k = i == 2 ? 16 : 4;
      string call = i == 0 ? "warpref_dpi_retire_in" : i == 1 ? "warpref_dpi_retire_rd" : "warpref_dpi_retire_cta";
      h = new_handle(OPERANDS_SELF, "", "", 0);
      ok = run_upto(h, k);
      rec.build(k);
      rec.skip = 3'(1 << i);
      r = rec.send(h);
      s = warpref_dpi_messages(h);
      check(ok && r == -1 && contains(s, {call, " was not called before it"}),
            $sformatf("record %0d without %s: -1 (%0d), '%s'", k, call, r, s));
      warpref_dpi_free(h);
    end

    // built into the compare: RPC of active lanes, WarpBARState while undefined, the barrier
    // waited on of a warp that is not blocked are not compared
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, 7);
    rec.build(7);
    rec.rpc[20] = 'h1234;                                     // lane 20 is active
    ok &= rec.send(h) == 0;
    rec.build(8);
    rec.wbs = 'hdead;                                         // the model's is not defined yet
    ok &= rec.send(h) == 0;
    rec.build(9);
    rec.blocked_bar = 5;                                      // ready: no barrier waited on
    ok &= rec.send(h) == 0;
    check(ok, {"rpc of active lanes, undefined WarpBARState, blocked_bar of a ready warp: not compared; ",
               warpref_dpi_messages(h)});
    warpref_dpi_free(h);

    // compare controls: an ignored field, a masked one
    h = new_handle(OPERANDS_SELF, "write.gpr,yield", "", 0);
    rec.build(0);
    rec.rd_val[5] = 6;
    rec.masks[2] = 1;
    r = rec.send(h);
    check(r == 0, $sformatf("ignore write.gpr,yield: the wrong R0 and yield pass (%0d)", r));
    warpref_dpi_free(h);
    h = new_handle(OPERANDS_SELF, "", "b:0xffff", 0);
    ok = run_upto(h, 6);
    rec.build(6);
    rec.breg[0] = 'h0000_ffff;                                // differs in bits 31:16 only
    r = rec.send(h);
    check(ok && r == 0, $sformatf("mask b:0xffff: B0 differing above bit 15 passes (%0d)", r));
    rec.build(7);
    rec.breg[0] = 'hffff_fffe;                                // differs in bit 0
    r = rec.send(h);
    check(r == 1 && starts_with(warpref_dpi_summary(h), "b:"), {"mask b:0xffff: bit 0 is compared: ",
          warpref_dpi_summary(h)});
    warpref_dpi_free(h);
    h = warpref_dpi_new(prog, 0, OPERANDS_SELF, "nosuch", "", 1, 0, -1);
    check(h == null && contains(warpref_dpi_messages(null), "unknown field 'nosuch'"),
          {"ignore of an unknown field: ", warpref_dpi_messages(null)});
    h = warpref_dpi_new(prog, 0, OPERANDS_SELF, "", "rpc", 1, 0, -1);
    check(h == null && contains(warpref_dpi_messages(null), "FIELD:MASK"),
          {"mask without a value: ", warpref_dpi_messages(null)});

    // a missing program, a malformed one: null, the message names file:line:col
    path = {outdir, "/dpi_test_missing.s"};
    h = warpref_dpi_new(path, 0, OPERANDS_SELF, "", "", 1, 0, -1);
    check(h == null && contains(warpref_dpi_messages(null), path), {"missing program: ", warpref_dpi_messages(null)});
    path = {outdir, "/dpi_test_bad.s"};
    begin
      int fd;
      fd = $fopen(path, "w");
      $fdisplay(fd, "NOP ;");
      $fdisplay(fd, "BAR.SYNC 0x10 ;");
      $fclose(fd);
    end
    h = warpref_dpi_new(path, 0, OPERANDS_SELF, "", "", 1, 0, -1);
    check(h == null && starts_with(warpref_dpi_messages(null), {path, ":2:10: error:"}),
          {"malformed program: ", warpref_dpi_messages(null)});
    h = new_handle(OPERANDS_SELF, "", "", 0);
    check(h != null && warpref_dpi_messages(null) == "", "a successful warpref_dpi_new clears the message");
    warpref_dpi_free(h);

    // wakes: early is a mismatch; inside wake_early it is accepted
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, 3);
    rec.build(3);                                         // NANOSLEEP: deadline 35
    ok &= rec.send(h) == 0;
    r = warpref_dpi_wake(h, 34, 0, 1);
    check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "wake:") && contains(warpref_dpi_summary(h), "early"),
          {"a wake one cycle early: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);
    h = new_handle(OPERANDS_SELF, "", "", 1);
    ok = run_upto(h, 3);
    rec.build(3);
    ok &= rec.send(h) == 0;
    r = warpref_dpi_wake(h, 34, 0, 1);
    check(ok && r == 0 && warpref_dpi_count(h, COUNT_WAKES) == 1, "a wake one cycle early with wake_early 1 passes");
    warpref_dpi_free(h);
    h = new_handle(OPERANDS_SELF, "", "", 0);
    r = warpref_dpi_wake(h, 10, 0, 0);
    check(r == 1 && starts_with(warpref_dpi_summary(h), "wake:"), {"a wake of a warp with no deadline: ",
          warpref_dpi_summary(h)});
    warpref_dpi_free(h);

    // the final compare: before any retire; a wrong register at the end
    h = new_handle(OPERANDS_SELF, "", "", 0);
    fin.masks[0] = ALL; fin.masks[1] = ALL; fin.masks[2] = 0; fin.masks[3] = 0; fin.masks[4] = 0;
    for (int i = 0; i < 8192; i++) fin.regs[i] = 0;
    for (int p = 0; p < 7; p++) fin.preds[p] = 0;
    for (int b = 0; b < 32; b++) fin.bars[b] = 0;
    warpref_dpi_final_warp(h, 0, RUN_READY, 0, fin.masks, fin.breg, NREGS, fin.regs, fin.preds);
    r = warpref_dpi_final(h, 0, "deadlock", 0, fin.bars);
    check(r == 1 && contains(warpref_dpi_summary(h), "compared 0 instructions"),
          {"final before any retire: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, NREC);
    fin.correct();
    fin.regs[3 * 32 + 20] = 2;
    r = fin.send(h);
    check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "final: warp 0 R3 lane 20"),
          {"final with R3 lane 20 wrong: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, NREC);
    fin.correct();
    fin.bars[3] = 0;
    r = fin.send(h);
    check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "final: barrier 3 word"),
          {"final with barrier 3 wrong: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);
    // the design's undefined-lane marks (SPEC-NOTES section 5): R3 lanes 4 and 5 called
    // undefined where the model's are defined fail; none, or in operand-driven mode, pass
    for (int i = 0; i < 3; i++) begin
      int unsigned ru [256], pu [7];
      for (int k = 0; k < 256; k++) ru[k] = 0;
      for (int p = 0; p < 7; p++) pu[p] = 0;
      if (i != 0) ru[3] = 'h30;
      h = new_handle(i == 2 ? OPERANDS_DRIVEN : OPERANDS_SELF, "", "", 0);
      ok = run_upto(h, NREC);
      fin.correct();
      warpref_dpi_final_undef(h, 0, NREGS, ru, pu);
      r = fin.send(h);
      if (i == 1)
        check(ok && r == 1 && warpref_dpi_summary(h) == {"final: warp 0 R3 lanes 0x00000030: undefined in the RTL, ",
              "defined in the model (SPEC-NOTES section 5)"}, {"final with R3 lanes 4, 5 undefined: ",
              warpref_dpi_summary(h)});
      else
        check(ok && r == 0, {"final marks agreeing, or operand-driven: ", warpref_dpi_messages(h)});
      warpref_dpi_free(h);
    end
    // the end: the run is a deadlock (warp 0 blocked on barrier 3); done, limit or an
    // unknown end is not; st_woke must be the model's (no wake pending)
    foreach (ends_wrong[i]) begin
      h = new_handle(OPERANDS_SELF, "", "", 0);
      ok = run_upto(h, NREC);
      fin.correct();
      warpref_dpi_final_warp(h, 0, RUN_BLOCKED, 'h100, fin.masks, fin.breg, NREGS, fin.regs, fin.preds);
      r = warpref_dpi_final(h, 48, ends_wrong[i], 0, fin.bars);
      check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "end: ") &&
            contains(warpref_dpi_summary(h), ends_wrong[i]), {"end ", ends_wrong[i], ": ", warpref_dpi_summary(h)});
      warpref_dpi_free(h);
    end
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, NREC);
    fin.correct();
    warpref_dpi_final_warp(h, 0, RUN_BLOCKED, 'h100, fin.masks, fin.breg, NREGS, fin.regs, fin.preds);
    r = warpref_dpi_final(h, 48, "deadlock", 1, fin.bars);
    check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "wake: warps woken whose `wake` is not yet reported"),
          {"st_woke wrong at the end: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);
    // a fire that says it did not wake the asleep warp
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, 3);
    rec.build(3);
    ok &= rec.send(h) == 0;
    r = warpref_dpi_wake(h, 35, 0, 0);
    check(ok && r == 1 && contains(warpref_dpi_summary(h), "says it did not wake the warp, but the model has it asleep"),
          {"a wake that did not wake: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);

    // the dump and the result file of a mismatch
    h = new_handle(OPERANDS_SELF, "", "", 0);
    ok = run_upto(h, 4);
    rec.build(4);
    rec.wrong("write.gpr", 4);
    r = rec.send(h);
    path = {outdir, "/dpi_test_dump"};
    check(ok && r == 1 && warpref_dpi_dump(h, path, "dpi_test", "0", "", "build/tests/dpi/dpi_test +prog=...") == 0,
          "warpref_dpi_dump");
    s = first_line({path, ".txt"});
    check(starts_with(s, "warpref lockstep MISMATCH"), {"BASE.txt: ", s});
    s = first_line({path, ".json"});
    check(starts_with(s, "{\"failed\":true,\"test\":\"dpi_test\"") && contains(s, "\"field\":\"write.gpr\"")
          && contains(s, "\"pc\":\"0x40\""), {"BASE.json: ", s.substr(0, 200)});
    path = {outdir, "/dpi_test_fail.result.json"};
    check(warpref_dpi_result(h, path, "fail", 35, "mismatch") == 0, "warpref_dpi_result (fail)");
    s = first_line(path);
    check(starts_with(s, "{\"status\":\"fail\",\"retired\":5,\"compared\":5,\"mismatched\":1,\"adopted\":0,\"cycles\":35,\"end\":\"mismatch\"")
          && contains(s, "\"field\":\"write.gpr\",\"rule\":\"N-54\",\"warp\":0,\"pc\":\"0x40\",\"cycle\":35"),
          {"result file of the failure: ", s});
    r = warpref_dpi_dump(h, {outdir, "/no/such/dir/dump"}, "", "", "", "");
    s = warpref_dpi_messages(h);
    check(r == -1 && starts_with(warpref_dpi_summary(h), "write.gpr:") && contains(s, "dump: cannot open"),
          {"a dump that cannot be written: -1, a message; the summary stays the failure: ", s});
    warpref_dpi_free(h);

    // operand-driven mode: the operands are trusted (in.* not compared), the model
    // computes from them
    h = new_handle(OPERANDS_DRIVEN, "", "", 0);
    ok = run_upto(h, NREC);
    fin.correct();
    r = fin.send(h);
    check(ok && r == 0, {"driven: the correct sequence and end agree; ", warpref_dpi_messages(h)});
    warpref_dpi_free(h);
    h = new_handle(OPERANDS_DRIVEN, "", "", 0);
    ok = run_upto(h, 5);
    rec.build(5);
    rec.c = 'h1235;                                           // the constant read is trusted ...
    r = rec.send(h);
    check(ok && r == 1 && starts_with(warpref_dpi_summary(h), "write.gpr:"),
          {"driven: a wrong constant read shows in the write: ", warpref_dpi_summary(h)});
    warpref_dpi_free(h);

    // visa's four-register signal (V-01, issue 17 H): Re travels in warpref_dpi_retire_in
    // and reaches the operand compare; a wrong lane of it is an in.re mismatch
    visa_four_registers(0);
    visa_four_registers(1);

    // register pairs: the write of R[4:5] and the read of Ra as a pair, each half
    pair_records(0, -1, "", "", "");
    pair_records(1, 0, "write.gpr: warp 0 pc 0x0 LEPC R[4:5], -0x20: 1 field differ [N-54; LEPC N-17]",
                 "  write.gpr              N-54  R5 of warp 0 differs, lanes 0x00000080",
                 "      lane  7: model 0xffffffff (don't-care 0x00000000), RTL 0x00000000");
    pair_records(2, 0, "write.gpr: warp 0 pc 0x0 LEPC R[4:5], -0x20: 1 field differ [N-54; LEPC N-17]",
                 "  write.gpr              N-54  R4 of warp 0 differs, lanes 0x00000080",
                 "      lane  7: model 0xffffffe0 (don't-care 0x00000000), RTL 0x00000000");
    pair_records(3, 1, "in.ra: warp 0 pc 0x10 CALL.ABS R[4:5], 0x40: 1 field differ [N-51; CALL.ABS N-16]",
                 "  in.ra                  N-51  differs, lanes 0x00000080",
                 "      lane  7: model 0xffffffffffffffe0, RTL 0xffffffe0");
    pair_records(4, 1, "active: warp 0 pc 0x10 CALL.ABS R[4:5], 0x40: 2 fields differ [N-12; CALL.ABS N-16]",
                 "  active                 N-12  differs, lanes 0x00000080: model 0xffffff7f, RTL 0xffffffff",
                 "      lane  7: model 0x100000020, RTL 0x0");

    // a null handle
    check(rec.send(null) == -1 && warpref_dpi_final(null, 0, "deadlock", 0, fin.bars) == -1 && warpref_dpi_stopped(null) == 1,
          "a null handle: -1");

    $display("%0d passed, %0d failed", npass, nfail);
    if (nfail != 0) exit(1);
    $finish;
  end
endmodule
