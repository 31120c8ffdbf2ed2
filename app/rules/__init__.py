"""Fairtable's rules engine: dice sources, the three rulesets, odds and formulas.

Pure: no I/O, no framework, nothing else from ``app``. The names most callers need are
re-exported here; each ruleset is also importable as a module (``app.rules.threed6``,
``app.rules.matrix``, ``app.rules.d20``, ``app.rules.formula``…).
"""

from app.rules import (
    d20,
    formula,
    matrix,
    matrix_damage,
    threed6,
    threed6_flow,
    threed6_odds,
)
from app.rules.d20 import D20Sheet, D20Test, d20_odds
from app.rules.dice import DiceSource, ScriptedDice, SeededDice, SystemDice
from app.rules.errors import DiceError, FormulaError, RollError, RulesError, SheetError
from app.rules.formula import Formula, FormulaRoll, parse_formula, roll_formula
from app.rules.matrix import MatrixSheet, MatrixTest, matrix_odds
from app.rules.matrix_damage import DamageResult, apply_damage, parse_damage
from app.rules.results import Die, Roll
from app.rules.threed6 import RerollSource, ThreeD6Roll, ThreeD6Sheet
from app.rules.threed6_flow import Contest, GroupResult, LongTask
from app.rules.threed6_odds import Odds3d6, odds_3d6

__all__ = [
    "Contest",
    "D20Sheet",
    "D20Test",
    "DamageResult",
    "DiceError",
    "DiceSource",
    "Die",
    "Formula",
    "FormulaError",
    "FormulaRoll",
    "GroupResult",
    "LongTask",
    "MatrixSheet",
    "MatrixTest",
    "Odds3d6",
    "RerollSource",
    "Roll",
    "RollError",
    "RulesError",
    "ScriptedDice",
    "SeededDice",
    "SheetError",
    "SystemDice",
    "ThreeD6Roll",
    "ThreeD6Sheet",
    "apply_damage",
    "d20",
    "d20_odds",
    "formula",
    "matrix",
    "matrix_damage",
    "matrix_odds",
    "odds_3d6",
    "parse_damage",
    "parse_formula",
    "roll_formula",
    "threed6",
    "threed6_flow",
    "threed6_odds",
]
