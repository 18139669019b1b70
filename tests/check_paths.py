#!/usr/bin/env python3
"""check_paths.py WARPREF SRCDIR - the semantic paths (paths.def) against the
programs and the docs.

- Every path is taken by at least one program of tests/programs (each run with
  its own `//! args:` and `--coverage`), unless its reach is `word` or `never`
  (documented unreachable by a program); a path of reach `word` or `never` is
  taken by none (else the documentation is wrong).
- docs/semantics.md has the paths table: one row per path, in the list's
  order, with its rules and reach; every function the row names exists in
  model/src; every program it names exists and takes the path; a `word` row
  names a unit test that exists.
Prints `N passed, N failed`."""
import collections
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

import clitest

EXE, SRC = sys.argv[1], sys.argv[2]


def check(ok, what):
    clitest.check("paths", ok, what)


listing = subprocess.run([EXE, "paths"], capture_output=True, text=True)
paths = [l.split(None, 3)[:3] for l in listing.stdout.splitlines() if l and not l.startswith("#")]
check(listing.returncode == 0 and len(paths) > 80, f"'warpref paths' listed {len(paths)} paths")
reach = {name: r for name, _, r in paths}

# ---- every program with --coverage -------------------------------------------------
taken = collections.defaultdict(set)           # path -> programs that take it
fd, cov = tempfile.mkstemp(prefix="check-paths-")
os.close(fd)
for prog in sorted(glob.glob(os.path.join(SRC, "tests", "programs", "*.s"))):
    args = []
    for line in open(prog):
        if line.startswith("//! args:"):
            args += shlex.split(line[len("//! args:"):])
    p = subprocess.run([EXE, "run", prog, *args, "--coverage", cov], capture_output=True, text=True)
    if p.returncode == 2:
        check(False, f"{os.path.basename(prog)}: {p.stderr.strip()}")
        continue
    for line in open(cov):
        if not line.startswith("#"):
            name, hits = line.split()[:2]
            if int(hits):
                taken[name].add(os.path.basename(prog))
os.unlink(cov)
for name, _, r in paths:
    if r in ("word", "never"):
        check(not taken[name], f"{name} (reach {r}) is taken by {sorted(taken[name])}")
    else:
        check(bool(taken[name]), f"{name} (reach {r}): no program of tests/programs takes it")

# ---- the table of docs/semantics.md -----------------------------------------------------
doc = open(os.path.join(SRC, "docs", "semantics.md")).read()
rows = re.findall(r"^\| `?([A-Z0-9_]+\.[a-z_]+)`? \| ([^|]+) \| ([^|]+) \| (\w+) \| ([^|]+) \|$", doc, re.M)
check([r[0] for r in rows] == [p[0] for p in paths],
      "the paths table of docs/semantics.md does not list the paths of `warpref paths` in order: "
      f"missing {sorted(set(p[0] for p in paths) - set(r[0] for r in rows))}, "
      f"extra {sorted(set(r[0] for r in rows) - set(p[0] for p in paths))}")
sources = "".join(open(f).read() for f in glob.glob(os.path.join(SRC, "model", "src", "**", "*.[ch]"), recursive=True))
tests = set()
for f in glob.glob(os.path.join(SRC, "tests", "*.c")):
    tests |= set(re.findall(r"START_TEST\((\w+)\)", open(f).read()))
rules = {name: ru for name, ru, _ in paths}
for name, ru, code, r, where in rows:
    if name not in rules:
        continue
    check(ru.replace(" ", "") == rules[name], f"{name}: the table says rules {ru.strip()}, the list {rules[name]}")
    check(r == reach[name], f"{name}: the table says reach {r}, the list {reach[name]}")
    funcs = re.findall(r"`(\w+)\(\)`", code)
    check(bool(funcs), f"{name}: the table names no function")
    for fn in funcs:
        check(re.search(r"\b" + fn + r"\(", sources) is not None, f"{name}: no function {fn}() in model/src")
    for prog in re.findall(r"\b([a-z0-9_]+\.s)\b", where):
        check(prog in taken[name], f"{name}: the table names {prog}, which does not take it")
    if r == "word":
        named = re.findall(r"`(\w+)`", where)
        check(bool(named) and all(t in tests for t in named), f"{name}: the table names no unit test that exists")
    elif r != "never":
        check(bool(re.search(r"\.s\b", where)), f"{name}: the table names no program that takes it")

clitest.finish()
