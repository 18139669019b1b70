#!/usr/bin/env python3
"""check_trace_edits.py WARPREF SRCDIR [TB] - the sibling hunt over instruction
records (issue 17: no edited trace replays as a match): every kind of
single-field edit an instruction record can take (shared/TRACE-FORMAT.md) is
applied to a deterministic sample of records of the model's own traces
(programs of tests/programs/ and its profile programs, `warpref run --trace`
plain and with --trace-operands) or, with TB, of the RTL stub's (tb_lockstep
+trace=, operand-driven);
each edited trace is replayed (JSONL, and a subset converted to binary) and
classified: a divergence (1) or bad input (2) is caught, a match (0) is a
false pass.  Prints the table kind -> caught/total.

The edits that may pass are named below with the reason (docs/replay.md,
"What an edited record can hide"): SAME_RESULT (one by one; now empty),
marked_undefined, WAKE; any other false pass fails the test, and so
does a SAME_RESULT edit that is caught (the list is then out of date).  The final
record and `t` have their own generated edits in tests/check_replay.py.
Prints 'N passed, N failed'."""
import concurrent.futures
import json
import os
import random
import shutil
import sys
import tempfile

import clitest

WARPREF, SRC = sys.argv[1], sys.argv[2]
TB = sys.argv[3] if len(sys.argv) > 3 else None
if TB and not os.access(TB, os.X_OK):
    sys.exit(f"check_trace_edits.py: no testbench at {TB}")
check = clitest.check
tmp = tempfile.mkdtemp(prefix="warpref-edits-")
PER_KIND = 6          # records edited per kind and mode (operand-driven, self-contained)
BINARY_EVERY = 3      # every third edited trace is replayed converted to binary too

# What a replay cannot see (docs/replay.md, "What an edited record can hide"):
# everything else must be caught.
#  - operand-driven, the values of `in` are the other side's inputs; the
#    replay keeps a shadow of the registers the trace's records wrote and
#    compares every operand lane read after such a write (the read-after-write
#    check), and judges the don't-care marks of `out` where every operand
#    lane read is known.  Unseen: a changed value (or mark) where an operand
#    lane was never written earlier in the trace (initial registers are not
#    in a trace).  The sample has no such edit: the list is empty, and any
#    false pass of an `in` edit or of `rd_dc`/`pd_dc` fails the test.  These
#    sampled changes leave every result the same and were unseen before that
#    check; they must stay caught (by it: `in.*` divergences):
SAME_RESULT = set()
RAW_CAUGHT = {
    ("in.ra.change", "warpsync_partial.driven", 3),     # ISETP.LT P1, R0, 0x10: lane 19 0x13 -> 0x20013, not < 0x10 either way
    ("in.ra.change", "producer_consumer.driven", 8),    # LOP.AND R1, R0, 0x1: lane 10 3 -> 0xb, bit 0 the same
    ("in.ra.change", "sass/sass_red_result.driven", 3), # ISETP.LT P0, R0, 0x28: lane 19 0x13 -> 0x17, still < 0x28
    ("in.rb.change", "break_loop.driven", 16),          # ISETP.GE P0, R1, R2: the comparison of that lane unchanged
    ("in.rb.change", "operand_not_uniform.driven", 7),  # BAR.SYNC R3, 0x20: a lane other than the one the id is taken from
    ("in.pg.change", "visa/visa_producer_waits.driven", 8),  # @!P0 NBARRIER.signal: the warp signals with 31 lanes as with 32
    ("in.ur.change", "bra_modifiers.driven", 14),       # BRA.DIV UR4: a mask bit of a lane that is not active
    ("in.ur.change", "bra_modifiers.driven", 15),       # BRA.CONV UR5: the lanes still converge the same way
    ("in.ur.change", "bra_modifiers.driven", 17),       # @P1 BRA.DIV UR5: the same decision
    # the RTL stub's traces (TB)
    ("in.ra.change", "rtl:producer_consumer", 9),       # ISETP.NE P0, R1, 0x0: lane 3 1 -> 0x8001, still != 0
    ("in.ra.change", "rtl:producer_consumer", 8),       # LOP.AND R1, R0, 0x1: lane 4 1 -> 0x1001, bit 0 the same
    ("in.ra.change", "rtl:forms_helpers_state", 6),     # ISETP.GE P1, R4, 0x40: lane 28 0x54 -> 0x56, still >= 0x40
    ("in.ra.change", "rtl:nanosleep_two_warps", 5),     # ISETP.EQ P0, R0, 0x0: lane 15 1 -> 0x200001, still != 0
    ("in.rb.change", "rtl:forms_helpers_state", 8),     # LOP.AND R5, R4, R2: lane 1 bit 26 of R2, which R4 clears
    ("in.rb.change", "rtl:forms_helpers_state", 19),    # LOP.AND R5, R4, R2: lane 12 bit 26 of R2, likewise
    ("in.rb.change", "rtl:forms_helpers_state", 18),    # ISETP.NE P2, R0, R1: lane 4 4 -> 0x40000004, still != R0
}
#  - a value the record itself marks undefined (pd_dc, a bit of rd_dc) where
#    the model's is undefined too: any value is right (SPEC-NOTES section 5);
#    and so a mark the edit clears (the original trace replays clean, so the
#    model's value is undefined there too): a defined value is right as well


def marked_undefined(kind, orig, edited):
    out, new = orig.get("out", {}), edited.get("out", {})
    if kind == "out.pd.val":
        return out.get("pd_dc") is True
    if kind == "out.pd_dc":
        return out.get("pd_dc") is True and new.get("pd_dc") is False
    if kind == "out.rd_dc":
        return int(new.get("rd_dc", "0x0"), 16) & ~int(out.get("rd_dc", "0x0"), 16) == 0
    if kind == "out.rd.change":
        dc = int(out.get("rd_dc", "0x0"), 16)
        return all((int(a, 16) ^ int(b, 16)) & ~dc == 0 for a, b in zip(out["rd"], new["rd"]) if a and b)
    return False
#  - `wake` is compared by the end-of-run work (branch `ends`, field `wake`):
#    until this warpref knows that field, an edited `wake` is not seen
WAKE = {"ev.wake_add", "ev.wake_remove"}


def path(name):
    return os.path.join(tmp, name)


def program_args(prog):
    return clitest.program_args(prog)


def threads_of(prog):
    a = program_args(prog)
    return ["--threads", a[a.index("--threads") + 1]] if "--threads" in a else []


# ---- the source traces -----------------------------------------------------------
# (name, trace, replay arguments, mode) with mode "driven" or "self"
NATIVE = ["bar_red", "producer_consumer", "nanosleep_two_warps", "yield_branches", "warpsync_partial",
          "call_ret", "nested_if", "bmov", "partial_warp", "break_loop", "brx_test", "bar_exit_completes",
          "paths_yield_sleep", "operand_not_uniform", "bra_modifiers"]
PROFILE = ["sass/sass_red_result", "sass/sass_scan", "ptx/ptx_divergent", "ptx/ptx_red",
           "visa/visa_register_operands", "visa/visa_producer_waits"]
sources = []


def model_traces(rel):
    prog = os.path.join(SRC, "tests", "programs", rel + ".s")
    name = rel.replace("/", "_")
    args = [a for a in program_args(prog) if a != "--trace-operands"]
    profile = "/" in rel
    out = []
    for mode in ("driven", "self"):
        t = path(f"{name}.{mode}.jsonl")
        rc, _, err = clitest.run(WARPREF, ["run", prog, "--trace", t] + args +
                                 (["--trace-operands"] if mode == "driven" else []))
        check(f"run {rel} {mode}", rc in (0, 3, 4, 5), err)
        rargs = threads_of(prog) + (["--program", prog] if mode == "self" or profile else [])
        out.append((f"{rel}.{mode}", t, rargs, mode))
    return out


def rtl_traces():
    out = []
    for rel in ("tests/programs/producer_consumer.s", "tests/programs/nanosleep_two_warps.s",
                "tb/programs/forms_helpers_state.s"):
        prog = os.path.join(SRC, rel)
        if not os.path.exists(prog):
            continue
        name = os.path.basename(rel)[:-2]
        t = path(f"rtl_{name}.jsonl")
        a = program_args(prog)
        thr = ["+threads=" + a[a.index("--threads") + 1]] if "--threads" in a else []
        rc, o, err = clitest.run(TB, ["+program=" + prog, "+trace=" + t, "+max_cycles=20000",
                                      "+dump=" + path("ls")] + thr)
        check(f"tb {name}: lockstep passes", rc == 0, o + err)
        out.append((f"rtl:{name}", t, ["--ignore", "t"], "driven"))
    return out


# with TB, the RTL stub's traces alone (meson test trace-edits-rtl); else the model's
jobs = [rtl_traces] if TB else [lambda r=r: model_traces(r) for r in NATIVE + PROFILE]
with concurrent.futures.ThreadPoolExecutor(2) as ex:
    for got in ex.map(lambda f: f(), jobs):
        sources += got


def replay(trace, args):
    rc, _, err = clitest.run(WARPREF, ["replay", trace, "--dump", trace + ".dump"] + args)
    return rc, err


def load(t):
    with open(t) as f:
        return [json.loads(line) for line in f]


def write(rs, p):
    with open(p, "w") as f:
        for r in rs:
            f.write(json.dumps(r, separators=(",", ":")) + "\n")


traces = {}
for name, t, args, mode in sources:
    if not os.path.exists(t):          # (its run failed: counted above)
        continue
    rc, err = replay(t, args)
    if not check(f"{name}: replays clean", rc == 0 and ": match: " in err, err):
        continue
    rs = load(t)
    nwarps = len(rs[-1]["warps"]) if "end" in rs[-1] else 1 + max(r["warp"] for r in rs if "end" not in r)
    traces[name] = (t, args, mode, rs, nwarps)


# ---- the edits ----------------------------------------------------------------------
# Each takes (record, context) and changes the record in place, or returns
# False when it does not apply to that record.  ctx: rng, nwarps, the record's
# index and the trace's records.
def hx(v):
    return "0x%08x" % (v & 0xffffffff)


def flip_mask(key):
    def f(r, c):
        r[key] = hx(int(r[key], 16) ^ (1 << c["rng"].randrange(32)))
    return f


def set_pc(key, delta):
    def f(r, c):
        r[key] = hex(int(r[key], 16) + delta)
    return f


OPS = ["NOP", "BRA", "BAR.SYNC", "EXIT", "BSSY", "BSYNC", "MOV"]


def op_other(r, c):
    r["op"] = next(o for o in OPS if o != r["op"])


def op_lower(r, c):
    if r["op"].lower() == r["op"]:
        return False
    r["op"] = r["op"].lower()


def warp_other(r, c):
    if c["nwarps"] < 2:
        return False
    r["warp"] = (r["warp"] + 1) % c["nwarps"]


def warp_outside(r, c):
    if c["nwarps"] >= 32:
        return False
    r["warp"] = c["nwarps"]


def b_change(r, c):
    if not r["b"]:
        return False
    k = sorted(r["b"])[0]
    r["b"][k] = hx(int(r["b"][k], 16) ^ (1 << c["rng"].randrange(32)))


def b_add(r, c):
    k = next(("B%d" % i for i in (15, 7, 3, 0) if "B%d" % i not in r["b"]), None)
    if k is None:
        return False
    r["b"][k] = hx(1 << c["rng"].randrange(32))
    r["b"] = dict(sorted(r["b"].items(), key=lambda kv: int(kv[0][1:])))


def b_remove(r, c):
    if not r["b"]:
        return False
    del r["b"][sorted(r["b"])[0]]


def evs(r):
    return [e for e in r["ev"] if e != "wake"]


def ev_add(r, c):
    r["ev"] = r["ev"] + ["sleep" if "sleep" not in r["ev"] else "syscall"]


def ev_remove(r, c):
    own = evs(r)
    if not own:
        return False
    r["ev"].remove(own[c["rng"].randrange(len(own))])


def ev_reorder(r, c):
    own = evs(r)
    if len(own) < 2 or len(set(own)) < 2:
        return False
    i = r["ev"].index(own[0])
    j = r["ev"].index(own[1])
    r["ev"][i], r["ev"][j] = r["ev"][j], r["ev"][i]


RENAME = {"block": "arrive", "arrive": "block", "sleep": "syscall", "syscall": "rtt", "rtt": "syscall",
          "exit": "sleep"}


def ev_rename(r, c):
    for i, e in enumerate(r["ev"]):
        head = e.split(":")[0]
        if head in ("block", "arrive"):
            r["ev"][i] = RENAME[head] + e[len(head):]
            return
        if head in ("sleep", "syscall", "rtt", "exit"):
            r["ev"][i] = RENAME[head]
            return
        if head == "trap":
            r["ev"][i] = "syscall"
            return
    return False


def ev_bar(r, c):
    for i, e in enumerate(r["ev"]):
        p = e.split(":")
        if p[0] in ("block", "arrive", "release"):
            p[1] = str((int(p[1]) + 1) % 16)
            r["ev"][i] = ":".join(p)
            return
    return False


def ev_warps(r, c):
    for i, e in enumerate(r["ev"]):
        p = e.split(":")
        if p[0] == "release":
            ws = [int(w) for w in p[2].split(",")] if len(p) > 2 else []
            if ws and c["rng"].randrange(2):
                ws = ws[1:]                       # one warp fewer
            else:
                extra = next((w for w in range(c["nwarps"]) if w not in ws), None)
                if extra is None:
                    ws = ws[1:]
                else:
                    ws = sorted(ws + [extra])
            r["ev"][i] = ":".join(p[:2] + ([",".join(map(str, ws))] if ws else []))
            return
    return False


def ev_wake_add(r, c):
    if "wake" in r["ev"]:
        return False
    r["ev"] = ["wake"] + r["ev"]


def ev_wake_remove(r, c):
    if "wake" not in r["ev"]:
        return False
    r["ev"].remove("wake")


def bars_change(r, c):
    if not r.get("bars"):
        return False
    k = sorted(r["bars"])[0]
    r["bars"][k] = hx(int(r["bars"][k], 16) ^ (1 << c["rng"].randrange(32)))


def bars_add(r, c):
    have = r.get("bars", {})
    k = next(str(b) for b in (15, 9, 5, 1, 0) if str(b) not in have)
    r["bars"] = dict(sorted(list(have.items()) + [(k, hx(0x41))], key=lambda kv: int(kv[0])))


def bars_remove(r, c):
    if not r.get("bars"):
        return False
    del r["bars"][sorted(r["bars"])[0]]
    if not r["bars"]:
        del r["bars"]


def insn_bit(r, c):
    if "insn" not in r:
        return False
    v = int(r["insn"], 16) ^ (1 << c["rng"].randrange(128))
    r["insn"] = "0x%032x" % v


def asm_change(r, c):
    if "asm" not in r:
        return False
    r["asm"] = r["asm"] + " ;" if c["rng"].randrange(2) else "NOP" if r["asm"] != "NOP" else "EXIT"


LANES = ("ra", "rb", "rc", "re")
SCALARS = ("pg", "pp", "ur", "c")


def lane_of(r, c):
    """an active lane (after the instruction) if any, else any"""
    act = int(r["active"], 16) or int(r["valid"], 16) or 0xffffffff
    lanes = [l for l in range(32) if act >> l & 1]
    return lanes[c["rng"].randrange(len(lanes))]


def in_change(key):
    def f(r, c):
        if key not in r.get("in", {}):
            return False
        if key in LANES:
            l = lane_of(r, c)
            v = r["in"][key][l]
            width = len(v) - 2
            r["in"][key][l] = "0x%0*x" % (width, int(v, 16) ^ (1 << c["rng"].randrange(4 * width)))
        elif key in ("pg", "pp"):
            r["in"][key] = hx(int(r["in"][key], 16) ^ (1 << lane_of(r, c)))
        else:
            v = r["in"][key]
            r["in"][key] = "0x%0*x" % (len(v) - 2, int(v, 16) ^ (1 << c["rng"].randrange(4 * (len(v) - 2))))
    return f


def in_add(key):
    def f(r, c):
        if "in" not in r or key in r["in"]:
            return False
        r["in"][key] = ["0x00000000"] * 32 if key in LANES else hx(0xffffffff if key in ("pg", "pp") else 0)
    return f


def in_remove(key):
    def f(r, c):
        if key not in r.get("in", {}):
            return False
        del r["in"][key]
    return f


def rd_lanes(r):
    return [l for l, v in enumerate(r.get("out", {}).get("rd") or []) if v is not None]


def rd_change(r, c):
    ls = rd_lanes(r)
    if not ls:
        return False
    l = ls[c["rng"].randrange(len(ls))]
    v = r["out"]["rd"][l]
    r["out"]["rd"][l] = "0x%0*x" % (len(v) - 2, int(v, 16) ^ (1 << c["rng"].randrange(4 * (len(v) - 2))))


def rd_to_null(r, c):
    ls = rd_lanes(r)
    if not ls:
        return False
    r["out"]["rd"][ls[c["rng"].randrange(len(ls))]] = None


def rd_from_null(r, c):
    rd = r.get("out", {}).get("rd")
    if not rd:
        return False
    nulls = [l for l, v in enumerate(rd) if v is None]
    if not nulls:
        return False
    width = max((len(v) for v in rd if v is not None), default=10) - 2
    rd[nulls[c["rng"].randrange(len(nulls))]] = "0x%0*x" % (width, 0)


def rd_dc_change(r, c):
    if "rd_dc" not in r.get("out", {}):
        return False
    v = r["out"]["rd_dc"]
    r["out"]["rd_dc"] = "0x%0*x" % (len(v) - 2, int(v, 16) ^ (1 << c["rng"].randrange(4 * (len(v) - 2))))


def rd_add(r, c):
    if "out" not in r or "rd" in r["out"]:
        return False
    r["out"] = dict([("rd", ["0x00000000"] * 32), ("rd_dc", "0x00000000")] + list(r["out"].items()))


def rd_remove(r, c):
    if "rd" not in r.get("out", {}):
        return False
    del r["out"]["rd"]
    r["out"].pop("rd_dc", None)


def pd_field(key):
    def f(r, c):
        if "pd" not in r.get("out", {}):
            return False
        r["out"]["pd"][key] = hx(int(r["out"]["pd"][key], 16) ^ (1 << lane_of(r, c)))
    return f


def pd_dc_toggle(r, c):
    if "pd_dc" not in r.get("out", {}):
        return False
    r["out"]["pd_dc"] = not r["out"]["pd_dc"]


def pd_add(r, c):
    if "out" not in r or "pd" in r["out"]:
        return False
    r["out"]["pd"] = {"mask": hx(0xffffffff), "val": hx(0)}
    r["out"]["pd_dc"] = False


def pd_remove(r, c):
    if "pd" not in r.get("out", {}):
        return False
    del r["out"]["pd"]
    r["out"].pop("pd_dc", None)


def in_add_all(r, c):
    if "in" in r:
        return False
    r["in"] = {"pg": hx(0xffffffff)}


def out_add_all(r, c):
    if "out" in r:
        return False
    r["out"] = {}


def out_remove(r, c):
    if "out" not in r:
        return False
    del r["out"]


EDITS = [(k, flip_mask(k)) for k in ("active", "valid", "yield", "sleep", "switch")] + [
    ("pc", set_pc("pc", 0x10)), ("pc.misaligned", set_pc("pc", 4)), ("next_pc", set_pc("next_pc", 0x10)),
    ("op.other", op_other), ("op.lower", op_lower), ("warp.other", warp_other), ("warp.outside", warp_outside),
    ("b.change", b_change), ("b.add", b_add), ("b.remove", b_remove),
    ("ev.add", ev_add), ("ev.remove", ev_remove), ("ev.reorder", ev_reorder), ("ev.rename", ev_rename),
    ("ev.barrier", ev_bar), ("ev.warps", ev_warps), ("ev.wake_add", ev_wake_add), ("ev.wake_remove", ev_wake_remove),
    ("bars.change", bars_change), ("bars.add", bars_add), ("bars.remove", bars_remove),
    ("insn.bit", insn_bit), ("asm", asm_change)] + \
    [(f"in.{k}.change", in_change(k)) for k in LANES + SCALARS] + \
    [(f"in.{k}.add", in_add(k)) for k in LANES + SCALARS if k != "pg"] + \
    [(f"in.{k}.remove", in_remove(k)) for k in LANES + SCALARS] + [
    ("out.rd.change", rd_change), ("out.rd.to_null", rd_to_null), ("out.rd.from_null", rd_from_null),
    ("out.rd_dc", rd_dc_change), ("out.rd.add", rd_add), ("out.rd.remove", rd_remove),
    ("out.pd.mask", pd_field("mask")), ("out.pd.val", pd_field("val")), ("out.pd_dc", pd_dc_toggle),
    ("out.pd.add", pd_add), ("out.pd.remove", pd_remove), ("out.remove", out_remove), ("out.add", out_add_all),
    ("in.add", in_add_all)]

# ---- the sample: for each kind and mode, PER_KIND records it applies to ----------
cases = []          # (kind, mode, source name, record index, the edited records)
for kind, fn in EDITS:
    for mode in ("driven", "self"):
        rng = random.Random(f"{kind}/{mode}")
        pool = []
        for name in sorted(traces):
            t, args, m, rs, nwarps = traces[name]
            if m != mode:
                continue
            for i, r in enumerate(rs):
                if "end" in r:
                    continue
                trial = json.loads(json.dumps(r))
                if fn(trial, {"rng": random.Random(0), "nwarps": nwarps}) is False or trial == r:
                    continue
                pool.append((name, i))
        # spread over the traces: one record of each in turn
        by = {}
        for name, i in pool:
            by.setdefault(name, []).append(i)
        order = sorted(by)
        rng.shuffle(order)
        picks = []
        while len(picks) < PER_KIND and any(by.values()):
            for name in order:
                if by[name] and len(picks) < PER_KIND:
                    picks.append((name, by[name].pop(rng.randrange(len(by[name])))))
        for name, i in picks:
            t, args, m, rs, nwarps = traces[name]
            edited = json.loads(json.dumps(rs))
            fn(edited[i], {"rng": random.Random(f"{kind}/{name}/{i}"), "nwarps": nwarps})
            cases.append((kind, mode, name, i, edited))


def run_case(k):
    kind, mode, name, i, edited = cases[k]
    t, args, m, rs, nwarps = traces[name]
    p = path(f"e{k}.jsonl")
    write(edited, p)
    out = [("jsonl",) + replay(p, args)]
    if k % BINARY_EVERY == 0:
        b = path(f"e{k}.wtb")
        thr = args[args.index("--threads"):args.index("--threads") + 2] if "--threads" in args else []
        rc, _, err = clitest.run(WARPREF, ["trace", "convert", p, b] + thr)
        if rc == 0:
            out.append(("wtb",) + replay(b, args))
        else:
            out.append(("wtb", rc, err))       # refused by the converter: caught there
    return out


with concurrent.futures.ThreadPoolExecutor(2) as ex:
    results = list(ex.map(run_case, range(len(cases))))

# ---- the table -------------------------------------------------------------------
table = {}
false_passes = []
for (kind, mode, name, i, _), outs in zip(cases, results):
    for fmt, rc, err in outs:
        row = table.setdefault(kind, [0, 0])
        row[1] += 1
        if rc in (1, 2):
            row[0] += 1
        else:
            false_passes.append((kind, mode, name, i + 1, fmt, rc, err.strip().splitlines()[-1:] if err else ""))
print(f"{'edit kind':24} caught/total")
for kind, _ in EDITS:
    if kind in table:
        print(f"{kind:24} {table[kind][0]}/{table[kind][1]}")
print(f"{'all':24} {sum(v[0] for v in table.values())}/{sum(v[1] for v in table.values())}")
# ---- the fixes' own lines, pinned (the model's traces) (docs/replay.md, "A record that contradicts itself") --


def pinned(name, pc, fn, status, want):
    ed = json.loads(json.dumps(rs))
    fn(ed[at[pc]])
    p = path(name + ".jsonl")
    write(ed, p)
    rc, err = replay(p, args)
    line = f"{p}:{at[pc] + 1}: {want}"
    check(f"{name}: {want}", rc == status and err.splitlines()[0] == line, (rc, err, line))


if not TB:
    t, args, _, rs, _ = traces["call_ret.driven"]
    at = {r["pc"]: i for i, r in reversed(list(enumerate(rs))) if "end" not in r}   # a pc's first record
    pinned("pt-guard", "0x10", lambda r: r["in"].update(pg="0xfffffffe"), 1,
           "divergence: in.pg: warp 0 pc 0x10 ISETP.LT P0, R0, 0x10: the guard is PT, which reads 0xffffffff, "
           "the record has 0xfffffffe [SPEC-NOTES section 1]")
    pinned("rz-ra", "0x50", lambda r: r["in"]["ra"].__setitem__(3, "0x0000000000000100"), 1,
           "divergence: in.ra: warp 0 pc 0x50 CALL.ABS 0x80: its RA is RZ, which reads 0, the record has other values "
           "in lanes 0x00000008 [SPEC-NOTES section 7]")
    pinned("pt-pp", "0x50", lambda r: r["in"].update(pp="0x7fffffff"), 1,
           "divergence: in.pp: warp 0 pc 0x50 CALL.ABS 0x80: its Pp is PT, which reads 0xffffffff, the record has "
           "0x7fffffff [SPEC-NOTES section 1]")
    pinned("rd-without-rd", "0x20", lambda r: r["out"].update(rd=["0x00000000"] * 32, rd_dc="0x00000000"), 1,
           "divergence: write.gpr: warp 0 pc 0x20 BSSY B0, 0xb0: 1 field differ [N-54; BSSY N-20]")
    pinned("pd-without-pd", "0x20", lambda r: r["out"].update(pd={"mask": "0x00000001", "val": "0x00000000"},
                                                              pd_dc=False), 1,
           "divergence: write.pred: warp 0 pc 0x20 BSSY B0, 0xb0: 1 field differ [N-54; BSSY N-20]")
    pinned("op-lower", "0x20", lambda r: r.update(op="bssy"), 2, "error: op: 'bssy' is not its insn's op (BSSY)")

rc, _, err = clitest.run(WARPREF, ["replay", traces[sorted(traces)[0]][0], "--ignore", "wake,t"])
edits = {(kind, name, i + 1): ed[i] for kind, mode, name, i, ed in cases}
wake_known = "unknown field 'wake'" not in err
expected = []
for fp in false_passes:
    kind, mode, name, rec, fmt, rc, err = fp
    if (kind, name, rec) in SAME_RESULT or \
            kind in WAKE and not wake_known or marked_undefined(kind, traces[name][3][rec - 1], edits[(kind, name, rec)]):
        expected.append((kind, name, rec))
        continue
    check(f"{kind} of {name} record {rec} ({fmt}): caught", False, (rc, err))
missed = {(k, n, r) for k, n, r in SAME_RESULT if n.startswith("rtl:") == bool(TB)} - set(expected)
check("the changes that leave every result the same still pass (else: a check found them, update SAME_RESULT)",
      not missed, sorted(missed))
raw = {(k, n, r) for k, n, r in RAW_CAUGHT if n.startswith("rtl:") == bool(TB)}
caught_by = {(kind, name, i + 1): [err for fmt, rc, err in outs if rc == 1]
             for (kind, mode, name, i, _), outs in zip(cases, results)}
check("the changes that leave every result the same are caught by the read-after-write check (in.*)",
      all(caught_by.get(e) and all(": divergence: in." in err for err in caught_by[e]) for e in raw),
      sorted((e, caught_by.get(e)) for e in raw))
for kind in sorted(WAKE if not wake_known else set()):
    check(f"{kind}: never caught where documented unseen", all(
        rc == 0 for (k, mode, name, i, _), outs in zip(cases, results) for fmt, rc, err in outs
        if k == kind and (mode == "driven" or kind in WAKE)), kind)
print(f"false passes: {len(false_passes)}, all of them documented unseen: {len(expected)}"
      + ("" if wake_known else f" (wake: not compared by this warpref, {sum(1 for e in expected if e[0] in WAKE)})"))
check("every kind has cases", TB or all(k in table for k, _ in EDITS), [k for k, _ in EDITS if k not in table])
if not clitest.failed:
    shutil.rmtree(tmp, ignore_errors=True)
clitest.finish()
