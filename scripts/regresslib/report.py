"""report.py - the regression's HTML report (scripts/regress --html FILE,
default OUT/report.html): one self-contained page (inline CSS and SVG, one
small inline script for the copy buttons, nothing fetched), first screen
first: the verdict in words, a table of contents, the failures (each with its
first differing field, the command that reproduces it with a copy button,
links to its log, program, dumps and wave file, and the lane x time picture
of the failing warp, drawn from its dump by `warpref view --dump`, the one
drawing of that picture, docs/view.md: the first failure's shown, the others
one click away), the bug-detection table, the semantic-path coverage (holes
first, the table collapsed), per-profile figures, plots of throughput and of
instructions to detection, then the run's parameters and totals.  Every
rule ID (the failures', the bugs', the paths') links to its entry in
docs/rules.md.

Templating: Jinja2 (Debian's python3-jinja2), autoescaping every value; the
plots are SVG written here.  The page is written atomically."""
import datetime
import html
import math
import os
import platform
import re
import subprocess
import urllib.parse

import jinja2
from markupsafe import Markup

from .files import write_atomic
from .triage import TB_VERDICTS, Failure, bug_verdicts, closing, detected

MAX_PICTURES = 50           # lane x time pictures on one page
RULES_MD = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs",
                        "rules.md")
RULE_ID = re.compile(r"(?<![\w-])(?:[NSPVG]-\d\d|H-\d)(?![\w-])")


def rule_links(rules, base):
    """rule IDs ("N-12", "N-21,H-3") as links to their entries in
    docs/rules.md (the anchor is the ID in lower case), relative to base"""
    href = urllib.parse.quote(_rel(RULES_MD, base))
    return Markup(RULE_ID.sub(lambda m: f'<a href="{href}#{m.group(0).lower()}">{m.group(0)}</a>',
                              str(html.escape(rules or ""))))


class Run:
    """what the report shows of one regression"""

    def __init__(self, a, jobs, bugs, out, wall, status, problems, counts):
        self.a, self.jobs, self.bugs, self.out = a, jobs, bugs, out
        self.wall, self.status, self.problems, self.counts = wall, status, problems, counts


def _rel(path, base):
    return os.path.relpath(path, base)


def lanes_svg(warpref, out, job):
    """the failing warp's lane x time picture (SVG text) from the job's dump,
    model and RTL side by side: `warpref view --dump`, run in OUT so that the
    picture names the dump JOB/dump.json; None when it draws none (a dump
    without lane states, or no warpref)"""
    exe = os.path.abspath(warpref) if os.sep in warpref else warpref
    try:
        p = subprocess.run([exe, "view", "--dump", os.path.join(job, "dump.json")], cwd=out, capture_output=True,
                           text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return p.stdout if p.returncode == 0 and p.stdout.startswith("<svg") else None


def _git(args):
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    try:
        p = subprocess.run(["git", "-C", here] + args, capture_output=True, text=True, timeout=10)
        return p.stdout.strip() if p.returncode == 0 else ""
    except (OSError, subprocess.TimeoutExpired):
        return ""


# ---- plots -------------------------------------------------------------------------------

def _nice(v):
    """a round number at or above v (1, 2, 5 x 10^k)"""
    if v <= 0:
        return 1
    k = 10 ** math.floor(math.log10(v))
    for m in (1, 2, 5, 10):
        if v <= m * k:
            return m * k
    return 10 * k


def _fmt(v):
    if v >= 1e6:
        return f"{v / 1e6:g}M"
    if v >= 1e3:
        return f"{v / 1e3:g}k"
    return f"{v:g}"


def plot_throughput(jobs):
    """instructions retired and checked per second, one dot per job, in job order"""
    pts = [(i, j.result.get("retired", 0) / j.result["seconds"], j.name) for i, j in enumerate(jobs)
           if j.result.get("seconds") and j.result.get("retired")]
    if not pts:
        return None
    W, H, L, B = 640, 220, 56, 34
    top = _nice(max(p[1] for p in pts))
    n = max(1, len(jobs) - 1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           'class="plot" font-family="sans-serif" font-size="10">',
           '<title>throughput: instructions retired and checked per second, per job</title>']
    for k in range(5):
        v = top * k / 4
        y = H - B - (H - B - 10) * k / 4
        out.append(f'<line x1="{L}" y1="{y}" x2="{W - 10}" y2="{y}" stroke="#ddd"/>'
                   f'<text x="{L - 4}" y="{y + 3}" text-anchor="end">{_fmt(v)}</text>')
    for i, v, name in pts:
        x = L + (W - L - 20) * (i / n if len(jobs) > 1 else 0.5)
        y = H - B - (H - B - 10) * v / top
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="#2b6cb0"><title>{html.escape(name)}: '
                   f'{v:,.0f}/s</title></circle>')
    mean = sum(p[1] for p in pts) / len(pts)
    y = H - B - (H - B - 10) * mean / top
    out.append(f'<line x1="{L}" y1="{y:.1f}" x2="{W - 10}" y2="{y:.1f}" stroke="#c05621" stroke-dasharray="4 3"/>'
               f'<text x="{W - 12}" y="{y - 3:.1f}" text-anchor="end" fill="#c05621">mean {mean:,.0f}/s</text>')
    out.append(f'<text x="{(W + L) / 2}" y="{H - 6}" text-anchor="middle">job (in order: {len(jobs)} jobs)</text>')
    out.append(f'<text x="12" y="{(H - B) / 2}" transform="rotate(-90 12 {(H - B) / 2})" text-anchor="middle">'
               'instructions/s</text></svg>')
    return "\n".join(out)


def plot_detection(jobs, bugs, detected):
    """per bug: instructions retired until each detecting seed found it (dots),
    the first seed's as a bar; log scale"""
    rows = []
    for b in bugs:
        hits = sorted((j for j in jobs if j.bug == b and detected(j)), key=lambda j: j.seed)
        rows.append((b, [max(1, j.result.get("retired", 0)) for j in hits], hits))
    if not rows:
        return None
    vals = [v for _, vs, _ in rows for v in vs] or [1]
    hi = 10 ** math.ceil(math.log10(max(vals) + 1))
    L, R, RH = 190, 20, 14
    W, H = 700, 40 + RH * len(rows) + 30
    span = math.log10(hi)

    def xof(v):
        return L + (W - L - R) * math.log10(max(1, v)) / span

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
           'class="plot" font-family="sans-serif" font-size="10">',
           '<title>instructions retired until detection, per injected bug</title>']
    for k in range(int(span) + 1):
        x = xof(10 ** k)
        out.append(f'<line x1="{x:.1f}" y1="20" x2="{x:.1f}" y2="{H - 30}" stroke="#ddd"/>'
                   f'<text x="{x:.1f}" y="{H - 18}" text-anchor="middle">{_fmt(10 ** k)}</text>')
    for i, (b, vs, hits) in enumerate(rows):
        y = 24 + i * RH
        out.append(f'<text x="{L - 6}" y="{y + 9}" text-anchor="end">{html.escape(b)}</text>')
        if not vs:
            out.append(f'<text x="{L + 4}" y="{y + 9}" fill="#c00" font-weight="bold">not detected</text>')
            continue
        out.append(f'<rect x="{L}" y="{y + 2}" width="{xof(vs[0]) - L:.1f}" height="{RH - 5}" fill="#90cdf4">'
                   f'<title>{html.escape(b)}: first seed {hits[0].seed}, {vs[0]} instructions</title></rect>')
        for v, j in zip(vs, hits):
            out.append(f'<circle cx="{xof(v):.1f}" cy="{y + 6}" r="2.2" fill="#2c5282"><title>seed {j.seed}: {v} '
                       'instructions</title></circle>')
    out.append(f'<text x="{(W + L) / 2}" y="{H - 4}" text-anchor="middle">instructions retired until the '
               'detection (log scale; bar: the first detecting seed, dots: every detecting seed)</text></svg>')
    return "\n".join(out)


# ---- coverage and profiles -----------------------------------------------------------------

def coverage(jobs, warpref, profile="native"):
    """(rows [(path, rules, reach, hits, hole)], summary) or None when no result carries path hits;
    the paths of the profile (`warpref paths --profile P`: reach 'absent' for those it cannot take)"""
    carried = [j.result.get("paths") for j in jobs if isinstance(j.result.get("paths"), dict)]
    if not carried:
        return None
    hits = {}
    for ph in carried:
        for name, n in ph.items():
            hits[name] = hits.get(name, 0) + int(n)
    listed = []
    try:
        p = subprocess.run([warpref, "paths"] + (["--profile", profile] if profile != "native" else []),
                           capture_output=True, text=True, timeout=30)
        if p.returncode == 0:
            listed = [l.split(None, 3)[:3] for l in p.stdout.splitlines() if l.strip() and not l.startswith("#")]
    except (OSError, subprocess.TimeoutExpired):
        pass
    rows = []
    if listed:
        for r in listed:
            name, rules, reach = (r + ["", ""])[:3]
            n = hits.get(name, 0)
            rows.append((name, rules, reach, n, reach == "gen" and n == 0))
    else:
        rows = [(name, "", "", n, n == 0) for name, n in sorted(hits.items())]
    gen = [r for r in rows if r[2] == "gen"] if listed else rows
    holes = [r[0] for r in rows if r[4]]
    summary = f"{len(gen) - len(holes)} of {len(gen)} paths{' of reach gen' if listed else ''} hit; " \
              f"{len(holes)} hole{'s' if len(holes) != 1 else ''}"
    return rows, summary


def profiles(jobs):
    """per profile: jobs, passed, failed, retired, instructions/s; None when no result names one"""
    if not any(j.result.get("profile") for j in jobs):
        return None
    by = {}
    for j in jobs:
        by.setdefault(j.result.get("profile") or "native", []).append(j)
    rows = []
    for prof, js in sorted(by.items()):
        ret = sum(j.result.get("retired", 0) for j in js)
        sec = sum(j.result.get("seconds", 0) for j in js)
        ok = sum(1 for j in js if j.result.get("status") == "pass")
        rows.append((prof, len(js), ok, len(js) - ok, ret, f"{ret / sec:,.0f}" if sec else "-"))
    return rows


# ---- the page ------------------------------------------------------------------------------

def parameters(a, jobs, bugs, out):
    """the run's parameters as (name, value) pairs: the report's table and
    the JUnit XML's properties"""
    seeds = sorted({j.seed for j in jobs})
    return [
        ("seeds", a.seeds + f" ({len(seeds)} seeds)"),
        ("jobs", f"{len(jobs)}" + (f" ({len(bugs)} bugs x {len(seeds)} seeds)" if bugs else "")),
        ("injected bugs", ", ".join(bugs) if bugs else "none (clean RTL)"),
        ("backend", f"Slurm (partition {a.partition or 'default'}, {a.chunk} jobs per array task"
                    f"{', sbatch ' + a.slurm_opts if a.slurm_opts else ''})" if a.slurm else f"local, -j {a.jobs}"),
        ("scheduler", a.sched), ("threads", (",".join(map(str, a.threads)) + " (by seed)" if isinstance(a.threads, list) else a.threads)
                                     or "from the seed"), ("size", a.size or "default (200)"),
        ("timeout", f"{a.timeout} s"), ("waves", "off" if a.no_waves else f"window {a.window} cycles"),
        ("resume", "yes" if a.resume else "no"), ("testbench", a.tb), ("warpref", a.warpref),
        ("weights", getattr(a, "weights", None) or "default"),
        ("output", out), ("commit", _git(["describe", "--always", "--dirty"]) or "-"),
        ("host", platform.node()), ("written", datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")),
    ]


def _anchor(job):
    return "f-" + job.name.replace("/", "-")


def context(run, path):
    from_dir = os.path.dirname(os.path.abspath(path))
    a, jobs, out = run.a, run.jobs, run.out
    statuses = {}
    for j in jobs:
        st = j.result.get("status", "?")
        statuses[st] = statuses.get(st, 0) + 1
    retired = sum(j.result.get("retired", 0) for j in jobs)
    # the jobs that did not pass; with bugs, those in error (the regression's
    # own failures) before the detections
    bad = [j for j in jobs if j.result.get("status") != "pass"]
    if run.bugs:
        bad = [j for j in bad if not detected(j)] + [j for j in bad if detected(j)]
    failures = []
    for j in bad:
        r = j.result
        f = Failure(j, out)
        svg = None
        if f.dump_obj is not None and len(failures) < MAX_PICTURES:
            svg = lanes_svg(a.warpref, out, j.name)
        links = [(label, _rel(p, from_dir)) for label, p in (
            ("log", f.log), ("program", f.program), ("dump", f.dump), ("dump.json", f.dump_json),
            ("waves", f.waves), ("result", os.path.join(out, j.name, "result.json"))) if p and os.path.exists(p)]
        failures.append({"name": j.name, "anchor": _anchor(j), "status": r.get("status"),
                         "field": f.field, "rule": f.rule, "what": f.what, "warp": r.get("warp", ""),
                         "pc": r.get("pc", ""), "cycle": r.get("cycle", ""), "retired": r.get("retired", 0),
                         "why": r.get("why", ""), "reproduced": r.get("reproduced"), "first": f.first,
                         "reproduce": f.reproduce, "links": links,
                         "failure": (f.dump_obj or {}).get("failure", ""),
                         "svg": Markup(svg) if svg else None})
    verdicts = bug_verdicts(jobs, run.bugs)
    bug_rows = []
    for v in verdicts:
        row = {"bug": v.bug, "verdict": v.words, "seeds": v.seeds, "ok": v.detected}
        if v.detected:
            r = v.first.result
            w = r.get("waves")
            row.update({"seed": v.first.seed, "median": v.median_text, "retired": r.get("retired", 0),
                        "field": r.get("field", ""), "rule": r.get("rule", ""),
                        "detecting": ", ".join(str(j.seed) for j in v.hits),
                        "waves": _rel(w, from_dir) if w and os.path.exists(w) else None, "anchor": _anchor(v.first)})
        bug_rows.append(row)
    errors = sum(1 for j in jobs if j.result.get("status") not in ("pass",) + TB_VERDICTS)
    if run.bugs:
        words = verdicts[0].words if len(verdicts) == 1 else closing(verdicts, 0)
        if errors:
            words += f", {errors} job{'s' if errors != 1 else ''} in error"
        line = (verdicts[0].line() if len(verdicts) == 1 else closing(verdicts, errors))
    else:
        words = "PASS" if run.status == 0 else "FAIL"
        line = f"{run.counts[0]} passed, {run.counts[1]} failed"
    cov = coverage(jobs, a.warpref, getattr(a, "profile", "native"))
    return {
        "rule_link": lambda r: rule_links(r, from_dir),
        "title": "warpref lockstep regression",
        "verdict": "PASS" if run.status == 0 else "FAIL",
        "verdict_words": words, "verdict_line": line,
        "params": parameters(a, jobs, run.bugs, out),
        "totals": [("jobs", len(jobs))] + sorted(statuses.items()) + [
            ("instructions retired and checked", f"{retired:,}"), ("wall time", f"{run.wall:.1f} s"),
            ("instructions/s", f"{retired / run.wall:,.0f}" if run.wall > 0 else "-"),
            ("result", line), ("exit status", run.status)],
        "problems": run.problems,
        "failures": failures, "more_pictures": max(0, sum(1 for f in failures if f["svg"] is None)),
        "bugs": bug_rows, "have_bugs": bool(run.bugs), "missed": [v.bug for v in verdicts if not v.detected],
        "coverage": cov[0] if cov else None, "coverage_summary": cov[1] if cov else "",
        "holes": [r[0] for r in cov[0] if r[4]] if cov else [],
        "profiles": profiles(jobs),
        "plot_throughput": Markup(plot_throughput(jobs) or ""),
        "plot_detection": Markup(plot_detection(jobs, run.bugs, detected) or "") if run.bugs else None,
        "junit": _rel(a.junit or os.path.join(out, "junit.xml"), from_dir),
        # --rtl-coverage: the design's line and toggle figures, the annotated source's page
        "rtl_coverage": getattr(run, "rtl_coverage", None),
        "rtl_coverage_page": _rel(os.path.join(out, "rtl-coverage.html"), from_dir),
    }


def render(ctx):
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.dirname(os.path.abspath(__file__))),
                             autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template("report.html.j2").render(**ctx)


def write(path, run):
    write_atomic(path, render(context(run, path)))



def write_index(path, runs):
    """scripts/regress --profile all: the page of the profiles' runs, `runs`
    (profile, status, closing lines, its report relative to OUT): a row per
    profile with its verdict and a link to its own report"""
    rows = []
    for prof, status, lines, rel in runs:
        href = _rel(os.path.join(os.path.dirname(os.path.abspath(path)), rel), os.path.dirname(os.path.abspath(path)))
        verdict = "passed" if status == 0 else f"failed (status {status})"
        rows.append(f"<tr><td>{html.escape(prof)}</td><td class=\"{'ok' if status == 0 else 'bad'}\">{verdict}</td>"
                    f"<td>{'<br>'.join(html.escape(line) for line in lines)}</td>"
                    f"<td><a href=\"{html.escape(href)}\">{html.escape(rel)}</a></td></tr>")
    bad = sum(1 for r in runs if r[1])
    page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>warpref lockstep regression: every profile</title>"
            "<style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:left;vertical-align:top}"
            ".ok{color:#070}.bad{color:#b00}</style></head><body>\n"
            f"<h1>Lockstep regression, every profile: {len(runs) - bad} passed, {bad} failed</h1>\n"
            "<table><tr><th>profile</th><th>verdict</th><th>closing lines</th><th>report</th></tr>\n"
            + "\n".join(rows) + "\n</table></body></html>\n")
    write_atomic(path, page)
