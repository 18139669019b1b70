// visa_hazard_h7.s - hazard H-7: a consumer that exits without waiting.
// Exited threads are never counted, so the phase stays complete but never
// becomes free; the next signal on the barrier stalls for ever: `deadlock`.
//
// Rules: V-09 (reported, not fixed), V-07, H-7, N-50 (deadlock).
//
//  t  warp  pc    instruction         events              word
//  4  0     0x20  signal 0x2, 0x2     arrive:2            0x00082041
//  5  1     0x20  signal 0x2, 0x2     arrive:2 release:2  0x01082082
//  7  1     0x30  @P0 EXIT            exit (no wait)
//  8  0     0x40  wait 0x2            arrive:2            0x03082082 (waited 1 of 2)
//  9  0     0x50  signal 0x2, 0x2     block:2 (stalls)
//
//! args: --profile visa
//! exit: 3
//! records: 10
//! record: {"t":7,"warp":1,"pc":"0x30","op":"EXIT","ev":["exit"]}
//! record: {"t":8,"warp":0,"pc":"0x40","op":"NBARRIER.wait","ev":["arrive:2"],"bars":{"2":"0x03082082"}}
//! record: {"t":9,"warp":0,"pc":"0x50","op":"NBARRIER.signal","next_pc":"0x50","ev":["block:2"]}
//! expect: {"end":"deadlock","t":10,"profile":"visa","bars":{"2":"0x03082082"},"warps":[{"warp":0,"state":"blocked","pc":"0x50"},{"warp":1,"state":"exited","pc":"0x30"}]}

.profile visa
.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x1 ;
/*0020*/ NBARRIER.signal 0x2, 0x2 ;
/*0030*/ @P0 EXIT ;                              // warp 1 leaves without its wait
/*0040*/ NBARRIER.wait 0x2 ;
/*0050*/ NBARRIER.signal 0x2, 0x2 ;              // the next phase: never free
/*0060*/ EXIT ;
