"""Game-agnostic machinery: no Textual imports here."""
