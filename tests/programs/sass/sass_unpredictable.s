// sass_unpredictable.s - BAR.SYNC in trap mode (entered by TRAP): seed 001
// calls it UNPREDICTABLE; the model raises the exception UNPREDICTABLE.
//
// Rules: S-07, S-13 (TRAP enters trap mode and goes on), S-14.
//
//! args: --profile sass
//! exit: 4
//! records: 2
//! record: {"t":0,"pc":"0x0","op":"TRAP","next_pc":"0x10","ev":["trap:1"]}
//! record: {"t":1,"pc":"0x10","op":"BAR.SYNC","next_pc":"0x10","ev":["exception:UNPREDICTABLE"]}
//! expect: {"end":"exception","t":2,"bars":{},"profile":"sass","warps":[{"warp":0,"state":"faulted","pc":"0x10"}]}

.profile sass

/*0000*/ TRAP 0x1 ;
/*0010*/ BAR.SYNC 0x0 ;
/*0020*/ EXIT ;
