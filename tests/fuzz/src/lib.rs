//! What the fuzz targets share: the schemas of `schemas/`, analyzed once,
//! the rule that picks a message from an input's first byte, the generated
//! type of each message, the check that a borrowed view decodes as its
//! owned message does, the check that protox compiles an export, the
//! schemas' descriptors in a pool, for `text_format`'s dynamic messages,
//! and the codec of `schemac encode` and `decode` over them.
//!
//! The seed corpus of `decode_dynamic`, `encode_json` and `text_format` depends on that
//! rule: every message of every schema, sorted by full name, and the first
//! byte taken modulo their number. `tests/tests/suite/fuzz_seeds.rs`, which
//! writes the seeds, follows the same rule.

use std::io;
use std::path::Path;
use std::sync::LazyLock;

use protox::file::{File, FileResolver};
use schemac::Analysis;
use schemac::model::MessageId;
use schemac::transcode::Codec;
use schemac_generated::{evolution, kitchen, money, school, shapes, shop, world};
use schemac_runtime::json::serde::Serialize;
use schemac_runtime::json::serde::de::DeserializeOwned;
use schemac_runtime::reflect::MessageDescriptor;
use schemac_runtime::view::HasView;
use schemac_runtime::{DecodeError, Message, MessageView};

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
        "school.schema",
        include_str!("../../../schemas/school.schema"),
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

static CODEC: LazyLock<Codec<'static>> = LazyLock::new(|| Codec::new(&ANALYSIS));

/// The codec of `schemac encode` and `schemac decode` for every schema of
/// `schemas/`.
pub fn codec() -> &'static Codec<'static> {
    &CODEC
}

/// The descriptor of message `id`, in the codec's pool of the descriptors
/// schemac exports for every schema of `schemas/`.
pub fn descriptor(id: MessageId) -> MessageDescriptor<'static> {
    CODEC.descriptor(id).unwrap_or_else(|error| panic!("{error}"))
}

/// The message that an input starting with `selector` is read as.
pub fn message_for(selector: u8) -> MessageId {
    MESSAGES[usize::from(selector) % MESSAGES.len()]
}

/// The full name of message `id`, for assertion messages.
pub fn full_name(id: MessageId) -> &'static str {
    &ANALYSIS.schema.message(id).full_name
}

/// Something done with a generated type, which [`with_generated`] picks
/// by message name.
pub trait WithGenerated {
    /// What doing it gives.
    type Output;

    /// Does it with the generated type `M`.
    fn call<M: Message + Serialize + DeserializeOwned>(self) -> Self::Output;
}

/// Calls `with` with the generated type of message `full_name`, if it has
/// one (every message of `schemas/` but the nested ones has).
pub fn with_generated<W: WithGenerated>(full_name: &str, with: W) -> Option<W::Output> {
    Some(match full_name {
        "shop.Order" => with.call::<shop::Order>(),
        "shop.OrderLine" => with.call::<shop::OrderLine>(),
        "shop.Customer" => with.call::<shop::Customer>(),
        "kitchen.Scalars" => with.call::<kitchen::Scalars>(),
        "kitchen.OptionalScalars" => with.call::<kitchen::OptionalScalars>(),
        "kitchen.Lists" => with.call::<kitchen::Lists>(),
        "kitchen.Maps" => with.call::<kitchen::Maps>(),
        "shapes.Drawing" => with.call::<shapes::Drawing>(),
        "shapes.Shape" => with.call::<shapes::Shape>(),
        "shapes.Tree" => with.call::<shapes::Tree>(),
        "shapes.Ping" => with.call::<shapes::Ping>(),
        "shapes.Pong" => with.call::<shapes::Pong>(),
        "shapes.Keywords" => with.call::<shapes::Keywords>(),
        "world.travel.Trip" => with.call::<world::travel::Trip>(),
        "money.Amounts" => with.call::<money::Amounts>(),
        "money.Values" => with.call::<money::Values>(),
        "money.Entry" => with.call::<money::Entry>(),
        "school.ReportCard" => with.call::<school::ReportCard>(),
        "school.Summary" => with.call::<school::Summary>(),
        "evolution.v1.Profile" => with.call::<evolution::v1::Profile>(),
        "evolution.v1.PlainProfile" => with.call::<evolution::v1::PlainProfile>(),
        "evolution.v2.Profile" => with.call::<evolution::v2::Profile>(),
        _ => return None,
    })
}

/// Whether protox compiles the exported `files`, the first importing the
/// others (`Analysis::export_proto_files`).
pub fn protox_compiles(files: &[schemac::ProtoFile]) -> Result<(), String> {
    struct Files(Vec<schemac::ProtoFile>);
    impl FileResolver for Files {
        fn open_file(&self, name: &str) -> Result<File, protox::Error> {
            match self.0.iter().find(|file| file.name == name) {
                Some(file) => File::from_source(name, &file.contents),
                // The well-known types, which exports leave to protoc's own.
                None => protox::file::GoogleFileResolver::new().open_file(name),
            }
        }
    }
    let Some(root) = files.first() else {
        return Ok(());
    };
    protox::Compiler::with_file_resolver(Files(files.to_vec()))
        .open_file(&root.name)
        .map(drop)
        .map_err(|error| format!("{error:?}"))
}

/// The borrowed view of `data` decodes exactly when the owned `M` does,
/// with the same error, or (made owned) to a value of the same encoding.
pub fn check_view<M: HasView>(data: &[u8], decoded: &Result<M, DecodeError>) {
    let view = <M::View<'_> as MessageView<'_>>::decode(data).map(|view| view.to_message());
    match (decoded, view) {
        (Ok(owned), Ok(view)) => assert_eq!(
            view.try_encode_to_vec(),
            owned.try_encode_to_vec(),
            "the view read another value"
        ),
        (Err(owned), Err(view)) => assert_eq!(&view, owned, "the view failed otherwise"),
        (Ok(_), Err(error)) => panic!("the view failed where owned decoding did not: {error}"),
        (Err(error), Ok(_)) => panic!("the view read what owned decoding refused: {error}"),
    }
}

/// A `Buf` of the pieces of a stream, `chunk` bytes each (the last one
/// shorter), as a network stack hands them out.
pub struct Pieces {
    pieces: std::collections::VecDeque<Vec<u8>>,
}

impl Pieces {
    /// The pieces of `stream`; `chunk` is at least 1.
    pub fn new(stream: &[u8], chunk: usize) -> Self {
        Self {
            pieces: stream.chunks(chunk).map(<[u8]>::to_vec).collect(),
        }
    }
}

impl schemac_runtime::bytes::Buf for Pieces {
    fn remaining(&self) -> usize {
        self.pieces.iter().map(Vec::len).sum()
    }

    fn chunk(&self) -> &[u8] {
        self.pieces.front().map_or(&[], Vec::as_slice)
    }

    fn advance(&mut self, mut n: usize) {
        while n > 0 {
            let front = self.pieces.front_mut().expect("advanced past the end");
            let take = n.min(front.len());
            front.drain(..take);
            n -= take;
            if front.is_empty() {
                self.pieces.pop_front();
            }
        }
    }
}
