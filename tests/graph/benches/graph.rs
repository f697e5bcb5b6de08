//! Graph mode's cost: encoding and decoding Order-100 with its back
//! references and shared customer, its lines as `ref` fields (`graph`) or
//! held by value (`owned`, and `owned-rc` with `Rc` pointers), against the
//! same data as a plain tree (docs/graph.md); and what the back
//! references' `Weak`s cost alone.
//! `cargo bench -p schemac-graph`.

use std::hint::black_box;
use std::rc::Rc;
use std::sync::Arc;

use criterion::{Bencher, Criterion, criterion_group, criterion_main};
use schemac_graph::measure::{
    customer, described_order, graph_from_plain, owned_order, owned_order_rc, plain_order,
};
use schemac_graph::shop::{Order, OwnedOrder, PlainOrder};
use schemac_runtime::Message;
use schemac_runtime::graph::{decode_arc, decode_rc};

fn order_100(c: &mut Criterion) {
    let customer = customer();
    let graph = described_order(100, &customer);
    let plain = plain_order(&graph);
    let owned = owned_order(&graph);
    let owned_rc = owned_order_rc(&graph);
    let owned_bytes = owned.try_encode_to_vec().expect("encodes");
    let graph_bytes = graph.try_encode_to_vec().expect("encodes");
    let plain_bytes = plain.try_encode_to_vec().expect("encodes");

    let mut group = c.benchmark_group("order-100");
    group.bench_function("graph/encode", |b| {
        b.iter(|| black_box(&graph).try_encode_to_vec())
    });
    group.bench_function("owned/encode", |b| {
        b.iter(|| black_box(&owned).try_encode_to_vec())
    });
    group.bench_function("owned-rc/encode", |b| {
        b.iter(|| black_box(&owned_rc).try_encode_to_vec())
    });
    group.bench_function("plain/encode", |b| {
        b.iter(|| black_box(&plain).try_encode_to_vec())
    });
    group.bench_function("graph/decode", |b| {
        b.iter(|| decode_arc::<Order>(black_box(&graph_bytes)))
    });
    group.bench_function("owned/decode", |b| {
        b.iter(|| decode_arc::<OwnedOrder>(black_box(&owned_bytes)))
    });
    group.bench_function("owned-rc/decode", |b| {
        b.iter(|| decode_rc::<schemac_graph::rc::shop::OwnedOrder>(black_box(&owned_bytes)))
    });
    group.bench_function("plain/decode", |b| {
        b.iter(|| PlainOrder::decode(black_box(&plain_bytes)))
    });
    // The floor of decoding into `Arc` and `Weak`: the tree decoded, then
    // moved into the graph's representation.
    group.bench_function("floor/decode", |b| {
        b.iter(|| PlainOrder::decode(black_box(&plain_bytes)).map(graph_from_plain))
    });
    group.finish();
}

/// What the back references cost by themselves: 100 `Weak`s of one order
/// cloned and dropped, as a decode of Order-100 and the drop of its result
/// do, beside the same with `Rc`'s `Weak`, whose counts are not atomic.
fn back_references(c: &mut Criterion) {
    let order = Arc::new(0u64);
    let order_rc = Rc::new(0u64);
    let weak = Arc::downgrade(&order);
    let weak_rc = Rc::downgrade(&order_rc);
    let mut group = c.benchmark_group("weak-100");
    group.bench_function("arc/clone-drop", |b| clone_and_drop_100(b, &weak));
    group.bench_function("rc/clone-drop", |b| clone_and_drop_100(b, &weak_rc));
    group.finish();
}

/// Times cloning `weak` 100 times into a list kept between iterations,
/// then dropping the clones.
fn clone_and_drop_100<W: Clone>(b: &mut Bencher, weak: &W) {
    let mut held = Vec::with_capacity(100);
    b.iter(|| {
        held.extend((0..100).map(|_| black_box(weak).clone()));
        held.clear();
    });
}

criterion_group!(benches, order_100, back_references);
criterion_main!(benches);
