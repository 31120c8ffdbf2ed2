"""Do a roll's dice follow its draws? The fourth check of ``app.rules.verify``.

The first draw's faces, in order, are the first face of each die in order (``history[0]``,
or ``value`` if it has no history). Every later draw is one reroll: one die, one face. For
a 3d6 test ``result.rerolls`` says which die each reroll hit, and each die's faces
(``history + [value]``) must be its first face then the rerolls that hit it, in order; for
other rolls the later faces must interleave, in draw order, into the dice's histories.
A roll settled on choices stated before it fell (a blind 3d6 test) reserves one draw per
reroll it cites, so its nonces never tell how many it spent; the draws it did not need
come last, marked ``unused`` with no faces, and only once every die is a success.

A formula roll is checked by rolling its formula again with the draw's faces
(``app.rules.formula_replay``): its rerolls and explosions follow from the faces alone.

Standard library only (plus this package's pure formula engine), like the verifier.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from app.rules.formula_replay import formula_dice_problem

__all__ = ["dice_problem", "is_int", "is_map"]

Face = tuple[int, int]  # (sides, face)


def is_int(value: Any) -> bool:
    return type(value) is int


def is_map(value: Any) -> bool:
    return type(value) is dict or isinstance(value, Mapping)  # a dict: no ABC check


def dice_problem(record: Mapping[str, Any]) -> str | None:
    """Why the record's dice are not what its draws gave, or None (see the module doc)."""
    try:
        return _dice_problem(record)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return f"the dice or proof are malformed ({type(exc).__name__}: {exc})"


def _dice_problem(record: Mapping[str, Any]) -> str | None:
    if record.get("kind") == "formula":
        return formula_dice_problem(record)
    dice, proof = record["dice"], record["proof"]
    faces = [[*die["history"], die["value"]] for die in dice]
    sides = [die["sides"] for die in dice]
    if not proof:
        return None if not dice else "the roll shows dice but has no draw"
    drawn = [(e["sides"], f) for e in proof[0]["rolls"] for f in e["faces"]]
    initial = [(s, f[0]) for s, f in zip(sides, faces, strict=True)]
    if drawn != initial:
        return (
            f"the dice start with {[f for _, f in initial]}, but the first draw "
            f"(nonce {proof[0]['nonce']}) gave {[f for _, f in drawn]}"
        )
    rerolls: list[Face] = []
    unused = 0
    for draw in proof[1:]:
        entries = draw["rolls"]
        if draw.get("unused") is True and not entries:
            unused += 1
            continue
        if unused:
            return f"draw nonce {draw['nonce']} follows an unused draw"
        if len(entries) != 1 or len(entries[0]["faces"]) != 1:
            return f"draw nonce {draw['nonce']} is not a reroll of one die"
        rerolls.append((entries[0]["sides"], entries[0]["faces"][0]))
    if unused and not all(die.get("success") is True for die in dice):
        return "a draw was left unused while a die without success could take it"
    tails = [[(s, f) for f in die_faces[1:]] for s, die_faces in zip(sides, faces, strict=True)]
    spent = record.get("result", {}).get("rerolls") if is_map(record.get("result")) else None
    if isinstance(spent, list) and all(is_map(s) and "die" in s for s in spent):
        return _follow_rerolls(spent, rerolls, faces, sides)
    if sum(len(t) for t in tails) != len(rerolls) or not _interleaves(
        tuple(rerolls), tuple(tuple(t) for t in tails)
    ):
        return "the dice's later faces are not the faces of the roll's later draws"
    return None


def _follow_rerolls(
    spent: Sequence[Mapping[str, Any]],
    rerolls: list[Face],
    faces: list[list[int]],
    sides: list[int],
) -> str | None:
    if len(spent) != len(rerolls):
        return f"{len(spent)} rerolls spent but {len(rerolls)} reroll draws"
    replay = [[f[0]] for f in faces]
    for number, (used, (die_sides, face)) in enumerate(zip(spent, rerolls, strict=True), 1):
        die = used["die"]
        if not is_int(die) or not 0 <= die < len(faces) or die_sides != sides[die]:
            return f"reroll {number} names die {die}, which the roll does not have"
        if used.get("old") != replay[die][-1] or used.get("new") != face:
            return f"reroll {number} of die {die} does not show the face its draw gave ({face})"
        replay[die].append(face)
    for index, (done, shown) in enumerate(zip(replay, faces, strict=True)):
        if done != shown:
            return f"die {index} shows faces {shown}, but its draws gave {done}"
    return None


def _interleaves(draws: tuple[Face, ...], tails: tuple[tuple[Face, ...], ...]) -> bool:
    """Whether ``draws`` is an interleaving of ``tails`` keeping each tail's order."""

    @cache
    def go(positions: tuple[int, ...]) -> bool:
        done = sum(positions)
        if done == len(draws):
            return True
        for i, tail in enumerate(tails):
            at = positions[i]
            moved = (*positions[:i], at + 1, *positions[i + 1 :])
            if at < len(tail) and tail[at] == draws[done] and go(moved):
                return True
        return False

    return go(tuple(0 for _ in tails))
