#!/usr/bin/env python3
"""check_sc_lockstep.py - the SystemC lockstep testbench (tb/sc/lockstep,
docs/systemc.md) runs the RTL stub as the SystemVerilog one does, cycle for
cycle, and reports the same.

Usage: check_sc_lockstep.py --sc TB_SC_LOCKSTEP --sv TB_LOCKSTEP --warpref WARPREF

  programs  every program of tests/programs/ and tb/programs/, under the
            stub's own scheduler, N-50's (+sched=rr) and operand-driven
            (+operands=rtl): the same exit status, summary line (but the
            testbench's name) and result file (status, counts, cycles, end)
  bugs      every catalogued bug (docs/bugs.md) on its program: the same
            result file (the first failing record: field, rule, warp, pc,
            cycle) and the same dump, text and JSON, but for the simulator's
            name and the reproducing command
  regress   scripts/regress --all-bugs over generated seeds with --sim sv and
            --sim systemc: every job ends the same, with the same first
            failing record; at least 4 bugs are detected

Prints one line per failing check and `N passed, N failed`."""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from check_lockstep import LIMIT_CYCLES, PROGS, bug_table  # noqa: E402
from clitest import check  # noqa: E402


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


def read(path, as_json=False):
    try:
        with open(path) as f:
            return json.load(f) if as_json else f.read()
    except (OSError, ValueError):
        return None


def both(a, tmp, args, tag):
    """one run on each testbench: (exit status, output, result, dump text, dump JSON) per side"""
    out = {}
    for side, tb in (('sv', a.sv), ('sc', a.sc)):
        base = os.path.join(tmp, f'{tag}-{side}')
        for ext in ('.result', '.txt', '.json'):
            if os.path.exists(base + ext):
                os.unlink(base + ext)
        rc, text = run([tb] + args + ['+dump=' + base, '+result=' + base + '.result'])
        out[side] = (rc, text.replace(os.path.basename(tb) + ':', 'TB:').replace(base, 'BASE'),
                     read(base + '.result', True), read(base + '.txt'), read(base + '.json', True))
    return out['sv'], out['sc']


def same_dump(sv, sc):
    """the dumps agree but for the simulator and the command that reproduces the run"""
    drop = re.compile(r'^  (simulator|reproduce) .*$', re.M)
    t_sv, t_sc = drop.sub('', sv[3] or ''), drop.sub('', sc[3] or '')
    j_sv, j_sc = dict(sv[4] or {}), dict(sc[4] or {})
    for k in ('simulator', 'reproduce'):
        j_sv.pop(k, None)
        j_sc.pop(k, None)
    return t_sv == t_sc and j_sv == j_sc and bool(t_sv), j_sc.get('simulator', (sc[4] or {}).get('simulator'))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--sc', required=True)
    ap.add_argument('--sv', required=True)
    ap.add_argument('--warpref', required=True)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix='check-sc-lockstep-')

    # ---- programs ----
    for prog in PROGS:
        for mode in (['+sched=own'], ['+sched=rr'], ['+operands=rtl']):
            sv, sc = both(a, tmp, ['+program=' + prog, '+max_cycles=%d' % LIMIT_CYCLES] + mode, 'prog')
            check('%s %s' % (os.path.basename(prog), mode[0]),
                  sv[0] == sc[0] and sv[1] == sc[1] and sv[2] == sc[2] and sv[2],
                  'exit %s/%s\n  sv %s\n  sc %s\n  sv %s\n  sc %s' % (sv[0], sc[0], sv[2], sc[2], sv[1].strip(),
                                                                  sc[1].strip()))

    # ---- every bug on its program ----
    table = bug_table()
    check('bug table', len(table) >= 20, '%d bugs in docs/bugs.md' % len(table))
    for bug, prog in sorted(table.items()):
        load = ('+words=' if prog.endswith('.words') else '+program=') + prog   # a word list: +words=
        sv, sc = both(a, tmp, [load, '+bug=' + bug, '+max_cycles=%d' % LIMIT_CYCLES, '+seed=7'], 'bug')
        dumps_same, simulator = same_dump(sv, sc)
        r = sc[2] or {}
        check('bug %s' % bug, sc[0] == 1 and r.get('status') == 'mismatch' and sv[2] == sc[2] and sv[1] == sc[1]
              and dumps_same and simulator == 'systemc',
              'exit %s/%s, dumps %s, simulator %s\n  sv %s\n  sc %s' % (sv[0], sc[0], 'same' if dumps_same else
                                                                       'differ', simulator, sv[2], sc[2]))

    # ---- scripts/regress, both testbenches, every bug over generated seeds ----
    results = {}
    for sim, tb in (('sv', a.sv), ('systemc', a.sc)):
        out = os.path.join(tmp, 'regress-' + sim)
        rc, text = run([os.path.join(ROOT, 'scripts', 'regress'), '--sim', sim, '--all-bugs', '--seeds', '1-5',
                        '-j', '2', '--no-waves', '--quiet', '--out', out, '--tb', tb, '--warpref', a.warpref])
        results[sim] = {}
        for path in glob.glob(os.path.join(out, '*', 'seed-*', 'result.json')):
            r = read(path, True) or {}
            r.pop('seconds', None)
            results[sim][os.path.relpath(path, out)] = r
        check('regress --sim %s' % sim, len(results[sim]) > 0 and
              re.search(r'^\d+ detected, \d+ missed(, \d+ jobs? in error)?$', text, re.M), text[-300:])
    sv, sc = results['sv'], results['systemc']
    check('regress: the same jobs', sorted(sv) == sorted(sc), '%d/%d jobs' % (len(sv), len(sc)))
    for job in sorted(sv):
        check('regress %s' % job, sv[job] == sc.get(job), 'sv %s\n  sc %s' % (sv[job], sc.get(job)))
    detected = {job.split('/')[0] for job, r in sc.items() if r.get('status') in ('mismatch', 'hang')}
    check('regress: bugs detected through SystemC', len(detected) >= 4, '%d: %s' % (len(detected), sorted(detected)))
    print('%d bugs detected through SystemC in seeds 1-5, each with the first failing record of the '
          'SystemVerilog testbench' % len(detected))

    if clitest.failed == 0:
        subprocess.run(['rm', '-rf', tmp])
    else:
        print('files kept in ' + tmp)
    clitest.finish()


if __name__ == '__main__':
    main()
