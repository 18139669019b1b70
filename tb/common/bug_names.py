#!/usr/bin/env python3
"""bug_names.py PKG.sv OUT.h|OUT.svh - the injectable bugs of the RTL stub
as a table of names: the BUG_* localparams of rtl_stub/warpref_rtl_pkg.sv
(docs/bugs.md), lower case, at their index.  OUT.h: a C table for the
lockstep testbenches; OUT.svh: a SystemVerilog string array (bug_names) for
tb/rtl_run.  Fails when the indices are not 0..NBUGS-1."""
import re
import sys

src, out = sys.argv[1], sys.argv[2]
text = open(src).read()
nbugs = int(re.search(r"localparam\s+int\s+unsigned\s+NBUGS\s*=\s*(\d+)\s*;", text).group(1))
bugs = {int(i): n.lower() for n, i in
        re.findall(r"localparam\s+int\s+unsigned\s+BUG_(\w+)\s*=\s*(\d+)\s*;", text)}
if sorted(bugs) != list(range(nbugs)):
    sys.exit(f"{src}: the BUG_* indices are not 0..{nbugs - 1}")
with open(out, "w") as f:
    f.write(f"// generated from {src.split('/')[-1]} by tb/common/bug_names.py: do not edit\n")
    if out.endswith(".svh"):
        names = ", ".join(f'"{bugs[i]}"' for i in range(nbugs))
        f.write(f"string bug_names [{nbugs}] = '{{{names}}};\n")
        sys.exit(0)
    f.write(f"enum {{ WR_RTL_NBUGS = {nbugs} }};\n")
    f.write("static const char *const wr_rtl_bug_names[WR_RTL_NBUGS] = {\n")
    for i in range(nbugs):
        f.write(f'    "{bugs[i]}",\n')
    f.write("};\n")
