#!/usr/bin/env python3
"""check_main_command.py - the main command talks (scripts/lockstep,
docs/lockstep.md): help before any build, a progress line for the build,
only what the regression runs built; and the testbench's +help.

Usage: check_main_command.py --tb TB_LOCKSTEP --build BUILD_DIR

  help       scripts/lockstep --help in a copy of the tree with no build
             directory: exit 0, its usage and scripts/regress's options, no
             installation (scripts/install-deps not run), no build/ made
  targets    with fake meson, ninja, install-deps and regress: ninja is asked
             for model/warpref and the testbench of each profile of
             RTL_PROFILES only (tb/tb_lockstep, tb/tb_lockstep_P; the
             SystemC ones with --sim systemc only, never both; with
             --profile P that profile's only), each target a ninja target
             of the real build directory; regress gets the options given
             and picks the testbench by --sim (no --tb), then each other
             profile's regression (seeds 1-100) runs (the same --sim and -j), and
             the run ends with one summary line per profile
  progress   a line saying what is built, progress lines with ninja's step
             and the time so far, `lockstep: built in ...`; a failing build
             shows the end of ninja's output and exits with its status
  plusargs   tb_lockstep +help exits 0 and lists every plusarg the
             testbench reads (taken from tb/common/lockstep_session.cpp: the
             table and every name the code looks up, so neither can drift),
             each also in docs/lockstep.md's table

Prints one line per failing check and `N passed, N failed`; exit status 1 if
any failed."""
import argparse
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
from lockstep_common import RTL_PROFILES as PROFILES  # noqa: E402
sys.path.insert(0, os.path.join(ROOT, 'tests'))
import clitest  # noqa: E402
from clitest import check  # noqa: E402


def script(path, text):
    with open(path, 'w') as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def tree(tmp):
    """a copy of the scripts in a tree with no build directory, the
    installation and the regression replaced by scripts that say they ran"""
    t = os.path.join(tmp, 'tree')
    shutil.copytree(os.path.join(ROOT, 'scripts'), os.path.join(t, 'scripts'),
                    ignore=shutil.ignore_patterns('__pycache__'))
    # the profiles' names and numbers come from the generated ISA package (lockstep_common.isa_profiles)
    os.makedirs(os.path.join(t, 'rtl_stub'))
    shutil.copy(os.path.join(ROOT, 'rtl_stub', 'warpref_isa_pkg.sv'), os.path.join(t, 'rtl_stub'))
    script(os.path.join(t, 'scripts', 'install-deps'), '#!/bin/sh\necho ran > "$(dirname "$0")/../install-deps.ran"\n')
    return t


def fake_tools(tmp, ninja_status=0):
    """meson and ninja on PATH that write down their arguments"""
    b = os.path.join(tmp, 'bin')
    os.makedirs(b, exist_ok=True)
    script(os.path.join(b, 'meson'), '#!/bin/sh\necho "$@" >> meson.args\nmkdir -p build/meson-private\n')
    script(os.path.join(b, 'ninja'), '#!/bin/sh\necho "$@" >> ninja.args\necho "ninja: Entering directory build"\n'
           'echo "[1/3] Compiling C object model/x.o"\nsleep 3\necho "[2/3] Building tb/tb_lockstep"\nsleep 2\n'
           'echo "[3/3] Linking target model/warpref"\nexit %d\n' % ninja_status)
    return b


def main_command(t, b, args):
    env = dict(os.environ, PATH=b + os.pathsep + os.environ['PATH'], LOCKSTEP_PROGRESS_EVERY='1')
    return subprocess.run([os.path.join(t, 'scripts', 'lockstep')] + args, cwd=t, env=env, capture_output=True,
                          text=True, timeout=120)


def check_script(build):
    with tempfile.TemporaryDirectory() as tmp:
        t = tree(tmp)
        r = subprocess.run([os.path.join(t, 'scripts', 'lockstep'), '--help'], cwd=t, capture_output=True,
                           text=True, timeout=60)
        check('lockstep --help: exit %d: %s' % (r.returncode, (r.stdout + r.stderr)[:300]),
              r.returncode == 0 and r.stdout.startswith('usage: scripts/lockstep') and '--seeds' in r.stdout and
              '--sim' in r.stdout)
        check('lockstep --help installed or built something: %s' % os.listdir(t),
              not os.path.exists(os.path.join(t, 'build')) and not os.path.exists(os.path.join(t, 'install-deps.ran')))

        # the regression's stand-in: its arguments
        script(os.path.join(t, 'scripts', 'regress'),
               '#!/bin/sh\necho "coverage: 7 of 9 paths of reach gen hit; holes: A.b, C.d (semantic paths over '
               'the 3 jobs, docs/semantics.md; the table: x/coverage.txt)"\necho "regress $*"\n')
        b = fake_tools(tmp)
        # every profile the stub implements (RTL_PROFILES): native's testbench and tb_lockstep_P
        others = [p for p in PROFILES if p != 'native']
        sv = ['model/warpref', 'tb/tb_lockstep'] + ['tb/tb_lockstep_' + p for p in others]
        sc = ['model/warpref', 'tb/sc/tb_sc_lockstep'] + ['tb/sc/tb_sc_lockstep_' + p for p in others]
        for args, want in ((['--seeds', '1-3'], sv), (['--sim', 'systemc', '--seeds', '1'], sc),
                           (['--sim=systemc'], sc), (['--profile', 'sass'], ['model/warpref', 'tb/tb_lockstep_sass']),
                           (['-j', '2'], sv)):
            for f in ('ninja.args', 'meson.args'):
                if os.path.exists(os.path.join(t, f)):
                    os.unlink(os.path.join(t, f))
            r = main_command(t, b, args)
            out = r.stdout
            ninja = open(os.path.join(t, 'ninja.args')).read().split() if os.path.exists(
                os.path.join(t, 'ninja.args')) else []
            check('lockstep %s: ninja %s, not -C build %s (exit %d: %s)' % (args, ninja, want, r.returncode,
                                                                            r.stderr[-300:]),
                  r.returncode == 0 and ninja == ['-C', 'build'] + want)
            check('lockstep %s: no scripts/install-deps' % args, os.path.exists(os.path.join(t, 'install-deps.ran')))
            check('lockstep %s: no line saying what is built: %s' % (args, out[:300]),
                  ('lockstep: building %s (ninja -C build %s; log build/lockstep-build.log)'
                   % (' '.join('build/' + w for w in want), ' '.join(want))) in out)
            steps = re.findall(r'^lockstep: building, 0m0(\d)s: (.*)$', out, re.M)
            check('lockstep %s: no progress lines with ninja\'s steps and the time: %s' % (args, out),
                  len(steps) >= 2 and any(s.startswith('[1/3]') for _, s in steps) and
                  any(s.startswith('[2/3]') for _, s in steps))
            check('lockstep %s: no "built in"' % args, re.search(r'^lockstep: built in 0m0\ds$', out, re.M))
            native = 'regress --seeds 1-100 --out build/regress --warpref build/model/warpref ' + ' '.join(args)
            if '--profile' in args:
                # one profile: its regression only, the options given
                last = out.strip().split('\n')[-1]
                check('lockstep %s: regress got %r' % (args, last), last == native and '--tb' not in last)
                continue
            # native's regression with the options given, then each other
            # profile's regression (seeds 1-100) (the same --sim and -j); a line per profile
            sim = 'systemc' if any('systemc' in x for x in args) else 'sv'
            j = ' -j 2' if '-j' in args else ''
            lines = out.strip().split('\n')
            check('lockstep %s: native regress not run with %r: %s' % (args, native, out[-600:]), native in lines)
            cov = '; 7 of 9 paths of reach gen hit; holes: A.b, C.d'    # the coverage line, in each
            want_tail = ['lockstep: native: %s%s (status 0; build/regress)' % (native, cov)]
            for p in others:
                cmd = ('regress --profile %s --seeds 1-100 --out build/regress-%s --warpref build/model/warpref '
                       '--sim %s%s' % (p, p, sim, j))
                check('lockstep %s: %s not run: %s' % (args, cmd, out[-600:]), cmd in lines)
                want_tail.append('lockstep: %s: %s%s (status 0; build/regress-%s)' % (p, cmd, cov, p))
            check('lockstep %s: the summary lines %r, not %r' % (args, lines[-len(want_tail):], want_tail),
                  lines[-len(want_tail):] == want_tail and '--tb' not in out)
        # a failing build: its end shown, its status
        b = fake_tools(os.path.join(tmp, 'failing'), ninja_status=3)
        r = main_command(t, b, [])
        check('a failing build: exit %d: %s' % (r.returncode, r.stdout[-400:]),
              r.returncode == 3 and '[3/3] Linking target model/warpref' in r.stdout and
              re.search(r'^lockstep: the build failed after 0m0\ds \(ninja status 3; the whole output in '
                        r'build/lockstep-build.log\)$', r.stdout, re.M) and 'regress' not in r.stdout)

    # the targets are the real build directory's
    for target in ['model/warpref', 'tb/tb_lockstep', 'tb/sc/tb_sc_lockstep'] + [
            t + '_' + p for p in PROFILES if p != 'native' for t in ('tb/tb_lockstep', 'tb/sc/tb_sc_lockstep')]:
        if target.startswith('tb/sc/') and not os.path.exists(os.path.join(build, 'tb', 'sc')):
            continue                      # (a build without SystemC)
        r = subprocess.run(['ninja', '-C', build, '-t', 'query', target], capture_output=True, text=True)
        check('ninja has no target %s in %s: %s' % (target, build, r.stdout[-200:]), r.returncode == 0)


def source_plusargs():
    """the plusargs tb/common/lockstep_session.cpp reads: its table's names and
    every name the code looks up (plusarg(), flag() and the lists of names it
    loops over)"""
    src = open(os.path.join(ROOT, 'tb', 'common', 'lockstep_session.cpp')).read()
    table = re.search(r'k_plusargs\[\] = \{(.*?)\n\};', src, re.S).group(1)
    names = [n.rstrip('=') for n in re.findall(r'^\s*\{ "([a-z_]+=?)"', table, re.M)]
    body = src[src.index('int lockstep_open('):]
    used = set(re.findall(r'\b(?:plusarg|flag)\(argc, argv, "([a-z_]+)"\)', body))
    used |= set(re.findall(r'\{ "([a-z_]+)", &s\.', body))       # the numbers' table
    for group in re.findall(r'for \(const char \*k : \{([^}]*)\}\)', body):
        used |= set(re.findall(r'"([a-z_]+)"', group))
    used -= {''}
    return names, used


def check_plusargs(tb):
    names, used = source_plusargs()
    check('the table of plusargs: %s' % names, len(names) >= 20)
    check('plusargs the code reads but the table lacks: %s' % sorted(used - set(names)), used <= set(names))
    r = subprocess.run([tb, '+help'], capture_output=True, text=True, timeout=60)
    listed = re.findall(r'^  \+([a-z_]+)', r.stdout, re.M)
    check('+help: exit %d: %s' % (r.returncode, r.stdout[:200]), r.returncode == 0 and r.stdout.startswith('usage: '))
    # tb_lockstep's main takes +jobs= before the session (tb/common/lockstep_jobs.cpp)
    jobs_src = open(os.path.join(ROOT, 'tb', 'common', 'lockstep_jobs.cpp')).read()
    check('lockstep_jobs.cpp reads +jobs=', '"jobs="' in jobs_src or "jobs=" in jobs_src)
    check('+help lists %s, the table %s (and +verilator+..., +jobs=)'
          % (sorted(listed), sorted(names)),
          sorted(listed) == sorted(names + ['verilator', 'jobs']))
    check('+help: a plusarg without its line', all(re.search(r'^  \+%s\S*\s+\S' % n, r.stdout, re.M) for n in names))
    # +help wins over everything else on the line, a bad plusarg included
    r2 = subprocess.run([tb, '+frob', '+help'], capture_output=True, text=True, timeout=60)
    check('+help after a bad plusarg: exit %d' % r2.returncode, r2.returncode == 0 and r2.stdout == r.stdout)
    doc = open(os.path.join(ROOT, 'docs', 'lockstep.md')).read()
    undocumented = [n for n in names if not re.search(r'^\| `\+%s[=`]' % n, doc, re.M) and
                    not re.search(r'^\| `\+[a-z_]+=[^|]*`, `\+%s=' % n, doc, re.M)]
    check('plusargs not in docs/lockstep.md\'s table: %s' % undocumented, not undocumented)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tb', required=True)
    ap.add_argument('--build', required=True)
    a = ap.parse_args()
    check_script(a.build)
    check_plusargs(a.tb)
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
