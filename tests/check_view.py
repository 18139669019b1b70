#!/usr/bin/env python3
"""check_view.py WARPREF SRCDIR - `warpref view`, the lane x time picture
(docs/view.md): programs' traces drawn from JSONL and from binary give the
same bytes; the SVG parsed with xml.etree has exactly the columns of the
warp in the window, the ActivePC and t of each, and per mask band exactly
the lanes whose bit the record sets (rebuilt from the rectangles' places,
against the records read with Python's json); a second side (--against, a
trace with one record edited, another with the last record gone) outlines
exactly the differing lanes and ActivePC on both panels and marks a missing
record; a mismatch dump (--dump) gives the model's and the RTL's panels up
to the failing record, another warp from cta_history; a window of more
than 256 instructions draws the last 256.  The bad inputs are in
tests/bad/catalogue.txt.  Prints `N passed, N failed`."""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import clitest  # noqa: E402
from clitest import check  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
MASKS = ("active", "valid", "yield", "sleep")
CH = 5                       # a lane's height (model/cli/view.c)
CW = 12                      # a column's width (model/cli/view.c)


def view(warpref, args, stdin=None):
    """(status, svg bytes, stderr)"""
    p = subprocess.run([warpref, "view"] + args, stdin=open(stdin, "rb") if stdin else None, capture_output=True,
                       timeout=60)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def picture(svg):
    """what the SVG shows: (title, [panel]) with each panel (name, [column]),
    a column {t, pc, pc_bad, unknown, masks: {mask: lanes}, diff: {mask: lanes}}"""
    root = ET.fromstring(svg)
    panels = []
    for pn in root.findall(NS + "g"):
        band = {r.get("data-mask"): int(r.get("y")) for r in pn.findall(NS + "rect") if r.get("class") == "band"}
        cols = []
        for c in pn.findall(NS + "g"):
            col = {"t": c.get("data-t"), "unknown": "unk" in c.get("class").split(), "pc": None, "pc_bad": False,
                   "masks": {m: set() for m in MASKS}, "diff": {m: set() for m in MASKS}}
            col["fail"] = any(r.get("class") == "fail" for r in c.findall(NS + "rect"))
            texts = c.findall(NS + "text")
            for tx in texts:
                if tx.get("class") == "op":     # (x from the column's ActivePC, y, the name)
                    x0 = next(int(t.get("x")) for t in texts if t.get("class", "").startswith("pc"))
                    col["op"] = (int(tx.get("x")) - x0, int(tx.get("y")), tx.text)
                if tx.get("class", "").startswith("pc"):
                    col["pc"], col["pc_bad"] = tx.text, tx.get("class") == "pc bad"
                elif tx.get("class") == "t":
                    col["t_label"] = tx.text
            for r in c.findall(NS + "rect"):
                cls = r.get("class")
                if cls in MASKS or cls == "diff":
                    y, h = int(r.get("y")), int(r.get("height"))
                    if cls == "diff":            # inset by 1 px each side
                        y, h = y - 1, h + 2
                    m = next(m for m in MASKS if band[m] <= y < band[m] + 32 * CH)
                    lo = (y - band[m]) // CH
                    if (y - band[m]) % CH or h % CH:
                        raise ValueError(f"a rectangle off the lane grid: {r.attrib}")
                    (col["diff"] if cls == "diff" else col["masks"])[m].update(range(lo, lo + h // CH))
            cols.append(col)
        panels.append((pn.find(NS + "text").text, cols))
    return root.find(NS + "title").text, panels


def lanes(v):
    v = int(v, 16) if isinstance(v, str) else v
    return {l for l in range(32) if v >> l & 1}


def records(path, warp):
    out = []
    for line in open(path):
        r = json.loads(line)
        if "end" not in r and r["warp"] == warp:
            out.append(r)
    return out


def expect_cols(recs):
    """the columns a trace's records give"""
    return [{"t": str(r["t"]), "pc": r["next_pc"], "masks": {m: lanes(r[m]) for m in MASKS}} for r in recs]


def shown(cols):
    return [{"t": c["t"], "pc": c["pc"], "masks": c["masks"]} for c in cols]


def main():
    warpref, src = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp(prefix="check-view-")
    progs = os.path.join(src, "tests", "programs")

    def trace(prog, name, *extra):
        j, b = os.path.join(tmp, name + ".jsonl"), os.path.join(tmp, name + ".wtb")
        subprocess.run([warpref, "run", os.path.join(progs, prog), "--trace", j] + list(extra), capture_output=True)
        subprocess.run([warpref, "trace", "convert", j, b], capture_output=True)
        return j, b

    # ---- one side: both formats, the same bytes; exactly the records' columns and lanes
    for prog, warp, extra in (("nanosleep_two_warps.s", 0, []), ("nanosleep_two_warps.s", 1, ["--trace-operands"]),
                              ("paths_yield_sleep.s", 0, ["--trace-operands"]), ("nanosleep_divergent.s", 0, [])):
        j, b = trace(prog, prog[:-2] + "".join(extra), *extra)
        rj, sj, ej = view(warpref, ["-", "--warp", str(warp)], stdin=j)
        rb, sb, eb = view(warpref, ["-", "--warp", str(warp)], stdin=b)
        what = f"{prog} warp {warp} {' '.join(extra)}"
        check(f"{what}: JSONL and binary, the same SVG bytes", rj == 0 and rb == 0 and sj == sb and len(sj) > 1000,
              f"{rj} {rb} {ej}{eb}")
        recs = records(j, warp)
        title, panels = picture(sj)
        check(f"{what}: the title", title == f"<stdin>: warp {warp}, t {recs[0]['t']}..{recs[-1]['t']} "
              f"({len(recs)} instructions)", title)
        check(f"{what}: one panel, a column per record, exactly its lanes per mask and its ActivePC",
              len(panels) == 1 and shown(panels[0][1]) == expect_cols(recs) and
              all(c["t_label"] == c["t"] and not c["diff"]["active"] for c in panels[0][1]),
              f"{len(panels)} panels\n{shown(panels[0][1])[:3]}\n{expect_cols(recs)[:3]}")
        # legible printed: horizontal text; each drawn name the first word of its instruction after a guard, names of
        # one row not overlapping (5 px a character), the last column's always drawn
        ops = [(c.get("op"), [w for w in (r.get("asm") or r["op"]).split(" ") if not w.startswith("@")][0])
               for c, r in zip(panels[0][1], recs)]
        rows = {}
        for i, (o, _) in enumerate(ops):
            if o:
                rows.setdefault(o[1], []).append((i * CW + o[0], o[1], o[2]))
        check(f"{what}: no rotated text; instruction names horizontal, thinned, never overlapping",
              b"rotate(" not in sj and all(o is None or o[2] == want for o, want in ops) and ops[-1][0] is not None
              and len(rows) <= 3 and all(a[0] + 5 * len(a[2]) + 2 <= b[0] for r in rows.values()
                                         for a, b in zip(r, r[1:])) and
              not any(c["fail"] for c in panels[0][1]) and b"failing step" not in sj,
              f"{ops[:6]} {sorted(rows)}")
        # the asm of --trace-operands (JSONL) and the disassembly of the word (binary) in the tooltips
        tips = [c.find(NS + "title").text for c in ET.fromstring(sb).iter(NS + "g") if c.get("class") == "col"]
        first = recs[0].get("asm") or recs[0]["op"]
        check(f"{what}: the tooltip names the instruction", tips and tips[0].startswith(
              f"t {recs[0]['t']}  pc {recs[0]['pc']}  {first}\nafter: ActivePC {recs[0]['next_pc']}  active "
              f"{recs[0]['active']}"), tips[:1])
        # the file and standard output: the same picture
        out = os.path.join(tmp, "v.svg")
        r, s, e = view(warpref, [b, "--warp", str(warp), "-o", out])
        t2, p2 = picture(open(out, "rb").read()) if r == 0 else ("", [])
        check(f"{what}: -o FILE", r == 0 and s == b"" and t2 == title.replace("<stdin>", b) and
              p2 == [(b, panels[0][1])], e)

    # known values, not only agreement with the records: t=2 is the BRA that leaves lanes 0..7 active
    j, b = trace("nanosleep_divergent.s", "nd")
    r, s, e = view(warpref, [b, "--warp", "0", "--from", "1", "--to", "5"])
    title, panels = picture(s) if r == 0 else ("", [("", [])])
    cols = panels[0][1]
    check("window 1..5: five columns, t 1..5", [c["t"] for c in cols] == ["1", "2", "3", "4", "5"] and
          title == f"{b}: warp 0, t 1..5 (5 instructions)", f"{r} {e} {title} {[c['t'] for c in cols]}")
    check("t=2 BRA: ActiveMask lanes 0..7, ValidMask all, ActivePC 0x30", len(cols) == 5 and
          cols[1]["masks"]["active"] == set(range(8)) and cols[1]["masks"]["valid"] == set(range(32)) and
          cols[1]["pc"] == "0x30" and not cols[1]["masks"]["yield"] and not cols[1]["masks"]["sleep"], cols[1:2])
    j, b = trace("nanosleep_two_warps.s", "ntw")
    r, s, e = view(warpref, [j, "--warp", "0", "--from", "4", "--to", "4"])
    cols = picture(s)[1][0][1] if r == 0 else []
    check("t=4 NANOSLEEP: SleepMask all 32 lanes", len(cols) == 1 and cols[0]["masks"]["sleep"] == set(range(32))
          and cols[0]["pc"] == "0x30", f"{r} {e} {cols}")
    svg = s.decode()
    check("one lane cell rectangle per run: 1 column, 3 runs, 4 bands", svg.count('<rect class="active"') == 1 and
          svg.count('<rect class="valid"') == 1 and svg.count('<rect class="sleep"') == 1 and
          svg.count('<rect class="yield"') == 0 and svg.count('<rect class="band"') == 4, svg[:300])

    # ---- two sides: warp 1's third record edited (lanes 16..19 inactive, another ActivePC)
    recs = records(j, 1)
    edited = os.path.join(tmp, "edited.jsonl")
    lines = open(j).read().splitlines()
    k = next(i for i, line in enumerate(lines) if json.loads(line).get("t") == recs[2]["t"]
             and json.loads(line).get("warp") == 1)
    rec = json.loads(lines[k])
    lines[k] = lines[k].replace(f'"active":"{rec["active"]}"', '"active":"0xfff0ffff"').replace(
        f'"next_pc":"{rec["next_pc"]}"', '"next_pc":"0x1230"')
    open(edited, "w").write("\n".join(lines) + "\n")
    edited_b = os.path.join(tmp, "edited.wtb")
    subprocess.run([warpref, "trace", "convert", edited, edited_b], capture_output=True)
    r, s, e = view(warpref, [j, "--against", edited_b, "--warp", "1"])
    title, panels = picture(s) if r == 0 else ("", [])
    want = [set(range(16, 20)) if i == 2 else set() for i in range(len(recs))]
    check("--against: two panels named by their traces", [p[0] for p in panels] == [j, edited_b] and
          title == f"{j} vs {edited_b}: warp 1, t {recs[0]['t']}..{recs[-1]['t']} of {j} ({len(recs)} instructions)",
          f"{r} {e} {title} {[p[0] for p in panels]}")
    check("--against: exactly lanes 16..19 of ActiveMask of the third column outlined, on both panels",
          len(panels) == 2 and all([c["diff"]["active"] for c in p[1]] == want and
                                   not any(c["diff"][m] for c in p[1] for m in MASKS[1:]) for p in panels),
          [[c["diff"] for c in p[1]] for p in panels])
    check("--against: the differing ActivePC marked on both panels", len(panels) == 2 and
          [c["pc_bad"] for c in panels[0][1]] == [i == 2 for i in range(len(recs))] and
          [c["pc"] for c in panels[1][1]][2] == "0x1230" and [c["pc_bad"] for c in panels[1][1]][2],
          [[(c["pc"], c["pc_bad"]) for c in p[1]] for p in panels])
    check("--against: the other side's lanes as its trace has them", len(panels) == 2 and
          panels[1][1][2]["masks"]["active"] == set(range(32)) - set(range(16, 20)), panels[1][1][2:3])
    # the second trace ends one instruction early: its last column has no record
    short = os.path.join(tmp, "short.jsonl")
    last = max(i for i, line in enumerate(lines) if json.loads(line).get("warp") == 1)
    open(short, "w").write("\n".join(lines[:last] + lines[last + 1:]) + "\n")
    r, s, e = view(warpref, [j, "--against", short, "--warp", "1"])
    panels = picture(s)[1] if r == 0 else []
    check("--against: a missing record is a column of its own, not a difference",
          len(panels) == 2 and [c["unknown"] for c in panels[1][1]] == [i == len(recs) - 1 for i in range(len(recs))]
          and not panels[0][1][-1]["diff"]["active"] and 'class="unk"' in s.decode(), f"{r} {e}")
    r, s, e = view(warpref, [j, "--against", edited, "--warp", "1"])
    rb, sb, eb = view(warpref, [j, "--against", edited_b, "--warp", "1"])
    check("--against: JSONL or binary second side, the same picture", r == 0 and rb == 0 and
          picture(s)[1][1][1] == picture(sb)[1][1][1], e + eb)

    # ---- a mismatch dump: model and RTL from warp_history, up to the failing record
    def side(pc, active, sleep=0):
        return {"pc": hex(pc), "active": f"0x{active:08x}", "valid": "0xffffffff", "yield": "0x00000000",
                "sleep": f"0x{sleep:08x}"}
    hist = [{"cycle": 10 + c, "warp": 2, "pc": hex(16 * c), "asm": "NOP",
             "model": side(16 * c + 16, 0xffffffff, 0xf0 if c == 1 else 0),
             "rtl": None if c == 2 else side(16 * c + 16 + (16 if c == 4 else 0), 0xfffffffe if c == 4 else
                                               0xffffffff)} for c in range(6)]
    cta = [dict(h, warp=3 if i % 2 else 2) for i, h in enumerate(hist)]
    dump = {"failed": True, "simulator": "verilator", "side": "RTL", "cycle": 14, "warp": 2, "field": "active", "warp_history": hist,
            "cta_history": cta}
    dp = os.path.join(tmp, "dump.json")
    json.dump(dump, open(dp, "w"), indent=1)
    r, s, e = view(warpref, ["--dump", dp])
    title, panels = picture(s) if r == 0 else ("", [])
    check("--dump: the model's and the RTL's panels, up to the failing record (cycle 14)",
          [p[0] for p in panels] == ["model (reference)", "RTL"] and
          title == f"{dp}: warp 2, cycles 10..14; the failure: warp 2 at cycle 14 (active)" and
          all([c["t"] for c in p[1]] == ["10", "11", "12", "13", "14"] or p[0] == "RTL" for p in panels),
          f"{r} {e} {title}")
    check("--dump: lane 0 and the ActivePC of cycle 14 marked, a null side a column of its own",
          len(panels) == 2 and [c["diff"]["active"] for c in panels[0][1]] == [set()] * 4 + [{0}] and
          [c["diff"]["active"] for c in panels[1][1]] == [set()] * 4 + [{0}] and
          [c["pc_bad"] for c in panels[0][1]] == [False] * 4 + [True] and
          [c["unknown"] for c in panels[1][1]] == [False, False, True, False, False] and
          [c.get("t_label") for c in panels[1][1]] == ["10", "11", "12", "13", "14"] and
          panels[0][1][1]["masks"]["sleep"] == set(range(4, 8)), [[c["diff"]["active"] for c in p[1]] for p in panels])
    check("--dump: the failing step framed on both panels, in the legend",
          len(panels) == 2 and all([c["fail"] for c in p[1]] == [False] * 4 + [True] for p in panels) and
          b"failing step" in s, [[c["fail"] for c in p[1]] for p in panels])
    r, s, e = view(warpref, ["--dump", dp, "--warp", "3", "-o", "-"])
    title, panels = picture(s) if r == 0 else ("", [])
    check("--dump --warp 3: another warp from cta_history, no failing step", len(panels) == 2 and
          [c["t"] for c in panels[0][1]] == ["11", "13"] and not any(c["fail"] for c in panels[0][1]),
          f"{r} {e} {title}")
    r, s, e = view(warpref, ["--dump", dp, "--from", "12", "--to", "13"])
    title, panels = picture(s) if r == 0 else ("", [])
    check("--dump with a window (the failing step outside it)", len(panels) == 2 and
          [c["t"] for c in panels[0][1]] == ["12", "13"] and not any(c["fail"] for c in panels[0][1]) and
          b"failing step" not in s, f"{r} {e}")
    dump["simulator"], dump["side"] = "replay", "trace"      # as warpref replay writes it
    json.dump(dump, open(dp, "w"))
    r, s, e = view(warpref, ["--dump", dp])
    check("--dump of a replay: the other side is the trace", r == 0 and [p[0] for p in picture(s)[1]] ==
          ["model (reference)", "trace"], e)

    # ---- more than 256 instructions in the window: the last 256
    j = os.path.join(tmp, "long.jsonl")
    subprocess.run([warpref, "run", os.path.join(progs, "limit.s"), "--max-steps", "300", "--trace", j],
                   capture_output=True)
    r, s, e = view(warpref, [j, "--warp", "0", "--from", "2"])
    title, panels = picture(s) if r == 0 else ("", [("", [])])
    check("a window of 298 instructions: the last 256 drawn, t 44..299",
          [c["t"] for c in panels[0][1]] == [str(t) for t in range(44, 300)] and
          title == f"{j}: warp 0, t 44..299 (298 instructions, the last 256 drawn)", f"{r} {e} {title}")
    r2, s2, e2 = view(warpref, [j, "--warp", "0", "--from", "44"])
    check("... the same columns as the window of exactly those", r2 == 0 and
          s2.replace(b"(256 instructions)", b"") == s.replace(b"(298 instructions, the last 256 drawn)", b""), e2)

    if not clitest.failed:
        import shutil
        shutil.rmtree(tmp)
    clitest.finish()


if __name__ == "__main__":
    main()
