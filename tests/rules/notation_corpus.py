"""Formulas the server must read as the ``d20`` package does (test_notation_compat.py).

Three sources: the package's own documented examples (its README), every formula in its
test suite (tests/test_dice.py and tests/test_utils.py of avrae/d20), and our corpus by
kind of notation, valid and invalid. For each, the test asks the package itself: a text
it cannot parse must be refused; a text it rolls must roll the same here, face for face.
``REFUSED`` lists the texts the server refuses up front although the package parses them:
the package fails on them for every face or some faces (and a failure that depends on the
faces would tell a player what the next draws hold), or they pass one of our caps.
``FUDGE`` is our addition, which the package does not read.
"""

from __future__ import annotations

README = [
    "1d20+5", "4d6kh3", "2d6ro<3", "8d6mi2", "(1d4 + 1, 3, 2d6kl1)kh1", "4d6e6kh3",
    "3d6 [fire] + 1d4 [piercing]", "-(1d8 + 3) [healing]", "(1 [one], 2 [two], 3 [three])",
    "1 + 2 + 3 + 4", "3d6 + 1d4 + 3", "-1d8 + 4 - (3, 1d4)kh1", "1d20[foo]+3",
    "1d20[foo] + 3 - 1d4[bar]", "100d20", "1d20+" * 50 + "1d20", "10d20rr<20",
    "1d20 I rolled a d20", "1d20", "1+1", "(1)", "(1,)", "()", "(2,)", "(1, 3+3, 1d20)",
    "d20", "3d6", "0.5", "3.14", "kh3", "ro<3", "3", "h1", ">2", "+1", "-1",
    "2 * 3", "6 / 4", "6 // 4", "7 % 3", "1 == 1", "1 >= 2", "1 <= 2", "2 > 1", "1 < 2",
    "1 != 2", "(3d6)", "(3d6,)", "4d6k3", "4d6p3", "4d6rr1", "4d6ra1", "4d6e6", "4d6mi2",
    "4d6ma5", "4d6kl3", "4d6k>3", "4d6k<3",
]  # fmt: skip

PACKAGE_TESTS = [
    "1d%", "((1d6))", "4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)", "(1d4, 2+2, 3d6kl1)kh1",
    "((10d6kh5)kl2)kh1", "(((1d6)))", "1 + 3 * 6", "1 + (3 * 6)", "(1 + 3) * 6", "1 + 2 + 3",
    "(1 + 2) + 3", "1 + (2 + 3)", "1 + 2 == 2", "1 + (2 == 2)", "1001d6", "6d0", "10d6mil1",
    "10d6k1k2k3", "10d6k1ph1", "(1, 2, 3)k1k2", "1", "10000", "1.5", ".5", "0d6", "d6",
    "1d6", "2d6", "0d%", "d%", "2d%", "(1, 1)", "--1", "-+-++---+1", "2 + 2", "2 - 2",
    "2 * 5", "15 / 2", "15 // 2", "13 % 2", "2 + 1d6", "2 * 1d6", "60 / 1d6", "60 // 1d6",
    "1d100 % 10", "1d% % 10", "10 / 0", "10 // 0", "10 % 0", "1 == 2", "1 > 1", "1 < 1",
    "1 >= 1", "1 <= 1", "2 <= 1", "1 != 1", "(1, 2, 3, 4, 5)k3", "(1, 2, 3, 4, 5)k<3",
    "(1, 2, 3, 4, 5)k>3", "(1, 2, 3, 4, 5)kl2", "(1, 2, 3, 4, 5)kh2", "(1)k1", "(1)k2",
    "(1, 2, 3, 4, 5)k1k2", "(1, 2, 3, 4, 5)kh1kl1", "(1, 2, 3, 4, 5)p3", "(1, 2, 3, 4, 5)p1p2",
    "(1, 2, 3, 4, 5)ph1pl1", "1d20rr<20", "1d20rr>1", "1d20rr<21", "1d1rr1", "1d1ro1",
    "1d6rol1", "1d1ra1", "1d6ral1", "1d2e2", "1d20e<21", "1d1e1", "10d6mi6", "10d6mi10",
    "10d6mi2", "10d6ma1", "10d6ma0", "10d6ma5", "1+2+3", "1d20+1", "d20-1d4", "1d20ro1",
    "1 [a] + 2 + 3 [b] + 4", "1 [a] + 2 + 3 [a] + 4", "(1 [a])", "1 [a] + 2 + 3", "8d6",
    "8d6 [fire]", "1d20 + 4d6 + 3", "(1d6, 1d6)kh1",
]  # fmt: skip

_GRID_KEEP = [
    f"{n}d{s}{op}{sel}"
    for n, s in (("4", "6"), ("10", "10"))
    for op in ("k", "p")
    for sel in ("1", "3", "h1", "h3", "l1", "l3", ">3", "<3", "h0", "l0", "h20", ">0", "<7")
]
_GRID_REROLL = [
    f"{n}d{s}{op}{sel}"
    for n, s in (("4", "6"), ("1", "20"))
    for op in ("rr", "ro", "ra")
    for sel in ("1", "<3", ">4", "h1", "l1", "6")
]
_GRID_EXPLODE = [
    f"{n}d{s}e{sel}"
    for n, s in (("3", "6"), ("1", "10"))
    for sel in ("6", "10", ">4", "<2", "h1", "l1", "1")
]

OURS = [
    # dice: counts, sizes, percentile
    "d4", "d8", "d10", "d12", "d100", "2d4", "007d6", "1d06", "0d0", "0d20", "1d0", "d0",
    "1d1", "3d1", "100d6", "101d6", "1d1000", "1d1001", "10d%", "1d%kh1", "4d%p0",
    # keep and drop
    *_GRID_KEEP,
    "4d6kh3kh2", "4d6kh3kl1", "4d6kh3pl1", "6d6p1p2", "6d6pl1ph1", "2d20kh1", "2d20kl1",
    "2d20kh1+5", "(2d20)kh1", "((4d6))kh3", "(4d6)kh3", "(4d6kh3)kl1", "(-4d6)kh3",
    "(4d6+1)kh1",
    # rerolls
    *_GRID_REROLL,
    "8d6rr1", "8d6rr1rr2", "8d6rr<3", "2d6rr1ro2", "1d20ro<10", "2d20ro<5kh1", "4d6rr1kh3",
    "1d10ra10", "1d10ra>8", "4d6ra6ra5", "1d6rr<6", "1d6rr<7", "1d6rr>0",
    "1d6rr6rr5rr4rr3rr2", "1d6ro<7", "1d6ra<7", "4d6rrh0", "4d6rrl0",
    # explosions
    *_GRID_EXPLODE,
    "3d6e6", "1d6e6", "10d10e10", "2d10e>8", "1d20e20+5", "4d6e6e5", "1d6e6e1", "2d6rr1e6",
    "1d6e6ro1", "1d6e7", "1d6e<7", "1d6e>0", "4d6e6mi2", "1d100e100",
    # minimum and maximum
    "4d6mi3", "4d6ma4", "4d6mi3ma4", "4d6ma2mi5", "1d20mi10", "1d6mi0", "1d6mih1", "1d6ma<3",
    "1d6mi1000", "1d6mi1000001", "4d6mi2rr2", "2d%mi50",
    # arithmetic, precedence, division
    "1d20+5*2", "(1d20+5)*2", "2*(1d6+1)", "1d6*1d6", "1d6-1d6", "-1d6", "- 1d6", "-(1d6)",
    "1d6/2", "1d6//2", "1d6%2", "-7/2", "-7//2", "-7%2", "7%-2", "1/3*3", "0.7+0.1",
    "(0.7+0.1)*10", "1.5+1d6", "1d6+0.5", "2.5*2", "1000000*1000000",
    "1000000*1000000*1000000*1000000", "1000001", "999999.5", "1000000.5", "10/1d6",
    "1/(1d6-1)", "1/(1d6-7)", "6//(1d2-1)", "(1d6-1d6)%3", "3%(1d6-1d6)", "1/(2d6-1)",
    "100/(8d20kh3)", "1d6+-1", "1d6--1", "1d6*-1", "+-+1", "3 - - 2", "2**3", "2^3", "2 x 3",
    "2÷3",
    # comparisons
    "1d20 >= 15", "1d20+5>=15", "1d6==6", "1d6 != 1", "2d6 > 7", "1 < 2 < 3", "3 > 2 > 1",
    "1d20 <= 10 + 2", "(1d20 >= 10) * 5", "1==1==1", "1 =< 2", "1 => 2", "1 = 1", "1 <> 2",
    # sets and parentheses
    "(1d6,1d8)kh1", "(1d6, 1d8)kl1", "(1d6,1d8,1d10)k>4", "(1,2,3)", "(1,2,3)kh2", "(1,2,3)p2",
    "((1,2),(3,4))kh1", "(1d6,)", "(1d6,)kh1", "(,)", "(1,,2)", "(1 2)", "((1))",
    "(((1d20)))kh1", "(1d6)(1d6)", "()kh1", "(1,2)kh1kl1", "(1d6, 2d6kh1, 3d6kl2)kh2",
    "(1, 2, )", "(1,2 ,)", "( 1 , 2 )", "(1 ,2,)", "(1,2)k", "(1,2)rr1", "(1,2)e1",
    "(1d6) kh1", "(1d6)kh1 ",
    # annotations
    "1d6[fire]", "1d6 [fire]", "1d6 [fire] [cold]", "1d6[fire][cold]", "1d6 [a b c]",
    "1d6 [ spaced ]", "[fire]", "1d6 [unclosed", "1d6 [a]]", "1d6 [a[b]", "(1d6 [a], 2 [b])kh1",
    "-(1d6)[x]", "1 [a] * 2 [b]", "1d6[]", "2d6kh1[adv]", "1d6 [fire] + 2", "1d20 [to hit] >= 15",
    # blanks
    " 1d6", "1d6 ", "1d6  +  2", "1d6\t+\t2", "1d6\n+2", "1d6 +2", "1d6+ 2", "1 d6", "1d 6",
    "1d6 kh1", "4d6 kh3", "- 2", "1 -- 2", "(1d6 )", "( 1d6)", "1d6\r\n", "\t1d6",
    # what the package does not read
    "1D6", "4d6KH3", "4d6Kh3", "1d6E6", "x", "1d6x", "d", "1d", "1dd6", "dd6", "1d6k", "1d6kh",
    "1d6k-1", "1d6kx1", "1d6r1", "1d6m2", "1d6mi", "1d6e", "1d6ro", "1d6rr", "2d6 3", "2 2",
    "1d6 1d6", "1.5d6", "1d6.5", "1d1.5", ".", "1..2", "5.", "5.d6", "+", "-", "*", "1+",
    "1*", "(", ")", "(1", "1)", "(1d6", "1d6)", "1d6+(2", "+2d6", "--2", "2d6++3", "2d6+-3",
    "1e3", "\uff12d6", "½", "1d6;", "1d6,2", "1d6 # comment", "1d6 roll for init", "",
    "1d6k h3", "1d6kh 3", "1d6 e6", "(1d6) e6", "1d6e 6", "1d6[a]kh1", "1d6 [a]kh1", "1 ++",
    "1 + * 2", "* 2", "/2", "1 / / 2", "1///2", "1 %% 2", "1 <=> 2", "1 ! 2", "!1", "1 == = 2",
    "(1,2))", "((1,2)", ",1", "1,", "1d6,", "(1d6,1d8", "d6d6", "1d6d6", "1dd", "1d%%", "1d%6",
    "1d6mi-1", "1d6e-1", "1d6k=3", "1d6k>>3", "1d6k<>3", "1d6kh3.5", "1d6kh1.", "3 (1d6)",
    "(1d6) 3", "1d6 (2)", "[a]1d6", "1d6 [a\nb]", "1d6 [a]\n[b]", "1d6 [", "1d6 ]",
    # long and deep
    "1d6+" * 66 + "1", "(" * 20 + "1" + ")" * 20, "(" * 40 + "1" + ")" * 40, "-" * 40 + "1",
    "-" * 10 + "1", "+".join(["1d6"] * 60), "+".join(["100d6"] * 11),
]  # fmt: skip

FUDGE = ["4dF", "4df", "1dF+1", "4dFkh2", "4dFe1", "dF", "2dF*2", "(4dF)kl1", "4dFrr<0"]

_NEVER_ENDS = "forever"
REFUSED: dict[str, str] = {
    # the package fails on these for every face
    "1001d6": "count must be at most 100",
    "6d0": "cannot roll a 0-sided die",
    "1d0": "cannot roll a 0-sided die",
    "d0": "cannot roll a 0-sided die",
    "10d6mil1": "mi takes a plain number",
    "1d6mih1": "mi takes a plain number",
    "1d6ma<3": "ma takes a plain number",
    "10 / 0": "the divisor of '/' is 0",
    "10 // 0": "the divisor of '//' is 0",
    "10 % 0": "the divisor of '%' is 0",
    "1d20rr<21": _NEVER_ENDS,
    "1d1rr1": _NEVER_ENDS,
    "1d20e<21": _NEVER_ENDS,
    "1d1e1": _NEVER_ENDS,
    "4d6rrh1": _NEVER_ENDS,
    "4d6rrl1": _NEVER_ENDS,
    "1d20rrh1": _NEVER_ENDS,
    "1d20rrl1": _NEVER_ENDS,
    "1d6rr<7": _NEVER_ENDS,
    "1d6rr>0": _NEVER_ENDS,
    "1d6e<7": _NEVER_ENDS,
    "1d6e>0": _NEVER_ENDS,
    "+".join(["100d6"] * 11): "rolls more than 1000 dice",
    # the package fails on these for some faces only
    "1/(1d6-1)": "the divisor of '/' can be 0",
    "6//(1d2-1)": "the divisor of '//' can be 0",
    "3%(1d6-1d6)": "the divisor of '%' can be 0",
    # our caps: number sizes, values a JSON client reads exactly, length, nesting
    "101d6": "count must be at most 100",
    "1d1001": "sides must be at most 1000",
    "1d6mi1000001": "a selector must be at most 1000000",
    "1000001": "a number must be at most 1000000",
    "1000000.5": "a number must be at most 1000000",
    "1000000*1000000*1000000*1000000": "beyond the ±9007199254740991",
    "1d20+" * 50 + "1d20": "too long",
    "1d6+" * 66 + "1": "too long",
    "+".join(["1d6"] * 60): "too long",
    "(" * 40 + "1" + ")" * 40: "nests too deep",
    "-" * 40 + "1": "nests too deep",
}


def corpus() -> list[str]:
    """Every formula above, each once, in order."""
    return list(dict.fromkeys([*README, *PACKAGE_TESTS, *OURS]))
