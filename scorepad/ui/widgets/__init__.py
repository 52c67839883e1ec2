"""Controls and components shared by screens and dialogs."""
