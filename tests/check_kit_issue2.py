#!/usr/bin/env python3
"""check_kit_issue2.py - the kit with two retire slots (K = 2) around the
two-issue variant of the RTL stub (kit/example/tb_template_k2.sv,
rtl_stub/warpref_dual.sv; docs/rtl.md, docs/integrate.md "Several retires
in one cycle").

Usage: check_kit_issue2.py --tb TB_TEMPLATE_K2 --model WARPREF [--seeds A-B]

  programs   every program of tests/programs/ and tb/programs/ passes in
             lockstep under the stub's own scheduler and N-50's (+sched=rr)
  seeds      `warpref gen --seed S --exceptions 25 --wide-links` (the
             regression's programs, scripts/regress) for S in A-B (default
             1-20) pass under both schedulers; the verdict line says in.re is
             not compared (the template leaves HAS_RE = 0)
  two        the variant retires two instructions in one cycle: in the runs
             above, and on tests/programs/bar_red.s (rr) in at least 8
             cycles, some of them two arrivals at one barrier
  bug        dual_bar_swap (docs/bugs.md, section two-issue) is caught on
             its program at the record and field pinned below, exit 1 (and,
             going on, its slots' times going back are reported, N-50); the
             same run without it passes; its docs/bugs.md row names that
             program and record and an SV line naming BUG_DUAL_BAR_SWAP

Prints one line per failing check, the figures, and `N passed, N failed`."""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check, read_json  # noqa: E402

PROGS = sorted(glob.glob(os.path.join(ROOT, 'tests', 'programs', '*.s'))) + \
    sorted(glob.glob(os.path.join(ROOT, 'tb', 'programs', '*.s')))
LIMIT = ['+max_cycles=40000']
# the ordering bug on its program: what the result file says
BUG = 'dual_bar_swap'
BUG_PROG = os.path.join(ROOT, 'tests', 'programs', 'bar_red.s')
BUG_WANT = {'status': 'mismatch', 'field': 'write.barrier', 'rule': 'N-38', 'warp': 2, 'pc': '0x30',
            'retired': 14, 'compared': 14}


def run(tb, tmp, args):
    """(exit status, output, result, cycles with two retires)"""
    res = os.path.join(tmp, 'r.json')
    if os.path.exists(res):
        os.unlink(res)
    p = subprocess.run([tb] + args + LIMIT + ['+result=' + res, '+dump=' + os.path.join(tmp, 'dump')],
                       capture_output=True, text=True, timeout=300)
    out = p.stdout + p.stderr
    m = re.search(r'^tb_template_k2: (\d+) cycles retired two, (\d+) one$', out, re.M)
    return p.returncode, out, read_json(res) or {}, int(m.group(1)) if m else -1


def seeds(text):
    m = re.fullmatch(r'(\d+)-(\d+)', text)
    if not m or int(m.group(1)) < 1 or int(m.group(2)) < int(m.group(1)):
        sys.exit("check_kit_issue2: --seeds %s: A-B with 1 <= A <= B" % text)
    return range(int(m.group(1)), int(m.group(2)) + 1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--model', required=True)
    ap.add_argument('--seeds', default='1-20')
    a = ap.parse_args()
    tb = os.path.abspath(a.tb)
    tmp = tempfile.mkdtemp(prefix='check-kit-issue2-')

    progs = list(PROGS)
    for s in seeds(a.seeds):
        path = os.path.join(tmp, 'gen_%d.s' % s)
        p = subprocess.run([a.model, 'gen', '--seed', str(s), '--exceptions', '25', '--wide-links', '-o', path],
                           capture_output=True, text=True)
        if not check('warpref gen --seed %d: %s' % (s, p.stderr.strip()), p.returncode == 0):
            continue
        progs.append(path)

    # ---- every program, both schedulers: a pass; count the cycles with two retires ----
    two = {'+sched=own': 0, '+sched=rr': 0}
    clean = {'+sched=own': 0, '+sched=rr': 0}
    for prog in progs:
        for mode in two:
            rc, out, r, n2 = run(tb, tmp, ['+program=' + prog, mode])
            # (HAS_RE = 0: the template says in.re is not compared)
            if check('%s %s: exit %d, %s\n  %s' % (
                         os.path.basename(prog), mode, rc, r, out.strip().replace('\n', '\n  ')),
                     rc == 0 and r.get('status') == 'pass' and re.search(r'^tb_template_k2: PASS ', out, re.M)
                     and '; not compared: Re operand values (in.re)' in out
                     and n2 >= 0):
                clean[mode] += 1
            two[mode] += max(n2, 0)
    for mode in two:
        print('%s: %d of %d programs pass (%d of them generated), %d cycles retired two' % (
            mode, clean[mode], len(progs), len(progs) - len(PROGS), two[mode]))
        check('%s: no cycle retired two instructions' % mode, two[mode] > 0)

    # ---- the program of the bug: two arrivals at one barrier in one cycle ----
    rc, out, r, n2 = run(tb, tmp, ['+program=' + BUG_PROG, '+sched=rr'])
    check('bar_red.s +sched=rr: exit %d, %d cycles retired two' % (rc, n2), rc == 0 and n2 >= 8)

    # ---- the ordering bug: caught at its record ----
    rc, out, r, _ = run(tb, tmp, ['+program=' + BUG_PROG, '+sched=rr', '+bug=' + BUG])
    got = {k: r.get(k) for k in BUG_WANT}
    print('bug %s on %s: exit %d, %s' % (BUG, os.path.basename(BUG_PROG), rc,
                                         {k: r.get(k) for k in ('status', 'field', 'rule', 'warp', 'pc',
                                                                'retired', 'compared')}))
    m = re.search(r'^tb_template_k2: MISMATCH \S+: (.*)$', out, re.M)
    if m:
        print('  ' + m.group(1))
    check('bug %s: exit %d, %s, want %s\n  %s' % (BUG, rc, got, BUG_WANT, out.strip().replace('\n', '\n  ')),
          rc == 1 and r.get('status') == 'mismatch' and got == BUG_WANT and '0 passed, 1 failed' in out)

    # ---- ... and its slot 1 retires before slot 0's time: the checker says so by itself (N-50),
    # after the record's own differences (the first failure stays the one above) ----
    rc, out, r, _ = run(tb, tmp, ['+program=' + BUG_PROG, '+sched=rr', '+bug=' + BUG, '+max_mismatches=100'])
    with open(os.path.join(tmp, 'dump.txt')) as f:
        back = re.findall(r"t: warp \d+ retired at t=(\d+), before the previous record's t=(\d+) "
                          r"\(time never goes back\) \[N-50\]", f.read())
    check(rc == 1 and r.get('field') == BUG_WANT['field'] and back and all(int(a) < int(b) for a, b in back),
          'bug %s, +max_mismatches=100: exit %d, first %s, time going back: %s' % (BUG, rc, r.get('field'), back))

    # ---- docs/bugs.md's row: the program, the records before, an SV line naming the bug ----
    with open(os.path.join(ROOT, 'docs', 'bugs.md')) as f:
        m = re.search(r'^\| two-issue \| `%s` \|.*\| (warpref_\w+\.sv):(\d+) \| (\S+) .*\| (\d+) \|$' % BUG,
                      f.read(), re.M)
    if check('docs/bugs.md: no two-issue row for %s' % BUG, m is not None):
        with open(os.path.join(ROOT, 'rtl_stub', m.group(1))) as f:
            src = f.read().splitlines()
        line = int(m.group(2))
        check('docs/bugs.md: %s:%d does not name BUG_%s' % (m.group(1), line, BUG.upper()),
              0 < line <= len(src) and 'BUG_' + BUG.upper() in src[line - 1])
        check('docs/bugs.md: %s row says %s, %s records before; the test: %s, %d' % (
                  BUG, m.group(3), m.group(4), os.path.relpath(BUG_PROG, ROOT), BUG_WANT['retired'] - 1),
              os.path.join(ROOT, m.group(3)) == BUG_PROG and int(m.group(4)) == BUG_WANT['retired'] - 1)

    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
