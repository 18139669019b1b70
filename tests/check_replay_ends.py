#!/usr/bin/env python3
"""check_replay_ends.py WARPREF SRCDIR - how a replayed run ends (docs/replay.md,
"The final record"; docs/lockstep.md, "How a run ends"): the final record is
compared whole.

  pinned     the cases of issue 17 with their exact lines and status: a trace
             ending `deadlock` or `livelock` where the model ends `done`, a
             final `t` 95 where the model's is 90, a `done` while a warp
             sleeps, an `exception` with no fault, a profile the model does
             not run, and the controls `--ignore end`, `--ignore t`
  generated  every single-field edit of the final record of several program
             traces (of different ends: done, deadlock, exception by a fault
             and by an instruction, limit, livelock; 1 to 4 warps; a ptx
             run), each field and each element of every warp (state, pc, the
             five masks, b, r, p, dc), `end`, `t`, `bars`, `fault`,
             `profile`: none replays as a match
Prints 'N passed, N failed'."""
import json
import os
import sys
import tempfile

import clitest

WARPREF, SRC = sys.argv[1], sys.argv[2]
check = clitest.check
tmp = tempfile.mkdtemp(prefix="warpref-replay-ends-")
PROGS = os.path.join(SRC, "tests", "programs")


def path(name):
    return os.path.join(tmp, name)


def run(args):
    return clitest.run(WARPREF, args)


def trace(prog, name, *extra):
    """the model's own JSONL trace of a program (its `//! args:` too)"""
    out = path(name)
    rc, _, err = run(["run", prog, "--trace", out] + clitest.program_args(prog) + list(extra))
    check(f"run {name}", rc in (0, 3, 4, 5), err)
    return out


def records(t):
    with open(t) as f:
        lines = f.read().splitlines()
    return lines[:-1], json.loads(lines[-1])


def write(name, body, final):
    p = path(name)
    with open(p, "w") as f:
        f.write("\n".join(body + [json.dumps(final, separators=(",", ":"))]) + "\n")
    return p


def replay(t, *args):
    rc, _, err = run(["replay", t, "--dump", path("dump")] + list(args))
    return rc, err


# ---- pinned: the cases of the issue, exact lines --------------------------------------
if_else = os.path.join(PROGS, "if_else.s")
body, fin = records(trace(if_else, "if_else.jsonl", "--trace-operands"))
rc, err = replay(path("if_else.jsonl"))
check("if_else replays clean", rc == 0 and ": match: 11 records, 11 compared, final record compared" in err, err)

PINNED = [
    # name, the final record's change, replay options, status, the lines it prints
    ("deadlock-where-done", {"end": "deadlock"}, [], 1,
     "{t}:12: divergence: end: the trace's run ends deadlock at t=11, the model's ends done: every warp "
     "exited or trapped [N-50]\n"
     "warpref: replay: {t}: 1 divergence, the first at record 12 (11 records, 11 compared; 32 threads from the final record, the program learnt from the records); dump {d}.txt\n"),
    ("livelock-where-done", {"end": "livelock"}, [], 1,
     "{t}:12: divergence: end: the trace's run ends livelock at t=11, the model's ends done: every warp "
     "exited or trapped [N-55]\n"
     "warpref: replay: {t}: 1 divergence, the first at record 12 (11 records, 11 compared; 32 threads from the final record, the program learnt from the records); dump {d}.txt\n"),
    ("limit-where-done", {"end": "limit"}, [], 1,
     "{t}:12: divergence: end: the trace's run ends limit at t=11, the model's ends done: every warp "
     "exited or trapped [N-55]\n"
     "warpref: replay: {t}: 1 divergence, the first at record 12 (11 records, 11 compared; 32 threads from the final record, the program learnt from the records); dump {d}.txt\n"),
    ("exception-without-fault", {"end": "exception"}, [], 1,
     "{t}:12: divergence: end: the trace's run ends exception at t=11, but no warp of the model took an "
     "exception or a fetch fault [N-37]\n"
     "warpref: replay: {t}: 1 divergence, the first at record 12 (11 records, 11 compared; 32 threads from the final record, the program learnt from the records); dump {d}.txt\n"),
    ("t-later", {"t": 16}, [], 1,
     "{t}:12: divergence: t: the run ends at t=16, the model's at t=11 (the time after its last issued "
     "instruction) [N-50]\n"
     "warpref: replay: {t}: 1 divergence, the first at record 12 (11 records, 11 compared; 32 threads from the final record, the program learnt from the records); dump {d}.txt\n"),
    ("profile-not-run", {"profile": "ptx"}, [], 1,
     "{t}:12: divergence: end: the final record names the profile 'ptx', the model runs native (no profile: "
     "native; --profile) [N-50]\n"
     "warpref: replay: {t}: 1 divergence, the first at record 12 (11 records, 11 compared; 32 threads from the final record, the program learnt from the records); dump {d}.txt\n"),
    ("ignore-end", {"end": "deadlock"}, ["--ignore", "end"], 0,
     "warpref: replay: {t}: match: 11 records, 11 compared, final record compared (jsonl, operand-driven, 32 "
     "threads from the final record, the program learnt from the records)\n"),
    ("ignore-t", {"t": 16}, ["--ignore", "t"], 0,
     "warpref: replay: {t}: match: 11 records, 11 compared, final record compared (jsonl, operand-driven, 32 "
     "threads from the final record, the program learnt from the records)\n"),
    ("mask-t", {"t": 16}, ["--mask", "t:0x4"], 0,
     "warpref: replay: {t}: match: 11 records, 11 compared, final record compared (jsonl, operand-driven, 32 "
     "threads from the final record, the program learnt from the records)\n"),
]
for name, change, opts, status, want in PINNED:
    t = write(f"pin-{name}.jsonl", body, dict(fin, **change))
    rc, err = replay(t, *opts)
    check(f"pinned {name}", rc == status and err == want.format(t=t, d=path("dump")),
          f"exit {rc} (want {status})\n{err}--- want\n{want.format(t=t, d=path('dump'))}")

# the issue's own: a final t of 95 where the model's is 90
body90 = [json.loads(r) for r in body]
shift = 79
for r in body90:
    r["t"] += shift
t95 = write("pin-t95.jsonl", [json.dumps(r, separators=(",", ":")) for r in body90], dict(fin, t=95))
rc, err = replay(t95)
# (every record's t is compared too: the first record, dated 79 where the model's
# time is 0, is the first divergence)
check("pinned t 95, the model's 90", rc == 1 and err.startswith(
    f"{t95}:1: divergence: t: warp 0 pc 0x0: the record's t is 79, the model's time is 0 [N-50]\n"), err)

# a `done` (and a `deadlock`) while warps sleep: the model's warps can run, named with their pcs
two = os.path.join(PROGS, "nanosleep_two_warps.s")
tb, tf = records(trace(two, "two.jsonl", "--trace-operands"))
k = next(i for i, r in enumerate(tb) if "sleep" in json.loads(r).get("ev", [])) + 1
# (up to the first NANOSLEEP that put a whole warp to sleep)
rec = json.loads(tb[k - 1])
early = dict(tf, end="deadlock", t=rec["t"] + 1)
t = write("pin-deadlock-asleep.jsonl", tb[:k], early)
rc, err = replay(t, "--ignore", "run,active_pc,valid,active,yield,sleep,switch,b,write.barrier")
check("pinned deadlock while a warp sleeps", rc == 1 and
      f"{t}:{k + 1}: divergence: end: the trace's run ends deadlock at t={rec['t'] + 1}, but the model's warps "
      in err and "can run: warp " in err and " asleep at pc 0x" in err and " until " in err and "[N-50]" in err, err)

# ---- generated: single-field edits of the final record ---------------------------------
STATES = ["ready", "blocked", "asleep", "exited", "trapped", "faulted"]
ENDS = ["done", "deadlock", "livelock", "exception", "limit"]


def edits(f):
    """(what, the final record with one field changed)"""
    out = []
    for e in ENDS:
        # a livelock trace may say limit: the writer stopped it (docs/replay.md)
        if e != f["end"] and not (f["end"] == "livelock" and e == "limit"):
            out.append((f"end {e}", dict(f, end=e)))
    out.append(("t + 1", dict(f, t=f["t"] + 1)))
    out.append(("t - 1", dict(f, t=f["t"] - 1)))
    for i, w in enumerate(f["warps"]):
        def with_warp(**kv):
            ws = [dict(x) for x in f["warps"]]
            ws[i].update(kv)
            return dict(f, warps=ws)
        for s in STATES:
            if s != w["state"]:
                out.append((f"warp {i} state {s}", with_warp(state=s)))
        out.append((f"warp {i} pc", with_warp(pc=hex(int(w["pc"], 16) + 16))))
        for m in ("active", "valid", "yield", "sleep", "switch"):
            for bit in (0, 31):
                out.append((f"warp {i} {m} bit {bit}", with_warp(**{m: "0x%08x" % (int(w[m], 16) ^ 1 << bit)})))
        b = dict(w["b"])
        for n in ("B0", "B15"):
            nb = dict(b)
            nb[n] = "0x%08x" % (int(b.get(n, "0x0"), 16) ^ 0x10)
            out.append((f"warp {i} b {n}", with_warp(b=nb)))
        if "r" in w:
            dc = w.get("dc", {})
            for reg in range(len(w["r"][0])):
                lanes = [ln for ln in range(32) if not int(dc.get(f"R{reg}", "0x0"), 16) >> ln & 1]
                if not lanes:
                    continue
                for ln in (lanes[0], lanes[-1]):
                    r = [list(x) for x in w["r"]]
                    r[ln][reg] = "0x%08x" % (int(r[ln][reg], 16) ^ 0x100)
                    out.append((f"warp {i} R{reg} lane {ln}", with_warp(r=r)))
                ndc = dict(dc)
                ndc[f"R{reg}"] = "0x%08x" % (int(dc.get(f"R{reg}", "0x0"), 16) | 1 << lanes[0])
                out.append((f"warp {i} dc R{reg} lane {lanes[0]}", with_warp(dc=ndc)))
            for pred in range(7):
                lanes = [ln for ln in range(32) if not int(dc.get(f"P{pred}", "0x0"), 16) >> ln & 1]
                if not lanes:
                    continue
                p = list(w["p"])
                p[lanes[0]] ^= 1 << pred
                out.append((f"warp {i} P{pred} lane {lanes[0]}", with_warp(p=p)))
                ndc = dict(dc)
                ndc[f"P{pred}"] = "0x%08x" % (int(dc.get(f"P{pred}", "0x0"), 16) | 1 << lanes[0])
                out.append((f"warp {i} dc P{pred} lane {lanes[0]}", with_warp(dc=ndc)))
    bars = dict(f["bars"])
    for b in list(bars) or []:
        nb = dict(bars)
        nb[b] = "0x%08x" % (int(bars[b], 16) ^ 0x40)
        out.append((f"bars {b}", dict(f, bars=nb)))
    nb = dict(bars)
    nb["15"] = "0x%08x" % (int(bars.get("15", "0x0"), 16) ^ 0x40)
    out.append(("bars 15", dict(f, bars=nb)))
    if "fault" in f:
        fl = f["fault"]
        out.append(("fault pc", dict(f, fault=dict(fl, pc=hex(int(fl["pc"], 16) + 16)))))
        out.append(("fault what", dict(f, fault=dict(fl, what="misaligned pc" if fl["what"] != "misaligned pc"
                                                    else "no instruction at pc"))))
        if len(f["warps"]) > 1:
            out.append(("fault warp", dict(f, fault=dict(fl, warp=(fl["warp"] + 1) % len(f["warps"])))))
        out.append(("no fault", {k: v for k, v in f.items() if k != "fault"}))
    else:
        out.append(("a fault", dict(f, fault={"warp": 0, "pc": f["warps"][0]["pc"], "what": "no instruction at pc"})))
    if "profile" in f:
        out.append(("no profile", {k: v for k, v in f.items() if k != "profile"}))
    else:
        out.append(("profile sass", dict(f, profile="sass")))
    return out


CASES = [  # program, what it ends, the trace's options, the replay's (self-contained: registers compared)
    ("if_else.s", "done", ["--dump-regs", "4"]),
    ("deadlock.s", "deadlock", ["--dump-regs", "2"]),
    ("fetch_fault.s", "exception", ["--dump-regs", "2"]),
    ("exc_cnt_align.s", "exception", ["--dump-regs", "2"]),
    ("limit.s", "limit", []),
    ("hazard_h1.s", "livelock", []),
    ("nanosleep_two_warps.s", "done", ["--dump-regs", "2"]),
    ("bar_red.s", "done", []),
    ("ptx/ptx_red.s", "done", ["--dump-regs", "4"]),
]
total = 0
for prog_rel, end, extra in CASES:
    prog = os.path.join(PROGS, prog_rel)
    name = os.path.basename(prog)[:-2]
    a = clitest.program_args(prog)
    opts = list(extra) if "--dump-regs" not in a else []
    t = trace(prog, name + ".plain.jsonl", *opts)
    body, f = records(t)
    check(f"{name} ends {end}", f["end"] == end, f["end"])
    thr = a[a.index("--threads"):a.index("--threads") + 2] if "--threads" in a else []
    rc, err = replay(t, "--program", prog, *thr)
    if not check(f"{name}: replays clean", rc == 0 and "final record compared" in err, err):
        continue
    missed = []
    for what, g in edits(f):
        total += 1
        e = write(f"{name}.edit.jsonl", body, g)
        rc, err = replay(e, "--program", prog, *thr)
        if rc == 0:
            missed.append(what)
        elif rc == 1:
            check(f"{name} {what}: the divergence is at the final record",
                  f"{e}:{len(body) + 1}: divergence: " in err, err)
    check(f"{name}: every single-field edit of the final record is caught", not missed, ", ".join(missed))
check("edits made", total >= 300, total)
print(f"{total} single-field edits of the final record of {len(CASES)} traces replayed")
clitest.finish()
