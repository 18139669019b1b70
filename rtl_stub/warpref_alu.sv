// warpref_alu.sv - the helper instructions of SPEC-NOTES N-51/N-54 (NOP, S2R,
// MOV, IADD, LOP, SHL, SHR, ISETP, UMOV, LDC): combinational.  Only pmask
// lanes are written; RZ/PT/URZ destinations are dropped; a written lane is
// undefined if a GPR lane it read was (section 5).
module warpref_alu (
  input  logic [127:0]        insn_i,
  input  logic [warpref_isa_pkg::FORM_BITS-1:0] form_i,
  input  logic [7:0]          optype_i,
  input  logic [4:0]          warp_i,
  input  logic [31:0]         pmask_i,
  input  logic [32*64-1:0]    ra_i,           // RZ reads 0
  input  logic [32*32-1:0]    rb_i,
  input  logic [31:0]         ra_undef_i,     // 0 for RZ
  input  logic [31:0]         rb_undef_i,
  input  logic [63:0]         c_i,
  output logic [31:0]         rd_we_o,
  output logic [32*32-1:0]    rd_val_o,
  output logic [31:0]         rd_undef_o,
  output logic [31:0]         pd_we_o,
  output logic [31:0]         pd_val_o,
  output logic [31:0]         pd_undef_o,
  output logic                ur_we_o,
  output logic [5:0]          urd_o,
  output logic [31:0]         ur_val_o
);
  logic [7:0]  rd;
  logic [2:0]  pd;
  logic [31:0] imm;
  logic [1:0]  lop;
  logic [2:0]  cmp;
  logic [7:0]  sr;
  logic        has_rb;

  always_comb begin
    rd  = insn_i[warpref_isa_pkg::F_RD_LSB +: 8];
    pd  = insn_i[warpref_isa_pkg::F_PD_LSB +: 3];
    imm = insn_i[warpref_isa_pkg::F_IMM32_LSB +: 32];
    lop = insn_i[warpref_isa_pkg::F_LOP_LSB +: 2];
    cmp = insn_i[warpref_isa_pkg::F_CMP_LSB +: 3];
    sr  = insn_i[warpref_isa_pkg::F_SR_LSB +: 8];
    urd_o = insn_i[warpref_isa_pkg::F_URD_LSB +: 6];
    has_rb = form_i == warpref_isa_pkg::FORM_IADD_R || form_i == warpref_isa_pkg::FORM_LOP_R ||
             form_i == warpref_isa_pkg::FORM_ISETP_R;
  end

  always_comb begin : p_exec
    logic [31:0] a, b, v, undef;
    logic        t;
    rd_we_o = 32'd0; rd_val_o = '0; rd_undef_o = 32'd0;
    pd_we_o = 32'd0; pd_val_o = 32'd0; pd_undef_o = 32'd0;
    ur_we_o = 1'b0; ur_val_o = imm;
    undef = ra_undef_i | (has_rb ? rb_undef_i : 32'd0);
    unique case (optype_i)
      warpref_isa_pkg::OPT_S2R, warpref_isa_pkg::OPT_MOV, warpref_isa_pkg::OPT_IADD,
      warpref_isa_pkg::OPT_LOP, warpref_isa_pkg::OPT_SHL, warpref_isa_pkg::OPT_SHR,
      warpref_isa_pkg::OPT_LDC:
        rd_we_o = rd == warpref_isa_pkg::REG_RZ ? 32'd0 : pmask_i;
      warpref_isa_pkg::OPT_ISETP:
        pd_we_o = pd == warpref_isa_pkg::PRED_PT ? 32'd0 : pmask_i;
      warpref_isa_pkg::OPT_UMOV:
        ur_we_o = pmask_i != 32'd0 && urd_o != warpref_isa_pkg::UREG_URZ;
      default: ;
    endcase
    /*verilator tracing_off*/
    for (int l = 0; l < 32; l++) begin
    /*verilator tracing_on*/
      a = ra_i[l*64 +: 32];
      b = has_rb ? rb_i[l*32 +: 32] : imm;
      v = 32'd0;
      t = 1'b0;
      unique case (optype_i)
        warpref_isa_pkg::OPT_S2R:
          v = sr == 8'd2 ? {27'd0, warp_i} : sr == 8'd1 ? {22'd0, warp_i, 5'(l)} : 32'(l);
        warpref_isa_pkg::OPT_MOV:  v = form_i == warpref_isa_pkg::FORM_MOV_R ? a : imm;
        warpref_isa_pkg::OPT_IADD: v = a + b;
        warpref_isa_pkg::OPT_LOP:  v = lop == 2'd0 ? a & b : lop == 2'd1 ? a | b : a ^ b;
        warpref_isa_pkg::OPT_SHL:  v = imm >= 32'd32 ? 32'd0 : a << imm[4:0];
        warpref_isa_pkg::OPT_SHR:  v = imm >= 32'd32 ? 32'd0 : a >> imm[4:0];
        warpref_isa_pkg::OPT_LDC:  v = c_i[31:0];
        warpref_isa_pkg::OPT_ISETP: begin
          unique case (cmp)
            3'd0: t = a == b;
            3'd1: t = a != b;
            3'd2: t = a < b;
            3'd3: t = a <= b;
            3'd4: t = a > b;
            default: t = a >= b;
          endcase
        end
        default: ;
      endcase
      rd_val_o[l*32 +: 32] = v;
      pd_val_o[l] = t & pd_we_o[l];
    end
    unique case (optype_i)
      warpref_isa_pkg::OPT_MOV:
        rd_undef_o = form_i == warpref_isa_pkg::FORM_MOV_R ? rd_we_o & ra_undef_i : 32'd0;
      warpref_isa_pkg::OPT_IADD, warpref_isa_pkg::OPT_LOP, warpref_isa_pkg::OPT_SHL,
      warpref_isa_pkg::OPT_SHR:
        rd_undef_o = rd_we_o & undef;
      warpref_isa_pkg::OPT_ISETP:
        pd_undef_o = pd_we_o & undef;
      default: ;
    endcase
  end

  logic unused;
  assign unused = ^{insn_i[127:83], insn_i[79:64], insn_i[31:24], insn_i[15:0], ra_i, warp_i, sr, c_i[63:32]};

endmodule
