// visa_illegal_type.s - a register type above 2 (3): the values of register operands are
// checked at execution (the assembler checks the immediates); the exception
// ILLEGAL_ENCODING, precise (status 4).
//
// Rules: V-04, V-05.
//
//! args: --profile visa
//! exit: 4
//! records: 2
//! record: {"t":1,"pc":"0x10","op":"NBARRIER.signal","next_pc":"0x10","ev":["exception:ILLEGAL_ENCODING"]}
//! expect: {"end":"exception","t":2,"bars":{},"profile":"visa","warps":[{"warp":0,"state":"faulted","pc":"0x10"}]}

.profile visa

/*0000*/ MOV R1, 0x3 ;
/*0010*/ NBARRIER.signal 0x1, R1, 0x1, 0x1 ;
/*0020*/ EXIT ;
