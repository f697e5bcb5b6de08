//! Codegen: the model to Rust tokens, one module per package. (Stub: the
//! codegen stage is being written.)

use proc_macro2::TokenStream;

use crate::config::Config;
use crate::model::Schema;

/// The generated code of one package.
#[derive(Clone, Debug)]
pub struct Module {
    /// The package's segments; empty for files without a package.
    pub package: Vec<String>,
    /// The names of the schema files it was generated from.
    pub sources: Vec<String>,
    /// The items of the module.
    pub tokens: TokenStream,
}

impl Module {
    /// The output file name: `shop.v1.rs`, or `_.rs` without a package.
    pub fn file_name(&self) -> String {
        if self.package.is_empty() {
            "_.rs".to_owned()
        } else {
            format!("{}.rs", self.package.join("."))
        }
    }
}

/// Generates one module per package of `schema`.
pub fn generate(schema: &Schema, config: &Config) -> Vec<Module> {
    let _ = (schema, config);
    Vec::new()
}
