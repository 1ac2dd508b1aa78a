"""Dashboards' widgets (ipywidgets + anywidget); imported only by the notebooks and tests.

Start-up speed: Voila starts a fresh kernel for every page. Importing plotly's
widget/renderer code imports nbformat -> jsonschema, whose *optional* IRI format
checker (``rfc3987_syntax``) compiles an Earley grammar at import: 2.8 s of a
3.5 s first FigureWidget on the development machine. No dashboard validates IRIs,
so dashboard kernels skip that optional checker (jsonschema treats it as absent).

Under `hordes-kit serve`, charts load plotly's code from the server and tracebacks go
to the server's log (see hordes_kit/serve_dashboard.py).
"""

import os
import sys

from hordes_kit.serve_dashboard import ENV, log_tracebacks, use_served_plotly

sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

if os.environ.get(ENV) == "1":
    use_served_plotly()
    log_tracebacks()
