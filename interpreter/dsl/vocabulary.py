"""The vocabulary of the power language, for docs/powers.md: every timing, trigger, effect, count,
condition and rule, with what it does and an example. Tests parse every example and check that it
produces the construct it documents, so this page cannot drift from the grammar."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    name: str  # the AST node (class name, or kind for triggers, rules, counts and conditions)
    syntax: str
    meaning: str
    example: str


TIMINGS = [
    Entry("on_completion", "on completion: EFFECTS", "runs once when the card's shipment completes (R8.2.3, R15.2)",
          "on completion: draw 5"),
    Entry("triggered", "when TRIGGER[, this one included][, once per turn]: EFFECTS",
          "runs each time the event happens while the card is in its owner's Shipments (R15.4); triggers of one "
          "event run clockwise from the acting player (R15.7). A `completes` trigger does not fire for the completion "
          "that brings its own card into Shipments unless it says `this one included`",
          "when you complete an agriculture shipment, this one included: gain 2"),
    Entry("rule", "rule: RULE", "changes a rule of the game while the card is in its owner's Shipments (R15.4)",
          "rule: the game end threshold is 70"),
    Entry("any_time", "any time: EFFECTS",
          "usable at any-time windows (before each lead, follow and the player's own actions, and at game end before "
          "bonuses, R17.2), from hand when the card's tier is met or once completed (R15.3, OQ-2); usable when its first "
          "effect can be done", "any time: discard 1 of your technology goods then gain 4"),
    Entry("game_end", "at game end: EFFECTS", "runs during final scoring; credits it gives are scored as points (R15.5, R17.8)",
          "at game end: gain 6 for each of your luxury shipments"),
]

EFFECTS = [
    Entry("Gain", "gain N [for each COUNT | per COUNT]", "take N credits from the bank (times the count)", "on completion: gain 4"),
    Entry("Draw", "draw N [for each COUNT]", "draw N cards from the deck into your hand (R0.4, R3.7)", "on completion: draw 2"),
    Entry("DrawUntil", "draw until you hold N", "draw until your hand holds N cards", "on completion: draw until you hold 8"),
    Entry("PaysYou", "PLAYERS pay(s) you N", "each of those players pays you N, or all they have (OQ-33)",
          "on completion: each other player pays you 2"),
    Entry("YouPay", "you pay PLAYERS N", "you pay N to each of those players (or all you have left)",
          "on completion: you pay each other player 2"),
    Entry("GiveCards", "PLAYERS give(s) you N card(s) from their hand", "each of those players chooses N cards of their hand for you",
          "when any player completes a shipment: that player gives you 1 card from their hand"),
    Entry("TakeAll", "take all FILTER cards from PLAYERS' hand(s) into your hand",
          "those players reveal their hands; every matching card goes to your hand (counted as `card taken`)",
          "on completion: take all agriculture cards from each other player's hand into your hand"),
    Entry("ChooseOne", "PLAYERS choose(s) one: CHOICE or CHOICE ...",
          "each of those players picks one choice: `pay you N` or `give you N of their [FILTER] goods|shipments|imports`; only "
          "choices they can carry out in full are offered, and if none can, the first is done as far as it goes (OQ-33)",
          "on completion: each other player chooses one: pay you 4 or give you 2 of their goods"),
    Entry("IfThen", "if CONDITION then EFFECT [else EFFECT]", "a condition; use parentheses for several effects in a branch",
          "on completion: if your credits <= 18 then gain 8 else gain 4"),
    Entry("May", "you may EFFECT", "an optional effect: its owner is asked (decision `optional_power`)",
          "when another player draws: you may draw 1"),
    Entry("Sell", "sell N FILTER card(s) from your hand to the island for N",
          "move hand cards to the supply island for credits, apart from the SUPPLY sale (R12.5)",
          "any time: sell 1 agriculture card from your hand to the island for 2"),
    Entry("DiscardGoods", "discard N of your FILTER goods", "put goods of yours on the discard pile",
          "any time: discard 1 of your technology goods then gain 4"),
    Entry("ContractThis", "contract this card", "contract the card from your hand onto a ship in harbor without an action (any time only)",
          "any time: contract this card"),
    Entry("CopyPowers", "copy the powers of another completed FILTER shipment",
          "choose another card in any player's Shipments (OQ-38); its one-time powers run now for you, its ongoing powers "
          "work through this card from now on (OQ-46)", "on completion: copy the powers of another completed tier 1 or less shipment"),
    Entry("UseHandActions", "use the action of each card in your hand",
          "act out each hand card's action once, in any order, alone: nobody follows, no imports count, no tier stacking",
          "on completion: draw until you hold 8 then use the action of each card in your hand"),
    Entry("Sequence", "( EFFECT then EFFECT ... )", "several effects as one, e.g. in a branch of `if`",
          "on completion: if a coin flip is heads then (draw 2 then gain 2) else gain 2"),
]

TRIGGERS = [
    Entry("contract", "ACTOR contract(s) [a|an|any] FILTER card", "a contract is made (event ContractMade, R6.9)",
          "when you contract an agriculture card: gain 2"),
    Entry("ship_completed", "ACTOR complete(s) a shipment [carrying a FILTER container]",
          "a ship completes, once per ship (event ShipmentCompleted, R8.5)",
          "when you complete a shipment carrying a technology container: draw 2"),
    Entry("contract_completed", "ACTOR complete(s) [a|an] FILTER shipment",
          "a contract card of that kind completes, once per card (event ContractCompleted, R8.5, OQ-45)",
          "when you complete an agriculture shipment: gain 2"),
    Entry("draws", "ACTOR draw(s) [cards]", "cards are drawn into a hand, by any cause (event CardsDrawn)",
          "when another player draws: you may draw 1"),
    Entry("draw_action", "ACTOR take(s) the draw action", "a player chooses the draw action (event DrawActionTaken, R4.2.1, R4.3.1)",
          "when another player takes the draw action: gain 2"),
    Entry("good_added", "[a|an|any] FILTER card enters OWNER goods", "a card enters a Goods area (event GoodAdded)",
          "when a consumer card enters any player's goods: gain 2"),
]

RULES = [
    Entry("threshold", "the game end threshold is N", "the credit threshold of R16.1.1 becomes N for everybody, even in an extended game (R18.2)",
          "rule: the game end threshold is 70"),
    Entry("rainbow", "your FILTER contracts accept any colour", "the load slots of those contracts accept any container (R7.2)",
          "rule: your agriculture contracts accept any colour"),
    Entry("wild", "your COLOUR containers are wild", "your containers of that colour (or good type) fill any slot, pirated ones too (R7.2)",
          "rule: your green containers are wild"),
    Entry("win_ties", "you win [all] ties", "you win tied import bids (R10.3.1) and majority ties; you leave a tied penalty to the others (OQ-13)",
          "rule: you win all ties"),
    Entry("capacity", "your ships hold N containers", "the contracts on each of your ships may require up to N containers (R6.6)",
          "rule: your ships hold 8 containers"),
    Entry("payout", "your ships completed with N containers pay N", "the payout of your ships with that many containers or more (R8.2.2)",
          "rule: your ships completed with 8 containers pay 18"),
    Entry("follow_as", "you may follow any action with a ACTION card and take ACTION actions instead",
          "you may follow with such a card whatever is declared; you then carry out that other action (R4.6.7)",
          "rule: you may follow any action with a load card and take load actions instead"),
    Entry("majority_double", "your majority bonuses are doubled", "your majority bonuses and penalties count twice (R17.6.2)",
          "rule: your majority bonuses are doubled"),
]

COUNTS = [
    Entry("taken", "card taken", "cards taken so far by this power (after `take all ...`)",
          "on completion: take all agriculture cards from each other player's hand into your hand then gain 2 for each card taken"),
    Entry("hand", "card in your hand", "the cards in your hand", "at game end: gain 1 for each card in your hand"),
    Entry("zone", "[of] OWNER FILTER goods|shipments|imports",
          "cards in those areas; OWNER is `your`, `all players'`, `each other player's`, `that player's`",
          "on completion: gain 2 for each of all players' agriculture goods"),
]

CONDITIONS = [
    Entry("compare", "VALUE <= | >= | < | > | = VALUE",
          "compares numbers: a number, `your credits` (active credits) or `the number of COUNT`",
          "on completion: if your credits <= 18 then gain 8 else gain 4"),
    Entry("coin_heads", "a coin flip is heads", "flips a coin with the game's seeded generator (event CoinFlipped)",
          "on completion: if a coin flip is heads then gain 4 else gain 2"),
    Entry("have_most", "you have the most goods|shipments|imports", "you hold at least as many as every other player (a tie counts)",
          "at game end: if you have the most shipments then gain 8"),
]

WORDS = [
    Entry("players", "each other player | every other player | each opponent | every player | each player | that player",
          "groups of players; `that player` is the player of the triggering event (only in `when` powers)",
          "on completion: every player pays you 2"),
    Entry("actor", "you | any player | another player | an opponent", "whose action a trigger listens to",
          "when any player completes a shipment: draw 1"),
    Entry("filter", "[GOOD] [ACTION] [tier N [or less | or more]]",
          "which cards: a good type (technology, agriculture, illegal, consumer, luxury), an action type (contract, load, "
          "import, pirate, supply) and a tier range, each optional", "when you contract a luxury supply card: gain 2"),
]

SECTIONS = [("Timings", TIMINGS), ("Effects", EFFECTS), ("Triggers", TRIGGERS), ("Rules", RULES),
            ("Counts", COUNTS), ("Conditions", CONDITIONS), ("Words used everywhere", WORDS)]
