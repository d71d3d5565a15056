//! The player's HTTP interface, through a real socket: security, play, help, saving.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::{Value, json};
use sokoengine_io::{Collection, VariantHint};
use sokoengine_play::{PlayOptions, Player};

/// A player serving a copy of a fixture in a folder of its own; stopped when dropped.
struct Server {
    port: u16,
    token: String,
    dir: PathBuf,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    fn start(fixture: &str, name: &str) -> Server {
        let dir = std::env::temp_dir().join(format!(
            "sokoengine-play-api-{}-{}",
            name,
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(Path::new(fixture).file_name().unwrap());
        std::fs::copy(sokoengine_testkit::fixture(fixture), &file).unwrap();
        let player = Player::bind(PlayOptions::new(&file)).unwrap();
        let url = player.url().to_owned();
        let rest = url
            .strip_prefix("http://127.0.0.1:")
            .expect("listens on 127.0.0.1");
        let (port, token) = rest.split_once("/?token=").unwrap();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            player
                .run_until(async {
                    let _ = stopped.await;
                })
                .unwrap();
        });
        Server {
            port: port.parse().unwrap(),
            token: token.to_owned(),
            dir,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Sends a request with the given extra headers; the status and the body.
    fn raw(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let response = String::from_utf8_lossy(&response).into_owned();
        let status = response[9..12].parse().unwrap();
        let body = response
            .split_once("\r\n\r\n")
            .map(|(_, body)| body.to_owned())
            .unwrap_or_default();
        (status, body)
    }

    fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// A request as the page sends it.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, String) {
        let host = self.host();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut headers = vec![
            ("Host", host.as_str()),
            ("X-Play-Token", self.token.as_str()),
        ];
        if method == "POST" {
            headers.push(("Content-Type", "application/json"));
        }
        self.raw(method, path, &headers, &body)
    }

    fn post(&self, path: &str, body: Value) -> Value {
        let (status, body) = self.call("POST", path, Some(body));
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    fn get(&self, path: &str) -> Value {
        let (status, body) = self.call("GET", path, None);
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    fn key(&self, key: &str) -> Value {
        self.post("/api/step", json!({ "key": key }))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn counters(view: &Value) -> (u64, u64) {
    (
        view["moves"].as_u64().unwrap(),
        view["pushes"].as_u64().unwrap(),
    )
}

#[test]
fn every_request_needs_the_token_the_host_and_the_page_as_origin() {
    let server = Server::start("play/tessellations.sok", "security");
    let host = server.host();
    let token = server.token.clone();
    let page = format!("/?token={token}");
    // The page itself, and nothing without the token.
    let (status, body) = server.raw("GET", &page, &[("Host", &host)], "");
    assert_eq!(status, 200);
    assert!(body.contains("data-testid=\"level-list\""));
    assert_eq!(server.raw("GET", "/", &[("Host", &host)], "").0, 403);
    assert_eq!(
        server.raw("GET", "/?token=00", &[("Host", &host)], "").0,
        403
    );
    assert_eq!(server.raw("GET", "/play.js", &[("Host", &host)], "").0, 403);
    assert_eq!(
        server
            .raw(
                "GET",
                "/api/state",
                &[("Host", &host), ("X-Play-Token", "x")],
                ""
            )
            .0,
        403
    );
    // Another name for the server (a rebinding attack) or another site's page.
    assert_eq!(
        server
            .raw("GET", &page, &[("Host", "evil.example:80")], "")
            .0,
        403
    );
    assert_eq!(server.raw("GET", &page, &[], "").0, 403);
    let evil = [
        ("Host", host.as_str()),
        ("X-Play-Token", token.as_str()),
        ("Origin", "http://evil.example"),
    ];
    assert_eq!(server.raw("POST", "/api/undo", &evil, "").0, 403);
    let cross = [
        ("Host", host.as_str()),
        ("X-Play-Token", token.as_str()),
        ("Sec-Fetch-Site", "cross-site"),
    ];
    assert_eq!(server.raw("GET", "/api/state", &cross, "").0, 403);
    let localhost = format!("localhost:{}", server.port);
    let own = format!("http://localhost:{}", server.port);
    let fine = [
        ("Host", localhost.as_str()),
        ("X-Play-Token", token.as_str()),
        ("Origin", own.as_str()),
        ("Sec-Fetch-Site", "same-origin"),
    ];
    assert_eq!(server.raw("GET", "/api/state", &fine, "").0, 200);
    // Bounded bodies.
    let big = format!("{{\"key\": \"{}\"}}", "x".repeat(100_000));
    let json = [
        ("Host", host.as_str()),
        ("X-Play-Token", token.as_str()),
        ("Content-Type", "application/json"),
    ];
    assert_eq!(server.raw("POST", "/api/step", &json, &big).0, 413);
    assert_eq!(
        server
            .raw("POST", "/api/step", &json, "{\"key\": \"north\"}")
            .0,
        400
    );
    // The page can't load anything from elsewhere.
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    write!(
        stream,
        "GET {page} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let lower = response.to_ascii_lowercase();
    assert!(
        lower.contains("content-security-policy: default-src 'none'"),
        "{response}"
    );
    assert!(lower.contains("referrer-policy: no-referrer"));
}

#[test]
fn keys_undo_redo_and_the_metrics_of_a_solution() {
    let server = Server::start("play/tessellations.sok", "keys");
    let levels = server.get("/api/levels");
    assert_eq!(levels["levels"].as_array().unwrap().len(), 4);
    let state = server.get("/api/state");
    assert_eq!(state["board"]["tessellation"], "sokoban");
    assert!(state["board"]["svg"].as_str().unwrap().starts_with("<svg"));
    assert_eq!(state["board"]["pieces"].as_array().unwrap().len(), 3);
    // A push: the pusher's old and new cells and the box's two cells change.
    let view = server.key("right");
    assert_eq!(counters(&view), (1, 1));
    assert_eq!(view["changes"].as_array().unwrap().len(), 3);
    assert_eq!(
        view["base"].as_u64().unwrap() + 1,
        view["version"].as_u64().unwrap()
    );
    assert!(view["boxes_moved"].as_bool().unwrap());
    // A wall: nothing changes, and the message says why.
    let view = server.key("up");
    assert_eq!(counters(&view), (1, 1));
    assert!(view["changes"].as_array().unwrap().is_empty());
    assert!(!view["message"].as_str().unwrap().is_empty());
    // Squares have no diagonal keys.
    assert_eq!(
        server.key("up-left")["message"],
        "no step that way from here"
    );
    for key in ["down", "left", "down", "right"] {
        server.key(key);
    }
    let view = server.key("right");
    assert_eq!(counters(&view), (6, 3));
    assert_eq!(view["status"], "solved");
    assert_eq!(view["metrics"]["moves"], 6);
    assert_eq!(view["metrics"]["box_lines"], 2);
    assert_eq!(view["metrics"]["player_lines"], 5);
    let view = server.post("/api/undo", json!({}));
    assert_eq!(
        (counters(&view), &view["status"]),
        ((5, 2), &json!("playing"))
    );
    assert!(view["metrics"].is_null());
    server.post("/api/restart", json!({}));
    let view = server.post("/api/redo", json!({"all": true}));
    assert_eq!(
        (counters(&view), &view["status"]),
        ((6, 3), &json!("solved"))
    );
}

#[test]
fn every_tessellation_plays_by_its_keys_and_by_clicks() {
    let server = Server::start("play/tessellations.sok", "tessellations");
    for (level, tessellation) in [
        (1, "sokoban"),
        (2, "hexoban"),
        (3, "trioban"),
        (4, "octoban"),
    ] {
        let state = server.post("/api/level", json!({ "level": level }));
        let board = &state["board"];
        assert_eq!(board["tessellation"], tessellation);
        assert_eq!(state["level"], level);
        // The first box is pushed onto its goal with the right arrow.
        assert_eq!(counters(&server.key("right")), (1, 1), "{tessellation}");
        // A click on the second box, then on its goal: the fewest pushes take it there.
        let box_position = 3 * 7 + 2;
        let goal = 3 * 7 + 4;
        let point = |position: usize| center_of(&server, position);
        let (x, y) = point(box_position);
        let view = server.post("/api/click", json!({ "x": x, "y": y }));
        assert!(view["selected"].is_object(), "{tessellation}: {view}");
        let (x, y) = point(goal);
        let view = server.post("/api/click", json!({ "x": x, "y": y }));
        assert_eq!(view["status"], "solved", "{tessellation}: {view}");
        assert!(view["selected"].is_null());
        assert_eq!(view["pushes"], 3, "{tessellation}");
        // The whole path is one action: one undo takes it back.
        let view = server.post("/api/undo", json!({}));
        assert_eq!(view["pushes"], 1, "{tessellation}");
        // A click on free floor walks there.
        let (x, y) = point(2 * 7 + 5);
        let view = server.post("/api/click", json!({ "x": x, "y": y }));
        assert_eq!(view["pushes"], 1, "{tessellation}");
        assert!(view["moves"].as_u64().unwrap() > 1, "{tessellation}");
    }
}

/// The centre of `position` in the picture, from the piece elements the server sends:
/// each level's board puts the same cells at the same place for a given tessellation,
/// so it is read from the tiling through a piece drawn there... which is only known
/// for pieces. It is computed here from the render crate's tiling instead.
fn center_of(server: &Server, position: usize) -> (f64, f64) {
    let state = server.get("/api/state");
    let tessellation: sokoengine_geometry::Tessellation = state["board"]["tessellation"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let picture = sokoengine_render::BoardPicture::new(
        tessellation,
        7,
        5,
        &sokoengine_render::Options::new(),
    )
    .unwrap();
    let center = picture.center(position).unwrap();
    (center.x, center.y)
}

#[test]
fn reverse_mode_pulls() {
    let server = Server::start("play/tessellations.sok", "reverse");
    let view = server.post("/api/mode", json!({ "reverse": true }));
    assert_eq!(view["reverse"], true);
    assert!(view["board"].is_object());
    // The boxes start on the goals (10 and 25): walk right of the first one, then
    // pull it right.
    let (x, y) = center_of(&server, 11);
    server.post("/api/click", json!({ "x": x, "y": y }));
    let view = server.key("right");
    assert_eq!(counters(&view).1, 1);
    let view = server.post("/api/undo", json!({}));
    assert_eq!(counters(&view).1, 0);
}

#[test]
fn help_from_the_solver() {
    let server = Server::start("play/tessellations.sok", "help");
    // A hint is the walk and the next push.
    let view = server.post("/api/hint", json!({}));
    assert_eq!(view["pushes"], 1, "{view}");
    assert!(view["message"].as_str().unwrap().starts_with("hint"));
    // Solve from here: the solution becomes the redo steps.
    let view = server.post("/api/solve", json!({}));
    assert_eq!(view["can_redo"], true, "{view}");
    let view = server.post("/api/redo", json!({"all": true}));
    assert_eq!(view["status"], "solved");
    // Optimize the solution played.
    let view = server.post("/api/optimize", json!({"metric": "moves"}));
    assert_eq!(view["status"], "solved", "{view}");
    assert!(
        view["message"].as_str().unwrap().starts_with("optimized"),
        "{view}"
    );
    assert!(view["moves"].as_u64().unwrap() <= 6);
    // A push into a corner is dead.
    server.post("/api/restart", json!({}));
    for key in ["down", "right", "right", "down"] {
        server.key(key);
    }
    let view = server.key("left");
    assert_eq!(counters(&view).1, 1);
    let verdict = server.post("/api/dead", json!({ "version": view["version"] }));
    assert!(verdict["dead"].is_string(), "{verdict}");
    // A stale version is told, not answered.
    let verdict = server.post("/api/dead", json!({ "version": 0 }));
    assert_eq!(verdict["stale"], true);
    // Nothing to cancel.
    assert_eq!(server.post("/api/cancel", json!({}))["cancelled"], false);
}

#[test]
fn snapshots_play_back_in_the_html_player() {
    let server = Server::start("cli/collection.sok", "playback");
    let state = server.get("/api/state");
    let snapshots = state["board"]["snapshots"].as_array().unwrap();
    assert_eq!(snapshots.len(), 4);
    assert_eq!(snapshots[0]["solution"], true);
    let path = format!("/playback?level=1&snapshot=1&token={}", server.token);
    let (status, page) = server.call("GET", &path, None);
    assert_eq!(status, 200);
    assert!(page.contains("id=\"slider\"") && page.contains("<button id=\"play\""));
    assert_eq!(
        server
            .call(
                "GET",
                &format!("/playback?level=1&snapshot=9&token={}", server.token),
                None
            )
            .0,
        404
    );
    // A saved game continues where it stopped.
    let view = server.post("/api/load", json!({ "snapshot": 2 }));
    assert_eq!(counters(&view), (3, 2));
    assert_eq!(
        server
            .call("POST", "/api/level", Some(json!({"level": 9})))
            .0,
        404
    );
}

#[test]
fn saves_go_into_the_file_and_read_back() {
    let server = Server::start("play/tessellations.sok", "save-sok");
    let before = std::fs::read_to_string(server.file("tessellations.sok")).unwrap();
    for key in ["right", "down", "left", "down", "right", "right"] {
        server.key(key);
    }
    let view = server.post("/api/save", json!({}));
    assert!(
        view["message"].as_str().unwrap().starts_with("saved"),
        "{view}"
    );
    let levels = server.get("/api/levels");
    assert_eq!(levels["levels"][0]["solved"], true);
    assert_eq!(levels["levels"][0]["best"], json!([6, 3]));
    let after = Collection::load(server.file("tessellations.sok"), VariantHint::None).unwrap();
    let mut expected = Collection::parse(&before, VariantHint::None).unwrap();
    let saved = after.puzzles[0].snapshots()[0].clone();
    assert_eq!(saved.moves().unwrap().to_str(false), "RdldRR");
    expected.puzzles[0].push_snapshot(saved);
    assert_eq!(after, expected);

    // A plain level file gets a .sok beside it, and stays as it was.
    let plain = Server::start("play/hexagons.hsb", "save-plain");
    let text = std::fs::read_to_string(plain.file("hexagons.hsb")).unwrap();
    plain.key("right");
    plain.key("right");
    plain.post("/api/undo", json!({}));
    let view = plain.post("/api/save", json!({}));
    assert!(
        view["message"].as_str().unwrap().starts_with("saved"),
        "{view}"
    );
    assert_eq!(
        std::fs::read_to_string(plain.file("hexagons.hsb")).unwrap(),
        text
    );
    let saved = Collection::load(plain.file("hexagons.sok"), VariantHint::None).unwrap();
    let entry = &saved.puzzles[0];
    assert_eq!(
        (entry.title.as_str(), entry.tessellation()),
        ("Hexagons", sokoengine_geometry::Tessellation::Hexoban)
    );
    // An unfinished game keeps its undone step after the mark of the position reached.
    let snapshot = &entry.snapshots()[0];
    assert_eq!(snapshot.moves().unwrap().to_str(false), "R*R");
    assert!(snapshot.title.starts_with("Saved game 1/1"));
    // Continued, it stands where it was saved.
    let view = plain.post("/api/load", json!({"snapshot": 1}));
    assert_eq!((counters(&view), &view["can_redo"]), ((1, 1), &json!(true)));
}

/// Opens the page's WebSocket with the given headers; the stream after the handshake,
/// or the refusal's status.
fn open_socket(server: &Server, headers: &[(&str, &str)]) -> Result<TcpStream, u16> {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut request = format!(
        "GET /api/socket?token={} HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
        server.token
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    // The answer's head, byte by byte up to the blank line (frames follow it).
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap() == 1 {
        head.push(byte[0]);
    }
    let status: u16 = String::from_utf8_lossy(&head[9..12]).parse().unwrap();
    if status == 101 {
        Ok(stream)
    } else {
        Err(status)
    }
}

/// Sends one text message (masked, as a client must) and reads the one answer.
fn exchange(stream: &mut TcpStream, text: &str) -> Value {
    let payload = text.as_bytes();
    let mask = [0x12u8, 0x34, 0x56, 0x78];
    let mut frame = vec![0x81u8];
    if payload.len() < 126 {
        frame.push(0x80 | payload.len() as u8);
    } else {
        frame.push(0x80 | 126);
        frame.extend_from_slice(&(payload.len() as u16).to_be_bytes());
    }
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    stream.write_all(&frame).unwrap();
    let mut head = [0u8; 2];
    stream.read_exact(&mut head).unwrap();
    assert_eq!(head[0], 0x81, "one final text frame");
    let len = match head[1] & 0x7f {
        126 => {
            let mut len = [0u8; 2];
            stream.read_exact(&mut len).unwrap();
            usize::from(u16::from_be_bytes(len))
        }
        127 => {
            let mut len = [0u8; 8];
            stream.read_exact(&mut len).unwrap();
            usize::try_from(u64::from_be_bytes(len)).unwrap()
        }
        len => usize::from(len),
    };
    let mut body = vec![0u8; len];
    stream.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

#[test]
fn moves_over_the_websocket_answer_as_the_requests_do() {
    let server = Server::start("play/tessellations.sok", "socket");
    let host = server.host();
    let own = format!("http://127.0.0.1:{}", server.port);
    let mut socket = open_socket(&server, &[("Host", &host), ("Origin", &own)]).unwrap();
    let view = exchange(&mut socket, r#"{"op": "step", "key": "right"}"#);
    assert_eq!(counters(&view), (1, 1));
    assert_eq!(view["changes"].as_array().unwrap().len(), 3);
    let view = exchange(&mut socket, r#"{"op": "undo"}"#);
    assert_eq!(counters(&view), (0, 0));
    let view = exchange(&mut socket, r#"{"op": "redo", "all": true}"#);
    assert_eq!(counters(&view), (1, 1));
    // The HTTP requests see the same game.
    assert_eq!(counters(&server.get("/api/state")), (1, 1));
    assert_eq!(
        exchange(&mut socket, r#"{"op": "step", "key": "north"}"#)["error"],
        "unknown key"
    );
    assert!(exchange(&mut socket, r#"{"op": "save"}"#)["error"].is_string());
    // The upgrade passes the same guard as every request.
    let evil = [("Host", host.as_str()), ("Origin", "http://evil.example")];
    assert_eq!(open_socket(&server, &evil).unwrap_err(), 403);
    assert_eq!(
        open_socket(&server, &[("Host", "evil.example")]).unwrap_err(),
        403
    );
}
