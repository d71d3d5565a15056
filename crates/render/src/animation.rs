//! Animations: a still background and sprites that move, change look, appear and vanish
//! from frame to frame. Written as an SVG that plays itself (SMIL animations, which
//! browsers run without scripts), as the still picture of any frame, or as an HTML page
//! with controls.

use std::io::{self, Write};

use crate::color::{Palette, Theme};
use crate::svg::{self, escape, push_num};
use crate::tiling::Point;

/// The most frames an animation may have.
pub const MAX_FRAMES: usize = 200_000;

/// Seconds the first frame is shown before the animation starts moving.
const LEAD_SECONDS: f64 = 1.0;
/// Seconds the last frame is held before the animation starts again.
const HOLD_SECONDS: f64 = 2.0;

/// Where a sprite is in a frame, and which of its looks it shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Place {
    pub(crate) at: Point,
    pub(crate) variant: usize,
}

impl Place {
    pub(crate) const fn new(at: Point, variant: usize) -> Place {
        Place { at, variant }
    }
}

/// From `frame` on, the sprite is at `place` (hidden for `None`); during the move into
/// `frame` it passes through `via`.
#[derive(Debug, Clone, PartialEq)]
struct Key {
    frame: usize,
    place: Option<Place>,
    via: Vec<Point>,
}

/// A moving piece: its looks (SVG drawn around the origin) and its keyframes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Sprite {
    variants: Vec<String>,
    keys: Vec<Key>,
}

impl Sprite {
    /// A sprite with these looks, hidden until placed.
    pub(crate) fn new(variants: Vec<String>) -> Sprite {
        Sprite {
            variants,
            keys: vec![Key {
                frame: 0,
                place: None,
                via: Vec::new(),
            }],
        }
    }

    /// Puts the sprite at `place` from `frame` on (frames are set in increasing order).
    pub(crate) fn set(&mut self, frame: usize, place: Option<Place>) {
        self.set_via(frame, place, Vec::new());
    }

    /// As [`Sprite::set`], passing through `via` on the way.
    pub(crate) fn set_via(&mut self, frame: usize, place: Option<Place>, via: Vec<Point>) {
        let Some(last) = self.keys.last().cloned() else {
            return;
        };
        if last.frame == frame {
            if let Some(key) = self.keys.last_mut() {
                key.place = place;
                key.via = via;
            }
            return;
        }
        if last.place == place && via.is_empty() {
            return;
        }
        // Hold the old place until the frame before, so the move takes one frame.
        if last.frame + 1 < frame {
            self.keys.push(Key {
                frame: frame - 1,
                place: last.place,
                via: Vec::new(),
            });
        }
        self.keys.push(Key { frame, place, via });
    }

    /// The place in `frame`.
    fn place_at(&self, frame: usize) -> Option<Place> {
        self.keys
            .iter()
            .take_while(|key| key.frame <= frame)
            .last()
            .and_then(|key| key.place)
    }
}

/// A picture that changes from frame to frame: a solution played move by move.
///
/// [`Animation::to_svg`] writes an SVG that plays itself in a browser (and shows the first
/// frame where animations do not run); [`Animation::frame_svg`] is the still picture of
/// one frame; [`Animation::to_html`] a self-contained page with play/pause, step buttons
/// and a slider.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, ReplayOptions};
/// use sokoengine_render::{Options, Playback};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let playback = Playback::new(&puzzle, &Moves::parse("rRR")?, ReplayOptions::new())?;
/// let animation = playback.animation(&Options::new())?;
/// assert_eq!(animation.frame_count(), 4);
/// assert!(animation.to_svg().contains("<animateTransform"));
/// assert!(animation.to_html("Demo").contains("<input id=\"slider\""));
/// assert!(animation.frame_svg(4).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Animation {
    width: f64,
    height: f64,
    defs: String,
    background: String,
    sprites: Vec<Sprite>,
    frames: usize,
    captions: Vec<String>,
    frame_seconds: f64,
    palette: &'static Palette,
}

impl Animation {
    /// An animation of `frames` frames (at least 1) on a `width × height` canvas.
    pub(crate) fn new(
        width: f64,
        height: f64,
        frames: usize,
        frame_seconds: f64,
        palette: &'static Palette,
    ) -> Animation {
        Animation {
            width,
            height,
            defs: String::new(),
            background: String::new(),
            sprites: Vec::new(),
            frames: frames.max(1),
            captions: Vec::new(),
            frame_seconds,
            palette,
        }
    }

    pub(crate) fn set_defs(&mut self, defs: String) {
        self.defs = defs;
    }

    pub(crate) fn set_background(&mut self, background: String) {
        self.background = background;
    }

    pub(crate) fn push_sprite(&mut self, sprite: Sprite) {
        self.sprites.push(sprite);
    }

    /// One caption per frame, shown by the HTML page.
    pub(crate) fn set_captions(&mut self, captions: Vec<String>) {
        self.captions = captions;
    }

    /// The number of frames (positions), at least 1.
    pub const fn frame_count(&self) -> usize {
        self.frames
    }

    /// The canvas width in pixels.
    pub const fn width(&self) -> f64 {
        self.width
    }

    /// The canvas height in pixels.
    pub const fn height(&self) -> f64 {
        self.height
    }

    /// The caption of `frame` (what the HTML page shows under the picture).
    pub fn caption(&self, frame: usize) -> Option<&str> {
        self.captions.get(frame).map(String::as_str)
    }

    /// The time of `frame` in seconds from the start of the loop.
    fn time(&self, frame: usize) -> f64 {
        LEAD_SECONDS + frame as f64 * self.frame_seconds
    }

    /// The length of one loop in seconds.
    fn total(&self) -> f64 {
        self.time(self.frames - 1) + HOLD_SECONDS
    }

    /// The still picture of `frame` (0-based), or `None` past the last frame.
    pub fn frame_svg(&self, frame: usize) -> Option<String> {
        if frame >= self.frames {
            return None;
        }
        let mut out = self.start();
        for sprite in &self.sprites {
            let Some(place) = sprite.place_at(frame) else {
                continue;
            };
            let Some(look) = sprite.variants.get(place.variant) else {
                continue;
            };
            out.push_str("<g transform=\"translate(");
            push_num(&mut out, place.at.x);
            out.push(' ');
            push_num(&mut out, place.at.y);
            out.push_str(")\">");
            out.push_str(look);
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        Some(out)
    }

    /// The SVG that plays the frames in a loop: the first frame for a second, then one
    /// frame every [`Options::frame_seconds`](crate::Options::frame_seconds), the last
    /// one held for two seconds. [`Animation::write_svg`] writes the same bytes without
    /// holding them.
    pub fn to_svg(&self) -> String {
        let mut out = Vec::new();
        self.write_svg_tagged(&mut out, false)
            .expect("writing to memory does not fail");
        bytes_to_string(out)
    }

    /// Writes [`Animation::to_svg`] to `out` a piece at a time: the memory it takes does
    /// not grow with the output (a long animation of a large board is tens of
    /// megabytes).
    ///
    /// # Errors
    ///
    /// The errors of `out`.
    pub fn write_svg<W: Write + ?Sized>(&self, out: &mut W) -> io::Result<()> {
        self.write_svg_tagged(out, false)
    }

    /// The SVG, its root element with `id="picture"` when `tagged` (in the HTML page).
    fn write_svg_tagged<W: Write + ?Sized>(&self, out: &mut W, tagged: bool) -> io::Result<()> {
        let mut open = String::new();
        svg::open(&mut open, self.width, self.height);
        if tagged {
            open = open.replacen("<svg ", "<svg id=\"picture\" ", 1);
        }
        out.write_all(open.as_bytes())?;
        out.write_all(self.defs.as_bytes())?;
        out.write_all(self.background.as_bytes())?;
        let mut chunk = String::new();
        for sprite in &self.sprites {
            chunk.clear();
            self.push_animated(&mut chunk, sprite);
            out.write_all(chunk.as_bytes())?;
        }
        out.write_all(b"</svg>\n")
    }

    fn start(&self) -> String {
        let mut out = String::with_capacity(self.defs.len() + self.background.len() + 1024);
        svg::open(&mut out, self.width, self.height);
        out.push_str(&self.defs);
        out.push_str(&self.background);
        out
    }

    /// Appends ` dur="..s" repeatCount="indefinite"` and the key times.
    fn push_timing(&self, out: &mut String, times: &[f64]) {
        let total = self.total();
        out.push_str(" keyTimes=\"");
        for (index, &time) in times.iter().enumerate() {
            if index > 0 {
                out.push(';');
            }
            push_fraction(out, time / total);
        }
        out.push_str("\" dur=\"");
        push_num(out, total);
        out.push_str("s\" repeatCount=\"indefinite\"");
    }

    fn push_animated(&self, out: &mut String, sprite: &Sprite) {
        // Positions: a hidden sprite stays where it was (or where it will first be).
        let first = sprite
            .keys
            .iter()
            .find_map(|key| key.place.map(|place| place.at))
            .unwrap_or_default();
        let mut motion: Vec<(f64, Point)> = vec![(0.0, first)];
        let mut current = first;
        for key in &sprite.keys {
            if key.frame == 0 {
                current = key.place.map_or(current, |place| place.at);
                motion[0].1 = current;
                continue;
            }
            let (start, end) = (self.time(key.frame - 1), self.time(key.frame));
            let steps = key.via.len() as f64 + 1.0;
            for (index, &point) in key.via.iter().enumerate() {
                motion.push((start + (end - start) * (index as f64 + 1.0) / steps, point));
            }
            if let Some(place) = key.place {
                current = place.at;
            }
            motion.push((end, current));
        }
        motion.push((self.total(), current));
        out.push_str("<g transform=\"translate(");
        push_num(out, motion[0].1.x);
        out.push(' ');
        push_num(out, motion[0].1.y);
        out.push_str(")\">");
        if motion.iter().any(|&(_, p)| p != motion[0].1) {
            out.push_str(
                "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"",
            );
            for (index, &(_, p)) in motion.iter().enumerate() {
                if index > 0 {
                    out.push(';');
                }
                push_num(out, p.x);
                out.push(' ');
                push_num(out, p.y);
            }
            out.push('"');
            let times: Vec<f64> = motion.iter().map(|&(t, _)| t).collect();
            self.push_timing(out, &times);
            out.push_str("/>");
        }
        for (variant, look) in sprite.variants.iter().enumerate() {
            let shown = |place: Option<Place>| place.is_some_and(|p| p.variant == variant);
            // (time, shown) at each change.
            let mut changes: Vec<(f64, bool)> = Vec::new();
            let mut state = false;
            for key in &sprite.keys {
                let now = shown(key.place);
                if key.frame == 0 {
                    state = now;
                    changes = vec![(0.0, now)];
                } else if now != state {
                    changes.push((self.time(key.frame), now));
                    state = now;
                }
            }
            let initially = changes.first().is_some_and(|&(_, on)| on);
            if changes.len() <= 1 && !initially {
                continue; // never shown
            }
            out.push_str("<g");
            if !initially {
                out.push_str(" visibility=\"hidden\"");
            }
            out.push('>');
            out.push_str(look);
            if changes.len() > 1 {
                out.push_str(
                    "<animate attributeName=\"visibility\" calcMode=\"discrete\" values=\"",
                );
                for (index, &(_, on)) in changes.iter().enumerate() {
                    if index > 0 {
                        out.push(';');
                    }
                    out.push_str(if on { "visible" } else { "hidden" });
                }
                out.push('"');
                let times: Vec<f64> = changes.iter().map(|&(t, _)| t).collect();
                self.push_timing(out, &times);
                out.push_str("/>");
            }
            out.push_str("</g>");
        }
        out.push_str("</g>\n");
    }

    /// A self-contained HTML page (no scripts, styles or fonts from elsewhere; it works
    /// from a file) that shows the animation with play/pause, first/previous/next/last
    /// buttons, a slider over the frames, the frame number and its caption. Keys: space
    /// plays or pauses, the arrow keys step, Home and End jump.
    /// [`Animation::write_html`] writes the same bytes without holding them.
    pub fn to_html(&self, title: &str) -> String {
        let mut out = Vec::new();
        self.write_html(title, &mut out)
            .expect("writing to memory does not fail");
        bytes_to_string(out)
    }

    /// Writes [`Animation::to_html`] to `out` a piece at a time, as
    /// [`Animation::write_svg`] does.
    ///
    /// # Errors
    ///
    /// The errors of `out`.
    pub fn write_html<W: Write + ?Sized>(&self, title: &str, out: &mut W) -> io::Result<()> {
        out.write_all(page_head(title, self.palette).as_bytes())?;
        self.write_svg_tagged(out, true)?;
        if self.frames > 1 {
            writeln!(
                out,
                "<div class=\"controls\">\
                 <button id=\"first\" title=\"First frame (Home)\">|&lt;</button>\
                 <button id=\"prev\" title=\"Previous frame (Left)\">&lt;</button>\
                 <button id=\"play\" title=\"Play or pause (Space)\">Play</button>\
                 <button id=\"next\" title=\"Next frame (Right)\">&gt;</button>\
                 <button id=\"last\" title=\"Last frame (End)\">&gt;|</button>\
                 <input id=\"slider\" type=\"range\" min=\"0\" max=\"{last}\" value=\"0\" aria-label=\"Frame\">\
                 <span id=\"counter\"></span></div>",
                last = self.frames - 1
            )?;
        }
        out.write_all(b"<div id=\"caption\"></div>\n</main>\n<script>\n")?;
        write!(
            out,
            "const FRAMES={frames},LEAD={lead},STEP={step},CAPTIONS=[",
            frames = self.frames,
            lead = LEAD_SECONDS,
            step = self.frame_seconds,
        )?;
        let mut caption = String::new();
        for frame in 0..self.frames {
            caption.clear();
            if frame > 0 {
                caption.push(',');
            }
            caption.push('"');
            for c in self.caption(frame).unwrap_or_default().chars() {
                match c {
                    '"' => caption.push_str("\\\""),
                    '\\' => caption.push_str("\\\\"),
                    '<' => caption.push_str("\\u003c"),
                    c if u32::from(c) < 0x20 => caption.push(' '),
                    c => caption.push(c),
                }
            }
            caption.push('"');
            out.write_all(caption.as_bytes())?;
        }
        out.write_all(b"];\n")?;
        out.write_all(PLAYER_SCRIPT.as_bytes())?;
        out.write_all(b"</script>\n</body>\n</html>\n")
    }
}

/// Text written to memory: UTF-8 by construction (every piece is a `str`).
fn bytes_to_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// A self-contained HTML page showing `svg` (any picture of this crate) under `title`,
/// in the colours of `theme`.
///
/// # Examples
///
/// ```
/// use sokoengine_render::{Theme, svg_page};
///
/// let page = svg_page("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "A & B", Theme::Dark);
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(page.contains("<title>A &amp; B</title>"));
/// ```
pub fn svg_page(svg: &str, title: &str, theme: Theme) -> String {
    let svg = svg.replacen("<svg ", "<svg id=\"picture\" ", 1);
    page(title, theme.palette(), &svg, "")
}

/// The page around `body`, with `script` at the end.
fn page(title: &str, palette: &Palette, body: &str, script: &str) -> String {
    let script = if script.is_empty() {
        String::new()
    } else {
        format!("<script>\n{script}</script>\n")
    };
    format!(
        "{head}{body}</main>\n{script}</body>\n</html>\n",
        head = page_head(title, palette)
    )
}

/// The page up to its body: the head, its styles and the title line.
fn page_head(title: &str, palette: &Palette) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n\
         body{{margin:0;padding:16px;background:{background};color:{text};font:15px/1.4 system-ui,sans-serif}}\n\
         main{{display:inline-flex;flex-direction:column;gap:10px;max-width:100%}}\n\
         h1{{font-size:18px;margin:0}}\n\
         .controls{{display:flex;align-items:center;gap:6px;flex-wrap:wrap}}\n\
         button{{font:inherit;min-width:3em;padding:3px 8px;cursor:pointer}}\n\
         input[type=range]{{flex:1;min-width:180px}}\n\
         #counter{{font-variant-numeric:tabular-nums;min-width:7em;text-align:right}}\n\
         #picture{{max-width:100%;height:auto}}\n\
         </style>\n</head>\n<body>\n<main>\n<h1>{title}</h1>\n",
        title = escape(title),
        background = palette.background,
        text = palette.text,
    )
}

/// The page's player: drives the SVG's own animation clock (pause, seek, resume), so the
/// page shows exactly what the SVG plays.
const PLAYER_SCRIPT: &str = r#"(function () {
  const svg = document.getElementById("picture");
  const caption = document.getElementById("caption");
  const slider = document.getElementById("slider");
  const counter = document.getElementById("counter");
  const play = document.getElementById("play");
  const END = LEAD + (FRAMES - 1) * STEP;
  let playing = false;
  const timeOf = (frame) => LEAD + frame * STEP;
  const frameAt = (time) =>
    time < LEAD ? 0 : Math.min(FRAMES - 1, Math.floor((time - LEAD) / STEP + 1e-6));
  function show(frame) {
    if (slider) slider.value = frame;
    if (counter) counter.textContent = frame + " / " + (FRAMES - 1);
    caption.textContent = CAPTIONS[frame] || "";
  }
  function pause() {
    playing = false;
    svg.pauseAnimations();
    if (play) play.textContent = "Play";
  }
  function seek(frame) {
    frame = Math.max(0, Math.min(FRAMES - 1, frame));
    pause();
    svg.setCurrentTime(timeOf(frame));
    show(frame);
  }
  function tick() {
    if (!playing) return;
    const time = svg.getCurrentTime();
    if (time >= END) {
      seek(FRAMES - 1);
      return;
    }
    show(frameAt(time));
    requestAnimationFrame(tick);
  }
  function start() {
    if (frameAt(svg.getCurrentTime()) >= FRAMES - 1) svg.setCurrentTime(timeOf(0));
    playing = true;
    svg.unpauseAnimations();
    if (play) play.textContent = "Pause";
    requestAnimationFrame(tick);
  }
  const current = () => frameAt(svg.getCurrentTime());
  seek(0);
  if (FRAMES < 2) return;
  play.addEventListener("click", () => (playing ? pause() : start()));
  document.getElementById("first").addEventListener("click", () => seek(0));
  document.getElementById("last").addEventListener("click", () => seek(FRAMES - 1));
  document.getElementById("prev").addEventListener("click", () => seek(current() - 1));
  document.getElementById("next").addEventListener("click", () => seek(current() + 1));
  slider.addEventListener("input", () => seek(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target === slider && event.key !== " ") return;
    const actions = {
      " ": () => (playing ? pause() : start()),
      ArrowLeft: () => seek(current() - 1),
      ArrowRight: () => seek(current() + 1),
      Home: () => seek(0),
      End: () => seek(FRAMES - 1),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  });
})();
"#;

/// Appends a fraction of the loop (0 to 1) with six decimals at most: key times need more
/// precision than coordinates in long animations.
fn push_fraction(out: &mut String, fraction: f64) {
    let millionths = (fraction.clamp(0.0, 1.0) * 1e6).round() as u64;
    svg::push_uint(out, millionths / 1_000_000);
    let mut rest = millionths % 1_000_000;
    if rest != 0 {
        out.push('.');
        let mut digits = 6;
        while rest % 10 == 0 {
            rest /= 10;
            digits -= 1;
        }
        let text = rest.to_string();
        for _ in text.len()..digits {
            out.push('0');
        }
        out.push_str(&text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions() {
        let cases = [
            (0.0, "0"),
            (1.0, "1"),
            (0.5, "0.5"),
            (0.000123, "0.000123"),
            (1.0 / 3.0, "0.333333"),
            (2.0, "1"),
        ];
        for (value, text) in cases {
            let mut out = String::new();
            push_fraction(&mut out, value);
            assert_eq!(out, text);
        }
    }

    #[test]
    fn sprites_hold_their_place_until_the_frame_before_a_move() {
        let mut sprite = Sprite::new(vec!["<path/>".into()]);
        let at = |x: f64| Some(Place::new(Point::new(x, 0.0), 0));
        sprite.set(0, at(1.0));
        sprite.set(1, at(1.0));
        sprite.set(5, at(2.0));
        let frames: Vec<usize> = sprite.keys.iter().map(|k| k.frame).collect();
        assert_eq!(frames, [0, 4, 5]);
        assert_eq!(sprite.place_at(3), at(1.0));
        assert_eq!(sprite.place_at(9), at(2.0));
        sprite.set(6, None);
        assert_eq!(sprite.place_at(6), None);
    }
}
