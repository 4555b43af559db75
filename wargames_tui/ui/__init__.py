"""The Textual client: screens and widgets that render a game's view and offer its legal actions."""
