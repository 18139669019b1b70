#!/usr/bin/env python3
"""check_verdicts.py - how scripts/regress says its verdict, with the
stand-in testbench (tests/fake/tb_lockstep, no Verilator): the console's
ending (the coverage line, the jobs with the failures last, the first
failure's files and reproduce command, the report's path, the closing line)
in clean mode and in bug mode ('bug detected' / 'bug NOT detected' per bug,
k of n seeds, the first seed, the median instructions; 'N detected, N
missed'; exit 1 for a missed bug), and the JUnit XML: valid against the
schema shipped in tests/junit/junit.xsd (xmllint), time/errors/skipped, a
failure's body (first divergence, dump, waves, reproduce), an error apart
from a failure, a testcase per bug with its detecting seeds; --all-bugs
with one bug detected and one missed.  The schema
itself is shown to refuse a file with a misspelt count.

Usage: check_verdicts.py WARPREF
Prints `N passed, N failed`; exit 77 (skipped) without xmllint."""
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
from clitest import check  # noqa: E402

FAKE_TB = os.path.join(HERE, "fake", "tb_lockstep")
XSD = os.path.join(HERE, "junit", "junit.xsd")


def validate(path_or_text):
    """(ok, xmllint's words) for a file, or for text given as bytes"""
    if isinstance(path_or_text, bytes):
        p = subprocess.run(["xmllint", "--noout", "--schema", XSD, "-"], input=path_or_text, capture_output=True)
    else:
        p = subprocess.run(["xmllint", "--noout", "--schema", XSD, path_or_text], capture_output=True)
    return p.returncode == 0, p.stderr.decode(errors="replace")


def main():
    warpref = sys.argv[1]
    if not shutil.which("xmllint"):
        print("SKIP: no xmllint (Debian's libxml2-utils; scripts/install-deps installs it)")
        return 77
    tmp = tempfile.mkdtemp(prefix="check-verdicts-")
    base = [sys.executable, os.path.join(ROOT, "scripts", "regress"), "--tb", FAKE_TB, "--warpref", warpref,
            "-j", "1", "--quiet", "--seeds", "1-4"]

    def run(args, fake="", name="run"):
        env = dict(os.environ, FAKE_TB=fake)
        p = subprocess.run(base + ["--out", os.path.join(tmp, name)] + args, capture_output=True, text=True,
                           env=env, timeout=300)
        return p.returncode, p.stdout, p.stderr, os.path.join(tmp, name)

    # ---- clean mode, one mismatch and one job in error ---------------------------------
    rc, so, se, out = run([], "2:mismatch,3:noresult", "clean")
    lines = so.rstrip("\n").split("\n")
    check("clean: exit 1, the closing line", rc == 1 and lines[-1] == "2 passed, 2 failed", f"{rc}\n{so}{se}")
    check("clean: the report's path before it", lines[-2] == f"regress: report {out}/report.html", lines[-3:])
    cov = [i for i, l in enumerate(lines) if l.startswith("coverage: ")]
    table = [i for i, l in enumerate(lines) if l.startswith("job ")]
    rows = [l.split()[0] for l in lines if re.match(r"^seed-\d ", l)]
    check("clean: the coverage line first, then the jobs, the failures last",
          cov == [0] and len(table) == 1 and table[0] > 0 and rows == ["seed-1", "seed-4", "seed-2", "seed-3"],
          f"{cov} {table} {rows}\n{so}")
    check("clean: the coverage line (the stand-in's results carry no path hits)",
          lines[0] == "coverage: no result carries path hits", lines[:1])
    first = so[so.index("first failure seed-2: "):]
    check("clean: the first failure's line, files and reproduce command",
          first.startswith("first failure seed-2: mismatch at cycle 5: active: warp 0 pc 0x10 BRA: 1 field differ\n"
                           f"  dump      {out}/seed-2/dump.txt\n  waves     {out}/seed-2/waves.fst\n"
                           f"  reproduce {FAKE_TB} +program={out}/seed-2/prog.s ") and "+waves_from=" in first, first)
    junit = os.path.join(out, "junit.xml")
    ok, why = validate(junit)
    check("clean: the JUnit XML is valid against tests/junit/junit.xsd", ok, why)
    root = ET.parse(junit).getroot()
    suite = root.find("testsuite")
    check("clean: testsuites > testsuite with tests, failures, errors, skipped, time",
          root.tag == "testsuites" and suite is not None and
          {k: suite.get(k) for k in ("tests", "failures", "errors", "skipped")} ==
          {"tests": "4", "failures": "1", "errors": "1", "skipped": "0"} and float(suite.get("time")) > 0
          and suite.get("timestamp") and root.get("errors") == "1", ET.tostring(root)[:400])
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    check("clean: every case timed", len(cases) == 4 and all(float(c.get("time")) > 0 for c in cases.values()),
          str({n: c.get("time") for n, c in cases.items()}))
    fail = cases["seed-2"].find("failure")
    body = fail.text if fail is not None else ""
    check("clean: the mismatch a failure with its body",
          fail is not None and fail.get("type") == "mismatch" and
          fail.get("message") == "mismatch at cycle 5: active: warp 0 pc 0x10 BRA: 1 field differ" and
          body.startswith("first divergence: mismatch at cycle 5: active: warp 0 pc 0x10 BRA: 1 field differ\n"
                          "first differing field: active (N-12): model 0x1, RTL 0x0 (lanes 0x00000001)\n")
          and f"\ndump:             {out}/seed-2/dump.txt\n" in body
          and f"\nwaves:            {out}/seed-2/waves.fst\n" in body
          and f"\nreproduce:        {FAKE_TB} +program={out}/seed-2/prog.s" in body, body)
    err = cases["seed-3"].find("error")
    check("clean: the job in error an error, not a failure",
          err is not None and cases["seed-3"].find("failure") is None and err.get("type") == "error"
          and err.get("message") == "error: the testbench exited 1 without a result"
          and err.text.startswith("failure: error: the testbench exited 1 without a result\n")
          and f"\nlog:              {out}/seed-3/log.txt\n" in err.text, ET.tostring(cases["seed-3"]))
    # the schema is not vacuous: a misspelt count, a case without its time, a stray element
    text = open(junit, "rb").read()
    for what, bad in (("a misspelt count", text.replace(b' errors="1"', b' errrors="1"', 1)),
                      ("a case without time", text.replace(b'name="seed-1" time=', b'name="seed-1" tyme=')),
                      ("a stray element", text.replace(b"</properties>", b"</properties><note/>"))):
        ok, why = validate(bad)
        check(f"the schema refuses {what}", not ok and "fails to validate" in why, why)

    # ---- bug mode: detected by 2 of 4 seeds ------------------------------------------------
    rc, so, se, out = run(["--bug", "fake_bug"], "2:mismatch,4:mismatch", "bug")
    lines = so.rstrip("\n").split("\n")
    check("bug: exit 0, the verdict per bug, then the closing line", rc == 0 and lines[-2:] == [
        "fake_bug: bug detected by 2 of 4 seeds, first seed 2, median 6 instructions to detection (active, N-12)",
        "1 detected, 0 missed"], f"{rc}\n{so}{se}")
    check("bug: the report's path", lines[-3] == f"regress: report {out}/report.html", lines[-4:])
    check("bug: the bug table in words",
          re.search(r"^fake_bug +bug detected +2 of 4 +2 +6  active +N-12 +\S+/fake_bug/seed-2/waves\.fst$", so, re.M)
          and "passed" not in so, so)
    page = open(os.path.join(out, "report.html")).read()
    check("bug: the report's badge says it", 'class="verdict PASS" id="verdict">bug detected<' in page, page[:1500])
    junit = os.path.join(out, "junit.xml")
    ok, why = validate(junit)
    check("bug: the JUnit XML is valid", ok, why)
    suite = ET.parse(junit).getroot().find("testsuite")
    cases = suite.findall("testcase")
    outtext = cases[0].findtext("system-out") if cases else ""
    check("bug: one testcase per bug, its time, its detecting seeds",
          len(cases) == 1 and cases[0].get("classname") == "warpref.bugs" and cases[0].get("name") == "fake_bug"
          and float(cases[0].get("time")) > 0 and cases[0].find("failure") is None
          and suite.get("failures") == "0" and suite.get("errors") == "0"
          and "\ndetecting seeds: 2, 4\n" in outtext
          and f"seed 2: mismatch at cycle 5: active: warp 0 pc 0x10 BRA: 1 field differ (retired 6)\n"
              f"  dump {out}/fake_bug/seed-2/dump.txt  waves {out}/fake_bug/seed-2/waves.fst\n" in outtext,
          ET.tostring(suite)[-1500:])

    # ---- bug mode: not detected, and a job in error ----------------------------------------
    rc, so, se, out = run(["--bug", "fake_bug"], "3:noresult", "missed")
    lines = so.rstrip("\n").split("\n")
    check("missed: exit 1, 'bug NOT detected', the closing line counts it", rc == 1 and lines[-2:] == [
        "fake_bug: bug NOT detected (0 of 4 seeds)", "0 detected, 1 missed, 1 job in error"], f"{rc}\n{so}{se}")
    check("missed: the job in error listed", re.search(r"^fake_bug/seed-3 +error ", so, re.M), so)
    page = open(os.path.join(out, "report.html")).read()
    check("missed: the report's badge says it",
          'class="verdict FAIL" id="verdict">bug NOT detected, 1 job in error<' in page, page[:1500])
    junit = os.path.join(out, "junit.xml")
    ok, why = validate(junit)
    check("missed: the JUnit XML is valid", ok, why)
    suite = ET.parse(junit).getroot().find("testsuite")
    cases = {c.get("name"): c for c in suite.findall("testcase")}
    f = cases.get("fake_bug").find("failure") if "fake_bug" in cases else None
    check("missed: the bug a failure, the job in error an error",
          f is not None and f.get("message") == "bug NOT detected: 0 of 4 seeds" and f.get("type") == "not-detected"
          and cases.get("fake_bug/seed-3") is not None and cases["fake_bug/seed-3"].find("error") is not None
          and suite.get("tests") == "2" and suite.get("failures") == "1" and suite.get("errors") == "1",
          ET.tostring(suite)[-1500:])

    # ---- --all-bugs: one bug detected, one missed ----------------------------------------------
    p = subprocess.run(base + ["--all-bugs", "--out", os.path.join(tmp, "all")], capture_output=True, text=True,
                       env=dict(os.environ, FAKE_TB="bug_a/1:mismatch,bug_a/3:mismatch", FAKE_TB_BUGS="bug_a,bug_b"),
                       timeout=300)
    out = os.path.join(tmp, "all")
    lines = p.stdout.rstrip("\n").split("\n")
    check("all bugs: exit 1, a line per bug, the closing line", p.returncode == 1 and lines[-4:] == [
        f"regress: report {out}/report.html",
        "bug_a: bug detected by 2 of 4 seeds, first seed 1, median 6 instructions to detection (active, N-12)",
        "bug_b: bug NOT detected (0 of 4 seeds)", "1 detected, 1 missed"], f"{p.returncode}\n{p.stdout}{p.stderr}")
    page = open(os.path.join(out, "report.html")).read()
    check("all bugs: the badge counts, the missed bug named under it",
          'class="verdict FAIL" id="verdict">1 detected, 1 missed<' in page and
          '<p class="missed" id="missed">bug NOT detected: <span class="mono">bug_b</span> (' in page, page[:1500])
    ok, why = validate(os.path.join(out, "junit.xml"))
    suite = ET.parse(os.path.join(out, "junit.xml")).getroot().find("testsuite")
    check("all bugs: the JUnit XML valid, a testcase per bug", ok and
          [(c.get("name"), c.find("failure") is not None) for c in suite.findall("testcase")] ==
          [("bug_a", False), ("bug_b", True)] and suite.get("failures") == "1", why)

    if not clitest.failed:
        shutil.rmtree(tmp)
    clitest.finish()


if __name__ == "__main__":
    sys.exit(main())
