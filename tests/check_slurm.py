#!/usr/bin/env python3
"""check_slurm.py - scripts/regress --slurm on a real Slurm cluster (the
one-node cluster of scripts/slurm-cluster; scripts/test-slurm brings it up
and down around this test): a clean regression and one with an injected bug
give the same summary through Slurm as run locally; in the clean one, the
testbench of seed 3 cancels its own array task the first time it runs
(scancel: state CANCELLED), the task is reported and submitted once more,
and the summary is still the local one.  With --build-dir: scripts/qualify
--slurm on three mutants of the stub (a kill, a stillborn, a survivor), the
submitter killed and its array cancelled (scancel) after the first verdict,
then --resume --slurm: the local run's verdicts and closing line.

Usage: check_slurm.py --tb TB_LOCKSTEP --warpref WARPREF [--build-dir BUILD] (SLURM_CONF set)
Prints `N passed, N failed`."""
import argparse
import json
import os
import re
import shutil
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
    ap.add_argument('--build-dir', default=None, help='scripts/qualify --slurm too, on this meson build')
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix='check-slurm-')
    tb = os.path.abspath(a.tb)
    # a testbench that cancels its own Slurm task the first time it runs seed 3
    mark, killer = os.path.join(tmp, 'cancelled-once'), os.path.join(tmp, 'tb_cancel_seed3')
    with open(killer, 'w') as f:
        f.write('#!/bin/sh\ncase " $* " in *" +seed=3 "*)\n'
                f'  if [ ! -e {mark} ]; then\n    touch {mark}\n'
                '    scancel "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"\n    sleep 60\n  fi ;;\nesac\n'
                f'exec {tb} "$@"\n')
    os.chmod(killer, 0o755)

    def regress(args, name, tb=tb):
        p = subprocess.run([sys.executable, os.path.join(ROOT, 'scripts', 'regress'), '--tb', tb, '--warpref',
                            a.warpref, '--quiet', '--out', os.path.join(tmp, name)] + args,
                           capture_output=True, text=True, timeout=600)
        return p.returncode, p.stdout, p.stderr

    slurm = ['--slurm', '--chunk', '2', '--poll', '1']
    clean, bug = ['--seeds', '1-6'], ['--seeds', '1-4', '--bug', 'bar_no_reset']
    rc, local, se = regress(clean + ['-j', '2'], 'local-clean')
    check('local clean', rc == 0 and local.rstrip().endswith('6 passed, 0 failed'), '%d\n%s%s' % (rc, local, se))
    # (--no-batch: the killer recognises seed 3 on its command line, which a batched
    # task's one process (+jobs=-) does not carry; the bug run below is batched)
    rc, so, se = regress(clean + slurm + ['--no-batch'], 'slurm-clean', tb=killer)
    check('slurm clean: the local summary', rc == 0 and regress_summary(so) == regress_summary(local),
          '%d\n%s%s\n--- local:\n%s' % (rc, so, se, local))
    check('slurm clean: the cancelled task reported and submitted again', os.path.exists(mark) and
          re.search(r'regress: slurm: task 1 of job \d+ \(seed-3\.\.seed-4\) ended CANCELLED without finishing; '
                    r'submitting it once more', se) and '(1 task of up to 2 jobs, round 2)' in se, se)
    check('slurm clean: JUnit and report', 'tests="6" failures="0"' in
          open(os.path.join(tmp, 'slurm-clean', 'junit.xml')).read() and
          'Slurm (partition default, 2 jobs per array task' in
          open(os.path.join(tmp, 'slurm-clean', 'report.html')).read())

    rc, local, se = regress(bug + ['-j', '2'], 'local-bug')
    check('local bug', rc == 0 and local.rstrip().endswith('\n1 detected, 0 missed') and
          re.search(r'^bar_no_reset +bug detected +[1-4] of 4 ', local, re.M) is not None,
          '%d\n%s%s' % (rc, local, se))
    rc, so, se = regress(bug + slurm, 'slurm-bug')
    check('slurm bug: the local summary', rc == 0 and regress_summary(so) == regress_summary(local),
          '%d\n%s%s\n--- local:\n%s' % (rc, so, se, local))
    # every job that caught the bug has its dump and its wave file (which seeds
    # catch it depends on the generator's programs)
    caught = []
    for s in range(1, 5):
        job = os.path.join(tmp, 'slurm-bug', 'bar_no_reset', 'seed-%d' % s)
        with open(os.path.join(job, 'result.json')) as f:
            if json.load(f).get('status') != 'pass':
                caught.append(job)
    check('slurm bug: caught by some seed', len(caught) > 0, caught)
    check('slurm bug: dumps and waves', all(os.path.exists(os.path.join(job, f)) and
                                            os.path.getsize(os.path.join(job, f)) > 0
                                            for job in caught for f in ('dump.json', 'waves.fst')), caught)
    if a.build_dir:
        qualify(a, tmp)
    if not clitest.failed:
        shutil.rmtree(tmp)
    clitest.finish()


def qualify(a, tmp):
    """scripts/qualify --slurm: three mutants of the stub (the pinned kill and
    stillborn of qualify-smoke, a sass-only survivor) as a job array of one
    task; the submitter killed and the array cancelled (scancel) once the
    first mutant has its verdict; --resume --slurm runs the other two (a task
    each) and every verdict is the local run's"""
    q = os.path.join(ROOT, 'scripts', 'qualify')
    base = ['--build-dir', a.build_dir, '--no-coverage', '--long-seeds', '3-4', '--warp-seeds', '0',
            '--weight-seeds', '0', '--regress-cmd', '{regress} --seeds 1-2 -j 1 --no-waves --quiet --no-rebuild '
            '--tb {tb} --warpref {warpref} --out {out}']
    p = subprocess.run([sys.executable, q] + base + ['--list'], capture_output=True, text=True, timeout=120)
    rows = [ln.split(' ', 4) for ln in p.stdout.splitlines() if ln.startswith('M')]

    def find(file, op, old, snippet, at):
        """the mutant of op changing `old` where `at` starts, on the line holding snippet"""
        for r in rows:
            fname, line, col = r[1].split(':')[0], int(r[1].split(':')[1]), int(r[1].split(':')[2])
            if fname.endswith(file) and r[2] == op and r[3] == repr(old):
                with open(os.path.join(ROOT, fname)) as f:
                    text = f.read().split('\n')[line - 1]
                if snippet in text and text.find(at, text.index(snippet)) == col - 1:
                    return int(r[0][1:])
        return None

    ids = [find('warpref_core.sv', 'not', '!', 'assign issue = run_i && pick_valid && !init_q', '!init_q'),
           find('warpref_regfile.sv', 'rel', '<', "ur_i < 6'd63 ?", '<'),
           find('warpref_bcu.sv', 'logic', '||', 'sass_bar    = SASS && (', '||')]
    if not check('qualify: the pinned mutants are generated', None not in ids, ids):
        return
    args = base + ['--ids', ','.join(map(str, ids))]

    def verdicts(out, where):
        """mutant -> its table row's status and detail (the same locally and through Slurm), the
        output directory named OUT (a stillborn's lint message names its copy)"""
        return {m: ' '.join(rest.replace(where + os.sep, 'OUT/').split())
                for m, rest in re.findall(r'^(M\d{4})\s+(\w+.*)$', out, re.M)}

    p = subprocess.run([sys.executable, q] + args + ['--out', os.path.join(tmp, 'q-local')], capture_output=True,
                       text=True, timeout=1500)
    local = verdicts(p.stdout, os.path.join(tmp, 'q-local'))
    local_last = p.stdout.strip().splitlines()[-1:]
    want = {'M%04d' % ids[0]: 'killed', 'M%04d' % ids[1]: 'stillborn', 'M%04d' % ids[2]: 'survived'}
    check('qualify local: killed, stillborn, survived', p.returncode == 0 and
          {m: v.split()[0] for m, v in local.items()} == want, '%d %s\n%s' % (p.returncode, local, p.stderr[-2000:]))

    # through Slurm, one task for the three; cancelled after the first verdict
    out = os.path.join(tmp, 'q-slurm')
    err_path = os.path.join(tmp, 'q-slurm.err')
    with open(err_path, 'w') as err:
        sub = subprocess.Popen([sys.executable, q] + args + ['--out', out, '--slurm', '--chunk', '3', '--poll', '1'],
                               stdout=subprocess.DEVNULL, stderr=err)
    first = os.path.join(out, 'M%04d' % ids[0], 'result.json')
    jid = None
    # (looked at every 50 ms and the array cancelled before the submitter is killed: on the
    # schema build the next mutant's verdict follows the first within about a second)
    for _ in range(24000):
        with open(err_path) as f:
            m = re.search(r'slurm: submitted job array (\d+) ', f.read())
        jid = m.group(1) if m else None
        if (jid and os.path.exists(first)) or sub.poll() is not None:
            break
        time.sleep(0.05)
    if jid:
        subprocess.run(['scancel', jid], timeout=60)
    sub.kill()
    sub.wait()
    with open(err_path) as f:
        se = f.read()
    check('qualify --slurm: submitted, the first verdict written, the others not yet', jid is not None and
          os.path.exists(first) and not any(os.path.exists(os.path.join(out, 'M%04d' % i, 'result.json'))
                                            for i in ids[1:]), se[-2000:])
    # the cancelled task leaves the queue before the resumed run starts its own
    for _ in range(60):
        if jid is None or not subprocess.run(['squeue', '-h', '-j', jid], capture_output=True,
                                             text=True).stdout.strip():
            break
        time.sleep(1)
    p = subprocess.run([sys.executable, q] + args + ['--out', out, '--slurm', '--resume', '--poll', '1'],
                       capture_output=True, text=True, timeout=1500)
    check('qualify --slurm --resume: status 0, two mutants to run', p.returncode == 0 and
          '--resume: 1 of 3 mutants have their verdict, 2 to run' in p.stderr and
          re.search(r'slurm: submitted job array \d+ \(2 tasks of up to 1 jobs\)', p.stderr) is not None,
          '%d\n%s' % (p.returncode, p.stderr[-2000:]))
    check('qualify --slurm: the local verdicts', verdicts(p.stdout, out) == local,
          '%s\n--- local:\n%s' % (verdicts(p.stdout, out), local))
    check('qualify --slurm: the local closing line', p.stdout.strip().splitlines()[-1:] == local_last, p.stdout[-500:])


if __name__ == '__main__':
    main()
