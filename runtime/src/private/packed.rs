//! The fast path of packed runs of numbers: a whole run decoded at once.
//!
//! [`extend_varints`] and [`extend_fixed`] take a packed run's bytes and
//! append its values to a list, reserving once. They return `false`, with
//! the list as it was, on anything unusual (a truncated or overlong varint,
//! a run whose length is not a multiple of the width), so that the general
//! path ([`crate::__private::merge::merge_repeated`]) reads the run again and reports
//! the error with its message, field path and offset, as it always has.

use crate::prelude::*;
use crate::wire::{varint_in, varint_near_end};

/// Appends the varints of `run` to `values`, each through `from_wire`,
/// and returns `true`; or returns `false` with `values` as it was if `run`
/// is not a sequence of valid varints of 1 to 10 bytes.
///
/// The terminator bytes (below `0x80`) are counted first, so that the
/// list grows once. Then one of two readers reads the run, chosen by its
/// first 64 bytes:
///
/// - **Varints of one length** ([`extend_each`]): a branch for a varint of
///   one byte and one for two, and ten bytes at once for a longer one.
///   The branches predict well when every varint is as long as the last.
/// - **Varints of varied lengths** ([`extend_by_blocks`]), as ids, deltas
///   and hashes are, whose lengths would make those branches mispredict
///   about once a varint: 64 bytes at a time, a block's terminators, as a
///   mask of one bit per byte, say where each varint ends, and a varint of
///   up to eight bytes is read from one eight-byte word whatever its
///   length. No branch depends on a varint's length.
///
/// On `packed-10k` (docs/journal/benchmarks-2026-12.md, "packed varints by
/// blocks"), the first reader alone took 121 µs and the choice 86 µs.
#[inline]
pub(crate) fn extend_varints<T>(
    values: &mut Vec<T>,
    run: &[u8],
    from_wire: impl Fn(u64) -> T,
) -> bool {
    match run.last() {
        None => return true,
        // The last varint would be truncated.
        Some(&last) if last >= 0x80 => return false,
        Some(_) => {}
    }
    let old_len = values.len();
    values.reserve(terminators(run));
    let read = match run.first_chunk::<BLOCK>() {
        Some(first) if lengths_vary(stops_in_block(first)) => {
            extend_by_blocks(values, run, &from_wire)
        }
        _ => extend_each(values, run, &from_wire),
    };
    if !read {
        values.truncate(old_len);
    }
    read
}

/// Appends the varints of `run` a block at a time ([`extend_block`]), and
/// those after its last whole block one by one. `false` as
/// [`extend_block`].
#[inline(always)]
fn extend_by_blocks<T>(values: &mut Vec<T>, run: &[u8], from_wire: &impl Fn(u64) -> T) -> bool {
    let (blocks, _) = run.as_chunks::<BLOCK>();
    let mut start = 0;
    for (index, block) in blocks.iter().enumerate() {
        if !extend_block(values, run, &mut start, index * BLOCK, block, from_wire) {
            return false;
        }
    }
    extend_each(values, &run[start..], from_wire)
}

/// The bytes whose terminators [`stops_in_block`] finds at once.
const BLOCK: usize = 64;

/// The terminators of `block`: bit `i` is set if byte `i` is below
/// `0x80`.
#[inline(always)]
fn stops_in_block(block: &[u8; BLOCK]) -> u64 {
    let (words, _) = block.as_chunks::<8>();
    words.iter().rev().fold(0, |stops, word| {
        // The multiplication gathers the word's eight bits into its top
        // byte, in order.
        stops << 8 | terminator_bits(word).wrapping_mul(0x0102_0408_1020_4080) >> 56
    })
}

/// Appends the varints that end in `block`, the block of `run` at `base`;
/// the first starts at `start`, which is left where the next begins.
/// `false` for a varint longer than ten bytes or whose tenth byte is over
/// 1.
#[inline(always)]
fn extend_block<T>(
    values: &mut Vec<T>,
    run: &[u8],
    start: &mut usize,
    base: usize,
    block: &[u8; BLOCK],
    from_wire: &impl Fn(u64) -> T,
) -> bool {
    let mut stops = stops_in_block(block);
    while stops != 0 {
        let end = base + stops.trailing_zeros() as usize;
        stops &= stops - 1;
        let length = end + 1 - *start;
        let word = run.get(*start..).and_then(|rest| rest.first_chunk::<8>());
        let value = match word {
            Some(word) if length <= 8 => gather(u64::from_le_bytes(*word), length),
            // Longer, or too near the run's end for a word.
            _ => match run.get(*start..).and_then(varint_at) {
                Some((value, _)) => value,
                None => return false,
            },
        };
        values.push(from_wire(value));
        *start = end + 1;
    }
    true
}

/// Whether the varints that end at the terminators `stops` (after the
/// first, which may have begun before them) are of more than one length,
/// as far as a cheap test tells: whether some terminator after the second
/// is not as far from one before it as the second is from the first.
#[inline(always)]
fn lengths_vary(stops: u64) -> bool {
    let later = stops & stops.wrapping_sub(1);
    if later == 0 {
        return false;
    }
    let length = later.trailing_zeros() - stops.trailing_zeros();
    later & !(stops << length) != 0
}

/// Appends the varints of `rest` one by one: a run whose varints are of
/// one length, one shorter than a block, or the bytes after a run's last
/// whole block. A branch takes a varint of one byte, one of two bytes,
/// and ten bytes at once a longer one. `false` as [`extend_block`].
#[inline(always)]
fn extend_each<T>(values: &mut Vec<T>, rest: &[u8], from_wire: &impl Fn(u64) -> T) -> bool {
    let mut at = 0;
    while let Some(&first) = rest.get(at) {
        if first < 0x80 {
            values.push(from_wire(u64::from(first)));
            at += 1;
            continue;
        }
        let (value, length) = match rest.get(at + 1) {
            Some(&second) if second < 0x80 => {
                (u64::from(first & 0x7f) | (u64::from(second) << 7), 2)
            }
            _ => match varint_at(&rest[at..]) {
                Some(read) => read,
                None => return false,
            },
        };
        values.push(from_wire(value));
        at += length;
    }
    true
}

/// The value of the varint of `length` bytes (1 to 8) at the start of
/// `word`, read little-endian: its seven-bit groups, gathered.
#[inline(always)]
fn gather(word: u64, length: usize) -> u64 {
    let bytes = word & (u64::MAX >> (64 - 8 * length));
    // Pairs of groups into 14 bits, then 28, then 56.
    let pairs = (bytes & 0x007f_007f_007f_007f) | (bytes & 0x7f00_7f00_7f00_7f00) >> 1;
    let quads = (pairs & 0x0000_3fff_0000_3fff) | (pairs & 0x3fff_0000_3fff_0000) >> 2;
    (quads & 0x0fff_ffff) | (quads & 0x0fff_ffff_0000_0000) >> 4
}

/// The varint at the start of `bytes` and its length, from a ten-byte
/// chunk where there are ten bytes; `None` if it is truncated, longer than
/// ten bytes, or ten with a last byte over 1.
#[inline]
fn varint_at(bytes: &[u8]) -> Option<(u64, usize)> {
    match bytes.first_chunk::<10>() {
        Some(chunk) => varint_in(chunk),
        None => varint_near_end(bytes),
    }
}

/// How many bytes of `run` are below `0x80`, each the last of a varint:
/// eight at a time, by their top bits, summed with one multiplication.
#[inline]
fn terminators(run: &[u8]) -> usize {
    let (words, rest) = run.as_chunks::<8>();
    let in_words: usize = words
        .iter()
        .map(|word| {
            // The multiplication adds the eight bytes into the top one.
            (terminator_bits(word).wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
        })
        .sum();
    in_words + rest.iter().filter(|&&byte| byte < 0x80).count()
}

/// The terminators of `word`, one bit for each, as the low bit of its
/// byte.
#[inline(always)]
fn terminator_bits(word: &[u8; 8]) -> u64 {
    (!u64::from_le_bytes(*word) & 0x8080_8080_8080_8080) >> 7
}

/// Appends the `N`-byte little-endian numbers of `run` to `values`, each
/// through `from_le`, and returns `true`; or returns `false` with `values`
/// as it was if `run`'s length is not a multiple of `N`.
#[inline]
pub(crate) fn extend_fixed<T, const N: usize>(
    values: &mut Vec<T>,
    run: &[u8],
    from_le: impl Fn([u8; N]) -> T,
) -> bool {
    let (chunks, rest) = run.as_chunks::<N>();
    if !rest.is_empty() {
        return false;
    }
    values.extend(chunks.iter().map(|chunk| from_le(*chunk)));
    true
}

#[cfg(test)]
mod tests {
    //! The fast path against the general path, which reads a run value by
    //! value: the same values, or the same error at the same offset.

    use super::{extend_fixed, extend_varints};
    use crate::__private::codec::{self, Codec};
    use crate::__private::merge::{self, General, Owned, Viewed};
    use crate::decode::{DecodeOptions, Decoder};
    use crate::message::Enumeration;
    use crate::prelude::*;
    use crate::wire::{self, WireType};
    use core::fmt::Debug;
    use proptest::prelude::*;

    /// An enum that keeps every number, as generated open enums do.
    #[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
    struct Number(i32);

    impl Enumeration for Number {
        const NAME: &'static str = "Number";
        fn number(self) -> i32 {
            self.0
        }
        fn from_number(number: i32) -> Self {
            Self(number)
        }
        fn name(self) -> Option<&'static str> {
            None
        }
        fn from_name(_: &str) -> Option<Self> {
            None
        }
    }

    type Outcome<T> = (Vec<T>, Result<usize, (String, usize)>);

    /// Reads `input` (a length prefix and a run, or whatever it holds) as
    /// one packed field of codec `M` onto a list already holding `before`.
    fn read<'a, M: merge::Merge<'a>>(input: &'a [u8], before: &[M::Target]) -> Outcome<M::Target>
    where
        M::Target: Clone,
    {
        let mut values = before.to_vec();
        let mut decoder = Decoder::new(input, &DecodeOptions::new()).unwrap();
        let result = merge::merge_repeated::<M>(WireType::Len, &mut values, &mut decoder)
            .map(|()| decoder.offset())
            .map_err(|error| (error.to_string(), error.offset()));
        (values, result)
    }

    /// The fast path of `C`, owned and viewed, agrees with the general path.
    fn agree<C>(input: &[u8])
    where
        C: for<'a> crate::view::ViewCodec<'a, View = <C as Codec>::Value>,
        C::Value: Clone + Debug,
    {
        let before = vec![C::Value::default()];
        let fast = read::<Owned<C>>(input, &before);
        let general = read::<Owned<General<C>>>(input, &before);
        // Debug, so that NaNs compare as equal.
        assert_eq!(
            format!("{fast:?}"),
            format!("{general:?}"),
            "input {input:02x?}"
        );
        let viewed = read::<Viewed<C>>(input, &before);
        assert_eq!(
            format!("{viewed:?}"),
            format!("{general:?}"),
            "input {input:02x?}"
        );
    }

    fn agree_all(input: &[u8]) {
        agree::<codec::Int32>(input);
        agree::<codec::Int64>(input);
        agree::<codec::Uint32>(input);
        agree::<codec::Uint64>(input);
        agree::<codec::Sint32>(input);
        agree::<codec::Sint64>(input);
        agree::<codec::Bool>(input);
        agree::<codec::Enum<Number>>(input);
        agree::<codec::Fixed32>(input);
        agree::<codec::Fixed64>(input);
        agree::<codec::Sfixed32>(input);
        agree::<codec::Sfixed64>(input);
        agree::<codec::Float>(input);
        agree::<codec::Double>(input);
    }

    /// One element of a run: a valid varint of a value of any size, or an
    /// invalid one (eleven bytes or more, a tenth byte over 1).
    fn element() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            8 => (0u32..=64, any::<u64>()).prop_map(|(bits, value)| {
                let value = if bits == 0 { 0 } else { value >> (64 - bits) };
                let mut bytes = Vec::new();
                wire::put_varint(&mut bytes, value);
                bytes
            }),
            1 => (11usize..14).prop_map(|length| {
                let mut bytes = vec![0x80; length - 1];
                bytes.push(0x01);
                bytes
            }),
            1 => (2u8..0x80).prop_map(|tenth| {
                let mut bytes = vec![0xff; 9];
                bytes.push(tenth);
                bytes
            }),
        ]
    }

    /// A run of elements, or random bytes, cut short or not, behind a
    /// length prefix that is exact, short or past the end.
    fn packed_input() -> impl Strategy<Value = Vec<u8>> {
        let run = prop_oneof![
            4 => prop::collection::vec(element(), 0..40).prop_map(|elements| elements.concat()),
            1 => prop::collection::vec(any::<u8>(), 0..120),
        ];
        (run, 0usize..4, -3i64..4, 0usize..12).prop_map(|(run, mode, shift, trailing)| {
            let mut run = run;
            // Sometimes truncate the run by a few bytes.
            if mode == 1 {
                let cut = run.len().min(trailing);
                run.truncate(run.len() - cut);
            }
            let claimed = match mode {
                // A length past the bytes there are, or short of them.
                2 => (run.len() as i64 + shift.abs() + 1) as u64,
                3 => (run.len() as i64 - shift.abs()).max(0) as u64,
                _ => run.len() as u64,
            };
            let mut input = Vec::new();
            wire::put_varint(&mut input, claimed);
            input.extend_from_slice(&run);
            // Bytes after the field, which the read must not take.
            input.extend(core::iter::repeat_n(0x7f, trailing % 3));
            input
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_fast_path_reads_as_the_general_path(input in packed_input()) {
            agree_all(&input);
        }

        #[test]
        fn terminators_are_the_bytes_below_0x80(bytes in proptest::collection::vec(any::<u8>(), 0..100)) {
            let expected = bytes.iter().filter(|&&byte| byte < 0x80).count();
            prop_assert_eq!(super::terminators(&bytes), expected);
        }

        #[test]
        fn fixed_width_runs_read_as_the_general_path(
            words in prop::collection::vec(any::<u64>(), 0..40),
            cut in 0usize..8,
        ) {
            let mut run: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            run.truncate(run.len().saturating_sub(cut));
            let mut input = Vec::new();
            wire::put_varint(&mut input, run.len() as u64);
            input.extend_from_slice(&run);
            agree_all(&input);
        }
    }

    proptest! {
        /// Every valid run is taken by the fast path itself, not by the
        /// fallback, whatever the lengths of its varints (1 to 10 bytes):
        /// a varint length read wrong would decline, which agreeing with
        /// the general path alone cannot tell.
        #[test]
        fn every_valid_run_takes_the_fast_path(
            values in prop::collection::vec((any::<u64>(), 0u32..64), 0..40),
        ) {
            let values: Vec<u64> = values.iter().map(|&(value, shift)| value >> shift).collect();
            let mut run = Vec::new();
            for &value in &values {
                wire::put_varint(&mut run, value);
            }
            let mut read = Vec::new();
            prop_assert!(extend_varints(&mut read, &run, |w| w));
            prop_assert_eq!(read, values);
        }
    }

    /// The values of a run of `count` varints: of `bits` bits each
    /// (their top bit set), so all of one length, or, if `varied`, of up
    /// to `bits` bits, so of many; drawn from `seed`.
    fn values(bits: u32, count: usize, varied: bool, seed: &mut u64) -> Vec<u64> {
        (0..count)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let width = if varied {
                    *seed as u32 % (bits + 1)
                } else {
                    bits
                };
                match width {
                    0 => 0,
                    width => (*seed >> (64 - width)) | 1 << (width - 1),
                }
            })
            .collect()
    }

    proptest! {
        /// Runs of several blocks, whose varints are of one length, of
        /// many, or of one and then many, read as written, and as the
        /// general path reads them with an invalid varint put anywhere in
        /// them: both readers, the choice between them, and a failure in
        /// any block.
        #[test]
        fn long_runs_of_one_length_or_many_read_as_written(
            parts in prop::collection::vec((0u32..=64, 0usize..150, any::<bool>()), 1..4),
            seed in 1u64..,
            invalid_at in any::<prop::sample::Index>(),
        ) {
            let mut seed = seed;
            let values: Vec<u64> = parts
                .iter()
                .flat_map(|&(bits, count, varied)| values(bits, count, varied, &mut seed))
                .collect();
            let mut run = Vec::new();
            let mut starts = Vec::new();
            for &value in &values {
                starts.push(run.len());
                wire::put_varint(&mut run, value);
            }
            let mut read = vec![7u64];
            prop_assert!(extend_varints(&mut read, &run, |w| w));
            prop_assert_eq!(&read[1..], &values[..]);

            let at = starts.get(invalid_at.index(starts.len().max(1))).copied().unwrap_or(0);
            let mut invalid = run.clone();
            invalid.splice(at..at, [0x80; 10].into_iter().chain([0x01]));
            let mut input = Vec::new();
            wire::put_varint(&mut input, invalid.len() as u64);
            input.extend_from_slice(&invalid);
            agree_all(&input);
        }
    }

    /// The choice of reader: runs of one length, whatever the length
    /// of a varint begun in the block before, go one by one; runs of
    /// several lengths by blocks.
    #[test]
    fn lengths_vary_tells_one_length_from_many() {
        // Terminators every 1, 2 and 4 bytes, after a first varint of
        // another length; none at all.
        for stops in [u64::MAX, 0xaaaa_aaaa_aaaa_aaaa, 0x2222_2222_2222_2222, 0] {
            assert!(!super::lengths_vary(stops), "{stops:#x}");
        }
        // Lengths 1, 2, 3 over and over; one 2 among 1s.
        let cycle = (0..64).filter(|at| [0, 2, 5].contains(&(at % 6)));
        let mixed = cycle.fold(0u64, |stops, at| stops | 1 << at);
        for stops in [mixed, !(1 << 40)] {
            assert!(super::lengths_vary(stops), "{stops:#x}");
        }
    }

    #[test]
    fn valid_runs_take_the_fast_path() {
        let mut run = Vec::new();
        for value in [
            0,
            1,
            127,
            128,
            300,
            u64::from(u32::MAX),
            1 << 56,
            u64::MAX,
            1 << 63,
        ] {
            wire::put_varint(&mut run, value);
        }
        let mut values = Vec::new();
        assert!(extend_varints(&mut values, &run, |w| w));
        assert_eq!(
            values,
            [
                0,
                1,
                127,
                128,
                300,
                u64::from(u32::MAX),
                1 << 56,
                u64::MAX,
                1 << 63
            ]
        );
        let mut fixed = vec![7u32];
        assert!(extend_fixed(
            &mut fixed,
            &[1, 0, 0, 0, 2, 0, 0, 1],
            u32::from_le_bytes
        ));
        assert_eq!(fixed, [7, 1, 0x0100_0002]);
    }

    #[test]
    fn unusual_runs_are_declined_and_leave_the_list_as_it_was() {
        let mut values = vec![5u64];
        // Truncated, eleven bytes long, a tenth byte over 1.
        for run in [
            &[0x96][..],
            &[0x80; 10],
            &[
                0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02,
            ],
        ] {
            assert!(!extend_varints(&mut values, run, |w| w), "{run:02x?}");
            assert_eq!(values, [5]);
        }
        let mut fixed = vec![5u64];
        assert!(!extend_fixed(&mut fixed, &[0; 9], u64::from_le_bytes));
        assert_eq!(fixed, [5]);
    }
}
