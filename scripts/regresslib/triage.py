"""triage.py - what a reader needs of a regression's outcome, worked out
once for the console, the JUnit XML and the HTML report: the verdict of
each injected bug (detected or not, by which seeds, the first one, the
median instructions retired until the detection), and of each job that did
not pass its first divergence in one line, its files (dump, waves, log)
and the command that reproduces it."""
import os
import statistics

from .files import read_json

TB_VERDICTS = ("mismatch", "hang")       # how a job with an injected bug detects it


def detected(job):
    """a job with an injected bug that the lockstep caught"""
    return job.result.get("status") in TB_VERDICTS


class BugVerdict:
    """one injected bug over its jobs: `detected`, the detecting jobs
    (`hits`, by seed), k of n, the first one, the median instructions"""

    def __init__(self, bug, jobs):
        mine = [j for j in jobs if j.bug == bug]
        self.bug = bug
        self.hits = sorted((j for j in mine if detected(j)), key=lambda j: j.seed)
        self.n, self.k = len(mine), len(self.hits)
        self.detected = self.k > 0
        self.first = self.hits[0] if self.hits else None
        self.median = statistics.median(j.result.get("retired", 0) for j in self.hits) if self.hits else None
        self.seconds = round(sum(j.result.get("seconds", 0) for j in mine), 3)

    @property
    def words(self):
        """'bug detected' / 'bug NOT detected'"""
        return "bug detected" if self.detected else "bug NOT detected"

    @property
    def seeds(self):
        """'k of n'"""
        return f"{self.k} of {self.n}"

    @property
    def median_text(self):
        if self.median is None:
            return "-"
        return f"{self.median:g}"

    def line(self):
        """the console's verdict line of the bug"""
        if not self.detected:
            return f"{self.bug}: {self.words} (0 of {self.n} seeds)"
        r = self.first.result
        where = ", ".join(x for x in (r.get("field"), r.get("rule")) if x)
        return (f"{self.bug}: {self.words} by {self.seeds} seeds, first seed {self.first.seed}, median "
                f"{self.median_text} instructions to detection" + (f" ({where})" if where else ""))


def bug_verdicts(jobs, bugs):
    return [BugVerdict(b, jobs) for b in bugs]


def closing(verdicts, errors):
    """the closing line of a bug-mode run: '26 detected, 0 missed', and the
    jobs that ended neither way"""
    det = sum(1 for v in verdicts if v.detected)
    line = f"{det} detected, {len(verdicts) - det} missed"
    if errors:
        line += f", {errors} job{'s' if errors != 1 else ''} in error"
    return line


def _log_command(log_path):
    """the last command a job's log names ('$ ...'), or None"""
    last = None
    try:
        with open(log_path, errors="replace") as f:
            for line in f:
                if line.startswith("$ "):
                    last = line[2:].rstrip("\n")
    except OSError:
        pass
    return last


class Failure:
    """a job that did not pass, as a reader triages it: `first` (the first
    divergence in one line), `diff` (the first differing field's row),
    the paths of its files that exist (`dump`, `dump_json`, `waves`,
    `log`, `program`), `reproduce` (the dump's command, else the last
    command of the job's log)"""

    def __init__(self, job, out):
        r = job.result
        d = os.path.join(out, job.name)
        dump = read_json(os.path.join(d, "dump.json"))
        self.dump_obj = dump if isinstance(dump, dict) else None
        self.job, self.status = job, r.get("status", "?")

        def path(name):
            p = os.path.join(d, name)
            return p if os.path.exists(p) else None
        self.dump, self.dump_json, self.log, self.program = (path("dump.txt"), path("dump.json"), path("log.txt"),
                                                             path("prog.s"))
        w = r.get("waves")
        self.waves = w if w and os.path.exists(w) else None
        failure = (self.dump_obj or {}).get("failure") or r.get("why") or r.get("field") or ""
        at = f" at cycle {r.get('cycle')}" if r.get("cycle") is not None and self.status in TB_VERDICTS else ""
        self.first = f"{self.status}{at}: {failure}" if failure else self.status
        self.field, self.rule, self.what = first_diff(self.dump_obj, r)
        cmd = (self.dump_obj or {}).get("reproduce") or _log_command(path("log.txt") or "")
        self.reproduce = cmd or ""

    def body(self):
        """the lines of the JUnit failure's body"""
        lines = [("first divergence: " if self.status in TB_VERDICTS else "failure: ") + self.first]
        if self.field:
            lines.append(f"first differing field: {self.field}"
                         + (f" ({self.rule})" if self.rule else "") + (f": {self.what}" if self.what else ""))
        for label, p in (("dump", self.dump), ("dump json", self.dump_json), ("waves", self.waves),
                         ("log", self.log), ("program", self.program)):
            lines.append(f"{label + ':':<18}{p or '-'}")
        lines.append(f"{'reproduce:':<18}{self.reproduce or '-'}")
        return "\n".join(lines)


def first_diff(dump, result):
    """the first differing field: (field, rule, what) from the dump's
    `diffs[0]`, else the dump's or the result's field"""
    if dump and dump.get("diffs"):
        d = dump["diffs"][0]
        what = {"value": f"model {d.get('model')}, RTL {d.get('rtl')}", "missing": "missing in the RTL",
                "extra": "extra in the RTL", "lanes": f"written lanes differ {d.get('lanes')}"}.get(d.get("what"), "")
        if d.get("what") == "value" and d.get("lanes") not in (None, "0x00000000"):
            what += f" (lanes {d.get('lanes')})"
        return d.get("field", ""), d.get("rule", ""), what
    if dump and dump.get("field"):
        return dump.get("field", ""), dump.get("rule", ""), dump.get("failure", "")
    return result.get("field", ""), result.get("rule", ""), result.get("why", "")

