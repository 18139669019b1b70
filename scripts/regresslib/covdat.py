"""covdat.py - Verilator's coverage of the design (a testbench built with
--coverage-line --coverage-toggle, +rtl_coverage=FILE a job): the jobs'
files merged (verilator_coverage --write), the annotated source
(verilator_coverage --annotate), and read here: per source line the hits of
its line (block) points, the toggle points per file, the summary figures
and an HTML page of the annotated source (scripts/regress --rtl-coverage,
scripts/qualify's `not reached`, docs/qualify.md)."""
import html
import os
import re
import shutil
import subprocess

_ENTRY = re.compile(r"^C '(.*)' (\d+)\s*$")


def parse(path):
    """the points of a coverage.dat: a list of (dict of the keys, count)"""
    pts = []
    with open(path, errors="replace") as f:
        for ln in f:
            m = _ENTRY.match(ln)
            if not m:
                continue
            keys = {}
            for kv in m.group(1).split("\x01"):
                if "\x02" in kv:
                    k, v = kv.split("\x02", 1)
                    keys[k] = v
            pts.append((keys, int(m.group(2))))
    return pts


def _lines_of(keys):
    """the source lines a line point stands for: its 'S' spec (Verilator 5:
    "12-14,17") or its line"""
    spec = keys.get("S")
    out = set()
    if spec:
        for part in spec.split(","):
            if "-" in part:
                a, b = part.split("-", 1)
                if a.isdigit() and b.isdigit():
                    out.update(range(int(a), int(b) + 1))
            elif part.isdigit():
                out.add(int(part))
    if not out and keys.get("l", "").isdigit():
        out.add(int(keys["l"]))
    return out


class Coverage:
    """line and toggle coverage of the files whose base names are in `files`
    (None: every file)"""

    def __init__(self, path, files=None):
        self.path = path
        base = {os.path.basename(f) for f in files} if files else None
        self.lines = {}          # (file base name, line) -> hits (of its innermost point)
        self._span = {}
        self.toggle = {}         # file base name -> [points, points hit]
        self.block_points = {}   # file -> [points, hit]
        for keys, n in parse(path):
            f = os.path.basename(keys.get("f", ""))
            if base is not None and f not in base:
                continue
            page = keys.get("page", "")
            if page.startswith("v_toggle"):
                t = self.toggle.setdefault(f, [0, 0])
                t[0] += 1
                t[1] += n > 0
            elif page.startswith("v_line") or page.startswith("v_branch"):
                b = self.block_points.setdefault(f, [0, 0])
                b[0] += 1
                b[1] += n > 0
                # a line's hits: those of the innermost point that covers it
                # (the smallest span of lines: a block's S range holds the
                # lines of the blocks nested in it), the most of equal ones
                span = _lines_of(keys)
                for ln in span:
                    best = self._span.get((f, ln))
                    if best is None or len(span) < best or (len(span) == best and n > self.lines[(f, ln)]):
                        self._span[(f, ln)] = len(span)
                        self.lines[(f, ln)] = n

    def line_hits(self, file, line):
        """hits of a source line, None when no point covers it"""
        return self.lines.get((os.path.basename(file), line))

    def summary(self):
        lines = len(self.lines)
        hit = sum(1 for v in self.lines.values() if v > 0)
        tp = sum(v[0] for v in self.toggle.values())
        th = sum(v[1] for v in self.toggle.values())
        return {"lines": lines, "lines_hit": hit, "line_pct": 100.0 * hit / lines if lines else 0.0,
                "toggle_points": tp, "toggle_hit": th, "toggle_pct": 100.0 * th / tp if tp else 0.0,
                "per_file": {f: [sum(1 for (g, _), v in self.lines.items() if g == f),
                                 sum(1 for (g, _), v in self.lines.items() if g == f and v > 0),
                                 self.toggle.get(f, [0, 0])[0], self.toggle.get(f, [0, 0])[1]]
                             for f in sorted({g for g, _ in self.lines} | set(self.toggle))}}


def merge(inputs, out, log=None):
    """the points of many coverage files added up into out (verilator_coverage
    --write); the error text, or None"""
    exe = shutil.which("verilator_coverage")
    if not exe:
        return "verilator_coverage is not installed (the verilator package, scripts/install-deps)"
    if not inputs:
        return "no job wrote a coverage file"
    p = subprocess.run([exe, "--write", out] + list(inputs), capture_output=True, text=True)
    if log:
        log.write(p.stdout + p.stderr)
    return None if p.returncode == 0 and os.path.exists(out) else (p.stderr.strip() or "verilator_coverage failed")


def annotate(dat, outdir):
    """verilator_coverage --annotate: the annotated copies of the sources in
    outdir (its own text format); the error text, or None"""
    exe = shutil.which("verilator_coverage")
    if not exe:
        return "verilator_coverage is not installed"
    os.makedirs(outdir, exist_ok=True)
    p = subprocess.run([exe, "--annotate", outdir, "--annotate-min", "1", dat], capture_output=True, text=True)
    return None if p.returncode == 0 else (p.stderr.strip() or "verilator_coverage --annotate failed")


def html_page(cov, files, title):
    """a self-contained page: the summary, then each source file with every
    line's hits (a line no point covers is plain; 0 hits is red)"""
    s = cov.summary()
    out = ["<!DOCTYPE html><html><head><meta charset='utf-8'><title>%s</title><style>"
           "body{font-family:sans-serif;margin:1em}pre{margin:0}table{border-collapse:collapse}"
           "td{padding:0 .4em;font-family:monospace;white-space:pre;vertical-align:top}"
           ".h{color:#666;text-align:right}.z{background:#fdd}.z .h{color:#b00;font-weight:bold}"
           ".c{background:#efe}</style></head><body>" % html.escape(title)]
    out.append(f"<h1>{html.escape(title)}</h1><p>Lines: {s['lines_hit']} of {s['lines']} covered "
               f"({s['line_pct']:.1f} %); toggles: {s['toggle_hit']} of {s['toggle_points']} "
               f"({s['toggle_pct']:.1f} %).</p><table><tr><th>file</th><th>lines</th><th>hit</th>"
               "<th>toggle points</th><th>hit</th></tr>")
    for f, (ln, lh, tp, th) in s["per_file"].items():
        out.append(f"<tr><td><a href='#{html.escape(f)}'>{html.escape(f)}</a></td><td>{ln}</td><td>{lh}</td>"
                   f"<td>{tp}</td><td>{th}</td></tr>")
    out.append("</table>")
    for path in files:
        f = os.path.basename(path)
        try:
            with open(path, errors="replace") as fh:
                src = fh.read().split("\n")
        except OSError:
            continue
        out.append(f"<h2 id='{html.escape(f)}'>{html.escape(f)}</h2><table>")
        for k, text in enumerate(src, 1):
            h = cov.lines.get((f, k))
            cls = "" if h is None else " class='z'" if h == 0 else " class='c'"
            out.append(f"<tr{cls}><td class='h'>{'' if h is None else h}</td><td class='h'>{k}</td>"
                       f"<td>{html.escape(text)}</td></tr>")
        out.append("</table>")
    out.append("</body></html>\n")
    return "\n".join(out)
