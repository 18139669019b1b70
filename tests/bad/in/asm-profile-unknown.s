.profile cuda
        EXIT
