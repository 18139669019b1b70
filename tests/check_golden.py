#!/usr/bin/env python3
"""check_golden.py WARPREF SRCDIR [--update] - `warpref run` traces stay byte-identical.

tests/golden/NAME.jsonl is the trace of tests/programs/NAME.s (with the
program's own `//! args:`), NAME.ops.jsonl the same with --trace-operands
--dump-regs 8.  They were written by the model before its retire record,
compare and barrier engine existed (commit acd1146); the run must give the
same bytes.  --update rewrites them, for a deliberate change of the trace
format only."""
import difflib
import glob
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
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
