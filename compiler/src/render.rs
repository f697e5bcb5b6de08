//! Render: tokens to formatted Rust text. (Stub: being written.)

use crate::codegen::Module;

/// Formats `module` with prettyplease under an `@generated` header.
pub fn render(module: &Module) -> String {
    module.tokens.to_string()
}
