"""The game as players read it, without Discord: legal choices with labels,
the private action panel, events and scores in words, hands, the lobby.
Expansion-specific presentation comes from the adapters (bot.expansions)."""
