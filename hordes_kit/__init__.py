"""hordes_kit: rules engines, exact odds and dashboards for five fantasy card-and-dice games.

The package imports no widget library at top level; dashboards import
``hordes_kit.ui``.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
