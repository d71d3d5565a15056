//! Reads a level file and writes it back as `.sok` text on standard output.
fn main() {
    let path = std::env::args().nth(1).expect("usage: dump_sok FILE");
    let collection = sokoengine_io::Collection::load(&path, sokoengine_io::VariantHint::None)
        .expect("readable file");
    match collection.to_sok_string() {
        Ok(text) => print!("{text}"),
        Err(error) => eprintln!("{error}"),
    }
}
