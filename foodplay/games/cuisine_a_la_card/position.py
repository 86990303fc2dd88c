"""Cuisine a la Card from a position given as data: the start of a turn (its warming phase).

`setup.position` holds `round`, `active` (whose turn begins; `first_player` by default), the
`market` (4 slots, null when empty), the `fridge` (top first), the open `judges` (one per
place, null when its stack has run out), optionally the `stacks` beneath them (by stack, top
first), and the `trash`, and one object per seat named as in
the seat's view: `hand`, `deck` (top first), `discard`, `plates`, `medals`, `eaten`,
`judges` (those it has scored), `waiting` (those of them that start to work at the seat's next
turn; all by default) and optionally `dishes` (what it served them). A seat without `deck`
has the starting cards it does not show elsewhere shuffled into its deck; otherwise they count
as trashed. The Pantry is the rest of the
ingredients, shuffled, with `deck_top` on top; the rest of the judges fill their stacks.

What a position leaves out is dealt as the game deals it: a seat without `hand` draws its five
cards from the top of its deck (rule 3), a position without `market` has the Market dealt from
the Pantry's top, slot 1 first (S4). An empty Market slot while the Pantry still holds cards
(G6) is refused. (A hand may hold more than five cards: some abilities draw between turns.)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from foodplay import position as pos
from foodplay.data import Say, require
from foodplay.games.cuisine_a_la_card.constants import HAND_SIZE, MARKET_SIZE, PLATES

if TYPE_CHECKING:
    from foodplay.games.cuisine_a_la_card.state import CuisineState

POSITION_KEYS = ("round", "active", "market", "fridge", "judges", "stacks", "trash", "seats")
SEAT_KEYS = ("hand", "deck", "discard", "plates", "medals", "eaten", "judges", "waiting",
             "dishes")
PARTIAL_KEYS = ("hands", "decks", "plates", "medals", "fridge", "judges_top")


def apply(state: CuisineState, raw: Any, pantry: list[str], top: list[str],
          slots: list[str]) -> int | None:
    """Lay out the position; `pantry` is the shuffled Pantry, `slots` the judge places' stacks.
    Returns the seat whose turn begins, if the position names one."""
    game, comp, where = state.game, state.comp, "setup.position"
    pos.known_keys(pos.as_object(raw, where), POSITION_KEYS, where)
    cards = comp.cards
    state.round = pos.count(raw.get("round", 1), f"{where}.round", 1)
    supply = Counter(pantry)
    supply["fork"] = comp.forks
    pool = pos.Pool(game, supply, "G1")
    starting = Counter({c: n * state.players for c, n in comp.starting.items()})
    owned_start = pos.Pool(game, starting, "S1")
    judges = pos.Pool(game, Counter(list(comp.judges)), "G2")

    def take(items: list[str], at: str, seat_start: pos.Pool | None = None) -> None:
        for i, card in enumerate(items):
            if card in comp.starting:
                owned_start.take(card, f"{at}[{i}]")
                if seat_start is not None:
                    seat_start.take(card, f"{at}[{i}]")
            else:
                pool.take(card, f"{at}[{i}]")

    seats = pos.seat_objects(raw, state.players, where, SEAT_KEYS)
    for s, seat in enumerate(seats):
        at = f"{where}.seats[{s}]"
        mine = pos.Pool(game, Counter(comp.starting), "S1")  # a player never gains these
        piles = {}
        for name in ("hand", "discard", "eaten"):
            piles[name] = pos.id_list(seat.get(name, []), f"{at}.{name}", cards, "a card")
            take(piles[name], f"{at}.{name}", mine)
        for i, card in enumerate(piles["eaten"]):
            pos.check(not cards[card].tool, game, f"{at}.eaten[{i}]",
                      Say("position.cuisine.tools_in_dish"), "Q1")
        plates = seat.get("plates", [])
        require(isinstance(plates, list) and len(plates) <= PLATES, f"{at}.plates",
                Say("position.plates", count=PLATES, null="null"))
        placed = pos.id_list([c for c in plates if c is not None], f"{at}.plates", cards,
                             "a card")
        take(placed, f"{at}.plates", mine)
        if "deck" in seat:
            deck = pos.id_list(seat["deck"], f"{at}.deck", cards, "a card")
            take(deck, f"{at}.deck", mine)
            state.trash += sorted(mine.left.elements())
            owned_start.take_all(sorted(mine.left.elements()), f"{at}.deck")
        else:
            deck = mine.rest(comp.starting_deck())
            owned_start.take_all(deck, f"{at}.deck")
            state.rng.shuffle(deck)
        state.hand[s], state.discard[s], state.eaten[s] = \
            piles["hand"], piles["discard"], piles["eaten"]
        state.deck[s] = list(reversed(deck)) if "deck" in seat else deck
        if "hand" not in seat:  # dealt: the hand drawn at the end of the seat's last turn (P3)
            state._draw(s, HAND_SIZE, [])
        state.plates[s] = list(plates) + [None] * (PLATES - len(plates))
        state.medals[s] = pos.count(seat.get("medals", 0), f"{at}.medals")
        pos.check(state.medals[s] < state.target, game, f"{at}.medals",
                  Say("position.cuisine.medals", medals=state.medals[s], target=state.target),
                  "E1")
        won = pos.id_list(seat.get("judges", []), f"{at}.judges", comp.judges, "a judge")
        judges.take_all(won, f"{at}.judges")
        waiting = Counter(pos.id_list(seat.get("waiting", won), f"{at}.waiting", comp.judges,
                                      "a judge"))
        pos.check(not waiting - Counter(won), game, f"{at}.waiting",
                  Say("position.cuisine.waiting"), "P2-6")
        state.won[s] = []
        for j in won:  # a judge works from its owner's next turn (rule 2-6, D3)
            state.won[s].append({"judge": j, "active": waiting[j] == 0})
            waiting[j] -= 1
        if "dishes" in seat:
            state.dishes[s] = _dishes(state, seat["dishes"], won, piles["eaten"],
                                      f"{at}.dishes")
    trash = pos.id_list(raw.get("trash", []), f"{where}.trash", cards, "a card")
    take(trash, f"{where}.trash")
    state.trash += trash
    market = raw.get("market", [None] * MARKET_SIZE)
    require(isinstance(market, list) and len(market) == MARKET_SIZE, f"{where}.market",
            Say("position.market", count=MARKET_SIZE, null="null"))
    for i, card in enumerate(market):
        require(card is None or (isinstance(card, str) and card in comp.pantry),
                f"{where}.market[{i}]", Say("position.not_pantry", value=pos.Shown(card)))
    pool.take_all([c for c in market if c], f"{where}.market")
    fridge = pos.id_list(raw.get("fridge", []), f"{where}.fridge", comp.pantry, "an ingredient")
    pool.take_all(fridge, f"{where}.fridge")
    state.market, state.fridge = list(market), list(reversed(fridge))
    state.forks = pool.left["fork"]
    pool.left["fork"] = 0
    state.pantry = pos.stack_top(pool.rest(pantry), top, "setup.deck_top", "Pantry")
    if "market" not in raw:  # dealt from the Pantry's top, slot 1 first, as at the set-up (S4)
        state.market = [state.draw("pantry", state.pantry) if state.pantry else None
                        for _ in market]
    empty = [i for i, card in enumerate(state.market) if card is None]
    pos.check(not empty or not state.pantry, game, f"{where}.market[{empty[0] if empty else 0}]",
              Say("position.cuisine.market_empty", count=len(state.pantry)), "G6")
    _judges(state, raw.get("judges"), slots, judges, f"{where}.judges")
    if "stacks" in raw:
        _stacks(state, raw["stacks"], judges, f"{where}.stacks")
    active = raw.get("active")
    require(active is None or (isinstance(active, int) and not isinstance(active, bool)
                               and 0 <= active < state.players), f"{where}.active",
            Say("position.seat", low=0, high=state.players - 1))
    return active


def _judges(state: CuisineState, raw: Any, slots: list[str], pool: pos.Pool,
            where: str) -> None:
    """The open judges, one per place; the rest of each stack, shuffled, lies beneath."""
    comp, game = state.comp, state.game
    stacks: dict[str, list[str]] = {key: [] for key in dict.fromkeys(slots)}
    for key in stacks:
        stacks[key] = [j for j in state.stacks[key]] + [
            state.judges[i]["judge"] for i, k in enumerate(slots) if k == key]
    shown = raw if raw is not None else [slot["judge"] for slot in state.judges]
    require(isinstance(shown, list) and len(shown) == len(slots), where,
            Say("position.judge_places", count=len(slots), null="null"))
    for i, judge in enumerate(shown):
        if judge is None:
            continue
        require(isinstance(judge, str) and judge in comp.judges, f"{where}[{i}]",
                Say("position.not_judge", value=pos.Shown(judge)))
        pos.check(slots[i] == "all" or str(comp.judges[judge].tier) == slots[i], game,
                  f"{where}[{i}]", Say("position.cuisine.place_tier", place=i + 1, points=slots[i]),
                  "S3")
        pool.take(judge, f"{where}[{i}]")
    for key in stacks:
        stacks[key] = [j for j in stacks[key] if pool.left[j] > 0]
    for i, judge in enumerate(shown):
        pos.check(judge is not None or not stacks[slots[i]], game, f"{where}[{i}]",
                  Say("position.cuisine.stack_left"), "D4")
    state.stacks = stacks
    state.judges = [{"stack": key, "judge": judge} for key, judge in zip(slots, shown,
                                                                         strict=True)]


def _dishes(state: CuisineState, raw: Any, won: list[str], eaten: list[str],
            where: str) -> list[dict[str, Any]]:
    """`dishes`: the dishes the seat served, one per judge it scored, in order: their `cards`
    (eaten, rule 2-7), meal `points` and `medals`."""
    require(isinstance(raw, list) and len(raw) == len(won), where,
            Say("position.dishes", count=len(won)))
    out, left = [], Counter(eaten)
    for d, item in enumerate(raw):
        at = f"{where}[{d}]"
        pos.known_keys(pos.as_object(item, at), ("cards", "points", "medals"), at)
        cards = pos.id_list(item.get("cards", []), f"{at}.cards", state.comp.cards, "a card")
        for i, card in enumerate(cards):
            pos.check(left[card] > 0, state.game, f"{at}.cards[{i}]",
                      Say("position.cuisine.not_eaten", card=pos.Shown(card)), "P2-7")
            left[card] -= 1
        out.append({"judge": won[d], "cards": cards,
                    "points": pos.count(item.get("points", 0), f"{at}.points"),
                    "medals": pos.count(item.get("medals", 0), f"{at}.medals", 1)})
    return out


def _stacks(state: CuisineState, raw: Any, pool: pos.Pool, where: str) -> None:
    """`stacks`: the face-down judges of each stack in order, top first, by stack ("15",
    "18", "21", or "all" in the Advanced variant); every judge not shown or scored."""
    pos.known_keys(pos.as_object(raw, where), tuple(state.stacks), where)
    left = Counter(pool.left)
    for key in state.stacks:
        order = pos.id_list(raw.get(key, []), f"{where}.{key}", state.comp.judges, "a judge")
        for i, judge in enumerate(order):
            pos.check(key == "all" or str(state.comp.judges[judge].tier) == key, state.game,
                      f"{where}.{key}[{i}]",
                      Say("position.cuisine.stack_tier", judge=repr(judge), stack=key), "S3")
            pos.check(left[judge] > 0, state.game, f"{where}.{key}[{i}]",
                      Say("position.cuisine.judge_used", judge=repr(judge)), "G2")
            left[judge] -= 1
        state.stacks[key] = list(reversed(order))
    missing = sorted(left.elements())
    pos.check(not missing, state.game, where,
              Say("position.cuisine.judge_missing", judge=str(missing[:1])), "G2")


def check_alone(setup: Mapping[str, Any]) -> None:
    """A full position cannot be mixed with the shortcuts that fix parts of a dealt game."""
    mixed = [k for k in PARTIAL_KEYS if k in setup]
    require(not mixed, f"setup.{mixed[0] if mixed else ''}",
            Say("position.cuisine.with_position", other="setup.position"))


def export(state: CuisineState) -> dict[str, Any] | None:
    """The position document of `state` if a turn starts (its warming phase, nothing waiting),
    else None; `apply` reads it back into the same position, decks, Pantry and judge stacks in
    their order. Judges a seat has scored count as working from its next turn (rule 2-6)."""
    if state.phase != "warming" or state.queue or state.warmed or state.is_over \
            or any(state.dish) or any(state.played) \
            or state._judge_abilities(state.active, "turn"):  # they acted as the turn began
        return None
    seats = []
    for s in range(state.players):
        seats.append({"hand": list(state.hand[s]), "deck": list(reversed(state.deck[s])),
                      "discard": list(state.discard[s]), "plates": list(state.plates[s]),
                      "medals": state.medals[s], "eaten": list(state.eaten[s]),
                      "judges": [w["judge"] for w in state.won[s]],
                      "waiting": [w["judge"] for w in state.won[s] if not w["active"]],
                      "dishes": [{"cards": list(d["cards"]), "points": d["points"],
                                  "medals": d["medals"]} for d in state.dishes[s]]})
    return {"first_player": state.first, "options": dict(state.options),
            "deck_top": list(reversed(state.pantry)),
            "position": {"round": state.round, "active": state.active,
                         "market": list(state.market), "fridge": list(reversed(state.fridge)),
                         "judges": [slot["judge"] for slot in state.judges],
                         "stacks": {key: list(reversed(stack))
                                    for key, stack in state.stacks.items()},
                         "trash": [c for c in state.trash if c not in state.comp.starting],
            "seats": seats}}
