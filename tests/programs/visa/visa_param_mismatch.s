// visa_param_mismatch.s - two signals of one phase with different (np, nc):
// seed 004 requires identical values; the exception BAR_PARAM_MISMATCH.
//
// Rules: V-04, V-06 (the first signal fixes np, nc).
//
//  t  warp  pc    instruction                       events
//  6  0     0x30  signal 0x1, 0x2                   arrive:1   0x00082041 (np 2, nc 2)
//  7  1     0x50  signal 0x1, 0x0, 0x2, 0x1         exception:BAR_PARAM_MISMATCH (nc 1)
//
//! args: --profile visa
//! exit: 4
//! records: 8
//! record: {"t":6,"warp":0,"pc":"0x30","op":"NBARRIER.signal","ev":["arrive:1"],"bars":{"1":"0x00082041"}}
//! record: {"t":7,"warp":1,"pc":"0x50","op":"NBARRIER.signal","next_pc":"0x50","ev":["exception:BAR_PARAM_MISMATCH"]}
//! expect: {"end":"exception","t":8,"profile":"visa","bars":{"1":"0x00082041"},"warps":[{"warp":0,"state":"ready","pc":"0x40"},{"warp":1,"state":"faulted","pc":"0x50"}]}

.profile visa
.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x1 ;
/*0020*/ @P0 BRA `(.L_w1) ;
/*0030*/ NBARRIER.signal 0x1, 0x2 ;              // warp 0: np = nc = 2
/*0040*/ EXIT ;
.L_w1:
/*0050*/ NBARRIER.signal 0x1, 0x0, 0x2, 0x1 ;    // warp 1: nc = 1
/*0060*/ EXIT ;
