"""Finding, checking and calling plugins."""

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TypeVar

import pluggy

from . import default_deal, hookspecs
from .codes import GameCode
from .hookspecs import PROJECT

T = TypeVar("T")

ENTRY_POINT_GROUP = PROJECT
CORE_NAME = "core"
_TOKEN = re.compile(r"[A-Z][A-Z0-9]*")
_HOOK_PREFIX = "klondike_"


class PluginError(RuntimeError):
    """A plugin failed to load, broke a rule of the hooks, or raised inside one."""


@dataclass(frozen=True)
class Variant:
    """What a draw or scoring plugin declares through ``klondike_variant``.

    ``kind`` is ``"draw"`` or ``"scoring"``; ``token`` is the capital letters and digits that game
    codes use (``D1``, ``N``); ``name`` and ``description`` are what the New Game window shows.
    """

    kind: str
    token: str
    name: str
    description: str


@dataclass
class PluginInfo:
    """One line of ``klondike plugins``."""

    name: str
    source: str
    version: str
    variant: Variant | None = None
    error: str | None = None
    plugin: object | None = None

    @property
    def kind(self) -> str:
        return self.variant.kind if self.variant else "other"

    @property
    def loaded(self) -> bool:
        return self.plugin is not None


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

    def __init__(self, blocked: Iterable[str] = ()) -> None:
        self.manager = _Manager(PROJECT)
        self.manager.add_hookspecs(hookspecs)
        self.infos: list[PluginInfo] = []
        self.blocked = set(blocked)
        for name in self.blocked:
            self.manager.set_blocked(name)
        self.add(default_deal, CORE_NAME, source="built-in", version=_own_version())

    def load_entry_points(self) -> "Plugins":
        """Register every plugin of the entry-point group; a broken one is recorded, not fatal."""
        for point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda p: p.name):
            dist = point.dist
            source = "built-in" if dist and dist.name == "solitaire-klondike" else (dist.name if dist else point.value)
            version = dist.version if dist else "?"
            if point.name in self.blocked:
                self.infos.append(PluginInfo(point.name, source, version, error="blocked"))
                continue
            try:
                plugin = point.load()
            except Exception as exc:  # any import failure of a third-party plugin
                error = f"cannot be imported: {_describe(exc)}"
                self.infos.append(PluginInfo(point.name, source, version, error=error))
                continue
            self.add(plugin, point.name, source, version)
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
            variant = impl()
        except Exception as exc:
            raise PluginError(f"plugin {name!r} raised in klondike_variant: {_describe(exc)}") from exc
        if variant is None:
            return None
        if not isinstance(variant, Variant) or variant.kind not in ("draw", "scoring"):
            raise PluginError(f"plugin {name!r}: klondike_variant must return a Variant of kind 'draw' or 'scoring'")
        if not _TOKEN.fullmatch(variant.token):
            raise PluginError(
                f"plugin {name!r}: token {variant.token!r} must be capital letters and digits, starting with a letter")
        taken = self.variants(variant.kind).get(variant.token)
        if taken:
            raise PluginError(
                f"plugin {name!r}: {variant.kind} token {variant.token!r} is already taken by plugin {taken.name!r}")
        return variant

    def variants(self, kind: str) -> dict[str, PluginInfo]:
        """The loaded plugins of one kind (``"draw"`` or ``"scoring"``) by token."""
        return {i.variant.token: i for i in self.infos if i.loaded and i.variant and i.variant.kind == kind}

    def parse_code(self, text: str) -> GameCode:
        """Read a game code against the tokens of the loaded plugins."""
        return GameCode.parse(text, self.variants("draw"), self.variants("scoring"))

    def hooks_for(self, code: GameCode) -> "GameHooks":
        """The hook callers of a game: its draw and scoring plugins and every other plugin."""
        chosen = {self.variants("draw")[code.draw].plugin, self.variants("scoring")[code.scoring].plugin}
        left_out = [i.plugin for i in self.infos if i.loaded and i.variant and i.plugin not in chosen]
        return GameHooks(self, left_out)

    def name_of(self, plugin: object) -> str:
        return self.manager.get_name(plugin) or repr(plugin)


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
        for plugin, function, argnames in chain:
            try:
                answer = function(*[kwargs[a] for a in argnames])
            except Exception as exc:
                raise PluginError(f"plugin {plugin!r} raised in {name}: {_describe(exc)}") from exc
            if answer is not None:
                return _checked(name, answer, check, f"plugin {plugin!r}")
        return None

    def _call_pluggy(self, name: str, check: type[T], kwargs: dict[str, object]) -> T | None:
        try:
            answer = self._callers[name](**kwargs)
        except Exception as exc:
            raise PluginError(f"a plugin raised in {name}: {_describe(exc)}") from exc
        return None if answer is None else _checked(name, answer, check, "a plugin")


def _checked(name: str, answer: object, check: type[T], who: str) -> T:
    if not isinstance(answer, check) or (isinstance(answer, bool) and check is int):
        raise PluginError(f"{name} got {answer!r} from {who}, not {_type_words(check)}")
    return answer


def load_plugins(blocked: Iterable[str] = ()) -> Plugins:
    """Every plugin of the entry-point group, less the blocked names."""
    return Plugins(blocked).load_entry_points()


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _type_words(check: type) -> str:
    return {"int": "a whole number", "str": "a string"}.get(check.__name__, f"a {check.__name__}")


def _own_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("solitaire-klondike")
    except PackageNotFoundError:
        return "?"
