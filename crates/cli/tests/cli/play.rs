//! `play`: the address comes first on standard output; files and levels are checked
//! before anything listens.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use crate::{fixtures, run};

#[test]
fn the_first_line_is_the_address_and_the_page_answers_there() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sokoengine"))
        .args(["play", "collection.sok", "--level", "2", "--no-browser"])
        .current_dir(fixtures())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut line)
        .expect("a line");
    let url = line.trim().to_owned();
    let rest = url
        .strip_prefix("http://127.0.0.1:")
        .unwrap_or_else(|| panic!("{url}"));
    let (port, token) = rest.split_once("/?token=").expect("a token");
    assert_eq!(token.len(), 32);
    let mut stream = TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap())).unwrap();
    write!(
        stream,
        "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Play-Token: {token}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"level\":2"), "{response}");
}

#[test]
fn what_can_not_be_played_is_said_before_anything_listens() {
    let missing = run(&["play", "missing.sok", "--no-browser"]);
    assert!(missing.fails(1).starts_with("can't read missing.sok: "));
    let level = run(&["play", "collection.sok", "--level", "9", "--no-browser"]);
    assert_eq!(level.fails(1), "no level 9: the file holds 4");
    run(&["play", "collection.sok", "--level", "0"]).fails_usage();
    let json = run(&["play", "collection.sok", "--json"]);
    assert_eq!(
        json.fails(2),
        "play serves a page until interrupted: --json is not supported"
    );
}
