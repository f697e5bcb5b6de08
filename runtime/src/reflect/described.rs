//! Generated types that reach their descriptors (schemac's
//! `embed_descriptors` option): each package embeds the descriptors of its files, and
//! `_rt::described!` gives each message and enum its own.

/// A generated message or enum that knows its descriptor: generated with
/// schemac's `embed_descriptors` option (`Builder::embed_descriptors(true)`,
/// `--embed-descriptors`), which also needs this crate's `reflect` and
/// `std` features.
///
/// ```ignore
/// use schemac_runtime::reflect::Described;
/// let order = shop::Order::descriptor();
/// assert_eq!(order.full_name(), "shop.Order");
/// ```
pub trait Described {
    /// [`MessageDescriptor`](super::MessageDescriptor) or
    /// [`EnumDescriptor`](super::EnumDescriptor).
    type Descriptor;

    /// Its descriptor, in the pool of its package's embedded descriptors
    /// (the package's `descriptor_pool()`).
    fn descriptor() -> Self::Descriptor;
}
