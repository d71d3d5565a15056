//! Pictures of Tower of Hanoi positions and solutions.

use sokoengine_hanoi::{Move, Towers};

use crate::animation::{Animation, MAX_FRAMES, Place, Sprite};
use crate::color::Rgb;
use crate::error::RenderError;
use crate::font;
use crate::options::Options;
use crate::svg::{self, attr_color, attr_num};
use crate::tiling::Point;

/// Where the pegs and disks go.
struct Stand {
    cell: f64,
    disks: u8,
    pegs: u8,
    disk_height: f64,
    slot: f64,
    left: f64,
    /// The top of the base plate.
    base: f64,
    width: f64,
    height: f64,
}

impl Stand {
    fn new(towers: Towers, options: &Options) -> Result<Stand, RenderError> {
        let cell = options.checked_cell()?;
        let margin = cell / 2.0;
        let disks = towers.disks();
        let disk_height = cell * 0.55;
        let slot = cell * (1.6 + 0.5 * f64::from(disks.saturating_sub(1)));
        let rod = (f64::from(disks) + 1.5) * disk_height;
        let base = margin + rod;
        let mut height = base + cell * 0.3 + margin;
        if options.labels {
            height += cell * 0.6;
        }
        Ok(Stand {
            cell,
            disks,
            pegs: towers.pegs(),
            disk_height,
            slot,
            left: margin,
            base,
            width: (2.0 * margin + f64::from(towers.pegs()) * slot).ceil(),
            height: height.ceil(),
        })
    }

    /// The middle of `peg`.
    fn peg_x(&self, peg: u8) -> f64 {
        self.left + (f64::from(peg) + 0.5) * self.slot
    }

    /// The top-middle of a disk at `level` (0 = on the base) of `peg`.
    fn disk_place(&self, peg: u8, level: u8) -> Point {
        Point::new(
            self.peg_x(peg),
            self.base - (f64::from(level) + 1.0) * self.disk_height,
        )
    }

    /// The height a lifted disk passes at, above every rod.
    fn lift(&self) -> f64 {
        self.base - (f64::from(self.disks) + 2.4) * self.disk_height
    }

    /// The width of `disk` (0 is the largest).
    fn disk_width(&self, disk: u8) -> f64 {
        let size = f64::from(self.disks - 1 - disk.min(self.disks - 1));
        self.cell * (1.0 + 0.5 * size)
    }
}

/// The colour of `disk` of `disks`: hues around the colour wheel, largest disk red.
fn disk_color(disk: u8, disks: u8, dark: bool) -> Rgb {
    let hue = 300.0 * f64::from(disk) / f64::from(disks.max(2) - 1);
    let (saturation, value) = if dark { (0.55, 0.92) } else { (0.62, 0.84) };
    let chroma = value * saturation;
    let sector = hue / 60.0;
    let x = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector as u32 {
        0 => (chroma, x, 0.0),
        1 => (x, chroma, 0.0),
        2 => (0.0, chroma, x),
        3 => (0.0, x, chroma),
        4 => (x, 0.0, chroma),
        _ => (chroma, 0.0, x),
    };
    let m = value - chroma;
    let channel = |v: f64| ((v + m) * 255.0).round() as u8;
    Rgb::new(channel(r), channel(g), channel(b))
}

/// The base, the rods and (with labels) the peg numbers.
fn push_stand(out: &mut String, stand: &Stand, options: &Options) {
    let palette = options.palette();
    let c = stand.cell;
    svg::background(out, stand.width, stand.height, palette.background);
    let rod_top = stand.base - (f64::from(stand.disks) + 1.5) * stand.disk_height;
    for peg in 0..stand.pegs {
        out.push_str("<rect");
        attr_num(out, "x", stand.peg_x(peg) - c * 0.08);
        attr_num(out, "y", rod_top);
        attr_num(out, "width", c * 0.16);
        attr_num(out, "height", stand.base - rod_top);
        attr_num(out, "rx", c * 0.08);
        attr_color(out, "fill", palette.wall);
        out.push_str("/>\n");
    }
    out.push_str("<rect");
    attr_num(out, "x", stand.left);
    attr_num(out, "y", stand.base);
    attr_num(out, "width", f64::from(stand.pegs) * stand.slot);
    attr_num(out, "height", c * 0.3);
    attr_num(out, "rx", c * 0.1);
    attr_color(out, "fill", palette.wall);
    out.push_str("/>\n");
    if options.labels {
        for peg in 0..stand.pegs {
            out.push_str(&font::text_element(
                &peg.to_string(),
                stand.peg_x(peg),
                stand.base + c * 0.65,
                c * 0.34,
                palette.text,
            ));
            out.push('\n');
        }
    }
}

/// A disk with its top-middle at the origin.
fn disk_look(stand: &Stand, disk: u8, options: &Options) -> String {
    let palette = options.palette();
    let width = stand.disk_width(disk);
    let h = stand.disk_height;
    let mut out = String::from("<path d=\"");
    out.push_str(&svg::rounded_rect_path(
        -width / 2.0,
        h * 0.05,
        width,
        h * 0.9,
        h * 0.3,
    ));
    out.push('"');
    let dark = options.theme == crate::color::Theme::Dark;
    attr_color(&mut out, "fill", disk_color(disk, stand.disks, dark));
    attr_color(&mut out, "stroke", palette.edge);
    attr_num(&mut out, "stroke-width", stand.cell * 0.04);
    out.push_str("/>");
    if options.labels {
        out.push_str(&font::text_element(
            &disk.to_string(),
            0.0,
            h / 2.0,
            h * 0.5,
            palette.edge,
        ));
    }
    out
}

/// The SVG of a Tower of Hanoi position: the pegs on their base and the disks in
/// colours from red (disk 0, the largest) around the colour wheel; with
/// [`Options::labels`], peg numbers and disk numbers (IArena numbering, as
/// `sokoengine hanoi` uses).
///
/// # Errors
///
/// [`RenderError::CellSize`] for a cell size out of range.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::Towers;
/// use sokoengine_render::{Options, hanoi_svg};
///
/// let towers = Towers::from_towers(&[vec![0, 2], vec![1], vec![]])?;
/// let svg = hanoi_svg(towers, &Options::new())?;
/// assert_eq!(svg.matches("<g transform").count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hanoi_svg(towers: Towers, options: &Options) -> Result<String, RenderError> {
    let animation = hanoi_animation(towers, [], options)?;
    Ok(animation.frame_svg(0).unwrap_or_default())
}

/// The animation of `moves` played from `start`, one movement per frame: each disk
/// rises above the rods, crosses over and comes down.
///
/// # Errors
///
/// [`RenderError::Move`] for an illegal movement, [`RenderError::TooManyFrames`] beyond
/// [`MAX_FRAMES`], [`RenderError::CellSize`] or [`RenderError::FrameSeconds`] for
/// options out of range.
///
/// # Examples
///
/// ```
/// use sokoengine_hanoi::{OptimalMoves, Towers};
/// use sokoengine_render::{Options, hanoi_animation};
///
/// let animation = hanoi_animation(Towers::new(3, 3)?, OptimalMoves::new(3)?, &Options::new())?;
/// assert_eq!(animation.frame_count(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hanoi_animation(
    start: Towers,
    moves: impl IntoIterator<Item = Move>,
    options: &Options,
) -> Result<Animation, RenderError> {
    let stand = Stand::new(start, options)?;
    let mut sprites: Vec<Sprite> = (0..start.disks())
        .map(|disk| Sprite::new(vec![disk_look(&stand, disk, options)]))
        .collect();
    for peg in 0..start.pegs() {
        for (level, disk) in start.tower(peg).into_iter().enumerate() {
            let place = stand.disk_place(peg, level as u8);
            sprites[usize::from(disk)].set(0, Some(Place::new(place, 0)));
        }
    }
    let mut towers = start;
    let mut captions = vec!["start".to_owned()];
    for (index, movement) in moves.into_iter().enumerate() {
        if index + 2 > MAX_FRAMES {
            return Err(RenderError::TooManyFrames {
                frames: index + 2,
                max: MAX_FRAMES,
            });
        }
        let refused = |message: String| RenderError::Move {
            index,
            text: format!("{} -> {}", movement.from(), movement.to()),
            message,
        };
        let next = towers
            .try_move(movement)
            .map_err(|e| refused(e.to_string()))?;
        let disk = towers
            .top(movement.from())
            .ok_or_else(|| refused("no disk to move".to_owned()))?;
        let level = towers.height(movement.to());
        let lift = stand.lift();
        let via = vec![
            Point::new(stand.peg_x(movement.from()), lift),
            Point::new(stand.peg_x(movement.to()), lift),
        ];
        let place = Place::new(stand.disk_place(movement.to(), level), 0);
        sprites[usize::from(disk)].set_via(index + 1, Some(place), via);
        captions.push(format!(
            "move {}: disk {disk} from peg {} to peg {}",
            index + 1,
            movement.from(),
            movement.to()
        ));
        towers = next;
    }
    let mut animation = Animation::new(
        stand.width,
        stand.height,
        captions.len(),
        options.checked_frame_seconds()?,
        options.palette(),
    );
    let mut background = String::new();
    push_stand(&mut background, &stand, options);
    animation.set_background(background);
    for sprite in sprites {
        animation.push_sprite(sprite);
    }
    animation.set_captions(captions);
    Ok(animation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disk_colours_differ() {
        let colours: Vec<Rgb> = (0..8).map(|d| disk_color(d, 8, false)).collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(disk_color(0, 1, false), disk_color(0, 1, false));
    }
}
