"""The HTTP side of scorepad: the ASGI app (`app.create_app`), its JSON API (`api/`, a
module a resource), downloads, the served web client and its rewrites, and the phone
build (`phone_site/`). Only the command line imports it.

Nothing is imported here: the phone build's compression workers (one process a copy)
import `phone_site.compressed` alone, not the server's framework (0.6 s each)."""
