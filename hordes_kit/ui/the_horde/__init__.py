"""The Horde's dashboards: ``board`` (play a game), ``walkthrough`` (worked examples and
the rules quiz), ``odds`` (battle odds and survival). Each notebook imports the one it
shows."""
