#!/usr/bin/env python3
"""check_integrate.py - docs/integrate.md is what a new user runs: its worked
example is the template testbench that is built and tested, its Verilator
recipe builds that template from an installation found through pkg-config,
and its first-failure walkthrough shows what the built template prints.

Usage: check_integrate.py ROOT BUILD_DIR

  example   the ```systemverilog block of docs/integrate.md that starts
            "// tb_template.sv" is kit/example/tb_template.sv, byte for byte,
            and the one that starts "// stub_wiring.svh" kit/example/stub_wiring.svh
  install   `meson install` of BUILD_DIR into a temporary folder (its
            warpref.pc moved there: a temporary prefix) puts the package, its
            constants, the interface, the checker, the C glue and the
            template under `pkg-config --variable=svdir warpref`
  recipe    the ```sh block starting "# recipe:" names the stub's whole file
            set in $RTL (tb/meson.build's rtl_stub_sv, in order), runs as it is, in a work
            folder beside the source tree, against that installation (no
            Makefile; --timing; warpref_dpi_exit, not libc's exit): the
            template it builds passes its program, and
  first     the command of the walkthrough ("The first failure") prints what
            the page shows, exit status 1

Prints one line per failing check and `N passed, N failed`."""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from clitest import check  # noqa: E402


def main():
    root, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    page = open(os.path.join(root, 'docs', 'integrate.md')).read()

    # ---- example: the page's template is the file ----
    m = re.search(r'```systemverilog\n(// tb_template\.sv .*?\nendmodule\n)```', page, re.S)
    tpl = open(os.path.join(root, 'kit', 'example', 'tb_template.sv')).read()
    check('docs/integrate.md: the template block differs from '
          'kit/example/tb_template.sv',
          m is not None and m.group(1) == tpl)
    m = re.search(r'```systemverilog\n(// stub_wiring\.svh .*?)```', page, re.S)
    wiring = open(os.path.join(root, 'kit', 'example', 'stub_wiring.svh')).read()
    check('docs/integrate.md: the wiring block differs from '
          'kit/example/stub_wiring.svh',
          m is not None and m.group(1) == wiring)

    tmp = tempfile.mkdtemp(prefix='check-integrate-')
    ok = False
    try:
        # ---- install into a temporary prefix ----
        stage = os.path.join(tmp, 'stage')
        p = subprocess.run(['meson', 'install', '-C', build, '--no-rebuild', '--quiet', '--destdir', stage],
                           capture_output=True, text=True)
        pcs = glob.glob(os.path.join(stage, '**', 'warpref.pc'), recursive=True)
        if not check('meson install: %d %s' % (p.returncode, p.stdout + p.stderr),
                     p.returncode == 0 and len(pcs) == 1):
            return 1
        pc = open(pcs[0]).read()
        prefix = re.search(r'^prefix=(.*)$', pc, re.M).group(1)
        with open(pcs[0], 'w') as f:
            f.write(re.sub(r'^prefix=.*$', 'prefix=' + stage + prefix, pc, count=1, flags=re.M))
        env = dict(os.environ)
        env['PKG_CONFIG_PATH'] = os.path.dirname(pcs[0]) + (':' + env['PKG_CONFIG_PATH']
                                                            if env.get('PKG_CONFIG_PATH') else '')
        sv = subprocess.run(['pkg-config', '--variable=svdir', 'warpref'], capture_output=True, text=True,
                            env=env).stdout.strip()
        want = ['warpref_pkg.sv', 'warpref_pkg_consts.svh', 'warpref_retire_if.sv', 'warpref_checker.sv',
                'warpref_dpi.c', 'warpref_dpi.h', 'example/tb_template.sv', 'example/stub_wiring.svh',
                'warpref_trace_writer.sv', 'warpref_isa_pkg.sv']
        missing = [f for f in want if not os.path.isfile(os.path.join(sv, f))]
        check('svdir %r, missing there: %s' % (sv, missing), sv == stage + prefix + '/share/warpref' and not missing)

        # ---- the recipe, as the page writes it ----
        m = re.search(r'```sh\n(# recipe:.*?)```', page, re.S)
        if not check('docs/integrate.md: no ```sh block starting "# recipe:"', m is not None):
            return 1
        # its $RTL is the stub's whole file set, in tb/meson.build's order (rtl_stub_sv): a file left
        # out builds a native core all the same (the other profiles' engines are not elaborated), and
        # breaks a team's build of another profile
        rtl = re.search(r'^RTL="([^"]*)"', m.group(1), re.M)
        with open(os.path.join(root, 'tb', 'meson.build')) as f:
            stub = re.search(r'^rtl_stub_sv = files\((.*?)\)', f.read(), re.S | re.M)
        want = re.findall(r"'\.\./(rtl_stub/[\w.]+)'", stub.group(1)) if stub else []
        check('the recipe\'s $RTL is not the stub\'s file set (tb/meson.build rtl_stub_sv)\n  recipe %s\n  stub   %s' % (
              rtl.group(1).split() if rtl else None, want), rtl is not None and want and rtl.group(1).split() == want)
        work = os.path.join(tmp, 'work')
        os.mkdir(work)
        for d in ('rtl_stub', 'tb', 'tests'):
            os.symlink(os.path.join(root, d), os.path.join(work, d))
        p = subprocess.run(['sh', '-ec', m.group(1)], cwd=work, capture_output=True, text=True, env=env,
                           timeout=1200)
        check('the recipe: exit %d\n%s' % (p.returncode, (p.stdout + p.stderr)[-3000:]),
              p.returncode == 0 and re.search(r'^tb_template: PASS tests/programs/bar_red\.s: end done', p.stdout,
                                              re.M) and '1 passed, 0 failed' in p.stdout)

        # ---- the first failure, as the page shows it ----
        m = re.search(r'```\n\$ (\./tb_template [^\n]*)\n(.*?)```', page, re.S)
        if check('docs/integrate.md: no "$ ./tb_template" walkthrough block', m is not None):
            p = subprocess.run(m.group(1).split(), cwd=work, capture_output=True, text=True, timeout=300)
            out = '\n'.join(ln for ln in p.stdout.split('\n') if not ln.startswith('- '))
            check('the walkthrough: exit %d, prints\n%s\nthe page shows\n%s' % (p.returncode, out, m.group(2)),
                  p.returncode == 1 and out.strip() == m.group(2).strip())
        ok = clitest.failed == 0
    finally:
        if ok:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            print('files kept in ' + tmp)
    clitest.finish()


if __name__ == '__main__':
    sys.exit(main())
