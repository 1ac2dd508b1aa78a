"""Fantahzee's dashboards: ``board`` (play a game), ``walkthrough`` (the rulebook's
examples), ``odds`` (the dice-odds explorer). Each notebook imports the one it shows."""
