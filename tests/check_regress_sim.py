#!/usr/bin/env python3
"""check_regress_sim.py - scripts/regress where the testbench and Slurm are
stand-ins (tests/fake/tb_lockstep, tests/fake/slurm/), to simulate what the
real ones seldom do: no false pass (a job that compared 0 instructions, a
log without its final summary line, a result lost: #results != #jobs, a
result cut in half, each failing the regression with its line), --resume
after a doctored result, the Slurm backend (the same summary as a local run,
a task that dies once and is submitted again, one that dies twice and is
never a pass, sbatch refusing, the options passed to sbatch), the report of
a failure with its lane x time picture (drawn by `warpref view --dump`,
tests/check_view.py tests the command itself).  Runs without Verilator.

Usage: check_regress_sim.py WARPREF
Prints `N passed, N failed`."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import clitest  # noqa: E402
from clitest import check, regress_summary as norm  # noqa: E402

FAKE_TB = os.path.join(HERE, "fake", "tb_lockstep")
FAKE_SLURM = os.path.join(HERE, "fake", "slurm")
def main():
    warpref = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix="check-regress-sim-")
    base = [sys.executable, os.path.join(ROOT, "scripts", "regress"), "--tb", FAKE_TB, "--warpref", warpref,
            "-j", "1", "--quiet", "--seeds", "1-4"]

    def run(args, env=None, name="run"):
        e = dict(os.environ)
        e.pop("FAKE_TB", None)
        e.update(env or {})
        p = subprocess.run(base + ["--out", os.path.join(tmp, name)] + args, capture_output=True, text=True,
                           env=e, timeout=300)
        return p.returncode, p.stdout, p.stderr

    def leftovers(d):
        return [os.path.join(r, f) for r, _, fs in os.walk(d) for f in fs if f.startswith(".tmp-")]

    # ---- a clean run: results, JUnit, the report, nothing half-written left
    rc, so, se = run([], name="clean")
    check("clean", rc == 0 and so.rstrip().endswith("4 passed, 0 failed"), f"{rc}\n{so}{se}")
    out = os.path.join(tmp, "clean")
    for s in range(1, 5):
        r = json.load(open(os.path.join(out, f"seed-{s}", "result.json")))
        check(f"clean seed {s} result", r.get("status") == "pass" and r.get("compared") == 10, str(r))
    check("clean junit", 'tests="4" failures="0"' in open(os.path.join(out, "junit.xml")).read())
    page = open(os.path.join(out, "report.html")).read()
    check("clean report", 'class="verdict PASS"' in page and 'id="params"' in page and 'id="totals"' in page
          and 'id="failures-none"' in page and 'id="coverage-na"' in page, page[:300])
    check("clean: no temporary file left", not leftovers(out), str(leftovers(out)))
    local = norm(so)

    # ---- no false pass, each case simulated
    rc, so, se = run([], {"FAKE_TB": "2:zero"}, name="zero")
    check("0 compared fails", rc == 1 and re.search(r"^seed-2 +error .*the run compared 0 instructions$", so, re.M)
          and so.rstrip().endswith("3 passed, 1 failed"), f"{rc}\n{so}{se}")
    rc, so, se = run([], {"FAKE_TB": "3:nosummary"}, name="nosummary")
    check("no summary line fails", rc == 1 and "regress: NOT A PASS: seed-3 its log lacks the testbench's final "
          "summary line ('N passed, N failed'), yet the result says pass\n" in so
          and so.rstrip().endswith("3 passed, 1 failed"), f"{rc}\n{so}{se}")
    rc, so, se = run([], {"FAKE_TB": "2:noend"}, name="noend")
    check("a pass whose end was not checked fails", rc == 1 and
          "regress: NOT A PASS: seed-2 passed without its end checked against the model's (no end_checked in "
          "its result)\n" in so and so.rstrip().endswith("3 passed, 1 failed"), f"{rc}\n{so}{se}")
    rc, so, se = run([], {"FAKE_TB": "4:noresult"}, name="noresult")
    check("no result from the testbench fails", rc == 1 and
          re.search(r"^seed-4 +error .*the testbench exited 1 without a result$", so, re.M), f"{rc}\n{so}{se}")

    # ---- --resume: a doctored result (pass, 0 compared) is caught; a half-written one runs again
    out = os.path.join(tmp, "clean")
    r1 = os.path.join(out, "seed-1", "result.json")
    r = json.load(open(r1))
    r["compared"] = 0
    open(r1, "w").write(json.dumps(r))
    r2 = os.path.join(out, "seed-2", "result.json")
    text = open(r2).read()
    open(r2, "w").write(text[:len(text) // 2])
    log3 = os.path.join(out, "seed-3", "log.txt")
    before3 = os.stat(log3).st_mtime_ns
    log2 = os.path.join(out, "seed-2", "log.txt")
    before2 = os.stat(log2).st_mtime_ns
    rc, so, se = run(["--resume"], name="clean")
    check("resume: a half-written result runs again", "regress: --resume: 3 of 4 jobs finished before, 1 to run" in se
          and os.stat(log2).st_mtime_ns != before2 and json.load(open(r2)).get("status") == "pass", se)
    check("resume: finished jobs not run again", os.stat(log3).st_mtime_ns == before3)
    check("resume: a doctored pass with 0 compared fails", rc == 1 and
          "regress: NOT A PASS: seed-1 passed having compared 0 instructions\n" in so, f"{rc}\n{so}{se}")

    # ---- the Slurm backend, with the stand-in Slurm
    sd = os.path.join(tmp, "slurm-state")
    env = {"PATH": FAKE_SLURM + os.pathsep + os.environ["PATH"], "FAKE_SLURM_DIR": sd}
    sl = ["--slurm", "--chunk", "2", "--poll", "1"]
    rc, so, se = run(sl + ["--partition", "night", "--slurm-opts=--time=10 --qos 'low prio'"], env, name="slurm")
    check("slurm: the local run's summary", rc == 0 and norm(so) == local, f"{rc}\n{so}{se}\n--- local:\n{local}")
    calls = [json.loads(l) for l in open(os.path.join(sd, "sbatch.log"))]
    check("slurm: one array of two tasks, the options passed", len(calls) == 1 and "--array=0,1" in calls[0]
          and "--partition=night" in calls[0] and calls[0][-4:-1] == ["--time=10", "--qos", "low prio"], str(calls))
    check("slurm: the report names the backend", "Slurm (partition night, 2 jobs per array task" in
          open(os.path.join(tmp, "slurm", "report.html")).read())

    shutil.rmtree(sd)
    rc, so, se = run(sl, dict(env, FAKE_SLURM="die-once:1"), name="slurm-once")
    check("slurm: a task that died once is submitted again", rc == 0 and norm(so) == local and
          re.search(r"regress: slurm: task 1 of job \d+ \(seed-3\.\.seed-4\) ended NODE_FAIL without finishing; "
                    r"submitting it once more", se) and "(1 task of up to 2 jobs, round 2)" in se, f"{rc}\n{so}{se}")

    shutil.rmtree(sd)
    rc, so, se = run(sl, dict(env, FAKE_SLURM="die:0"), name="slurm-twice")
    check("slurm: a task that died twice is never a pass", rc == 1 and
          re.search(r"^seed-1 +died +0 +0  its Slurm task 0 died twice: TIMEOUT \(job \d+_0\), then TIMEOUT "
                    r"\(job \d+_0\)$", so, re.M) and so.rstrip().endswith("2 passed, 2 failed"), f"{rc}\n{so}{se}")

    shutil.rmtree(sd)
    lost = os.path.join(tmp, "slurm-lost", "seed-2", "result.json")
    rc, so, se = run(sl, dict(env, FAKE_SLURM_LOSE=lost), name="slurm-lost")
    check("slurm: a lost result: #results != #jobs", rc == 1 and
          "regress: NOT A PASS: 4 jobs but 3 results (no result: seed-2)\n" in so and
          re.search(r"^seed-2 +missing ", so, re.M), f"{rc}\n{so}{se}")

    rc, so, se = run(sl, dict(env, FAKE_SLURM="fail"), name="slurm-refused")
    check("slurm: sbatch refuses", rc == 2 and se.strip().splitlines()[-1] == "regress: --slurm: sbatch exited 1: "
          "sbatch: error: Batch job submission failed: Invalid partition name specified", f"{rc}\n{so}{se}")

    # ---- a failure in the report: the first differing field, links, the lane x time picture
    rc, so, se = run(["--seeds", "1-2"], {"FAKE_TB": "2:mismatch"}, name="mismatch")
    page = open(os.path.join(tmp, "mismatch", "report.html")).read()
    check("report: the failure", rc == 1 and 'class="verdict FAIL"' in page and "model 0x1, RTL 0x0 (lanes 0x00000001)"
          in page and 'href="seed-2/dump.json"' in page and 'href="seed-2/waves.fst"' in page, f"{rc}\n{so}{se}")
    svg = page[page.rfind("<svg", 0, page.find('class="lanes"')):]
    svg = svg[:svg.find("</svg>") + 6]
    ns = "{http://www.w3.org/2000/svg}"
    try:
        panels = ET.fromstring(svg).findall(ns + "g")
    except ET.ParseError as e:
        panels = []
        svg += f" (not XML: {e})"
    names = [pn.find(ns + "text").text for pn in panels]
    # lane 0 of ActiveMask in the last of the six steps, outlined in both panels (the first band at y 104)
    marks = [[(c.get("data-t"), r.get("y"), r.get("height")) for c in pn.iter(ns + "g")
              for r in c.findall(ns + "rect") if r.get("class") == "diff"] for pn in panels]
    check("report: the lane x time picture marks the differing lane", 'class="lanes"' in page and
          names == ["model (reference)", "RTL"] and marks == [[("5", "105", "3")]] * 2, f"{names} {marks}")

    # ---- path hits and profiles in the results: the coverage table with its holes (against the
    # list of `warpref paths`), per profile
    extra = '{"paths": {"BRA.div": 2, "BAR.sync_block": 0, "YIELD.switch": 1}, "profile": "sass"}'
    rc, so, se = run(["--seeds", "1-2"], {"FAKE_TB_EXTRA": extra}, name="paths")
    page = open(os.path.join(tmp, "paths", "report.html")).read()
    # a rule ID links to its entry in docs/rules.md, relative to the page
    rules_href = re.escape(os.path.relpath(os.path.join(ROOT, "docs", "rules.md"), os.path.join(tmp, "paths")))

    def rule_a(rid):
        return f'<a href="{rules_href}#{rid.lower()}">{rid}</a>'

    cov = page[page.find('<table id="coverage">'):]
    cov = cov[:cov.find("</table>")]
    listed = [l.split(None, 3)[:3] for l in subprocess.run([warpref, "paths"], capture_output=True,
                                                          text=True).stdout.splitlines() if not l.startswith("#")]
    ngen = sum(1 for r in listed if r[2] == "gen")
    check("report: coverage with its holes", rc == 0 and f"2 of {ngen} paths of reach gen hit; {ngen - 2} holes"
          in page and cov.count("<tr") == len(listed) + 1 and
          re.search(r'<tr class="hole"><td class="mono">BAR\.sync_block</td><td>' + rule_a("N-31") + ","
                    + rule_a("N-35") + r'</td><td>gen</td><td class="num">0</td>', cov) and
          re.search(r'<tr><td class="mono">BRA\.div</td><td>' + rule_a("N-11") +
                    r'</td><td>gen</td><td class="num">4</td>', cov) and
          re.search(r'<tr><td class="mono">BSYNC\.late_release</td><td>' + rule_a("N-21") +
                    r'</td><td>never</td><td class="num">0</td>', cov), cov)
    check("report: the holes listed before the whole table, which is collapsed",
          re.search(r'<ul id="holes">\n(<li class="mono">[^<]+</li>\n){%d}</ul>\n<details><summary>the whole table '
                    r'\(%d paths; holes highlighted\)</summary>\n<table id="coverage">' % (ngen - 2, len(listed)), page)
          and '<li class="mono">BAR.sync_block</li>' in page, page[page.find('id="coverage-sec"'):][:600])
    # the same table in OUT/coverage.txt (scripts/regress), its summary line with the holes on the console
    table = open(os.path.join(tmp, "paths", "coverage.txt")).read()
    line = [l for l in table.splitlines() if l.startswith("coverage: ")]
    check("summary: coverage with its holes", len(line) == 1 and
          so.startswith(line[0] + " (semantic paths over the 2 jobs, docs/semantics.md; the table: "
                        + os.path.join(tmp, "paths", "coverage.txt") + ")\n") and table.splitlines()[0] not in so and
          re.search(r"^BRA\.div +4  N-11 +gen$", table, re.M) and
          f"coverage: 2 of {ngen} paths of reach gen hit; holes: BRA.cond_none, " in table, so[:600] + table[-600:])
    check("report: per profile", '<table id="profiles">' in page and
          '<tr><td>sass</td><td class="num">2</td><td class="num">2</td><td class="num">0</td>'
          '<td class="num">20</td>' in page, page[page.find("Per profile"):][:400])

    if not clitest.failed:
        shutil.rmtree(tmp)
    clitest.finish()


if __name__ == "__main__":
    main()
