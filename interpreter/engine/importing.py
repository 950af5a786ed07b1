"""The IMPORT action (R10): sealed-bid auctions of ships at sea, in rounds (R10.4)."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations, product
from typing import TYPE_CHECKING

from interpreter.engine import events as ev
from interpreter.engine.choices import DeclineImport, PlaceIslandCard, TakeContainers
from interpreter.engine.decisions import Decision, DescribedOption, Option
from interpreter.engine.state import Card, Player, Ship, remove_container

if TYPE_CHECKING:
    from collections.abc import Callable

    from interpreter.engine.game import Game

IMPORTS, GOODS, DISCARD = "Imports", "Goods", "discard"


def perform_rounds(game: Game, order: list[int], instances: dict[int, int]) -> None:
    """Round k is held among the players with at least k import instances (R10.4)."""
    round_no = 1
    while True:
        participants = [seat for seat in order if instances[seat] >= round_no]
        if not participants:
            return
        auction(game, round_no, participants)
        round_no += 1
        game.after_action()


def auction(game: Game, round_no: int, participants: list[int], chooser: int | None = None, *, fee: bool = True) -> None:
    """One import round. The leader chooses the ship (R10.2), or `chooser` for an import made alone.
    Where a power forbids some participants to import from a ship's owner, or asks a minimum bid
    they cannot pay, they take no part in that auction; a ship none of them may win is not offered."""
    ships = game.ships_at_sea()
    leader = game.players[game.leader if chooser is None else chooser]
    guarded = not game.rules.active.isdisjoint(("may_import", "minimum_bid"))
    if guarded:
        ships = [s for s in ships if bidders(game, participants, game.players[s.owner])]
    options = [Option(f"auction the {s.label} of {game.players[s.owner].name} ({', '.join([c.name for c in s.containers])})", s)
               for s in ships]
    if game.rules.auction_island(leader):  # a power: an island card may be auctioned instead (OQ-42)
        options += [Option(f"auction {c.name} ({c.good}, {c.action}) from the supply island", c)
                    for c in {x.id: x for x in game.zones.island}.values()]
    if not options:  # OQ-20: with no ship at sea the round is lost
        return
    choice = game.ask(Decision("import_ship", leader.seat, options, f"Import round {round_no}: choose a ship")).value
    if not isinstance(choice, Ship):
        island_auction(game, leader, choice, participants, round_no)
        return
    ship: Ship = choice
    owner = game.players[ship.owner]
    if guarded:
        participants = bidders(game, participants, owner)
    if ev.AuctionStarted in game.bus.wanted:  # built only if something would see it
        game.emit(ev.AuctionStarted, round=round_no, ship=ship, participants=participants, player=leader.seat, owner=ship.owner,
                  containers=list(ship.containers))
    bids: dict[int, int] = {}
    if len(participants) == 1:  # R10.3.3: a single participant takes the containers for free (or for the minimum bid)
        winner = participants[0]
        bid = least_bid(game, game.players[winner], owner) if guarded else 0
    else:
        what = f"the {ship.label} of {owner.name} ({', '.join([c.name for c in ship.containers])})"
        winner, bid, bids = sealed_bids(game, participants, round_no, what, owner)
    take_containers(game, game.players[winner], ship, bid, fee=fee)
    announce_losers(game, bids, winner)


def announce_losers(game: Game, bids: dict[int, int], winner: int) -> None:
    """Each bidder who did not win lost the auction (R10.3), said once the winner is served."""
    for seat, bid in bids.items():
        if seat != winner and ev.AuctionLost in game.bus.wanted:  # built only if something would see it
            game.emit(ev.AuctionLost, player=seat, bid=bid, winner=winner)


def bidders(game: Game, participants: list[int], owner: Player | None) -> list[int]:
    """The participants who may take part in an auction of `owner`'s ship (None: an island card): a
    power may forbid one to import from that owner, or ask a minimum bid more than he or she holds."""
    rules = game.rules
    out = []
    for seat in participants:
        p = game.players[seat]
        if owner is not None and not rules.may_import(p, owner):
            continue
        if least_bid(game, p, owner) > p.credits:
            continue
        out.append(seat)
    return out


def least_bid(game: Game, p: Player, owner: Player | None) -> int:
    """The lowest bid `p` may make on `owner`'s ship: the minimum bid, up to an even number (R1.8.3)."""
    step = game.data.bid_step
    return -(-game.rules.minimum_bid(p, owner) // step) * step


def island_auction(game: Game, owner: Player, card: Card, participants: list[int], round_no: int = 1) -> None:
    """An island card auctioned by a power's owner (OQ-42): the owner pays nothing if he or she wins;
    any other winner pays the bid to the owner. It is an import like any other (event ImportWon with
    no ship): the card is placed as an import (R10.5) and powers reacting to imports see it."""
    if "minimum_bid" in game.rules.active:
        participants = bidders(game, participants, None)
        if not participants:
            return
    bids: dict[int, int] = {}
    if len(participants) == 1:
        winner = participants[0]
        bid = least_bid(game, game.players[winner], None) if "minimum_bid" in game.rules.active else 0
    else:
        what = f"{card.name} ({card.good}, {card.action}) from the supply island"
        winner, bid, bids = sealed_bids(game, participants, round_no, what, None)
    p = game.players[winner]
    paid = game.pay(p, bid, owner, "island auction") if p is not owner else 0
    game.zones.island.remove(card)
    # the same decision, with the same kind of value, as taking containers from a ship (R10.5)
    options: list[Option] = [PlaceIslandCard((card,), plan) for plan in placements(game, p, (card,))]
    where = game.ask(Decision("import_take", p.seat, options, "Where does it go?")).value.plan[0]
    placed: dict[str, list[Card]] = {IMPORTS: [], GOODS: [], DISCARD: []}
    if (where == IMPORTS and game.add_to_imports(p, card)) or (where == GOODS and game.add_to_goods(p, card)):
        placed[where].append(card)
    else:
        placed[DISCARD].append(card)
        game.discard(card, "imported, no room", p.seat)
    game.emit(ev.ImportWon, player=p.seat, ship=None, bid=paid, to_imports=placed[IMPORTS], to_goods=placed[GOODS],
              discarded=placed[DISCARD], owner=owner.seat)
    announce_losers(game, bids, winner)


def _bid_label(amount: int) -> str:
    return f"bid {amount}"


@lru_cache(maxsize=1024)
def _bid_options(least: int, most: int, step: int) -> tuple[Option, ...]:
    """The options of a sealed bid, every `step` from `least` to `most` credits: an option is never
    changed once made, so the bids of one range are made once and shared by every decision asking them."""
    return tuple(DescribedOption(amount, _bid_label) for amount in range(least, most + 1, step))


def sealed_bids(game: Game, participants: list[int], round_no: int, what: str = "",
                owner: Player | None = None) -> tuple[int, int, dict[int, int]]:
    """R10.3: every participant bids in secret, an even amount up to his or her credits (from the
    minimum bid, 0 by the rules); all are revealed together; ties by the tie order (R10.3.1, OQ-4).
    Returns (winner, winning bid, the bids). `what`: what is auctioned, named in the question;
    `owner`: whose ship is auctioned (None: an island card)."""
    step = game.data.bid_step
    bids: dict[int, int] = {}
    prompt = f"Your sealed bid for {what}" if what else "Your sealed bid"
    minimum = "minimum_bid" in game.rules.active
    for seat in participants:
        p = game.players[seat]
        least = least_bid(game, p, owner) if minimum else 0
        options: list[Option] = list(_bid_options(least, p.credits, step))
        bids[seat] = game.ask(Decision("bid", seat, options, prompt, secret=True)).value
    if ev.BidsRevealed in game.bus.wanted:  # built only if something would see it
        game.emit(ev.BidsRevealed, bids=bids)
    for seat, amount in bids.items():
        if ev.BidPlaced in game.bus.wanted:  # built only if something would see it
            game.emit(ev.BidPlaced, player=seat, bid=amount, round=round_no)
    top = max(bids.values())
    tied = [seat for seat in participants if bids[seat] == top]
    winner = tied[0] if len(tied) == 1 else game.rules.tie_order(tied, game.leader, len(game.players), game.rng)[0]
    return winner, top, bids


def placements(game: Game, p: Player, cards: tuple[Card, ...], room: tuple[int, int] | None = None) -> list[tuple[str, ...]]:
    """Where taken cards may go (R10.5, R13.5, OQ-22): at most `most_into_imports` into Imports,
    the rest into Goods, within the limits; a card is discarded only if it fits nowhere. `room`:
    `_room(game, p)` when the caller has counted it (once for all the sets of containers it offers)."""
    rules = game.rules
    most_imports, goods_room = _room(game, p) if room is None else room
    if "goods_counted" not in rules.active:  # every good takes one place: the plans depend on numbers alone
        return list(_plans_by_room(len(cards), most_imports, goods_room))

    def goods_fit(plan: tuple[str, ...]) -> bool:
        added = [c for c, where in zip(cards, plan, strict=True) if where == GOODS]
        if not added:
            return True
        p.goods.extend(added)  # a power may count some goods for less (R13.4): count them in place
        try:
            return rules.goods_counted(p) <= rules.goods_limit(p)
        finally:
            del p.goods[-len(added):]

    return _maximal_plans(len(cards), lambda plan: plan.count(IMPORTS) <= most_imports and goods_fit(plan))


def _room(game: Game, p: Player) -> tuple[int, int]:
    """(the most cards `p` may put into Imports now, the room left in Goods), R10.5, R13.5."""
    rules = game.rules
    import_room = max(0, rules.imports_limit(p) - len(p.imports))
    goods_room = max(0, rules.goods_limit(p) - rules.goods_counted(p))
    return min(rules.most_into_imports(p), import_room), goods_room


@cache
def _plans_by_room(n: int, most_imports: int, goods_room: int) -> tuple[tuple[str, ...], ...]:
    return tuple(_maximal_plans(n, lambda plan: plan.count(IMPORTS) <= most_imports and plan.count(GOODS) <= goods_room))


def _maximal_plans(n: int, valid: Callable[[tuple[str, ...]], bool]) -> list[tuple[str, ...]]:
    """The valid plans for `n` cards that discard no card that could go somewhere."""
    plans = [plan for plan in product((IMPORTS, GOODS, DISCARD), repeat=n) if valid(plan)]

    def maximal(plan: tuple[str, ...]) -> bool:
        for i, where in enumerate(plan):
            if where == DISCARD:
                for other in (IMPORTS, GOODS):
                    if valid(plan[:i] + (other,) + plan[i + 1:]):
                        return False
        return True

    return [plan for plan in plans if maximal(plan)]


def take_options(game: Game, p: Player, ship: Ship, count: int | None = None) -> list[Option]:
    """Which containers to take and where they go. A power that raises the number taken ("may take
    three") lets the winner take any number from the rules' number up to it."""
    most = min(game.rules.containers_per_import(p) if count is None else count, len(ship.containers))
    least = min(game.data.containers_per_win, most) if count is None else most
    options: list[Option] = []
    seen: set[tuple[str, ...]] = set()
    room = _room(game, p)  # counted once here, not for every set of containers
    for n in range(most, least - 1, -1):
        for cards in combinations(ship.containers, n):
            key = tuple(sorted([c.id for c in cards]))
            if key in seen:
                continue
            seen.add(key)
            for plan in placements(game, p, cards, room):
                options.append(TakeContainers(cards, plan))
    return options


def take_containers(game: Game, p: Player, ship: Ship, bid: int, *, count: int | None = None, fee: bool = True,
                    by: str = "action") -> None:
    """R10.3.2 the winner pays the bid; R10.5 chooses and places the containers; R10.6 the owner's
    fee; R10.7 an emptied ship returns home. `by`: `action` (an Import action) or `power` (a power's
    own import, not made during an Import action)."""
    game.pay(p, bid, None, "import bid")
    options = take_options(game, p, ship, count)
    if by == "action" and bid == 0:  # won for nothing: the import instance may be declined (R0.5); last, so a tie keeps a take
        options.append(DeclineImport((), ()))
    taken = game.ask(Decision("import_take", p.seat, options, "Take containers")).value
    cards, plan = taken.cards, taken.plan
    if not cards:  # declined: nothing moves, no fee, no import made
        return
    to_imports: list[Card] = []
    to_goods: list[Card] = []
    discarded: list[Card] = []
    for card in cards:
        remove_container(ship, card)
    owner = game.players[ship.owner]
    if fee:
        game.gain(owner, game.rules.import_fee(owner, p, len(cards)), "import fee")
    for card, where in zip(cards, plan, strict=True):
        if where == IMPORTS and game.add_to_imports(p, card):
            to_imports.append(card)
        elif where == GOODS and game.add_to_goods(p, card):
            to_goods.append(card)
        else:
            discarded.append(card)
            game.discard(card, "imported, no room", p.seat)
    game.turn_log.append((p.seat, "import"))
    game.emit(ev.ImportWon, player=p.seat, ship=ship, bid=bid, to_imports=to_imports, to_goods=to_goods,
              discarded=discarded, owner=ship.owner, by=by)
    game.return_if_emptied(ship, p.seat)
