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

import clitest
import threading

WARPREF, SRC = sys.argv[1], sys.argv[2]


def run(args, stdin=None):
    return clitest.run(WARPREF, args, stdin)


check = clitest.check


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

# ---- usage errors: one line, exit 2, exact text ------------------------------
prog = write("ok.s", "S2R R0, SR_LANEID\nEXIT\n")


def exact_error(name, args, status, message, stdin=None, **kw):
    """one line on stderr, exactly `message`, nothing on stdout, exit `status`"""
    rc, out, err = run_b(args, stdin, **kw)
    err = err.decode(errors="replace")
    check(name, rc == status and err == message + "\n" and out == b"",
          f"status {rc} (want {status}), stderr {err!r}, want {message!r}, stdout {out[:80]!r}")


def run_b(args, stdin=None, timeout=60, **kw):
    """bytes in, bytes out; kw goes to subprocess.run"""
    if isinstance(stdin, str):
        stdin = stdin.encode()
    kw.setdefault("stdout", subprocess.PIPE)
    p = subprocess.run([WARPREF] + args, input=stdin, stderr=subprocess.PIPE,
                       timeout=timeout, **kw)
    return p.returncode, p.stdout if p.stdout is not None else b"", p.stderr


NUM = "(decimal, or hex with 0x)"
exact_error("no command", [], 2, "warpref: missing command (see 'warpref --help')")
exact_error("unknown command", ["frobnicate"], 2, "warpref: unknown command 'frobnicate' (see 'warpref --help')")
exact_error("unknown option", ["run", prog, "--frob"], 2,
            "warpref: run: unknown option '--frob' (see 'warpref run --help')")
exact_error("missing program", ["run"], 2, "warpref: run: missing the program file (see 'warpref run --help')")
exact_error("two programs", ["run", prog, prog], 2,
            f"warpref: run: one program only, got a second: '{prog}' (see 'warpref run --help')")
exact_error("threads zero", ["run", prog, "--threads", "0"], 2,
            "warpref: run: --threads: 0 is out of range 1..1024 (see 'warpref run --help')")
exact_error("threads too big", ["run", prog, "--threads=1025"], 2,
            "warpref: run: --threads: 1025 is out of range 1..1024 (see 'warpref run --help')")
exact_error("threads junk", ["run", prog, "--threads", "12x"], 2,
            f"warpref: run: --threads: '12x' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads missing", ["run", prog, "--threads"], 2,
            "warpref: run: --threads needs a number from 1 to 1024 (see 'warpref run --help')")
exact_error("threads negative", ["run", prog, "--threads", "-4"], 2,
            f"warpref: run: --threads: '-4' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads octal 010", ["run", prog, "--threads", "010"], 2,
            "warpref: run: --threads: '010' has a leading zero (octal is not accepted: decimal, or hex with 0x)"
            " (see 'warpref run --help')")
exact_error("threads octal 08", ["run", prog, "--threads", "08"], 2,
            "warpref: run: --threads: '08' has a leading zero (octal is not accepted: decimal, or hex with 0x)"
            " (see 'warpref run --help')")
exact_error("threads leading blank", ["run", prog, "--threads", " 32"], 2,
            f"warpref: run: --threads: ' 32' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads trailing blank", ["run", prog, "--threads", "32 "], 2,
            f"warpref: run: --threads: '32 ' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads plus", ["run", prog, "--threads", "+32"], 2,
            f"warpref: run: --threads: '+32' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads 0X", ["run", prog, "--threads", "0X20"], 2,
            f"warpref: run: --threads: '0X20' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads empty", ["run", prog, "--threads="], 2,
            f"warpref: run: --threads: '' is not a number {NUM} (see 'warpref run --help')")
exact_error("threads twice", ["run", prog, "--threads", "32", "--threads", "64"], 2,
            "warpref: run: --threads given more than once (see 'warpref run --help')")
exact_error("trace twice", ["run", prog, "--trace", "-", "--trace=x"], 2,
            "warpref: run: --trace given more than once (see 'warpref run --help')")
exact_error("stats twice", ["run", prog, "--stats", "--stats"], 2,
            "warpref: run: --stats given more than once (see 'warpref run --help')")
exact_error("stats with a value", ["run", prog, "--stats=1"], 2,
            "warpref: run: --stats takes no value, got '--stats=1' (see 'warpref run --help')")
exact_error("max-steps zero", ["run", prog, "--max-steps", "0"], 2,
            "warpref: run: --max-steps: 0 is out of range 1..1000000000000000 (see 'warpref run --help')")
exact_error("max-steps too big", ["run", prog, "--max-steps", "99999999999999999999"], 2,
            "warpref: run: --max-steps: '99999999999999999999' does not fit 64 bits (see 'warpref run --help')")
exact_error("max-steps hex", ["run", prog, "--max-steps", "0x"], 2,
            f"warpref: run: --max-steps: '0x' is not a number {NUM} (see 'warpref run --help')")
exact_error("dump-regs too big", ["run", prog, "--dump-regs", "256"], 2,
            "warpref: run: --dump-regs: 256 is out of range 0..255 (see 'warpref run --help')")
exact_error("trace empty", ["run", prog, "--trace="], 2,
            "warpref: run: --trace needs a file name or - (see 'warpref run --help')")
exact_error("trace unwritable", ["run", prog, "--trace", "/nonexistent/dir/t.jsonl"], 2,
            "warpref: run: cannot open '/nonexistent/dir/t.jsonl' for the trace: No such file or directory")
nope = os.path.join(tmp, "nope.s")
exact_error("program missing", ["run", nope], 2, f"{nope}:1:1: error: cannot open: No such file or directory")
exact_error("asm unknown option", ["asm", "-x", prog], 2, "warpref: asm: unknown option '-x' (see 'warpref asm --help')")
exact_error("asm -o missing", ["asm", prog, "-o"], 2, "warpref: asm: -o needs a file name or - (see 'warpref asm --help')")
exact_error("asm -o twice", ["asm", prog, "-o", os.path.join(tmp, "a"), "-o", os.path.join(tmp, "b")], 2,
            "warpref: asm: -o given more than once (see 'warpref asm --help')")
exact_error("disasm unknown option", ["disasm", "--pc"], 2,
            "warpref: disasm: unknown option '--pc' (see 'warpref disasm --help')")
exact_error("encoding args", ["encoding", "x"], 2, "warpref: encoding: takes no arguments but --sv, --sv-dpi or --list, got 'x' (see 'warpref encoding --help')")
exact_error("help unknown", ["help", "nope"], 2, "warpref: no such command 'nope' (see 'warpref --help')")
exact_error("help two", ["help", "run", "asm"], 2, "warpref: help: takes one command name (see 'warpref help --help')")
exact_error("version args", ["--version", "x"], 2, "warpref: --version takes no arguments (see 'warpref --help')")

# ---- readers: NUL bytes, endless inputs, directories, empty inputs ---------------
exact_error("asm NUL on stdin", ["asm", "-"], 2, "<stdin>:1:7: error: NUL byte (not a text file)",
            stdin=b"EXIT ;\0\nGARBAGE\n")
exact_error("run NUL on stdin", ["run", "-"], 2, "<stdin>:2:3: error: NUL byte (not a text file)",
            stdin=b"NOP\nEX\0IT\n")
nulw = os.path.join(tmp, "nul.hex")
with open(nulw, "wb") as f:
    f.write(b"0x" + b"0" * 32 + b"\n\0\n")
exact_error("disasm NUL in file", ["disasm", nulw], 2, f"{nulw}:2:1: error: NUL byte (not a text file)")
exact_error("disasm NUL on stdin", ["disasm"], 2, "<stdin>:1:3: error: NUL byte (not a text file)", stdin=b"0x\0")
nuls = os.path.join(tmp, "nul.s")
with open(nuls, "wb") as f:
    f.write(b"NOP\nEXIT\0\n")
exact_error("asm NUL in file", ["asm", nuls], 2, f"{nuls}:2:5: error: NUL byte (not a text file)")
for cmd in ["asm", "run", "disasm"]:
    exact_error(f"{cmd} /dev/zero fails at once", [cmd, "/dev/zero"], 2,
                "/dev/zero:1:1: error: NUL byte (not a text file)", timeout=10)
big = b"NOP\n" * (16 << 20) + b"EXIT\n"            # 64 MiB + 5 bytes
exact_error("asm input too large", ["asm", "-"], 2, "<stdin>:16777217:1: error: input larger than 64 MiB",
            stdin=big, timeout=60)
del big
exact_error("asm too many instructions", ["asm", "-"], 2,
            "<stdin>:1048577:1: error: program too large (more than 1048576 instructions)",
            stdin=b"NOP\n" * (1 << 20) + b"EXIT\n", timeout=120)
nopw = run_b(["asm", "-"], b"NOP\n")[1]
exact_error("disasm too many words", ["disasm", "-"], 2,
            "<stdin>:1048577:1: error: program too large (more than 1048576 instructions)",
            stdin=nopw * ((1 << 20) + 1), timeout=120)
exact_error("asm of a directory", ["asm", tmp], 2, f"{tmp}:1:1: error: cannot read: Is a directory")
exact_error("disasm of a directory", ["disasm", tmp], 2, f"{tmp}:1:1: error: cannot read: Is a directory")
exact_error("run of a directory", ["run", tmp], 2, f"{tmp}:1:1: error: cannot read: Is a directory")
empty = write("empty.hex", "")
exact_error("disasm empty file", ["disasm", empty], 2, f"{empty}:1:1: error: no instruction words")
exact_error("disasm only comments", ["disasm", "-"], 2, "<stdin>:1:1: error: no instruction words",
            stdin="# nothing\n\n")
exact_error("asm empty file", ["asm", write("empty.s", "")], 2,
            f"{os.path.join(tmp, 'empty.s')}:1:1: error: empty program (no instructions)")
exact_error("disasm word without 0x", ["disasm", "-"], 2,
            "<stdin>:1:1: error: not a 128-bit word (want 0x and 32 hex digits)", stdin="0" * 32 + "\n")
exact_error("disasm word with 0X", ["disasm", "-"], 2,
            "<stdin>:1:1: error: not a 128-bit word (want 0x and 32 hex digits)", stdin="0X" + "0" * 32 + "\n")
exact_error("asm stdin closed", ["asm", "-"], 2, "<stdin>:1:1: error: standard input is closed",
            stdin=None, preexec_fn=lambda: os.close(0))

# ---- outputs: every write error named, never lost, never over an input -----------
live = write("live.s", "NOP\n.L: BRA `(.L)\n")
exact_error("asm to /dev/full", ["asm", prog, "-o", "/dev/full"], 2,
            "warpref: asm: cannot write to '/dev/full': No space left on device")
with open("/dev/full", "w") as full:
    exact_error("asm stdout /dev/full", ["asm", prog], 2,
                "warpref: asm: cannot write to standard output: No space left on device", stdout=full)
    w = run_b(["asm", prog])[1]
    exact_error("disasm stdout /dev/full", ["disasm"], 2,
                "warpref: disasm: cannot write to standard output: No space left on device", stdin=w, stdout=full)
    exact_error("encoding stdout /dev/full", ["encoding"], 2,
                "warpref: encoding: cannot write to standard output: No space left on device", stdout=full)
    exact_error("help stdout /dev/full", ["--help"], 2,
                "warpref: help: cannot write to standard output: No space left on device", stdout=full)
    exact_error("run trace - to /dev/full", ["run", live, "--trace", "-"], 2,
                "warpref: run: cannot write the trace to standard output: No space left on device", stdout=full)
exact_error("run --trace /dev/full", ["run", live, "--trace", "/dev/full"], 2,
            "warpref: run: cannot write the trace to '/dev/full': No space left on device")
exact_error("run trace - with stdout closed", ["run", prog, "--trace", "-"], 2,
            "warpref: run: cannot write the trace: standard output is closed", stdout=None,
            preexec_fn=lambda: os.close(1))
exact_error("disasm with stdout closed", ["disasm"], 2,
            "warpref: disasm: cannot write the text: standard output is closed", stdin=run_b(["asm", prog])[1],
            stdout=None, preexec_fn=lambda: os.close(1))
exact_error("temporary file unwritable", ["run", live, "--trace", "-"], 2,
            "warpref: run: cannot write the trace's temporary file in '/nonexistent': No such file or directory",
            env=dict(os.environ, TMPDIR="/nonexistent"))
victim = write("victim.s", "NOP\nEXIT\n")
exact_error("trace over the program", ["run", victim, "--trace", victim], 2,
            f"warpref: run: refusing to write the trace to '{victim}': it is the input")
exact_error("asm -o over the program", ["asm", victim, "-o", victim], 2,
            f"warpref: asm: refusing to write the words to '{victim}': it is the input")
with open(victim) as f:
    check("the program survives", f.read() == "NOP\nEXIT\n")

# a livelock's trace is cut at its first repeated turn on every kind of output
rc, ref, err = run_b(["run", live, "--trace", os.path.join(tmp, "live.jsonl")])
with open(os.path.join(tmp, "live.jsonl"), "rb") as f:
    ref = f.read()
check("livelock trace in a file", rc == 3 and ref.count(b"\n") == 3 and b'"end":"livelock","t":2' in ref, ref)
rc, out, err = run_b(["run", live, "--trace", "-"])
check("livelock trace to a pipe", rc == 3 and out == ref, out + err)
rc, out, err = run_b(["run", live, "--trace", "/dev/stdout"])
check("livelock trace to /dev/stdout on a pipe", rc == 3 and out == ref, out + err)
rc, out, err = run_b(["run", live, "--trace", "/dev/null"])
check("livelock trace to /dev/null", rc == 3 and out == b"" and err.startswith(b"warpref: ") and
      b"end livelock at t=2" in err and err.count(b"\n") == 1, err)
tout = os.path.join(tmp, "stdout.jsonl")
with open(tout, "wb") as f:
    rc, _, err = run_b(["run", live, "--trace", "-"], stdout=f)
with open(tout, "rb") as f:
    check("livelock trace to stdout redirected to a file", rc == 3 and f.read() == ref, err)
fifo = os.path.join(tmp, "fifo")
os.mkfifo(fifo)
got = []
reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()))
reader.start()
rc, _, err = run_b(["run", live, "--trace", fifo])
reader.join(30)
check("livelock trace to a FIFO", rc == 3 and got == [ref], repr(got) + repr(err))
wo = os.path.join(tmp, "writeonly.jsonl")
with open(wo, "w"):
    pass
os.chmod(wo, 0o200)
if os.access(wo, os.R_OK):                            # root reads anything: no write-only file
    check("livelock trace to a write-only file (skipped as root)", True)
else:
    rc, _, err = run_b(["run", live, "--trace", wo])
    os.chmod(wo, 0o600)
    with open(wo, "rb") as f:
        check("livelock trace to a write-only file", rc == 3 and f.read() == ref, err)

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
exact_error("disasm missing file", ["disasm", os.path.join(tmp, "none.hex")], 2,
            f"{os.path.join(tmp, 'none.hex')}:1:1: error: cannot open: No such file or directory")

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

# ---- profiles (SPEC-NOTES section 8): the programs of each, asm <-> disasm ----------
for prof in ["sass", "ptx", "visa"]:
    pdir = os.path.join(progdir, prof)
    for src in sorted(os.path.join(pdir, f) for f in os.listdir(pdir) if f.endswith(".s")):
        name = f"{prof}/{os.path.basename(src)}"
        rc, w1, err = run(["asm", "--profile", prof, src])
        rc0, w0, _ = run(["asm", src])                   # its .profile directive
        check(f"asm --profile {name}", rc == 0 and rc0 == 0 and w0 == w1, err)
        rc, text, err = run(["disasm", "--profile", prof, "-"], stdin=w1)
        check(f"disasm --profile {name}", rc == 0 and text.startswith(f".profile {prof}\n"), err)
        rc, w2, err = run(["asm", "-"], stdin=text)
        check(f"round trip {name}", rc == 0 and w1 == w2, err or "words differ after disasm + asm")
        rc, _, err = run(["disasm", "-"], stdin=w1)      # native: not its instructions
        check(f"disasm {name} as native", rc == 2 and "is not an instruction of the native profile" in err, err)
psrc = write("visa.s", ".profile visa\nNBARRIER.signal 0x0, 0x1\nEXIT\n")
exact_error("run --profile bad", ["run", "--profile", "cuda", psrc], 2,
            "warpref: run: --profile: 'cuda' is not native, sass, ptx or visa (see 'warpref run --help')")
exact_error("asm --profile bad", ["asm", "--profile", "", psrc], 2,
            "warpref: asm: --profile needs native, sass, ptx or visa (see 'warpref asm --help')")
exact_error("disasm --profile bad", ["disasm", "--profile=SASS"], 2,
            "warpref: disasm: --profile: 'SASS' is not native, sass, ptx or visa (see 'warpref disasm --help')")
exact_error("run --trap-mode outside sass", ["run", "--trap-mode", psrc], 2,
            "warpref: run: --trap-mode needs the sass profile, not visa (see 'warpref run --help')")
exact_error("the command line wins", ["run", "--profile", "sass", psrc], 2,
            f"{psrc}:2:1: error: 'NBARRIER.signal' is not an instruction of the sass profile (SPEC-NOTES G-01)")
rc, out, err = run(["run", "--profile", "visa", psrc, "--trace", "-"])
check("run --profile visa", rc == 0 and out.rstrip().endswith('"profile":"visa"}'), err)

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
count = write("count.s", "L: IADD R0, R0, 0x1 ;\nBRA `(L) ;\n")    # never repeats its state
rc, _, err = run(["run", count, "--max-steps", "80000", "--stats"])
m = re.search(r"stats: (\d+) instructions in [0-9.]+ s: [0-9.]+ M warp-instructions/s\n"
              r"warpref: stats: livelock check past the limit: (\d+) instructions in [0-9.]+ s\n"
              r"warpref: stats: in all: 80000 instructions counted, (\d+) executed in [0-9.]+ s\n", err)
check("limit: the check past it costs at most an eighth of the run",
      rc == 5 and m is not None and int(m.group(1)) == 80000 and 0 < int(m.group(2)) <= 10000
      and int(m.group(3)) == 80000 + int(m.group(2)), err)
rc, _, err = run(["run", demo, "--stats"])
check("stats", rc == 0 and re.search(r"stats: \d+ instructions in [0-9.]+ s", err) is not None, err)
check("stats: the run's CPU time, last", rc == 0 and re.search(
    r"\nwarpref: stats: CPU time of the run: \d+ instructions in [0-9.]+ s: [0-9.]+ M warp-instructions/s\n$", err)
    is not None, err)

# ---- explanations, coverage, the path list (docs/semantics.md) -------------------------
rc, out, err = run(["paths"])
rows = [l for l in out.splitlines() if not l.startswith("#")]
check("paths: the list", rc == 0 and out.startswith("# path ") and len(rows) > 80 and
      re.search(r"^BSYNC\.switch_bmask +N-21 +gen +not synchronised, bmask=\{a\}; ", out, re.M) is not None,
      out[:400] + err)
rc, out2, _ = run(["help", "paths"])
check("help paths", rc == 0 and out2.startswith("usage: warpref paths"), out2)
exact_error("paths: an argument", ["paths", "x"], 2,
            "warpref: paths: takes no arguments, got 'x' (see 'warpref paths --help')")
ifelse = os.path.join(SRC, "tests", "programs", "if_else.s")
efile = os.path.join(tmp, "e.txt")
rc1, _, err1 = run(["run", ifelse, "--explain", efile])
rc2, out2, err2 = run(["run", ifelse, "--explain", "-"])
with open(efile) as f:
    got = f.read()
check("explain: file == stdout", rc1 == 0 and rc2 == 0 and got == out2, err1 + err2)
check("explain: one line per step", got.count("\n") == 11 and got.splitlines()[6] ==
      "t=6 warp=0 pc=0x70 BSYNC B0: not synchronised, bmask=0xffff0000; switch to waiting non-yield lanes in "
      "bmask (0xffff0000) -> lane 16, ActivePC=0x60 [BSYNC.switch_bmask; N-21] (docs/rules.md#n-21)", got)
rc, out, err = run(["run", ifelse, "--coverage", "-"])
cov = dict((l.split()[0], l.split()[1:]) for l in out.splitlines() if not l.startswith("#"))
check("coverage: the table", rc == 0 and out.startswith("# path ") and len(cov) == len(rows) and
      cov["BSYNC.full_sync"] == ["1", "N-21", "gen"] and cov["BSYNC.switch_bmask"] == ["1", "N-21", "gen"] and
      cov["HELPER.exec"] == ["5", "N-51", "gen"] and cov["BSYNC.late_release"] == ["0", "N-21", "never"] and
      sum(int(v[0]) for v in cov.values()) == 11 + 2, out + err)   # each of the two BRAs takes two paths
rc, out, err = run(["run", ifelse, "--trace", os.path.join(tmp, "t2.jsonl"), "--explain", "-",
                    "--coverage", os.path.join(tmp, "c2.txt")])
check("trace, explanation and coverage at once", rc == 0 and out == got, out + err)
exact_error("explain and trace both on stdout", ["run", prog, "--trace", "-", "--explain", "-"], 2,
            "warpref: run: --trace and --explain both write to standard output (see 'warpref run --help')")
exact_error("explain and coverage to one file", ["run", prog, "--explain", efile, "--coverage", efile], 2,
            f"warpref: run: --explain and --coverage both write to '{efile}' (see 'warpref run --help')")
exact_error("explain empty", ["run", prog, "--explain="], 2,
            "warpref: run: --explain needs a file name or - (see 'warpref run --help')")
exact_error("explain unwritable", ["run", prog, "--explain", "/nonexistent/dir/e.txt"], 2,
            "warpref: run: cannot open '/nonexistent/dir/e.txt' for the explanation: No such file or directory")
exact_error("coverage unwritable", ["run", prog, "--coverage", "/nonexistent/dir/c.txt"], 2,
            "warpref: run: cannot open '/nonexistent/dir/c.txt' for the coverage table: No such file or directory")
exact_error("explain to /dev/full", ["run", live, "--explain", "/dev/full"], 2,
            "warpref: run: cannot write the explanation to '/dev/full': No space left on device")
exact_error("coverage to /dev/full", ["run", live, "--coverage", "/dev/full"], 2,
            "warpref: run: cannot write to '/dev/full': No space left on device")
exact_error("explain: temporary file unwritable", ["run", live, "--explain", "-"], 2,
            "warpref: run: cannot write the explanation's temporary file in '/nonexistent': No such file or "
            "directory", env=dict(os.environ, TMPDIR="/nonexistent"))
exact_error("explain over the program", ["run", victim, "--explain", victim], 2,
            f"warpref: run: refusing to write the explanation to '{victim}': it is the input")
# a livelock cuts the explanation where it cuts the trace; coverage counts the same steps
rc, out, err = run(["run", loop, "--explain", "-", "--coverage", os.path.join(tmp, "c3.txt")])
with open(os.path.join(tmp, "c3.txt")) as f:
    c3 = dict((l.split()[0], int(l.split()[1])) for l in f if not l.startswith("#"))
check("livelock: explanation and coverage cut at the first repeat",
      rc == 3 and out.splitlines() == ["t=0 warp=0 pc=0x0 NOP: a helper: no BRU/BCU state, ActivePC = next "
                                       "[HELPER.exec; N-51] (docs/rules.md#n-51)",
                                       "t=1 warp=0 pc=0x10 BRA 0x10: no modifier: b_jump = pmask 0xffffffff; every "
                                       "active lane (0xffffffff) jumps to 0x10 [BRA.cond_none, BRANCH.all; N-11, N-12] "
                                       "(docs/rules.md#n-11, docs/rules.md#n-12)"]
      and c3["HELPER.exec"] == 1 and c3["BRA.cond_none"] == 1 and sum(c3.values()) == 3, out + err)

clitest.finish()
