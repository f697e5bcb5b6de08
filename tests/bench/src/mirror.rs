//! The benchmark model as plain Rust structs with serde derives: what a
//! user of serde_json, bincode or rmp-serde would write for the same data.
//!
//! These, rather than prost's types with serde derives added, are what the
//! serde formats encode: prost's types carry protobuf's encoding choices
//! (enums as bare `i32`, for one) that a serde user would not make, and a
//! serde user writes the model in ordinary Rust types. [`crate::model`]
//! converts schemac's values into these.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A customer who places orders.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Customer {
    /// Field `id`.
    pub id: i64,
    /// Field `name`.
    pub name: String,
    /// Field `email`.
    pub email: Option<String>,
}

/// One line of an order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OrderLine {
    /// Field `line_number`.
    pub line_number: i32,
    /// Field `description`.
    pub description: String,
    /// Field `quantity`.
    pub quantity: u32,
}

/// Where an order is in its life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Placed, not yet paid.
    #[default]
    Pending,
    /// Paid.
    Paid,
    /// Shipped.
    Shipped,
}

/// An order.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Order {
    /// Field `id`.
    pub id: i64,
    /// Field `description`.
    pub description: String,
    /// Field `order_lines`.
    pub order_lines: Vec<OrderLine>,
    /// Field `customer`.
    pub customer: Option<Customer>,
    /// Field `status`.
    pub status: Status,
}

/// A small record.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Simple {
    /// Field `name`.
    pub name: String,
    /// Field `age`.
    pub age: i32,
    /// Field `scores`.
    pub scores: BTreeMap<String, i32>,
}

/// Many small records.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimpleList {
    /// Field `items`.
    pub items: Vec<Simple>,
}

/// A large flat message.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct Flat {
    pub id: i64,
    pub sku: String,
    pub title: String,
    pub brand: String,
    pub category: String,
    pub price_cents: i64,
    pub currency: String,
    pub quantity: u32,
    pub weight_grams: u32,
    pub width_mm: u32,
    pub height_mm: u32,
    pub depth_mm: u32,
    pub rating: f32,
    pub popularity: f64,
    pub in_stock: bool,
    pub discontinued: bool,
    pub created_at: u64,
    pub updated_at: u64,
    pub warehouse_id: i32,
    pub supplier_id: i64,
    pub tax_rate: f64,
    pub discount: i32,
    pub balance: i64,
    pub checksum: u32,
    pub offset: i32,
    pub version: u64,
    pub color: String,
    pub country: String,
    pub url: String,
    pub note: String,
}
