"""The generic primitives card effects are built from. Each works for any card: none knows a card name.
A choice inside a primitive goes through the decision door like every other choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from interpreter.bus import events as ev
from interpreter.cards.model import GOOD_TYPES
from interpreter.dsl.ast import CardFilter
from interpreter.engine.decisions import Decision, Option
from interpreter.engine.slots import can_load_all
from interpreter.engine.state import Card, Player, Ship, remove_container
from interpreter.powers.context import Ctx

if TYPE_CHECKING:
    from interpreter.engine.game import Game

Matcher = Callable[[Card], bool]


def players(ctx: Ctx, kind: str, having: CardFilter | None = None) -> list[Player]:
    """`each_other`: the other players clockwise from the owner; `every`: all, the owner first;
    `that`: the player of the triggering event; `you`: the owner; `earlier_pirates`: who pirated
    before the owner this turn. `having`: only players with a good matching it (a good type alone
    counts virtual goods too, OQ-36)."""
    if having is not None:
        if having.good and having.action is None and having.tier_min == 0 and having.tier_max == 99:
            good = having.good
            return [p for p in players(ctx, kind) if ctx.game.rules.goods_of_type(p, good) > 0]
        return [p for p in players(ctx, kind) if any(having.matches(c) for c in p.goods)]
    game = ctx.game
    if kind == "that":
        return [ctx.that] if ctx.that is not None else []
    if kind == "you":
        return [ctx.owner]
    if kind == "earlier_pirates":
        return earlier_pirates(ctx)
    seats = game.seats_from(ctx.owner.seat)
    if kind == "each_other":
        seats = seats[1:]
    return [game.players[s] for s in seats]


def zone_cards(p: Player, zone: str) -> list[Card]:
    return {"goods": p.goods, "shipments": p.shipments, "imports": p.imports, "hand": p.hand}[zone]


def count_zone(ctx: Ctx, owner: str, filt: CardFilter, zone: str) -> int:
    return sum(1 for p in players(ctx, owner) for c in zone_cards(p, zone) if filt.matches(c))


def pick_cards(game: Game, chooser: Player, cards: list[Card], n: int, kind: str, verb: str) -> list[Card]:
    """`chooser` picks `n` of `cards` one at a time (all of them if there are no more than `n`)."""
    pool = list(cards)
    chosen: list[Card] = []
    while pool and len(chosen) < n:
        if len(pool) <= n - len(chosen):
            chosen += pool
            break
        options, seen = [], set()
        for card in pool:
            if card.id not in seen:
                seen.add(card.id)
                options.append(Option(f"{verb} {card.name} ({card.good})", card))
        card = game.ask(Decision(kind, chooser.seat, options, f"Choose a card to {verb}")).value
        pool.remove(card)
        chosen.append(card)
    return chosen


def give_cards_from_hand(ctx: Ctx, giver: Player, n: int) -> None:
    """The giver chooses `n` cards of his or her hand and hands them to the power's owner."""
    if giver is ctx.owner:
        return
    for card in pick_cards(ctx.game, giver, giver.hand, n, "give_card", "give"):
        giver.hand.remove(card)
        ctx.owner.hand.append(card)
        ctx.game.emit(ev.CardsGiven, giver.seat, ctx.owner.seat, 1, "hand")


def take_from_hands(ctx: Ctx, filt: CardFilter, victims: list[Player]) -> None:
    """Every matching card of the victims' hands goes into the owner's hand (the hands are revealed)."""
    for p in victims:
        if p is ctx.owner:
            continue
        taken = [c for c in p.hand if filt.matches(c)]
        for card in taken:
            p.hand.remove(card)
            ctx.owner.hand.append(card)
        if taken:
            ctx.taken += len(taken)
            ctx.game.emit(ev.CardsGiven, p.seat, ctx.owner.seat, len(taken), "hand")


def move_between_areas(ctx: Ctx, giver: Player, zone: str, cards: list[Card]) -> None:
    """Cards of the giver's Shipments or Goods go to the same area of the owner (R13.5 limits apply
    to goods: what does not fit is discarded). A completed shipment keeps working for its new owner."""
    game = ctx.game
    for card in cards:
        if zone == "shipments":
            game.remove_shipment(giver, card)
            game.add_shipment(ctx.owner, card)
        elif zone == "goods":
            giver.goods.remove(card)
            if not game.add_to_goods(ctx.owner, card):
                game.discard(card, "given good, no room")
        else:
            giver.imports.remove(card)
            if not game.add_to_imports(ctx.owner, card):
                game.discard(card, "given import, no room")
    if cards:
        game.emit(ev.CardsGiven, giver.seat, ctx.owner.seat, len(cards), zone)


def sell_from_hand(ctx: Ctx, filt: CardFilter, n: int, price: int) -> None:
    """Sell matching hand cards to the supply island, outside the SUPPLY action (R12.5)."""
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, [c for c in owner.hand if filt.matches(c)], n, "choose_card", "sell"):
        owner.hand.remove(card)
        game.zones.island.append(card)
        game.emit(ev.CardSold, owner.seat, card, price)
        game.gain(owner, price, f"{ctx.card.name}: sale")


def discard_goods(ctx: Ctx, filt: CardFilter, n: int) -> None:
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, [c for c in owner.goods if filt.matches(c)], n, "choose_card", "discard"):
        owner.goods.remove(card)
        game.discard(card, f"{ctx.card.name}: discarded good")


def contract_this(ctx: Ctx) -> None:
    """The power's card goes from hand onto a ship in harbor as a contract, with no action spent."""
    if can_contract_this(ctx):
        _contract_own_card(ctx)


def contract_this_again(ctx: Ctx) -> None:
    """The power's card, just completed, leaves Shipments and is contracted again, with no action spent."""
    if can_contract_this_again(ctx):
        _contract_own_card(ctx)


def _contract_own_card(ctx: Ctx) -> None:
    from interpreter.engine.contract import has_room, make_contract
    game, owner, card = ctx.game, ctx.owner, ctx.card
    ships = [s for s in owner.harbor_ships() if has_room(game, owner, s, card)]
    options = [Option(f"contract {card.name} on the {s.label}", s) for s in ships]
    ship = game.ask(Decision("choose_ship", owner.seat, options, f"Where does {card.name} go?")).value
    take_out(game, owner, card)
    make_contract(game, owner, card, ship, 0)


def can_contract_this(ctx: Ctx) -> bool:
    """From hand only: a completed card never contracts itself (it would leave Shipments and come back
    for free, again and again)."""
    return where_is(ctx.owner, ctx.card) == "hand" and _room_for_own_card(ctx)


def can_contract_this_again(ctx: Ctx) -> bool:
    return where_is(ctx.owner, ctx.card) == "shipments" and _room_for_own_card(ctx)


def _room_for_own_card(ctx: Ctx) -> bool:
    from interpreter.engine.contract import has_room
    return any(has_room(ctx.game, ctx.owner, s, ctx.card) for s in ctx.owner.harbor_ships())


def draw_until(ctx: Ctx, hand_size: int) -> None:
    missing = hand_size - len(ctx.owner.hand)
    if missing > 0:
        ctx.game.draw_into_hand(ctx.owner, missing)


def coin_flip(ctx: Ctx) -> bool:
    heads = ctx.game.rng.random() < 0.5
    ctx.game.emit(ev.CoinFlipped, ctx.owner.seat, heads)
    return heads


def has_most(ctx: Ctx, zone: str) -> bool:
    """The owner has the most cards in `zone` (read as `the_most` says, see `is_most`); `goods` count
    virtual goods too (OQ-36); `containers` counts the containers on all of a player's ships, at sea too."""
    rules = ctx.game.rules

    def size(p: Player) -> int:
        if zone == "containers":
            return containers_on_ships(p)
        if zone == "goods":
            return sum(rules.goods_of_type(p, good) for good in GOOD_TYPES)
        return len(zone_cards(p, zone))
    return is_most(ctx.game, size(ctx.owner), [size(p) for p in ctx.game.players if p is not ctx.owner])


def is_most(game: Game, mine: int, others: list[int]) -> bool:
    """One reading of "the most" for every card (docs/rulings.md): at least the minimum a majority
    needs (OQ-11), and nobody has more (a tie counts, as tied players share a majority, R17.6.1) or,
    with the option `the_most=strict`, more than everybody else."""
    if mine < game.data.majority_minimum_goods:
        return False
    if game.options.the_most == "strict":
        return all(n < mine for n in others)
    return all(n <= mine for n in others)


def ask_yes(ctx: Ctx, text: str) -> bool:
    options = [Option(f"yes: {text}", True), Option("no", False)]
    yes = bool(ctx.game.ask(Decision("optional_power", ctx.owner.seat, options, f"{ctx.card.name}: use it?", stop=1)).value)
    if not yes:
        ctx.declined = True
    return yes


# ------------------------------------------------------------------------------------------------
# Primitives added for the base goods: cards moving between places, free actions, naming, containers.

def where_is(p: Player, card: Card) -> str | None:
    for zone in ("shipments", "hand", "goods", "imports"):
        if card in zone_cards(p, zone):
            return zone
    return None


def take_out(game: Game, p: Player, card: Card) -> bool:
    """Remove `card` from wherever it lies among `p`'s cards (stopping its powers if in Shipments)."""
    zone = where_is(p, card)
    if zone is None:
        return False
    if zone == "shipments":
        game.remove_shipment(p, card)
    else:
        zone_cards(p, zone).remove(card)
    return True


def put_into(game: Game, p: Player, card: Card, place: str, *, ignore_limits: bool = False) -> bool:
    """Put `card` into one of `p`'s areas or on the island; False if a limit keeps it out (R13.4)."""
    if place == "island":
        game.zones.island.append(card)
        return True
    if place == "hand":
        p.hand.append(card)
        return True
    if place == "shipments":
        game.add_shipment(p, card)
        return True
    if place == "goods":
        if ignore_limits:
            p.goods.append(card)
            game.emit(ev.GoodAdded, p.seat, card)
            return True
        return game.add_to_goods(p, card)
    if ignore_limits:
        p.imports.append(card)
        return True
    return game.add_to_imports(p, card)


def room_after_leaving(ctx: Ctx, place: str) -> bool:
    """Would the card, leaving Shipments (which lowers the limits), fit in `place`?"""
    rules, owner = ctx.game.rules, ctx.owner
    if place == "goods":
        return rules.goods_counted(owner) < rules.goods_limit(owner) - ctx.game.data.goods_per_shipment
    if place == "imports":
        return len(owner.imports) < rules.imports_limit(owner) - ctx.game.data.imports_per_shipment
    return True


def move_this(ctx: Ctx, place: str) -> None:
    """The power's own card moves (from Shipments, usually) to `place`. Leaving Shipments lowers the
    limits (R13.2, R13.3); if the place then has no room, the card stays where it was."""
    game, owner, card = ctx.game, ctx.owner, ctx.card
    source = where_is(owner, card)
    if source is None or source == place or not take_out(game, owner, card):
        return
    if not put_into(game, owner, card, place):
        put_into(game, owner, card, source, ignore_limits=True)


def load_this(ctx: Ctx) -> None:
    from interpreter.engine.load import load_where_it_fits
    from interpreter.engine.slots import fits
    game, owner, card = ctx.game, ctx.owner, ctx.card
    ships = [s for s in owner.ships if fits(game.rules, owner, s, card)]  # judged while the card is completed
    if ships and take_out(game, owner, card):
        load_where_it_fits(game, owner, card, "power", ships)


def can_load_this(ctx: Ctx) -> bool:
    from interpreter.engine.slots import fits
    return where_is(ctx.owner, ctx.card) == "shipments" and any(fits(ctx.game.rules, ctx.owner, s, ctx.card) for s in ctx.owner.ships)


def discard_from_hand(ctx: Ctx, n: int) -> None:
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, owner.hand, n, "choose_card", "discard"):
        owner.hand.remove(card)
        game.discard(card, f"{ctx.card.name}: discarded from hand")


def free_actions(ctx: Ctx, action: str, count: int, *, from_sea: bool = False) -> None:
    """Actions taken alone, outside the turn's lead and follow (no follows, no imports, no stacking);
    `from_sea`: pirate actions that may take only from ships at sea."""
    from interpreter.engine.solo import perform_alone
    for _ in range(count):
        perform_alone(ctx.game, ctx.owner, action, sea_only=from_sea)


def offer_this(ctx: Ctx, buyers: list[Player], price: int) -> None:
    """Each buyer in turn may buy the power's card for `price`, paid to its owner; the first to accept
    puts it into his or her Shipments."""
    game, owner, card = ctx.game, ctx.owner, ctx.card
    for buyer in buyers:
        if buyer is owner or buyer.credits < price:
            continue
        options = [Option(f"yes: buy {card.name} for {price}", True), Option("no", False)]
        if game.ask(Decision("optional_power", buyer.seat, options, f"Buy {card.name}?", stop=1)).value:
            game.pay(buyer, price, owner, f"buying {card.name}")
            if take_out(game, owner, card):
                game.add_shipment(buyer, card)
                game.emit(ev.CardsGiven, owner.seat, buyer.seat, 1, "shipments")
            return


def complete_from_hand(ctx: Ctx, filt: CardFilter, n: int) -> None:
    """Hand cards go straight into Shipments and resolve as if just completed (tier not needed)."""
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, [c for c in owner.hand if filt.matches(c)], n, "choose_card", "complete"):
        owner.hand.remove(card)
        game.add_shipment(owner, card)
        game.emit(ev.ContractCompleted, owner.seat, card, None, [card])  # as if just completed: triggers hear it
        game.powers.completed(owner, card)


def move_cards(ctx: Ctx, cards: list[Card], source: str, target: str, ignore_limits: bool) -> None:
    """Move the owner's `cards` from `source` to `target`; what no limit lets in is discarded (R13.7)."""
    game, owner = ctx.game, ctx.owner
    for card in cards:
        if source == "shipments":
            game.remove_shipment(owner, card)
        else:
            zone_cards(owner, source).remove(card)
        if not put_into(game, owner, card, target, ignore_limits=ignore_limits):
            game.discard(card, f"{ctx.card.name}: no room")
        ctx.moved += 1


def put_goods_on_island(ctx: Ctx, giver: Player, filt: CardFilter, n: int) -> None:
    game = ctx.game
    for card in pick_cards(game, giver, [c for c in giver.goods if filt.matches(c)], n, "give_card", "put on the island"):
        giver.goods.remove(card)
        card.parked = 0  # credits parked on it go back to the bank
        game.zones.island.append(card)


def take_from_island(ctx: Ctx, n: int, target: str) -> None:
    game, owner = ctx.game, ctx.owner
    for card in pick_cards(game, owner, game.zones.island, n, "choose_card", "take"):
        if target == "goods" and not game.rules.goods_room(owner) or target == "imports" and not game.rules.imports_room(owner):
            return
        game.zones.island.remove(card)
        put_into(game, owner, card, target)
        ctx.taken += 1


def take_random(ctx: Ctx, victim: Player, n: int) -> None:
    game = ctx.game
    for _ in range(n):
        if victim is ctx.owner or not victim.hand:
            return
        card = victim.hand.pop(game.rng.randrange(len(victim.hand)))
        ctx.owner.hand.append(card)
        ctx.taken += 1
        game.emit(ev.CardsGiven, victim.seat, ctx.owner.seat, 1, "hand")


def swap_with_island(ctx: Ctx, give: int = 1, take: int = 1) -> None:
    """`give` cards of the owner's hand go to the supply island for `take` island cards."""
    game, owner = ctx.game, ctx.owner
    if len(owner.hand) < give or len(game.zones.island) < take:
        return
    mine = pick_cards(game, owner, owner.hand, give, "choose_card", "give to the island")
    theirs = pick_cards(game, owner, game.zones.island, take, "choose_card", "take from the island")
    for card in mine:
        owner.hand.remove(card)
    for card in theirs:
        game.zones.island.remove(card)
    game.zones.island += mine
    owner.hand += theirs


def swap_shipment(ctx: Ctx, filt: CardFilter) -> None:
    """This card takes the place of another player's completed shipment, which becomes the owner's and
    resolves as if just completed."""
    game, owner, card = ctx.game, ctx.owner, ctx.card
    targets = [(p, c) for p in game.players if p is not owner for c in p.shipments if filt.matches(c)]
    if not targets or where_is(owner, card) != "shipments":
        return
    options = [Option(f"take {c.name} from {p.name}", (p, c)) for p, c in targets]
    victim, target = game.ask(Decision("choose_card", owner.seat, options, f"{card.name}: which shipment?")).value
    game.remove_shipment(victim, target)
    game.remove_shipment(owner, card)
    game.add_shipment(victim, card)
    game.add_shipment(owner, target)
    game.emit(ev.CardsGiven, victim.seat, owner.seat, 1, "shipments")
    game.emit(ev.ContractCompleted, owner.seat, target, None, [target])  # resolved as a fresh completion
    game.powers.completed(owner, target)


def steal_containers(ctx: Ctx, n: int) -> None:
    """From each other player, one container of one of his or her ships (at sea or in harbor): loaded
    onto one of the owner's ships where it fits, or kept in hand, as the owner chooses."""
    from interpreter.engine.load import load_container
    from interpreter.engine.slots import fits
    game, owner = ctx.game, ctx.owner
    for victim in players(ctx, "each_other"):
        for _ in range(n):
            options = [Option(f"take {c.name} ({c.good}) from the {s.label} of {victim.name}", (s, c))
                       for s in victim.ships for c in {x.id: x for x in s.containers}.values()]
            if not options:
                break
            ship, card = game.ask(Decision("choose_card", owner.seat, options, f"{ctx.card.name}: take which container?")).value
            game.take_from_ship_at_sea(ship, card)
            places = [Option(f"load {card.name} onto the {s.label}", s) for s in owner.ships if fits(game.rules, owner, s, card)]
            places.append(Option(f"keep {card.name} in your hand", None))
            target = game.ask(Decision("choose_ship", owner.seat, places, f"Where does {card.name} go?")).value
            if target is None:
                owner.hand.append(card)
            else:
                load_container(game, owner, card, target, "power")


def import_free(ctx: Ctx, n: int, source: str, *, fee: bool = False) -> None:
    """Take `n` containers from a ship at sea into Imports or Goods, with no bid; the owner's fee only
    when `fee` (a power's import that does not say `for free`, R10.6)."""
    from interpreter.engine.importing import take_containers
    game, owner = ctx.game, ctx.owner
    if source == "that_ship":
        ship = ctx.ship
        if ship is None or not ship.at_sea or not ship.containers:
            return
    else:
        ships = game.ships_at_sea()
        if not ships:
            return
        options = [Option(f"the {s.label} of {game.players[s.owner].name} ({', '.join(c.name for c in s.containers)})", s)
                   for s in ships]
        ship = game.ask(Decision("choose_ship", owner.seat, options, "Import from which ship?")).value
    take_containers(game, owner, ship, 0, count=n, fee=fee)


def move_container(ctx: Ctx, n: int, place: str) -> None:
    """Containers of the ship of the event (a completing ship, before it sails) go to the owner's hand
    or Goods."""
    game, owner, ship = ctx.game, ctx.owner, ctx.ship
    if ship is None or ship.owner != owner.seat or (place == "goods" and not game.rules.goods_room(owner)):
        return
    for card in pick_cards(game, owner, ship.containers, n, "choose_card", f"move to your {place}"):
        if place == "goods" and not game.rules.goods_room(owner):
            return
        remove_container(ship, card)
        put_into(game, owner, card, place)


def name_good(ctx: Ctx) -> None:
    options = [Option(f"name {good}", good) for good in GOOD_TYPES]
    ctx.named = ctx.game.ask(Decision("choose_one", ctx.owner.seat, options, f"{ctx.card.name}: name a good type")).value


def name_card(ctx: Ctx) -> None:
    cards = {c.id: c for c in ctx.game.card_set.cards}
    options = [Option(f"name {c.name}", c.id) for c in cards.values()]
    ctx.named = ctx.game.ask(Decision("choose_one", ctx.owner.seat, options, f"{ctx.card.name}: name a card")).value


def draw_recorded(ctx: Ctx, n: int) -> None:
    """Draw `n` cards, remembering them for `card drawn` and `a drawn card`."""
    hand = ctx.owner.hand
    before = len(hand)
    ctx.game.draw_into_hand(ctx.owner, n)
    ctx.drawn += hand[before:]


def draw_until_pair(ctx: Ctx) -> None:
    """Draw one card at a time until two of the cards drawn share a good type (or the deck runs out)."""
    seen: set[str] = set()
    while True:
        before = len(ctx.drawn)
        draw_recorded(ctx, 1)
        if len(ctx.drawn) == before:
            return
        good = ctx.drawn[-1].good
        if good in seen:
            return
        seen.add(good)


def virtual_imports(ctx: Ctx, filt: CardFilter) -> None:
    """At game end: the owner's matching imports count as goods of one type he or she chooses (R17.2)."""
    n = sum(1 for c in ctx.owner.imports if filt.matches(c))
    if not n:
        return
    options = [Option(f"count them as {good}", good) for good in GOOD_TYPES]
    good = ctx.game.ask(Decision("choose_one", ctx.owner.seat, options, f"{ctx.card.name}: which good type?")).value
    ctx.owner.virtual_goods[good] = ctx.owner.virtual_goods.get(good, 0) + n


def load_from_hand_onto_ship(ctx: Ctx, n: int) -> None:
    """Load `n` hand cards onto this card's ship at once, each filling a slot, without using actions;
    all `n` or none (the card asks for them "at the same time")."""
    from interpreter.engine.load import load_container
    if not can_load_from_hand(ctx, n):
        return
    game, owner, ship = ctx.game, ctx.owner, ctx.ship
    assert ship is not None
    chosen: list[Card] = []
    while len(chosen) < n:  # sets of cards loadable together form a matroid: any pick can grow to `n`
        viable = [c for c in owner.hand if c not in chosen and can_load_all(game.rules, owner, ship, chosen + [c], len(chosen) + 1)]
        if len(viable) <= n - len(chosen):  # no choice left: all of them
            chosen += viable
            break
        chosen += pick_cards(game, owner, viable, 1, "choose_card", "load")
    for card in chosen:
        owner.hand.remove(card)
        load_container(game, owner, card, ship, "power")


def can_load_from_hand(ctx: Ctx, n: int) -> bool:
    ship = ctx.ship
    return ship is not None and can_load_all(ctx.game.rules, ctx.owner, ship, list(ctx.owner.hand), n)


def chosen_type_count(ctx: Ctx, owner: str, filt: CardFilter, zone: str) -> int:
    """The owner chooses an action type; counts his or her matching cards of that type."""
    from interpreter.cards.model import ACTION_TYPES
    cards = [c for p in players(ctx, owner) for c in zone_cards(p, zone) if filt.matches(c)]
    types = [a for a in ACTION_TYPES if any(c.action == a for c in cards)]
    if not types:
        return 0
    options = [Option(f"choose {a.upper()} ({sum(1 for c in cards if c.action == a)} cards)", a) for a in types]
    action = ctx.game.ask(Decision("choose_one", ctx.owner.seat, options, f"{ctx.card.name}: choose an action type")).value
    return sum(1 for c in cards if c.action == action)


def containers_on_ships(p: Player) -> int:
    return sum(len(s.containers) for s in p.ships)


def earlier_pirates(ctx: Ctx) -> list[Player]:
    """Players who pirated this turn before the owner's first pirate action."""
    order = ctx.game.turn_pirates
    cut = order.index(ctx.owner.seat) if ctx.owner.seat in order else len(order)
    seats = list(dict.fromkeys(s for s in order[:cut] if s != ctx.owner.seat))
    return [ctx.game.players[s] for s in seats]


# ------------------------------------------------------------------------------------------------
# Primitives added for the expansions.

def as_player(ctx: Ctx, p: Player, what: str, amount: int) -> None:
    """Something every one of a group of players does for himself or herself (draw, gain, import)."""
    game = ctx.game
    if what == "draw":
        game.draw_into_hand(p, amount)
    elif what == "gain":
        game.gain(p, amount, ctx.card.name)
    else:
        sub = Ctx(game, p, ctx.card, ctx.event, ctx.that)
        import_free(sub, amount, "a_ship_at_sea")


def contractable(ctx: Ctx, filt: CardFilter) -> list[tuple[Card, Ship]]:
    """(hand card, ship) pairs the owner could contract now without an action: tier met (R5.3), room (R6.6)."""
    from interpreter.engine.contract import has_room
    owner, rules = ctx.owner, ctx.game.rules
    return [(card, ship) for card in owner.hand if filt.matches(card) and rules.level(owner, card.good) >= card.tier
            for ship in owner.harbor_ships() if has_room(ctx.game, owner, ship, card)]


def contract_from_hand(ctx: Ctx, filt: CardFilter, n: int) -> None:
    from interpreter.engine.contract import make_contract
    game, owner = ctx.game, ctx.owner
    for _ in range(n):
        pairs = contractable(ctx, filt)
        if not pairs:
            return
        options = [Option(f"contract {card.name} on the {ship.label}", (card, ship)) for card, ship in pairs]
        card, ship = game.ask(Decision("choose_card", owner.seat, options, f"{ctx.card.name}: contract which card?")).value
        make_contract(game, owner, card, ship, 0)


def deck_to_island(ctx: Ctx, n: int) -> None:
    for _ in range(n):
        card = ctx.game.draw_card()
        if card is None:
            return
        ctx.game.zones.island.append(card)
        ctx.game.emit(ev.IslandSeeded, card)


def free_actions_of_choice(ctx: Ctx, n: int) -> None:
    """`n` free actions, each of a type the owner chooses, taken alone."""
    from interpreter.cards.model import ACTION_TYPES
    from interpreter.engine.solo import perform_alone
    for _ in range(n):
        options = [Option(f"take a free {a.upper()} action", a) for a in ACTION_TYPES]
        action = ctx.game.ask(Decision("choose_one", ctx.owner.seat, options, f"{ctx.card.name}: which free action?")).value
        perform_alone(ctx.game, ctx.owner, action, fee=False)  # R10.6: no fee for these imports


def majorities_held(ctx: Ctx) -> int:
    """Good types in which the owner has the most goods (virtual goods included, OQ-36), "the most"
    read as for every card (`is_most`)."""
    rules, owner, game = ctx.game.rules, ctx.owner, ctx.game
    return sum(1 for good in GOOD_TYPES
               if is_most(game, rules.goods_of_type(owner, good), [rules.goods_of_type(p, good) for p in game.players if p is not owner]))
