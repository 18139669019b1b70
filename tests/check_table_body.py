#!/usr/bin/env python3
"""check_table_body.py SRCDIR CC... - an optype row without a body fails the build.

The prototypes of the instruction bodies (model/src/sem/sem.h) and the dispatch
table (model/src/sem/step.c) are both expanded from the WR_OPTYPE rows of
isa.def.  This test copies the model, adds one row, WR_OPTYPE(NOBODY, 0x4f,
HLP), and builds the library and the CLI: the link must fail naming
exec_NOBODY.  As a control, the same copy plus a one-line body builds."""
import os
import shutil
import subprocess
import sys
import tempfile

SRC = sys.argv[1]
CC = sys.argv[2:] or ["cc"]
ROW = "WR_OPTYPE(NOBODY,     0x4f, HLP, \"N-51\")\n"
BODY = ('#include "sem/sem.h"\n'
        "void exec_NOBODY(wr_ctx *x) { x->w->active_pc = x->next; }\n")


def jansson():
    """the compiler flags of Jansson, which the CLI links (warpref view --dump)"""
    try:
        p = subprocess.run(["pkg-config", "--cflags", "--libs", "jansson"], capture_output=True, text=True)
        if p.returncode == 0:
            return p.stdout.split()
    except OSError:
        pass
    return ["-ljansson"]


def build(root, extra=()):
    def c_files(d):
        """the C files of a folder and its layer folders (model/src/isa/, sem/, ...)"""
        return sorted(os.path.join(top, f) for top, _, names in os.walk(os.path.join(root, d))
                      for f in names if f.endswith(".c"))
    cmd = CC + ["-std=c11", "-O0", "-D_POSIX_C_SOURCE=200809L", "-I", os.path.join(root, "include"),
                "-I", os.path.join(root, "src"),
                *c_files("src"), *extra, *c_files("cli"), "-o", os.path.join(root, "warpref")] + jansson()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


with tempfile.TemporaryDirectory() as tmp:
    root = os.path.join(tmp, "model")
    shutil.copytree(os.path.join(SRC, "model"), root)
    dfile = os.path.join(root, "include", "warpref", "isa.def")
    text = open(dfile).read()
    anchor = "WR_OPTYPE(LDC,"
    i = text.index(anchor)
    j = text.index("\n", i) + 1
    open(dfile, "w").write(text[:j] + ROW + text[j:])

    failed = 0
    rc, out = build(root)
    if rc != 0 and "exec_NOBODY" in out:
        print("ok: a row without a body fails the build:",
              next(l.strip() for l in out.splitlines() if "exec_NOBODY" in l))
    else:
        print("FAIL: the build with a bodiless row", "succeeded" if rc == 0 else "failed otherwise:\n" + out)
        failed += 1

    body = os.path.join(tmp, "nobody.c")
    open(body, "w").write(BODY)
    rc, out = build(root, [body])
    if rc == 0:
        print("ok: the same row with its body builds")
    else:
        print("FAIL: the row with a body does not build:\n" + out)
        failed += 1
    print(f"{2 - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
