// exc_warpsync_not_member.s - per-lane WARPSYNC where lane 5's mask leaves
// out lane 5 (0xffffffdf) while every other lane's mask is 0xffffffff.
// Both program errors hold (lane 5 is not in its own mask; lane 0's group
// contains lane 5 with another mask); the first in N-25's order is reported.
//
// Rules: N-25 (R form; on the synchronising path, before any change:
// WARPSYNC_NOT_MEMBER first, then WARPSYNC_GROUP_MISMATCH), N-37 (precise).
//
//  t  pc    what
//  0  0x00  R0 = lane
//  1  0x10  R3 = 0xffffffff
//  2  0x20  P0 = (lane == 5)
//  3  0x30  @P0 R3 = 0xffffffdf
//  4  0x40  WARPSYNC R3 -> exception:WARPSYNC_NOT_MEMBER
//
//! exit: 4
//! records: 5
//! record: {"t":4,"warp":0,"pc":"0x40","op":"WARPSYNC","active":"0xffffffff","valid":"0xffffffff","next_pc":"0x40","ev":["exception:WARPSYNC_NOT_MEMBER"]}
//! expect: {"end":"exception","t":5,"bars":{},"warps":[{"warp":0,"state":"faulted","pc":"0x40","active":"0xffffffff","valid":"0xffffffff","yield":"0x00000000","switch":"0x00000000","b":{}}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ MOV R3, 0xffffffff ;
/*0020*/ ISETP.EQ P0, R0, 0x5 ;
/*0030*/ @P0 MOV R3, 0xffffffdf ;
/*0040*/ WARPSYNC R3 ;
/*0050*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=4 warp=0 pc=0x40 WARPSYNC R3: arrived lanes 0x00000020 are outside their own membermask: WARPSYNC_NOT_MEMBER [WARPSYNC_R.not_member; N-25, N-37]
