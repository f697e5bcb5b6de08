//! The testee of Google's protobuf conformance suite (docs/conformance.md).
//!
//! The runner writes requests to stdin and reads responses from stdout,
//! each as a 4-byte little-endian length and a `conformance` message. For
//! each request the testee reads the payload into the named test message,
//! through the generated code's binary decoding or its serde impls, and
//! writes the message back in the format asked for. The text format goes
//! through a `DynamicMessage` of the message's embedded descriptor: text
//! is parsed into one and its binary encoding decoded by the generated
//! code; a generated message's encoding is decoded into one and printed.
//! What schemac does not support (JSPB) is answered `skipped`, never
//! guessed at.

use std::io::{self, Read, Write};
use std::sync::OnceLock;

use schemac_conformance::conformance::{
    ConformanceRequest, ConformanceResponse, FailureSet, TestCategory, WireFormat,
    conformance_request::Payload, conformance_response::Result as Outcome,
};
use schemac_conformance::protobuf_test_messages::{editions, proto2, proto3};
use schemac_runtime::Message;
use schemac_runtime::json::{self, JsonMessage, serde};
use schemac_runtime::reflect::{
    Described, DescriptorPool, DynamicMessage, MessageDescriptor, TextOptions,
};
use schemac_runtime::wkt::Any;

fn main() -> io::Result<()> {
    // The suite's Anys hold the test messages, whose JSON is their fields
    // beside `@type`.
    Any::register_json::<proto3::TestAllTypesProto3>();
    Any::register_json::<proto2::TestAllTypesProto2>();
    Any::register_json::<editions::proto3::TestAllTypesProto3>();
    Any::register_json::<editions::proto2::TestAllTypesProto2>();
    Any::register_json::<editions::TestAllTypesEdition2023>();
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut input = stdin.lock();
    let mut output = stdout.lock();
    while let Some(request) = read_request(&mut input)? {
        let response = ConformanceResponse {
            result: Some(match ConformanceRequest::decode(&request) {
                Ok(request) => answer(&request),
                Err(error) => Outcome::RuntimeError(format!("unreadable request: {error}")),
            }),
            ..Default::default()
        };
        let bytes = response
            .try_encode_to_vec()
            .map_err(|error| io::Error::other(error.to_string()))?;
        let len = u32::try_from(bytes.len()).map_err(io::Error::other)?;
        output.write_all(&len.to_le_bytes())?;
        output.write_all(&bytes)?;
        output.flush()?;
    }
    Ok(())
}

/// The next request's bytes; `None` when the runner has closed stdin.
fn read_request(input: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0; 4];
    match input.read_exact(&mut len) {
        Ok(()) => {}
        Err(error) if error.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(error) => return Err(error),
    }
    let mut request = vec![0; u32::from_le_bytes(len) as usize];
    input.read_exact(&mut request)?;
    Ok(Some(request))
}

/// The answer to one request.
fn answer(request: &ConformanceRequest) -> Outcome {
    match request.message_type.as_str() {
        // The runner's first request asks which tests are expected to
        // fail; the list is given to the runner on its command line instead.
        "conformance.FailureSet" => match FailureSet::default().try_encode_to_vec() {
            Ok(bytes) => Outcome::ProtobufPayload(bytes),
            Err(error) => Outcome::RuntimeError(error.to_string()),
        },
        "protobuf_test_messages.proto3.TestAllTypesProto3" => {
            round_trip::<proto3::TestAllTypesProto3>(request)
        }
        "protobuf_test_messages.proto2.TestAllTypesProto2" => {
            round_trip::<proto2::TestAllTypesProto2>(request)
        }
        "protobuf_test_messages.editions.proto3.TestAllTypesProto3" => {
            round_trip::<editions::proto3::TestAllTypesProto3>(request)
        }
        "protobuf_test_messages.editions.proto2.TestAllTypesProto2" => {
            round_trip::<editions::proto2::TestAllTypesProto2>(request)
        }
        "protobuf_test_messages.editions.TestAllTypesEdition2023" => {
            round_trip::<editions::TestAllTypesEdition2023>(request)
        }
        // A skip, as the runner asks of a type the testee does not know.
        other => Outcome::Skipped(format!("no generated code for `{other}`")),
    }
}

/// Reads the payload as an `M` and writes it in the requested format.
fn round_trip<M>(request: &ConformanceRequest) -> Outcome
where
    M: Message
        + JsonMessage
        + serde::Serialize
        + serde::de::DeserializeOwned
        + Described<Descriptor = MessageDescriptor<'static>>,
{
    let message = match &request.payload {
        Some(Payload::ProtobufPayload(bytes)) => match M::decode(bytes) {
            Ok(message) => message,
            Err(error) => return Outcome::ParseError(error.to_string()),
        },
        Some(Payload::JsonPayload(text)) => {
            let ignore_unknown =
                request.test_category == TestCategory::JsonIgnoreUnknownParsingTest;
            match read_json::<M>(text, ignore_unknown) {
                Ok(message) => message,
                Err(error) => return Outcome::ParseError(error.to_string()),
            }
        }
        Some(Payload::TextPayload(text)) => match read_text::<M>(text) {
            Ok(message) => message,
            Err(error) => return Outcome::ParseError(error),
        },
        Some(Payload::JspbPayload(_)) => {
            return Outcome::Skipped("JSPB is Google-internal".to_owned());
        }
        None => return Outcome::RuntimeError("the request has no payload".to_owned()),
    };
    match request.requested_output_format {
        WireFormat::Protobuf => match message.try_encode_to_vec() {
            Ok(bytes) => Outcome::ProtobufPayload(bytes),
            Err(error) => Outcome::SerializeError(error.to_string()),
        },
        WireFormat::Json => match serde_json::to_string(&message) {
            Ok(json) => Outcome::JsonPayload(json),
            Err(error) => Outcome::SerializeError(error.to_string()),
        },
        WireFormat::TextFormat => write_text(&message, request.print_unknown_fields),
        WireFormat::Jspb => Outcome::Skipped("JSPB is Google-internal".to_owned()),
        other => Outcome::RuntimeError(format!("unsupported output format {other:?}")),
    }
}

/// Reads JSON text as an `M`, skipping the keys it does not know when
/// `ignore_unknown`.
fn read_json<M: serde::de::DeserializeOwned>(
    text: &str,
    ignore_unknown: bool,
) -> Result<M, serde_json::Error> {
    if ignore_unknown {
        json::ignoring_unknown_fields(|| serde_json::from_str(text))
    } else {
        serde_json::from_str(text)
    }
}

/// Reads text as an `M`: parsed into a dynamic message of `M`'s
/// descriptor, whose encoding the generated code decodes.
fn read_text<M>(text: &str) -> Result<M, String>
where
    M: Message + Described<Descriptor = MessageDescriptor<'static>>,
{
    let dynamic =
        DynamicMessage::parse_text(descriptor_of::<M>(), text).map_err(|e| e.to_string())?;
    M::decode(&dynamic.encode_to_vec()).map_err(|error| error.to_string())
}

/// Writes `message` in the text format, through a dynamic message of its
/// descriptor; its unknown fields too when `print_unknown_fields`.
fn write_text<M>(message: &M, print_unknown_fields: bool) -> Outcome
where
    M: Message + Described<Descriptor = MessageDescriptor<'static>>,
{
    let bytes = match message.try_encode_to_vec() {
        Ok(bytes) => bytes,
        Err(error) => return Outcome::SerializeError(error.to_string()),
    };
    match DynamicMessage::decode(descriptor_of::<M>(), &bytes) {
        Ok(dynamic) => {
            let options = TextOptions::new().unknown_fields(print_unknown_fields);
            Outcome::TextPayload(dynamic.to_text_with(&options))
        }
        Err(error) => Outcome::SerializeError(error.to_string()),
    }
}

/// `M`'s descriptor in [`test_pool`].
fn descriptor_of<M>() -> MessageDescriptor<'static>
where
    M: Described<Descriptor = MessageDescriptor<'static>>,
{
    let name = M::descriptor().full_name();
    match test_pool().message(name) {
        Some(descriptor) => descriptor,
        None => unreachable!("the test pool holds every test message, {name} among them"),
    }
}

/// One pool of the files of every test message's package, as Google's
/// generated code has them all in one: the suite's `Any`s hold messages of
/// other packages (an editions message's `Any`, a proto3
/// `TestAllTypesProto3`), which an `Any` expanded in text names.
fn test_pool() -> &'static DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let packages = [
            proto3::descriptor_pool(),
            proto2::descriptor_pool(),
            editions::descriptor_pool(),
            editions::proto2::descriptor_pool(),
            editions::proto3::descriptor_pool(),
        ];
        let mut pool = DescriptorPool::new();
        for file in packages.iter().flat_map(|package| package.files()) {
            if pool.file(file.name()).is_none()
                && let Err(error) = pool.add_file(file.proto().clone())
            {
                unreachable!("the embedded test files join one pool: {error}");
            }
        }
        pool
    })
}
