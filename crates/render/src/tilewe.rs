//! Pictures of Tilewe boards and games.

use sokoengine_tilewe::{BOARD_SIZE, Board, Color, Tile};

use crate::animation::{Animation, MAX_FRAMES, Place, Sprite};
use crate::error::RenderError;
use crate::font;
use crate::options::Options;
use crate::svg::{self, attr_color, attr_num};
use crate::tiling::Point;

const SIZE: usize = BOARD_SIZE as usize;

/// Where the board and its labels go.
struct Frame {
    cell: f64,
    /// The board's top-left corner.
    origin: Point,
    width: f64,
    height: f64,
    label: f64,
    /// The top of the score strip, when drawn.
    scores_top: Option<f64>,
}

impl Frame {
    fn new(options: &Options, scores: bool) -> Result<Frame, RenderError> {
        let cell = options.checked_cell()?;
        let margin = cell / 4.0;
        let label = (cell * 0.34).max(6.0);
        let (mut left, mut bottom) = (margin, margin);
        if options.labels {
            left += font::text_width("20", label) + label * 0.8;
            bottom += label * 1.8;
        }
        let board = SIZE as f64 * cell;
        let mut height = margin + board + bottom;
        let mut scores_top = None;
        if options.labels && scores {
            scores_top = Some(height);
            height += cell + margin;
        }
        Ok(Frame {
            cell,
            origin: Point::new(left, margin),
            width: (left + board + margin).ceil(),
            height: height.ceil(),
            label,
            scores_top,
        })
    }

    /// The top-left corner of `tile` (row 20 at the top).
    fn corner(&self, tile: Tile) -> Point {
        Point::new(
            self.origin.x + f64::from(tile.x()) * self.cell,
            self.origin.y + (SIZE - 1 - usize::from(tile.y())) as f64 * self.cell,
        )
    }

    /// The centre of `tile`.
    fn center(&self, tile: Tile) -> Point {
        let corner = self.corner(tile);
        Point::new(corner.x + self.cell / 2.0, corner.y + self.cell / 2.0)
    }
}

/// The empty board, its grid and (with labels) its coordinates.
fn push_board(out: &mut String, frame: &Frame, options: &Options) {
    let palette = options.palette();
    svg::background(out, frame.width, frame.height, palette.background);
    let side = SIZE as f64 * frame.cell;
    out.push_str("<rect");
    attr_num(out, "x", frame.origin.x);
    attr_num(out, "y", frame.origin.y);
    attr_num(out, "width", side);
    attr_num(out, "height", side);
    attr_color(out, "fill", palette.floor);
    out.push_str("/>\n<path d=\"");
    for line in 0..=SIZE {
        let offset = line as f64 * frame.cell;
        for (x1, y1, x2, y2) in [
            (
                frame.origin.x + offset,
                frame.origin.y,
                frame.origin.x + offset,
                frame.origin.y + side,
            ),
            (
                frame.origin.x,
                frame.origin.y + offset,
                frame.origin.x + side,
                frame.origin.y + offset,
            ),
        ] {
            out.push('M');
            svg::push_num(out, x1);
            out.push(' ');
            svg::push_num(out, y1);
            out.push('L');
            svg::push_num(out, x2);
            out.push(' ');
            svg::push_num(out, y2);
        }
    }
    out.push('"');
    attr_color(out, "stroke", palette.grid);
    attr_num(out, "stroke-width", (frame.cell / 24.0).max(0.5));
    out.push_str("/>\n");
    if options.labels {
        let mut d = String::new();
        let h = frame.label;
        for x in 0..BOARD_SIZE {
            let letter = char::from(b'a' + x).to_string();
            let cx = frame.origin.x + (f64::from(x) + 0.5) * frame.cell;
            font::push_text(&mut d, &letter, cx, frame.origin.y + side + h * 1.1, h);
        }
        for y in 0..SIZE {
            let text = (SIZE - y).to_string();
            let right = frame.origin.x - h * 0.5;
            let cy = frame.origin.y + (y as f64 + 0.5) * frame.cell;
            font::push_text(
                &mut d,
                &text,
                right - font::text_width(&text, h) / 2.0,
                cy,
                h,
            );
        }
        out.push_str("<path d=\"");
        out.push_str(&d);
        out.push('"');
        font::stroke_attributes(out, h, palette.text);
        out.push_str("/>\n");
    }
}

/// Filled tiles in `color`, relative to `offset` (the sprite origin).
fn push_tiles(out: &mut String, frame: &Frame, tiles: &[Tile], color: Color, options: &Options) {
    let palette = options.palette();
    out.push_str("<g");
    attr_color(out, "fill", palette.players[color.index()]);
    attr_color(out, "stroke", palette.edge);
    attr_num(out, "stroke-width", (frame.cell / 20.0).max(0.5));
    out.push_str(" stroke-opacity=\"0.45\">");
    let inset = frame.cell * 0.04;
    for &tile in tiles {
        let corner = frame.corner(tile);
        out.push_str("<rect");
        attr_num(out, "x", corner.x + inset);
        attr_num(out, "y", corner.y + inset);
        attr_num(out, "width", frame.cell - 2.0 * inset);
        attr_num(out, "height", frame.cell - 2.0 * inset);
        attr_num(out, "rx", frame.cell * 0.12);
        out.push_str("/>");
    }
    out.push_str("</g>");
}

/// A dot on each tile of the last move.
fn push_last_move(out: &mut String, frame: &Frame, tiles: &[Tile], options: &Options) {
    let mut d = String::new();
    for &tile in tiles {
        let center = frame.center(tile);
        d.push_str(&svg::circle_path(center.x, center.y, frame.cell * 0.15));
    }
    out.push_str("<path d=\"");
    out.push_str(&d);
    out.push('"');
    attr_color(out, "fill", options.palette().mark);
    out.push_str(" fill-opacity=\"0.8\"/>");
}

/// A square of each player's colour with the score; the player to move outlined.
fn push_scores(out: &mut String, frame: &Frame, board: &Board, options: &Options) {
    let Some(top) = frame.scores_top else {
        return;
    };
    let palette = options.palette();
    let c = frame.cell;
    let h = frame.label * 1.2;
    let slot = SIZE as f64 * c / 4.0;
    for (index, color) in board.players().enumerate() {
        let x = frame.origin.x + index as f64 * slot;
        out.push_str("<rect");
        attr_num(out, "x", x + c * 0.1);
        attr_num(out, "y", top + c * 0.1);
        attr_num(out, "width", c * 0.8);
        attr_num(out, "height", c * 0.8);
        attr_num(out, "rx", c * 0.12);
        attr_color(out, "fill", palette.players[color.index()]);
        if !board.is_finished() && board.current_player() == color {
            attr_color(out, "stroke", palette.mark);
            attr_num(out, "stroke-width", c * 0.08);
        }
        out.push_str("/>");
        let text = board.score(color).to_string();
        let cx = x + c * 1.2 + font::text_width(&text, h) / 2.0;
        out.push_str(&font::text_element(
            &text,
            cx,
            top + c * 0.5,
            h,
            palette.text,
        ));
        out.push('\n');
    }
}

/// The SVG of a Tilewe board: the 20×20 grid, every player's tiles in its colour, a dot
/// on each tile of the last move; with [`Options::labels`], the coordinates `a..t` and
/// `1..20` and a strip with each player's score (the player to move outlined).
///
/// # Errors
///
/// [`RenderError::CellSize`] for a cell size out of range.
///
/// # Examples
///
/// ```
/// use sokoengine_render::{Options, tilewe_svg};
/// use sokoengine_tilewe::Board;
///
/// let mut board = Board::new(4)?;
/// board.push("Z4e-a1a1".parse()?)?;
/// let svg = tilewe_svg(&board, &Options::new().cell(20.0).labels(true))?;
/// assert!(svg.contains("#3b6fd6")); // blue, the light theme's player 0
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn tilewe_svg(board: &Board, options: &Options) -> Result<String, RenderError> {
    let frame = Frame::new(options, true)?;
    let mut out = String::with_capacity(16 * 1024);
    svg::open(&mut out, frame.width, frame.height);
    push_board(&mut out, &frame, options);
    for color in board.players() {
        let tiles: Vec<Tile> = Tile::all()
            .filter(|&tile| board.color_at(tile) == Some(color))
            .collect();
        if !tiles.is_empty() {
            push_tiles(&mut out, &frame, &tiles, color, options);
            out.push('\n');
        }
    }
    if let Some(last) = board.moves().last() {
        push_last_move(&mut out, &frame, &last.cells(), options);
        out.push('\n');
    }
    push_scores(&mut out, &frame, board, options);
    out.push_str("</svg>\n");
    Ok(out)
}

/// The animation of the game that led to `board`: its moves played one per frame from
/// an empty board of as many players, each new piece with the last-move dots. Tiles the
/// moves do not explain (a board set up from position text) are drawn from the start.
///
/// # Errors
///
/// [`RenderError::CellSize`] or [`RenderError::FrameSeconds`] for options out of range.
pub fn tilewe_animation(board: &Board, options: &Options) -> Result<Animation, RenderError> {
    let frame = Frame::new(options, false)?;
    let moves = board.moves();
    if moves.len() + 1 > MAX_FRAMES {
        return Err(RenderError::TooManyFrames {
            frames: moves.len() + 1,
            max: MAX_FRAMES,
        });
    }
    let mut animation = Animation::new(
        frame.width,
        frame.height,
        moves.len() + 1,
        options.checked_frame_seconds()?,
        options.palette(),
    );
    let mut replay = Board::new(board.player_count()).map_err(|e| RenderError::Move {
        index: 0,
        text: String::new(),
        message: e.to_string(),
    })?;
    let mut captions = vec![caption(&replay, None)];
    let mut sprites = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let color = replay.current_player();
        replay.push(mv).map_err(|e| RenderError::Move {
            index,
            text: mv.to_string(),
            message: e.to_string(),
        })?;
        let tiles = mv.cells();
        let mut plain = String::new();
        push_tiles(&mut plain, &frame, &tiles, color, options);
        let mut marked = plain.clone();
        push_last_move(&mut marked, &frame, &tiles, options);
        let mut sprite = Sprite::new(vec![plain, marked]);
        sprite.set(index + 1, Some(Place::new(Point::default(), 1)));
        sprite.set(index + 2, Some(Place::new(Point::default(), 0)));
        sprites.push(sprite);
        captions.push(caption(&replay, Some((color, &mv.to_string()))));
    }
    let mut background = String::new();
    push_board(&mut background, &frame, options);
    for color in board.players() {
        let unexplained: Vec<Tile> = Tile::all()
            .filter(|&tile| {
                board.color_at(tile) == Some(color) && replay.color_at(tile) != Some(color)
            })
            .collect();
        if !unexplained.is_empty() {
            push_tiles(&mut background, &frame, &unexplained, color, options);
            background.push('\n');
        }
    }
    animation.set_background(background);
    for sprite in sprites {
        animation.push_sprite(sprite);
    }
    animation.set_captions(captions);
    Ok(animation)
}

/// `ply 3: red O4n-t20t20 - blue 5, yellow 4, red 4, green 0`.
fn caption(board: &Board, last: Option<(Color, &str)>) -> String {
    let scores: Vec<String> = board
        .players()
        .map(|color| format!("{color} {}", board.score(color)))
        .collect();
    match last {
        Some((color, text)) => format!(
            "ply {}: {color} {text} - {}",
            board.ply(),
            scores.join(", ")
        ),
        None => format!("ply 0 - {}", scores.join(", ")),
    }
}
