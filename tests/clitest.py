"""clitest.py - what the command-line test scripts share: running the command
and tallying named checks, ending with the plain 'N passed, N failed' line."""
import shlex
import subprocess
import sys

passed = failed = 0


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
        print(f"FAIL {name}: {detail}")
    return bool(cond)


def finish():
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
