//! The view of a map field: its entries as they were read.

use crate::__private::merge::allocate_first;
use crate::prelude::*;
use core::borrow::Borrow;

/// The view of a `map<K, V>` field: every entry read, in wire order, keys
/// and values as views.
///
/// Decoding a view only appends: it neither sorts nor hashes, and keeps
/// an entry whose key appeared before. Protobuf's rule that the later
/// entry under a key wins is applied by [`get`](MapView::get), which looks
/// from the end, and by the owned message (`to_owned`), which inserts the
/// entries in order. Encoders write each key once, so entries are usually
/// unique; [`entries`](MapView::entries) shows them all either way.
///
/// ```
/// # use schemac_runtime::view::MapView;
/// let map: MapView<&str, i32> = MapView::from(vec![("a", 1), ("b", 2), ("a", 3)]);
/// assert_eq!(map.get("a"), Some(&3));
/// assert_eq!(map.get("c"), None);
/// assert_eq!(map.len(), 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MapView<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> MapView<K, V> {
    /// A map with no entries.
    pub const fn new() -> Self {
        Self {
            entries: Vec::new(),
        }
    }

    /// The entries read, in wire order, repeated keys included.
    pub fn entries(&self) -> &[(K, V)] {
        &self.entries
    }

    /// The entries, in wire order, repeated keys included.
    pub fn into_entries(self) -> Vec<(K, V)> {
        self.entries
    }

    /// How many entries were read, counting a repeated key each time.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no entry was read.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries, in wire order, repeated keys included.
    pub fn iter(&self) -> core::slice::Iter<'_, (K, V)> {
        self.entries.iter()
    }

    /// The value of the last entry whose key is `key`, as decoding into an
    /// owned map keeps; a linear search.
    pub fn get<Q>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
        Q: Eq + ?Sized,
    {
        self.entries
            .iter()
            .rev()
            .find(|(k, _)| k.borrow() == key)
            .map(|(_, value)| value)
    }
}

/// Entries read from the wire are appended, repeated keys included.
impl<K, V> Extend<(K, V)> for MapView<K, V> {
    #[inline]
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, entries: I) {
        for entry in entries {
            allocate_first(&mut self.entries);
            self.entries.push(entry);
        }
    }
}

impl<K, V> Default for MapView<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K, V> From<Vec<(K, V)>> for MapView<K, V> {
    fn from(entries: Vec<(K, V)>) -> Self {
        Self { entries }
    }
}

impl<'m, K, V> IntoIterator for &'m MapView<K, V> {
    type Item = &'m (K, V);
    type IntoIter = core::slice::Iter<'m, (K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

impl<K, V> IntoIterator for MapView<K, V> {
    type Item = (K, V);
    type IntoIter = alloc::vec::IntoIter<(K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}
