"""lockstep_common.py - what the lockstep scripts (scripts/regress,
scripts/shrink) share: the one-line error exit, the project's number syntax,
atomic writes (regresslib/files.py), one run of the Verilator lockstep
testbench judged by its result file, the bug catalogue and the tool checks.
Standard library only."""
import argparse
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from regresslib.files import write_atomic, read_json  # noqa: E402,F401  (the one atomic write, for both)

PROG = "lockstep"           # the script's name in its messages; set by the script


def die(msg):
    """a bad argument or input: one line on stderr, status 2"""
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    """argparse, with its errors (an unknown option, a missing value, a bad
    choice) as one line like every other: PROG: MESSAGE, status 2"""

    def error(self, message):
        die(message)


U64_MAX = (1 << 64) - 1


def number_message(text, lo=0, hi=U64_MAX):
    """(value, None) or (None, message): the project's one number syntax
    (decimal without a leading zero, or 0x hex) in a range, with the messages
    of warpref's C number parser (model/src/base/num.c, wr_num_message)"""
    shown = text[:40] + ("..." if len(text) > 40 else "")
    if re.fullmatch(r"0|[1-9][0-9]*", text):
        v = int(text)
    elif re.fullmatch(r"0x[0-9a-fA-F]+", text):
        v = int(text, 16)
    elif re.fullmatch(r"0[0-9]+", text):
        return None, f"'{shown}' has a leading zero (octal is not accepted: decimal, or hex with 0x)"
    else:
        return None, f"'{shown}' is not a number (decimal, or hex with 0x)"
    if v > U64_MAX:
        return None, f"'{shown}' does not fit 64 bits"
    if not lo <= v <= hi:
        return None, f"{shown} is out of range {lo}..{hi}"
    return v, None


def parse_number(text, what, lo=0, hi=U64_MAX):
    """a number in lo..hi, or exit 2 with the C parser's message"""
    v, msg = number_message(text, lo, hi)
    if msg:
        die(f"{what}: {msg}")
    return v


def tb_run(cmd, res_path, log, timeout):
    """one testbench run: its result file, or a made-up one"""
    log.write("$ " + " ".join(cmd) + "\n")
    log.flush()
    if os.path.exists(res_path):
        os.unlink(res_path)
    try:
        p = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "why": f"no end within {timeout} s"}
    r = read_json(res_path)
    if r is None:
        return {"status": "error", "why": f"the testbench exited {rc} without a result"}
    if r.get("status") == "pass" and rc != 0:
        return {"status": "error", "why": f"result says pass but the exit status is {rc}"}
    if r.get("status") != "pass" and rc == 0:
        return {"status": "error", "why": f"result says {r.get('status')} but the exit status is 0"}
    if r.get("status") == "pass" and not r.get("compared"):
        return {"status": "error", "why": "the run compared 0 instructions"}
    return r


def bug_names(tb):
    """the testbench's bug catalogue (+list_bugs)"""
    p = subprocess.run([tb, "+list_bugs"], capture_output=True, text=True)
    names = [l.strip() for l in p.stdout.splitlines() if re.fullmatch(r"[a-z0-9_]+", l.strip())]
    if p.returncode != 0 or not names:
        die(f"cannot list the bug catalogue with '{tb} +list_bugs'")
    return names


def check_tools(pairs):
    """(path, option) pairs that must be executables"""
    for exe, what in pairs:
        if not os.access(exe, os.X_OK):
            die(f"{what}: '{exe}' is not an executable (build first: meson setup build && ninja -C build)")
