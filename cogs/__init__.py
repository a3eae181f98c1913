"""Thin discord.py cogs: slash commands and persistent components, parsed
and handed to the bot's services (bot.services) through its Discord
adapters (bot.ui). Loaded by name by the Bot subclass (bot.app.EXTENSIONS)."""
