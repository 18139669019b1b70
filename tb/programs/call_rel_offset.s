// CALL.REL (target = ActivePC + 16 + Va + offset*16, N-16) and RET.ABS with a
// non-zero offset.  Catches the RTL bugs call_rel_from_pc and ret_no_offset.
LEPC R[4:5] ;
CALL.REL 0x20 ;
MOV R1, 0x5 ;
EXIT ;
MOV R1, 0x6 ;
RET.ABS R[4:5], 0x20 ;
MOV R1, 0x7 ;
EXIT ;
