"""regresslib - the parts of scripts/regress that live beside it: files
written atomically and results read back (files), the checks that no
regression passes without having checked anything (verdict), the Slurm
backend (slurm), the HTML report (report) and its lane x time pictures
(lanes).  The runner itself stays one script, scripts/regress."""
