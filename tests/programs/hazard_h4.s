// hazard_h4.s - SPEC-NOTES H-4: a uniform WARPSYNC whose membermask leaves
// out active lanes.  Read literally, the success path would set ActiveMask
// = m and lose lanes 16..31 without saving their RPC; the model raises
// WARPSYNC_NOT_MEMBER first.
//
// Rules: N-25 (uniform: arrivemask & ~m != 0 -> WARPSYNC_NOT_MEMBER), N-37
// (precise, faulted, exit 4).
//
//  t  pc    what
//  0  0x00  R1 = 1
//  1  0x10  WARPSYNC 0x0000ffff: arrive 0xffffffff, & ~m = 0xffff0000
//
//! exit: 4
//! records: 2
//! record: {"t":1,"pc":"0x10","op":"WARPSYNC","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x10","ev":["exception:WARPSYNC_NOT_MEMBER"]}
//! expect: {"end":"exception","t":2,"bars":{},"warps":[{"warp":0,"state":"faulted","pc":"0x10","active":"0xffffffff","valid":"0xffffffff","b":{}}]}

/*0000*/ MOV R1, 0x1 ;
/*0010*/ WARPSYNC 0x0000ffff ;
/*0020*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=1 warp=0 pc=0x10 WARPSYNC 0xffff: arrived lanes 0xffff0000 are outside the membermask 0x0000ffff: WARPSYNC_NOT_MEMBER [WARPSYNC.not_member; N-25, N-37, H-4]
