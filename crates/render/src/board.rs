//! Pictures of Sokoban-family boards in all four tessellations.

use sokoengine_board::{BoardCell, BoardGraph, BoardPosition, Puzzle};
use sokoengine_geometry::Tessellation;
use sokoengine_mover::{BoardManager, DEFAULT_PLUS_ID};

use crate::color::Palette;
use crate::error::RenderError;
use crate::font;
use crate::options::Options;
use crate::svg::{self, attr_color, attr_num, use_at};
use crate::tiling::{Point, Tiling};

/// The most cells a board picture may have (a 1024 × 1024 board: about 50 MB of SVG).
pub const MAX_PICTURE_CELLS: usize = 1 << 20;

/// The pieces and marks drawn on a cell, each a symbol per tile class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    Goal,
    /// The ring of a goal without its dot, for a goal that shows its Sokoban+ ID.
    GoalRing,
    Box,
    BoxOnGoal,
    Pusher,
    PusherOnGoal,
}

impl Mark {
    const ALL: [Mark; 6] = [
        Mark::Goal,
        Mark::GoalRing,
        Mark::Box,
        Mark::BoxOnGoal,
        Mark::Pusher,
        Mark::PusherOnGoal,
    ];

    const fn letter(self) -> char {
        match self {
            Mark::Goal => 'g',
            Mark::GoalRing => 'r',
            Mark::Box => 'b',
            Mark::BoxOnGoal => 'B',
            Mark::Pusher => 'p',
            Mark::PusherOnGoal => 'P',
        }
    }
}

/// The symbol id of a mark (`b0`, `P1`, ...) of a tile class: two
/// ASCII bytes, so drawing a cell allocates nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Symbol([u8; 2]);

impl Symbol {
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl std::fmt::Display for Symbol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The symbol of `prefix` (an ASCII letter) for tile class `class` (0 or 1).
pub(crate) fn symbol(prefix: char, class: usize) -> Symbol {
    Symbol([prefix as u8, b'0' + (class as u8 % 10)])
}

/// A picture of a board of given tessellation and size: where every cell goes, and the
/// SVG of any board of that size.
///
/// Cells outside the play area (see
/// [`BoardGraph::mark_play_area`]) are left as background; walls, floor, goals, boxes,
/// boxes on goals, pushers and pushers on goals each have their own colour at the centre
/// of their cell (see [`Palette`]), and [`BoardPicture::center`] tells where that centre
/// is.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_render::{BoardPicture, Options};
///
/// let board = BoardGraph::parse(Tessellation::Trioban, "#####\n#@$.#\n#####")?;
/// let picture = BoardPicture::for_board(&board, &Options::new().cell(20.0))?;
/// let svg = picture.board_svg(&board)?;
/// assert!(svg.starts_with("<svg"));
/// let center = picture.center(6).unwrap(); // the pusher's cell
/// assert!(center.x > 0.0 && center.x < picture.width());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct BoardPicture {
    tiling: Tiling,
    options: Options,
    /// The board's top-left corner in the canvas.
    origin: Point,
    width: f64,
    height: f64,
    label_height: f64,
}

impl BoardPicture {
    /// The picture of a `width × height` board of `tessellation`.
    ///
    /// # Errors
    ///
    /// [`RenderError::CellSize`] for a cell size out of range, [`RenderError::Size`]
    /// beyond the board size limits, [`RenderError::TooManyCells`] beyond
    /// [`MAX_PICTURE_CELLS`].
    pub fn new(
        tessellation: Tessellation,
        width: usize,
        height: usize,
        options: &Options,
    ) -> Result<BoardPicture, RenderError> {
        let cell = options.checked_cell()?;
        sokoengine_board::SizeError::check(width, height)?;
        if width * height > MAX_PICTURE_CELLS {
            return Err(RenderError::TooManyCells {
                cells: width * height,
                max: MAX_PICTURE_CELLS,
            });
        }
        let tiling = Tiling::new(tessellation, width, height, cell);
        let margin = cell / 4.0;
        let label_height = (cell * 0.34).max(6.0);
        let (mut left, mut top) = (margin, margin);
        if options.labels && width > 0 && height > 0 {
            let widest = font::text_width(&(height - 1).to_string(), label_height);
            left += widest + label_height * 0.8;
            top += label_height * 1.8;
        }
        let (board_width, board_height) = tiling.size();
        Ok(BoardPicture {
            tiling,
            options: options.clone(),
            origin: Point::new(left, top),
            // Whole pixels, so a PNG has exactly the picture's size.
            width: (left + board_width + margin).ceil(),
            height: (top + board_height + margin).ceil(),
            label_height,
        })
    }

    /// The picture for boards the size of `board`.
    ///
    /// # Errors
    ///
    /// As [`BoardPicture::new`].
    pub fn for_board(board: &BoardGraph, options: &Options) -> Result<BoardPicture, RenderError> {
        BoardPicture::new(board.tessellation(), board.width(), board.height(), options)
    }

    /// The canvas width in pixels.
    pub const fn width(&self) -> f64 {
        self.width
    }

    /// The canvas height in pixels.
    pub const fn height(&self) -> f64 {
        self.height
    }

    /// The tiling of the board (board coordinates: add [`BoardPicture::origin`] for the
    /// canvas).
    pub const fn tiling(&self) -> &Tiling {
        &self.tiling
    }

    /// Where the board's top-left corner lies in the canvas.
    pub const fn origin(&self) -> Point {
        self.origin
    }

    /// The options the picture was made with.
    pub const fn options(&self) -> &Options {
        &self.options
    }

    /// The centre of the cell at `position` in the canvas (the centroid for a Trioban
    /// triangle), or `None` off the board.
    pub fn center(&self, position: impl Into<BoardPosition>) -> Option<Point> {
        self.tiling
            .center(position)
            .map(|p| Point::new(p.x + self.origin.x, p.y + self.origin.y))
    }

    /// The inner radius of the tile at `position` (pieces are drawn to fit it).
    pub(crate) fn radius_at(&self, position: usize) -> f64 {
        let width = self.tiling.width().max(1);
        self.tiling
            .inner_radius(self.tiling.tile_shape(position % width, position / width))
    }

    /// The tile class at `position`.
    pub(crate) fn class_at(&self, position: usize) -> usize {
        let width = self.tiling.width().max(1);
        Tiling::class_of(self.tiling.tile_shape(position % width, position / width))
    }

    /// The SVG of `board` (no Sokoban+ IDs: a board graph has none).
    ///
    /// # Errors
    ///
    /// [`RenderError::BoardSize`] when the board has another size than the picture.
    pub fn board_svg(&self, board: &BoardGraph) -> Result<String, RenderError> {
        self.check_size(board)?;
        let mut marked = board.clone();
        marked.mark_play_area();
        Ok(self.svg(&marked, None))
    }

    /// The SVG of the manager's board, with the Sokoban+ IDs of boxes and goals when
    /// Sokoban+ is enabled.
    ///
    /// # Errors
    ///
    /// [`RenderError::BoardSize`] when the board has another size than the picture.
    pub fn manager_svg(&self, manager: &BoardManager) -> Result<String, RenderError> {
        self.check_size(manager.board())?;
        let mut marked = manager.board().clone();
        marked.mark_play_area();
        Ok(self.svg(&marked, Some(manager)))
    }

    /// The SVG element that draws the box or pusher on `position` of `board` (each
    /// kind, on a goal or off, has its own look), or `None` when no piece stands there.
    ///
    /// [`BoardPicture::board_svg`] draws the pieces last: the picture ends with exactly
    /// these elements, one for each piece in position order, and `</svg>`. A page that
    /// shows the picture can so move a piece by swapping its element, without drawing
    /// the whole board again.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::BoardGraph;
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_render::{BoardPicture, Options};
    ///
    /// let board = BoardGraph::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// let picture = BoardPicture::for_board(&board, &Options::new())?;
    /// let (pusher, piece) = (picture.piece_svg(&board, 6).unwrap(), picture.piece_svg(&board, 7).unwrap());
    /// assert!(picture.board_svg(&board)?.ends_with(&format!("{pusher}{piece}</svg>\n")));
    /// assert_eq!(picture.piece_svg(&board, 8), None); // a goal, no piece
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_svg(
        &self,
        board: &BoardGraph,
        position: impl Into<BoardPosition>,
    ) -> Option<String> {
        let position = position.into().index();
        let cell = *board.get(position)?;
        let id = self.piece_symbol(cell, position, None)?;
        let center = self.center(position)?;
        let mut out = String::with_capacity(48);
        use_at(&mut out, id.as_str(), center.x, center.y);
        Some(out)
    }

    /// The board position whose tile holds `point` of the canvas, or `None` outside the
    /// board's tiles (margins and labels included).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_geometry::Tessellation;
    /// use sokoengine_board::BoardPosition;
    /// use sokoengine_render::{BoardPicture, Options, Point};
    ///
    /// let picture = BoardPicture::new(Tessellation::Hexoban, 5, 4, &Options::new().labels(true))?;
    /// let center = picture.center(13).unwrap();
    /// assert_eq!(picture.position_at(center), Some(BoardPosition::new(13)));
    /// assert_eq!(picture.position_at(Point::new(1.0, 1.0)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_at(&self, point: Point) -> Option<BoardPosition> {
        self.tiling
            .position_at(Point::new(point.x - self.origin.x, point.y - self.origin.y))
    }

    fn check_size(&self, board: &BoardGraph) -> Result<(), RenderError> {
        if board.width() == self.tiling.width() && board.height() == self.tiling.height() {
            Ok(())
        } else {
            Err(RenderError::BoardSize {
                width: self.tiling.width(),
                height: self.tiling.height(),
                actual_width: board.width(),
                actual_height: board.height(),
            })
        }
    }

    /// The SVG of `board`, whose play area is marked (see
    /// [`BoardGraph::mark_play_area`]).
    fn svg(&self, board: &BoardGraph, manager: Option<&BoardManager>) -> String {
        let mut out = String::with_capacity(256 + board.size() * 48);
        svg::open(&mut out, self.width, self.height);
        out.push_str(&self.defs());
        self.push_background(&mut out, board, manager);
        self.push_pieces(&mut out, board, manager);
        out.push_str("</svg>\n");
        out
    }

    /// `<defs>` with the marks of every tile class.
    pub(crate) fn defs(&self) -> String {
        let palette = self.options.palette();
        let mut out = String::from("<defs>\n");
        for (class, &shape) in self.tiling.shapes().iter().enumerate() {
            let r = self.tiling.inner_radius(shape);
            for mark in Mark::ALL {
                out.push_str(&mark_symbol(mark, class, r, palette));
            }
        }
        out.push_str("</defs>\n");
        out
    }

    /// The plus ID of the goal at `position` when Sokoban+ is on and it has one.
    fn goal_plus_id(manager: Option<&BoardManager>, position: usize) -> Option<u64> {
        let manager = manager.filter(|m| m.is_sokoban_plus_enabled())?;
        let id = manager.goal_id_on(position).ok()?;
        manager
            .goal_plus_id(id)
            .ok()
            .filter(|&plus| plus != DEFAULT_PLUS_ID)
    }

    /// The plus ID of the box at `position` when Sokoban+ is on and it has one.
    pub(crate) fn box_plus_id(manager: Option<&BoardManager>, position: usize) -> Option<u64> {
        let manager = manager.filter(|m| m.is_sokoban_plus_enabled())?;
        let id = manager.box_id_on(position).ok()?;
        manager
            .box_plus_id(id)
            .ok()
            .filter(|&plus| plus != DEFAULT_PLUS_ID)
    }

    /// Background, floor, walls, highlights, goals and labels: everything but the boxes
    /// and pushers. The play area of `board` must be marked.
    pub(crate) fn push_background(
        &self,
        out: &mut String,
        board: &BoardGraph,
        manager: Option<&BoardManager>,
    ) {
        let palette = self.options.palette();
        let cell = self.tiling.cell();
        svg::background(out, self.width, self.height, palette.background);
        let cells = board.cells();
        let is_floor = |c: &BoardCell| {
            !c.is_wall() && (c.is_in_playable_area() || c.has_goal() || c.has_piece())
        };
        let edge = (cell / 40.0).max(0.5);
        // Floor and walls, each one path of all their tiles: one element rather than a
        // `<use>` per tile, which browsers draw many times faster on large boards.
        for (fill, stroke, wanted) in [
            (palette.floor, palette.grid, true),
            (palette.wall, palette.wall_edge, false),
        ] {
            let tiles = cells.iter().enumerate().filter_map(|(position, c)| {
                let draw = if wanted { is_floor(c) } else { c.is_wall() };
                draw.then_some(position)
            });
            let d = self.tiles_path(tiles);
            if !d.is_empty() {
                out.push_str("<path d=\"");
                out.push_str(&d);
                out.push('"');
                attr_color(out, "fill", fill);
                attr_color(out, "stroke", stroke);
                attr_num(out, "stroke-width", edge);
                out.push_str(" stroke-linejoin=\"round\"/>\n");
            }
        }
        for highlight in &self.options.highlights {
            let d = self.tiles_path(
                highlight
                    .cells
                    .iter()
                    .map(|p| p.index())
                    .filter(|&p| p < cells.len()),
            );
            if !d.is_empty() {
                out.push_str("<path d=\"");
                out.push_str(&d);
                out.push('"');
                attr_color(out, "fill", highlight.color);
                attr_num(out, "fill-opacity", highlight.opacity);
                out.push_str("/>\n");
            }
        }
        let mut goal_ids = String::new();
        let mut goals = String::new();
        let goal_color = palette.goal;
        for (position, c) in cells.iter().enumerate() {
            if !c.has_goal() {
                continue;
            }
            match BoardPicture::goal_plus_id(manager, position) {
                Some(plus) => {
                    self.push_use(&mut goals, Mark::GoalRing.letter(), position);
                    let r = self.radius_at(position);
                    if let Some(center) = self.center(position) {
                        let text = plus.to_string();
                        goal_ids.push_str(&font::text_element(
                            &text,
                            center.x,
                            center.y,
                            r * 0.62,
                            goal_color,
                        ));
                        goal_ids.push('\n');
                    }
                }
                None => self.push_use(&mut goals, Mark::Goal.letter(), position),
            }
        }
        out.push_str(&goals);
        out.push_str(&goal_ids);
        if self.options.labels {
            self.push_labels(out);
        }
    }

    /// Row numbers on the left, column numbers on top, counted from 1 as people count
    /// them (the CLI names cells by the same row and column; position `p` of a board
    /// `w` cells wide is row `p / w + 1`, column `p % w + 1`).
    fn push_labels(&self, out: &mut String) {
        let (width, height) = (self.tiling.width(), self.tiling.height());
        if width == 0 || height == 0 {
            return;
        }
        let h = self.label_height;
        let mut d = String::new();
        for x in 0..width {
            let cx = self.origin.x + self.tiling.column_middle(x);
            font::push_text(&mut d, &(x + 1).to_string(), cx, self.origin.y - h * 1.0, h);
        }
        for y in 0..height {
            let cy = self.origin.y + self.tiling.row_middle(y);
            let text = (y + 1).to_string();
            let right = self.origin.x - h * 0.5;
            let cx = right - font::text_width(&text, h) / 2.0;
            font::push_text(&mut d, &text, cx, cy, h);
        }
        out.push_str("<path d=\"");
        out.push_str(&d);
        out.push('"');
        font::stroke_attributes(out, h, self.options.palette().text);
        out.push_str("/>\n");
    }

    /// Path data of the tiles at `positions`, one closed subpath each, in canvas
    /// coordinates.
    fn tiles_path(&self, positions: impl Iterator<Item = usize>) -> String {
        let width = self.tiling.width().max(1);
        let mut d = String::new();
        let mut corners: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
        for (class, &shape) in self.tiling.shapes().iter().enumerate().take(2) {
            corners[class] = self.tiling.tile_points(shape);
        }
        for position in positions {
            let Some(center) = self.center(position) else {
                continue;
            };
            let shape = self.tiling.tile_shape(position % width, position / width);
            let class = Tiling::class_of(shape);
            for (index, &(x, y)) in corners[class].iter().enumerate() {
                d.push(if index == 0 { 'M' } else { 'L' });
                svg::push_num(&mut d, center.x + x);
                d.push(' ');
                svg::push_num(&mut d, center.y + y);
            }
            d.push('Z');
        }
        d
    }

    /// `<use>` of the symbol `prefix`+class at the centre of `position`.
    fn push_use(&self, out: &mut String, prefix: char, position: usize) {
        if let Some(center) = self.center(position) {
            use_at(
                out,
                symbol(prefix, self.class_at(position)).as_str(),
                center.x,
                center.y,
            );
        }
    }

    /// The symbol of a box or pusher on `cell` at `position`. A box counts as on its goal
    /// by the manager's rule (with Sokoban+, only on a goal of its plus ID).
    fn piece_symbol(
        &self,
        cell: BoardCell,
        position: usize,
        manager: Option<&BoardManager>,
    ) -> Option<Symbol> {
        let placed = match manager {
            Some(manager) => manager
                .box_id_on(position)
                .is_ok_and(|id| manager.box_fits_goal_at(id, position)),
            None => cell.has_goal(),
        };
        let mark = match (cell.has_box(), cell.has_pusher(), cell.has_goal()) {
            (true, _, _) if placed => Mark::BoxOnGoal,
            (true, _, _) => Mark::Box,
            (_, true, false) => Mark::Pusher,
            (_, true, true) => Mark::PusherOnGoal,
            _ => return None,
        };
        Some(symbol(mark.letter(), self.class_at(position)))
    }

    /// The digits of a box's Sokoban+ ID, as a path in the colour of text on pieces.
    pub(crate) fn plus_id_path(&self, plus: u64, center: Point, radius: f64) -> String {
        font::text_element(
            &plus.to_string(),
            center.x,
            center.y,
            radius * 0.62,
            self.options.palette().text_on_piece,
        )
    }

    fn push_pieces(&self, out: &mut String, board: &BoardGraph, manager: Option<&BoardManager>) {
        let mut ids = String::new();
        for (position, &cell) in board.cells().iter().enumerate() {
            let Some(id) = self.piece_symbol(cell, position, manager) else {
                continue;
            };
            let Some(center) = self.center(position) else {
                continue;
            };
            use_at(out, id.as_str(), center.x, center.y);
            if cell.has_box() {
                if let Some(plus) = BoardPicture::box_plus_id(manager, position) {
                    ids.push_str(&self.plus_id_path(plus, center, self.radius_at(position)));
                    ids.push('\n');
                }
            }
        }
        out.push_str(&ids);
    }
}

/// The symbol of `mark` for tiles of inner radius `r`.
fn mark_symbol(mark: Mark, class: usize, r: f64, palette: &Palette) -> String {
    let mut out = String::from("<g id=\"");
    out.push_str(symbol(mark.letter(), class).as_str());
    out.push_str("\">");
    let ring = |out: &mut String| {
        out.push_str("<path d=\"");
        out.push_str(&svg::circle_path(0.0, 0.0, r * 0.5));
        out.push_str("\" fill=\"none\"");
        attr_color(out, "stroke", palette.goal);
        attr_num(out, "stroke-width", r * 0.09);
        out.push_str("/>");
    };
    match mark {
        Mark::Goal | Mark::GoalRing => {
            ring(&mut out);
            if mark == Mark::Goal {
                out.push_str("<path d=\"");
                out.push_str(&svg::circle_path(0.0, 0.0, r * 0.26));
                out.push('"');
                attr_color(&mut out, "fill", palette.goal);
                out.push_str("/>");
            }
        }
        Mark::Box | Mark::BoxOnGoal => {
            let fill = if mark == Mark::Box {
                palette.box_
            } else {
                palette.box_on_goal
            };
            let half = r * 0.72;
            out.push_str("<path d=\"");
            out.push_str(&svg::rounded_rect_path(
                -half,
                -half,
                2.0 * half,
                2.0 * half,
                r * 0.16,
            ));
            out.push('"');
            attr_color(&mut out, "fill", fill);
            attr_color(&mut out, "stroke", palette.edge);
            attr_num(&mut out, "stroke-width", r * 0.08);
            out.push_str("/>");
            // A crate's inner frame.
            let inner = r * 0.48;
            out.push_str("<path d=\"");
            out.push_str(&svg::rounded_rect_path(
                -inner,
                -inner,
                2.0 * inner,
                2.0 * inner,
                r * 0.08,
            ));
            out.push_str("\" fill=\"none\"");
            attr_color(&mut out, "stroke", palette.edge);
            attr_num(&mut out, "stroke-width", r * 0.05);
            out.push_str(" stroke-opacity=\"0.35\"/>");
        }
        Mark::Pusher | Mark::PusherOnGoal => {
            let fill = if mark == Mark::Pusher {
                palette.pusher
            } else {
                palette.pusher_on_goal
            };
            out.push_str("<path d=\"");
            out.push_str(&svg::circle_path(0.0, 0.0, r * 0.64));
            out.push('"');
            attr_color(&mut out, "fill", fill);
            attr_color(&mut out, "stroke", palette.edge);
            attr_num(&mut out, "stroke-width", r * 0.08);
            out.push_str("/>");
            // Two eyes above the centre, so the centre keeps the body colour.
            for side in [-1.0, 1.0] {
                out.push_str("<path d=\"");
                out.push_str(&svg::circle_path(side * r * 0.22, -r * 0.22, r * 0.09));
                out.push('"');
                attr_color(&mut out, "fill", palette.edge);
                out.push_str("/>");
            }
        }
    }
    out.push_str("</g>\n");
    out
}

/// The SVG of `board` (see [`BoardPicture`]).
///
/// # Errors
///
/// As [`BoardPicture::new`].
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_render::{board_svg, Options};
///
/// let board = BoardGraph::parse(Tessellation::Hexoban, " # # #\n# @ $ . #\n # # # #")?;
/// let svg = board_svg(&board, &Options::new())?;
/// assert!(svg.contains("<use href=\"#p0\""));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_svg(board: &BoardGraph, options: &Options) -> Result<String, RenderError> {
    BoardPicture::for_board(board, options)?.board_svg(board)
}

/// The SVG of a puzzle's board, with its Sokoban+ IDs when it has valid
/// `boxorder`/`goalorder` (invalid orders are not drawn).
///
/// # Errors
///
/// As [`BoardPicture::new`].
pub fn puzzle_svg(puzzle: &Puzzle, options: &Options) -> Result<String, RenderError> {
    if puzzle.has_sokoban_plus() {
        let mut manager = BoardManager::from_puzzle(puzzle)?;
        // Invalid orders leave Sokoban+ off: the board is still worth a picture.
        let _ = manager.enable_sokoban_plus();
        return BoardPicture::for_board(manager.board(), options)?.manager_svg(&manager);
    }
    // Without IDs to draw, the graph is enough, and its play area is marked in place.
    let mut board = BoardGraph::new(puzzle)?;
    let picture = BoardPicture::for_board(&board, options)?;
    board.mark_play_area();
    Ok(picture.svg(&board, None))
}
