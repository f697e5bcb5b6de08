//! The services of a package described for a
//! [`ServiceGenerator`](crate::service::ServiceGenerator): names as Rust
//! and gRPC spell them, and the Rust paths of the messages, from the
//! package's module, as the types' code names them.

use super::{Context, Facts, paths};
use crate::config::Config;
use crate::export_proto;
use crate::language::Dialect;
use crate::model::{self, MethodType, Schema, ValueType};
use crate::names;
use crate::service::{Method, Service};

/// The services of the package `package`, in the order of its files.
pub(crate) fn describe(schema: &Schema, config: &Config, package: &[String]) -> Vec<Service> {
    let scope: Vec<String> = package
        .iter()
        .map(|segment| names::package_module(segment))
        .collect();
    // Paths to messages need no facts of them.
    let facts = Facts::default();
    let cx = Context::new(schema, config, &facts);
    schema
        .services
        .iter()
        .filter(|service| service.package == package)
        .map(|service| Service {
            name: service.name.clone(),
            rust_name: names::type_name(&service.name),
            package: service.package.join("."),
            full_name: service.full_name.clone(),
            docs: service.docs.clone(),
            from_proto: schema.dialect(service.file) != Dialect::Schema,
            deprecated: service.options.flag("deprecated"),
            methods: service
                .methods
                .iter()
                .map(|method| describe_method(&cx, &scope, service, method))
                .collect(),
        })
        .collect()
}

fn describe_method(
    cx: &Context,
    scope: &[String],
    service: &model::Service,
    method: &model::Method,
) -> Method {
    let schema = cx.schema;
    let rust_type = |ty: &MethodType| rust_path(cx, scope, ty.ty);
    Method {
        name: method.name.clone(),
        rust_name: names::field_name(&method.name),
        path: format!("/{}/{}", service.full_name, method.name),
        input_type: rust_type(&method.input),
        output_type: rust_type(&method.output),
        input_proto_type: export_proto::type_name(schema, method.input.ty),
        output_proto_type: export_proto::type_name(schema, method.output.ty),
        client_streaming: method.input.stream,
        server_streaming: method.output.stream,
        deprecated: method.options.flag("deprecated"),
        docs: method.docs.clone(),
    }
}

/// The Rust path of the message `ty` from `scope`: relative for the
/// schema's messages (or under their extern path), through the runtime's
/// path for the well-known ones, which needs no `_rt` alias in the
/// package. Check lets nothing else be a request or response.
fn rust_path(cx: &Context, scope: &[String], ty: ValueType) -> String {
    match ty {
        ValueType::Message(id) => {
            // Tokens print `super :: geo :: Coordinates`; a path has no
            // spaces of its own.
            let path = paths::message_path(cx, scope, id).to_string();
            path.replace(' ', "")
        }
        ValueType::WellKnown(known) => {
            format!("{}::wkt::{}", cx.config.runtime_crate, known.name())
        }
        ValueType::Scalar(_) | ValueType::Enum(_) | ValueType::Ref(..) => String::new(),
    }
}
