//! Compiles schemas with the options `make generate` leaves off, each into
//! a directory of its own under OUT_DIR, with an include file:
//!
//! - `hash/`: maps as `HashMap` (`map_type(".", ..)`), with JSON and views;
//! - `mixed_maps/`: the same schema with map types by path: `HashMap`
//!   but for one `BTreeMap` and one `HashMap` with a hasher of its own;
//! - `lite/`: the same schema and `money.schema` with maps as `LiteMap`,
//!   with JSON and views;
//! - `representations/`: the same schema and `shapes.schema` with string
//!   types by path (`Box<str>`, `Arc<str>` and `CompactString`) and bytes
//!   as `bytes::Bytes`, with JSON and views;
//! - `reexport/`: the runtime named through a re-export of this crate,
//!   `crate::support::runtime` (`runtime_crate`), with JSON and views;
//! - `kept/`: every message keeps the fields it does not know
//!   (`keep_unknown_fields`);
//! - `by_path/`: `schemas/paths.schema` with the path options: serde's
//!   derive and attributes by path, `skip_debug` and `boxed`, with views;
//! - `present/`: `schemas/present.schema` with `always_present`, with JSON
//!   and views;
//! - `plain/`: the same schemas with the defaults, to compare with;
//! - `extern_user/`: `schemas/extern_user.schema`, whose imported types
//!   `extern_path` names in the crate schemac-generated, with the options
//!   that crate was generated with (JSON and views). A type and a message
//!   that encloses types have paths of their own, under other names,
//!   through `crate::renamed`: `.world.geo.Coordinates` is `Point`, and
//!   `.shapes.Shape` is `Figure`, its nested types in `figure`.
//!
//! This crate knows the runtime as `runtime`, so `hash/` and `kept/` name
//! it `::runtime`: no module could compile with a path to the runtime that
//! does not go through `runtime_crate`.

use std::path::PathBuf;

use schemac::{Builder, BytesType, MapType, StringType};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    Builder::new()
        .out_dir(out.join("hash"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .map_type(".", MapType::HashMap)
        .json(true)
        .views(true)
        .compile(&["../../schemas/scalars.schema"])?;
    Builder::new()
        .out_dir(out.join("mixed_maps"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .map_type(".", MapType::HashMap)
        .map_type(".kitchen.Maps.by_string", MapType::BTreeMap)
        .map_type(
            ".kitchen.Maps.points",
            MapType::HashMapWith("crate::support::FixedHasher".to_owned()),
        )
        .json(true)
        .views(true)
        .compile(&["../../schemas/scalars.schema"])?;
    Builder::new()
        .out_dir(out.join("lite"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .map_type(".", MapType::LiteMap)
        .json(true)
        .views(true)
        .compile(&["../../schemas/scalars.schema", "../../schemas/money.schema"])?;
    Builder::new()
        .out_dir(out.join("representations"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .string_type(".", StringType::BoxStr)
        .string_type(".kitchen.OptionalScalars", StringType::ArcStr)
        .string_type(".kitchen.Lists", StringType::CompactString)
        .string_type(".shapes.Shape.label", StringType::ArcStr)
        .string_type(".shapes.Drawing.title", StringType::CompactString)
        .bytes_type(".", BytesType::Bytes)
        .json(true)
        .views(true)
        .compile(&[
            "../../schemas/scalars.schema",
            "../../schemas/shapes.schema",
        ])?;
    Builder::new()
        .out_dir(out.join("reexport"))
        .include_file("mod.rs")
        .runtime_crate("crate::support::runtime")
        .json(true)
        .views(true)
        .compile(&["../../schemas/order.schema"])?;
    Builder::new()
        .out_dir(out.join("kept"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .keep_unknown_fields(true)
        .compile(&[
            "../../schemas/evolution_v1.schema",
            "../../schemas/evolution_v2.schema",
        ])?;
    Builder::new()
        .out_dir(out.join("by_path"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .type_attribute(".paths", "#[derive(serde::Serialize)]")
        .message_attribute(".paths.Profile", r#"#[serde(rename_all = "camelCase")]"#)
        .field_attribute(
            ".paths.Tag.labels",
            r#"#[serde(skip_serializing_if = "::std::collections::BTreeMap::is_empty")]"#,
        )
        .enum_attribute(
            ".paths.Status",
            r#"#[serde(rename_all = "SCREAMING_SNAKE_CASE")]"#,
        )
        .skip_debug(".paths.Secret")
        .boxed(".paths.Profile.best")
        .views(true)
        .compile(&["schemas/paths.schema"])?;
    Builder::new()
        .out_dir(out.join("present"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .always_present(".present")
        .json(true)
        .views(true)
        .compile(&["schemas/present.schema"])?;
    Builder::new()
        .out_dir(out.join("plain"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .compile(&["schemas/paths.schema", "schemas/present.schema"])?;
    Builder::new()
        .out_dir(out.join("extern_user"))
        .include_file("mod.rs")
        .runtime_crate("::runtime")
        .include("../../schemas")
        .extern_path(".shapes", "::schemac_generated::shapes")
        .extern_path(".shapes.Shape", "crate::renamed::Figure")
        .extern_path(".world.geo", "::schemac_generated::world::geo")
        .extern_path(".world.geo.Coordinates", "crate::renamed::Point")
        .json(true)
        .views(true)
        .compile(&["schemas/extern_user.schema"])?;
    Ok(())
}
