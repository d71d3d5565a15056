//! A small stroke font: digits, lower-case letters and a few signs drawn as polylines.
//!
//! Pictures draw their labels and IDs as paths instead of `<text>`, so they look the same
//! in every browser and in the PNG rasterizer, which then needs no fonts at all.

use crate::svg::push_num;

/// Glyph coordinates: 4 units wide, digits and ascenders from `y = 0` to the baseline
/// at `y = 6`, the x-height at `y = 2`, descenders down to `y = 8`.
type Glyph = &'static [&'static [(f32, f32)]];

/// The height of a digit in glyph units.
const DIGIT_HEIGHT: f64 = 6.0;
/// The distance between two glyph origins in glyph units.
const ADVANCE: f64 = 5.2;

fn glyph(c: char) -> Glyph {
    match c {
        '0' => &[&[
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 1.0),
            (1.0, 0.0),
        ]],
        '1' => &[
            &[(0.8, 1.2), (2.2, 0.0), (2.2, 6.0)],
            &[(0.8, 6.0), (3.6, 6.0)],
        ],
        '2' => &[&[
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 2.2),
            (0.0, 6.0),
            (4.0, 6.0),
        ]],
        '3' => &[&[
            (0.0, 0.0),
            (4.0, 0.0),
            (1.8, 2.6),
            (3.0, 2.6),
            (4.0, 3.6),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
        ]],
        '4' => &[&[(3.0, 6.0), (3.0, 0.0), (0.0, 4.2), (4.0, 4.2)]],
        '5' => &[&[
            (4.0, 0.0),
            (0.3, 0.0),
            (0.0, 2.6),
            (3.0, 2.6),
            (4.0, 3.6),
            (4.0, 5.0),
            (3.0, 6.0),
            (0.0, 6.0),
        ]],
        '6' => &[&[
            (3.4, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.0, 6.0),
            (4.0, 5.0),
            (4.0, 3.6),
            (3.0, 2.6),
            (0.0, 2.6),
        ]],
        '7' => &[&[(0.0, 0.0), (4.0, 0.0), (1.5, 6.0)]],
        '8' => &[
            &[
                (1.0, 0.0),
                (3.0, 0.0),
                (4.0, 1.0),
                (4.0, 2.0),
                (3.0, 3.0),
                (1.0, 3.0),
                (0.0, 2.0),
                (0.0, 1.0),
                (1.0, 0.0),
            ],
            &[
                (1.0, 3.0),
                (0.0, 4.0),
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
                (4.0, 4.0),
                (3.0, 3.0),
            ],
        ],
        '9' => &[&[
            (4.0, 3.4),
            (1.0, 3.4),
            (0.0, 2.4),
            (0.0, 1.0),
            (1.0, 0.0),
            (3.0, 0.0),
            (4.0, 1.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (0.6, 6.0),
        ]],
        'a' => &[
            &[(0.5, 2.0), (3.0, 2.0), (4.0, 3.0), (4.0, 6.0)],
            &[
                (4.0, 4.0),
                (1.0, 4.0),
                (0.0, 4.8),
                (0.0, 5.3),
                (0.8, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
            ],
        ],
        'b' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[
                (0.0, 3.0),
                (1.0, 2.0),
                (3.0, 2.0),
                (4.0, 3.0),
                (4.0, 5.0),
                (3.0, 6.0),
                (1.0, 6.0),
                (0.0, 5.0),
            ],
        ],
        'c' => &[&[
            (4.0, 2.6),
            (3.4, 2.0),
            (1.0, 2.0),
            (0.0, 3.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.4, 6.0),
            (4.0, 5.4),
        ]],
        'd' => &[
            &[(4.0, 0.0), (4.0, 6.0)],
            &[
                (4.0, 3.0),
                (3.0, 2.0),
                (1.0, 2.0),
                (0.0, 3.0),
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
            ],
        ],
        'e' => &[&[
            (0.0, 4.0),
            (4.0, 4.0),
            (4.0, 3.0),
            (3.0, 2.0),
            (1.0, 2.0),
            (0.0, 3.0),
            (0.0, 5.0),
            (1.0, 6.0),
            (3.5, 6.0),
        ]],
        'f' => &[
            &[(3.6, 0.4), (3.0, 0.0), (2.2, 0.0), (1.2, 1.0), (1.2, 6.0)],
            &[(0.0, 2.4), (3.2, 2.4)],
        ],
        'g' => &[
            &[(4.0, 2.0), (4.0, 7.0), (3.0, 8.0), (0.8, 8.0)],
            &[
                (4.0, 3.0),
                (3.0, 2.0),
                (1.0, 2.0),
                (0.0, 3.0),
                (0.0, 4.6),
                (1.0, 5.6),
                (3.0, 5.6),
                (4.0, 4.6),
            ],
        ],
        'h' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(0.0, 3.0), (1.0, 2.0), (3.0, 2.0), (4.0, 3.0), (4.0, 6.0)],
        ],
        'i' => &[&[(2.0, 2.2), (2.0, 6.0)], &[(2.0, 0.4), (2.0, 0.6)]],
        'j' => &[
            &[(3.0, 2.2), (3.0, 7.0), (2.0, 8.0), (0.8, 8.0)],
            &[(3.0, 0.4), (3.0, 0.6)],
        ],
        'k' => &[
            &[(0.0, 0.0), (0.0, 6.0)],
            &[(3.8, 2.0), (0.0, 4.6)],
            &[(1.6, 3.5), (4.0, 6.0)],
        ],
        'l' => &[&[(1.4, 0.0), (1.4, 5.0), (2.4, 6.0), (3.2, 6.0)]],
        'm' => &[
            &[(0.0, 6.0), (0.0, 2.0)],
            &[(0.0, 2.8), (0.8, 2.0), (1.2, 2.0), (2.0, 2.8), (2.0, 6.0)],
            &[(2.0, 2.8), (2.8, 2.0), (3.2, 2.0), (4.0, 2.8), (4.0, 6.0)],
        ],
        'n' => &[
            &[(0.0, 2.0), (0.0, 6.0)],
            &[(0.0, 3.0), (1.0, 2.0), (3.0, 2.0), (4.0, 3.0), (4.0, 6.0)],
        ],
        'o' => &[&[
            (1.0, 2.0),
            (3.0, 2.0),
            (4.0, 3.0),
            (4.0, 5.0),
            (3.0, 6.0),
            (1.0, 6.0),
            (0.0, 5.0),
            (0.0, 3.0),
            (1.0, 2.0),
        ]],
        'p' => &[
            &[(0.0, 2.0), (0.0, 8.0)],
            &[
                (0.0, 3.0),
                (1.0, 2.0),
                (3.0, 2.0),
                (4.0, 3.0),
                (4.0, 5.0),
                (3.0, 6.0),
                (1.0, 6.0),
                (0.0, 5.0),
            ],
        ],
        'q' => &[
            &[(4.0, 2.0), (4.0, 8.0)],
            &[
                (4.0, 3.0),
                (3.0, 2.0),
                (1.0, 2.0),
                (0.0, 3.0),
                (0.0, 5.0),
                (1.0, 6.0),
                (3.0, 6.0),
                (4.0, 5.0),
            ],
        ],
        'r' => &[
            &[(0.0, 2.0), (0.0, 6.0)],
            &[(0.0, 4.0), (2.0, 2.0), (4.0, 2.0)],
        ],
        's' => &[&[
            (4.0, 2.6),
            (3.4, 2.0),
            (0.8, 2.0),
            (0.0, 2.8),
            (0.5, 3.7),
            (3.5, 4.3),
            (4.0, 5.2),
            (3.2, 6.0),
            (0.6, 6.0),
            (0.0, 5.4),
        ]],
        't' => &[
            &[(1.5, 0.4), (1.5, 5.0), (2.5, 6.0), (3.5, 6.0)],
            &[(0.0, 2.0), (3.5, 2.0)],
        ],
        'u' => &[
            &[(0.0, 2.0), (0.0, 5.0), (1.0, 6.0), (3.0, 6.0), (4.0, 5.0)],
            &[(4.0, 2.0), (4.0, 6.0)],
        ],
        'v' => &[&[(0.0, 2.0), (2.0, 6.0), (4.0, 2.0)]],
        'w' => &[&[(0.0, 2.0), (1.0, 6.0), (2.0, 3.5), (3.0, 6.0), (4.0, 2.0)]],
        'x' => &[&[(0.0, 2.0), (4.0, 6.0)], &[(4.0, 2.0), (0.0, 6.0)]],
        'y' => &[&[(0.0, 2.0), (2.0, 6.0)], &[(4.0, 2.0), (1.4, 8.0)]],
        'z' => &[&[(0.0, 2.0), (4.0, 2.0), (0.0, 6.0), (4.0, 6.0)]],
        '-' => &[&[(0.6, 3.6), (3.4, 3.6)]],
        '+' => &[&[(0.4, 3.6), (3.6, 3.6)], &[(2.0, 2.0), (2.0, 5.2)]],
        '/' => &[&[(0.4, 6.4), (3.6, -0.4)]],
        ':' => &[&[(2.0, 2.4), (2.0, 2.6)], &[(2.0, 5.4), (2.0, 5.6)]],
        '.' => &[&[(2.0, 5.8), (2.0, 6.0)]],
        '(' => &[&[(3.0, -0.2), (1.8, 1.2), (1.8, 4.8), (3.0, 6.2)]],
        ')' => &[&[(1.0, -0.2), (2.2, 1.2), (2.2, 4.8), (1.0, 6.2)]],
        _ => &[],
    }
}

/// The width of `text` drawn with digits `height` pixels tall.
pub(crate) fn text_width(text: &str, height: f64) -> f64 {
    let count = text.chars().count() as f64;
    if count == 0.0 {
        return 0.0;
    }
    let scale = height / DIGIT_HEIGHT;
    ((count - 1.0) * ADVANCE + 4.0) * scale
}

/// The stroke width that suits text of this height.
pub(crate) fn stroke_width(height: f64) -> f64 {
    height * 0.16
}

/// Appends path data that draws `text` centred on (`x`, `y`): digits `height` pixels
/// tall, their middle at `y`. Upper-case letters are drawn as lower-case ones; other
/// characters leave a space.
pub(crate) fn push_text(d: &mut String, text: &str, x: f64, y: f64, height: f64) {
    let scale = height / DIGIT_HEIGHT;
    let left = x - text_width(text, height) / 2.0;
    let top = y - height / 2.0;
    for (index, c) in text.chars().enumerate() {
        let origin = left + index as f64 * ADVANCE * scale;
        for line in glyph(c.to_ascii_lowercase()) {
            for (point, &(gx, gy)) in line.iter().enumerate() {
                d.push(if point == 0 { 'M' } else { 'L' });
                push_num(d, origin + f64::from(gx) * scale);
                d.push(' ');
                push_num(d, top + f64::from(gy) * scale);
            }
        }
    }
}

/// A `<path>` drawing `text` (see [`push_text`]) in `color`.
pub(crate) fn text_element(
    text: &str,
    x: f64,
    y: f64,
    height: f64,
    color: crate::color::Rgb,
) -> String {
    let mut out = String::from("<path d=\"");
    push_text(&mut out, text, x, y, height);
    out.push('"');
    stroke_attributes(&mut out, height, color);
    out.push_str("/>");
    out
}

/// ` fill="none" stroke=.. stroke-width=.. stroke-linecap="round" stroke-linejoin="round"`.
pub(crate) fn stroke_attributes(out: &mut String, height: f64, color: crate::color::Rgb) {
    out.push_str(" fill=\"none\"");
    crate::svg::attr_color(out, "stroke", color);
    crate::svg::attr_num(out, "stroke-width", stroke_width(height));
    out.push_str(" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_character_has_a_glyph() {
        for c in "0123456789abcdefghijklmnopqrstuvwxyz-+/:.()".chars() {
            assert!(!glyph(c).is_empty(), "{c}");
            for line in glyph(c) {
                assert!(line.len() >= 2, "{c}");
            }
        }
        assert!(glyph(' ').is_empty());
    }

    #[test]
    fn text_is_centred() {
        let mut d = String::new();
        push_text(&mut d, "1", 10.0, 10.0, 6.0);
        assert_eq!(d, "M8.8 8.2L10.2 7L10.2 13M8.8 13L11.6 13");
        assert_eq!(text_width("12", 6.0), 9.2);
        assert_eq!(text_width("", 6.0), 0.0);
    }
}
