"""COMMANDO n°4: Dieppe 1942, solitaire (in progress: combat, alarm and data so far; not yet playable)."""
