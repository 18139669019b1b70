// warpref_bru.sv - the branch/reconvergence unit (seed 003, SPEC-NOTES
// section 3, N-10..N-27): combinational.  Given the issuing warp's state and
// one decoded BRU instruction with its operand values, computes the warp's
// state after, its destination write (LEPC, BMOV), a new sleep deadline and
// its events.  Written from the seed's pseudo-code; the words are those of
// SPEC-NOTES section 1 (pmask, arrivemask, switch_to, all_asleep, lowest).
module warpref_bru (
  input  logic [127:0]        insn_i,
  input  logic [warpref_isa_pkg::FORM_BITS-1:0] form_i,
  input  logic [7:0]          optype_i,
  input  logic [warpref_rtl_pkg::NBUGS-1:0] bug_i,
  input  logic [63:0]         now_i,
  // the warp before (sleep already cleared by a deadline that fired)
  input  logic [63:0]         apc_i,
  input  logic [31:0]         valid_i,
  input  logic [31:0]         active_i,
  input  logic [31:0]         yield_i,
  input  logic [31:0]         sleep_i,
  input  logic [31:0]         switch_i,
  input  logic [32*64-1:0]    rpc_i,
  input  logic [16*32-1:0]    breg_i,
  input  logic                armed_i,        // a sleep deadline is set
  input  logic [63:0]         deadline_i,
  // operands
  input  logic [31:0]         pmask_i,        // ActiveMask & pgv & ppv
  input  logic [31:0]         pgv_i,
  input  logic [31:0]         ppv_i,
  input  logic [32*64-1:0]    ra_i,           // RZ reads 0; pairs 64-bit
  input  logic [32*32-1:0]    rb_i,
  input  logic [63:0]         ur_i,           // URZ reads 0
  input  logic [63:0]         c_i,
  // the warp after
  output logic [63:0]         apc_o,
  output logic [31:0]         valid_o,
  output logic [31:0]         active_o,
  output logic [31:0]         yield_o,
  output logic [31:0]         sleep_o,
  output logic [31:0]         switch_o,
  output logic [32*64-1:0]    rpc_o,
  output logic [16*32-1:0]    breg_o,
  output logic                armed_o,
  output logic [63:0]         deadline_o,
  // destination GPR (LEPC pair, BMOV Rd)
  output logic [31:0]         rd_we_o,
  output logic                rd_pair_o,
  output logic [32*64-1:0]    rd_val_o,
  // events
  output logic                ev_sleep_o,     // the whole warp goes to sleep
  output logic                ev_exit_o,      // the warp fully exited (N-18)
  output logic                ev_trap_o,
  output logic                ev_syscall_o,
  output logic                ev_rtt_o,
  output logic [31:0]         trap_idx_o,
  output logic [3:0]          exc_o
);

  localparam int unsigned BUGW = warpref_rtl_pkg::NBUGS;

  // ---- fields ----
  logic [1:0]  cond;
  logic        bitnot;
  logic [3:0]  bregn;
  logic [63:0] off16;        // offset * INST_SIZE
  logic [63:0] next;
  logic [31:0] imm32;
  logic        is_abs;
  logic        clear;
  logic [31:0] bcur;         // Bn before

  always_comb begin
    cond   = insn_i[warpref_isa_pkg::F_COND_LSB +: 2];
    bitnot = form_i == warpref_isa_pkg::FORM_BRA_U ? insn_i[warpref_isa_pkg::F_BITNOT_LSB_BRA_U]
                                                   : insn_i[warpref_isa_pkg::F_BITNOT_LSB_WARPSYNC_R];
    bregn  = insn_i[warpref_isa_pkg::F_BREG_LSB +: 4];
    off16  = {{10{insn_i[warpref_isa_pkg::F_OFFSET_LSB + 49]}}, insn_i[warpref_isa_pkg::F_OFFSET_LSB +: 50], 4'b0};
    next   = apc_i + 64'd16;
    imm32  = insn_i[warpref_isa_pkg::F_IMM32_LSB +: 32];
    is_abs = insn_i[warpref_isa_pkg::F_BASEMODE_LSB];
    clear  = insn_i[warpref_isa_pkg::F_CLEAR_LSB];
    bcur   = breg_i[bregn*32 +: 32];
  end

  // ---- branch targets (N-10, N-15, N-16), per lane ----
  logic [32*64-1:0] tgt;
  logic [63:0]      base;
  always_comb begin
    base = (is_abs && !(optype_i == warpref_isa_pkg::OPT_BRX)) ? 64'd0
         : (bug_i[warpref_rtl_pkg::BUG_CALL_REL_FROM_PC] && optype_i == warpref_isa_pkg::OPT_CALL) ? apc_i
         : next;
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
      logic [63:0] v;
      logic [63:0] o;
    /*verilator tracing_on*/
      o = off16;
      if (bug_i[warpref_rtl_pkg::BUG_RET_NO_OFFSET] && optype_i == warpref_isa_pkg::OPT_RET) o = 64'd0;
      unique case (form_i)
        warpref_isa_pkg::FORM_BRA_U, warpref_isa_pkg::FORM_BRA_X: v = next + off16;
        warpref_isa_pkg::FORM_BRX_R:
          v = next + (bug_i[warpref_rtl_pkg::BUG_BRX_ZERO_EXTEND] ? {32'd0, ra_i[l*64 +: 32]}
                                                                  : {{32{ra_i[l*64+31]}}, ra_i[l*64 +: 32]}) + off16;
        warpref_isa_pkg::FORM_BRX_U: v = next + {{32{ur_i[31]}}, ur_i[31:0]} + off16;
        warpref_isa_pkg::FORM_BRX_C: v = next + {{32{c_i[31]}}, c_i[31:0]};
        warpref_isa_pkg::FORM_CALL_R, warpref_isa_pkg::FORM_RET_R: v = base + ra_i[l*64 +: 64] + o;
        warpref_isa_pkg::FORM_CALL_U, warpref_isa_pkg::FORM_RET_U: v = base + ur_i + o;
        default: v = base + c_i;   // CALL_C, RET_C: 64-bit constant, no offset
      endcase
      tgt[l*64 +: 64] = v;
    end
  end

  // ---- BRA branch mask (N-11) ----
  logic [31:0] bra_jump;
  always_comb begin : p_bra_mask
    logic is_div;
    logic [31:0] urm;
    logic [31:0] pg;
    urm = ur_i[31:0] ^ {32{bitnot}};
    pg  = pgv_i & ppv_i;
    is_div = 1'b0;
    bra_jump = 32'd0;
    if (form_i == warpref_isa_pkg::FORM_BRA_X) begin
      is_div = bug_i[warpref_rtl_pkg::BUG_BRA_DIV_ACTIVE] ? pmask_i != active_i : pmask_i != valid_i;
      unique case (cond)
        2'd0: bra_jump = pmask_i;
        2'd1: bra_jump = (bug_i[warpref_rtl_pkg::BUG_BRA_U_ANY] ? pmask_i != 32'd0 : pmask_i == active_i)
                         ? active_i : 32'd0;
        2'd2: bra_jump = is_div ? pmask_i : 32'd0;
        default: bra_jump = is_div ? 32'd0 : pmask_i;
      endcase
    end else begin
      if (((valid_i ^ active_i) & urm) != 32'd0) is_div = 1'b1;
      else if (pmask_i != 32'd0 && pmask_i != active_i) is_div = (active_i & ~pg & urm) != 32'd0;
      else is_div = 1'b0;
      if (cond == 2'd2) bra_jump = (pmask_i != 32'd0 && is_div) ? active_i : 32'd0;
      else              bra_jump = (pmask_i != 32'd0 && !is_div) ? active_i : 32'd0;
    end
  end

  // ---- shared datapath, part 1: arrivemask and the per-lane WARPSYNC masks ----
  logic [31:0]      arrive;            // ActiveMask | (ValidMask & RPC == ActivePC)
  logic [32*32-1:0] mm;                // WARPSYNC Rb: membermask of each lane & ValidMask
  logic [31:0]      ws_not_member, ws_any_member, ws_syncmask, ws_amask;
  logic             ws_mismatch;
  always_comb begin : p_warpsync
    logic [31:0] eqm;
    arrive = active_i | (valid_i & warpref_rtl_pkg::rpc_eq(rpc_i, apc_i));
    ws_not_member = 32'd0; ws_any_member = 32'd0; ws_syncmask = 32'd0; ws_mismatch = 1'b0;
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) mm[l*32 +: 32] = (rb_i[l*32 +: 32] ^ {32{bitnot}}) & valid_i;
    /*verilator tracing_on*/
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      if (arrive[l]) begin
        ws_not_member[l] = !mm[l*32 + l];
        ws_any_member = ws_any_member | mm[l*32 +: 32];
        ws_syncmask[l] = bug_i[warpref_rtl_pkg::BUG_WARPSYNC_R_ALL_VALID] ? 1'b1 : (mm[l*32 +: 32] & ~arrive) == 32'd0;
      end else begin
        ws_syncmask[l] = bug_i[warpref_rtl_pkg::BUG_WARPSYNC_R_ALL_VALID] && valid_i[l] && (mm[l*32 +: 32] & ~arrive) == 32'd0;
      end
    end
    // two arrived lanes l, k with k in m[l] and m[k] != m[l] (N-25)
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      /*verilator tracing_off*/
      for (int k = 0; k < 32; k++) eqm[k] = mm[k*32 +: 32] == mm[l*32 +: 32];
      /*verilator tracing_on*/
      if (arrive[l] && (mm[l*32 +: 32] & arrive & ~eqm) != 32'd0) ws_mismatch = 1'b1;
    end
    ws_amask = mm[warpref_rtl_pkg::lowest(ws_syncmask)*32 +: 32];
  end

  // ---- control: the seed's pseudo-code on masks ----
  // How the datapath forms ActivePC, ActiveMask and RPC:
  localparam logic [1:0] PC_NEXT = 2'd0, PC_SAME = 2'd1, PC_TARGET = 2'd2, PC_SWITCH = 2'd3;
  localparam logic [1:0] AM_VALUE = 2'd0, AM_SWITCH = 2'd1, AM_BRANCH = 2'd2;
  logic [1:0]  pc_sel, am_sel;
  logic [4:0]  lid;                    // the lane switched to / the branch's first lane
  logic [31:0] act_v;                  // AM_VALUE: the new ActiveMask
  logic [31:0] sw_mask;                // AM_SWITCH: ActiveMask = lanes with RPC == RPC[lid] & sw_mask
  logic [31:0] set_m;                  // RPC[set_m lanes] = set_v
  logic [63:0] set_v;
  logic [31:0] tgt_m;                  // RPC[tgt_m lanes] = their branch target (partial branch)
  logic        sw_update;              // YIELD/NANOSLEEP: update SwitchMask after the switch
  logic [31:0] sw_pre;
  always_comb begin : p_update
    logic [31:0] mask_np, mask_p, bmask, cmask, ny, y, b_jump, sw, mm_u;
    logic        do_sleep;
    logic [31:0] t, tv;
    logic [63:0] wake_at;

    pc_sel = PC_NEXT; am_sel = AM_VALUE; lid = 5'd0; act_v = active_i; sw_mask = 32'd0;
    set_m = 32'd0; set_v = 64'd0; tgt_m = 32'd0; sw_update = 1'b0; sw_pre = switch_i;
    valid_o = valid_i; yield_o = yield_i; sleep_o = sleep_i; breg_o = breg_i;
    armed_o = armed_i; deadline_o = deadline_i;
    rd_we_o = 32'd0; rd_pair_o = 1'b0;
    ev_sleep_o = 1'b0; ev_exit_o = 1'b0; ev_trap_o = 1'b0; ev_syscall_o = 1'b0; ev_rtt_o = 1'b0;
    trap_idx_o = 32'd0; exc_o = warpref_rtl_pkg::EXC_NONE;

    mask_np = active_i & ~pmask_i;     // guard-false lanes
    mask_p  = active_i & pmask_i;
    bmask = 32'd0; cmask = 32'd0; ny = 32'd0; y = 32'd0; b_jump = 32'd0; sw = 32'd0; mm_u = 32'd0;
    do_sleep = 1'b0; t = 32'd0; tv = 32'd0; wake_at = 64'd0;

    unique case (optype_i)
      // ---- BRA, BRX, CALL, RET: taking a branch (N-12..N-14) ----
      warpref_isa_pkg::OPT_BRA, warpref_isa_pkg::OPT_BRX,
      warpref_isa_pkg::OPT_CALL, warpref_isa_pkg::OPT_RET: begin
        b_jump = optype_i == warpref_isa_pkg::OPT_BRA ? bra_jump : pmask_i;
        if (b_jump == 32'd0) begin
          pc_sel = PC_NEXT;
        end else if (b_jump == active_i) begin  // all jump: lanes whose target differs wait there
          lid = warpref_rtl_pkg::lowest(active_i);
          pc_sel = PC_TARGET;
          am_sel = AM_BRANCH;
        end else begin                          // fall-through first
          act_v = active_i & ~b_jump;           // N-14
          tgt_m = b_jump;
        end
      end

      // ---- LEPC (N-17) ----
      warpref_isa_pkg::OPT_LEPC: begin
        rd_we_o = pmask_i;
        rd_pair_o = 1'b1;
      end

      // ---- EXIT (N-18) ----
      warpref_isa_pkg::OPT_EXIT: begin
        if (mask_np != 32'd0) begin           // partial exit
          if (!bug_i[warpref_rtl_pkg::BUG_EXIT_PARTIAL_VALID]) valid_o = valid_i & ~pmask_i;
          act_v = mask_np;
        end else begin
          valid_o = valid_i & ~active_i;
          if (valid_o == 32'd0) begin         // the warp exits (fix: Active = 0)
            act_v = 32'd0;
            pc_sel = PC_SAME;
            armed_o = 1'b0;
            ev_exit_o = 1'b1;
          end else begin                      // switch: candidates = ValidMask
            cmask = valid_o;
            do_sleep = (cmask & ~sleep_i) == 32'd0;
            if (!do_sleep) cmask = cmask & ~sleep_i;
            ny = cmask & ~yield_i;
            y  = cmask & yield_i;
            if (bug_i[warpref_rtl_pkg::BUG_EXIT_SWITCH_YIELDED]) lid = y != 32'd0 ? warpref_rtl_pkg::lowest(y) : warpref_rtl_pkg::lowest(ny);
            else lid = ny != 32'd0 ? warpref_rtl_pkg::lowest(ny) : warpref_rtl_pkg::lowest(y);
            pc_sel = PC_SWITCH;
            am_sel = AM_SWITCH;
            sw_mask = valid_o;                // & ValidMask, as written
            ev_sleep_o = do_sleep;
          end
        end
      end

      // ---- BMOV (N-19) ----
      warpref_isa_pkg::OPT_BMOV: begin
        if (form_i == warpref_isa_pkg::FORM_BMOV_X) begin
          rd_we_o = pmask_i;
          if (clear && pmask_i != 32'd0) breg_o[bregn*32 +: 32] = 32'd0;
        end else if (pmask_i != 32'd0) begin
          lid = bug_i[warpref_rtl_pkg::BUG_BMOV_HIGHEST] ? warpref_rtl_pkg::highest(pmask_i)
                                                         : warpref_rtl_pkg::lowest(pmask_i);
          breg_o[bregn*32 +: 32] = ra_i[lid*64 +: 32];
        end
      end

      // ---- BSSY (N-20) ----
      warpref_isa_pkg::OPT_BSSY: begin
        if (pmask_i != 32'd0)
          breg_o[bregn*32 +: 32] = bug_i[warpref_rtl_pkg::BUG_BSSY_OVERWRITE] ? pmask_i : bcur | pmask_i;
      end

      // ---- BSYNC (N-21) ----
      warpref_isa_pkg::OPT_BSYNC: begin
        if (mask_np != 32'd0) begin           // guard split; Bn untouched
          set_m = mask_p; set_v = apc_i;
          act_v = mask_np;
        end else begin
          bmask = bcur & valid_i & ~active_i;
          if (!bug_i[warpref_rtl_pkg::BUG_BSYNC_NO_WRITEBACK]) breg_o[bregn*32 +: 32] = bmask;
          if (bmask == 32'd0) begin           // full sync
            act_v = arrive;
            if (!bug_i[warpref_rtl_pkg::BUG_BSYNC_YIELD_KEEP]) yield_o = yield_i & ~arrive;
          end else begin
            cmask = valid_i & ~arrive & ~yield_i;
            if ((cmask & ~sleep_i) == 32'd0) begin   // yield release (also all asleep)
              act_v = arrive;
              yield_o = yield_i & ~pmask_i;          // H-3: pmask only
            end else begin
              cmask = cmask & ~sleep_i;
              ny = cmask & bmask;
              y  = cmask & ~bmask;
              set_m = active_i; set_v = apc_i;       // the active lanes wait here
              cmask = ny != 32'd0 ? ny : y;          // H-1: outside bmask before release
              lid = bug_i[warpref_rtl_pkg::BUG_BSYNC_HIGHEST] ? warpref_rtl_pkg::highest(cmask) : warpref_rtl_pkg::lowest(cmask);
              pc_sel = PC_SWITCH;
              am_sel = AM_SWITCH;
              sw_mask = cmask;
            end
          end
        end
      end

      // ---- YIELD (N-22) and NANOSLEEP (N-23) ----
      warpref_isa_pkg::OPT_YIELD, warpref_isa_pkg::OPT_NANOSLEEP: begin
        if (mask_np != 32'd0) begin           // guard split: parks at the instruction, no timer
          set_m = mask_p; set_v = apc_i;
          act_v = mask_np;
        end else begin
          if (optype_i == warpref_isa_pkg::OPT_NANOSLEEP) begin
            unique case (form_i)
              warpref_isa_pkg::FORM_NANOSLEEP_R: begin
                t = 32'hffffffff;
                /*verilator tracing_off*/
                for (int l = 0; l < 32; l++) begin
                /*verilator tracing_on*/
                  tv = rb_i[l*32 +: 32];
                  if (pmask_i[l] && tv < t) t = tv;
                end
              end
              warpref_isa_pkg::FORM_NANOSLEEP_U: t = ur_i[31:0];
              warpref_isa_pkg::FORM_NANOSLEEP_I: t = imm32;
              default:                           t = c_i[31:0];
            endcase
            wake_at = now_i + {32'd0, t} + (bug_i[warpref_rtl_pkg::BUG_NANOSLEEP_LATE] ? 64'd1 : 64'd0);
            if (wake_at < now_i) wake_at = 64'hffffffff_fffffffe;
            if (!armed_i || wake_at < deadline_i) deadline_o = wake_at;
            armed_o = 1'b1;
            sleep_o = sleep_i | active_i;
          end
          if (valid_i == active_i) begin      // no divergence
            ev_sleep_o = optype_i == warpref_isa_pkg::OPT_NANOSLEEP;
          end else begin                      // switch within SwitchMask
            sw = switch_i & (valid_i ^ active_i);
            if (sw == 32'd0 || bug_i[warpref_rtl_pkg::BUG_YIELD_NO_SWITCHMASK]) sw = valid_i ^ active_i;
            cmask = sw;
            do_sleep = (cmask & ~sleep_o) == 32'd0;
            if (!do_sleep) cmask = cmask & ~sleep_o;
            ny = cmask & ~yield_i;
            y  = cmask & yield_i;
            lid = ny != 32'd0 ? warpref_rtl_pkg::lowest(ny) : warpref_rtl_pkg::lowest(y);
            yield_o = yield_i | active_i;
            set_m = active_i; set_v = next;   // N-22: they resume after it
            pc_sel = PC_SWITCH;
            am_sel = AM_SWITCH;
            sw_mask = valid_i ^ active_i;
            sw_update = 1'b1;
            sw_pre = sw;
            ev_sleep_o = do_sleep;
          end
        end
      end

      // ---- BREAK (N-24) ----
      warpref_isa_pkg::OPT_BREAK: begin
        if (bug_i[warpref_rtl_pkg::BUG_BREAK_CLEARS_ALL] && pmask_i != 32'd0) breg_o[bregn*32 +: 32] = 32'd0;
        else breg_o[bregn*32 +: 32] = bcur & ~pmask_i;
      end

      // ---- WARPSYNC (N-25); exceptions leave everything as it was (N-37) ----
      warpref_isa_pkg::OPT_WARPSYNC: begin
        if (mask_np != 32'd0) begin           // guard split (H-2)
          set_m = mask_p; set_v = apc_i;
          act_v = mask_np;
        end else if (form_i != warpref_isa_pkg::FORM_WARPSYNC_R) begin
          unique case (form_i)
            warpref_isa_pkg::FORM_WARPSYNC_I: mm_u = imm32;
            warpref_isa_pkg::FORM_WARPSYNC_U: mm_u = ur_i[31:0] ^ {32{bitnot}};
            default:                          mm_u = c_i[31:0] ^ {32{bitnot}};
          endcase
          if (!bug_i[warpref_rtl_pkg::BUG_WARPSYNC_NO_VALID]) mm_u = mm_u & valid_i;
          if ((arrive & ~mm_u) != 32'd0) begin
            exc_o = warpref_rtl_pkg::EXC_WARPSYNC_NOT_MEMBER;
            pc_sel = PC_SAME;
          end else if ((arrive & mm_u) == mm_u) begin
            act_v = mm_u;
          end else begin
            cmask = valid_i & ~arrive & mm_u;
            do_sleep = (cmask & ~sleep_i) == 32'd0;
            if (!do_sleep) cmask = cmask & ~sleep_i;
            ny = cmask & ~yield_i;
            y  = cmask & yield_i;
            set_m = active_i; set_v = apc_i;
            cmask = ny != 32'd0 ? ny : y;
            lid = warpref_rtl_pkg::lowest(cmask);
            pc_sel = PC_SWITCH;
            am_sel = AM_SWITCH;
            sw_mask = cmask;
            ev_sleep_o = do_sleep;
          end
        end else begin                        // per-lane membermask
          if (ws_not_member != 32'd0) begin
            exc_o = warpref_rtl_pkg::EXC_WARPSYNC_NOT_MEMBER;
            pc_sel = PC_SAME;
          end else if (ws_mismatch) begin
            exc_o = warpref_rtl_pkg::EXC_WARPSYNC_GROUP_MISMATCH;
            pc_sel = PC_SAME;
          end else if (ws_syncmask != 32'd0) begin   // release one complete group
            set_m = active_i & ~ws_amask; set_v = apc_i;
            act_v = ws_amask;
          end else begin
            cmask = ws_any_member & valid_i & ~arrive;
            do_sleep = (cmask & ~sleep_i) == 32'd0;
            if (!do_sleep) cmask = cmask & ~sleep_i;
            ny = cmask & ~yield_i;
            y  = cmask & yield_i;
            lid = ny != 32'd0 ? warpref_rtl_pkg::lowest(ny) : warpref_rtl_pkg::lowest(y);
            set_m = active_i; set_v = apc_i;
            pc_sel = PC_SWITCH;
            am_sel = AM_SWITCH;
            sw_mask = valid_i;                // & ValidMask, as written
            ev_sleep_o = do_sleep;
          end
        end
      end

      // ---- RTT, TRAP, SYSCALL (N-26) ----
      warpref_isa_pkg::OPT_RTT, warpref_isa_pkg::OPT_TRAP, warpref_isa_pkg::OPT_SYSCALL: begin
        if (pmask_i != 32'd0) begin
          pc_sel = PC_SAME;
          ev_trap_o    = optype_i == warpref_isa_pkg::OPT_TRAP;
          ev_syscall_o = optype_i == warpref_isa_pkg::OPT_SYSCALL;
          ev_rtt_o     = optype_i == warpref_isa_pkg::OPT_RTT;
          unique case (form_i)
            warpref_isa_pkg::FORM_TRAP_I: trap_idx_o = imm32;
            warpref_isa_pkg::FORM_TRAP_R: trap_idx_o = rb_i[warpref_rtl_pkg::lowest(pmask_i)*32 +: 32];
            default:                      trap_idx_o = c_i[31:0];
          endcase
        end
      end

      default: ;
    endcase
  end

  // ---- shared datapath, part 2: ActivePC, ActiveMask, RPC, SwitchMask ----
  always_comb begin : p_next
    logic [63:0] x;
    logic [31:0] eq, differ;
    x = pc_sel == PC_TARGET ? tgt[lid*64 +: 64] : rpc_i[lid*64 +: 64];
    // lanes whose RPC after the update equals x (the updated lanes hold set_v)
    eq = (warpref_rtl_pkg::rpc_eq(rpc_i, x) & ~set_m) | (set_v == x ? set_m : 32'd0);
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) differ[l] = active_i[l] && tgt[l*64 +: 64] != x;
    /*verilator tracing_on*/
    unique case (pc_sel)
      PC_NEXT:   apc_o = next;
      PC_SAME:   apc_o = apc_i;
      default:   apc_o = x;
    endcase
    unique case (am_sel)
      AM_SWITCH: active_o = eq & sw_mask;
      AM_BRANCH: active_o = active_i & ~differ;
      default:   active_o = act_v;
    endcase
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      if ((am_sel == AM_BRANCH && differ[l]) || tgt_m[l]) rpc_o[l*64 +: 64] = tgt[l*64 +: 64];
      else if (set_m[l]) rpc_o[l*64 +: 64] = set_v;
      else rpc_o[l*64 +: 64] = rpc_i[l*64 +: 64];
    end
    switch_o = switch_i;
    if (sw_update) begin
      switch_o = sw_pre & (valid_i ^ active_o);
      if (switch_o == 32'd0) switch_o = valid_i ^ active_o;
    end
    // LEPC: ActivePC + offset; BMOV Rd, Bn: Bn
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++)
    /*verilator tracing_on*/
      rd_val_o[l*64 +: 64] = optype_i == warpref_isa_pkg::OPT_LEPC ? apc_i + off16 : {32'd0, bcur};
  end

  logic unused;
  assign unused = ^{insn_i[127:102], insn_i[31:0], BUGW};

endmodule
