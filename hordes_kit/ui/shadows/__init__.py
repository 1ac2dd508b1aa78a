"""Shadows: Heroes & Monsters dashboards: ``board`` (play a game), ``walkthrough`` (the
rulebook's examples and FAQ answers, and the rules quiz), ``odds`` (the Monster-Action
deck, Predict, this round against the Monster, who wins with which Hero). ``faces`` draws
the cards and ``table`` the whole table as one player sees it. Each notebook imports the
one it shows."""
