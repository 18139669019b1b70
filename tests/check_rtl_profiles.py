#!/usr/bin/env python3
"""check_rtl_profiles.py - the per-profile builds of tb_rtl_run refuse what is not theirs.

Usage: check_rtl_profiles.py TB_RTL_RUN TB_RTL_RUN_SASS SOURCE_ROOT [TB_RTL_RUN_VISA]

A program of another profile, +trap_mode outside sass and a bug of the other
profile's catalogue are bad input (status 2, one line: docs/errors.md,
docs/rtl.md); each build lists its own profile's bugs only (+list_bugs)."""
import os
import subprocess
import sys


def main():
    native, sass, root = sys.argv[1], sys.argv[2], sys.argv[3]
    visa = sys.argv[4] if len(sys.argv) > 4 else None
    scan = os.path.join('tests', 'programs', 'sass', 'sass_scan.s')
    red = os.path.join('tests', 'programs', 'bar_red.s')
    cases = [
        ([native, '+program=' + scan],
         'tb: %s: a sass program, and this testbench\'s RTL runs the native profile' % scan),
        ([sass, '+program=' + red], 'tb: %s: a native program, and this testbench\'s RTL runs the sass profile' % red),
        ([native, '+program=' + red, '+trap_mode'],
         'tb: +trap_mode is a sass setting, and this testbench runs the native profile'),
        ([sass, '+program=' + scan, '+bug=bra_u_any'], "tb: unknown bug 'bra_u_any' (see docs/bugs.md)"),
        ([native, '+program=' + red, '+bug=sass_scan_waits'], "tb: unknown bug 'sass_scan_waits' (see docs/bugs.md)"),
    ]
    builds = [(native, ''), (sass, 'sass_')]
    if visa:
        roles = os.path.join('tests', 'programs', 'visa', 'visa_roles.s')
        cases += [
            ([native, '+program=' + roles],
             'tb: %s: a visa program, and this testbench\'s RTL runs the native profile' % roles),
            ([visa, '+program=' + red], 'tb: %s: a native program, and this testbench\'s RTL runs the visa profile' % red),
            ([visa, '+program=' + scan], 'tb: %s: a sass program, and this testbench\'s RTL runs the visa profile' % scan),
            ([visa, '+program=' + roles, '+trap_mode'],
             'tb: +trap_mode is a sass setting, and this testbench runs the visa profile'),
            ([visa, '+program=' + roles, '+bug=sass_scan_waits'], "tb: unknown bug 'sass_scan_waits' (see docs/bugs.md)"),
            ([visa, '+program=' + roles, '+bug=bra_u_any'], "tb: unknown bug 'bra_u_any' (see docs/bugs.md)"),
            ([sass, '+program=' + scan, '+bug=visa_nc_is_np'], "tb: unknown bug 'visa_nc_is_np' (see docs/bugs.md)"),
            ([native, '+program=' + red, '+bug=visa_nc_is_np'], "tb: unknown bug 'visa_nc_is_np' (see docs/bugs.md)"),
        ]
        builds.append((visa, 'visa_'))
    passed = failed = 0
    for cmd, want in cases:
        p = subprocess.run(cmd, capture_output=True, text=True, cwd=root)
        got = (p.stdout + p.stderr).strip()
        if p.returncode == 2 and got == want:
            passed += 1
        else:
            failed += 1
            print('FAIL: %s: want status 2 and %r, got %d and %r' % (' '.join(cmd[1:]), want, p.returncode, got))
    others = [p for _, p in builds if p]
    for tb, own in builds:
        names = subprocess.run([tb, '+list_bugs'], capture_output=True, text=True).stdout.split()
        ok = names and all((n.startswith(own) if own else not any(n.startswith(o) for o in others)) for n in names)
        passed += bool(ok)
        failed += not ok
        if not ok:
            print('FAIL: %s +list_bugs lists another profile\'s bugs: %s' % (os.path.basename(tb), names))
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
