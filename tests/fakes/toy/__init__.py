"""A toy expansion, "Bells", that exists only in the test suite: its rules
(engine side, ``rules``) and its presentation adapter (``presentation``).
It shows that adding an expansion needs nothing else from the bot."""
