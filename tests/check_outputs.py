#!/usr/bin/env python3
"""check_outputs.py - what the project writes never replaces what is not a
regular file, and a write that fails says why and keeps what was there.

  - devices survive: a character device (a copy of /dev/null made with mknod
    in a temporary directory: the real /dev/null and /dev/full are never
    written) named as every output of warpref (gen -o, asm -o, run --trace,
    --explain, --coverage, trace convert, replay --dump BASE, replay
    --explain), of the testbenches (+result, +dump, +trace) and of
    scripts/regress (--junit, --html) is still that character device after
    the write, and the write went through (status 0 or the run's own);
  - FIFOs survive and get the text (a reader on the other end): replay --dump
    BASE, regress --junit, tb +result;
  - a symbolic link stays a link: its target gets the new text;
  - a full disk (a small tmpfs mounted here and removed after): gen -o,
    trace convert and run --trace say "No space left on device", exit 2, and
    leave neither a 0-byte file nor a temporary, and a file that was there
    keeps its text; scripts/regress stops with one line that says what was
    kept and that --resume finishes it, and --resume then finishes it;
  - a resumed regression's summary counts the earlier run's time too.

The device and full-disk parts need root (mknod, mount): without it they are
skipped and said so.

Usage: check_outputs.py SRCDIR --warpref WARPREF [--tb TB_LOCKSTEP] [--sctb TB_SC_LOCKSTEP]
Prints `N passed, N failed`."""
import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import clitest  # noqa: E402
from clitest import check  # noqa: E402


def run(cmd, timeout=300, env=None):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    return p.returncode, p.stdout + p.stderr


def make_null(path):
    """a character device 1,3 (what /dev/null is) at path; False if not allowed"""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        return True
    except (PermissionError, OSError):
        return False


def is_chr(path):
    try:
        return stat.S_ISCHR(os.lstat(path).st_mode)
    except OSError:
        return False


def is_fifo(path):
    try:
        return stat.S_ISFIFO(os.lstat(path).st_mode)
    except OSError:
        return False


class FifoReader:
    """reads a FIFO on another thread until its writer closes it"""
    def __init__(self, path):
        self.path, self.data = path, b""
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()

    def _read(self):
        with open(self.path, "rb") as f:
            self.data = f.read()

    def text(self):
        """what came through, once the command has ended (a writer that never
        opened the FIFO leaves "": the reader is released by an empty write)"""
        self.t.join(0.5)
        if self.t.is_alive():
            with open(self.path, "wb"):
                pass
            self.t.join(10)
        return self.data.decode(errors="replace")


def leftovers(d):
    return [f for r, _, fs in os.walk(d) for f in fs if f.startswith(".tmp-") or ".tmp" in f]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("--warpref", required=True)
    ap.add_argument("--tb")
    ap.add_argument("--sctb")
    a = ap.parse_args()
    src, w = os.path.abspath(a.src), a.warpref
    os.chdir(src)
    tmp = tempfile.mkdtemp(prefix="check-outputs-")
    regress = [sys.executable, os.path.join(src, "scripts", "regress"), "--warpref", w, "--quiet", "-j", "1"]
    faketb = os.path.join(src, "tests", "fake", "tb_lockstep")
    ok_s = os.path.join(src, "tests", "bad", "in", "ok.s")
    prog = os.path.join(src, "tb", "programs", "bra_div_diverged.s")
    try:
        # a trace that diverges (for replay --dump) and one that matches
        trace = os.path.join(tmp, "t.jsonl")
        rc, out = run([w, "run", prog, "--trace", trace])
        check(f"run --trace: {rc} {out}", rc == 0 and os.path.getsize(trace) > 0)
        bad = os.path.join(tmp, "bad.jsonl")
        with open(trace) as f:
            lines = f.read().splitlines()
        first = json.loads(lines[0])
        first["next_pc"] = "0x" + format(int(first["next_pc"], 16) + 16, "x")
        lines[0] = json.dumps(first, separators=(",", ":"))
        with open(bad, "w") as f:
            f.write("\n".join(lines) + "\n")

        # ---- a symbolic link stays a link; a directory is refused ------------
        target = os.path.join(tmp, "target.s")
        with open(target, "w") as f:
            f.write("old\n")
        link = os.path.join(tmp, "link.s")
        os.symlink("target.s", link)
        rc, out = run([w, "gen", "--seed", "1", "-o", link])
        check(f"gen -o LINK: the link stays, its target is written: {rc} {out}",
              rc == 0 and os.path.islink(link) and open(target).read() != "old\n")
        rc, out = run([w, "gen", "--seed", "1", "-o", tmp])
        check(f"gen -o DIR: {rc} {out!r}",
              rc == 2 and out == f"warpref: gen: cannot open '{tmp}' for the program: Is a directory\n")
        sys.path.insert(0, os.path.join(src, "scripts"))
        from regresslib.files import write_atomic
        rlink = os.path.join(tmp, "rlink.txt")
        os.symlink("target.s", rlink)
        write_atomic(rlink, "new\n")
        check("write_atomic(LINK): the target, not the link",
              os.path.islink(rlink) and open(target).read() == "new\n")
        try:
            write_atomic(tmp, "x")
            check("write_atomic(DIR) refused", False)
        except IsADirectoryError:
            check("", True)
        check(f"no temporary left: {leftovers(tmp)}", not leftovers(tmp))

        devices(a, w, tmp, regress, faketb, ok_s, prog, trace, bad)
        full_disk(w, tmp, regress, faketb, trace)
        resume_time(tmp, regress, faketb)
        misc(a, w, tmp, regress, faketb, prog, bad)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    clitest.finish()


def devices(a, w, tmp, regress, faketb, ok_s, prog, trace, bad):
    d = os.path.join(tmp, "dev")
    os.mkdir(d)
    if not make_null(os.path.join(d, "probe")):
        print("SKIP devices: mknod is not allowed here (not root)")
        return
    nodes = {}

    def node(name):
        p = os.path.join(d, name)
        if not os.path.exists(p):
            make_null(p)
        nodes[name] = p
        return p

    cases = [
        ("gen -o", [w, "gen", "--seed", "1", "-o", node("gen")], 0),
        ("asm -o", [w, "asm", ok_s, "-o", node("asm")], 0),
        ("run --trace", [w, "run", ok_s, "--trace", node("run.jsonl")], 0),
        ("run --explain --coverage", [w, "run", ok_s, "--explain", node("explain"), "--coverage", node("cov")], 0),
        ("trace convert", [w, "trace", "convert", trace, node("conv.wtb")], 0),
        ("replay --explain", [w, "replay", trace, "--program", prog, "--explain", node("rexplain")], 0),
    ]
    node("d.txt")
    node("d.json")
    cases.append(("replay --dump BASE", [w, "replay", bad, "--program", prog, "--dump", os.path.join(d, "d")], 1))
    cases.append(("regress --junit --html", regress + ["--tb", faketb, "--seeds", "1-2", "--out",
                                                      os.path.join(tmp, "rdev"), "--junit", node("junit"),
                                                      "--html", node("html")], 0))
    if a.tb:
        for tb, tag in ((a.tb, "tb"), (a.sctb, "sctb")):
            if not tb:
                continue
            for ext in ("txt", "json"):
                node(f"{tag}-dump.{ext}")
            cases.append((f"{tag} +result +trace", [tb, f"+program={ok_s}", f"+result={node(tag + '-result')}",
                                                   f"+trace={node(tag + '-trace.jsonl')}"], 0))
            cases.append((f"{tag} +dump (a failing run)", [tb, f"+program={os.path.join('tb', 'programs', 'bra_div_diverged.s')}",
                                                         "+bug=bra_div_active", f"+dump={os.path.join(d, tag + '-dump')}",
                                                         f"+result={node(tag + '-result2')}"], 1))
    for what, cmd, want in cases:
        rc, out = run(cmd)
        check(f"{what} onto a device: exit {rc} (expected {want}): {out[-600:]}", want is None or rc == want)
    for name, p in sorted(nodes.items()):
        check(f"{name}: still a character device after the write", is_chr(p))
    check(f"no temporary next to the devices: {leftovers(d)}", not leftovers(d))

    # a full device (a copy of /dev/full, char 1,7): the error alone, no verdict
    full = os.path.join(d, "full")
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    rc, out = run([w, "replay", trace, "--program", prog, "--explain", full])
    check(f"replay --explain FULL: one line, no match line: {rc} {out!r}",
          rc == 2 and out == f"warpref: replay: cannot write to '{full}': No space left on device\n")
    rc, out = run([w, "gen", "--seed", "1", "-o", full])
    check(f"gen -o FULL: {rc} {out!r}",
          rc == 2 and out == f"warpref: gen: cannot write to '{full}': No space left on device\n")
    if a.tb:
        rc, out = run([a.tb, f"+program={ok_s}", f"+result={full}"])
        check(f"tb +result=FULL: {rc} {out!r}",
              rc == 2 and f"tb_lockstep: result: cannot write '{full}': No space left on device\n" in out)
        # a failing run keeps its status 1 (the mismatch is the news), and says so too
        rc, out = run([a.tb, f"+program={os.path.join('tb', 'programs', 'bra_div_diverged.s')}", "+bug=bra_div_active",
                       f"+dump={os.path.join(d, 'fulldump')}", f"+result={full}"])
        check(f"tb +result=FULL, a failing run: {rc} {out!r}",
              rc == 1 and f"tb_lockstep: result: cannot write '{full}': No space left on device\n" in out and
              "MISMATCH" in out)
    check("the full device is still one", is_chr(full))
    # waves: the FST writer makes its file anew at the path (it would replace a
    # device, and a link): a device is refused, a link's target gets the waves
    for tb, name in ((a.tb, "tb_lockstep"), (a.sctb, "tb_sc_lockstep")):
        if not tb:
            continue
        wdev = node(f"{name}-waves.fst")
        rc, out = run([tb, f"+program={prog}", f"+waves={wdev}"])
        check(f"{name} +waves=DEVICE: {rc} {out!r}",
              rc == 2 and out == f"{name}: +waves={wdev}: not a regular file (an FST wave file is made anew at its "
              "path)\n" and is_chr(wdev))
        real, wlink = os.path.join(tmp, f"{name}-real.fst"), os.path.join(tmp, f"{name}-link.fst")
        os.symlink(os.path.basename(real), wlink)
        rc, out = run([tb, f"+program={prog}", f"+waves={wlink}"])
        check(f"{name} +waves=LINK: {rc} {out!r}", rc == 0 and os.path.islink(wlink) and os.path.getsize(real) > 0)

    # FIFOs: written in place, the reader gets the text
    f_txt, f_json = os.path.join(d, "f.txt"), os.path.join(d, "f.json")
    os.mkfifo(f_txt)
    os.mkfifo(f_json)
    r1, r2 = FifoReader(f_txt), FifoReader(f_json)
    rc, out = run([w, "replay", bad, "--program", prog, "--dump", os.path.join(d, "f")])
    t1, t2 = r1.text(), r2.text()
    check(f"replay --dump FIFO: {rc} {out} {t1[:80]!r} {t2[:80]!r}",
          rc == 1 and "warpref lockstep MISMATCH" in t1 and t2.startswith("{"))
    check("replay --dump: the FIFOs are still FIFOs", is_fifo(f_txt) and is_fifo(f_json))
    fj = os.path.join(d, "junit-fifo")
    os.mkfifo(fj)
    r = FifoReader(fj)
    rc, out = run(regress + ["--tb", faketb, "--seeds", "1-2", "--out", os.path.join(tmp, "rfifo"), "--junit", fj])
    check(f"regress --junit FIFO: {rc} {out[-400:]}", rc == 0 and "<testsuite" in r.text() and is_fifo(fj))
    if a.tb:
        fr = os.path.join(d, "result-fifo")
        os.mkfifo(fr)
        r = FifoReader(fr)
        rc, out = run([a.tb, f"+program={ok_s}", f"+result={fr}"])
        check(f"tb +result=FIFO: {rc} {out}", rc == 0 and '"status":"pass"' in r.text() and is_fifo(fr))


def full_disk(w, tmp, regress, faketb, trace):
    mnt = os.path.join(tmp, "full")
    os.mkdir(mnt)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", mnt], capture_output=True).returncode:
        print("SKIP full disk: cannot mount a tmpfs here (not root)")
        return
    try:
        # a file that is there keeps its text; a new one is not left empty
        keep = os.path.join(mnt, "keep.s")
        with open(keep, "w") as f:
            f.write("// kept\n")
        fd = os.open(os.path.join(mnt, "filler"), os.O_WRONLY | os.O_CREAT)     # the disk, full
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError:
            pass
        os.close(fd)
        for what, cmd, path, msg in (
                ("gen -o (new)", [w, "gen", "--seed", "1", "--size", "2000", "-o", os.path.join(mnt, "p.s")],
                 os.path.join(mnt, "p.s"), "warpref: gen: cannot write to '{p}': No space left on device"),
                ("gen -o (there)", [w, "gen", "--seed", "1", "--size", "2000", "-o", keep], keep,
                 "warpref: gen: cannot write to '{p}': No space left on device"),
                ("trace convert", [w, "trace", "convert", trace, os.path.join(mnt, "c.jsonl")],
                 os.path.join(mnt, "c.jsonl"), "warpref: trace: cannot write to '{p}': No space left on device"),
                ("run --trace", [w, "run", os.path.join("tests", "bad", "in", "ok.s"), "--trace",
                                 os.path.join(mnt, "r.jsonl")],
                 os.path.join(mnt, "r.jsonl"), "warpref: run: cannot write the trace to '{p}': No space left on device")):
            rc, out = run(cmd)
            check(f"{what} on a full disk: exit {rc}: {out!r}", rc == 2 and out.strip() == msg.format(p=path))
            if path == keep:
                check(f"{what}: the file keeps its text", open(keep).read() == "// kept\n")
            else:
                check(f"{what}: no file left ({path})", not os.path.exists(path))
        check(f"full disk: no temporary left: {leftovers(mnt)}", not leftovers(mnt))
        os.unlink(os.path.join(mnt, "filler"))

        # scripts/regress: the disk fills during the jobs
        out_dir = os.path.join(mnt, "o")
        rc, out = run(regress + ["--tb", faketb, "--seeds", "1-60", "--size", "400", "--out", out_dir])
        lines = [ln for ln in out.splitlines() if ln.startswith("regress: stopped")]
        m = re.search(r"(\d+) of 60 jobs have their result in (\S+) \(kept\); make room and run the same "
                      r"command with --resume to finish$", lines[0] if lines else "")
        check(f"regress on a full disk: exit {rc}: {out[-1500:]}",
              rc == 1 and "Traceback" not in out and len(lines) == 1 and "No space left on device" in lines[0] and m)
        kept = int(m.group(1)) if m else -1
        have = sum(1 for r, _, fs in os.walk(out_dir) for f in fs if f == "result.json")
        check(f"regress: says {kept} kept, {have} results there", kept == have and 0 < kept < 60)
        subprocess.run(["mount", "-o", "remount,size=64m", mnt], check=True)
        rc, out = run(regress + ["--tb", faketb, "--seeds", "1-60", "--size", "400", "--out", out_dir, "--resume"])
        check(f"regress --resume after making room: exit {rc}: {out[-800:]}",
              rc == 0 and "\n60 passed, 0 failed\n" in out
              and f"--resume: {kept} of 60 jobs finished before, {60 - kept} to run" in out)
    finally:
        subprocess.run(["umount", mnt])


def resume_time(tmp, regress, faketb):
    """the summary of a resumed regression counts the earlier run's time"""
    out = os.path.join(tmp, "resume")
    env = dict(os.environ, FAKE_TB="1:slow,2:slow", FAKE_TB_SLEEP="1")
    rc, so = run(regress + ["--tb", faketb, "--seeds", "1-3", "--out", out], env=env)
    first = re.search(r"regress: 3 jobs in ([\d.]+) s,", so)
    check(f"first run: {rc} {so[-400:]}", rc == 0 and first and float(first.group(1)) >= 2)
    os.unlink(os.path.join(out, "seed-3", "result.json"))
    rc, so = run(regress + ["--tb", faketb, "--seeds", "1-3", "--out", out, "--resume"])
    m = re.search(r"regress: 3 jobs in ([\d.]+) s \(([\d.]+) s of them in this run, after --resume\),", so)
    check(f"resumed: the time of both runs: {so[-400:]}",
          rc == 0 and m and float(m.group(1)) >= float(first.group(1)) if first else False)
    check(f"resumed: this run's part alone: {so[-400:]}", m and float(m.group(2)) < 2)


def misc(a, w, tmp, regress, faketb, prog, bad):
    # replay --dump into a missing directory: the line names no file it did not write
    rc, out = run([w, "replay", bad, "--program", prog, "--dump", "/nonexistent/dir/d"])
    last = out.splitlines()[-1] if out else ""
    check(f"replay --dump /nonexistent/dir/d: {rc} {out!r}",
          rc == 1 and last.endswith("); no dump: cannot open '/nonexistent/dir/d.txt': No such file or "
                                    "directory") and "d.txt" not in last.split("no dump:")[0])
    # --resume with OUT/junit.xml a directory: refused before any job
    out_dir = os.path.join(tmp, "rjunit")
    rc, out = run(regress + ["--tb", faketb, "--seeds", "1-2", "--out", out_dir])
    check(f"regress: {rc} {out[-300:]}", rc == 0)
    os.unlink(os.path.join(out_dir, "junit.xml"))
    os.mkdir(os.path.join(out_dir, "junit.xml"))
    rc, out = run(regress + ["--tb", faketb, "--seeds", "1-3", "--out", out_dir, "--resume"])
    check(f"regress --resume, junit.xml a directory: {rc} {out!r}",
          rc == 2 and out == f"regress: cannot write the JUnit XML '{out_dir}/junit.xml': Is a directory\n"
          and not os.path.exists(os.path.join(out_dir, "seed-3")))
    # waves that cannot be written: refused at start-up by both testbenches
    for tb, name in ((a.tb, "tb_lockstep"), (a.sctb, "tb_sc_lockstep")):
        if not tb:
            continue
        ok_s = os.path.join("tests", "bad", "in", "ok.s")
        for waves, why in (("/proc/w.fst", "No such file or directory"), (tmp, "Is a directory")):
            rc, out = run([tb, f"+program={ok_s}", f"+waves={waves}"])
            check(f"{name} +waves={waves}: {rc} {out!r}",
                  rc == 2 and out == f"{name}: +waves={waves}: cannot write '{waves}': {why}\n")


if __name__ == "__main__":
    sys.exit(main())
