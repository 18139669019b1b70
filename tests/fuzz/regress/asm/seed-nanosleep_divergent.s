// nanosleep_divergent.s - NANOSLEEP in one branch of a divergent warp; the
// other branch waits at a WARPSYNC for the sleeping lanes, so the whole warp
// goes to sleep, time jumps to the deadline, the warp wakes; then a
// NANOSLEEP of the converged warp (sleeps at once) and a second jump.
//
// Rules: N-23 (NANOSLEEP: deadline = min(deadline, now + t) with now the
// issue time; SleepMask |= ActiveMask; divergent: switches like YIELD,
// YieldMask |= ActiveMask; converged: ActivePC = next, warp sleeps; at the
// start of a turn a due deadline clears SleepMask whole and readies the
// warp), N-22 (switch half: RPC = next), N-25 (uniform WARPSYNC: the
// non-arrived members are all asleep -> do_sleep; candidates non-yield
// first, else the yielded ones; switch_to), N-50 (no warp ready, one asleep:
// time jumps to its deadline), TRACE-FORMAT (sleep / wake events).
//
// A = lanes 0..7 = 0x000000ff (P0), B = 0xffffff00.
//
//  t    pc    what
//  0-1        R0 = lane, P0 = lane < 8
//  2    0x20  @!P0 BRA 0x60             RPC[B] = 0x60, active A, pc 0x30
//  3    0x30  NANOSLEEP 0x64 (A)        deadline 3 + 100 = 103; Sleep = A;
//             Switch 0 -> reset B; non-yield B, lane 8: RPC[A] = 0x40,
//             Yield = A, pc 0x60, active B; Switch = B & A = 0 -> reset A.
//             The warp keeps running: no "sleep" event.
//  4    0x60  R1 = 2 (B)
//  5    0x70  WARPSYNC 0xffffffff (B)   arrive B (A's RPC is 0x40); members not
//             arrived: A, all asleep -> do_sleep; non-yield none, yielded A:
//             RPC[B] = 0x70, switch to lane 0: pc 0x40, active A; warp sleeps
//  (no warp ready; time 6 jumps to the deadline 103, which fires: Sleep = 0)
//  103  0x40  R1 = 1 (A)                "wake"
//  104  0x50  BRA 0x70
//  105  0x70  WARPSYNC (A)              arrive A | B (RPC 0x70) = all: success,
//             active all, pc 0x80; Yield stays A
//  106  0x80  NANOSLEEP 0x10 (all)      deadline 122, Sleep = 0xffffffff, pc 0x90,
//             Yield/Switch unchanged; warp sleeps: "sleep"
//  (jump 107 -> 122)
//  122  0x90  R2 = R1 + 0x10            "wake", Sleep 0
//  123  0xa0  EXIT
//
//! args: --dump-regs 3
//! records: 12
//! record: {"t":2,"pc":"0x20","op":"BRA","active":"0x000000ff","next_pc":"0x30"}
//! record: {"t":3,"pc":"0x30","op":"NANOSLEEP","active":"0xffffff00","valid":"0xffffffff","next_pc":"0x60","yield":"0x000000ff","sleep":"0x000000ff","switch":"0x000000ff","ev":[]}
//! record: {"t":4,"pc":"0x60","op":"MOV","active":"0xffffff00","sleep":"0x000000ff","ev":[]}
//! record: {"t":5,"pc":"0x70","op":"WARPSYNC","active":"0x000000ff","next_pc":"0x40","yield":"0x000000ff","sleep":"0x000000ff","switch":"0x000000ff","ev":["sleep"]}
//! record: {"t":103,"pc":"0x40","op":"MOV","active":"0x000000ff","next_pc":"0x50","sleep":"0x00000000","ev":["wake"]}
//! record: {"t":104,"pc":"0x50","op":"BRA","next_pc":"0x70","ev":[]}
//! record: {"t":105,"pc":"0x70","op":"WARPSYNC","active":"0xffffffff","next_pc":"0x80","yield":"0x000000ff","sleep":"0x00000000","ev":[]}
//! record: {"t":106,"pc":"0x80","op":"NANOSLEEP","active":"0xffffffff","next_pc":"0x90","yield":"0x000000ff","sleep":"0xffffffff","switch":"0x000000ff","ev":["sleep"]}
//! record: {"t":122,"pc":"0x90","op":"IADD","active":"0xffffffff","sleep":"0x00000000","ev":["wake"]}
//! record: {"t":123,"pc":"0xa0","op":"EXIT","ev":["exit"]}
//! expect: {"end":"done","t":124,"bars":{},"warps":[{"warp":0,"state":"exited","pc":"0xa0","active":"0x00000000","valid":"0x00000000","yield":"0x000000ff","sleep":"0x00000000","switch":"0x000000ff","b":{},"dc":{}}]}
// Registers (expect line at the end): R0 = lane; R1 = 1 (A), 2 (B);
// R2 = R1 + 0x10; P0 (bit 0) in A.

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.LT P0, R0, 0x8 ;
/*0020*/ @!P0 BRA `(.L_else) ;
/*0030*/ NANOSLEEP 0x64 ;
/*0040*/ MOV R1, 0x1 ;
/*0050*/ BRA `(.L_join) ;
.L_else:
/*0060*/ MOV R1, 0x2 ;
.L_join:
/*0070*/ WARPSYNC 0xffffffff ;
/*0080*/ NANOSLEEP 0x10 ;
/*0090*/ IADD R2, R1, 0x10 ;
/*00a0*/ EXIT ;
//! expect: {"warps":[{"r":[["0x00000000","0x00000001","0x00000011"],["0x00000001","0x00000001","0x00000011"],["0x00000002","0x00000001","0x00000011"],["0x00000003","0x00000001","0x00000011"],["0x00000004","0x00000001","0x00000011"],["0x00000005","0x00000001","0x00000011"],["0x00000006","0x00000001","0x00000011"],["0x00000007","0x00000001","0x00000011"],["0x00000008","0x00000002","0x00000012"],["0x00000009","0x00000002","0x00000012"],["0x0000000a","0x00000002","0x00000012"],["0x0000000b","0x00000002","0x00000012"],["0x0000000c","0x00000002","0x00000012"],["0x0000000d","0x00000002","0x00000012"],["0x0000000e","0x00000002","0x00000012"],["0x0000000f","0x00000002","0x00000012"],["0x00000010","0x00000002","0x00000012"],["0x00000011","0x00000002","0x00000012"],["0x00000012","0x00000002","0x00000012"],["0x00000013","0x00000002","0x00000012"],["0x00000014","0x00000002","0x00000012"],["0x00000015","0x00000002","0x00000012"],["0x00000016","0x00000002","0x00000012"],["0x00000017","0x00000002","0x00000012"],["0x00000018","0x00000002","0x00000012"],["0x00000019","0x00000002","0x00000012"],["0x0000001a","0x00000002","0x00000012"],["0x0000001b","0x00000002","0x00000012"],["0x0000001c","0x00000002","0x00000012"],["0x0000001d","0x00000002","0x00000012"],["0x0000001e","0x00000002","0x00000012"],["0x0000001f","0x00000002","0x00000012"]],"p":[1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"dc":{}}]}
