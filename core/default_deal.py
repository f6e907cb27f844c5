"""The core's own answer to ``klondike_deal``: the standard deal of R4, last in line."""

from .deal import Layout, standard_layout
from .hookspecs import hookimpl


@hookimpl(trylast=True)
def klondike_deal(deal: int) -> Layout:
    return standard_layout(deal)
