"""The desktop game, drawn with pyglet.

Only :mod:`.app`, :mod:`.window`, :mod:`.view`, :mod:`.ui` and :mod:`.art` import pyglet;
the layout, the controller, the panels, the session and the translations are plain Python.
"""
