// Benchmark, sass profile (SPEC-NOTES section 8): 32 warps meet at a
// reduction read back with B2R.RESULT, a scan and a plain barrier (barrier
// and count in one register) in every iteration of a counted loop.
.profile sass
.threads 1024
        S2R R0, SR_TID
        MOV R1, 0
        MOV R5, 0x04000002               // barrier 2, count 1024 in bits 27:16
        LOP.AND R3, R0, 7
        ISETP.EQ P0, R3, 0
.L_loop:
        BAR.RED.POPC 0x1, 0x0, P0
        B2R.RESULT R4, P2
        BAR.SCAN 0x3, 0x400, P0
        B2R.RESULT R6
        BAR.SYNC R5, R5
        IADD R1, R1, 1
        ISETP.LT P1, R1, 3000
        @P1 BRA `(.L_loop)
        EXIT
