#!/usr/bin/env python3
"""check_shrink.py - scripts/shrink (docs/shrink.md) against the lockstep
testbench.

  bugs      three catalogued bugs of three kinds (a BSYNC bug, a barrier bug,
            a WARPSYNC bug), each from a generated program of 200+
            instructions: shrunk in under 30 s to at most 12 instructions
            that fail the same way (the dump's field, rule and insn_rule),
            end done on the model, pass without the bug; the header of
            shrunk.s names the shrunk program's own failure (its pc, not the
            input's: bsync_highest fails at 0x260 in the input, 0x70 shrunk)
            and the command that reproduces it, which, run, fails at that pc;
            shrink.json holds the sizes and counts
  jobs      -j 2 gives the same program as -j 1
  cmd       a --cmd predicate (the testbench called by hand) shrinks too
  labels    a disassembled program (numeric targets: BSSY, BRA, LEPC,
            CALL.REL from a register) is shrunk with its targets kept
  timebox   --timeout 1 stops early, status 0, a program that still fails (ret_no_offset seed 2)
  regress   scripts/regress --shrink: the table and the files of each job
  errors    a predicate that does not fail on the input: status 2 and one
            line; bad arguments and inputs: one line, status 2

Usage: check_shrink.py --tb TB_LOCKSTEP --warpref WARPREF
Prints `N passed, N failed`."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from clitest import check, finish  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHRINK = os.path.join(ROOT, "scripts", "shrink")
KEYS = ("field", "rule", "insn_rule")

# bug, seed, the failure kept (field, rule of the field, rule of the instruction)
BUGS = [("bsync_highest", 1, ("active_pc", "N-12", "N-21")),
        ("bar_no_reset", 3, ("write.barrier", "N-38", "N-31")),
        ("warpsync_no_valid", 1, ("active_pc", "N-12", "N-25"))]
SECONDS = 30              # a shrink of these takes 1-3 s on a loaded 2-core machine (docs/shrink.md)


def insns(text):
    return sum(1 for l in text.splitlines() if re.match(r"/\*[0-9a-f]+\*/ ", l))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tb", required=True)
    ap.add_argument("--warpref", required=True)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="check-shrink-")
    tools = ["--tb", a.tb, "--warpref", a.warpref]

    def shrink(args, out="out"):
        p = subprocess.run([sys.executable, SHRINK] + args + ["--out", os.path.join(tmp, out), "--quiet"] + tools,
                           capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout, p.stderr

    def model_end(path):
        p = subprocess.run([a.warpref, "run", path], capture_output=True, text=True)
        m = re.search(r": end (\w+) at", p.stderr)
        return m.group(1) if m else p.stderr

    # ---- three bugs, three units ---------------------------------------------------
    for bug, seed, keep in BUGS:
        name = f"{bug}/seed-{seed}"
        rc, so, se = shrink(["--seed", str(seed), "--bug", bug])
        d = os.path.join(tmp, "out", bug, f"seed-{seed}")
        r = json.load(open(os.path.join(d, "shrink.json"))) if rc == 0 else {}
        if not check(f"{name}: exit 0", rc == 0, f"{rc} {se}"):
            continue
        text = open(os.path.join(d, "shrunk.s")).read()
        orig = open(os.path.join(d, "prog.s")).read()
        dj = json.load(open(os.path.join(d, "shrunk-dump.json")))
        oj = json.load(open(os.path.join(d, "dump.json")))
        check(f"{name}: input of 200+ instructions", insns(orig) >= 200 and r["before"]["instructions"] == insns(orig),
              f"{insns(orig)} {r['before']}")
        check(f"{name}: at most 12 instructions", insns(text) <= 12 and r["after"]["instructions"] == insns(text),
              f"{insns(text)}\n{text}")
        check(f"{name}: same failure", tuple(dj.get(k) for k in KEYS) == keep ==
              tuple(oj.get(k) for k in KEYS) and r["keep"] == dict(zip(KEYS, keep)), f"{dj.get('failure')}")
        check(f"{name}: ends done on the model", model_end(os.path.join(d, "shrunk.s")) == "done", text)
        clean = subprocess.run([a.tb, f"+program={os.path.join(d, 'shrunk.s')}", f"+dump={os.path.join(tmp, 'cl')}"],
                               capture_output=True, text=True)
        check(f"{name}: passes without the bug", clean.returncode == 0 and "1 passed, 0 failed" in clean.stdout,
              clean.stdout)
        m = re.search(r"^reproduce: (.*)$", so, re.M)
        check(f"{name}: prints sizes and command",
              f"before {insns(orig)} instructions" in so and f"after {insns(text)} instruction" in so
              and m is not None and m.group(1) == dj.get("reproduce") and so.startswith(text), so)
        # the header: the shrunk program's own failure and the command that reproduces it
        head = text.splitlines()
        fails = head[1][len("// fails: "):] if head[1].startswith("// fails: ") else None
        cmd = head[2][len("// reproduce: "):] if head[2].startswith("// reproduce: ") else None
        check(f"{name}: the header names its own failure", fails == dj.get("failure") and
              re.search(rf": warp \d+ pc {dj.get('pc')} ", fails or "") is not None and
              (bug != "bsync_highest" or (oj.get("pc"), dj.get("pc")) == ("0x2e0", "0x70")) and
              head[3] == f"// (the input failed: {oj.get('failure')})", "\n".join(head[:4]))
        check(f"{name}: the header's command is the printed one", cmd is not None and m is not None
              and cmd == m.group(1), f"{cmd}\n{m and m.group(1)}")
        if cmd:
            os.unlink(os.path.join(d, "shrunk-dump.json"))
            again = subprocess.run(cmd, shell=True, capture_output=True, text=True)
            dj2 = json.load(open(os.path.join(d, "shrunk-dump.json")))
            check(f"{name}: the header's command fails at the header's pc", again.returncode == 1 and
                  tuple(dj2.get(k) for k in KEYS) == keep and dj2.get("failure") == fails
                  and dj2.get("pc") == dj.get("pc"), f"{again.returncode} {dj2.get('failure')}")
        check(f"{name}: in under {SECONDS} s", r["seconds"] < SECONDS, str(r["seconds"]))
        # every candidate not in the cache has one lockstep run with the bug; the model
        # judges those that fail the same way, the run without the bug those it keeps
        check(f"{name}: counts", r["predicate_runs"] > 0 and r["clean_runs"] > 0 and r["reproduced"] is True
              and r["candidates"] == r["predicate_runs"] + r["cache_hits"]
              and r["predicate_runs"] >= r["model_rejects"] + r["clean_runs"] and not r["timed_out"], str(r))
        print(f"{name}: {r['before']['instructions']} -> {r['after']['instructions']} instructions, "
              f"{r['before']['threads']} -> {r['after']['threads']} threads, {r['predicate_runs']} predicate runs, "
              f"{r['seconds']} s")

    # ---- -j 2 gives the same program ----------------------------------------------
    rc, so, se = shrink(["--seed", "3", "--bug", "bar_no_reset", "-j", "2"], out="j2")
    one = os.path.join(tmp, "out", "bar_no_reset", "seed-3", "shrunk.s")
    two = os.path.join(tmp, "j2", "bar_no_reset", "seed-3", "shrunk.s")
    def program(path):          # (the header's reproduce line names the output directory)
        return [l for l in open(path).read().splitlines() if not l.startswith("// reproduce: ")]
    check("-j 2: same program", rc == 0 and program(one) == program(two), se)

    # ---- a command as the predicate -------------------------------------------------
    prog = os.path.join(tmp, "out", "bar_no_reset", "seed-3", "prog.s")
    cmd = f"{a.tb} +program={{program}} +bug=bar_no_reset +dump={{dump}} +result={{dir}}/r.json"
    rc, so, se = shrink([prog, "--cmd", cmd], out="cmd")
    d = os.path.join(tmp, "cmd", "prog")
    ok = rc == 0 and os.path.exists(os.path.join(d, "shrunk-dump.json"))
    dj = json.load(open(os.path.join(d, "shrunk-dump.json"))) if ok else {}
    check("--cmd: shrinks", ok and insns(open(os.path.join(d, "shrunk.s")).read()) <= 12
          and tuple(dj.get(k) for k in KEYS) == BUGS[1][2], f"{rc} {se} {so}")

    # ---- numeric targets become labels --------------------------------------------
    gen = os.path.join(tmp, "g2.s")
    subprocess.run([a.warpref, "gen", "--seed", "15", "--weights", "brx=0", "-o", gen], check=True)
    src = open(gen).read().splitlines()
    # the constants, with each label replaced by its address (a disassembled
    # program has no labels; a word of (.La - .Lb) becomes its number)
    addr, pending = {}, []
    for l in src:
        if re.fullmatch(r"\.L\w+:", l):
            pending.append(l[:-1])
        elif re.match(r"/\*[0-9a-f]+\*/", l):
            addr.update((p, int(l[2:l.index("*/")], 16)) for p in pending)
            pending = []

    def numeric_const(l):
        head_, _, vals = l.partition(" = ")
        words = [eval(re.sub(r"\.L\w+", lambda m: str(addr[m.group(0)]), v)) & 0xffffffff if ".L" in v else v.strip()
                 for v in re.split(r",(?![^()]*\))", vals)]
        return head_ + " = " + ", ".join(w if isinstance(w, str) else f"0x{w:08x}" for w in words)
    head = [l if ".L" not in l else numeric_const(l) for l in src if l.startswith((".threads", ".const"))]
    words = subprocess.run([a.warpref, "asm", gen], capture_output=True, text=True, check=True).stdout
    dis = subprocess.run([a.warpref, "disasm", "-"], input=words, capture_output=True, text=True, check=True).stdout
    numeric = os.path.join(tmp, "numeric.s")
    with open(numeric, "w") as f:
        f.write("\n".join(head) + "\n" + dis)
    check("labels: input has numeric targets", re.search(r"BSSY B\d, 0x[0-9a-f]+ ;", dis) is not None
          and re.search(r"CALL\.REL R\[\d+:\d+\], -0x", dis) is not None, dis[:400])
    rc, so, se = shrink([numeric, "--bug", "call_rel_from_pc"])
    text = open(os.path.join(tmp, "out", "call_rel_from_pc", "numeric", "shrunk.s")).read() if rc == 0 else ""
    check("labels: shrunk with label targets", rc == 0 and insns(text) <= 12
          and re.search(r"CALL\.REL R\[\d+:\d+\], `\(\(\.Lpc_0 - \.\) - 0x10\)", text)
          and re.search(r"LEPC R\[\d+:\d+\], `\(\.Lpc_[0-9a-f]+\)", text), f"{rc} {se}\n{text}")

    # ---- the time box ------------------------------------------------------------------
    # (a failure whose whole shrink takes ~10 s: bsync_highest's seed 1 now ends inside the box)
    rc, so, se = shrink(["--seed", "2", "--bug", "ret_no_offset", "--timeout", "1"], out="tb")
    r = json.load(open(os.path.join(tmp, "tb", "ret_no_offset", "seed-2", "shrink.json"))) if rc == 0 else {}
    check("--timeout: stops early", rc == 0 and r.get("timed_out") is True and r.get("reproduced") is True
          and r["after"]["instructions"] < r["before"]["instructions"] and r["seconds"] < 10
          and "(time box reached)" in so, f"{rc} {se} {r}")

    # ---- scripts/regress --shrink ------------------------------------------------------
    out = os.path.join(tmp, "regress")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "regress"), "--seeds", "3", "--bug",
                        "bar_no_reset", "--shrink", "--no-waves", "-j", "1", "--quiet", "--out", out] + tools,
                       capture_output=True, text=True, timeout=300)
    d = os.path.join(out, "bar_no_reset", "seed-3")
    r = json.load(open(os.path.join(d, "shrink.json"))) if os.path.exists(os.path.join(d, "shrink.json")) else {}
    check("regress --shrink", p.returncode == 0 and re.search(
        r"^bar_no_reset/seed-3 +227/8/238 +2/1/1 +\d+ +[0-9.]+  " + re.escape(os.path.join(d, "shrunk.s")) + "$",
        p.stdout, re.M) is not None and r.get("after", {}).get("instructions") == 2
        and os.path.exists(os.path.join(d, "shrunk-dump.txt")) and os.path.exists(os.path.join(d, "dump.txt")),
        p.stdout + p.stderr)

    # ---- errors -------------------------------------------------------------------------
    passing = os.path.join(ROOT, "tests", "programs", "bar_red.s")
    rc, so, se = shrink([passing, "--bug", "bsync_highest"], out="err")
    check("no failure: status 2, one line", rc == 2 and so == "" and se ==
          "shrink: the predicate does not fail on the input program (lockstep with +bug=bsync_highest: pass): "
          "nothing to shrink\n", f"{rc} {se!r}")
    rc, so, se = shrink([passing], out="err")
    check("no failure, no bug: status 2", rc == 2 and se ==
          "shrink: the predicate does not fail on the input program (lockstep: pass): nothing to shrink\n", se)
    bad = os.path.join(tmp, "bad.s")
    with open(bad, "w") as f:
        f.write("BRA.X 0x0\n")
    loop = os.path.join(tmp, "loop.s")
    with open(loop, "w") as f:
        f.write(".L:\nBRA `(.L)\n")
    bugs = subprocess.run([a.tb, "+list_bugs"], capture_output=True, text=True).stdout.split()
    cases = [
        ([], "shrink: give one failing program: a file or --seed S"),
        ([passing, "--seed", "1"], "shrink: give one failing program: a file or --seed S"),
        ([passing, "--size", "300"], "shrink: --size, --warps and --weights are warpref gen's: they need --seed"),
        (["--seed", "1", "--bug", "no_such_bug"], "shrink: --bug: unknown bug 'no_such_bug' (one of " + ", ".join(bugs) + "; docs/bugs.md)"),
        (["--seed", "1", "--bug", "bsync_highest", "--cmd", "x"],
         "shrink: argument --cmd: not allowed with argument --bug"),
        (["--seed", "1", "--sched", "fifo"], "shrink: argument --sched: invalid choice: 'fifo' (choose from 'own', 'rr')"),
        ([passing, "extra.s"], "shrink: unrecognized arguments: extra.s"),
        (["--seed", "1", "-j", "0"], "shrink: -j: 0 is out of range 1..4096"),
        (["--seed", "1", "--timeout", "010"],
         "shrink: --timeout: '010' has a leading zero (octal is not accepted: decimal, or hex with 0x)"),
        (["--seed", "x"], "shrink: --seed: 'x' is not a number (decimal, or hex with 0x)"),
        (["--seed", "1", "--threads", "2000"], "shrink: --threads: 2000 is out of range 1..1024"),
        (["--seed", "1", "--match", "field,pc"],
         "shrink: --match: 'pc' is not a dump key of field, rule, insn_rule"),
        (["--seed", "1", "--plusarg", "bug=x"], "shrink: --plusarg: 'bug=x' is not a plusarg (+NAME or +NAME=VALUE)"),
        (["--seed", "1", "--cmd", "true {dump}"], "shrink: --cmd: the command needs {program} and {dump}"),
        (["--seed", "1", "--cmd", "x {program} {dump} {nope}"],
         "shrink: --cmd: bad template ('nope'): the placeholders are {program}, {dump} and {dir}"),
        ([os.path.join(tmp, "missing.s")], f"shrink: cannot read the program '{os.path.join(tmp, 'missing.s')}'"),
        ([bad, "--bug", "bsync_highest"],
         f"shrink: the input program does not assemble: {bad}:1:5: error: unknown modifier"),
        ([loop, "--bug", "bsync_highest"],
         "shrink: the input program does not end done, exception or deadlock on the model (end livelock): "
         "nothing to keep it terminating"),
    ]
    for args, want in cases:
        rc, so, se = shrink(args, out="out")
        lines = se.splitlines()
        check(f"bad {args}: one line, status 2", rc == 2 and so == "" and len(lines) == 1
              and lines[0].startswith(want), f"{rc} {se!r}")
    if not clitest.failed:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
