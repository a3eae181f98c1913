"""Message catalogues, one gettext PO file per language (bot.text.catalog)."""
