"""lockstep_common.py - what the scripts that drive the model and the
testbenches share (scripts/regress, scripts/shrink, scripts/rtl-crosscheck,
scripts/rtl-bugcheck, scripts/gen-coverage): the one-line error exit, the
command line, the project's number syntax, atomic writes
(regresslib/files.py), one run of the Verilator lockstep testbench judged by
its result file (one process, or one job of a process that runs many:
TbJobs), the bug catalogue and the tool checks; a program's run
options, the model's and tb_rtl_run's trace commands and the first
difference of two traces; the ISA table's rows (`warpref encoding --list`).
Standard library only."""
import argparse
import glob
import json
import os
import re
import select
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
from regresslib.files import write_atomic, read_json  # noqa: E402,F401  (the one atomic write, for both)

PROG = "lockstep"           # the script's name in its messages; set by the script


def die(msg):
    """a bad argument or input: one line on stderr, status 2"""
    print(f"{PROG}: {msg}", file=sys.stderr)
    sys.exit(2)


class Parser(argparse.ArgumentParser):
    """argparse, with its errors (an unknown option, a missing value, a bad
    choice) as one line like every other: PROG: MESSAGE, status 2"""

    def error(self, message):
        die(message)


U64_MAX = (1 << 64) - 1


def number_message(text, lo=0, hi=U64_MAX):
    """(value, None) or (None, message): the project's one number syntax
    (decimal without a leading zero, or 0x hex) in a range, with the messages
    of warpref's C number parser (model/src/base/num.c, wr_num_message)"""
    shown = text[:40] + ("..." if len(text) > 40 else "")
    if re.fullmatch(r"0|[1-9][0-9]*", text):
        v = int(text)
    elif re.fullmatch(r"0x[0-9a-fA-F]+", text):
        v = int(text, 16)
    elif re.fullmatch(r"0[0-9]+", text):
        return None, f"'{shown}' has a leading zero (octal is not accepted: decimal, or hex with 0x)"
    else:
        return None, f"'{shown}' is not a number (decimal, or hex with 0x)"
    if v > U64_MAX:
        return None, f"'{shown}' does not fit 64 bits"
    if not lo <= v <= hi:
        return None, f"{shown} is out of range {lo}..{hi}"
    return v, None


def parse_number(text, what, lo=0, hi=U64_MAX):
    """a number in lo..hi, or exit 2 with the C parser's message"""
    v, msg = number_message(text, lo, hi)
    if msg:
        die(f"{what}: {msg}")
    return v


def tb_run(cmd, res_path, log, timeout):
    """one testbench run: its result file, or a made-up one"""
    log.write("$ " + " ".join(cmd) + "\n")
    log.flush()
    if os.path.exists(res_path):
        os.unlink(res_path)
    try:
        p = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "why": f"no end within {timeout} s"}
    return tb_judge(rc, res_path)


def tb_judge(rc, res_path):
    """a testbench run's exit status and result file: the result, or a made-up one"""
    r = read_json(res_path)
    if r is None:
        return {"status": "error", "why": f"the testbench exited {rc} without a result"}
    if r.get("status") == "pass" and rc != 0:
        return {"status": "error", "why": f"result says pass but the exit status is {rc}"}
    if r.get("status") != "pass" and rc == 0:
        return {"status": "error", "why": f"result says {r.get('status')} but the exit status is 0"}
    if r.get("status") == "pass" and not r.get("compared"):
        return {"status": "error", "why": "the run compared 0 instructions"}
    return r


class TbJobs:
    """One testbench process that runs jobs one at a time, handed over on its
    standard input (`TB +jobs=-`, docs/lockstep.md "Many runs in one
    process"): run() is tb_run() without a process start.  A job that does
    not end in time kills the process, one that crashes it ends it: the job
    is a timeout or an error, and the next run starts a new process."""

    JOB_LINE = re.compile(rb"^tb_lockstep: job (\d+) \(.*:\d+\): exit (\d+)$")

    def __init__(self, tb):
        self.tb = tb
        self.p = None
        self.buf = b""
        self.starts = 0
        self.job_line = None

    def _start(self):
        self.p = subprocess.Popen([self.tb, "+jobs=-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        self.buf = b""
        self.starts += 1

    def close(self):
        """ends the process (its standard input closed: it counts its jobs and exits)"""
        if self.p is None:
            return
        try:
            self.p.stdin.close()
            self.p.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()
            self.p.wait()
        if self.p.stdout:
            self.p.stdout.close()
        self.p = None

    def _kill(self):
        self.p.kill()
        self.p.wait()
        for f in (self.p.stdin, self.p.stdout):
            try:
                f.close()
            except OSError:
                pass
        self.p = None

    def run(self, args, res_path, timeout, output=None):
        """one job (the plusargs args): its result file, or a made-up one;
        output, a list, gets the job's lines"""
        self.job_line = None            # the job's `tb_lockstep: job N (...): exit S` line, when it came
        if self.p is None:
            self._start()
        if os.path.exists(res_path):
            os.unlink(res_path)
        try:
            self.p.stdin.write((" ".join(shlex.quote(a) for a in args) + "\n").encode())
            self.p.stdin.flush()
        except OSError:
            self._kill()
            return {"status": "error", "why": "the testbench's job process ended"}
        deadline = time.monotonic() + timeout
        fd = self.p.stdout.fileno()
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl], self.buf[nl + 1:]
                m = self.JOB_LINE.match(line)
                if m:
                    self.job_line = line.decode(errors="replace")
                    return tb_judge(int(m.group(2)), res_path)
                if output is not None:
                    output.append(line.decode(errors="replace"))
                continue
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self._kill()
                return {"status": "timeout", "why": f"no end within {timeout} s"}
            chunk = os.read(fd, 65536)
            if not chunk:
                rc = self.p.wait()
                self._kill()
                return {"status": "error", "why": f"the testbench exited {rc} during the job (a crash)"}
            self.buf += chunk


def bug_names(tb):
    """the testbench's bug catalogue (+list_bugs)"""
    p = subprocess.run([tb, "+list_bugs"], capture_output=True, text=True)
    names = [l.strip() for l in p.stdout.splitlines() if re.fullmatch(r"[a-z0-9_]+", l.strip())]
    if p.returncode != 0 or not names:
        die(f"cannot list the bug catalogue with '{tb} +list_bugs'")
    return names


def check_tools(pairs):
    """(path, option) pairs that must be executables"""
    for exe, what in pairs:
        if not os.access(exe, os.X_OK):
            die(f"{what}: '{exe}' is not an executable (build first: meson setup build && ninja -C build)")


def check_bugs(names, tb, what="--bug: "):
    """every name is a bug of the testbench's catalogue, or exit 2"""
    known = bug_names(tb) if names else []
    for name in names:
        if name not in known:
            die(f"{what}unknown bug '{name}' (one of {', '.join(known)}; docs/bugs.md)")


# ---- a program, the model and tb_rtl_run on it (scripts/rtl-crosscheck, rtl-bugcheck)

def build_path(*parts):
    """the default of a tool option: build/... under the source root"""
    return os.path.join(HERE, "build", *parts)


def programs(*patterns):
    """the programs of the source tree that match the globs, each glob sorted"""
    return [p for pat in patterns for p in sorted(glob.glob(os.path.join(HERE, pat)))]


def prog_args(path):
    """(threads, max_steps) of a program: its `//! args:` line's --threads and
    --max-steps, else its .threads line; threads default 32"""
    threads, steps = None, None
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        die(f"cannot read the program '{path}': {getattr(e, 'strerror', None) or e}")
    for n, line in enumerate(lines, 1):
        s = line.strip()
        if s.startswith('//! args:'):
            a = shlex.split(s[len('//! args:'):])
            for i, w in enumerate(a):
                if w == '--threads' and i + 1 < len(a):
                    threads = parse_number(a[i + 1], f"{path}:{n}: --threads", 1, 1024)
                if w == '--max-steps' and i + 1 < len(a):
                    steps = parse_number(a[i + 1], f"{path}:{n}: --max-steps", 1)
        elif s.startswith('.threads') and threads is None and len(s.split()) > 1:
            threads = parse_number(s.split()[1], f"{path}:{n}: .threads", 1, 1024)
    return threads or 32, steps


def prog_trap_mode(path):
    """does the program's `//! args:` line run it with --trap-mode (sass, S-13)?"""
    with open(path) as f:
        return any(l.strip().startswith('//! args:') and '--trap-mode' in shlex.split(l.strip()[9:])
                   for l in f)


def model_cmd(model, prog, threads, steps=None, operands=False):
    """warpref run PROG --trace - --dump-regs 8 --threads N [--max-steps N] [--trace-operands]
    [--trap-mode: the program's]"""
    cmd = [model, 'run', prog, '--trace', '-', '--dump-regs', '8', '--threads', str(threads)]
    if steps:
        cmd += ['--max-steps', str(steps)]
    if prog.endswith('.s') and prog_trap_mode(prog):
        cmd += ['--trap-mode']
    return cmd + (['--trace-operands'] if operands else [])


def rtl_cmd(tb, prog, threads, steps=None, operands=False, sched='rr', bug=None):
    """tb_rtl_run +program=PROG +sched=S +dump_regs=8 +threads=N [+bug=B] [+max_steps=N] [+trace_operands]
    [+trap_mode: the program's --trap-mode]"""
    cmd = [tb, '+program=' + prog, '+sched=' + sched, '+dump_regs=8', '+threads=%d' % threads]
    if bug:
        cmd += ['+bug=' + bug]
    if steps:
        cmd += ['+max_steps=%d' % steps]
    if prog.endswith('.s') and prog_trap_mode(prog):
        cmd += ['+trap_mode']
    return cmd + (['+trace_operands'] if operands else [])


def isa_profiles():
    """the profiles in the order of their numbers: the generated ISA package's PROFILE_* (isa.def's
    profiles; tb/meson.build and scripts/rtl-synth read the same lines)"""
    with open(os.path.join(HERE, 'rtl_stub', 'warpref_isa_pkg.sv')) as f:
        found = re.findall(r'^\s*localparam int unsigned PROFILE_(\w+) = (\d+);', f.read(), re.M)
    return tuple(name.lower() for name, _ in sorted(found, key=lambda x: int(x[1])))


# the profiles the RTL stub implements (one tb_rtl_run / tb_lockstep build each): every profile
RTL_PROFILES = isa_profiles()


def tb_suffix(profile):
    """the suffix of a profile's testbench builds: '' (native), '_sass', '_visa'"""
    return '' if profile == 'native' else '_' + profile


def profile_programs(profile):
    """the hand-written programs of a profile: tests/programs/*.s and
    tb/programs/*.s (native), tests/programs/P/*.s (P)"""
    if profile == 'native':
        return programs('tests/programs/*.s', 'tb/programs/*.s')
    return programs(f'tests/programs/{profile}/*.s')


def gen_programs(model, profile, seeds, outdir):
    """`warpref gen --seed S --profile P` for each seed, written to outdir; their paths"""
    out = []
    for seed in seeds:
        path = os.path.join(outdir, f'gen_{profile}_{seed}.s')
        p = subprocess.run([model, 'gen', '--seed', str(seed), '--profile', profile, '-o', path],
                           capture_output=True, text=True)
        if p.returncode != 0:
            die(f"'{model} gen --seed {seed} --profile {profile}' failed: {p.stderr.strip()}")
        out.append(path)
    return out


def run_capture(cmd, timeout=600):
    """(exit status, stdout, stderr) of one run"""
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def first_diff(a, b):
    """(k, line of a, line of b): the first line where two traces' texts
    differ, '<end>' past either's end"""
    al, bl = a.splitlines(), b.splitlines()
    n = min(len(al), len(bl))
    k = next((j for j in range(n) if al[j] != bl[j]), n)
    return k, al[k] if k < len(al) else '<end>', bl[k] if k < len(bl) else '<end>'


def last_record(trace):
    """the final record of a JSONL trace, {} if it has none"""
    lines = [l for l in trace.splitlines() if l.strip()]
    return json.loads(lines[-1]) if lines else {}


def rtl_parser(doc):
    """the command line of the scripts that run the model and tb_rtl_run:
    --model, --tb, then the script's own; -h prints the script's doc"""
    p = Parser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument('--model', default=build_path('model', 'warpref'))
    p.add_argument('--tb', default=build_path('tb', 'tb_rtl_run'))
    return p


def check_rtl_tools(a):
    check_tools(((a.model, "--model"), (a.tb, "--tb")))


# ---- the ISA table's rows (warpref encoding --list) -----------------------------

class Form:
    """one row of `warpref encoding --list`"""

    def __init__(self, line):
        f = line.split(None, 6)
        self.name, self.optype, self.group = f[0], f[1], f[2]
        self.profiles = f[3].split(',')
        self.mnemonic = f[4]
        self.modnames = [] if f[5] == '-' else f[5].split('|')
        self.syntax = [] if f[6] == '-' else [o.strip() for o in f[6].split(',')]


def isa_forms(warpref, profile='native'):
    """the ISA table's forms of a profile (every one with profile None), in
    the table's order, from `WARPREF encoding --list`"""
    p = subprocess.run([warpref, 'encoding', '--list'], capture_output=True, text=True)
    rows = [l for l in p.stdout.splitlines() if l.strip() and not l.startswith('#')]
    if p.returncode != 0 or not rows:
        die(f"'{warpref} encoding --list' failed: {p.stderr.strip() or 'no rows'}")
    forms = [Form(l) for l in rows]
    return [f for f in forms if profile is None or profile in f.profiles]


def mnemonics(forms, groups=None):
    """the forms' mnemonics, each once, in the table's order; only the
    optype groups named (BCU, BRU, HLP, ...) if given"""
    out = []
    for f in forms:
        if (groups is None or f.group in groups) and f.mnemonic not in out:
            out.append(f.mnemonic)
    return out
