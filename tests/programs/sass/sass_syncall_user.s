// sass_syncall_user.s - BAR.SYNCALL outside trap mode ("user mode" in seed
// 001): the exception ILLEGAL_INSTR_ENCODING; precise, the run ends with
// status 4.
//
// Rules: S-06, S-14 (checked before the native ones), N-37 (precise).
//
//! args: --profile sass
//! exit: 4
//! records: 2
//! record: {"t":1,"pc":"0x10","op":"BAR.SYNCALL","next_pc":"0x10","ev":["exception:ILLEGAL_INSTR_ENCODING"]}
//! expect: {"end":"exception","t":2,"bars":{},"profile":"sass","warps":[{"warp":0,"state":"faulted","pc":"0x10"}]}

.profile sass

/*0000*/ NOP ;
/*0010*/ BAR.SYNCALL ;
/*0020*/ EXIT ;
