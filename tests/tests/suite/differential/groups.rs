//! proto2's groups against Google's Python protobuf on one value with a
//! group of every shape (tests/protos/proto/legacy/v1/search.proto): Google writes
//! it as schemac does, byte for byte, and each reads the other's bytes as
//! the value. The random messages of `differential_proto_files` cover the
//! rest.

use std::fs;

use schemac_protos::legacy::v1::SearchResponse;
use schemac_protos::legacy::v1::search_response::{self, Debug, Paging, Token, result};
use schemac_runtime::Message;
use schemac_tests::workspace_root;

use super::google::{Google, hex};
use super::{Case, Protos, descriptor_set, proto_roots};

const NAME: &str = "legacy.v1.SearchResponse";

fn hit(url: &str) -> search_response::Result {
    search_response::Result {
        url: Some(url.to_owned()),
        ..Default::default()
    }
}

/// A list of groups, one holding a group, an optional group, a oneof's
/// group, the same message as a plain field, and a group past field 15
/// that holds a response again.
fn response() -> SearchResponse {
    SearchResponse {
        result: vec![
            search_response::Result {
                title: Some("groups".to_owned()),
                snippets: vec!["a".to_owned(), String::new()],
                location: Some(result::Location {
                    line: Some(-1),
                    column: Some(300),
                    ..Default::default()
                }),
                ..hit("https://example.invalid/")
            },
            hit(""),
        ],
        paging: Some(Paging {
            page: Some(2),
            per_page: None,
            ..Default::default()
        }),
        cursor: Some(search_response::Cursor::Token(Token {
            value: Some(vec![0, 255]),
            ..Default::default()
        })),
        best: Some(hit("best")),
        debug: Some(Box::new(Debug {
            trace: Some("t".to_owned()),
            inner: Some(Box::new(SearchResponse {
                paging: Some(Paging::default()),
                ..Default::default()
            })),
            ..Default::default()
        })),
        ..Default::default()
    }
}

#[test]
#[ignore = "needs the .venv-protoc (protoc and protobuf from PyPI); run with `make differential`"]
fn differential_groups_are_googles_bytes() {
    let (dir, roots) = proto_roots();
    let analysis = schemac::analyze(&roots, std::slice::from_ref(&dir), &mut |path| {
        fs::read_to_string(path)
    })
    .unwrap_or_else(|error| panic!("{error}"));
    let case = Case {
        label: "groups".to_owned(),
        analysis: &analysis,
        sources: String::new(),
        seed: 0,
        count: 0,
        protos: Protos::Files(vec![dir]),
        only: &[],
    };
    let mut google = Google::start(&workspace_root().join("tests/differential/google_peer.py"));
    google.load(&descriptor_set(&case));
    let value = response();
    let ours = value.try_encode_to_vec().unwrap();
    // Google's bytes of the value, which it reads from schemac's JSON.
    let json = serde_json::to_string(&value).unwrap();
    let [googles] = &google.parse_json(NAME, &[json])[..] else {
        panic!("one answer expected");
    };
    let googles = googles.clone().unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(hex(&ours), hex(&googles), "schemac's bytes, then Google's");
    assert_eq!(SearchResponse::decode(&googles).unwrap(), value);
    let mismatches = google.compare(NAME, &[(googles.clone(), ours.clone())]);
    assert!(
        mismatches.is_empty(),
        "Google reads schemac's bytes otherwise"
    );
    // protoc's text format names a group by its message: `Result {`.
    let text = google.text(NAME, &ours);
    assert!(
        text.contains("Result {") && text.contains("Location {"),
        "{text}"
    );
}
