#!/usr/bin/env python3
"""check_regress_batch.py - many jobs per testbench process in scripts/regress
(docs/regression.md "Jobs per process").

- +gen_seed=: the program the testbench generates in-process (and its word
  list) is byte for byte what `warpref gen --seed S ...` writes: the
  regression's options (--exceptions 25 --wide-links --words), --size and
  --threads, and the classic programs (no options).
- A batched regression (one testbench process per worker, jobs through
  +jobs=-) and the same with --no-batch (a process a job) give every job the
  same result file (but its seconds), the same program, word list, dump,
  GTKWave save file and log (a job's line for the run's summary line)
  bytes, and the same summary: --seeds N seeds (default 50) clean and with an injected bug.
- A job that crashes the testbench process is that job's error (named), one
  that hangs is that job's timeout, and the other jobs pass: the worker starts
  a new process after each (a testbench that crashes on one seed and hangs on
  another, wrapped around the real one).
- Nothing of a job's waves or failure reaches the next job of a process (the
  GTKWave save file of a failing run is its own).

(That a killed batched regression resumes to an uninterrupted run's summary
is tests/check_regress.py's kill -9 case: regress batches by default.)

Usage: check_regress_batch.py --tb TB_LOCKSTEP --warpref WARPREF [--seeds N]
Prints `N passed, N failed`."""
import argparse
import json
import os
import re
import shlex
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check, regress_summary  # noqa: E402


def read(path):
    try:
        with open(path, 'rb') as f:
            return f.read()
    except OSError:
        return None


# a testbench around the real one (REAL_TB): +jobs=- as the real one does it,
# each job run by the real testbench alone, but the job of +seed=CRASH kills
# the process (SIGSEGV) and the job of +seed=HANG never ends; each start is
# a line in STARTS
FAKE_TB = r'''#!/usr/bin/env python3
import os, shlex, signal, subprocess, sys, time
real = os.environ["REAL_TB"]
if "+jobs=-" not in sys.argv:
    os.execv(real, [real] + sys.argv[1:])
with open(os.environ["STARTS"], "a") as f:
    f.write("start\n")
n = 0
for line in sys.stdin:
    n += 1
    words = shlex.split(line)
    if "+seed=" + os.environ["CRASH"] in words:
        os.kill(os.getpid(), signal.SIGSEGV)
    if "+seed=" + os.environ["HANG"] in words:
        time.sleep(1000)
    p = subprocess.run([real] + words, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    lines = [l for l in p.stdout.decode().splitlines() if not l.endswith(" failed") or "passed," not in l]
    sys.stdout.write("".join(l + "\n" for l in lines))
    sys.stdout.write("tb_lockstep: job %d ((standard input):%d): exit %d\n" % (n, n, p.returncode))
    sys.stdout.flush()
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--warpref', required=True)
    ap.add_argument('--seeds', type=int, default=50)
    a = ap.parse_args()
    a.tb, a.warpref = os.path.abspath(a.tb), os.path.abspath(a.warpref)
    tmp = tempfile.mkdtemp(prefix='check-regress-batch-')
    regress = [sys.executable, os.path.join(ROOT, 'scripts', 'regress'), '--warpref', a.warpref, '--quiet']

    # 1. the program of +gen_seed= is warpref gen's, byte for byte
    cases = [(s, ['--exceptions', '25', '--wide-links'], ['+gen_exceptions=25', '+gen_wide_links'], True)
             for s in range(1, 11)]
    cases += [(7, ['--size', '60', '--threads', '100'], ['+gen_size=60', '+gen_threads=100'], False),
              (3, [], [], False), (12, ['--exceptions', '100', '--size', '40'], ['+gen_exceptions=100', '+gen_size=40'], True)]
    jobs = []
    for i, (seed, gopts, plus, words) in enumerate(cases):
        d = os.path.join(tmp, 'gen-%d' % i)
        os.makedirs(d)
        cmd = [a.warpref, 'gen', '--seed', str(seed), '-o', os.path.join(d, 'gen.s')] + gopts
        if words:
            cmd += ['--words', os.path.join(d, 'gen.words')]
        g = subprocess.run(cmd, capture_output=True, text=True)
        check('%s: exit %d %s' % (cmd, g.returncode, g.stderr), g.returncode == 0)
        job = ['+gen_seed=%d' % seed] + plus + ['+program=' + os.path.join(d, 'tb.s'),
                                                '+result=' + os.path.join(d, 'r.json'), '+dump=' + os.path.join(d, 'dump')]
        if words:
            job.append('+words=' + os.path.join(d, 'tb.words'))
        jobs.append(' '.join(shlex.quote(w) for w in job))
    lst = os.path.join(tmp, 'gen-jobs.txt')
    with open(lst, 'w') as f:
        f.write('\n'.join(jobs) + '\n')
    p = subprocess.run([a.tb, '+jobs=' + lst], capture_output=True, text=True, timeout=300)
    check('+gen_seed= jobs: exit %d\n%s' % (p.returncode, p.stdout[-2000:]),
          p.returncode == 0 and p.stdout.rstrip().endswith('%d passed, 0 failed' % len(cases)))
    for i, (seed, gopts, _, words) in enumerate(cases):
        d = os.path.join(tmp, 'gen-%d' % i)
        check('seed %d %s: +gen_seed= wrote another program than warpref gen' % (seed, gopts),
              read(os.path.join(d, 'gen.s')) is not None and read(os.path.join(d, 'gen.s')) == read(os.path.join(d, 'tb.s')))
        if words:
            check('seed %d %s: +gen_seed= wrote another word list than warpref gen --words' % (seed, gopts),
                  read(os.path.join(d, 'gen.words')) is not None and
                  read(os.path.join(d, 'gen.words')) == read(os.path.join(d, 'tb.words')))

    # 2. batched == a process a job, clean and with a bug
    seeds = '1-%d' % a.seeds
    for bug in ([], ['--bug', 'bar_no_reset']):
        res = {}
        for mode in ('batch', 'single'):
            out = os.path.join(tmp, 'reg-%s-%s' % (mode, 'bug' if bug else 'clean'))
            extra = [] if mode == 'batch' else ['--no-batch']
            r = subprocess.run(regress + ['--tb', a.tb, '--seeds', seeds, '-j', '2', '--out', out] + bug + extra,
                               capture_output=True, text=True, timeout=900)
            res[mode] = (r, out)
        (rb, ob), (rs, os_) = res['batch'], res['single']
        what = 'bug' if bug else 'clean'
        check('%s: exit %d/%d\n%s%s' % (what, rb.returncode, rs.returncode,
                                                                           rb.stdout[-1500:], rb.stderr[-800:]),
              rb.returncode == rs.returncode == 0)
        check('%s: summaries differ\n%s\n--- single:\n%s' % (what, rb.stdout, rs.stdout),
              regress_summary(rb.stdout) == regress_summary(rs.stdout))
        sub = 'bar_no_reset' if bug else ''
        nfail = 0
        for s in range(1, a.seeds + 1):
            db, ds = os.path.join(ob, sub, 'seed-%d' % s), os.path.join(os_, sub, 'seed-%d' % s)
            jb, js = json.loads(read(os.path.join(db, 'result.json')) or b'{}'), json.loads(read(os.path.join(ds, 'result.json')) or b'{}')
            for j in (jb, js):
                j.pop('seconds', None)
            nfail += jb.get('status') != 'pass'
            jb_w, js_w = jb.pop('waves', None), js.pop('waves', None)
            check('%s seed %d: results differ\n%s\n%s' % (what, s, jb, js),
                  jb and jb == js and (jb_w is None) == (js_w is None))
            for f in ('prog.s', 'prog.words', 'tb-result.json', 'dump.txt', 'dump.json', 'waves.gtkw', 'log.txt'):
                fb, fs = read(os.path.join(db, f)), read(os.path.join(ds, f))
                if fb is not None:
                    fb = fb.replace(ob.encode(), b'OUT')
                    if f == 'log.txt':       # a job's line stands for the summary line of the run alone
                        fb = re.sub(rb'(?m)^tb_lockstep: job \d+ \(\(standard input\):\d+\): exit (\d+)$',
                                    lambda m: b'1 passed, 0 failed' if m.group(1) == b'0' else b'0 passed, 1 failed', fb)
                if fs is not None:
                    fs = fs.replace(os_.encode(), b'OUT')
                check('%s seed %d: %s differs' % (what, s, f), fb == fs)
        check('%s: %d of %d jobs failed' % (what, nfail, a.seeds), bool(bug) == (nfail > 0))

    # 3. a job that crashes the process, one that hangs: named, the others pass
    fake = os.path.join(tmp, 'fake_tb')
    with open(fake, 'w') as f:
        f.write(FAKE_TB)
    os.chmod(fake, os.stat(fake).st_mode | stat.S_IXUSR)
    starts = os.path.join(tmp, 'starts.txt')
    env = dict(os.environ, REAL_TB=a.tb, STARTS=starts, CRASH='3', HANG='5')
    out = os.path.join(tmp, 'crash')
    r = subprocess.run(regress + ['--tb', fake, '--seeds', '1-7', '-j', '1', '--timeout', '3', '--out', out],
                       capture_output=True, text=True, timeout=300, env=env)
    st = {s: json.loads(read(os.path.join(out, 'seed-%d' % s, 'result.json')) or b'{}') for s in range(1, 8)}
    check('crash: exit %d\n%s%s' % (r.returncode, r.stdout, r.stderr),
          r.returncode == 1 and r.stdout.rstrip().endswith('5 passed, 2 failed'))
    check('crash: seed 3 %s' % st[3],
          st[3].get('status') == 'error' and st[3].get('why') == 'the testbench exited -11 during the job (a crash)')
    check('hang: seed 5 %s' % st[5], st[5].get('status') == 'timeout' and st[5].get('why') == 'no end within 3 s')
    check('the others: %s' % st, all(st[s].get('status') == 'pass' for s in (1, 2, 4, 6, 7)))
    check('processes started: %r (1 + one after the crash, one after the hang)'
          % read(starts),
          (read(starts) or b'').count(b'start') == 3)
    check('the crashing job is named in the summary:\n' + r.stdout, 'seed-3' in r.stdout and 'a crash' in r.stdout)

    # 4. nothing of a job's waves or failure reaches the next job: a failing
    # job with waves, then one without (no GTKWave save file, none in the
    # working directory), then one with waves whose save file is its own
    d = os.path.join(tmp, 'leak')
    os.makedirs(d)
    gen = ['+gen_exceptions=25', '+gen_wide_links', '+bug=bar_no_reset']

    def job(seed, name, waves):
        w = ['+gen_seed=%d' % seed, '+program=%s/%s.s' % (d, name), '+words=%s/%s.words' % (d, name),
             '+dump=%s/%s-dump' % (d, name), '+result=%s/%s.json' % (d, name)] + gen
        return w + (['+waves=%s/%s.fst' % (d, name)] if waves else [])
    lst = [job(1, 'a', True), job(3, 'b', False), job(3, 'c', True)]
    with open(os.path.join(d, 'jobs.txt'), 'w') as f:
        f.write(''.join(' '.join(shlex.quote(w) for w in j) + '\n' for j in lst))
    p = subprocess.run([a.tb, '+jobs=' + os.path.join(d, 'jobs.txt')], capture_output=True, text=True, cwd=d, timeout=120)
    check('leak: %s' % p.stdout[-1000:], p.returncode == 1 and p.stdout.rstrip().endswith('0 passed, 3 failed'))
    alone = subprocess.run([a.tb] + job(3, 'c1', True), capture_output=True, text=True, cwd=d, timeout=120)
    check('leak: c alone exit %d' % alone.returncode, alone.returncode == 1)
    names = sorted(os.listdir(d))
    check('leak: a job without waves wrote a save file: %s' % names, 'b.gtkw' not in names and '.gtkw' not in names)
    cg, c1g = read(os.path.join(d, 'c.gtkw')), read(os.path.join(d, 'c1.gtkw'))
    check("leak: the save file of a job after another's failure is not the run alone's",
          cg is not None and cg.replace(b'c.fst', b'X') == (c1g or b'').replace(b'c1.fst', b'X'))

    if not clitest.failed:
        subprocess.run(['rm', '-rf', tmp])
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
