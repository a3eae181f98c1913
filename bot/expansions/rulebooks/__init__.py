"""Each expansion's part of ``/rules`` in plain words, for players: how it
works and what each card does (short; the full reference with every rule
ID is docs/rules/). One module per expansion, named after it; its adapter
points to it (``Adapter.rules``), so an added expansion brings its own.
Card texts are keyed by the engine's card ids (``<expansion>.card.<id>``
and ``<expansion>.card.<id>.effect``): translations key on the same ids."""
