"""Dashboards' widgets (ipywidgets + anywidget); imported only by the notebooks and tests.

Start-up speed: Voila starts a fresh kernel for every page. Importing plotly's
widget/renderer code imports nbformat -> jsonschema, whose *optional* IRI format
checker (``rfc3987_syntax``) compiles an Earley grammar at import: 2.8 s of a
3.5 s first FigureWidget on the development machine. No dashboard validates IRIs,
so dashboard kernels skip that optional checker (jsonschema treats it as absent).
"""

import sys

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]
