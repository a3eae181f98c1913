"""The documentation stands on its own and agrees with the code.

- Every relative link in README.md and docs/**/*.md opens a file of the repository (and,
  for links into Markdown files, a heading that exists there).
- Nothing points to the team's workbench files outside the repository.
- Every rule ID has its own entry in docs/rules/, cited IDs in the code can be looked
  up there, and (when the workbench rules file is present) every ID it defines is covered.
- The tables of docs/rules/ (tiles, bookmaker tiles, chips, cards) match the engine's
  data tables, and the worked example of docs/notation.md replays to what it shows.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import __main__ as engine_cli
from engine.directions import EDGE_INDEX, HALF_INDEX, LOCATION_ORDER
from engine.expansions import christmas_cards, gifts
from engine.expansions.abbot import GARDEN_KINDS
from engine.expansions.bet_chips import CHIP_SET
from engine.expansions.bets import BOOKMAKER_KINDS
from engine.expansions.river import RIVER_KINDS
from engine.moves import parse_move
from engine.tiles import BASE_KINDS, TileKind

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = DOCS / "rules"
# Where the team's workbench keeps the rules file this reference was written from.
WORKBENCH_RULES = (ROOT.parent / "shared" / "RULES.md", Path("/work/shared/RULES.md"))

# The check, byte for byte: grep -rn "RULES.md\|NOTATION.md\|\.\./shared" README.md docs/
FORBIDDEN = re.compile(rb"RULES.md|NOTATION.md|\.\./shared|\bshared/(?:RULES|NOTATION|seeds)")
RULE_ID = re.compile(r"(?<![\w.-])([BGTXCRA]-\d+(?:\.\d+)?)(?![\w]|\.\d)")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
REF_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.MULTILINE)
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$", re.MULTILINE)


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def without_code(text: str) -> str:
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out = set()
    for _, title in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(title)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(path: Path) -> Iterator[str]:
    text = without_code(path.read_text(encoding="utf-8"))
    yield from LINK.findall(text)
    yield from REF_LINK.findall(text)


# --- links and references -------------------------------------------------------------
@pytest.mark.parametrize("path", markdown_files(), ids=rel)
def test_relative_links_open_files_of_the_repository(path: Path) -> None:
    broken = []
    for target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        dest = (path.parent / file_part).resolve() if file_part else path
        if not dest.is_relative_to(ROOT) or not dest.exists():
            broken.append(f"{target}: no such file in the repository")
            continue
        if dest.is_dir():
            broken.append(f"{target}: a folder; link to a file in it (e.g. its README.md)")
            continue
        if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading with anchor #{anchor} in {rel(dest)}")
    assert not broken, f"{rel(path)}:\n" + "\n".join(broken)


def test_no_reference_outside_the_repository() -> None:
    paths = [ROOT / "README.md", *(p for p in sorted(DOCS.rglob("*")) if p.is_file())]
    hits = []
    for path in paths:
        for number, line in enumerate(path.read_bytes().splitlines(), 1):
            if FORBIDDEN.search(line):
                hits.append(f"{rel(path)}:{number}: {line.decode(errors='replace').strip()}")
    assert not hits, "the docs point to files a reader of the repository cannot open:\n" + (
        "\n".join(hits)
    )


# --- rule IDs -------------------------------------------------------------------------
def rule_entries() -> dict[str, str]:
    """Rule ID -> its entry: the heading's title, then the text up to the next heading."""
    entries: dict[str, str] = {}
    for path in sorted(RULES.glob("*.md")):
        text = FENCE.sub("", path.read_text(encoding="utf-8"))
        heads = list(HEADING.finditer(text))
        for i, head in enumerate(heads):
            m = RULE_ID.match(head.group(2))
            if m is None:
                continue
            end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            assert m.group(1) not in entries, f"{m.group(1)} has two entries ({path.name})"
            entries[m.group(1)] = head.group(2) + text[head.end() : end]
    return entries


def test_every_rule_id_cited_in_code_and_docs_has_its_own_entry() -> None:
    entries = rule_entries()
    cited: dict[str, str] = {}
    for folder in ("engine", "bot", "cogs", "renders", "db", "tests", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rule, rel(path))
    for path in markdown_files():
        for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, rel(path))
    missing = {rule: where for rule, where in cited.items() if rule not in entries}
    assert not missing, f"rule IDs cited but without an entry in docs/rules/: {missing}"


def test_every_rule_of_the_workbench_rules_file_is_covered() -> None:
    source = next((p for p in WORKBENCH_RULES if p.is_file()), None)
    if source is None:
        pytest.skip(
            "the team's workbench rules file (../shared/RULES.md) is not present here; "
            "docs/rules/ is the project's own reference and is checked by the other tests"
        )
    defined = set(RULE_ID.findall(source.read_text(encoding="utf-8")))
    missing = sorted(defined - set(rule_entries()))
    assert not missing, f"rule IDs of {source} without an entry in docs/rules/: {missing}"


# --- tables against the engine's data ---------------------------------------------------
def tables(path: Path, first_header: str) -> list[list[dict[str, str]]]:
    """Markdown tables of ``path`` whose first header cell is ``first_header``, as rows of
    header -> cell (``\\|`` inside a cell is a literal bar)."""
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        cells = split_row(line)
        if not cells or cells[0] != first_header or i + 1 >= len(lines):
            continue
        if not set(lines[i + 1].replace("|", "").strip()) <= set("-: "):
            continue
        rows = []
        for row in lines[i + 2 :]:
            values = split_row(row)
            if not values:
                break
            assert len(values) == len(cells), f"{path.name}: bad table row {row!r}"
            rows.append(dict(zip(cells, values, strict=True)))
        out.append(rows)
    return out


def split_row(line: str) -> list[str]:
    line = line.strip()
    if not line.startswith("|"):
        return []
    parts = re.split(r"(?<!\\)\|", line.strip("|"))
    return [p.strip().replace("\\|", "|") for p in parts]


def code(cell: str) -> str:
    return cell.strip().strip("`")


def none(cell: str) -> bool:
    return cell in ("–", "-", "")


TileShape = tuple[int, str, frozenset, frozenset, bool, frozenset]


def shape_from_row(row: dict[str, str]) -> TileShape:
    """A tile row of the docs as (count, edges, cities, roads, monastery, fields)."""
    edges = "".join(row["Edges N E S W"].split())
    pennant = 0 if none(row["Pennant"]) else int(row["Pennant"])
    cities: dict[str, frozenset[int]] = {}
    if not none(row["Cities"]):
        for name in row["Cities"].split(";"):
            cities[name.strip()] = frozenset(EDGE_INDEX[e] for e in name.strip().split("+"))
    roads = frozenset(
        frozenset(EDGE_INDEX[e] for e in seg.strip().split("+"))
        for seg in ([] if none(row["Roads"]) else row["Roads"].split(";"))
    )
    fields = set()
    for seg in [] if none(row["Fields"]) else row["Fields"].split(";"):
        halves, _, touched = seg.partition("→")
        adj = frozenset(cities[c.strip()] for c in touched.split(",") if c.strip())
        fields.add((frozenset(HALF_INDEX[h] for h in halves.split()), adj))
    # The Pennant column counts the pennants of the tile's one city.
    assert not pennant or len(cities) == 1, f"tile {row['Kind']}: whose pennant?"
    city_set = frozenset((city, pennant) for city in cities.values())
    monastery = row.get("Monastery", "–") == "yes"
    return (int(row["Tiles"]), edges, city_set, roads, monastery, frozenset(fields))


def shape_from_code(tile: TileKind) -> TileShape:
    segs = tile.segments
    cities = [s for s in segs if s.kind == "city"]
    city_set = frozenset((frozenset(s.edges), s.pennants) for s in cities)
    roads = frozenset(frozenset(s.edges) for s in segs if s.kind == "road")
    fields = frozenset(
        (frozenset(s.halves), frozenset(frozenset(segs[a].edges) for a in s.adj))
        for s in segs
        if s.kind == "field"
    )
    return (tile.count, tile.edges, city_set, roads, tile.monastery, fields)


# B-11, T-8, R-1
TILE_PAGES = {"base.md": BASE_KINDS, "bets.md": BOOKMAKER_KINDS, "river.md": RIVER_KINDS}


@pytest.mark.parametrize("page", TILE_PAGES)
def test_tile_tables_match_the_engine(page: str) -> None:
    kinds = TILE_PAGES[page]
    (rows,) = tables(RULES / page, "Kind")
    documented = {row["Kind"]: shape_from_row(row) for row in rows}
    assert list(documented) == [t.kind for t in kinds]
    for tile in kinds:
        assert documented[tile.kind] == shape_from_code(tile), f"{page}: tile {tile.kind}"
        assert (tile.centre == "office") == (page == "bets.md")


def test_base_tile_totals_stated_in_the_docs() -> None:
    text = (RULES / "base.md").read_text(encoding="utf-8")
    tiles = sum(t.count for t in BASE_KINDS)
    pennants = sum(t.count * t.pennants for t in BASE_KINDS)
    monasteries = sum(t.count for t in BASE_KINDS if t.monastery)
    assert f"**{tiles} tiles**" in text
    assert f"**{pennants} pennants**" in text
    assert f"**{monasteries} monasteries**" in text
    bets = (RULES / "bets.md").read_text(encoding="utf-8")
    assert f"**{len(BOOKMAKER_KINDS)} bookmaker tiles**" in bets
    assert f"**{tiles + len(BOOKMAKER_KINDS)} tiles**" in bets


def test_river_and_garden_totals_stated_in_the_docs() -> None:
    river = (RULES / "river.md").read_text(encoding="utf-8")
    assert f"**{sum(t.count for t in RIVER_KINDS)} river tiles**" in river
    assert f"**{len(RIVER_KINDS)} kinds**" in river
    assert f"**{sum(t.count for t in RIVER_KINDS if t.monastery)} monastery**" in river
    (rows,) = tables(RULES / "abbot.md", "Kind")
    assert [(r["Kind"], int(r["Tiles"]), r["Plays as"]) for r in rows] == [
        (t.kind, t.count, t.twin_of) for t in GARDEN_KINDS
    ]


WIN = re.compile(r"^(?:exactly (\d+)|(\d+) or more) tiles?: (\d+) points?$")


def test_chip_table_matches_the_engine() -> None:
    (rows,) = tables(RULES / "bets.md", "Chip")
    documented = {}
    for row in rows:
        wins = []
        for part in row["Wins"].split(";"):
            m = WIN.match(part.strip())
            assert m, f"cannot read {part!r} in the chip table"
            exact, at_least, points = m.groups()
            low = int(exact or at_least)
            wins.append((low, low if exact else None, int(points)))
        documented[code(row["Chip"])] = wins
    assert documented == {
        chip.face: [(w.low, w.high, w.points) for w in chip.wins] for chip in CHIP_SET
    }
    text = (RULES / "bets.md").read_text(encoding="utf-8")
    assert f"same **{len(CHIP_SET)} chips**" in text


def test_gift_cards_match_the_engine() -> None:
    (rows,) = tables(RULES / "gifts.md", "Card id")
    assert {code(r["Card id"]): int(r["Copies"]) for r in rows} == {
        c.id: c.count for c in gifts.CARDS.values()
    }
    assert {code(r["Card id"]): r["Name"] for r in rows} == {
        c.id: c.name for c in gifts.CARDS.values()
    }
    entries = rule_entries()
    for card in gifts.CARDS.values():
        heading = entries[card.rule].splitlines()[0]
        assert heading == f"{card.rule} {card.name}", f"the entry of {card.id} is {heading!r}"


def test_christmas_cards_match_the_engine() -> None:
    rows = [row for table in tables(RULES / "christmas.md", "Card id") for row in table]
    documented = {code(r["Card id"]): r for r in rows}
    designs = christmas_cards.DESIGNS
    assert list(documented) == [d.id for d in designs]
    entries = rule_entries()
    for d in designs:
        row = documented[d.id]
        assert row["Rule"] == d.rule, d.id
        assert row["Name"] == d.name, d.id
        assert row["Class"].split()[0].rstrip(",") == d.timing, d.id
        assert ("attack" in row["Class"]) == d.attack, d.id
        assert f"`{d.id}`" in entries[d.rule], f"{d.id} is not named in the entry of {d.rule}"
    text = (RULES / "christmas.md").read_text(encoding="utf-8")
    per_deck = len(christmas_cards.deck_cards("abbey"))
    assert f"**{2 * per_deck} cards**" in text
    assert f"**{per_deck}**" in text


# --- notation ---------------------------------------------------------------------------
NOTATION = DOCS / "notation.md"


def code_blocks(path: Path) -> list[str]:
    return [
        m.group(0).split("\n", 1)[1].rsplit("```", 1)[0]
        for m in FENCE.finditer(path.read_text(encoding="utf-8"))
    ]


def example_record() -> dict[str, object]:
    records = [json.loads(b) for b in code_blocks(NOTATION) if b.lstrip().startswith("{\n")]
    assert len(records) == 1, "docs/notation.md should hold one JSON record example"
    record: dict[str, object] = records[0]
    return record


def replay_output(
    record: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code_ = engine_cli.main(["replay", str(path)])
    return code_, capsys.readouterr().out.strip()


def test_location_codes_are_the_engines() -> None:
    (rows,) = tables(NOTATION, "Code")
    codes = tuple(c for row in rows for c in row["Code"].replace("`", " ").split())
    assert codes == LOCATION_ORDER
    assert " ".join(LOCATION_ORDER) in NOTATION.read_text(encoding="utf-8")


def test_notation_example_replays_to_the_output_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = example_record()
    outputs = [b.strip() for b in code_blocks(NOTATION) if b.startswith('{"scores"')]
    assert len(outputs) == 2, "expected the replay output and the rejected replay output"
    status, out = replay_output(record, tmp_path, capsys)
    assert (status, out) == (0, outputs[0])

    # The rejection example: Bo's follower on NNE (the big field) instead of the road.
    changed = copy.deepcopy(record)
    actions = changed["actions"]
    assert isinstance(actions, list)
    actions[3]["location"] = "NNE"
    status, out = replay_output(changed, tmp_path, capsys)
    assert (status, out) == (2, outputs[1])


def test_notation_text_moves_are_the_record_actions() -> None:
    (rows,) = tables(NOTATION, "Turn")
    actions = []
    for row in rows:
        seat = re.search(r"seat (\d+)", row["Player"])
        assert seat, f"no seat in {row['Player']!r}"
        actions += parse_move(code(row["Text move"])).actions(int(seat.group(1)))
    assert actions == example_record()["actions"]
    for text in ("V 1,0 r90 SSW", "D -1,0 r180 -"):  # the examples of the text-move section
        assert f"`{text}`" in NOTATION.read_text(encoding="utf-8")
        assert str(parse_move(text)) == text
