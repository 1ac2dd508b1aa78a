"""What a page's address says about a table: its code, a seat's secret, a seat number.

A table code is six letters a player can read aloud and type on a phone (no I, L or O,
which look like 1 and 0; any case is read). A seat's secret is a random token that only
the browser holding that seat keeps (in its own address); the database keeps its hash
only. Everything here is parsed with the kit's own error naming the input, and bounded.

>>> parse_code(" abc-def ".replace("-", ""))
'ABCDEF'
>>> len(new_secret()) == SECRET_LEN and secret_hash("x") == secret_hash("x")
True
"""

from __future__ import annotations

import hashlib
import re
import secrets

from hordes_kit.core.errors import InvalidInputError

__all__ = [
    "CODE_LETTERS",
    "CODE_LEN",
    "SECRET_LEN",
    "MAX_SEATS",
    "new_code",
    "new_secret",
    "secret_hash",
    "parse_code",
    "parse_secret",
    "parse_seat",
    "code_check",
    "secret_check",
    "seat_check",
]

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L, O: they read as 1 and 0
CODE_LEN = 6
SECRET_LEN = 22  # token_urlsafe(16): 128 random bits
MAX_SEATS = 8  # no game of the kit seats more
_SECRET = re.compile(f"[A-Za-z0-9_-]{{{SECRET_LEN}}}")


def _shown(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= 20 else text[:20] + "...")


def new_code() -> str:
    """A fresh random table code (six letters)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LEN))


def new_secret() -> str:
    """A fresh random seat secret (URL-safe, ``SECRET_LEN`` characters)."""
    return secrets.token_urlsafe(16)


def secret_hash(secret: str) -> str:
    """What the database keeps of a seat's secret (never the secret itself)."""
    return hashlib.sha256(("hordes-kit-seat:" + secret).encode()).hexdigest()


def parse_code(text: object, name: str = "table") -> str:
    """A table code as typed or linked: six of ``CODE_LETTERS``, any case, spaces ignored."""
    if not isinstance(text, str) or len(text) > 40:
        raise InvalidInputError(f"{name}: {_shown(text)} is not a table code (six letters)")
    code = "".join(text.split()).upper()
    if len(code) != CODE_LEN or any(ch not in CODE_LETTERS for ch in code):
        raise InvalidInputError(
            f"{name}: {_shown(text)} is not a table code (six letters, such as 'KXMPRT')"
        )
    return code


def parse_secret(text: object, name: str = "seat") -> str:
    """A seat's secret from a link (exactly as it was made)."""
    if not isinstance(text, str) or not _SECRET.fullmatch(text):
        raise InvalidInputError(f"{name}: this link's seat key is damaged ({_shown(text)})")
    return text


def parse_seat(text: object, seats: int = MAX_SEATS, name: str = "take") -> int:
    """A seat number as a player counts them (1 = the first seat); returns its index."""
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{1,2}", text):
        raise InvalidInputError(f"{name}: {_shown(text)} is not a seat number")
    n = int(text)
    if not 1 <= n <= seats:
        raise InvalidInputError(f"{name}: seat {n} is not at this table (seats 1-{seats})")
    return n - 1


def code_check(name: str, value: str) -> str:
    """A ``core.query`` check of ``table=CODE``."""
    return parse_code(value, name)


def secret_check(name: str, value: str) -> str:
    """A ``core.query`` check of ``seat=SECRET``."""
    return parse_secret(value, name)


def seat_check(name: str, value: str) -> int:
    """A ``core.query`` check of ``take=N`` (a seat link): the seat's index."""
    return parse_seat(value, MAX_SEATS, name)
