//! Graph mode (docs/graph.md) in the benchmark report: the sizes
//! of the serializer comparisons' Order graphs against Java
//! serialization's and Kryo 1.x's, and the cost of graph mode, Order-100
//! with its lines pointing back at it and a shared customer, encoded and
//! decoded against the same data as a plain tree (`tests/graph`'s
//! `PlainOrder`), in the same run. The order holds its lines by value
//! (`OwnedOrder`), as the Order model has it, in the code generated with
//! `Arc` pointers (the default) and with `Rc` pointers; the same order
//! with its lines as `ref` fields (`Order`), each line an `Arc` of its
//! own, is measured beside them.

use std::fmt::Write as _;
use std::hint::black_box;
use std::rc::Rc;
use std::sync::Arc;

use schemac_graph::measure::{
    customer, described_order, owned_order, owned_order_rc, plain_order, seed_order, three_texts,
};
use schemac_graph::shop::{Customer, Order, OwnedOrder, PlainOrder};
use schemac_runtime::Message;
use schemac_runtime::graph::{decode_arc, decode_rc};
use serde::{Deserialize, Serialize};

use crate::report::{Measurements, Target, TargetGroup};

/// The criterion group of the graph benchmarks.
pub const GROUP: &str = "graph-order-100";

/// The modes measured: the graph forms of Order-100, then the tree.
pub const MODES: [&str; 4] = [OWNED_LINES, OWNED_LINES_RC, REF_LINES, PLAIN];

/// Order-100 holding its lines by value: the Order model, which the target
/// is for.
const OWNED_LINES: &str = "owned-lines";

/// [`OWNED_LINES`] in the code generated with `Rc` pointers.
const OWNED_LINES_RC: &str = "owned-lines-rc";

/// Order-100 holding its lines through `ref` fields.
const REF_LINES: &str = "ref-lines";

/// Order-100 as a plain tree.
const PLAIN: &str = "plain";

/// The benchmark id of `op` (`encode` or `decode`) in `mode` (one of
/// [`MODES`]).
pub fn bench_id(mode: &str, op: &str) -> String {
    format!("{GROUP}/{mode}/{op}")
}

/// The most graph mode may cost against plain mode.
const TARGET_COST: f64 = 1.5;

/// Order-100 in both graph forms and as a plain tree, with their
/// encodings.
pub struct GraphData {
    owned: Arc<OwnedOrder>,
    owned_rc: Rc<schemac_graph::rc::shop::OwnedOrder>,
    refs: Arc<Order>,
    plain: PlainOrder,
    owned_bytes: Vec<u8>,
    refs_bytes: Vec<u8>,
    plain_bytes: Vec<u8>,
}

impl GraphData {
    /// An order of 100 described lines that point back at it, for a named
    /// customer, in both graph forms and as a tree.
    pub fn order_100() -> Self {
        let refs = described_order(100, &customer());
        let owned = owned_order(&refs);
        let plain = plain_order(&refs);
        Self {
            owned_rc: owned_order_rc(&refs),
            owned_bytes: owned.try_encode_to_vec().expect("a graph encodes"),
            refs_bytes: refs.try_encode_to_vec().expect("a graph encodes"),
            plain_bytes: plain.try_encode_to_vec().expect("a tree encodes"),
            owned,
            refs,
            plain,
        }
    }

    /// Encodes in `mode`, one of [`MODES`].
    pub fn encode(&self, mode: &str) -> Vec<u8> {
        let encoded = match mode {
            OWNED_LINES => black_box(&*self.owned).try_encode_to_vec(),
            OWNED_LINES_RC => black_box(&*self.owned_rc).try_encode_to_vec(),
            REF_LINES => black_box(&*self.refs).try_encode_to_vec(),
            _ => black_box(&self.plain).try_encode_to_vec(),
        };
        encoded.expect("encodes")
    }

    /// Decodes in `mode`, one of [`MODES`] (a graph into an `Arc` or an
    /// `Rc`, which the lines point back at), and drops the result. Both
    /// owned forms decode the same bytes.
    pub fn decode(&self, mode: &str) {
        match mode {
            OWNED_LINES => drop(black_box(decode_arc::<OwnedOrder>(black_box(
                &self.owned_bytes,
            )))),
            OWNED_LINES_RC => drop(black_box(decode_rc::<schemac_graph::rc::shop::OwnedOrder>(
                black_box(&self.owned_bytes),
            ))),
            REF_LINES => drop(black_box(decode_arc::<Order>(black_box(&self.refs_bytes)))),
            _ => drop(black_box(PlainOrder::decode(black_box(&self.plain_bytes)))),
        }
    }
}

/// Graph mode's part of the report.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GraphReport {
    /// The sizes of the serializer comparisons' graphs.
    pub sizes: Vec<GraphSize>,
    /// Order-100 in each graph form, `encode` then `decode`.
    pub costs: Vec<GraphCost>,
}

/// One graph's size in graph mode, as a tree and in Java's and Kryo's
/// figures (shared/DESIGN.md).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GraphSize {
    /// What the graph is.
    pub case: String,
    /// Its encoding in graph mode.
    pub graph_bytes: usize,
    /// Its encoding as a tree, where the schema has one.
    pub tree_bytes: Option<usize>,
    /// Java serialization's size.
    pub java_bytes: usize,
    /// Kryo 1.x's size, where the comparisons give one.
    pub kryo_bytes: Option<usize>,
}

/// One operation on Order-100 in graph mode against plain mode.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GraphCost {
    /// The graph form: `owned-lines`, `owned-lines-rc` or `ref-lines`.
    pub mode: String,
    /// `encode` or `decode`.
    pub op: String,
    /// Median time in graph mode, in nanoseconds.
    pub graph_ns: Option<f64>,
    /// Median time in plain mode, in nanoseconds.
    pub plain_ns: Option<f64>,
    /// Graph mode's time over plain mode's, taken in each process that
    /// measured both (the median of them).
    pub cost: Option<f64>,
}

/// The sizes, which need no timing, and the costs this run measured.
pub fn report(measurements: &Measurements) -> GraphReport {
    let empty = Arc::new(Customer::default());
    let size = |order: Arc<Order>| order.try_encode_to_vec().expect("encodes").len();
    let (shared, copies) = three_texts(1_500);
    let sizes = vec![
        GraphSize {
            case: "seed Order, 1 line pointing back at it, a customer".to_owned(),
            graph_bytes: size(seed_order(1, &empty)),
            tree_bytes: None,
            java_bytes: 640,
            kryo_bytes: None,
        },
        GraphSize {
            case: "seed Order, 100 lines pointing back at it, a customer".to_owned(),
            graph_bytes: size(seed_order(100, &empty)),
            tree_bytes: None,
            java_bytes: 2_719,
            kryo_bytes: None,
        },
        GraphSize {
            case: "one 1,500-character string held by three fields (`ref Text`)".to_owned(),
            graph_bytes: shared.try_encode_to_vec().expect("encodes").len(),
            tree_bytes: Some(copies.try_encode_to_vec().expect("encodes").len()),
            java_bytes: 1_557,
            kryo_bytes: Some(4_511),
        },
    ];
    let costs = [OWNED_LINES, OWNED_LINES_RC, REF_LINES]
        .into_iter()
        .flat_map(|mode| ["encode", "decode"].map(|op| (mode, op)))
        .map(|(mode, op)| GraphCost {
            mode: mode.to_owned(),
            op: op.to_owned(),
            graph_ns: measurements.time(&bench_id(mode, op)),
            plain_ns: measurements.time(&bench_id(PLAIN, op)),
            cost: measurements
                .ratio(&bench_id(mode, op), &bench_id(PLAIN, op))
                .map(|ratio| ratio.median),
        })
        .collect();
    GraphReport { sizes, costs }
}

/// The targets of graph mode: each operation on the Order model, its lines
/// held by value, costs at most 1.5 × plain mode, with either pointer.
pub fn targets(report: &GraphReport) -> Vec<Target> {
    report
        .costs
        .iter()
        .filter(|cost| [OWNED_LINES, OWNED_LINES_RC].contains(&cost.mode.as_str()))
        .map(|cost| Target {
            group: TargetGroup::GraphMode,
            case: format!(
                "Order-100 {} in graph mode ({}) / plain mode",
                cost.op,
                match cost.mode.as_str() {
                    OWNED_LINES => "`Arc`",
                    _ => "`Rc`",
                }
            ),
            target: format!("≤ {TARGET_COST:.2}"),
            measured: match cost.cost {
                Some(ratio) => format!("{ratio:.2}"),
                None => "not measured".to_owned(),
            },
            met: cost.cost.map(|ratio| ratio <= TARGET_COST),
        })
        .collect()
}

/// The report's section on graph mode, as Markdown.
pub fn markdown(md: &mut String, report: &GraphReport) {
    md.push_str(
        "\n## Graph mode\n\nSizes in bytes, against the serializer comparisons' figures \
         (shared/DESIGN.md):\n\n| graph | graph mode | a tree | Java serialization | Kryo 1.x |\n\
         |---|---:|---:|---:|---:|\n",
    );
    let bytes = |size: Option<usize>| size.map_or(String::new(), |size| size.to_string());
    for size in &report.sizes {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            size.case,
            size.graph_bytes,
            bytes(size.tree_bytes),
            size.java_bytes,
            bytes(size.kryo_bytes)
        );
    }
    md.push_str(
        "\nOrder-100 with 100 described lines pointing back at it and a named customer, \
         against the same data as a plain tree, medians of this run. The order holds its \
         lines by value (`owned-lines`, the Order model, which graph mode's target is for; \
         `owned-lines-rc` in the code generated with `Rc` pointers) or through `ref` fields \
         (`ref-lines`, an `Arc` per line):\n\n\
         | graph form | operation | graph mode | plain | graph / plain |\n\
         |---|---|---:|---:|---:|\n",
    );
    let time = |ns: Option<f64>| ns.map_or("-".to_owned(), |ns| format!("{:.2} µs", ns / 1e3));
    for cost in &report.costs {
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            cost.mode,
            cost.op,
            time(cost.graph_ns),
            time(cost.plain_ns),
            cost.cost
                .map_or("-".to_owned(), |cost| format!("{cost:.2}"))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{GraphCost, GraphReport, TargetGroup, targets};

    fn cost(mode: &str, op: &str, cost: Option<f64>) -> GraphCost {
        GraphCost {
            mode: mode.to_owned(),
            op: op.to_owned(),
            graph_ns: None,
            plain_ns: None,
            cost,
        }
    }

    #[test]
    fn the_order_model_meets_graph_modes_target_at_1_5_times_plain_mode_or_less() {
        let report = GraphReport {
            sizes: Vec::new(),
            costs: vec![
                cost("owned-lines", "encode", Some(1.5)),
                cost("owned-lines", "decode", Some(1.51)),
                cost("owned-lines", "view", None),
                cost("owned-lines-rc", "decode", Some(1.4)),
                cost("ref-lines", "decode", Some(1.2)),
            ],
        };
        let met: Vec<Option<bool>> = targets(&report).iter().map(|t| t.met).collect();
        assert_eq!(
            met,
            [Some(true), Some(false), None, Some(true)],
            "ref-lines has no target"
        );
        assert_eq!(
            targets(&report)[3].case,
            "Order-100 decode in graph mode (`Rc`) / plain mode"
        );
        assert!(
            targets(&report)
                .iter()
                .all(|target| target.group == TargetGroup::GraphMode)
        );
    }
}
