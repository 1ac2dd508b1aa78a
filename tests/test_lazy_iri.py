"""The server's startup defers jsonschema's IRI parsers (hordes_kit/core/lazy_iri.py): not
built when the server's modules load, built on the first IRI checked, same answers."""

from __future__ import annotations

import json
import subprocess
import sys

CHECK = """
import json, sys
if sys.argv[1] == "lazy":
    from hordes_kit.core import lazy_iri
    assert lazy_iri.install()
import hordes_kit.serve.server  # the server's modules: voila, jupyter_server, nbformat, jsonschema
for module in list(sys.modules.values()):  # tools that walk the modules (hypothesis does)
    getattr(module, "__file__", None), getattr(module, "__wrapped__", None)
built_at_load = "rfc3987_syntax.syntax_helpers" in sys.modules
import jsonschema
checker = jsonschema.Draft7Validator.FORMAT_CHECKER
values = ["https://example.org/päge?q=1#x", "mailto:a@b.c", "relative/päth", "a b"]
answers = [[checker.conforms(v, f) for f in ("iri", "iri-reference")] for v in values]
print(json.dumps({"built_at_load": built_at_load, "answers": answers}))
"""


def _run(mode: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHECK, mode], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_iri_parsers_wait_for_their_first_use_and_answer_the_same():
    plain, lazy = _run("plain"), _run("lazy")
    assert plain["built_at_load"] and not lazy["built_at_load"]
    assert lazy["answers"] == plain["answers"]
    assert [a[0] for a in plain["answers"]] == [True, True, False, False]


def test_install_leaves_an_imported_package_alone():
    import jsonschema  # noqa: F401 - this test process has it (nbformat, for nbval)

    from hordes_kit.core import lazy_iri

    assert lazy_iri.install() is False
