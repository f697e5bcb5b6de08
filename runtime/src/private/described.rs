//! What generated code with embedded descriptors calls (schemac's
//! `embed_descriptors` option): the body of a package's
//! `descriptor_pool()`, and `described!`, the [`Described`] impls of its
//! messages and enums.
//!
//! [`Described`]: crate::reflect::Described

use crate::reflect::{DescriptorPool, EnumDescriptor, MessageDescriptor};

/// The descriptor of a message or enum named `full_name`, which the pool
/// holds: schemac embedded the pool's descriptors with the type.
pub fn message_of(pool: &'static DescriptorPool, full_name: &str) -> MessageDescriptor<'static> {
    match pool.message(full_name) {
        Some(message) => message,
        None => unreachable!("schemac embedded the descriptor of {full_name}"),
    }
}

/// [`message_of`] for an enum.
pub fn enum_of(pool: &'static DescriptorPool, full_name: &str) -> EnumDescriptor<'static> {
    match pool.enumeration(full_name) {
        Some(enumeration) => enumeration,
        None => unreachable!("schemac embedded the descriptor of {full_name}"),
    }
}

/// The body of a package's generated `descriptor_pool()`: the pool of its
/// embedded `FileDescriptorSet`, made at first use.
#[doc(hidden)]
#[cfg(feature = "std")]
#[macro_export]
macro_rules! __descriptor_pool {
    ($set:expr) => {{
        static POOL: ::std::sync::OnceLock<$crate::reflect::DescriptorPool> =
            ::std::sync::OnceLock::new();
        POOL.get_or_init(|| match $crate::reflect::DescriptorPool::decode($set) {
            ::core::result::Result::Ok(pool) => pool,
            ::core::result::Result::Err(error) => {
                ::core::unreachable!("schemac embedded descriptors that do not read: {error}")
            }
        })
    }};
}

/// Without `std`, no pool is made at first use: a clear error instead.
#[doc(hidden)]
#[cfg(not(feature = "std"))]
#[macro_export]
macro_rules! __descriptor_pool {
    ($set:expr) => {
        ::core::compile_error!(
            "schemac's `embed_descriptors` option needs schemac-runtime's `std` feature for `descriptor_pool()`"
        )
    };
}

/// [`Described`](crate::reflect::Described) for each generated message or enum listed, by its Rust
/// type and full name, whose package's pool `$pool()` returns:
///
/// ```ignore
/// _rt::described!(
///     descriptor_pool;
///     message Book = "acme.catalog.v1.Book";
///     enum book::Format = "acme.catalog.v1.Book.Format";
/// );
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __described {
    ($pool:path; $($kind:ident $ty:ty = $full_name:literal;)*) => {
        $($crate::__described!(@one $kind $ty = $full_name in $pool);)*
    };
    (@one message $ty:ty = $full_name:literal in $pool:path) => {
        impl $crate::reflect::Described for $ty {
            type Descriptor = $crate::reflect::MessageDescriptor<'static>;

            fn descriptor() -> Self::Descriptor {
                $crate::__private::described::message_of($pool(), $full_name)
            }
        }
    };
    (@one enum $ty:ty = $full_name:literal in $pool:path) => {
        impl $crate::reflect::Described for $ty {
            type Descriptor = $crate::reflect::EnumDescriptor<'static>;

            fn descriptor() -> Self::Descriptor {
                $crate::__private::described::enum_of($pool(), $full_name)
            }
        }
    };
}
