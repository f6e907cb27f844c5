"""The Plugins window's contents (no window here): every plugin, its state and its switch."""

from solitaire_klondike.core import load_plugins
from solitaire_klondike.frontends import i18n
from solitaire_klondike.frontends.pyglet.plugins_window import PluginsForm


def texts(panel) -> list[str]:
    return [w.text + " " + w.detail for row in panel.rows for w in row]


def test_every_plugin_is_listed_with_kind_token_version_source_and_state():
    plugins = load_plugins(blocked=["normal"], turned_off=["vegas3"])
    panel = PluginsForm(plugins).panel()
    shown = "\n".join(texts(panel))
    for info in plugins.infos:
        assert (info.variant.name if info.variant else info.name) in shown
    pair = next(w for row in panel.rows for w in row if w.kind == "pair" and w.text == "Vegas, three passes")
    assert pair.detail.splitlines()[1] == "Scoring · token V3 · version 0.1.0 · built in"
    assert panel.widget("plugin_off:vegas3").selected and not panel.widget("plugin_on:vegas3").selected
    assert panel.widget("plugin_on:draw1").selected
    assert panel.widget("plugin_on:core") is None and "cannot be turned off" in shown
    assert panel.widget("plugin_on:normal") is None and "--block-plugin" in shown


def test_a_switch_turns_a_plugin_off_for_new_games_and_says_what_to_remember():
    plugins = load_plugins()
    form = PluginsForm(plugins)
    assert form.switch("plugin_off:timed_standard")
    assert "TS" not in plugins.choices("scoring") and form.turned_off() == ["timed_standard"]
    assert form.switch("plugin_on:timed_standard") and form.turned_off() == []


def test_the_last_draw_plugin_cannot_be_switched_off():
    plugins = load_plugins(turned_off=["draw1"])
    form = PluginsForm(plugins)
    assert not form.switch("plugin_off:draw3")
    assert form.error and form.panel().widget("error") is not None
    assert "D3" in plugins.choices("draw")


def test_the_window_speaks_the_players_language():
    i18n.set_language("el")
    try:
        shown = "\n".join(texts(PluginsForm(load_plugins()).panel()))
        assert "Πρόσθετα" in shown and "Χωρίς βαθμολογία" in shown and "Ενεργό" in shown
    finally:
        i18n.set_language("en")


def test_a_failed_plugin_says_why_in_plain_words():
    from solitaire_klondike.core import PluginInfo

    plugins = load_plugins()
    plugins.infos.append(PluginInfo("broken", "klondike-broken", "1.0",
                                    error="cannot be imported: ModuleNotFoundError: No module named 'gone'"))
    panel = PluginsForm(plugins).panel()
    assert panel.widget("plugin_on:broken") is None
    assert "It could not be loaded, so the game goes on without it: ModuleNotFoundError: No module named 'gone'" in \
        "\n".join(texts(panel))
