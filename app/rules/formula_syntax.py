"""The free formula's grammar: text to a tree of nodes, with errors that name the position.

The notation is the ``d20`` package's (Avrae's dice engine), read from its grammar: the
same texts are accepted and rejected, down to where blanks may go. Fudge dice ``NdF`` are
our addition. Operator precedence, loosest first::

    formula    := comparison
    comparison := sum (("==" | "!=" | "<=" | ">=" | "<" | ">") sum)*
    sum        := product (("+" | "-") product)*
    product    := signed (("*" | "//" | "/" | "%") signed)*
    signed     := ("+" | "-") signed | atom annotation*
    atom       := dice | set | number
    dice       := [N] "d" (S | "%" | "F") (op selector)*      op: k p rr ro ra e mi ma
    set        := "(" [formula ("," formula)* [","]] ")" (("k" | "p") selector)*
    selector   := ["h" | "l" | "<" | ">"] N
    annotation := "[" any text but a newline "]"

Blanks (space, tab, CR, LF, FF) may follow any operator, operand, "(" and ",", and may
come before "," and ")"; never at the very start, inside a dice term, between ")" and its
operations, or between a trailing "," and ")". ``(x)`` is a parenthesised value,
``(x,)`` a set of one. Consecutive operations of the same kind merge (``k1k2`` keeps what
either selects), except ``mi`` and ``ma``. Caps on sizes are checked here, while parsing;
caps on work in ``app.rules.formula_check``.
"""

from __future__ import annotations

from app.rules.errors import FormulaError
from app.rules.formula_ast import Binary, Dice, Group, Literal, Node, Op, Selector, Unary
from app.rules.message import msg

__all__ = [
    "MAX_CONSTANT",
    "MAX_DEPTH",
    "MAX_DICE_PER_TERM",
    "MAX_FORMULA_LENGTH",
    "MAX_SIDES_PER_TERM",
    "parse_tree",
]

MAX_FORMULA_LENGTH = 200
MAX_CONSTANT = 1_000_000
"""Largest number written anywhere in a formula (constants, selectors, mi/ma values)."""
MAX_DICE_PER_TERM = 100
MAX_SIDES_PER_TERM = 1000
MAX_DEPTH = 32
"""Parentheses, sets and signs nested in one another."""

_DIGITS = frozenset("0123456789")  # ASCII only: str.isdigit() also accepts '²' or '٣'
_BLANKS = frozenset(" \t\f\r\n")
_COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
_DICE_OPS = ("rr", "ro", "ra", "mi", "ma", "e", "k", "p")
_SET_OPS = ("k", "p")
_NOT_MERGED = frozenset({"mi", "ma"})


def parse_tree(text: str, max_length: int = MAX_FORMULA_LENGTH) -> Node:
    """Parse ``text``; raise ``FormulaError`` naming the first position that cannot be read."""
    return _Parser(text, max_length).parse()


class _Parser:
    """Recursive descent over the text; each level consumes the blanks that follow it."""

    __slots__ = ("depth", "end", "group_end", "max_length", "pos", "text")

    def __init__(self, text: str, max_length: int) -> None:
        self.text = text
        self.pos = 0
        self.end = len(text)
        self.depth = 0
        self.group_end = -1  # where the last group's operations end
        self.max_length = max_length

    def fail(self, message: str, position: int | None = None) -> FormulaError:
        return FormulaError(message, self.text, self.pos if position is None else position)

    def char(self) -> str:
        return self.text[self.pos] if self.pos < self.end else ""

    def blanks(self) -> bool:
        start = self.pos
        while self.pos < self.end and self.text[self.pos] in _BLANKS:
            self.pos += 1
        return self.pos > start

    def integer(self) -> str:
        start = self.pos
        while self.pos < self.end and self.text[self.pos] in _DIGITS:
            self.pos += 1
        return self.text[start : self.pos]

    def capped(self, digits: str, start: int, what: str, cap: int) -> int:
        value = int(digits)
        if value > cap:
            raise self.fail(
                msg("{what} must be at most {cap}, not {value}", what=what, cap=cap, value=value),
                start,
            )
        return value

    def nest(self, position: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(
                msg("the formula nests too deep (at most {max_depth} levels)", max_depth=MAX_DEPTH),
                position,
            )

    # --- levels, loosest first ----------------------------------------------------------

    def parse(self) -> Node:
        if self.end > self.max_length:
            raise self.fail(
                msg(
                    "the formula is too long ({end} characters, at most {max_length})",
                    end=self.end,
                    max_length=self.max_length,
                ),
                self.max_length,
            )
        if all(c in _BLANKS for c in self.text):
            raise self.fail(msg("the formula is empty"), 0)
        if self.text[0] in _BLANKS:
            raise self.fail(msg("a formula cannot start with a blank"), 0)
        node = self.comparison()
        if self.pos < self.end:
            raise self.leftover()
        return node

    def comparison(self) -> Node:
        node = self.sum()
        while True:
            at = self.pos
            op = next((c for c in _COMPARISONS if self.text.startswith(c, at)), None)
            if op is None:
                return node
            self.pos += len(op)
            self.blanks()
            node = Binary(op, node, self.sum(), at)

    def sum(self) -> Node:
        node = self.product()
        while (op := self.char()) in ("+", "-"):
            at = self.pos
            self.pos += 1
            self.blanks()
            node = Binary(op, node, self.product(), at)
        return node

    def product(self) -> Node:
        node = self.signed()
        while (op := self.char()) in ("*", "/", "%"):
            at = self.pos
            if self.text.startswith("//", at):
                op = "//"
            self.pos += len(op)
            self.blanks()
            node = Binary(op, node, self.signed(), at)
        return node

    def signed(self) -> Node:
        signs: list[tuple[str, int]] = []
        depth = self.depth
        while (op := self.char()) in ("+", "-"):
            self.nest(self.pos)
            signs.append((op, self.pos))
            self.pos += 1
            self.blanks()
        node = self.annotated()
        for op, at in reversed(signs):
            node = Unary(op, node, at)
        self.depth = depth
        return node

    def annotated(self) -> Node:
        node = self.atom()
        self.blanks()
        notes = []
        while self.char() == "[":
            start = self.pos
            close = self.text.find("]", start + 1)
            newline = self.text.find("\n", start + 1)
            if close < 0 or 0 <= newline < close:
                raise self.fail(msg("an annotation needs its closing ']' on the same line"), start)
            notes.append(self.text[start : close + 1])
            self.pos = close + 1
            self.blanks()
        if notes:
            assert not isinstance(node, Unary | Binary)
            node = node._replace(note="".join(notes))
        return node

    def atom(self) -> Node:
        start = self.pos
        char = self.char()
        if char == "(":
            return self.group()
        digits = self.integer()
        char = self.char()
        if char == "d":
            return self.dice(digits, start)
        if char == ".":
            self.pos += 1
            decimals = self.integer()
            if not digits and not decimals:
                raise self.fail(msg("expected a digit after '.'"))
            text = self.text[start : self.pos]
            value = float(text)
            if value > MAX_CONSTANT:
                raise self.fail(
                    msg(
                        "a number must be at most {max_constant}, not {text}",
                        max_constant=MAX_CONSTANT,
                        text=text,
                    ),
                    start,
                )
            return Literal(value, text, start)
        if digits:
            value = self.capped(digits, start, msg("a number"), MAX_CONSTANT)
            return Literal(value, str(value), start)
        if char == "":
            raise self.fail(msg("the formula ends where a number, a die or '(' was expected"))
        if char == "D":
            raise self.fail(msg("unexpected 'D': dice are written with a lowercase 'd', as in 2d6"))
        raise self.fail(msg("unexpected {char!r}: expected a number, a die or '('", char=char))

    def dice(self, digits: str, start: int) -> Dice:
        count = (
            self.capped(digits, start, msg("a dice term's count"), MAX_DICE_PER_TERM)
            if digits
            else 1
        )
        self.pos += 1  # the 'd'
        sides_at = self.pos
        char = self.char()
        size: int | str
        if char == "%":
            size = "%"
            self.pos += 1
        elif char in ("F", "f"):
            size = "F"
            self.pos += 1
        else:
            sides = self.integer()
            if not sides:
                found = msg(", not {char!r}", char=char) if char else ""
                raise self.fail(
                    msg("expected the number of sides after 'd'{found}", found=found), sides_at
                )
            size = self.capped(sides, sides_at, msg("a die's sides"), MAX_SIDES_PER_TERM)
            if size == 0 and count:
                raise self.fail(msg("cannot roll a 0-sided die"), sides_at)
        return Dice(count, size, self.operations(_DICE_OPS), start)

    def group(self) -> Group:
        start = self.pos
        self.nest(start)
        self.pos += 1
        self.blanks()
        items: list[Node] = []
        trailing = False
        while self.char() != ")":
            items.append(self.comparison())
            char = self.char()
            if char == ",":
                self.pos += 1
                if self.char() == ")":
                    trailing = True
                    break
                self.blanks()
                if self.char() == ")":
                    raise self.fail(msg("a trailing ',' goes right before ')', with no blank"))
            elif char != ")":
                raise (
                    self.leftover(msg("expected ',' or ')'"))
                    if char
                    else self.fail(msg("the '(' at position {start} is never closed", start=start))
                )
        self.pos += 1
        self.depth -= 1
        is_set = trailing or len(items) != 1
        group = Group(tuple(items), is_set, self.operations(_SET_OPS), start)
        self.group_end = self.pos
        return group

    def operations(self, names: tuple[str, ...]) -> tuple[Op, ...]:
        ops: list[Op] = []
        while True:
            at = self.pos
            name = next((n for n in names if self.text.startswith(n, at)), None)
            if name is None:
                return tuple(ops)
            self.pos += len(name)
            cat = self.char() if self.char() in ("h", "l", "<", ">") else None
            if cat:
                self.pos += 1
            num_at = self.pos
            digits = self.integer()
            if not digits:
                found = msg(", not {char!r}", char=self.char()) if self.char() else ""
                what = msg("a selector (3, h3, l3, >3 or <3)") if cat is None else msg("a number")
                raise self.fail(
                    msg(
                        "expected {what} after {name}{value!s}{found}",
                        what=what,
                        name=name,
                        value=cat or "",
                        found=found,
                    ),
                    num_at,
                )
            sel = Selector(cat, self.capped(digits, num_at, msg("a selector"), MAX_CONSTANT))
            last = ops[-1] if ops else None
            if last is not None and last.op == name and name not in _NOT_MERGED:
                ops[-1] = last._replace(sels=(*last.sels, sel))
            else:
                ops.append(Op(name, (sel,), at))

    def leftover(self, expected: str = "") -> FormulaError:
        """The error for a character no rule reads, with a hint for the usual slips."""
        char = self.char()
        prev = self.text[self.pos - 1] if self.pos else ""
        at_op = any(self.text.startswith(op, self.pos) for op in _DICE_OPS)
        if at_op and self.pos == self.group_end and char not in _SET_OPS:
            return self.fail(
                msg(
                    "unexpected {char!r}: a set or '( )' takes k and p only; rr, ro, ra, e, mi "
                    "and ma apply to dice, as in 4d6rr1",
                    char=char,
                )
            )
        if at_op and (prev in _DIGITS or prev == "."):
            return self.fail(
                msg(
                    "unexpected {char!r}: operations apply to dice or a set, as in 4d6kh3 or "
                    "(1,2,3)kh1",
                    char=char,
                )
            )
        if at_op and prev == "]":
            return self.fail(
                msg(
                    "unexpected {char!r}: write operations before the annotation, as in "
                    "4d6kh3[fire]",
                    char=char,
                )
            )
        if char.isalpha() and char.lower() in "kpre" and prev in _BLANKS:
            return self.fail(
                msg(
                    "unexpected {char!r}: write operations right after the dice, as in 4d6kh3",
                    char=char,
                )
            )
        if char in ("D", "K", "H", "L", "R", "E", "P"):
            return self.fail(
                msg("unexpected {char!r}: the notation is lowercase, as in 4d6kh3", char=char)
            )
        if char == "=":
            return self.fail(msg("unexpected '=': compare with '==', '<=' or '>='"))
        if char in _DIGITS or char == "d" or char == "(":
            return self.fail(msg("unexpected {char!r}: expected an operator before it", char=char))
        hint = msg(": {expected}", expected=expected) if expected else ""
        return self.fail(msg("unexpected {char!r}{hint}", char=char, hint=hint))
