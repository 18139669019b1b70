// exc_warpsync_group_mismatch.s - per-lane WARPSYNC where lanes 0..15 name
// the group 0x0000ffff and lanes 16..31 the group 0xffffffff: every lane is
// in its own mask, but lane 16's group contains lane 0, whose mask differs.
//
// Rules: N-25 (WARPSYNC_GROUP_MISMATCH: arrived l, k with k in m[l] and
// m[k] != m[l]; NOT_MEMBER does not hold), N-37 (precise).
//
//  t  pc    what
//  0  0x00  R0 = lane
//  1  0x10  R3 = 0xffffffff
//  2  0x20  P0 = lane < 16
//  3  0x30  @P0 R3 = 0x0000ffff
//  4  0x40  WARPSYNC R3 -> exception:WARPSYNC_GROUP_MISMATCH
//
//! exit: 4
//! records: 5
//! record: {"t":4,"warp":0,"pc":"0x40","op":"WARPSYNC","active":"0xffffffff","next_pc":"0x40","ev":["exception:WARPSYNC_GROUP_MISMATCH"]}
//! expect: {"end":"exception","t":5,"bars":{},"warps":[{"warp":0,"state":"faulted","pc":"0x40","active":"0xffffffff","valid":"0xffffffff","b":{}}]}

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ MOV R3, 0xffffffff ;
/*0020*/ ISETP.LT P0, R0, 0x10 ;
/*0030*/ @P0 MOV R3, 0x0000ffff ;
/*0040*/ WARPSYNC R3 ;
/*0050*/ EXIT ;

// The explanation of the step that takes the path this program is about:
//! explain: t=4 warp=0 pc=0x40 WARPSYNC R3: lane 16 names group 0xffffffff, whose arrived lanes 0x0000ffff name another: WARPSYNC_GROUP_MISMATCH [WARPSYNC_R.group_mismatch; N-25, N-37]
