#!/usr/bin/env python3
"""check_trace_writer.py - the kit's trace writer (kit/warpref_trace_writer.sv,
docs/integrate.md "Traces without DPI"): the trace the template testbench
writes in SystemVerilog alone (+trace_sv=FILE) is the canonical trace, and
`warpref replay` of it says what the lockstep run said.

Usage: check_trace_writer.py --tb TB_TEMPLATE --model WARPREF
                             [--partial TB_TEMPLATE_PARTIAL]

  programs  every program of tests/programs/ and tb/programs/, and generated
            ones (warpref gen --seed 1..4), under the stub's own scheduler and
            N-50's (+sched=rr): the run passes, its +trace_sv= trace equals,
            record by record (JSON values; `asm` apart, which the writer leaves
            out), the trace the C glue writes of the same run (+trace=), final
            record included (after a fetch fault both end at the fault's
            time), and `warpref replay` of each matches (status 0; the stub's
            own scheduler: --ignore t, docs/replay.md)
  bugs      every catalogued bug (docs/bugs.md) on the program named for it:
            replay of the trace ends 1 with its first divergence at the
            lockstep run's record (its result file's `retired`; a check of the
            run's end: the final record) and field (a trace without a final
            record, of a run the checker stopped: --threads N of the program),
            for every bug whose field a trace carries (wr_replay_untraced,
            `wake` and the end state's registers, which the writer's final
            record leaves out, are not: such a bug is listed, not judged); at least five
            such bugs
  partial   (--partial: OPERANDS, RD_VALUES, CTA_WORDS = 0) the trace has no
            `in`, `out` or record `bars` (never zeros) and replays clean with
            --program and --ignore write.barrier
  errors    +trace_sv= a file that cannot be opened: one line, the run goes on

Prints one line per failing check and `N passed, N failed`."""
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
from clitest import check, read_json  # noqa: E402

PROGS = sorted(glob.glob(os.path.join(ROOT, 'tests', 'programs', '*.s'))) + \
    sorted(glob.glob(os.path.join(ROOT, 'tb', 'programs', '*.s')))
SEEDS = [1, 2, 3, 4]
LIMIT_CYCLES = 20000
# compare fields a trace does not carry (model/src/check/replay.c, wr_replay_untraced), and
# the wake, whose deadline a trace does not date (docs/replay.md, "Sleep deadlines")
UNTRACED = {'fetch_fault', 'rpc', 'warp_bar_state', 'warp_bar_state_defined', 'run', 'blocked_bar', 'write.ur',
            'write.warpbar', 'write.runstate', 'wake', 'hang',
            't'}   # (the design's clock over its edges: a trace replayed with --ignore t does not judge it)

# the checks of the run's end (docs/lockstep.md, "How a run ends"): at the final record of a trace
FINAL_FIELDS = {'end', 'final', 't'}


# Every process runs in this test's own folder (main: its temporary one), with TMPDIR there too: what
# a run writes beside its named outputs (the checker's default dump `warpref-dump.*` in the working
# directory, a trace's spool in $TMPDIR) is never another test's, when meson runs tests side by side in
# one build directory
RUN = {}


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **RUN)
    return p.returncode, p.stdout + p.stderr


def records(path):
    """the trace's lines as JSON values, `asm` left out; None if one is not JSON"""
    out = []
    try:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                r.pop('asm', None)
                out.append(r)
    except (OSError, ValueError):
        return None
    return out


def bug_table():
    """docs/bugs.md: bug -> the first detecting program (.s only: a trace's words are its program)"""
    table = {}
    with open(os.path.join(ROOT, 'docs', 'bugs.md')) as f:
        for line in f:
            m = re.match(r'\| `(\w+)` \|.*\| ((?:tests|tb)/programs/\w+\.s) \|', line)
            if m:
                table[m.group(1)] = os.path.join(ROOT, m.group(2))
    return table


def threads_of(prog):
    """the program's .threads (32 without one)"""
    with open(prog) as f:
        m = re.search(r'^\s*\.threads\s+(\d+)', f.read(), re.M)
    return int(m.group(1)) if m else 32


def first_divergence(out, trace):
    """(record, field) of the replay's first divergence line"""
    m = re.search(r'^%s:(\d+): divergence: ([\w.]+)' % re.escape(trace), out, re.M)
    return (int(m.group(1)), m.group(2)) if m else (None, None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--model', required=True)
    ap.add_argument('--partial')
    a = ap.parse_args()
    tb, model = os.path.abspath(a.tb), os.path.abspath(a.model)
    tmp = tempfile.mkdtemp(prefix='check-trace-writer-')
    RUN.update(cwd=tmp, env=dict(os.environ, TMPDIR=tmp))
    sv, dpi, res = (os.path.join(tmp, n) for n in ('sv.jsonl', 'dpi.jsonl', 'run.result'))

    progs = list(PROGS)
    for seed in SEEDS:
        p = os.path.join(tmp, 'gen%d.s' % seed)
        rc, out = run([model, 'gen', '--seed', str(seed), '-o', p])
        check('warpref gen --seed %d: exit %d %s' % (seed, rc, out), rc == 0)
        progs.append(p)

    # ---- programs: the trace is the C glue's, and replays clean ----
    nrec = 0
    for prog in progs:
        for sched in ('own', 'rr'):
            what = '%s +sched=%s' % (os.path.basename(prog), sched)
            for f in (sv, dpi, res):
                if os.path.exists(f):
                    os.unlink(f)
            rc, out = run([tb, '+program=' + prog, '+sched=' + sched, '+max_cycles=%d' % LIMIT_CYCLES,
                           '+trace_sv=' + sv, '+trace=' + dpi, '+result=' + res])
            r = read_json(res) or {}
            if not check('%s: the run: exit %d %s' % (what, rc, out), rc == 0 and r.get('status') == 'pass'):
                continue
            mine, theirs = records(sv), records(dpi)
            if not check('%s: a trace is not JSON lines' % what,
                         mine is not None and theirs is not None and len(mine) >= 1):
                continue
            nrec += len(mine)
            # after a fetch fault the final record's t is the fault's time in both (TRACE-FORMAT:
            # when the end was detected; the model's), not the design's time after the stop
            diff = [i + 1 for i in range(max(len(mine), len(theirs)))
                    if i >= len(mine) or i >= len(theirs) or mine[i] != theirs[i]]
            check('%s: +trace_sv= differs from +trace= at line %s (of %d, %d)\n  sv  %s\n  dpi %s' % (
                what, diff[:1], len(mine), len(theirs),
                mine[diff[0] - 1] if diff and diff[0] <= len(mine) else None,
                theirs[diff[0] - 1] if diff and diff[0] <= len(theirs) else None),
                  not diff)
            check('%s: no final record' % what, 'end' in mine[-1])
            for t in (sv, dpi):               # the writer's trace and the checker's +trace=
                rc, out = run([model, 'replay', t, '--dump', os.path.join(tmp, 'rd')] +
                              (['--ignore', 't'] if sched == 'own' else []))
                check('%s: replay of %s: exit %d %s' % (what, os.path.basename(t), rc, out.strip()),
                      rc == 0 and ': match: ' in out)
    print('programs: %d runs, %d records written by the writer' % (len(progs) * 2, nrec))

    # ---- bugs: replay's first divergence is the lockstep run's ----
    judged = 0
    for bug, prog in sorted(bug_table().items()):
        for f in (sv, res):
            if os.path.exists(f):
                os.unlink(f)
        rc, out = run([tb, '+program=' + prog, '+bug=' + bug, '+max_cycles=%d' % LIMIT_CYCLES,
                       '+trace_sv=' + sv, '+result=' + res, '+dump=' + os.path.join(tmp, 'kd')])
        r = read_json(res) or {}
        if not check('bug %s: the run: exit %d %s' % (bug, rc, out), rc == 1 and r.get('status') == 'mismatch'):
            continue
        # a run the checker stopped at a mismatch has no end-state read, so no final record: the
        # CTA size is the program's (docs/replay.md)
        mine = records(sv) or []
        final = bool(mine) and 'end' in mine[-1]
        rrc, rout = run([model, 'replay', sv, '--ignore', 't', '--dump', os.path.join(tmp, 'rd')] +
                        ([] if final else ['--threads', str(threads_of(prog))]))
        rec, field = first_divergence(rout, sv)
        if final and rec == len(mine):
            rec = 'final'             # the final record: the lockstep run's check at its end
        want = 'final' if r.get('field') in FINAL_FIELDS else r.get('retired')
        # the end state's registers and predicates: the writer's final record carries none
        regs_end = re.search(r'final: warp \d+ [RP]\d+ ', out) is not None and not (
            final and any('r' in w for w in mine[-1].get('warps', [])))
        if r.get('field') in UNTRACED or regs_end:
            print('--   bug %-22s lockstep %s at record %s: not in a trace; replay: exit %d, %s at record %s' % (
                bug, r.get('field'), r.get('retired'), rrc, field, rec))
            continue
        judged += 1
        if check('bug %s on %s: lockstep %s at record %s, replay exit %d %s at record %s\n  %s' % (
                     bug, os.path.basename(prog), r.get('field'), want, rrc, field, rec,
                     rout.strip().replace('\n', '\n  ')),
                 rrc == 1 and rec == want and field == r.get('field')):
            print('ok   bug %-22s %-26s replay: divergence %-14s at record %-4s as lockstep' % (
                bug, os.path.basename(prog), field, rec))
    check('only %d catalogued bugs with a traced field' % judged, judged >= 5)

    # ---- the optional parts left out: left out of the trace, and it replays ----
    if a.partial:
        part = os.path.abspath(a.partial)
        for name in ('if_else.s', 'bar_red.s', 'ldc_test.s'):
            prog = os.path.join(ROOT, 'tests', 'programs', name)
            if not os.path.exists(prog):
                continue
            if os.path.exists(sv):
                os.unlink(sv)
            rc, out = run([part, '+program=' + prog, '+sched=rr', '+trace_sv=' + sv])
            mine = records(sv) or []
            check('partial %s: exit %d, %d records, keys %s' % (name, rc, len(mine),
                                                                sorted(set(k for x in mine for k in x))),
                  rc == 0 and mine and 'end' in mine[-1] and
                  not any('in' in x or 'out' in x or 'bars' in x for x in mine[:-1]))
            rc, out = run([model, 'replay', sv, '--program', prog, '--ignore', 'write.barrier'])
            check('partial %s: replay: exit %d %s' % (name, rc, out.strip()), rc == 0 and ': match: ' in out)

    # ---- a trace file that cannot be written: said, the run goes on ----
    good = os.path.join(ROOT, 'tests', 'programs', 'if_else.s')
    rc, out = run([tb, '+program=' + good, '+trace_sv=/nonexistent/t.jsonl'])
    check('+trace_sv= unwritable: exit %d %s' % (rc, out),
          rc == 0 and 'tb_template: +trace_sv=/nonexistent/t.jsonl: cannot open it for writing' in out and
          '1 passed, 0 failed' in out)

    if clitest.failed == 0:
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        print('files kept in ' + tmp)
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
