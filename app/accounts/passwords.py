"""The password policy: long enough, not the username, not a common password.

Common passwords are judged by zxcvbn (Dropbox's estimator, maintained on PyPI): it knows
the frequency lists of leaked passwords, English words and names, keyboard walks,
sequences and dates, and it is told the username, so ``ada2026ada`` is as weak as it
looks. A password is refused below ``password_min_score`` (0..4, default 2: about a
million guesses or more, which Argon2 and the login throttle make out of reach online).
"""

from __future__ import annotations

from zxcvbn import zxcvbn  # type: ignore[import-untyped]

from app.core.errors import InvalidFields
from app.core.i18n import msg

# zxcvbn's work grows with the length, and it refuses longer input: it is given the
# first this many characters (a longer password is judged by its start).
SCORED_CHARACTERS = 72


def password_problem(password: str, username: str, min_length: int, min_score: int) -> str | None:
    """Why ``password`` is refused for ``username``, or ``None`` when it is acceptable."""
    if len(password) < min_length:
        return msg("at least {min_length} characters are needed", min_length=min_length)
    folded, name = password.casefold(), username.casefold()
    if name and name in folded:
        return msg("the password must not contain the username")
    verdict = zxcvbn(password[:SCORED_CHARACTERS], user_inputs=[name], max_length=SCORED_CHARACTERS)
    if int(verdict["score"]) < min_score:
        feedback = verdict["feedback"]
        warning = str(feedback.get("warning") or "this password is too easy to guess")
        hints = " ".join(str(s) for s in feedback.get("suggestions") or [])
        return f"{warning.rstrip('.')}. {hints}".strip()
    return None


def check_password(password: str, username: str, min_length: int, min_score: int) -> None:
    """Refuse with the 422 of a field that fails validation, saying why."""
    problem = password_problem(password, username, min_length, min_score)
    if problem is not None:
        raise InvalidFields([{"loc": ("password",), "msg": problem}], under=("body",))
