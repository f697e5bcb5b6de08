//! Interop with Python's grpcio: a Python client calls every method of the
//! schemac server, and schemac's client calls every method of a Python
//! server, both through stubs that grpc_tools' protoc generates from the
//! `.proto` schemac exports. The Python side is `python/peer.py`.
//!
//! `#[ignore]`d, since they need Debian's python3-grpcio and
//! python3-grpc-tools: `make grpc-interop` runs them. `/usr/bin/python3` is
//! the Python that has them, unless `SCHEMAC_PYTHON` names another.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use schemac_grpc_example::orders::v1::order_service_client::OrderServiceClient;
use schemac_grpc_example::orders::v1::{OrderStatus, PlaceOrder, Watch};
use schemac_grpc_example::{
    Orders, PROTO_DIR, PROTO_FILE, TIER_HEADER, order, prost_orders, serve,
};
use tokio_stream::StreamExt;
use tonic::transport::Channel;
use tonic::{Code, Request};

/// The Python side.
const PEER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/python/peer.py");

/// How long a Python process may take to start serving or to make its calls.
const PYTHON_TIMEOUT: Duration = Duration::from_secs(60);

/// How long one call of the schemac client may take.
const CALL_TIMEOUT: Duration = Duration::from_secs(10);

/// The Python that has grpcio: Debian's, where python3-grpcio installs it,
/// unless `SCHEMAC_PYTHON` names another.
fn python() -> String {
    std::env::var("SCHEMAC_PYTHON").unwrap_or_else(|_| "/usr/bin/python3".to_owned())
}

/// The Python stubs of the exported `.proto`, generated into a temporary
/// directory by grpc_tools' protoc; fails clearly without grpcio.
fn stubs() -> tempfile::TempDir {
    let python = python();
    let check = Command::new(&python)
        .args(["-c", "import grpc, grpc_tools"])
        .output();
    assert!(
        check.as_ref().is_ok_and(|output| output.status.success()),
        "{python} cannot import grpc and grpc_tools; install Debian's python3-grpcio and \
         python3-grpc-tools (apt-get install python3-grpcio python3-grpc-tools) or set \
         SCHEMAC_PYTHON: {check:?}"
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let output = Command::new(&python)
        .args(["-m", "grpc_tools.protoc", "-I", PROTO_DIR])
        .arg(format!("--python_out={}", dir.path().display()))
        .arg(format!("--grpc_python_out={}", dir.path().display()))
        .arg(PROTO_FILE)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {python}: {error}"));
    assert!(
        output.status.success(),
        "grpc_tools.protoc failed on {PROTO_DIR}/{PROTO_FILE}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    dir
}

/// A Python process, killed when dropped: at the end of a test, passed or
/// failed.
struct Peer(Child);

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// What `peer.py call` did: its exit code and what it wrote.
struct Called {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `peer.py call PORT`, until it exits or, failing, for
/// [`PYTHON_TIMEOUT`].
async fn python_calls(stubs: &Path, port: u16) -> Called {
    let child = Command::new(python())
        .arg(PEER)
        .arg("--stubs")
        .arg(stubs)
        .args(["call", &port.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run peer.py");
    let mut peer = Peer(child);
    let start = Instant::now();
    let status = loop {
        match peer.0.try_wait().expect("wait for peer.py") {
            Some(status) => break status,
            None if start.elapsed() > PYTHON_TIMEOUT => {
                panic!("peer.py call did not finish in {PYTHON_TIMEOUT:?}")
            }
            // The server answers on this runtime's threads meanwhile.
            None => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    };
    // It exited: the little it wrote waits in the pipes.
    let read = |pipe: Option<&mut dyn Read>| {
        let mut text = String::new();
        if let Some(pipe) = pipe {
            let _ = pipe.read_to_string(&mut text);
        }
        text
    };
    Called {
        code: status.code(),
        stdout: read(peer.0.stdout.as_mut().map(|pipe| pipe as &mut dyn Read)),
        stderr: read(peer.0.stderr.as_mut().map(|pipe| pipe as &mut dyn Read)),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs python3-grpcio and python3-grpc-tools: make grpc-interop"]
async fn python_client_calls_every_method_of_the_schemac_server() {
    let stubs = stubs();
    let (address, _server) = serve(Orders::default()).await.unwrap();
    let output = python_calls(stubs.path(), address.port()).await;
    assert_eq!(
        output.code,
        Some(0),
        "the Python client found mismatches:\n{}{}",
        output.stdout,
        output.stderr
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs python3-grpcio and python3-grpc-tools: make grpc-interop"]
async fn python_client_reports_a_server_that_answers_otherwise() {
    // The prost server implements only Place: the Python client must fail,
    // naming the methods, so that its success above means something.
    let stubs = stubs();
    let (address, _server) = prost_orders::serve(prost_orders::ProstOrders)
        .await
        .unwrap();
    let output = python_calls(stubs.path(), address.port()).await;
    let stderr = &output.stderr;
    assert_eq!(output.code, Some(1), "{stderr}");
    assert!(
        stderr.contains("mismatch: WatchOrders: StatusCode.UNIMPLEMENTED"),
        "{stderr}"
    );
    assert!(!stderr.contains("mismatch: Place:"), "{stderr}");
}

/// Starts `peer.py serve`; the process, and its port once it printed it.
fn python_server(stubs: &Path) -> (Peer, u16) {
    let child = Command::new(python())
        .arg(PEER)
        .arg("--stubs")
        .arg(stubs)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("run peer.py");
    let mut peer = Peer(child);
    let stdout = peer.0.stdout.take().expect("piped stdout");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let read = BufReader::new(stdout).read_line(&mut line);
        let _ = sender.send(read.map(|_| line));
    });
    let line = match receiver.recv_timeout(PYTHON_TIMEOUT) {
        Ok(Ok(line)) => line,
        Ok(Err(error)) => panic!("cannot read peer.py's port: {error}"),
        Err(_) => panic!("peer.py serve printed no port in {PYTHON_TIMEOUT:?}"),
    };
    let port = line
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("peer.py serve printed {line:?}, not a port"));
    (peer, port)
}

/// What the example server answers for an order (`status_of` in lib.rs,
/// and peer.py's).
fn placed(item: &str, quantity: u32) -> OrderStatus {
    OrderStatus {
        order_id: u64::from(quantity) * 1000 + item.len() as u64,
        state: format!("placed {quantity} x {item} for ada"),
        total_quantity: quantity,
        ..Default::default()
    }
}

/// `future`, or a panic naming `what` after [`CALL_TIMEOUT`].
async fn bounded<T>(what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(CALL_TIMEOUT, future)
        .await
        .unwrap_or_else(|_| panic!("{what} took over {CALL_TIMEOUT:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs python3-grpcio and python3-grpc-tools: make grpc-interop"]
async fn schemac_client_calls_every_method_of_a_python_server() {
    let stubs = stubs();
    let (_peer, port) = python_server(stubs.path());
    let mut client: OrderServiceClient<Channel> = bounded(
        "connecting",
        OrderServiceClient::connect(format!("http://127.0.0.1:{port}")),
    )
    .await
    .expect("connect to peer.py");

    unary(&mut client).await;
    server_streaming(&mut client).await;
    client_streaming(&mut client).await;
    bidirectional(&mut client).await;
}

async fn unary(client: &mut OrderServiceClient<Channel>) {
    let mut request = Request::new(order("tea", 3));
    request
        .metadata_mut()
        .insert(TIER_HEADER, "gold".parse().unwrap());
    let response = bounded("Place", client.place(request)).await.unwrap();
    assert_eq!(response.metadata().get(TIER_HEADER).unwrap(), "gold");
    assert_eq!(response.into_inner(), placed("tea", 3));

    // Every field set, unicode and the largest quantity.
    let full = PlaceOrder {
        customer: "zoë".to_owned(),
        item: "crème brûlée".to_owned(),
        quantity: u32::MAX,
        note: (0..=255).collect(),
        ..Default::default()
    };
    let status = bounded("Place", client.place(full)).await.unwrap();
    assert_eq!(
        status.into_inner(),
        OrderStatus {
            order_id: u64::from(u32::MAX) * 1000 + "crème brûlée".len() as u64,
            state: format!("placed {} x crème brûlée for zoë", u32::MAX),
            total_quantity: u32::MAX,
            ..Default::default()
        }
    );

    let mut refused = Request::new(order("tea", 0));
    refused
        .metadata_mut()
        .insert(TIER_HEADER, "gold".parse().unwrap());
    let status = bounded("Place", client.place(refused)).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert_eq!(
        status.message(),
        "an order of tea needs a quantity of at least 1"
    );
    assert_eq!(status.metadata().get(TIER_HEADER).unwrap(), "gold");
}

async fn server_streaming(client: &mut OrderServiceClient<Channel>) {
    let watch = Watch {
        customer: "ada".to_owned(),
        updates: 5,
        interval_ms: 0,
        ..Default::default()
    };
    let stream = bounded("WatchOrders", client.watch_orders(watch))
        .await
        .unwrap()
        .into_inner();
    let updates: Vec<OrderStatus> = bounded(
        "WatchOrders' updates",
        stream.map(|update| update.unwrap()).collect::<Vec<_>>(),
    )
    .await;
    let expected: Vec<OrderStatus> = (1..=5)
        .map(|n| OrderStatus {
            order_id: u64::from(n),
            state: format!("update {n} for ada"),
            total_quantity: n,
            ..Default::default()
        })
        .collect();
    assert_eq!(updates, expected);
}

async fn client_streaming(client: &mut OrderServiceClient<Channel>) {
    let batch = tokio_stream::iter(vec![order("tea", 1), order("cake", 2), order("jam", 4)]);
    let status = bounded("PlaceBatch", client.place_batch(batch))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        status,
        OrderStatus {
            order_id: 3,
            state: "3 orders placed".to_owned(),
            total_quantity: 7,
            ..Default::default()
        }
    );
    let nothing = tokio_stream::iter(Vec::<PlaceOrder>::new());
    let status = bounded("PlaceBatch", client.place_batch(nothing))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(status.state, "0 orders placed");
    assert_eq!((status.order_id, status.total_quantity), (0, 0));
}

async fn bidirectional(client: &mut OrderServiceClient<Channel>) {
    let orders = [("tea", 1), ("cake", 2), ("jam", 4)];
    let (sender, receiver) = tokio::sync::mpsc::channel(4);
    // tonic's `converse` returns once the response headers come, and
    // grpcio sends them with the first answer: so the first order goes
    // before the call.
    sender.send(order(orders[0].0, orders[0].1)).await.unwrap();
    let mut answers = bounded(
        "Converse",
        client.converse(tokio_stream::wrappers::ReceiverStream::new(receiver)),
    )
    .await
    .unwrap()
    .into_inner();
    // Lockstep: each answer comes before the next order is sent.
    for (i, (item, quantity)) in orders.into_iter().enumerate() {
        if i > 0 {
            sender.send(order(item, quantity)).await.unwrap();
        }
        let answer = bounded("Converse's answer", answers.next()).await;
        assert_eq!(answer.unwrap().unwrap(), placed(item, quantity));
    }
    // An order it refuses ends the call with the error status.
    sender.send(order("tea", 0)).await.unwrap();
    let status = bounded("Converse's error", answers.next())
        .await
        .unwrap()
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert_eq!(
        status.message(),
        "an order of tea needs a quantity of at least 1"
    );
}
