"""The event bus: subscriptions indexed by event type, so an event nobody listens to costs nothing.
It knows no event in particular: the engine's catalogue is interpreter/engine/events.py."""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any

Handler = Callable[[Any], None]
Event = Any  # the bus carries any event class (the engine's catalogue: interpreter/engine/events.py)

# Deeper than this, a chain of triggers is a runaway loop (each trigger emitting the next).
MAX_TRIGGER_DEPTH = 400  # above the power runtime's own guard, which names the cards


class TriggerLoopError(RuntimeError):
    """A chain of triggers did not end; the message names the event types involved."""


class _Every:
    """Every event type: what `EventBus.wanted` is while a handler listens to all events or a watcher
    runs after each one (then every emit has work to do)."""

    __slots__ = ()

    def __contains__(self, event_type: object) -> bool:
        return True


EVERY = _Every()


class EventBus:
    def __init__(self) -> None:
        self._subs: dict[type, list[Handler]] = {}
        self._all: list[Handler] = []
        self._after: list[Callable[[], None]] = []  # called after every event's handlers (standing conditions)
        self._depth = 0
        self._chain: list[str] = []
        self._heard: set[type] = set()  # the event types with a subscriber now
        # The event types an emit has work for now: `if ev.CardPlayed in bus.wanted: game.emit(...)`
        # skips building the keyword arguments of an event that nothing would see (kept up to date by
        # the methods below; emitting regardless is never wrong, only slower).
        self.wanted: Container[type] = self._heard

    def _update(self) -> None:
        self.wanted = EVERY if self._all or self._after else self._heard

    def subscribe(self, event_type: type, handler: Handler) -> None:
        self._subs.setdefault(event_type, []).append(handler)
        self._heard.add(event_type)

    def unsubscribe(self, event_type: type, handler: Handler) -> None:
        """Stop delivering `event_type` to `handler` (a new list: an emit's loop may be running)."""
        self._subs[event_type] = [h for h in self._subs.get(event_type, []) if h != handler]
        if not self._subs[event_type]:
            self._heard.discard(event_type)

    def subscribe_all(self, handler: Handler) -> None:
        """Listen to every event (narration, recording). Makes every emit build its event."""
        self._all.append(handler)
        self._update()

    def watch(self, handler: Callable[[], None], first: bool = False) -> None:
        """Call `handler` after every event, once its handlers have run (and while it is watching only),
        after the other watchers (or before them all: `first`)."""
        # a new list, not changed in place: an event's loop over the watchers may be running now
        self._after = [handler, *self._after] if first else [*self._after, handler]
        self._update()

    def unwatch(self, handler: Callable[[], None]) -> None:
        self._after = [h for h in self._after if h != handler]
        self._update()

    def emit(self, event_type: type, /, **fields: Any) -> None:
        """Build `event_type(**fields)` and deliver it, but only if somebody listens. Events are built
        by keyword: a field misnamed here fails at once, never fills the wrong field."""
        subs = self._subs.get(event_type)
        if not subs and not self._all:
            for after in self._after:
                after()
            return
        event = event_type(**fields)
        if self._depth >= MAX_TRIGGER_DEPTH:
            raise TriggerLoopError("runaway chain of triggers: " + " -> ".join(self._chain[-8:]))
        self._depth += 1
        self._chain.append(event_type.__name__)
        try:
            for handler in self._all:
                handler(event)
            if subs:
                for handler in list(subs):
                    handler(event)
        finally:
            self._depth -= 1
            self._chain.pop()
        for after in self._after:
            after()
