#!/usr/bin/env python3
"""check_lockstep.py - the lockstep testbench (tb/lockstep, docs/lockstep.md).

Usage: check_lockstep.py --tb TB_LOCKSTEP --model WARPREF [--quick] [--simulator NAME]

The testbench is the SystemVerilog one (tb/lockstep, the default) or the
SystemC one (tb/sc, --tb tb_sc_lockstep --simulator systemc): the same
plusargs, dumps, summary and exit statuses.

  programs   every program of tests/programs/ and tb/programs/ (and each
             word list tb/programs/*.words, +words=) runs in
             lockstep and passes, under the stub's own scheduler and N-50's
             (+sched=rr), self-contained and operand-driven (+operands=rtl),
             and ends as the model's standalone run does (`warpref run`):
             done, exception, deadlock; a livelock is stopped by +max_cycles
             and reported `livelock` (the model's own run names it), a
             program that runs past the model's step limit ends `limit`
  bugs       every injectable bug (+bug=NAME) is caught by the program
             docs/bugs.md names for it: status mismatch, exit 1, a dump
             naming the field (text and JSON) and a result file saying the
             same
  dump       a mismatch dump has every section, text and JSON; its
             `reproduce` command reproduces the failure
  plusargs   bad plusargs give one line and exit status 2
  nothing    a run that retires nothing fails (+max_cycles=0)
  hang       the watchdog reports a hang with a dump
  waves      +waves= writes a non-empty FST, named in the dump
  misc       the result file of a pass, +check=0, +list_bugs

Prints one line per failing check and `N passed, N failed`; exit status 1
if any failed."""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check, read_json  # noqa: E402

PROGS = sorted(glob.glob(os.path.join(ROOT, 'tests', 'programs', '*.s'))) + \
    sorted(glob.glob(os.path.join(ROOT, 'tb', 'programs', '*.s')))
LIMIT_CYCLES = 20000          # stops a livelock or a program without an end


def run(cmd, cwd=None):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=cwd)
    return p.returncode, p.stdout + p.stderr


def model_end(model, prog):
    """the end of `warpref run PROG` (with the program's //! args)"""
    args = []
    with open(prog) as f:
        for line in f:
            if line.startswith('//! args:'):
                args = shlex.split(line[len('//! args:'):])
    _, out = run([model, 'run', prog] + args)
    m = re.search(r': end (\w+) at', out)
    return m.group(1) if m else '?'


def bug_table():
    """docs/bugs.md: bug -> the first detecting program"""
    table = {}
    with open(os.path.join(ROOT, 'docs', 'bugs.md')) as f:
        for line in f:
            m = re.match(r'\| `(\w+)` \|.*\| ((?:tests|tb)/programs/\w+\.(?:s|words)) \|', line)
            if m:
                table[m.group(1)] = os.path.join(ROOT, m.group(2))
    return table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', default=os.path.join(ROOT, 'build', 'tb', 'tb_lockstep'))
    ap.add_argument('--model', default=os.path.join(ROOT, 'build', 'model', 'warpref'))
    ap.add_argument('--quick', action='store_true', help='own scheduler, self-contained only')
    ap.add_argument('--simulator', default='verilator', help="what the dumps name ('systemc' for tb_sc_lockstep)")
    a = ap.parse_args()
    tb = os.path.abspath(a.tb)
    tmp = tempfile.mkdtemp(prefix='check-lockstep-')

    # ---- programs ----
    modes = [['+sched=own'], ['+sched=rr'], ['+operands=rtl'], ['+sched=rr', '+operands=rtl']]
    if a.quick:
        modes = modes[:1]
    for prog in PROGS:
        name = os.path.basename(prog)
        want = model_end(a.model, prog)
        # (a livelock is stopped by +max_cycles, then named by the model's own run)
        for mode in modes:
            res = os.path.join(tmp, 'result.json')
            if os.path.exists(res):
                os.unlink(res)
            rc, out = run([tb, '+program=' + prog, '+max_cycles=%d' % LIMIT_CYCLES, '+result=' + res,
                           '+dump=' + os.path.join(tmp, 'dump')] + mode)
            r = read_json(res) or {}
            check('%s %s: exit %d, result %s, want pass/end %s\n  %s' % (
                      name, ' '.join(mode), rc, r, want, out.strip().replace('\n', '\n  ')),
                  rc == 0 and r.get('status') == 'pass' and r.get('end') == want and r.get('compared', 0) > 0
                  and out.rstrip().endswith('1 passed, 0 failed'))

    # ---- word lists (+words=, illegal words allowed): each ends as its
    # `# end:` line says (the model cannot run a word list on its own) ----
    for words in sorted(glob.glob(os.path.join(ROOT, 'tb', 'programs', '*.words'))):
        want = re.search(r'^# end: (\w+)', open(words).read(), re.M)
        want = want.group(1) if want else 'done'
        for mode in modes:
            res = os.path.join(tmp, 'result.json')
            if os.path.exists(res):
                os.unlink(res)
            rc, out = run([tb, '+words=' + words, '+result=' + res, '+dump=' + os.path.join(tmp, 'dump')] + mode)
            r = read_json(res) or {}
            check('%s %s: exit %d, result %s, want pass/end %s\n  %s' % (
                      os.path.basename(words), ' '.join(mode), rc, r, want, out.strip().replace('\n', '\n  ')),
                  rc == 0 and r.get('status') == 'pass' and r.get('end') == want and r.get('compared', 0) > 0)

    # ---- every catalogued bug, caught by its program ----
    listed = run([tb, '+list_bugs'])[1].split()
    table = bug_table()
    check('+list_bugs %s != docs/bugs.md %s' % (listed, sorted(table)), sorted(listed) == sorted(table))
    for bug in listed:
        prog = table.get(bug)
        if not prog:
            continue
        base = os.path.join(tmp, 'bug-' + bug)
        res = base + '.result'
        load = ('+words=' if prog.endswith('.words') else '+program=') + prog   # a word list: +words=
        rc, out = run([tb, load, '+bug=' + bug, '+max_cycles=%d' % LIMIT_CYCLES,
                       '+dump=' + base, '+result=' + res, '+seed=7'])
        r = read_json(res) or {}
        j = read_json(base + '.json') or {}
        txt = open(base + '.txt').read() if os.path.exists(base + '.txt') else ''
        field = r.get('field', '')
        ok = (rc == 1 and r.get('status') == 'mismatch' and field and j.get('field') == field
              and ('  failure     %s:' % field) in txt and out.rstrip().endswith('0 passed, 1 failed'))
        if check('bug %s on %s: exit %d, result %s\n  %s' % (bug, os.path.basename(prog), rc, r,
                                                                  out.strip()),
                 ok):
            print('ok   bug %-22s caught by %-28s field %-16s (%s, %d retired)' % (
                bug, os.path.basename(prog), field, r.get('rule'), r.get('retired', 0)))

    # ---- a dump has every section ----
    base = os.path.join(tmp, 'sections')
    prog = os.path.join(ROOT, 'tests', 'programs', 'bar_red.s')
    rc, out = run([tb, '+program=' + prog, '+bug=red_or_as_and', '+dump=' + base, '+seed=42', '+test=sections'])
    txt = open(base + '.txt').read() if os.path.exists(base + '.txt') else ''
    for s in ['warpref lockstep MISMATCH', '  test        sections', '  seed        42', '  program     ',
              '  simulator   %s, operands self' % a.simulator, '  failure     ', '  cycle       ', '  warp        ',
              '  pc          ', '  instruction ', '  rule        ', '  waves       ', '  reproduce   ',
              '  counts      ', 'What differs (the model is the reference):', 'Operands read:',
              '\n  RTL    pg ', 'at issue and after:\n', '\n  at issue      ', '\n  model after   ',
              '\n  RTL after     ', 'All failing checks:', 'Last instructions of warp',
              'Last instructions of the CTA:', 'Barriers (model, after the failing step; N-38 fields):',
              'Warps (model):', 'Rules (where each rule quoted above is defined):']:
        check('dump text lacks %r' % s, s in txt)
    j = read_json(base + '.json') or {}
    for k in ['failed', 'test', 'seed', 'program', 'simulator', 'side', 'waves', 'reproduce', 'counts', 'failure',
              'cycle', 'warp', 'pc', 'field', 'rule', 'insn', 'asm', 'insn_rule', 'diffs', 'messages', 'warp_history',
              'cta_history', 'bars', 'warps', 'rule_doc', 'insn_rule_doc', 'rule_docs']:
        check('dump JSON lacks %r' % k, k in j)
    # the other side is the RTL, by that name, in the text and in the JSON's keys
    check('dump JSON: side RTL, diffs and history rows keyed rtl: %s' % (j.get('diffs') or [None])[0],
          j.get('side') == 'RTL' and 'rtl' in (j.get('diffs') or [{}])[0] and
          all('rtl' in h and 'other' not in h for h in j.get('warp_history', [])))
    # every rule quoted has its entry in docs/rules.md (its anchor: the ID in lower case)
    docs = j.get('rule_docs') or {}
    check('dump rule references: %r' % docs,
          j.get('rule_doc') == 'docs/rules.md#' + j.get('rule', '?').lower() and j.get('rule') in docs and
          j.get('insn_rule') in docs and all(v == 'docs/rules.md#' + k.lower() for k, v in docs.items()) and
          all('  %-5s %s\n' % kv in txt for kv in docs.items()) and
          set(re.findall(r'(?<![\w-])[NSPVGH]-\d\d?(?![\w-])', txt.replace('; N-38 fields):', '):'))) == set(docs))
    check('dump JSON: failed, diffs[0].field == field',
          j.get('failed') is True and j.get('diffs') and j['diffs'][0].get('field') == j.get('field'))
    # the reproduce command gives the same failure
    if j.get('reproduce'):
        os.unlink(base + '.txt')
        rc2, out2 = run(['sh', '-c', j['reproduce']])
        first = lambda o: o.strip().split('\n')[0]
        check('reproduce: exit %d\n  %s\n  %s' % (rc2, first(out2), first(out)),
              rc2 == 1 and first(out2) == first(out) and os.path.exists(base + '.txt'))

    # ---- bad plusargs: one line, exit 2 ----
    good = os.path.join(ROOT, 'tests', 'programs', 'if_else.s')
    junk = os.path.join(tmp, 'junk.s')
    with open(junk, 'w') as f:
        f.write('FROB R1, R2 ;\n')
    bad = [['+threads=abc'], ['+threads=0'], ['+threads=2000'], ['+max_cycles=12x'], ['+watchdog='],
           ['+seed=1', '+max_mismatches=0'], ['+wake_late=soon'], ['+waves_from=-1'], ['+ignore=bogus'],
           ['+mask=bogus:1'], ['+mask=rpc:zz'], ['+bug=no_such_bug'], ['+sched=fifo'], ['+operands=model'],
           ['+check=2'], ['+thread=4'], ['stray'], ['+dump='], ['+waves=/nonexistent/w.fst'],
           ['+result=/nonexistent/r.json'], ['+dump=/nonexistent/d']]
    for extra in bad:
        rc, out = run([tb, '+program=' + good] + extra)
        lines = [l for l in out.split('\n') if l.strip()]
        check('bad plusargs %s: exit %d, %d lines: %s' % (extra, rc, len(lines), out), rc == 2 and len(lines) == 1)
    for args, what in (([], 'no +program'), (['+program=' + junk], 'malformed program'),
                       (['+program=' + os.path.join(tmp, 'none.s')], 'missing program file')):
        rc, out = run([tb] + args)
        lines = [l for l in out.split('\n') if l.strip()]
        check('%s: exit %d, %d lines: %s' % (what, rc, len(lines), out), rc == 2 and len(lines) == 1)

    # ---- a run that retires nothing fails ----
    res = os.path.join(tmp, 'nothing.json')
    rc, out = run([tb, '+program=' + good, '+max_cycles=0', '+result=' + res, '+dump=' + os.path.join(tmp, 'n')])
    r = read_json(res) or {}
    check('+max_cycles=0: exit %d, %s, %s' % (rc, r, out),
          rc == 1 and r.get('status') == 'error' and r.get('compared') == 0 and r.get('field') == 'final'
          and out.rstrip().endswith('0 passed, 1 failed'))

    # ---- the watchdog: BAR's latency leaves a ready warp waiting two cycles ----
    res = os.path.join(tmp, 'hang.json')
    base = os.path.join(tmp, 'hang')
    rc, out = run([tb, '+program=' + os.path.join(ROOT, 'tests', 'programs', 'brx_test.s'), '+watchdog=1',
                   '+result=' + res, '+dump=' + base])
    r = read_json(res) or {}
    j = read_json(base + '.json') or {}
    txt = open(base + '.txt').read() if os.path.exists(base + '.txt') else ''
    check('+watchdog=1: exit %d, %s' % (rc, r),
          rc == 1 and r.get('status') == 'hang' and r.get('field') == 'hang' and j.get('field') == 'hang'
          and txt.startswith('warpref lockstep FAILURE (found by the testbench)'))

    # ---- waves ----
    fst = os.path.join(tmp, 'waves.fst')
    base = os.path.join(tmp, 'wdump')
    rc, out = run([tb, '+program=' + prog, '+bug=red_or_as_and', '+waves=' + fst, '+waves_from=20', '+dump=' + base])
    j = read_json(base + '.json') or {}
    check('+waves: exit %d, %s %s' % (rc, os.path.getsize(fst) if os.path.exists(fst) else 'no file', j.get('waves')),
          rc == 1 and os.path.exists(fst) and os.path.getsize(fst) > 0 and j.get('waves') == fst)
    fst2 = os.path.join(tmp, 'pass.fst')
    rc, out = run([tb, '+program=' + good, '+waves=' + fst2])
    check('+waves on a pass: exit %d' % rc, rc == 0 and os.path.exists(fst2) and os.path.getsize(fst2) > 0)

    # ---- misc ----
    res = os.path.join(tmp, 'pass.json')
    rc, out = run([tb, '+program=' + good, '+result=' + res, '+seed=3'])
    r = read_json(res) or {}
    check('result of a pass: %s' % r,
          rc == 0 and r.get('status') == 'pass' and r.get('end') == 'done' and r.get('retired') == r.get('compared')
          and r.get('mismatched') == 0 and 'field' not in r)
    rc, out = run([tb, '+program=' + good, '+check=0'])
    check('+check=0: exit %d %s' % (rc, out), rc == 0 and 'unchecked' in out)
    rc, out = run([tb, '+program=' + good, '+ignore=switch,rpc', '+mask=b:0xffff', '+wake_late=any',
                   '+wake_early=3', '+max_mismatches=5', '+watchdog=100'])
    check('controls: exit %d %s' % (rc, out), rc == 0)

    if not clitest.failed:
        subprocess.run(['rm', '-rf', tmp])
    else:
        print('files kept in ' + tmp)
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
