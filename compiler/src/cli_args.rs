//! The flags of `schemac compile` that say what to generate, shared by
//! the `schemac` binary and `protoc-gen-schemac`, which parses its plugin
//! parameter into them with the same clap definition, so that every
//! compile option is a plugin parameter too. Not part of the library:
//! both binaries include this file.

use clap::{Args, ValueEnum};
use schemac::{
    BytesType, Config, JsonNames, MapType, PointerType, ServerTrait, Services, StringType,
};

/// The flags of `schemac compile` beside its input and output directory.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// With -o, also write this file: a module per package including its file.
    #[arg(long, value_name = "NAME")]
    pub include_file: Option<String>,
    // Boxed: the options of generated code are most of the command's
    // size.
    #[command(flatten)]
    pub codegen: Box<CodegenArgs>,
}

/// The options of generated code, as [`Config`] has them.
#[derive(Debug, Args)]
pub struct CodegenArgs {
    /// The collection of the map fields under PATH (all of them without
    /// `PATH=`): `btree` (the default), `lite` (LiteMap, with
    /// schemac-runtime's feature `litemap`), `hash`, or `hash<HASHER>`
    /// with a hasher type such as `::ahash::RandomState`; may be repeated.
    #[arg(long, value_name = "[PATH=]KIND", value_parser = path_map_type)]
    pub map_type: Vec<(String, MapType)>,
    /// The Rust type of the string fields under PATH (all of them without
    /// `PATH=`): `string` (the default), `box` (Box<str>), `arc`
    /// (Arc<str>) or `compact` (CompactString, with schemac-runtime's
    /// feature `compact_str`); may be repeated.
    #[arg(long, value_name = "[PATH=]KIND", value_parser = path_string_type)]
    pub string_type: Vec<(String, StringType)>,
    /// The Rust type of the bytes fields under PATH (all of them without
    /// `PATH=`): `vec` (Vec<u8>, the default) or `bytes` (bytes::Bytes);
    /// may be repeated.
    #[arg(long, value_name = "[PATH=]KIND", value_parser = path_bytes_type)]
    pub bytes_type: Vec<(String, BytesType)>,
    /// The pointers of graph mode's `ref` and `weak` fields: `arc` (Arc
    /// and sync::Weak, the default) or `rc` (Rc and rc::Weak, not `Send`,
    /// cheaper to clone and drop).
    #[arg(long, value_enum, default_value_t = PointerArg::Arc)]
    pub pointer_type: PointerArg,
    /// Also generate serde impls with the canonical JSON mapping
    /// (the crate then needs schemac-runtime's `json` feature).
    #[arg(long)]
    pub json: bool,
    /// The field names the generated JSON writes: the schema's, or
    /// protobuf's lowerCamelCase JSON names; reading takes both.
    #[arg(long, value_enum, default_value_t = Names::Schema, requires = "json")]
    pub json_names: Names,
    /// Make messages read past the fields they do not know, and lose
    /// them, instead of keeping them in `unknown_fields` and writing them
    /// back (but those with `option keep_unknown_fields = true;`).
    #[arg(long)]
    pub drop_unknown_fields: bool,
    /// Accepted, and does nothing: messages keep unknown fields by default.
    #[arg(long, hide = true)]
    pub keep_unknown_fields: bool,
    /// Also generate a borrowed view `MView<'a>` of every message `M`,
    /// for zero-copy reads.
    #[arg(long)]
    pub views: bool,
    /// What services generate: `none` (the default) or `tonic`, tonic
    /// servers and clients (the crate then needs tonic and
    /// schemac-runtime's `tonic` feature).
    #[arg(long, value_enum, default_value_t = ServicesArg::None)]
    pub services: ServicesArg,
    /// How tonic server traits declare their methods: `by-input` (the
    /// default) as `#[async_trait]` makes them for the services of .proto
    /// files, as tonic-build's are, and as native `async fn` for those of
    /// .schema files; `async-trait` or `native` for all.
    #[arg(long, value_enum, default_value_t = ServerTraitArg::ByInput)]
    pub tonic_server_trait: ServerTraitArg,
    /// Give tonic server trait methods default bodies that answer
    /// Unimplemented, so that servers need not implement every rpc.
    #[arg(long)]
    pub tonic_default_unimplemented: bool,
    /// Also embed each package's descriptors, with its `descriptor_pool()`,
    /// and give every message and enum its descriptor (the crate then
    /// needs schemac-runtime's `reflect` feature).
    #[arg(long)]
    pub embed_descriptors: bool,
    /// Write ATTR on the messages, enums and oneof enums under PATH
    /// (`.`, `.shop`, `.shop.Order`); may be repeated.
    #[arg(long, value_name = "PATH=ATTR", value_parser = path_attribute)]
    pub type_attribute: Vec<(String, String)>,
    /// Write ATTR on the struct fields and oneof variants under PATH
    /// (`.shop.Order.id`); may be repeated.
    #[arg(long, value_name = "PATH=ATTR", value_parser = path_attribute)]
    pub field_attribute: Vec<(String, String)>,
    /// Write ATTR on the message structs under PATH; may be repeated.
    #[arg(long, value_name = "PATH=ATTR", value_parser = path_attribute)]
    pub message_attribute: Vec<(String, String)>,
    /// Write ATTR on the enums and oneof enums under PATH; may be repeated.
    #[arg(long, value_name = "PATH=ATTR", value_parser = path_attribute)]
    pub enum_attribute: Vec<(String, String)>,
    /// The types under PATH do not derive Debug; may be repeated.
    #[arg(long, value_name = "PATH", value_parser = path)]
    pub skip_debug: Vec<String>,
    /// The singular message fields under PATH hold their message in a
    /// Box; may be repeated.
    #[arg(long, value_name = "PATH", value_parser = path)]
    pub boxed: Vec<String>,
    /// The singular message fields under PATH hold M rather than
    /// Option<M>, and are always written; may be repeated.
    #[arg(long, value_name = "PATH", value_parser = path)]
    pub always_present: Vec<String>,
    /// The messages under PATH are read in place by decode_in_place,
    /// keeping their allocations; may be repeated.
    #[arg(long, value_name = "PATH", value_parser = path)]
    pub decode_in_place: Vec<String>,
    /// Do not generate the types under PATH: name them under RUST_PATH,
    /// where another crate generated them (`.common=::common_types`); may
    /// be repeated.
    #[arg(long, value_name = "PATH=RUST_PATH", value_parser = extern_path)]
    pub extern_path: Vec<(String, String)>,
}

impl CodegenArgs {
    /// The [`Config`] the flags say.
    pub fn config(&self) -> Config {
        let mut config = Config::new();
        for (path, map_type) in &self.map_type {
            config.map_type(path, map_type.clone());
        }
        for (path, string_type) in &self.string_type {
            config.string_type(path, *string_type);
        }
        for (path, bytes_type) in &self.bytes_type {
            config.bytes_type(path, *bytes_type);
        }
        config
            .json(self.json)
            .json_names(self.json_names.into())
            .keep_unknown_fields(!self.drop_unknown_fields)
            .views(self.views)
            .pointer_type(self.pointer_type.into())
            .services(self.services.into())
            .tonic_server_trait(self.tonic_server_trait.into())
            .tonic_default_unimplemented(self.tonic_default_unimplemented)
            .embed_descriptors(self.embed_descriptors);
        for (path, attribute) in &self.type_attribute {
            config.type_attribute(path, attribute);
        }
        for (path, attribute) in &self.field_attribute {
            config.field_attribute(path, attribute);
        }
        for (path, attribute) in &self.message_attribute {
            config.message_attribute(path, attribute);
        }
        for (path, attribute) in &self.enum_attribute {
            config.enum_attribute(path, attribute);
        }
        for path in &self.skip_debug {
            config.skip_debug(path);
        }
        for path in &self.boxed {
            config.boxed(path);
        }
        for path in &self.always_present {
            config.always_present(path);
        }
        for path in &self.decode_in_place {
            config.decode_in_place(path);
        }
        for (path, rust_path) in &self.extern_path {
            config.extern_path(path, rust_path);
        }
        config
    }
}

/// `PATH=ATTR`, split at the first `=`; the attribute itself is checked
/// later, with the schema, as a user error.
fn path_attribute(argument: &str) -> Result<(String, String), String> {
    let (path, attribute) = argument
        .split_once('=')
        .ok_or("expected PATH=ATTR, such as `.shop.Order=#[derive(Hash)]`")?;
    Ok((self::path(path)?, attribute.to_owned()))
}

/// `PATH=RUST_PATH`, split at the first `=`; the Rust path is checked
/// later, with the schema, as a user error.
fn extern_path(argument: &str) -> Result<(String, String), String> {
    let (path, rust_path) = argument
        .split_once('=')
        .ok_or("expected PATH=RUST_PATH, such as `.common=::common_types`")?;
    Ok((self::path(path)?, rust_path.to_owned()))
}

/// `[PATH=]KIND`, split at the first `=`: PATH is `.` without it.
fn path_kind(argument: &str) -> Result<(String, &str), String> {
    match argument.split_once('=') {
        Some((path, kind)) => Ok((self::path(path)?, kind)),
        None => Ok((".".to_owned(), argument)),
    }
}

/// `[PATH=]KIND`: the string type of the string fields under PATH.
fn path_string_type(argument: &str) -> Result<(String, StringType), String> {
    let (path, kind) = path_kind(argument)?;
    let string_type = match kind {
        "string" => StringType::String,
        "box" => StringType::BoxStr,
        "arc" => StringType::ArcStr,
        "compact" => StringType::CompactString,
        _ => {
            return Err(format!(
                "expected `string`, `box`, `arc` or `compact`, not `{kind}`"
            ));
        }
    };
    Ok((path, string_type))
}

/// `[PATH=]KIND`: the bytes type of the bytes fields under PATH.
fn path_bytes_type(argument: &str) -> Result<(String, BytesType), String> {
    let (path, kind) = path_kind(argument)?;
    let bytes_type = match kind {
        "vec" => BytesType::Vec,
        "bytes" => BytesType::Bytes,
        _ => return Err(format!("expected `vec` or `bytes`, not `{kind}`")),
    };
    Ok((path, bytes_type))
}

/// `[PATH=]KIND`: the map type of the maps under PATH, or of all maps.
/// The hasher of `hash<HASHER>` is checked later, with the schema.
fn path_map_type(argument: &str) -> Result<(String, MapType), String> {
    let (path, kind) = path_kind(argument)?;
    let map_type = match kind {
        "btree" => MapType::BTreeMap,
        "hash" => MapType::HashMap,
        "lite" => MapType::LiteMap,
        _ => match kind
            .strip_prefix("hash<")
            .and_then(|kind| kind.strip_suffix('>'))
        {
            Some(hasher) => MapType::HashMapWith(hasher.trim().to_owned()),
            None => {
                return Err(format!(
                    "expected `btree`, `lite`, `hash` or `hash<HASHER>`, not `{kind}`"
                ));
            }
        },
    };
    Ok((path, map_type))
}

/// A path: `.`, or `.` and a dotted name.
fn path(argument: &str) -> Result<String, String> {
    match argument.starts_with('.') {
        true => Ok(argument.to_owned()),
        false => Err(format!(
            "a path starts with `.`, such as `.shop.Order`, not `{argument}`"
        )),
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Names {
    Schema,
    Proto,
}

impl From<Names> for JsonNames {
    fn from(names: Names) -> Self {
        match names {
            Names::Schema => JsonNames::Schema,
            Names::Proto => JsonNames::Proto,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ServicesArg {
    None,
    Tonic,
}

impl From<ServicesArg> for Services {
    fn from(services: ServicesArg) -> Self {
        match services {
            ServicesArg::None => Services::None,
            ServicesArg::Tonic => Services::Tonic,
        }
    }
}

/// How tonic server traits declare their methods ([`ServerTrait`]).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ServerTraitArg {
    ByInput,
    AsyncTrait,
    Native,
}

impl From<ServerTraitArg> for ServerTrait {
    fn from(server_trait: ServerTraitArg) -> Self {
        match server_trait {
            ServerTraitArg::ByInput => ServerTrait::ByInput,
            ServerTraitArg::AsyncTrait => ServerTrait::AsyncTrait,
            ServerTraitArg::Native => ServerTrait::Native,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum PointerArg {
    Arc,
    Rc,
}

impl From<PointerArg> for PointerType {
    fn from(pointer: PointerArg) -> Self {
        match pointer {
            PointerArg::Arc => PointerType::Arc,
            PointerArg::Rc => PointerType::Rc,
        }
    }
}
