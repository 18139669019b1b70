#!/usr/bin/env python3
"""check_errors.py SRCDIR - docs/errors.md lists every message the command line
can print.  The messages are taken from the sources (the assembler's err_at /
err_lc, the readers' and the number parser's messages, the decoder's reasons,
the runner's, everything cli/main.c writes to stderr and each option's "needs"
text, the output helper's; the testbenches (tb/common, tb/lockstep), the
SystemC side (tb/sc), the DPI glue; and the scripts' die/say/"regress: "
lines, Python f-string fields matching anything); each printf
conversion matches any text, and every message must match a line of the doc
written between backticks.  Prints 'N passed, N failed'."""
import os
import re
import sys

SRC = sys.argv[1]
LIT = r'"(?:[^"\\]|\\.)*"'
CONV = re.compile(r"%[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|z|j|t)?[diouxXcspfeg%]")
# a run of string literals, possibly with PRIu64-style macros between them
STR_RUN = rf'({LIT}(?:{LIT}|\s+|PRI[diouxX]\d+)*)'


def read(rel):
    with open(os.path.join(SRC, rel)) as f:
        return f.read()


def literal_text(run):
    """the format string of a run of literals and PRI macros"""
    out = []
    for m in re.finditer(rf'{LIT}|PRI[diouxX]\d+', run):
        t = m.group(0)
        out.append("d" if t.startswith("PRI") else bytes(t[1:-1], "utf-8").decode("unicode_escape"))
    return "".join(out)


def schema_names():
    """what each schema name macro of model/src/trace/schema.h gives (a key's
    name: WR_KEY(OUT) "out", WR_KEY_W(R) "r"; how a message names its value:
    WR_WHAT_W(R) "warps: r", WR_WHAT_PD(MASK) "out.pd"), from the schema's
    tables (schema.h) and their message names (schema.c)"""
    rel = os.path.join("model", "src", "trace")
    if not os.path.exists(os.path.join(SRC, rel, "schema.c")):
        return {}
    text = read(os.path.join(rel, "schema.h"))
    tables = {}
    for m in re.finditer(r'#define (WR_TRACE\w*?)_(?:ROWS|KEYS)\((?:ROW, )?X\)\s*\\\n((?:.*\\\n)*.*)', text):
        rows = re.findall(r'\b(?:ROW\(X,|X\()\s*(\w+),\s*"([a-z_]+)"', m.group(2))
        if rows:
            tables[m.group(1)] = rows
    # WR_KEY_ROW_("what" [key], ...) before `wr_trace_TABLE_keys[WR_K_SUFFIX_COUNT]`
    whats = dict((table, (prefix, bool(key))) for prefix, key, table in re.findall(
        r'WR_KEY_ROW_\("([^"]*)"( key)?,[^\n]*\n\s*const wr_trace_key wr_trace_\w+_keys\[WR_K_(\w+?)_COUNT\]',
        read(os.path.join(rel, "schema.c"))))
    macros = {}
    for m in re.finditer(r'#define (WR_(?:KEY|WHAT)\w*)\(k\) \(wr_trace_(\w*?)_?keys\[WR_K_(\w*?)_?##k\]\.(name|what)\)',
                         text):
        macro, table, suffix, field = m.groups()
        rows = tables.get("WR_TRACE" + ("_" + table.upper() if table else ""), [])
        if table == "warp":
            rows = tables.get("WR_TRACE_WARP", [])
        for name, key in rows:
            prefix, with_key = whats.get(suffix, ("", True))
            macros[f"{macro}({name})"] = key if field == "name" else prefix + (key if with_key else "")
    return macros


SCHEMA_NAMES = schema_names()
UNKNOWN_NAMES = []          # schema name macros not found in the schema (the extraction broke)


def call_args(text, pos):
    """the arguments of a call from `pos` (after a format's literals) up to
    its closing parenthesis, split at top-level commas"""
    args, depth, cur = [], 0, ""
    for ch in text[pos:]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        if ch == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
        else:
            cur += ch
    args.append(cur.strip())
    return [a for a in args if a]


def named_keys(fmt, args):
    """fmt with each %s fed a schema name macro (WR_KEY(OUT) ...) replaced
    by the name, so that the message is matched as it prints"""
    out, pos, k = [], 0, 0
    for m in CONV.finditer(fmt):
        conv = m.group(0)
        if conv == "%%":
            continue
        k += conv.count("*")
        arg = args[k] if k < len(args) else ""
        k += 1
        out.append(fmt[pos:m.start()])
        if re.fullmatch(r'WR_(?:KEY|WHAT)\w*\(\w+\)', arg) and arg not in SCHEMA_NAMES:
            UNKNOWN_NAMES.append(arg)
        out.append(SCHEMA_NAMES[arg] if conv == "%s" and arg in SCHEMA_NAMES else conv)
        pos = m.end()
    out.append(fmt[pos:])
    return "".join(out)


def formats(text, call):
    """format strings passed to `call` (a regex for the call up to the format),
    schema names put in (named_keys)"""
    return [named_keys(literal_text(m.group(1)), call_args(text, m.end()))
            for m in re.finditer(call + STR_RUN, text)]


def between(text, start, end):
    a = text.index(start)
    return text[a:text.index(end, a)]


msgs = []        # (origin, format)
for f in formats(read("model/src/isa/asm.c"), r'err_(?:at|lc)\s*\((?:[^;"]*?),\s*'):
    msgs.append(("assembler", f))
for src in ("model/src/base/input.c", "model/src/isa/program.c"):   # text reader, word-list loader
    for f in formats(read(src), r'snprintf\(err,\s*errsize,\s*'):
        msgs.append(("reader", f.split("error: ", 1)[1]))
isa = read("model/src/isa/isa.c")
for f in formats(between(isa, "static int check_value", "int wr_encode("), r'fail\(msg,\s*msgsize,\s*'):
    msgs.append(("decoder", f))
if os.path.exists(os.path.join(SRC, "model/src/base/num.c")):
    for f in formats(read("model/src/base/num.c"), r'snprintf\(msg,\s*msgsize,\s*'):
        msgs.append(("numbers", f))
for f in formats(read("model/src/run/run.c"), r'snprintf\(err,\s*errsize,\s*'):
    msgs.append(("runner", f))
# the trace readers' messages (after "FILE:RECORD[:COL]: error: ") and replay's
tf = "".join(read(os.path.join("model/src/trace", n)) for n in sorted(os.listdir(os.path.join(SRC, "model/src/trace")))
             if n.endswith((".c", ".h")))
for call in (r'jfail(?:_at)?\((?:[^;"]*?),\s*', r'rfail\(r,\s*(?:[^;"]*?),\s*'):
    for f in formats(tf, call):
        msgs.append(("trace reader", f))
for f in formats(tf, r'snprintf\((?:err|msg),\s*(?:errsize|sizeof msg),\s*'):
    msgs.append(("trace reader", f.split("error: ", 1)[-1]))
for f in formats(read("model/src/check/replay.c"), r'snprintf\((?:err|msg),\s*(?:errsize|sizeof msg),\s*'):
    msgs.append(("replay", f.split("error: ", 1)[-1]))
main = read("model/cli/main.c")
for f in formats(main, r'usage_error\((?:[^;"]*?),\s*'):
    msgs.append(("usage", f))
# a missing value: "--NAME needs WHAT", WHAT from each command's option table
for name, needs in re.findall(r'\{\s*"(-[-a-z]+)",\s*OPT_(?:NUM|STR),[^{}"]*?"((?:[^"\\]|\\.)*)"\s*\}', main):
    msgs.append(("usage", f"{name} needs {needs}"))
for f in formats(main, r'fprintf\(stderr,\s*'):
    msgs.append(("cli", f))
# warpref view's own messages (model/cli/view.c; the rest of it is in main.c)
for f in formats(read("model/cli/view.c"), r'snprintf\(err,\s*errsize,\s*'):
    msgs.append(("view", f))
# the lockstep testbenches (tb/common, both: tb_lockstep and tb_sc_lockstep):
# usage_error(s, ...), fprintf(stderr, ...) and the lines of a run's end
# (printf("%s: ...", tool, ...)), and the SystemC example
if os.path.exists(os.path.join(SRC, "tb/common/lockstep_session.cpp")):
    ls = read("tb/common/lockstep_session.cpp")
    # the plusargs a message is made for ("+%s=" in a loop over them): one
    # message per plusarg, so each must be documented
    outputs = re.search(r'for \(const char \*k : \{([^}]*)\}\)', ls)
    names = re.findall(r'"(\w+)"', outputs.group(1)) if outputs else []
    for f in formats(ls, r'usage_error\(s,\s*') + formats(ls, r'fprintf\(stderr,\s*') + \
            formats(ls, r'printf\(\s*(?="%s: )'):
        if "+%s=%s: cannot write" in f:
            msgs.extend(("tb_lockstep", f.replace("+%s=", "+" + k + "=", 1)) for k in names)
        else:
            msgs.append(("tb_lockstep", f))
# the SystemC side: the lockstep testbench's own lines, the TLM-2.0 target's
# errors, the benchmark's; the DPI glue's messages (a testbench prints them)
for rel, call in (("tb/sc/lockstep/tb_sc_lockstep.cpp", r'snprintf\(line,\s*sizeof line,\s*'),
                  ("tb/sc/lockstep/tb_sc_lockstep.cpp", r'fprintf\(stderr,\s*'),
                  ("tb/sc/warpref_tlm_target.cpp", r'snprintf\(err_,\s*sizeof err_,\s*'),
                  ("tb/sc/bench_tlm.cpp", r'fprintf\(stderr,\s*'),
                  ("tb/lockstep/tb_main.cpp", r'fprintf\(stderr,\s*'),
                  ("tb/common/lockstep_jobs.cpp", r'printf\(\s*(?="%s: )'),
                  ("dpi/warpref_dpi.c", r'snprintf\((?:msg|new_error),\s*sizeof (?:msg|new_error),\s*'),
                  ("dpi/warpref_dpi.c", r'note\(d,\s*')):
    if os.path.exists(os.path.join(SRC, rel)):
        for f in formats(read(rel), call):
            msgs.append((rel, f))
# the integration kit's checker (kit/warpref_checker.sv, docs/integrate.md): its
# bad(...) lines and what it $displays
if os.path.exists(os.path.join(SRC, "kit/warpref_checker.sv")):
    kit = read("kit/warpref_checker.sv")
    for f in formats(kit, r'\bbad\((?:\$sformatf\()?') + formats(kit, r'\$display\(\s*'):
        msgs.append(("kit/warpref_checker.sv", f))
# the one output helper's messages (every C writer's "cannot open/write")
if os.path.exists(os.path.join(SRC, "model/src/base/outfile.c")):
    for what in re.findall(r'say\(err, errsize, "(\w+)"', read("model/src/base/outfile.c")):
        msgs.append(("outfile", f"cannot {what} '%s': %s"))
if os.path.exists(os.path.join(SRC, "tb/sc/examples/sm_frontend.cpp")):
    for f in formats(read("tb/sc/examples/sm_frontend.cpp"), r'fprintf\(stderr,\s*'):
        msgs.append(("sm_frontend", f))


def python_messages(rel, calls):
    """the messages passed to the named calls (die, SlurmError, ...) in a Python
    file: f-string fields match anything"""
    import ast

    def fmt(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value.replace("%", "%%")
        if isinstance(node, ast.JoinedStr):
            return "".join(fmt(v) if isinstance(v, ast.Constant) else "%s" for v in node.values)
        if isinstance(node, ast.BinOp):
            return fmt(node.left) + fmt(node.right)
        return "%s"
    out = []
    for node in ast.walk(ast.parse(read(rel))):
        if isinstance(node, ast.Call) and node.args:
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name in calls:
                m = fmt(node.args[-1]).replace("%s%s", "%s")
                if name == "print":         # only the tool's own lines, not tables and summaries
                    if not m.startswith("regress: ") or m.startswith("regress: %s"):
                        continue
                    m = m[len("regress: "):]
                out.append(m)
    return out


# the scripts: die(...) (status 2); the Slurm backend's errors and notes; the
# no-false-pass lines of scripts/regress; its notes (say) and its lines that
# start "regress: " (print)
for rel, calls in (("scripts/lockstep_common.py", ("die",)), ("scripts/regress", ("die", "say", "print")),
                   ("scripts/shrink", ("die",)), ("scripts/gen-coverage", ("die",)), ("scripts/qualify", ("die", "say")),
                   ("scripts/regresslib/slurm.py", ("SlurmError", "log")),
                   ("scripts/regresslib/verdict.py", ("append", "insert"))):
    if os.path.exists(os.path.join(SRC, rel)):
        for f in python_messages(rel, calls):
            msgs.append((rel, f))

with open(os.path.join(SRC, "docs", "errors.md")) as f:
    doc = f.read()
documented = [a or b for a, b in re.findall(r"``\s?(.+?)\s?``|`([^`\n]+)`", doc)]


def pattern(fmt):
    parts = CONV.split(fmt)
    body = ".*".join(re.escape(p) for p in parts)
    return re.compile(body.replace(re.escape("\n"), ""))


passed = failed = 0
seen = set()
for origin, fmt in msgs:
    fmt = fmt.strip("\n")
    # messages that are only a prefix/suffix glued around another message
    if len(CONV.sub("", fmt).strip(" :()\n")) < 4 or fmt in seen:
        continue
    seen.add(fmt)
    pat = pattern(fmt)
    if any(pat.search(d) for d in documented):
        passed += 1
    else:
        failed += 1
        print(f"FAIL {origin} message not in docs/errors.md: {fmt!r}")
if UNKNOWN_NAMES:
    failed += 1
    print(f"FAIL schema names not found in model/src/trace/schema.h: {sorted(set(UNKNOWN_NAMES))}")
if len(seen) < 80:
    failed += 1
    print(f"FAIL only {len(seen)} messages found in the sources: the extraction broke")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
