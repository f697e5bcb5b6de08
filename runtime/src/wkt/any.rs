//! `google.protobuf.Any`: a message of any type, as its bytes and a URL
//! naming the type, `{ 1: type_url, 2: value }`.

use super::message_codec;
use crate::__private::codec;
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::{DecodeError, EncodeError};
use crate::message::{InfallibleEncode, Message, Name};
use crate::prelude::*;
use crate::view::{self, ViewCodec};
use crate::wire::WireType;

/// A message of any type: its encoding, and a URL whose last segment is
/// the type's full name, such as
/// `type.googleapis.com/google.protobuf.Duration`.
///
/// ```
/// use schemac_runtime::wkt::Any;
/// use schemac_runtime::Duration;
/// let any = Any::pack(&Duration { seconds: 1, nanos: 0 })?;
/// assert_eq!(any.type_url, "type.googleapis.com/google.protobuf.Duration");
/// assert_eq!(any.unpack::<Duration>()?, Some(Duration { seconds: 1, nanos: 0 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Its JSON (feature `json`) is ProtoJSON's for an `Any` that is empty
/// (`{}`) or holds a well-known type (`{"@type": URL, "value": JSON}`, or
/// only `@type` for `Empty`), written with `@type` as the first key and
/// read with it anywhere. An `Any` holding any other message is that
/// message's fields beside `@type`, for the message types registered with
/// `Any::register_json`; for the others it is an error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Any {
    /// A URL whose last segment, after its last `/`, is the full name of
    /// the message's type.
    pub type_url: String,
    /// The message's encoding.
    pub value: Vec<u8>,
}

impl Any {
    /// `message`, named by its [`Name`] under `type.googleapis.com/`.
    /// Fails when the message nests too deep to decode.
    pub fn pack<M: Message + Name>(message: &M) -> Result<Any, EncodeError> {
        Self::pack_named(message, M::FULL_NAME)
    }

    /// `message`, named `full_name` (such as `shop.Order`) under
    /// `type.googleapis.com/`, for a message type without a [`Name`].
    pub fn pack_named<M: Message>(message: &M, full_name: &str) -> Result<Any, EncodeError> {
        Ok(Any {
            type_url: format!("type.googleapis.com/{full_name}"),
            value: message.try_encode_to_vec()?,
        })
    }

    /// The full name of the type: what follows the last `/` of the URL,
    /// whatever comes before it; `None` for a URL without a `/`.
    pub fn type_name(&self) -> Option<&str> {
        self.type_url
            .rfind('/')
            .map(|slash| &self.type_url[slash + 1..])
    }

    /// Whether the message is an `M`, by the full name in the URL.
    pub fn is<M: Name>(&self) -> bool {
        self.type_name() == Some(M::FULL_NAME)
    }

    /// The message, if it is an `M`; `Ok(None)` when the URL names
    /// another type, an error when the bytes are not an `M`.
    pub fn unpack<M: Message + Name>(&self) -> Result<Option<M>, DecodeError> {
        if !self.is::<M>() {
            return Ok(None);
        }
        M::decode(&self.value).map(Some)
    }
}

/// The view of an [`Any`]: its URL and bytes, borrowed from the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnyView<'a> {
    /// The URL naming the type, UTF-8 checked.
    pub type_url: &'a str,
    /// The message's encoding.
    pub value: &'a [u8],
}

impl AnyView<'_> {
    /// The owned `Any`.
    pub fn to_owned(&self) -> Any {
        Any {
            type_url: self.type_url.to_owned(),
            value: self.value.to_vec(),
        }
    }
}

impl InfallibleEncode for Any {}

impl Message for Any {
    const NAME: &'static str = "Any";

    #[inline]
    fn measure_fields(&self) -> usize {
        field::measure::<codec::String>(1, &self.type_url)
            + field::measure::<codec::Bytes>(2, &self.value)
    }

    #[inline]
    fn write_fields(&self, writer: &mut Writer) {
        field::write::<codec::Bytes>(2, &self.value, writer);
        field::write::<codec::String>(1, &self.type_url, writer);
    }

    #[inline]
    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            1 if wire_type == WireType::Len => {
                field::merge::<codec::String>(wire_type, &mut self.type_url, decoder)
            }
            2 if wire_type == WireType::Len => {
                field::merge::<codec::Bytes>(wire_type, &mut self.value, decoder)
            }
            _ => decoder.skip(wire_type),
        }
    }

    const FIELD_NAMES: &'static [(u32, &'static str)] = &[(1, "type_url"), (2, "value")];
}

impl Name for Any {
    const FULL_NAME: &'static str = "google.protobuf.Any";
}

message_codec!(
    /// `google.protobuf.Any`: an [`Any`](crate::wkt::Any).
    AnyCodec,
    Any
);

impl<'a> ViewCodec<'a> for AnyCodec {
    type View = AnyView<'a>;

    fn merge_view(view: &mut AnyView<'a>, decoder: &mut Decoder<'a>) -> Result<(), DecodeError> {
        decoder.read_nested(|decoder| {
            while decoder.has_remaining() {
                let (number, wire_type) = decoder.read_key()?;
                let read = match number {
                    1 if wire_type == WireType::Len => {
                        view::field::merge::<codec::String>(wire_type, &mut view.type_url, decoder)
                    }
                    2 if wire_type == WireType::Len => {
                        view::field::merge::<codec::Bytes>(wire_type, &mut view.value, decoder)
                    }
                    _ => decoder.skip(wire_type),
                };
                read.map_err(|error| Any::field_error(error, number))?;
            }
            Ok(())
        })
    }

    fn owned(view: &AnyView<'a>) -> Any {
        view.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wkt::test_helpers::{decode, decode_garbage, decode_view, encode, garbage, hex};
    use crate::wkt::{Duration, Timestamp};
    use proptest::prelude::*;

    /// From python3-protobuf 3.21: `a = Any(); a.Pack(Duration(seconds=1,
    /// nanos=500000000)); a.SerializeToString()`.
    const PACKED_DURATION: &str = "0a2c747970652e676f6f676c65617069732e636f6d2f676f6f676c652e70726f746f6275662e4475726174696f6e120808011080cab5ee01";

    #[test]
    fn packing_writes_googles_bytes_and_unpacking_checks_the_type() {
        let duration = Duration {
            seconds: 1,
            nanos: 500_000_000,
        };
        let any = Any::pack(&duration).unwrap();
        assert_eq!(hex(&any.try_encode_to_vec().unwrap()), PACKED_DURATION);
        assert!(any.is::<Duration>() && !any.is::<Timestamp>());
        assert_eq!(any.unpack::<Duration>(), Ok(Some(duration)));
        assert_eq!(any.unpack::<Timestamp>(), Ok(None));
        let named = Any::pack_named(&duration, "google.protobuf.Duration").unwrap();
        assert_eq!(named, any);
    }

    #[test]
    fn any_prefix_names_the_type_up_to_the_last_slash() {
        let any = |url: &str| Any {
            type_url: url.to_owned(),
            value: vec![0x08, 0x01],
        };
        assert_eq!(
            any("example.com/x/y/google.protobuf.Duration").unpack::<Duration>(),
            Ok(Some(Duration {
                seconds: 1,
                nanos: 0
            }))
        );
        assert_eq!(
            any("/google.protobuf.Duration").type_name(),
            Some("google.protobuf.Duration")
        );
        assert_eq!(any("google.protobuf.Duration").type_name(), None);
        assert!(!any("google.protobuf.Duration").is::<Duration>());
        assert_eq!(
            any("type.googleapis.com/google.protobuf.DurationX").unpack::<Duration>(),
            Ok(None)
        );
        let broken = Any {
            type_url: "a/google.protobuf.Duration".to_owned(),
            value: vec![0x08],
        };
        assert!(broken.unpack::<Duration>().unwrap_err().is_truncated());
    }

    #[test]
    fn views_borrow_and_agree_with_owned_decoding() {
        let any = Any::pack(&Duration {
            seconds: 1,
            nanos: 0,
        })
        .unwrap();
        let bytes = encode::<AnyCodec>(&any);
        assert_eq!(decode_view::<AnyCodec>(&bytes), Ok(any.clone()));
        assert_eq!(decode::<AnyCodec>(&bytes), Ok(any));
        let error = decode_view::<AnyCodec>(&[0x03, 0x0a, 0x01, 0xff]).unwrap_err();
        assert_eq!(
            error,
            decode::<AnyCodec>(&[0x03, 0x0a, 0x01, 0xff]).unwrap_err()
        );
        assert_eq!(error.path(), "type_url");
        // type_url (1) as a varint and value (2) as a fixed32: unknown
        // fields, skipped alike, as protobuf reads them.
        let other_wire_types = [0x07, 0x08, 0x01, 0x15, 1, 2, 3, 4];
        assert_eq!(decode::<AnyCodec>(&other_wire_types), Ok(Any::default()));
        assert_eq!(
            decode_view::<AnyCodec>(&other_wire_types),
            Ok(Any::default())
        );
    }

    proptest! {
        #[test]
        fn every_value_round_trips(type_url in ".*", value in proptest::collection::vec(any::<u8>(), 0..16)) {
            let any = Any { type_url, value };
            let bytes = encode::<AnyCodec>(&any);
            prop_assert_eq!(decode::<AnyCodec>(&bytes), Ok(any.clone()));
            prop_assert_eq!(decode_view::<AnyCodec>(&bytes), Ok(any));
        }

        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<AnyCodec>(&bytes);
        }
    }
}
