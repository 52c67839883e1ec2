"""`scorepad build-phone`: the static site that runs scorepad on one phone alone."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scorepad.domain.messages import N_, render, render_count


def add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Registers `build-phone`."""
    p = sub.add_parser(
        "build-phone", help="build the static site that runs scorepad on one phone alone "
        "(Python in the browser, the games kept on the phone)")
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="folder to write (default: the one `scorepad serve` hands out "
                        "at /telephone/, in the user cache)")
    p.add_argument("--lang", choices=("fr", "en"), default="fr")
    p.set_defaults(func=cmd_build_phone)


def _say(key: str, lang: str, **params: object) -> None:
    sys.stdout.write(render(key, params, lang) + "\n")
    sys.stdout.flush()


def cmd_build_phone(args: argparse.Namespace) -> int:
    from scorepad.web.phone_site.build import (
        BuildError,
        SourcesDoNotCompile,
        build_site,
        default_cache,
        site_folder,
    )
    from scorepad.web.phone_site.compressed import CompressionFailed
    from scorepad.web.phone_site.packages import PackagesUnavailable

    lang = args.lang
    out = args.out if args.out is not None else site_folder()
    try:
        site = build_site(out, cache=default_cache(),
                          log=lambda key: _say(key, lang))
    except PackagesUnavailable as exc:
        sys.stderr.write(render("phone.build.offline", {"reason": exc.message(lang)}, lang)
                         + "\n")
        return 2
    except (BuildError, SourcesDoNotCompile) as exc:
        sys.stderr.write(render("phone.build.refused", {"reason": exc.message(lang)}, lang)
                         + "\n")
        return 2
    except CompressionFailed as exc:
        sys.stderr.write(render_count("phone.build.compress_failed", exc.count, {}, lang)
                         + "\n")
        return 2
    except OSError as exc:
        sys.stderr.write(render("phone.build.unwritable", {
            "path": str(out), "reason": exc.strerror or str(exc)}, lang) + "\n")
        return 2
    _say(N_("phone.build.done"), lang, path=str(site.folder.resolve()), version=site.version,
         files=len(site.files), megabytes=round(site.first_visit_bytes() / 1e6, 1))
    return 0
