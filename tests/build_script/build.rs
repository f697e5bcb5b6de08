//! Compiles two schemas, one importing another package, into OUT_DIR, with
//! an include file that nests the packages as modules, serde impls,
//! views and decoding in place, as `make generate` makes them; a schema of its own for views;
//! one whose import only the include directory finds; and one with a
//! service, whose code a small generator of this file writes.

use schemac::service::{Method, Service};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .include("../../schemas")
        .include_file("schemas.rs")
        .json(true)
        .views(true)
        .decode_in_place(".")
        .service_generator(Box::new(handler_trait))
        .compile(&[
            "../../schemas/order.schema",
            "../../schemas/world_travel.schema",
            "schemas/views.schema",
            "schemas/itinerary.schema",
            "schemas/desk.schema",
        ])?;
    Ok(())
}

/// For each service, a constant of its methods' gRPC paths and a trait
/// `<Service>Handler` with one method per rpc, streams as `Vec`s.
fn handler_trait(service: &Service) -> String {
    let paths: Vec<String> = service
        .methods
        .iter()
        .map(|method| format!("{:?}", method.path))
        .collect();
    let methods: Vec<String> = service.methods.iter().map(handler_method).collect();
    format!(
        "/// The gRPC paths of `{full_name}`.\n\
         pub const {upper}_PATHS: &[&str] = &[{paths}];\n\
         /// Answers `{full_name}`.\n\
         pub trait {rust}Handler {{\n{methods}\n}}\n",
        full_name = service.full_name,
        upper = service.name.to_uppercase(),
        paths = paths.join(", "),
        rust = service.rust_name,
        methods = methods.join("\n"),
    )
}

fn handler_method(method: &Method) -> String {
    let side = |ty: &str, stream: bool| match stream {
        true => format!("::std::vec::Vec<{ty}>"),
        false => ty.to_owned(),
    };
    let docs: String = method
        .docs
        .iter()
        .map(|line| format!("/// {line}\n"))
        .collect();
    format!(
        "{docs}fn {name}(&self, request: {input}) -> {output};",
        name = method.rust_name,
        input = side(&method.input_type, method.client_streaming),
        output = side(&method.output_type, method.server_streaming),
    )
}
