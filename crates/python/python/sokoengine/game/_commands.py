"""Undoable command objects over a `Mover` (for editors and GUIs): each keeps the steps
its `redo` produced and the steps its last `redo` or `undo` showed."""

from __future__ import annotations

from typing import List

from .._enums import Direction
from ._native_types import Mover, PusherStep


class MoverCommand:
    """Base of the commands: `redo()` performs, `undo()` reverts."""

    def __init__(self, mover: Mover):
        self._mover = mover
        self._moves: List[PusherStep] = []
        self._rendered_moves: List[PusherStep] = []

    def redo(self) -> None:
        raise NotImplementedError

    def undo(self) -> None:
        raise NotImplementedError

    @property
    def mover(self) -> Mover:
        return self._mover

    @property
    def rendered(self) -> List[PusherStep]:
        """Steps of the latest `redo` or `undo`, as a GUI would animate them."""
        return self._rendered_moves

    @property
    def moves(self) -> List[PusherStep]:
        """Steps of `redo`, as a snapshot would store them (the same after `undo`)."""
        return self._moves


class SelectPusherCommand(MoverCommand):
    """Selects another pusher; undo selects the one selected before."""

    def __init__(self, mover: Mover, pusher_id: int):
        super().__init__(mover)
        self._new_pusher_id = pusher_id
        self._old_pusher_id = mover.selected_pusher

    def redo(self) -> None:
        self._mover.select_pusher(self._new_pusher_id)
        self._moves = self._rendered_moves = self._mover.last_move

    def undo(self) -> None:
        self._mover.select_pusher(self._old_pusher_id)
        self._rendered_moves = self._mover.last_move

    @property
    def old_pusher_id(self) -> int:
        return self._old_pusher_id

    @property
    def new_pusher_id(self) -> int:
        return self._new_pusher_id


class JumpCommand(MoverCommand):
    """A jump of the selected pusher (reverse mode); undo jumps back."""

    def __init__(self, mover: Mover, final_position: int):
        super().__init__(mover)
        self._initial_position = mover.board_manager.pusher_position(mover.selected_pusher)
        self._final_position = final_position

    def redo(self) -> None:
        self._mover.jump(self._final_position)
        self._moves = self._rendered_moves = self._mover.last_move

    def undo(self) -> None:
        self._mover.jump(self._initial_position)
        self._rendered_moves = self._mover.last_move

    @property
    def initial_position(self) -> int:
        return self._initial_position

    @property
    def final_position(self) -> int:
        return self._final_position


class MoveCommand(MoverCommand):
    """One move of the selected pusher; undo undoes it through the mover."""

    def __init__(self, mover: Mover, direction: Direction):
        super().__init__(mover)
        self._direction = direction

    @property
    def direction(self) -> Direction:
        return self._direction

    def redo(self) -> None:
        self._mover.move(self._direction)
        self._moves = self._rendered_moves = self._mover.last_move

    def undo(self) -> None:
        self._mover.last_move = self._moves
        self._mover.undo_last_move()
        self._rendered_moves = self._mover.last_move
