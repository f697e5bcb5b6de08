//! Each schemac type of the benchmarks, with its prost and serde
//! counterparts and the conversions into them.
//!
//! The conversions are written field by field, so a dataset is the same
//! logical data in every format; a test checks that schemac's and prost's
//! bytes are identical, which they could not be if a conversion dropped a
//! field.

// `..Default::default()` keeps the conversions compiling when a schema
// gains a field; the byte comparison with prost then fails until the
// conversion copies it.
#![allow(clippy::needless_update)]

use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::mirror;
use crate::prost_gen;
use crate::schemac_gen::{bench, shop};

/// A schemac message that a dataset is made of, and its counterparts.
pub trait Model: schemac_runtime::Message + Clone + PartialEq + Debug + 'static {
    /// prost's type for the same schema message.
    type Prost: prost::Message + Default + Clone + PartialEq + Debug + 'static;
    /// The plain serde struct for it.
    type Mirror: Serialize + DeserializeOwned + Clone + PartialEq + Debug + 'static;

    /// The same value as prost's type.
    fn to_prost(&self) -> Self::Prost;

    /// The same value as the plain serde struct.
    fn to_mirror(&self) -> Self::Mirror;
}

/// `Target { field: value.field, ... }` for fields of the same name and
/// type on both sides.
macro_rules! same_fields {
    ($value:expr => $($target:ident)::+ { $($field:ident),* $(,)? }) => {
        $($target)::+ { $($field: Clone::clone(&$value.$field)),*, ..Default::default() }
    };
}

impl Model for shop::Order {
    type Prost = prost_gen::shop::Order;
    type Mirror = mirror::Order;

    fn to_prost(&self) -> Self::Prost {
        prost_gen::shop::Order {
            id: self.id,
            description: self.description.clone(),
            order_lines: self.order_lines.iter().map(line_to_prost).collect(),
            customer: self.customer.as_ref().map(customer_to_prost),
            status: self.status.number(),
            ..Default::default()
        }
    }

    fn to_mirror(&self) -> Self::Mirror {
        mirror::Order {
            id: self.id,
            description: self.description.clone(),
            order_lines: self.order_lines.iter().map(line_to_mirror).collect(),
            customer: self.customer.as_ref().map(customer_to_mirror),
            status: status_to_mirror(self.status),
            ..Default::default()
        }
    }
}

fn line_to_prost(line: &shop::OrderLine) -> prost_gen::shop::OrderLine {
    same_fields!(line => prost_gen::shop::OrderLine { line_number, description, quantity })
}

fn line_to_mirror(line: &shop::OrderLine) -> mirror::OrderLine {
    same_fields!(line => mirror::OrderLine { line_number, description, quantity })
}

fn customer_to_prost(customer: &shop::Customer) -> prost_gen::shop::Customer {
    same_fields!(customer => prost_gen::shop::Customer { id, name, email })
}

fn customer_to_mirror(customer: &shop::Customer) -> mirror::Customer {
    same_fields!(customer => mirror::Customer { id, name, email })
}

fn status_to_mirror(status: shop::Status) -> mirror::Status {
    match status {
        shop::Status::Pending => mirror::Status::Pending,
        shop::Status::Paid => mirror::Status::Paid,
        shop::Status::Shipped => mirror::Status::Shipped,
        shop::Status::Unrecognized(number) => {
            panic!("the datasets use named statuses only, not {number}")
        }
    }
}

impl Model for bench::SimpleList {
    type Prost = prost_gen::bench::SimpleList;
    type Mirror = mirror::SimpleList;

    fn to_prost(&self) -> Self::Prost {
        let items = self.items.iter();
        prost_gen::bench::SimpleList {
            items: items
                .map(|item| same_fields!(item => prost_gen::bench::Simple { name, age, scores }))
                .collect(),
        }
    }

    fn to_mirror(&self) -> Self::Mirror {
        let items = self.items.iter();
        mirror::SimpleList {
            items: items
                .map(|item| same_fields!(item => mirror::Simple { name, age, scores }))
                .collect(),
        }
    }
}

/// `Target { ... }` with all 30 fields of Flat copied from `$value`.
macro_rules! flat_fields {
    ($value:expr => $($target:ident)::+) => {
        same_fields!($value => $($target)::+ {
            id, sku, title, brand, category, price_cents, currency, quantity,
            weight_grams, width_mm, height_mm, depth_mm, rating, popularity,
            in_stock, discontinued, created_at, updated_at, warehouse_id,
            supplier_id, tax_rate, discount, balance, checksum, offset, version,
            color, country, url, note,
        })
    };
}

impl Model for bench::Flat {
    type Prost = prost_gen::bench::Flat;
    type Mirror = mirror::Flat;

    fn to_prost(&self) -> Self::Prost {
        flat_fields!(self => prost_gen::bench::Flat)
    }

    fn to_mirror(&self) -> Self::Mirror {
        flat_fields!(self => mirror::Flat)
    }
}
