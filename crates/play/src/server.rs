//! The HTTP side: routes, the guard every request passes, and the solver's jobs.
//!
//! Security: the server listens on 127.0.0.1 only. Every request must carry the
//! random token of the URL (in the `token` query parameter or the `X-Play-Token`
//! header), name the server in its `Host` header (`127.0.0.1:PORT` or
//! `localhost:PORT`: a page of another site that resolves its own name to 127.0.0.1
//! is turned away), and come from the page itself when it has an `Origin` or a
//! `Sec-Fetch-Site` header. Request bodies are bounded; no request names a path: the
//! only files are FILE and its `.sok` sibling, fixed at the start.

use std::sync::{Arc, Mutex, MutexGuard};

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::json;
use sokoengine_metrics::MetricOrder;
use sokoengine_mover::SolvingMode;
use sokoengine_render::Point;
use sokoengine_solver::{Cancel, Objective};

use crate::game::Game;
use crate::help::{self, Found};
use crate::keys::Key;
use crate::session::{Session, View};

/// The largest request body taken: every request of the page is a few dozen bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// The page and its script and styles, built into the binary.
const PAGE: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/play.js");
const STYLES: &str = include_str!("../assets/play.css");

/// What the page's own resources may load: nothing from elsewhere.
const PAGE_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; frame-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";
/// The HTML player of a snapshot: the render crate's self-contained page, whose
/// script and styles are inline; shown in a frame of the page.
const PLAYBACK_POLICY: &str = "default-src 'none'; script-src 'unsafe-inline'; \
     style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'self'";

/// The server's shared state.
#[derive(Debug)]
pub struct App {
    token: String,
    port: u16,
    session: Mutex<Session>,
    /// The running solver job, if any.
    job: Mutex<Option<Cancel>>,
}

impl App {
    /// The state of a server on `port` with `token`.
    pub fn new(session: Session, token: String, port: u16) -> App {
        App {
            token,
            port,
            session: Mutex::new(session),
            job: Mutex::new(None),
        }
    }

    fn session(&self) -> MutexGuard<'_, Session> {
        // A panic while holding the lock leaves a session that is still whole: every
        // change is made by one call that either completes or changes nothing.
        self.session
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The routes, behind the guard.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/play.js", get(script))
        .route("/play.css", get(styles))
        .route("/playback", get(playback))
        .route("/api/levels", get(levels))
        .route("/api/state", get(state))
        .route("/api/level", post(level))
        .route("/api/step", post(step))
        .route("/api/click", post(click))
        .route("/api/undo", post(undo))
        .route("/api/redo", post(redo))
        .route("/api/restart", post(restart))
        .route("/api/mode", post(mode))
        .route("/api/load", post(load))
        .route("/api/dead", post(dead))
        .route("/api/hint", post(hint))
        .route("/api/solve", post(solve))
        .route("/api/optimize", post(optimize))
        .route("/api/cancel", post(cancel))
        .route("/api/save", post(save))
        .route("/api/socket", get(socket))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app)
}

/// Turns away every request that does not carry the token, name this server or come
/// from its page; adds the headers that keep the page to itself.
async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    if let Err(why) = check(&app, request.headers(), request.uri().query()) {
        return (StatusCode::FORBIDDEN, why).into_response();
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(PAGE_POLICY),
        );
    }
    response
}

/// Why a request is turned away, if it is.
fn check(app: &App, headers: &HeaderMap, query: Option<&str>) -> Result<(), &'static str> {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default();
    let port = app.port.to_string();
    let ours = |authority: &str| {
        ["127.0.0.1", "localhost"].iter().any(|name| {
            authority
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(':'))
                == Some(port.as_str())
        })
    };
    if !ours(host) {
        return Err("wrong Host");
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or_default();
        if !origin.strip_prefix("http://").is_some_and(ours) {
            return Err("wrong Origin");
        }
    }
    if let Some(site) = headers.get("sec-fetch-site") {
        if !matches!(site.as_bytes(), b"same-origin" | b"none") {
            return Err("cross-site request");
        }
    }
    let from_header = headers.get("x-play-token").and_then(|t| t.to_str().ok());
    let from_query = query.and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("token=")));
    let token = from_header.or(from_query).unwrap_or_default();
    if !same_secret(token.as_bytes(), app.token.as_bytes()) {
        return Err("missing or wrong token");
    }
    Ok(())
}

/// Compares two secrets in time that does not depend on where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn with_type(content_type: &'static str, body: String) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

async fn page(State(app): State<Arc<App>>) -> Response {
    with_type(
        "text/html; charset=utf-8",
        PAGE.replace("{{TOKEN}}", &app.token),
    )
}

async fn script() -> Response {
    with_type("text/javascript; charset=utf-8", SCRIPT.to_owned())
}

async fn styles() -> Response {
    with_type("text/css; charset=utf-8", STYLES.to_owned())
}

/// The query of the HTML player.
#[derive(Debug, Deserialize)]
struct PlaybackQuery {
    level: usize,
    snapshot: usize,
}

async fn playback(State(app): State<Arc<App>>, Query(query): Query<PlaybackQuery>) -> Response {
    let page = app
        .session()
        .playback(query.level.wrapping_sub(1), query.snapshot);
    match page {
        Ok(page) => {
            let mut response = with_type("text/html; charset=utf-8", page);
            response.headers_mut().insert(
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static(PLAYBACK_POLICY),
            );
            response
        }
        Err(message) => (StatusCode::NOT_FOUND, message).into_response(),
    }
}

fn view(view: View) -> Response {
    axum::Json(view).into_response()
}

async fn levels(State(app): State<Arc<App>>) -> Response {
    axum::Json(app.session().levels()).into_response()
}

async fn state(State(app): State<Arc<App>>) -> Response {
    view(app.session().full_view(String::new()))
}

#[derive(Debug, Deserialize)]
struct LevelRequest {
    level: usize,
}

async fn level(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<LevelRequest>,
) -> Response {
    match app.session().switch(request.level.wrapping_sub(1)) {
        Ok(v) => view(v),
        Err(message) => (StatusCode::NOT_FOUND, message).into_response(),
    }
}

/// The moves of the page: what a key press, a click, undo, redo or restart asks for.
/// They come as HTTP requests or, faster, as messages on the page's WebSocket.
#[derive(Debug, Deserialize)]
#[serde(tag = "op", rename_all = "lowercase")]
enum Play {
    Step {
        key: String,
        #[serde(default = "pull_by_default")]
        pull: bool,
    },
    Click {
        x: f64,
        y: f64,
    },
    Undo,
    Redo {
        #[serde(default)]
        all: bool,
    },
    Restart,
}

const fn pull_by_default() -> bool {
    true
}

/// Plays `request` on the level on screen; `None` for a key that does not exist.
fn play(app: &App, request: Play) -> Option<View> {
    let mut session = app.session();
    Some(match request {
        Play::Step { key, pull } => {
            let key = Key::from_name(&key)?;
            session.act(|level| {
                level
                    .game_mut()
                    .step(key, pull)
                    .map(|()| String::new())
                    .map_err(|e| e.to_string())
            })
        }
        Play::Click { x, y } => session.click(Point::new(x, y)),
        Play::Undo => session.act(|level| {
            level
                .game_mut()
                .undo()
                .map(|()| String::new())
                .map_err(|e| e.to_string())
        }),
        Play::Redo { all } => session.act(|level| {
            let game = level.game_mut();
            game.redo().map_err(|e| e.to_string())?;
            while all && game.can_redo() {
                game.redo().map_err(|e| e.to_string())?;
            }
            Ok(String::new())
        }),
        Play::Restart => session.act(|level| {
            level
                .game_mut()
                .restart()
                .map(|()| String::new())
                .map_err(|e| e.to_string())
        }),
    })
}

fn play_response(app: &App, request: Play) -> Response {
    match play(app, request) {
        Some(v) => view(v),
        None => (StatusCode::BAD_REQUEST, "unknown key").into_response(),
    }
}

#[derive(Debug, Deserialize)]
struct StepRequest {
    key: String,
    #[serde(default = "pull_by_default")]
    pull: bool,
}

async fn step(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<StepRequest>,
) -> Response {
    play_response(
        &app,
        Play::Step {
            key: request.key,
            pull: request.pull,
        },
    )
}

#[derive(Debug, Deserialize)]
struct ClickRequest {
    x: f64,
    y: f64,
}

async fn click(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<ClickRequest>,
) -> Response {
    play_response(
        &app,
        Play::Click {
            x: request.x,
            y: request.y,
        },
    )
}

async fn undo(State(app): State<Arc<App>>) -> Response {
    play_response(&app, Play::Undo)
}

#[derive(Debug, Default, Deserialize)]
struct RedoRequest {
    #[serde(default)]
    all: bool,
}

async fn redo(State(app): State<Arc<App>>, body: Option<axum::Json<RedoRequest>>) -> Response {
    let all = body.is_some_and(|b| b.all);
    play_response(&app, Play::Redo { all })
}

async fn restart(State(app): State<Arc<App>>) -> Response {
    play_response(&app, Play::Restart)
}

/// The page's WebSocket: each text message is one [`Play`] request (`{"op": "step",
/// "key": "left"}`), answered by its view, in order. A move so costs one message
/// each way on an open connection rather than an HTTP request. The guard checked the
/// upgrade request like any other (token, Host, Origin).
async fn socket(State(app): State<Arc<App>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        .on_upgrade(move |socket| serve_socket(app, socket))
}

async fn serve_socket(app: Arc<App>, mut socket: WebSocket) {
    while let Some(Ok(message)) = socket.recv().await {
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => break,
            _ => continue,
        };
        let reply = match serde_json::from_str::<Play>(text.as_str()) {
            Ok(request) => match play(&app, request) {
                Some(view) => serde_json::to_string(&view).unwrap_or_default(),
                None => json!({"error": "unknown key"}).to_string(),
            },
            Err(error) => json!({"error": error.to_string()}).to_string(),
        };
        if socket.send(Message::Text(reply.into())).await.is_err() {
            break;
        }
    }
}

#[derive(Debug, Deserialize)]
struct ModeRequest {
    reverse: bool,
}

async fn mode(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<ModeRequest>,
) -> Response {
    let mode = if request.reverse {
        SolvingMode::Reverse
    } else {
        SolvingMode::Forward
    };
    view(app.session().set_mode(mode))
}

#[derive(Debug, Deserialize)]
struct LoadRequest {
    snapshot: usize,
}

async fn load(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<LoadRequest>,
) -> Response {
    view(app.session().load(request.snapshot))
}

#[derive(Debug, Deserialize)]
struct DeadRequest {
    version: u64,
}

/// Whether the position of `version` is provably dead.
async fn dead(
    State(app): State<Arc<App>>,
    axum::Json(request): axum::Json<DeadRequest>,
) -> Response {
    let position = {
        let mut session = app.session();
        if session.version() != request.version {
            return axum::Json(json!({"version": request.version, "dead": null, "stale": true}))
                .into_response();
        }
        session
            .game()
            .filter(|game| game.mode() == SolvingMode::Forward && !game.is_solved())
            .map(Game::position_puzzle)
    };
    let reason = match position {
        Some(position) => {
            tokio::task::spawn_blocking(move || help::dead(&position, &Cancel::new()))
                .await
                .ok()
                .flatten()
        }
        None => None,
    };
    axum::Json(json!({"version": request.version, "dead": reason, "stale": false})).into_response()
}

/// Runs `work` as the one solver job, cancellable with `/api/cancel`.
async fn job<T: Send + 'static>(
    app: &Arc<App>,
    work: impl FnOnce(&Cancel) -> T + Send + 'static,
) -> Result<T, Response> {
    let cancel = Cancel::new();
    {
        let mut running = app
            .job
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if running.is_some() {
            return Err(
                (StatusCode::CONFLICT, "the solver is busy: cancel it first").into_response(),
            );
        }
        *running = Some(cancel.clone());
    }
    let result = tokio::task::spawn_blocking(move || work(&cancel)).await;
    *app.job
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    result.map_err(|_| (StatusCode::INTERNAL_SERVER_ERROR, "the solver failed").into_response())
}

/// What the solver's answer says, for the player.
fn stopped_message(found: &Found, what: &str) -> String {
    match found {
        Found::Solution(..) => String::new(),
        Found::Dead => "no solution exists from here: undo some moves".to_owned(),
        Found::Stopped(reason) => format!("no {what} found ({reason})"),
        Found::Refused(why) => format!("the solver can't help here: {why}"),
    }
}

/// The position on screen as the solver's input, with the version it belongs to; why
/// the solver can't help, when it can't.
fn forward_position(app: &App) -> Result<(u64, sokoengine_board::Puzzle), &'static str> {
    let mut session = app.session();
    let version = session.version();
    match session.game() {
        Some(game) if game.mode() == SolvingMode::Reverse => {
            Err("the solver helps in forward mode only")
        }
        Some(game) if game.is_solved() => Err("solved already"),
        Some(game) => Ok((version, game.position_puzzle())),
        None => Err("this level can't be played"),
    }
}

/// The view that tells why the solver can't help.
fn no_help(app: &App, message: &str) -> Response {
    view(app.session().act(|_| Err(message.to_owned())))
}

async fn hint(State(app): State<Arc<App>>) -> Response {
    let (version, position) = match forward_position(&app) {
        Ok(found) => found,
        Err(message) => return no_help(&app, message),
    };
    let found = match job(&app, move |cancel| help::hint(&position, cancel)).await {
        Ok(found) => found,
        Err(response) => return response,
    };
    let mut session = app.session();
    let changed = session.version() != version;
    view(session.act(|level| {
        if changed {
            return Err("the position changed while the hint was searched".to_owned());
        }
        match &found {
            Found::Solution(steps, _) => {
                level
                    .game_mut()
                    .play_letters(steps)
                    .map_err(|e| e.to_string())?;
                Ok("hint: the next push towards a solution".to_owned())
            }
            other => Err(stopped_message(other, "hint")),
        }
    }))
}

async fn solve(State(app): State<Arc<App>>) -> Response {
    let (version, position) = match forward_position(&app) {
        Ok(found) => found,
        Err(message) => return no_help(&app, message),
    };
    let found = match job(&app, move |cancel| {
        help::solve_from(&position, Objective::Any, help::SOLVE_TIME, cancel)
    })
    .await
    {
        Ok(found) => found,
        Err(response) => return response,
    };
    let mut session = app.session();
    let changed = session.version() != version;
    view(session.act(|level| {
        if changed {
            return Err("the position changed while the solver searched".to_owned());
        }
        match &found {
            Found::Solution(lurd, metrics) => {
                level
                    .game_mut()
                    .set_redo_letters(lurd)
                    .map_err(|e| e.to_string())?;
                Ok(format!(
                    "a solution from here: {} moves, {} pushes; redo plays it push by push",
                    metrics.moves, metrics.pushes
                ))
            }
            other => Err(stopped_message(other, "solution")),
        }
    }))
}

#[derive(Debug, Deserialize)]
struct OptimizeRequest {
    #[serde(default)]
    metric: Option<String>,
}

async fn optimize(
    State(app): State<Arc<App>>,
    body: Option<axum::Json<OptimizeRequest>>,
) -> Response {
    let order = match body.as_ref().and_then(|b| b.metric.as_deref()) {
        None | Some("moves") => MetricOrder::Moves,
        Some("pushes") => MetricOrder::Pushes,
        Some(_) => return (StatusCode::BAD_REQUEST, "metric: moves or pushes").into_response(),
    };
    // The seeds: the game on screen when it is a forward solution, and the level's
    // saved solutions.
    let seeds = {
        let mut session = app.session();
        let current = session.current();
        let saved: Vec<String> = session
            .file()
            .collection()
            .puzzles
            .get(current)
            .and_then(|entry| {
                let puzzle = entry.puzzle().ok()?;
                let mut verifier = sokoengine_metrics::SolutionVerifier::new(&puzzle).ok()?;
                Some(
                    entry
                        .solutions(&mut verifier)
                        .filter_map(Result::ok)
                        .map(|s| s.lurd)
                        .collect(),
                )
            })
            .unwrap_or_default();
        session.game().map(|game| {
            let mut seeds = saved;
            if game.is_solved() && game.mode() == SolvingMode::Forward {
                seeds.insert(0, game.played_text());
            }
            (game.start_puzzle(), game.start_board().clone(), seeds)
        })
    };
    let Some((start, board, seeds)) = seeds else {
        return view(
            app.session()
                .full_view("this level can't be played".to_owned()),
        );
    };
    if seeds.is_empty() {
        return view(app.session().act(|_| {
            Err(
                "no solution to optimize yet: solve the level (or take the solver's) first"
                    .to_owned(),
            )
        }));
    }
    let outcome = match job(&app, move |cancel| {
        help::improve(&start, &seeds, order, cancel)
    })
    .await
    {
        Ok(outcome) => outcome,
        Err(response) => return response,
    };
    let mut session = app.session();
    let result = outcome.and_then(|optimized| {
        let mut game = Game::new(board, SolvingMode::Forward).map_err(|e| e.to_string())?;
        game.set_redo_letters(&optimized.lurd)
            .map_err(|e| e.to_string())?;
        while game.can_redo() {
            game.redo().map_err(|e| e.to_string())?;
        }
        Ok((game, optimized))
    });
    match result {
        Ok((game, optimized)) => {
            session.with_level(|level| level.set_game(game));
            let how = if optimized.optimal {
                "proven best"
            } else if optimized.improved {
                "improved"
            } else {
                "no better solution found"
            };
            view(session.full_view(format!(
                "optimized ({how}): {} from {}; save it to keep it",
                optimized.metrics, optimized.seed_metrics
            )))
        }
        Err(message) => view(session.act(|_| Err(message))),
    }
}

async fn cancel(State(app): State<Arc<App>>) -> Response {
    let running = app
        .job
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(cancel) = running.as_ref() {
        cancel.cancel();
    }
    axum::Json(json!({"cancelled": running.is_some()})).into_response()
}

async fn save(State(app): State<Arc<App>>) -> Response {
    let mut session = app.session();
    let message = match session.save() {
        Ok(message) => message,
        Err(error) => format!("not saved: {error}"),
    };
    view(session.full_view(message))
}
