#!/usr/bin/env python3
"""check_qualify_kit.py - scripts/qualify on the kit's template design, run as
a team runs it on its own RTL (docs/integrate.md, "Qualifying your design"):
the design's file set (--rtl: the stub's files in the template's order), its
build command (--build-cmd: the template's Verilator line of "Building",
from the source tree, {files} in place of the RTL) and its regression
(--regress-cmd: kit/example/regress.sh, generated programs of seeds 1-3
through the template; --long-cmd: the same on seeds 4-9).  Two mutants,
pinned by their text (their numbers move when the RTL changes): the issue
signal's `!init_q` dropped (nothing issues: killed by seed 1, the checker's
hang) and a `||` inside `SASS && (...)` made `&&` (the template's core is
native, SASS is 0: survived, after the long regression).  Then the closing
line, the JUnit XML (valid against tests/junit/junit.xsd), the report, and
the regression's own outputs kept with --keep.

    check_qualify_kit.py --build-dir BUILD"""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(HERE, "tests"))
import clitest  # noqa: E402
from clitest import check, read_json  # noqa: E402

QUALIFY = os.path.join(HERE, "scripts", "qualify")
# the design's files, packages first (tb/meson.build's rtl_stub_sv)
RTL = ["warpref_isa_pkg.sv", "warpref_rtl_pkg.sv", "warpref_bru.sv", "warpref_bcu.sv", "warpref_bcu_ptx.sv",
       "warpref_bcu_visa.sv", "warpref_alu.sv", "warpref_regfile.sv", "warpref_cmem.sv", "warpref_sched.sv",
       "warpref_core.sv"]


def run(args, timeout=1500):
    p = subprocess.run([sys.executable, QUALIFY] + args, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def build_cmd(build):
    """the template's build as docs/integrate.md gives it, from the source tree"""
    q = shlex.quote
    kit = [os.path.join(HERE, "dpi", "warpref_pkg.sv"), os.path.join(HERE, "kit", "warpref_retire_if.sv"),
           os.path.join(HERE, "kit", "warpref_checker.sv")]
    top = [os.path.join(HERE, "kit", "warpref_trace_writer.sv"), os.path.join(HERE, "kit", "example", "tb_template.sv")]
    libs = [os.path.join(build, "kit", "libwarpref_dpi_template.a"), os.path.join(build, "model", "libwarpref.a")]
    make = "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O0" + (" OBJCACHE=ccache" if shutil.which("ccache") else "")
    return ("verilator --binary --timing -j 2 --quiet-exit --top-module tb_template --output-split 3000 "
            "--Mdir {dir}/obj -o {tb} "
            + " ".join("-I" + q(d) for d in (os.path.join(HERE, "dpi"), os.path.join(build, "tb"),
                                             os.path.join(HERE, "kit", "example")))
            + f" -MAKEFLAGS {q(make)} " + " ".join(q(f) for f in kit) + " {files} "
            + " ".join(q(f) for f in top + libs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True)
    a = ap.parse_args()
    build = os.path.abspath(a.build_dir)
    regress = os.path.join(HERE, "kit", "example", "regress.sh")
    design = ["--rtl"] + [os.path.join(HERE, "rtl_stub", f) for f in RTL]
    team = design + ["--build-cmd", build_cmd(build),
                     "--regress-cmd", f"{shlex.quote(regress)} --warpref {{warpref}} {{tb}} {{out}} 1-3",
                     "--long-cmd", f"{shlex.quote(regress)} --warpref {{warpref}} {{tb}} {{out}} 4-9",
                     "--warpref", os.path.join(build, "model", "warpref")]

    # --long-cmd belongs to a regression of one's own
    rc, _, err = run(design + ["--long-cmd", "x {tb} {out}"])
    check("--long-cmd without --regress-cmd: status 2, one line", rc == 2 and err.strip() ==
          "qualify: --long-cmd: only with a --regress-cmd of your own (scripts/regress's long regression is "
          "--long-seeds, --warp-seeds and --weight-seeds)", f"{rc} {err!r}")
    rc, _, err = run(team[:-4] + ["--long-cmd", "x {out}"])
    check("--long-cmd without {tb}: status 2, one line", rc == 2 and err.strip() ==
          "qualify: --long-cmd: no {tb} in 'x {out}'", f"{rc} {err!r}")

    rc, out, err = run(design + ["--list"])
    check("--list: status 0", rc == 0, err)
    rows = [ln.split(" ", 4) for ln in out.splitlines() if ln.startswith("M")]

    def find(file, op, old, snippet, at):
        """the mutant of op changing `old` where `at` starts, on the line holding snippet"""
        for r in rows:
            fname, line, col = r[1].split(":")[0], int(r[1].split(":")[1]), int(r[1].split(":")[2])
            if fname.endswith(file) and r[2] == op and r[3] == repr(old):
                with open(os.path.join(HERE, fname)) as f:
                    text = f.read().split("\n")[line - 1]
                if snippet in text and text.find(at, text.index(snippet)) == col - 1:
                    return int(r[0][1:])
        return None

    kill = find("warpref_core.sv", "not", "!", "assign issue = run_i && pick_valid && !init_q", "!init_q")
    surv = find("warpref_bcu.sv", "logic", "||", "sass_bar    = SASS && (", "||")
    if not check("the pinned mutants are generated", kill is not None and surv is not None, f"{kill} {surv}"):
        clitest.finish()
    tmp = tempfile.mkdtemp(prefix="qualify-kit-")
    try:
        rc, out, err = run(team + ["--ids", f"{kill},{surv}", "-j", "1", "--keep", "--out", tmp])
        print(out)
        check("qualify: status 0", rc == 0, err[-3000:])
        verdicts = dict(re.findall(r"^M(\d{4})\s+(\w+)", out, re.M))
        check("the issue mutant is killed", verdicts.get(f"{kill:04d}") == "killed", str(verdicts))
        check("the sass-only mutant survives", verdicts.get(f"{surv:04d}") == "survived", str(verdicts))
        rk = read_json(os.path.join(tmp, f"M{kill:04d}", "result.json")) or {}
        check("the kill: by seed 1 of kit/example/regress.sh, the checker's hang",
              rk.get("seed") == 1 and rk.get("job") == "seed-1" and rk.get("how") == "hang"
              and rk.get("by") == "default", str(rk))
        check("the kill: its detail in the table", re.search(rf"^M{kill:04d}\s+killed\s+not\s+warpref_core\.sv:\d+\s+"
                                                         r".*seed 1 hang( \([^)]*\))? after \d+ instr", out, re.M) is not None, out)
        rs = read_json(os.path.join(tmp, f"M{surv:04d}", "result.json")) or {}
        check("the survivor ran the long regression (--long-cmd, one stage) and passed it",
              rs.get("long_stages") == 1 and rs.get("jobs") == 3, str(rs))
        longs = sorted(os.listdir(os.path.join(tmp, f"M{surv:04d}", "long", "stage-0")))
        check("the long regression: seeds 4-9 through the mutant",
              longs == [f"seed-{s}" for s in range(4, 10)], str(longs))
        # (whether the regression was stopped before seed 3 is a race: a hang of the template is
        # found in milliseconds, the three jobs may all end before qualify looks; the verdict's
        # seed 1, above, is what the first failing job decides)
        last = out.strip().splitlines()[-1]
        check("the closing line", re.fullmatch(r"qualify: 2 of \d+ mutants: 2 viable, 1 killed \(0 of them only by "
                                               r"the long regression\), 1 survived \(0 not reached\), 0 stillborn, "
                                               r"0 timeout; 50\.0 % of viable killed, 50\.0 % of viable reached", last)
              is not None, last)
        junit = os.path.join(tmp, "junit.xml")
        if shutil.which("xmllint"):
            p = subprocess.run(["xmllint", "--noout", "--schema", os.path.join(HERE, "tests", "junit", "junit.xsd"),
                                junit], capture_output=True, text=True)
            check("the JUnit XML is valid", p.returncode == 0, p.stderr)
        with open(junit) as f:
            x = f.read()
        check("JUnit: 2 test cases, the survivor a failure", 'tests="2"' in x and 'failures="1"' in x
              and f"M{surv:04d}" in x, x[:600])
        with open(os.path.join(tmp, "report.html")) as f:
            page = f.read()
        check("the report: the survivor and the parameters", f"M{surv:04d}" in page and 'id="survivors"' in page
              and "kit/example/regress.sh" in page and "4-9" in page)
    finally:
        if not clitest.failed:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print(f"(kept {tmp})")
    clitest.finish()


if __name__ == "__main__":
    main()
