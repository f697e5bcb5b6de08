//! Default bodies answering Unimplemented (`tonic_default_unimplemented`),
//! in both shapes of the server trait: a server that implements only
//! `Echo` of `proto/extra/defaults.proto` answers it, and answers every
//! other method, of each streaming kind, with `Unimplemented` naming the
//! method. Served in process on 127.0.0.1 at a free port.
//!
//! The file holds deprecated messages, fields, enum values, services and
//! rpcs: the generated code builds without a warning (clippy denies them),
//! and the calls below that name them allow the lint.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio_stream::wrappers::TcpListenerStream;
use tonic::transport::Server;
use tonic::{Code, Request, Response, Status};

/// The code of the `#[async_trait]` shape, a `.proto` service's default.
pub mod boxed {
    tonic::include_proto!("extra.defaults");
}

/// The same with native `async fn` in traits.
pub mod native {
    include!(concat!(env!("OUT_DIR"), "/native/extra.defaults.rs"));
}

/// Implements `Echo` only, as a server written for tonic-build does.
struct BoxedEcho;

#[tonic::async_trait]
impl boxed::partial_server::Partial for BoxedEcho {
    async fn echo(&self, request: Request<boxed::Ping>) -> Result<Response<boxed::Pong>, Status> {
        Ok(Response::new(boxed::Pong {
            n: request.into_inner().n + 1,
        }))
    }
}

/// Implements `Echo` only, with a plain `async fn`.
struct NativeEcho;

impl native::partial_server::Partial for NativeEcho {
    async fn echo(&self, request: Request<native::Ping>) -> Result<Response<native::Pong>, Status> {
        Ok(Response::new(native::Pong {
            n: request.into_inner().n + 1,
        }))
    }
}

/// Serves the tonic service `$service` on 127.0.0.1 at a free port, for
/// as long as the test's runtime lives; its address.
macro_rules! serve {
    ($service:expr) => {{
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let address: SocketAddr = listener.local_addr().expect("its address");
        tokio::spawn(
            Server::builder()
                .add_service($service)
                .serve_with_incoming(TcpListenerStream::new(listener)),
        );
        address
    }};
}

/// `status` is `Unimplemented`, naming `method`.
fn assert_unimplemented(status: &Status, method: &str) {
    assert_eq!(status.code(), Code::Unimplemented, "{status:?}");
    assert_eq!(
        status.message(),
        format!("/extra.defaults.Partial/{method} is not implemented by this server")
    );
}

#[tokio::test]
async fn async_trait_shape_answers_unimplemented_for_what_the_server_leaves_out() {
    use boxed::Ping;
    use boxed::partial_client::PartialClient;
    use boxed::partial_server::PartialServer;

    let address = serve!(PartialServer::new(BoxedEcho));
    let mut client = connect(address, PartialClient::connect).await;
    let ping = Ping {
        n: 1,
        ..Default::default()
    };
    let pong = client.echo(ping).await.expect("echo").into_inner();
    assert_eq!(pong.n, 2);
    let status = client.count(ping).await.expect_err("count");
    assert_unimplemented(&status, "Count");
    let status = client
        .sum(tokio_stream::iter([ping, ping]))
        .await
        .expect_err("sum");
    assert_unimplemented(&status, "Sum");
    let status = client
        .chat(tokio_stream::iter([ping]))
        .await
        .expect_err("chat");
    assert_unimplemented(&status, "Chat");
    #[allow(deprecated)]
    let status = client
        .retire(boxed::Retiree { n: 1 })
        .await
        .expect_err("retire");
    assert_unimplemented(&status, "Retire");
}

#[tokio::test]
async fn native_shape_answers_unimplemented_for_what_the_server_leaves_out() {
    use native::Ping;
    use native::partial_client::PartialClient;
    use native::partial_server::PartialServer;

    let address = serve!(PartialServer::new(NativeEcho));
    let mut client = connect(address, PartialClient::connect).await;
    let ping = Ping {
        n: 41,
        ..Default::default()
    };
    assert_eq!(client.echo(ping).await.expect("echo").into_inner().n, 42);
    let status = client.count(ping).await.expect_err("count");
    assert_unimplemented(&status, "Count");
    let status = client
        .sum(tokio_stream::iter([ping]))
        .await
        .expect_err("sum");
    assert_unimplemented(&status, "Sum");
}

/// A client of the server at `address`, by `connect`, retried while the
/// server starts.
async fn connect<C, F>(address: SocketAddr, connect: impl Fn(String) -> F) -> C
where
    F: std::future::Future<Output = Result<C, tonic::transport::Error>>,
{
    for _ in 0..100 {
        if let Ok(client) = connect(format!("http://{address}")).await {
            return client;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no server at {address}");
}
