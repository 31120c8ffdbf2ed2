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
from app.rules.message import N_, Msg

# zxcvbn's work grows with the length, and it refuses longer input: it is given the
# first this many characters (a longer password is judged by its start).
SCORED_CHARACTERS = 72

# zxcvbn's advice is English only (its own gettext domain ships no catalogue): each of its
# sentences is a msgid here, so the 422 says it in the request's language.
ADVICE: frozenset[str] = frozenset(
    (
        N_("Straight rows of keys are easy to guess."),
        N_("Short keyboard patterns are easy to guess."),
        N_("Use a longer keyboard pattern with more turns."),
        N_('Repeats like "aaa" are easy to guess.'),
        N_("Avoid repeated words and characters."),
        N_('Sequences like "abc" or "6543" are easy to guess.'),
        N_("Avoid sequences."),
        N_("Recent years are easy to guess."),
        N_("Avoid recent years."),
        N_("Avoid years that are associated with you."),
        N_("Dates are often easy to guess."),
        N_("Avoid dates and years that are associated with you."),
        N_("This is a top-10 common password."),
        N_("This is a top-100 common password."),
        N_("This is a very common password."),
        N_("This is similar to a commonly used password."),
        N_("A word by itself is easy to guess."),
        N_("Names and surnames by themselves are easy to guess."),
        N_("Common names and surnames are easy to guess."),
        N_("Use a few words, avoid common phrases."),
        N_("No need for symbols, digits, or uppercase letters."),
        N_("Add another word or two. Uncommon words are better."),
        N_("Capitalization doesn't help very much."),
        N_("All-uppercase is almost as easy to guess as all-lowercase."),
        N_("Reversed words aren't much harder to guess."),
        N_("Predictable substitutions like '@' instead of 'a' don't help very much."),
    )
)


def _advice(text: str) -> str:
    return Msg(text) if text in ADVICE else text


def _sentences(parts: list[str]) -> str:
    """``parts`` one after the other, each still said in the answer's language."""
    if len(parts) == 1:
        return parts[0]
    return msg("{first} {rest}", first=parts[0], rest=_sentences(parts[1:]))


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
        warning = str(feedback.get("warning") or "")
        head = _advice(warning) if warning else msg("This password is too easy to guess.")
        hints = [_advice(str(s)) for s in feedback.get("suggestions") or []]
        return _sentences([head, *hints])
    return None


def check_password(password: str, username: str, min_length: int, min_score: int) -> None:
    """Refuse with the 422 of a field that fails validation, saying why."""
    problem = password_problem(password, username, min_length, min_score)
    if problem is not None:
        raise InvalidFields([{"loc": ("password",), "msg": problem}], under=("body",))
