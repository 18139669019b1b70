// fetch_fault.s - the program runs off its end: after the last instruction
// ActivePC = 0x20 holds no instruction, a fetch fault.
//
// Rules: N-27 (an ActivePC with no instruction is a fault: the run ends
// "exception", exit 4, the final record carries "fault" with the warp and
// pc; no instruction is issued, so there is no record for it), N-37 (the
// warp is reported faulted), N-50 (T = last t + 1 = 2).
//
//! exit: 4
//! records: 2
//! record: {"t":1,"warp":0,"pc":"0x10","op":"NOP","next_pc":"0x20"}
//! expect: {"end":"exception","t":2,"fault":{"warp":0,"pc":"0x20"},"bars":{},"warps":[{"warp":0,"state":"faulted","pc":"0x20","active":"0xffffffff","valid":"0xffffffff","b":{}}]}

/*0000*/ MOV R1, 0x1 ;
/*0010*/ NOP ;

// The explanation of the step that takes the path this program is about:
//! explain: t=2 warp=0 pc=0x20 fetch fault at ActivePC (no instruction at pc): the warp faults [FETCH.fault; N-27]
