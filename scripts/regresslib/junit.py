"""junit.py - the regression's JUnit XML (scripts/regress --junit FILE,
default OUT/junit.xml), in the shape Jenkins' JUnit plugin, GitLab and
Maven Surefire read (tests/junit/junit.xsd is that shape as a schema, and
the tests validate every file against it):

    <testsuites name tests failures errors skipped time>
      <testsuite name tests failures errors skipped time timestamp hostname>
        <properties> the run's parameters </properties>
        <testcase classname name time>
          <failure message type> body </failure>     a job that failed (mismatch, hang)
          <error message type> body </error>         a job that ended neither way
          <system-out> ... </system-out>             a detected bug: its detecting seeds
        </testcase>

Clean: a testcase per job (classname warpref.lockstep).  With injected
bugs: a testcase per bug (classname warpref.bugs, its time the sum of its
jobs'), a failure 'bug NOT detected: 0 of N seeds' when no seed caught it,
and its detecting seeds in system-out when some did; plus a testcase per job
that ended neither way.  A failure's body holds the first divergence, the
first differing field, the paths of the dump, the waves, the log and the
program, and the command that reproduces it (triage.Failure)."""
import datetime
import platform
import xml.sax.saxutils as xs

from .files import write_atomic
from .triage import TB_VERDICTS, Failure, bug_verdicts

# XML 1.0 forbids these characters even escaped: a log line could carry one
_BAD = {c: "?" for c in range(0x20) if c not in (0x9, 0xA, 0xD)}


def _text(s):
    return xs.escape(str(s).translate(_BAD))


def _attr(s):
    return xs.quoteattr(str(s).translate(_BAD))


def _secs(v):
    return f"{float(v or 0):.3f}"


def _job_case(job, out):
    r = job.result
    head = f'    <testcase classname="warpref.lockstep" name={_attr(job.name)} time="{_secs(r.get("seconds"))}"'
    st = r.get("status")
    if st == "pass":
        return head + "/>", None
    f = Failure(job, out)
    kind = "failure" if st in TB_VERDICTS else "error"
    return (head + f">\n      <{kind} message={_attr(f.first)} type={_attr(st)}>{_text(f.body())}</{kind}>\n"
            "    </testcase>"), kind


def _bug_case(v, out):
    head = f'    <testcase classname="warpref.bugs" name={_attr(v.bug)} time="{_secs(v.seconds)}"'
    if not v.detected:
        body = (f"{v.bug}: bug NOT detected: no seed of the {v.n} caught it "
                f"(a mismatch or a hang of the lockstep checker); the seeds' results are in OUT/{v.bug}/")
        return (head + f">\n      <failure message={_attr(f'bug NOT detected: 0 of {v.n} seeds')} "
                f'type="not-detected">{_text(body)}</failure>\n    </testcase>'), "failure"
    lines = [v.line(), "detecting seeds: " + ", ".join(str(j.seed) for j in v.hits), ""]
    for j in v.hits:
        f = Failure(j, out)
        lines.append(f"seed {j.seed}: {f.first} (retired {j.result.get('retired', 0)})")
        lines.append(f"  dump {f.dump or '-'}  waves {f.waves or '-'}")
        lines.append(f"  reproduce {f.reproduce or '-'}")
    return head + f">\n      <system-out>{_text(chr(10).join(lines))}</system-out>\n    </testcase>", None


def write(path, jobs, bugs, out, sim, seconds, params):
    """the JUnit XML of the run; `params` (name, value) pairs become the
    suite's properties"""
    cases, counts = [], {"failure": 0, "error": 0}
    for v in bug_verdicts(jobs, bugs):
        text, kind = _bug_case(v, out)
        cases.append(text)
        if kind:
            counts[kind] += 1
    for j in jobs:
        if j.bug and j.result.get("status") in ("pass",) + TB_VERDICTS:
            continue            # with a bug, a job that ran to a verdict is its bug's
        text, kind = _job_case(j, out)
        cases.append(text)
        if kind:
            counts[kind] += 1
    name = "warpref-lockstep" + ("-systemc" if sim == "systemc" else "")
    write_suite(path, name, cases, counts, seconds, params)


def write_suite(path, name, cases, counts, seconds, params):
    """one suite of test cases (their XML text) with its counts ('failure',
    'error', 'skipped') and properties: the file (scripts/qualify's too)"""
    tot = f'tests="{len(cases)}" failures="{counts["failure"]}" errors="{counts["error"]}" ' \
          f'skipped="{counts.get("skipped", 0)}" time="{_secs(seconds)}"'
    stamp = datetime.datetime.now().replace(microsecond=0).isoformat()
    props = "".join(f"\n      <property name={_attr(k)} value={_attr(v)}/>" for k, v in params)
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           f'<testsuites name="{name}" {tot}>\n'
           f'  <testsuite name="{name}" {tot} timestamp="{stamp}" hostname={_attr(platform.node() or "localhost")}>\n'
           f'    <properties>{props}\n    </properties>\n'
           + "\n".join(cases) + "\n  </testsuite>\n</testsuites>\n")
    write_atomic(path, xml)


def combine(path, parts):
    """scripts/regress --profile all: one JUnit XML of the profiles' files,
    `parts` (profile, path of its junit.xml): a testsuite per profile, named
    SUITE.PROFILE (warpref-lockstep.sass), the counts added up; a profile
    whose file is missing or unreadable is a suite with one error"""
    import xml.etree.ElementTree as ET
    suites, tot = [], {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    seconds, name = 0.0, "warpref-lockstep"
    for prof, part in parts:
        try:
            root = ET.parse(part).getroot()
            suite = root.find("testsuite")
            if suite is None:
                raise ET.ParseError("no testsuite")
            name = root.get("name", name)
        except (OSError, ET.ParseError) as e:
            suite = ET.Element("testsuite", {"name": name, "tests": "1", "failures": "0", "errors": "1",
                                             "skipped": "0", "time": "0"})
            case = ET.SubElement(suite, "testcase", {"classname": "warpref.lockstep", "name": f"profile-{prof}",
                                                      "time": "0"})
            ET.SubElement(case, "error", {"message": f"no JUnit XML of profile {prof}: {e}",
                                          "type": "missing"})
        suite.set("name", f"{suite.get('name', name)}.{prof}")
        for k in tot:
            tot[k] += int(suite.get(k, "0"))
        seconds += float(suite.get("time", "0"))
        suites.append(ET.tostring(suite, encoding="unicode").rstrip())
    counts = " ".join(f'{k}="{v}"' for k, v in tot.items())
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n'
           f'<testsuites name="{name}" {counts} time="{_secs(seconds)}">\n  '
           + "\n  ".join(suites) + "\n</testsuites>\n")
    write_atomic(path, xml.translate(_BAD))
