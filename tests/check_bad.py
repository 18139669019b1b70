#!/usr/bin/env python3
"""check_bad.py - runs the bad-input catalogue (tests/bad/catalogue.txt):
each case's command must exit with its status and print exactly its one
line (standard output and error together), in at most 60 s; at least 60
cases.  Every message must also be listed in docs/errors.md (its
placeholders written in capitals there): a case whose message matches no
documented line fails.

Usage: check_bad.py SRCDIR --warpref WARPREF [--tb TB_LOCKSTEP [--tb-only]]
       check_bad.py SRCDIR --warpref WARPREF [--tb TB] --show   (print what each case prints)
Without --tb the cases that need the testbench are left out (and counted);
with --tb-only only those run.  Prints `N passed, N failed`."""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import clitest  # noqa: E402
from clitest import check  # noqa: E402

MIN_CASES = 60


def load(src):
    """[(group, name, status, command, message)] from the catalogue"""
    cases, group = [], None
    with open(os.path.join(src, "tests", "bad", "catalogue.txt")) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("## "):
                group = line[3:].strip()
                continue
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split(" | ", 3)
            if len(parts) != 4 or not parts[1].isdigit() or group is None:
                sys.exit(f"tests/bad/catalogue.txt:{n}: not 'NAME | STATUS | COMMAND | MESSAGE' under a '## ' group")
            cases.append((group, parts[0].strip(), int(parts[1]), parts[2].strip(), parts[3]))
    return cases


def documented(src):
    """docs/errors.md's lines between backticks, as patterns: a word in capitals
    (FILE, LINE, NAME, TEXT, ...) stands for any text"""
    doc = open(os.path.join(src, "docs", "errors.md")).read()
    pats = []
    for a, b in re.findall(r"``\s?(.+?)\s?``|`([^`\n]+)`", doc):
        text = a or b
        parts = re.split(r"\b[A-Z][A-Z0-9_-]*[A-Z0-9]\b|(?:(?<=0x)|(?<![A-Za-z]))N(?![A-Za-z])", text)
        if len("".join(parts).strip(" :'(),.")) < 6:
            continue
        pats.append(re.compile(".*".join(re.escape(p) for p in parts)))
    return pats


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--warpref", required=True)
    ap.add_argument("--tb")
    ap.add_argument("--tb-only", action="store_true")
    ap.add_argument("--show", action="store_true")
    a = ap.parse_args()
    src = os.path.abspath(a.src)
    cases = load(src)
    check(f"at least {MIN_CASES} cases", len(cases) >= MIN_CASES, f"{len(cases)} cases")
    names = [c[1] for c in cases]
    check("case names unique", len(set(names)) == len(names))
    docs = documented(src)
    subst = {"warpref": shlex.quote(os.path.abspath(a.warpref)),
             "regress": shlex.quote(sys.executable) + " " + shlex.quote(os.path.join(src, "scripts", "regress")),
             "faketb": shlex.quote(os.path.join(src, "tests", "fake", "tb_lockstep")),
             "tb": shlex.quote(os.path.abspath(a.tb)) if a.tb else ""}
    left_out = 0
    groups = {}
    for group, name, status, command, message in cases:
        needs_tb = "{tb}" in command
        if (needs_tb and not a.tb) or (a.tb_only and not needs_tb):
            left_out += 1
            continue
        groups[group] = groups.get(group, 0) + 1
        tmp = tempfile.mkdtemp(prefix="bad-")
        inputs = glob.glob(os.path.join(src, "tests", "bad", "in", glob.escape(name) + ".*"))
        values = dict(subst, tmp=shlex.quote(tmp), **{"in": os.path.relpath(inputs[0], src) if inputs else ""})
        if "{in}" in command and len(inputs) != 1:
            check(name, False, f"wants one input tests/bad/in/{name}.*, found {len(inputs)}")
            continue
        cmd = shlex.split(command.format(**values))
        want = message.replace("{in}", values["in"]).replace("{tmp}", tmp)
        try:
            p = subprocess.run(cmd, cwd=src, stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
            got = (p.stdout + p.stderr).decode("utf-8", "replace")
            rc = p.returncode
        except subprocess.TimeoutExpired:
            got, rc = "(no end within 60 s)", None
        shutil.rmtree(tmp)
        line = got.rstrip("\n").replace(tmp, "{tmp}")
        if a.show:
            print(f"{name} | {rc} | {command} | {line}")
            continue
        check(f"{name} status", rc == status, f"exit {rc}, want {status}: {got!r}")
        check(f"{name} message", got.rstrip("\n") == want and "\n" not in got.rstrip("\n"),
              f"\n  got  {got!r}\n  want {want!r}")
        bare = want.replace(tmp, "DIR")
        check(f"{name} documented", any(p.search(bare) for p in docs),
              f"no line of docs/errors.md matches {bare!r}")
    print("cases: " + ", ".join(f"{g}: {n}" for g, n in groups.items())
          + (f"; {left_out} left out (testbench)" if left_out else ""))
    if not a.show:
        clitest.finish()


if __name__ == "__main__":
    main()
