"""The HTTP side of scorepad: the ASGI app, its JSON API (`api/`, a module a resource),
downloads, the served web client and its rewrites, and the phone build (`phone_site/`).
Only the command line imports it."""

from scorepad.web.app import create_app

__all__ = ["create_app"]
