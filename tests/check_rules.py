#!/usr/bin/env python3
"""check_rules.py SRCDIR - keeps docs/rules.md complete (meson test rules-doc).

docs/rules.md defines every rule ID the project prints, one `### ID` heading
each (anchor: the ID in lower case), with the reading, the seed it reads and
the code and tests that implement it.  This check fails when

  - an ID used by the project has no entry.  IDs are collected from the
    string literals of the C/C++ sources (model/, dpi/, tb/, including the
    rule column of isa.def's WR_OPTYPE rows that wr_optype_rule returns and
    paths.def's rules), from the scripts (scripts/, whole files), the
    SystemVerilog (rtl_stub/, dpi/, tb/), the programs (tests/programs/,
    tb/programs/) and the docs (docs/, README.md).  An ID is N-, S-, P-,
    V- or G- with two digits, H- with one, or a section of the reading
    quoted as a whole literal ("S5");
  - an entry lacks its Seed, Code or Tests line, or names a function,
    identifier, file, unit test or program that does not exist;
  - a link to docs/rules.md#ANCHOR anywhere in docs/, README.md or the
    sources does not resolve, or a rule row of docs/semantics.md does not
    link its ID to its own entry."""
import glob
import os
import re
import sys

SRC = sys.argv[1]
RULES_MD = os.path.join(SRC, "docs", "rules.md")

ID_RE = re.compile(r"(?<![\w-])(?:[NSPVG]-\d\d|H-\d)(?![\w-])")
SECTION_RE = re.compile(r"^S\d$")
# C tokens: a string literal, a character literal, a comment, or anything else
TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/|//[^\n]*', re.S)


def rel(path):
    return os.path.relpath(path, SRC)


def files(patterns):
    out = []
    for p in patterns:
        out += [f for f in glob.glob(os.path.join(SRC, p), recursive=True) if os.path.isfile(f)]
    return sorted(set(out))


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


C_FILES = files(["model/**/*.c", "model/**/*.h", "model/**/*.def", "dpi/**/*.c", "dpi/**/*.h",
                 "tb/**/*.c", "tb/**/*.h", "tb/**/*.cpp", "tb/**/*.hpp"])
SCRIPT_FILES = [f for f in files(["scripts/*", "scripts/**/*.py", "scripts/**/*.j2"])
                if not f.endswith((".md", ".txt"))]
SV_FILES = files(["rtl_stub/**/*.sv", "rtl_stub/**/*.svh", "dpi/**/*.sv", "dpi/**/*.svh", "tb/**/*.sv",
                  "tb/**/*.svh"])
PROGRAM_FILES = files(["tests/programs/**/*.s", "tb/programs/**/*.s"])
DOC_FILES = files(["docs/*.md", "README.md"])

errors = []
passed = 0


def fail(msg):
    errors.append(msg)


# ---- the IDs the project uses ---------------------------------------------------------

used = {}          # id -> first place it was seen


def use(rid, where):
    used.setdefault(rid, where)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


c_code = {}        # path -> text with comments blanked (strings kept)
for path in C_FILES:
    text = read(path)
    code = []
    last = 0
    for m in TOKEN_RE.finditer(text):
        code.append(text[last:m.start()])
        tok = m.group(0)
        if tok.startswith('"'):
            body = tok[1:-1]
            for idm in ID_RE.finditer(body):
                use(idm.group(0), f"{rel(path)}:{line_of(text, m.start())} (a string literal)")
            if SECTION_RE.match(body):
                use(body, f"{rel(path)}:{line_of(text, m.start())} (a string literal)")
            code.append(tok)
        elif tok.startswith("'"):
            code.append(tok)
        else:
            code.append(re.sub(r"[^\n]", " ", tok))
        last = m.end()
    code.append(text[last:])
    c_code[path] = "".join(code)

# isa.def's rule column (wr_optype_rule) and paths.def's rules, named as such
isa_def = os.path.join(SRC, "model", "include", "warpref", "isa.def")
optype_rules = re.findall(r"^WR_OPTYPE\((\w+),\s*\w+,\s*\w+,\s*\"([^\"]*)\"\)", read(isa_def), re.M)
if not optype_rules:
    fail("model/include/warpref/isa.def: no WR_OPTYPE row with a rule found (has the table moved?)")
for name, rule in optype_rules:
    for rid in ID_RE.findall(rule):
        use(rid, f"isa.def WR_OPTYPE({name}) (wr_optype_rule)")
    if not ID_RE.fullmatch(rule):
        fail(f"isa.def WR_OPTYPE({name}): rule '{rule}' is not one rule ID")

for group in (SCRIPT_FILES, SV_FILES, PROGRAM_FILES, DOC_FILES):
    for path in group:
        if os.path.abspath(path) == os.path.abspath(RULES_MD):
            continue
        text = read(path)
        for m in ID_RE.finditer(text):
            use(m.group(0), f"{rel(path)}:{line_of(text, m.start())}")

# ---- the entries ----------------------------------------------------------------------

doc = read(RULES_MD)
entries = {}
heads = list(re.finditer(r"^(#{1,6}) (.+?)\s*$", doc, re.M))
anchors = set()
for k, h in enumerate(heads):
    title = h.group(2)
    anchor = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
    anchors.add(anchor)
    if h.group(1) == "###":
        end = heads[k + 1].start() if k + 1 < len(heads) else len(doc)
        if title in entries:
            fail(f"docs/rules.md: two entries for {title}")
        entries[title] = doc[h.end():end]

for rid in sorted(used):
    if rid not in entries:
        fail(f"{rid}: used at {used[rid]}, but docs/rules.md has no entry '### {rid}'")
    else:
        passed += 1
for rid in entries:
    if not (ID_RE.fullmatch(rid) or SECTION_RE.match(rid)):
        fail(f"docs/rules.md: entry '### {rid}' is not a rule ID")

# what exists: functions and identifiers of the C sources, unit tests, programs
all_code = "\n".join(c_code.values())
defined = set(re.findall(r"^(?![ \t#/*])(?:__attribute__\(\(\w+\)\)\s*)?[^;=(\n]*?\b([A-Za-z_]\w*)\s*\(",
                         all_code, re.M))
defined |= set(re.findall(r"^\s*#\s*define\s+([A-Za-z_]\w*)", all_code, re.M))
words = set(re.findall(r"[A-Za-z_]\w*", all_code))
tests_by_file = {}
for path in files(["tests/*.c", "tests/*.cpp"]):
    tests_by_file[rel(path)] = set(re.findall(r"START_TEST\((\w+)\)", read(path)))
all_tests = set().union(*tests_by_file.values()) if tests_by_file else set()
programs = {os.path.basename(p) for p in files(["tests/programs/**/*.s"])}


def glob_re(name):
    return re.compile("^" + re.escape(name).replace(r"\*", r"\w*") + "$")


def exists_in(name, pool):
    if "*" not in name:
        return name in pool
    g = glob_re(name)
    return any(g.match(x) for x in pool)


for rid, body in entries.items():
    lines = {}
    for m in re.finditer(r"^- (Seed|Code|Tests): (.*(?:\n(?!- |\n|#).*)*)", body, re.M):
        lines[m.group(1)] = m.group(2).replace("\n", " ")
    for key in ("Seed", "Code", "Tests"):
        if key not in lines:
            fail(f"{rid}: the entry has no '- {key}:' line")
    if not re.search(r"\*\*[^*]+\.\*\* \S", body):
        fail(f"{rid}: the entry has no reading ('**Title.** text')")
    code, tests = lines.get("Code", ""), lines.get("Tests", "")
    ok = True
    for tok in re.findall(r"`([^`]+)`", code) + re.findall(r"`([A-Za-z_][\w*]*\(\))`", tests):
        m = re.fullmatch(r"([A-Za-z_][\w*]*)\(\)", tok)
        if m:
            if not exists_in(m.group(1), defined):
                fail(f"{rid}: Code names function {tok}, which no C source defines")
                ok = False
        elif re.fullmatch(r"[A-Za-z_][\w*]*", tok):
            if not exists_in(tok, words):
                fail(f"{rid}: Code names {tok}, which no C source has")
                ok = False
    for path in re.findall(r"\b((?:model|dpi|tb|tests|scripts|rtl_stub|docs)/[\w./-]*\w)", code + " " + tests):
        if not os.path.exists(os.path.join(SRC, path)):
            fail(f"{rid}: names {path}, which does not exist")
            ok = False
    for prefix, fl in re.findall(r"`(\w+)_\*` in ((?:tests/\w+\.c(?:pp)?(?:,? and |, )?)+)", tests):
        for f in re.findall(r"tests/\w+\.c(?:pp)?", fl):
            if not any(t.startswith(prefix + "_") for t in tests_by_file.get(f, ())):
                fail(f"{rid}: Tests names {prefix}_* in {f}, which has no such test")
                ok = False
    for tok in re.findall(r"`([A-Za-z_]\w*)`", tests):
        if tok not in all_tests:
            fail(f"{rid}: Tests names {tok}, which is no unit test (START_TEST) of tests/")
            ok = False
    for prog in re.findall(r"\b([\w]+\.s)\b", tests):
        if prog not in programs:
            fail(f"{rid}: Tests names program {prog}, which is not in tests/programs")
            ok = False
    if not re.search(r"`\w+(?:_\*)?`|\b\w+\.s\b", tests):
        fail(f"{rid}: Tests names no test")
        ok = False
    passed += ok

# ---- links to the entries ---------------------------------------------------------------

LINK_RE = re.compile(r"rules\.md#([\w-]+)")
for path in DOC_FILES + C_FILES + SCRIPT_FILES:
    text = read(path)
    for m in LINK_RE.finditer(text):
        if m.group(1) not in anchors and "{" not in text[m.start():m.end() + 1]:
            fail(f"{rel(path)}:{line_of(text, m.start())}: link rules.md#{m.group(1)} has no anchor in docs/rules.md")
        else:
            passed += 1

sem = read(os.path.join(SRC, "docs", "semantics.md"))
for m in re.finditer(r"^\| ([^|]*?) \|", sem, re.M):
    cell = m.group(1)
    ids = ID_RE.findall(cell)
    if not ids or not cell.startswith(("[", ids[0])):
        continue
    want = f"[{ids[0]}](rules.md#{ids[0].lower()})"
    if cell != want:
        fail(f"docs/semantics.md:{line_of(sem, m.start())}: the rule cell '{cell}' should be {want}")
    else:
        passed += 1

for e in errors:
    print("FAIL", e)
print(f"{len(entries)} entries, {len(used)} IDs used; {passed} passed, {len(errors)} failed")
sys.exit(1 if errors else 0)
