"""Names that vulture (``make lint``) reports as unused but that are used by
name, by a framework or by a reader: each line says where and why. Read by
vulture only, never run. Add a name here only when nothing can call it
directly; dead code is deleted instead."""

# --- production -------------------------------------------------------------------------
_.ADAPTER  # bot/expansions/{bets,christmas,gifts}.py: the adapter each registers on import
_.warn_nacl  # bot/cli/run.py: discord.VoiceClient's flags, read by discord.py
_.warn_dave
hand_all  # bot/services/turns.py after_safely(): accepted from callers of old (docstring)
_.__call__  # bot/text/__init__.py Words: called as words(key)
_.nplurals  # bot/text/catalog.py: a catalogue's plural count, kept with its forms
_.impl  # db/models.py: SQLAlchemy TypeDecorator API
_.cache_ok
_.process_bind_param
_.process_result_value
_.type_annotation_map  # db/models.py: SQLAlchemy declarative base
_.joined_at  # db/models.py: columns of the schema (the migrations create them)
_.season_id
memo  # engine/frozen.py __deepcopy__: copy.deepcopy's signature
mapper  # db/models.py _results_are_immutable(): SQLAlchemy's event signature
__getattr__  # db/__init__.py: a module __getattr__ (PEP 562): store classes loaded on use
_.interaction_check  # bot/app.py: discord.py's CommandTree calls it before every command
_.isolation_level  # db/session.py: set on the DBAPI connection, read by aiosqlite
_.repr_dict  # engine/actions.py _Shown: reprlib.Repr calls repr_<type> and reads max*
_.maxother
_.maxstring
_.maxlevel
_.maxlist
_.maxset
_.maxtuple
_.tiebreaks  # engine/expansions/christmas/view.py: a key of the public view (renders read it)
_.template_text  # bot/locales/extract.py: test_catalogues runs it in a fresh interpreter

# --- benchmarks and tests ---------------------------------------------------------------
_.random_base  # benchmarks/engine.py: figures run by name (getattr(worker, name))
_.random_expansions
_.late_moves
_.ai_expansions
_.random_with
_.replay3
_.ai_decisions
_.memory
_.do_GET  # tests/fakes/discord_stub.py: http.server calls do_<METHOD> and log_message
_.do_PATCH
_.do_POST
_.do_PUT
_.log_message
reconnect  # tests/fakes/offline_gateway.py connect(): discord.py's signature
_.get_user  # tests/fakes/interactions.py, test_league_cog.py: attributes of mocks
_.side_effect
_.return_value
_.hypothesis_seed  # tests/conftest.py: the option Hypothesis's pytest plugin reads
_.DEFAULT_GATEWAY  # tests/e2e/launcher.py: discord.py's gateway URL, pointed at the fake
_.data_received  # tests/e2e/launcher.py: asyncio.Protocol and event loop policy API
_.new_event_loop
_.ephemerals  # tests/e2e/members.py: the harness's documented API (tests/e2e/README.md)
_.submit_modal
_.retries  # tests/e2e/player.py PlayLog: what a game's play cost, for a reader of the log
_.waited_s
_.CREATE_INSTANT_INVITE  # tests/e2e/world.py P: Discord's permission bits, the whole table
_.EMBED_LINKS
_.MENTION_EVERYONE
