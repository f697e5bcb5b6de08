//! Runs each of tonic's example servers against its client, both built
//! on schemac from the files as tonic ships them (src/, as binaries, the
//! way tonic's examples crate builds them), on the loopback address and
//! port their `main`s name, and checks what the client prints: the
//! answers the server gave it.
//!
//! The examples' `main`s bind and call fixed addresses (`[::1]:50051`,
//! `[::1]:10000`) and are private to their crate roots, so each runs as
//! its own process; every process is killed when its test ends, passed or
//! failed, and every wait is bounded.

use std::io::{BufRead, BufReader};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long a server may take to listen, and a client to answer.
const PATIENCE: Duration = Duration::from_secs(60);

/// A child process, killed when dropped.
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the server binary `path` and waits until it accepts
/// connections at `address`.
fn serve(path: &str, address: &str) -> Process {
    let child = Command::new(path)
        .stdout(Stdio::null())
        .spawn()
        .unwrap_or_else(|error| panic!("{path} does not start: {error}"));
    let mut server = Process(child);
    let address: SocketAddr = address.parse().expect("an address");
    let start = Instant::now();
    while TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_err() {
        if let Ok(Some(status)) = server.0.try_wait() {
            panic!("{path} ended before it listened at {address}: {status}");
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{path} does not listen at {address}"
        );
        thread::sleep(Duration::from_millis(50));
    }
    server
}

/// Starts the client binary `path` and hands over the lines it prints
/// until `enough` says they are enough, it ends, or time runs out; the
/// lines, and whether it ended with success.
fn run_client(path: &str, enough: impl Fn(&[String]) -> bool) -> (Vec<String>, Option<bool>) {
    let child = Command::new(path)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("{path} does not start: {error}"));
    let mut client = Process(child);
    let stdout = client.0.stdout.take().expect("the client's stdout");
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if send.send(line).is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    let mut lines = Vec::new();
    while !enough(&lines) {
        let left = PATIENCE.saturating_sub(start.elapsed());
        match receive.recv_timeout(left) {
            Ok(line) => lines.push(line),
            // Its stdout closed: it ended.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                let status = client.0.wait().expect("the client's status");
                return (lines, Some(status.success()));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                panic!("{path} did not finish in time; it printed {lines:#?}")
            }
        }
    }
    (lines, None)
}

#[test]
fn helloworld_client_is_greeted_by_the_server() {
    let _server = serve(env!("CARGO_BIN_EXE_helloworld-server"), "[::1]:50051");
    let (lines, success) = run_client(env!("CARGO_BIN_EXE_helloworld-client"), |_| false);
    assert_eq!(success, Some(true), "the client failed: {lines:#?}");
    let response = lines.iter().find(|line| line.starts_with("RESPONSE="));
    let response = response.unwrap_or_else(|| panic!("no response in {lines:#?}"));
    assert!(
        response.contains(r#"message: HelloReply { message: "Hello Tonic!" }"#),
        "{response}"
    );
}

#[test]
fn routeguide_client_gets_features_a_summary_and_notes_from_the_server() {
    let _server = serve(env!("CARGO_BIN_EXE_routeguide-server"), "[::1]:10000");
    // The client's route chat sends a note a second for ever: two notes
    // back are enough.
    let notes = |lines: &[String]| {
        lines
            .iter()
            .filter(|line| line.starts_with("NOTE = "))
            .count()
    };
    let (lines, ended) = run_client(env!("CARGO_BIN_EXE_routeguide-client"), |lines| {
        notes(lines) >= 2
    });
    assert_eq!(ended, None, "the client ended early: {lines:#?}");

    // GetFeature: the feature at the point the client asks for.
    let response = lines.iter().find(|line| line.starts_with("RESPONSE = "));
    let response = response.unwrap_or_else(|| panic!("no response in {lines:#?}"));
    assert!(
        response.contains(r#"name: "Berkshire Valley Management Area Trail, Jefferson, NJ, USA""#),
        "{response}"
    );

    // ListFeatures: every feature of the database in the client's
    // rectangle, as many as the database has.
    let features = lines
        .iter()
        .filter(|line| line.starts_with("FEATURE = "))
        .count();
    assert_eq!(features, features_in_rectangle(), "{lines:#?}");

    // RecordRoute: the server counted the points the client sent.
    let sent = lines
        .iter()
        .find_map(|line| line.strip_prefix("Traversing ")?.strip_suffix(" points"))
        .unwrap_or_else(|| panic!("no route in {lines:#?}"));
    let summary = lines.iter().find(|line| line.starts_with("SUMMARY: "));
    let summary = summary.unwrap_or_else(|| panic!("no summary in {lines:#?}"));
    assert!(
        summary.starts_with(&format!("SUMMARY: RouteSummary {{ point_count: {sent}, ")),
        "{summary}"
    );

    // RouteChat: the first note back is the first note sent.
    let note = lines
        .iter()
        .find(|line| line.starts_with("NOTE = "))
        .expect("a note");
    assert!(
        note.starts_with(
            "NOTE = RouteNote { location: Some(Point { latitude: 409146138, longitude: -746188906 }), message: \"at "
        ),
        "{note}"
    );
}

/// How many features of the example's database lie in the rectangle its
/// client lists, (400000000, -750000000) to (420000000, -730000000).
fn features_in_rectangle() -> usize {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/route_guide_db.json");
    let text = std::fs::read_to_string(path).expect("the database");
    let features: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let features = features.as_array().expect("a list of features");
    features
        .iter()
        .filter(|feature| {
            let at = |key: &str| feature["location"][key].as_i64().expect("a coordinate");
            let (latitude, longitude) = (at("latitude"), at("longitude"));
            (400_000_000..=420_000_000).contains(&latitude)
                && (-750_000_000..=-730_000_000).contains(&longitude)
        })
        .count()
}
