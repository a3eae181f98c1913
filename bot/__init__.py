"""The Discord application: settings, the Bot subclass and its services.

``python -m bot`` runs the bot when a token is configured, else the offline demo.
"""
