//! Compiles each version of the order schema with the `Builder`, as a
//! user's build.rs would, into a directory of its own under OUT_DIR:
//! `v1`, `v2` and `v3`, whose messages drop the fields they do not know,
//! and `v1_keep`, version 1 keeping them, as by default.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?);
    for (module, schema, keep) in [
        ("v1", "schemas/v1.schema", false),
        ("v1_keep", "schemas/v1.schema", true),
        ("v2", "schemas/v2.schema", false),
        ("v3", "schemas/v3.schema", false),
    ] {
        schemac::Builder::new()
            .out_dir(out.join(module))
            .keep_unknown_fields(keep)
            .compile(&[schema])?;
    }
    Ok(())
}
