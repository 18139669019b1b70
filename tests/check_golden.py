#!/usr/bin/env python3
"""check_golden.py WARPREF SRCDIR [--update] - `warpref run` traces stay byte-identical.

tests/golden/NAME.jsonl is the trace of tests/programs/NAME.s (with the
program's own `//! args:`), NAME.ops.jsonl the same with --trace-operands
--dump-regs 8.  They were written by the model before its retire record,
compare and barrier engine existed (commit acd1146); the run must give the
same bytes.  --update rewrites them, for a deliberate change of the trace
format only.

Each golden trace converted to the binary format (`warpref trace convert
--to binary`, docs/trace-binary.md) must give the bytes whose SHA-256
tests/golden/wtb.sha256 lists: the binary format's layout is pinned too, so
a flag or field moved in both its writer and its reader is caught."""
import difflib
import glob
import hashlib
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clitest import program_args  # noqa: E402

EXE, SRC = sys.argv[1], sys.argv[2]
UPDATE = "--update" in sys.argv[3:]
VARIANTS = {".jsonl": [], ".ops.jsonl": ["--trace-operands", "--dump-regs", "8"]}


passed = failed = 0
golden = sorted(glob.glob(os.path.join(SRC, "tests", "golden", "*.jsonl")))
names = sorted({os.path.basename(g).split(".")[0] for g in golden})
if not names:
    print("FAIL no golden traces")
    sys.exit(1)
for name in names:
    prog = os.path.join(SRC, "tests", "programs", name + ".s")
    for suffix, extra in VARIANTS.items():
        want_path = os.path.join(SRC, "tests", "golden", name + suffix)
        args = program_args(prog)
        if "--dump-regs" in extra and "--dump-regs" in args:     # an option may be given once:
            k = args.index("--dump-regs")                       # the variant's count replaces it
            del args[k:k + 2]
        cmd = [EXE, "run", prog, *args, *extra, "--trace", "-"]
        got = subprocess.run(cmd, capture_output=True).stdout.decode()
        if UPDATE:
            open(want_path, "w").write(got)
            continue
        want = open(want_path).read()
        if got == want:
            passed += 1
            continue
        failed += 1
        print(f"FAIL {name}{suffix}: the trace differs from tests/golden/{name}{suffix}")
        for line in list(difflib.unified_diff(want.splitlines(), got.splitlines(), "golden", "now",
                                              n=0, lineterm=""))[:12]:
            print("    " + line[:300])

# the binary format's bytes, pinned by hash
SUMS = os.path.join(SRC, "tests", "golden", "wtb.sha256")
want_sums = {}
if os.path.exists(SUMS):
    for line in open(SUMS):
        h, n = line.split()
        want_sums[n] = h
got_sums = {}
for g in golden:
    name = os.path.basename(g)[:-len(".jsonl")] + ".wtb"
    p = subprocess.run([EXE, "trace", "convert", g, "-", "--to", "binary"], capture_output=True)
    if p.returncode != 0:
        failed += 1
        print(f"FAIL {name}: trace convert exits {p.returncode}: {p.stderr.decode().strip()[:300]}")
        continue
    got_sums[name] = hashlib.sha256(p.stdout).hexdigest()
if UPDATE:
    with open(SUMS, "w") as f:
        for n in sorted(got_sums):
            f.write(f"{got_sums[n]}  {n}\n")
else:
    for n in sorted(set(want_sums) | set(got_sums)):
        if n not in want_sums:
            failed += 1
            print(f"FAIL {n}: no hash in tests/golden/wtb.sha256 (run with --update for a new program)")
        elif n not in got_sums:
            failed += 1
            print(f"FAIL {n}: listed in tests/golden/wtb.sha256 but its golden trace is gone")
        elif want_sums[n] != got_sums[n]:
            failed += 1
            print(f"FAIL {n}: the binary conversion's bytes differ from the pinned ones (sha256 {got_sums[n]})")
        else:
            passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
