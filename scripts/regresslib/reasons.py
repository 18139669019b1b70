"""reasons.py - the reviewed reasons of scripts/qualify (docs/qualify.md
"Why each survivor survives"): survivors a person has argued, keyed by the
mutant's file, the text of its line and its operator (and, where a line has
several mutants of that operator, the column in that line, and where one
place has two, the text it becomes), so that lines
moving up or down do not break a key and an edit of the line does.

The file: '#' comments and blank lines; a record is a head line at column 0,

    FILE OP [col N] [to TEXT]
      line: THE LINE'S TEXT (leading and trailing blanks dropped)
      why: THE REASON, first words its kind (equivalent: ..., bug only: ...,
        stimulus hole: ...), more lines indented deeper

FILE is the path the mutants carry (rtl_stub/warpref_core.sv) or its base
name.  A record that matches no mutant (no such file among those mutated, no
line of that text, no mutant of that operator, column and text on it) is stale:
an error naming the record's line.
"""
import os
import re


class ReasonError(Exception):
    pass


_HEAD = re.compile(r"^(\S+)\s+([a-z]+)(?:\s+col\s+(\d+))?(?:\s+to\s+(\S+))?\s*$")


def parse(path):
    """the records of the file: dicts file, op, col (or None), line, why, at (line number)"""
    try:
        with open(path) as f:
            rows = f.read().split("\n")
    except OSError as e:
        raise ReasonError(f"{path}: cannot read: {e.strerror}")
    recs, cur = [], None
    for n, row in enumerate(rows, 1):
        if not row.strip() or row.lstrip().startswith("#"):
            continue
        if not row[0].isspace():
            m = _HEAD.match(row)
            if not m:
                raise ReasonError(f"{path}:{n}: expected 'FILE OP [col N] [to TEXT]', got '{row.strip()[:80]}'")
            cur = {"file": m.group(1), "op": m.group(2), "col": int(m.group(3)) if m.group(3) else None,
                   "to": m.group(4), "line": None, "why": None, "at": n}
            recs.append(cur)
            continue
        if cur is None:
            raise ReasonError(f"{path}:{n}: an indented line before any 'FILE OP' head")
        s = row.strip()
        if s.startswith("line:") and cur["line"] is None:
            cur["line"] = s[5:].strip()
        elif s.startswith("why:") and cur["why"] is None:
            cur["why"] = s[4:].strip()
        elif cur["why"] is not None and len(row) - len(row.lstrip()) > 2:
            cur["why"] += " " + s
        else:
            raise ReasonError(f"{path}:{n}: expected 'line:' or 'why:' (or a 'why:' continued, indented deeper), "
                              f"got '{s[:80]}'")
    for r in recs:
        for k in ("line", "why"):
            if not r[k]:
                raise ReasonError(f"{path}:{r['at']}: the record has no '{k}:'")
    return recs


def match(path, recs, mutants, texts, ops):
    """{mutant id: (why, record line)} for every record; a stale record is a
    ReasonError.  mutants: every mutant generated (not only those run);
    texts: file -> source text"""
    out = {}
    lines = {f: t.split("\n") for f, t in texts.items()}
    for r in recs:
        if r["op"] not in ops:
            raise ReasonError(f"{path}:{r['at']}: unknown operator '{r['op']}'")
        files = [f for f in texts if f == r["file"] or os.path.basename(f) == r["file"]]
        if not files:
            raise ReasonError(f"{path}:{r['at']}: stale reason: '{r['file']}' is not among the files mutated")
        hit_line, hit = False, []
        for f in files:
            nums = {k for k, s in enumerate(lines[f], 1) if s.strip() == r["line"]}
            hit_line = hit_line or bool(nums)
            hit += [m for m in mutants if m.file == f and m.line in nums and m.op == r["op"]
                    and (r["col"] is None or m.col == r["col"]) and (r["to"] is None or m.new == r["to"])]
        if not hit_line:
            raise ReasonError(f"{path}:{r['at']}: stale reason: no line '{r['line'][:60]}' in {r['file']}")
        if not hit:
            raise ReasonError(f"{path}:{r['at']}: stale reason: no {r['op']} mutant"
                              + (f" at col {r['col']}" if r["col"] else "")
                              + (f" to '{r['to']}'" if r["to"] else "") + f" on the line '{r['line'][:60]}'")
        for m in hit:
            out[m.id] = (r["why"], r["at"])
    return out
