"""sokoengine.io: board text, move text, RLE and collections."""

from __future__ import annotations

import io

import pytest

from sokoengine.game import BoardGraph, Direction, Mover, SolvingMode, Tessellation
from sokoengine.io import (
    CellOrientation,
    Collection,
    HexobanPuzzle,
    OctobanPuzzle,
    OctobanSnapshot,
    Puzzle,
    Rle,
    SokobanPuzzle,
    SokobanSnapshot,
    TriobanPuzzle,
    is_blank,
)


@pytest.mark.parametrize(
    ("text", "size", "printed"),
    [
        ("--3#|3#-#|#pb.#|5#", (5, 4), "--###\n###-#\n#pb.#\n#####"),
        ("#        #", (10, 1), "#--------#"),
        ("\n\n  ###\n  #@#\n\n", (5, 2), "--###\n--#@#"),
        ("  \n#@#\n", (3, 2), "---\n#@#"),
        ("#@$.#\r\n#####", (5, 2), "#@$.#\n#####"),
        ("#\t@#", (4, 1), "#-@#"),
    ],
)
def test_board_text(text, size, printed):
    puzzle = SokobanPuzzle(board=text)
    assert (puzzle.width, puzzle.height) == size
    assert puzzle.to_board_str(use_visible_floor=True) == printed


def test_puzzle_model():
    puzzle = SokobanPuzzle(board="--3#|3#-#|#pb.#|5#")
    assert str(puzzle) == "  ###\n### #\n#pb.#\n#####"
    assert puzzle.to_board_str(rle_encode=True) == "2 3#|3# #|#pb.#|5#"
    assert str(BoardGraph(puzzle)) == "  ###\n### #\n#@$.#\n#####"
    counted = SokobanPuzzle(board="#3$3.@#")
    assert (counted.pushers_count, counted.boxes_count, counted.goals_count) == (1, 3, 3)
    with pytest.raises(ValueError, match="Invalid characters in board string!"):
        SokobanPuzzle(board="ZOMG!")
    with pytest.raises(ValueError, match="'x' is not a board character!"):
        puzzle[0] = "x"
    with pytest.raises(IndexError):
        puzzle[-1]
    puzzle[0] = "#"
    assert puzzle[0] == "#" and puzzle[11] == "p"
    assert 19 in puzzle and 20 not in puzzle and -1 not in puzzle
    assert repr(SokobanPuzzle(board="#@")) == "SokobanPuzzle(board='\\n'.join([\n    '#@'\n]))"
    assert Puzzle.is_board("#@$ 12") and not Puzzle.is_board("12 3")


def test_editing():
    puzzle = SokobanPuzzle(board="#@$.#")
    puzzle.add_row_top()
    puzzle.add_column_left()
    assert puzzle.to_board_str(True) == "------\n-#@$.#"
    puzzle.trim()
    assert puzzle.to_board_str(True) == "#@$.#"
    puzzle.resize_and_center(7, 3)
    assert (puzzle.width, puzzle.height) == (7, 3)
    puzzle.resize(2, 1)
    assert puzzle.to_board_str(True) == "--"
    with pytest.raises(ValueError, match="Board width -1 is invalid value!"):
        puzzle.resize(-1, 2)


def test_other_tessellations():
    hexoban = HexobanPuzzle(board=" # # #\n# @ $ #\n # . #\n  # #")
    assert (hexoban.width, hexoban.height) == (4, 4)
    assert hexoban.to_board_str(True) == "---#-#-#-\n--#-@-$-#\n---#-.-#-\n----#-#--"
    assert HexobanPuzzle(board="#").width == 1
    with pytest.raises(ValueError, match="String can't be parsed to HexobanPuzzle"):
        HexobanPuzzle(board="##\n##").width
    assert TriobanPuzzle(5, 5).cell_orientation(0) == CellOrientation.TRIANGLE_DOWN
    assert OctobanPuzzle(5, 5).cell_orientation(1) == CellOrientation.DEFAULT
    assert Puzzle.instance_from(Tessellation.OCTOBAN, 2, 2).__class__ is OctobanPuzzle


@pytest.mark.parametrize(
    ("encoded", "decoded"),
    [
        ("4a4b2cd3e", "aaaabbbbccdeee"),
        ("3(a2b)4b", "abbabbabbbbbb"),
        ("aa2(bb)cc2(dd2(ee)ff)", "aabbbbccddeeeeffddeeeeff"),
        ("3|", "\n\n\n"),
        ("2(3(dr)R)", "drdrdrRdrdrdrR"),
        ("0a", ""),
    ],
)
def test_rle(encoded, decoded):
    assert Rle.decode(encoded) == decoded


def test_rle_encoding_round_trips():
    for text in ["aaaabbbbccdeee", " aaaaaaaaaa   ", "aa\n\n\nbb", "###----p.#"]:
        assert Rle.decode(Rle.encode(text)) == text
    assert Rle.encode("aa\n\n\nbb") == "2a3|2b"
    for text in ["a1", "1234567890"]:
        with pytest.raises(ValueError):
            Rle.encode(text)
    with pytest.raises(ValueError, match="Unexpected input in Rle string!"):
        Rle.decode("a3")


@pytest.mark.parametrize(
    ("text", "printed", "moves", "pushes", "jumps"),
    [
        ("lurdLURDL", "lurdLURDL", 4, 5, 0),
        ("lu \t\r\nrdLU   \r\r\n\n\t\tRDL", "lurdLURDL", 4, 5, 0),
        ("{lurd}lurdLURDL", "{lurd}lurdLURDL", 4, 5, 0),
        ("lurd[lurd]LURDL", "[]lurd[lurd]LURDL", 8, 5, 1),
        ("2(3(dr)R)", "drdrdrRdrdrdrR", 12, 2, 0),
        ("{}lurd", "{}lurd", 4, 0, 0),
        ("3 r", "rrr", 3, 0, 0),
    ],
)
def test_snapshots(text, printed, moves, pushes, jumps):
    snapshot = SokobanSnapshot(moves_data=text)
    assert snapshot.to_str() == printed
    assert (snapshot.moves_count, snapshot.pushes_count, snapshot.jumps_count) == (
        moves,
        pushes,
        jumps,
    )
    assert snapshot.is_reverse == (jumps > 0)


def test_snapshot_errors_and_steps():
    with pytest.raises(ValueError, match="Invalid characters in snapshot string!"):
        SokobanSnapshot(moves_data="ZOMG!")
    for bad in ["lurd{LURD}", "lurd[LURD]", "lurd[lurd"]:
        with pytest.raises(ValueError, match="Unexpected input in Snapshot string!"):
            SokobanSnapshot(moves_data=bad).moves_count
    nesw = SokobanSnapshot(moves_data="nesw")
    assert nesw.moves_count == 4
    with pytest.raises(ValueError, match="Illegal PusherStep character 'n' in SokobanTessellation!"):
        nesw.pusher_steps
    steps = OctobanSnapshot(moves_data="lrudnsewLRUDNSEW").pusher_steps
    assert [s.direction for s in steps[:8]] == [
        Direction.LEFT,
        Direction.RIGHT,
        Direction.UP,
        Direction.DOWN,
        Direction.NORTH_EAST,
        Direction.SOUTH_WEST,
        Direction.SOUTH_EAST,
        Direction.NORTH_WEST,
    ]
    assert all(s.is_push_or_pull for s in steps[8:])
    snapshot = SokobanSnapshot()
    snapshot.pusher_steps = SokobanSnapshot(moves_data="[ul]R*d").pusher_steps
    assert snapshot.moves_data == "[ul]R*d"
    assert repr(snapshot) == 'SokobanSnapshot(moves_data="[ul]R*d")'


def replay(puzzle, snapshot):
    """Plays a snapshot on a Mover through the public API only, the way a program
    written for sokoenginepy does."""
    mode = SolvingMode.REVERSE if snapshot.is_reverse else SolvingMode.FORWARD
    mover = Mover(BoardGraph(puzzle), mode)
    steps = snapshot.pusher_steps
    i = 0
    while i < len(steps):
        step = steps[i]
        if step.is_jump or step.is_pusher_selection:
            kind = step.is_jump
            group = []
            while i < len(steps) and steps[i].is_jump == kind and not steps[i].is_push_or_pull and (steps[i].is_jump or steps[i].is_pusher_selection):
                group.append(steps[i].direction)
                i += 1
            start = mover.board_manager.pusher_position(mover.selected_pusher)
            target = mover.board.path_destination(start, group)
            if kind:
                mover.jump(target)
            else:
                mover.select_pusher(mover.board_manager.pusher_id_on(target))
            continue
        mover.move(step.direction)
        i += 1
    return mover


def test_original_and_extra_replay(corpus):
    collection = Collection()
    collection.load(corpus / "levels" / "sok-with-solutions" / "Original_and_Extra.sok")
    assert len(collection.puzzles) == 91
    solved = 0
    total = 0
    for puzzle in collection.puzzles:
        for snapshot in puzzle.snapshots:
            total += 1
            mover = replay(puzzle, snapshot)
            solved += mover.board_manager.is_solved
    assert (solved, total) == (193, 196)


def test_collection_round_trip(corpus, tmp_path):
    collection = Collection()
    collection.load(corpus / "sokoenginepy" / "test_data" / "mixed_collection.sok")
    assert [p.tessellation for p in collection.puzzles].count(Tessellation.HEXOBAN) == 5
    collection.puzzles[0][0] = "#"
    path = tmp_path / "out.sok"
    collection.dump(path)
    again = Collection()
    again.load(str(path))
    assert [str(p) for p in again.puzzles] == [str(p) for p in collection.puzzles]
    assert [p.title for p in again.puzzles] == [p.title for p in collection.puzzles]
    assert [[s.moves_data for s in p.snapshots] for p in again.puzzles] == [
        [s.moves_data.strip() for s in p.snapshots] for p in collection.puzzles
    ]
    # A failed write leaves the old file as it was.
    before = path.read_bytes()
    with pytest.raises(OSError):
        collection.dump(tmp_path / "missing-folder" / "out.sok")
    assert path.read_bytes() == before
    stream = io.BytesIO()
    again.dump(stream)
    third = Collection()
    third.loads(stream.getvalue())
    assert len(third.puzzles) == len(collection.puzzles)
    text = io.StringIO()
    third.dump(text)
    assert text.getvalue() == stream.getvalue().decode()


def test_is_blank():
    assert is_blank(None) and is_blank("  \n") and is_blank(["", " "]) and not is_blank("a")
