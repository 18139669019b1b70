#!/usr/bin/env python3
"""check_qualify.py - the CI smoke of scripts/qualify (docs/qualify.md):
ten mutants of the RTL stub at -j 2 through a 2-seed regression, with the
coverage build (not reached, --explain).  Pinned by their text (not their
numbers, which move when the RTL changes): the issue signal's `!init_q`
dropped (nothing issues: killed, a hang), `ur_i < 6'd63` made `<=` (lint:
CMPCONST: stillborn, never counted as killed), two survivors the infection
run must sort (`>= IMEM_DEPTH` made `>`: never infected; the barrier unit's
`issue && legal` made `||`: infected, not propagated; both with a reviewed
reason of rtl_stub/qualify-reasons.txt); six more of the seed's order get
some verdict.  The infection probe broken both ways (--infect-break never:
the kill is then unsound, status 1; always: the never-infected one is
classed infected), a stale reviewed reason (status 2).  The viable ones run on the schema build, the
stillborn one is blamed by the schema's lint and linted on its own; the
killed and a surviving mutant get the same verdict (seed, field, rule,
instructions) with a build of their own (--no-schema).  Then the outputs (table, JUnit valid against
tests/junit/junit.xsd, the HTML page), --resume after a mutant's verdict
is lost (a kill before its result was written), --explain, and bad
arguments (status 2, one line).

    check_qualify.py --build-dir BUILD"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUALIFY = os.path.join(HERE, "scripts", "qualify")
FAILED = []


def verdict(r):
    """what must be equal through the schema build and a build of its own:
    the verdict, the detecting seed, field, rule and instructions, the
    regression that killed, and a stillborn's first lint message's kind"""
    v = {k: r.get(k) for k in ("status", "seed", "field", "rule", "retired", "by", "stage")}
    v["why"] = ":".join(r.get("why", "").split(":")[:2])
    return v


def check(what, ok, extra=""):
    print(f"{'ok' if ok else 'FAIL'}: {what}" + (f" ({extra})" if extra and not ok else ""))
    if not ok:
        FAILED.append(what)


def run(args, timeout=900):
    p = subprocess.run([sys.executable, QUALIFY] + args, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True)
    a = ap.parse_args()
    base = ["--build-dir", a.build_dir]
    regress = ("{regress} --seeds 1-2 -j 1 --no-waves --quiet --no-rebuild --tb {tb} --warpref {warpref} "
               "--out {out}")

    # bad arguments: one line, status 2, before any build
    for args, msg in ((["--ops", "eq,foo"], "qualify: --ops: unknown operator 'foo' (operators: eq, logic, bit, not, "
                                            "rel, arith, const, bool, ternary)"),
                      (["--regress-cmd", "true {out}"], "qualify: --regress-cmd: no {tb} in 'true {out}'"),
                      (["--mutants", "0"], None),
                      (["--explain", "999999"], None)):
        rc, out, err = run(base + args)
        lines = err.strip().splitlines()
        check(f"{args}: status 2, one line", rc == 2 and len(lines) == 1, f"{rc} {err!r}")
        if msg:
            check(f"{args}: the message", lines == [msg], err)

    # a reviewed reason whose line is gone is stale: one line, status 2, before any build
    tmp = tempfile.mkdtemp(prefix="qualify-reasons-")
    try:
        stale = os.path.join(tmp, "reasons.txt")
        with open(stale, "w") as f:
            f.write("# a line edited since\nrtl_stub/warpref_core.sv logic\n  line: assign gone = a && b;\n"
                    "  why: equivalent: it was\n")
        rc, out, err = run(base + ["--reasons", stale])
        check("a stale reason: status 2, its line", rc == 2 and err.strip().splitlines() ==
              [f"qualify: --reasons: {stale}:2: stale reason: no line 'assign gone = a && b;' in "
               "rtl_stub/warpref_core.sv"], f"{rc} {err!r}")
        rc, out, err = run(base + ["--reasons", stale, "--list"])
        check("--list with a stale reason: status 2, its line", rc == 2 and "stale reason" in err, f"{rc} {err!r}")
        # --list marks the mutants a record covers: the stub's file has the `>= IMEM_DEPTH` one
        rc, out, err = run(base + ["--list"])
        marked = [ln for ln in out.splitlines() if ln.startswith("M") and "  [reviewed: " in ln]
        check("--list: the reviewed mutants marked, and counted", rc == 0 and any(
            "warpref_core.sv" in ln and " rel '>=' -> '>'  [reviewed: " in ln for ln in marked)
            and re.search(r"^qualify: --reasons \S+qualify-reasons.txt: %d of them with a reviewed reason$"
                          % len(marked), out, re.M) is not None, out[-1500:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    # the long regression's knob: +gen_weights= writes what warpref gen --weights writes
    tmp = tempfile.mkdtemp(prefix="qualify-weights-")
    try:
        prog = os.path.join(tmp, "p.s")
        p = subprocess.run([os.path.join(a.build_dir, "tb", "tb_lockstep"), "+gen_seed=7", f"+program={prog}",
                            "+gen_weights=sleep=40,barrier=30", f"+result={os.path.join(tmp, 'r.json')}"],
                           capture_output=True, text=True, timeout=300)
        g = subprocess.run([os.path.join(a.build_dir, "model", "warpref"), "gen", "--seed", "7", "--weights",
                            "sleep=40,barrier=30"], capture_output=True, text=True, timeout=300)
        with open(prog) as f:
            text = f.read()
        d = subprocess.run([os.path.join(a.build_dir, "model", "warpref"), "gen", "--seed", "7"],
                           capture_output=True, text=True, timeout=300)
        check("+gen_weights=: warpref gen --weights's program, not the default one",
              p.returncode == 0 and text == g.stdout and text != d.stdout, p.stdout[-500:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    # the mutants, pinned by their text
    rc, out, err = run(base + ["--list"])
    check("--list: status 0", rc == 0, err)
    rows = [ln.split(" ", 4) for ln in out.splitlines() if ln.startswith("M")]

    def find(file, op, snippet):
        for r in rows:
            fname, line = r[1].split(":")[0], int(r[1].split(":")[1])
            if fname.endswith(file) and r[2] == op:
                with open(os.path.join(HERE, fname)) as f:
                    if snippet in f.read().split("\n")[line - 1]:
                        return int(r[0][1:])
        return None

    def find_at(file, op, snippet, at):
        """the mutant of op at the column where `at` starts in the line holding snippet"""
        for r in rows:
            fname, line, col = r[1].split(":")[0], int(r[1].split(":")[1]), int(r[1].split(":")[2])
            if fname.endswith(file) and r[2] == op:
                with open(os.path.join(HERE, fname)) as f:
                    text = f.read().split("\n")[line - 1]
                if snippet in text and text.find(at, text.find(snippet)) + 1 == col:
                    return int(r[0][1:])
        return None

    kill = find("warpref_core.sv", "not", "assign issue = run_i && pick_valid && !init_q")
    still = find("warpref_regfile.sv", "rel", "ur_i < 6'd63 ?")
    # infection (docs/qualify.md "Infection"): `>= IMEM_DEPTH` made `>` differs only at a fetch
    # of the instruction memory's end, which no program reaches (never infected); the barrier
    # unit's `issue && legal` made `||` differs whenever nothing issues and the word is legal,
    # masked by the core's own gating (infected, not propagated)
    never = find_at("warpref_core.sv", "rel", "c_apc[63:4] >= 60'(IMEM_DEPTH)", ">=")
    infected = find_at("warpref_core.sv", "logic", ".issue_i(issue && legal && !fetch_fault)", "&&")
    check("the pinned mutants are generated", None not in (kill, still, never, infected),
          f"{kill} {still} {never} {infected}")
    if None in (kill, still, never, infected):
        return 1
    others = [int(r[0][1:]) for r in rows if int(r[0][1:]) not in (kill, still, never, infected)][:6]
    ids = [kill, still, never, infected] + others
    out_dir = tempfile.mkdtemp(prefix="qualify-smoke-")
    try:
        common = ["-j", "2", "--regress-cmd", regress, "--long-seeds", "3-4", "--warp-seeds", "0", "--weight-seeds", "0",
                  "--judge-seeds", "1-4"]
        args = base + ["--ids", ",".join(map(str, ids)), "--out", out_dir] + common
        rc, out, err = run(args)
        print(out)
        check("qualify: status 0", rc == 0, err[-2000:])
        verdicts = dict(re.findall(r"^M(\d{4})\s+(\w+)", out, re.M))
        check("the certain kill is killed", verdicts.get(f"{kill:04d}") == "killed", str(verdicts))
        check("the lint failure is stillborn", verdicts.get(f"{still:04d}") == "stillborn", str(verdicts))
        check("every mutant has a verdict", len(verdicts) == 10
              and set(verdicts.values()) <= {"killed", "survived", "stillborn", "timeout"}, str(verdicts))
        last = out.strip().splitlines()[-1]
        check("the closing line", re.fullmatch(r"qualify: 10 of \d+ mutants: \d+ viable, \d+ killed \(\d+ of them "
                                               r"only by the long regression\), \d+ survived \(\d+ not reached\), "
                                               r"\d+ stillborn, \d+ timeout; [\d.]+ % of viable killed, "
                                               r"[\d.]+ % of viable reached", last) is not None, last)
        check("the RTL coverage line", re.search(r"RTL coverage of the default regression: lines \d+ of \d+", out)
              is not None)
        junit = os.path.join(out_dir, "junit.xml")
        xsd = os.path.join(HERE, "tests", "junit", "junit.xsd")
        if shutil.which("xmllint"):
            p = subprocess.run(["xmllint", "--noout", "--schema", xsd, junit], capture_output=True, text=True)
            check("the JUnit XML is valid", p.returncode == 0, p.stderr)
        with open(junit) as f:
            x = f.read()
        check("JUnit: 10 test cases, the stillborn skipped", 'tests="10"' in x and
              f"M{still:04d}" in x and "<skipped message=\"stillborn: lint:" in x)
        with open(os.path.join(out_dir, "report.html")) as f:
            page = f.read()
        check("the report: survivors, killed and stillborn sections",
              all(f'id="{s}-sec"' in page for s in ("survivors", "killed", "stillborn")))
        check("the report: a reason column", "<th>reason</th>" in page and 'class="reason">reviewed: equivalent:'
              in page)
        check("JUnit: a survivor with a reviewed reason is skipped with it",
              '<skipped message="survived: reviewed: equivalent:' in x, x[-3000:])
        check("the survivors' reasons line", re.search(r"^qualify: survivors by reason: \d+ not reached, \d+ never "
                                                      r"infected \(seeds 1-4\), \d+ infected, not propagated, ",
                                                      out, re.M) is not None, out[-1500:])
        check("the infection run: every job as on the design's own build",
              "qualify: infection: seeds 1-4 (4 jobs) in " in err and
              "the same verdict, instructions and cycles as the design's own build on 2 jobs" in err, err[-3000:])

        # the schema build (docs/qualify.md "Mutant schemata"): the viable
        # mutants ran on it, the stillborn one was blamed by its lint and
        # built on its own (lint first, as with --no-schema); the killed and
        # a surviving mutant again with a build each (--no-schema): the same
        # verdicts, seeds, fields and instructions to detection
        res = {}
        for i in ids:
            with open(os.path.join(out_dir, f"M{i:04d}", "result.json")) as f:
                res[i] = json.load(f)
        check("the viable mutants ran on the schema build",
              all(r.get("build") == "schema" for r in res.values() if r["status"] != "stillborn"),
              str({i: r.get("build") for i, r in res.items()}))
        check("the stillborn mutant: blamed by the schema's lint, a build of its own",
              res[still].get("build") == "own" and res[still].get("own_why") ==
              "its arm drew a lint warning in the schema", str(res[still].get("own_why")))
        check("the schema build's time line", "qualify: the schema build (once, " in out)
        carried = [i for i, r in res.items() if r.get("carried")]
        check("the per-mutant time line (the viable ones run, not those the infection run carried)",
              f"qualify: per mutant on the schema build (median of {9 - len(carried)})" in out, out[-2000:])
        check("the infection run's time line", re.search(r"^qualify: the infection run \(once, 9 mutants probed\): "
                                                        r"lint \d+ s, build \d+ s, seeds 1-4 \(4 jobs\) [\d.]+ s; "
                                                        f"{len(carried)} never-infected mutants carried without a run$",
                                                        out, re.M) is not None, out[-2000:])
        check("the never-infected survivor was carried (no regression of its own)", never in carried, str(carried))

        # the infection classes of the two pinned survivors, and the kill's infection
        def inf(i):
            return res[i].get("infection") or {}
        check("never infected: evaluated, never differed; its reason",
              res[never]["status"] == "survived" and res[never].get("reason_class") == "never infected"
              and inf(never).get("calls", 0) > 0 and inf(never).get("diffs") == 0
              and res[never]["reason"].startswith("never infected over seeds 1-4: its expression, evaluated "),
              json.dumps(res[never])[:1500])
        check("infected survivor: differed, not propagated; its reason",
              res[infected]["status"] == "survived" and res[infected].get("reason_class") == "infected"
              and inf(infected).get("diffs", 0) > 0
              and res[infected]["reason"].startswith("infected, not propagated: its expression differed "),
              json.dumps(res[infected])[:1500])
        check("the killed mutant was infected", inf(kill).get("diffs", 0) > 0, json.dumps(inf(kill)))
        # the judge's seeds beyond the regression's (3-4) run only where the infection run saw the
        # mutant differ: the seeds of each job, recorded per mutant
        with open(os.path.join(out_dir, "infect", "infect.json")) as f:
            by_seed = json.load(f).get("infected_seeds", {})

        def seeds_of(spec):
            out = set()
            for part in filter(None, spec.split(",")):
                a, _, b = part.partition("-")
                out.update(range(int(a), int(b or a) + 1))
            return out
        check("the infection run records the infecting seeds of each mutant, within the judge's",
              by_seed.get(str(kill)) and seeds_of(by_seed[str(kill)]) <= {1, 2, 3, 4}
              and str(never) not in by_seed and by_seed.get(str(infected)), json.dumps(by_seed))
        check("the kill's seed infected it", res[kill].get("seed") in seeds_of(by_seed.get(str(kill), "")),
              f"{res[kill].get('seed')} {by_seed.get(str(kill))}")
        check("the infected survivor's judge ran exactly its infecting seeds of 3-4",
              res[infected].get("judge_jobs") == len(seeds_of(by_seed.get(str(infected), "")) & {3, 4}),
              f"{res[infected].get('judge_jobs')} {by_seed.get(str(infected))}")
        check("the never-infected survivor ran no long regression", not res[never].get("long_stages"),
              str(res[never].get("long_stages")))
        # a broken probe is caught: differences never recorded (the kill is then "never infected":
        # the run is unsound, status 1), or recorded on every call (the never-infected one is not)
        brk = ["--ids", f"{kill},{never},{infected}", "--no-triage", "--no-coverage", "-j", "2", "--regress-cmd", regress,
               "--run-uninfected"]
        rc3, out3, err3 = run(base + brk + ["--out", os.path.join(out_dir, "never"), "--infect-break", "never"])
        check("a probe that never records: unsound, status 1",
              rc3 == 1 and f"qualify: the infection run is unsound: M{kill:04d} killed by seed " in out3,
              f"{rc3} {out3[-1500:]} {err3[-1500:]}")
        rc4, out4, err4 = run(base + brk + ["--out", os.path.join(out_dir, "always"), "--infect-break", "always"])
        with open(os.path.join(out_dir, "always", f"M{never:04d}", "result.json")) as f:
            r4 = json.load(f)
        check("a probe that always records: the never-infected mutant is classed infected (the check above fails)",
              rc4 == 0 and r4.get("reason_class") == "infected", f"{rc4} {r4.get('reason_class')} {err4[-1500:]}")
        # a regression that cannot run on a mutant (status 2, no job's result: a bad option, a
        # relinked tool) is an error, never a kill
        cant = f"sh -c 'test {{mutant}} = 0 || exit 2; exec \"$0\" \"$@\"' " + regress.replace(" --mutant {mutant}", "")
        rc6, out6, err6 = run(base + ["--ids", str(kill), "--no-triage", "--no-coverage", "--no-infection", "-j", "1",
                                      "--regress-cmd", cant, "--out", os.path.join(out_dir, "cant")])
        check("a regression that exits 2 on the mutant: error, status 1",
              rc6 == 1 and re.search(rf"^M{kill:04d}\s+error", out6, re.M) is not None, f"{rc6} {out6[-1500:]} {err6[-800:]}")
        survivor = next((i for i in [infected] + others if res[i]["status"] == "survived"), None)
        sample = [kill] + ([survivor] if survivor else [])
        own_dir = os.path.join(out_dir, "own")
        rc2, out2, err2 = run(base + ["--ids", ",".join(map(str, sample)), "--no-schema", "--no-coverage", "--out",
                                      own_dir] + common)
        check("--no-schema: status 0", rc2 == 0, err2[-2000:])
        check("--no-schema: the per-mutant time line of builds of their own",
              "qualify: per mutant with a build of its own (median of" in out2, out2[-1000:])
        for i in sample:
            with open(os.path.join(own_dir, f"M{i:04d}", "result.json")) as f:
                r = json.load(f)
            mine, theirs = verdict(r), verdict(res[i])
            check(f"M{i:04d}: the schema's verdict is its own build's ({res[i]['status']})",
                  mine == theirs and r.get("build") == "own", f"{mine} {theirs}")
        check("the sample has a survivor", survivor is not None, str({i: r["status"] for i, r in res.items()}))

        # --explain: the mutant, its line's coverage, the rules and paths
        rc, out, err = run(base + ["--out", out_dir, "--explain", str(kill)])
        check("--explain: status 0", rc == 0, err)
        check("--explain: the mutant and its verdict", f"mutant M{kill:04d}: rtl_stub/warpref_core.sv:" in out
              and "verdict: killed" in out, out)
        # (a continuous assignment has no line point of Verilator's: '-')
        rc5, out5, err5 = run(base + ["--out", out_dir, "--explain", str(infected)])
        check("--explain: the infection counts and the reasons",
              re.search(r"^infection over seeds 1-4 \(4 jobs\): its expression evaluated \d+ times, differed \d+ "
                        r"times$", out5, re.M) is not None and "reviewed reason (" in out5
              and "reason: infected, not propagated: " in out5, out5)
        check("--explain: the line's coverage", re.search(r"^ >\s*(\d+|-)\s+\d+\s+assign issue", out, re.M)
              is not None and "line coverage of the default regression (" in out, out)

        # --resume: a mutant whose verdict was never written (killed before
        # its end) runs again, the others are kept
        os.unlink(os.path.join(out_dir, f"M{kill:04d}", "result.json"))
        rc, out, err = run(args + ["--resume"])
        check("--resume: status 0", rc == 0, err[-2000:])
        check("--resume: one mutant to run", "--resume: 9 of 10 mutants have their verdict, 1 to run" in err, err)
        check("--resume: the same verdicts", dict(re.findall(r"^M(\d{4})\s+(\w+)", out, re.M)) == verdicts)

        # --slurm (the stand-in Slurm of tests/fake/slurm): the two pinned
        # mutants again as a job array, the first task dying once (submitted
        # again), the same verdicts
        for m in (kill, still):
            os.unlink(os.path.join(out_dir, f"M{m:04d}", "result.json"))
        env = dict(os.environ, PATH=os.path.join(HERE, "tests", "fake", "slurm") + os.pathsep + os.environ["PATH"],
                   FAKE_SLURM_DIR=os.path.join(out_dir, "fake-slurm"), FAKE_SLURM="die-once:0")
        p = subprocess.run([sys.executable, QUALIFY] + args + ["--resume", "--slurm", "--poll", "1"],
                           capture_output=True, text=True, timeout=900, env=env)
        check("--slurm: status 0", p.returncode == 0, p.stderr[-2000:])
        check("--slurm: the dead task submitted again", "ended NODE_FAIL without finishing; submitting it once more"
              in p.stderr, p.stderr[-2000:])
        check("--slurm: the same verdicts", dict(re.findall(r"^M(\d{4})\s+(\w+)", p.stdout, re.M)) == verdicts,
              p.stdout)
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    print(f"{0 if FAILED else 1} passed, {1 if FAILED else 0} failed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
