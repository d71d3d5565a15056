//! Pictures of Setting Sun (and any sliding-block) layouts and solutions.

use sokoengine_setting_sun::{Cell, Layout, Move, Piece};

use crate::animation::{Animation, MAX_FRAMES, Place, Sprite};
use crate::error::RenderError;
use crate::font;
use crate::options::Options;
use crate::svg::{self, attr_color, attr_num};
use crate::tiling::Point;

/// Where the tray and its pieces go.
struct Tray {
    cell: f64,
    /// The top-left corner of cell (0, 0).
    origin: Point,
    rows: usize,
    columns: usize,
    border: f64,
    width: f64,
    height: f64,
}

impl Tray {
    fn new(layout: &Layout, options: &Options) -> Result<Tray, RenderError> {
        let cell = options.checked_cell()?;
        let border = cell * 0.3;
        let margin = cell / 4.0;
        let (rows, columns) = (layout.board().height(), layout.board().width());
        let origin = Point::new(margin + border, margin + border);
        Ok(Tray {
            cell,
            origin,
            rows,
            columns,
            border,
            width: (2.0 * (margin + border) + columns as f64 * cell).ceil(),
            height: (2.0 * (margin + border) + rows as f64 * cell).ceil(),
        })
    }

    /// The top-left corner of `cell`.
    fn corner(&self, cell: Cell) -> Point {
        Point::new(
            self.origin.x + f64::from(cell.column()) * self.cell,
            self.origin.y + f64::from(cell.row()) * self.cell,
        )
    }
}

/// The tray: its frame (open below a goal on the bottom edge), floor, grid and the goal
/// outline.
fn push_tray(out: &mut String, tray: &Tray, goal: Option<Cell>, options: &Options) {
    let palette = options.palette();
    let c = tray.cell;
    let (inner_width, inner_height) = (tray.columns as f64 * c, tray.rows as f64 * c);
    svg::background(out, tray.width, tray.height, palette.background);
    let b = tray.border;
    let (x0, y0) = (tray.origin.x - b, tray.origin.y - b);
    // The frame as one path with the tray cut out (even-odd fill).
    out.push_str("<path fill-rule=\"evenodd\" d=\"");
    out.push_str(&svg::polygon_path(&[
        (x0, y0),
        (x0 + inner_width + 2.0 * b, y0),
        (x0 + inner_width + 2.0 * b, y0 + inner_height + 2.0 * b),
        (x0, y0 + inner_height + 2.0 * b),
    ]));
    out.push_str(&svg::polygon_path(&[
        (tray.origin.x, tray.origin.y),
        (tray.origin.x + inner_width, tray.origin.y),
        (tray.origin.x + inner_width, tray.origin.y + inner_height),
        (tray.origin.x, tray.origin.y + inner_height),
    ]));
    out.push('"');
    attr_color(out, "fill", palette.wall);
    out.push_str("/>\n<rect");
    attr_num(out, "x", tray.origin.x);
    attr_num(out, "y", tray.origin.y);
    attr_num(out, "width", inner_width);
    attr_num(out, "height", inner_height);
    attr_color(out, "fill", palette.floor);
    out.push_str("/>\n");
    let Some(goal) = goal else {
        return;
    };
    let corner = tray.corner(goal);
    if usize::from(goal.row()) + 2 == tray.rows {
        // The exit: a gap in the bottom of the frame under the goal.
        out.push_str("<rect");
        attr_num(out, "x", corner.x + c * 0.1);
        attr_num(out, "y", tray.origin.y + inner_height - 0.5);
        attr_num(out, "width", 2.0 * c - c * 0.2);
        attr_num(out, "height", b + 1.0);
        attr_color(out, "fill", palette.floor);
        out.push_str("/>\n");
    }
    out.push_str("<rect");
    attr_num(out, "x", corner.x + c * 0.08);
    attr_num(out, "y", corner.y + c * 0.08);
    attr_num(out, "width", 2.0 * c - c * 0.16);
    attr_num(out, "height", 2.0 * c - c * 0.16);
    attr_num(out, "rx", c * 0.15);
    out.push_str(" fill=\"none\"");
    attr_color(out, "stroke", palette.goal);
    attr_num(out, "stroke-width", c * 0.06);
    out.push_str(&format!(
        " stroke-dasharray=\"{} {}\"/>\n",
        svg::num(c * 0.16),
        svg::num(c * 0.1)
    ));
}

/// A piece with its top-left corner at the origin, showing `id`.
fn piece_look(tray: &Tray, piece: Piece, id: usize, options: &Options) -> String {
    let palette = options.palette();
    let c = tray.cell;
    let (rows, columns) = piece.shape.size();
    let (width, height) = (f64::from(columns) * c, f64::from(rows) * c);
    let inset = c * 0.06;
    let mut out = String::from("<path d=\"");
    out.push_str(&svg::rounded_rect_path(
        inset,
        inset,
        width - 2.0 * inset,
        height - 2.0 * inset,
        c * 0.14,
    ));
    out.push('"');
    attr_color(&mut out, "fill", palette.shapes[piece.shape.index()]);
    attr_color(&mut out, "stroke", palette.edge);
    attr_num(&mut out, "stroke-width", c * 0.04);
    out.push_str("/>");
    out.push_str(&font::text_element(
        &id.to_string(),
        width / 2.0,
        height / 2.0,
        c * 0.32,
        palette.edge,
    ));
    out
}

/// The SVG of a sliding-block layout: the tray, each piece in the colour of its shape
/// (1×1 blue, 2×1 yellow, 1×2 green, 2×2 red) with its ID as `setting-sun` prints it
/// (row-major order of the top-left cells, from 1), and the goal of the sun outlined
/// (with an exit in the frame when the goal is on the bottom edge).
///
/// # Errors
///
/// [`RenderError::CellSize`] for a cell size out of range.
///
/// # Examples
///
/// ```
/// use sokoengine_render::{Options, sun_svg};
/// use sokoengine_setting_sun::Puzzle;
///
/// let puzzle = Puzzle::setting_sun();
/// let svg = sun_svg(puzzle.start(), Some(puzzle.goal()), &Options::new())?;
/// assert_eq!(svg.matches("<g transform").count(), 10); // ten pieces
/// # Ok::<(), sokoengine_render::RenderError>(())
/// ```
pub fn sun_svg(
    layout: &Layout,
    goal: Option<Cell>,
    options: &Options,
) -> Result<String, RenderError> {
    let animation = sun_animation(layout, &[], goal, options)?;
    Ok(animation.frame_svg(0).unwrap_or_default())
}

/// The animation of `moves` played from `start`: the pieces slide along their paths, one
/// move per frame, keeping the IDs they have in `start`.
///
/// # Errors
///
/// [`RenderError::Move`] for a move the layout refuses, [`RenderError::CellSize`] or
/// [`RenderError::FrameSeconds`] for options out of range.
///
/// # Examples
///
/// ```
/// use sokoengine_render::{Options, sun_animation};
/// use sokoengine_setting_sun::{Metric, Puzzle};
///
/// let puzzle = Puzzle::setting_sun();
/// let solution = puzzle.solve(Metric::Slide)?;
/// let animation = sun_animation(puzzle.start(), solution.moves(), Some(puzzle.goal()), &Options::new())?;
/// assert_eq!(animation.frame_count(), 91);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn sun_animation(
    start: &Layout,
    moves: &[Move],
    goal: Option<Cell>,
    options: &Options,
) -> Result<Animation, RenderError> {
    if moves.len() + 1 > MAX_FRAMES {
        return Err(RenderError::TooManyFrames {
            frames: moves.len() + 1,
            max: MAX_FRAMES,
        });
    }
    let tray = Tray::new(start, options)?;
    let mut animation = Animation::new(
        tray.width,
        tray.height,
        moves.len() + 1,
        options.checked_frame_seconds()?,
        options.palette(),
    );
    let mut background = String::new();
    push_tray(&mut background, &tray, goal, options);
    animation.set_background(background);
    let pieces = start.pieces();
    // The top-left cell of every piece, by ID - 1.
    let mut cells: Vec<Cell> = pieces.iter().map(|piece| piece.cell).collect();
    let mut sprites: Vec<Sprite> = pieces
        .iter()
        .enumerate()
        .map(|(index, &piece)| {
            let mut sprite = Sprite::new(vec![piece_look(&tray, piece, index + 1, options)]);
            sprite.set(0, Some(Place::new(tray.corner(piece.cell), 0)));
            sprite
        })
        .collect();
    let mut layout = *start;
    let mut captions = vec![format!("move 0 of {}", moves.len())];
    for (index, mv) in moves.iter().enumerate() {
        let refused = |message: String| RenderError::Move {
            index,
            text: mv.to_string(),
            message,
        };
        layout.play(mv).map_err(|e| refused(e.to_string()))?;
        let piece = cells
            .iter()
            .position(|&cell| cell == mv.from())
            .ok_or_else(|| refused("no piece has its top-left corner there".to_owned()))?;
        // The cells the piece passes through on its path, and where it ends.
        let mut via = Vec::new();
        let mut cell = mv.from();
        for direction in mv.path().iter() {
            cell = cell
                .neighbor(direction)
                .ok_or_else(|| refused("the path leaves the board".to_owned()))?;
            via.push(tray.corner(cell));
        }
        via.pop();
        cells[piece] = cell;
        sprites[piece].set_via(index + 1, Some(Place::new(tray.corner(cell), 0)), via);
        captions.push(format!(
            "move {} of {}: piece {} {mv}",
            index + 1,
            moves.len(),
            piece + 1
        ));
    }
    for sprite in sprites {
        animation.push_sprite(sprite);
    }
    animation.set_captions(captions);
    Ok(animation)
}
