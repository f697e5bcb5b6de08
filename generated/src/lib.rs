//! The code schemac generates for every schema in `schemas/`, checked in.
//!
//! `make generate` rewrites the package files; a test in `tests/` fails when
//! they differ from what schemac produces now. This file nests one module
//! per package segment, as generated code expects: a reference from
//! `world.travel` to `world.geo` is written `super::geo::...`.

/// Two versions of one message, for schema evolution and unknown fields.
#[allow(missing_docs)]
pub mod evolution {
    /// Package `evolution.v1`: a profile that keeps unknown fields
    /// (`schemas/evolution_v1.schema`).
    pub mod v1 {
        include!("evolution.v1.rs");
    }

    /// Package `evolution.v2`: the same profile with more fields
    /// (`schemas/evolution_v2.schema`).
    pub mod v2 {
        include!("evolution.v2.rs");
    }
}

/// Package `kitchen`: every scalar type in every cardinality
/// (`schemas/scalars.schema`).
#[allow(missing_docs)]
pub mod kitchen {
    include!("kitchen.rs");
}

/// Package `money`: the built-in types `decimal` and `value` in every
/// cardinality (`schemas/money.schema`).
#[allow(missing_docs)]
pub mod money {
    include!("money.rs");
}

/// Package `school`: closed enums in every shape, in a message that keeps
/// unknown fields and in one that does not (`schemas/school.schema`).
#[allow(missing_docs)]
pub mod school {
    include!("school.rs");
}

/// Package `shapes`: oneofs, nesting, recursion and awkward names
/// (`schemas/shapes.schema`).
#[allow(missing_docs)]
pub mod shapes {
    include!("shapes.rs");
}

/// Package `shop`: the Order model (`schemas/order.schema`).
#[allow(missing_docs)]
pub mod shop {
    include!("shop.rs");
}

/// Packages under `world`, one importing the other.
#[allow(missing_docs)]
pub mod world {
    /// Package `world.geo` (`schemas/world_geo.schema`).
    pub mod geo {
        include!("world.geo.rs");
    }

    /// Package `world.travel`, which uses `world.geo`
    /// (`schemas/world_travel.schema`).
    pub mod travel {
        include!("world.travel.rs");
    }
}
