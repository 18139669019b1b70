.const c[0][0x3] = 1
EXIT ;
