//! Invariants of the neighbour rules on arbitrary boards.

use proptest::prelude::*;
use sokoengine_geometry::{Direction, Tessellation};

fn tessellation() -> impl Strategy<Value = Tessellation> {
    prop::sample::select(Tessellation::ALL.to_vec())
}

fn direction() -> impl Strategy<Value = Direction> {
    prop::sample::select(Direction::ALL.to_vec())
}

proptest! {
    /// Stepping back in the opposite direction returns to the start, in every
    /// tessellation (Trioban included: its parallel edges pair up with opposites).
    #[test]
    fn opposite_step_returns(
        tessellation in tessellation(),
        direction in direction(),
        width in 0usize..40,
        height in 0usize..40,
        position in 0usize..2000,
    ) {
        if let Some(next) = tessellation.neighbor(position, direction, width, height) {
            prop_assert!(next < width * height);
            prop_assert!(tessellation.is_legal(direction));
            prop_assert_eq!(
                tessellation.neighbor(next, direction.opposite(), width, height),
                Some(position)
            );
        }
    }

    /// Arbitrary text never names a tessellation or direction by accident, and never
    /// panics the parsers.
    #[test]
    fn name_parsers_never_panic(text in ".{0,24}") {
        if let Ok(tessellation) = text.parse::<Tessellation>() {
            prop_assert!(tessellation.name().eq_ignore_ascii_case(&text));
        }
        if let Ok(direction) = text.parse::<Direction>() {
            prop_assert!(text.to_ascii_uppercase().ends_with(direction.name()));
        }
    }

    /// Any character either converts to a legal direction and back, or fails with the
    /// reference's message.
    #[test]
    fn step_characters(tessellation in tessellation(), character in any::<char>()) {
        match tessellation.parse_step_char(character) {
            Ok((direction, push)) => {
                prop_assert!(tessellation.is_legal(direction));
                prop_assert_eq!(tessellation.step_char(direction, push), Ok(character));
            }
            Err(error) => prop_assert_eq!(
                error.to_string(),
                format!("Illegal PusherStep character '{character}' in {tessellation}Tessellation!")
            ),
        }
    }
}
