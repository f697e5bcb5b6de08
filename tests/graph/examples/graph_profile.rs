//! A loop to profile under callgrind: `graph_profile
//! (graph|owned|owned-rc|plain) (encode|decode) N` encodes or decodes
//! Order-100, as the bench does, N times (docs/graph.md): with its lines
//! as `ref` fields (`graph`), held by value (`owned`, and `owned-rc` with
//! `Rc` pointers) or as a plain tree; `floor decode` decodes the tree and
//! moves it into the graph's `Arc`s and `Weak`s, and `skip decode` decodes
//! the bytes of `owned` as the tree, which skips the back references and
//! the customer's number as unknown fields: what reading those bytes
//! costs without graph mode.

use std::hint::black_box;

use schemac_graph::measure::{
    customer, described_order, graph_from_plain, owned_order, owned_order_rc, plain_order,
};
use schemac_graph::shop::{Order, OwnedOrder, PlainOrder};
use schemac_runtime::Message;
use schemac_runtime::graph::{decode_arc, decode_rc};

const USAGE: &str =
    "usage: graph_profile (graph|owned|owned-rc|plain) (encode|decode) N, or (floor|skip) decode N";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, operation, count] = args.as_slice() else {
        eprintln!("{USAGE}");
        std::process::exit(2);
    };
    let count: usize = count.parse().expect("N is a number");
    let customer = customer();
    let graph = described_order(100, &customer);
    let plain = plain_order(&graph);
    let owned = owned_order(&graph);
    let owned_rc = owned_order_rc(&graph);
    let owned_bytes = owned.try_encode_to_vec().expect("encodes");
    let graph_bytes = graph.try_encode_to_vec().expect("encodes");
    let plain_bytes = plain.try_encode_to_vec().expect("encodes");
    for _ in 0..count {
        match (mode.as_str(), operation.as_str()) {
            ("graph", "encode") => drop(black_box(black_box(&graph).try_encode_to_vec())),
            ("owned", "encode") => drop(black_box(black_box(&owned).try_encode_to_vec())),
            ("owned", "decode") => {
                drop(black_box(decode_arc::<OwnedOrder>(black_box(&owned_bytes))))
            }
            ("owned-rc", "encode") => drop(black_box(black_box(&owned_rc).try_encode_to_vec())),
            ("owned-rc", "decode") => drop(black_box(decode_rc::<
                schemac_graph::rc::shop::OwnedOrder,
            >(black_box(&owned_bytes)))),
            ("plain", "encode") => drop(black_box(black_box(&plain).try_encode_to_vec())),
            ("graph", "decode") => drop(black_box(decode_arc::<Order>(black_box(&graph_bytes)))),
            ("plain", "decode") => drop(black_box(PlainOrder::decode(black_box(&plain_bytes)))),
            ("skip", "decode") => drop(black_box(PlainOrder::decode(black_box(&owned_bytes)))),
            ("floor", "decode") => drop(black_box(
                PlainOrder::decode(black_box(&plain_bytes)).map(graph_from_plain),
            )),
            _ => {
                eprintln!("{USAGE}");
                std::process::exit(2);
            }
        }
    }
}
