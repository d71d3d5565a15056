//! Tests of `sokoengine-render`: colours read back from rasterized pictures, SVG
//! snapshots, animations, errors, and every board of the corpus.

mod animation;
mod colors;
mod corpus;
mod errors;
mod snapshots;

use resvg::{tiny_skia, usvg};
use sokoengine_board::Puzzle;
use sokoengine_geometry::Tessellation;
use sokoengine_render::Rgb;

/// A puzzle of `tessellation` whose internal grid holds `rows` (one character per cell;
/// for Hexoban this is the grid, not the text layout).
pub fn grid_puzzle(tessellation: Tessellation, rows: &[&str]) -> Puzzle {
    let width = rows.iter().map(|row| row.len()).max().unwrap_or(0);
    let mut puzzle = Puzzle::new(tessellation, width, rows.len()).expect("small board");
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            puzzle.set(y * width + x, c).expect("board character");
        }
    }
    puzzle
}

/// The pixels of an SVG picture, one per SVG unit.
#[derive(Debug)]
pub struct Raster {
    pixmap: tiny_skia::Pixmap,
}

impl Raster {
    /// Rasterizes `svg` (which must parse).
    pub fn new(svg: &str) -> Raster {
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("valid SVG");
        let size = tree.size().to_int_size();
        let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
        resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
        Raster { pixmap }
    }

    /// The colour of the pixel that holds the point (`x`, `y`).
    pub fn at(&self, x: f64, y: f64) -> Rgb {
        let pixel = self
            .pixmap
            .pixel(x.floor() as u32, y.floor() as u32)
            .unwrap_or_else(|| panic!("({x}, {y}) is off the picture"));
        assert_eq!(pixel.alpha(), 255, "transparent pixel at ({x}, {y})");
        Rgb::new(pixel.red(), pixel.green(), pixel.blue())
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.pixmap.width(), self.pixmap.height())
    }

    /// Whether two rasters have the same pixels.
    pub fn same_pixels(&self, other: &Raster) -> bool {
        self.pixmap.data() == other.pixmap.data()
    }
}
