//! The fast path of packed runs of numbers: a whole run decoded at once.
//!
//! [`extend_varints`] and [`extend_fixed`] take a packed run's bytes and
//! append its values to a list, reserving once. They return `false`, with
//! the list as it was, on anything unusual (a truncated or overlong varint,
//! a run whose length is not a multiple of the width), so that the general
//! path ([`crate::merge::merge_repeated`]) reads the run again and reports
//! the error with its message, field path and offset, as it always has.

use crate::decode::varint_in;
use crate::prelude::*;

/// Appends the varints of `run` to `values`, each through `from_wire`,
/// and returns `true`; or returns `false` with `values` as it was if `run`
/// is not a sequence of valid varints of 1 to 10 bytes.
///
/// The terminator bytes (below `0x80`) are counted first, so that the
/// list grows once. One- and two-byte varints are read by a branch each;
/// longer ones, with ten bytes left, from a ten-byte chunk by an unrolled
/// loop, without a bounds check per byte. (Reading every varint from one
/// eight-byte word without a branch per byte, as this did before, cost
/// more time on `packed-10k`: docs/benchmarks.md.)
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
    let mut at = 0;
    while let Some(&first) = run.get(at) {
        // One- and two-byte varints, the most common, by a branch each.
        if first < 0x80 {
            values.push(from_wire(u64::from(first)));
            at += 1;
            continue;
        }
        let rest = &run[at..];
        let read = match rest.get(1) {
            Some(&second) if second < 0x80 => {
                Some((u64::from(first & 0x7f) | (u64::from(second) << 7), 2))
            }
            _ => match rest.first_chunk::<10>() {
                Some(chunk) => varint_in(chunk),
                None => varint_near_end(rest),
            },
        };
        let Some((value, length)) = read else {
            values.truncate(old_len);
            return false;
        };
        values.push(from_wire(value));
        at += length;
    }
    true
}

/// How many bytes of `run` are below `0x80`, each the last of a varint:
/// eight at a time, by their top bits, summed with one multiplication.
#[inline]
fn terminators(run: &[u8]) -> usize {
    let (words, rest) = run.as_chunks::<8>();
    let in_words: usize = words
        .iter()
        .map(|word| {
            // One bit per terminator, as the low bit of its byte; the
            // multiplication adds the eight bytes into the top one.
            let ones = (!u64::from_le_bytes(*word) & 0x8080_8080_8080_8080) >> 7;
            (ones.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
        })
        .sum();
    in_words + rest.iter().filter(|&&byte| byte < 0x80).count()
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

/// The varint at the start of `bytes`, fewer than ten of them, and its
/// length; `None` if no byte ends it.
#[inline]
fn varint_near_end(bytes: &[u8]) -> Option<(u64, usize)> {
    let mut value = 0u64;
    for (i, &byte) in bytes.iter().enumerate().take(9) {
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            return Some((value, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    //! The fast path against the general path, which reads a run value by
    //! value: the same values, or the same error at the same offset.

    use super::{extend_fixed, extend_varints};
    use crate::codec::{self, Codec};
    use crate::decode::{DecodeOptions, Decoder};
    use crate::merge::{self, General, Owned, Viewed};
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
