"""The panes of the play screen, one a kind of map: its map, its side panels and its keys."""
