//! The code build.rs generated with each option, one module per option
//! (see build.rs), and tests that it compiles, round-trips and has the
//! promised shape.

/// The runtime, re-exported: the `reexport` module names it
/// `crate::support::runtime`.
pub mod support {
    pub use ::runtime;

    /// A hasher of the crate's choosing, for `mixed_maps`: std's SipHash
    /// with fixed keys.
    pub type FixedHasher =
        ::std::hash::BuildHasherDefault<::std::collections::hash_map::DefaultHasher>;
}

/// `scalars.schema` with `HashMap` maps, JSON and views.
pub mod hash {
    include!(concat!(env!("OUT_DIR"), "/hash/mod.rs"));
}

/// `scalars.schema` with map types by path: `HashMap`, but `BTreeMap` for
/// `Maps.by_string` and a `HashMap` with [`support::FixedHasher`] for
/// `Maps.points`.
pub mod mixed_maps {
    include!(concat!(env!("OUT_DIR"), "/mixed_maps/mod.rs"));
}

/// `scalars.schema` and `money.schema` with `LiteMap` maps, JSON and
/// views.
pub mod lite {
    include!(concat!(env!("OUT_DIR"), "/lite/mod.rs"));
}

/// `scalars.schema` and `shapes.schema` with string types by path:
/// `Box<str>`, but `Arc<str>` in `OptionalScalars` and `Shape.label`, and
/// `CompactString` in `Lists` and `Drawing.title`; and every `bytes` as
/// `bytes::Bytes`.
pub mod representations {
    include!(concat!(env!("OUT_DIR"), "/representations/mod.rs"));
}

/// `order.schema` with the runtime reached through [`crate::support`].
pub mod reexport {
    include!(concat!(env!("OUT_DIR"), "/reexport/mod.rs"));
}

/// The `evolution` schemas with every message keeping its unknown fields.
pub mod kept {
    include!(concat!(env!("OUT_DIR"), "/kept/mod.rs"));
}

/// `paths.schema` with the path options: `serde::Serialize` and serde
/// attributes by path, `Secret` without a derived `Debug`, `Profile.best`
/// boxed.
pub mod by_path {
    include!(concat!(env!("OUT_DIR"), "/by_path/mod.rs"));

    /// The `Debug` that `skip_debug` leaves to the crate: it never shows
    /// the token.
    impl ::std::fmt::Debug for paths::Secret {
        fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
            f.write_str("Secret(..)")
        }
    }
}

/// `present.schema` with `always_present(".present")`.
pub mod always_present {
    include!(concat!(env!("OUT_DIR"), "/present/mod.rs"));
}

/// `paths.schema` and `present.schema` with the defaults.
pub mod plain {
    include!(concat!(env!("OUT_DIR"), "/plain/mod.rs"));
}

/// `extern_user.schema`, whose imported types are schemac-generated's.
pub mod extern_user {
    include!(concat!(env!("OUT_DIR"), "/extern_user/mod.rs"));
}

/// schemac-generated's types under other names, where the extern paths of
/// one type and of one enclosing message point.
pub mod renamed {
    pub use schemac_generated::shapes::Shape as Figure;
    pub use schemac_generated::world::geo::{Coordinates as Point, CoordinatesView as PointView};

    /// The types nested in [`Figure`].
    pub mod figure {
        pub use schemac_generated::shapes::shape::*;
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod path_tests;

#[cfg(test)]
mod extern_tests;

#[cfg(test)]
mod map_tests;

#[cfg(test)]
mod lite_map_tests;

#[cfg(test)]
mod representation_tests;

#[cfg(test)]
mod present_tests;
