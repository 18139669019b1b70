@Q1 NOP ;
