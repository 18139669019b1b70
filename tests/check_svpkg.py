#!/usr/bin/env python3
"""check_svpkg.py - the checked-in generated SystemVerilog equals the generator's output.

Usage: check_svpkg.py WARPREF SOURCE_ROOT

rtl_stub/warpref_isa_pkg.sv is generated from the ISA table by
`warpref encoding --sv`, dpi/warpref_pkg_consts.svh (the constants of the DPI
package, dpi/warpref_pkg.sv) from the model's enums by
`warpref encoding --sv-dpi`; this fails when either file is stale (regenerate
with `build/model/warpref encoding --sv > rtl_stub/warpref_isa_pkg.sv` and
`build/model/warpref encoding --sv-dpi > dpi/warpref_pkg_consts.svh`)."""
import difflib
import os
import subprocess
import sys

GENERATED = [('--sv', os.path.join('rtl_stub', 'warpref_isa_pkg.sv')),
             ('--sv-dpi', os.path.join('dpi', 'warpref_pkg_consts.svh'))]

# usage errors: (arguments, the message after 'warpref: encoding: ')
USAGE = [(['--sv', '--sv'], '--sv given more than once'),
         (['--sv-dpi', '--sv-dpi'], '--sv-dpi given more than once'),
         (['--sv', '--sv-dpi'], '--sv and --sv-dpi exclude each other'),
         (['--sv-dpi=1'], "--sv-dpi takes no value, got '--sv-dpi=1'"),
         (['--sv-dpi', 'x'], "takes no arguments but --sv, --sv-dpi or --list, got 'x'")]


def main():
    exe, root = sys.argv[1], sys.argv[2]
    passed = failed = 0
    for opt, rel in GENERATED:
        path = os.path.join(root, rel)
        out = subprocess.run([exe, 'encoding', opt], capture_output=True, text=True)
        with open(path) as f:
            want = f.read()
        if out.returncode != 0 or out.stdout != want:
            failed += 1
            sys.stdout.writelines(difflib.unified_diff(
                want.splitlines(True), out.stdout.splitlines(True), path, 'warpref encoding ' + opt))
            print('FAIL: %s is stale: regenerate it with `warpref encoding %s > %s`' % (path, opt, rel))
        else:
            passed += 1
    for args, msg in USAGE:
        bad = subprocess.run([exe, 'encoding'] + args, capture_output=True, text=True)
        line = "warpref: encoding: %s (see 'warpref encoding --help')\n" % msg
        if bad.returncode != 2 or bad.stdout or bad.stderr != line:
            failed += 1
            print('FAIL: `warpref encoding %s` should exit 2 with %r, got %d, %r' %
                  (' '.join(args), line, bad.returncode, bad.stderr))
        else:
            passed += 1
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
