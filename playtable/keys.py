"""Link secrets: derived from one server key, compared in constant time, never stored.

The server keeps one random key (32 bytes from :mod:`secrets`) in a file beside its database,
readable by its owner only (mode 0600). Every link secret is derived from it::

    secret = base64url(HMAC-SHA256(key, "rules-lab playtable v1|" + purpose))

where ``purpose`` names what the link opens: ``designer``, ``table/<id>/spectator`` or
``table/<id>/seat/<n>/<generation>`` (the generation changes when the designer replaces a
seat's link). A secret is 256 bits; guessing one is hopeless. The database holds no secret at
all (a copy of it given to an analyst opens nothing), the playtest records and the server's
log never name one, and a link carries its secret after ``#`` (the URL fragment), which a
browser never sends in a request: it reaches the server only inside the websocket's first
message. :func:`matches` compares with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_BYTES = 32
SECRET_CHARS = 43  # base64url of 32 bytes, without padding
_DOMAIN = b"rules-lab playtable v1|"


class KeyFileError(OSError):
    """The key file is unreadable, of the wrong size or readable by others."""


def load_or_create_key(path: str | Path) -> bytes:
    """The server key kept at ``path`` (created with mode 0600 if missing)."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "wb") as out:
            out.write(secrets.token_bytes(KEY_BYTES))
            out.flush()
            os.fsync(out.fileno())
    try:
        data = path.read_bytes()
    except OSError as exc:
        msg = f"cannot read the server key {path}: {exc.strerror or exc}"
        raise KeyFileError(msg) from None
    if len(data) != KEY_BYTES:
        msg = f"the server key {path} holds {len(data)} bytes, not {KEY_BYTES}: restore it or delete it (every link changes)"
        raise KeyFileError(msg)
    if os.name == "posix" and path.stat().st_mode & 0o077:
        os.chmod(path, 0o600)  # a key others can read opens every table
    return data


class Keyring:
    """Derives and checks the secrets of one server's links."""

    def __init__(self, key: bytes) -> None:
        if len(key) != KEY_BYTES:
            msg = f"a server key is {KEY_BYTES} bytes"
            raise ValueError(msg)
        self._key = key

    def __repr__(self) -> str:  # never show the key
        return "Keyring(<hidden>)"

    def derive(self, purpose: str) -> str:
        digest = hmac.new(self._key, _DOMAIN + purpose.encode("utf-8"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def designer(self) -> str:
        return self.derive("designer")

    def spectator(self, table: str) -> str:
        return self.derive(f"table/{table}/spectator")

    def seat(self, table: str, seat: int, generation: int) -> str:
        return self.derive(f"table/{table}/seat/{int(seat)}/{int(generation)}")


def matches(given: object, expected: str) -> bool:
    """Constant-time comparison of a secret from the wire with the expected one."""
    if not isinstance(given, str) or len(given) != SECRET_CHARS:
        # the length of every secret is public; refusing other lengths early reveals nothing
        return False
    return hmac.compare_digest(given.encode("ascii", "replace"), expected.encode("ascii"))
