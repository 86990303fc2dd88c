"""The games foodplay teaches: a registry of built games and a catalogue of all four."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module

from foodplay.engine import Credits, Game
from foodplay.i18n.messages import catalogue


@dataclass(frozen=True)
class Listing:
    """A game as the gallery lists it, built or not."""

    id: str
    title: str
    credits: Credits
    min_players: int
    max_players: int
    module: str | None  # None: not built yet


LISTINGS: tuple[Listing, ...] = (
    Listing("burg", "BURG", Credits("unknown", "publisher unknown"), 2, 5,
            "foodplay.games.burg"),
    Listing("coffee-rush", "Coffee Rush", Credits("Euijin Han", "Korea Boardgames", 2023), 2, 4,
            "foodplay.games.coffee_rush"),
    Listing("cuisine-a-la-card", "Cuisine a la Card",
            Credits("Dani Demarest", "InMotion", 2016), 2, 4, "foodplay.games.cuisine_a_la_card"),
    Listing("food-truck", "Food Truck", Credits("Florian Fay", "Gigamic", 2022), 2, 5,
            "foodplay.games.food_truck"),
)


def listing(game_id: str) -> Listing:
    for entry in LISTINGS:
        if entry.id == game_id:
            return entry
    raise KeyError(f"unknown game {game_id!r}; the games are {', '.join(e.id for e in LISTINGS)}")


def built_games() -> list[str]:
    return [entry.id for entry in LISTINGS if entry.module]


@cache
def get_game(game_id: str) -> Game:
    """The Game object for `game_id`; KeyError with a clear message if unknown or not built."""
    entry = listing(game_id) if isinstance(game_id, str) else listing(repr(game_id))
    if entry.module is None:
        raise KeyError(f"{entry.title} is not built yet; the playable games are "
                       f"{', '.join(built_games())}")
    return import_module(entry.module).GAME


def credits_text(game_id: str, lang: str = "en") -> str:
    """Who made a game, in `lang`: the game's own credits line, else the listing's facts."""
    entry = listing(game_id)
    if entry.module is not None:
        game_cat = get_game(entry.id).catalogue(lang)
        if game_cat.has(f"{entry.id}.credits"):
            return game_cat.format(f"{entry.id}.credits")
    c, cat = entry.credits, catalogue(None, lang)
    if c.year:
        return cat.format("ui.gallery.credits_year", {"designer": c.designer,
                                                       "publisher": c.publisher, "year": c.year})
    return cat.format("ui.gallery.credits", {"designer": c.designer, "publisher": c.publisher})
