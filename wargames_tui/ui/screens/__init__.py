"""Screens of the client: menu, new game, load game, play, actions, help, victory."""
