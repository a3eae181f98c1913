"""Checking every request body the bot sends, as Discord would.

Two layers: the request body schema of the operation in Discord's OpenAPI 3.1
description (JSON Schema 2020-12, checked with ``jsonschema``), and the
documented limits the schema does not encode (message length, rows, buttons,
select options, labels, unique custom ids, autocomplete choices, files...).
A problem is reported the way Discord reports it: ``400`` with code ``50035``
("Invalid Form Body") and an ``errors`` object keyed by the path of the field.

Where the OpenAPI file comes from: ``$DISCORD_OPENAPI``, else
``shared/discord-openapi.json`` beside the repository (the team's workbench),
else ``/work/shared/discord-openapi.json``. Without it only the limits are
checked and the test session says so in its summary.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.e2e.world import EPHEMERAL, iter_components

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_URN = "urn:discord-openapi"
MAX_FILE_BYTES = 10 * 1024 * 1024  # a bot's upload limit in a server without boosts
MAX_FILES = 10


def openapi_path() -> Path | None:
    env = os.environ.get("DISCORD_OPENAPI")
    candidates = (
        [Path(env)]
        if env
        else [
            ROOT.parent / "shared" / "discord-openapi.json",
            Path("/work/shared/discord-openapi.json"),
        ]
    )
    return next((p for p in candidates if p.is_file()), None)


@dataclass(frozen=True)
class Problem:
    """One field Discord would refuse: where (a path) and why."""

    path: tuple[str | int, ...]
    code: str
    message: str


def discord_errors(problems: list[Problem]) -> dict[str, Any]:
    """Discord's nested ``errors`` object: {"components": {"0": {... "_errors": [...]}}}."""
    out: dict[str, Any] = {}
    for p in problems:
        node = out
        for part in p.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": p.code, "message": p.message})
    return out


class OpenAPI:
    """Request-body validators of Discord's OpenAPI document, by operation."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.doc = json.loads(path.read_text(encoding="utf-8"))
        # Discord takes a snowflake as a JSON string or integer (discord.py sends
        # integers in allowed_mentions and attachment ids); the document lists
        # only the string form.
        schemas = self.doc["components"]["schemas"]
        schemas["SnowflakeType"] = {
            "anyOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]
        }
        resource = Resource.from_contents(self.doc, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(SCHEMA_URN, resource)
        self.templates = sorted(
            self.doc["paths"],
            key=lambda p: (-len(re.sub(r"\{[^}]+\}", "", p)), p),  # most literal first
        )
        self._patterns = {
            t: re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(t)) + "$")
            for t in self.templates
        }
        self._validators: dict[tuple[str, str, str], Draft202012Validator | None] = {}

    def template(self, path: str) -> str | None:
        return next((t for t in self.templates if self._patterns[t].match(path)), None)

    def validator(self, method: str, template: str, media: str) -> Draft202012Validator | None:
        key = (method, template, media)
        if key not in self._validators:
            op = self.doc["paths"][template].get(method.lower(), {})
            content = op.get("requestBody", {}).get("content", {})
            if media not in content:
                media = "application/json" if "application/json" in content else media
            if media not in content:
                self._validators[key] = None
            else:
                pointer = "/".join(
                    s.replace("~", "~0").replace("/", "~1")
                    for s in ("paths", template, method.lower(), "requestBody", "content", media)
                )
                schema = {"$ref": f"{SCHEMA_URN}#/{pointer}/schema"}
                self._validators[key] = Draft202012Validator(schema, registry=self.registry)
        return self._validators[key]

    def check(self, method: str, path: str, body: Any) -> list[Problem]:
        template = self.template(path)
        if template is None:
            return [Problem((), "UNKNOWN_ROUTE", f"{method} {path} is not in the OpenAPI document")]
        if method.lower() not in self.doc["paths"][template]:
            return [Problem((), "METHOD_NOT_ALLOWED", f"{method} is not defined for {template}")]
        if body is None:
            return []
        validator = self.validator(method, template, "application/json")
        if validator is None:
            return []
        return [
            Problem(tuple(e.absolute_path), "SCHEMA", e.message[:300])
            for e in validator.iter_errors(body)
        ]


@lru_cache(maxsize=1)
def load_openapi() -> OpenAPI | None:
    path = openapi_path()
    return None if path is None else OpenAPI(path)


# --- documented limits the schema does not encode -----------------------------------------
def _too_long(value: Any, limit: int, path: tuple[str | int, ...]) -> Iterator[Problem]:
    if isinstance(value, str) and len(value) > limit:
        yield Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def message_limits(body: dict[str, Any], *, interaction: bool = False) -> list[Problem]:
    """A message body (create, edit, interaction response or follow-up)."""
    out: list[Problem] = []
    out += _too_long(body.get("content"), 2000, ("content",))
    out += list(_embed_limits(body.get("embeds") or []))
    out += list(_component_limits(body.get("components") or []))
    flags = body.get("flags") or 0
    if flags & EPHEMERAL and not interaction:
        out.append(
            Problem(("flags",), "MESSAGE_FLAGS", "Ephemeral is only for interaction replies.")
        )
    allowed = body.get("allowed_mentions")
    if isinstance(allowed, dict):
        parse = allowed.get("parse") or []
        for kind in ("users", "roles"):
            if kind in parse and allowed.get(kind):
                out.append(
                    Problem(
                        ("allowed_mentions", kind),
                        "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                        f"parse:[{kind}] and {kind}: [ids] are mutually exclusive.",
                    )
                )
            if len(allowed.get(kind) or []) > 100:
                out.append(Problem(("allowed_mentions", kind), "BASE_TYPE_MAX_LENGTH", "Max 100."))
    return out


def _embed_limits(embeds: list[Any]) -> Iterator[Problem]:
    if len(embeds) > 10:
        yield Problem(("embeds",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
    total = 0
    for i, e in enumerate(embeds):
        if not isinstance(e, dict):
            continue
        p: tuple[str | int, ...] = ("embeds", i)
        for key, limit in (("title", 256), ("description", 4096)):
            yield from _too_long(e.get(key), limit, (*p, key))
            total += len(e.get(key) or "")
        fields = e.get("fields") or []
        if len(fields) > 25:
            yield Problem((*p, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            yield from _too_long(f.get("name"), 256, (*p, "fields", j, "name"))
            yield from _too_long(f.get("value"), 1024, (*p, "fields", j, "value"))
            total += len(f.get("name") or "") + len(f.get("value") or "")
        footer = e.get("footer") or {}
        yield from _too_long(footer.get("text"), 2048, (*p, "footer", "text"))
        author = e.get("author") or {}
        yield from _too_long(author.get("name"), 256, (*p, "author", "name"))
        total += len(footer.get("text") or "") + len(author.get("name") or "")
    if total > 6000:
        yield Problem(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )


BUTTON, SELECTS = 2, (3, 5, 6, 7, 8)


def _component_limits(rows: list[Any]) -> Iterator[Problem]:
    if len(rows) > 5:
        yield Problem(("components",), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    for i, row in enumerate(rows):
        p: tuple[str | int, ...] = ("components", i)
        if not isinstance(row, dict) or row.get("type") != 1:
            continue
        children = row.get("components") or []
        kinds = {c.get("type") for c in children if isinstance(c, dict)}
        if not children:
            yield Problem(
                (*p, "components"), "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length."
            )
        if kinds & set(SELECTS) and len(children) > 1:
            yield Problem(
                (*p, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select fills its row."
            )
        if len(children) > 5:
            yield Problem(
                (*p, "components"), "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."
            )
        for j, c in enumerate(children):
            q = (*p, "components", j)
            if c.get("type") == BUTTON:
                yield from _too_long(c.get("label"), 80, (*q, "label"))
                if c.get("style") == 5:
                    if c.get("custom_id") or not c.get("url"):
                        yield Problem(
                            q, "BUTTON_COMPONENT_INVALID", "A link button has a url only."
                        )
                elif not c.get("custom_id"):
                    yield Problem((*q, "custom_id"), "BASE_TYPE_REQUIRED", "This field is required")
                if not c.get("label") and not c.get("emoji"):
                    yield Problem((*q, "label"), "BASE_TYPE_REQUIRED", "A label or an emoji.")
            elif c.get("type") in SELECTS:
                yield from _too_long(c.get("placeholder"), 150, (*q, "placeholder"))
                yield from _select_limits(c, q)
            yield from _too_long(c.get("custom_id"), 100, (*q, "custom_id"))
    ids = [
        c["custom_id"] for c in iter_components(rows) if isinstance(c, dict) and c.get("custom_id")
    ]
    seen: set[str] = set()
    for cid in ids:
        if cid in seen:
            yield Problem(
                ("components",), "COMPONENT_CUSTOM_ID_DUPLICATED", f"Duplicate custom id {cid!r}."
            )
        seen.add(cid)


def _select_limits(c: dict[str, Any], q: tuple[str | int, ...]) -> Iterator[Problem]:
    options = c.get("options")
    lo, hi = c.get("min_values", 1), c.get("max_values", 1)
    if not (0 <= lo <= 25 and 1 <= hi <= 25 and lo <= hi):
        yield Problem(q, "SELECT_COMPONENT_VALUES_INVALID", "min_values/max_values out of range.")
    if c.get("type") != 3:
        return
    options = options or []
    if not 1 <= len(options) <= 25:
        yield Problem(
            (*q, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length."
        )
    if hi > len(options):
        yield Problem((*q, "max_values"), "BASE_TYPE_MAX", "max_values exceeds the options.")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        yield Problem(
            (*q, "options"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Duplicate value."
        )
    if sum(1 for o in options if o.get("default")) > hi:
        yield Problem((*q, "options"), "SELECT_COMPONENT_TOO_MANY_DEFAULTS", "Too many defaults.")
    for k, o in enumerate(options):
        for key, limit in (("label", 100), ("value", 100), ("description", 100)):
            yield from _too_long(o.get(key), limit, (*q, "options", k, key))
        if not o.get("label"):
            yield Problem((*q, "options", k, "label"), "BASE_TYPE_REQUIRED", "Required.")


def autocomplete_limits(choices: list[Any]) -> list[Problem]:
    out: list[Problem] = []
    if len(choices) > 25:
        out.append(
            Problem(("data", "choices"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        )
    for i, c in enumerate(choices):
        name = c.get("name") if isinstance(c, dict) else None
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            out.append(Problem(("data", "choices", i, "name"), "BASE_TYPE_BAD_LENGTH", "1 to 100."))
        value = c.get("value") if isinstance(c, dict) else None
        if isinstance(value, str) and len(value) > 100:
            out.append(Problem(("data", "choices", i, "value"), "BASE_TYPE_MAX_LENGTH", "Max 100."))
    return out


def file_limits(files: list[tuple[str, bytes]]) -> list[Problem]:
    out: list[Problem] = []
    if len(files) > MAX_FILES:
        out.append(Problem(("files",), "BASE_TYPE_MAX_LENGTH", f"Max {MAX_FILES} files."))
    for i, (name, data) in enumerate(files):
        if len(data) > MAX_FILE_BYTES:
            out.append(Problem((f"files[{i}]",), "ENTITY_TOO_LARGE", f"{name} exceeds 10 MiB."))
    return out


COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")


def command_limits(commands: list[Any]) -> list[Problem]:
    """Application command definitions (names, descriptions, options, choices)."""
    out: list[Problem] = []
    if len(commands) > 100:
        out.append(Problem((), "BASE_TYPE_MAX_LENGTH", "Max 100 global chat commands."))
    names = [c.get("name") for c in commands]
    if len(set(names)) != len(names):
        out.append(Problem((), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Duplicate command names."))
    for i, c in enumerate(commands):
        out += _option_limits(c, (i,), top=True)
    return out


def _option_limits(
    c: dict[str, Any], p: tuple[str | int, ...], *, top: bool = False
) -> list[Problem]:
    out: list[Problem] = []
    name = c.get("name", "")
    if not COMMAND_NAME.match(name) or name != name.lower():
        out.append(Problem((*p, "name"), "APPLICATION_COMMAND_INVALID_NAME", f"Bad name {name!r}."))
    desc = c.get("description", "")
    needs_description = not top or c.get("type", 1) == 1  # chat commands and options
    if needs_description and not 1 <= len(desc) <= 100:
        out.append(Problem((*p, "description"), "BASE_TYPE_BAD_LENGTH", "1 to 100."))
    options = c.get("options") or []
    if len(options) > 25:
        out.append(Problem((*p, "options"), "BASE_TYPE_MAX_LENGTH", "Max 25 options."))
    required_seen_optional = False
    for j, o in enumerate(options):
        if o.get("type") in (1, 2):
            out += _option_limits(o, (*p, "options", j))
            continue
        if o.get("required") and required_seen_optional:
            why = "Required options must be placed before non-required options."
            code = "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"
            out.append(Problem((*p, "options", j), code, why))
        if not o.get("required"):
            required_seen_optional = True
        out += _option_limits({**o, "options": []}, (*p, "options", j))
        choices = o.get("choices") or []
        if len(choices) > 25:
            out.append(Problem((*p, "options", j, "choices"), "BASE_TYPE_MAX_LENGTH", "Max 25."))
        if choices and o.get("autocomplete"):
            out.append(Problem((*p, "options", j), "AUTOCOMPLETE_WITH_CHOICES", "Not both."))
        for k, ch in enumerate(choices):
            if not 1 <= len(ch.get("name", "")) <= 100:
                out.append(
                    Problem(
                        (*p, "options", j, "choices", k, "name"),
                        "BASE_TYPE_BAD_LENGTH",
                        "1 to 100.",
                    )
                )
    return out
