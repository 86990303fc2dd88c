"""The ingredient board's geometry: cells, neighbours, distances, corners and ribbons."""

from __future__ import annotations

from foodplay.games.coffee_rush.components import Components


class Board:
    """Cells are numbered row by row from 0; moves and views use 1-based rows and columns."""

    def __init__(self, comp: Components):
        self.rows, self.cols = comp.rows, comp.cols
        self.size = self.rows * self.cols
        self.ingredient = tuple(ing for row in comp.cells for ing in row)
        last_r, last_c = self.rows - 1, self.cols - 1
        self.corners = frozenset(self.cell(r, c) for r in (0, last_r) for c in (0, last_c))
        self.ribbons = frozenset(self.cell(r, c) for r, c in comp.ribbons)
        self.orthogonal: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j in range(self.size) if self.manhattan(i, j) == 1)
            for i in range(self.size))
        self.diagonal: tuple[tuple[int, ...], ...] = tuple(
            tuple(j for j in range(self.size) if self.chebyshev(i, j) == 1)
            for i in range(self.size))
        self.dist = {
            False: tuple(tuple(self.manhattan(i, j) for j in range(self.size))
                         for i in range(self.size)),
            True: tuple(tuple(self.chebyshev(i, j) for j in range(self.size))
                        for i in range(self.size)),
        }
        # every cell's cells, nearest first: the nearest free cell is the first one not taken
        self.by_distance = {
            diagonal: tuple(tuple(sorted(range(self.size), key=row.__getitem__)) for row in dist)
            for diagonal, dist in self.dist.items()}

    def cell(self, row: int, col: int) -> int:
        """0-based row and column to a cell number."""
        return row * self.cols + col

    def at(self, row: object, col: object) -> int | None:
        """1-based row and column from a move to a cell number, or None if off the board."""
        if (isinstance(row, int) and isinstance(col, int) and not isinstance(row, bool)
                and not isinstance(col, bool) and 1 <= row <= self.rows and 1 <= col <= self.cols):
            return (row - 1) * self.cols + col - 1
        return None

    def rc(self, cell: int) -> tuple[int, int]:
        """A cell number to 1-based (row, column)."""
        return cell // self.cols + 1, cell % self.cols + 1

    def manhattan(self, a: int, b: int) -> int:
        return abs(a // self.cols - b // self.cols) + abs(a % self.cols - b % self.cols)

    def chebyshev(self, a: int, b: int) -> int:
        return max(abs(a // self.cols - b // self.cols), abs(a % self.cols - b % self.cols))

    def neighbours(self, cell: int, diagonal: bool) -> tuple[int, ...]:
        return self.diagonal[cell] if diagonal else self.orthogonal[cell]

    def nearest_free(self, cell: int, taken: set[int], diagonal: bool) -> int:
        """Steps from `cell` to the nearest cell not in `taken`."""
        dist = self.dist[diagonal][cell]
        return next(dist[c] for c in self.by_distance[diagonal][cell] if c not in taken)
