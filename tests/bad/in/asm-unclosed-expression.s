BRA `(.L_x ;
.L_x:
EXIT ;
