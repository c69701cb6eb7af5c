"""Join codes, secret tokens, and the checks of the names people type.

A **join code** is what a teacher writes on the board: 6 characters from an alphabet without look-alikes
(no 0/O, 1/I/L), read case-blind. A **token** is a secret (the teacher's, in the teacher link; a student's,
kept by the student's browser): the store keeps only its SHA-256, so a copy of the database lets nobody in.
"""
from __future__ import annotations

import hashlib
import secrets
import unicodedata

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_CLASS_NAME = 80
MAX_NICKNAME = 24
MAX_ANSWER = 200
MAX_KEY = 120  # an exercise's or a question's key


class ClassError(ValueError):
    """Something a person asked of a class that cannot be done, said in words for them (nothing changed)."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def clean_code(code: object) -> str:
    """A join code as typed (spaces, dashes and case ignored), or ClassError."""
    if not isinstance(code, str):
        raise ClassError("type the class code your teacher gave you")
    c = "".join(ch for ch in code.upper() if ch not in " -\t")
    if len(c) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in c):
        raise ClassError(f"a class code is {CODE_LENGTH} letters and digits, like {'K7P2QX'}: check what you typed")
    return c


def clean_text(text: object, what: str, longest: int) -> str:
    if not isinstance(text, str):
        raise ClassError(f"{what} must be text")
    t = unicodedata.normalize("NFC", " ".join(text.split()))
    if not t:
        raise ClassError(f"{what} is empty: type one")
    if len(t) > longest:
        raise ClassError(f"{what} is too long: at most {longest} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in t):
        raise ClassError(f"{what} holds characters that cannot be shown: use letters, digits and punctuation")
    return t


def clean_class_name(name: object) -> str:
    return clean_text(name, "the class name", MAX_CLASS_NAME)


def clean_nickname(name: object) -> str:
    return clean_text(name, "your nickname", MAX_NICKNAME)


def nickname_key(name: str) -> str:
    """Two nicknames that differ only in case or accents' form are the same one in a class."""
    return unicodedata.normalize("NFKC", name).casefold()


def clean_key(key: object, what: str) -> str:
    if not isinstance(key, str) or not key or len(key) > MAX_KEY or not key.isprintable():
        raise ClassError(f"{what} must be a short text key, not {key!r:.40}")
    return key


def clean_answer(answer: object) -> str:
    """An answer as typed: any text up to MAX_ANSWER characters (kept as typed, shown as text only)."""
    if not isinstance(answer, str):
        answer = str(answer)
    return answer[:MAX_ANSWER]
