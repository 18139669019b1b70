#!/usr/bin/env python3
"""check_script_mnemonics.py - the scripts' mnemonics come from the ISA table.

Usage: check_script_mnemonics.py WARPREF SRCDIR

scripts/gen-coverage (which mnemonics --check requires executed) and
scripts/shrink (which instructions have branch targets, which modifiers may be
dropped) read the ISA table through `warpref encoding --list`, so a row added
to model/include/warpref/isa.def reaches them with no edit of theirs.  This
pins that:
  list      `warpref encoding --list` has every WR_FORM row of isa.def, read
            here from the file's text: name, optype, group, profiles,
            mnemonic, modifier names, syntax;
  derived   gen-coverage's NATIVE and HELPERS and shrink's Targets are what
            the table says today;
  new row   with a table that has one more mnemonic (a wrapper of warpref
            that adds a row to --list), both scripts know it;
  no copy   neither script holds a literal list, tuple or set of two or more
            of the table's mnemonics (or modifier names): a list typed again.
Prints `N passed, N failed`; exit status 1 if any failed."""
import ast
import importlib.machinery
import importlib.util
import os
import re
import stat
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
WARPREF, SRC = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from clitest import check  # noqa: E402


def load(rel, name):
    path = os.path.join(SRC, rel)
    loader = importlib.machinery.SourceFileLoader(name, path)
    spec = importlib.util.spec_from_loader(name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


# ---- isa.def's text, read without the model ---------------------------------------
with open(os.path.join(SRC, "model", "include", "warpref", "isa.def")) as f:
    isa = f.read()
groups = dict(re.findall(r"^WR_OPTYPE\((\w+),\s*0x[0-9a-f]+,\s*(\w+),", isa, re.M))
PROFILES = ["native", "sass", "ptx", "visa"]
rows = []
for m in re.finditer(r'^WR_FORM\(\s*(\w+),\s*(\w+),\s*\w+,\s*"([^"]*)",\s*(\w+),\s*"([^"]*)",\s*-?\d+,\s*"([^"]*)",'
                     r'(.*?)\)\s*$(?=\s*(?:WR_FORM|/\*|#))', isa, re.M | re.S):
    name, optype, mnem, modfield, modnames, syntax, rest = m.groups()
    ins = [p.lower() for p in re.findall(r"\bIN\((\w+)\)", rest)]
    rows.append(" ".join([name, optype, groups[optype], ",".join(p for p in PROFILES if not ins or p in ins), mnem,
                          "-" if modfield == "NONE" else modnames, syntax or "-"]))
check("isa.def read: rows found", len(rows) >= 80, f"{len(rows)} rows")

sys.path.insert(0, os.path.join(SRC, "scripts"))
import lockstep_common as lc  # noqa: E402
p = subprocess.run([WARPREF, "encoding", "--list"], capture_output=True, text=True)
listed = [l for l in p.stdout.splitlines() if l and not l.startswith("#")]
check("encoding --list: exit 0, a header line", p.returncode == 0 and p.stdout.startswith(
    "# form optype group profiles mnemonic modifiers syntax\n"), p.stderr)
check("encoding --list: one line per WR_FORM row of isa.def, as its text says", listed == rows,
      next((f"--list {a!r} vs isa.def {b!r}" for a, b in zip(listed, rows) if a != b), f"{len(listed)} vs {len(rows)}"))

# ---- what the scripts derive ----------------------------------------------------------
cov = load(os.path.join("scripts", "gen-coverage"), "gen_coverage")
shrink = load(os.path.join("scripts", "shrink"), "shrink")
native = [r.split()[4] for r in rows if "native" in r.split()[3].split(",") and r.split()[2] in ("BCU", "BRU")]
native = list(dict.fromkeys(native))
helpers = list(dict.fromkeys(r.split()[4] for r in rows if r.split()[2] == "HLP"))
got_native, got_helpers = cov.table_mnemonics(WARPREF)
check("gen-coverage: NATIVE is the native BCU and BRU mnemonics", got_native == native, f"{got_native}")
check("gen-coverage: HELPERS is the HLP mnemonics", got_helpers == helpers, f"{got_helpers}")
check("gen-coverage: 21 native, 10 helpers today", (len(native), len(helpers)) == (21, 10))
cov.NATIVE[:], cov.HELPERS[:] = got_native, got_helpers
check("gen-coverage: trace op -> mnemonic",
      [cov.mnemonic(o) for o in ("BAR.SYNC", "BAR.RED.POPC", "BAR.RESULT", "B2R.BAR", "CALL.ABS", "B2R.RESULT", "barrier.cta.sync")]
      == ["BAR", "BAR.RED", "BAR.RESULT", "B2R", "CALL", "B2R", "barrier"])
t = shrink.Targets(lc.isa_forms(WARPREF))
check("shrink: targets from the table",
      (t.absolute, t.dest, t.optional, t.register, t.droppable) ==
      ({"BRA", "BSSY"}, {"LEPC"}, {"CALL", "RET"}, {"BRX", "CALL", "RET"}, {"U", "DIV", "CONV", "CLEAR"}),
      f"{t.__dict__}")

# ---- a table with one more mnemonic reaches both scripts --------------------------------
tmp = tempfile.mkdtemp(prefix="check-script-mnemonics-")
fake = os.path.join(tmp, "warpref")
with open(fake, "w") as f:
    f.write(f"#!/bin/sh\n'{WARPREF}' \"$@\" || exit $?\n"
            "[ \"$*\" = 'encoding --list' ] && echo 'FROB_X FROB BRU native FROB |Q ?P:PP, T:OFFSET'\nexit 0\n")
os.chmod(fake, stat.S_IRWXU)
n2, h2 = cov.table_mnemonics(fake)
check("new row: gen-coverage requires it executed (NATIVE)", n2 == native + ["FROB"] and h2 == helpers, f"{n2}")
t2 = shrink.Targets(lc.isa_forms(fake))
check("new row: shrink knows its target and its modifier", "FROB" in t2.absolute and "Q" in t2.droppable)
os.unlink(fake)
os.rmdir(tmp)

# ---- no list typed again ----------------------------------------------------------------
words = set(native + helpers) | {r.split()[4] for r in rows} | t.droppable
for rel in (os.path.join("scripts", "gen-coverage"), os.path.join("scripts", "shrink")):
    with open(os.path.join(SRC, rel)) as f:
        tree = ast.parse(f.read())
    lists = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            strs = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
            if sum(s in words for s in strs) >= 2:
                lists.append(f"line {node.lineno}: {strs}")
    check(f"{rel}: no hand-typed list of mnemonics", not lists, "; ".join(lists))

clitest.finish()
