// visa_producer_waits.s - a producer-only thread (type 1) that waits: seed
// 004 lets only consumer threads wait; the exception NBAR_WAIT_NOT_CONSUMER.
//
// Rules: V-02, V-08.
//
//  t  warp  pc    instruction                        events
//  4  0     0x20  @P0 signal 0x1, 0x1, 0x1, 0x1      arrive:1   0x00041001
//  7  1     0x30  @!P0 signal 0x1, 0x2, 0x1, 0x1     arrive:1 release:1   0x01041041
//  8  0     0x40  wait 0x1                           exception:NBAR_WAIT_NOT_CONSUMER
//
//! args: --profile visa
//! exit: 4
//! records: 9
//! record: {"t":4,"warp":0,"pc":"0x20","op":"NBARRIER.signal","ev":["arrive:1"],"bars":{"1":"0x00041001"}}
//! record: {"t":5,"warp":1,"pc":"0x20","op":"NBARRIER.signal","next_pc":"0x30","ev":[]}
//! record: {"t":7,"warp":1,"pc":"0x30","op":"NBARRIER.signal","ev":["arrive:1","release:1"],"bars":{"1":"0x01041041"}}
//! record: {"t":8,"warp":0,"pc":"0x40","op":"NBARRIER.wait","next_pc":"0x40","ev":["exception:NBAR_WAIT_NOT_CONSUMER"]}
//! expect: {"end":"exception","t":9,"profile":"visa","bars":{"1":"0x01041041"},"warps":[{"warp":0,"state":"faulted","pc":"0x40"},{"warp":1,"state":"ready","pc":"0x40"}]}

.profile visa
.threads 64

/*0000*/ S2R R0, SR_WARPID ;
/*0010*/ ISETP.EQ P0, R0, 0x0 ;
/*0020*/ @P0 NBARRIER.signal 0x1, 0x1, 0x1, 0x1 ;    // warp 0: producer only
/*0030*/ @!P0 NBARRIER.signal 0x1, 0x2, 0x1, 0x1 ;   // warp 1: consumer only
/*0040*/ NBARRIER.wait 0x1 ;
/*0050*/ EXIT ;
