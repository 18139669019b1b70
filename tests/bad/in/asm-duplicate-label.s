.L_a:
NOP ;
.L_a:
EXIT ;
