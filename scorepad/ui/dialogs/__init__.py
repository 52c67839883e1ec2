"""What opens over a screen: dialogs, bottom sheets, and the actions that confirm with them."""
