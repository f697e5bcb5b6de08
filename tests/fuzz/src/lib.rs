//! What the fuzz targets share: the schemas of `schemas/`, analyzed once,
//! the rule that picks a message from an input's first byte, and the
//! check that a borrowed view decodes as its owned message does.
//!
//! The seed corpus of `decode_dynamic` and `encode_json` depends on that
//! rule: every message of every schema, sorted by full name, and the first
//! byte taken modulo their number. `tests/tests/suite/fuzz_seeds.rs`, which
//! writes the seeds, follows the same rule.

use std::io;
use std::path::Path;
use std::sync::LazyLock;

use schemac::Analysis;
use schemac::model::MessageId;
use schemac_runtime::view::HasView;
use schemac_runtime::{DecodeError, MessageView};

/// The schemas of `schemas/`, by file name, built into the target.
pub const SCHEMAS: &[(&str, &str)] = &[
    (
        "evolution_v1.schema",
        include_str!("../../../schemas/evolution_v1.schema"),
    ),
    (
        "evolution_v2.schema",
        include_str!("../../../schemas/evolution_v2.schema"),
    ),
    (
        "money.schema",
        include_str!("../../../schemas/money.schema"),
    ),
    (
        "order.schema",
        include_str!("../../../schemas/order.schema"),
    ),
    (
        "scalars.schema",
        include_str!("../../../schemas/scalars.schema"),
    ),
    (
        "shapes.schema",
        include_str!("../../../schemas/shapes.schema"),
    ),
    (
        "world_geo.schema",
        include_str!("../../../schemas/world_geo.schema"),
    ),
    (
        "world_travel.schema",
        include_str!("../../../schemas/world_travel.schema"),
    ),
];

static ANALYSIS: LazyLock<Analysis> = LazyLock::new(|| {
    let roots: Vec<_> = SCHEMAS.iter().map(|(name, _)| name.into()).collect();
    let mut read = |path: &Path| {
        SCHEMAS
            .iter()
            .find(|(name, _)| Path::new(name) == path)
            .map(|(_, text)| (*text).to_owned())
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not a built-in schema"))
    };
    schemac::analyze(&roots, &[], &mut read).unwrap_or_else(|error| panic!("{error}"))
});

static MESSAGES: LazyLock<Vec<MessageId>> = LazyLock::new(|| {
    let mut messages: Vec<(String, MessageId)> = ANALYSIS
        .schema
        .message_ids()
        .map(|(id, message)| (message.full_name.clone(), id))
        .collect();
    messages.sort();
    messages.into_iter().map(|(_, id)| id).collect()
});

/// Every schema of `schemas/`, analyzed together.
pub fn analysis() -> &'static Analysis {
    &ANALYSIS
}

/// The message that an input starting with `selector` is read as.
pub fn message_for(selector: u8) -> MessageId {
    MESSAGES[usize::from(selector) % MESSAGES.len()]
}

/// The full name of message `id`, for assertion messages.
pub fn full_name(id: MessageId) -> &'static str {
    &ANALYSIS.schema.message(id).full_name
}

/// The borrowed view of `data` decodes exactly when the owned `M` does,
/// with the same error, or (made owned) to a value of the same encoding.
pub fn check_view<M: HasView>(data: &[u8], decoded: &Result<M, DecodeError>) {
    let view = <M::View<'_> as MessageView<'_>>::decode(data).map(|view| view.to_message());
    match (decoded, view) {
        (Ok(owned), Ok(view)) => assert_eq!(
            view.encode_to_vec(),
            owned.encode_to_vec(),
            "the view read another value"
        ),
        (Err(owned), Err(view)) => assert_eq!(&view, owned, "the view failed otherwise"),
        (Ok(_), Err(error)) => panic!("the view failed where owned decoding did not: {error}"),
        (Err(error), Ok(_)) => panic!("the view read what owned decoding refused: {error}"),
    }
}
