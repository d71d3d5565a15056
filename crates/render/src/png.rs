//! PNG output through the `resvg` rasterizer (cargo feature `png`).

use resvg::{tiny_skia, usvg};

use crate::error::RenderError;

/// The PNG of an SVG picture (any picture of this crate, or other SVG text), at one pixel
/// per SVG unit. Text elements are not drawn (this crate draws its characters as paths).
///
/// # Errors
///
/// [`RenderError::Png`] when the SVG does not parse or the PNG cannot be encoded,
/// [`RenderError::TooLarge`] beyond [`MAX_PNG_PIXELS`](crate::MAX_PNG_PIXELS),
/// [`RenderError::TooManyNodes`] beyond [`MAX_PNG_NODES`](crate::MAX_PNG_NODES) nodes.
///
/// # Examples
///
/// ```
/// use sokoengine_board::BoardGraph;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_render::{Options, board_svg, svg_to_png};
///
/// let board = BoardGraph::parse(Tessellation::Octoban, "#####\n#@$.#\n#####")?;
/// let png = svg_to_png(&board_svg(&board, &Options::new())?)?;
/// assert!(png.starts_with(b"\x89PNG"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg_to_png(svg: &str) -> Result<Vec<u8>, RenderError> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| match e {
        usvg::Error::ParsingFailed(usvg::roxmltree::Error::NodesLimitReached) => {
            RenderError::TooManyNodes {
                max: crate::MAX_PNG_NODES,
            }
        }
        e => RenderError::Png(e.to_string()),
    })?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    if u64::from(width) * u64::from(height) > crate::MAX_PNG_PIXELS {
        return Err(RenderError::TooLarge {
            width,
            height,
            max_pixels: crate::MAX_PNG_PIXELS,
        });
    }
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| RenderError::Png(format!("can't allocate {width}x{height} pixels")))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| RenderError::Png(e.to_string()))
}
