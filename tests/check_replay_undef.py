#!/usr/bin/env python3
"""check_replay_undef.py WARPREF SRCDIR - row `undef` of `warpref replay`
(SPEC-NOTES section 5): a trace may give any value to a written lane the
model leaves undefined, so by default a record that marks such a lane
defined replays clean; with --strict-undef it is a divergence at that record
on row undef, with the rule S5.  The trace is the golden operand trace of
bar_red.s with the first undefined predicate result (pd_dc true) marked
defined."""
import os
import sys
import tempfile

import clitest
from clitest import check

warpref, src = sys.argv[1], sys.argv[2]
golden = open(os.path.join(src, "tests", "golden", "bar_red.ops.jsonl")).read()
at = golden.index('"pd_dc":true')
recno = golden[:at].count("\n") + 1
with tempfile.TemporaryDirectory() as tmp:
    edited = os.path.join(tmp, "edited.jsonl")
    with open(edited, "w") as f:
        f.write(golden[:at] + '"pd_dc":false' + golden[at + len('"pd_dc":true'):])
    dump = os.path.join(tmp, "d")
    rc, _, err = clitest.run(warpref, ["replay", edited, "--dump", dump])
    check("default: a lane the model leaves undefined may be defined in the trace", rc == 0 and ": match: " in err,
          "exit %d: %s" % (rc, err))
    rc, _, err = clitest.run(warpref, ["replay", edited, "--strict-undef", "--dump", dump])
    want = "%s:%d: divergence: undef: warp 0 pc 0x40 BAR.RESULT R2, P1: 1 field differ [S5; BAR.RESULT N-39]" % (
        edited, recno)
    check("--strict-undef: the lost mark diverges at record %d on undef" % recno,
          rc == 1 and err.splitlines()[0] == want, "exit %d: %s" % (rc, err))
    rc, _, err = clitest.run(warpref, ["replay", os.path.join(src, "tests", "golden", "bar_red.ops.jsonl"),
                                       "--strict-undef", "--dump", dump])
    check("--strict-undef: the unedited trace replays clean", rc == 0 and ": match: " in err, "exit %d: %s" % (rc, err))
    # the lockstep checker's undef also compares the operands' marks; a trace
    # carries none, so an operand the model reads undefined is no divergence
    prog = os.path.join(tmp, "u.s")
    with open(prog, "w") as f:
        f.write(".threads 64\nB2R.WARP R1 ;\nIADD R2, R1, 0x1 ;\nIADD R3, RZ, R1 ;\nEXIT ;\n")
    trace = os.path.join(tmp, "u.jsonl")
    rc, _, err = clitest.run(warpref, ["run", prog, "--trace", trace, "--trace-operands"])
    rc2, _, err2 = clitest.run(warpref, ["replay", trace, "--strict-undef", "--dump", dump])
    check("--strict-undef: operands read undefined (no marks in a trace) replay clean",
          rc == 0 and rc2 == 0 and ": match: " in err2, "exit %d %d: %s" % (rc, rc2, err2))
clitest.finish()
