// operand_not_uniform.s - barrier operands from registers whose lanes
// disagree: in the bits used (warning OPERAND_NOT_UNIFORM, value of the
// lowest pmask lane) and only in bits not used (no warning).
//
// Rules: N-30 (RRI: barid = Rb[3:0]; RIR: cnt = Rc[11:0]; read from
// lowest(pmask); the warning once per instruction, before the events),
// N-31/N-32/N-35 (one warp of 32 completes a cnt-32 barrier by itself:
// arrive then release with nobody blocked), TRACE-FORMAT event order.
//
//  t  pc    what
//  0  0x00  R0 = lane
//  1  0x10  R1 = lane & 1        barid bits differ between lanes
//  2  0x20  R3 = lane << 4       bits 3:0 all zero, bits above differ
//  3  0x30  R4 = R3 << 8 (lane << 12) + 0x20: bits 11:0 = 0x20 everywhere
//  4  0x40  (second half of R4)
//  5  0x50  BAR.SYNC R1, 0x20    warning; lane 0's barid 0: arrive:0 release:0
//  6  0x60  BAR.SYNC R3, 0x20    barid 0, no warning
//  7  0x70  BAR.ARV 0x2, R4      cnt 0x20, no warning: arrive:2 release:2
//  8  0x80  EXIT
//
//! records: 9
//! record: {"t":5,"pc":"0x50","op":"BAR.SYNC","next_pc":"0x60","ev":["warning:OPERAND_NOT_UNIFORM","arrive:0","release:0"]}
//! record: {"t":6,"pc":"0x60","op":"BAR.SYNC","next_pc":"0x70","ev":["arrive:0","release:0"]}
//! record: {"t":7,"pc":"0x70","op":"BAR.ARV","next_pc":"0x80","ev":["arrive:2","release:2"]}
//! expect: {"end":"done","t":9,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0x80"}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ LOP.AND R1, R0, 0x1 ;
/*0020*/ SHL R3, R0, 0x4 ;
/*0030*/ SHL R4, R3, 0x8 ;
/*0040*/ IADD R4, R4, 0x20 ;
/*0050*/ BAR.SYNC R1, 0x20 ;
/*0060*/ BAR.SYNC R3, 0x20 ;
/*0070*/ BAR.ARV 0x2, R4 ;
/*0080*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=5 warp=0 pc=0x50 BAR.SYNC R1, 0x20: pmask lanes disagree on the operand bits used: warning OPERAND_NOT_UNIFORM, lane 0's values taken; barrier 0: 1 warp(s) arrived reach cnt 32: complete, warps none woken, the barrier idle [BAR.not_uniform, BAR.complete_cnt; N-30, N-32, N-34]
