#!/usr/bin/env python3
"""check_svpkg.py - the checked-in RTL package equals the generator's output.

Usage: check_svpkg.py WARPREF SOURCE_ROOT

rtl_stub/warpref_isa_pkg.sv is generated from the ISA table by
`warpref encoding --sv`; this fails when the file is stale (regenerate it with
`build/model/warpref encoding --sv > rtl_stub/warpref_isa_pkg.sv`)."""
import difflib
import os
import subprocess
import sys


def main():
    exe, root = sys.argv[1], sys.argv[2]
    path = os.path.join(root, 'rtl_stub', 'warpref_isa_pkg.sv')
    failed = 0
    out = subprocess.run([exe, 'encoding', '--sv'], capture_output=True, text=True)
    with open(path) as f:
        want = f.read()
    if out.returncode != 0 or out.stdout != want:
        failed += 1
        sys.stdout.writelines(difflib.unified_diff(
            want.splitlines(True), out.stdout.splitlines(True), path, 'warpref encoding --sv'))
        print('FAIL: %s is stale: regenerate it with `warpref encoding --sv`' % path)
    bad = subprocess.run([exe, 'encoding', '--sv', '--sv'], capture_output=True, text=True)
    if bad.returncode != 2 or bad.stdout:
        failed += 1
        print('FAIL: `warpref encoding --sv --sv` should be a usage error (exit 2)')
    print('%d passed, %d failed' % (2 - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
