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
clitest.finish()
