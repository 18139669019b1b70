#!/usr/bin/env python3
"""The worked example of docs/dpi.md (the lockstep_bind module) is real code:
it is extracted from the page and linted with the package, `verilator
--lint-only -Wall`, so the page cannot drift from dpi/warpref_pkg.sv; and no
page imports libc's exit into SystemVerilog (warpref_dpi_exit instead).

    check_doc_example.py VERILATOR DOCS/dpi.md DPI/warpref_pkg.sv"""
import os
import re
import subprocess
import sys
import tempfile


def main():
    verilator, page, pkg = sys.argv[1:4]
    with open(page) as f:
        text = f.read()
    m = re.search(r'```systemverilog\n(module lockstep_bind\b.*?\nendmodule)\n```', text, re.S)
    if not m:
        print('%s: no ```systemverilog block with module lockstep_bind' % page)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        sv = os.path.join(tmp, 'lockstep_bind.sv')
        with open(sv, 'w') as f:
            f.write(m.group(1) + '\n')
        # (the package includes its generated constants from its own folder)
        p = subprocess.run([verilator, '--lint-only', '-Wall', '--top-module', 'lockstep_bind',
                            '-I' + (os.path.dirname(pkg) or '.'), pkg, sv],
                           capture_output=True, text=True)
    if p.returncode != 0:
        print('%s: the lockstep_bind example does not lint:\n%s' % (page, p.stdout + p.stderr))
        return 1
    # libc's exit imported into SV clashes with <stdlib.h> in the simulator's C++ (g++ 12):
    # no page shows it; the package's warpref_dpi_exit is the way (docs/dpi.md, docs/integrate.md)
    docs = os.path.dirname(page)
    for name in sorted(os.listdir(docs)):
        if name.endswith('.md'):
            with open(os.path.join(docs, name)) as f:
                if re.search(r'import\s+"DPI-C"\s+function\s+void\s+exit\b', f.read()):
                    print('%s: imports libc exit into SystemVerilog (use warpref_dpi_exit)' % name)
                    return 1
    print('the lockstep_bind example of %s lints clean with %s' % (page, pkg))
    return 0


if __name__ == '__main__':
    sys.exit(main())
