"""What opens over a screen: dialogs, bottom sheets, pickers, and the actions that confirm
with them. Each is a hook (or a component) that a screen renders, built on
`host.use_shown` over Flet's `ft.use_dialog`: the screen calls it once, then opens it from
an event handler; it is open while its state says so. Snackbars are not dialogs: they are
shown by `scorepad.ui.widgets.snackbar`."""
