//! A [`tonic::codec::Codec`] for schemac messages, which the tonic code
//! schemac generates (`Services::Tonic`, docs/services.md) sends them with.
//!
//! Encoding writes a message straight into tonic's buffer through
//! [`Message::encode_to_buf`]; decoding takes the frame tonic received out
//! of its buffer as a [`bytes::Bytes`], without copying, and decodes it
//! with [`Message::decode_shared_with`], so that `bytes` fields held in a
//! `Bytes` share it. A message that cannot be decoded is a
//! [`tonic::Status`] whose message is the [`DecodeError`]'s, with its field
//! path and byte offset: `InvalidArgument` for a server reading a request
//! (the caller sent it), `Internal` for a client reading a response.

use core::fmt;
use core::marker::PhantomData;

use bytes::Buf;
use tonic::codec::{DecodeBuf, EncodeBuf};
use tonic::{Code, Status};

use crate::decode::DecodeOptions;
use crate::error::DecodeError;
use crate::message::Message;

/// Encodes messages of type `E` and decodes messages of type `D`, for
/// tonic: a server's codec encodes responses and decodes requests, a
/// client's the other way round.
///
/// ```
/// use schemac_runtime::grpc::Codec;
/// use schemac_runtime::wkt::{Duration, Timestamp};
///
/// // A client of a method taking a Timestamp and answering a Duration.
/// let codec: Codec<Timestamp, Duration> = Codec::for_client();
/// # let _ = codec;
/// ```
pub struct Codec<E, D> {
    decode_error: Code,
    options: DecodeOptions,
    types: PhantomData<fn(E) -> D>,
}

impl<E, D> Codec<E, D> {
    /// The codec of a client: a response it cannot decode is `Internal`.
    pub fn for_client() -> Self {
        Self::with_code(Code::Internal)
    }

    /// The codec of a server: a request it cannot decode is
    /// `InvalidArgument`.
    pub fn for_server() -> Self {
        Self::with_code(Code::InvalidArgument)
    }

    fn with_code(decode_error: Code) -> Self {
        Self {
            decode_error,
            options: DecodeOptions::new(),
            types: PhantomData,
        }
    }

    /// Decodes within the limits of `options` (the recursion limit; tonic's
    /// own `max_decoding_message_size` bounds a message's length before it
    /// reaches the codec).
    pub fn decode_options(mut self, options: DecodeOptions) -> Self {
        self.options = options;
        self
    }
}

/// A client's codec, as [`Codec::for_client`].
impl<E, D> Default for Codec<E, D> {
    fn default() -> Self {
        Self::for_client()
    }
}

impl<E, D> fmt::Debug for Codec<E, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Codec")
            .field("decode_error", &self.decode_error)
            .field("options", &self.options)
            .finish()
    }
}

impl<E, D> tonic::codec::Codec for Codec<E, D>
where
    E: Message + Send + 'static,
    D: Message + Send + 'static,
{
    type Encode = E;
    type Decode = D;
    type Encoder = Encoder<E>;
    type Decoder = Decoder<D>;

    fn encoder(&mut self) -> Self::Encoder {
        Encoder(PhantomData)
    }

    fn decoder(&mut self) -> Self::Decoder {
        Decoder {
            code: self.decode_error,
            options: self.options,
            types: PhantomData,
        }
    }
}

/// The encoder of a [`Codec`]: a message into tonic's buffer.
#[derive(Debug)]
pub struct Encoder<E>(PhantomData<fn(E)>);

impl<E: Message> tonic::codec::Encoder for Encoder<E> {
    type Item = E;
    type Error = Status;

    fn encode(&mut self, item: E, dst: &mut EncodeBuf<'_>) -> Result<(), Status> {
        // What encoding refuses (a `required` field not set, nesting
        // deeper than decoding accepts) is this side's fault.
        item.encode_to_buf(dst)
            .map_err(|error| Status::internal(format!("cannot encode {}: {error}", E::NAME)))
    }
}

/// The decoder of a [`Codec`]: a message out of tonic's buffer.
#[derive(Debug)]
pub struct Decoder<D> {
    code: Code,
    options: DecodeOptions,
    types: PhantomData<fn() -> D>,
}

impl<D: Message> tonic::codec::Decoder for Decoder<D> {
    type Item = D;
    type Error = Status;

    fn decode(&mut self, src: &mut DecodeBuf<'_>) -> Result<Option<D>, Status> {
        // tonic's buffer is a `BytesMut`: this splits it, without a copy.
        let frame = src.copy_to_bytes(src.remaining());
        D::decode_shared_with(&frame, &self.options)
            .map(Some)
            .map_err(|error| decode_status(self.code, &error))
    }
}

fn decode_status(code: Code, error: &DecodeError) -> Status {
    Status::new(code, format!("cannot decode the message: {error}"))
}
