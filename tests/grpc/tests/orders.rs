//! The example server and client over loopback: the four kinds of method,
//! metadata, an error status with metadata, a deadline, a request over the server's
//! limit and a stream the client drops.

use std::time::Duration;

use schemac_grpc_example::orders::v1::Watch;
use schemac_grpc_example::orders::v1::order_service_client::OrderServiceClient;
use schemac_grpc_example::{MAX_REQUEST_BYTES, Orders, SLOW_ITEM, TIER_HEADER, order, serve};
use tokio_stream::StreamExt;
use tonic::transport::Channel;
use tonic::{Code, Request};

async fn client(orders: Orders) -> OrderServiceClient<Channel> {
    let (address, _server) = serve(orders).await.unwrap();
    OrderServiceClient::connect(format!("http://{address}"))
        .await
        .unwrap()
}

#[tokio::test]
async fn unary_with_metadata_both_ways() {
    let mut client = client(Orders::default()).await;
    let mut request = Request::new(order("tea", 3));
    request
        .metadata_mut()
        .insert(TIER_HEADER, "gold".parse().unwrap());
    let response = client.place(request).await.unwrap();
    assert_eq!(response.metadata().get(TIER_HEADER).unwrap(), "gold");
    let status = response.into_inner();
    assert_eq!(status.state, "placed 3 x tea for ada");
    assert_eq!(status.order_id, 3003);
    assert_eq!(status.total_quantity, 3);
}

#[tokio::test]
async fn server_streaming_sends_every_update() {
    let mut client = client(Orders::default()).await;
    let watch = Watch {
        customer: "ada".to_owned(),
        updates: 5,
        interval_ms: 0,
        ..Default::default()
    };
    let stream = client.watch_orders(watch).await.unwrap().into_inner();
    let updates: Vec<_> = stream
        .map(|update| update.unwrap().order_id)
        .collect()
        .await;
    assert_eq!(updates, [1, 2, 3, 4, 5]);
}

#[tokio::test]
async fn client_streaming_answers_once_for_all() {
    let mut client = client(Orders::default()).await;
    let batch = tokio_stream::iter(vec![order("tea", 1), order("cake", 2), order("jam", 4)]);
    let status = client.place_batch(batch).await.unwrap().into_inner();
    assert_eq!(status.order_id, 3);
    assert_eq!(status.total_quantity, 7);
    assert_eq!(status.state, "3 orders placed");
}

#[tokio::test]
async fn bidirectional_answers_each_order() {
    let mut client = client(Orders::default()).await;
    let (sender, receiver) = tokio::sync::mpsc::channel(4);
    let mut answers = client
        .converse(tokio_stream::wrappers::ReceiverStream::new(receiver))
        .await
        .unwrap()
        .into_inner();
    for (item, quantity) in [("tea", 1), ("cake", 2)] {
        sender.send(order(item, quantity)).await.unwrap();
        let answer = answers.next().await.unwrap().unwrap();
        assert_eq!(answer.state, format!("placed {quantity} x {item} for ada"));
    }
    drop(sender);
    assert!(answers.next().await.is_none());
}

#[tokio::test]
async fn an_error_status_carries_its_message_and_metadata() {
    let mut client = client(Orders::default()).await;
    let status = client.place(order("tea", 0)).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(
        status.message(),
        "an order of tea needs a quantity of at least 1"
    );
    assert!(status.metadata().get(TIER_HEADER).is_none());
    let mut request = Request::new(order("tea", 0));
    request
        .metadata_mut()
        .insert(TIER_HEADER, "gold".parse().unwrap());
    let status = client.place(request).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert_eq!(status.metadata().get(TIER_HEADER).unwrap(), "gold");
}

#[tokio::test]
async fn a_deadline_expires_on_a_slow_method() {
    let mut client = client(Orders::default()).await;
    let mut request = Request::new(order(SLOW_ITEM, 1));
    request.set_timeout(Duration::from_millis(50));
    let status = client.place(request).await.unwrap_err();
    // tonic's server ends a call past its grpc-timeout as Cancelled,
    // "Timeout expired" (other gRPC servers say DeadlineExceeded).
    assert_eq!(status.code(), Code::Cancelled, "{status:?}");
    assert_eq!(status.message(), "Timeout expired");
    // Without a deadline the same call succeeds.
    assert!(client.place(order(SLOW_ITEM, 1)).await.is_ok());
}

#[tokio::test]
async fn a_request_over_the_limit_is_a_clean_status() {
    let mut client = client(Orders::default()).await;
    let mut large = order("tea", 1);
    large.note = vec![7; MAX_REQUEST_BYTES + 1];
    let status = client.place(large).await.unwrap_err();
    assert_eq!(status.code(), Code::OutOfRange, "{status:?}");
    assert!(
        status.message().contains("message length too large"),
        "{status:?}"
    );
    // The server goes on serving.
    assert!(client.place(order("tea", 1)).await.is_ok());
}

#[tokio::test]
async fn dropping_a_server_stream_is_noticed_by_the_server() {
    let orders = Orders::default();
    let cancelled = std::sync::Arc::clone(&orders.watch_cancelled);
    let mut client = client(orders).await;
    let watch = Watch {
        customer: "ada".to_owned(),
        updates: 0,
        interval_ms: 5,
        ..Default::default()
    };
    let mut stream = client.watch_orders(watch).await.unwrap().into_inner();
    assert_eq!(stream.next().await.unwrap().unwrap().order_id, 1);
    drop(stream);
    tokio::time::timeout(Duration::from_secs(10), cancelled.notified())
        .await
        .expect("the server noticed the client went away");
}
