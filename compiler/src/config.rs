//! Options of code generation, shared by the CLI and the build.rs builder.
//!
//! Most options hold for the whole schema; attributes, `skip_debug`,
//! `boxed` and `extern_path` hold for the types or fields under a path (see
//! [`path_matches`]), as prost-build's do.

use crate::model::{FieldType, Message, Schema, ValueType};

use crate::service::{ServerTrait, ServiceGenerator, SharedGenerator, TonicGenerator};

/// How generated code is shaped.
///
/// ```
/// let mut config = schemac::Config::new();
/// config.map_type(".", schemac::MapType::HashMap).json(true);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub(crate) runtime_crate: String,
    pub(crate) map_types: Vec<(String, MapType)>,
    pub(crate) string_types: Vec<(String, StringType)>,
    pub(crate) bytes_types: Vec<(String, BytesType)>,
    pub(crate) pointer_type: PointerType,
    pub(crate) json: bool,
    pub(crate) keep_unknown_fields: bool,
    pub(crate) views: bool,
    pub(crate) json_names: JsonNames,
    pub(crate) attributes: Vec<PathAttribute>,
    pub(crate) skip_debug: Vec<String>,
    pub(crate) boxed: Vec<String>,
    pub(crate) always_present: Vec<String>,
    pub(crate) decode_in_place: Vec<String>,
    pub(crate) extern_paths: Vec<ExternPath>,
    pub(crate) service_generator: Option<SharedGenerator>,
    pub(crate) embed_descriptors: bool,
    pub(crate) tonic: TonicGenerator,
}

/// The messages and enums `google/protobuf/descriptor.proto` declares at
/// its top level, which the runtime's `reflect::descriptor` holds: with
/// [`Config::embed_descriptors`], generated code names them there, so that a
/// custom option's constant extends the options messages a descriptor
/// pool's descriptors hold.
const DESCRIPTOR_PROTO_TYPES: [&str; 25] = [
    "FileDescriptorSet",
    "FileDescriptorProto",
    "DescriptorProto",
    "ExtensionRangeOptions",
    "FieldDescriptorProto",
    "OneofDescriptorProto",
    "EnumDescriptorProto",
    "EnumValueDescriptorProto",
    "ServiceDescriptorProto",
    "MethodDescriptorProto",
    "FileOptions",
    "MessageOptions",
    "FieldOptions",
    "OneofOptions",
    "EnumOptions",
    "EnumValueOptions",
    "ServiceOptions",
    "MethodOptions",
    "UninterpretedOption",
    "FeatureSet",
    "FeatureSetDefaults",
    "SourceCodeInfo",
    "GeneratedCodeInfo",
    "Edition",
    "SymbolVisibility",
];

/// What the services of a schema generate ([`Config::services`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Services {
    /// Nothing, the default (unless a
    /// [`service_generator`](Config::service_generator) is set).
    #[default]
    None,
    /// A tonic server trait, server and client for each service, with the
    /// runtime's gRPC codec: the crate needs `tonic` and schemac-runtime's
    /// `tonic` feature ([`TonicGenerator`]).
    Tonic,
}

/// Types under a path that another crate generated: codegen names them
/// there instead of generating them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ExternPath {
    /// The path, such as `.common`.
    pub path: String,
    /// The Rust path the types under it are found at, such as
    /// `::common_types`.
    pub rust_path: String,
}

/// An attribute to write on what lies under a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PathAttribute {
    /// What the attribute goes on.
    pub target: AttributeTarget,
    /// The path, such as `.shop.Order`.
    pub path: String,
    /// The attribute as the user wrote it, such as `#[derive(Hash)]`.
    pub attribute: String,
}

/// What a [`PathAttribute`] goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AttributeTarget {
    /// Messages, enums and oneof enums.
    Type,
    /// Message fields and oneof variants.
    Field,
    /// Messages.
    Message,
    /// Enums and oneof enums.
    Enum,
}

impl AttributeTarget {
    /// The name of the `Config` method that sets it, for errors.
    pub(crate) fn option(self) -> &'static str {
        match self {
            AttributeTarget::Type => "type_attribute",
            AttributeTarget::Field => "field_attribute",
            AttributeTarget::Message => "message_attribute",
            AttributeTarget::Enum => "enum_attribute",
        }
    }
}

/// Whether the protobuf-style `path` covers the element whose full name is
/// `full_name` (`shop.Order.id`, as [`crate::model`] spells it): `.` covers
/// everything, and any other path starts with `.` and covers the element it
/// names and everything under it, by whole segments. So `.shop` covers
/// `shop.Order` and `shop.Order.id` but not `shopping.Order`; a path
/// without the leading `.` covers nothing (check_config refuses it).
pub(crate) fn path_matches(path: &str, full_name: &str) -> bool {
    let Some(path) = path.strip_prefix('.') else {
        return false;
    };
    path.is_empty()
        || full_name
            .strip_prefix(path)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// The attributes `text` holds, when it is one or more outer attributes
/// (`#[derive(Hash)] #[serde(default)]`); why not otherwise.
pub(crate) fn parse_attributes(text: &str) -> Result<Vec<syn::Attribute>, String> {
    use syn::parse::Parser as _;
    let tokens: proc_macro2::TokenStream = text
        .parse()
        .map_err(|_| "its brackets, parentheses or quotes do not balance".to_owned())?;
    let attributes = syn::Attribute::parse_outer
        .parse2(tokens)
        .map_err(|error| error.to_string())?;
    if attributes.is_empty() {
        return Err("expected an attribute such as `#[derive(Hash)]`".to_owned());
    }
    Ok(attributes)
}

/// The field names JSON writes. Reading takes both, whichever is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum JsonNames {
    /// The names written in the schema: `order_lines`.
    #[default]
    Schema,
    /// protobuf's JSON names: a field's `json_name`, or its name in
    /// lowerCamelCase (`orderLines`), as Google's implementations write.
    Proto,
}

/// The Rust collection that holds `map<K, V>` fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum MapType {
    /// `std::collections::BTreeMap`: sorted, so encoding is deterministic.
    #[default]
    BTreeMap,
    /// `std::collections::HashMap`: faster lookups, encoding order varies.
    HashMap,
    /// `std::collections::HashMap<K, V, S>` with the hasher `S` that this
    /// Rust type names from a crate root, such as `::ahash::RandomState` or
    /// `::std::hash::BuildHasherDefault<::rustc_hash::FxHasher>`; it must
    /// be `BuildHasher`, `Default` and `Clone`, which the compiler of the
    /// generated code checks.
    HashMapWith(String),
    /// `LiteMap` (the crate litemap, re-exported by the runtime behind its
    /// feature `litemap`): a vector of entries sorted by key. Encoding is
    /// deterministic, as with `BTreeMap`; a map is one allocation, its
    /// entries contiguous, and an entry whose key follows the last is
    /// appended. Inserting elsewhere shifts the entries after it.
    LiteMap,
}

/// The Rust type that holds the values of `string` fields. Each reads and
/// writes the same bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StringType {
    /// `String`.
    #[default]
    String,
    /// `Box<str>`: a pointer and a length, without spare capacity.
    BoxStr,
    /// `Arc<str>`: shared, cloned without copying.
    ArcStr,
    /// `CompactString` (the crate compact_str, re-exported by the runtime
    /// behind its feature `compact_str`): strings of up to 24 bytes inline,
    /// without an allocation.
    CompactString,
}

/// The Rust type that holds the values of `bytes` fields. Each reads and
/// writes the same bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BytesType {
    /// `Vec<u8>`.
    #[default]
    Vec,
    /// `bytes::Bytes` (re-exported as `schemac_runtime::bytes::Bytes`):
    /// cloned without copying, and sharing the input's buffer when decoded
    /// with `Message::decode_shared` from a `Bytes`.
    Bytes,
}

/// The pointers that hold the objects of graph mode's `ref` and `weak`
/// fields (docs/graph.md). One kind holds for the whole schema: an object
/// may be reached through fields of several messages, and each of them
/// must hold it in the same pointer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PointerType {
    /// `Arc<T>` and `sync::Weak<T>`: graph messages are `Send` and
    /// `Sync`, as plain ones are.
    #[default]
    Arc,
    /// `Rc<T>` and `rc::Weak<T>`, whose counts are not atomic: cheaper to
    /// clone and drop, which a decode does once per back reference, but
    /// graph messages are neither `Send` nor `Sync`.
    Rc,
}

impl MapType {
    /// Whether the map iterates in key order, so that encoding writes its
    /// entries in that order and decoding may gather them first.
    pub(crate) fn is_sorted(&self) -> bool {
        matches!(self, MapType::BTreeMap | MapType::LiteMap)
    }
}

impl Config {
    /// The defaults: maps are `BTreeMap`, the runtime is `::schemac_runtime`,
    /// no JSON, unknown fields kept only where the schema asks, no views.
    pub fn new() -> Self {
        Self::default()
    }

    /// The Rust type of the bytes values of the field named `full_name`.
    pub(crate) fn bytes_type_of(&self, full_name: &str) -> BytesType {
        let paths = self
            .bytes_types
            .iter()
            .map(|(path, bytes_type)| (path, *bytes_type));
        longest_covering(paths, full_name).unwrap_or_default()
    }

    /// The Rust type of the string values of the field named `full_name`.
    pub(crate) fn string_type_of(&self, full_name: &str) -> StringType {
        let paths = self
            .string_types
            .iter()
            .map(|(path, string_type)| (path, *string_type));
        longest_covering(paths, full_name).unwrap_or_default()
    }

    /// The collection of the map field named `full_name`.
    pub(crate) fn map_type_of(&self, full_name: &str) -> &MapType {
        const SORTED: &MapType = &MapType::BTreeMap;
        let paths = self
            .map_types
            .iter()
            .map(|(path, map_type)| (path, map_type));
        longest_covering(paths, full_name).unwrap_or(SORTED)
    }

    /// Whether `message` keeps unknown fields: its own option, or else
    /// this config's choice.
    pub(crate) fn keeps_unknown_fields(&self, message: &Message) -> bool {
        message
            .keep_unknown_fields
            .unwrap_or(self.keep_unknown_fields)
    }

    fn attribute(&mut self, target: AttributeTarget, path: String, attribute: String) -> &mut Self {
        self.attributes.push(PathAttribute {
            target,
            path,
            attribute,
        });
        self
    }

    /// The Rust path of the extern path that covers the type named
    /// `full_name`, the longest if several do, and the number of segments
    /// of `full_name` it covers. A Rust path that does not parse covers
    /// nothing, so that its types are generated (`check_config` refuses it).
    pub(crate) fn extern_path_of(&self, full_name: &str) -> Option<(syn::Path, usize)> {
        let paths = self.extern_paths.iter().filter_map(|extern_path| {
            let rust_path = syn::parse_str::<syn::Path>(&extern_path.rust_path).ok()?;
            Some((&extern_path.path, (rust_path, segments(&extern_path.path))))
        });
        longest_covering(paths, full_name).or_else(|| self.runtime_descriptor_type(full_name))
    }

    /// With [`Config::embed_descriptors`], the runtime's type of the
    /// descriptor.proto type named `full_name`, or of the one it is nested
    /// in, as an extern path of three segments.
    fn runtime_descriptor_type(&self, full_name: &str) -> Option<(syn::Path, usize)> {
        if !self.embed_descriptors {
            return None;
        }
        let name = full_name.strip_prefix("google.protobuf.")?;
        let top = name.split('.').next()?;
        DESCRIPTOR_PROTO_TYPES.contains(&top).then_some(())?;
        let path = format!("{}::reflect::descriptor::{top}", self.runtime_crate);
        Some((syn::parse_str(&path).ok()?, 3))
    }

    /// Whether the messages and enums named `full_name` derive `Debug`.
    pub(crate) fn derives_debug(&self, full_name: &str) -> bool {
        !self
            .skip_debug
            .iter()
            .any(|path| path_matches(path, full_name))
    }

    /// The problems of the path options: a path that does not start with
    /// `.`, an attribute that does not parse; each as an error.
    pub(crate) fn path_errors(&self) -> Vec<crate::Error> {
        // Each path of each option: the option, the path, its value if it
        // has one, and what is wrong with the value.
        let mut entries: Vec<(&'static str, &String, Option<&String>, Option<String>)> = Vec::new();
        for attribute in &self.attributes {
            let reason = parse_attributes(&attribute.attribute).err();
            let value = Some(&attribute.attribute);
            entries.push((attribute.target.option(), &attribute.path, value, reason));
        }
        for extern_path in &self.extern_paths {
            let reason = match syn::parse_str::<syn::Path>(&extern_path.rust_path) {
                Ok(path) if is_from_a_crate_root(&path) => None,
                _ => Some(
                    "the Rust path starts at a crate root: `::common_types` or `crate::common`"
                        .to_owned(),
                ),
            };
            entries.push((
                "extern_path",
                &extern_path.path,
                Some(&extern_path.rust_path),
                reason,
            ));
        }
        for (path, map_type) in &self.map_types {
            let (value, reason) = match map_type {
                MapType::HashMapWith(hasher) if syn::parse_str::<syn::Type>(hasher).is_err() => (
                    Some(hasher),
                    Some(
                        "the hasher is not a Rust type, such as `::ahash::RandomState`".to_owned(),
                    ),
                ),
                MapType::HashMapWith(hasher) => (Some(hasher), None),
                _ => (None, None),
            };
            entries.push(("map_type", path, value, reason));
        }
        let plain = [
            (
                "string_type",
                self.string_types.iter().map(|(path, _)| path).collect(),
            ),
            (
                "bytes_type",
                self.bytes_types.iter().map(|(path, _)| path).collect(),
            ),
            ("skip_debug", self.skip_debug.iter().collect()),
            ("boxed", self.boxed.iter().collect()),
            (
                "always_present",
                self.always_present.iter().collect::<Vec<_>>(),
            ),
            ("decode_in_place", self.decode_in_place.iter().collect()),
        ];
        for (option, paths) in plain {
            entries.extend(paths.into_iter().map(|path| (option, path, None, None)));
        }
        entries
            .into_iter()
            .filter_map(|(option, path, value, reason)| {
                let reason = match path.starts_with('.') {
                    true => reason?,
                    false => bad_path(),
                };
                Some(crate::Error::Config {
                    option,
                    path: path.clone(),
                    value: value.cloned(),
                    reason,
                })
            })
            .collect()
    }
}

/// Each setter of [`Config`], declared once with its docs, handed to the
/// macro `$then` as items `fn name(&mut self, arg: Type, ...) { body }`
/// whose bodies return `self`: `config_setters` below makes them `Config`'s
/// methods, and `builder.rs` gives `Builder` a method of each name, with
/// the same docs, that sets its `Config`'s option, so that the two cannot
/// drift apart.
macro_rules! setters {
    ($then:ident) => {
        $then! {
            /// Sets the generator of services' code: each service is handed to it,
            /// and its code appended to the package's file ([`crate::service`]).
            /// Without one, the default, services generate nothing.
            fn service_generator(&mut self, generator: Box<dyn ServiceGenerator>) {
                self.service_generator = Some(SharedGenerator::Custom(generator.into()));
                self
            }

            /// Sets what services generate: [`Services::Tonic`] for tonic servers
            /// and clients (docs/services.md), [`Services::None`] for nothing. It
            /// replaces the [`service_generator`](Config::service_generator) set
            /// before, and a later one replaces it.
            fn services(&mut self, services: Services) {
                self.service_generator = match services {
                    Services::None => None,
                    Services::Tonic => Some(SharedGenerator::Tonic),
                };
                self
            }

            /// Sets how the methods of tonic server traits are declared
            /// ([`Services::Tonic`]): [`ServerTrait::ByInput`], the default,
            /// gives the services of `.proto` files the shape `#[async_trait]`
            /// gives, which tonic-build's traits have, so that an impl written
            /// for tonic-build (with `#[tonic::async_trait]`) compiles as it
            /// is, and those of `.schema` files Rust's own `async fn` in
            /// traits; [`ServerTrait::AsyncTrait`] and [`ServerTrait::Native`]
            /// choose one shape for all (docs/services.md).
            fn tonic_server_trait(&mut self, server_trait: ServerTrait) {
                self.tonic.server_trait(server_trait);
                self
            }

            /// Gives every method of the tonic server traits a default body
            /// that answers `Status::unimplemented` ([`Services::Tonic`]), so
            /// that a server implements only the methods it serves and an rpc
            /// added to the schema does not break it; a server-streaming
            /// method then answers a `tonic::codegen::BoxStream` instead of an
            /// associated stream type. Off by default.
            fn tonic_default_unimplemented(&mut self, on: bool) {
                self.tonic.default_unimplemented(on);
                self
            }

            /// Sets the path generated code uses for the runtime crate, for crates
            /// that re-export it; `::schemac_runtime` by default.
            fn runtime_crate(&mut self, path: impl Into<String>) {
                self.runtime_crate = path.into();
                self
            }

            /// Sets the collection of the map fields under `path`: `.` for every
            /// map, `.shop.Order.labels` for one. Where paths nest, the longest
            /// that covers a field holds; maps under none are `BTreeMap`.
            /// [`Analysis::check_config`] refuses a path that does not start with
            /// `.` and a hasher that does not parse as a Rust type.
            ///
            /// [`Analysis::check_config`]: crate::Analysis::check_config
            fn map_type(&mut self, path: impl Into<String>, map_type: MapType) {
                self.map_types.push((path.into(), map_type));
                self
            }

            /// Sets the Rust type of the `string` fields under `path` (single,
            /// optional, oneof members, list elements, map keys and values);
            /// `String` by default. Where paths nest, the longest
            /// that covers a field holds.
            fn string_type(&mut self, path: impl Into<String>, string_type: StringType) {
                self.string_types.push((path.into(), string_type));
                self
            }

            /// Sets the Rust type of the `bytes` fields under `path` (single,
            /// optional, oneof members, list elements and map values); `Vec<u8>`
            /// by default. Where paths nest, the longest that covers a field holds.
            fn bytes_type(&mut self, path: impl Into<String>, bytes_type: BytesType) {
                self.bytes_types.push((path.into(), bytes_type));
                self
            }

            /// Sets the pointers of graph mode's `ref` and `weak` fields, for the
            /// whole schema: `Arc` (the default) or `Rc`. Decode a graph message
            /// whose own object a `weak` field points back at with
            /// `graph::decode_arc` or `graph::decode_rc` to match.
            fn pointer_type(&mut self, pointer_type: PointerType) {
                self.pointer_type = pointer_type;
                self
            }

            /// Whether to also generate serde `Serialize` and `Deserialize` impls
            /// with the canonical JSON mapping (docs/json.md); off by default.
            /// The generated code then needs `schemac-runtime`'s `json` feature,
            /// and no serde dependency of its own.
            fn json(&mut self, enabled: bool) {
                self.json = enabled;
                self
            }

            /// Whether messages keep the fields they do not know, in a field
            /// `unknown_fields`, and write them back, as protobuf's own
            /// implementations do: on by default. Off, a message reads past them
            /// and they are lost, unless its schema says
            /// `option keep_unknown_fields = true;` (a message's own option wins
            /// either way).
            fn keep_unknown_fields(&mut self, keep: bool) {
                self.keep_unknown_fields = keep;
                self
            }

            /// Which field names the generated serde impls write: the schema's
            /// (the default) or protobuf's lowerCamelCase JSON names. Reading
            /// accepts both either way.
            fn json_names(&mut self, names: JsonNames) {
                self.json_names = names;
                self
            }

            /// Whether each package's file also embeds the descriptors of its
            /// files and of the files they import, as protoc writes them
            /// (`FILE_DESCRIPTOR_SET`, with `descriptor_pool()`, the runtime's
            /// `reflect::DescriptorPool` of them), and each generated message
            /// and enum reaches its own (`reflect::Described::descriptor()`);
            /// off by default. `google/protobuf/descriptor.proto`'s types are
            /// then the runtime's `reflect::descriptor` ones, so that a custom
            /// option's constant reads from a descriptor's options. The
            /// generated code then needs schemac-runtime's `reflect` and `std`
            /// features.
            fn embed_descriptors(&mut self, enabled: bool) {
                self.embed_descriptors = enabled;
                self
            }

            /// Whether every message `M` also gets a borrowed view `MView<'a>`,
            /// whose strings and bytes point into the input, for zero-copy reads
            /// (docs/views.md); off by default.
            fn views(&mut self, enabled: bool) {
                self.views = enabled;
                self
            }

            /// Writes `attribute` on every message, enum and oneof enum under
            /// `path`, after its derives: `.` for everything, `.shop` for a
            /// package, `.shop.Order` for a type and the types nested in it.
            /// `attribute` is one or more outer attributes, such as
            /// `#[derive(serde::Serialize)]`; [`Analysis::check_config`] refuses
            /// one that does not parse, or a path that does not start with `.`.
            /// Owned types only: views get no attributes (docs/options.md).
            ///
            /// [`Analysis::check_config`]: crate::Analysis::check_config
            fn type_attribute(
                &mut self,
                path: impl Into<String>,
                attribute: impl Into<String>,
            ) {
                self.attribute(AttributeTarget::Type, path.into(), attribute.into())
            }

            /// Writes `attribute` on every struct field and oneof variant under
            /// `path`: `.shop.Order.id` for one field. Checked as
            /// [`Config::type_attribute`]'s.
            fn field_attribute(
                &mut self,
                path: impl Into<String>,
                attribute: impl Into<String>,
            ) {
                self.attribute(AttributeTarget::Field, path.into(), attribute.into())
            }

            /// Writes `attribute` on every message struct under `path`, and on no
            /// enum. Checked as [`Config::type_attribute`]'s.
            fn message_attribute(
                &mut self,
                path: impl Into<String>,
                attribute: impl Into<String>,
            ) {
                self.attribute(AttributeTarget::Message, path.into(), attribute.into())
            }

            /// Writes `attribute` on every enum and oneof enum under `path`, and on
            /// no message struct. Checked as [`Config::type_attribute`]'s.
            fn enum_attribute(
                &mut self,
                path: impl Into<String>,
                attribute: impl Into<String>,
            ) {
                self.attribute(AttributeTarget::Enum, path.into(), attribute.into())
            }

            /// The messages, enums and oneof enums under `path` do not derive
            /// `Debug`: the crate implements it, for example to hide a secret. An
            /// enum must still be `Debug`, which `Enumeration` requires, and so
            /// must a message that another message holds.
            fn skip_debug(&mut self, path: impl Into<String>) {
                self.skip_debug.push(path.into());
                self
            }

            /// The singular message fields under `path` (plain, `optional`,
            /// `required` and oneof members) hold their message in a `Box`, as
            /// recursive fields always do: `Option<Box<M>>`. The encoding does not
            /// change. Lists, maps and fields of other types are left as they are.
            fn boxed(&mut self, path: impl Into<String>) {
                self.boxed.push(path.into());
                self
            }

            /// The messages and enums under `path` are not generated: generated
            /// code names them under `rust_path`, where another crate generated
            /// them, with schemac and the same options. `rust_path` stands for what
            /// `path` names: for a package, its module (`.common` at
            /// `::common_types` puts `common.v1.Money` at
            /// `::common_types::v1::Money`); for a type, the type itself
            /// (`.common.Money` at `::billing::Money`), with its nested types in
            /// the module beside it (`::billing::money::Currency`) and its view
            /// beside it (`::billing::MoneyView`). Where paths nest, the longest
            /// one that covers a type holds. `rust_path` is a path from a crate
            /// root: `::common_types` or `crate::common`.
            fn extern_path(
                &mut self,
                path: impl Into<String>,
                rust_path: impl Into<String>,
            ) {
                self.extern_paths.push(ExternPath {
                    path: path.into(),
                    rust_path: rust_path.into(),
                });
                self
            }

            /// The singular message fields under `path` hold `M` rather than
            /// `Option<M>`, for code that never tests their presence: such a field
            /// is always there, so it is always written (an empty message takes two
            /// bytes or more), and a field the bytes leave out decodes as
            /// `M::default()`. `optional` and `required` fields, oneof members and
            /// boxed fields (recursive ones, and those under a [`Config::boxed`]
            /// path) keep their `Option`, since a recursive default would never
            /// end.
            fn always_present(&mut self, path: impl Into<String>) {
                self.always_present.push(path.into());
                self
            }

            /// The messages under `path` are read in place by
            /// `Message::decode_in_place`, keeping what they allocated for the
            /// next decode: strings' and lists' buffers, lists' elements, nested
            /// messages and oneof members (docs/io.md, "Decoding in place"). It
            /// costs their plain decode a few per cent (a cursor per list, a
            /// flag per field with presence), so it is asked for: `.` for
            /// every message, or the request types of a server and what they
            /// hold. Any other message decoded in place is reset to its
            /// default first, which gives the same message and allocates.
            fn decode_in_place(&mut self, path: impl Into<String>) {
                self.decode_in_place.push(path.into());
                self
            }
        }
    };
}
pub(crate) use setters;

/// The setters of [`Config`], from `setters`.
macro_rules! config_setters {
    ($(
        $(#[$attr:meta])*
        fn $name:ident(&mut $self:ident $(, $arg:ident: $ty:ty)* $(,)?) $body:block
    )*) => {
        impl Config {
            $(
                $(#[$attr])*
                pub fn $name(&mut $self $(, $arg: $ty)*) -> &mut Self $body
            )*
        }
    };
}

setters!(config_setters);

/// `schema` with every singular message field under a path of
/// [`Config::boxed`] boxed.
pub(crate) fn box_fields(schema: &Schema, config: &Config) -> Schema {
    let mut schema = schema.clone();
    for message in &mut schema.messages {
        for field in &mut message.fields {
            let singular_message = matches!(
                field.ty,
                FieldType::Single(ValueType::Message(_))
                    | FieldType::Optional(ValueType::Message(_))
                    | FieldType::Required(ValueType::Message(_))
            );
            if singular_message
                && config
                    .boxed
                    .iter()
                    .any(|path| path_matches(path, &field.full_name))
            {
                field.boxed = true;
            }
        }
    }
    schema
}

/// The value of the longest of `paths` that covers the element named
/// `full_name`.
fn longest_covering<'a, T>(
    paths: impl IntoIterator<Item = (&'a String, T)>,
    full_name: &str,
) -> Option<T> {
    paths
        .into_iter()
        .filter(|(path, _)| path_matches(path, full_name))
        .max_by_key(|(path, _)| segments(path))
        .map(|(_, value)| value)
}

/// The number of segments of a path: 0 for `.`, 2 for `.shop.Order`.
fn segments(path: &str) -> usize {
    path.split('.')
        .filter(|segment| !segment.is_empty())
        .count()
}

/// Whether `path` means the same wherever generated code is included:
/// `::common_types::v1` or `crate::common`.
fn is_from_a_crate_root(path: &syn::Path) -> bool {
    path.leading_colon.is_some() || path.segments.first().is_some_and(|s| s.ident == "crate")
}

fn bad_path() -> String {
    "a path starts with `.`: `.` for everything, `.shop` for a package, `.shop.Order` for a type, `.shop.Order.id` for a field".to_owned()
}

impl Default for Config {
    fn default() -> Self {
        Self {
            runtime_crate: "::schemac_runtime".to_owned(),
            map_types: Vec::new(),
            string_types: Vec::new(),
            bytes_types: Vec::new(),
            pointer_type: PointerType::default(),
            json: false,
            keep_unknown_fields: true,
            views: false,
            json_names: JsonNames::default(),
            attributes: Vec::new(),
            skip_debug: Vec::new(),
            boxed: Vec::new(),
            always_present: Vec::new(),
            decode_in_place: Vec::new(),
            extern_paths: Vec::new(),
            service_generator: None,
            embed_descriptors: false,
            tonic: TonicGenerator::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list of descriptor.proto's types that `embed_descriptors` names
    /// in the runtime is the shipped descriptor.proto's top-level types.
    #[test]
    fn the_runtimes_descriptor_types_are_descriptor_protos() {
        let analysis = crate::analyze_text(
            "t.proto",
            "syntax = \"proto3\"; import \"google/protobuf/descriptor.proto\";",
        )
        .expect("checks");
        let schema = &analysis.schema;
        let file = (schema.files.iter())
            .find(|file| file.import_name == "google/protobuf/descriptor.proto")
            .expect("descriptor.proto is loaded");
        let mut declared: Vec<&str> = (file.messages.iter())
            .map(|&id| schema.message(id).name.as_str())
            .chain(
                file.enums
                    .iter()
                    .map(|&id| schema.enumeration(id).name.as_str()),
            )
            .collect();
        declared.sort_unstable();
        let mut listed = DESCRIPTOR_PROTO_TYPES.to_vec();
        listed.sort_unstable();
        assert_eq!(listed, declared);
    }

    #[test]
    fn the_root_path_covers_everything() {
        assert!(path_matches(".", "shop.Order"));
        assert!(path_matches(".", "Order.id"));
    }

    #[test]
    fn a_path_covers_itself_and_what_is_under_it_by_whole_segments() {
        assert!(path_matches(".shop", "shop.Order"));
        assert!(path_matches(".shop", "shop.Order.id"));
        assert!(path_matches(".shop.Order", "shop.Order"));
        assert!(path_matches(".shop.Order", "shop.Order.Line.sku"));
        assert!(path_matches(".shop.Order.id", "shop.Order.id"));
        assert!(!path_matches(".shop", "shopping.Order"));
        assert!(!path_matches(".shop.Order", "shop.OrderLine"));
        assert!(!path_matches(".shop.Order.id", "shop.Order.ids"));
        assert!(!path_matches(".shop.Order", "shop"));
        assert!(!path_matches(".shop.Order", "other.shop.Order"));
    }

    #[test]
    fn a_path_without_the_leading_dot_covers_nothing_and_is_refused() {
        assert!(!path_matches("shop.Order", "shop.Order"));
        let mut config = Config::new();
        config.skip_debug("shop.Order").boxed(".shop.Order.line");
        let errors = config.path_errors();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].render(false).contains("skip_debug"));
    }

    #[test]
    fn the_longest_extern_path_that_covers_a_type_holds() {
        let mut config = Config::new();
        config
            .extern_path(".common", "::common_types")
            .extern_path(".common.v1.Money", "::billing::Money");
        let of = |name| {
            config.extern_path_of(name).map(|(path, covered)| {
                let path = quote::ToTokens::to_token_stream(&path).to_string();
                (path.replace(' ', ""), covered)
            })
        };
        let expected = |path: &str, covered| Some((path.to_owned(), covered));
        assert_eq!(of("common.v1.Rate"), expected("::common_types", 1));
        assert_eq!(of("common.v1.Money"), expected("::billing::Money", 3));
        assert_eq!(
            of("common.v1.Money.Currency"),
            expected("::billing::Money", 3)
        );
        assert_eq!(of("commons.Rate"), None);
    }

    #[test]
    fn an_extern_path_names_a_rust_path_from_a_crate_root() {
        let mut config = Config::new();
        config
            .extern_path(".a", "::a_types")
            .extern_path(".b", "crate::b")
            .extern_path(".c", "c_types")
            .extern_path(".d", "::d types")
            .extern_path("e", "::e");
        let errors: Vec<String> = config
            .path_errors()
            .iter()
            .map(|error| error.render(false))
            .collect();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(errors[0].contains("extern_path") && errors[0].contains("c_types"));
        assert!(errors[0].contains("crate root"), "{}", errors[0]);
        assert!(errors[1].contains("::d types"), "{}", errors[1]);
        assert!(errors[2].contains("starts with `.`"), "{}", errors[2]);
    }

    #[test]
    fn the_longest_map_type_path_holds_and_maps_are_sorted_by_default() {
        let mut config = Config::new();
        assert_eq!(config.map_type_of("shop.Order.labels"), &MapType::BTreeMap);
        config
            .map_type(".", MapType::HashMap)
            .map_type(".shop.Order", MapType::BTreeMap)
            .map_type(
                ".shop.Order.index",
                MapType::HashMapWith("::fx::Fx".to_owned()),
            );
        assert_eq!(config.map_type_of("other.Tag.labels"), &MapType::HashMap);
        assert_eq!(config.map_type_of("shop.Order.labels"), &MapType::BTreeMap);
        assert_eq!(
            config.map_type_of("shop.Order.index"),
            &MapType::HashMapWith("::fx::Fx".to_owned())
        );
        assert!(config.path_errors().is_empty());
        config.map_type(".a", MapType::HashMapWith("::fx::<".to_owned()));
        let errors = config.path_errors();
        assert_eq!(errors.len(), 1);
        assert!(
            errors[0]
                .render(false)
                .contains("the map_type `::fx::<` for `.a`")
        );
    }

    #[test]
    fn packageless_names_match_from_the_root() {
        assert!(path_matches(".Order", "Order"));
        assert!(path_matches(".Order", "Order.id"));
    }

    #[test]
    fn attributes_parse_as_one_or_more_outer_attributes() {
        assert_eq!(parse_attributes("#[derive(Hash)]").unwrap().len(), 1);
        let two = "#[derive(serde::Serialize)] #[serde(rename_all = \"camelCase\")]";
        assert_eq!(parse_attributes(two).unwrap().len(), 2);
        assert!(parse_attributes("").is_err());
        assert!(parse_attributes("derive(Hash)").is_err());
        assert!(parse_attributes("#[derive(Hash)").is_err());
        assert!(parse_attributes("#![allow(dead_code)]").is_err());
        assert!(parse_attributes("#[derive(Hash)] struct X;").is_err());
    }

    #[test]
    fn a_bad_attribute_is_an_error_naming_the_option_path_and_attribute() {
        let mut config = Config::new();
        config
            .type_attribute(".shop", "#[derive(Hash)]")
            .field_attribute(".shop.Order.id", "#[serde(default)");
        let errors = config.path_errors();
        assert_eq!(errors.len(), 1);
        let text = errors[0].render(false);
        assert!(text.contains("field_attribute"), "{text}");
        assert!(text.contains(".shop.Order.id"), "{text}");
        assert!(text.contains("#[serde(default)"), "{text}");
    }
}
