//! Colours, the two themes and their palettes.

use std::fmt;
use std::str::FromStr;

/// An opaque sRGB colour, written `#rrggbb` in SVG.
///
/// # Examples
///
/// ```
/// use sokoengine_render::Rgb;
///
/// let orange = Rgb::new(0xc8, 0x92, 0x3f);
/// assert_eq!(orange.to_string(), "#c8923f");
/// assert_eq!(Rgb::from_hex(0xc8923f), orange);
/// assert_eq!("#C8923F".parse::<Rgb>(), Ok(orange));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rgb {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
}

impl Rgb {
    /// The colour with these components.
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// The colour of a `0xrrggbb` number (bits above 24 are ignored).
    pub const fn from_hex(hex: u32) -> Rgb {
        Rgb::new((hex >> 16) as u8, (hex >> 8) as u8, hex as u8)
    }

    /// The straight mix of `self` and `other`: `amount` 0 gives `self`, 1 gives `other`.
    pub fn mix(self, other: Rgb, amount: f64) -> Rgb {
        let amount = amount.clamp(0.0, 1.0);
        let channel =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * amount).round() as u8;
        Rgb::new(
            channel(self.r, other.r),
            channel(self.g, other.g),
            channel(self.b, other.b),
        )
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// Text that is not a `#rrggbb` colour.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid colour {text:?}: expected #rrggbb")]
#[non_exhaustive]
pub struct ParseRgbError {
    /// The rejected text.
    pub text: String,
}

impl FromStr for Rgb {
    type Err = ParseRgbError;

    /// Parses `#rrggbb` (the `#` may be left out; hex digits in any case).
    fn from_str(text: &str) -> Result<Rgb, ParseRgbError> {
        let digits = text.strip_prefix('#').unwrap_or(text);
        if digits.len() != 6 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ParseRgbError {
                text: text.to_owned(),
            });
        }
        u32::from_str_radix(digits, 16)
            .map(Rgb::from_hex)
            .map_err(|_| ParseRgbError {
                text: text.to_owned(),
            })
    }
}

/// The two colour themes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// Dark pieces on a light, warm ground (the default).
    #[default]
    Light,
    /// Bright pieces on a dark ground.
    Dark,
}

impl Theme {
    /// Both themes.
    pub const ALL: [Theme; 2] = [Theme::Light, Theme::Dark];

    /// `light` or `dark`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The colours of this theme.
    pub const fn palette(self) -> &'static Palette {
        match self {
            Theme::Light => &Palette::LIGHT,
            Theme::Dark => &Palette::DARK,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme name other than `light` and `dark`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme {name:?}: expected light or dark")]
#[non_exhaustive]
pub struct ParseThemeError {
    /// The rejected text.
    pub name: String,
}

impl FromStr for Theme {
    type Err = ParseThemeError;

    /// Parses `light` or `dark` in any letter case.
    fn from_str(text: &str) -> Result<Theme, ParseThemeError> {
        Theme::ALL
            .into_iter()
            .find(|theme| theme.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseThemeError {
                name: text.to_owned(),
            })
    }
}

/// Every colour a picture uses. Each kind of cell has its own colour at the centre of
/// the cell, so a picture can be read back pixel by pixel (the tests do).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Palette {
    /// The canvas, and cells outside the play area.
    pub background: Rgb,
    /// Floor inside the play area.
    pub floor: Rgb,
    /// The thin lines between floor tiles.
    pub grid: Rgb,
    /// Walls.
    pub wall: Rgb,
    /// The outline of wall tiles.
    pub wall_edge: Rgb,
    /// Goal marks.
    pub goal: Rgb,
    /// Boxes off goals.
    pub box_: Rgb,
    /// Boxes on goals.
    pub box_on_goal: Rgb,
    /// Pushers off goals.
    pub pusher: Rgb,
    /// Pushers on goals.
    pub pusher_on_goal: Rgb,
    /// Outlines of pieces.
    pub edge: Rgb,
    /// Labels and other text on the background.
    pub text: Rgb,
    /// Text on pieces (Sokoban+ IDs, piece IDs, disk numbers).
    pub text_on_piece: Rgb,
    /// The four Tilewe players: blue, yellow, red, green.
    pub players: [Rgb; 4],
    /// Setting Sun shapes in [`Shape`](sokoengine_setting_sun::Shape) order: 1×1, 2×1
    /// (vertical), 1×2 (horizontal), 2×2 (the sun).
    pub shapes: [Rgb; 4],
    /// Marks on the background: the last Tilewe move, the Setting Sun goal.
    pub mark: Rgb,
}

impl Palette {
    /// The light theme.
    pub const LIGHT: Palette = Palette {
        background: Rgb::from_hex(0xf8f6f1),
        floor: Rgb::from_hex(0xe6dcc6),
        grid: Rgb::from_hex(0xcdbf9f),
        wall: Rgb::from_hex(0x5a4d41),
        wall_edge: Rgb::from_hex(0x43392f),
        goal: Rgb::from_hex(0xd94f70),
        box_: Rgb::from_hex(0xc8923f),
        box_on_goal: Rgb::from_hex(0x5c9e4a),
        pusher: Rgb::from_hex(0x2f6cc9),
        pusher_on_goal: Rgb::from_hex(0x7a54c4),
        edge: Rgb::from_hex(0x2b2520),
        text: Rgb::from_hex(0x6b6256),
        text_on_piece: Rgb::from_hex(0xffffff),
        players: [
            Rgb::from_hex(0x3b6fd6),
            Rgb::from_hex(0xf0c029),
            Rgb::from_hex(0xd9453d),
            Rgb::from_hex(0x3fa34d),
        ],
        shapes: [
            Rgb::from_hex(0x3b6fd6),
            Rgb::from_hex(0xf0c029),
            Rgb::from_hex(0x3fa34d),
            Rgb::from_hex(0xd9453d),
        ],
        mark: Rgb::from_hex(0x1d1a17),
    };

    /// The dark theme.
    pub const DARK: Palette = Palette {
        background: Rgb::from_hex(0x16181d),
        floor: Rgb::from_hex(0x2e333c),
        grid: Rgb::from_hex(0x444b57),
        wall: Rgb::from_hex(0x77828f),
        wall_edge: Rgb::from_hex(0x96a0ab),
        goal: Rgb::from_hex(0xff6b8b),
        box_: Rgb::from_hex(0xe0a84f),
        box_on_goal: Rgb::from_hex(0x6cc25e),
        pusher: Rgb::from_hex(0x5b9cf2),
        pusher_on_goal: Rgb::from_hex(0xa483f0),
        edge: Rgb::from_hex(0x0c0d10),
        text: Rgb::from_hex(0x9aa3ad),
        text_on_piece: Rgb::from_hex(0x101216),
        players: [
            Rgb::from_hex(0x5b8ef0),
            Rgb::from_hex(0xf5d04a),
            Rgb::from_hex(0xf0605a),
            Rgb::from_hex(0x5cc46a),
        ],
        shapes: [
            Rgb::from_hex(0x5b8ef0),
            Rgb::from_hex(0xf5d04a),
            Rgb::from_hex(0x5cc46a),
            Rgb::from_hex(0xf0605a),
        ],
        mark: Rgb::from_hex(0xf4f4f4),
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_and_print() {
        assert_eq!("123abc".parse::<Rgb>(), Ok(Rgb::new(0x12, 0x3a, 0xbc)));
        for bad in ["", "#12345", "#1234567", "#12345g", "+12345"] {
            assert!(bad.parse::<Rgb>().is_err(), "{bad}");
        }
        assert_eq!(Rgb::new(0, 0, 0).mix(Rgb::new(255, 255, 255), 0.5).r, 128);
        assert_eq!("DARK".parse::<Theme>(), Ok(Theme::Dark));
        assert_eq!(
            "sepia".parse::<Theme>().unwrap_err().to_string(),
            "unknown theme \"sepia\": expected light or dark"
        );
    }

    #[test]
    fn each_cell_kind_has_its_own_centre_colour() {
        for theme in Theme::ALL {
            let p = theme.palette();
            let kinds = [
                p.background,
                p.floor,
                p.wall,
                p.goal,
                p.box_,
                p.box_on_goal,
                p.pusher,
                p.pusher_on_goal,
            ];
            for (i, a) in kinds.iter().enumerate() {
                for b in &kinds[i + 1..] {
                    assert_ne!(a, b, "{theme}");
                }
            }
        }
    }
}
