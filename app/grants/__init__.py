"""Storyteller grants made before a roll: a reroll for a clever idea, held by a character
until its player cites it on a 3d6 test (docs/rules.md, "reroll sources")."""
