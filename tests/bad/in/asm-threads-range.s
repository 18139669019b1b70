.threads 2000
EXIT ;
