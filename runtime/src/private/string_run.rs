//! Runs of strings in a list: the elements of a `list<string>` that follow
//! one another, each under the same one-byte key and shorter than 128
//! bytes, are checked as UTF-8 in one call rather than one call each.
//!
//! Between two such strings stand only a key and a length, one byte each
//! and both under `0x80`, that is ASCII. An ASCII byte can neither end nor
//! continue a character that a string boundary would cut, so the bytes
//! from the first string's length to the last string's end are UTF-8
//! exactly when every string of the run is; and each string is then a
//! slice of that text at character boundaries, taken without a second
//! check. Short strings are where checking one at a time costs most: the
//! call and its setup, for a few bytes each. A run is long, so it is
//! checked by `simdutf8`, with SIMD where the processor has it (chosen at
//! run time with `std`), which also says where an invalid byte is.
//!
//! A run with a string that is not UTF-8 is read up to the string before
//! it; that string is left to the general path, which reports it with its
//! index and offset as before. So errors are unchanged, and no byte is
//! scanned more than twice.

use crate::decode::Decoder;
use crate::prelude::*;

/// The strings of a run, in order: the run's text, made of a length byte,
/// the string, and then, for each further string, the key, its length
/// byte and itself.
#[derive(Debug)]
pub(crate) struct StringRun<'a> {
    text: &'a str,
    left: usize,
}

impl<'a> Iterator for StringRun<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        let length = usize::from(*self.text.as_bytes().first()?);
        // Both ends follow or precede an ASCII byte of a checked text (see
        // the module's docs), so they are character boundaries.
        let string = self.text.get(1..1 + length)?;
        // Past the key, when a string follows.
        self.text = self.text.get(2 + length..).unwrap_or_default();
        self.left -= 1;
        Some(string)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<'a> StringRun<'a> {
    /// Pushes each string of the run, made into an owned `T` by `own`,
    /// onto `values`.
    ///
    /// One at a time, the list growing by doubling, rather than reserved
    /// for the whole run first, as a list of views is: an owned string
    /// allocates, and with glibc's allocator a first request of a kilobyte
    /// or more, made while small blocks freed earlier wait for reuse (the
    /// strings of the last list dropped), first merges them all, after
    /// which every string's allocation takes the slow path. Growing by
    /// `realloc` extends the list in place instead. Reserving the run made
    /// `strings-2000` decode in 846,000 instructions and 54 µs; pushing,
    /// 574,000 and 34 µs (docs/journal/benchmarks-2026-12.md, "owned string runs
    /// grow as they go").
    #[inline]
    pub(crate) fn push_owned<T>(self, values: &mut Vec<T>, own: impl Fn(&'a str) -> T) {
        for string in self {
            values.push(own(string));
        }
    }
}

impl<'a> Decoder<'a> {
    /// Reads the run of strings that starts at a list's element, whose key
    /// was just read, when that key is one byte: the element and each one
    /// directly after it under the same key, each shorter than 128 bytes,
    /// up to the first that is not UTF-8. `None`, with nothing read, when
    /// the element is not such a string; the general path reads it.
    pub(crate) fn read_string_run(&mut self) -> Option<StringRun<'a>> {
        let &[key] = self.last_key() else {
            return None;
        };
        let rest = self.rest();
        let (mut left, mut end) = run_within(rest, key, rest.len());
        if left == 0 {
            return None;
        }
        let text = match simdutf8::compat::from_utf8(&rest[..end]) {
            Ok(text) => text,
            Err(error) => {
                // The strings before the one that is not UTF-8, which ends
                // after a key: a character boundary.
                (left, end) = run_within(rest, key, error.valid_up_to());
                if left == 0 {
                    return None;
                }
                simdutf8::basic::from_utf8(&rest[..end]).ok()?
            }
        };
        self.advance(end);
        Some(StringRun { text, left })
    }
}

/// How many strings of a run under `key` begin `bytes` and end by `limit`
/// (at most `bytes.len()`), and where the last of them ends.
#[inline]
fn run_within(bytes: &[u8], key: u8, limit: usize) -> (usize, usize) {
    let (mut count, mut run_end, mut at) = (0, 0, 0);
    while let Some(&length) = bytes.get(at) {
        let string_end = at + 1 + usize::from(length);
        if length >= 0x80 || string_end > limit {
            break;
        }
        count += 1;
        run_end = string_end;
        if bytes.get(string_end) != Some(&key) {
            break;
        }
        at = string_end + 1;
    }
    (count, run_end)
}

#[cfg(test)]
mod tests {
    //! The run against the general path, which reads a list string by
    //! string: the same strings, or the same error at the same offset.

    use crate::__private::codec::{self, Codec};
    use crate::__private::merge::{self, General, Merge, Owned, Viewed};
    use crate::__private::representations::StringAs;
    use crate::decode::{DecodeOptions, Decoder};
    use crate::prelude::*;
    use crate::wire::{self, WireType};
    use proptest::prelude::*;

    type Outcome = (Vec<String>, Result<usize, (String, usize)>);

    /// Reads `input` as a message whose field 1 is a list of strings read
    /// by `M`, skipping its other fields, as generated code does.
    fn read<'a, M: Merge<'a>>(input: &'a [u8], text: impl Fn(&M::Target) -> String) -> Outcome {
        let mut list = Vec::new();
        let mut decoder = Decoder::new(input, &DecodeOptions::new()).unwrap();
        let result = crate::message::merge_fields(
            &mut decoder,
            |number, wire_type, decoder| match number {
                1 => merge::merge_repeated::<M>(wire_type, &mut list, decoder),
                _ => decoder.skip(wire_type),
            },
            |_| Some("items"),
        );
        let result = result
            .map(|()| decoder.offset())
            .map_err(|error| (error.to_string(), error.offset()));
        (list.iter().map(text).collect(), result)
    }

    /// Every reader of a list of strings agrees with the general path.
    fn agree(input: &[u8]) {
        let general = read::<Owned<General<codec::String>>>(input, String::clone);
        let readers = [
            read::<Owned<codec::String>>(input, String::clone),
            read::<Viewed<codec::String>>(input, |view: &&str| (*view).to_owned()),
            read::<Owned<StringAs<Box<str>>>>(input, |held| String::from(&**held)),
            read::<Viewed<StringAs<Box<str>>>>(input, |view: &&str| (*view).to_owned()),
        ];
        for outcome in readers {
            assert_eq!(outcome, general, "input {input:02x?}");
        }
    }

    /// A field: a string of the list (valid or not), a string of another
    /// field, a number, or a string of the list under a two-byte key.
    fn field() -> impl Strategy<Value = Vec<u8>> {
        let string = prop_oneof![
            6 => "\\PC{0,40}".prop_map(String::into_bytes),
            1 => proptest::collection::vec(any::<u8>(), 0..200),
            1 => "[a-z]{120,140}".prop_map(String::into_bytes),
        ];
        (0u8..10, string, any::<u32>()).prop_map(|(kind, payload, number)| {
            let mut bytes = Vec::new();
            match kind {
                0 => wire::put_varint(&mut bytes, u64::from(wire::key(2, WireType::Len))),
                1 => wire::put_varint(&mut bytes, u64::from(wire::key(3, WireType::Varint))),
                _ => bytes.push(wire::key(1, WireType::Len) as u8),
            }
            if kind == 1 {
                wire::put_varint(&mut bytes, u64::from(number));
            } else {
                wire::put_varint(&mut bytes, payload.len() as u64);
                bytes.extend_from_slice(&payload);
            }
            bytes
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn runs_read_what_the_general_path_reads(
            fields in proptest::collection::vec(field(), 0..30),
            cut in any::<prop::sample::Index>(),
        ) {
            let input = fields.concat();
            agree(&input);
            // Cut anywhere: a length past the end, or a key cut short.
            agree(&input[..cut.index(input.len() + 1)]);
        }
    }

    #[test]
    fn a_run_of_short_strings_is_read_in_one_step() {
        let strings = ["", "tag", "naïve", "日本語", "x"];
        let mut input = Vec::new();
        for string in strings {
            input.push(wire::key(1, WireType::Len) as u8);
            input.push(string.len() as u8);
            input.extend_from_slice(string.as_bytes());
        }
        // Then a string that is not UTF-8, which ends the run.
        input.extend_from_slice(&[0x0a, 2, 0xc3, 0x28]);
        let at_first = || {
            let mut decoder = Decoder::new(&input, &DecodeOptions::new()).unwrap();
            assert_eq!(decoder.read_key().unwrap(), (1, WireType::Len));
            decoder
        };
        let mut owned = Vec::new();
        assert!(codec::String::extend_run(&mut owned, &mut at_first()));
        assert_eq!(owned, strings);
        let mut views = Vec::new();
        let mut decoder = at_first();
        assert!(<codec::String as crate::view::ViewCodec>::extend_run_views(
            &mut views,
            &mut decoder
        ));
        assert_eq!(views, strings);
        // The run stops before the key of the string that is not UTF-8.
        assert_eq!(decoder.offset(), input.len() - 4);
        agree(&input);
        let (read, error) = read::<Owned<codec::String>>(&input, String::clone);
        assert_eq!(read, strings);
        assert_eq!(
            error.unwrap_err().1,
            input.len() - 3,
            "the error is at the bad string's length, as before"
        );
    }
}
