"""The route class of the JSON API: every `/api` route reads its body as JSON within its
limits, counts wrong table codes, and answers its refusals as FORMAT.md §3."""

from __future__ import annotations

import typing
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar

from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel

from scorepad import services
from scorepad.domain import InvalidDeal
from scorepad.services import ServiceError
from scorepad.services.base.access import CodeAttempts
from scorepad.web.api.common import BadRequest, error_response, read_json, request_lang
from scorepad.web.api.params import CODE_HEADER
from scorepad.web.api.refusals import refusal_of

_JSON = (b"content-type", b"application/json")


class ApiRoute(APIRoute):
    """A route of the JSON API.

    - Its body is JSON whatever its Content-Type says (scripts send none, or curl's form
      type: FastAPI would read neither as JSON), refused at once past the limits of
      `read_json`.
    - A request carrying X-Table-Code from an address past its wrong guesses is refused
      (429); a wrong code counts as a guess of that address.
    - A refusal (the domain's, a service's, or a value FastAPI's validation refused) is
      answered as FORMAT.md §3 with its status, in the asker's language.
    - Every answer says Cache-Control: no-store.
    """

    #: the wrong-code counter (each router gets its subclass from `route_class`)
    attempts: ClassVar[CodeAttempts]

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handle = super().get_route_handler()
        takes_body = self.body_field is not None
        optional = self.body_field is not None and not self.body_field.field_info.is_required()
        model = _model_of(self.body_field.field_info.annotation) if self.body_field else None

        async def answer(request: Request) -> Response:
            lang = request_lang(request)
            code = request.headers.get(CODE_HEADER)
            client = request.client.host if request.client else "?"
            try:
                if takes_body:
                    request = _as_json(request)
                    await read_json(request, optional=optional)
                if code:
                    self.attempts.check(client)
                response = await handle(request)
            except RequestValidationError as exc:
                return error_response(refusal_of(exc.errors(), model, lang), lang)
            except (BadRequest, InvalidDeal, ServiceError) as exc:
                if isinstance(exc, services.EditForbidden) and code:
                    self.attempts.failed(client)
                return error_response(exc, lang)
            response.headers.setdefault("cache-control", "no-store")
            return response

        return answer


def route_class(attempts: CodeAttempts) -> type[ApiRoute]:
    """The route class of a router whose wrong table codes are counted in `attempts`
    (a class attribute: FastAPI builds the routes itself)."""
    return type("ApiRoute", (ApiRoute,), {"attempts": attempts})


def _as_json(request: Request) -> Request:
    """The same request, its body declared JSON (FastAPI's documented way to change a
    request in a route class is a new Request over its scope)."""
    headers = [(k, v) for k, v in request.scope["headers"] if k.lower() != b"content-type"]
    return Request({**request.scope, "headers": [*headers, _JSON]}, request.receive)


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The model of a body annotated `Model` or `Model | None`."""
    for candidate in (annotation, *typing.get_args(annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None
