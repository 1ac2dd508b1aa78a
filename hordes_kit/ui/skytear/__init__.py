"""Skytear Horde pages: the playable board, the odds page and the card faces they share."""
