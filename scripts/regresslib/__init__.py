"""regresslib - the parts of scripts/regress that live beside it: files
written atomically and results read back (files), the checks that no
regression passes without having checked anything (verdict), each bug's
verdict and each failure's first divergence, files and reproduce command
(triage), the JUnit XML (junit), the Slurm backend (slurm) and the HTML
report (report), whose lane x time pictures `warpref view --dump` draws.  The runner itself stays one script,
scripts/regress."""
