"""One game in two homes: a phone alone and its club's server (scorepad.domain.sync).
The top layer of services, above `exchange` and `stats`: it takes games the way an
import takes them, and reads a circle's season the way the statistics do.

- `invitations`: a club server's invitations into a circle (made, listed, revoked, and
  checked on every request a phone makes with one);
- `merge`: what both homes do with the other's changes of a game (each once, every
  version kept, the later shown);
- `wire`: a change and a game as they travel (FORMAT.md §8);
- `club`: the server's side (a game received, the circle's season read);
- `phone`: the phone's side (the membership, the games it sends and their states, the
  answers taken, its read-only copy of the season).
"""
