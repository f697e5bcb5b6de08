//! The fixtures as prost-reflect `DynamicMessage`s, built field by field
//! from the Rust values, so that interop tests compare schemac against an
//! independent protobuf implementation.
//!
//! Also compiles the exported `.proto` of every schema with protox.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;

use prost::bytes::Bytes;
use prost_reflect::{
    DescriptorPool, DynamicMessage, MapKey, MessageDescriptor, ReflectMessage, Value,
};
use schemac_generated::kitchen::{Lists, Maps, OptionalScalars, Point, Scalars};
use schemac_generated::shapes::{self, Drawing, Shape, Tree};
use schemac_generated::shop::{Customer, Order, OrderLine};
use schemac_generated::world::{geo, travel};
use schemac_runtime::{Decimal, Enumeration};
use schemac_tests::{schema_paths, workspace_root};

/// Exports every schema to `.proto` in a fresh directory under target/,
/// with `schemac/types.proto`, and returns the directory and the `.proto`
/// file names. Exports once per test run: tests run in parallel, and one
/// rewriting a file while another's protox reads it would break the read.
pub fn export_all() -> (PathBuf, Vec<String>) {
    static EXPORTED: OnceLock<(PathBuf, Vec<String>)> = OnceLock::new();
    EXPORTED.get_or_init(export_once).clone()
}

fn export_once() -> (PathBuf, Vec<String>) {
    let root = workspace_root();
    let analysis = schemac::analyze(&schema_paths(), &[PathBuf::from("schemas")], &mut |path| {
        fs::read_to_string(root.join(path))
    })
    .unwrap_or_else(|error| panic!("{error}"));
    let dir = root.join("target/interop-protos");
    fs::create_dir_all(&dir).expect("create target/interop-protos");
    let mut names = Vec::new();
    for file in &analysis.schema.files {
        let stem = PathBuf::from(&file.name);
        let name = format!(
            "{}.proto",
            stem.file_stem().unwrap_or_default().to_string_lossy()
        );
        fs::write(dir.join(&name), analysis.export_proto(file.id)).expect("write .proto");
        names.push(name);
    }
    // The built-in types file, which exports using `decimal` or `value` import.
    let types = dir.join(schemac::TYPES_PROTO_NAME);
    fs::create_dir_all(types.parent().unwrap_or(&dir)).expect("create schemac/");
    fs::write(&types, schemac::TYPES_PROTO).expect("write schemac/types.proto");
    names.push(schemac::TYPES_PROTO_NAME.to_owned());
    (dir, names)
}

/// The descriptors of every exported schema, compiled by protox once per
/// test run (a pool is shared, and cheap to clone).
pub fn pool() -> DescriptorPool {
    static POOL: OnceLock<DescriptorPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let (dir, names) = export_all();
        let descriptors =
            protox::compile(&names, [&dir]).unwrap_or_else(|error| panic!("protox: {error:?}"));
        DescriptorPool::from_file_descriptor_set(descriptors).expect("descriptor pool")
    })
    .clone()
}

/// Whether two messages hold the same values, bit for bit: prost-reflect's
/// `==` takes -0.0 for 0.0, as `f64`'s does. Every field of the
/// descriptor is compared, a field without presence as its default when
/// unset, a field with presence by whether it is set, then by its value if
/// it is; neither message
/// may hold fields it does not know.
pub fn same_message(a: &DynamicMessage, b: &DynamicMessage) -> bool {
    a.descriptor() == b.descriptor()
        && a.unknown_fields().count() == 0
        && b.unknown_fields().count() == 0
        && a.descriptor().fields().all(|field| {
            // An unset message field reads as its default, which may hold
            // unset fields of the same type: only set ones are compared.
            let set = (a.has_field(&field), b.has_field(&field));
            match set {
                (false, false) if field.supports_presence() => true,
                (a_set, b_set) if field.supports_presence() && a_set != b_set => false,
                _ => same_value(&a.get_field(&field), &b.get_field(&field)),
            }
        })
}

fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::F32(a), Value::F32(b)) => a.to_bits() == b.to_bits(),
        (Value::F64(a), Value::F64(b)) => a.to_bits() == b.to_bits(),
        (Value::Message(a), Value::Message(b)) => same_message(a, b),
        (Value::List(a), Value::List(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same_value(a, b))
        }
        (Value::Map(a), Value::Map(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(key, a)| b.get(key).is_some_and(|b| same_value(a, b)))
        }
        _ => a == b,
    }
}

/// A Rust value that can be written as a `DynamicMessage` of its schema type.
pub trait ToDynamic {
    /// The full protobuf name of the message.
    const FULL_NAME: &'static str;

    /// Sets the fields of `message` from `self`.
    fn fill(&self, message: &mut Builder);

    /// `self` as a `DynamicMessage`.
    fn to_dynamic(&self, pool: &DescriptorPool) -> DynamicMessage {
        let descriptor = descriptor(pool, Self::FULL_NAME);
        let mut builder = Builder {
            pool: pool.clone(),
            message: DynamicMessage::new(descriptor),
        };
        self.fill(&mut builder);
        builder.message
    }
}

/// The descriptor of the message `full_name`.
pub fn descriptor(pool: &DescriptorPool, full_name: &str) -> MessageDescriptor {
    pool.get_message_by_name(full_name)
        .unwrap_or_else(|| panic!("{full_name} is not in the exported protos"))
}

/// A message being filled in.
pub struct Builder {
    pool: DescriptorPool,
    message: DynamicMessage,
}

impl Builder {
    /// Sets field `name`, leaving out defaults of fields without presence,
    /// as schemac's encoder does: a float compares bitwise, so -0.0 is set.
    fn set(&mut self, name: &str, value: Value) {
        let field = self
            .message
            .descriptor()
            .get_field_by_name(name)
            .unwrap_or_else(|| panic!("no field {name}"));
        let default = match value {
            Value::F32(x) => x.to_bits() == 0,
            Value::F64(x) => x.to_bits() == 0,
            _ => value == Value::default_value_for_field(&field),
        };
        if field.supports_presence() || !default {
            self.message.set_field(&field, value);
        }
    }

    fn some(&mut self, name: &str, value: Option<Value>) {
        if let Some(value) = value {
            self.set(name, value);
        }
    }

    fn nested<T: ToDynamic>(&self, value: &T) -> Value {
        Value::Message(value.to_dynamic(&self.pool))
    }

    /// Sets a `decimal` field with implicit presence: left out at 0 with
    /// scale 0, as the encoder does.
    fn set_decimal(&mut self, name: &str, value: &Decimal) {
        if value.mantissa() != 0 || value.scale() != 0 {
            let decimal = self.decimal(value);
            self.set(name, decimal);
        }
    }

    /// A decimal as the message `schemac.Decimal`: its digits as big-endian
    /// two's complement with no redundant sign bytes, and its scale unless 0.
    fn decimal(&self, value: &Decimal) -> Value {
        let mut message = DynamicMessage::new(descriptor(&self.pool, "schemac.Decimal"));
        let digits = value.mantissa().to_be_bytes();
        let redundant = digits
            .windows(2)
            .take_while(|pair| {
                (pair[0] == 0x00 && pair[1] < 0x80) || (pair[0] == 0xff && pair[1] >= 0x80)
            })
            .count();
        message.set_field_by_name("unscaled", bytes(&digits[redundant..]));
        if value.scale() != 0 {
            message.set_field_by_name("scale", Value::I32(value.scale() as i32));
        }
        Value::Message(message)
    }

    /// A dynamic value as the message `schemac.Value`. `Null` is the member
    /// `null_value`, wherever the value is: in a list or a map too.
    fn value(&self, value: &schemac_runtime::DynamicValue) -> Value {
        use schemac_runtime::DynamicValue as V;
        let mut message = DynamicMessage::new(descriptor(&self.pool, "schemac.Value"));
        let (member, member_value) = match value {
            V::Null => ("null_value", Value::EnumNumber(0)),
            V::Bool(v) => ("bool_value", Value::Bool(*v)),
            V::I32(v) => ("i32_value", Value::I32(*v)),
            V::I64(v) => ("i64_value", Value::I64(*v)),
            V::U32(v) => ("u32_value", Value::U32(*v)),
            V::U64(v) => ("u64_value", Value::U64(*v)),
            V::F32(v) => ("f32_value", Value::F32(*v)),
            V::F64(v) => ("f64_value", Value::F64(*v)),
            V::String(v) => ("string_value", string(v)),
            V::Bytes(v) => ("bytes_value", bytes(v)),
            V::Decimal(v) => ("decimal_value", self.decimal(v)),
            // An empty list or map leaves its one field out, as a decoder does.
            V::List(values) => {
                let mut list = DynamicMessage::new(descriptor(&self.pool, "schemac.ValueList"));
                if !values.is_empty() {
                    let values = values.iter().map(|value| self.value(value)).collect();
                    list.set_field_by_name("values", Value::List(values));
                }
                ("list_value", Value::Message(list))
            }
            V::Map(entries) => {
                let mut map_message =
                    DynamicMessage::new(descriptor(&self.pool, "schemac.ValueMap"));
                if !entries.is_empty() {
                    let entries = map(entries, |k| MapKey::String(k.clone()), |v| self.value(v));
                    map_message.set_field_by_name("entries", entries);
                }
                ("map_value", Value::Message(map_message))
            }
        };
        message.set_field_by_name(member, member_value);
        Value::Message(message)
    }

    fn list<T>(&self, values: &[T], each: impl Fn(&T) -> Value) -> Value {
        Value::List(values.iter().map(each).collect())
    }
}

fn string(value: &str) -> Value {
    Value::String(value.to_owned())
}

fn bytes(value: &[u8]) -> Value {
    Value::Bytes(Bytes::copy_from_slice(value))
}

fn enumeration<E: Enumeration>(value: &E) -> Value {
    Value::EnumNumber(value.number())
}

fn map<K, V>(
    entries: impl IntoIterator<Item = (K, V)>,
    key: impl Fn(K) -> MapKey,
    value: impl Fn(V) -> Value,
) -> Value {
    Value::Map(
        entries
            .into_iter()
            .map(|(k, v)| (key(k), value(v)))
            .collect::<HashMap<_, _>>(),
    )
}

impl ToDynamic for Customer {
    const FULL_NAME: &'static str = "shop.Customer";
    fn fill(&self, m: &mut Builder) {
        m.set("id", Value::I64(self.id));
        m.set("name", string(&self.name));
        m.some("email", self.email.as_deref().map(string));
    }
}

impl ToDynamic for OrderLine {
    const FULL_NAME: &'static str = "shop.OrderLine";
    fn fill(&self, m: &mut Builder) {
        m.set("line_number", Value::I32(self.line_number));
        m.set("description", string(&self.description));
        m.set_decimal("cost", &self.cost);
        m.set("quantity", Value::U32(self.quantity));
    }
}

impl ToDynamic for Order {
    const FULL_NAME: &'static str = "shop.Order";
    fn fill(&self, m: &mut Builder) {
        m.set("id", Value::I64(self.id));
        m.set("description", string(&self.description));
        m.set_decimal("total_cost", &self.total_cost);
        let lines = m.list(&self.order_lines, |line| m.nested(line));
        m.set("order_lines", lines);
        let customer = self.customer.as_ref().map(|customer| m.nested(customer));
        m.some("customer", customer);
        m.set("status", enumeration(&self.status));
        let attributes = map(
            &self.attributes,
            |k| MapKey::String(k.clone()),
            |v| m.value(v),
        );
        m.set("attributes", attributes);
    }
}

impl ToDynamic for Point {
    const FULL_NAME: &'static str = "kitchen.Point";
    fn fill(&self, m: &mut Builder) {
        m.set("x", Value::I32(self.x));
        m.set("y", Value::I32(self.y));
    }
}

impl ToDynamic for Scalars {
    const FULL_NAME: &'static str = "kitchen.Scalars";
    fn fill(&self, m: &mut Builder) {
        m.set("an_i32", Value::I32(self.an_i32));
        m.set("an_i64", Value::I64(self.an_i64));
        m.set("a_u32", Value::U32(self.a_u32));
        m.set("a_u64", Value::U64(self.a_u64));
        m.set("a_sint32", Value::I32(self.a_sint32));
        m.set("a_sint64", Value::I64(self.a_sint64));
        m.set("a_fixed32", Value::U32(self.a_fixed32));
        m.set("a_fixed64", Value::U64(self.a_fixed64));
        m.set("an_sfixed32", Value::I32(self.an_sfixed32));
        m.set("an_sfixed64", Value::I64(self.an_sfixed64));
        m.set("an_f32", Value::F32(self.an_f32));
        m.set("an_f64", Value::F64(self.an_f64));
        m.set("a_bool", Value::Bool(self.a_bool));
        m.set("a_string", string(&self.a_string));
        m.set("some_bytes", bytes(&self.some_bytes));
    }
}

impl ToDynamic for OptionalScalars {
    const FULL_NAME: &'static str = "kitchen.OptionalScalars";
    fn fill(&self, m: &mut Builder) {
        m.some("an_i32", self.an_i32.map(Value::I32));
        m.some("an_i64", self.an_i64.map(Value::I64));
        m.some("a_u32", self.a_u32.map(Value::U32));
        m.some("a_u64", self.a_u64.map(Value::U64));
        m.some("a_sint32", self.a_sint32.map(Value::I32));
        m.some("a_sint64", self.a_sint64.map(Value::I64));
        m.some("a_fixed32", self.a_fixed32.map(Value::U32));
        m.some("a_fixed64", self.a_fixed64.map(Value::U64));
        m.some("an_sfixed32", self.an_sfixed32.map(Value::I32));
        m.some("an_sfixed64", self.an_sfixed64.map(Value::I64));
        m.some("an_f32", self.an_f32.map(Value::F32));
        m.some("an_f64", self.an_f64.map(Value::F64));
        m.some("a_bool", self.a_bool.map(Value::Bool));
        m.some("a_string", self.a_string.as_deref().map(string));
        m.some("some_bytes", self.some_bytes.as_deref().map(bytes));
        m.some("a_color", self.a_color.as_ref().map(enumeration));
        let point = self.a_point.as_ref().map(|point| m.nested(point));
        m.some("a_point", point);
    }
}

impl ToDynamic for Lists {
    const FULL_NAME: &'static str = "kitchen.Lists";
    fn fill(&self, m: &mut Builder) {
        m.set("i32s", m.list(&self.i32s, |&v| Value::I32(v)));
        m.set("i64s", m.list(&self.i64s, |&v| Value::I64(v)));
        m.set("u32s", m.list(&self.u32s, |&v| Value::U32(v)));
        m.set("u64s", m.list(&self.u64s, |&v| Value::U64(v)));
        m.set("sint32s", m.list(&self.sint32s, |&v| Value::I32(v)));
        m.set("sint64s", m.list(&self.sint64s, |&v| Value::I64(v)));
        m.set("fixed32s", m.list(&self.fixed32s, |&v| Value::U32(v)));
        m.set("fixed64s", m.list(&self.fixed64s, |&v| Value::U64(v)));
        m.set("sfixed32s", m.list(&self.sfixed32s, |&v| Value::I32(v)));
        m.set("sfixed64s", m.list(&self.sfixed64s, |&v| Value::I64(v)));
        m.set("f32s", m.list(&self.f32s, |&v| Value::F32(v)));
        m.set("f64s", m.list(&self.f64s, |&v| Value::F64(v)));
        m.set("bools", m.list(&self.bools, |&v| Value::Bool(v)));
        m.set("strings", m.list(&self.strings, |v| string(v)));
        m.set("byte_strings", m.list(&self.byte_strings, |v| bytes(v)));
        m.set("colors", m.list(&self.colors, enumeration));
        m.set("points", m.list(&self.points, |v| m.nested(v)));
    }
}

impl ToDynamic for Maps {
    const FULL_NAME: &'static str = "kitchen.Maps";
    fn fill(&self, m: &mut Builder) {
        let s = |v: &String| string(v);
        m.set("by_i32", map(&self.by_i32, |&k| MapKey::I32(k), s));
        m.set(
            "by_i64",
            map(&self.by_i64, |&k| MapKey::I64(k), |v| bytes(v)),
        );
        m.set(
            "by_u32",
            map(&self.by_u32, |&k| MapKey::U32(k), |&v| Value::F32(v)),
        );
        m.set(
            "by_u64",
            map(&self.by_u64, |&k| MapKey::U64(k), |&v| Value::F64(v)),
        );
        m.set(
            "by_sint32",
            map(&self.by_sint32, |&k| MapKey::I32(k), |&v| Value::Bool(v)),
        );
        m.set(
            "by_sint64",
            map(&self.by_sint64, |&k| MapKey::I64(k), |&v| Value::I64(v)),
        );
        m.set(
            "by_fixed32",
            map(&self.by_fixed32, |&k| MapKey::U32(k), |&v| Value::U32(v)),
        );
        m.set(
            "by_fixed64",
            map(&self.by_fixed64, |&k| MapKey::U64(k), |&v| Value::U64(v)),
        );
        m.set(
            "by_sfixed32",
            map(&self.by_sfixed32, |&k| MapKey::I32(k), |&v| Value::I32(v)),
        );
        m.set(
            "by_sfixed64",
            map(&self.by_sfixed64, |&k| MapKey::I64(k), |&v| Value::I64(v)),
        );
        m.set(
            "by_bool",
            map(&self.by_bool, |&k| MapKey::Bool(k), |&v| Value::U64(v)),
        );
        m.set(
            "by_string",
            map(
                &self.by_string,
                |k| MapKey::String(k.clone()),
                |&v| Value::I32(v),
            ),
        );
        m.set(
            "colors",
            map(&self.colors, |k| MapKey::String(k.clone()), enumeration),
        );
        let points = map(&self.points, |k| MapKey::String(k.clone()), |v| m.nested(v));
        m.set("points", points);
    }
}

impl ToDynamic for Shape {
    const FULL_NAME: &'static str = "shapes.Shape";
    fn fill(&self, m: &mut Builder) {
        use shapes::shape::Kind;
        match &self.kind {
            Some(Kind::Circle(circle)) => m.set("circle", m.nested(circle)),
            Some(Kind::Polygon(polygon)) => m.set("polygon", m.nested(polygon)),
            Some(Kind::Label(label)) => m.set("label", string(label)),
            Some(Kind::Group(group)) => m.set("group", m.nested(group)),
            Some(Kind::ScaleOnly(scale)) => m.set("scale_only", Value::F64(*scale)),
            None => {}
        }
        m.some("note", self.note.as_deref().map(string));
    }
}

impl ToDynamic for shapes::shape::Circle {
    const FULL_NAME: &'static str = "shapes.Shape.Circle";
    fn fill(&self, m: &mut Builder) {
        m.set("radius", Value::F64(self.radius));
    }
}

impl ToDynamic for shapes::shape::Polygon {
    const FULL_NAME: &'static str = "shapes.Shape.Polygon";
    fn fill(&self, m: &mut Builder) {
        m.set("corners", m.list(&self.corners, |v| m.nested(v)));
    }
}

impl ToDynamic for shapes::shape::polygon::Corner {
    const FULL_NAME: &'static str = "shapes.Shape.Polygon.Corner";
    fn fill(&self, m: &mut Builder) {
        m.set("x", Value::F32(self.x));
        m.set("y", Value::F32(self.y));
    }
}

impl ToDynamic for Drawing {
    const FULL_NAME: &'static str = "shapes.Drawing";
    fn fill(&self, m: &mut Builder) {
        m.set("title", string(&self.title));
        m.set("shapes", m.list(&self.shapes, |v| m.nested(v)));
        m.set("layer", enumeration(&self.layer));
    }
}

impl ToDynamic for Tree {
    const FULL_NAME: &'static str = "shapes.Tree";
    fn fill(&self, m: &mut Builder) {
        m.set("value", Value::I32(self.value));
        let left = self.left.as_deref().map(|tree| m.nested(tree));
        m.some("left", left);
        let right = self.right.as_deref().map(|tree| m.nested(tree));
        m.some("right", right);
        m.set("children", m.list(&self.children, |v| m.nested(v)));
        let by_name = map(
            &self.by_name,
            |k| MapKey::String(k.clone()),
            |v| m.nested(v),
        );
        m.set("by_name", by_name);
    }
}

impl ToDynamic for geo::Coordinates {
    const FULL_NAME: &'static str = "world.geo.Coordinates";
    fn fill(&self, m: &mut Builder) {
        m.set("latitude", Value::F64(self.latitude));
        m.set("longitude", Value::F64(self.longitude));
    }
}

impl ToDynamic for travel::Trip {
    const FULL_NAME: &'static str = "world.travel.Trip";
    fn fill(&self, m: &mut Builder) {
        m.set("name", string(&self.name));
        m.set("stops", m.list(&self.stops, |v| m.nested(v)));
        let start = self.start.as_ref().map(|v| m.nested(v));
        m.some("start", start);
        m.set("unit", enumeration(&self.unit));
        m.set(
            "distances",
            map(
                &self.distances,
                |k| MapKey::String(k.clone()),
                |&v| Value::F64(v),
            ),
        );
    }
}
