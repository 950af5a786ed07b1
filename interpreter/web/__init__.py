"""The designer's desk: a local web app (`importexport serve`) with a card gallery, a card editor with
live checks and A/B tries, a game viewer and play against the bots. Needs the optional extra `web`."""
