.profile sass
.profile ptx
        EXIT
