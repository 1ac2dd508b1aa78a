"""Skytear Horde pages: the walkthrough, the playable board, the odds page and the card faces
they share."""
