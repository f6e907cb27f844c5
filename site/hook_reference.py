"""The Plugins page's hook reference, written from the hookspec docstrings so it cannot drift."""
import inspect
import re

from solitaire_klondike.core import Action, Layout, Move, Pile, Refusal, Variant, Verdict, hookspecs

MARKER = re.compile(r"^```hooks\n```$", re.MULTILINE)
TYPES_MARKER = re.compile(r"^```types\n```$", re.MULTILINE)
TYPES = (Variant, Layout, Action, Move, Pile, Refusal, Verdict)
PARAM = re.compile(r":param (\w+): ")
ROLE = re.compile(r":\w+:`([^`]*)`")


def hook_functions():
    """Every hook of the hookspec module, in the order the module declares them."""
    found = [value for name, value in vars(hookspecs).items()
             if name.startswith("klondike_") and hasattr(value, f"{hookspecs.PROJECT}_spec")]
    return sorted(found, key=lambda function: function.__code__.co_firstlineno)


def annotation_text(annotation):
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def signature(function):
    """``klondike_score(score: int, action: Action) -> int | None``, quotes dropped."""
    spec = inspect.signature(function)
    parameters = ", ".join(f"{name}: {annotation_text(p.annotation)}"
                           for name, p in spec.parameters.items())
    return f"{function.__name__}({parameters}) -> {annotation_text(spec.return_annotation)}"


def markdown_text(text):
    """reST inline markup as Markdown: ``code`` and :role:`target` become code spans."""
    return ROLE.sub(r"`\1`", text.replace("``", "`"))


def paragraphs(docstring):
    """The docstring's paragraphs as single lines; ``:param x:`` lines become list items."""
    blocks = []
    for block in inspect.cleandoc(docstring).split("\n\n"):
        items = PARAM.split(" ".join(block.split()))
        if len(items) == 1:
            blocks.append(markdown_text(items[0]))
        else:
            blocks.append("\n".join(f"- `{name}`: {markdown_text(text.strip())}"
                                    for name, text in zip(items[1::2], items[2::2])))
    return blocks


def reference():
    """One section per hook: its exact signature as the heading, then its docstring."""
    sections = []
    for function in hook_functions():
        heading = f"### `{signature(function)}` {{ #{function.__name__} }}"
        sections.append("\n\n".join([heading, *paragraphs(function.__doc__)]))
    return "\n\n".join(sections)


def type_heading(cls):
    """``Action(move, kind, cards, turned, recycles, draw_count)``: the class and its fields (an enumeration:
    its names)."""
    fields = getattr(cls, "_fields", None) or tuple(getattr(cls, "__dataclass_fields__", None) or cls.__members__)
    return f"{cls.__name__}({', '.join(fields)})"


def types_reference():
    """One section per type that hooks take or return: its fields, then its docstring."""
    return "\n\n".join(
        "\n\n".join([f"### `{type_heading(cls)}` {{ #{cls.__name__.lower()} }}", *paragraphs(cls.__doc__)])
        for cls in TYPES
    )


def insert_reference(page):
    """Replace an empty ```hooks block with the hook reference, an empty ```types block with the types."""
    return TYPES_MARKER.sub(lambda _: types_reference(), MARKER.sub(lambda _: reference(), page))
