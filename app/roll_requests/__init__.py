"""Roll requests: a storyteller asks one or several characters for a roll ("Mara, a WIS
save against 14, blind"), and each character's player answers it with an ordinary roll
that cites the request. See docs/api.md, "Roll requests"."""
