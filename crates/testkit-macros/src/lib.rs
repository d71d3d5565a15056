//! `#[corpus_test]`: a `#[test]` that needs the shared conformance corpus.
//!
//! Used as `#[sokoengine_testkit_macros::corpus_test]` beside the accessors of
//! `sokoengine-testkit` (`corpus()`, `read_corpus(...)`). Whether the corpus is there is
//! decided when this crate is built (see its build script): with the corpus, or with
//! `SOKOENGINE_CORPUS` set, the attribute is plain `#[test]`; without both, it is
//! `#[test]` plus `#[ignore = "..."]` naming the reason, so `cargo test` lists the test
//! as ignored instead of reporting a silent `ok`.

#![deny(missing_docs)]

use proc_macro::TokenStream;

/// Marks a test that needs the corpus (see the crate documentation).
///
/// ```text
/// #[sokoengine_testkit_macros::corpus_test]
/// fn every_level_loads() {
///     let corpus = sokoengine_testkit::corpus();
///     assert!(corpus.join("levels").is_dir());
/// }
/// ```
#[proc_macro_attribute]
pub fn corpus_test(attribute: TokenStream, item: TokenStream) -> TokenStream {
    if !attribute.is_empty() {
        return r##"compile_error!("#[corpus_test] takes no arguments");"##
            .parse()
            .expect("valid tokens");
    }
    let mut output: TokenStream = test_attributes().parse().expect("valid attributes");
    output.extend(item);
    output
}

#[cfg(not(corpus_absent))]
fn test_attributes() -> String {
    "#[test]".to_owned()
}

#[cfg(corpus_absent)]
fn test_attributes() -> String {
    let reason = format!(
        "needs the corpus: none at {} and SOKOENGINE_CORPUS is unset",
        env!("SOKOENGINE_DEFAULT_CORPUS")
    );
    format!("#[test] #[ignore = {reason:?}]")
}
