"""The table chat: messages to the whole table and whispers, in the campaign's event log."""
