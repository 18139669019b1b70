#!/usr/bin/env python3
"""The model's layers (docs/architecture.md): data flows one way in model/src/.

Reads every #include of model/src/ and model/include/ and fails on
  1. an include that goes up a layer: a file includes a header of a layer its
     own layer may not use (a file's layer is its folder under model/src/; a
     public header's is LAYER below; a header of no layer is a failure too);
  2. an include circle between files, headers included: file A reaches file B
     through includes and B reaches A; a source and the header of the same
     name count as one file, whatever their folders (trace/tracefile.c,
     warpref/tracefile.h; a private header X_priv.h is X's), so that a .c
     that includes a header whose .c includes its header is a circle;
  3. a call from check/ into run/: with `nm` on the library's objects, a
     symbol an object of check/ uses that an object of run/ defines (the
     checker sits beside the runner; the livelock oracle is handed to it,
     wr_checker_opts.own_end); and, from the same symbols, an object that
     uses another's symbol while that one (round a circle) uses its: a call
     circle between files (the barrier code and its engines, the dispatcher
     and the bodies: the shared parts live in files that call no body);
     a call up a layer is a failure too.

Usage: check_layers.py SOURCE_ROOT [LIBWARPREF.a]   (without the library, 3 is
skipped and says so)."""
import os
import re
import subprocess
import sys

ROOT = sys.argv[1]
LIB = sys.argv[2] if len(sys.argv) > 2 else None
SRC = os.path.join(ROOT, "model", "src")
INC = os.path.join(ROOT, "model", "include")

# the layers, lowest first, and what each may include or call (its own
# layer too).  run and check are side by side over trace: neither uses the
# other; gen runs programs (run), the umbrella header has everything.
MAY_USE = {
    "base": {"base"},
    "isa": {"base", "isa"},
    "sem": {"base", "isa", "sem"},
    "trace": {"base", "isa", "sem", "trace"},
    "run": {"base", "isa", "sem", "trace", "run"},
    "check": {"base", "isa", "sem", "trace", "check"},
    "gen": {"base", "isa", "sem", "trace", "run", "gen"},
    "top": {"base", "isa", "sem", "trace", "run", "check", "gen", "top"},
}
# the public headers (model/include/), each in the layer that defines what it declares
LAYER = {
    "warpref/input.h": "base", "warpref/outfile.h": "base", "warpref/json.h": "base",
    "warpref/isa.h": "isa", "warpref/isa.def": "isa",
    "warpref/model.h": "sem", "warpref/retire.h": "sem", "warpref/paths.h": "sem",
    "warpref/paths.def": "sem",
    "warpref/tracefile.h": "trace",
    "warpref/run.h": "run",
    "warpref/compare.h": "check", "warpref/checker.h": "check", "warpref/dump.h": "check",
    "warpref/replay.h": "check",
    "warpref/gen.h": "gen",
    "warpref.h": "top",
}
# circles known and owned by another change; each entry names who removes it
KNOWN_CIRCLES = set()

errors = []
notes = []


def rel(p):
    return os.path.relpath(p, ROOT)


def layer_of(path):
    r = rel(path)
    if r.startswith("model/src/"):
        folder = r.split("/")[2]
        return folder if folder in MAY_USE else None
    if r.startswith("model/include/"):
        return LAYER.get(r[len("model/include/"):])
    return None


files = []
for base in (SRC, INC):
    for d, _, names in os.walk(base):
        for n in sorted(names):
            if n.endswith((".c", ".h", ".def")):
                files.append(os.path.join(d, n))
files.sort()

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def resolve(frm, name, quoted):
    """The project file an include names (the compiler's search: the file's
    folder for "", then model/include and model/src), or None (a system
    header, xxhash.h)."""
    dirs = ([os.path.dirname(frm)] if quoted else []) + [INC, SRC]
    for d in dirs:
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(p):
            return p
    return None


edges = {}        # file -> [(line, included file)]
for f in files:
    text = open(f, encoding="utf-8").read()
    out = []
    for m in INCLUDE.finditer(text):
        target = resolve(f, m.group(2), m.group(1) == '"')
        if target is not None:
            out.append((text.count("\n", 0, m.start()) + 1, target))
    edges[f] = out

# 1. no include up a layer
for f in files:
    lf = layer_of(f)
    if lf is None:
        errors.append(f"{rel(f)}: no layer (a folder of model/src/ or a header listed in "
                      f"tests/check_layers.py LAYER and docs/architecture.md)")
        continue
    for line, t in edges[f]:
        lt = layer_of(t)
        if lt is None:
            continue                      # reported as a file of its own
        if lt not in MAY_USE[lf]:
            errors.append(f"{rel(f)}:{line}: includes {rel(t)} (layer {lt}), which layer {lf} "
                          f"may not use (docs/architecture.md)")

# 2. no include circle between files (a .c and its .h are one node)
def node(p):
    # the component: the name without folder and extension, so that a
    # source, its private header and its public header (trace/tracefile.c,
    # warpref/tracefile.h) are one node; a private header X_priv.h is X's
    stem = os.path.splitext(os.path.basename(p))[0]
    return stem[:-len("_priv")] if stem.endswith("_priv") else stem


graph = {}
for f in files:
    graph.setdefault(node(f), set())
    for _, t in edges[f]:
        if node(t) != node(f):
            graph[node(f)].add(node(t))
# strongly connected components (Tarjan), each of more than one node is a circle
def circles(graph):
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return comps


sys.setrecursionlimit(10000)
comps = circles(graph)
seen_known = set()
for comp in comps:
    key = frozenset(comp)
    if key in KNOWN_CIRCLES:
        seen_known.add(key)
        notes.append("known include circle (owned elsewhere): " + " <-> ".join(sorted(comp)))
        continue
    errors.append("include circle: " + " <-> ".join(sorted(comp)) +
                  " (each reaches the others through #include; a .c and its .h count as one)")
for k in KNOWN_CIRCLES - seen_known:
    notes.append("the known circle " + " <-> ".join(sorted(k)) + " is gone: drop it from KNOWN_CIRCLES")

# 3. no call from check/ into run/, none up a layer, no call circle (the objects' symbols)
if LIB:
    out = subprocess.run(["nm", "-A", "--defined-only", LIB], capture_output=True, text=True)
    und = subprocess.run(["nm", "-A", "--undefined-only", LIB], capture_output=True, text=True)
    if out.returncode != 0 or und.returncode != 0:
        errors.append(f"nm {LIB} failed: {out.stderr.strip() or und.stderr.strip()}")
    else:
        def obj_of(line):
            # "lib.a:src_check_checker.c.o: ..." -> "src_check_checker.c.o"
            m = re.search(r":(src_[a-z]+_[^:]*\.o):", line)
            return m.group(1) if m else None

        def folder(obj):
            return obj.split("_")[1]

        defined = {}
        for line in out.stdout.splitlines():
            parts = line.split()
            obj = obj_of(line)
            if obj and len(parts) >= 3 and parts[-2] in "TDRB":
                defined[parts[-1]] = obj
        calls = {}
        for line in und.stdout.splitlines():
            obj, sym = obj_of(line), line.split()[-1]
            to = defined.get(sym)
            if obj is None or to is None or to == obj:
                continue
            calls.setdefault(obj, set()).add(to)
            lf, lt = folder(obj), folder(to)
            if lf == "check" and lt == "run":
                errors.append(f"{obj} calls {sym}, which run/ defines ({to}): the checker does not "
                              f"call the runner (docs/architecture.md)")
            elif lf in MAY_USE and lt in MAY_USE and lt not in MAY_USE[lf]:
                errors.append(f"{obj} calls {sym}, defined up a layer in {to} (layer {lt}, which "
                              f"layer {lf} may not use)")
        if not any(folder(o) == "run" for o in defined.values()):
            errors.append(f"{LIB}: no object of run/ found (src_run_*.o): cannot check calls")
        stem = lambda o: re.sub(r"^src_[a-z]+_|\.c\.o$", "", o)
        for comp in circles(calls):
            key = frozenset(stem(o) for o in comp)
            if key in KNOWN_CIRCLES:
                notes.append("known call circle (owned elsewhere): " + " <-> ".join(sorted(comp)))
                continue
            errors.append("call circle: " + " <-> ".join(sorted(comp)) +
                          " (each calls into the others, round the circle)")
else:
    notes.append("no library given: calls (check/ into run/, up a layer, circles) not checked")

for n in notes:
    print("note:", n)
for e in errors:
    print("error:", e)
if errors:
    sys.exit(1)
print(f"layers: {len(files)} files, {sum(len(v) for v in edges.values())} includes, "
      f"no include up a layer, no include circle" +
      (", no call from check/ into run/, none up a layer, no call circle" if LIB else ""))
