"""lanes.py - the lane x time picture of one warp (SVG): for each step of the
warp (a column, oldest first) and each of its 32 lanes (a row, lane 0 on
top), what the lane was after the step: not valid, asleep, yielded, active
or valid but inactive (diverged away), from the warp's ValidMask,
SleepMask, YieldMask and ActiveMask; above each column the ActivePC after
the step.  From a mismatch dump (dump.json's warp_history, which has each
step's masks on both sides) the picture has two panels, the model's and the
RTL's, and every lane or PC that differs between them is outlined in red on
both.  From a canonical trace (docs/trace.md) it has one panel.

    svg_from_dump(dump) -> str or None
    svg_from_trace(records, warp, t_from=None, t_to=None) -> str

Plain string building, no dependency: the output is one <svg> element that
an HTML page inlines or a file holds alone."""
from html import escape

LANES = 32
CW, CH = 14, 9              # cell width (a step) and height (a lane)
TOP = 64                    # room for the PCs above the grid
LEFT = 34                   # lane numbers
GAP = 36                    # between the two panels
MAX_STEPS = 64              # steps shown: the last ones

# (key, colour, legend), in the order a lane's state is decided
KINDS = (
    ("invalid", "#e6e6e6", "not valid (exited)"),
    ("sleep", "#8e6cc4", "asleep (SleepMask)"),
    ("yield", "#f0a030", "yielded (YieldMask)"),
    ("active", "#2e9e4f", "active (ActiveMask)"),
    ("inactive", "#bcd7f5", "valid, not active"),
)
COLOUR = {k: c for k, c, _ in KINDS}


def _mask(side, key):
    v = side.get(key, 0)
    return int(v, 16) if isinstance(v, str) else int(v or 0)


def lane_kind(side, lane):
    """what lane `lane` is in the state `side` ({active, valid, yield, sleep})"""
    bit = 1 << lane
    if not _mask(side, "valid") & bit:
        return "invalid"
    if _mask(side, "sleep") & bit:
        return "sleep"
    if _mask(side, "yield") & bit:
        return "yield"
    if _mask(side, "active") & bit:
        return "active"
    return "inactive"


def _differs(a, b, lane):
    if a is None or b is None:
        return False
    bit = 1 << lane
    return any((_mask(a, k) ^ _mask(b, k)) & bit for k in ("active", "valid", "yield", "sleep"))


def _panel(steps, who, x0, other_who, title):
    """one grid: steps[i][who] is the state after step i (None: unknown)"""
    out = [f'<text x="{x0}" y="12" class="ttl">{escape(title)}</text>']
    for i, s in enumerate(steps):
        x = x0 + i * CW
        me, them = s.get(who), s.get(other_who) if other_who else None
        tip = f"cycle {s['t']}  pc {s['pc']}  {s.get('asm', '')}"
        if me is not None:
            tip += (f"\nafter ({who}): pc {me.get('pc')}  active {me.get('active')}  valid {me.get('valid')}"
                    f"  yield {me.get('yield')}  sleep {me.get('sleep')}")
        out.append(f'<g><title>{escape(tip)}</title>')
        if me is None:
            out.append(f'<rect x="{x}" y="{TOP}" width="{CW - 1}" height="{LANES * CH}" class="unk"/></g>')
            continue
        pc_bad = them is not None and me.get("pc") != them.get("pc")
        out.append(f'<text x="{x + CW / 2 + 3}" y="{TOP - 4}" transform="rotate(-90 {x + CW / 2 + 3} {TOP - 4})" '
                   f'class="{"pc bad" if pc_bad else "pc"}">{escape(str(me.get("pc", "")))}</text>')
        for lane in range(LANES):
            y = TOP + lane * CH
            out.append(f'<rect x="{x}" y="{y}" width="{CW - 1}" height="{CH - 1}" '
                       f'fill="{COLOUR[lane_kind(me, lane)]}"/>')
        for lane in range(LANES):
            if _differs(me, them, lane):
                y = TOP + lane * CH
                out.append(f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{CW - 2}" height="{CH - 2}" class="diff"/>')
        out.append('</g>')
    # time axis: the cycle of each step
    for i, s in enumerate(steps):
        x = x0 + i * CW + CW / 2 + 3
        y = TOP + LANES * CH + 4
        out.append(f'<text x="{x}" y="{y}" transform="rotate(-90 {x} {y})" class="t" text-anchor="end">'
                   f'{s["t"]}</text>')
    return out


def picture(steps, panels, caption):
    """steps: [{t, pc, asm, model: {...} or None, other: {...} or None}], oldest
    first; panels: [(key, title)], one or two"""
    steps = steps[-MAX_STEPS:]
    n = max(1, len(steps))
    pw = n * CW
    legend = sum(12 + 6 * len(t) + 14 for _, _, t in KINDS) + (60 if len(panels) == 2 else 0)
    width = max(LEFT + len(panels) * pw + (len(panels) - 1) * GAP + 10, LEFT + legend)
    height = TOP + LANES * CH + 60 + 18
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" class="lanes" font-family="monospace" font-size="8">',
           '<style>.ttl{font-size:11px;font-weight:bold}.pc{font-size:7px}.bad{fill:#d00;font-weight:bold}'
           '.t{font-size:7px}.diff{fill:none;stroke:#d00;stroke-width:1.6}.unk{fill:#fff;stroke:#999;'
           'stroke-dasharray:2 2}.lg{font-size:9px}</style>',
           f'<title>{escape(caption)}</title>']
    for lane in range(0, LANES, 4):
        out.append(f'<text x="{LEFT - 4}" y="{TOP + lane * CH + CH - 1}" text-anchor="end">{lane}</text>')
    keys = [k for k, _ in panels]
    for p, (key, title) in enumerate(panels):
        other = keys[1 - p] if len(keys) == 2 else None
        out += _panel(steps, key, LEFT + p * (pw + GAP), other, title)
    y = height - 8
    x = LEFT
    for k, colour, text in KINDS:
        out.append(f'<rect x="{x}" y="{y - 8}" width="9" height="9" fill="{colour}"/>'
                   f'<text x="{x + 12}" y="{y}" class="lg">{escape(text)}</text>')
        x += 12 + 6 * len(text) + 14
    if len(panels) == 2:
        out.append(f'<rect x="{x}" y="{y - 8}" width="9" height="9" class="diff"/>'
                   f'<text x="{x + 12}" y="{y}" class="lg">differs</text>')
    out.append('</svg>')
    return "\n".join(out)


def svg_from_dump(dump):
    """the failing warp's window before the failure, model vs RTL; None when
    the dump has no history with states (an older dump)"""
    hist = dump.get("warp_history") or []
    if not hist or not any(h.get("model") or h.get("other") for h in hist):
        return None
    cycle, warp = dump.get("cycle"), dump.get("warp")
    end = len(hist)
    for i, h in enumerate(hist):           # up to the failing record
        if h.get("cycle") == cycle and h.get("warp") == warp:
            end = i + 1
            break
    steps = [{"t": h.get("cycle"), "pc": h.get("pc"), "asm": h.get("asm", ""), "model": h.get("model"),
              "other": h.get("other")} for h in hist[:end]]
    cap = f"warp {warp}: lanes x time before the failure at cycle {cycle} ({dump.get('field', '')})"
    return picture(steps, [("model", "model (reference)"), ("other", "RTL")], cap)


def svg_from_trace(records, warp, t_from=None, t_to=None):
    """one warp of a canonical trace (the instruction records, as dicts)"""
    steps = []
    for r in records:
        if "end" in r or r.get("warp") != warp:
            continue
        t = r.get("t", 0)
        if (t_from is not None and t < t_from) or (t_to is not None and t > t_to):
            continue
        after = {"pc": r.get("next_pc"), "active": r.get("active"), "valid": r.get("valid"),
                 "yield": r.get("yield"), "sleep": r.get("sleep")}
        steps.append({"t": t, "pc": r.get("pc"), "asm": r.get("asm") or r.get("op", ""), "model": after})
    cap = f"warp {warp}: lanes x time"
    return picture(steps, [("model", f"warp {warp}")], cap)
