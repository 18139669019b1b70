// ptx_gather_exit.s - a non-aligned barrier.sync whose gather completes after
// the other lanes exit: lanes 0..15 reach it first and wait for the rest of
// their warp; lanes 16..31 exit instead; the EXIT switches back to the parked
// lanes, which execute the instruction again, and since every non-exited lane
// has now reached it the warp arrives (seed 002: a thread waits for all
// non-exited threads of its warp).
//
// Rules: P-03, P-10 (a parked lane switched to re-executes the instruction),
// N-18 (the EXIT switch takes the RPC group & ValidMask).
//
//  t  pc    instruction          valid       active      events / what
//  2  0x20  @P0 BRA .L_out                   0x0000ffff  lanes 16..31 wait at 0x60
//  3  0x30  barrier.sync 0x3                 0xffff0000  lanes 0..15 parked; switch
//  4  0x60  MOV R1, 0x2
//  5  0x70  EXIT                 0x0000ffff  0x0000ffff  back to the parked lanes (pc 0x30)
//  6  0x30  barrier.sync 0x3                 0x0000ffff  arrive:3 release:3
//  7  0x40  MOV R1, 0x1
//  8  0x50  EXIT                                         exit
//
//! args: --profile ptx --dump-regs 2
//! records: 9
//! record: {"t":3,"pc":"0x30","op":"barrier.sync","active":"0xffff0000","next_pc":"0x60","ev":[]}
//! record: {"t":5,"pc":"0x70","op":"EXIT","valid":"0x0000ffff","active":"0x0000ffff","next_pc":"0x30","ev":[]}
//! record: {"t":6,"pc":"0x30","op":"barrier.sync","active":"0x0000ffff","next_pc":"0x40","ev":["arrive:3","release:3"]}
//! expect: {"end":"done","t":9,"bars":{},"profile":"ptx","warps":[{"warp":0,"state":"exited","pc":"0x50","r":[["0x00000000","0x00000001"],["0x00000001","0x00000001"],["0x00000002","0x00000001"],["0x00000003","0x00000001"],["0x00000004","0x00000001"],["0x00000005","0x00000001"],["0x00000006","0x00000001"],["0x00000007","0x00000001"],["0x00000008","0x00000001"],["0x00000009","0x00000001"],["0x0000000a","0x00000001"],["0x0000000b","0x00000001"],["0x0000000c","0x00000001"],["0x0000000d","0x00000001"],["0x0000000e","0x00000001"],["0x0000000f","0x00000001"],["0x00000010","0x00000002"],["0x00000011","0x00000002"],["0x00000012","0x00000002"],["0x00000013","0x00000002"],["0x00000014","0x00000002"],["0x00000015","0x00000002"],["0x00000016","0x00000002"],["0x00000017","0x00000002"],["0x00000018","0x00000002"],["0x00000019","0x00000002"],["0x0000001a","0x00000002"],["0x0000001b","0x00000002"],["0x0000001c","0x00000002"],["0x0000001d","0x00000002"],["0x0000001e","0x00000002"],["0x0000001f","0x00000002"]],"dc":{}}]}

.profile ptx

/*0000*/ S2R R0, SR_LANEID ;
/*0010*/ ISETP.GE P0, R0, 0x10 ;                // lanes 16..31
/*0020*/ @P0 BRA `(.L_out) ;
/*0030*/ barrier.sync 0x3 ;
/*0040*/ MOV R1, 0x1 ;
/*0050*/ EXIT ;
.L_out:
/*0060*/ MOV R1, 0x2 ;
/*0070*/ EXIT ;
