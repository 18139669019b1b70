// exc_cnt_align.s - BAR.SYNC whose count (from a register, RIR form) is not a
// multiple of 32: exception BAR_CNT_ALIGN.
//
// Rules: N-30 (RIR: barid imm, cnt = Rc[11:0] = 0x30), N-37 (precise: the
// record keeps pc as next_pc and changes nothing, warp faulted, run ends
// "exception", exit status 4; no barrier state changes, so bars stays {}).
//
//  t  pc    what
//  0  0x00  R1 = 0x30
//  1  0x10  BAR.SYNC 0x0, R1   -> exception:BAR_CNT_ALIGN
//
//! exit: 4
//! records: 2
//! record: {"t":1,"warp":0,"pc":"0x10","op":"BAR.SYNC","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x10","b":{},"ev":["exception:BAR_CNT_ALIGN"]}
//! expect: {"end":"exception","t":2,"bars":{},"warps":[{"warp":0,"state":"faulted","pc":"0x10","active":"0xffffffff","valid":"0xffffffff","yield":"0x00000000","sleep":"0x00000000","switch":"0x00000000","b":{}}]}

/*0000*/ MOV R1, 0x30 ;
/*0010*/ BAR.SYNC 0x0, R1 ;
/*0020*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=1 warp=0 pc=0x10 BAR.SYNC 0x0, R1: barrier 0, cnt 48: BAR_CNT_ALIGN; nothing changes [BAR.exception; N-37]
