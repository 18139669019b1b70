#!/usr/bin/env python3
"""check_program.py - program-level test of `warpref run`.

Usage:
    check_program.py WARPREF PROG.s     run PROG.s, validate the trace, check
                                        the expectations written in PROG.s
    check_program.py --self-test        check the validator itself

The expectations are comment lines of PROG.s (the assembler ignores them):

    //! args: --dump-regs 4 --threads 64   extra command-line arguments
                                           (shell-like split; lines add up)
    //! exit: 3                            exit status (default 0)
    //! expect: {JSON}                     deep subset of the final record
    //! record: {JSON}                     an instruction record that deep-subset
                                           matches must appear; several record
                                           lines match in order, each after the
                                           previous match
    //! records: N                         exact number of instruction records
    //! explain: TEXT                      a line that `--explain` must write, exactly
                                           (several in order, as record lines),
                                           without the rule references that end
                                           it (checked on every line)

Every program also runs with `--explain FILE` (the same run as the trace):
the explanation has one line per instruction record, each starting with
the record's "t=T warp=W pc=PC ", and a fetch fault's line after them.

Deep subset: an expected object's keys must all be present and match (extra
keys in the trace are allowed), except under the keys "b", "dc" and "bars",
whose objects are maps and must have exactly the expected keys; lists must
have the same length and match element-wise; strings, numbers, booleans and
null must be equal (1 and true are different).

Every trace line is validated against TRACE-FORMAT.md whatever the
expectations say: record keys and value formats, the event grammar, `t`
strictly increasing, the final record.  On top of the format the validator
checks invariants any correct trace has (SPEC-NOTES N-04, N-18, N-26, N-31,
N-35, N-37, N-50): each warp's `pc` is its previous `next_pc` (0 at the
start), ActiveMask is a subset of ValidMask, `exit` exactly when ValidMask
becomes 0, a blocked, asleep, exited, trapped or faulted warp does not issue
until released or woken, the scheduler issues the first ready warp at or
after its pointer, time only jumps when no warp is ready, an exception record
leaves the warp unchanged (next_pc == pc, same masks) and ends the run, and
the final record agrees with each warp's last record.

Standard library only.  Exit status 0 with `ok PROG.s`, or 1 with a message
naming the failed expectation or the offending trace line.
"""

import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------------
# TRACE-FORMAT.md vocabulary

HEX_RE = re.compile(r'^0x(?:0|[1-9a-f][0-9a-f]*)$')      # pc, next_pc
MASK_RE = re.compile(r'^0x[0-9a-f]{8}$')                  # "0x%08x"
HEXANY_RE = re.compile(r'^0x[0-9a-f]+$')                  # ur, c
LANEVAL_RE = re.compile(r'^0x(?:[0-9a-f]{8}|[0-9a-f]{16})$')
INSN_RE = re.compile(r'^0x[0-9a-f]{32}$')
BREG_RE = re.compile(r'^B(?:[0-9]|1[0-5])$')
DEC_RE = r'(?:0|[1-9][0-9]*)'
NAME_RE = re.compile(r'^[A-Z][A-Z0-9_]*$')
BARKEY_RE = re.compile(r'^' + DEC_RE + r'$')
RELEASE_RE = re.compile(r'^release:(' + DEC_RE + r')(?::(' + DEC_RE + r'(?:,' + DEC_RE + r')*))?$')

INSN_REQUIRED = ('t', 'warp', 'pc', 'op', 'active', 'valid', 'next_pc',
                 'yield', 'sleep', 'switch', 'b', 'ev')
INSN_OPTIONAL = ('insn', 'in', 'out', 'bars', 'asm')
MASK_KEYS = ('active', 'valid', 'yield', 'sleep', 'switch')
FINAL_KEYS = ('end', 't', 'warps', 'bars')
WARP_KEYS = ('warp', 'state', 'pc', 'active', 'valid', 'yield', 'sleep', 'switch', 'b')
REG_KEYS = ('r', 'p', 'dc')

ENDS = {'done', 'deadlock', 'livelock', 'exception', 'limit'}
STATES = {'exited', 'blocked', 'asleep', 'trapped', 'faulted', 'ready'}
EXIT_FOR_END = {'done': 0, 'deadlock': 3, 'livelock': 3, 'exception': 4, 'limit': 5}

# op spellings (TRACE-FORMAT "op spellings"; helpers as SPEC-NOTES N-51)
KNOWN_OPS = {
    'BAR.SYNC', 'BAR.ARV', 'BAR.RED.AND', 'BAR.RED.OR', 'BAR.RED.POPC',
    'B2R.BAR', 'B2R.WARP', 'BAR.RESULT', 'R2B.BAR', 'R2B.WARP',
    'BRA', 'BRA.U', 'BRA.DIV', 'BRA.CONV', 'BRX', 'CALL.ABS', 'CALL.REL',
    'RET.ABS', 'RET.REL', 'LEPC', 'EXIT', 'BMOV', 'BMOV.CLEAR', 'BSSY',
    'BSYNC', 'YIELD', 'BREAK', 'WARPSYNC', 'NANOSLEEP', 'RTT', 'TRAP', 'SYSCALL',
    'ISETP.EQ', 'ISETP.NE', 'ISETP.LT', 'ISETP.LE', 'ISETP.GT', 'ISETP.GE',
    'LOP.AND', 'LOP.OR', 'LOP.XOR', 'S2R', 'MOV', 'IADD', 'SHL', 'SHR',
    'UMOV', 'LDC', 'NOP',
}
# exception and warning names of SPEC-NOTES (N-37, N-30 and the profiles, section 8)
EXCEPTIONS = {
    'BAR_CNT_ALIGN', 'BAR_ARV_ZERO_CNT', 'BAR_MODE_MISMATCH', 'BAR_PARAM_MISMATCH',
    'ILLEGAL_ENCODING', 'WARPSYNC_NOT_MEMBER', 'WARPSYNC_GROUP_MISMATCH',
    'ILLEGAL_INSTR_ENCODING', 'UNPREDICTABLE', 'ALIGNED_DIVERGENT',
    'NBAR_WAIT_NOT_CONSUMER',
}
WARNINGS = {'OPERAND_NOT_UNIFORM', 'RESULT_NOT_READ'}
MAX_BARRIER = 31        # native 0..15; the visa profile names 0..31

# The profiles (SPEC-NOTES section 8, TRACE-FORMAT "Profiles"): the final
# record names one other than native; its barrier instructions replace the
# native BAR/B2R/R2B set (G-01), its barriers and state words differ.
PROFILE_BAR_OPS = {
    'native': {'BAR.SYNC', 'BAR.ARV', 'BAR.RED.AND', 'BAR.RED.OR', 'BAR.RED.POPC',
               'B2R.BAR', 'B2R.WARP', 'BAR.RESULT', 'R2B.BAR', 'R2B.WARP'},
    'sass': {'BAR.SYNC', 'BAR.ARV', 'BAR.RED.AND', 'BAR.RED.OR', 'BAR.RED.POPC', 'BAR.SCAN',
             'BAR.SYNCALL', 'B2R.RESULT', 'B2R.BAR', 'B2R.WARP', 'R2B.BAR', 'R2B.WARP'},
    'ptx': set(),       # PTX_OP_RE
    'visa': {'NBARRIER.signal', 'NBARRIER.wait'},
}
PTX_OP_RE = re.compile(r'^barrier(\.cta)?\.(sync|arrive|red\.popc|red\.and|red\.or)(\.aligned)?'
                       r'(\.u32|\.pred)?$')
PROFILE_MAX_BARRIER = {'native': 15, 'sass': 16, 'ptx': 15, 'visa': 31}
PROFILE_WORD_ZERO = {'native': 29, 'sass': 29, 'ptx': 29, 'visa': 31}   # state words: bits from here are 0
BAR_OPS_ANY = set().union(*PROFILE_BAR_OPS.values())
profile = 'native'      # of the trace being validated (validate_trace)


def op_known(op):
    if op in PROFILE_BAR_OPS[profile]:
        return True
    if profile == 'ptx' and PTX_OP_RE.match(op):
        m = PTX_OP_RE.match(op)
        return (m.group(4) == '.u32') == (m.group(2) == 'red.popc') and \
            (m.group(4) == '.pred') == (m.group(2) in ('red.and', 'red.or'))
    return op in KNOWN_OPS and op not in BAR_OPS_ANY

EXACT_MAP_KEYS = {'b', 'dc', 'bars'}


class CheckError(Exception):
    """A failed check; `line` is the 1-based trace line, if any."""

    def __init__(self, msg, line=None):
        super().__init__(msg)
        self.msg = msg
        self.line = line


def _pairs_no_dup(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError('duplicate key %r' % k)
        d[k] = v
    return d


def parse_json(text):
    return json.loads(text, object_pairs_hook=_pairs_no_dup)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def mask_val(s):
    return int(s, 16)


# ---------------------------------------------------------------------------
# field checkers (raise CheckError without a line; the caller adds it)

def need_hex(v, what):
    if not isinstance(v, str) or not HEX_RE.match(v):
        raise CheckError('%s: %r is not lowercase hex with 0x and no padding' % (what, v))


def need_mask(v, what):
    if not isinstance(v, str) or not MASK_RE.match(v):
        raise CheckError('%s: %r is not "0x%%08x"' % (what, v))


def need_breg_obj(b, what):
    if not isinstance(b, dict):
        raise CheckError('%s: not an object' % what)
    for k, v in b.items():
        if not BREG_RE.match(k):
            raise CheckError('%s: bad B register name %r' % (what, k))
        need_mask(v, '%s.%s' % (what, k))
        if mask_val(v) == 0:
            raise CheckError('%s.%s: zero B registers must be left out' % (what, k))


def need_bars_obj(bars, what, nonzero):
    if not isinstance(bars, dict):
        raise CheckError('%s: not an object' % what)
    for k, v in bars.items():
        if not BARKEY_RE.match(k) or int(k) > PROFILE_MAX_BARRIER[profile]:
            raise CheckError('%s: bad barrier key %r' % (what, k))
        need_mask(v, '%s.%s' % (what, k))
        zero = PROFILE_WORD_ZERO[profile]
        if mask_val(v) >> zero:
            raise CheckError('%s.%s: bits 31:%d of a state word must be 0 (N-38, V-11)' % (what, k, zero))
        if nonzero and mask_val(v) == 0:
            raise CheckError('%s.%s: the final record lists only non-zero barriers' % (what, k))


def check_events(ev):
    """TRACE-FORMAT event grammar:
    [wake] warning:NAME* ( exception:NAME | own )
    own = [ block:B | arrive:B [release:B[:W,..]] ] [ exit release:B..* ] [sleep]
          [ trap:IDX | syscall | rtt ]"""
    if not isinstance(ev, list) or not all(isinstance(e, str) for e in ev):
        raise CheckError('ev: not an array of strings')
    i, n = 0, len(ev)
    if i < n and ev[i] == 'wake':
        i += 1
    while i < n and ev[i].startswith('warning:'):
        name = ev[i][8:]
        if name not in WARNINGS:
            raise CheckError('ev[%d]: unknown warning %r' % (i, ev[i]))
        i += 1
    if i < n and ev[i].startswith('exception:'):
        name = ev[i][10:]
        if name not in EXCEPTIONS:
            raise CheckError('ev[%d]: unknown exception %r' % (i, ev[i]))
        if i != n - 1:
            raise CheckError('ev: nothing may follow %r, got %r' % (ev[i], ev[i + 1:]))
        return

    def barno(s, where):
        if not re.match('^' + DEC_RE + '$', s) or int(s) > PROFILE_MAX_BARRIER[profile]:
            raise CheckError('ev[%d]: bad barrier number in %r' % (where, ev[where]))
        return int(s)

    def release(where, bar_expected):
        m = RELEASE_RE.match(ev[where])
        if not m:
            raise CheckError('ev[%d]: %r is not release:B or release:B:W,W,...' % (where, ev[where]))
        b = barno(m.group(1), where)
        if bar_expected is not None and b != bar_expected:
            raise CheckError('ev[%d]: %r releases another barrier than the arrival (%d)'
                             % (where, ev[where], bar_expected))
        ws = [int(x) for x in m.group(2).split(',')] if m.group(2) else []
        if ws != sorted(set(ws)):
            raise CheckError('ev[%d]: released warps of %r are not ascending and distinct'
                             % (where, ev[where]))
        return b, ws

    if i < n and (ev[i].startswith('block:') or ev[i].startswith('arrive:')):
        kind, _, num = ev[i].partition(':')
        b = barno(num, i)
        i += 1
        if i < n and ev[i].startswith('release:'):
            if kind == 'block':
                raise CheckError('ev[%d]: a warp that blocks did not complete the barrier, '
                                 'no release may follow block:%d' % (i, b))
            release(i, b)
            i += 1
    if i < n and ev[i] == 'exit':
        i += 1
        seen = []
        while i < n and ev[i].startswith('release:'):
            b, _ = release(i, None)
            if seen and b <= seen[-1]:
                raise CheckError('ev[%d]: releases after exit must be in ascending barrier order' % i)
            seen.append(b)
            i += 1
    if i < n and ev[i] == 'sleep':
        i += 1
    if i < n:
        e = ev[i]
        m = re.match(r'^trap:(' + DEC_RE + r')$', e)
        if m or e in ('syscall', 'rtt'):
            i += 1
    if i != n:
        raise CheckError('ev[%d]: %r is out of place or unknown (event order: wake, warning:*, '
                         'exception | block/arrive, release, exit, release, sleep, trap/syscall/rtt)'
                         % (i, ev[i]))


def check_in_obj(v):
    if not isinstance(v, dict):
        raise CheckError('in: not an object')
    for k, x in v.items():
        if k in ('pg', 'pp'):
            need_mask(x, 'in.' + k)
        elif k in ('ra', 'rb', 'rc', 're'):
            if not isinstance(x, list) or len(x) != 32 or \
                    not all(isinstance(y, str) and LANEVAL_RE.match(y) for y in x):
                raise CheckError('in.%s: not 32 lane values of 8 or 16 hex digits' % k)
        elif k in ('ur', 'c'):
            if not isinstance(x, str) or not HEXANY_RE.match(x):
                raise CheckError('in.%s: %r is not a hex string' % (k, x))
        else:
            raise CheckError('in: unknown key %r' % k)


def check_out_obj(v):
    if not isinstance(v, dict):
        raise CheckError('out: not an object')
    for k, x in v.items():
        if k == 'rd':
            if not isinstance(x, list) or len(x) != 32 or \
                    not all(y is None or (isinstance(y, str) and LANEVAL_RE.match(y)) for y in x):
                raise CheckError('out.rd: not 32 lane values (hex string or null)')
        elif k == 'rd_dc':
            if not isinstance(x, str) or not HEXANY_RE.match(x):
                raise CheckError('out.rd_dc: %r is not a hex string' % (x,))
        elif k == 'pd':
            if not isinstance(x, dict) or set(x) != {'mask', 'val'}:
                raise CheckError('out.pd: must be {"mask": .., "val": ..}')
            need_mask(x['mask'], 'out.pd.mask')
            need_mask(x['val'], 'out.pd.val')
        elif k == 'pd_dc':
            if not isinstance(x, bool):
                raise CheckError('out.pd_dc: not a boolean')
        else:
            raise CheckError('out: unknown key %r' % k)


def check_insn_record(rec):
    keys = set(rec)
    missing = [k for k in INSN_REQUIRED if k not in keys]
    if missing:
        raise CheckError('instruction record lacks %s' % ', '.join(missing))
    extra = keys - set(INSN_REQUIRED) - set(INSN_OPTIONAL)
    if extra:
        raise CheckError('instruction record has unknown keys %s' % ', '.join(sorted(extra)))
    if not is_int(rec['t']) or rec['t'] < 0:
        raise CheckError('t: %r is not a non-negative integer' % (rec['t'],))
    if not is_int(rec['warp']) or rec['warp'] < 0:
        raise CheckError('warp: %r is not a non-negative integer' % (rec['warp'],))
    need_hex(rec['pc'], 'pc')
    if int(rec['pc'], 16) % 16:
        raise CheckError('pc %s is not 16-byte aligned: no instruction is issued there (N-27)' % rec['pc'])
    need_hex(rec['next_pc'], 'next_pc')
    if not isinstance(rec['op'], str) or not op_known(rec['op']):
        raise CheckError('op: %r is not a TRACE-FORMAT spelling of the %s profile' % (rec['op'], profile))
    for k in MASK_KEYS:
        need_mask(rec[k], k)
    need_breg_obj(rec['b'], 'b')
    check_events(rec['ev'])
    if 'insn' in rec and (not isinstance(rec['insn'], str) or not INSN_RE.match(rec['insn'])):
        raise CheckError('insn: %r is not 32 hex digits with 0x' % (rec['insn'],))
    if 'in' in rec:
        check_in_obj(rec['in'])
    if 'out' in rec:
        check_out_obj(rec['out'])
    if 'bars' in rec:
        need_bars_obj(rec['bars'], 'bars', nonzero=False)
    if 'asm' in rec and not isinstance(rec['asm'], str):
        raise CheckError('asm: not a string')
    if mask_val(rec['active']) & ~mask_val(rec['valid']):
        raise CheckError('active %s is not a subset of valid %s' % (rec['active'], rec['valid']))


def check_final_record(rec, dump_regs, nwarps):
    keys = set(rec)
    allowed = set(FINAL_KEYS) | {'fault', 'profile'}
    if rec.get('profile') == 'native':
        raise CheckError('profile: the final record names a profile other than native only')
    missing = [k for k in FINAL_KEYS if k not in keys]
    if missing:
        raise CheckError('final record lacks %s' % ', '.join(missing))
    if keys - allowed:
        raise CheckError('final record has unknown keys %s' % ', '.join(sorted(keys - allowed)))
    if rec['end'] not in ENDS:
        raise CheckError('end: %r is not one of %s' % (rec['end'], sorted(ENDS)))
    if not is_int(rec['t']) or rec['t'] < 0:
        raise CheckError('final t: %r is not a non-negative integer' % (rec['t'],))
    if 'fault' in rec:
        f = rec['fault']
        if rec['end'] != 'exception':
            raise CheckError('fault is only given when the run ends "exception"')
        if not isinstance(f, dict) or set(f) != {'warp', 'pc', 'what'}:
            raise CheckError('fault: must be exactly {"warp", "pc", "what"}')
        if not is_int(f['warp']) or not isinstance(f['what'], str) or not f['what']:
            raise CheckError('fault: warp must be an integer and what a non-empty string')
        need_hex(f['pc'], 'fault.pc')
    need_bars_obj(rec['bars'], 'bars', nonzero=True)
    warps = rec['warps']
    if not isinstance(warps, list) or not warps:
        raise CheckError('warps: not a non-empty array')
    if nwarps is not None and len(warps) != nwarps:
        raise CheckError('warps: %d entries, the CTA has %d warps' % (len(warps), nwarps))
    for i, w in enumerate(warps):
        where = 'warps[%d]' % i
        if not isinstance(w, dict):
            raise CheckError('%s: not an object' % where)
        want = set(WARP_KEYS) | (set(REG_KEYS) if dump_regs else set())
        if set(w) != want:
            raise CheckError('%s: keys %s, expected exactly %s' % (where, sorted(w), sorted(want)))
        if w['warp'] != i:
            raise CheckError('%s: "warp" is %r' % (where, w['warp']))
        if w['state'] not in STATES:
            raise CheckError('%s.state: %r is not one of %s' % (where, w['state'], sorted(STATES)))
        need_hex(w['pc'], where + '.pc')
        for k in MASK_KEYS:
            need_mask(w[k], '%s.%s' % (where, k))
        need_breg_obj(w['b'], where + '.b')
        if mask_val(w['active']) & ~mask_val(w['valid']):
            raise CheckError('%s: active %s is not a subset of valid %s' % (where, w['active'], w['valid']))
        if (w['state'] == 'exited') != (mask_val(w['valid']) == 0):
            raise CheckError('%s: state %s with valid %s (a warp has exited iff ValidMask is 0, N-18)'
                             % (where, w['state'], w['valid']))
        if w['state'] == 'exited' and mask_val(w['active']):
            raise CheckError('%s: an exited warp has ActiveMask 0 (N-18)' % where)
        if dump_regs:
            r = w['r']
            if not isinstance(r, list) or len(r) != 32:
                raise CheckError('%s.r: not 32 lane arrays' % where)
            for lane, regs in enumerate(r):
                if not isinstance(regs, list) or len(regs) != dump_regs or \
                        not all(isinstance(x, str) and MASK_RE.match(x) for x in regs):
                    raise CheckError('%s.r[%d]: not %d strings "0x%%08x"' % (where, lane, dump_regs))
            p = w['p']
            if not isinstance(p, list) or len(p) != 32 or \
                    not all(is_int(x) and 0 <= x <= 127 for x in p):
                raise CheckError('%s.p: not 32 integers 0..127' % where)
            dc = w['dc']
            if not isinstance(dc, dict):
                raise CheckError('%s.dc: not an object' % where)
            for k, v in dc.items():
                m = re.match(r'^R(' + DEC_RE + r')$', k)
                if not ((m and int(m.group(1)) < dump_regs) or re.match(r'^P[0-6]$', k)):
                    raise CheckError('%s.dc: %r is not one of R0..R%d, P0..P6' % (where, k, dump_regs - 1))
                need_mask(v, '%s.dc.%s' % (where, k))
                if mask_val(v) == 0:
                    raise CheckError('%s.dc.%s: registers without undefined lanes are left out' % (where, k))
    if 'fault' in rec and rec['fault']['warp'] >= len(warps):
        raise CheckError('fault.warp %d: no such warp' % rec['fault']['warp'])


# ---------------------------------------------------------------------------
# the whole trace

def validate_trace(text, dump_regs=0, nwarps=None):
    """Validate a trace; returns (records, final).  Raises CheckError."""
    lines = text.split('\n')
    if lines and lines[-1] == '':
        lines.pop()
    if not lines:
        raise CheckError('the trace is empty (no final record)')
    objs = []
    for no, line in enumerate(lines, 1):
        try:
            obj = parse_json(line)
        except ValueError as e:
            raise CheckError('not a JSON object: %s' % e, no)
        if not isinstance(obj, dict):
            raise CheckError('not a JSON object', no)
        objs.append(obj)
    global profile
    profile = trace_profile(objs[-1])
    for no, obj in enumerate(objs[:-1], 1):
        if 'end' in obj:
            raise CheckError('a final record before the last line', no)
        try:
            check_insn_record(obj)
        except CheckError as e:
            raise CheckError(e.msg, no)
    final = objs[-1]
    last_no = len(objs)
    if 'end' not in final:
        raise CheckError('the last line is not the final record {"end", "t", "warps", "bars"}', last_no)
    try:
        check_final_record(final, dump_regs, nwarps)
    except CheckError as e:
        raise CheckError(e.msg, last_no)
    records = objs[:-1]
    check_invariants(records, final)
    return records, final


def trace_profile(final):
    """the profile of a trace, from its final record (TRACE-FORMAT "Profiles")"""
    p = final.get('profile', 'native') if isinstance(final, dict) else 'native'
    if p not in PROFILE_BAR_OPS:
        raise CheckError('profile: %r is not sass, ptx or visa' % (p,))
    return p


def check_invariants(records, final):
    """Cross-record checks: continuity, scheduler N-50, run states."""
    n = len(final['warps'])
    state = ['ready'] * n           # our view: ready/blocked/asleep/exited/trapped/faulted
    blocked_on = [None] * n
    last = [None] * n               # each warp's last record
    pointer = 0
    prev_t = None
    for no, rec in enumerate(records, 1):
        w, t, ev = rec['warp'], rec['t'], rec['ev']

        def fail(msg):
            raise CheckError(msg, no)

        if w >= n:
            fail('warp %d: the final record lists %d warps' % (w, n))
        if prev_t is not None and t <= prev_t:
            fail('t %d does not increase (previous record t %d)' % (t, prev_t))
        wake = bool(ev) and ev[0] == 'wake'
        # time advances by 1 per issued instruction; it jumps only when no warp is ready (N-50)
        if prev_t is not None and t > prev_t + 1:
            if not wake:
                fail('t jumps from %d to %d but the issuing warp %d did not wake: time only '
                     'jumps to a sleep deadline when no warp is ready (N-50)' % (prev_t, t, w))
            ready = [x for x in range(n) if state[x] == 'ready']
            if ready:
                fail('t jumps from %d to %d although warp(s) %s were ready (N-50)' % (prev_t, t, ready))
        if prev_t is None and t != 0 and not wake:
            fail('the first record has t %d; time starts at 0 (N-50)' % t)
        # the warp may issue
        if state[w] in ('exited', 'trapped', 'faulted'):
            fail('warp %d issues after it %s' % (w, state[w]))
        if state[w] == 'blocked':
            fail('warp %d issues while blocked on barrier %d (N-35)' % (w, blocked_on[w]))
        if state[w] == 'asleep' and not wake:
            fail('warp %d issues while asleep without a "wake" event' % w)
        if wake and state[w] != 'asleep':
            fail('"wake" on warp %d, which was not asleep' % w)
        # the scheduler picks the first ready warp at or after the pointer (N-50)
        for k in range(n):
            c = (pointer + k) % n
            if c == w:
                break
            if state[c] == 'ready':
                fail('scheduler: warp %d issued, but warp %d was ready and comes first from '
                     'the pointer (warp %d) (N-50)' % (w, c, pointer))
        pointer = (w + 1) % n
        prev_t = t
        # continuity of the warp's own state
        prev = last[w]
        want_pc = prev['next_pc'] if prev else '0x0'
        if rec['pc'] != want_pc:
            fail('warp %d issues at pc %s, but its ActivePC was %s (%s)'
                 % (w, rec['pc'], want_pc, 'previous record next_pc' if prev else 'the entry, N-04'))
        exc = [e for e in ev if e.startswith('exception:')]
        if exc:
            if rec['next_pc'] != rec['pc']:
                fail('%s: an exception is precise, next_pc must equal pc (N-37)' % exc[0])
            if prev:
                for k in ('active', 'valid', 'yield', 'switch', 'b'):
                    if rec[k] != prev[k]:
                        fail('%s: %s changed from %s to %s; the faulting instruction has no '
                             'effect (N-37)' % (exc[0], k, prev[k], rec[k]))
            if no != len(records):
                fail('%s: the run stops at an exception (N-37), but more records follow' % exc[0])
            if final['end'] != 'exception':
                fail('%s: the run must end "exception", it ended %r' % (exc[0], final['end']))
        # exit iff the warp's ValidMask became 0 (N-18)
        gone = mask_val(rec['valid']) == 0
        if ('exit' in ev) != gone:
            fail('event "exit" %s but valid is %s: the warp exits exactly when ValidMask '
                 'becomes 0 (N-18)' % ('given' if 'exit' in ev else 'missing', rec['valid']))
        if gone and mask_val(rec['active']):
            fail('an exited warp has ActiveMask 0 (N-18)')
        # run-state changes
        if wake:
            state[w] = 'ready'
        for e in ev:
            if e.startswith('block:'):
                state[w] = 'blocked'
                blocked_on[w] = int(e[6:])
            elif e.startswith('release:'):
                m = RELEASE_RE.match(e)
                bar = int(m.group(1))
                for x in ([int(y) for y in m.group(2).split(',')] if m.group(2) else []):
                    if x >= n:
                        fail('%s: no warp %d' % (e, x))
                    if state[x] != 'blocked' or blocked_on[x] != bar:
                        fail('%s: warp %d was not blocked on barrier %d' % (e, x, bar))
                    state[x] = 'ready'
                    blocked_on[x] = None
                others = [x for x in range(n) if state[x] == 'blocked' and blocked_on[x] == bar]
                if others:
                    fail('%s: warp(s) %s blocked on barrier %d were not released (N-34)'
                         % (e, others, bar))
            elif e == 'exit':
                state[w] = 'exited'
            elif e == 'sleep':
                state[w] = 'asleep'
            elif e.startswith('trap:') or e in ('syscall', 'rtt'):
                goes_on = profile == 'sass' and e != 'syscall' and rec['next_pc'] != rec['pc']
                if goes_on:     # S-13: trap mode, the handler is inline
                    if int(rec['next_pc'], 16) != int(rec['pc'], 16) + 16:
                        fail('%s: under sass the warp goes on at the next instruction (S-13)' % e)
                    continue
                state[w] = 'trapped'
                if rec['next_pc'] != rec['pc']:
                    fail('%s: a trapped warp keeps its ActivePC (N-26)' % e)
            elif e.startswith('exception:'):
                state[w] = 'faulted'
        last[w] = rec

    # the final record against each warp's last record
    lno = len(records) + 1
    if records and final['t'] < records[-1]['t'] + 1:
        raise CheckError('final t %d is before the last record t %d + 1' % (final['t'], records[-1]['t']), lno)
    for w, fw in enumerate(final['warps']):
        prev = last[w]
        where = 'warps[%d]' % w
        if prev:
            if fw['pc'] != prev['next_pc']:
                raise CheckError('%s.pc %s but its last record left next_pc %s'
                                 % (where, fw['pc'], prev['next_pc']), lno)
            for k in ('active', 'valid', 'yield', 'switch', 'b'):
                if fw[k] != prev[k]:
                    raise CheckError('%s.%s %s but its last record left %s'
                                     % (where, k, fw[k], prev[k]), lno)
            if fw['sleep'] != prev['sleep'] and mask_val(fw['sleep']) != 0:
                raise CheckError('%s.sleep %s but its last record left %s (only a deadline may '
                                 'clear it, N-23)' % (where, fw['sleep'], prev['sleep']), lno)
        elif fw['pc'] != '0x0':
            raise CheckError('%s never issued but its pc is %s, not the entry 0x0 (N-04)'
                             % (where, fw['pc']), lno)
        ours = state[w]
        fault_here = 'fault' in final and final['fault']['warp'] == w
        if ours == 'asleep':
            ok = fw['state'] in ('asleep', 'ready')
        elif ours == 'ready':
            ok = fw['state'] == 'ready' or (fault_here and fw['state'] == 'faulted')
        else:
            ok = fw['state'] == ours
        if not ok:
            raise CheckError('%s.state is %r, but the trace leaves it %s' % (where, fw['state'], ours), lno)
    states = [fw['state'] for fw in final['warps']]
    end = final['end']
    if end == 'done' and any(s not in ('exited', 'trapped') for s in states):
        raise CheckError('end "done" but warp states are %s (N-50)' % states, lno)
    if end != 'done' and all(s in ('exited', 'trapped') for s in states):
        raise CheckError('every warp exited or trapped, the run must end "done" (N-50)', lno)
    if end == 'deadlock' and (any(s in ('ready', 'asleep') for s in states) or 'blocked' not in states):
        raise CheckError('end "deadlock" needs no ready or asleep warp and a blocked one (N-50); '
                         'states %s' % states, lno)
    if end == 'exception':
        excs = [r for r in records[-1:] if any(e.startswith('exception:') for e in r['ev'])]
        if not excs and 'fault' not in final:
            raise CheckError('end "exception" without an exception record or a fault', lno)
        if excs and 'fault' in final:
            raise CheckError('both an exception record and a fetch fault', lno)
    if 'fault' in final:
        fw = final['warps'][final['fault']['warp']]
        if fw['pc'] != final['fault']['pc']:
            raise CheckError('fault.pc %s differs from the warp\'s pc %s' % (final['fault']['pc'], fw['pc']), lno)


# ---------------------------------------------------------------------------
# expectations

def deep_subset(exp, act, path='$'):
    """None if `act` contains `exp` (see the module doc), else a message."""
    if isinstance(exp, dict):
        if not isinstance(act, dict):
            return '%s: expected an object, got %s' % (path, json.dumps(act))
        key = path.rsplit('.', 1)[-1]
        if key in EXACT_MAP_KEYS and set(exp) != set(act):
            return '%s: expected exactly %s, got %s' % (path, json.dumps(exp, sort_keys=True),
                                                       json.dumps(act, sort_keys=True))
        for k, v in exp.items():
            if k not in act:
                return '%s: key "%s" missing (expected %s)' % (path, k, json.dumps(v))
            msg = deep_subset(v, act[k], '%s.%s' % (path, k))
            if msg:
                return msg
        return None
    if isinstance(exp, list):
        if not isinstance(act, list):
            return '%s: expected an array, got %s' % (path, json.dumps(act))
        if len(exp) != len(act):
            return '%s: expected %d elements, got %d' % (path, len(exp), len(act))
        for i, (e, a) in enumerate(zip(exp, act)):
            msg = deep_subset(e, a, '%s[%d]' % (path, i))
            if msg:
                return msg
        return None
    if type(exp) is not type(act) and not (is_int(exp) and is_int(act)) or exp != act:
        return '%s: expected %s, got %s' % (path, json.dumps(exp), json.dumps(act))
    return None


def read_expectations(prog_path):
    exp = {'args': [], 'exit': 0, 'expect': [], 'record': [], 'records': None, 'explain': []}
    with open(prog_path, encoding='utf-8') as f:
        src = f.read()
    threads = None
    for no, line in enumerate(src.split('\n'), 1):
        s = line.strip()
        m = re.match(r'^\.threads\s+(\d+)', s)
        if m:
            threads = int(m.group(1))
        if not s.startswith('//!'):
            continue
        m = re.match(r'^//!\s*([a-z]+)\s*:\s*(.*)$', s)
        if not m:
            raise CheckError('%s:%d: malformed expectation line' % (prog_path, no))
        key, val = m.group(1), m.group(2).strip()
        try:
            if key == 'args':
                exp['args'] += shlex.split(val)
            elif key == 'exit':
                exp['exit'] = int(val)
            elif key == 'records':
                exp['records'] = int(val)
            elif key == 'explain':
                exp['explain'].append((no, val))
            elif key in ('expect', 'record'):
                obj = parse_json(val)
                if not isinstance(obj, dict):
                    raise ValueError('not a JSON object')
                exp[key].append((no, obj))
            else:
                raise ValueError('unknown expectation "%s"' % key)
        except ValueError as e:
            raise CheckError('%s:%d: %s' % (prog_path, no, e))
    # the CTA shape: --threads wins over .threads (N-53)
    a = exp['args']
    for i, x in enumerate(a):
        if x == '--threads' and i + 1 < len(a):
            threads = int(a[i + 1])
        elif x.startswith('--threads='):
            threads = int(x.split('=', 1)[1])
    exp['threads'] = threads if threads is not None else 32
    dump = 0
    for i, x in enumerate(a):
        if x == '--dump-regs' and i + 1 < len(a):
            dump = int(a[i + 1])
        elif x.startswith('--dump-regs='):
            dump = int(x.split('=', 1)[1])
    exp['dump_regs'] = dump
    return exp


def describe(rec):
    return json.dumps(rec, sort_keys=False)


def check_expectations(exp, records, final, prog):
    if exp['records'] is not None and len(records) != exp['records']:
        raise CheckError('%s: //! records: expected %d instruction records, the trace has %d'
                         % (prog, exp['records'], len(records)))
    for no, e in exp['expect']:
        msg = deep_subset(e, final)
        if msg:
            raise CheckError('%s:%d: //! expect: final record (trace line %d) differs: %s'
                             % (prog, no, len(records) + 1, msg))
    pos = 0
    for no, e in exp['record']:
        found = None
        for i in range(pos, len(records)):
            if deep_subset(e, records[i]) is None:
                found = i
                break
        if found is None:
            # the nearest candidate: same t, else same warp and pc, at or after pos
            cand = None
            for i in range(pos, len(records)):
                r = records[i]
                if ('t' in e and r['t'] == e['t']) or \
                   ('t' not in e and r['warp'] == e.get('warp', r['warp']) and r['pc'] == e.get('pc')):
                    cand = i
                    break
            msg = '%s:%d: //! record: no instruction record at or after trace line %d matches %s' \
                  % (prog, no, pos + 1, json.dumps(e))
            if cand is not None:
                msg += '\n  nearest candidate, trace line %d: %s\n  difference: %s' \
                       % (cand + 1, describe(records[cand]), deep_subset(e, records[cand]))
            raise CheckError(msg)
        pos = found + 1


def check_explain(exp, records, final, lines, prog):
    """one explanation line per record, with its t, warp and pc; then a fetch
    fault's; the //! explain: lines in order"""
    want = len(records) + (1 if 'fault' in final else 0)
    if len(lines) != want:
        raise CheckError('%s: --explain wrote %d lines for %d instruction records%s'
                         % (prog, len(lines), len(records), ' and a fetch fault' if want > len(records) else ''))
    for i, r in enumerate(records):
        head = 't=%d warp=%d pc=%s ' % (r['t'], r['warp'], r['pc'])
        if not lines[i].startswith(head):
            raise CheckError('%s: explanation line %d does not start with %r: %s' % (prog, i + 1, head, lines[i]))
    bare = []
    for i, l in enumerate(lines):                # every step took a path, named with its rules
        m = re.search(r' \[[A-Z0-9_]+\.[a-z_]+(, [A-Z0-9_]+\.[a-z_]+)*; ([NH]-\d+(?:, [NH]-\d+)*)\]( \(.*\))$', l)
        if not m:
            raise CheckError('%s: explanation line %d names no path and rule: %s' % (prog, i + 1, l))
        refs = ' (%s)' % ', '.join('docs/rules.md#' + r.lower() for r in m.group(2).split(', '))
        if m.group(3) != refs:               # then where each rule is defined (docs/rules.md)
            raise CheckError('%s: explanation line %d ends %r, not %r' % (prog, i + 1, m.group(3), refs))
        bare.append(l[:m.start(3)])
    lines = bare                                 # //! explain: lines leave the references out
    pos = 0
    for no, e in exp['explain']:
        try:
            pos = lines.index(e, pos) + 1
        except ValueError:
            near = [l for l in lines[pos:] if l.split(' ', 3)[:3] == e.split(' ', 3)[:3]]
            raise CheckError('%s:%d: //! explain: no explanation line at or after line %d is\n  %s%s'
                             % (prog, no, pos + 1, e, '\n  the line of that step:\n  ' + near[0] if near else ''))


# ---------------------------------------------------------------------------
# driver

def run_program(warpref, prog):
    try:
        exp = read_expectations(prog)
    except (CheckError, OSError) as e:
        print('FAIL %s: %s' % (prog, e))
        return 1
    fd, trace = tempfile.mkstemp(prefix='warpref-trace-', suffix='.jsonl')
    os.close(fd)
    fd, explain = tempfile.mkstemp(prefix='warpref-explain-', suffix='.txt')
    os.close(fd)
    try:
        cmd = [warpref, 'run', prog, '--trace', trace, '--explain', explain] + exp['args']
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=120, universal_newlines=True)
        except subprocess.TimeoutExpired:
            print('FAIL %s: %s did not finish in 120 s' % (prog, ' '.join(cmd)))
            return 1
        if p.returncode != exp['exit']:
            print('FAIL %s: //! exit: expected exit status %d, got %d\n  command: %s\n  stderr: %s'
                  % (prog, exp['exit'], p.returncode, ' '.join(cmd), p.stderr.strip()[:2000]))
            return 1
        if exp['exit'] == 2:
            print('ok %s' % prog)
            return 0
        with open(trace, encoding='utf-8') as f:
            text = f.read()
        try:
            records, final = validate_trace(text, exp['dump_regs'], (exp['threads'] + 31) // 32)
            if EXIT_FOR_END[final['end']] != p.returncode:
                raise CheckError('end %r needs exit status %d, the run exited %d'
                                 % (final['end'], EXIT_FOR_END[final['end']], p.returncode),
                                 len(records) + 1)
        except CheckError as e:
            lines = text.split('\n')
            where = ''
            if e.line is not None:
                shown = lines[e.line - 1] if e.line - 1 < len(lines) else ''
                if len(shown) > 600:
                    shown = shown[:600] + '...'
                where = '\n  trace line %d: %s' % (e.line, shown)
            print('FAIL %s: invalid trace (TRACE-FORMAT.md): %s%s' % (prog, e.msg, where))
            return 1
        with open(explain, encoding='utf-8') as f:
            explained = f.read().split('\n')[:-1]
        try:
            check_expectations(exp, records, final, prog)
            check_explain(exp, records, final, explained, prog)
        except CheckError as e:
            print('FAIL %s' % e.msg)
            return 1
        print('ok %s' % prog)
        return 0
    finally:
        os.unlink(trace)
        os.unlink(explain)


# ---------------------------------------------------------------------------
# self-test: the validator on good and bad traces

def _rec(**kw):
    r = {'t': 0, 'warp': 0, 'pc': '0x0', 'op': 'NOP', 'active': '0xffffffff',
         'valid': '0xffffffff', 'next_pc': '0x10', 'yield': '0x00000000',
         'sleep': '0x00000000', 'switch': '0x00000000', 'b': {}, 'ev': []}
    r.update(kw)
    return r


def _final(**kw):
    f = {'end': 'done', 't': 2, 'bars': {}, 'warps': [
        {'warp': 0, 'state': 'exited', 'pc': '0x10', 'active': '0x00000000',
         'valid': '0x00000000', 'yield': '0x00000000', 'sleep': '0x00000000',
         'switch': '0x00000000', 'b': {}}]}
    f.update(kw)
    return f


def _good():
    return [_rec(), _rec(t=1, pc='0x10', op='EXIT', active='0x00000000', valid='0x00000000',
                         next_pc='0x10', ev=['exit']), _final()]


def _text(objs):
    return ''.join(json.dumps(o) + '\n' for o in objs)


def self_test():
    failures = []

    def expect_ok(name, objs, dump=0, nwarps=1):
        try:
            validate_trace(objs if isinstance(objs, str) else _text(objs), dump, nwarps)
        except CheckError as e:
            failures.append('%s: a good trace was rejected: %s (line %s)' % (name, e.msg, e.line))

    def expect_bad(name, objs, dump=0, nwarps=1):
        try:
            validate_trace(objs if isinstance(objs, str) else _text(objs), dump, nwarps)
        except CheckError:
            return
        failures.append('%s: a bad trace was accepted' % name)

    def mutate(fn):
        objs = _good()
        fn(objs)
        return objs

    expect_ok('minimal', _good())
    # two warps, a barrier completing, a release of the blocked warp
    two = [
        _rec(op='BAR.SYNC', ev=['block:0'], bars={'0': '0x00002041'}),
        _rec(t=1, warp=1, op='BAR.SYNC', ev=['arrive:0', 'release:0:0'], bars={'0': '0x00000000'}),
        _rec(t=2, warp=0, pc='0x10', op='EXIT', active='0x00000000', valid='0x00000000',
             next_pc='0x10', ev=['exit']),
        _rec(t=3, warp=1, pc='0x10', op='EXIT', active='0x00000000', valid='0x00000000',
             next_pc='0x10', ev=['exit']),
        _final(t=4, warps=[_final()['warps'][0], dict(_final()['warps'][0], warp=1)]),
    ]
    expect_ok('two warps', two, nwarps=2)
    bad = json.loads(json.dumps(two))
    bad[1]['ev'] = ['arrive:0', 'release:0']          # warp 0 left blocked
    expect_bad('release forgets a blocked warp', bad, nwarps=2)
    bad = json.loads(json.dumps(two))
    bad[2], bad[3] = dict(bad[3], t=2), dict(bad[2], t=3)   # warp 1 before warp 0
    expect_bad('scheduler order', bad, nwarps=2)
    bad = json.loads(json.dumps(two))
    bad[1]['ev'] = ['block:0', 'release:0:0']
    expect_bad('release after block', bad, nwarps=2)
    expect_bad('wrong warp count', two, nwarps=3)
    # sleep, time jump, wake
    sl = [_rec(op='NANOSLEEP', sleep='0xffffffff', ev=['sleep']),
          _rec(t=100, pc='0x10', op='EXIT', active='0x00000000', valid='0x00000000',
               next_pc='0x10', ev=['wake', 'exit']),
          _final(t=101)]
    expect_ok('sleep and wake', sl)
    bad = json.loads(json.dumps(sl))
    bad[1]['ev'] = ['exit']
    expect_bad('time jump without wake', bad)
    # registers in the final record
    regs = _good()
    regs[-1]['warps'][0].update(r=[['0x00000000', '0x00000001']] * 32, p=[0] * 32,
                                dc={'R1': '0x0000ffff'})
    expect_ok('dump-regs', regs, dump=2)
    expect_bad('dump-regs missing', _good(), dump=2)
    bad = json.loads(json.dumps(regs))
    bad[-1]['warps'][0]['p'][3] = 128
    expect_bad('predicate out of range', bad, dump=2)
    bad = json.loads(json.dumps(regs))
    bad[-1]['warps'][0]['dc'] = {'R2': '0x00000001'}
    expect_bad('dc names a register not dumped', bad, dump=2)
    bad = json.loads(json.dumps(regs))
    bad[-1]['warps'][0]['r'][0] = ['0x0', '0x1']
    expect_bad('register not %08x', bad, dump=2)
    # exception record
    exc = [_rec(op='WARPSYNC', next_pc='0x0', ev=['exception:WARPSYNC_NOT_MEMBER']),
           _final(end='exception', t=1, warps=[dict(_final()['warps'][0], state='faulted', pc='0x0',
                                                    active='0xffffffff', valid='0xffffffff')])]
    expect_ok('exception', exc)
    bad = json.loads(json.dumps(exc))
    bad[0]['next_pc'] = '0x10'
    bad[1]['warps'][0]['pc'] = '0x10'
    expect_bad('exception not precise', bad)
    # fetch fault
    ff = [_rec(), _final(end='exception', t=1, fault={'warp': 0, 'pc': '0x10', 'what': 'no instruction'},
                         warps=[dict(_final()['warps'][0], state='faulted', active='0xffffffff',
                                     valid='0xffffffff')])]
    expect_ok('fetch fault', ff)
    bad = json.loads(json.dumps(ff))
    bad[1]['fault']['extra'] = 1
    expect_bad('fault with extra key', bad)
    # single-field mutations of the good trace
    muts = {
        'not JSON': lambda o: o.__setitem__(0, '{"t": 0,'),
        'missing key ev': lambda o: o[0].pop('ev'),
        'unknown key': lambda o: o[0].__setitem__('foo', 1),
        't not int': lambda o: o[0].__setitem__('t', '0'),
        't bool': lambda o: o[1].__setitem__('t', True),
        't not increasing': lambda o: o[1].__setitem__('t', 0),
        'pc padded': lambda o: o[1].__setitem__('pc', '0x010'),
        'pc uppercase': lambda o: o[1].update(pc='0x1A0'),
        'pc misaligned': lambda o: o[0].__setitem__('pc', '0x8'),
        'pc discontinuous': lambda o: o[0].__setitem__('next_pc', '0x20'),
        'mask short': lambda o: o[0].__setitem__('active', '0xffff'),
        'mask uppercase': lambda o: o[0].__setitem__('valid', '0xFFFFFFFF'),
        'active not in valid': lambda o: o[0].__setitem__('valid', '0x0000ffff'),
        'b zero value': lambda o: o[0].__setitem__('b', {'B0': '0x00000000'}),
        'b bad name': lambda o: o[0].__setitem__('b', {'B16': '0x00000001'}),
        'op unknown': lambda o: o[0].__setitem__('op', 'BAR'),
        'op lowercase': lambda o: o[0].__setitem__('op', 'nop'),
        'ev not list': lambda o: o[0].__setitem__('ev', 'exit'),
        'ev order': lambda o: o[1].__setitem__('ev', ['exit', 'wake']),
        'ev unknown': lambda o: o[0].__setitem__('ev', ['jump']),
        'ev exception then more': lambda o: o[0].__setitem__('ev', ['exception:BAR_CNT_ALIGN', 'exit']),
        'ev unknown exception': lambda o: o[0].__setitem__('ev', ['exception:OOPS']),
        'ev release not ascending': lambda o: o[0].__setitem__('ev', ['arrive:0', 'release:0:2,1']),
        'ev release other barrier': lambda o: o[0].__setitem__('ev', ['arrive:0', 'release:1']),
        'ev leading zero': lambda o: o[0].__setitem__('ev', ['arrive:01']),
        'exit without valid 0': lambda o: o[0].__setitem__('ev', ['exit']),
        'valid 0 without exit': lambda o: o[1].__setitem__('ev', []),
        'insn short': lambda o: o[0].__setitem__('insn', '0x1234'),
        'in unknown key': lambda o: o[0].__setitem__('in', {'rz': '0x0'}),
        'out rd short': lambda o: o[0].__setitem__('out', {'rd': ['0x00000000'] * 31}),
        'bars bad word': lambda o: o[0].__setitem__('bars', {'0': '0xe0000000'}),
        'issue after exit': lambda o: o.insert(2, _rec(t=2, pc='0x10', next_pc='0x20',
                                                       active='0x00000000', valid='0x00000000')),
        'final missing': lambda o: o.pop(),
        'final extra key': lambda o: o[-1].__setitem__('x', 1),
        'final end unknown': lambda o: o[-1].__setitem__('end', 'finished'),
        'final t too small': lambda o: o[-1].__setitem__('t', 1),
        'final pc differs': lambda o: o[-1]['warps'][0].__setitem__('pc', '0x20'),
        'final state wrong': lambda o: o[-1]['warps'][0].__setitem__('state', 'ready'),
        'final bars zero': lambda o: o[-1].__setitem__('bars', {'3': '0x00000000'}),
        'final warp key': lambda o: o[-1]['warps'][0].__setitem__('r', []),
        'done with ready warp': lambda o: (o.pop(1), o[-1].update(t=1),
                                           o[-1]['warps'][0].update(state='ready', pc='0x10',
                                                                    active='0xffffffff',
                                                                    valid='0xffffffff')),
        'duplicate key': lambda o: o.__setitem__(0, json.dumps(_rec())[:-1] + ', "t": 0}'),
        'final before end': lambda o: o.insert(1, _final()),
    }
    for name, fn in muts.items():
        objs = mutate(fn)
        text = ''.join((o if isinstance(o, str) else json.dumps(o)) + '\n' for o in objs)
        expect_bad(name, text)
    # event grammar, directly
    for ev in (['wake', 'warning:OPERAND_NOT_UNIFORM', 'arrive:3', 'release:3:0,2'],
               ['exit', 'release:0:1', 'release:4'], ['sleep'], ['trap:12'], ['block:15'],
               ['warning:OPERAND_NOT_UNIFORM', 'exception:BAR_PARAM_MISMATCH'], []):
        try:
            check_events(ev)
        except CheckError as e:
            failures.append('events %s rejected: %s' % (ev, e.msg))
    for ev in (['release:0'], ['arrive:0', 'arrive:1'], ['sleep', 'exit'], ['trap:x'],
               ['warning:NOPE'], ['exit', 'release:2', 'release:1'], ['wake', 'wake'],
               ['arrive:32'], ['syscall', 'rtt']):
        try:
            check_events(ev)
            failures.append('events %s accepted' % ev)
        except CheckError:
            pass
    # the profiles (SPEC-NOTES section 8): ops, barrier numbers, state words, trap mode
    def prof(name, op, bars=None, ev=None, next_pc='0x10'):
        r = _rec(op=op, ev=ev or [], next_pc=next_pc)
        if bars:
            r['bars'] = bars
        objs = _good()
        objs[0] = r
        objs[2]['profile'] = name
        if name == 'native':
            del objs[2]['profile']
        return objs
    expect_ok('sass scan', prof('sass', 'BAR.SCAN', {'16': '0x00002001'}, ['arrive:16']))
    expect_ok('sass trap goes on', prof('sass', 'TRAP', ev=['trap:3']))
    expect_bad('sass trap elsewhere', prof('sass', 'TRAP', ev=['trap:3'], next_pc='0x30'))
    expect_ok('ptx op', prof('ptx', 'barrier.cta.red.popc.aligned.u32'))
    expect_bad('ptx popc with .pred', prof('ptx', 'barrier.red.popc.pred'))
    expect_bad('ptx native op', prof('ptx', 'BAR.SYNC'))
    expect_ok('visa word', prof('visa', 'NBARRIER.wait', {'31': '0x7fffffff'}, ['arrive:31']))
    expect_bad('visa bit 31', prof('visa', 'NBARRIER.wait', {'1': '0x80000000'}, ['arrive:1']))
    expect_bad('native scan', prof('native', 'BAR.SCAN'))
    expect_bad('native barrier 16', prof('native', 'BAR.SYNC', {'16': '0x00002001'}, ['arrive:16']))
    expect_bad('native named', mutate(lambda o: o[2].update(profile='native')))
    expect_bad('unknown profile', mutate(lambda o: o[2].update(profile='cuda')))
    expect_bad('native trap goes on', prof('native', 'TRAP', ev=['trap:3']))
    # deep subset
    cases = [
        ({'a': 1}, {'a': 1, 'b': 2}, True), ({'a': 1}, {'a': 2}, False),
        ({'a': 1}, {}, False), ([1, 2], [1, 2], True), ([1], [1, 2], False),
        ([{}, {'x': 1}], [{'y': 0}, {'x': 1, 'z': 2}], True), ('0x1', '0x01', False),
        (1, True, False), (True, 1, False), ({'b': {}}, {'b': {'B0': '0x00000001'}}, False),
        ({'dc': {'R1': '0xffffffff'}}, {'dc': {'R1': '0xffffffff', 'P1': '0x1'}}, False),
        ({'w': [{'b': {'B1': '0x1'}}]}, {'w': [{'b': {'B1': '0x1'}}]}, True), (None, None, True),
        ({'ev': []}, {'ev': ['exit']}, False),
    ]
    for e, a, ok in cases:
        if (deep_subset(e, a) is None) != ok:
            failures.append('deep_subset(%s, %s) should be %s' % (e, a, ok))
    for f in failures:
        print('self-test FAIL: ' + f)
    if failures:
        return 1
    print('ok self-test (%d trace mutations, event grammar, deep subset)' % len(muts))
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == '--self-test':
        return self_test()
    if len(argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    return run_program(argv[1], argv[2])


if __name__ == '__main__':
    sys.exit(main(sys.argv))
