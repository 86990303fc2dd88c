"""A turn's second part, rules 3-4: pouring the ingredients held into cups, then serving orders."""

from __future__ import annotations

from foodplay.engine import Event, Move, Verdict, event
from foodplay.games.coffee_rush.base import StateBase, whole_or_none


class PourAndServe(StateBase):
    """The pour, return, empty, done and serve moves (pour also during the set-up, rule S5)."""

    def _check_pour(self, move: Move) -> Verdict:
        clause = "S5" if self.phase == "setup_pour" else "R3-1"
        ingredient = move.get("ingredient")
        if ingredient not in self.held:
            return Verdict.refuse(clause, "coffee-rush.refuse.not_held", seat=move.seat,
                                  ingredient=str(ingredient), held=list(self.held))
        if self._cup(move) is None:
            return Verdict.refuse(clause, "coffee-rush.refuse.no_such_cup",
                                  cup=str(move.get("cup")), count=self.comp.cups)
        return Verdict.allow(clause)

    def _check_return(self, move: Move) -> Verdict:
        ingredient = move.get("ingredient")
        if ingredient not in self.held:
            return Verdict.refuse("R3-1", "coffee-rush.refuse.not_held", seat=move.seat,
                                  ingredient=str(ingredient), held=list(self.held))
        return Verdict.allow("R3-1")

    def _check_empty(self, move: Move) -> Verdict:
        cup = self._cup(move)
        if cup is None:
            return Verdict.refuse("R3-3", "coffee-rush.refuse.no_such_cup",
                                  cup=str(move.get("cup")), count=self.comp.cups)
        if not self.cups[move.seat][cup]:
            return Verdict.refuse("R3-3", "coffee-rush.refuse.cup_already_empty", cup=cup + 1)
        return Verdict.allow("R3-3")

    def _check_done(self, move: Move) -> Verdict:
        return Verdict.allow("D6" if self.held else "R3-1")

    def _check_serve(self, move: Move) -> Verdict:
        seat = move.seat
        cup = self._cup(move)
        if cup is None:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.no_such_cup",
                                  cup=str(move.get("cup")), count=self.comp.cups)
        tab = whole_or_none(move.get("tab"))
        if tab is None or not 1 <= tab <= self.comp.tabs:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.no_such_tab",
                                  tab=str(move.get("tab")), count=self.comp.tabs)
        order = move.get("order")
        if order not in self.tabs[seat][tab - 1]:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.order_not_there", seat=seat,
                                  order=str(order), tab=tab)
        contents = self.cups[seat][cup]
        if not contents:
            return Verdict.refuse("R4-1", "coffee-rush.refuse.cup_empty", cup=cup + 1)
        need = self.comp.orders[order].ingredients
        if tuple(sorted(contents, key=self._order_key)) != need:
            return Verdict.refuse("D2", "coffee-rush.refuse.mismatch", cup=cup + 1, order=order,
                                  contents=sorted(contents, key=self._order_key),
                                  need=list(need))
        return Verdict.allow("R4-1")

    def _do_pour(self, move: Move, events: list[Event]) -> None:
        seat, ingredient, cup = move.seat, move.get("ingredient"), move.get("cup") - 1
        self.held.remove(ingredient)
        contents = self.cups[seat][cup]
        contents.append(ingredient)
        listed = sorted(contents, key=self._order_key)
        if self.phase == "setup_pour":
            events.append(event("coffee-rush.place.pour", "S5", seat=seat, ingredient=ingredient,
                                cup=cup + 1, contents=listed))
            self._next_placement(events)
            return
        big = len(contents) > self.table.longest
        events.append(event("coffee-rush.pour.big" if big else "coffee-rush.pour",
                            ("R3-1", "R3-2") + (("D8",) if big else ()), seat=seat,
                            ingredient=ingredient, cup=cup + 1, contents=listed,
                            count=len(contents)))

    def _do_return(self, move: Move, events: list[Event]) -> None:
        ingredient = move.get("ingredient")
        self.held.remove(ingredient)
        self.supply[ingredient] += 1
        events.append(event("coffee-rush.return", "R3-1", seat=move.seat, ingredient=ingredient))

    def _do_empty(self, move: Move, events: list[Event]) -> None:
        seat, cup = move.seat, move.get("cup") - 1
        contents = self.cups[seat][cup]
        for ingredient in contents:
            self.supply[ingredient] += 1
        events.append(event("coffee-rush.empty", "R3-3", seat=seat, cup=cup + 1,
                            contents=sorted(contents, key=self._order_key),
                            count=len(contents)))
        self.cups[seat][cup] = []

    def _do_done(self, move: Move, events: list[Event]) -> None:
        seat = move.seat
        if self.held:
            left = sorted(self.held, key=self._order_key)
            for ingredient in left:
                self.supply[ingredient] += 1
            self.held = []
            events.append(event("coffee-rush.pour.leftover", "D6", seat=seat, held=left,
                                count=len(left)))
        else:
            events.append(event("coffee-rush.pour.done", "R3-1", seat=seat))
        self._start_serve(events)

    def _start_serve(self, events: list[Event]) -> None:
        if self.matches(self.turn):
            self.phase = "serve"
        else:
            events.append(event("coffee-rush.serve.none", ("R4-1", "D2"), seat=self.turn))
            self._finish_turn(events)

    def _do_serve(self, move: Move, events: list[Event]) -> None:
        seat, cup, tab, order = move.seat, move.get("cup") - 1, move.get("tab"), move.get("order")
        contents = self.cups[seat][cup]
        for ingredient in contents:
            self.supply[ingredient] += 1
        self.cups[seat][cup] = []
        self.tabs[seat][tab - 1].remove(order)
        self.completed[seat].append(order)
        self.served += 1
        events.append(event("coffee-rush.serve", ("R4-1", "R4-2", "D2"), seat=seat, cup=cup + 1,
                            tab=tab, order=order, contents=sorted(contents, key=self._order_key),
                            count=len(self.completed[seat])))
        if self.comp.orders[order].specialty:
            self.rush[seat] += 1
            events.append(event("coffee-rush.serve.specialty", "R4-3", seat=seat, order=order,
                                count=self.rush[seat]))
        if not self.matches(seat):
            self._finish_turn(events)
