//! Writing SVG text: numbers with two decimals at most (so the output is the same on
//! every machine), and the few element shapes the pictures use.

use crate::color::Rgb;

/// Appends `value` rounded to hundredths (halves away from zero), without trailing zeros
/// (`12`, `12.5`, `-0.25`). Rounding first makes the text independent of float
/// formatting details, and the integer path is several times faster than `{:.2}`.
pub(crate) fn push_num(out: &mut String, value: f64) {
    let scaled = value * 100.0;
    // Casts saturate and truncate toward zero; NaN becomes 0.
    let hundredths = if scaled >= 0.0 {
        (scaled + 0.5) as i64
    } else {
        -((0.5 - scaled) as i64)
    };
    let mut buffer = [0u8; 24];
    let mut end = buffer.len();
    let magnitude = hundredths.unsigned_abs();
    let fraction = magnitude % 100;
    if fraction != 0 {
        if fraction % 10 != 0 {
            end -= 1;
            buffer[end] = b'0' + (fraction % 10) as u8;
        }
        end -= 1;
        buffer[end] = b'0' + (fraction / 10) as u8;
        end -= 1;
        buffer[end] = b'.';
    }
    let start = write_digits(&mut buffer[..end], magnitude / 100);
    let start = if hundredths < 0 {
        buffer[start - 1] = b'-';
        start - 1
    } else {
        start
    };
    out.push_str(std::str::from_utf8(&buffer[start..]).unwrap_or("0"));
}

/// Writes `value`'s digits at the end of `buffer` (which has room for them and a sign)
/// and returns where they start.
fn write_digits(buffer: &mut [u8], mut value: u64) -> usize {
    let mut start = buffer.len();
    loop {
        start -= 1;
        buffer[start] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            return start;
        }
    }
}

/// Appends an unsigned integer.
pub(crate) fn push_uint(out: &mut String, value: u64) {
    let mut buffer = [0u8; 20];
    let start = write_digits(&mut buffer, value);
    out.push_str(std::str::from_utf8(&buffer[start..]).unwrap_or("0"));
}

/// The number as text (see [`push_num`]).
pub(crate) fn num(value: f64) -> String {
    let mut out = String::new();
    push_num(&mut out, value);
    out
}

/// Appends `name="value"` with a leading space.
pub(crate) fn attr_num(out: &mut String, name: &str, value: f64) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    push_num(out, value);
    out.push('"');
}

/// Appends `name="#rrggbb"` with a leading space.
pub(crate) fn attr_color(out: &mut String, name: &str, color: Rgb) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    out.push_str(&color.to_string());
    out.push('"');
}

/// Appends the `<svg>` start tag of a `width × height` picture.
pub(crate) fn open(out: &mut String, width: f64, height: f64) {
    out.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\"");
    attr_num(out, "width", width);
    attr_num(out, "height", height);
    out.push_str(" viewBox=\"0 0 ");
    push_num(out, width);
    out.push(' ');
    push_num(out, height);
    out.push_str("\">\n");
}

/// Appends a `<rect>` filling the whole canvas.
pub(crate) fn background(out: &mut String, width: f64, height: f64, color: Rgb) {
    out.push_str("<rect");
    attr_num(out, "width", width);
    attr_num(out, "height", height);
    attr_color(out, "fill", color);
    out.push_str("/>\n");
}

/// Appends `<use href="#id" x=".." y=".."/>`.
pub(crate) fn use_at(out: &mut String, id: &str, x: f64, y: f64) {
    out.push_str("<use href=\"#");
    out.push_str(id);
    out.push('"');
    attr_num(out, "x", x);
    attr_num(out, "y", y);
    out.push_str("/>\n");
}

/// Path data of a closed polygon.
pub(crate) fn polygon_path(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (index, &(x, y)) in points.iter().enumerate() {
        d.push(if index == 0 { 'M' } else { 'L' });
        push_num(&mut d, x);
        d.push(' ');
        push_num(&mut d, y);
    }
    d.push('Z');
    d
}

/// Path data of a rectangle with rounded corners.
pub(crate) fn rounded_rect_path(x: f64, y: f64, width: f64, height: f64, radius: f64) -> String {
    let r = radius.min(width / 2.0).min(height / 2.0).max(0.0);
    let mut d = String::new();
    let mut point = |command: &str, px: f64, py: f64| {
        d.push_str(command);
        push_num(&mut d, px);
        d.push(' ');
        push_num(&mut d, py);
    };
    point("M", x + r, y);
    point("L", x + width - r, y);
    point("Q", x + width, y);
    point(" ", x + width, y + r);
    point("L", x + width, y + height - r);
    point("Q", x + width, y + height);
    point(" ", x + width - r, y + height);
    point("L", x + r, y + height);
    point("Q", x, y + height);
    point(" ", x, y + height - r);
    point("L", x, y + r);
    point("Q", x, y);
    point(" ", x + r, y);
    d.push('Z');
    d
}

/// Path data of a circle around (`x`, `y`): two half arcs.
pub(crate) fn circle_path(x: f64, y: f64, radius: f64) -> String {
    let mut d = String::new();
    d.push('M');
    push_num(&mut d, x - radius);
    d.push(' ');
    push_num(&mut d, y);
    for sign in [2.0, -2.0] {
        d.push('a');
        push_num(&mut d, radius);
        d.push(' ');
        push_num(&mut d, radius);
        d.push_str(" 0 1 0 ");
        push_num(&mut d, sign * radius);
        d.push_str(" 0");
    }
    d.push('Z');
    d
}

/// Escapes `&`, `<`, `>` and `"` for XML text and attributes.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_two_decimals_at_most() {
        let cases = [
            (0.0, "0"),
            (-0.001, "0"),
            (12.0, "12"),
            (12.5, "12.5"),
            (12.345, "12.35"),
            (-0.25, "-0.25"),
            (1.0 / 3.0, "0.33"),
            (1e6, "1000000"),
            (f64::NAN, "0"),
            (0.05, "0.05"),
        ];
        for (value, text) in cases {
            assert_eq!(num(value), text, "{value}");
        }
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
