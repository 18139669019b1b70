"""verdict.py - no false pass.  After every run (local, Slurm, resumed) the
results are read back from OUT/JOB/result.json and audited before the
summary: a regression in which a job's result is missing (the number of
results differs from the number of jobs), a job passed having compared no
instruction or without the end of its run checked against the model's (the
testbench's `end_checked`: an RTL that stops early never passes), or a
job's log lacks the testbench's final summary line (or, fed many jobs, its job line), fails
(exit status 1), each with one line on stderr saying which job and why; the
job itself is then shown as an error in the table, the JUnit XML and the
report."""
import os
import re

from .files import read_result

SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")
# the summary line of either testbench: SystemVerilog or SystemC (docs/systemc.md)
VERDICT = re.compile(r"^(?:tb_lockstep|tb_sc_lockstep): (PASS|MISMATCH|HANG|ERROR|FAILURE) ")
TB_STATUSES = ("pass", "mismatch", "hang")
# a job of a testbench fed many (+jobs=-, scripts/regress): its line stands
# for the summary line its run alone prints (exit 0: 1 passed, else 1 failed)
JOB_LINE = re.compile(r"^(?:tb_lockstep|tb_sc_lockstep): job \d+ \(.*:\d+\): exit (\d+)$")


def log_summary(log_path):
    """(the testbench's last 'N passed, N failed' line as (passed, failed), its
    last verdict word) from a job's log; None for what is not there"""
    last = verdict = None
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                m = SUMMARY.match(line)
                if m:
                    last = (int(m.group(1)), int(m.group(2)))
                m = JOB_LINE.match(line)
                if m:
                    last = (1, 0) if m.group(1) == "0" else (0, 1)
                m = VERDICT.match(line)
                if m:
                    verdict = m.group(1)
    except OSError:
        pass
    return last, verdict


def audit(jobs, out):
    """read every job's result back from its file; returns the problem lines.
    A job with a problem gets status 'error' (with the problem as 'why'), or
    'missing' without a result; a job that died on the cluster keeps its
    in-memory 'died' result."""
    problems = []
    missing = []
    for j in jobs:
        d = os.path.join(out, j.name)
        r = read_result(os.path.join(d, "result.json"))
        if r is None:
            if j.result and j.result.get("status") == "died":
                continue                 # reported by the Slurm backend, never a pass
            missing.append(j.name)
            j.result = {"status": "missing", "why": "no result file (OUT/JOB/result.json)"}
            continue
        j.result = r
        st = r.get("status")
        why = None
        if st == "pass" and not r.get("compared"):
            why = "passed having compared 0 instructions"
        elif st == "pass" and r.get("end_checked") is not True:
            why = "passed without its end checked against the model's (no end_checked in its result)"
        elif st in TB_STATUSES:
            last, verdict = log_summary(os.path.join(d, "log.txt"))
            if last is None:
                why = f"its log lacks the testbench's final summary line ('N passed, N failed'), yet the result says {st}"
            elif st == "pass" and (last != (1, 0) or verdict != "PASS"):
                why = (f"the result says pass but the log ends '{last[0]} passed, {last[1]} failed'"
                       f"{'' if verdict == 'PASS' else ' without a PASS line'}")
        if why:
            problems.append(f"{j.name} {why}")
            j.result = dict(r, status="error", why=why, claimed=st)
    if missing:
        shown = ", ".join(missing[:8]) + (", ..." if len(missing) > 8 else "")
        problems.insert(0, f"{len(jobs)} jobs but {len(jobs) - len(missing)} results (no result: {shown})")
    return problems
