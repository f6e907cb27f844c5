"""Plugin discovery, checking and failure, with real distributions installed for the test."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire_klondike.core import (
    CARD_NAMES,
    Game,
    IllegalMoveError,
    InvalidCodeError,
    PluginError,
    Variant,
    load_plugins,
)

DISTS = Path(__file__).parent.parent / "plugin_dists"
KLONDIKE = [sys.executable, "-m", "solitaire_klondike.frontends.cli"]


@pytest.fixture(scope="session")
def third_party(tmp_path_factory) -> Path:
    """A folder where three real third-party distributions are pip-installed."""
    target = tmp_path_factory.mktemp("site-packages")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation", "--target", str(target),
         *(str(DISTS / name) for name in ("draw_two", "broken_import", "misspelled_hook"))],
        check=True, capture_output=True,
    )
    return target


@pytest.fixture
def with_third_party(third_party, monkeypatch):
    monkeypatch.syspath_prepend(str(third_party))
    return third_party


def klondike(*args: str, pythonpath: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([*KLONDIKE, *args], capture_output=True, text=True, env=env, input=stdin)


def test_the_four_built_ins_register_through_the_entry_point_group():
    plugins = load_plugins()
    found = {i.name: (i.kind, i.variant and i.variant.token, i.source, i.loaded) for i in plugins.infos}
    assert found["draw1"] == ("draw", "D1", "built-in", True)
    assert found["draw3"] == ("draw", "D3", "built-in", True)
    assert found["normal"] == ("scoring", "N", "built-in", True)
    assert found["vegas"] == ("scoring", "V", "built-in", True)
    assert found["core"] == ("other", None, "built-in", True)


def test_a_third_party_draw_plugin_plays_through_its_token(with_third_party):
    plugins = load_plugins()
    game = Game.from_text("KL1-D2V-AAAAAAG", plugins)
    game.push_text("S")
    assert [CARD_NAMES[c] for c in game.position.waste] == ["QH", "JH"]
    while game.position.stock:
        game.push_text("S")
    assert len(game.position.waste) == 24
    with pytest.raises(IllegalMoveError, match="never turns the waste back"):
        game.push_text("S")  # Vegas still decides the passes


def test_broken_third_party_plugins_are_named_and_the_others_still_load(with_third_party):
    plugins = load_plugins()
    infos = {i.name: i for i in plugins.infos}
    assert not infos["broken"].loaded and "klondike_dependency_that_is_not_installed" in infos["broken"].error
    assert not infos["misspelled"].loaded
    assert infos["misspelled"].error == "rejected: klondike_format_scroe is not a hook (misspelled?)"
    assert infos["draw2"].loaded and infos["draw2"].version == "1.2.0" and infos["draw2"].source == "klondike-draw-two"
    assert Game.from_text("KL1-D1N-AAAAAAG", plugins).score_text == "0"


def test_klondike_plugins_lists_every_plugin_found(third_party):
    result = klondike("plugins", pythonpath=third_party)
    assert result.returncode == 0
    lines = {line.split()[0]: line for line in result.stdout.splitlines()[1:]}
    assert lines["draw2"].split()[:5] == ["draw2", "draw", "D2", "1.2.0", "klondike-draw-two"]
    assert lines["draw2"].rstrip().endswith("on")
    assert "failed: cannot be imported: ModuleNotFoundError" in lines["broken"]
    assert "failed: rejected: klondike_format_scroe is not a hook" in lines["misspelled"]
    assert "plugin broken (klondike-broken-import) is not loaded" in result.stderr


def test_a_third_party_code_replays_from_the_command_line(third_party):
    result = klondike("replay", "KL1-D2N-AAAAAAG", "S", "S", "--json", pythonpath=third_party)
    data = json.loads(result.stdout)
    assert data["code"] == "KL1-D2N-AAAAAAG" and data["waste"] == ["QH", "JH", "AS", "QC"]


def test_a_blocked_plugin_is_not_loaded_and_its_token_is_unknown():
    plugins = load_plugins(blocked=["vegas"])
    assert next(i for i in plugins.infos if i.name == "vegas").error == "blocked"
    with pytest.raises(InvalidCodeError, match="unknown scoring token 'V'"):
        plugins.parse_code("KL1-D1V-AAAAAAG")
    result = klondike("--block-plugin", "vegas", "plugins")
    assert [line.split()[-1] for line in result.stdout.splitlines() if line.startswith("vegas ")] == ["blocked"]


class RaisesInScore:
    def klondike_score(self, score, action):
        raise ZeroDivisionError("division by zero")


def test_a_plugin_raising_in_a_hook_is_named_and_the_action_changes_nothing():
    plugins = load_plugins()
    plugins.add(RaisesInScore(), "faulty-scorer")
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    before = game.position.key()
    with pytest.raises(PluginError, match="plugin 'faulty-scorer' raised in klondike_score: ZeroDivisionError"):
        game.push_text("S")
    assert game.position.key() == before and game.history == [] and game.score == 0


class BadDrawCount:
    def klondike_draw_count(self):
        return "three"


def test_a_wrong_answer_from_a_hook_is_named():
    plugins = load_plugins()
    plugins.add(BadDrawCount(), "bad-draw")
    with pytest.raises(PluginError, match="klondike_draw_count got 'three' from plugin 'bad-draw', not a whole number"):
        Game.from_text("KL1-D1N-AAAAAAG", plugins)


class BrokenVariant:
    def klondike_variant(self):
        return Variant("draw", "D1", "Copy", "Takes a token that is taken")


class RaisingVariant:
    def klondike_variant(self):
        raise RuntimeError("oops")


def test_a_plugin_with_a_bad_declaration_is_refused_and_named():
    plugins = load_plugins()
    taken = plugins.add(BrokenVariant(), "copycat")
    raising = plugins.add(RaisingVariant(), "raiser")
    assert not taken.loaded and taken.error == "plugin 'copycat': draw token 'D1' is already taken by plugin 'draw1'"
    assert not raising.loaded and "raised in klondike_variant: RuntimeError: oops" in raising.error
    assert Game.from_text("KL1-D1N-AAAAAAG", plugins).position.draw_count == 1


class FaceUpDeal:
    """An "other" plugin that would replace the core's deal with a broken one."""

    def klondike_deal(self, deal):
        from solitaire_klondike.core import standard_layout

        layout = standard_layout(deal)
        return type(layout)(layout.tableau, (0,) * 7, layout.stock)


class FaceUpDraw(FaceUpDeal):
    """The same deal from a draw plugin, which may deal the games whose code names it."""

    def klondike_variant(self):
        return Variant("draw", "DF", "Face up", "Every card dealt face up")

    def klondike_draw_count(self):
        return 1


def test_r4_a_plugin_with_no_variant_that_deals_is_refused_at_load_and_named():
    plugins = load_plugins()
    info = plugins.add(FaceUpDeal(), "face-up")
    assert not info.loaded and "plugin 'face-up' declares no variant, so it may not answer klondike_deal" in info.error
    game = Game.from_text("KL1-D1N-AAAAAAG", plugins)
    assert game.position.key() == Game.from_text("KL1-D1N-AAAAAAG", load_plugins()).position.key()


def test_r4_a_draw_plugin_deals_only_its_own_games_and_its_deal_is_checked():
    plugins = load_plugins()
    assert plugins.add(FaceUpDraw(), "face-up").loaded
    with pytest.raises(PluginError, match=r"broken layout.*built down in alternating colours"):
        Game.from_text("KL1-DFN-AAAAAAG", plugins)
    assert Game.from_text("KL1-D1N-AAAAAAG", plugins).position.hidden == [0, 1, 2, 3, 4, 5, 6]


def test_only_the_chosen_draw_and_scoring_plugins_answer():
    plugins = load_plugins()
    for code, draw, text in (("KL1-D1N-AAAAAAG", 1, "0"), ("KL1-D3V-AAAAAAG", 3, "-$52")):
        game = Game.from_text(code, plugins)
        assert game.position.draw_count == draw and game.score_text == text
