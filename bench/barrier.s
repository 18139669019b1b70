// Benchmark: 32 warps meet at a reduction and a plain barrier in every
// iteration of a counted loop, reading the reduction back each time.
.threads 1024
        S2R R0, SR_TID
        MOV R1, 0
        LOP.AND R3, R0, 7
        ISETP.EQ P0, R3, 0
.L_loop:
        BAR.RED.POPC 0x1, 0x0, P0
        BAR.RESULT R4, PT
        BAR.SYNC 0x0
        IADD R1, R1, 1
        ISETP.LT P1, R1, 3000
        @P1 BRA `(.L_loop)
        EXIT
