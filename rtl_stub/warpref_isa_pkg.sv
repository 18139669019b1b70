// warpref_isa_pkg.sv - generated from model/include/warpref/isa.def by
// `warpref encoding --sv` (wr_isa_write_sv_package, model/src/isa/svpkg.c);
// do not edit by hand.  docs/encoding.md describes the same table.
//
// Yosys 0.23 reads it too: localparams and functions only; use
// warpref_isa_pkg::NAME.
// A design uses some of the names only.
/* verilator lint_off UNUSEDPARAM */
package warpref_isa_pkg;

  localparam int unsigned INST_SIZE = 16;
  localparam logic [7:0] REG_RZ = 8'd255;
  localparam logic [5:0] UREG_URZ = 6'd63;
  localparam logic [2:0] PRED_PT = 3'd7;

  // optypes (bits 7:0)
  localparam logic [7:0] OPT_BAR = 8'h10;
  localparam logic [7:0] OPT_BAR_RED = 8'h11;
  localparam logic [7:0] OPT_B2R = 8'h12;
  localparam logic [7:0] OPT_B2R_RESULT = 8'h13;
  localparam logic [7:0] OPT_R2B = 8'h14;
  localparam logic [7:0] OPT_BRA = 8'h20;
  localparam logic [7:0] OPT_BRX = 8'h21;
  localparam logic [7:0] OPT_CALL = 8'h22;
  localparam logic [7:0] OPT_RET = 8'h23;
  localparam logic [7:0] OPT_LEPC = 8'h24;
  localparam logic [7:0] OPT_EXIT = 8'h25;
  localparam logic [7:0] OPT_BMOV = 8'h26;
  localparam logic [7:0] OPT_BSSY = 8'h27;
  localparam logic [7:0] OPT_BSYNC = 8'h28;
  localparam logic [7:0] OPT_YIELD = 8'h29;
  localparam logic [7:0] OPT_BREAK = 8'h2a;
  localparam logic [7:0] OPT_WARPSYNC = 8'h2b;
  localparam logic [7:0] OPT_NANOSLEEP = 8'h2c;
  localparam logic [7:0] OPT_RTT = 8'h2d;
  localparam logic [7:0] OPT_TRAP = 8'h2e;
  localparam logic [7:0] OPT_SYSCALL = 8'h2f;
  localparam logic [7:0] OPT_NOP = 8'h40;
  localparam logic [7:0] OPT_S2R = 8'h41;
  localparam logic [7:0] OPT_MOV = 8'h42;
  localparam logic [7:0] OPT_IADD = 8'h43;
  localparam logic [7:0] OPT_LOP = 8'h44;
  localparam logic [7:0] OPT_SHL = 8'h45;
  localparam logic [7:0] OPT_SHR = 8'h46;
  localparam logic [7:0] OPT_ISETP = 8'h47;
  localparam logic [7:0] OPT_UMOV = 8'h48;
  localparam logic [7:0] OPT_LDC = 8'h49;
  localparam logic [7:0] OPT_SBAR_SYNC = 8'h50;
  localparam logic [7:0] OPT_SBAR_ARV = 8'h51;
  localparam logic [7:0] OPT_SBAR_RED = 8'h52;
  localparam logic [7:0] OPT_SBAR_SCAN = 8'h53;
  localparam logic [7:0] OPT_SBAR_SYNCALL = 8'h54;
  localparam logic [7:0] OPT_SB2R_RESULT = 8'h55;
  localparam logic [7:0] OPT_NBARRIER = 8'h60;
  localparam logic [7:0] OPT_PBAR_SYNC = 8'h70;
  localparam logic [7:0] OPT_PBAR_ARV = 8'h71;
  localparam logic [7:0] OPT_PBAR_RED = 8'h72;
  localparam logic [7:0] OPT_PBAR_REDP = 8'h73;

  // stypes (bits 11:8)
  localparam logic [3:0] ST_X = 4'd0;
  localparam logic [3:0] ST_I = 4'd1;
  localparam logic [3:0] ST_R = 4'd2;
  localparam logic [3:0] ST_RR = 4'd3;
  localparam logic [3:0] ST_RRI = 4'd4;
  localparam logic [3:0] ST_RIR = 4'd5;
  localparam logic [3:0] ST_U = 4'd6;
  localparam logic [3:0] ST_C = 4'd7;
  localparam logic [3:0] ST_RI = 4'd8;
  localparam logic [3:0] ST_NBW = 4'd9;
  localparam logic [3:0] ST_NBS = 4'd10;
  localparam logic [3:0] ST_NBG = 4'd11;

  // forms, in table order; FORM_NONE: no form has this (optype, stype)
  localparam int unsigned FORM_BITS = 7;
  localparam logic [6:0] FORM_BAR_I = 7'd0;
  localparam logic [6:0] FORM_BAR_RR = 7'd1;
  localparam logic [6:0] FORM_BAR_RRI = 7'd2;
  localparam logic [6:0] FORM_BAR_RIR = 7'd3;
  localparam logic [6:0] FORM_BAR_RED_I = 7'd4;
  localparam logic [6:0] FORM_BAR_RED_R = 7'd5;
  localparam logic [6:0] FORM_BAR_RED_RRI = 7'd6;
  localparam logic [6:0] FORM_BAR_RED_RIR = 7'd7;
  localparam logic [6:0] FORM_B2R_I = 7'd8;
  localparam logic [6:0] FORM_B2R_RESULT_X = 7'd9;
  localparam logic [6:0] FORM_R2B_RI = 7'd10;
  localparam logic [6:0] FORM_BRA_U = 7'd11;
  localparam logic [6:0] FORM_BRA_X = 7'd12;
  localparam logic [6:0] FORM_BRX_R = 7'd13;
  localparam logic [6:0] FORM_BRX_U = 7'd14;
  localparam logic [6:0] FORM_BRX_C = 7'd15;
  localparam logic [6:0] FORM_CALL_R = 7'd16;
  localparam logic [6:0] FORM_CALL_U = 7'd17;
  localparam logic [6:0] FORM_CALL_C = 7'd18;
  localparam logic [6:0] FORM_RET_R = 7'd19;
  localparam logic [6:0] FORM_RET_U = 7'd20;
  localparam logic [6:0] FORM_RET_C = 7'd21;
  localparam logic [6:0] FORM_LEPC_I = 7'd22;
  localparam logic [6:0] FORM_EXIT_X = 7'd23;
  localparam logic [6:0] FORM_BMOV_X = 7'd24;
  localparam logic [6:0] FORM_BMOV_R = 7'd25;
  localparam logic [6:0] FORM_BSSY_I = 7'd26;
  localparam logic [6:0] FORM_BSYNC_X = 7'd27;
  localparam logic [6:0] FORM_YIELD_X = 7'd28;
  localparam logic [6:0] FORM_BREAK_X = 7'd29;
  localparam logic [6:0] FORM_WARPSYNC_R = 7'd30;
  localparam logic [6:0] FORM_WARPSYNC_U = 7'd31;
  localparam logic [6:0] FORM_WARPSYNC_I = 7'd32;
  localparam logic [6:0] FORM_WARPSYNC_C = 7'd33;
  localparam logic [6:0] FORM_NANOSLEEP_R = 7'd34;
  localparam logic [6:0] FORM_NANOSLEEP_U = 7'd35;
  localparam logic [6:0] FORM_NANOSLEEP_I = 7'd36;
  localparam logic [6:0] FORM_NANOSLEEP_C = 7'd37;
  localparam logic [6:0] FORM_RTT_X = 7'd38;
  localparam logic [6:0] FORM_TRAP_R = 7'd39;
  localparam logic [6:0] FORM_TRAP_C = 7'd40;
  localparam logic [6:0] FORM_TRAP_I = 7'd41;
  localparam logic [6:0] FORM_SYSCALL_X = 7'd42;
  localparam logic [6:0] FORM_NOP_X = 7'd43;
  localparam logic [6:0] FORM_S2R_X = 7'd44;
  localparam logic [6:0] FORM_MOV_R = 7'd45;
  localparam logic [6:0] FORM_MOV_I = 7'd46;
  localparam logic [6:0] FORM_IADD_R = 7'd47;
  localparam logic [6:0] FORM_IADD_I = 7'd48;
  localparam logic [6:0] FORM_LOP_R = 7'd49;
  localparam logic [6:0] FORM_LOP_I = 7'd50;
  localparam logic [6:0] FORM_SHL_I = 7'd51;
  localparam logic [6:0] FORM_SHR_I = 7'd52;
  localparam logic [6:0] FORM_ISETP_R = 7'd53;
  localparam logic [6:0] FORM_ISETP_I = 7'd54;
  localparam logic [6:0] FORM_UMOV_I = 7'd55;
  localparam logic [6:0] FORM_LDC_C = 7'd56;
  localparam logic [6:0] FORM_SBAR_SYNC_I = 7'd57;
  localparam logic [6:0] FORM_SBAR_SYNC_RR = 7'd58;
  localparam logic [6:0] FORM_SBAR_SYNC_RRI = 7'd59;
  localparam logic [6:0] FORM_SBAR_SYNC_RIR = 7'd60;
  localparam logic [6:0] FORM_SBAR_ARV_I = 7'd61;
  localparam logic [6:0] FORM_SBAR_ARV_RR = 7'd62;
  localparam logic [6:0] FORM_SBAR_ARV_RRI = 7'd63;
  localparam logic [6:0] FORM_SBAR_ARV_RIR = 7'd64;
  localparam logic [6:0] FORM_SBAR_RED_I = 7'd65;
  localparam logic [6:0] FORM_SBAR_RED_RR = 7'd66;
  localparam logic [6:0] FORM_SBAR_RED_RRI = 7'd67;
  localparam logic [6:0] FORM_SBAR_RED_RIR = 7'd68;
  localparam logic [6:0] FORM_SBAR_SCAN_I = 7'd69;
  localparam logic [6:0] FORM_SBAR_SCAN_RR = 7'd70;
  localparam logic [6:0] FORM_SBAR_SCAN_RRI = 7'd71;
  localparam logic [6:0] FORM_SBAR_SCAN_RIR = 7'd72;
  localparam logic [6:0] FORM_SBAR_SYNCALL_X = 7'd73;
  localparam logic [6:0] FORM_SB2R_RESULT_X = 7'd74;
  localparam logic [6:0] FORM_NBARRIER_W = 7'd75;
  localparam logic [6:0] FORM_NBARRIER_S = 7'd76;
  localparam logic [6:0] FORM_NBARRIER_G = 7'd77;
  localparam logic [6:0] FORM_PBAR_SYNC_I = 7'd78;
  localparam logic [6:0] FORM_PBAR_SYNC_RR = 7'd79;
  localparam logic [6:0] FORM_PBAR_SYNC_RRI = 7'd80;
  localparam logic [6:0] FORM_PBAR_SYNC_RIR = 7'd81;
  localparam logic [6:0] FORM_PBAR_ARV_I = 7'd82;
  localparam logic [6:0] FORM_PBAR_ARV_RR = 7'd83;
  localparam logic [6:0] FORM_PBAR_ARV_RRI = 7'd84;
  localparam logic [6:0] FORM_PBAR_ARV_RIR = 7'd85;
  localparam logic [6:0] FORM_PBAR_RED_I = 7'd86;
  localparam logic [6:0] FORM_PBAR_RED_RR = 7'd87;
  localparam logic [6:0] FORM_PBAR_RED_RRI = 7'd88;
  localparam logic [6:0] FORM_PBAR_RED_RIR = 7'd89;
  localparam logic [6:0] FORM_PBAR_REDP_I = 7'd90;
  localparam logic [6:0] FORM_PBAR_REDP_RR = 7'd91;
  localparam logic [6:0] FORM_PBAR_REDP_RRI = 7'd92;
  localparam logic [6:0] FORM_PBAR_REDP_RIR = 7'd93;
  localparam logic [6:0] FORM_NONE = 7'd127;

  // profiles (SPEC-NOTES section 8; warpref_core's PROFILE), and the forms of
  // each: PROFILE_FORMS[p*128 +: 128], bit f set = form f is an instruction of
  // profile p (no form: a profile the stub does not implement)
  localparam int unsigned PROFILE_NATIVE = 0;
  localparam int unsigned PROFILE_SASS = 1;
  localparam int unsigned PROFILE_PTX = 2;
  localparam int unsigned PROFILE_VISA = 3;
  localparam int unsigned NPROFILES = 4;
  localparam logic [511:0] PROFILE_FORMS = {
    128'b00000000000000000000000000000000000000000000000000111000000000000000000111111111111111111111111111111111111111111111100000000000,   // visa
    128'b00000000000000000000000000000000001111111111111111000000000000000000000111111111111111111111111111111111111111111111100000000000,   // ptx
    128'b00000000000000000000000000000000000000000000000000000111111111111111111111111111111111111111111111111111111111111111110100000000,   // sass
    128'b00000000000000000000000000000000000000000000000000000000000000000000000111111111111111111111111111111111111111111111111111111111   // native
  };

  // field positions (seed field<lsb, width>)
  localparam int unsigned F_PG_LSB = 12, F_PG_W = 3;
  localparam int unsigned F_PG_NOT_LSB = 15, F_PG_NOT_W = 1;
  localparam int unsigned F_PP_LSB = 98, F_PP_W = 3;
  localparam int unsigned F_PP_NOT_LSB = 101, F_PP_NOT_W = 1;
  localparam int unsigned F_RD_LSB = 16, F_RD_W = 8;
  localparam int unsigned F_RA_LSB = 24, F_RA_W = 8;
  localparam int unsigned F_RB_LSB = 32, F_RB_W = 8;
  localparam int unsigned F_RC_LSB_BAR_RIR = 32, F_RC_W_BAR_RIR = 8;
  localparam int unsigned F_RC_LSB_BAR_RED_RIR = 32, F_RC_W_BAR_RED_RIR = 8;
  localparam int unsigned F_RC_LSB_NBARRIER_G = 40, F_RC_W_NBARRIER_G = 8;
  localparam int unsigned F_RE_LSB = 104, F_RE_W = 8;
  localparam int unsigned F_URA_LSB = 24, F_URA_W = 6;
  localparam int unsigned F_URB_LSB = 32, F_URB_W = 6;
  localparam int unsigned F_URD_LSB = 16, F_URD_W = 6;
  localparam int unsigned F_PU_LSB = 106, F_PU_W = 3;
  localparam int unsigned F_PD_LSB = 16, F_PD_W = 3;
  localparam int unsigned F_BARID_LSB = 40, F_BARID_W = 4;
  localparam int unsigned F_CNT_LSB = 44, F_CNT_W = 12;
  localparam int unsigned F_BARMODE_LSB = 80, F_BARMODE_W = 1;
  localparam int unsigned F_REDOP_LSB = 80, F_REDOP_W = 2;
  localparam int unsigned F_B2RMODE_LSB = 80, F_B2RMODE_W = 1;
  localparam int unsigned F_COND_LSB = 82, F_COND_W = 2;
  localparam int unsigned F_BASEMODE_LSB = 82, F_BASEMODE_W = 1;
  localparam int unsigned F_BITNOT_LSB_BRA_U = 84, F_BITNOT_W_BRA_U = 1;
  localparam int unsigned F_BITNOT_LSB_WARPSYNC_R = 97, F_BITNOT_W_WARPSYNC_R = 1;
  localparam int unsigned F_BITNOT_LSB_WARPSYNC_U = 97, F_BITNOT_W_WARPSYNC_U = 1;
  localparam int unsigned F_BITNOT_LSB_WARPSYNC_C = 97, F_BITNOT_W_WARPSYNC_C = 1;
  localparam int unsigned F_CLEAR_LSB = 82, F_CLEAR_W = 1;
  localparam int unsigned F_BREG_LSB = 84, F_BREG_W = 4;
  localparam int unsigned F_OFFSET_LSB = 32, F_OFFSET_W = 50;
  localparam int unsigned F_SYNCPOINT_LSB = 32, F_SYNCPOINT_W = 32;
  localparam int unsigned F_IMM32_LSB = 32, F_IMM32_W = 32;
  localparam int unsigned F_CMEM_LSB = 32, F_CMEM_W = 22;
  localparam int unsigned F_SR_LSB = 40, F_SR_W = 8;
  localparam int unsigned F_LOP_LSB = 80, F_LOP_W = 2;
  localparam int unsigned F_CMP_LSB = 80, F_CMP_W = 3;
  localparam int unsigned F_CTA_LSB = 84, F_CTA_W = 1;
  localparam int unsigned F_ALIGNED_LSB = 85, F_ALIGNED_W = 1;
  localparam int unsigned F_NBMODE_LSB = 80, F_NBMODE_W = 1;
  localparam int unsigned F_NBID_LSB = 48, F_NBID_W = 5;
  localparam int unsigned F_NBID_R_LSB = 53, F_NBID_R_W = 1;
  localparam int unsigned F_NBTYPE_LSB = 56, F_NBTYPE_W = 2;
  localparam int unsigned F_NBTYPE_R_LSB = 58, F_NBTYPE_R_W = 1;
  localparam int unsigned F_NBNP_LSB = 64, F_NBNP_W = 8;
  localparam int unsigned F_NBNP_R_LSB = 72, F_NBNP_R_W = 1;
  localparam int unsigned F_NBNC_LSB = 88, F_NBNC_W = 8;
  localparam int unsigned F_NBNC_R_LSB = 96, F_NBNC_R_W = 1;

  // forms that have each field: bit f set = form f has it
  localparam logic [127:0] HAS_PG = 128'b1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111;
  localparam logic [127:0] HAS_PG_NOT = 128'b1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111;
  localparam logic [127:0] HAS_PP = 128'b1111111100000000000001111111100000000000000000000000000011111111110000101111111111100011110000;
  localparam logic [127:0] HAS_PP_NOT = 128'b1111111100000000000001111111100000000000000000000000000011111111110000101111111111100011110000;
  localparam logic [127:0] HAS_RD = 128'b0000111100000000000100000000000000000100011111111100000000000000000001010000000000001100000000;
  localparam logic [127:0] HAS_RA = 128'b0110011001100110111000110011001100110001111111101000000000000000000010000010010010010000000010;
  localparam logic [127:0] HAS_RB = 128'b1010101010101010110001000100010001000000100010100000001000010001000000000000000000000001100110;
  localparam logic [127:0] HAS_RC = 128'b0000000000000000100000000000000000000000000000000000000000000000000000000000000000000010001000;
  localparam logic [127:0] HAS_RE = 128'b0000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_URA = 128'b0000000000000000000000000000000000000000000000000000000000000000000000000100100100100000000000;
  localparam logic [127:0] HAS_URB = 128'b0000000000000000000000000000000000000000000000000000000000100010000000000000000000000000000000;
  localparam logic [127:0] HAS_URD = 128'b0000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_PU = 128'b0000000000000000000100000000000000000000000000000000000000000000000000000000000000001000000000;
  localparam logic [127:0] HAS_PD = 128'b1111000000000000000000000000000000000001100000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_BARID = 128'b1001100110011001000001001100110011001000000000000000000000000000000000000000000000010110011001;
  localparam logic [127:0] HAS_CNT = 128'b0101010101010101000000101010101010101000000000000000000000000000000000000000000000000001010101;
  localparam logic [127:0] HAS_BARMODE = 128'b0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001111;
  localparam logic [127:0] HAS_REDOP = 128'b1111000000000000000000000111100000000000000000000000000000000000000000000000000000000011110000;
  localparam logic [127:0] HAS_B2RMODE = 128'b0000000000000000000000000000000000000000000000000000000000000000000000000000000000010100000000;
  localparam logic [127:0] HAS_COND = 128'b0000000000000000000000000000000000000000000000000000000000000000000000000000000001100000000000;
  localparam logic [127:0] HAS_BASEMODE = 128'b0000000000000000000000000000000000000000000000000000000000000000000000001111110000000000000000;
  localparam logic [127:0] HAS_BITNOT = 128'b0000000000000000000000000000000000000000000000000000000000001011000000000000000000100000000000;
  localparam logic [127:0] HAS_CLEAR = 128'b0000000000000000000000000000000000000000000000000000000000000000000001000000000000000000000000;
  localparam logic [127:0] HAS_BREG = 128'b0000000000000000000000000000000000000000000000000000000000000000101111000000000000000000000000;
  localparam logic [127:0] HAS_OFFSET = 128'b0000000000000000000000000000000000000000000000000000000000000000000000010110110111100000000000;
  localparam logic [127:0] HAS_SYNCPOINT = 128'b0000000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000;
  localparam logic [127:0] HAS_IMM32 = 128'b0000000000000000000000000000000000000011011101010000100001000100000000000000000000000000000000;
  localparam logic [127:0] HAS_CMEM = 128'b0000000000000000000000000000000000000100000000000000010010001000000000001001001000000000000000;
  localparam logic [127:0] HAS_SR = 128'b0000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_LOP = 128'b0000000000000000000000000000000000000000000110000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_CMP = 128'b0000000000000000000000000000000000000001100000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_CTA = 128'b1111111111111111000000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_ALIGNED = 128'b1111111111111111000000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBMODE = 128'b0000000000000000111000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBID = 128'b0000000000000000111000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBID_R = 128'b0000000000000000111000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBTYPE = 128'b0000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBTYPE_R = 128'b0000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBNP = 128'b0000000000000000110000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBNP_R = 128'b0000000000000000110000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBNC = 128'b0000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000;
  localparam logic [127:0] HAS_NBNC_R = 128'b0000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000;
  // forms whose Pp is an input, not a guard: pmask = ActiveMask & Pg (N-05)
  localparam logic [127:0] PP_INPUT = 128'b1111111100000000000001111111100000000000000000000000000000000000000000000000000000000011110000;

  // form of a word; FORM_NONE if no form has its (optype, stype)
  function automatic logic [6:0] decode_form(input logic [11:0] opst);
    logic [6:0] f;
    unique case (opst)
      {4'd1, 8'h10}: f = FORM_BAR_I;
      {4'd2, 8'h10}: f = FORM_BAR_RR;
      {4'd4, 8'h10}: f = FORM_BAR_RRI;
      {4'd5, 8'h10}: f = FORM_BAR_RIR;
      {4'd1, 8'h11}: f = FORM_BAR_RED_I;
      {4'd2, 8'h11}: f = FORM_BAR_RED_R;
      {4'd4, 8'h11}: f = FORM_BAR_RED_RRI;
      {4'd5, 8'h11}: f = FORM_BAR_RED_RIR;
      {4'd1, 8'h12}: f = FORM_B2R_I;
      {4'd0, 8'h13}: f = FORM_B2R_RESULT_X;
      {4'd8, 8'h14}: f = FORM_R2B_RI;
      {4'd6, 8'h20}: f = FORM_BRA_U;
      {4'd0, 8'h20}: f = FORM_BRA_X;
      {4'd2, 8'h21}: f = FORM_BRX_R;
      {4'd6, 8'h21}: f = FORM_BRX_U;
      {4'd7, 8'h21}: f = FORM_BRX_C;
      {4'd2, 8'h22}: f = FORM_CALL_R;
      {4'd6, 8'h22}: f = FORM_CALL_U;
      {4'd7, 8'h22}: f = FORM_CALL_C;
      {4'd2, 8'h23}: f = FORM_RET_R;
      {4'd6, 8'h23}: f = FORM_RET_U;
      {4'd7, 8'h23}: f = FORM_RET_C;
      {4'd1, 8'h24}: f = FORM_LEPC_I;
      {4'd0, 8'h25}: f = FORM_EXIT_X;
      {4'd0, 8'h26}: f = FORM_BMOV_X;
      {4'd2, 8'h26}: f = FORM_BMOV_R;
      {4'd1, 8'h27}: f = FORM_BSSY_I;
      {4'd0, 8'h28}: f = FORM_BSYNC_X;
      {4'd0, 8'h29}: f = FORM_YIELD_X;
      {4'd0, 8'h2a}: f = FORM_BREAK_X;
      {4'd2, 8'h2b}: f = FORM_WARPSYNC_R;
      {4'd6, 8'h2b}: f = FORM_WARPSYNC_U;
      {4'd1, 8'h2b}: f = FORM_WARPSYNC_I;
      {4'd7, 8'h2b}: f = FORM_WARPSYNC_C;
      {4'd2, 8'h2c}: f = FORM_NANOSLEEP_R;
      {4'd6, 8'h2c}: f = FORM_NANOSLEEP_U;
      {4'd1, 8'h2c}: f = FORM_NANOSLEEP_I;
      {4'd7, 8'h2c}: f = FORM_NANOSLEEP_C;
      {4'd0, 8'h2d}: f = FORM_RTT_X;
      {4'd2, 8'h2e}: f = FORM_TRAP_R;
      {4'd7, 8'h2e}: f = FORM_TRAP_C;
      {4'd1, 8'h2e}: f = FORM_TRAP_I;
      {4'd2, 8'h2f}: f = FORM_SYSCALL_X;
      {4'd0, 8'h40}: f = FORM_NOP_X;
      {4'd0, 8'h41}: f = FORM_S2R_X;
      {4'd2, 8'h42}: f = FORM_MOV_R;
      {4'd1, 8'h42}: f = FORM_MOV_I;
      {4'd2, 8'h43}: f = FORM_IADD_R;
      {4'd1, 8'h43}: f = FORM_IADD_I;
      {4'd2, 8'h44}: f = FORM_LOP_R;
      {4'd1, 8'h44}: f = FORM_LOP_I;
      {4'd1, 8'h45}: f = FORM_SHL_I;
      {4'd1, 8'h46}: f = FORM_SHR_I;
      {4'd2, 8'h47}: f = FORM_ISETP_R;
      {4'd1, 8'h47}: f = FORM_ISETP_I;
      {4'd1, 8'h48}: f = FORM_UMOV_I;
      {4'd7, 8'h49}: f = FORM_LDC_C;
      {4'd1, 8'h50}: f = FORM_SBAR_SYNC_I;
      {4'd3, 8'h50}: f = FORM_SBAR_SYNC_RR;
      {4'd4, 8'h50}: f = FORM_SBAR_SYNC_RRI;
      {4'd5, 8'h50}: f = FORM_SBAR_SYNC_RIR;
      {4'd1, 8'h51}: f = FORM_SBAR_ARV_I;
      {4'd3, 8'h51}: f = FORM_SBAR_ARV_RR;
      {4'd4, 8'h51}: f = FORM_SBAR_ARV_RRI;
      {4'd5, 8'h51}: f = FORM_SBAR_ARV_RIR;
      {4'd1, 8'h52}: f = FORM_SBAR_RED_I;
      {4'd3, 8'h52}: f = FORM_SBAR_RED_RR;
      {4'd4, 8'h52}: f = FORM_SBAR_RED_RRI;
      {4'd5, 8'h52}: f = FORM_SBAR_RED_RIR;
      {4'd1, 8'h53}: f = FORM_SBAR_SCAN_I;
      {4'd3, 8'h53}: f = FORM_SBAR_SCAN_RR;
      {4'd4, 8'h53}: f = FORM_SBAR_SCAN_RRI;
      {4'd5, 8'h53}: f = FORM_SBAR_SCAN_RIR;
      {4'd0, 8'h54}: f = FORM_SBAR_SYNCALL_X;
      {4'd0, 8'h55}: f = FORM_SB2R_RESULT_X;
      {4'd9, 8'h60}: f = FORM_NBARRIER_W;
      {4'd10, 8'h60}: f = FORM_NBARRIER_S;
      {4'd11, 8'h60}: f = FORM_NBARRIER_G;
      {4'd1, 8'h70}: f = FORM_PBAR_SYNC_I;
      {4'd3, 8'h70}: f = FORM_PBAR_SYNC_RR;
      {4'd4, 8'h70}: f = FORM_PBAR_SYNC_RRI;
      {4'd5, 8'h70}: f = FORM_PBAR_SYNC_RIR;
      {4'd1, 8'h71}: f = FORM_PBAR_ARV_I;
      {4'd3, 8'h71}: f = FORM_PBAR_ARV_RR;
      {4'd4, 8'h71}: f = FORM_PBAR_ARV_RRI;
      {4'd5, 8'h71}: f = FORM_PBAR_ARV_RIR;
      {4'd1, 8'h72}: f = FORM_PBAR_RED_I;
      {4'd3, 8'h72}: f = FORM_PBAR_RED_RR;
      {4'd4, 8'h72}: f = FORM_PBAR_RED_RRI;
      {4'd5, 8'h72}: f = FORM_PBAR_RED_RIR;
      {4'd1, 8'h73}: f = FORM_PBAR_REDP_I;
      {4'd3, 8'h73}: f = FORM_PBAR_REDP_RR;
      {4'd4, 8'h73}: f = FORM_PBAR_REDP_RRI;
      {4'd5, 8'h73}: f = FORM_PBAR_REDP_RIR;
      default: f = FORM_NONE;
    endcase
    decode_form = f;
  endfunction

  // word_legal: every bit the form does not assign is 0, every field value
  // is legal (ENUM/FLAG/PRED values, V() narrowing, CMEM layout)
  function automatic logic word_legal(input logic [6:0] form, input logic [127:0] w);
    logic ok;
    unique case (form)
      FORM_BAR_I: ok = (w & 128'hfffffffffffeffffff0000ffffff0000) == 128'h0;
      FORM_BAR_RR: ok = (w & 128'hfffffffffffeffffffffff0000ff0000) == 128'h0;
      FORM_BAR_RRI: ok = (w & 128'hfffffffffffeffffff000f00ffff0000) == 128'h0;
      FORM_BAR_RIR: ok = (w & 128'hfffffffffffefffffffff000ffff0000) == 128'h0;
      FORM_BAR_RED_I: ok = (w & 128'hffffffc3fffcffffff0000ffffff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_BAR_RED_R: ok = (w & 128'hffffffc3fffcffffffffff00ffff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_BAR_RED_RRI: ok = (w & 128'hffffffc3fffcffffff000f00ffff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_BAR_RED_RIR: ok = (w & 128'hffffffc3fffcfffffffff000ffff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_B2R_I: ok = (w & 128'hfffffffffffefffffffff0ffff000000) == 128'h0;
      FORM_B2R_RESULT_X: ok = (w & 128'hffffe3ffffffffffffffffffff000000) == 128'h0;
      FORM_R2B_RI: ok = (w & 128'hfffffffffffefffffffff0ff00ff0000) == 128'h0;
      FORM_BRA_U: ok = (w & 128'hffffffc3ffe0000000000000c0ff0000) == 128'h0
          && ((32'h0000000c >> w[83:82]) & 32'd1) == 32'd1;
      FORM_BRA_X: ok = (w & 128'hffffffc3fff0000000000000ffff0000) == 128'h0;
      FORM_BRX_R: ok = (w & 128'hffffffc3fffc00000000000000ff0000) == 128'h0;
      FORM_BRX_U: ok = (w & 128'hffffffc3fffc000000000000c0ff0000) == 128'h0;
      FORM_BRX_C: ok = (w & 128'hffffffc3ffffffffffc00000ffff0000) == 128'h0
          && w[33:32] == 2'b00 && !w[53];
      FORM_CALL_R: ok = (w & 128'hffffffc3fff800000000000000ff0000) == 128'h0;
      FORM_CALL_U: ok = (w & 128'hffffffc3fff8000000000000c0ff0000) == 128'h0;
      FORM_CALL_C: ok = (w & 128'hffffffc3fffbffffffc00000ffff0000) == 128'h0
          && w[33:32] == 2'b00 && !w[53]
          && w[47:32] <= 16'hfff8;
      FORM_RET_R: ok = (w & 128'hffffffc3fff800000000000000ff0000) == 128'h0;
      FORM_RET_U: ok = (w & 128'hffffffc3fff8000000000000c0ff0000) == 128'h0;
      FORM_RET_C: ok = (w & 128'hffffffc3fffbffffffc00000ffff0000) == 128'h0
          && w[33:32] == 2'b00 && !w[53]
          && w[47:32] <= 16'hfff8;
      FORM_LEPC_I: ok = (w & 128'hfffffffffffc000000000000ff000000) == 128'h0;
      FORM_EXIT_X: ok = (w & 128'hffffffc3ffffffffffffffffffff0000) == 128'h0;
      FORM_BMOV_X: ok = (w & 128'hffffffffff0bffffffffffffff000000) == 128'h0;
      FORM_BMOV_R: ok = (w & 128'hffffffffff0fffffffffffff00ff0000) == 128'h0;
      FORM_BSSY_I: ok = (w & 128'hffffffffff0fffff00000000ffff0000) == 128'h0;
      FORM_BSYNC_X: ok = (w & 128'hffffffffff0fffffffffffffffff0000) == 128'h0;
      FORM_YIELD_X: ok = (w & 128'hffffffc3ffffffffffffffffffff0000) == 128'h0;
      FORM_BREAK_X: ok = (w & 128'hffffffc3ff0fffffffffffffffff0000) == 128'h0;
      FORM_WARPSYNC_R: ok = (w & 128'hffffffc1ffffffffffffff00ffff0000) == 128'h0;
      FORM_WARPSYNC_U: ok = (w & 128'hffffffc1ffffffffffffffc0ffff0000) == 128'h0;
      FORM_WARPSYNC_I: ok = (w & 128'hffffffc3ffffffff00000000ffff0000) == 128'h0;
      FORM_WARPSYNC_C: ok = (w & 128'hffffffc1ffffffffffc00000ffff0000) == 128'h0
          && w[33:32] == 2'b00 && !w[53];
      FORM_NANOSLEEP_R: ok = (w & 128'hffffffc3ffffffffffffff00ffff0000) == 128'h0;
      FORM_NANOSLEEP_U: ok = (w & 128'hffffffc3ffffffffffffffc0ffff0000) == 128'h0;
      FORM_NANOSLEEP_I: ok = (w & 128'hffffffc3ffffffff00000000ffff0000) == 128'h0;
      FORM_NANOSLEEP_C: ok = (w & 128'hffffffc3ffffffffffc00000ffff0000) == 128'h0
          && w[33:32] == 2'b00 && !w[53];
      FORM_RTT_X: ok = (w & 128'hffffffffffffffffffffffffffff0000) == 128'h0;
      FORM_TRAP_R: ok = (w & 128'hffffffffffffffffffffff00ffff0000) == 128'h0;
      FORM_TRAP_C: ok = (w & 128'hffffffffffffffffffc00000ffff0000) == 128'h0
          && w[33:32] == 2'b00 && !w[53];
      FORM_TRAP_I: ok = (w & 128'hffffffffffffffff00000000ffff0000) == 128'h0;
      FORM_SYSCALL_X: ok = (w & 128'hffffffffffffffffffffffffffff0000) == 128'h0;
      FORM_NOP_X: ok = (w & 128'hffffffffffffffffffffffffffff0000) == 128'h0;
      FORM_S2R_X: ok = (w & 128'hffffffffffffffffffff00ffff000000) == 128'h0
          && ((32'h00000007 >> w[47:40]) & 32'd1) == 32'd1;
      FORM_MOV_R: ok = (w & 128'hffffffffffffffffffffffff00000000) == 128'h0;
      FORM_MOV_I: ok = (w & 128'hffffffffffffffff00000000ff000000) == 128'h0;
      FORM_IADD_R: ok = (w & 128'hffffffffffffffffffffff0000000000) == 128'h0;
      FORM_IADD_I: ok = (w & 128'hffffffffffffffff0000000000000000) == 128'h0;
      FORM_LOP_R: ok = (w & 128'hfffffffffffcffffffffff0000000000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_LOP_I: ok = (w & 128'hfffffffffffcffff0000000000000000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_SHL_I: ok = (w & 128'hffffffffffffffff0000000000000000) == 128'h0;
      FORM_SHR_I: ok = (w & 128'hffffffffffffffff0000000000000000) == 128'h0;
      FORM_ISETP_R: ok = (w & 128'hfffffffffff8ffffffffff0000f80000) == 128'h0
          && ((32'h0000003f >> w[82:80]) & 32'd1) == 32'd1;
      FORM_ISETP_I: ok = (w & 128'hfffffffffff8ffff0000000000f80000) == 128'h0
          && ((32'h0000003f >> w[82:80]) & 32'd1) == 32'd1;
      FORM_UMOV_I: ok = (w & 128'hffffffffffffffff00000000ffc00000) == 128'h0;
      FORM_LDC_C: ok = (w & 128'hffffffffffffffffffc00000ff000000) == 128'h0
          && w[33:32] == 2'b00 && !w[53];
      FORM_SBAR_SYNC_I: ok = (w & 128'hffffffffffffffffff0000ffffff0000) == 128'h0;
      FORM_SBAR_SYNC_RR: ok = (w & 128'hffffffffffffffffffffffff00ff0000) == 128'h0;
      FORM_SBAR_SYNC_RRI: ok = (w & 128'hffffffffffffffffff000fff00ff0000) == 128'h0;
      FORM_SBAR_SYNC_RIR: ok = (w & 128'hfffffffffffffffffffff000ffff0000) == 128'h0;
      FORM_SBAR_ARV_I: ok = (w & 128'hffffffffffffffffff0000ffffff0000) == 128'h0;
      FORM_SBAR_ARV_RR: ok = (w & 128'hffffffffffffffffffffffff00ff0000) == 128'h0;
      FORM_SBAR_ARV_RRI: ok = (w & 128'hffffffffffffffffff000fff00ff0000) == 128'h0;
      FORM_SBAR_ARV_RIR: ok = (w & 128'hfffffffffffffffffffff000ffff0000) == 128'h0;
      FORM_SBAR_RED_I: ok = (w & 128'hffffffc3fffcffffff0000ffffff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_SBAR_RED_RR: ok = (w & 128'hffffffc3fffcffffffffffff00ff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_SBAR_RED_RRI: ok = (w & 128'hffffffc3fffcffffff000fff00ff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_SBAR_RED_RIR: ok = (w & 128'hffffffc3fffcfffffffff000ffff0000) == 128'h0
          && ((32'h00000007 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_SBAR_SCAN_I: ok = (w & 128'hffffffc3ffffffffff0000ffffff0000) == 128'h0;
      FORM_SBAR_SCAN_RR: ok = (w & 128'hffffffc3ffffffffffffffff00ff0000) == 128'h0;
      FORM_SBAR_SCAN_RRI: ok = (w & 128'hffffffc3ffffffffff000fff00ff0000) == 128'h0;
      FORM_SBAR_SCAN_RIR: ok = (w & 128'hffffffc3fffffffffffff000ffff0000) == 128'h0;
      FORM_SBAR_SYNCALL_X: ok = (w & 128'hffffffffffffffffffffffffffff0000) == 128'h0;
      FORM_SB2R_RESULT_X: ok = (w & 128'hffffe3ffffffffffffffffffff000000) == 128'h0;
      FORM_NBARRIER_W: ok = (w & 128'hfffffffffffeffffffc0ffff00ff0000) == 128'h0
          && ((32'h00000001 >> w[80:80]) & 32'd1) == 32'd1;
      FORM_NBARRIER_S: ok = (w & 128'hfffffffffffefe00ffc0ff0000ff0000) == 128'h0
          && ((32'h00000002 >> w[80:80]) & 32'd1) == 32'd1;
      FORM_NBARRIER_G: ok = (w & 128'hffff00fe00fefe00f8c0000000ff0000) == 128'h0
          && ((32'h00000002 >> w[80:80]) & 32'd1) == 32'd1
          && ((32'h00000007 >> w[57:56]) & 32'd1) == 32'd1;
      FORM_PBAR_SYNC_I: ok = (w & 128'hffffffffffcfffffff0000ffffff0000) == 128'h0;
      FORM_PBAR_SYNC_RR: ok = (w & 128'hffffffffffcfffffffffff0000ff0000) == 128'h0;
      FORM_PBAR_SYNC_RRI: ok = (w & 128'hffffffffffcfffffff000fff00ff0000) == 128'h0;
      FORM_PBAR_SYNC_RIR: ok = (w & 128'hffffffffffcffffffffff000ffff0000) == 128'h0;
      FORM_PBAR_ARV_I: ok = (w & 128'hffffffffffcfffffff0000ffffff0000) == 128'h0;
      FORM_PBAR_ARV_RR: ok = (w & 128'hffffffffffcfffffffffff0000ff0000) == 128'h0;
      FORM_PBAR_ARV_RRI: ok = (w & 128'hffffffffffcfffffff000fff00ff0000) == 128'h0;
      FORM_PBAR_ARV_RIR: ok = (w & 128'hffffffffffcffffffffff000ffff0000) == 128'h0;
      FORM_PBAR_RED_I: ok = (w & 128'hffffffc3ffcfffffff0000ffff000000) == 128'h0;
      FORM_PBAR_RED_RR: ok = (w & 128'hffffffc3ffcfffffffffff0000000000) == 128'h0;
      FORM_PBAR_RED_RRI: ok = (w & 128'hffffffc3ffcfffffff000fff00000000) == 128'h0;
      FORM_PBAR_RED_RIR: ok = (w & 128'hffffffc3ffcffffffffff000ff000000) == 128'h0;
      FORM_PBAR_REDP_I: ok = (w & 128'hffffffc3ffccffffff0000fffff80000) == 128'h0
          && ((32'h00000003 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_PBAR_REDP_RR: ok = (w & 128'hffffffc3ffccffffffffff0000f80000) == 128'h0
          && ((32'h00000003 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_PBAR_REDP_RRI: ok = (w & 128'hffffffc3ffccffffff000fff00f80000) == 128'h0
          && ((32'h00000003 >> w[81:80]) & 32'd1) == 32'd1;
      FORM_PBAR_REDP_RIR: ok = (w & 128'hffffffc3ffccfffffffff000fff80000) == 128'h0
          && ((32'h00000003 >> w[81:80]) & 32'd1) == 32'd1;
      default: ok = 1'b0;
    endcase
    word_legal = ok;
  endfunction

  // op_name: the trace's `op` of word w of form `form` (decode_form), the
  // mnemonic and its modifiers as the disassembler spells them (wr_op_name);
  // "?" for FORM_NONE.  For testbenches (kit/warpref_trace_writer.sv): not
  // read under SYNTHESIS
`ifndef SYNTHESIS
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic string op_name(input logic [6:0] form, input logic [127:0] w);
    string s;
    case (form)
      FORM_BAR_I:
        case ({w[80:80]})
          1'd0: s = "BAR.SYNC";
          1'd1: s = "BAR.ARV";
          default: s = "BAR";
        endcase
      FORM_BAR_RR:
        case ({w[80:80]})
          1'd0: s = "BAR.SYNC";
          1'd1: s = "BAR.ARV";
          default: s = "BAR";
        endcase
      FORM_BAR_RRI:
        case ({w[80:80]})
          1'd0: s = "BAR.SYNC";
          1'd1: s = "BAR.ARV";
          default: s = "BAR";
        endcase
      FORM_BAR_RIR:
        case ({w[80:80]})
          1'd0: s = "BAR.SYNC";
          1'd1: s = "BAR.ARV";
          default: s = "BAR";
        endcase
      FORM_BAR_RED_I:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_BAR_RED_R:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_BAR_RED_RRI:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_BAR_RED_RIR:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_B2R_I:
        case ({w[80:80]})
          1'd0: s = "B2R.WARP";
          1'd1: s = "B2R.BAR";
          default: s = "B2R";
        endcase
      FORM_B2R_RESULT_X: s = "BAR.RESULT";
      FORM_R2B_RI:
        case ({w[80:80]})
          1'd0: s = "R2B.WARP";
          1'd1: s = "R2B.BAR";
          default: s = "R2B";
        endcase
      FORM_BRA_U:
        case ({w[83:82]})
          2'd0: s = "BRA";
          2'd1: s = "BRA.U";
          2'd2: s = "BRA.DIV";
          2'd3: s = "BRA.CONV";
          default: s = "BRA";
        endcase
      FORM_BRA_X:
        case ({w[83:82]})
          2'd0: s = "BRA";
          2'd1: s = "BRA.U";
          2'd2: s = "BRA.DIV";
          2'd3: s = "BRA.CONV";
          default: s = "BRA";
        endcase
      FORM_BRX_R: s = "BRX";
      FORM_BRX_U: s = "BRX";
      FORM_BRX_C: s = "BRX";
      FORM_CALL_R:
        case ({w[82:82]})
          1'd0: s = "CALL.REL";
          1'd1: s = "CALL.ABS";
          default: s = "CALL";
        endcase
      FORM_CALL_U:
        case ({w[82:82]})
          1'd0: s = "CALL.REL";
          1'd1: s = "CALL.ABS";
          default: s = "CALL";
        endcase
      FORM_CALL_C:
        case ({w[82:82]})
          1'd0: s = "CALL.REL";
          1'd1: s = "CALL.ABS";
          default: s = "CALL";
        endcase
      FORM_RET_R:
        case ({w[82:82]})
          1'd0: s = "RET.REL";
          1'd1: s = "RET.ABS";
          default: s = "RET";
        endcase
      FORM_RET_U:
        case ({w[82:82]})
          1'd0: s = "RET.REL";
          1'd1: s = "RET.ABS";
          default: s = "RET";
        endcase
      FORM_RET_C:
        case ({w[82:82]})
          1'd0: s = "RET.REL";
          1'd1: s = "RET.ABS";
          default: s = "RET";
        endcase
      FORM_LEPC_I: s = "LEPC";
      FORM_EXIT_X: s = "EXIT";
      FORM_BMOV_X:
        case ({w[82:82]})
          1'd0: s = "BMOV";
          1'd1: s = "BMOV.CLEAR";
          default: s = "BMOV";
        endcase
      FORM_BMOV_R: s = "BMOV";
      FORM_BSSY_I: s = "BSSY";
      FORM_BSYNC_X: s = "BSYNC";
      FORM_YIELD_X: s = "YIELD";
      FORM_BREAK_X: s = "BREAK";
      FORM_WARPSYNC_R: s = "WARPSYNC";
      FORM_WARPSYNC_U: s = "WARPSYNC";
      FORM_WARPSYNC_I: s = "WARPSYNC";
      FORM_WARPSYNC_C: s = "WARPSYNC";
      FORM_NANOSLEEP_R: s = "NANOSLEEP";
      FORM_NANOSLEEP_U: s = "NANOSLEEP";
      FORM_NANOSLEEP_I: s = "NANOSLEEP";
      FORM_NANOSLEEP_C: s = "NANOSLEEP";
      FORM_RTT_X: s = "RTT";
      FORM_TRAP_R: s = "TRAP";
      FORM_TRAP_C: s = "TRAP";
      FORM_TRAP_I: s = "TRAP";
      FORM_SYSCALL_X: s = "SYSCALL";
      FORM_NOP_X: s = "NOP";
      FORM_S2R_X: s = "S2R";
      FORM_MOV_R: s = "MOV";
      FORM_MOV_I: s = "MOV";
      FORM_IADD_R: s = "IADD";
      FORM_IADD_I: s = "IADD";
      FORM_LOP_R:
        case ({w[81:80]})
          2'd0: s = "LOP.AND";
          2'd1: s = "LOP.OR";
          2'd2: s = "LOP.XOR";
          default: s = "LOP";
        endcase
      FORM_LOP_I:
        case ({w[81:80]})
          2'd0: s = "LOP.AND";
          2'd1: s = "LOP.OR";
          2'd2: s = "LOP.XOR";
          default: s = "LOP";
        endcase
      FORM_SHL_I: s = "SHL";
      FORM_SHR_I: s = "SHR";
      FORM_ISETP_R:
        case ({w[82:80]})
          3'd0: s = "ISETP.EQ";
          3'd1: s = "ISETP.NE";
          3'd2: s = "ISETP.LT";
          3'd3: s = "ISETP.LE";
          3'd4: s = "ISETP.GT";
          3'd5: s = "ISETP.GE";
          default: s = "ISETP";
        endcase
      FORM_ISETP_I:
        case ({w[82:80]})
          3'd0: s = "ISETP.EQ";
          3'd1: s = "ISETP.NE";
          3'd2: s = "ISETP.LT";
          3'd3: s = "ISETP.LE";
          3'd4: s = "ISETP.GT";
          3'd5: s = "ISETP.GE";
          default: s = "ISETP";
        endcase
      FORM_UMOV_I: s = "UMOV";
      FORM_LDC_C: s = "LDC";
      FORM_SBAR_SYNC_I: s = "BAR.SYNC";
      FORM_SBAR_SYNC_RR: s = "BAR.SYNC";
      FORM_SBAR_SYNC_RRI: s = "BAR.SYNC";
      FORM_SBAR_SYNC_RIR: s = "BAR.SYNC";
      FORM_SBAR_ARV_I: s = "BAR.ARV";
      FORM_SBAR_ARV_RR: s = "BAR.ARV";
      FORM_SBAR_ARV_RRI: s = "BAR.ARV";
      FORM_SBAR_ARV_RIR: s = "BAR.ARV";
      FORM_SBAR_RED_I:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_SBAR_RED_RR:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_SBAR_RED_RRI:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_SBAR_RED_RIR:
        case ({w[81:80]})
          2'd0: s = "BAR.RED.AND";
          2'd1: s = "BAR.RED.OR";
          2'd2: s = "BAR.RED.POPC";
          default: s = "BAR.RED";
        endcase
      FORM_SBAR_SCAN_I: s = "BAR.SCAN";
      FORM_SBAR_SCAN_RR: s = "BAR.SCAN";
      FORM_SBAR_SCAN_RRI: s = "BAR.SCAN";
      FORM_SBAR_SCAN_RIR: s = "BAR.SCAN";
      FORM_SBAR_SYNCALL_X: s = "BAR.SYNCALL";
      FORM_SB2R_RESULT_X: s = "B2R.RESULT";
      FORM_NBARRIER_W:
        case ({w[80:80]})
          1'd0: s = "NBARRIER.wait";
          1'd1: s = "NBARRIER.signal";
          default: s = "NBARRIER";
        endcase
      FORM_NBARRIER_S:
        case ({w[80:80]})
          1'd0: s = "NBARRIER.wait";
          1'd1: s = "NBARRIER.signal";
          default: s = "NBARRIER";
        endcase
      FORM_NBARRIER_G:
        case ({w[80:80]})
          1'd0: s = "NBARRIER.wait";
          1'd1: s = "NBARRIER.signal";
          default: s = "NBARRIER";
        endcase
      FORM_PBAR_SYNC_I:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.sync";
          2'd1: s = "barrier.cta.sync";
          2'd2: s = "barrier.sync.aligned";
          2'd3: s = "barrier.cta.sync.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_SYNC_RR:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.sync";
          2'd1: s = "barrier.cta.sync";
          2'd2: s = "barrier.sync.aligned";
          2'd3: s = "barrier.cta.sync.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_SYNC_RRI:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.sync";
          2'd1: s = "barrier.cta.sync";
          2'd2: s = "barrier.sync.aligned";
          2'd3: s = "barrier.cta.sync.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_SYNC_RIR:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.sync";
          2'd1: s = "barrier.cta.sync";
          2'd2: s = "barrier.sync.aligned";
          2'd3: s = "barrier.cta.sync.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_ARV_I:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.arrive";
          2'd1: s = "barrier.cta.arrive";
          2'd2: s = "barrier.arrive.aligned";
          2'd3: s = "barrier.cta.arrive.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_ARV_RR:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.arrive";
          2'd1: s = "barrier.cta.arrive";
          2'd2: s = "barrier.arrive.aligned";
          2'd3: s = "barrier.cta.arrive.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_ARV_RRI:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.arrive";
          2'd1: s = "barrier.cta.arrive";
          2'd2: s = "barrier.arrive.aligned";
          2'd3: s = "barrier.cta.arrive.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_ARV_RIR:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.arrive";
          2'd1: s = "barrier.cta.arrive";
          2'd2: s = "barrier.arrive.aligned";
          2'd3: s = "barrier.cta.arrive.aligned";
          default: s = "barrier";
        endcase
      FORM_PBAR_RED_I:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.red.popc.u32";
          2'd1: s = "barrier.cta.red.popc.u32";
          2'd2: s = "barrier.red.popc.aligned.u32";
          2'd3: s = "barrier.cta.red.popc.aligned.u32";
          default: s = "barrier";
        endcase
      FORM_PBAR_RED_RR:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.red.popc.u32";
          2'd1: s = "barrier.cta.red.popc.u32";
          2'd2: s = "barrier.red.popc.aligned.u32";
          2'd3: s = "barrier.cta.red.popc.aligned.u32";
          default: s = "barrier";
        endcase
      FORM_PBAR_RED_RRI:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.red.popc.u32";
          2'd1: s = "barrier.cta.red.popc.u32";
          2'd2: s = "barrier.red.popc.aligned.u32";
          2'd3: s = "barrier.cta.red.popc.aligned.u32";
          default: s = "barrier";
        endcase
      FORM_PBAR_RED_RIR:
        case ({w[85:85], w[84:84]})
          2'd0: s = "barrier.red.popc.u32";
          2'd1: s = "barrier.cta.red.popc.u32";
          2'd2: s = "barrier.red.popc.aligned.u32";
          2'd3: s = "barrier.cta.red.popc.aligned.u32";
          default: s = "barrier";
        endcase
      FORM_PBAR_REDP_I:
        case ({w[85:85], w[81:80], w[84:84]})
          4'd0: s = "barrier.red.and.pred";
          4'd1: s = "barrier.cta.red.and.pred";
          4'd2: s = "barrier.red.or.pred";
          4'd3: s = "barrier.cta.red.or.pred";
          4'd8: s = "barrier.red.and.aligned.pred";
          4'd9: s = "barrier.cta.red.and.aligned.pred";
          4'd10: s = "barrier.red.or.aligned.pred";
          4'd11: s = "barrier.cta.red.or.aligned.pred";
          default: s = "barrier";
        endcase
      FORM_PBAR_REDP_RR:
        case ({w[85:85], w[81:80], w[84:84]})
          4'd0: s = "barrier.red.and.pred";
          4'd1: s = "barrier.cta.red.and.pred";
          4'd2: s = "barrier.red.or.pred";
          4'd3: s = "barrier.cta.red.or.pred";
          4'd8: s = "barrier.red.and.aligned.pred";
          4'd9: s = "barrier.cta.red.and.aligned.pred";
          4'd10: s = "barrier.red.or.aligned.pred";
          4'd11: s = "barrier.cta.red.or.aligned.pred";
          default: s = "barrier";
        endcase
      FORM_PBAR_REDP_RRI:
        case ({w[85:85], w[81:80], w[84:84]})
          4'd0: s = "barrier.red.and.pred";
          4'd1: s = "barrier.cta.red.and.pred";
          4'd2: s = "barrier.red.or.pred";
          4'd3: s = "barrier.cta.red.or.pred";
          4'd8: s = "barrier.red.and.aligned.pred";
          4'd9: s = "barrier.cta.red.and.aligned.pred";
          4'd10: s = "barrier.red.or.aligned.pred";
          4'd11: s = "barrier.cta.red.or.aligned.pred";
          default: s = "barrier";
        endcase
      FORM_PBAR_REDP_RIR:
        case ({w[85:85], w[81:80], w[84:84]})
          4'd0: s = "barrier.red.and.pred";
          4'd1: s = "barrier.cta.red.and.pred";
          4'd2: s = "barrier.red.or.pred";
          4'd3: s = "barrier.cta.red.or.pred";
          4'd8: s = "barrier.red.and.aligned.pred";
          4'd9: s = "barrier.cta.red.and.aligned.pred";
          4'd10: s = "barrier.red.or.aligned.pred";
          4'd11: s = "barrier.cta.red.or.aligned.pred";
          default: s = "barrier";
        endcase
      default: s = "?";
    endcase
    op_name = s;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
`endif

endpackage
/* verilator lint_on UNUSEDPARAM */
