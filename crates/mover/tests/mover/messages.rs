//! Every error message of the crate, snapshotted (docs/rules.md#error-messages).

use sokoengine_geometry::Direction;
use sokoengine_mover::{
    BoardManagerError, MoverError, PlusOrder, PusherStepError, SokobanPlus, SokobanPlusError,
};

#[test]
fn error_messages() {
    let manager = [
        BoardManagerError::NoPusherWithId { id: 3 },
        BoardManagerError::NoPusherOn { position: 4.into() },
        BoardManagerError::NoBoxWithId { id: 7 },
        BoardManagerError::NoBoxOn { position: 3.into() },
        BoardManagerError::NoGoalWithId { id: 0 },
        BoardManagerError::NoGoalOn { position: 9.into() },
        BoardManagerError::PusherBlocked {
            id: 2,
            position: 125.into(),
            occupant: '#',
        },
        BoardManagerError::BoxBlocked {
            id: 1,
            position: 12.into(),
            occupant: '$',
        },
        BoardManagerError::PositionOutOfRange {
            position: 4200.into(),
        },
        BoardManagerError::SwitchCounts { boxes: 2, goals: 1 },
    ];
    let mover = [
        MoverError::NotPlayable,
        MoverError::PusherOffBoard {
            pusher_id: 1,
            direction: Direction::NorthWest,
        },
        MoverError::BoxOffBoard {
            box_id: 1,
            direction: Direction::Up,
        },
        MoverError::JumpAfterPull,
        MoverError::JumpInForwardMode,
        MoverError::NoBoxBehindPusher,
    ];
    let step = [
        PusherStepError::PushAndJump,
        PusherStepError::PushAndSelection,
        PusherStepError::JumpAndSelection,
        PusherStepError::Everything,
    ];
    let plus = [
        SokobanPlusError::IllegalCharacters {
            order: PlusOrder::Box,
            token: "x".into(),
        },
        SokobanPlusError::InvalidId {
            order: PlusOrder::Goal,
            id: "-2".into(),
        },
        SokobanPlusError::TooManyIds {
            order: PlusOrder::Box,
            pieces_count: 3,
        },
        SokobanPlusError::TooManyIds {
            order: PlusOrder::Goal,
            pieces_count: 3,
        },
        SokobanPlusError::UnequalSets,
    ];
    let mut lines: Vec<String> = manager.iter().map(ToString::to_string).collect();
    lines.extend(mover.iter().map(ToString::to_string));
    lines.extend(step.iter().map(ToString::to_string));
    lines.extend(plus.iter().map(ToString::to_string));
    let mut invalid = SokobanPlus::new(2, "1 2 z", "-1 1 1 1");
    lines.push(invalid.enable().unwrap_err().to_string());
    insta::assert_snapshot!(lines.join("\n"));
}
