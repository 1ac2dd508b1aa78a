"""Where the command line writes: a file named by ``--out`` (checked before any work,
written only as a new or regular file, never through a symbolic link or into a device,
a pipe or a system file), and what a failed write to the terminal's output says.

``write_out`` writes a temporary file beside the target and renames it over the target:
a link put in the target's place meanwhile is replaced, never followed, and a disk that
fills up leaves the old file as it was.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile

from hordes_kit.core.errors import InvalidInputError
from hordes_kit.core.inputs import MAX_PATH, shown

__all__ = ["check_out", "write_out", "output_failed", "OUTPUT_ERRNOS"]

# errors of a write that cannot go on (a full disk, a quota, a file too big, a dead disk)
OUTPUT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}
SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")  # files there are the system's, not a sheet's


def _refuse(option: str, path: str, why: str) -> InvalidInputError:
    return InvalidInputError(f"{option} {shown(path)}: {why}")


def check_out(path: str, option: str = "--out") -> None:
    """Refuse, before any work, an output path that cannot take a new or regular file
    (``-`` is the terminal's output)."""
    if path == "-":
        return
    if not path or "\0" in path or len(path) > MAX_PATH:
        raise InvalidInputError(f"{option} {shown(path)!r}: not a usable file name")
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise _refuse(option, path, f"cannot be used ({os.strerror(e.errno or 0)})") from None
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            raise _refuse(option, path, "is a symbolic link: give the file it points to")
        if stat.S_ISDIR(st.st_mode):
            raise _refuse(option, path, "is a folder; give a file name, e.g. sheet.html")
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(option, path, "is not a regular file (a device, a pipe or a socket)")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise _refuse(option, path, f"the folder {shown(folder)} does not exist")
    real = os.path.realpath(folder)
    if any(real == f or real.startswith(f + "/") for f in SYSTEM_FOLDERS):
        raise _refuse(option, path, f"{shown(real)} holds the system's files, not a sheet")
    if not os.access(folder, os.W_OK):
        raise _refuse(option, path, "cannot be written here (permission denied)")


def write_out(path: str, text: str, option: str = "--out") -> None:
    """Write ``text`` to ``path`` (checked by ``check_out``) through a temporary file
    renamed over it; an OS refusal is the kit's error naming the path."""
    check_out(path, option)
    folder = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".hordes-kit-", suffix=".tmp", dir=folder)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # what open() would have given a new file
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise _refuse(option, path, f"cannot be written ({os.strerror(e.errno or 0)})") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def output_failed(e: BaseException) -> bool:
    """True for an error of writing the command's output (a full disk, ``> /dev/full``)."""
    return isinstance(e, OSError) and e.errno in OUTPUT_ERRNOS
