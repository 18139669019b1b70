#!/usr/bin/env python3
"""bug_names.py PKG.sv OUT.h|OUT.svh - the injectable bugs of the RTL stub
as a table of names: the BUG_* localparams of rtl_stub/warpref_rtl_pkg.sv
(docs/bugs.md), lower case, at their index, and the profile each belongs to
(the one place that says it): a bug named P_... belongs to profile P (sass_,
ptx_, visa_: the PROFILE_* numbers of the generated ISA package beside PKG.sv,
warpref_isa_pkg.sv), dual_... to the two-issue variant alone (-1: no
profile's build takes it), the others to native.  OUT.h: C tables for the
lockstep testbenches (wr_rtl_bug_names, wr_rtl_bug_profile); OUT.svh:
SystemVerilog arrays (bug_names, bug_profile) for tb/rtl_run and the kit's
templates.  Fails when the indices are not 0..NBUGS-1."""
import os
import re
import sys

src, out = sys.argv[1], sys.argv[2]
text = open(src).read()
nbugs = int(re.search(r"localparam\s+int\s+unsigned\s+NBUGS\s*=\s*(\d+)\s*;", text).group(1))
bugs = {int(i): n.lower() for n, i in
        re.findall(r"localparam\s+int\s+unsigned\s+BUG_(\w+)\s*=\s*(\d+)\s*;", text)}
if sorted(bugs) != list(range(nbugs)):
    sys.exit(f"{src}: the BUG_* indices are not 0..{nbugs - 1}")
isa = os.path.join(os.path.dirname(src), "warpref_isa_pkg.sv")
profiles = {n.lower(): int(i) for n, i in
            re.findall(r"localparam\s+int\s+unsigned\s+PROFILE_(\w+)\s*=\s*(\d+)\s*;", open(isa).read())}
if "native" not in profiles:
    sys.exit(f"{isa}: no PROFILE_NATIVE")


def owner(name):
    """the profile whose build takes the bug; -1: none (the two-issue variant's)"""
    if name.startswith("dual_"):
        return -1
    for p, num in profiles.items():
        if p != "native" and name.startswith(p + "_"):
            return num
    return profiles["native"]


owners = [owner(bugs[i]) for i in range(nbugs)]
with open(out, "w") as f:
    f.write(f"// generated from {src.split('/')[-1]} and {os.path.basename(isa)} by tb/common/bug_names.py: do not edit\n")
    if out.endswith(".svh"):
        names = ", ".join(f'"{bugs[i]}"' for i in range(nbugs))
        f.write(f"string bug_names [{nbugs}] = '{{{names}}};\n")
        f.write("/* verilator lint_off UNUSEDSIGNAL */\n")
        f.write(f"int bug_profile [{nbugs}] = '{{{', '.join(str(o) for o in owners)}}};   // -1: none\n")
        f.write("/* verilator lint_on UNUSEDSIGNAL */\n")
        sys.exit(0)
    f.write(f"enum {{ WR_RTL_NBUGS = {nbugs} }};\n")
    f.write("static const char *const wr_rtl_bug_names[WR_RTL_NBUGS] = {\n")
    for i in range(nbugs):
        f.write(f'    "{bugs[i]}",\n')
    f.write("};\n")
    f.write("// the profile (WR_PROFILE_*) whose build takes each; -1: none (the two-issue variant's)\n")
    f.write("static const signed char wr_rtl_bug_profile[WR_RTL_NBUGS] = {\n")
    for i in range(nbugs):
        f.write(f'    {owners[i]},   // {bugs[i]}\n')
    f.write("};\n")
