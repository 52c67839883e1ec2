"""What every use case stands on: the refusals (`errors`), who may write (`access`), the
helpers that load a game and check a write (`common`), what names a change and scopes an
undo (`changes`), and what readers get back (`views`). Imports only `services.ports`."""
