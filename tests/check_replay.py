#!/usr/bin/env python3
"""check_replay.py WARPREF SRCDIR - `warpref replay` and `warpref trace convert`
(docs/replay.md, docs/trace-binary.md): the model's own traces of every program
of tests/programs replay clean from JSONL and binary, operand-driven and
self-contained; JSONL -> binary -> JSONL gives the same bytes; single edits of a
trace (a mask bit, next_pc, a B register, a barrier word, an `out` value, an
event, a dropped record, two swapped records) are reported at their record
with the right field, in both formats; --keep-going, windows, the dump;
--explain and --coverage give what `warpref run`'s give, up to the failing
step of a divergence; and corrupt, truncated and malformed traces give their exact one-line message and
status 2.  Prints 'N passed, N failed'."""
import glob
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

import clitest

WARPREF, SRC = sys.argv[1], sys.argv[2]
SEAL = sys.argv[3] if len(sys.argv) > 3 else None     # tests/wtb_seal.c: an edited .wtb's checksums again
check = clitest.check
tmp = tempfile.mkdtemp(prefix="warpref-replay-")


def run(args, stdin=None):
    return clitest.run(WARPREF, args, stdin)


def path(name):
    return os.path.join(tmp, name)


def program_args(prog):
    """the program's own `//! args:` line (as check_golden.py reads it)"""
    with open(prog) as f:
        for line in f:
            if line.startswith("//! args:"):
                return line[len("//! args:"):].split()
    return []


def trace_of(prog, name, operands=True, extra=()):
    out = path(name)
    own = [a for a in program_args(prog) if operands or a != "--trace-operands"]   # (a program may give it)
    args = ["run", prog, "--trace", out] + own + list(extra)
    if operands and "--trace-operands" not in args:
        args.append("--trace-operands")
    rc, _, err = run(args)
    check(f"run {name}", rc in (0, 3, 4, 5), err)
    return out


def replay(trace, *args):
    rc, out, err = run(["replay", trace, "--dump", path("dump")] + list(args))
    return rc, err


def divergences(err):
    """(record, field) of every divergence line"""
    return [(int(m.group(1)), m.group(2)) for m in re.finditer(r":(\d+): divergence: ([\w.]+):", err)]


def threads_arg(prog):
    a = program_args(prog)
    return a[a.index("--threads"):a.index("--threads") + 2] if "--threads" in a else []


# ---- the model's traces replay clean, in both formats --------------------------
programs = sorted(os.path.join(SRC, "tests", "programs", p) for p in os.listdir(os.path.join(SRC, "tests", "programs"))
                  if p.endswith(".s"))
check("programs found", len(programs) >= 20, programs)
for prog in programs:
    name = os.path.basename(prog)[:-2]
    t = trace_of(prog, name + ".jsonl", extra=([] if "--dump-regs" in program_args(prog) else ["--dump-regs", "4"]) +
                 ["--explain", path("run.explain"), "--coverage", path("run.cov")])
    thr = threads_arg(prog)
    rc, err = replay(t, *thr, "--explain", path("replay.explain"), "--coverage", path("replay.cov"))
    check(f"{name}: JSONL replays clean", rc == 0 and ": match: " in err and "final record compared" in err, err)
    check(f"{name}: replay explains each step as run does",
          open(path("run.explain")).read() == open(path("replay.explain")).read() != "")
    check(f"{name}: replay's coverage table is run's", open(path("run.cov")).read() == open(path("replay.cov")).read())
    b = path(name + ".wtb")
    rc, _, err = run(["trace", "convert", t, b] + thr)
    check(f"{name}: converts to binary", rc == 0 and err == "", err)
    back = path(name + ".back.jsonl")
    rc, _, err = run(["trace", "convert", b, back])
    check(f"{name}: converts back", rc == 0 and err == "", err)
    check(f"{name}: JSONL -> binary -> JSONL is byte-identical", open(t, "rb").read() == open(back, "rb").read())
    rc, err = replay(b, "--explain", path("replay.explain"))
    check(f"{name}: binary replays clean", rc == 0 and "(binary, operand-driven" in err, err)
    check(f"{name}: binary replay explains as run", open(path("run.explain")).read() == open(path("replay.explain")).read())
    # without operands: self-contained with the program
    plain = trace_of(prog, name + ".plain.jsonl", operands=False)
    rc, err = replay(plain, "--program", prog, *thr)
    check(f"{name}: plain trace replays self-contained", rc == 0 and "self-contained" in err, err)
    rc, err = replay(plain, *thr)
    check(f"{name}: a plain trace needs the program", rc == 2 and err.strip().endswith(
        "error: the records have no 'insn': give the program (--program FILE.s)"), err)

# ---- the profiles (SPEC-NOTES section 8): replay with the program ----------------
# The model's profile is the program's (.profile); --trap-mode (S-13) is not a
# replay option, so sass_trap_mode is left out.  A ptx reduction delivers its
# result at completion to every participating lane (P-11): to other warps and
# to other gathered groups' destinations, which a record's `out` cannot show;
# the replay compares the instruction's own destination and the final record
# the rest.
profile_progs = sorted(glob.glob(os.path.join(SRC, "tests", "programs", "*", "*.s")))
check("profile programs found", len(profile_progs) >= 20, profile_progs)
for prog in profile_progs:
    name = os.path.basename(prog)[:-2]
    args = program_args(prog)
    if "--trap-mode" in args:
        continue
    t = trace_of(prog, name + ".jsonl", extra=[] if "--dump-regs" in args else ["--dump-regs", "4"])
    fin = json.loads(open(t).read().splitlines()[-1])
    check(f"{name}: the final record names the profile", fin.get("profile") == args[args.index("--profile") + 1],
          fin.get("profile"))
    thr = threads_arg(prog)
    rc, err = replay(t, "--program", prog, *thr)
    check(f"{name}: replays clean with its program", rc == 0 and ": match: " in err and
          "final record compared" in err, err)
    b = path(name + ".wtb")
    rc, _, err = run(["trace", "convert", t, b] + thr)
    back = path(name + ".back.jsonl")
    rc2, _, err2 = run(["trace", "convert", b, back])
    check(f"{name}: JSONL -> binary -> JSONL is byte-identical", rc == 0 and rc2 == 0 and
          open(t, "rb").read() == open(back, "rb").read(), err + err2)
    rc, err = replay(b, "--program", prog)
    check(f"{name}: binary replays clean", rc == 0 and "(binary, operand-driven" in err, err)
    plain = trace_of(prog, name + ".plain.jsonl", operands=False)
    rc, err = replay(plain, "--program", prog, *thr)
    check(f"{name}: plain trace replays self-contained", rc == 0 and "self-contained" in err, err)

# --profile: a profile trace whose program is learnt from its words
sass = os.path.join(SRC, "tests", "programs", "sass", "sass_producer_consumer.s")
t = trace_of(sass, "profile-learn.jsonl")
rc, err = replay(t, "--profile", "sass", *threads_arg(sass))
check("replay --profile sass: a sass trace learnt from its words replays clean", rc == 0 and ": match: " in err, err)
rc, err = replay(t, *threads_arg(sass))
check("replay without --profile: the sass words are not native's", rc != 0, err)
rc, err = replay(t, "--program", sass, "--profile", "ptx")
check("replay --profile against the program's .profile: one line, status 2",
      rc == 2 and err.strip() == f"{sass}: the program's profile is sass, not ptx (--profile)", err)

# ptx_divergent: the gather's completing record (warp 0 at 0x80, R3 on lanes
# 16..31) shows its own Rd; group 0x50's R1 (lanes 0..15) is in the final record
prog = os.path.join(SRC, "tests", "programs", "ptx", "ptx_divergent.s")
t = path("ptx_divergent.jsonl")
rs = [json.loads(l) for l in open(t).read().splitlines()]
red = [r for r in rs if r.get("pc") == "0x80" and "release:2" in r.get("ev", [])]
check("ptx gather: the completing record's out is its own Rd (R3, lanes 16..31)", len(red) == 1 and
      red[0]["out"]["rd"] == [None] * 16 + ["0x00000004"] * 16, red)
fin = rs[-1]
check("ptx gather: R1 of lanes 0..15 in the final record", [fin["warps"][0]["r"][l][1] for l in (0, 15, 16)] ==
      ["0x00000004", "0x00000004", "0x00000000"], fin["warps"][0]["r"][0])


def wrong_r1(rs):
    fin = json.loads(json.dumps(rs[-1]))
    fin["warps"][0]["r"][3][1] = "0x00000005"
    return rs[:-1] + [fin]


at = rs.index(red[0]) + 1
edit = json.loads(json.dumps(rs))
edit[at - 1]["out"]["rd"][16] = "0x00000005"
with open(path("ptx_wrong_rd.jsonl"), "w") as f:
    f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in edit))
rc, err = replay(path("ptx_wrong_rd.jsonl"), "--program", prog)
check("ptx gather: a wrong value of the record's own Rd is found there", rc == 1 and
      divergences(err) == [(at, "write.gpr")], err)
# self-contained (the model keeps its registers): a wrong delivered value in
# the final record is found; operand-driven the registers are the trace's own
plain = [json.loads(l) for l in open(path("ptx_divergent.plain.jsonl")).read().splitlines()]
with open(path("ptx_wrong.jsonl"), "w") as f:
    f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in wrong_r1(plain)))
rc, err = replay(path("ptx_wrong.jsonl"), "--program", prog)
check("ptx gather: a wrong delivered value is found in the final record", rc == 1 and
      f":{len(plain)}: divergence: final: warp 0 R1 lane 3: model 0x00000004, trace 0x00000005" in err, err)

# ---- single edits are found at their record, with their field -------------------
# a generated program with one warp that has B registers, a barrier, predicates, events
prog = path("gen5.s")
rc, _, err = run(["gen", "--seed", "5", "--size", "60", "-o", prog])
check("gen", rc == 0, err)
base = trace_of(prog, "edit.jsonl")
lines = open(base).read().splitlines()
recs = [json.loads(l) for l in lines]


def first(pred):
    return next(i for i, r in enumerate(recs) if "end" not in r and pred(r))


def edited(name, fn):
    """a copy of the trace with fn applied to its list of records (dicts)"""
    rs = [json.loads(l) for l in lines]
    rs = fn(rs)
    p = path(name + ".jsonl")
    with open(p, "w") as f:
        for r in rs:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")
    return p


def flip_mask(rs, i, key, bit):
    rs[i][key] = "0x%08x" % (int(rs[i][key], 16) ^ (1 << bit))
    return rs


i_rd = first(lambda r: r.get("out", {}).get("rd"))
i_bars = first(lambda r: r.get("bars"))
i_b = first(lambda r: r["b"])
i_ev = first(lambda r: r["ev"])
i_pd = first(lambda r: r.get("out", {}).get("pd"))
w0 = [i for i, r in enumerate(recs) if "end" not in r and r["warp"] == 0]


def set_rd(rs):
    lane = next(k for k, v in enumerate(rs[i_rd]["out"]["rd"]) if v is not None)
    rs[i_rd]["out"]["rd"][lane] = "0x%08x" % (int(rs[i_rd]["out"]["rd"][lane], 16) ^ 0x10)
    return rs


def set_bar(rs):
    b = next(iter(rs[i_bars]["bars"]))
    rs[i_bars]["bars"][b] = "0x%08x" % (int(rs[i_bars]["bars"][b], 16) ^ 1)
    return rs


def set_b(rs):
    k = next(iter(rs[i_b]["b"]))
    rs[i_b]["b"][k] = "0x%08x" % (int(rs[i_b]["b"][k], 16) ^ 0x100)
    return rs


def set_pd(rs):
    rs[i_pd]["out"]["pd"]["val"] = "0x%08x" % (int(rs[i_pd]["out"]["pd"]["val"], 16) ^ 1)
    return rs


def set_next_pc(rs):
    rs[3]["next_pc"] = hex(int(rs[3]["next_pc"], 16) + 16)
    return rs


def drop(rs):
    del rs[w0[2]]
    return rs


def swap(rs):
    rs[w0[2]], rs[w0[3]] = rs[w0[3]], rs[w0[2]]
    return rs


def set_ev(rs):
    rs[i_ev]["ev"] = rs[i_ev]["ev"][:-1]
    return rs


def find_rec(rs, idx):
    return idx


# (name, edit, the record it is reported at (1-based), the field)
cases = [
    ("a mask bit", lambda rs: flip_mask(rs, 2, "active", 31), 3, "active"),
    ("a valid bit", lambda rs: flip_mask(rs, 2, "valid", 0), 3, "valid"),
    ("next_pc", set_next_pc, 4, "active_pc"),
    ("a B register", set_b, i_b + 1, "b"),
    ("a barrier word", set_bar, i_bars + 1, "write.barrier"),
    ("an out value", set_rd, i_rd + 1, "write.gpr"),
    ("a predicate out", set_pd, i_pd + 1, "write.pred"),
    ("an event", set_ev, i_ev + 1, "events"),
    ("a dropped record", drop, w0[2] + 1, "pc"),
    ("two swapped records", swap, w0[2] + 1, "pc"),
]
for name, fn, at, field in cases:
    p = edited(name.replace(" ", "_"), fn)
    for fmt in ("jsonl", "wtb"):
        t = p
        if fmt == "wtb":
            t = p[:-6] + ".wtb"
            rc, _, err = run(["trace", "convert", p, t])
            if name == "two swapped records":
                # the conversion reads the whole trace first: time goes back at
                # the second of the two records, bad input, and no file is left
                check(f"edit {name} (wtb): trace convert refuses it", rc == 2 and
                      f"{p}:{at + 1}: error: t: " in err and "(time never goes back)" in err and
                      not os.path.exists(t), (rc, err))
                continue
        rc, err = replay(t)
        d = divergences(err)
        check(f"edit {name} ({fmt}): reported at record {at} as {field}",
              rc == 1 and d[:1] == [(at, field)] and len(d) == 1, (rc, d, err))
    dump = json.load(open(path("dump.json")))
    check(f"edit {name}: the dump names the field and record", dump["field"] == field and
          dump.get("record", "").endswith(f":{at}") and dump["simulator"] == "replay", dump)

# ---- the read set (reads) and undefined lanes (SPEC-NOTES section 5) ---------------
# `in` holds the operands the instruction reads: one left out, or one it does not
# read, is a `reads` divergence naming the operand, in both formats
i_ra = first(lambda r: "ra" in r.get("in", {}))
i_noc = first(lambda r: "in" in r and "c" not in r["in"])


def drop_ra(rs):
    del rs[i_ra]["in"]["ra"]
    return rs


def add_c(rs):
    rs[i_noc]["in"]["c"] = "0x00000000"
    return rs


for name, fn, at, what in (("in without ra", drop_ra, i_ra + 1, "ra missing in the trace"),
                           ("in with c", add_c, i_noc + 1, "c extra in the trace")):
    p = edited(name.replace(" ", "_"), fn)
    r = recs[at - 1]
    for fmt in ("jsonl", "wtb"):
        t = p
        if fmt == "wtb":
            t = p[:-6] + ".wtb"
            run(["trace", "convert", p, t])
        rc, err = replay(t)
        want = (f"{t}:{at}: divergence: reads: warp {r['warp']} pc {r['pc']} {r['asm']}: 1 field differ ({what}) "
                f"[N-51; ")
        check(f"{name} ({fmt}): a reads divergence at record {at}", rc == 1 and err.startswith(want) and
              divergences(err) == [(at, "reads")], (rc, err, want))
    if what.startswith("c"):
        rc, err = replay(p, "--ignore", "reads")
        check(f"{name}: --ignore reads", rc == 0 and ": match: " in err, err)

# a trace's don't-care marks: self-contained (no `in`) the model knows which values
# are undefined, so rd_dc where the model's value is defined is a write.gpr
# divergence; operand-driven too where every operand lane read was written by an
# earlier record (S2R reads none); the final record's registers are compared
# self-contained only
prog_rd = next(p for p in programs if os.path.basename(p) == "bar_red.s")
plain = trace_of(prog_rd, "dc_plain.jsonl", operands=False)      # (its //! args: --dump-regs)
withops = trace_of(prog_rd, "dc_ops.jsonl")
for label, t0, args, status, fstatus in (("self-contained", plain, ["--program", prog_rd], 1, 1),
                                         ("operand-driven", withops, [], 1, 0)):
    rs = [json.loads(l) for l in open(t0)]
    k = next(i for i, r in enumerate(rs) if "end" not in r and r["op"] == "S2R")
    rs[k].setdefault("out", {})
    if "out" in json.loads(open(t0).readline()) or label == "operand-driven":
        rs[k]["out"]["rd_dc"] = "0x00000001"
    else:
        rs[k]["out"] = {"rd": ["0x%08x" % l for l in range(32)], "rd_dc": "0x00000001"}
    t = path(f"dc_{label}.jsonl")
    with open(t, "w") as f:
        f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rs))
    rc, err = replay(t, *args)
    want = f"{t}:{k + 1}: divergence: write.gpr: warp {rs[k]['warp']} pc {rs[k]['pc']} S2R R0, SR_LANEID: 1 field differ"
    check(f"rd_dc where the model's value is defined, {label}: status {status}",
          rc == status and (status == 0 or err.startswith(want)), (rc, err, want))
    # the final record's dc: a register the model has defined, called undefined
    rs = [json.loads(l) for l in open(t0)]
    rs[-1]["warps"][0]["dc"] = {"R1": "0x00000011"}
    t = path(f"fdc_{label}.jsonl")
    with open(t, "w") as f:
        f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rs))
    rc, err = replay(t, *args)
    want = (f"{t}:{len(rs)}: divergence: final: warp 0 R1 lanes 0x00000011: undefined in the trace, defined in the "
            "model (SPEC-NOTES section 5)")
    check(f"final dc where the model's value is defined, {label}: status {fstatus}",
          rc == fstatus and (fstatus == 0 or err.splitlines()[0] == want), (rc, err, want))

# operand-driven, the read-after-write check: an operand lane read after an
# earlier record wrote it must be what that record wrote, even where no result
# changes (ISETP.LT P0, R1, 0x28 with lane 5 of R1 5 -> 7: still < 0x28); the
# first record of each warp reads nothing written before (known: none)
def raw_edit(name, fn):
    rs = [json.loads(l) for l in open(withops)]
    k = fn(rs)
    t = path(f"raw_{name}.jsonl")
    with open(t, "w") as f:
        f.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rs))
    return t, k


def set_ra(rs):
    k = next(i for i, r in enumerate(rs) if "end" not in r and r.get("asm") == "ISETP.LT P0, R1, 0x28")
    rs[k]["in"]["ra"][5] = "0x%0*x" % (len(rs[k]["in"]["ra"][5]) - 2, 7)
    return k


def set_pp(rs):
    k = next(i for i, r in enumerate(rs) if "end" not in r and r.get("op") == "BAR.RED.POPC")
    rs[k]["in"]["pp"] = "0x%08x" % (int(rs[k]["in"]["pp"], 16) ^ 1 << 31)
    return k


t, k = raw_edit("ra", set_ra)
rs = [json.loads(l) for l in open(t)]
w = next(r for r in rs[:k] if r.get("asm") == "S2R R1, SR_TID" and r["warp"] == rs[k]["warp"])
want = (f"{t}:{k + 1}: divergence: in.ra: warp {rs[k]['warp']} pc 0x20 ISETP.LT P0, R1, 0x28: lane 5 reads 0x7, but "
        f"the record at t {w['t']} wrote 0x5 to R1 [N-51]")
rc, err = replay(t)
check("read-after-write: in.ra", rc == 1 and err.splitlines()[0] == want, (rc, err, want))
rc, err = replay(t, "--ignore", "in.ra")
check("read-after-write: --ignore in.ra", rc == 0 and ": match: " in err, err)
b = t + ".wtb"
rc, _, err = clitest.run(WARPREF, ["trace", "convert", t, b])
rc, err = replay(b)
check("read-after-write: in.ra, binary", rc == 1 and f": divergence: in.ra: warp {rs[k]['warp']} pc 0x20" in err,
      (rc, err))
t, k = raw_edit("pp", set_pp)
rs = [json.loads(l) for l in open(t)]
w = next(r for r in reversed(rs[:k]) if r.get("asm") == "ISETP.LT P0, R1, 0x28" and r["warp"] == rs[k]["warp"])
bit = int(rs[k]["in"]["pp"], 16) >> 31 & 1
want = (f"{t}:{k + 1}: divergence: in.pp: warp {rs[k]['warp']} pc 0x30 BAR.RED.POPC 0x1, P0: lane 31 reads 0x{bit:x}, "
        f"but the record at t {w['t']} wrote 0x{bit ^ 1:x} to P0 [N-05]")
rc, err = replay(t)
check("read-after-write: in.pp", rc == 1 and err.splitlines()[0] == want, (rc, err, want))

# another writer's key order (the reader tries the key after the last one first,
# then the others): the same trace with each record's keys reversed or rotated
# replays clean, and an edit in it is found where it is
for name, order in (("reversed", lambda r: dict(reversed(list(r.items())))),
                    ("rotated", lambda r: dict(list(r.items())[3:] + list(r.items())[:3]))):
    p = edited("keys_" + name, lambda rs: [order(r) for r in rs])
    rc, err = replay(p)
    check(f"keys {name}: replays clean", rc == 0 and ": match: " in err, err)
    p = edited("keys_" + name + "_edit", lambda rs: [order(r) for r in flip_mask(rs, 2, "active", 31)])
    rc, err = replay(p)
    check(f"keys {name}: an edit is found", rc == 1 and divergences(err) == [(3, "active")], err)

# --keep-going: every divergence and the count
p = edited("two_edits", lambda rs: flip_mask(flip_mask(rs, 2, "active", 31), 6, "yield", 3))
rc, err = replay(p, "--keep-going")
d = divergences(err)
check("--keep-going reports both", rc == 1 and d == [(3, "active"), (7, "yield")] and
      re.search(r": 2 divergences, the first at record 3 ", err), err)
rc, err = replay(p)
check("without --keep-going it stops at the first", rc == 1 and divergences(err) == [(3, "active")] and
      re.search(r"1 divergence, the first at record 3 \(3 records", err), err)
# --explain: the model's steps up to the failing one (the model's own, as run explains them)
rc, out, err = run(["replay", p, "--dump", path("dump"), "--explain", "-"])
rc2, _, err2 = run(["run", prog, "--explain", path("gen5.explain")])
want = open(path("gen5.explain")).read().splitlines()[:3]
check("--explain stops at the failing step, explained as run does", rc == 1 and rc2 == 0 and len(want) == 3 and
      out.splitlines() == want, (out, want, err2))
txt = open(path("dump.txt")).read()
check("the text dump has the record", "record      " + p + ":3" in txt and "MISMATCH" in txt, txt[:400])

# --ignore: the field is not compared
rc, err = replay(edited("ign", lambda rs: flip_mask(rs, 6, "yield", 3)), "--ignore", "yield")
check("--ignore yield", rc == 0, err)
rc, err = replay(edited("msk", lambda rs: flip_mask(rs, 6, "yield", 3)), "--mask", "yield:0xfffffff0")
check("--mask yield:0xfffffff0", rc == 0, err)

# windows: records before --start are stepped, not compared; --count stops early
p = edited("window", set_bar)
rc, err = replay(p, "--start", str(i_bars + 2))
check("--start after an edit of a compared-only field", rc == 0 and re.search(
    rf"match: \d+ records, {len(recs) - 1 - i_bars - 1} compared, final record compared", err), err)
rc, err = replay(p, "--start", "2", "--count", str(i_bars - 1))
check("--count ends before the edit", rc == 0 and f", {i_bars - 1} compared (" in err and
      "final record compared" not in err, err)
rc, err = replay(p, "--start", "2", "--count", str(i_bars))
check("--count reaching the edit", rc == 1 and divergences(err) == [(i_bars + 1, "write.barrier")], err)

# the final record is compared
p = edited("final", lambda rs: rs[:-1] + [dict(rs[-1], warps=[dict(w, valid="0x00000001") if w["warp"] == 0 else w
                                                               for w in rs[-1]["warps"]])])
rc, err = replay(p)
check("the final record is compared", rc == 1 and re.search(rf":{len(recs)}: divergence: final: warp 0 valid", err), err)
# a trace cut short (no final record) replays what it has, given the CTA size
p = edited("cut", lambda rs: rs[:5])
rc, err = replay(p, "--threads", "32")
check("a trace without its final record", rc == 0 and "match: 5 records, 5 compared (jsonl, operand-driven, 32 "
      "threads from --threads, the program learnt from the records)" in err, err)
rc, err = replay(p)
check("a trace without its final record needs --threads (never a guess)", rc == 2 and err.strip() ==
      f"warpref: replay: --threads N or --program FILE.s is needed: {p} does not state its CTA size (it has no "
      "final record) (see 'warpref replay --help')", err)
rc, err = replay(p, "--program", prog)
check("... or --program", rc == 0 and "32 threads from the program's .threads, program " + prog in err, err)

# ---- bad input: one line, the file and the record, status 2 ----------------------
good = base
gb = path("good.wtb")
run(["trace", "convert", good, gb])
blob = open(gb, "rb").read()
first_line = lines[0]


def seal(p):
    rc, _, err = clitest.run(SEAL, [p])
    check(f"seal {p}", rc == 0, err)


def bad(name, data, message, binary=False, args=(), convert=True, sealed=False, prefix=False):
    p = path("bad-" + re.sub(r"\W+", "_", name) + (".wtb" if binary else ".jsonl"))
    with open(p, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    if sealed:
        seal(p)
    rc, out, err = run(["replay", p, "--dump", path("baddump")] + list(args))
    lines_ = err.strip().splitlines()
    want = message.replace("FILE", p)
    same = (lambda got: got.startswith(want)) if prefix else (lambda got: got == want)
    check(f"bad input: {name}", rc == 2 and out == "" and len(lines_) == 1 and same(lines_[0]),
          f"status {rc}, stderr {err!r}, want {want!r}")
    if convert:
        rc, out, err = run(["trace", "convert", p, path("conv.jsonl")])
        check(f"bad input: {name} (convert)", rc == 2 and same(err.strip()), err)


rec1 = json.loads(first_line)
at_ev = first_line.index('"ev":[]') + 7
at_insn = first_line.index('"insn"') + 8
short_rd = first_line.replace('"rd":["0x00000000",', '"rd":[', 1)
at_rd_end = short_rd.index(']', short_rd.index('"rd"')) + 2
at_active = first_line.index('"active":') + 10
last = lines[-1]
bad("empty file", "", "FILE:1: error: empty trace (no records)", convert=False)
bad("not JSON", "hello\n", "FILE:1:1: error: expected a JSON object ('{'), got 'h'")
bad("a cut line", first_line[:40] + "\n", "FILE:1:39: error: unterminated string")
bad("a missing key", json.dumps({k: v for k, v in rec1.items() if k != "op"}, separators=(",", ":")) + "\n",
    "FILE:1:1: error: no 'op' (an instruction record needs t, warp, pc, op, active, valid, next_pc, yield, "
    "sleep, switch, b, ev)")
bad("a key twice", first_line[:-1] + ',"t":4}\n', f"FILE:1:{len(first_line) + 1}: error: 't' given twice")
bad("a bad hex", first_line.replace('"active":"0xffffffff"', '"active":"0xfffffffg"') + "\n",
    f"FILE:1:{at_active}: error: active: expected a hex string \"0x...\"")
bad("a mask too wide", first_line.replace('"active":"0xffffffff"', '"active":"0x1ffffffff"') + "\n",
    f"FILE:1:{at_active}: error: active: value too wide (more than 32 bits)")
bad("an unknown event", first_line.replace('"ev":[]', '"ev":["bogus"]') + "\n",
    f"FILE:1:{at_ev}: error: ev: unknown event 'bogus'")
bad("a warp out of range", first_line.replace('"warp":0', '"warp":40') + "\n",
    "FILE:1:15: error: warp: 40 out of range 0..31")
bad("a short insn", re.sub(r'"insn":"0x[0-9a-f]+"', '"insn":"0x12"', first_line) + "\n",
    f"FILE:1:{at_insn}: error: insn: not a 128-bit word (want \"0x\" and 32 hex digits)")
bad("31 lanes", short_rd + "\n",
    f"FILE:1:{at_rd_end}: error: out.rd: 31 lane values, expected 32")
bad("a blank line", first_line + "\n\n" + first_line + "\n", "FILE:2:1: error: empty line (want a JSON object)")
bad("a record after the final one", first_line + "\n" + last + "\n" + first_line + "\n",
    "FILE:3: error: a record after the final record")
bad("an unknown end", last.replace('"end":"done"', '"end":"finished"') + "\n",
    "FILE:1:8: error: end: unknown reason 'finished' (done, deadlock, livelock, exception, limit)")
bad("a NUL byte", first_line.replace('"t":0', '"t":\0', 1) + "\n", "FILE:1:6: error: t: expected a non-negative integer")
bad("trailing text", first_line + " x\n", f"FILE:1:{len(first_line) + 2}: error: unexpected 'x' after the record")
# binary
bad("binary: a wrong magic", b"\x89WTX" + blob[4:], "FILE:1:1: error: expected a JSON object ('{'), got 0x89", True)
bad("binary: a truncated header", blob[:10], "FILE:1: error: truncated header (10 of 64 bytes)", True)
bad("binary: another version", blob[:8] + struct.pack("<H", 3) + blob[10:],
    "FILE:1: error: binary trace version 3; this warpref reads version 2", True)
bad("binary: version 1", blob[:8] + struct.pack("<H", 1) + blob[10:],
    "FILE:1: error: binary trace version 1 (without checksums); this warpref reads version 2: write the trace "
    "again, or convert it to JSONL with the warpref that wrote it", True)
bad("binary: another record size", blob[:12] + struct.pack("<H", 64) + blob[14:],
    "FILE:1: error: header size 64 and record size 64; version 2 has 64 and 128", True, sealed=True)
bad("binary: a header byte flipped", blob[:16] + bytes([blob[16] ^ 4]) + blob[17:],
    f"FILE:1: error: corrupt header: checksum 0x{struct.unpack('<I', blob[60:64])[0]:08x}, its bytes give 0x", True, prefix=True)
first_size = 128 * (1 + blob[64 + 3])
bad("binary: a truncated record", blob[:64 + first_size - 5],
    f"FILE:1: error: truncated record ({first_size - 5} of {first_size} bytes at byte 64)", True)
bad("binary: a half record", blob[:64 + 100], "FILE:1: error: truncated record (100 of 128 bytes at byte 64)", True)
bad("binary: an unknown kind", blob[:64] + b"Z" + blob[65:], "FILE:1: error: corrupt record: kind 0x5a (byte 64)", True)
bad("binary: unknown flags", blob[:68] + struct.pack("<I", struct.unpack("<I", blob[68:72])[0] | 1 << 30) + blob[72:],
    "FILE:1: error: unknown flags 0x40000000 (byte 64)", True, sealed=True)
for bit in (18, 19):      # between in's and out's flags: no key has them, so refused rather than dropped
    bad(f"binary: unknown flag bit {bit}",
        blob[:68] + struct.pack("<I", struct.unpack("<I", blob[68:72])[0] | 1 << bit) + blob[72:],
        f"FILE:1: error: unknown flags 0x{1 << bit:08x} (byte 64)", True, sealed=True)
bad("binary: a warp out of range", blob[:65] + b"\x40" + blob[66:],
    "FILE:1: error: corrupt record: warp 64, 0 events (byte 64)", True, sealed=True)
bad("binary: a wrong extension count", blob[:67] + bytes([blob[67] + 1]) + blob[68:],
    f"FILE:1: error: corrupt record: {blob[67] + 1} extension records and a tail of "
    f"{struct.unpack('<H', blob[64 + 54:64 + 56])[0]} words do not match its "
    f"flags 0x{struct.unpack('<I', blob[68:72])[0]:08x} (byte 64)", True, sealed=True)
bad("binary: data after the final record", blob + blob[64:64 + 128],
    f"FILE:{len(recs) + 1}: error: a record after the final record (byte {len(blob)})", True)
bad("binary: a truncated final record", blob[:-100],
    f"FILE:{len(recs)}: error: truncated final record: warp 0 missing (byte {len(blob) - 128})", True)

# ---- issue 17: a corrupt binary trace is an error naming its record --------------
def heads(data):
    """[(record number, first byte, end)] of a binary trace's records (the final one with its W records; a
    block's 'B' record is the first record of its block's)"""
    out, pos, recno = [], 64, 1
    while pos + 128 <= len(data):
        start = pos
        if data[pos] == ord("B"):
            pos += 128
        size = 128 * (1 + data[pos + 3])
        if data[pos] == ord("E"):
            q = pos + size
            for _ in range(data[pos + 2]):
                q += 128 * (1 + struct.unpack("<I", data[q + 44:q + 48])[0])
            size = q - pos
        out.append((recno, start, pos + size))
        pos, recno = pos + size, recno + 1
    return out


hs = heads(blob)
e_at = hs[-1][1]
w_at = e_at + 128 * (1 + blob[e_at + 3])
u32 = lambda v: struct.pack("<I", v)
bad("binary: a final record listing 32 barriers without their words",
    blob[:e_at + 20] + u32(0xffffffff) + blob[e_at + 24:],
    f"FILE:{len(recs)}: error: corrupt final record: a tail of {struct.unpack('<H', blob[e_at + 16:e_at + 18])[0]} "
    f"words for 32 barrier words (byte {e_at})", True, sealed=True)
bad("binary: 65535 dc entries", blob[:w_at + 42] + b"\xff\xff" + blob[w_at + 44:],
    f"FILE:{len(recs)}: error: corrupt final record: warp 0: 65535 dc entries for 0 registers, or a reserved field "
    f"not zero (byte {w_at})", True, sealed=True)
bad("binary: a reserved header byte", blob[:20] + b"\x01" + blob[21:],
    "FILE:1: error: bad header: reserved byte 20 is 0x01, not 0", True, sealed=True)
bad("binary: a reserved tail word", blob[:64 + 120] + u32(7) + blob[64 + 124:],
    "FILE:1: error: corrupt record: a reserved field is not zero (byte 64)", True, sealed=True)
# out.rd's lanes written (head byte 60, the schema's NULLS column) in a record without out.rd
nord = next((r, a) for r, a, b in hs if blob[a] == ord("I") and not struct.unpack("<I", blob[a + 4:a + 8])[0] >> 20 & 1)
bad("binary: lanes of out.rd written in a record without out.rd", blob[:nord[1] + 60] + u32(1) + blob[nord[1] + 64:],
    f"FILE:{nord[0]}: error: corrupt record: a reserved field is not zero (byte {nord[1]})", True, sealed=True)

# N random byte flips of a large binary trace (a fixed seed): each is an
# error naming the record that holds the flipped byte (the header: record 1)
import random  # noqa: E402
big = path("big.jsonl")
rc, _, err = run(["run", os.path.join(SRC, "bench", "diverge.s"), "--trace-operands", "--trace", big,
                  "--max-steps", "20000"])
bigb = path("big.wtb")
rc2, _, err2 = run(["trace", "convert", big, bigb])
check("a large binary trace", rc == 5 and rc2 == 0, err + err2)
bigblob = open(bigb, "rb").read()
bighs = heads(bigblob)
rnd = random.Random(1717)
FLIPS = 40
caught = 0
for k in range(FLIPS):
    at = rnd.randrange(len(bigblob))
    flipped = bytearray(bigblob)
    flipped[at] ^= rnd.randrange(1, 256)
    p = path("flip.wtb")
    open(p, "wb").write(flipped)
    rc, err = replay(p)
    want = 1 if at < 64 else next(r for r, a, b in bighs if a <= at < b)
    m = re.match(r"^" + re.escape(p) + r":(\d+): error: ", err)
    ok = rc == 2 and m and int(m.group(1)) == want and len(err.strip().splitlines()) == 1
    caught += bool(ok)
    check(f"byte flip {k} at byte {at}: an error naming record {want}", ok, (rc, err))
check(f"{FLIPS} byte flips: every one caught", caught == FLIPS, caught)
# out.rd: a value in a lane that is null (the reader compares the lanes with zero four at a time)
nulls = []
for r, a, b in bighs:
    a += 128 if bigblob[a] == ord("B") else 0
    fl = struct.unpack("<I", bigblob[a + 4:a + 8])[0]
    lanes = struct.unpack("<I", bigblob[a + 60:a + 64])[0]
    if bigblob[a] == ord("I") and fl & 8 and (fl >> 20) & 3 == 1 and lanes != 0xffffffff:
        nulls.append((r, a, b, lanes))
check("records with null lanes of out.rd", len(nulls) > 10, len(nulls))
for k, (r, a, b, lanes) in enumerate(nulls[:: max(1, len(nulls) // 6)][:6]):
    lane = [l for l in range(32) if not lanes >> l & 1][(k * 7) % (32 - bin(lanes).count("1"))]
    data = bytearray(bigblob)
    data[b - 128 + 4 * lane:b - 128 + 4 * lane + 4] = struct.pack("<I", 1 << (5 * k))
    p = path("null.wtb")
    open(p, "wb").write(bytes(data))
    seal(p)
    rc, err = replay(p)
    check(f"record {r}: out.rd lane {lane} holds a value though null: bad input naming it",
          rc == 2 and err.strip() == f"{p}:{r}: error: corrupt record: out.rd has a value in a null lane (byte {a})",
          (rc, err))

# a byte of a block's 'B' record (docs/trace-binary.md, "Blocks"): an error naming the block's first record
blocks = [(r, a) for r, a, b in bighs if bigblob[a] == ord("B")]
check("the large binary trace is in blocks", len(blocks) > 100, len(blocks))
for k, off in enumerate((0, 2, 4, 8, 12, 20, 27, 28, 90, 124)):
    r, a = blocks[(k * 37) % len(blocks)]
    flipped = bytearray(bigblob)
    flipped[a + off] ^= 1 << (k % 8)
    p = path("flip.wtb")
    open(p, "wb").write(flipped)
    rc, err = replay(p)
    check(f"a block record's byte {off} (before record {r}): an error naming record {r}",
          rc == 2 and err.startswith(f"{p}:{r}: error: ") and len(err.strip().splitlines()) == 1, (rc, err))

# ---- issue 17: `t` -------------------------------------------------------------------
# single-record edits of t, each caught, in both formats: decreased (bad input
# naming the record), 2^64-1 and a shifted suffix (the model's time, N-50)
ts = [r["t"] for r in recs]
n_insn = len(recs) - 1
picks = sorted(set(range(1, n_insn, max(1, n_insn // 8))) | {n_insn - 1})
ghs = heads(blob)


def t_edit(name, fn, fmt):
    """the trace with t of record i set to fn(i, old t), as JSONL or binary"""
    if fmt == "jsonl":
        return edited(name, lambda rs: [dict(r, t=fn(j, r["t"])) for j, r in enumerate(rs)])
    data = bytearray(blob)
    for j, (_, a, _) in enumerate(ghs):
        a += 128 if data[a] == ord("B") else 0       # (the head after a block's 'B' record)
        data[a + 8:a + 16] = struct.pack("<Q", fn(j, struct.unpack("<Q", data[a + 8:a + 16])[0]))
    p = path(name + ".wtb")
    open(p, "wb").write(bytes(data))
    seal(p)
    return p


for fmt in ("jsonl", "wtb"):
    for i in picks:
        if ts[i - 1] >= 1:
            p = t_edit(f"t_down_{i}", lambda j, t: ts[i - 1] - 1 if j == i else t, fmt)
            rc, err = replay(p)
            check(f"t of record {i + 1} decreased ({fmt}): bad input naming it", rc == 2 and err.strip() ==
                  f"{p}:{i + 1}: error: t: {ts[i - 1] - 1} is less than the previous record's {ts[i - 1]} (time "
                  "never goes back)", err)
        p = t_edit(f"t_max_{i}", lambda j, t: 2**64 - 1 if j == i else t, fmt)
        rc, err = replay(p)
        check(f"t of record {i + 1} = 2^64-1 ({fmt}): a divergence there", rc == 1 and
              divergences(err)[:1] == [(i + 1, "t")] and f"the record's t is {2**64 - 1}, the model's time is "
              f"{ts[i]} [N-50]" in err, err)
        rc, err = replay(p, "--ignore", "t")
        check(f"t of record {i + 1} = 2^64-1 ({fmt}), --ignore t: the next record goes back", rc == 2 and
              err.strip().startswith(f"{p}:{i + 2}: error: t: ") and "(time never goes back)" in err, err)
        p = t_edit(f"t_shift_{i}", lambda j, t: t + 5 if j >= i else t, fmt)
        rc, err = replay(p)
        check(f"t from record {i + 1} on shifted by 5 ({fmt}): a divergence there", rc == 1 and
              divergences(err)[:1] == [(i + 1, "t")], err)
        rc, err = replay(p, "--ignore", "t,active")
        check(f"t shifted ({fmt}), --ignore t: no divergence of the records", rc in (0, 1) and
              all(r == len(recs) for r, _ in divergences(err)), err)

# ---- N-50's turn: the order of the warps is checked with their time -----------------
# two records of different warps swapped, each keeping the other's t: every
# warp's own records stay in order and every t is N-50's, but the turn at the
# first went to the other warp (the first ready at or after the pointer)
prog_w = path("gen3.s")
rc, _, err = run(["gen", "--seed", "3", "-o", prog_w])
check("gen (several warps)", rc == 0, err)
lw = open(trace_of(prog_w, "turn.jsonl", operands=False)).read().splitlines()
rw = [json.loads(l) for l in lw]
k = next(i for i in range(1, len(rw) - 2) if rw[i]["pc"] == rw[i + 1]["pc"] == "0x0" and rw[i]["warp"] != rw[i + 1]["warp"])
a, b = dict(rw[k + 1], t=rw[k]["t"]), dict(rw[k], t=rw[k + 1]["t"])
p = path("turn_swapped.jsonl")
with open(p, "w") as f:
    f.write("\n".join(lw[:k] + [json.dumps(a, separators=(",", ":")), json.dumps(b, separators=(",", ":"))] +
                      lw[k + 2:]) + "\n")
pw = p[:-6] + ".wtb"
rc, _, err = run(["trace", "convert", p, pw])
check("the swapped turns convert (t never goes back)", rc == 0, err)
for t in (p, pw):
    rc, err = replay(t, "--program", prog_w)
    check(f"two warps' turns swapped ({os.path.splitext(t)[1][1:]}): a divergence of t at the first", rc == 1 and
          divergences(err)[:1] == [(k + 1, "t")] and f"t: warp {a['warp']} pc 0x0 took the turn at {a['t']}, but "
          f"N-50 gives it to warp {b['warp']}: the first warp ready at or after the pointer, which is at warp "
          f"{b['warp']} [N-50]" in err, err)
    rc, err = replay(t, "--program", prog_w, "--ignore", "t")
    check(f"two warps' turns swapped ({os.path.splitext(t)[1][1:]}), --ignore t: any order matches", rc == 0, err)

# ---- issue 17: the CTA size is stated, never guessed ----------------------------------
p64 = os.path.join(SRC, "tests", "programs", "partial_warp.s")
t64 = trace_of(p64, "cta.jsonl")
l64 = open(t64).read().splitlines()
n64 = len(l64)
fin64 = json.loads(l64[-1])
cut = "\n".join(l64[:-1]) + "\n" + l64[-1][:10]
bad("a cut final line (multi-warp)", cut, f"FILE:{n64}:8: error: end: unterminated string")
bad("a record after the final one (multi-warp)", "\n".join(l64) + "\n" + l64[0] + "\n",
    f"FILE:{n64 + 1}: error: a record after the final record")
bad("an unknown end (multi-warp)", "\n".join(l64[:-1]) + "\n" + l64[-1].replace('"end":"done"', '"end":"finished"')
    + "\n", f"FILE:{n64}:8: error: end: unknown reason 'finished' (done, deadlock, livelock, exception, limit)")
rc, err = replay(t64)
check("partial_warp: the CTA size from the final record", rc == 0 and re.search(r"\(jsonl, operand-driven, \d+ threads from the final record, the program learnt from the records\)",
                err), err)

# the command line
for args, msg in [
    (["replay"], "warpref: replay: missing the trace file (or - for standard input) (see 'warpref replay --help')"),
    (["replay", good, "--ignore", "frob"], "warpref: replay: --ignore: unknown field 'frob' (see 'warpref replay --help')"),
    (["replay", good, "--start", "999"], f"warpref: replay: --start 999: the trace has {len(recs) - 1} instruction "
                                          "records (see 'warpref replay --help')"),
    (["replay", good, "--count", "0"], "warpref: replay: --count: 0 is out of range 1..18446744073709551615 "
                                       "(see 'warpref replay --help')"),
    (["replay", path("missing.jsonl")], f"{path('missing.jsonl')}:1: error: cannot open: No such file or directory"),
    (["trace", "convert", good], "warpref: trace: convert needs IN and OUT (see 'warpref trace --help')"),
    (["trace", "frob"], "warpref: trace: unknown subcommand 'frob' (convert) (see 'warpref trace --help')"),
    (["trace", "convert", good, path("x.wtb"), "--to", "xml"],
     "warpref: trace: --to: 'xml' is not jsonl or binary (see 'warpref trace --help')"),
    (["trace", "convert", good, good], f"warpref: trace: refusing to write the trace to '{good}': it is the input"),
    (["replay", good, "--explain", "-", "--coverage", "-"],
     "warpref: replay: --explain and --coverage both write to standard output (see 'warpref replay --help')"),
    (["replay", good, "--explain", good], f"warpref: replay: refusing to write the explanation to '{good}': it is "
                                          "the input"),
]:
    rc, out, err = run(args)
    check(f"usage: {' '.join(args[:2])} {args[-1]}", rc == 2 and err.strip() == msg, (rc, err, msg))

# standard input and output
rc, out, err = run(["trace", "convert", good, "-"])
check("convert to standard output", rc == 0 and out == open(good).read(), err)
rc, out, err = clitest.run(WARPREF, ["replay", "-", "--threads", "32"], stdin=open(good).read())
check("replay from standard input", rc == 0 and "<stdin>: match:" in err, err)
rc, out, err = clitest.run(WARPREF, ["replay", "-"], stdin=open(good).read())
check("replay from standard input needs --threads (read once: the final record comes last)", rc == 2 and
      err.strip() == "warpref: replay: --threads N or --program FILE.s is needed: <stdin> does not state its CTA "
      "size (it is read from standard input (once: its final record comes last)) (see 'warpref replay --help')", err)
pr = subprocess.run([WARPREF, "replay", "-"], input=open(gb, "rb").read(), capture_output=True)
check("a binary trace from standard input: its header's CTA size", pr.returncode == 0 and
      b"32 threads from the binary header" in pr.stderr, pr.stderr)
rc, out, err = run(["trace", "convert", good, path("forced.bin"), "--to", "binary"])
check("--to binary", rc == 0 and open(path("forced.bin"), "rb").read() == blob, err)
# a full device: a copy of /dev/full (char 1,7) made here, never the real one
full = path("full")
try:
    os.mknod(full, 0o20666, os.makedev(1, 7))
except OSError:
    full = None
if full:
    rc, out, err = run(["replay", good, "--explain", full])
    check("--explain FULL-DEVICE: one line, no verdict", rc == 2 and err == f"warpref: replay: cannot write to '{full}': "
          "No space left on device\n", err)
rc, out, err = run(["help", "replay"])
check("help replay", rc == 0 and out.startswith("usage: warpref replay TRACE"), out)

clitest.finish()
