//! Golden bytes across versions of the order schema.
//!
//! `golden/<fixture>.hex` holds the encoding of each of
//! [`schemac_evolution::v1_orders`] by version 1's generated code. The
//! tests read those bytes with version 2's code, read version 2's bytes
//! with version 1's (dropping or keeping unknown fields), and run the
//! checker on the versions: v1 → v2 is clean at every level, v3 breaks.
//!
//! To rewrite the golden files after a deliberate change of version 1's
//! encoding, run `UPDATE_GOLDEN=1 cargo test -p schemac-evolution`, and
//! read the diff.

use std::path::{Path, PathBuf};

use schemac::diagnostic::Code;
use schemac::evolution::Level;
use schemac_evolution::{v1, v1_keep, v1_orders, v2};
use schemac_runtime::Message;

fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hex(bytes: &[u8]) -> String {
    let mut text = String::new();
    for (index, byte) in bytes.iter().enumerate() {
        let sep = match index {
            0 => "",
            _ if index % 16 == 0 => "\n",
            _ => " ",
        };
        text.push_str(&format!("{sep}{byte:02x}"));
    }
    text.push('\n');
    text
}

fn unhex(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|pair| u8::from_str_radix(pair, 16).expect("hex digits"))
        .collect()
}

/// The checked-in version-1 bytes of fixture `name`.
fn golden(name: &str) -> Vec<u8> {
    let path = crate_dir().join(format!("golden/{name}.hex"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    unhex(&text)
}

/// What version 2 should read from the version-1 bytes of `order`: every
/// field but the retired `description`, and the new ones empty.
fn as_v2(order: &v1::Order) -> v2::Order {
    v2::Order {
        id: order.id,
        total_cost: order.total_cost,
        order_lines: (order.order_lines.iter())
            .map(|line| v2::OrderLine {
                line_number: line.line_number,
                description: line.description.clone(),
                cost: line.cost,
                quantity: line.quantity,
                discounts_pct: Vec::new(),
            })
            .collect(),
        customer: order.customer.as_ref().map(|customer| v2::Customer {
            id: customer.id,
            name: customer.name.clone(),
            email: customer.email.clone(),
            phone: None,
        }),
        status: v2::Status::from(i32::from(order.status)),
        attributes: order.attributes.clone(),
        shipping: None,
        notes: Vec::new(),
    }
}

/// A version-2 order with every new field set, built on `order`.
fn with_new_fields(order: &v1::Order) -> v2::Order {
    let mut order = as_v2(order);
    order.shipping = Some(v2::Address {
        street: "1 Infirmary St".to_owned(),
        city: "Leeds".to_owned(),
    });
    order.notes = vec!["fragile".to_owned(), String::new()];
    order.status = v2::Status::Refunded;
    if let Some(customer) = &mut order.customer {
        customer.phone = Some("+44 113 000 0000".to_owned());
    }
    for line in &mut order.order_lines {
        line.discounts_pct = vec![5, 10];
    }
    order
}

#[test]
fn golden_bytes_are_version_1s_encoding() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    for (name, order) in v1_orders() {
        let bytes = order.try_encode_to_vec().expect("encodes");
        let path = crate_dir().join(format!("golden/{name}.hex"));
        if update {
            std::fs::write(&path, hex(&bytes)).expect("writable");
        }
        assert_eq!(
            hex(&golden(name)),
            hex(&bytes),
            "{name}: version 1 no longer writes the checked-in bytes"
        );
        assert_eq!(v1::Order::decode(&bytes).expect("decodes"), order, "{name}");
    }
}

#[test]
fn version_2_reads_version_1_bytes() {
    for (name, order) in v1_orders() {
        let read = v2::Order::decode(&golden(name)).expect("version 2 decodes version 1");
        assert_eq!(read, as_v2(&order), "{name}");
    }
}

#[test]
fn version_1_reads_version_2_bytes_and_skips_what_it_does_not_know() {
    for (name, order) in v1_orders() {
        let bytes = with_new_fields(&order)
            .try_encode_to_vec()
            .expect("encodes");
        let read = v1::Order::decode(&bytes).expect("version 1 decodes version 2");
        let expected = v1::Order {
            // Version 2 retired the field, so its writers never set it.
            description: String::new(),
            status: v1::Status::from(3),
            ..order
        };
        assert_eq!(read, expected, "{name}");
        assert_ne!(read.try_encode_to_vec().expect("encodes"), bytes, "{name}");
    }
}

#[test]
fn version_1_keeping_unknown_fields_passes_version_2_bytes_on_unchanged() {
    for (name, order) in v1_orders() {
        let written = with_new_fields(&order);
        let bytes = written.try_encode_to_vec().expect("encodes");
        let read = v1_keep::Order::decode(&bytes).expect("version 1 decodes version 2");
        assert_eq!(read.id, order.id, "{name}");
        assert_eq!(
            i32::from(read.status),
            3,
            "{name}: the new value, kept as a number"
        );
        let again = read.try_encode_to_vec().expect("encodes");
        assert_eq!(hex(&again), hex(&bytes), "{name}: not byte for byte");
        assert_eq!(
            v2::Order::decode(&again).expect("decodes"),
            written,
            "{name}"
        );
    }
}

#[test]
fn version_3_misreads_version_1_bytes() {
    // `id` became a string and `total_cost` a double: version 1's varint
    // at number 1 and decimal message at number 3 come under other wire
    // types than version 3's fields take, so version 3 reads them as
    // unknown fields, as protobuf does, and drops them (its messages keep
    // none): the order reads without its id and its total, and no error
    // says so. `schemac breaking` is what catches it (B0004, B0006).
    let typical = golden("typical");
    let original = v1::Order::decode(&typical).expect("decodes");
    assert_ne!(original.id, 0);
    assert!(!original.total_cost.is_zero());
    let read = schemac_evolution::v3::Order::decode(&typical).expect("decodes");
    assert_eq!(read.id, "");
    assert_eq!(read.total_cost, 0.0);
}

fn analyze(version: &str) -> schemac::Analysis {
    let path = PathBuf::from(format!("schemas/{version}.schema"));
    let root = crate_dir().to_path_buf();
    let mut read = |path: &Path| std::fs::read_to_string(root.join(path));
    schemac::analyze(&[path], &[], &mut read).unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn the_checker_passes_version_1_to_2_at_every_level() {
    let breaking = analyze("v2").breaking_since(&analyze("v1"), "");
    let text = breaking.render(Level::Rust, false);
    assert!(text.is_empty(), "{text}");
}

#[test]
fn the_checker_flags_version_3() {
    let breaking = analyze("v3").breaking_since(&analyze("v2"), "");
    let codes = |level| {
        let mut codes: Vec<Code> = breaking.at(level).map(|f| f.diagnostic.code).collect();
        codes.sort();
        codes
    };
    use Code::*;
    assert_eq!(
        codes(Level::Wire),
        [
            ReservedNumberReused,
            WireTypeChanged,
            BuiltinTypeChanged,
            EnumValueRenumbered
        ]
    );
    assert_eq!(
        codes(Level::Json),
        [
            ReservedNumberReused,
            WireTypeChanged,
            BuiltinTypeChanged,
            EnumValueRenumbered,
            FieldRenamed
        ]
    );
    assert_eq!(codes(Level::Rust).len(), 6);
    assert!(codes(Level::Rust).contains(&PresenceChanged));
    // From version 1, the retired description's reservation still holds.
    let from_v1 = analyze("v3").breaking_since(&analyze("v1"), "");
    assert_eq!(from_v1.at(Level::Rust).count(), 6);
}
