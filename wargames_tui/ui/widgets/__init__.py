"""Widgets of the play screen: the hex map and the side panels."""
