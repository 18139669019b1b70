#!/usr/bin/env python3
"""check_slurm.py - scripts/regress --slurm on a real Slurm cluster (the
one-node cluster of scripts/slurm-cluster; scripts/test-slurm brings it up
and down around this test): a clean regression and one with an injected bug
give the same summary through Slurm as run locally; in the clean one, the
testbench of seed 3 cancels its own array task the first time it runs
(scancel: state CANCELLED), the task is reported and submitted once more,
and the summary is still the local one.

Usage: check_slurm.py --tb TB_LOCKSTEP --warpref WARPREF (SLURM_CONF set)
Prints `N passed, N failed`."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check, regress_summary  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--warpref', required=True)
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
    if not clitest.failed:
        shutil.rmtree(tmp)
    clitest.finish()


if __name__ == '__main__':
    main()
