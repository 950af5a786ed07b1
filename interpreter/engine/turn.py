"""The turn (R4): lead or draw, follow or draw, action instances, execution in seat order, clean-up."""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING

from interpreter.cards.model import ACTION_TYPES
from interpreter.engine import contract, importing, load, pirate, supply
from interpreter.engine import events as ev
from interpreter.engine.choices import DiscardContract, Play
from interpreter.engine.completion import complete_if_full
from interpreter.engine.decisions import Decision, Option, stop_option
from interpreter.engine.state import Card, Player

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from interpreter.engine.game import Game

DRAW = "draw"


@cache
def draw_option(count: int, ends_turn: bool) -> Option:
    """The draw action offered at a lead (`ends_turn`, R4.2.1) or a follow (R4.3.1), drawing `count`
    cards: made once per count and shared (an option is never changed; its label is a plain string
    that names the count when the decision is put), not at every lead and follow."""
    return Option(f"draw {count} card(s){'; the turn ends' if ends_turn else ''}", DRAW)


@cache
def follow_prompt(action: str) -> str:
    """A follow's question, made once per action followed."""
    return f"Follow {action.upper()} or draw"


PERFORM: dict[str, Callable[[Game, Player, int], None]] = {
    "contract": contract.perform,
    "load": load.perform,
    "pirate": pirate.perform,
    "supply": supply.perform,
}


def may_act(game: Game, p: Player, action: str) -> bool:
    """Whether no power forbids `p` to carry out `action` (its instances are then lost, as in R4.8)."""
    return "may_act" not in game.rules.active or game.rules.may_act(p, action)


def may_use_action(p: Player, action: str) -> bool:
    """R4.8: CONTRACT needs an available ship (in harbor, not completing, R3.3); LOAD needs a contract
    on a ship in harbor (what `usable_actions` says of one action, without building the table)."""
    if action == "contract":
        for ship in p.ships:  # noqa: SIM110  # loops, not any(...): asked for every player who carries out an action
            if not ship.at_sea and not ship.completing:
                return True
        return False
    if action == "load":
        for ship in p.ships:  # noqa: SIM110
            if not ship.at_sea and ship.contracts:
                return True
        return False
    return True


def usable_actions(p: Player) -> dict[str, bool]:
    """R4.8 for every action at once: CONTRACT needs an available ship (in harbor, not completing,
    R3.3); LOAD needs a contract on a ship in harbor; the others can always be used."""
    contract = load = False
    for ship in p.ships:
        if not ship.at_sea:
            if not ship.completing:
                contract = True
            if ship.contracts:
                load = True
    return {"contract": contract, "load": load, "import": True, "pirate": True, "supply": True}


def play_options(game: Game, p: Player, actions: tuple[str, ...], leading: bool) -> list[Option]:
    """Ways to declare (leading) or follow: one card that may be played for the action, or a wild
    pair of one colour (R4.5) when a single card of the action would not do it alone (each a `Play`:
    the action declared, the cards played, the action carried out)."""
    rules = game.rules
    if not rules.active.isdisjoint(("may_play", "may_act")):  # a power forbids declaring or following some actions
        leader = game.players[game.leader]
        actions = tuple(a for a in actions if rules.may_play(p, a, leading, leader) and rules.may_act(p, a))
    allowed = [a for a in actions if rules.wild_pair_allowed(p, a)] if "wild_pair_allowed" in rules.active else actions
    plain = rules.active.isdisjoint(("may_play_for", "performed_action", "action_choices"))
    if plain:  # a card is played for its own action type, and the action is carried out as declared
        wanted = []  # the actions usable (R4.8): a loop, not a comprehension (a call of its own in Python 3.11)
        for a in actions:  # only CONTRACT and LOAD need a ship: no table of all five made for a follow
            if (a != "contract" and a != "load") or may_use_action(p, a):
                wanted.append(a)
        options: list[Option] = []
        seen_ids: set[str] = set()
        for card in p.hand:
            action = card.action
            if action in wanted and card.id not in seen_ids:
                seen_ids.add(card.id)
                options.append(Play(action, (card,), action))
        allowed = wanted if allowed is actions else [a for a in allowed if a in wanted]
    else:
        usable = usable_actions(p)  # R4.8
        options = _powered_single_options(game, p, actions, leading, usable)
    if allowed:
        pairs = wild_pairs(p.hand, game.data.wild_pair_size)
        if pairs:
            options += (plain_wild_pair_options(pairs, allowed) if plain
                        else wild_pair_options(game, p, pairs, allowed, leading, usable))
    return options


def _powered_single_options(game: Game, p: Player, actions: tuple[str, ...], leading: bool,
                            usable: dict[str, bool]) -> list[Option]:
    """One card for an action when a power changes what a card may be played for or what an action
    carries out (R4.6.7)."""
    modifiers = game.rules.modifiers("may_play_for")  # rules.may_play_for, applied here: asked for every card and action
    options: list[Option] = []
    seen: set[tuple[str, str]] = set()
    for action in actions:
        for card in p.hand:
            key = (card.id, action)
            if key in seen:
                continue
            allowed = card.action == action
            for modifier in modifiers:
                allowed = modifier(allowed, p, card, action, leading)
            if allowed:
                seen.add(key)
                for performed in carried_out(game, p, action, (card,), leading):
                    if usable[performed]:
                        options.append(Play(action, (card,), performed))
    return options


def carried_out(game: Game, p: Player, action: str, cards: tuple[Card, ...], leading: bool) -> tuple[str, ...]:
    """The actions `p` may carry out after declaring or following `action` with `cards`: the one the
    cards make (R4.6.7), or one of those a power makes interchangeable with it."""
    performed = game.rules.performed_action(p, action, cards, leading)
    return game.rules.action_choices(p, performed)


def wild_pairs(hand: list[Card], size: int) -> list[tuple[Card, ...]]:
    """The different wild pairs (R4.5) in a hand: two (`size`) cards of one colour, one pair per
    combination of card ids (copies of one card are interchangeable), then copies of one card
    together; colour by colour in the order of the hand."""
    # This runs at every lead and follow: the hand is grouped by colour in one loop (colours in the
    # order of the hand, each colour's cards in that order), with no comprehension (a call of its own
    # in Python 3.11); with five good types, a hand of six cards always holds a pair
    by_good: dict[str, list[Card]] = {}
    for card in hand:
        group = by_good.get(card.good)
        if group is None:
            by_good[card.good] = [card]
        else:
            group.append(card)
    if len(by_good) == len(hand) and size > 1:  # no colour twice: no pair
        return []
    pairs: list[tuple[Card, ...]] = []
    for same in by_good.values():
        if len(same) < size:
            continue
        if len(same) == size == 2:  # the usual case: two cards of one colour make one pair, copies or not
            pairs.append((same[0], same[1]))
            continue
        if size > 1 and len({card.id for card in same}) == len(same):  # no copies of one card (the usual case)
            pairs += combinations(same, size)
            continue
        copies: dict[str, list[Card]] = {}  # card id -> its copies in hand
        for card in same:
            copies.setdefault(card.id, []).append(card)
        pairs += combinations([cards[0] for cards in copies.values()], size)
        pairs += [tuple(cards[:size]) for cards in copies.values() if len(cards) >= size]
    return pairs


def wild_pair_options(game: Game, p: Player, pairs: list[tuple[Card, ...]], actions: Sequence[str], leading: bool,
                      usable: dict[str, bool]) -> list[Option]:
    """R4.5: a wild pair for an action, unless each of its cards could be played for it alone."""
    rules = game.rules
    plain = "may_play_for" not in rules.active
    chosen = "performed_action" in rules.active or "action_choices" in rules.active
    options: list[Option] = []
    for pair in pairs:
        own = {c.action for c in pair}
        for action in actions:
            alone = (own == {action} if plain
                     else all(rules.may_play_for(p, c, action, leading) for c in pair))
            if alone:
                continue
            for performed in carried_out(game, p, action, pair, leading) if chosen else (action,):
                if usable[performed]:
                    options.append(Play(action, pair, performed, pair=True))
    return options


def plain_wild_pair_options(pairs: list[tuple[Card, ...]], actions: Sequence[str]) -> list[Option]:
    """R4.5 when no power changes what a card may be played for or what an action carries out: a
    pair stands for each of `actions` (those usable, R4.8) but the one all its cards already have."""
    options: list[Option] = []
    for pair in pairs:
        own: str | None = pair[0].action
        for card in pair:  # a loop, not all(...): this runs for every pair of every lead and follow
            if card.action != own:
                own = None
                break
        for action in actions:
            if action != own:
                options.append(Play(action, pair, action, True))  # pair=True, given by place: a keyword costs
    return options


def play_cards(p: Player, cards: tuple[Card, ...]) -> None:
    for card in cards:
        p.hand.remove(card)
        p.played.append(card)


def announce_played(game: Game, p: Player, action: str, cards: tuple[Card, ...], leading: bool) -> None:
    """Each card played to declare or follow is a play of its own (a wild pair plays two, R4.5).
    Called only when something would see a CardPlayed (`ev.CardPlayed in game.bus.wanted`)."""
    for card in cards:
        game.emit(ev.CardPlayed, player=p.seat, card=card, action=action, leading=leading)


def draw_action(game: Game, p: Player, as_leader: bool, count: int | None = None) -> None:
    """R4.2.1, R4.3.1: draw up to the hand size, at least one card; one draw action per turn (R4.4).
    The event follows the draw: a power answering it sees the cards in hand (and what it draws is not
    taken into account by the draw action's own count). `count`: the draw count, when the caller has
    just asked it (for the draw option) and nothing has changed since."""
    p.drew_this_turn = True
    game.turn_log.append((p.seat, "draw"))
    drawn = game.draw_into_hand(p, game.rules.draw_count(p) if count is None else count)
    if ev.DrawActionTaken in game.bus.wanted:  # built only if something would see it
        game.emit(ev.DrawActionTaken, player=p.seat, as_leader=as_leader, count=drawn)


def offer_contract_discards(game: Game, p: Player) -> None:
    """R14.1: the leader may discard uncompleted contracts; offered at the start of the turn and
    again before the leader's own actions, or after every action instance too under the option
    `contract_discards=any-moment` (docs/rulings.md). Containers stay aboard (R14.2, OQ-10); a
    ship whose remaining contracts are then all satisfied completes at once (R8.1)."""
    while True:
        discards: list[Option] = []
        for ship in p.ships:
            if not ship.at_sea:
                for card in ship.contracts:
                    discards.append(DiscardContract(ship, card))
        if not discards:  # the usual case: nothing to ask (and no option to make)
            return
        options = [stop_option("keep all contracts"), *discards]
        choice = game.ask(Decision("discard_contract", p.seat, options, "Discard a contract?", False, 0)).value  # stop=0
        if not isinstance(choice, DiscardContract):
            return
        ship, card = choice.ship, choice.card
        ship.contracts.remove(card)
        game.discard(card, "discarded contract", p.seat)
        if ev.ContractDiscarded in game.bus.wanted:  # said once the card lies in the discard pile, where a power may take it
            game.emit(ev.ContractDiscarded, player=p.seat, card=card, ship=ship)
        complete_if_full(game, p, ship)


def play_turn(game: Game) -> None:
    game.turn += 1
    game.turn_log.clear()
    for p in game.players:
        p.sales_this_turn = 0
        p.drew_this_turn = False
    leader = game.players[game.leader]
    # R4.10: a rule may let this leader lead the next turn too; it is read now, before the powers
    # answering the turn's start (a lasting `until your next turn` ends after them)
    game.lead_again = game.rules.leads_twice(leader) if "leads_twice" in game.rules.active else False
    if ev.TurnStarted in game.bus.wanted:  # built only if something would see it
        game.emit(ev.TurnStarted, turn=game.turn, leader=leader.seat)
    offer_contract_discards(game, leader)
    game.powers.offer_any_time(leader)
    game.after_action()  # an any-time power (or a standing condition) may have won the game

    options = play_options(game, leader, ACTION_TYPES, leading=True)
    count = game.rules.draw_count(leader)
    draw = draw_option(count, True)
    # The draw first (R4.2.1), unless a power forbids it and there is something else to do (a player
    # who can do nothing else draws all the same). Written out here and in follow_or_draw, no call:
    # it runs at every lead and follow.
    if not options or "may_draw_action" not in game.rules.active or game.rules.may_draw_action(leader):
        options.insert(0, draw)
    choice = game.ask(Decision("lead", leader.seat, options, "Lead an action or draw"))  # a Play is its own value
    if not isinstance(choice, Play):  # R4.2.1, OQ-34: drawing ends the turn at once
        draw_action(game, leader, True, count)  # as leader, the count the option names (asking changes nothing)
        clean_up(game)
        return
    action, cards, leader_performs = choice.declared, choice.cards, choice.performed
    play_cards(leader, cards)
    game.turn_log.append((leader.seat, "lead"))
    if ev.ActionDeclared in game.bus.wanted:  # built only if something would see it
        game.emit(ev.ActionDeclared, player=leader.seat, action=action, cards=list(cards))
    if ev.CardPlayed in game.bus.wanted:  # tested here, not in the call: usually nothing would see it
        announce_played(game, leader, action, cards, leading=True)

    order = game.seats_from(leader.seat)
    performed = {leader.seat: leader_performs}
    played = {leader.seat: True}
    for seat in order[1:]:
        p = game.players[seat]
        game.powers.offer_any_time(p)
        game.after_action()
        followed_as = follow_or_draw(game, p, action)
        played[seat] = followed_as is not None
        performed[seat] = followed_as or action

    instances: dict[int, int] = {}  # a loop, not a comprehension (a call of its own): every turn
    for seat in order:
        instances[seat] = game.rules.instances(game.players[seat], performed[seat], played[seat])
    if ev.InstancesGranted in game.bus.wanted:  # built only if something would see it
        for seat in order:
            if instances[seat]:
                game.emit(ev.InstancesGranted, player=seat, action=performed[seat], count=instances[seat])
    execute(game, order, instances, performed)
    clean_up(game)


def follow_or_draw(game: Game, p: Player, action: str) -> str | None:
    """R4.3: follow (returns the action the player will carry out) or draw (None); a player who
    cannot follow must draw."""
    options = play_options(game, p, (action,), leading=False)
    count = game.rules.draw_count(p)
    draw = draw_option(count, False)
    if not options or "may_draw_action" not in game.rules.active or game.rules.may_draw_action(p):  # as in play_turn (R4.3.1)
        options.insert(0, draw)
    choice = game.ask(Decision("follow", p.seat, options, follow_prompt(action)))  # a Play is its own value
    if not isinstance(choice, Play):
        draw_action(game, p, False, count)  # not as leader, the count the option names
        return None
    cards, performs = choice.cards, choice.performed
    play_cards(p, cards)
    game.turn_log.append((p.seat, "follow"))
    if ev.ActionFollowed in game.bus.wanted:  # built only if something would see it
        game.emit(ev.ActionFollowed, player=p.seat, action=action, cards=list(cards), leader=game.leader)
    if ev.CardPlayed in game.bus.wanted:  # tested here, not in the call: usually nothing would see it
        announce_played(game, p, action, cards, leading=False)
    return str(performs)


def execute(game: Game, order: list[int], instances: dict[int, int], performed: dict[int, str]) -> None:
    """R4.7: the leader does all of his or her instances, then each player clockwise. Imports are
    resolved in auction rounds (R10.4) among the players importing, when the first of them is reached."""
    imports_done = False
    for seat in order:
        p = game.players[seat]
        action = performed[seat]
        if seat == game.leader:
            offer_contract_discards(game, p)
        if not instances[seat]:
            continue
        game.powers.offer_any_time(p)
        game.after_action()
        if action == "import":
            if not imports_done:
                imports_done = True
                importers = [s for s in order if performed[s] == "import" and may_act(game, game.players[s], "import")]
                importing.perform_rounds(game, importers, instances)
        elif may_use_action(p, action) and ("may_act" not in game.rules.active or game.rules.may_act(p, action)):  # R4.8: otherwise the instances are lost
            PERFORM[action](game, p, instances[seat])


PLAYED_THIS_TURN = "played this turn"  # the discard source of the cards played to declare or follow (R4.9)


def clean_up(game: Game) -> None:
    """R4.9: every card played to declare or follow goes to the discard pile."""
    for p in game.players:
        while p.played:  # one by one, each out of `played` before it is discarded: a power may take it from the pile
            game.discard(p.played.pop(0), PLAYED_THIS_TURN, p.seat)
    if ev.TurnEnded in game.bus.wanted:  # built only if something would see it
        game.emit(ev.TurnEnded, turn=game.turn, leader=game.leader)
