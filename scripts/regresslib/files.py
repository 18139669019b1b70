"""files.py - every file scripts/regress and scripts/shrink write (results,
JUnit, the report, the Slurm plan, shrunk programs) goes through write_atomic:
a regular file (or a new path) is written to a temporary name in the same
directory and renamed over the final one, so a reader (a --resume, the
collector of a Slurm run, a browser) sees either the whole file or none: a
run killed at any point leaves at most a '.tmp-*' file, which nothing reads.
A symbolic link is followed (its target is replaced, the link stays); a
device, a FIFO or a socket is written in place (a rename would replace
/dev/null with a regular file); a directory is refused.  The C side does the
same (model/include/warpref/outfile.h)."""
import errno
import json
import os
import stat
import tempfile

TMP_PREFIX = ".tmp-"


def _kind(path):
    """'missing', 'regular', 'dir' or 'other' (links followed)"""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "missing"
    if stat.S_ISDIR(st.st_mode):
        return "dir"
    return "regular" if stat.S_ISREG(st.st_mode) else "other"


def write_atomic(path, text):
    """path gets text whole or not at all (temporary file, fsync, rename), or
    in place when it is a device or a FIFO; OSError (with its filename) when
    it cannot be written, and the path then keeps what it held"""
    dest = os.path.realpath(path)
    kind = _kind(dest)
    if kind == "dir":
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if kind == "other":
        with open(dest, "w") as f:
            f.write(text)
        return
    if kind == "regular" and not os.access(dest, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
    d = os.path.dirname(dest)
    try:
        fd, tmp = tempfile.mkstemp(dir=d, prefix=TMP_PREFIX + os.path.basename(dest) + "-")
    except OSError as e:
        raise type(e)(e.errno, e.strerror, path) from None
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, os.stat(dest).st_mode & 0o7777 if kind == "regular" else 0o644)
        os.replace(tmp, dest)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and e.filename != path:
            raise type(e)(e.errno, e.strerror, path) from None
        raise


def check_writable(path):
    """None when write_atomic(path) can be expected to work, else the reason
    (strerror): a directory, a read-only file, a directory where no file can
    be made (checked by making one and removing it).  A device or FIFO is
    written in place: not opened here (a FIFO would block)."""
    dest = os.path.realpath(path)
    kind = _kind(dest)
    if kind == "dir":
        return os.strerror(errno.EISDIR)
    if kind == "other":
        return None
    if kind == "regular":
        return None if os.access(dest, os.W_OK) else os.strerror(errno.EACCES)
    try:
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(dest), prefix=TMP_PREFIX + os.path.basename(dest) + "-")
    except OSError as e:
        return e.strerror
    os.close(fd)
    os.unlink(tmp)
    return None


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
