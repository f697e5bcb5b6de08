//! Services end to end through the library: the model read from `.schema`
//! and `.proto` alike, what the exports write, and the generator hook:
//! what a `ServiceGenerator` is given and where its code goes.

use std::sync::{Arc, Mutex};

use schemac::service::{Service, ServiceGenerator};
use schemac::{Analysis, Config};

const SCHEMA: &str = "package shop.v1;

import \"google/protobuf/empty.proto\";

message Order { id: i64 = 1; }
message Line { text: string = 1; }

/// Takes orders.
service OrderService {
  /// Places one order.
  rpc PlaceOrder(Order) returns (Order);
  rpc Watch(google.protobuf.Empty) returns (stream Order);
  rpc Upload(stream Line) returns (Order);
  rpc Chat(stream Line) returns (stream Line);
}
";

const PROTO: &str = "syntax = \"proto3\";
package shop.v1;

import \"google/protobuf/empty.proto\";

message Order { int64 id = 1; }
message Line { string text = 1; }

// Takes orders.
service OrderService {
  // Places one order.
  rpc PlaceOrder (Order) returns (Order);
  rpc Watch (google.protobuf.Empty) returns (stream Order);
  rpc Upload (stream Line) returns (.shop.v1.Order);
  rpc Chat (stream Line) returns (stream Line) {}
}
";

fn analyze(name: &str, text: &str) -> Analysis {
    schemac::analyze_text(name, text).unwrap_or_else(|error| panic!("{error}"))
}

/// Each method as (name, request, streamed, response, streamed), with the
/// types' full names.
fn shapes(analysis: &Analysis) -> Vec<(String, String, bool, String, bool)> {
    let schema = &analysis.schema;
    let full_name = |ty: schemac::model::ValueType| match ty {
        schemac::model::ValueType::Message(id) => schema.message(id).full_name.clone(),
        schemac::model::ValueType::WellKnown(known) => known.name().to_owned(),
        other => format!("{other:?}"),
    };
    schema.services[0]
        .methods
        .iter()
        .map(|method| {
            (
                method.name.clone(),
                full_name(method.input.ty),
                method.input.stream,
                full_name(method.output.ty),
                method.output.stream,
            )
        })
        .collect()
}

#[test]
fn schema_and_proto_read_to_the_same_services() {
    let schema = analyze("shop.schema", SCHEMA);
    let proto = analyze("shop.proto", PROTO);
    let expected = [
        ("PlaceOrder", "shop.v1.Order", false, "shop.v1.Order", false),
        ("Watch", "Empty", false, "shop.v1.Order", true),
        ("Upload", "shop.v1.Line", true, "shop.v1.Order", false),
        ("Chat", "shop.v1.Line", true, "shop.v1.Line", true),
    ]
    .map(|(m, i, is, o, os)| (m.to_owned(), i.to_owned(), is, o.to_owned(), os));
    assert_eq!(shapes(&schema), expected);
    assert_eq!(shapes(&proto), expected);
    for analysis in [&schema, &proto] {
        let service = &analysis.schema.services[0];
        assert_eq!(service.full_name, "shop.v1.OrderService");
        assert_eq!(service.docs, ["Takes orders."]);
        assert_eq!(service.methods[0].docs, ["Places one order."]);
    }
}

#[test]
fn export_proto_writes_every_kind_of_method() {
    let exported = analyze("shop.schema", SCHEMA).export_proto(schemac::source::FileId(0));
    for line in [
        "import \"google/protobuf/empty.proto\";",
        "// Takes orders.\nservice OrderService {",
        "  // Places one order.\n  rpc PlaceOrder (.shop.v1.Order) returns (.shop.v1.Order);",
        "  rpc Watch (.google.protobuf.Empty) returns (stream .shop.v1.Order);",
        "  rpc Upload (stream .shop.v1.Line) returns (.shop.v1.Order);",
        "  rpc Chat (stream .shop.v1.Line) returns (stream .shop.v1.Line);",
    ] {
        assert!(exported.contains(line), "no {line:?} in\n{exported}");
    }
}

#[test]
fn descriptors_hold_the_services() {
    let analysis = analyze("shop.proto", PROTO);
    let set = analysis.export_descriptor_set(&analysis.roots, false);
    let service = &set.file[0].service[0];
    assert_eq!(service.name(), "OrderService");
    let methods: Vec<(&str, &str, &str, bool, bool)> = service
        .method
        .iter()
        .map(|m| {
            let streams = (m.client_streaming(), m.server_streaming());
            (
                m.name(),
                m.input_type(),
                m.output_type(),
                streams.0,
                streams.1,
            )
        })
        .collect();
    assert_eq!(
        methods,
        [
            (
                "PlaceOrder",
                ".shop.v1.Order",
                ".shop.v1.Order",
                false,
                false
            ),
            (
                "Watch",
                ".google.protobuf.Empty",
                ".shop.v1.Order",
                false,
                true
            ),
            ("Upload", ".shop.v1.Line", ".shop.v1.Order", true, false),
            ("Chat", ".shop.v1.Line", ".shop.v1.Line", true, true),
        ]
    );
}

/// A generator that records what it is given and writes a constant of
/// each service's method paths.
#[derive(Default)]
struct Recorder {
    seen: Arc<Mutex<Vec<Service>>>,
}

impl ServiceGenerator for Recorder {
    fn generate(&self, service: &Service) -> String {
        if let Ok(mut seen) = self.seen.lock() {
            seen.push(service.clone());
        }
        let paths: Vec<String> = service
            .methods
            .iter()
            .map(|method| format!("{:?}", method.path))
            .collect();
        format!(
            "/// The paths of `{}`.\npub const {}_PATHS: &[&str] = &[{}];",
            service.full_name,
            service.rust_name.to_uppercase(),
            paths.join(", ")
        )
    }
}

#[test]
fn a_generator_is_given_each_service_and_its_code_ends_the_file() {
    let analysis = analyze("shop.schema", SCHEMA);
    let recorder = Recorder::default();
    let seen = Arc::clone(&recorder.seen);
    let mut config = Config::new();
    config.service_generator(Box::new(recorder));
    let files = analysis.generate(&config);
    let shop = files.iter().find(|file| file.name == "shop.v1.rs");
    let contents = &shop.expect("the package's file").contents;
    let expected = "/// The paths of `shop.v1.OrderService`.\npub const ORDERSERVICE_PATHS: &[&str] = &[\n    \"/shop.v1.OrderService/PlaceOrder\",\n    \"/shop.v1.OrderService/Watch\",\n    \"/shop.v1.OrderService/Upload\",\n    \"/shop.v1.OrderService/Chat\",\n];\n";
    assert!(contents.ends_with(expected), "{contents}");

    let seen = seen.lock().expect("not poisoned");
    let [service] = &seen[..] else {
        panic!("expected one service, got {seen:?}");
    };
    assert_eq!(
        (service.name.as_str(), service.package.as_str()),
        ("OrderService", "shop.v1")
    );
    assert_eq!(service.docs, ["Takes orders."]);
    let described: Vec<(&str, &str, &str, &str, bool, bool)> = service
        .methods
        .iter()
        .map(|m| {
            let streams = (m.client_streaming, m.server_streaming);
            let types = (m.input_type.as_str(), m.output_type.as_str());
            (
                m.name.as_str(),
                m.rust_name.as_str(),
                types.0,
                types.1,
                streams.0,
                streams.1,
            )
        })
        .collect();
    assert_eq!(
        described,
        [
            ("PlaceOrder", "place_order", "Order", "Order", false, false),
            (
                "Watch",
                "watch",
                "::schemac_runtime::wkt::Empty",
                "Order",
                false,
                true
            ),
            ("Upload", "upload", "Line", "Order", true, false),
            ("Chat", "chat", "Line", "Line", true, true),
        ]
    );
    assert_eq!(service.methods[0].input_proto_type, ".shop.v1.Order");
    assert_eq!(service.methods[0].docs, ["Places one order."]);
}

#[test]
fn types_of_other_packages_are_named_from_the_services_package() {
    let files = [
        (
            "a.schema",
            "package shop.orders; import \"b.schema\"; service S { rpc M(shop.common.Id) returns (shop.common.Id); }",
        ),
        ("b.schema", "package shop.common; message Id {}"),
    ];
    let roots = [std::path::PathBuf::from("a.schema")];
    let mut read = |path: &std::path::Path| {
        let found = files
            .iter()
            .find(|(name, _)| std::path::Path::new(name) == path);
        found
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| std::io::Error::from(std::io::ErrorKind::NotFound))
    };
    let analysis = schemac::analyze(&roots, &[], &mut read).unwrap_or_else(|e| panic!("{e}"));
    let generator = |service: &Service| format!("// {}", service.methods[0].input_type);
    let mut config = Config::new();
    config.service_generator(Box::new(generator));
    let generated = analysis.generate(&config);
    let orders = generated.iter().find(|file| file.name == "shop.orders.rs");
    // Not Rust items, so appended as written.
    assert!(
        orders.is_some_and(|file| file.contents.ends_with("// super::common::Id\n")),
        "{generated:#?}"
    );
}

#[test]
fn without_a_generator_services_change_nothing() {
    let with = analyze("shop.schema", SCHEMA);
    let without_services = SCHEMA.split("/// Takes orders.").next().unwrap_or_default();
    let without = analyze("shop.schema", without_services);
    assert_eq!(
        with.generate(&Config::new()),
        without.generate(&Config::new())
    );
}

/// The diagnostics of `text`, as (code, message) pairs.
fn diagnostics(text: &str) -> Vec<(String, String)> {
    match schemac::analyze_text("t.schema", text) {
        Err(schemac::Error::Schema { diagnostics, .. }) => diagnostics
            .into_iter()
            .map(|d| (d.code.as_str().to_owned(), d.message))
            .collect(),
        other => panic!("expected schema errors, got {other:?}"),
    }
}

#[test]
fn wrappers_enums_and_services_are_not_requests() {
    let found = diagnostics(
        "package p;
import \"google/protobuf/wrappers.proto\";
import \"google/protobuf/struct.proto\";
message M { other: S = 1; }
service S {
  rpc A(google.protobuf.Int32Value) returns (M);
  rpc B(M) returns (google.protobuf.NullValue);
  rpc C(S) returns (M);
}",
    );
    let expected = [
        ("E0201", "`S` is the service `p.S`, not a type"),
        ("E0201", "`S` is the service `p.S`, not a type"),
        (
            "E0322",
            "the request of `p.S.A` is the wrapper type `google.protobuf.Int32Value`, not a message",
        ),
        (
            "E0322",
            "the response of `p.S.B` is the enum `google.protobuf.NullValue`, not a message",
        ),
    ];
    let mut found = found;
    found.sort();
    let mut expected: Vec<(String, String)> = expected
        .iter()
        .map(|(code, message)| (code.to_string(), message.to_string()))
        .collect();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn empty_and_stream_named_types_are_fine() {
    let analysis = analyze(
        "t.schema",
        "message stream {} service S {} service T { rpc M(stream) returns (stream stream); }",
    );
    let method = &analysis.schema.services[1].methods[0];
    assert!(!method.input.stream && method.output.stream);
    assert!(analysis.schema.services[0].methods.is_empty());
}
