//! Services: their methods, streaming on either side, docs and recovery.

use super::{at, parse, parse_err, parse_ok};
use crate::source::FileId;

const ORDERS: &str = "package shop;
/// Orders, placed and watched.
service OrderService {
  /// Places one order.
  rpc Place(PlaceOrder) returns (Order);
  rpc Watch(WatchRequest) returns (stream OrderEvent);
  rpc Upload(stream Line) returns (.shop.Summary) {}
  rpc Chat(stream Msg) returns (stream Msg);;
}
message Order {}
";

#[test]
fn services_hold_their_methods_in_order() {
    let file = parse_ok(ORDERS);
    assert_eq!(file.items.len(), 1);
    let [service] = &file.services[..] else {
        panic!("expected one service, found {:?}", file.services);
    };
    assert_eq!(service.name.name, "OrderService");
    assert_eq!(at(ORDERS, service.name.span), "OrderService");
    assert_eq!(service.docs, ["Orders, placed and watched."]);
    let shapes: Vec<(&str, bool, String, bool, String)> = service
        .methods
        .iter()
        .map(|method| {
            (
                method.name.name.as_str(),
                method.input.stream.is_some(),
                method.input.name.segments.join("."),
                method.output.stream.is_some(),
                method.output.name.segments.join("."),
            )
        })
        .collect();
    let owned = |name: &str| name.to_owned();
    assert_eq!(
        shapes,
        [
            ("Place", false, owned("PlaceOrder"), false, owned("Order")),
            (
                "Watch",
                false,
                owned("WatchRequest"),
                true,
                owned("OrderEvent")
            ),
            ("Upload", true, owned("Line"), false, owned("shop.Summary")),
            ("Chat", true, owned("Msg"), true, owned("Msg")),
        ]
    );
    let upload = &service.methods[2];
    assert!(upload.output.name.absolute);
    assert_eq!(at(ORDERS, upload.input.stream.unwrap()), "stream");
    assert_eq!(at(ORDERS, upload.output.name.span), ".shop.Summary");
    assert_eq!(service.methods[0].docs, ["Places one order."]);
    assert!(service.methods[1].docs.is_empty());
}

#[test]
fn stream_alone_is_a_message_name() {
    let text = "service S { rpc M(stream) returns (stream stream); }";
    let file = parse_ok(text);
    let method = &file.services[0].methods[0];
    assert_eq!(method.input.stream, None);
    assert_eq!(method.input.name.segments, ["stream"]);
    assert!(method.output.stream.is_some());
    assert_eq!(method.output.name.segments, ["stream"]);
}

#[test]
fn a_broken_service_is_reported_and_the_rest_parses() {
    let text =
        "service S { rpc M(A) returns B; }\nmessage After {}\nservice T { rpc N(A) returns (B); }";
    let diagnostics = parse_err(text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(
        diagnostics[0].message,
        "expected `(` and the response's type, but found `B`"
    );
    let (file, _) = parse(FileId(0), text);
    assert_eq!(file.items.len(), 1);
    // The broken service is kept without its broken method.
    let names: Vec<&str> = file.services.iter().map(|s| s.name.name.as_str()).collect();
    assert_eq!(names, ["S", "T"]);
    assert!(file.services[0].methods.is_empty());
}

#[test]
fn package_after_a_service_is_reported() {
    let diagnostics = parse_err("service S {}\npackage shop;");
    assert!(
        diagnostics[0].message.contains("`package` after"),
        "{diagnostics:#?}"
    );
}
