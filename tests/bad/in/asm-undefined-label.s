BRA `(.L_nowhere) ;
EXIT ;
