#!/usr/bin/env python3
"""check_waves.py - the lockstep testbench's waves as a designer opens them
(docs/lockstep.md#waves): a failing run's FST read back through gtkwave's
fst2vcd.

Usage: check_waves.py --tb TB_LOCKSTEP [--regress] [--warpref WARPREF]

  path       the design sits at tb_lockstep.dut, the path docs/lockstep.md
             gives (no doubled tb_lockstep.tb_lockstep)
  scopes     no Verilator unnamedblk scope anywhere
  time       the timescale is 1 ns and one unit is one clock cycle: at every
             sample the testbench's cycle count (tb_lockstep.cyc) equals the
             time
  gtkw       FILE.gtkw is written beside FILE.fst of a failing run: every
             signal it names is in the file (with its range), it names the
             wave file, its marker is the failing cycle: there the retire
             port holds the dump's failing record (rt_valid_o, rt_time_o =
             the dump's cycle, rt_warp_o, rt_pc_o); the retire port and the
             masks are grouped; a window (+waves_from=) keeps the marker; a
             passing run writes none
  bugs       every catalogued bug (docs/bugs.md) on its program, with
             waves: a .gtkw whose marker lies in the file; for a failing
             retire record, the retire port holds it there
  regress    with --regress: scripts/regress's re-run of a failing job with
             waves leaves OUT/JOB/waves.gtkw beside OUT/JOB/waves.fst

Prints one line per failing check and `N passed, N failed`; exit status 1 if
any failed, 77 (skipped) without fst2vcd (scripts/install-deps installs
gtkwave, which has it)."""
import argparse
import glob
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
from clitest import check  # noqa: E402


def read_vcd(fst):
    """fst2vcd's text of FST as (timescale, {full name: (id, width)}, scopes,
    {id: [(time, value)]})"""
    text = subprocess.run(['fst2vcd', fst], capture_output=True, text=True, check=True).stdout
    lines = text.split('\n')
    timescale, names, scopes, stack = None, {}, [], []
    i = 0
    while i < len(lines):
        tok = lines[i].split()
        i += 1
        if not tok:
            continue
        if tok[0] == '$timescale':
            timescale = tok[1] if len(tok) > 1 and tok[1] != '$end' else lines[i].strip()
        elif tok[0] == '$scope':
            stack.append(tok[2])
            scopes.append('.'.join(stack))
        elif tok[0] == '$upscope':
            stack.pop()
        elif tok[0] == '$var':
            width, ident, name = int(tok[2]), tok[3], tok[4]
            rng = tok[5] if len(tok) > 5 and tok[5].startswith('[') else ''
            names['.'.join(stack + [name]) + rng] = (ident, width)
        elif tok[0] == '$enddefinitions':
            break
    changes, t = {}, 0
    for line in lines[i:]:
        if not line or line[0] == '$':
            continue
        if line[0] == '#':
            t = int(line[1:])
        elif line[0] in 'bB':
            v, ident = line[1:].split()
            changes.setdefault(ident, []).append((t, v))
        elif line[0] in '01xzXZ':
            changes.setdefault(line[1:], []).append((t, line[0]))
    return timescale, names, scopes, changes


def value_at(changes, names, name, t):
    """the value of name at time t, as an int (None for x/z or no value)"""
    if name not in names:
        return None
    ident = names[name][0]
    v = None
    for (ct, cv) in changes.get(ident, []):
        if ct > t:
            break
        v = cv
    try:
        return int(v, 2) if v is not None else None
    except ValueError:
        return None


def run(tb, args, cwd):
    return subprocess.run([tb] + args, cwd=cwd, capture_output=True, text=True, timeout=300)


def check_failing_waves(tb, tmp, extra, what):
    """a failing run with waves: the FST and its .gtkw"""
    fst = os.path.join(tmp, what + '.fst')
    r = run(tb, ['+program=' + os.path.join(ROOT, 'tests', 'programs', 'bar_red.s'), '+bug=red_ignores_pp',
                 '+dump=' + os.path.join(tmp, what + '-dump'), '+waves=' + fst] + extra, tmp)
    if not check('%s: a failing run with waves: exit %d: %s'
                 % (what, r.returncode, r.stdout + r.stderr),
                 r.returncode == 1 and os.path.getsize(fst) > 0):
        return
    dump = json.load(open(os.path.join(tmp, what + '-dump.json')))
    timescale, names, scopes, changes = read_vcd(fst)

    # the path docs/lockstep.md gives
    doc = open(os.path.join(ROOT, 'docs', 'lockstep.md')).read()
    check('docs/lockstep.md names tb_lockstep.dut.rt_valid_o', '`tb_lockstep.dut.rt_valid_o`' in doc)
    check('%s: the design at tb_lockstep.dut: scopes %s' % (what, scopes[:6]),
          'tb_lockstep.dut.rt_valid_o' in names and 'tb_lockstep.dut.u_bru' in scopes)
    check('%s: no doubled top: %s'
          % (what, [s for s in scopes if s.startswith('tb_lockstep.tb_lockstep')][:3]),
          not any(s.startswith('tb_lockstep.tb_lockstep') for s in scopes))
    unnamed = [s for s in scopes if 'unnamedblk' in s]
    check('%s: %d unnamedblk scopes, e.g. %s' % (what, len(unnamed), unnamed[:3]), not unnamed)

    # one unit a cycle: the cycle count equals the time at every sample
    check('%s: timescale %r, not 1ns' % (what, timescale), timescale == '1ns')
    if not check('%s: no tb_lockstep.cyc in the waves' % what, 'tb_lockstep.cyc[63:0]' in names):
        return
    cyc = changes.get(names['tb_lockstep.cyc[63:0]'][0], [])
    check('%s: tb_lockstep.cyc differs from the time: %s' % (what, [(t, int(v, 2)) for t, v in cyc][:8]),
          len(cyc) > 5 and all(int(v, 2) == t for t, v in cyc))

    # the save file beside the waves
    gtkw = fst[:-4] + '.gtkw'
    if not check('%s: no %s beside the waves' % (what, gtkw), os.path.exists(gtkw)):
        return
    text = open(gtkw).read()
    sigs = [ln for ln in text.split('\n') if ln and ln[0] not in '[@-*']
    check('%s: .gtkw names %d signals' % (what, len(sigs)), len(sigs) >= 12)
    missing = [s for s in sigs if s not in names]
    check('%s: .gtkw signals not in the wave file: %s' % (what, missing), not missing)
    m = re.search(r'^\[dumpfile\] "(.*)"$', text, re.M)
    check('%s: [dumpfile] %s' % (what, m and m.group(1)), m and os.path.realpath(m.group(1)) == os.path.realpath(fst))
    for group in ('retire port', 'masks'):
        check('%s: no group %r' % (what, group),
              re.search(r'^@800200\n-%s' % group, text, re.M) and re.search(r'^@1000200\n-%s' % group, text, re.M))
    m = re.search(r'^\*[-0-9.]+ (\d+)((?: -1){26})$', text, re.M)
    if not check('%s: no marker line in the .gtkw' % what, m):
        return
    t = int(m.group(1))
    at = {k: value_at(changes, names, 'tb_lockstep.dut.%s' % k, t)
          for k in ('rt_valid_o', 'rt_time_o[63:0]', 'rt_warp_o[4:0]', 'rt_pc_o[63:0]')}
    want = {'rt_valid_o': 1, 'rt_time_o[63:0]': dump['cycle'], 'rt_warp_o[4:0]': dump['warp'],
            'rt_pc_o[63:0]': int(dump['pc'], 16)}
    check('%s: at the marker %d the retire port holds %s, the dump\'s failure is %s' % (what, t, at, want),
          at == want)
    ts = re.search(r'^\[timestart\] (\d+)$', text, re.M)
    check('%s: [timestart] %s after the marker %d' % (what, ts and ts.group(1), t), ts and int(ts.group(1)) <= t)


def bug_table():
    """docs/bugs.md: bug -> the program that catches it"""
    table = {}
    for line in open(os.path.join(ROOT, 'docs', 'bugs.md')):
        m = re.match(r'\| `(\w+)` \|.*\| ((?:tests|tb)/programs/\w+\.(?:s|words)) \|', line)
        if m:
            table[m.group(1)] = os.path.join(ROOT, m.group(2))
    return table


def check_bugs(tb, tmp):
    """each catalogued bug's failure, opened where it happened"""
    table = bug_table()
    check('docs/bugs.md: %d bugs with a program' % len(table), len(table) >= 30)
    records = 0
    for bug, prog in sorted(table.items()):
        base = os.path.join(tmp, 'bug-' + bug)
        load = ('+words=' if prog.endswith('.words') else '+program=') + prog
        r = run(tb, [load, '+bug=' + bug, '+max_cycles=20000', '+dump=' + base, '+waves=' + base + '.fst'], tmp)
        gtkw = base + '.gtkw'
        if not check('bug %s: exit %d, .gtkw %s' % (bug, r.returncode, os.path.exists(gtkw)),
                     r.returncode == 1 and os.path.exists(gtkw)):
            continue
        dump = json.load(open(base + '.json'))
        _, names, _, changes = read_vcd(base + '.fst')
        t = int(re.search(r'^\*[-0-9.]+ (\d+)', open(gtkw).read(), re.M).group(1))
        cyc = [ct for ct, _ in changes.get(names['tb_lockstep.cyc[63:0]'][0], [])]
        check('bug %s: marker %d outside the waves %s..%s' % (bug, t, cyc[:1], cyc[-1:]),
              cyc and cyc[0] <= t <= cyc[-1])
        if 'insn' in dump:               # a retire record failed: the port holds it at the marker
            records += 1
            at = [value_at(changes, names, 'tb_lockstep.dut.' + k, t)
                  for k in ('rt_valid_o', 'rt_time_o[63:0]', 'rt_warp_o[4:0]', 'rt_pc_o[63:0]')]
            check('bug %s: at the marker %d the retire port holds %s, the dump says cycle %s warp %s pc %s'
                  % (bug, t, at, dump['cycle'], dump['warp'], dump['pc']),
                  at == [1, dump['cycle'], dump['warp'], int(dump['pc'], 16)])
    check('only %d bugs fail on a retire record' % records, records >= 20)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--warpref')
    ap.add_argument('--regress', action='store_true')
    a = ap.parse_args()
    a.tb = os.path.abspath(a.tb)
    if not shutil.which('fst2vcd'):
        print('SKIP: no fst2vcd (gtkwave; scripts/install-deps installs it)')
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        check_failing_waves(a.tb, tmp, [], 'whole')
        # a window: the waves start at the RTL's time 5, the failure (at 7) in it
        check_failing_waves(a.tb, tmp, ['+waves_from=5'], 'window')
        check_bugs(a.tb, tmp)
        # a pass writes no save file
        fst = os.path.join(tmp, 'pass.fst')
        r = run(a.tb, ['+program=' + os.path.join(ROOT, 'tests', 'programs', 'bar_red.s'), '+waves=' + fst], tmp)
        check('a passing run with waves: exit %d, .gtkw %s' % (r.returncode, os.path.exists(
                  os.path.join(tmp, 'pass.gtkw'))),
              r.returncode == 0 and os.path.exists(fst) and not os.path.exists(os.path.join(tmp, 'pass.gtkw')))
        if a.regress:
            out = os.path.join(tmp, 'regress')
            r = subprocess.run([os.path.join(ROOT, 'scripts', 'regress'), '--seeds', '1-2', '--bug', 'bar_no_reset',
                                '--quiet', '--out', out, '--tb', a.tb, '--warpref', a.warpref],
                               capture_output=True, text=True, timeout=600)
            fsts = glob.glob(os.path.join(out, '**', 'waves.fst'), recursive=True)
            check('regress --bug bar_no_reset: exit %d, %d wave files: %s'
                  % (r.returncode, len(fsts), (r.stdout + r.stderr)[-400:]),
                  r.returncode == 0 and fsts)
            for f in fsts:
                check('regress: no .gtkw beside %s' % f, os.path.exists(f[:-4] + '.gtkw'))
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
