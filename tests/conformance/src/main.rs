//! The testee of Google's protobuf conformance suite (docs/conformance.md).
//!
//! The runner writes requests to stdin and reads responses from stdout,
//! each as a 4-byte little-endian length and a `conformance` message. For
//! each request the testee reads the payload into the named test message,
//! through the generated code's binary decoding or its serde impls, and
//! writes the message back in the format asked for. What schemac does not
//! support is answered `skipped`, never guessed at.

use std::io::{self, Read, Write};

use schemac_conformance::conformance::{
    ConformanceRequest, ConformanceResponse, FailureSet, TestCategory, WireFormat,
    conformance_request::Payload, conformance_response::Result as Outcome,
};
use schemac_conformance::protobuf_test_messages::{editions, proto2, proto3};
use schemac_runtime::Message;
use schemac_runtime::json::{self, JsonMessage, serde};
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
    M: Message + JsonMessage + serde::Serialize + serde::de::DeserializeOwned,
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
        Some(Payload::TextPayload(_)) => {
            return Outcome::Skipped("schemac has no text format".to_owned());
        }
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
        WireFormat::TextFormat => Outcome::Skipped("schemac has no text format".to_owned()),
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
