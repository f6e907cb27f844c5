"""Finding, checking and calling plugins."""

import contextlib
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import NamedTuple, TypeVar

import pluggy

from . import default_deal, hookspecs, watchdog
from .codes import GameCode, PluginTurnedOffError
from .discovery import Found, find_entry_points
from .hookspecs import PROJECT
from .words import Catalog

T = TypeVar("T")

ENTRY_POINT_GROUP = PROJECT
CORE_NAME = "core"
DISTRIBUTION = "solitaire-klondike"   # the built-in plugins' distribution
BLOCKED = "blocked"
_TOKEN = re.compile(r"[A-Z][A-Z0-9]{0,15}")
_HOOK_PREFIX = "klondike_"
SCORE_RANGE = range(-(2**63), 2**63)  # what the store keeps: SQLite's 64-bit integers


class PluginError(RuntimeError):
    """A plugin failed to load, broke a rule of the hooks, or raised inside one.

    ``plugin`` names the plugin when it is known, so a front end can leave it out.
    """

    def __init__(self, message: str, plugin: str | None = None) -> None:
        super().__init__(message)
        self.plugin = plugin


class Variant(NamedTuple):
    """What a draw or scoring plugin declares through ``klondike_variant``.

    ``kind`` is ``"draw"`` or ``"scoring"``; ``token`` is the capital letters and digits that game
    codes use (``D1``, ``N``); ``name`` and ``description`` are what the New Game window shows, in
    English: ``words``, the plugin's own :class:`Catalog`, translates them (and any other word the
    plugin shows).  A scoring plugin sets ``carries_score`` when its score carries from game to
    game: each game's final score adds to a running balance (Cumulative Vegas), which the statistics show,
    written by the plugin's ``klondike_format_score`` like a game's score.
    """

    kind: str
    token: str
    name: str
    description: str
    words: Catalog | None = None
    carries_score: bool = False

    def translated_name(self) -> str:
        """The name in the current language, when the plugin's catalog has it."""
        return self.words.gettext(self.name) if self.words else self.name

    def translated_description(self) -> str:
        return self.words.gettext(self.description) if self.words else self.description


@dataclass
class PluginInfo:
    """One line of ``klondike plugins``."""

    name: str
    source: str
    version: str
    variant: Variant | None = None
    error: str | None = None
    plugin: object | None = None
    turned_off: bool = False

    @property
    def kind(self) -> str:
        return self.variant.kind if self.variant else "other"

    @property
    def loaded(self) -> bool:
        return self.plugin is not None

    @property
    def state(self) -> str:
        """``"on"``, ``"off"`` (turned off by the player: new games leave it out), ``"blocked"``
        (left out for this run) or ``"failed"`` (:attr:`error` says why)."""
        if self.error:
            return "blocked" if self.error == BLOCKED else "failed"
        return "off" if self.turned_off else "on"


class _Manager(pluggy.PluginManager):
    """Takes every ``klondike_*`` function as a hook, marked or not, so misspellings are caught."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        options = super().parse_hookimpl_opts(plugin, name)
        if options is None and name.startswith(_HOOK_PREFIX) and callable(getattr(plugin, name, None)):
            return {"wrapper": False, "hookwrapper": False, "optionalhook": False, "tryfirst": False,
                    "trylast": False, "specname": None}
        return options


class Plugins:
    """The plugins found at start-up, and the variants they declare."""

    def __init__(self, blocked: Iterable[str] = (), version: str | None = None) -> None:
        """``version``: the game's own (else read from its distribution's metadata)."""
        self.manager = _Manager(PROJECT)
        self.manager.add_hookspecs(hookspecs)
        self.infos: list[PluginInfo] = []
        self.blocked = set(blocked)
        self._score_hooks: dict[str, GameHooks] = {}
        for name in self.blocked:
            self.manager.set_blocked(name)
        self.add(default_deal, CORE_NAME, source="built-in", version=version or _own_version())

    def load_entry_points(self, found: list[Found] | None = None) -> "Plugins":
        """Register every plugin of the entry-point group (``found`` when given), the built-ins first
        (so their tokens stay theirs), then the others by name; a broken one is recorded, not fatal."""
        points = []
        for point in find_entry_points(ENTRY_POINT_GROUP) if found is None else found:
            source = "built-in" if point.distribution == DISTRIBUTION else point.distribution or point.value
            points.append((source != "built-in", point.name, point.value, source, point.version))
        for _third_party, name, value, source, version in sorted(points, key=lambda f: f[:2]):
            if name in self.blocked:
                self.infos.append(PluginInfo(name, source, version, error=BLOCKED))
                continue
            try:
                with _guarded(name, "importing"):
                    plugin = _load(value)
            except BaseException as exc:  # even SystemExit or KeyboardInterrupt, from its import
                self.infos.append(PluginInfo(name, source, version, error=f"cannot be imported: {_describe(exc)}"))
                continue
            self.add(plugin, name, source, version)
        return self

    def add(self, plugin: object, name: str, source: str = "added", version: str = "?") -> PluginInfo:
        """Register one plugin object or module; on failure the record says why."""
        info = PluginInfo(name, source, version)
        self.infos.append(info)
        try:
            self.manager.register(plugin, name=name)
            self.manager.check_pending()
        except (pluggy.PluginValidationError, ValueError) as exc:
            if self.manager.is_registered(plugin):
                self.manager.unregister(plugin)
            unknown = sorted(n for n in dir(plugin) if n.startswith(_HOOK_PREFIX) and not hasattr(hookspecs, n))
            misspelled = f"{', '.join(unknown)} is not a hook (misspelled?)"
            info.error = f"rejected: {misspelled if unknown else exc}"
            return info
        try:
            info.variant = self._declared_variant(plugin, name)
            dealer = callable(getattr(plugin, "klondike_deal", None)) and plugin is not default_deal
            if info.variant is None and dealer:
                raise PluginError(f"plugin {name!r} declares no variant, so it may not answer klondike_deal: only "
                                  "a game's draw and scoring plugins deal, so a code deals the same cards everywhere")
        except PluginError as exc:
            self.manager.unregister(plugin)
            info.error = str(exc)
            return info
        info.plugin = plugin
        return info

    def _declared_variant(self, plugin: object, name: str) -> Variant | None:
        impl = getattr(plugin, "klondike_variant", None)
        if impl is None:
            return None
        try:
            with _guarded(name, "answering klondike_variant"):
                variant = impl()
        except (Exception, SystemExit) as exc:
            raise PluginError(f"plugin {name!r} raised in klondike_variant: {_describe(exc)}", name) from exc
        if variant is None:
            return None
        if not isinstance(variant, Variant) or variant.kind not in ("draw", "scoring"):
            raise PluginError(f"plugin {name!r}: klondike_variant must return a Variant of kind 'draw' or 'scoring'",
                              name)
        if not isinstance(variant.token, str) or not _TOKEN.fullmatch(variant.token):
            raise PluginError(f"plugin {name!r}: token {variant.token!r} must be a string of 1 to 16 capital letters "
                              "and digits, starting with a letter", name)
        if not (isinstance(variant.name, str) and variant.name.strip() and isinstance(variant.description, str)):
            raise PluginError(f"plugin {name!r}: klondike_variant must give a name and a description as text", name)
        taken = self.variants(variant.kind).get(variant.token)
        if taken:
            raise PluginError(
                f"plugin {name!r}: {variant.kind} token {variant.token!r} is already taken by plugin {taken.name!r}",
                name)
        return variant

    def variants(self, kind: str) -> dict[str, PluginInfo]:
        """The loaded plugins of one kind (``"draw"`` or ``"scoring"``) by token, turned off or not."""
        return {i.variant.token: i for i in self.infos if i.loaded and i.variant and i.variant.kind == kind}

    def choices(self, kind: str) -> dict[str, PluginInfo]:
        """The plugins of one kind a new game may use: loaded and not turned off, by token."""
        return {token: info for token, info in self.variants(kind).items() if not info.turned_off}

    def info(self, name: str) -> PluginInfo | None:
        return next((i for i in self.infos if i.name == name), None)

    def turn(self, name: str, on: bool) -> None:
        """Turn a loaded plugin on or off for the games dealt from now on (a game in progress keeps
        its plugins); raise ``ValueError`` for the core's own plugin, for a plugin that is not
        loaded, and for the last draw or scoring plugin left on."""
        info = self.info(name)
        if info is None or not info.loaded:
            raise ValueError(f"no plugin named {name!r} is loaded")
        if name == CORE_NAME and not on:
            raise ValueError("the core's own plugin deals the cards of every game, so it cannot be turned off")
        if not on and info.variant and list(self.choices(info.variant.kind)) == [info.variant.token]:
            raise ValueError(f"{name!r} is the only {info.variant.kind} plugin left on; turn another one on first")
        info.turned_off = not on

    def parse_code(self, text: str, resuming: bool = False) -> GameCode:
        """Read a game code against the tokens of the loaded plugins; a plugin turned off is refused
        (:class:`PluginTurnedOffError`) unless ``resuming`` a game begun with it."""
        code = GameCode.parse(text, self.variants("draw"), self.variants("scoring"))
        for kind, token in (("draw", code.draw), ("scoring", code.scoring)):
            info = self.variants(kind)[token]
            if info.turned_off and not resuming:
                raise PluginTurnedOffError(kind, token, info.name)
        return code

    def hooks_for(self, code: GameCode) -> "GameHooks":
        """The hook callers of a game: its draw and scoring plugins and every other plugin left on."""
        chosen = {self.variants("draw")[code.draw].plugin, self.variants("scoring")[code.scoring].plugin}
        left_out = [i.plugin for i in self.infos
                    if i.loaded and i.plugin not in chosen and (i.variant or i.turned_off)]
        return GameHooks(self, left_out)

    def carrying_scorings(self) -> set[str]:
        """The tokens of the scoring plugins whose score carries from game to game."""
        return {token for token, info in self.variants("scoring").items()
                if info.variant and info.variant.carries_score}

    def format_score(self, scoring: str, score: int) -> str:
        """``score`` as the scoring plugin of token ``scoring`` writes it (no game is dealt)."""
        hooks = self._score_hooks.get(scoring)
        if hooks is None:
            chosen = self.variants("scoring")[scoring].plugin
            left_out = [i.plugin for i in self.infos if i.loaded and i.variant and i.plugin is not chosen]
            hooks = self._score_hooks[scoring] = GameHooks(self, left_out)
        return hooks.call("klondike_format_score", str, score=score)

    def name_of(self, plugin: object) -> str:
        return self.manager.get_name(plugin) or repr(plugin)

    def block_for_session(self, name: str, why: str) -> bool:
        """Leave a loaded plugin out from now on (games made after this do not call it); false when
        there is no such loaded plugin, or it is the core's own deal."""
        info = next((i for i in self.infos if i.name == name and i.loaded), None)
        if info is None or name == CORE_NAME:
            return False
        self.manager.unregister(info.plugin)
        info.plugin, info.error = None, f"left out for this session: {why}"
        self._score_hooks.clear()
        return True


class GameHooks:
    """Calls one game's hooks; any failure becomes a :class:`PluginError` naming the plugin.

    Every game hook is ``firstresult``: the implementations pluggy lists for the game's
    plugins are called in pluggy's order until one answers.  A hook with a wrapper goes
    through pluggy's own caller instead.
    """

    def __init__(self, plugins: Plugins, left_out: list[object]) -> None:
        self._callers: dict[str, pluggy.HookCaller] = {}
        self._chains: dict[str, list[tuple[str, Callable[..., object], tuple[str, ...]]]] = {}
        for name in dir(hookspecs):
            if not name.startswith(_HOOK_PREFIX):
                continue
            caller = plugins.manager.subset_hook_caller(name, left_out)
            impls = caller.get_hookimpls()
            self._callers[name] = caller
            if not any(impl.hookwrapper or impl.wrapper for impl in impls):
                self._chains[name] = [(plugins.name_of(i.plugin), i.function, tuple(i.argnames))
                                      for i in reversed(impls)]

    def implemented(self, name: str) -> bool:
        """Whether any of the game's plugins implements hook ``name``."""
        return bool(self._callers[name].get_hookimpls())

    def call(self, name: str, check: type[T], **kwargs: object) -> T:
        answer = self.ask(name, check, **kwargs)
        if answer is None:
            raise PluginError(f"no plugin answered {name}")
        return answer

    def ask(self, name: str, check: type[T], **kwargs: object) -> T | None:
        """Like :meth:`call`, for a hook no plugin has to answer: ``None`` when none did."""
        chain = self._chains.get(name)
        if chain is None:
            return self._call_pluggy(name, check, kwargs)
        extra = float(kwargs.get("budget", 0) or 0)  # type: ignore[arg-type]
        for plugin, function, argnames in chain:
            try:
                with _guarded(plugin, f"answering {name}", extra):
                    answer = function(*[kwargs[a] for a in argnames])
            except (Exception, SystemExit) as exc:
                raise PluginError(f"plugin {plugin!r} raised in {name}: {_describe(exc)}", plugin) from exc
            if answer is not None:
                return _checked(name, answer, check, plugin)
        return None

    def _call_pluggy(self, name: str, check: type[T], kwargs: dict[str, object]) -> T | None:
        try:
            with _guarded("(one of several)", f"answering {name}"):
                answer = self._callers[name](**kwargs)
        except (Exception, SystemExit) as exc:
            raise PluginError(f"a plugin raised in {name}: {_describe(exc)}") from exc
        return None if answer is None else _checked(name, answer, check, None)


class _guarded:  # used like a function: ``with _guarded(...)``
    """A plugin at work: what it prints goes to standard error (never into the program's output),
    and a plugin that does not finish in time is named and the program stopped (:mod:`.watchdog`).

    A class rather than a generator: it wraps every hook call, so it is kept cheap."""

    __slots__ = ("_doing", "_extra", "_outer", "_plugin", "_stdout")

    def __init__(self, plugin: str, doing: str, extra_seconds: float = 0.0) -> None:
        self._plugin, self._doing, self._extra = plugin, doing, extra_seconds

    def __enter__(self) -> None:
        self._outer = watchdog.begin(self._plugin, self._doing, self._extra)
        self._stdout, sys.stdout = sys.stdout, sys.stderr

    def __exit__(self, *exc_info: object) -> None:
        sys.stdout = self._stdout
        watchdog.end(self._outer)


def _checked(name: str, answer: object, check: type[T], plugin: str | None) -> T:
    """The answer, when it has the hook's type and holds its rules; else a :class:`PluginError`."""
    who = f"plugin {plugin!r}" if plugin else "a plugin"
    if not isinstance(answer, check) or (isinstance(answer, bool) and check is int):
        raise PluginError(f"{name} got {_short(answer)} from {who}, not {_type_words(check)}", plugin)
    rule = _ANSWER_RULES.get(name)
    problem = rule(answer) if rule else None
    if problem:
        raise PluginError(f"{name} got a wrong answer from {who}: {problem}", plugin)
    return answer


def _layout_problem(layout: object) -> str | None:
    try:
        layout.check()  # type: ignore[attr-defined]
    except ValueError as exc:
        return f"a broken layout: {exc}"
    return None


def _score_problem(score: object) -> str | None:
    return None if score in SCORE_RANGE else f"{_short(score)} is beyond the scores the game keeps (64-bit)"


def _short(answer: object) -> str:
    text = repr(answer)
    return text if len(text) <= 80 else text[:77] + "..."


_ANSWER_RULES: dict[str, Callable[[object], str | None]] = {
    "klondike_deal": _layout_problem,
    "klondike_initial_score": _score_problem,
    "klondike_score": _score_problem,
    "klondike_timed_score": _score_problem,
    "klondike_draw_count": lambda n: None if 1 <= n <= 52 else f"{n} cards a tap (it must be 1 to 52)",  # type: ignore[operator]
    "klondike_recycle_limit": lambda n: None if n >= -1 else f"{n} (use a count, or NO_LIMIT: -1)",  # type: ignore[operator]
    "klondike_format_score": lambda text: None if len(text) <= 40 else "a score text longer than 40 characters",  # type: ignore[arg-type]
}


def load_plugins(blocked: Iterable[str] = (), turned_off: Iterable[str] = (), remembered: Path | None = None
                 ) -> Plugins:
    """Every plugin of the entry-point group, less the blocked names; ``turned_off`` names the
    plugins the player turned off (those that cannot be are left on); ``remembered`` is a file
    that keeps what was found, for the next run (:mod:`.discovery`)."""
    found = find_entry_points(ENTRY_POINT_GROUP, remembered)
    own = next((point.version for point in found if point.distribution == DISTRIBUTION), None)
    plugins = Plugins(blocked, own).load_entry_points(found)
    for name in turned_off:
        with contextlib.suppress(ValueError):  # not installed any more, the core, the last of its kind
            plugins.turn(name, on=False)
    return plugins


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _type_words(check: type) -> str:
    return {"int": "a whole number", "str": "a string"}.get(check.__name__, f"a {check.__name__}")


def _own_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:
        return "?"


def _load(value: str) -> object:
    """What an entry point's ``module:attribute.attribute [extras]`` names, imported."""
    module, _colon, attributes = value.partition("[")[0].partition(":")
    found: object = import_module(module.strip())
    for attribute in filter(None, attributes.strip().split(".")):
        found = getattr(found, attribute)
    return found
