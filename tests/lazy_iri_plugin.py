"""Loaded first by `make test` (``-p tests.lazy_iri_plugin``), in the run's main process and
in each of its workers: jsonschema's IRI parsers are built on first use, not as nbval's
import of nbformat pulls jsonschema in (see hordes_kit.core.lazy_iri)."""

from hordes_kit.core import lazy_iri

lazy_iri.install()
