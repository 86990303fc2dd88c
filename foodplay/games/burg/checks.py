"""Whether a BURG move is allowed now, and which clause says so: `check` and one `_check_<kind>`
per move kind."""

from __future__ import annotations

from foodplay.engine import Move, Verdict, check_params
from foodplay.games.burg.components import TOOLS
from foodplay.games.burg.constants import MOVE_PARAMS, PHASE_CLAUSE, PHASE_KINDS
from foodplay.games.burg.lookups import recipe_index
from foodplay.games.burg.table import BurgTable


class MoveChecks(BurgTable):
    """The verdict on a move, without changing anything."""

    def check(self, move: Move) -> Verdict:
        decision = self.decision()
        if decision is None:
            return Verdict.refuse("R6", "verdict.game_over")
        clause = PHASE_CLAUSE[self.phase]
        if move.seat not in decision.seats:
            if self.phase == "tools" and 0 <= move.seat < self.players:
                return Verdict.refuse("R3", "burg.refuse.already_chose", seat=move.seat)
            return Verdict.refuse(clause, "verdict.not_your_turn", seat=move.seat,
                                  waiting=list(decision.seats))
        if move.kind not in PHASE_KINDS[self.phase]:
            return Verdict.refuse(clause, "verdict.wrong_kind", kind=move.kind,
                                  decision=decision.kind)
        if (refusal := check_params(move, MOVE_PARAMS[move.kind], clause)) is not None:
            return refusal
        return getattr(self, f"_check_{move.kind}")(move)

    def _check_reveal(self, move: Move) -> Verdict:
        return Verdict.allow("R1")

    def _check_place(self, move: Move) -> Verdict:
        if self._pile_index(move) is None:
            return Verdict.refuse("R2", "burg.refuse.no_such_pile", pile=move.get("pile"),
                                  count=len(self.piles))
        return Verdict.allow("R2")

    def _check_tool(self, move: Move) -> Verdict:
        tool = move.get("tool")
        if tool not in TOOLS:
            return Verdict.refuse("R3", "burg.refuse.no_such_tool", tool=str(tool))
        if not self.hands[move.seat][tool]:
            return Verdict.refuse("D3", "burg.refuse.tool_not_in_hand", seat=move.seat,
                                  tool=tool)
        return Verdict.allow("R3")

    def _check_take(self, move: Move) -> Verdict:
        index = self._pile_index(move)
        if index is None:
            return Verdict.refuse("R4", "burg.refuse.no_such_pile", pile=move.get("pile"),
                                  count=len(self.piles))
        if self.pile_taken[index]:
            return Verdict.refuse("D2", "burg.refuse.pile_taken", pile=index + 1)
        return Verdict.allow("D2")

    def _check_start(self, move: Move) -> Verdict:
        if not self._has(move.seat, "bottom_bun"):
            return Verdict.refuse("R5-2", "burg.refuse.no_bottom_bun", seat=move.seat)
        return Verdict.allow("R5-2")

    def _check_flip(self, move: Move) -> Verdict:
        card = move.get("card")
        if not isinstance(card, str) or card not in self.comp.roles:
            return Verdict.refuse("G1", "burg.refuse.no_such_card", card=str(card))
        if self.comp.roles[card] == "rat":
            return Verdict.refuse("R5-2", "burg.refuse.flip_rat")
        if self._has(move.seat, "bottom_bun"):
            return Verdict.refuse("R5-2", "burg.refuse.flip_has_bun", seat=move.seat)
        if not self._has(move.seat, card):
            return Verdict.refuse("R5", "burg.refuse.card_not_taken", seat=move.seat, card=card)
        return Verdict.allow("R5-2")

    def _check_add(self, move: Move) -> Verdict:
        card = move.get("card")
        if not isinstance(card, str) or card not in self.comp.roles:
            return Verdict.refuse("G1", "burg.refuse.no_such_card", card=str(card))
        index = self._burger_index(move)
        if index is None:
            return Verdict.refuse("D5", "burg.refuse.no_burger", seat=move.seat,
                                  burger=move.get("burger"))
        if self.comp.roles[card] != "filling":
            return Verdict.refuse("R5-3", "burg.refuse.not_filling", card=card)
        if not self._has(move.seat, card):
            return Verdict.refuse("R5", "burg.refuse.card_not_taken", seat=move.seat, card=card)
        fillings = self.progress[move.seat][index]["fillings"]
        if card not in recipe_index(self.comp).burger(tuple(fillings))[0]:
            return Verdict.refuse("R5-4", "burg.refuse.no_fit", card=card, burger=index + 1,
                                  fillings=list(fillings))
        return Verdict.allow("D5")

    def _check_close(self, move: Move) -> Verdict:
        index = self._burger_index(move)
        if index is None:
            return Verdict.refuse("D5", "burg.refuse.no_burger", seat=move.seat,
                                  burger=move.get("burger"))
        if not self._has(move.seat, "top_bun"):
            return Verdict.refuse("R5-3", "burg.refuse.no_top_bun", seat=move.seat)
        fillings = self.progress[move.seat][index]["fillings"]
        if recipe_index(self.comp).burger(tuple(fillings))[1] is None:
            return Verdict.refuse("R5-3", "burg.refuse.not_a_recipe", burger=index + 1,
                                  fillings=list(fillings))
        return Verdict.allow("R5-3")

    def _check_done(self, move: Move) -> Verdict:
        return Verdict.allow("R5-5")

    def _check_final(self, move: Move) -> Verdict:
        index = self._burger_index(move)
        if index is None:
            return Verdict.refuse("D8", "burg.refuse.no_burger", seat=move.seat,
                                  burger=move.get("burger"))
        fillings = self.progress[move.seat][index]["fillings"]
        if recipe_index(self.comp).burger(tuple(fillings))[1] is None:
            return Verdict.refuse("D8", "burg.refuse.not_a_recipe", burger=index + 1,
                                  fillings=list(fillings))
        return Verdict.allow("D8")

    def _check_skip(self, move: Move) -> Verdict:
        return Verdict.allow("R7")
