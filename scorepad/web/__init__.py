"""The HTTP side of scorepad: the ASGI app, its JSON API, downloads and static client."""

from scorepad.web.app import create_app

__all__ = ["create_app"]
