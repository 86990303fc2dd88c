"""`foodplay rules GAME`: list a game's rules, search them, or show one rule's card.

    foodplay rules burg                    # every rule: number, provenance, title
    foodplay rules burg --search "rat"     # ranked matches, each with number and provenance
    foodplay rules burg --clause 5-1       # one rule's card: text, related rules, places in play
"""

from __future__ import annotations

import argparse

from foodplay.cli.text import help_text
from foodplay.data import DataError
from foodplay.games import built_games, get_game
from foodplay.i18n.langcodes import LangChoices, lang_arg, public, public_codes
from foodplay.i18n.messages import Catalogue, catalogue
from foodplay.limits import QUERY_CHARS, shown
from foodplay.rulebook import Clause, Rulebook
from foodplay.teaching.rule_index import place_text, places_for
from foodplay.teaching.search import QueryTooLong, check_query, search


def add_parser(sub: argparse._SubParsersAction, lang: str = "en") -> None:
    """Add the `rules` subcommand to the `foodplay` command's parser, its help in `lang`."""
    cat = catalogue(None, lang)
    rules = sub.add_parser("rules", help=help_text(lang, "cli.help.rules"))
    rules.add_argument("game", metavar=cat.format("cli.meta.game"))
    what = rules.add_mutually_exclusive_group()
    what.add_argument("--search", metavar=cat.format("cli.meta.text"),
                      help=help_text(lang, "cli.help.search", count=QUERY_CHARS))
    what.add_argument("--clause", metavar=cat.format("cli.meta.clause"),
                      help=help_text(lang, "cli.help.clause"))
    rules.add_argument("--lang", default=lang, choices=LangChoices(), type=lang_arg,
                       metavar="{" + ",".join(public_codes()) + "}",
                       help=help_text(lang, "cli.help.lang", default=public(lang)))
    rules.add_argument("--limit", type=int, default=10, metavar=cat.format("cli.meta.limit"),
                       help=help_text(lang, "cli.help.limit"))


def clause_line(cat: Catalogue, clause: Clause, lang: str) -> str:
    return cat.format("ui.lookup.clause_line", {
        "number": cat.format("clause.ref", {"number": clause.number}),
        "provenance": cat.format(f"provenance.{clause.provenance}"),
        "title": clause.title(lang)})


def find_clause(rulebook: Rulebook, number: str, cat: Catalogue, title: str) -> Clause:
    """The clause with this number (or id), case and "Rule" prefix ignored."""
    wanted = number.strip().casefold().removeprefix("rule").strip()
    for clause in rulebook:
        if wanted in (clause.number.casefold(), clause.id.casefold()):
            return clause
    raise DataError("--clause", cat.format("ui.lookup.unknown_clause", {
        "game": title, "number": shown(number, lang=cat.lang, quoted=not number.strip()),
        "numbers": ", ".join(c.number for c in rulebook)}))


def checked_query(query: str, lang: str) -> str:
    """A --search query, refused (DataError naming --search) if empty or over QUERY_CHARS."""
    if not query.strip():
        raise DataError("--search", catalogue(None, lang).format("ui.lookup.empty"))
    try:
        check_query(query, lang)
    except QueryTooLong as exc:
        raise DataError("--search", exc.problem) from exc
    return query


def cmd_rules(args: argparse.Namespace) -> None:
    lang = args.lang
    if args.game not in built_games():
        raise DataError("game", catalogue(None, lang).format("cli.game", {
            "game": shown(args.game, lang=lang), "games": ", ".join(built_games())}))
    game = get_game(args.game)
    cat, rulebook = game.catalogue(lang), game.rulebook()
    if args.search is not None:
        query = checked_query(args.search, lang)
        results = search(game.id, query, lang, max(args.limit, 1))
        said = shown(query, QUERY_CHARS, lang, quoted=False)  # printable: no escape codes
        if not results.hits:
            print(cat.format("ui.lookup.none", {"query": said}))
            if results.suggestions:
                print(cat.format("ui.lookup.suggest", {"words": cat.join(results.suggestions)}))
            return
        print(cat.format("ui.lookup.results", {"count": len(results.hits), "query": said}))
        for hit in results.hits:
            fields = cat.join([cat.format(f"ui.lookup.field.{f}") for f in hit.fields])
            print(f"  {clause_line(cat, hit.clause, lang)}  "
                  f"({cat.format('ui.lookup.matched', {'fields': fields})})")
        return
    if args.clause is not None:
        clause = find_clause(rulebook, args.clause, cat, game.title)
        print(clause_line(cat, clause, lang))
        print(f"  {clause.text(lang)}")
        print(cat.format("ui.lookup.related"))
        for other in clause.related:
            print(f"  {clause_line(cat, rulebook[other], lang)}")
        if not clause.related:
            print(f"  {cat.format('ui.lookup.no_related')}")
        print(cat.format("ui.lookup.in_play"))
        places = places_for(game.id, clause.id)
        if not clause.in_play:
            print(f"  {cat.format('ui.lookup.never_in_play')}")
        elif not places:
            print(f"  {cat.format('ui.lookup.no_place')}")
        for place in places:
            print(f"  {place_text(cat, game.id, place)}  ({place.href(game.id)})")
        return
    for clause in rulebook:
        print(clause_line(cat, clause, lang))
