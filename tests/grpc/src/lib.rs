//! The example of docs/services.md: the order service of
//! `schemas/orders.schema`, generated for tonic by build.rs, a server that
//! implements it, and a function that serves it on a free loopback port.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, mpsc};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::{ReceiverStream, TcpListenerStream};
use tonic::{Request, Response, Status, Streaming};

include!(concat!(env!("OUT_DIR"), "/schemas.rs"));

use orders::v1::order_service_server::{OrderService, OrderServiceServer};
use orders::v1::{OrderStatus, PlaceOrder, Watch};

/// The largest request message the example server decodes, in bytes.
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;

/// The item whose orders the server takes long to place: half a second.
pub const SLOW_ITEM: &str = "slow";

/// The request header the server reads, and the response header it writes
/// back with the same value.
pub const TIER_HEADER: &str = "x-customer-tier";

/// The server: stateless but for what lets a test see a stream end.
#[derive(Debug, Default)]
pub struct Orders {
    /// Notified when a `WatchOrders` stream finds its client gone.
    pub watch_cancelled: Arc<Notify>,
}

impl OrderService for Orders {
    type WatchOrdersStream = ReceiverStream<Result<OrderStatus, Status>>;
    type ConverseStream = ReceiverStream<Result<OrderStatus, Status>>;

    async fn place(&self, request: Request<PlaceOrder>) -> Result<Response<OrderStatus>, Status> {
        let tier = request.metadata().get(TIER_HEADER).cloned();
        let order = request.into_inner();
        if order.item == SLOW_ITEM {
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        let status = status_of(&order)?;
        let mut response = Response::new(status);
        if let Some(tier) = tier {
            response.metadata_mut().insert(TIER_HEADER, tier);
        }
        Ok(response)
    }

    async fn watch_orders(
        &self,
        request: Request<Watch>,
    ) -> Result<Response<Self::WatchOrdersStream>, Status> {
        let watch = request.into_inner();
        let (sender, receiver) = mpsc::channel(1);
        let cancelled = Arc::clone(&self.watch_cancelled);
        tokio::spawn(async move {
            let mut n = 0u32;
            // Bounded: at most `updates`, or 10,000 when it is 0.
            let limit = if watch.updates == 0 {
                10_000
            } else {
                watch.updates
            };
            while n < limit {
                n += 1;
                let update = OrderStatus {
                    order_id: u64::from(n),
                    state: format!("update {n} for {}", watch.customer),
                    total_quantity: n,
                };
                if sender.send(Ok(update)).await.is_err() {
                    // The client dropped the stream.
                    cancelled.notify_one();
                    return;
                }
                tokio::time::sleep(Duration::from_millis(u64::from(watch.interval_ms))).await;
            }
        });
        Ok(Response::new(ReceiverStream::new(receiver)))
    }

    async fn place_batch(
        &self,
        request: Request<Streaming<PlaceOrder>>,
    ) -> Result<Response<OrderStatus>, Status> {
        let mut orders = request.into_inner();
        let mut count = 0u64;
        let mut total = 0u32;
        while let Some(order) = orders.next().await {
            let status = status_of(&order?)?;
            count += 1;
            total = total.saturating_add(status.total_quantity);
        }
        Ok(Response::new(OrderStatus {
            order_id: count,
            state: format!("{count} orders placed"),
            total_quantity: total,
        }))
    }

    async fn converse(
        &self,
        request: Request<Streaming<PlaceOrder>>,
    ) -> Result<Response<Self::ConverseStream>, Status> {
        let mut orders = request.into_inner();
        let (sender, receiver) = mpsc::channel(4);
        tokio::spawn(async move {
            while let Some(order) = orders.next().await {
                let answer = order.and_then(|order| status_of(&order));
                let failed = answer.is_err();
                if sender.send(answer).await.is_err() || failed {
                    return;
                }
            }
        });
        Ok(Response::new(ReceiverStream::new(receiver)))
    }
}

/// The status of a placed order, or why it cannot be placed.
fn status_of(order: &PlaceOrder) -> Result<OrderStatus, Status> {
    if order.quantity == 0 {
        return Err(Status::invalid_argument(format!(
            "an order of {} needs a quantity of at least 1",
            order.item
        )));
    }
    Ok(OrderStatus {
        order_id: u64::from(order.quantity) * 1000 + order.item.len() as u64,
        state: format!(
            "placed {} x {} for {}",
            order.quantity, order.item, order.customer
        ),
        total_quantity: order.quantity,
    })
}

/// Serves `orders` on 127.0.0.1 at a free port, decoding requests of up to
/// [`MAX_REQUEST_BYTES`]; returns the address and the server's task.
pub async fn serve(
    orders: Orders,
) -> std::io::Result<(
    SocketAddr,
    tokio::task::JoinHandle<Result<(), tonic::transport::Error>>,
)> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    let service = OrderServiceServer::new(orders).max_decoding_message_size(MAX_REQUEST_BYTES);
    let server = tonic::transport::Server::builder()
        .add_service(service)
        .serve_with_incoming(TcpListenerStream::new(listener));
    Ok((address, tokio::spawn(server)))
}
