"""Bots with consent: a player lets a bot account roll for some of their characters, within
chosen scopes, until the player or a storyteller revokes it (docs/authorization.md, "Bots")."""
