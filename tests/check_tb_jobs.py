#!/usr/bin/env python3
"""check_tb_jobs.py - many runs in one testbench process: tb_lockstep
+jobs=FILE (docs/lockstep.md, "Many runs in one process").

  same      a job list of generated programs, clean and with a bug (one with
            waves), run in one process: every job's result file and dump are
            byte for byte those of the same command line run alone, its
            waves hold the same design; one line per job, then the counts
  isolated  a failing job, then a refused one (a bad plusarg, a program that
            does not assemble, an unterminated quote, +jobs= inside a job),
            then a passing one: each ends as alone, the next is not touched
  stdin     +jobs=- takes the jobs a line at a time from a pipe: each job's
            line comes before the next job is written (the shrinker's way)
  lines     blank and # lines are skipped; '...' and "..." quote words

Usage: check_tb_jobs.py --tb TB_LOCKSTEP --warpref WARPREF
Prints `N passed, N failed`."""
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from clitest import check, finish  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tb", required=True)
    ap.add_argument("--warpref", required=True)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="check-tb-jobs-")
    tb = os.path.abspath(a.tb)

    def tb_run(args, **kw):
        return subprocess.run([tb] + args, capture_output=True, text=True, cwd=tmp, timeout=120, **kw)

    # ---- same: each job as alone ---------------------------------------------------------
    progs = []
    for seed in (1, 2, 3):
        p = os.path.join(tmp, f"g{seed}.s")
        subprocess.run([a.warpref, "gen", "--seed", str(seed), "-o", p], check=True)
        progs.append(p)
    jobs = []                     # (name, the job's plusargs)
    for k, p in enumerate(progs):
        for bug in ("", "bsync_highest", "bar_no_reset"):
            name = f"j{k}{bug}"
            args = [f"+program={p}", f"+dump={name}-dump", f"+result={name}.json"] + ([f"+bug={bug}"] if bug else [])
            if k == 0 and bug == "bsync_highest":
                args.append(f"+waves={name}.fst")
            jobs.append((name, args))
    common = ["+sched=own", "+seed=-"]
    with open(os.path.join(tmp, "jobs.txt"), "w") as f:
        f.write("# generated programs, clean and with two bugs\n\n")
        for _, args in jobs:
            f.write(" ".join(args) + "\n")
    batch = tb_run(["+jobs=jobs.txt"] + common)
    lines = batch.stdout.splitlines()
    joblines = [l for l in lines if re.match(r"tb_lockstep: job \d+ ", l)]
    # every file of the batch, then the same runs alone
    kept = {}
    for name, _ in jobs:
        for ext in ("-dump.txt", "-dump.json", ".json", ".fst"):
            f = os.path.join(tmp, name + ext)
            if os.path.exists(f):
                os.rename(f, f + ".batch")
                kept[name + ext] = f
    statuses, alone_out = [], []
    for name, args in jobs:
        r = tb_run(args + common)
        statuses.append(r.returncode)
        alone_out.append([l for l in r.stdout.splitlines() if not re.match(r"\d+ passed, \d+ failed$", l)])
    check("same: the job lines give each run's exit status", joblines == [
        f"tb_lockstep: job {k + 1} (jobs.txt:{k + 3}): exit {st}" for k, st in enumerate(statuses)],
        f"{joblines} {statuses}")
    check("same: some jobs fail, some pass", 0 in statuses and 1 in statuses, str(statuses))
    check("same: the summary lines of each run, in order", [l for l in lines if not l.startswith("tb_lockstep: job ")
                                                            and not re.match(r"(tb_lockstep: \d+ jobs|\d+ passed)", l)]
          == [l for out in alone_out for l in out], batch.stdout)
    npass, nfail = statuses.count(0), statuses.count(1)
    check("same: the counts", lines[-2:] == [f"tb_lockstep: {len(jobs)} jobs: {npass} passed, {nfail} failed, 0 refused",
                                             f"{npass} passed, {nfail} failed"] and batch.returncode == 1,
          f"{batch.returncode} {lines[-2:]}")
    for key, f in sorted(kept.items()):
        if key.endswith(".fst"):
            continue
        check(f"same: {key} byte for byte", os.path.exists(f) and open(f + ".batch", "rb").read() == open(f, "rb").read(),
              f"{f}.batch against {f}")
    fst = [f for k, f in kept.items() if k.endswith(".fst")]
    check("same: the waves", len(fst) == 1 and os.path.getsize(fst[0] + ".batch") > 1000
          and abs(os.path.getsize(fst[0] + ".batch") - os.path.getsize(fst[0])) < 64, str(fst))
    check("same: 12 files compared", len(kept) >= 3 * 3 + 6, str(sorted(kept)))

    # ---- isolated: a failure or a refusal does not touch the next job ------------------
    bad = os.path.join(ROOT, "tests", "bad", "in", "asm-unknown-mnemonic.s")
    ok = os.path.join(ROOT, "tests", "programs", "bar_red.s")
    with open(os.path.join(tmp, "iso.txt"), "w") as f:
        f.write(f"+program={progs[0]} +bug=bsync_highest +dump=i1-dump +result=i1.json\n"
                f"+program={ok} +frob=1\n"
                f"+program={bad}\n"
                f"+program='{ok} +dump=x\n"
                f"  +program={ok} +jobs=more.txt\n"
                f"+program={ok} +result=i6.json\n")
    r = tb_run(["+jobs=iso.txt"])
    want = [f"tb_lockstep: MISMATCH {progs[0]}: ",
            "tb_lockstep: job 1 (iso.txt:1): exit 1",
            "tb_lockstep: unknown argument '+frob=1' (tb_lockstep +help lists the plusargs, docs/lockstep.md)",
            "tb_lockstep: job 2 (iso.txt:2): exit 2",
            f"tb_lockstep: {bad}:1:1: error: unknown mnemonic 'FROB'",
            "tb_lockstep: job 3 (iso.txt:3): exit 2",
            "tb_lockstep: iso.txt:4:10: unterminated quote",
            "tb_lockstep: job 4 (iso.txt:4): exit 2",
            f"tb_lockstep: iso.txt:5:{len(f'  +program={ok} ') + 1}: +jobs= inside a job",
            "tb_lockstep: job 5 (iso.txt:5): exit 2",
            f"tb_lockstep: PASS {ok}: end done at t=",
            "tb_lockstep: job 6 (iso.txt:6): exit 0",
            "tb_lockstep: 6 jobs: 1 passed, 1 failed, 4 refused",
            "1 passed, 5 failed"]
    got = (r.stdout + r.stderr).splitlines()
    # (stderr's lines come after stdout's: compare them apart)
    out = r.stdout.splitlines()
    err = r.stderr.splitlines()
    check("isolated: the lines", len(out) + len(err) == len(want) and
          err == ["tb_lockstep: unknown argument '+frob=1' (tb_lockstep +help lists the plusargs, docs/lockstep.md)"] and
          all(o.startswith(w) for o, w in zip(out, [w for w in want if "+frob" not in w])), "\n".join(got))
    alone = tb_run([f"+program={ok}", "+result=i6-alone.json"])
    check("isolated: the last job's result as alone", r.returncode == 2 and alone.returncode == 0 and
          open(os.path.join(tmp, "i6.json")).read() == open(os.path.join(tmp, "i6-alone.json")).read(),
          f"{r.returncode} {alone.stdout}")

    # ---- stdin: a job at a time through a pipe --------------------------------------------
    p = subprocess.Popen([tb, "+jobs=-", "+sched=own"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         cwd=tmp, bufsize=1)
    seen = []
    for k, args in enumerate([[f"+program={progs[1]}", "+bug=bsync_highest", "+dump=s1-dump", "+result=s1.json"],
                              [f"+program={ok}", "+result=s2.json"]]):
        p.stdin.write(" ".join(shlex.quote(x) for x in args) + "\n")
        p.stdin.flush()
        while True:
            line = p.stdout.readline()
            if not line or line.startswith("tb_lockstep: job "):
                seen.append(line.rstrip("\n"))
                break
        check(f"stdin: job {k + 1} done before the next is written", os.path.exists(os.path.join(tmp, f"s{k + 1}.json")),
              str(seen))
    p.stdin.close()
    rest = p.stdout.read().splitlines()
    rc = p.wait()
    check("stdin: the job lines, the counts", seen == ["tb_lockstep: job 1 ((standard input):1): exit 1",
                                                       "tb_lockstep: job 2 ((standard input):2): exit 0"]
          and rest == ["tb_lockstep: 2 jobs: 1 passed, 1 failed, 0 refused", "1 passed, 1 failed"] and rc == 1,
          f"{seen} {rest} {rc}")

    # ---- lines: quoting, blank and comment lines ----------------------------------------
    spaced = os.path.join(tmp, "a dir")
    os.makedirs(spaced)
    shutil.copy(ok, os.path.join(spaced, "it's.s"))
    with open(os.path.join(tmp, "q.txt"), "w") as f:
        f.write("\n   \n# a comment\n"
                "+program='a dir/it'\\''s.s' \"+result=a dir/q1.json\"\n"
                "+program=a\\ dir/it\\'s.s +result=\"a dir/q\\\"2.json\"\n")
    r = tb_run(["+jobs=q.txt"])
    check("lines: quoted words", r.returncode == 0 and os.path.exists(os.path.join(spaced, "q1.json"))
          and os.path.exists(os.path.join(spaced, 'q"2.json')) and
          "tb_lockstep: job 1 (q.txt:4): exit 0" in r.stdout and "tb_lockstep: job 2 (q.txt:5): exit 0" in r.stdout,
          r.stdout + r.stderr)
    r = tb_run(["+jobs=" + os.path.join(tmp, "empty.txt")]) if open(os.path.join(tmp, "empty.txt"), "w").close() is None \
        else None
    check("lines: an empty list", r.returncode == 0 and r.stdout.splitlines() == [
        "tb_lockstep: 0 jobs: 0 passed, 0 failed, 0 refused", "0 passed, 0 failed"], r.stdout)

    if not clitest.failed:
        shutil.rmtree(tmp, ignore_errors=True)
    finish()


if __name__ == "__main__":
    main()
