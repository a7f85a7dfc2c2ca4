"""Layer 7, the compiled entries: the namespace's hottest functions.

Each takes its fast path where its gate (``_modes/_gates``) allows and otherwise calls the
function of the same name in its chapter, its general path. They are compiled in the
compiled build; the public modules export them in their chapters' places.
"""
