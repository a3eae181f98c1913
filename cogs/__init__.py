"""Thin discord.py cogs: parse the command, call bot services (bot.play), reply."""

EXTENSIONS = ("cogs.lobby", "cogs.play")
