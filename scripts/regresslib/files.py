"""files.py - every file scripts/regress writes (results, JUnit, the report,
the Slurm plan) is written to a temporary name in the same directory and
renamed over the final one, so a reader (a --resume, the collector of a Slurm
run, a browser) sees either the whole file or none: a run killed at any point
leaves at most a '.tmp-*' file, which nothing reads."""
import json
import os
import tempfile

TMP_PREFIX = ".tmp-"


def write_atomic(path, text):
    """path gets text whole or not at all (temporary file, fsync, rename)"""
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=TMP_PREFIX)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_json(path, obj):
    write_atomic(path, json.dumps(obj, sort_keys=True) + "\n")


def read_json(path):
    """a JSON file, or None when it is missing or not JSON"""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_result(path):
    """a job's result file: a JSON object with a string 'status', else None
    (missing, empty, cut short, or not a result)"""
    r = read_json(path)
    if isinstance(r, dict) and isinstance(r.get("status"), str):
        return r
    return None
