        barrier.sync 0x0
        EXIT
