//! The services of a package described for a
//! [`ServiceGenerator`](crate::service::ServiceGenerator): names as Rust
//! and gRPC spell them, and the Rust paths of the messages, from the
//! package's module, as the types' code names them.

use super::paths;
use crate::config::Config;
use crate::export_proto;
use crate::model::{self, MethodType, Schema, ValueType};
use crate::names;
use crate::service::{Method, Service};

/// The services of the package `package`, in the order of its files.
pub(crate) fn describe(schema: &Schema, config: &Config, package: &[String]) -> Vec<Service> {
    let scope: Vec<String> = package
        .iter()
        .map(|segment| names::package_module(segment))
        .collect();
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
            methods: service
                .methods
                .iter()
                .map(|method| describe_method(schema, config, &scope, service, method))
                .collect(),
        })
        .collect()
}

fn describe_method(
    schema: &Schema,
    config: &Config,
    scope: &[String],
    service: &model::Service,
    method: &model::Method,
) -> Method {
    let rust_type = |ty: &MethodType| rust_path(schema, config, scope, ty.ty);
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
        docs: method.docs.clone(),
    }
}

/// The Rust path of the message `ty` from `scope`: relative for the
/// schema's messages, through the runtime's path for the well-known ones,
/// which needs no `_rt` alias in the package. Check lets nothing else be
/// a request or response.
fn rust_path(schema: &Schema, config: &Config, scope: &[String], ty: ValueType) -> String {
    match ty {
        ValueType::Message(id) => {
            // Tokens print `super :: geo :: Coordinates`; a path has no
            // spaces of its own.
            let path = paths::message_path(schema, scope, id).to_string();
            path.replace(' ', "")
        }
        ValueType::WellKnown(known) => {
            format!("{}::wkt::{}", config.runtime_crate, known.name())
        }
        ValueType::Scalar(_) | ValueType::Enum(_) => String::new(),
    }
}
