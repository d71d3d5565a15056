//! The pictures in `docs/pictures` (shown in the README and docs/guide.md) are exactly
//! what `cargo run --example pictures` draws today.

#[allow(dead_code)]
#[path = "../examples/pictures.rs"]
mod pictures;

#[test]
fn committed_pictures_are_up_to_date() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pictures");
    let drawn = pictures::pictures().expect("the pictures draw");
    for (name, svg) in &drawn {
        let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| {
            panic!("docs/pictures/{name}: {e}; run `cargo run --example pictures`")
        });
        assert!(
            committed == *svg,
            "docs/pictures/{name} differs from what the example draws; run `cargo run --example pictures`"
        );
    }
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("docs/pictures")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    let mut names: Vec<String> = drawn.iter().map(|(name, _)| (*name).to_owned()).collect();
    names.sort();
    assert_eq!(
        files, names,
        "docs/pictures holds pictures the example no longer draws"
    );
}
