"""sokoengine: the Sokoban family (Sokoban, Hexoban, Trioban, Octoban), the solver,
pictures, Setting Sun, Tower of Hanoi and Tilewe, on a native engine.

* `sokoengine.game` and `sokoengine.io` have sokoenginepy 1.0.3's API, so code written
  for sokoenginepy runs after ``import sokoengine as sokoenginepy``.
* `solve`, `optimize`: the solver and the optimizer (limits, Ctrl-C, progress).
* `Metrics`, `metrics_of`, `verify`, `PathMetrics`, `metric_orders`: JSoko's six
  metrics, incremental PlugValue metrics and the orderings.
* `render_svg`, `render_png`, `render_html`: pictures and animated solutions.
* `setting_sun_solve`, `hanoi_solve`, `TileweBoard`: the other games.
* `solve_many`, `verify_many`: batches on all cores, the GIL released.

See docs/python.md in the repository.
"""

from . import _sokoengine
from ._enums import BoardState, CellOrientation, Direction, Edge, SolvingMode, Tessellation

_sokoengine._register(Direction, Tessellation, SolvingMode, CellOrientation, BoardState, Edge)

from . import game, io  # noqa: E402
from ._sokoengine import (  # noqa: E402
    Metrics,
    OptimizeResult,
    PathMetrics,
    Progress,
    SolveResult,
    TileweBoard,
    Verdict,
    hanoi_solve,
    hanoi_svg,
    metric_orders,
    metrics_of,
    optimize,
    png_from_svg,
    render_html,
    render_png,
    render_svg,
    setting_sun_solve,
    setting_sun_states,
    setting_sun_svg,
    solve,
    solve_many,
    verify,
    verify_many,
)

__version__: str = _sokoengine.__version__

__all__ = [
    "Direction",
    "Metrics",
    "OptimizeResult",
    "PathMetrics",
    "Progress",
    "SolveResult",
    "Tessellation",
    "TileweBoard",
    "Verdict",
    "__version__",
    "game",
    "hanoi_solve",
    "hanoi_svg",
    "io",
    "metric_orders",
    "metrics_of",
    "optimize",
    "png_from_svg",
    "render_html",
    "render_png",
    "render_svg",
    "setting_sun_solve",
    "setting_sun_states",
    "setting_sun_svg",
    "solve",
    "solve_many",
    "verify",
    "verify_many",
]
