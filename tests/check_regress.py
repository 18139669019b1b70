#!/usr/bin/env python3
"""check_regress.py - scripts/regress against the lockstep testbench: a tiny
clean regression (5 generated seeds) passes; with an injected bug every seed
detects it, each failing job is run again with waves (the dump names
OUT/JOB/waves.fst, the result says reproduced); the bug table, JUnit XML,
--resume, and a bad argument (exit 2); a regression killed with kill -9 in the
middle resumes (--resume) to the summary of an uninterrupted run without
running a finished job again.  The coverage table of a small regression
under the round-robin scheduler (3 seeds): the lockstep checker's path
counts, through the result files and the regression's sum, equal those of
`warpref run --coverage` on the same programs (the same order: N-50), its
holes are the paths of reach gen with no hit, and --require-coverage fails
on them.

Usage: check_regress.py --tb TB_LOCKSTEP --warpref WARPREF
Prints `N passed, N failed`."""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check, regress_summary  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--warpref', required=True)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix='check-regress-')
    regress = [sys.executable, os.path.join(ROOT, 'scripts', 'regress'), '--tb', a.tb, '--warpref', a.warpref,
               '-j', '1', '--quiet']

    def run(args):
        p = subprocess.run(regress + args, capture_output=True, text=True, timeout=600)
        return p.returncode, p.stdout, p.stderr

    # clean
    out = os.path.join(tmp, 'clean')
    rc, so, se = run(['--seeds', '1-5', '--out', out])
    check('clean: exit %d\n%s%s' % (rc, so, se), rc == 0 and so.rstrip().endswith('5 passed, 0 failed'))
    for s in range(1, 6):
        r = json.load(open(os.path.join(out, 'seed-%d' % s, 'result.json')))
        check('clean seed %d: %s' % (s, r), r.get('status') == 'pass' and r.get('compared', 0) > 0)
    junit = open(os.path.join(out, 'junit.xml')).read()
    check('clean junit: ' + junit[:200], 'tests="5" failures="0"' in junit)
    # resume: nothing runs again
    rc, so, se = run(['--seeds', '1-5', '--out', out, '--resume'])
    r = json.load(open(os.path.join(out, 'seed-3', 'result.json')))
    check('resume: exit %d %s' % (rc, so), rc == 0 and so.rstrip().endswith('5 passed, 0 failed'))

    # one injected bug: detected, the failing job again with waves
    out = os.path.join(tmp, 'bug')
    rc, so, se = run(['--seeds', '3-5', '--bug', 'bar_no_reset', '--out', out])
    check('bug: exit %d\n%s%s' % (rc, so, se),
          rc == 0 and re.search(r'\nbar_no_reset: bug detected by 3 of 3 seeds, first seed 3, median \d+ '
                                r'instructions to detection \(write\.barrier, N-38\)\n1 detected, 0 missed\n$', so)
          and re.search(r'^bar_no_reset +bug detected +3 of 3 +3 ', so, re.M))
    for s in range(3, 6):
        d = os.path.join(out, 'bar_no_reset', 'seed-%d' % s)
        r = json.load(open(os.path.join(d, 'result.json')))
        waves = os.path.join(d, 'waves.fst')
        dump = open(os.path.join(d, 'dump.txt')).read()
        dj = json.load(open(os.path.join(d, 'dump.json')))
        check('bug seed %d: %s' % (s, r),
              r.get('status') == 'mismatch' and r.get('field') == 'write.barrier' and r.get('reproduced') is True
              and r.get('waves') == waves and os.path.getsize(waves) > 0
              and ('  waves       ' + waves) in dump and dj.get('waves') == waves
              and '+waves=' + waves in dj.get('reproduce', ''))
    junit = open(os.path.join(out, 'junit.xml')).read()
    check('bug junit: ' + junit[:300], 'tests="1" failures="0"' in junit)

    # coverage: the table of 3 seeds under rr equals the standalone model's
    out = os.path.join(tmp, 'cov')
    rc, so, se = run(['--seeds', '1-3', '--sched', 'rr', '--out', out])
    listing = subprocess.run([a.warpref, 'paths'], capture_output=True, text=True).stdout
    plist = [l.split(None, 3)[:3] for l in listing.splitlines() if l and not l.startswith('#')]
    want = {name: 0 for name, _, _ in plist}
    for s in range(1, 4):
        cov = os.path.join(tmp, 'cov-%d.txt' % s)
        subprocess.run([a.warpref, 'run', os.path.join(out, 'seed-%d' % s, 'prog.s'), '--coverage', cov],
                       capture_output=True)
        for line in open(cov):
            if not line.startswith('#'):
                name, hits = line.split()[:2]
                want[name] += int(hits)
        res = json.load(open(os.path.join(out, 'seed-%d' % s, 'result.json')))
        check('seed %d: result paths %s' % (s, res.get('paths')),
              sum(res.get('paths', {}).values()) >= res.get('compared', 0) > 0 and
              all(n > 0 for n in res['paths'].values()))
    table = open(os.path.join(out, 'coverage.txt')).read()
    rows = [l.split() for l in table.splitlines()[1:] if len(l.split()) == 4 and l.split()[1].isdigit()]
    check('coverage: exit %d, the table is not the list in order:\n%s' % (rc, table),
          rc == 0 and [r[0] for r in rows] == [p[0] for p in plist])
    summary = [l for l in table.splitlines() if l.startswith('coverage: ')]
    check('coverage: the console has one line, not the table:\n%s' % so,
          len(summary) == 1 and so.startswith(summary[0] + ' (semantic paths over the 3 jobs, docs/semantics.md; '
                                              'the table: %s)\n' % os.path.join(out, 'coverage.txt'))
          and table.splitlines()[0] not in so)
    for name, hits, rules, reach in rows:
        check('coverage: %s %s %s %s, the standalone runs %d' % (name, hits, rules, reach, want[name]),
              int(hits) == want[name] and [name, rules, reach] in plist)
    holes = [p[0] for p in plist if p[2] == 'gen' and not want[p[0]]]
    check('coverage: holes %s\n%s' % (holes, table), ('holes: ' + (', '.join(holes) if holes else 'none')) in table)
    check('coverage: 3 seeds take every path of reach gen; the --require-coverage check below needs a hole',
          holes != [])
    rc, so, se = run(['--seeds', '1-3', '--sched', 'rr', '--out', out, '--resume', '--require-coverage'])
    check('coverage: --require-coverage exit %d\n%s' % (rc, so[-400:]),
          rc == 1 and ('--require-coverage: %d path(s) of reach gen never taken' % len(holes)) in so)
    # kill -9 in the middle, then --resume: the summary of an uninterrupted run,
    # and no job that had finished runs again
    args = ['--seeds', '1-8', '--size', '1500', '--bug', 'bar_no_reset']
    rc, full, se = run(args + ['--out', os.path.join(tmp, 'full')])
    check('uninterrupted: exit %d\n%s%s' % (rc, full, se),
          rc == 0 and full.rstrip().endswith('\n1 detected, 0 missed'))
    out = os.path.join(tmp, 'killed')
    p = subprocess.Popen(regress + args + ['--out', out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    results = lambda: [s for s in range(1, 9) if os.path.exists(os.path.join(out, 'bar_no_reset', 'seed-%d' % s,
                                                                               'result.json'))]
    t0 = time.monotonic()
    while len(results()) < 3 and p.poll() is None and time.monotonic() - t0 < 120:
        time.sleep(0.02)
    os.killpg(p.pid, signal.SIGKILL)
    p.wait()
    done = results()
    logs = {s: os.stat(os.path.join(out, 'bar_no_reset', 'seed-%d' % s, 'log.txt')).st_mtime_ns for s in done}
    check('killed after %s finished jobs' % done,
          3 <= len(done) < 8 and not os.path.exists(os.path.join(out, 'junit.xml')))
    rc, so, se = run(args + ['--out', out, '--resume'])
    check('resumed: exit %d\n%s%s\n--- uninterrupted:\n%s' % (rc, so, se, full),
          rc == 0 and regress_summary(so) == regress_summary(full))
    check(se, 'regress: --resume: %d of 8 jobs finished before, %d to run' % (len(done), 8 - len(done)) in se)
    check('a finished job ran again',
          all(os.stat(os.path.join(out, 'bar_no_reset', 'seed-%d' % s, 'log.txt')).st_mtime_ns == logs[s]
              for s in done))
    left = [f for r, _, fs in os.walk(out) for f in fs if f.startswith('.tmp-')]
    check('temporary files left: %s' % left, not left)

    # bad arguments
    for args in (['--seeds', 'x'], ['--bug', 'no_such_bug'], ['--threads', '0'], ['--sched', 'fifo']):
        rc, so, se = run(args + ['--out', os.path.join(tmp, 'bad')])
        check('bad %s: exit %d %s' % (args, rc, se), rc == 2)

    if not clitest.failed:
        subprocess.run(['rm', '-rf', tmp])
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
