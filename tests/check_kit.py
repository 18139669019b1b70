#!/usr/bin/env python3
"""check_kit.py - the integration kit's template testbench (kit/example/,
docs/integrate.md) against the project's own lockstep testbench.

Usage: check_kit.py --tb TB_TEMPLATE --ref TB_LOCKSTEP --model WARPREF
                    [--partial TB_TEMPLATE_PARTIAL]

The template checks the RTL stub through kit/warpref_retire_if.sv and
kit/warpref_checker.sv alone; tb_lockstep checks it through its own wiring.
Run on the same program with the same plusargs, both must say the same:

  programs   every program of tests/programs/ and tb/programs/ (and each
             word list, +words=) passes under the stub's own scheduler and
             N-50's (+sched=rr), with tb_lockstep's result file: status, end,
             retired, compared, adopted, cycles, end_checked, the paths
  bugs       every catalogued bug (docs/bugs.md) on the program named for it
             is caught at tb_lockstep's record: status, field, rule, warp,
             pc, cycle, retired, compared, the same summary line, exit 1
  failures   +max_cycles=0 (nothing compared), +watchdog=1 (a hang); a
             pass whose result file cannot be written exits 2
  plusargs   bad ones: one line, exit status 2
  partial    (--partial: the template built with OPERANDS, RD_VALUES and
             CTA_WORDS = 0) passes, says "not compared: ..." and still
             catches a bug in a part it compares

Prints one line per failing check and `N passed, N failed`."""
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
WORDS = sorted(glob.glob(os.path.join(ROOT, 'tb', 'programs', '*.words')))
LIMIT_CYCLES = 20000
SAME_RUN = ['status', 'end', 'retired', 'compared', 'mismatched', 'adopted', 'cycles', 'end_checked', 'paths']
SAME_BUG = SAME_RUN + ['field', 'rule', 'warp', 'pc', 'cycle']


# Every process runs in this test's own folder (main: its temporary one), with TMPDIR there too: what
# a run writes beside its named outputs (the checker's default dump `warpref-dump.*` in the working
# directory, a trace's spool in $TMPDIR) is never another test's, when meson runs tests side by side in
# one build directory
RUN = {}


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **RUN)
    return p.returncode, p.stdout + p.stderr


def both(tb, ref, tmp, name, args):
    """the same run on the template and on tb_lockstep: (rc, out, result) each"""
    res = []
    for which, exe in (('kit', tb), ('ref', ref)):
        base = os.path.join(tmp, '%s-%s' % (name, which))
        for f in (base + '.result', base + '.txt', base + '.json'):
            if os.path.exists(f):
                os.unlink(f)
        rc, out = run([exe] + args + ['+result=' + base + '.result', '+dump=' + base])
        res.append((rc, out, read_json(base + '.result') or {}))
    return res


def summary(out):
    """the failure's summary line without the tool's name and the counts"""
    m = re.search(r'^\S+: (?:MISMATCH|HANG|ERROR) \S+: (.*) \(end ', out, re.M)
    return m.group(1) if m else None


def bug_table():
    """docs/bugs.md: bug -> the first detecting program"""
    table = {}
    with open(os.path.join(ROOT, 'docs', 'bugs.md')) as f:
        for line in f:
            m = re.match(r'\| `(\w+)` \|.*\| ((?:tests|tb)/programs/\w+\.(?:s|words)) \|', line)
            if m:
                table[m.group(1)] = os.path.join(ROOT, m.group(2))
    return table


def load(prog):
    return ('+words=' if prog.endswith('.words') else '+program=') + prog


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--ref', required=True)
    ap.add_argument('--model', required=True)
    ap.add_argument('--partial')
    a = ap.parse_args()
    tb, ref = os.path.abspath(a.tb), os.path.abspath(a.ref)
    tmp = tempfile.mkdtemp(prefix='check-kit-')
    RUN.update(cwd=tmp, env=dict(os.environ, TMPDIR=tmp))

    # ---- programs: a pass, as tb_lockstep's ----
    for prog in PROGS + WORDS:
        # (each schedule with the time tb_lockstep's host claims for it, docs/lockstep.md "Time")
        for mode in (['+sched=own', '+time=cycles'], ['+sched=rr', '+time=n50']):
            name = os.path.basename(prog)
            (rc, out, r), (rrc, rout, rr) = both(tb, ref, tmp, 'prog', [load(prog), '+max_cycles=%d' % LIMIT_CYCLES]
                                                 + mode)
            diff = [k for k in SAME_RUN if r.get(k) != rr.get(k)]
            check('%s %s: exit %d (ref %d), differs in %s\n  kit %s\n  ref %s\n  %s' % (
                      name, mode[0], rc, rrc, diff, r, rr, out.strip().replace('\n', '\n  ')),
                  rc == 0 and rrc == 0 and r.get('status') == 'pass' and not diff and
                  re.search(r'^tb_template: PASS ', out, re.M) and '1 passed, 0 failed' in out)

    # ---- every catalogued bug: caught at tb_lockstep's record ----
    table = bug_table()
    check('docs/bugs.md names %d bugs' % len(table), len(table) >= 5)
    for bug, prog in sorted(table.items()):
        (rc, out, r), (rrc, rout, rr) = both(tb, ref, tmp, 'bug', [load(prog), '+bug=' + bug, '+seed=7',
                                                                   '+max_cycles=%d' % LIMIT_CYCLES])
        diff = [k for k in SAME_BUG if r.get(k) != rr.get(k)]
        if check('bug %s on %s: exit %d (ref %d), differs in %s\n  kit %s\n  ref %s\n  kit: %s\n  ref: %s' % (
                     bug, os.path.basename(prog), rc, rrc, diff, r, rr, summary(out), summary(rout)),
                 rc == 1 and rrc == 1 and r.get('status') == 'mismatch' and not diff and
                 summary(out) is not None and summary(out) == summary(rout) and '0 passed, 1 failed' in out):
            print('ok   bug %-22s caught by %-26s field %-14s warp %s pc %s cycle %s, as tb_lockstep' % (
                bug, os.path.basename(prog), r.get('field'), r.get('warp'), r.get('pc'), r.get('cycle')))

    # ---- failures the testbench finds: nothing compared, a hang ----
    good = os.path.join(ROOT, 'tests', 'programs', 'if_else.s')
    (rc, out, r), (_, _, rr) = both(tb, ref, tmp, 'nothing', ['+program=' + good, '+max_cycles=0'])
    check('+max_cycles=0: exit %d, %s / %s' % (rc, r, rr),
          rc == 1 and r.get('status') == 'error' and r.get('field') == 'final' and
          [r.get(k) for k in SAME_BUG] == [rr.get(k) for k in SAME_BUG])
    brx = os.path.join(ROOT, 'tests', 'programs', 'brx_test.s')
    (rc, out, r), (_, _, rr) = both(tb, ref, tmp, 'hang', ['+program=' + brx, '+watchdog=1'])
    check('+watchdog=1: exit %d, %s / %s' % (rc, r, rr),
          rc == 1 and r.get('status') == 'hang' and r.get('field') == 'hang' and
          [r.get(k) for k in SAME_BUG] == [rr.get(k) for k in SAME_BUG])

    # ---- a pass whose result file cannot be written: said, exit 2 ----
    rc, out = run([tb, '+program=' + good, '+result=/nonexistent/r.json'])
    check('a lost result file: exit %d %s' % (rc, out),
          rc == 2 and "tb_template: result: cannot open '/nonexistent/r.json': No such file or directory" in out
          and '1 passed, 0 failed' in out)

    # ---- the time a design claims: the stub's own schedule is not N-50's (a cycle without an
    # issue still counts), so +time=n50 fails it at the first such record; +time=order passes ----
    sleepy = os.path.join(ROOT, 'tests', 'programs', 'nanosleep_divergent.s')
    rc, out = run([tb, '+program=' + sleepy, '+time=n50'])
    check('+time=n50 under the own schedule: exit %d, %s' % (rc, out.strip()),
          rc == 1 and "tb_template: MISMATCH %s: t: warp 0 pc 0x60: the record's t is 5, the model's time is 4 "
          "[N-50]" % sleepy in out)
    rc, out = run([tb, '+program=' + sleepy, '+time=order'])
    check('+time=order under the own schedule: exit %d, %s' % (rc, out.strip()),
          rc == 0 and re.search(r'^tb_template: PASS ', out, re.M))

    # ---- bad plusargs: one line, exit 2 ----
    junk = os.path.join(tmp, 'junk.s')
    with open(junk, 'w') as f:
        f.write('FROB R1, R2 ;\n')
    cases = [
        ([], 'tb_template: +program=FILE.s or +words=FILE is required (docs/integrate.md)'),
        (['+program=' + good, '+threads=abc'], 'tb_template: +threads=abc: not a number (decimal, or hex with 0x)'),
        (['+program=' + good, '+threads=2000'], 'tb_template: +threads=2000: out of range 1..1024'),
        (['+program=' + good, '+max_mismatches=0'], 'tb_template: +max_mismatches=0: out of range 1..2147483647'),
        (['+program=' + good, '+wake_late=soon'], 'tb_template: +wake_late=soon: not a number (decimal, or hex '
                                                  'with 0x)'),
        (['+program=' + good, '+operands=model'], "tb_template: +operands=model: self (the model's own registers) "
                                                  "or rtl (the design's operands)"),
        (['+program=' + good, '+ignore=bogus'], "tb_template: warpref_dpi_new: ignore: unknown field 'bogus'"),
        (['+program=' + good, '+time=ns'], 'tb_template: +time=ns: order, cycles or n50 (docs/lockstep.md, "Time")'),
        (['+program=' + junk], 'tb_template: %s:1:1: error: ' % junk),
    ]
    for args, want in cases:
        rc, out = run([tb] + args)
        lines = [ln for ln in out.split('\n') if ln.strip()]
        check('bad plusargs %s: exit %d, want %r, got %s' % (args, rc, want, lines),
              rc == 2 and len(lines) == 1 and lines[0].startswith(want))

    # ---- the optional parts left out: not compared, said, and the rest still checked ----
    if a.partial:
        part = os.path.abspath(a.partial)
        for prog in (good, os.path.join(ROOT, 'tests', 'programs', 'bar_red.s')):
            res = os.path.join(tmp, 'partial.result')
            rc, out = run([part, '+program=' + prog, '+result=' + res])
            r = read_json(res) or {}
            check('partial %s: exit %d %s\n  %s' % (os.path.basename(prog), rc, r, out),
                  rc == 0 and r.get('status') == 'pass' and
                  '; not compared: operand values (reads, in.*), Rd values (write.gpr, the end\'s registers), '
                  'CTA words (write.barrier and write.warpbar values, the end\'s barrier words)' in out)
        rc, out = run([part, '+program=' + good, '+operands=rtl'])
        check('partial +operands=rtl: exit %d %s' % (rc, out),
              rc == 2 and out.strip() == 'tb_template: +operands=rtl: the design reports no operand values '
              '(OPERANDS = 0)')
        # a bug in what is still compared (the branch unit's masks) is caught as before
        prog = table['bra_u_any']
        (rc, out, r), (_, _, rr) = both(part, ref, tmp, 'partial-bug', [load(prog), '+bug=bra_u_any'])
        check('partial bra_u_any: exit %d, %s / %s' % (rc, r, rr),
              rc == 1 and r.get('field') == rr.get('field') and r.get('cycle') == rr.get('cycle'))
        # a wrong Rd value is not seen where it is written (write.gpr is off), but where the
        # model, keeping its own registers, computes from it: LEPC's dropped high word at the
        # CALL that jumps through the pair
        prog = table['pair_high_dropped']
        (rc, out, r), (_, _, rr) = both(part, ref, tmp, 'partial-rd', [load(prog), '+bug=pair_high_dropped'])
        check('partial pair_high_dropped (Rd values not compared): exit %d, %s / %s' % (rc, r, rr),
              rc == 1 and rr.get('field') == 'write.gpr' and r.get('field') == 'active_pc' and
              r.get('cycle', 0) > rr.get('cycle', 0) and 'not compared: ' in out)

    if not clitest.failed:
        subprocess.run(['rm', '-rf', tmp])
    else:
        print('files kept in ' + tmp)
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
