#!/usr/bin/env python3
"""check_semantics.py SRCDIR - keeps docs/semantics.md honest.

Every rule of SPEC-NOTES has a row: the native ones (N-xx) and those of the
profiles (section 8: G-xx, S-xx, P-xx, V-xx); every test a row names exists
(`N_21_*` in tests/test_bru.c: at least one such test in that file; a
backquoted test name: a START_TEST of that name; NAME.s: a program in
tests/programs or a folder of it); every rule-named unit test (N_xx_...,
S_xx_..., H_x_...) belongs to a rule the page lists; every program test is
named somewhere on the page."""
import glob
import os
import re
import sys

SRC = sys.argv[1]
doc = open(os.path.join(SRC, "docs", "semantics.md")).read()

RULES = ([f"N-{i:02d}" for i in range(1, 6)] + [f"N-{i}" for i in range(10, 28)] +
         [f"N-{i}" for i in range(30, 40)] + [f"N-{i}" for i in range(50, 56)] + ["N-60", "N-61"] +
         ["G-01", "G-02"] + [f"S-{i:02d}" for i in range(1, 16)] + [f"P-{i:02d}" for i in range(1, 12)] +
         [f"V-{i:02d}" for i in range(1, 12)])
KINDS = "NGSPV"

tests_by_file = {}
for path in glob.glob(os.path.join(SRC, "tests", "*.c")):
    names = re.findall(r"START_TEST\((\w+)\)", open(path).read())
    tests_by_file["tests/" + os.path.basename(path)] = set(names)
all_tests = set().union(*tests_by_file.values())
programs = {os.path.basename(p) for p in glob.glob(os.path.join(SRC, "tests", "programs", "**", "*.s"),
                                                   recursive=True)}

errors = []
passed = 0

rows = {}
for line in doc.splitlines():
    m = re.match(r"\| \[?([NGSPV]-\d\d)(?:\]\(rules\.md#[\w-]+\))? \|", line)
    if m:
        rows[m.group(1)] = line

for rule in RULES:
    if rule not in rows:
        errors.append(f"{rule}: no row in docs/semantics.md")
        continue
    row = rows[rule]
    cells = [c.strip() for c in row.strip("|").split("|")]
    tests_cell = cells[-1]
    found = 0
    for prefix, files in re.findall(r"`([NGSPV]_\d\d)_\*` in ((?:tests/\w+\.c(?: and )?)+)", tests_cell):
        for f in re.findall(r"tests/\w+\.c", files):
            n = sum(1 for t in tests_by_file.get(f, ()) if t.startswith(prefix + "_"))
            if n == 0:
                errors.append(f"{rule}: no test {prefix}_* in {f}")
            found += n
    if prefix_mismatch := [p for p in re.findall(r"`([NGSPV]_\d\d)_\*`", tests_cell) if p != rule.replace("-", "_")]:
        errors.append(f"{rule}: row names tests of another rule: {prefix_mismatch}")
    for prog in re.findall(r"([a-z0-9_]+\.s)\b", tests_cell):
        if prog not in programs:
            errors.append(f"{rule}: program {prog} does not exist")
        found += 1
    if found == 0:
        errors.append(f"{rule}: the row names no test")
    else:
        passed += 1

# every backquoted test-like name on the page exists
for name in set(re.findall(r"`((?:[NGSPV]|H)_\d+_[a-z0-9_]+|trace_[a-z0-9_]+)`", doc)):
    if name not in all_tests:
        errors.append(f"the page names test {name}, which does not exist")
    else:
        passed += 1
for prog in set(re.findall(r"\b([a-z0-9_]+\.s)\b", doc)):
    if prog not in programs:
        errors.append(f"the page names program {prog}, which does not exist")

# every rule-named test belongs to a listed rule; every program is mentioned
for t in sorted(all_tests):
    m = re.match(r"([NGSPV]|H)_(\d+)_", t)
    if not m:
        continue
    rule = f"{m.group(1)}-{int(m.group(2)):02d}" if m.group(1) in KINDS else f"H-{int(m.group(2))}"
    if m.group(1) in KINDS and rule not in rows:
        errors.append(f"test {t}: rule {rule} has no row")
    elif m.group(1) == "H" and f"**{rule} " not in doc:
        errors.append(f"test {t}: hazard {rule} is not described")
    else:
        passed += 1
for prog in sorted(programs):
    if prog not in doc:
        errors.append(f"program {prog} is not mentioned in docs/semantics.md")
    else:
        passed += 1

for e in errors:
    print("FAIL", e)
print(f"{passed} passed, {len(errors)} failed")
sys.exit(1 if errors else 0)
