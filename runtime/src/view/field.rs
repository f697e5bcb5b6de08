//! Reading one field of a view, and making it owned, for each shape a
//! field can have; the views' counterpart of [`crate::__private::field`], reading
//! through the same decode core (`merge.rs`).
//!
//! | shape | view type | merge | owned |
//! |---|---|---|---|
//! | implicit presence, oneof member | `C::View` | [`merge`] | [`owned`] |
//! | explicit presence | `Option<C::View>` | [`merge_optional`] | [`owned_optional`] |
//! | list, packed or not | `Vec<C::View>` | [`merge_repeated`] | [`owned_repeated`] |
//! | map | [`MapView<K::View, V::View>`] | [`merge_map`] | [`owned_map`] |

use super::{MapView, ViewCodec};
use crate::__private::merge::{self, Viewed};
use crate::decode::Decoder;
use crate::error::DecodeError;
use crate::prelude::*;
use crate::wire::WireType;

/// Reads a singular field into `view`, after checking its wire type.
#[inline]
pub fn merge<'a, C: ViewCodec<'a>>(
    wire_type: WireType,
    view: &mut C::View,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    merge::merge::<Viewed<C>>(wire_type, view, decoder)
}

/// Reads a field with explicit presence into `view`, merging into what is
/// there already.
#[inline]
pub fn merge_optional<'a, C: ViewCodec<'a>>(
    wire_type: WireType,
    view: &mut Option<C::View>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    merge::merge_optional::<Viewed<C>>(wire_type, view, decoder)
}

/// Reads one element, or a packed run of elements, onto the end of a list.
/// Both forms are accepted for numbers, whichever the writer chose.
#[inline]
pub fn merge_repeated<'a, C: ViewCodec<'a>>(
    wire_type: WireType,
    views: &mut Vec<C::View>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError> {
    merge::merge_repeated::<Viewed<C>>(wire_type, views, decoder)
}

/// Reads one map entry and appends it. A missing key or value reads as
/// the default.
#[inline]
pub fn merge_map<'a, K, V>(
    wire_type: WireType,
    map: &mut MapView<K::View, V::View>,
    decoder: &mut Decoder<'a>,
) -> Result<(), DecodeError>
where
    K: ViewCodec<'a>,
    V: ViewCodec<'a>,
{
    merge::merge_map::<Viewed<K>, Viewed<V>>(wire_type, map, decoder)
}

/// The owned value of a singular field.
#[inline]
pub fn owned<'a, C: ViewCodec<'a>>(view: &C::View) -> C::Value {
    C::owned(view)
}

/// The owned value of a field with explicit presence.
#[inline]
pub fn owned_optional<'a, C: ViewCodec<'a>>(view: &Option<C::View>) -> Option<C::Value> {
    view.as_ref().map(C::owned)
}

/// The owned list.
#[inline]
pub fn owned_repeated<'a, C: ViewCodec<'a>>(views: &[C::View]) -> Vec<C::Value> {
    views.iter().map(C::owned).collect()
}

/// The owned map, of whichever collection the owned message uses: the
/// entries inserted in wire order, so that a later entry under a key
/// replaces an earlier one, as in decoding.
#[inline]
pub fn owned_map<'a, K, V, M>(map: &MapView<K::View, V::View>) -> M
where
    K: ViewCodec<'a>,
    V: ViewCodec<'a>,
    M: Default + Extend<(K::Value, V::Value)>,
{
    let mut owned = M::default();
    owned.extend(
        map.iter()
            .map(|(key, value)| (K::owned(key), V::owned(value))),
    );
    owned
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::__private::codec::{Bytes, Int32, Sint64, String as Str};
    use crate::__private::field as owned_field;
    use crate::decode::DecodeOptions;

    fn decoder(bytes: &[u8]) -> Decoder<'_> {
        Decoder::new(bytes, &DecodeOptions::new()).unwrap()
    }

    #[test]
    fn lists_read_packed_and_unpacked_runs() {
        // Field 1: a packed run of -1, 2, then one unpacked 3.
        let bytes = [0x0a, 0x02, 0x01, 0x04, 0x08, 0x06];
        let mut d = decoder(&bytes);
        let mut read = Vec::new();
        while d.has_remaining() {
            let (_, wire_type) = d.read_key().unwrap();
            merge_repeated::<Sint64>(wire_type, &mut read, &mut d).unwrap();
        }
        assert_eq!(read, [-1, 2, 3]);
        assert_eq!(owned_repeated::<Sint64>(&read), [-1, 2, 3]);
    }

    #[test]
    fn a_bad_element_names_its_index_as_owned_decoding_does() {
        let bytes = [0x0a, 0x02, 0x01, 0x80];
        let mut d = decoder(&bytes);
        let (_, wire_type) = d.read_key().unwrap();
        let error = merge_repeated::<Int32>(wire_type, &mut Vec::new(), &mut d).unwrap_err();
        let mut d = decoder(&bytes);
        let (_, wire_type) = d.read_key().unwrap();
        let owned =
            owned_field::merge_repeated::<Int32>(wire_type, &mut Vec::new(), &mut d).unwrap_err();
        assert_eq!(error.path(), "[1]");
        assert_eq!(error, owned);
    }

    #[test]
    fn map_entries_are_kept_in_wire_order_and_the_last_wins_when_owned() {
        // Entries ("k", [1]), ("", [2]), ("k", [3]).
        let bytes = [
            0x1a, 0x06, 0x0a, 0x01, b'k', 0x12, 0x01, 0x01, //
            0x1a, 0x03, 0x12, 0x01, 0x02, //
            0x1a, 0x06, 0x0a, 0x01, b'k', 0x12, 0x01, 0x03,
        ];
        let mut d = decoder(&bytes);
        let mut map = MapView::new();
        while d.has_remaining() {
            let (_, wire_type) = d.read_key().unwrap();
            merge_map::<Str, Bytes>(wire_type, &mut map, &mut d).unwrap();
        }
        let keys: Vec<&str> = map.iter().map(|(key, _)| *key).collect();
        assert_eq!(keys, ["k", "", "k"]);
        assert_eq!(map.get("k"), Some(&&[3u8][..]));
        let owned: alloc::collections::BTreeMap<String, Vec<u8>> = owned_map::<Str, Bytes, _>(&map);
        assert_eq!(owned.len(), 2);
        assert_eq!(owned["k"], [3]);
    }

    #[test]
    fn strings_are_checked_and_borrowed() {
        let bytes = [0x03, b'a', 0xff, b'c'];
        let error = merge::<Str>(WireType::Len, &mut "", &mut decoder(&bytes)).unwrap_err();
        assert!(error.to_string().contains("UTF-8"), "{error}");
        let bytes = [0x02, b'h', b'i'];
        let mut read = "";
        merge::<Str>(WireType::Len, &mut read, &mut decoder(&bytes)).unwrap();
        assert_eq!(read, "hi");
        assert!(bytes.as_ptr_range().contains(&read.as_ptr()));
    }
}
