"""The desktop game, drawn with pyglet.

The window (:mod:`.window`), the table (:mod:`.view`, :mod:`.art`), the bars and panels
(:mod:`.ui`, :mod:`.table_ui`, drawn with :mod:`.plates` and :mod:`.sprite_text`) and the start
(:mod:`.app`, :mod:`.libraries`, :mod:`.fonts`, :mod:`.glconfig`, :mod:`.area`) use pyglet; the
layout, the controller, the panels' content, the session and the translations are plain Python.
"""
