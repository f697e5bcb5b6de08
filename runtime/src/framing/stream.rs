//! Frames over `std::io`: [`FrameReader`] and [`FrameWriter`].

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::marker::PhantomData;

use crate::decode::DecodeOptions;
use crate::error::DecodeError;
use crate::message::Message;

/// The longest frame a [`FrameReader`] accepts unless told otherwise:
/// 64 MiB.
pub const DEFAULT_MAX_FRAME_LEN: usize = 64 << 20;

/// The frame buffer a reader keeps for the next frame, at most; a larger
/// one is dropped once its frame is decoded.
const RETAINED_FRAME: usize = 1 << 20;

/// An iterator over the length-delimited messages of a stream: each a
/// varint length, then that many bytes of the message.
///
/// The reader reads one frame at a time, through a [`BufReader`] of its
/// own, so the stream is never read whole, and a frame's bytes are read
/// only as far as the stream holds them: a length prefix that claims more
/// than the stream has allocates no more than what came. A prefix over
/// the maximum frame length ([`DEFAULT_MAX_FRAME_LEN`], or the smaller of
/// [`max_frame_len`](Self::max_frame_len) and the options'
/// [`max_input_len`](DecodeOptions::max_input_len)) is refused before
/// anything is read for it.
///
/// Iteration ends when the stream ends between two frames. A stream that
/// ends inside a prefix or a frame, a prefix that is no varint, a frame
/// over the maximum and an I/O error each give one error, after which
/// iteration ends, since the stream can no longer be followed. A frame
/// whose message does not decode gives its error, and iteration goes on
/// with the next frame. Reads interrupted by a signal
/// ([`io::ErrorKind::Interrupted`]) are retried.
///
/// ```
/// use schemac_runtime::Message;
/// use schemac_runtime::framing::FrameReader;
/// use schemac_runtime::wkt::Duration;
///
/// let mut stream = Vec::new();
/// Duration { seconds: 7, nanos: 0 }.encode_length_delimited(&mut stream)?;
/// let mut frames = FrameReader::<_, Duration>::new(&stream[..]).max_frame_len(1024);
/// assert_eq!(frames.next().transpose()?, Some(Duration { seconds: 7, nanos: 0 }));
/// assert!(frames.next().is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct FrameReader<R, M> {
    reader: BufReader<R>,
    /// The bytes of the frame being read, kept for the next.
    frame: Vec<u8>,
    options: DecodeOptions,
    max_frame_len: usize,
    /// The frames read so far: the index of the next.
    frames: u64,
    /// The stream offset of the next frame's first byte.
    offset: u64,
    done: bool,
    message: PhantomData<fn() -> M>,
}

impl<R: Read, M: Message> FrameReader<R, M> {
    /// A reader of the frames of `reader`, decoded with the default
    /// [`DecodeOptions`], each at most [`DEFAULT_MAX_FRAME_LEN`] bytes.
    pub fn new(reader: R) -> Self {
        Self {
            reader: BufReader::new(reader),
            frame: Vec::new(),
            options: DecodeOptions::new(),
            max_frame_len: DEFAULT_MAX_FRAME_LEN,
            frames: 0,
            offset: 0,
            done: false,
            message: PhantomData,
        }
    }

    /// Decodes each frame within the limits of `options`; their
    /// `max_input_len` bounds the frame length too.
    pub fn options(mut self, options: DecodeOptions) -> Self {
        self.options = options;
        self
    }

    /// Sets the longest frame accepted, in bytes, not counting its prefix.
    pub fn max_frame_len(mut self, max: usize) -> Self {
        self.max_frame_len = max;
        self
    }

    /// How many frames were read so far, those that failed to decode
    /// included.
    pub fn frames_read(&self) -> u64 {
        self.frames
    }

    /// How many bytes of the stream the frames read so far took.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The stream being read.
    pub fn get_ref(&self) -> &R {
        self.reader.get_ref()
    }

    /// The buffered stream, holding what was read ahead of the frames.
    pub fn into_inner(self) -> BufReader<R> {
        self.reader
    }

    /// Reads the next frame: `Ok(None)` when the stream ends cleanly,
    /// between two frames. This is what the iterator calls, without its
    /// ending after an error.
    pub fn read_frame(&mut self) -> Result<Option<M>, FrameError> {
        let Some((length, prefix)) = self.read_prefix()? else {
            return Ok(None);
        };
        let max = self.max_frame_len.min(self.options.get_max_input_len());
        let length = match usize::try_from(length) {
            Ok(length) if length <= max => length,
            _ => return Err(self.error(FrameErrorKind::TooLarge { length, max }, 0)),
        };
        self.frame.clear();
        let read = (&mut self.reader)
            .take(length as u64)
            .read_to_end(&mut self.frame)
            .map_err(|e| self.error(FrameErrorKind::Io(e), prefix))?;
        if read < length {
            let kind = FrameErrorKind::TruncatedFrame { length, read };
            return Err(self.error(kind, prefix + read));
        }
        let decoded = M::decode_with(&self.frame, &self.options);
        if self.frame.capacity() > RETAINED_FRAME {
            self.frame = Vec::new();
        }
        let start = prefix as u64;
        let result = decoded.map_err(|e| {
            let at = e.offset() as u64 + start;
            let mut error = self.error(FrameErrorKind::Decode(e), 0);
            error.offset += at;
            error
        });
        // The frame was read whole, so the stream is still in step.
        self.frames += 1;
        self.offset += (prefix + length) as u64;
        result.map(Some)
    }

    /// The next frame's length prefix and its length in bytes, or `None`
    /// at the end of the stream.
    fn read_prefix(&mut self) -> Result<Option<(u64, usize)>, FrameError> {
        let mut value = 0u64;
        for index in 0..10 {
            let byte = match self.next_byte() {
                Ok(Some(byte)) => byte,
                Ok(None) if index == 0 => return Ok(None),
                Ok(None) => return Err(self.error(FrameErrorKind::TruncatedPrefix, index)),
                Err(e) => return Err(self.error(FrameErrorKind::Io(e), index)),
            };
            // The tenth byte holds the 64th bit only.
            if index == 9 && byte > 1 {
                return Err(self.error(FrameErrorKind::InvalidPrefix, 0));
            }
            value |= u64::from(byte & 0x7f) << (7 * index);
            if byte < 0x80 {
                return Ok(Some((value, index + 1)));
            }
        }
        Err(self.error(FrameErrorKind::InvalidPrefix, 0))
    }

    /// The next byte of the stream, or `None` at its end.
    fn next_byte(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.reader.fill_buf() {
                Ok(buffered) => {
                    let Some(&byte) = buffered.first() else {
                        return Ok(None);
                    };
                    self.reader.consume(1);
                    return Ok(Some(byte));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// An error in the frame being read, found `into` bytes into it.
    fn error(&self, kind: FrameErrorKind, into: usize) -> FrameError {
        FrameError {
            kind,
            frame: self.frames,
            frame_offset: self.offset,
            offset: self.offset + into as u64,
        }
    }
}

impl<R: Read, M: Message> Iterator for FrameReader<R, M> {
    type Item = Result<M, FrameError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.read_frame() {
            Ok(Some(message)) => Some(Ok(message)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(error) => {
                // Only a frame read whole leaves the stream in step.
                self.done = error.decode_error().is_none();
                Some(Err(error))
            }
        }
    }
}

impl<R, M> fmt::Debug for FrameReader<R, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FrameReader")
            .field("options", &self.options)
            .field("max_frame_len", &self.max_frame_len)
            .field("frames", &self.frames)
            .field("offset", &self.offset)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

/// Writes messages to a stream, each as a length-delimited frame, through
/// a buffer it keeps for the next.
///
/// It writes each frame with one `write_all`; wrap a file or a socket in
/// a [`std::io::BufWriter`] to gather small frames into fewer writes.
#[derive(Debug)]
pub struct FrameWriter<W> {
    writer: W,
    buf: Vec<u8>,
}

impl<W: Write> FrameWriter<W> {
    /// A writer of frames to `writer`.
    pub fn new(writer: W) -> Self {
        Self {
            writer,
            buf: Vec::new(),
        }
    }

    /// Writes `message` as one frame. A message that does not encode (see
    /// [`Message::encode`]) is an error of kind
    /// [`io::ErrorKind::InvalidInput`] holding the
    /// [`EncodeError`](crate::EncodeError), and nothing is written.
    pub fn write<M: Message>(&mut self, message: &M) -> io::Result<()> {
        self.buf.clear();
        message
            .encode_length_delimited(&mut self.buf)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
        let written = self.writer.write_all(&self.buf);
        if self.buf.capacity() > RETAINED_FRAME {
            self.buf = Vec::new();
        }
        written
    }

    /// Flushes the stream.
    pub fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }

    /// The stream written to.
    pub fn get_ref(&self) -> &W {
        &self.writer
    }

    /// The stream written to, mutably.
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.writer
    }

    /// The stream written to.
    pub fn into_inner(self) -> W {
        self.writer
    }
}

/// Writes `message` to `writer` as one length-delimited frame; see
/// [`FrameWriter::write`], which keeps its buffer from one frame to the
/// next.
pub fn write_length_delimited<M: Message, W: Write + ?Sized>(
    writer: &mut W,
    message: &M,
) -> io::Result<()> {
    let bytes = message
        .try_encode_length_delimited_to_vec()
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    writer.write_all(&bytes)
}

/// Why a [`FrameReader`] could not read a frame: what went wrong, in which
/// frame (counting from 0) and where in the stream.
#[derive(Debug)]
pub struct FrameError {
    kind: FrameErrorKind,
    frame: u64,
    frame_offset: u64,
    offset: u64,
}

#[derive(Debug)]
enum FrameErrorKind {
    Io(io::Error),
    TruncatedPrefix,
    InvalidPrefix,
    TruncatedFrame { length: usize, read: usize },
    TooLarge { length: u64, max: usize },
    Decode(DecodeError),
}

impl FrameError {
    /// The index of the frame, the stream's first being 0.
    pub fn frame(&self) -> u64 {
        self.frame
    }

    /// The stream offset of the frame's first byte, that of its prefix.
    pub fn frame_offset(&self) -> u64 {
        self.frame_offset
    }

    /// The stream offset where the problem was found; for a message that
    /// does not decode, its [`DecodeError::offset`] counted from the
    /// stream's start.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Why the frame's message did not decode, if that was the problem.
    pub fn decode_error(&self) -> Option<&DecodeError> {
        match &self.kind {
            FrameErrorKind::Decode(error) => Some(error),
            _ => None,
        }
    }

    /// The error of the stream, if reading it failed.
    pub fn io_error(&self) -> Option<&io::Error> {
        match &self.kind {
            FrameErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }

    /// Whether the stream ended inside a frame or its prefix.
    pub fn is_truncated(&self) -> bool {
        matches!(
            self.kind,
            FrameErrorKind::TruncatedPrefix | FrameErrorKind::TruncatedFrame { .. }
        )
    }

    /// Whether the prefix claimed more than the maximum frame length.
    pub fn is_too_large(&self) -> bool {
        matches!(self.kind, FrameErrorKind::TooLarge { .. })
    }
}

impl fmt::Display for FrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "frame {} (at byte {} of the stream): ",
            self.frame, self.frame_offset
        )?;
        match &self.kind {
            FrameErrorKind::Io(error) => write!(f, "reading the stream failed: {error}"),
            FrameErrorKind::TruncatedPrefix => {
                f.write_str("the stream ends inside the length prefix")
            }
            FrameErrorKind::InvalidPrefix => {
                f.write_str("length prefix longer than 10 bytes or over 64 bits")
            }
            FrameErrorKind::TruncatedFrame { length, read } => write!(
                f,
                "the stream ends after {read} of the frame's {length} bytes"
            ),
            FrameErrorKind::TooLarge { length, max } => write!(
                f,
                "length prefix of {length} bytes exceeds the maximum frame length of {max}"
            ),
            FrameErrorKind::Decode(error) => {
                write!(
                    f,
                    "{error} of the frame (byte {} of the stream)",
                    self.offset
                )
            }
        }
    }
}

impl std::error::Error for FrameError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            FrameErrorKind::Io(error) => Some(error),
            FrameErrorKind::Decode(error) => Some(error),
            _ => None,
        }
    }
}
