//! The hook for RPC frameworks: a [`ServiceGenerator`] writes the code of
//! each service, as prost-build's does.
//!
//! schemac generates nothing for a service by itself. With a generator set
//! ([`Config::service_generator`](crate::Config::service_generator) or
//! [`Builder::service_generator`](crate::Builder::service_generator)),
//! each service of a package is described as a [`Service`] and handed to
//! it, and what it returns is appended to the package's generated file,
//! after the types, services in the order their files declare them.
//!
//! The descriptions are plain data, apart from the compiler's model, so
//! that a generator does not break when the model changes; their fields
//! may grow, so they are `#[non_exhaustive]`.
//!
//! ```
//! use schemac::service::{Service, ServiceGenerator};
//!
//! /// A constant listing the gRPC paths of each service's methods.
//! struct Paths;
//!
//! impl ServiceGenerator for Paths {
//!     fn generate(&self, service: &Service) -> String {
//!         let paths: Vec<String> = service.methods.iter().map(|m| format!("{:?}", m.path)).collect();
//!         format!(
//!             "pub const {}_PATHS: &[&str] = &[{}];",
//!             service.name.to_uppercase(),
//!             paths.join(", ")
//!         )
//!     }
//! }
//!
//! let analysis = schemac::analyze_text(
//!     "shop.schema",
//!     "package shop; message Order {} service Orders { rpc Get(Order) returns (Order); }",
//! )?;
//! let mut config = schemac::Config::new();
//! config.service_generator(Box::new(Paths));
//! let files = analysis.generate(&config);
//! assert!(files[0].contents.contains(r#"pub const ORDERS_PATHS: &[&str] = &["/shop.Orders/Get"];"#));
//! # Ok::<(), schemac::Error>(())
//! ```

use std::fmt;
use std::sync::Arc;

mod tonic;

pub use self::tonic::{ServerTrait, TonicGenerator};

/// Writes the Rust code of services, for an RPC framework.
///
/// Generation runs on several threads, so a generator is `Send + Sync`
/// and takes `&self`; one that keeps state across services holds it in a
/// `Mutex`. A closure `Fn(&Service) -> String` is a generator too.
pub trait ServiceGenerator: Send + Sync {
    /// The code of `service`: Rust items, appended to its package's file.
    /// Text that parses as items is formatted as the rest of the file is
    /// (which keeps `///` docs and drops `//` comments); other text is
    /// appended as it is, for the Rust compiler to report.
    fn generate(&self, service: &Service) -> String;
}

impl<F> ServiceGenerator for F
where
    F: Fn(&Service) -> String + Send + Sync,
{
    fn generate(&self, service: &Service) -> String {
        self(service)
    }
}

/// A service, as a [`ServiceGenerator`] sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Service {
    /// Its name as written: `OrderService`.
    pub name: String,
    /// Its Rust type name, UpperCamelCase: `OrderService`. Check promises
    /// that no two services of a package share it.
    pub rust_name: String,
    /// Its package, dotted: `shop.v1`; empty without one.
    pub package: String,
    /// Its protobuf full name, which gRPC calls it by: `shop.v1.OrderService`.
    pub full_name: String,
    /// Its doc comment lines.
    pub docs: Vec<String>,
    /// Whether it is declared in a `.proto` file (rather than a `.schema`
    /// file).
    pub from_proto: bool,
    /// Whether its options say `deprecated = true`.
    pub deprecated: bool,
    /// Its methods, in declaration order.
    pub methods: Vec<Method>,
}

/// A method of a [`Service`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Method {
    /// Its name as written: `PlaceOrder`.
    pub name: String,
    /// Its Rust name, snake_case (raw when it is a keyword): `place_order`.
    /// Check promises that no two methods of a service share it.
    pub rust_name: String,
    /// The gRPC path it is called by: `/shop.v1.OrderService/PlaceOrder`.
    pub path: String,
    /// The Rust path of its request's type, from the package's module:
    /// `PlaceOrder`, `super::common::Lookup`, `::schemac_runtime::wkt::Empty`.
    pub input_type: String,
    /// The Rust path of its response's type, as `input_type`.
    pub output_type: String,
    /// The protobuf full name of its request's type: `.shop.v1.PlaceOrder`.
    pub input_proto_type: String,
    /// The protobuf full name of its response's type.
    pub output_proto_type: String,
    /// Whether the client sends a stream of requests.
    pub client_streaming: bool,
    /// Whether the server answers with a stream of responses.
    pub server_streaming: bool,
    /// Whether its options say `deprecated = true`.
    pub deprecated: bool,
    /// Its doc comment lines.
    pub docs: Vec<String>,
}

/// A generator the [`Config`](crate::Config) holds: shared, so that the
/// config stays `Clone`, and equal only to itself; or the tonic one,
/// which takes its options from the config when it generates.
#[derive(Clone)]
pub(crate) enum SharedGenerator {
    /// `Services::Tonic`.
    Tonic,
    /// One set with `service_generator`.
    Custom(Arc<dyn ServiceGenerator>),
}

impl SharedGenerator {
    /// The code of `service`, with the tonic options of `config`.
    pub(crate) fn generate(&self, config: &crate::Config, service: &Service) -> String {
        match self {
            SharedGenerator::Tonic => config.tonic.generate(service),
            SharedGenerator::Custom(generator) => generator.generate(service),
        }
    }
}

impl fmt::Debug for SharedGenerator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SharedGenerator::Tonic => f.write_str("TonicGenerator"),
            SharedGenerator::Custom(_) => f.write_str("ServiceGenerator"),
        }
    }
}

impl PartialEq for SharedGenerator {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (SharedGenerator::Tonic, SharedGenerator::Tonic) => true,
            (SharedGenerator::Custom(one), SharedGenerator::Custom(other)) => {
                Arc::ptr_eq(one, other)
            }
            _ => false,
        }
    }
}

impl Eq for SharedGenerator {}
