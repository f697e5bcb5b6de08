//! Options of code generation, shared by the CLI and the build.rs builder.

/// How generated code is shaped.
///
/// ```
/// let mut config = schemac::Config::new();
/// config.map_type(schemac::MapType::HashMap).json(true);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub(crate) runtime_crate: String,
    pub(crate) map_type: MapType,
    pub(crate) json: bool,
    pub(crate) keep_unknown_fields: bool,
    pub(crate) views: bool,
    pub(crate) json_names: JsonNames,
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MapType {
    /// `std::collections::BTreeMap`: sorted, so encoding is deterministic.
    #[default]
    BTreeMap,
    /// `std::collections::HashMap`: faster lookups, encoding order varies.
    HashMap,
}

impl Config {
    /// The defaults: maps are `BTreeMap`, the runtime is `::schemac_runtime`,
    /// no JSON, unknown fields kept only where the schema asks, no views.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the path generated code uses for the runtime crate, for crates
    /// that re-export it; `::schemac_runtime` by default.
    pub fn runtime_crate(&mut self, path: impl Into<String>) -> &mut Self {
        self.runtime_crate = path.into();
        self
    }

    /// Sets the collection used for map fields.
    pub fn map_type(&mut self, map_type: MapType) -> &mut Self {
        self.map_type = map_type;
        self
    }

    /// Whether to also generate serde `Serialize` and `Deserialize` impls
    /// with the canonical JSON mapping (docs/json.md); off by default.
    /// The generated code then needs `schemac-runtime`'s `json` feature,
    /// and no serde dependency of its own.
    pub fn json(&mut self, enabled: bool) -> &mut Self {
        self.json = enabled;
        self
    }

    /// Whether every message keeps the fields it does not know, in a field
    /// `unknown_fields`, and writes them back; off by default, when only
    /// messages with `option keep_unknown_fields = true;` keep them.
    pub fn keep_unknown_fields(&mut self, keep: bool) -> &mut Self {
        self.keep_unknown_fields = keep;
        self
    }

    /// Which field names the generated serde impls write: the schema's
    /// (the default) or protobuf's lowerCamelCase JSON names. Reading
    /// accepts both either way.
    pub fn json_names(&mut self, names: JsonNames) -> &mut Self {
        self.json_names = names;
        self
    }

    /// Whether every message `M` also gets a borrowed view `MView<'a>`,
    /// whose strings and bytes point into the input, for zero-copy reads
    /// (docs/views.md); off by default.
    pub fn views(&mut self, enabled: bool) -> &mut Self {
        self.views = enabled;
        self
    }
}

impl Default for Config {
    fn default() -> Self {
        Self {
            runtime_crate: "::schemac_runtime".to_owned(),
            map_type: MapType::default(),
            json: false,
            keep_unknown_fields: false,
            views: false,
            json_names: JsonNames::default(),
        }
    }
}
