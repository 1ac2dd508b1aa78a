"""Skytear Horde's pages: the walkthrough (and, from the board's engineer, the board and odds)."""
