.profile visa
        BAR.SYNC 0x0
        EXIT
