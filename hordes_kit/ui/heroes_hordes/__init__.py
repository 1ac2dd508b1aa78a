"""Heroes & Hordes' dashboards: ``board`` (play a game), ``walkthrough`` (worked examples
and the rules quiz), ``odds`` (battle calculator and odds). Each notebook imports the one
it shows."""
