"""Deal analysis: which deals are winnable, how hard, and the shipped list of graded winnable deals.

``klondike analyze`` solves a set of deals (:mod:`.spec`) on every core or on a Dask cluster
(:mod:`.runner`), one CSV row per deal written so that a stopped run resumes (:mod:`.journal`).
Grades come from :mod:`.grades`; :mod:`.shipped` reads the graded deals packed with the game.
"""
