#!/usr/bin/env python3
"""check_cli.py WARPREF SRCDIR - the `warpref` command as a user meets it:
help texts, exit statuses, one-line errors with file:line:col, asm <-> disasm
round trips, the encoding reference being current, and trace output to a file
and to stdout being the same bytes.  Prints 'N passed, N failed'."""
import os
import re
import subprocess
import sys
import tempfile

WARPREF, SRC = sys.argv[1], sys.argv[2]
passed = failed = 0


def run(args, stdin=None):
    p = subprocess.run([WARPREF] + args, input=stdin, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def one_line_error(name, args, status, pattern, stdin=None):
    rc, out, err = run(args, stdin)
    lines = err.strip().splitlines()
    check(name, rc == status and len(lines) == 1 and re.search(pattern, lines[0]) is not None,
          f"status {rc} (want {status}), stderr {err!r}, want /{pattern}/")


tmp = tempfile.mkdtemp(prefix="warpref-cli-")


def write(name, text):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


# ---- help and version ------------------------------------------------------
rc, out, err = run(["--help"])
check("help", rc == 0 and "usage: warpref COMMAND" in out and "run PROG.s" in out, out)
for cmd in ["run", "asm", "disasm", "encoding"]:
    rc, out, _ = run([cmd, "--help"])
    check(f"help {cmd}", rc == 0 and out.startswith(f"usage: warpref {cmd}"), out)
    rc2, out2, _ = run(["help", cmd])
    check(f"help via help {cmd}", rc2 == 0 and out2 == out, out2)
rc, out, _ = run(["--version"])
check("version", rc == 0 and re.match(r"warpref \d+\.\d+\.\d+\n", out), out)

# ---- usage errors: one line, exit 2 ------------------------------------------
prog = write("ok.s", "S2R R0, SR_LANEID\nEXIT\n")
rc, _, err = run([])
check("no command status", rc == 2 and "usage: warpref" in err, err)
one_line_error("unknown command", ["frobnicate"], 2, r"^warpref: unknown command 'frobnicate'")
one_line_error("unknown option", ["run", prog, "--frob"], 2, r"^warpref: run: unknown option '--frob'")
one_line_error("missing program", ["run"], 2, r"missing the program file")
one_line_error("two programs", ["run", prog, prog], 2, r"one program only")
one_line_error("threads zero", ["run", prog, "--threads", "0"], 2, r"--threads needs a number from 1 to 1024, got '0'")
one_line_error("threads too big", ["run", prog, "--threads=1025"], 2, r"got '1025'")
one_line_error("threads junk", ["run", prog, "--threads", "12x"], 2, r"got '12x'")
one_line_error("threads missing", ["run", prog, "--threads"], 2, r"--threads needs")
one_line_error("threads negative", ["run", prog, "--threads", "-4"], 2, r"got '-4'")
one_line_error("max-steps zero", ["run", prog, "--max-steps", "0"], 2, r"--max-steps needs a positive number")
one_line_error("dump-regs too big", ["run", prog, "--dump-regs", "256"], 2, r"--dump-regs needs a number from 0 to 255")
one_line_error("trace empty", ["run", prog, "--trace="], 2, r"--trace needs a file name")
one_line_error("trace unwritable", ["run", prog, "--trace", "/nonexistent/dir/t.jsonl"], 2,
               r"cannot open trace file '/nonexistent/dir/t.jsonl'")
one_line_error("program missing", ["run", os.path.join(tmp, "nope.s")], 2, r"nope\.s")
one_line_error("asm unknown option", ["asm", "-x", prog], 2, r"^warpref: asm: unknown option '-x'")
one_line_error("asm -o missing", ["asm", prog, "-o"], 2, r"-o needs a file name")
one_line_error("disasm unknown option", ["disasm", "--pc"], 2, r"^warpref: disasm: unknown option '--pc'")
one_line_error("encoding args", ["encoding", "x"], 2, r"takes no arguments")
one_line_error("help unknown", ["help", "nope"], 2, r"no such command 'nope'")

# ---- bad programs through the command line: file:line:col --------------------
bad = write("bad.s", "NOP\n  BRX R6 -0x70\n")
one_line_error("bad program run", ["run", bad], 2, r"^" + re.escape(bad) + r":2:\d+: error: ")
one_line_error("bad program asm", ["asm", bad], 2, r"^" + re.escape(bad) + r":2:\d+: error: ")
one_line_error("bad program stdin", ["asm", "-"], 2, r"^<stdin>:1:\d+: error: ", stdin="FOO R1\n")

# ---- disasm: bad words ---------------------------------------------------------
words = write("bad.hex", "# comment\n\n0x1234\n")
one_line_error("disasm short word", ["disasm", words], 2, r":3:1: error: not a 128-bit word")
words = write("bad2.hex", "   0x" + "f" * 32 + "\n")
one_line_error("disasm illegal word", ["disasm", words], 2, r":1:4: error: illegal encoding: ")
one_line_error("disasm missing file", ["disasm", os.path.join(tmp, "none.hex")], 2, r"cannot open")

# ---- asm <-> disasm round trip over every program of the test suite ------------
progdir = os.path.join(SRC, "tests", "programs")
sources = sorted(os.path.join(progdir, f) for f in os.listdir(progdir) if f.endswith(".s"))
sources += sorted(os.path.join(SRC, d, f) for d in ["bench", "examples"]
                  for f in os.listdir(os.path.join(SRC, d)) if f.endswith(".s"))
for src in sources:
    rc, w1, err = run(["asm", src])
    if rc != 0:
        check(f"asm {os.path.basename(src)}", False, err)
        continue
    rc, text, err = run(["disasm", "-"], stdin=w1)
    check(f"disasm {os.path.basename(src)}", rc == 0, err)
    rc, w2, err = run(["asm", "-"], stdin=text)
    check(f"round trip {os.path.basename(src)}", rc == 0 and w1 == w2,
          err or "words differ after disasm + asm")
    rc, text2, _ = run(["disasm", "-"], stdin=w2)
    check(f"canonical {os.path.basename(src)}", text == text2, "disassembly not stable")
out = os.path.join(tmp, "words.hex")
rc, _, err = run(["asm", sources[0], "-o", out])
check("asm -o", rc == 0 and os.path.getsize(out) > 0, err)

# ---- the encoding reference is current ------------------------------------------
rc, out, err = run(["encoding"])
with open(os.path.join(SRC, "docs", "encoding.md")) as f:
    doc = f.read()
check("docs/encoding.md is generated from the table", rc == 0 and out == doc,
      "regenerate with: warpref encoding > docs/encoding.md")

# ---- trace to a file and to stdout are the same; statuses -----------------------
demo = os.path.join(SRC, "examples", "demo.s")
tfile = os.path.join(tmp, "t.jsonl")
rc1, _, err1 = run(["run", demo, "--trace", tfile, "--dump-regs", "4"])
rc2, out2, err2 = run(["run", demo, "--trace", "-", "--dump-regs", "4"])
with open(tfile) as f:
    check("trace file == stdout", rc1 == 0 and rc2 == 0 and f.read() == out2, err1 + err2)
check("summary on stderr", re.search(r"end done at t=\d+ after \d+ instructions", err1) is not None, err1)
loop = write("loop.s", "NOP\n.L: BRA `(.L)\n")
rc, out, err = run(["run", loop, "--trace", "-"])
lines = out.splitlines()
check("livelock through stdout is cut at the first repeat",
      rc == 3 and len(lines) == 3 and lines[-1].startswith('{"end":"livelock","t":2,'), out + err)
rc, out, err = run(["run", loop, "--max-steps", "1", "--trace", "-"])
check("limit status", rc == 5 and out.splitlines()[-1].startswith('{"end":"limit","t":1,'), out + err)
rc, _, err = run(["run", demo, "--stats"])
check("stats", rc == 0 and re.search(r"stats: \d+ instructions in [0-9.]+ s", err) is not None, err)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
