#!/usr/bin/env python3
"""check_sc_frontend.py SM_FRONTEND WARPREF SRCDIR - the SystemC example
initiator (tb/sc/examples/sm_frontend.cpp), which drives the model's TLM-2.0
target instruction by instruction, writes the trace `warpref run` writes:
byte for byte, with the same exit status and end, on every program of
tests/programs/ and tb/programs/ (with the program's own `//! args:`), also
with --trace-operands --dump-regs 8 and with the trace on standard output.
Its command line refuses bad options with one line and exit status 2.
Prints 'N passed, N failed'."""
import glob
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from clitest import check, program_args, run  # noqa: E402

FE, MODEL, SRC = sys.argv[1:4]
VARIANTS = [[], ["--trace-operands", "--dump-regs", "8"]]


def end_of(err):
    m = re.search(r": end (\w+) at t=(\d+) after (\d+) instructions", err)
    return m.groups() if m else None


tmp = tempfile.mkdtemp(prefix="check-sc-frontend-")
progs = sorted(glob.glob(os.path.join(SRC, "tests", "programs", "*.s"))) + \
    sorted(glob.glob(os.path.join(SRC, "tb", "programs", "*.s")))
check("programs", len(progs) >= 30, f"{len(progs)} programs")
for prog in progs:
    name = os.path.basename(prog)
    for extra in VARIANTS:
        args = program_args(prog)
        args += [a for i, a in enumerate(extra) if "--dump-regs" not in args or a == "--trace-operands"]
        want_path, got_path = os.path.join(tmp, "want.jsonl"), os.path.join(tmp, "got.jsonl")
        rc_w, _, err_w = run(MODEL, ["run", prog, "--trace", want_path] + args)
        rc_g, _, err_g = run(FE, [prog, "--trace", got_path] + args)
        want = open(want_path).read() if os.path.exists(want_path) else None
        got = open(got_path).read() if os.path.exists(got_path) else None
        check(f"{name} {' '.join(extra)}", rc_g == rc_w and got == want and want
              and end_of(err_g) == end_of(err_w),
              f"exit {rc_g} (want {rc_w}), end {end_of(err_g)} (want {end_of(err_w)}), trace "
              f"{'equal' if got == want else 'differs'}\n  {err_g.strip()}")
    # the trace on standard output: nothing else there
    rc_g, out, err_g = run(FE, [prog, "--trace", "-"] + program_args(prog))
    rc_w, want, _ = run(MODEL, ["run", prog, "--trace", "-"] + program_args(prog))
    check(f"{name} --trace -", rc_g == rc_w and out == want, f"exit {rc_g}/{rc_w}, {len(out)}/{len(want)} bytes")

# the command line: one line, exit 2
good = os.path.join(SRC, "tests", "programs", "if_else.s")
for args, what in (([], "missing the program file"),
                   ([good, "--frob"], "unknown option '--frob'"),
                   ([good, good], "one program only"),
                   ([good, "--threads", "0"], "--threads: 0 is out of range 1..1024"),
                   ([good, "--threads", "010"], "has a leading zero"),
                   ([good, "--max-steps"], "--max-steps needs a number"),
                   ([good, "--threads", "32", "--threads", "64"], "--threads given more than once"),
                   ([good, "--trace"], "--trace needs a file name or -"),
                   ([good, "--trace", "/nonexistent/t.jsonl"], "cannot write the trace to '/nonexistent/t.jsonl'"),
                   ([os.path.join(tmp, "none.s")], "none.s:1:1: error: cannot open")):
    rc, out, err = run(FE, args)
    lines = [l for l in (out + err).split("\n") if l.strip()]
    check(f"bad command line {args[1:] or args}", rc == 2 and len(lines) == 1 and what in err,
          f"exit {rc}: {out}{err}")
clitest.finish()
