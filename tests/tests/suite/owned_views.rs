//! `OwnedView`: a view's input kept in a `Bytes`, read as the view a
//! borrowed decode gives, from another thread or across `.await` points.

use std::future::Future;
use std::pin::{Pin, pin};
use std::task::{Context, Poll, Waker};

use schemac_generated::shapes::{Tree, TreeView};
use schemac_generated::shop::{Order, OrderView};
use schemac_runtime::bytes::Bytes;
use schemac_runtime::view::OwnedView;
use schemac_runtime::{DecodeOptions, Message};
use schemac_tests::fixtures;

use crate::views::{inside, left_chain};

fn order_bytes() -> Bytes {
    Bytes::from(fixtures::typical_order(3).try_encode_to_vec().unwrap())
}

#[test]
fn an_owned_view_reads_the_borrowed_view_of_its_bytes() {
    let bytes = order_bytes();
    let owned = OwnedView::<Order>::decode(bytes.clone()).unwrap();
    assert_eq!(owned.view(), OrderView::decode(&bytes).unwrap());
    assert_eq!(owned.to_message(), Order::decode(&bytes).unwrap());
    // The view borrows the kept buffer, which is the input's, not a copy.
    let view = owned.view();
    assert!(inside(&bytes, view.description.as_bytes()));
    assert!(inside(&bytes, view.order_lines[0].description.as_bytes()));
    assert_eq!(owned.bytes().as_ptr(), bytes.as_ptr());
    let clone = owned.clone();
    assert_eq!(clone.into_bytes().as_ptr(), bytes.as_ptr());
    assert_eq!(
        format!("{owned:?}"),
        format!("OwnedView({:?})", OrderView::decode(&bytes).unwrap())
    );
}

#[test]
fn an_owned_view_moves_to_another_thread() {
    let owned = OwnedView::<Order>::decode(order_bytes()).unwrap();
    let expected = owned.view().description.to_owned();
    let read = std::thread::spawn(move || owned.view().description.to_owned());
    assert_eq!(read.join().unwrap(), expected);
}

/// A future that is pending once, as an `.await` on I/O would be.
struct YieldOnce(bool);

impl Future for YieldOnce {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<()> {
        if self.0 {
            return Poll::Ready(());
        }
        self.0 = true;
        context.waker().wake_by_ref();
        Poll::Pending
    }
}

/// Polls `future` to its end; it must be `Send + 'static`, as a task that
/// a multi-threaded runtime spawns must be.
fn run<F: Future + Send + 'static>(future: F) -> F::Output {
    let mut future = pin!(future);
    let mut context = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(output) = future.as_mut().poll(&mut context) {
            return output;
        }
    }
}

#[test]
fn a_view_of_an_owned_view_lives_across_an_await() {
    let owned = OwnedView::<Order>::decode(order_bytes()).unwrap();
    let expected = owned.to_message();
    let task = async move {
        let view = owned.view();
        YieldOnce(false).await;
        // The view, held across the await, still reads the kept buffer.
        (view.id, view.description.len(), view.order_lines.len())
    };
    assert_eq!(
        run(task),
        (
            expected.id,
            expected.description.len(),
            expected.order_lines.len()
        )
    );
}

#[test]
fn bad_input_is_refused_when_kept_with_the_borrowed_error() {
    let mut bytes = order_bytes().to_vec();
    bytes.truncate(bytes.len() - 1);
    let error = OwnedView::<Order>::decode(Bytes::from(bytes.clone())).unwrap_err();
    assert_eq!(error, OrderView::decode(&bytes).unwrap_err());
    assert!(error.path().starts_with("Order."), "{error}");
}

#[test]
fn the_options_that_kept_an_input_bind_its_later_reads() {
    let chain = Bytes::from(left_chain(30));
    let shallow = DecodeOptions::new().recursion_limit(20);
    let error = OwnedView::<Tree>::decode_with(chain.clone(), &shallow).unwrap_err();
    assert!(error.is_recursion_limit(), "{error}");
    let owned = OwnedView::<Tree>::decode_with(chain.clone(), &DecodeOptions::new()).unwrap();
    assert_eq!(owned.view(), TreeView::decode(&chain).unwrap());
    let long = DecodeOptions::new().max_input_len(chain.len() - 1);
    assert!(OwnedView::<Tree>::decode_with(chain, &long).is_err());
}
