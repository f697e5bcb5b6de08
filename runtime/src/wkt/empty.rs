//! `google.protobuf.Empty`: the message with no fields.

use super::{copied_view, message_codec};
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::{InfallibleEncode, Message, Name};
use crate::wire::WireType;

/// The message with no fields, as the request or reply of an RPC that
/// needs none. Its JSON is `{}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Empty {}

impl InfallibleEncode for Empty {}

impl Message for Empty {
    const NAME: &'static str = "Empty";

    #[inline]
    fn measure_fields(&self) -> usize {
        0
    }

    #[inline]
    fn write_fields(&self, _writer: &mut Writer) {}

    #[inline]
    fn merge_field(
        &mut self,
        _number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        decoder.skip(wire_type)
    }
}

impl Name for Empty {
    const FULL_NAME: &'static str = "google.protobuf.Empty";
}

message_codec!(
    /// `google.protobuf.Empty`: an [`Empty`](crate::wkt::Empty).
    EmptyCodec,
    Empty
);

copied_view!(EmptyCodec);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wkt::test_helpers::{decode, decode_garbage, encode, garbage};
    use proptest::prelude::*;

    #[test]
    fn an_empty_message_is_its_length_and_skips_what_it_holds() {
        assert_eq!(encode::<EmptyCodec>(&Empty {}), [0x00]);
        assert_eq!(Empty {}.try_encode_to_vec().unwrap(), b"");
        // An unknown varint and string.
        assert_eq!(
            decode::<EmptyCodec>(&[0x05, 0x08, 0x01, 0x12, 0x01, b'x']),
            Ok(Empty {})
        );
        assert!(
            decode::<EmptyCodec>(&[0x01, 0x08])
                .unwrap_err()
                .is_truncated()
        );
    }

    proptest! {
        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<EmptyCodec>(&bytes);
        }
    }
}
