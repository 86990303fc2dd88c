"""Setting up a game (S1-S6): judges, Pantry and Market, starting decks, first player.

A `setup` dict can fix what the seed would shuffle, so that the rulebook's examples play out
exactly. Every field is validated with a DataError naming it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from foodplay.data import DataError, Say, require
from foodplay.games.cuisine_a_la_card.constants import HAND_SIZE, MARKET_SIZE, PLATES
from foodplay.games.cuisine_a_la_card.events import ev
from foodplay.games.cuisine_a_la_card.lookups import shuffle
from foodplay.games.cuisine_a_la_card.position import apply as apply_position
from foodplay.games.cuisine_a_la_card.position import check_alone
from foodplay.limits import Shown

if TYPE_CHECKING:
    from foodplay.games.cuisine_a_la_card.state import CuisineState

SETUP_FIELDS = ("seed", "first_player", "deck_top", "position", "fridge", "judges_top", "hands",
                "decks", "plates", "medals", "pantry_top")  # pantry_top: deck_top's old name


def _card_list(value: Any, where: str, known: dict[str, Any]) -> list[str]:
    require(isinstance(value, list), where, Say("position.card_list"))
    for i, card in enumerate(value):
        require(isinstance(card, str) and card in known, f"{where}[{i}]",
                Say("position.not_card", value=Shown(card)))
    return value


def _per_seat(setup: dict[str, Any], name: str, players: int) -> dict[int, Any]:
    value = setup.get(name, {})
    require(isinstance(value, dict), f"setup.{name}",
            Say("position.seat_map", examples='"0", "1", ...'))
    out = {}
    for key, item in value.items():
        require(str(key).isascii() and str(key).isdecimal() and int(key) < players,
                f"setup.{name}.{key}",
                Say("position.seat", low=0, high=players - 1))
        out[int(key)] = item
    return out


class _Supply:
    """Take named cards out of the Pantry, the Fork pile or a seat's starting cards."""

    def __init__(self, state: CuisineState, pantry: list[str], starting: list[list[str]]):
        self.state = state
        self.pantry = pantry
        self.starting = starting

    def take(self, card: str, seat: int | None, where: str) -> None:
        comp = self.state.comp
        if seat is not None and card in self.starting[seat]:
            self.starting[seat].remove(card)
        elif card == "fork":
            require(self.state.forks > 0, where, Say("position.cuisine.no_fork"))
            self.state.forks -= 1
        elif card in self.pantry:
            self.pantry.remove(card)
        else:
            pile = "starting" if card in comp.starting else "pantry"
            source = Say(f"position.pile.{pile}")
            raise DataError(where, Say("position.cuisine.none_left", card=repr(card),
                                       source=source))


def deal(state: CuisineState, setup: dict[str, Any]) -> None:
    """Shuffle and deal the opening position, then start the first turn."""
    comp, rng, players = state.comp, state.rng, state.players
    unknown = sorted(set(setup) - set(SETUP_FIELDS))
    if unknown:
        raise DataError(f"setup.{unknown[0]}",
                        Say("position.not_setting", allowed=", ".join(SETUP_FIELDS)))
    if "seed" in setup:
        require(isinstance(setup["seed"], int) and not isinstance(setup["seed"], bool),
                "setup.seed", Say("data.integer"))
    events = state.setup_events
    cards = comp.cards
    staged = setup.get("position")
    if staged is not None:
        check_alone(setup)
    top_name = "pantry_top" if "pantry_top" in setup else "deck_top"

    # S3, S6, V1: judges
    advanced = state.options["advanced"]
    if advanced:
        state.stacks = {"all": list(comp.judges)}
        shuffle(rng, state.stacks["all"])
        slots = ["all"] * (players + 1)
    else:
        state.stacks = {str(t): [j for j in comp.judges if comp.judges[j].tier == t]
                        for t in comp.tiers}
        for stack in state.stacks.values():
            shuffle(rng, stack)
        keys = [str(t) for t in comp.tiers]
        slots = sorted(keys + keys[:2][:players - 2], key=keys.index)
    top = setup.get("judges_top", [])
    _card_list(top, "setup.judges_top", comp.judges)
    require(len(set(top)) == len(top), "setup.judges_top", Say("position.cuisine.judge_twice"))
    for judge in reversed(top):
        stack = state.stacks["all" if advanced else str(comp.judges[judge].tier)]
        stack.remove(judge)
        stack.append(judge)
    state.judges = [{"stack": key, "judge": state.draw(f"judges.{key}", state.stacks[key])}
                    for key in slots]

    # S4: the Pantry
    pantry = comp.pantry_deck()
    shuffle(rng, pantry)
    starting = []
    for _ in range(players):
        deck = comp.starting_deck()
        shuffle(rng, deck)
        starting.append(deck)
    if staged is not None:  # any position as data: the start of a later turn
        active = apply_position(state, staged, pantry, _card_list(
            setup.get(top_name, []), f"setup.{top_name}", comp.pantry), slots)
        _first_player(state, setup, events, staged=True, active=active)
        return
    supply = _Supply(state, pantry, starting)
    hands = _per_seat(setup, "hands", players)
    decks = _per_seat(setup, "decks", players)
    plates = _per_seat(setup, "plates", players)
    for name, table, limit in (("hands", hands, HAND_SIZE), ("plates", plates, PLATES),
                               ("decks", decks, None)):
        for seat, value in table.items():
            _card_list(value, f"setup.{name}.{seat}", cards)
            require(limit is None or len(value) <= limit, f"setup.{name}.{seat}",
                    Say("position.cuisine.at_most", limit=limit))
            for i, card in enumerate(value):
                supply.take(card, seat, f"setup.{name}.{seat}[{i}]")
    fridge = _card_list(setup.get("fridge", []), "setup.fridge", comp.pantry)
    for i, card in enumerate(fridge):
        supply.take(card, None, f"setup.fridge[{i}]")
    pantry_top = _card_list(setup.get(top_name, []), f"setup.{top_name}", comp.pantry)
    for i, card in enumerate(pantry_top):
        supply.take(card, None, f"setup.{top_name}[{i}]")
    state.pantry = pantry + list(reversed(pantry_top))
    state.fridge = list(fridge)
    state.market = [state.draw("pantry", state.pantry) if state.pantry else None
                    for _ in range(MARKET_SIZE)]

    # S1: starting decks and hands
    for seat in range(players):
        deck = starting[seat]
        hand = list(hands.get(seat, []))
        while len(hand) < HAND_SIZE and deck:  # into a hidden hand: the table never names it
            hand.append(state.draw(f"deck.{seat}", deck, seat, private=True))
        state.deck[seat] = deck + list(reversed(decks.get(seat, [])))
        state.hand[seat] = hand
        for i, card in enumerate(plates.get(seat, [])):
            state.plates[seat][i] = card
    medals = _per_seat(setup, "medals", players)
    for seat, value in medals.items():
        require(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
                f"setup.medals.{seat}", Say("position.cuisine.medals_number"))
        state.medals[seat] = value
    _first_player(state, setup, events, staged=False,
                  example=bool(hands or decks or plates or fridge or pantry_top or medals))


def _first_player(state: CuisineState, setup: dict[str, Any], events: list, staged: bool,
                  example: bool = False, active: int | None = None) -> None:
    """S5 and the set-up's events, then the first turn (or the position's turn) begins."""
    comp, players, rng, advanced = state.comp, state.players, state.rng, state.options["advanced"]
    first, chosen = state.game.first_seat(setup.get("first_player"), players, rng)
    why = "setup.first_chosen" if chosen else "setup.first_seed"
    active = first if active is None else active
    state.first = state.active = first

    spoons = comp.starting.get("spoon", 0)
    events.append(ev("setup.components", ("G1", "G2", "G3", "G4", "G5", "C1"), label=comp.label,
                     pantry=len(comp.pantry_deck()), kinds=len(comp.pantry), forks=comp.forks,
                     judges=len(comp.judges)))
    if not staged:
        events.append(ev("setup.decks", "S1", spoons=spoons,
                         others=sum(comp.starting.values()) - spoons, count=HAND_SIZE))
    for seat in range(players):
        events.append(ev("draw.cards", ("S1", "G12"), frozenset((seat,)), seat=seat,
                         cards=list(state.hand[seat]), count=len(state.hand[seat])))
    if example:
        events.append(ev("setup.example", "S1"))
    if state.rules < 2:  # an older record, replayed under the rules it was played by
        events.append(ev("setup.rules_v1", ("P2-3", "D2")))
    if staged:
        state.active = active
        events.append(ev("setup.position", ("S1", "T"), round=state.round, seat=active,
                         count=len(state.pantry)))
    events.append(ev("setup.forks", ("S2", "G3"), count=state.forks, cost=comp.fork_cost))
    open_judges = [slot["judge"] for slot in state.judges]
    if advanced:
        events.append(ev("setup.judges_advanced", ("V1", "G10") if players > 2 else "V1",
                         judges=open_judges, count=len(open_judges)))
    elif players > 2:
        events.append(ev("setup.judges_extra", ("S3", "S6"), judges=open_judges,
                         count=len(open_judges), players=players))
    else:
        events.append(ev("setup.judges", "S3", judges=open_judges, count=len(open_judges)))
    events.append(ev("setup.market", "S4", cards=[c for c in state.market if c],
                     pantry=len(state.pantry)))
    if state.fridge:
        events.append(ev("setup.fridge", ("S4", "P4-1"), cards=list(state.fridge),
                         top=state.fridge[-1]))
    events.append(ev(why, "S5", seat=first))
    for seat in range(players):
        if state.medals[seat]:
            events.append(ev("setup.medals", "E1", seat=seat, count=state.medals[seat]))
    if state.options["more_medals"]:
        events.append(ev("setup.more_medals", ("V2", "G9") if players > 2 else "V2",
                         target=state.target))
    else:
        events.append(ev("setup.target", ("E1", "S6") if players > 2 else "E1",
                         target=state.target, players=players))
    state._start_turn(events)
