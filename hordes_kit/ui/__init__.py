"""Dashboards' widgets (ipywidgets + anywidget); imported only by the notebooks and tests.

The shared look every game's pages are built from (one visual language, each game's
colours from ``data/themes.toml``):

- ``pieces``: pip dice, tokens, token tracks drawn as HTML; ``cardface``: card faces,
  piles (row, fan, column, stack, list), lanes and a board grid that wraps on a phone.
- ``surface.ActionView``: shows those pieces; a click on one sends its action id and
  ``view.click(action_id)`` does the same in Python. ``dice.DiceRow``/``DiceTray`` are
  dice a player holds or sets.
- ``log``: rule chips (a short rule title that opens the rule) and the game log;
  ``playback.PacedPlayback``: bot moves one at a time, asking at each turn's end.
- ``controls``: ``page`` (stylesheet + theme + phone layout), ``columns``, ``section``,
  searchable choices; ``files.SaveLoad``; ``table.RankedTable`` (a table that says
  what it measures and ranks by it); ``charts`` (``SvgChart``: charts as inline SVG).
- ``table_rules.TableRulesPanel``: the "Table rules" panel of any game (the readings a
  table may choose, built from ``core.table_rules``).

Start-up speed: Voila starts a fresh kernel for every page. Importing plotly's
widget/renderer code imports nbformat -> jsonschema, whose *optional* IRI format
checker (``rfc3987_syntax``) compiles an Earley grammar at import: 2.8 s of a
3.5 s first FigureWidget on the development machine. No dashboard validates IRIs,
so dashboard kernels skip that optional checker (jsonschema treats it as absent).

Under `hordes-kit serve`, charts load plotly's code from the server and tracebacks go
to the server's log (see hordes_kit/serve/dashboard.py).
"""

import sys

from hordes_kit.serve.dashboard import setup_kernel

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

setup_kernel()
