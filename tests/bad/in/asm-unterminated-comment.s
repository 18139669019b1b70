NOP ; /* never closed
EXIT ;
