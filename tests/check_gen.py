#!/usr/bin/env python3
"""check_gen.py WARPREF SRCDIR - `warpref gen` as a user meets it: help, the
exact one-line errors of bad knobs (status 2, nothing on stdout), the same
bytes for the same seed and knobs, the header's reproduce line, -o, and the
programs assembling and ending `done`.  Prints 'N passed, N failed'."""
import os
import re
import subprocess
import sys
import tempfile

import clitest

WARPREF, SRC = sys.argv[1], sys.argv[2]


def run(args, stdin=None):
    return clitest.run(WARPREF, args, stdin)


check = clitest.check


def exact_error(args, message, status=2):
    args = ["gen"] + args
    rc, out, err = run(args)
    check(f"error {' '.join(args)!r}", rc == status and err == message + "\n" and out == "",
          f"status {rc} (want {status}), stderr {err!r}, want {message!r}, stdout {out[:80]!r}")


# ---- help ------------------------------------------------------------------
rc, out, _ = run(["gen", "--help"])
check("gen --help", rc == 0 and out.startswith("usage: warpref gen --seed S"), out)
rc2, out2, _ = run(["help", "gen"])
check("help gen", rc2 == 0 and out2 == out, out2)
rc, out, _ = run(["--help"])
check("main help lists gen", rc == 0 and "\n  gen --seed S " in out, out)

# ---- bad knobs: one line, status 2, exact text --------------------------------
SEE = " (see 'warpref gen --help')"
CLASSES = ("helper, ifelse, loop, brx, call, exit, yield, sleep, warpsync, bmov, barrier, reduce, "
           "bstate, skip, trap")
ZERO = ",".join(f"{c}=0" for c in CLASSES.split(", "))
for args, msg in [
    ([], "warpref: gen: missing --seed" + SEE),
    (["--size", "10"], "warpref: gen: missing --seed" + SEE),
    (["--seed"], "warpref: gen: --seed needs a number from 0 to 2^64-1" + SEE),
    (["--seed", "x"], "warpref: gen: --seed: 'x' is not a number (decimal, or hex with 0x)" + SEE),
    (["--seed", "-1"], "warpref: gen: --seed: '-1' is not a number (decimal, or hex with 0x)" + SEE),
    (["--seed", "010"], "warpref: gen: --seed: '010' has a leading zero (octal is not accepted: decimal, "
                        "or hex with 0x)" + SEE),
    (["--seed", "18446744073709551616"], "warpref: gen: --seed: '18446744073709551616' does not fit 64 bits" + SEE),
    (["--seed", "1", "--seed", "2"], "warpref: gen: --seed given more than once" + SEE),
    (["--seed", "1", "prog.s"], "warpref: gen: takes no arguments, got 'prog.s'" + SEE),
    (["--seed", "1", "--frob"], "warpref: gen: unknown option '--frob'" + SEE),
    (["--seed", "1", "--size", "0"], "warpref: gen: --size: 0 is out of range 1..100000" + SEE),
    (["--seed", "1", "--size", "100001"], "warpref: gen: --size: 100001 is out of range 1..100000" + SEE),
    (["--seed", "1", "--size"], "warpref: gen: --size needs a number from 1 to 100000" + SEE),
    (["--seed", "1", "--warps", "0"], "warpref: gen: --warps: 0 is out of range 1..32" + SEE),
    (["--seed", "1", "--warps", "33"], "warpref: gen: --warps: 33 is out of range 1..32" + SEE),
    (["--seed", "1", "--threads", "1025"], "warpref: gen: --threads: 1025 is out of range 1..1024" + SEE),
    (["--seed", "1", "--threads", " 32"], "warpref: gen: --threads: ' 32' is not a number (decimal, or hex "
                                          "with 0x)" + SEE),
    (["--seed", "1", "--warps", "2", "--threads", "64"],
     "warpref: gen: --warps and --threads exclude each other" + SEE),
    (["--seed", "1", "--weights"], "warpref: gen: --weights needs a list NAME=WEIGHT,..." + SEE),
    (["--seed", "1", "--weights="], "warpref: gen: --weights needs a list NAME=WEIGHT,..." + SEE),
    (["--seed", "1", "--weights", "yield"], "warpref: gen: --weights: expected NAME=WEIGHT, got 'yield'" + SEE),
    (["--seed", "1", "--weights", "yield=1,"], "warpref: gen: --weights: expected NAME=WEIGHT, got ''" + SEE),
    (["--seed", "1", "--weights", "frob=1"],
     f"warpref: gen: --weights: unknown class 'frob' (classes: {CLASSES})" + SEE),
    (["--seed", "1", "--weights", "yield=1001"], "warpref: gen: --weights: yield: 1001 is out of range "
                                                 "0..1000" + SEE),
    (["--seed", "1", "--weights", "loop=0x"], "warpref: gen: --weights: loop: '0x' is not a number "
                                              "(decimal, or hex with 0x)" + SEE),
    (["--seed", "1", "--weights", ZERO], "warpref: gen: every class has weight 0"),
    (["--seed", "1", "-o"], "warpref: gen: -o needs a file name or -" + SEE),
    (["--seed", "1", "--profile", "cuda"], "warpref: gen: --profile: 'cuda' is not native, sass, ptx or visa" + SEE),
    (["--seed", "1", "--profile"], "warpref: gen: --profile needs native, sass, ptx or visa" + SEE),
    (["--seed", "1", "-o", "/nonexistent/dir/p.s"],
     "warpref: gen: cannot open '/nonexistent/dir/p.s' for the program: No such file or directory"),
    (["--seed", "1", "--exceptions", "101"], "warpref: gen: --exceptions: 101 is out of range 0..100" + SEE),
    (["--seed", "1", "--exceptions", "x"], "warpref: gen: --exceptions: 'x' is not a number (decimal, or hex "
                                           "with 0x)" + SEE),
    (["--seed", "1", "--exceptions"], "warpref: gen: --exceptions needs a percentage from 0 to 100" + SEE),
    (["--seed", "1", "--wide-links=1"], "warpref: gen: --wide-links takes no value, got '--wide-links=1'" + SEE),
    (["--seed", "1", "--words"], "warpref: gen: --words needs a file name" + SEE),
    (["--seed", "1", "--words", "-"], "warpref: gen: --words needs a file name (standard output has the "
                                      "program)" + SEE),
    (["--seed", "1", "--words", "p.s", "-o", "p.s"], "warpref: gen: --words and -o name the same file 'p.s'" + SEE),
    (["--seed", "1", "--words", "/nonexistent/dir/p.words"],
     "warpref: gen: cannot open '/nonexistent/dir/p.words' for the word list: No such file or directory"),
]:
    exact_error(args, msg)

# ---- the same seed and knobs: the same bytes ----------------------------------
rc, a, err = run(["gen", "--seed", "42"])
check("gen --seed 42", rc == 0 and err == "" and a.startswith("// generated by warpref gen"), (rc, err))
rc, b, _ = run(["gen", "--seed", "42"])
check("same seed, same bytes", a == b)
rc, c, _ = run(["gen", "--seed", "0x2a"])
check("--seed 0x2a is --seed 42", a == c)
rc, d, _ = run(["gen", "--seed", "43"])
check("another seed, another program", rc == 0 and d != a)
rc, big, _ = run(["gen", "--seed", "18446744073709551615"])
check("the largest seed", rc == 0 and "seed 18446744073709551615," in big)

# the header names the knobs; its reproduce line gives the same bytes
m = re.search(r"^// reproduce: warpref gen (.*)$", a, re.M)
check("reproduce line", m is not None, a[:300])
if m:
    rc, again, _ = run(["gen"] + m.group(1).split())
    check("reproduce line reproduces", rc == 0 and again == a)
check("header has the seed", "seed 42, size 200, threads " in a)
check(".threads directive", re.search(r"^\.threads \d+$", a, re.M) is not None)

rc, w3, _ = run(["gen", "--seed", "7", "--warps", "3"])
rc2, t96, _ = run(["gen", "--seed", "7", "--threads", "96"])
check("--warps 3 is --threads 96", rc == 0 and rc2 == 0 and w3 == t96 and "\n.threads 96\n" in w3)
rc, s50, _ = run(["gen", "--seed", "7", "--size", "50", "--threads", "40"])
n = sum(1 for line in s50.splitlines() if line.startswith("/*"))
check("--size 50", rc == 0 and 50 <= n <= 120 and "size 50, threads 40 (2 warps)" in s50, n)

rc, nw, _ = run(["gen", "--seed", "7", "--weights", "yield=0,sleep=0,trap=0"])
check("--weights yield=0,sleep=0,trap=0", rc == 0 and not re.search(r"\b(YIELD|NANOSLEEP|TRAP|RTT|SYSCALL)\b", nw)
      and "--weights yield=0,sleep=0,trap=0\n" in nw)

# ---- -o ----------------------------------------------------------------------
tmp = tempfile.mkdtemp(prefix="warpref-gen-")
path = os.path.join(tmp, "p.s")
rc, out, err = run(["gen", "--seed", "42", "-o", path])
with open(path) as f:
    check("-o FILE", rc == 0 and out == "" and err == "" and f.read() == a)
rc, out, _ = run(["gen", "--seed", "42", "-o", "-"])
check("-o -", rc == 0 and out == a)

# ---- the programs run to done ----------------------------------------------------
for seed in ["1", "42", "99"]:
    rc, text, _ = run(["gen", "--seed", seed])
    rc2, _, err = run(["run", "-"], stdin=text)
    check(f"seed {seed} runs to done", rc == 0 and rc2 == 0 and " end done " in err, err)

# ---- --profile (SPEC-NOTES section 8) -----------------------------------------------
rc, nat, _ = run(["gen", "--seed", "42", "--profile", "native"])
check("--profile native is the default", rc == 0 and nat == a)
for prof, marks in [("sass", ("BAR.",)), ("ptx", ("barrier.", "bar.")), ("visa", ("NBARRIER.",))]:
    rc, text, err = run(["gen", "--seed", "5", "--profile", prof, "--weights", "barrier=40,reduce=20"])
    check(f"--profile {prof}", rc == 0 and err == "" and f"\n.profile {prof}\n" in text and
          any(m in text for m in marks), (rc, err))
    m = re.search(r"^// reproduce: warpref gen (.*)$", text, re.M)
    check(f"--profile {prof}: the reproduce line names it", m is not None and f"--profile {prof}" in m.group(1))
    if m:
        rc2, again, _ = run(["gen"] + m.group(1).split())
        check(f"--profile {prof}: the reproduce line reproduces", rc2 == 0 and again == text)
    rc3, _, err3 = run(["run", "-"], stdin=text)
    check(f"--profile {prof}: runs to done", rc3 == 0 and " end done " in err3, err3)

# ---- --exceptions, --wide-links, --words (issue 17: stimulus that reaches the RTL) ----
# without them (or with --exceptions 0) the text is the one of before
rc, x0, _ = run(["gen", "--seed", "42", "--exceptions", "0"])
check("--exceptions 0 is the default", rc == 0 and x0 == a)
# --wide-links changes only the operands of LEPC, CALL and RET through a pair
rc, wl, err = run(["gen", "--seed", "42", "--wide-links"])
al, bl = a.splitlines(), wl.splitlines()
changed = [(p, q) for p, q in zip(al, bl) if p != q]
check("--wide-links: the same program but for the link operands",
      rc == 0 and err == "" and len(al) == len(bl) and changed and
      all(re.search(r"\b(LEPC|CALL|RET)\b|^// reproduce:", q) for _, q in changed), changed[:6])
check("--wide-links: LEPC writes a high word", re.search(r"LEPC R\[\d+:\d+\], `\(\.L\w+ - \. [+-] 0x[0-9a-f]{9,}\)", wl)
      is not None)
rc2, _, err2 = run(["run", "-"], stdin=wl)
check("--wide-links: runs to done", rc2 == 0 and " end done " in err2, err2)
# every kind of N-37 exception is planted, each program ends in its own at its
# address; ILLEGAL_ENCODING in its four ways; the word list holds the word
kinds = {}
for seed in range(1, 61):
    rc, text, err = run(["gen", "--seed", str(seed), "--exceptions", "100", "--wide-links"])
    m = re.search(r"^// exception: (\w+) at (0x[0-9a-f]+)(?:, word (0x[0-9a-f]{32}))?", text, re.M)
    if not check(f"--exceptions 100 seed {seed}", rc == 0 and err == "" and m is not None, (rc, err)):
        continue
    kinds.setdefault(m.group(1), seed)
    m2 = re.search(r"^// reproduce: warpref gen (.*)$", text, re.M)
    if seed <= 12 and m2:
        rc2, again, _ = run(["gen"] + m2.group(1).split())
        check(f"--exceptions seed {seed}: the reproduce line reproduces", rc2 == 0 and again == text)
check("--exceptions: every N-37 kind planted in seeds 1..60",
      sorted(kinds) == sorted(["BAR_CNT_ALIGN", "BAR_ARV_ZERO_CNT", "BAR_MODE_MISMATCH", "BAR_PARAM_MISMATCH",
                               "ILLEGAL_ENCODING", "WARPSYNC_NOT_MEMBER", "WARPSYNC_GROUP_MISMATCH"]), kinds)
for kind, seed in sorted(kinds.items()):
    rc, text, _ = run(["gen", "--seed", str(seed), "--exceptions", "100"])
    at = re.search(r"^// exception: \w+ at (0x[0-9a-f]+)", text, re.M).group(1)
    if kind == "ILLEGAL_ENCODING":      # the text runs its stand-in NOP; the word list is the program
        words = os.path.join(tmp, "w.words")
        rc, _, err = run(["gen", "--seed", str(seed), "--exceptions", "100", "--words", words, "-o",
                          os.path.join(tmp, "w.s")])
        word = re.search(r"word (0x[0-9a-f]{32})", text).group(1)
        lines = [l for l in open(words).read().splitlines() if not l.startswith("#")]
        check("--words: the word list has the illegal word at its address",
              rc == 0 and err == "" and lines[int(at, 16) // 16] == word, (rc, err))
        rc2, _, err2 = run(["disasm", words])
        check("--words: disasm refuses the illegal word, naming its line",
              rc2 == 2 and f"{words}:{int(at, 16) // 16 + 2}:1: error: illegal encoding: " in err2, err2)
        continue
    rc2, trace, err2 = run(["run", "-", "--trace", "-"], stdin=text)
    last = [l for l in trace.splitlines() if f'"exception:{kind}"' in l]
    check(f"--exceptions: {kind} (seed {seed}) ends the run at {at}",
          rc2 == 4 and " end exception " in err2 and last and
          int(re.search(r'"pc":"(0x[0-9a-f]+)"', last[-1]).group(1), 16) == int(at, 16),
          (rc2, err2, last[-1:] if last else trace[-300:]))

# ---- edge stimulus (issue 23 item 3, docs/gen.md "Edge stimulus") ----
# with --exceptions, native programs that plant nothing may run off their end:
# the header names the address after the last word, and the run ends with a
# fetch fault there (N-27, status 4); without --exceptions none does
falls = []
for seed in range(1, 41):
    rc, text, err = run(["gen", "--seed", str(seed), "--exceptions", "25"])
    m = re.search(r"^// fault: fetch past the end at (0x[0-9a-f]+) \(N-27: the program runs off its last word\)$",
                  text, re.M)
    if rc == 0 and m:
        falls.append((seed, int(m.group(1), 16), text))
check("--exceptions 25: programs of seeds 1..40 run off their end", len(falls) >= 2, len(falls))
for seed, at, text in falls[:3]:
    pcs = re.findall(r"^/\*([0-9a-f]+)\*/", text, re.M)
    check(f"fall-off seed {seed}: the address is the one after the last word", int(pcs[-1], 16) + 16 == at,
          (pcs[-1], at))
    check(f"fall-off seed {seed}: no exception planted", "// exception:" not in text)
    rc2, _, err2 = run(["run", "-"], stdin=text)
    check(f"fall-off seed {seed}: the run ends with the fetch fault there",
          rc2 == 4 and " end exception " in err2 and f"at pc {hex(at)}, no instruction at pc" in err2, (rc2, err2))
    rc3, plain, _ = run(["gen", "--seed", str(seed)])
    check(f"fall-off seed {seed}: without --exceptions the program ends done",
          "// fault:" not in plain and run(["run", "-"], stdin=plain)[0] == 0)
# the other edge shapes appear in native programs, never in the other profiles
I = r" ;\n/\*[0-9a-f]+\*/ "                 # the next instruction
edge = {"UR62 pair": r"UMOV UR62, 0x[0-9a-f]+" + I + r"(@!?P\d )?CALL\.ABS UR\[62:63\]",
        "bank end": r"RET\.REL c\[0x1e\]\[0xfff8\]",
        "saturating sum": r"@P([0-3]) R2B\.BAR 0x[0-9a-f]+, R32" + I + r"@P\1 BAR\.RED\.POPC 0x[0-9a-f]+, 0x[0-9a-f]+, PT",
        "cnt-0 done word": r"@P[0-3] R2B\.BAR 0x[0-9a-f]+, RZ",
        "no-lane write enable": r"ISETP\.GT P([0-3]), R0, 0x1f" + I + r"@P\1 MOV R\d+, 0x[0-9a-f]{8}" + I + r"@P\1 IADD",
        "zero sleep": r"NANOSLEEP (0x0|RZ|URZ) ;",
        "last GPR pair": r"LEPC R\[62:63\], [^\n]*" + I + r"(@!?P\d )?CALL\.(ABS|REL) R\[62:63\]",
        "uniform high word": r"UMOV UR(5|17|19), 0x([1-9a-f][0-9a-f]*)" + I + r"[^\n]*UR\[(4:5|16:17|18:19)\], [^\n]*0x\2[0-9a-f]{8}"}


def shapes_in(shapes, seeds):
    """per shape (name: pattern), the seeds whose native program has it; and the programs"""
    seen, texts = {k: [] for k in shapes}, {}
    for seed in seeds:
        texts[seed] = text = run(["gen", "--seed", str(seed)])[1]
        for k, rx in shapes.items():
            if re.search(rx, text):
                seen[k].append(seed)
    return seen, texts


seen, _ = shapes_in(edge, range(1, 31))
check("edge shapes: each in native seeds 1..30", all(seen.values()), seen)
# the zero sleep through a register no program writes is rarer (seeds 1..60 have one)
unwritten = [s for s in range(1, 61) if re.search(r"NANOSLEEP (R61|UR7) ;", run(["gen", "--seed", str(s)])[1])]
check("edge shapes: NANOSLEEP R61/UR7 in native seeds 1..60", unwritten != [], unwritten)
for s in range(1, 61):
    text = run(["gen", "--seed", str(s)])[1]
    if re.search(r"(?<!\w)(R61|UR7)\b", text.replace("NANOSLEEP R61 ;", "").replace("NANOSLEEP UR7 ;", "")):
        check(f"seed {s}: R61 and UR7 are written by no instruction", False, s)
for prof in ("sass", "ptx", "visa"):
    hit = []
    for seed in range(1, 11):
        rc, text, _ = run(["gen", "--seed", str(seed), "--profile", prof, "--exceptions", "25"])
        hit += [k for k, rx in edge.items() if re.search(rx, text)] + (["fall-off"] if "// fault:" in text else [])
        hit += ["unwritten"] if re.search(r"NANOSLEEP (R61|UR7) ;", text) else []
    check(f"edge shapes: none under --profile {prof}", hit == [], hit)

# the shapes for the stimulus holes (docs/gen.md "Stimulus for the holes"): each
# in native seeds 1..50 (UR[61:62] first at 31 since session 7's 32-warp CTAs
# changed seed 20), none under the profiles; R40, R41 and P5 written only by
# theirs; the sync arrival on a reduction's phase planted (seed 51)
hole = {"constant word 0": r"LDC R\d+, c\[0x0\]\[0x0\] ;",
        "past 128 words": r"LDC R\d+, c\[0x2\]\[0x(2[0-9a-f]{2})\] ;",
        "shift by 32": r"IADD (R\d+), R2, 0x[0-9a-f]+" + I + r"SH[LR] R\d+, \1, 0x20 ;",
        "lane-0 B2R.WARP, first P4": r"ISETP\.EQ P([0-3]), R0, 0x0" + I + r"@P\1 B2R\.WARP R\d+" + I +
                                     r"@P\1 ISETP\.(EQ|NE) P4, R0, 0x0 ;",
        "undefined pair high word": r"B2R\.WARP R41" + I + r"MOV R40, 0x[0-9a-f]+" + I + r"CALL\.ABS R\[40:41\], 0x0 ;\n\.L\d+:\n/\*[0-9a-f]+\*/ LEPC R\[40:41\]",
        "BRA.DIV mask tied to guard": r"ISETP\.(EQ|LT) P([0-3]), R0, 0x[0-9a-f]+" + I + r"UMOV UR[0-3], 0x[0-9a-f]{8}" + I +
                                      r"@P\2 BRA\.DIV UR[0-3]",
        "UR[61:62]": r"UMOV UR62, 0x([1-9a-f][0-9a-f]*)" + I + r"(@!?P\d )?CALL\.ABS UR\[61:62\], -0x\1[0-9a-f]{8} ;",
        "R[0:1]": r"MOV R1, 0x[0-9a-f]{8}" + I + r"LEPC R\[0:1\]",
        "P5 undefined at the end": r"R2B\.WARP R32" + I + r"BAR\.RESULT R\d+, P5 ;",
        "yielded switch-back": r"@!P([0-3]) BRA [^\n]*" + I + r"YIELD" + I + r"(YIELD|EXIT|BRA)",
        "barrier reuse without warp 0": r"BAR\.SYNC (0x[0-9a-f]+), 0x0" + I + r"ISETP\.NE P([0-3]), R1, 0x0" + I +
                                        r"@P\2 BAR\.RED\.\w+ \1, ",
        "trapped holding a deadline": r"ISETP\.LT P([0-3]), R0, 0x[0-9a-f]+" + I + r"@!P\1 BRA `\(\.L(\d+)\) ;\n"
                                      r"/\*[0-9a-f]+\*/ NANOSLEEP 0x[0-9a-f]+ ;\n\.L\2:\n/\*[0-9a-f]+\*/ TRAP 0x[0-9a-f]+ ;",
        "unwritten constant word": r"LDC R\d+, c\[0x1\]\[0x[0-9a-f]+\] ;",
        "unwritten high word": r"CALL\.ABS c\[0x1\]\[0x[0-9a-f]+\] ;",
        "CALL R[0:1] with a high word": r"MOV R0, 0x[0-9a-f]+" + I + r"MOV R1, 0x([1-9a-f][0-9a-f]*)" + I +
                                        r"CALL\.ABS R\[0:1\], -0x\1[0-9a-f]{8} ;"}
seen, texts = shapes_in(hole, range(1, 51))
for seed, text in texts.items():
    for reg in ("R40", "R41", "P5"):
        writes = re.findall(r"^/\*[0-9a-f]+\*/ (?:@!?P\d )?[A-Z0-9.]+ " + reg + r"\b", text, re.M) + \
            re.findall(r"^/\*[0-9a-f]+\*/ (?:@!?P\d )?(?:BAR\.RESULT|ISETP\.\w+) R?\w*,? ?" + reg + r"\b", text, re.M)
        if len(writes) > 1:
            check(f"seed {seed}: {reg} written by one instruction", False, writes)
check("hole shapes: each in native seeds 1..50", all(seen.values()), seen)
for seed in seen["unwritten constant word"] + seen["unwritten high word"]:      # (bank 1: no .const of its LDC)
    text = texts[seed]
    for m in re.finditer(r"LDC R\d+, c\[0x1\]\[(0x[0-9a-f]+)\] ;", text):
        if re.search(r"^\.const c\[0x1\]\[" + m.group(1) + r"\] ", text, re.M):
            check(f"seed {seed}: the LDC of bank 1 reads an unwritten word", False, m.group(0))
    for m in re.finditer(r"CALL\.ABS c\[0x1\]\[(0x[0-9a-f]+)\] ;", text):
        hi = hex(int(m.group(1), 16) + 4)
        if re.search(r"^\.const c\[0x1\]\[" + hi + r"\] ", text, re.M) or \
                not re.search(r"^\.const c\[0x1\]\[" + m.group(1) + r"\] = \(\.L\d+ - \.L_base\)$", text, re.M):
            check(f"seed {seed}: the CALL of bank 1 has its low word alone", False, m.group(0))
threads = {s: int(re.search(r"^\.threads (\d+)$", texts.get(s) or run(["gen", "--seed", str(s)])[1], re.M).group(1))
           for s in range(1, 101)}
cta = [s for s, t in threads.items() if t > 32 and 0 < t % 32 <= t // 32]
check("hole shapes: a CTA of 32w + r threads, r <= w, in native seeds 1..100", cta != [], cta)
big = {s: t for s, t in threads.items() if s <= 60}
check("hole shapes: CTAs of 32 warps (993..1023 and 1024 threads) in native seeds 1..60",
      any(992 < t < 1024 for t in big.values()) and 1024 in big.values(), {s: t for s, t in big.items() if t > 256})
check("hole shapes: every other native CTA of seeds 1..60 holds 1..8 warps",
      all(t <= 256 or t > 992 for t in big.values()), big)
for prof in ("sass", "ptx", "visa"):
    hit = []
    for seed in range(1, 11):
        rc, text, _ = run(["gen", "--seed", str(seed), "--profile", prof, "--exceptions", "25"])
        hit += [k for k, rx in hole.items() if re.search(rx, text)]
    check(f"hole shapes: none under --profile {prof}", hit == [], hit)
rc, text, _ = run(["gen", "--seed", "51", "--exceptions", "25", "--wide-links"])
m = re.search(r"^// exception: BAR_MODE_MISMATCH at (0x[0-9a-f]+)", text, re.M)
at = m and re.search(r"^/\*0*" + m.group(1)[2:] + r"\*/ (.*) ;$", text, re.M)
check("hole shapes: seed 51 plants a sync arrival on a reduction's phase",
      at is not None and re.fullmatch(r"@!P[0-3] BAR\.(ARV|SYNC) 0x[0-9a-f]+, 0x[0-9a-f]+", at.group(1)) is not None
      and re.search(r"@P[0-3] BAR\.RED\.\w+ 0x[0-9a-f]+, 0x[0-9a-f]+, PT ;\n/\*[0-9a-f]+\*/ @!P[0-3] NANOSLEEP", text)
      is not None, at and at.group(1))
rc2, _, err2 = run(["run", "-"], stdin=text)
check("hole shapes: seed 51 ends in its BAR_MODE_MISMATCH", rc2 == 4 and "end exception" in err2, (rc2, err2))

clitest.finish()
