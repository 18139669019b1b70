#!/usr/bin/env python3
"""check_trace_keys.py SRCDIR - every trace key is spelled once in C: in the
schema (model/src/trace/schema.h, its tables WR_TRACE_ROWS, _IN_ROWS,
_OUT_ROWS, _PD_KEYS, _WARP_ROWS, _FAULT_KEYS), and in at most one other
place of model/src (issue 18: "no trace key is spelled in more than one C
place outside the schema").  Fails naming each key spelled twice, with
its places.

A spelling is a C string literal (comments aside) that holds a trace key
as one of:
  "key"            the whole literal
  "\\"key\\":"       a JSON key in a format ("...\\"key\\":...")
  "'key'"          a key quoted in a message
  "key: ..."       a trace reader's message about the key's value (in
                   model/src/trace/, at the literal's start, or after
                   another key: "warps: r: ..."; elsewhere "FIELD: " begins
                   a divergence, FIELD a compare field of docs/lockstep.md)
  "tab.key"        a key of a nested table by its path (in.ra, out.pd_dc)
A key of a nested table counts only in a form that names it as a key (the
JSON, quoted, prefix and path forms): "c" or "r" alone are other words.
Other formats whose own keys share a name with the trace's are not trace
keys and are left out by file, each with its reason (OTHER_FORMATS).
Prints each place with -v."""
import os
import re
import sys

SRC = sys.argv[1]
VERBOSE = "-v" in sys.argv[2:]
TRACE = os.path.join("model", "src", "trace")
SCHEMA = {os.path.join(TRACE, "schema.h"), os.path.join(TRACE, "schema.c")}
# files of model/src that write formats of their own, not traces
OTHER_FORMATS = {
    os.path.join("model", "src", "check", "dump.c"): "the mismatch dump's text and JSON (docs/lockstep.md)",
    os.path.join("model", "src", "sem", "paths.c"): "the coverage paths' field names (docs/paths.md)",
    os.path.join("model", "src", "gen", "gen.c"): "the generator's shapes (docs/gen.md)",
    os.path.join("model", "src", "check", "checker.c"): "the compare fields (docs/lockstep.md) and --mask's",
}


def read(rel):
    with open(os.path.join(SRC, rel)) as f:
        return f.read()


def schema_keys():
    """the keys of each schema table: {table: [keys]}, the record's first"""
    text = read(os.path.join(TRACE, "schema.h"))
    tables = {}
    for m in re.finditer(r'#define (WR_TRACE_\w*(?:ROWS|KEYS))\((?:ROW, )?X\)\s*\\\n((?:.*\\\n)*.*)', text):
        rows = re.findall(r'\b(?:ROW\(X,|X\()\s*\w+,\s*"([a-z_]+)"', m.group(2))
        if rows:
            tables[m.group(1)] = rows
    return tables


tables = schema_keys()
record = set(tables.get("WR_TRACE_ROWS", []))
nested = {}          # key of a nested table -> its table's key (its path's head)
HEADS = {"WR_TRACE_IN_ROWS": "in", "WR_TRACE_OUT_ROWS": "out", "WR_TRACE_PD_KEYS": "out.pd",
         "WR_TRACE_WARP_ROWS": "warps", "WR_TRACE_FAULT_KEYS": "fault"}
for t, head in HEADS.items():
    for k in tables.get(t, []):
        nested.setdefault(k, set()).add(head)
keys = record | set(nested)
if len(record) < 15 or len(nested) < 20:
    print(f"FAIL the schema's tables were not found in {TRACE}/schema.h ({len(record)} record keys, "
          f"{len(nested)} nested)")
    sys.exit(1)

CHAR = re.compile(r"'(?:[^'\\\n]|\\.)'")
WORD = r'[a-z_]+'


def literals(text):
    """(line, literal text) of each string literal, comments and char
    constants aside"""
    out = []
    # one scan, so that a "/*" inside a literal is not a comment, nor a '"'
    # a literal's start
    for m in re.finditer(r'"(?:[^"\\\n]|\\.)*"|/\*.*?\*/|//[^\n]*|' + CHAR.pattern, text, re.S):
        if m.group(0).startswith('"'):
            out.append((text.count("\n", 0, m.start()) + 1, m.group(0)[1:-1]))
    return out


def spellings(lit, reader):
    """the keys a literal spells, by the forms above (`reader`: a literal of
    model/src/trace/)"""
    found = []
    if lit in record:
        found.append(lit)
    for k in re.findall(r'\\"(' + WORD + r')\\":', lit):
        found.append(k)
    for k in re.findall(r"'(" + WORD + r")'", lit):
        found.append(k)
    m = re.match(r'((?:' + WORD + r': )+)', lit)
    if m and reader:
        found.extend(m.group(1).split(": ")[:-1])
    for head, k in re.findall(r'(?<![\w.%])(in|out|out\.pd|warps|fault)\.(' + WORD + r')\b', lit):
        found.append(k)
    return [k for k in found if k in keys]


places = {}
for root, dirs, files in os.walk(os.path.join(SRC, "model", "src")):
    dirs.sort()
    for name in sorted(files):
        if not name.endswith((".c", ".h")):
            continue
        rel = os.path.relpath(os.path.join(root, name), SRC)
        if rel in SCHEMA or rel in OTHER_FORMATS:
            continue
        for line, lit in literals(read(rel)):
            for k in spellings(lit, rel.startswith(TRACE + os.sep)):
                places.setdefault(k, []).append(f"{rel}:{line}: \"{lit}\"")

failed = 0
for k in sorted(places):
    if VERBOSE or len(places[k]) > 1:
        print(f"{'FAIL' if len(places[k]) > 1 else 'ok  '} '{k}' spelled in {len(places[k])} places outside "
              f"the schema:")
        for p in places[k]:
            print(f"    {p}")
    failed += len(places[k]) > 1
print(f"{len(keys)} trace keys, {len(places)} spelled outside the schema, {failed} of them more than once")
sys.exit(1 if failed else 0)
