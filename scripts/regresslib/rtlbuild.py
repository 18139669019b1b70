"""rtlbuild.py - builds of a Verilator testbench other than meson's own: a
mutant of its RTL (scripts/qualify) or the design with coverage
(scripts/regress --rtl-coverage).  There is one recipe, meson's: the
command ninja runs for the target (`ninja -t commands TARGET`, its last
line) is taken as it is and changed only where a variant must differ: the
object directory (--Mdir), the binary (-o), RTL files replaced by other
copies, extra Verilator flags, and ccache as the compiler's cache (make's
OBJCACHE) when it is installed, so that a build of a mutant compiles again
only the generated files whose text changed (docs/qualify.md)."""
import os
import shlex
import shutil
import subprocess

# flags of a build that a lint run drops, with the number of values each takes
_BUILD_FLAGS = {"--cc": 0, "--exe": 0, "--build": 0, "--binary": 0, "--main": 0, "--quiet-exit": 0, "-Wno-fatal": 0,
                "-Wno-lint": 0, "-Wno-style": 0, "--trace-fst": 0, "--trace": 0, "-j": 1, "--Mdir": 1, "-o": 1,
                "-MAKEFLAGS": 1, "-CFLAGS": 1, "-LDFLAGS": 1, "--coverage": 0, "--coverage-line": 0,
                "--coverage-toggle": 0}
SOURCES = (".sv", ".v", ".svh", ".vh")


class BuildError(Exception):
    pass


def ninja_command(build_dir, target):
    """the Verilator command (a list, every path absolute) that ninja runs to
    build TARGET (relative to build_dir) of meson's build"""
    try:
        p = subprocess.run(["ninja", "-C", build_dir, "-t", "commands", target], capture_output=True, text=True,
                           timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BuildError(f"ninja -t commands {target}: {e}") from None
    lines = [ln for ln in p.stdout.splitlines() if ln.strip()]
    if p.returncode != 0 or not lines:
        why = (p.stderr.strip().splitlines() or ["no command"])[-1]
        raise BuildError(f"'{build_dir}' has no target '{target}' ({why})")
    args = shlex.split(lines[-1])
    start = next((i for i, a in enumerate(args) if os.path.basename(a) == "verilator"), None)
    if start is None:
        raise BuildError(f"the command that builds '{target}' runs no verilator: {lines[-1][:200]}")
    cmd = args[start:]
    out = []
    for a in cmd:
        if not a.startswith("-") and not os.path.isabs(a) and os.path.splitext(a)[1] in SOURCES + (".cpp", ".a", ".c"):
            a = os.path.normpath(os.path.join(os.path.abspath(build_dir), a))
        out.append(a)
    return out


def sources(cmd):
    """the RTL and testbench source files on the command line"""
    return [a for a in cmd if not a.startswith("-") and os.path.splitext(a)[1] in SOURCES]


def _set(cmd, flag, value):
    out = list(cmd)
    if flag in out:
        out[out.index(flag) + 1] = value
    else:
        out[1:1] = [flag, value]
    return out


def ccache():
    """the ccache program, or None"""
    return shutil.which("ccache")


def variant(cmd, mdir, binary, replace=None, extra=(), use_ccache=True, makeflags=""):
    """the command building binary in mdir, with the sources of `replace`
    (absolute path -> path of the copy) replaced, the extra flags added and
    makeflags after meson's (make takes the last value of a variable)"""
    replace = {os.path.realpath(k): v for k, v in (replace or {}).items()}
    out = [replace.get(os.path.realpath(a), a) if not a.startswith("-") else a for a in cmd]
    out = _set(out, "--Mdir", mdir)
    out = _set(out, "-o", binary)
    more = " ".join(x for x in (makeflags, "OBJCACHE=ccache" if use_ccache and ccache() else "") if x)
    if more:
        if "-MAKEFLAGS" in out:
            i = out.index("-MAKEFLAGS") + 1
            out[i] = out[i] + " " + more
        else:
            out[1:1] = ["-MAKEFLAGS", more]
    out[1:1] = list(extra)
    return out


def lint_command(cmd, replace=None):
    """Verilator's -Wall lint of the same sources and parameters (a mutant
    that does not lint is stillborn)"""
    replace = {os.path.realpath(k): v for k, v in (replace or {}).items()}
    out = [cmd[0], "--lint-only", "-Wall"] + (["--timing"] if "--binary" in cmd and "--no-timing" not in cmd else [])
    i = 1
    while i < len(cmd):
        a = cmd[i]
        if a in _BUILD_FLAGS:
            i += 1 + _BUILD_FLAGS[a]
            continue
        if not a.startswith("-") and os.path.splitext(a)[1] in (".cpp", ".a", ".c", ".o"):
            i += 1
            continue
        out.append(replace.get(os.path.realpath(a), a) if not a.startswith("-") else a)
        i += 1
    return out


def run(cmd, log_path, timeout, cwd=None):
    """runs a build command into its log; (exit status or None on a timeout, seconds)"""
    import time
    t0 = time.monotonic()
    with open(log_path, "a") as log:
        log.write("$ " + " ".join(shlex.quote(a) for a in cmd) + "\n")
        log.flush()
        try:
            p = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, timeout=timeout, cwd=cwd,
                               start_new_session=True)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = None
        except OSError as e:
            log.write(f"cannot run: {e}\n")
            rc = 127
    return rc, time.monotonic() - t0


def stale(binary, inputs):
    """the inputs newer than binary (all of them when it is missing)"""
    try:
        t = os.stat(binary).st_mtime
    except OSError:
        return list(inputs)
    return [f for f in inputs if os.path.exists(f) and os.stat(f).st_mtime > t]
