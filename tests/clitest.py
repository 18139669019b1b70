"""clitest.py - what the command-line test scripts share: running the command
and tallying named checks, ending with the plain 'N passed, N failed' line;
scripts/regress's summary with its times taken out, to compare two runs;
reading a JSON file that may be missing or half-written."""
import json
import re
import shlex
import subprocess
import sys

passed = failed = 0


def read_json(path):
    """a JSON file, or None when it is missing or not JSON"""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def run(exe, args, stdin=None, timeout=120):
    """text in, text out: (status, stdout, stderr)"""
    p = subprocess.run([exe] + args, input=stdin, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def program_args(path):
    """the `warpref run` arguments a program names in its `//! args:` lines"""
    args = []
    with open(path) as f:
        for line in f:
            if line.startswith("//! args:"):
                args += shlex.split(line[len("//! args:"):])
    return args


def check(name, cond, detail=""):
    """count one named check; returns whether it held"""
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))
    return bool(cond)


ROW = re.compile(r"^(\S+)\s+(\S+)\s+(\d+)\s+([\d.]+)  (.*)$")


def regress_summary(stdout):
    """scripts/regress's summary without what differs from run to run: the
    seconds of each job, the wall time and rate, the output directory"""
    out = []
    for line in stdout.splitlines():
        m = ROW.match(line)
        if m and not line.startswith(("job ", "bug ")):
            line = f"{m.group(1)} {m.group(2)} {m.group(3)} S {m.group(5)}"
        line = re.sub(r"jobs in [\d.]+ s( \([\d.]+ s of them in this run, after --resume\))?", "jobs in T s", line)
        line = re.sub(r"\([\d,]+/s\)", "(R/s)", line)
        line = re.sub(r"results in \S+$", "results in OUT", line)
        line = re.sub(r" \S+/waves\.fst$", " WAVES", line)
        line = re.sub(r"^regress: report \S+$", "regress: report REPORT", line)
        line = re.sub(r"; the table: \S+\)$", "; the table: OUT/coverage.txt)", line)
        if line.startswith(("  dump ", "  waves ", "  reproduce ")):
            line = re.sub(r"/\S*", "PATH", line)
        out.append(line)
    return "\n".join(out)


def finish():
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
