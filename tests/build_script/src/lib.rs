//! The code build.rs generated, brought in with one `include!`.

include!(concat!(env!("OUT_DIR"), "/schemas.rs"));

#[cfg(test)]
mod tests {
    use super::shop::{Customer, Order, OrderLine, Status};
    use super::world::{geo, travel};
    use schemac_runtime::{Decimal, DynamicValue, Message};

    #[test]
    fn build_script_types_round_trip() {
        let order = Order {
            id: 7,
            description: "from build.rs".to_owned(),
            total_cost: Decimal::new(398, 2),
            order_lines: vec![OrderLine {
                line_number: 1,
                description: "one".to_owned(),
                cost: Decimal::new(199, 2),
                quantity: 2,
                ..Default::default()
            }],
            customer: Some(Customer {
                id: 1,
                name: "Grace".to_owned(),
                email: None,
                ..Default::default()
            }),
            status: Status::Shipped,
            attributes: [("gift".to_owned(), DynamicValue::Bool(true))].into(),
            ..Default::default()
        };
        let bytes = order.try_encode_to_vec().unwrap();
        assert_same(&Order::decode(&bytes).unwrap(), &order);
    }

    /// `==` would take a decimal of 3.980 for 3.98, and `Unrecognized(2)`
    /// for `Shipped`; `Debug` tells them apart.
    fn assert_same<T: std::fmt::Debug>(actual: &T, expected: &T) {
        assert_eq!(format!("{actual:?}"), format!("{expected:?}"));
    }

    /// `itinerary.schema` imports `world_geo.schema`, which only the
    /// include directory holds; its types are those of the other import.
    #[test]
    fn an_import_found_through_the_include_directory_compiles() {
        use super::itinerary::Leg;
        let leg = Leg {
            from: Some(geo::Coordinates {
                latitude: 53.8,
                longitude: -1.55,
                ..Default::default()
            }),
            to: None,
            unit: geo::Unit::Miles,
            ..Default::default()
        };
        let trip = travel::Trip {
            start: leg.from.clone(),
            unit: leg.unit,
            ..travel::Trip::default()
        };
        let back = Leg::decode(&leg.try_encode_to_vec().unwrap()).unwrap();
        assert_same(&back, &leg);
        assert_same(&back.from, &trip.start);
    }

    #[test]
    fn imported_package_is_a_sibling_module() {
        let trip = travel::Trip {
            start: Some(geo::Coordinates {
                latitude: 1.0,
                longitude: 2.0,
                ..Default::default()
            }),
            ..travel::Trip::default()
        };
        assert_same(
            &travel::Trip::decode(&trip.try_encode_to_vec().unwrap()).unwrap(),
            &trip,
        );
    }

    /// The serde impls reach serde through the runtime: this crate does
    /// not depend on serde itself.
    #[test]
    fn serde_impls_need_no_serde_dependency() {
        use schemac_runtime::json::serde::{Deserialize, Serialize};
        fn serde<T: Serialize + for<'de> Deserialize<'de>>() {}
        serde::<Order>();
        serde::<Status>();
        serde::<travel::Trip>();
    }

    /// A oneof none of whose members borrows keeps the owned enum in views.
    #[test]
    fn views_of_a_oneof_that_borrows_nothing_hold_the_owned_enum() {
        use super::views::{Mode, Reading, ReadingView, reading::Unit};
        for unit in [
            Unit::Celsius(-0.5),
            Unit::Kelvin(300),
            Unit::Mode(Mode::On),
            Unit::Exact(Decimal::new(-1234, 2)),
        ] {
            let reading = Reading {
                unit: Some(unit.clone()),
                label: "probe".to_owned(),
                ..Default::default()
            };
            let bytes = reading.try_encode_to_vec().unwrap();
            let view = ReadingView::decode(&bytes).unwrap();
            let held: &Option<Unit> = &view.unit;
            assert_eq!(held.as_ref(), Some(&unit));
            assert_eq!(view.label, "probe");
            assert_same(&view.to_owned(), &reading);
        }
        // The second member read replaces the first, as in owned decoding.
        let mut bytes = Reading {
            unit: Some(Unit::Kelvin(1)),
            label: String::new(),
            ..Default::default()
        }
        .try_encode_to_vec()
        .unwrap();
        bytes.extend([0x09, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f]);
        let view = ReadingView::decode(&bytes).unwrap();
        assert_eq!(view.unit, Some(Unit::Celsius(1.0)));
        assert_same(&view.to_owned(), &Reading::decode(&bytes).unwrap());
    }

    /// build.rs writes the same code as the checked-in generated/ crate;
    /// only the header, which names the source paths, differs.
    #[test]
    fn build_script_output_matches_the_checked_in_code() {
        let ours = include_str!(concat!(env!("OUT_DIR"), "/shop.rs"));
        let checked_in = include_str!("../../../generated/src/shop.rs");
        let body = |text: &'static str| text.split_once('\n').map(|(_, body)| body);
        assert!(ours.starts_with("// @generated"), "{ours}");
        assert_eq!(body(ours), body(checked_in));
    }

    /// build.rs's service generator wrote a constant and a trait for
    /// `desk.OrderDesk`; the trait's types are schemac's, by the paths the
    /// generator was given.
    #[test]
    fn the_service_generator_s_code_compiles_and_runs() {
        use super::desk::{ORDERDESK_PATHS, OrderDeskHandler, Query};
        use super::shop::{Order, OrderLine};

        assert_eq!(
            ORDERDESK_PATHS,
            [
                "/desk.OrderDesk/FindOrder",
                "/desk.OrderDesk/Follow",
                "/desk.OrderDesk/Tally",
                "/desk.OrderDesk/Chat",
            ]
        );
        struct Desk;
        impl OrderDeskHandler for Desk {
            fn find_order(&self, request: Query) -> Order {
                Order {
                    id: request.order_id,
                    ..Order::default()
                }
            }
            fn follow(&self, request: Query) -> Vec<Order> {
                vec![self.find_order(request.clone()), self.find_order(request)]
            }
            fn tally(&self, request: Vec<OrderLine>) -> Query {
                Query {
                    order_id: request.len() as i64,
                    ..Default::default()
                }
            }
            fn chat(&self, request: Vec<Query>) -> Vec<Query> {
                request
            }
        }
        assert_eq!(
            Desk.find_order(Query {
                order_id: 4,
                ..Default::default()
            })
            .id,
            4
        );
        assert_eq!(
            Desk.follow(Query {
                order_id: 5,
                ..Default::default()
            })
            .len(),
            2
        );
        assert_eq!(Desk.tally(vec![OrderLine::default(); 3]).order_id, 3);
        assert_eq!(
            Desk.chat(vec![Query {
                order_id: 1,
                ..Default::default()
            }])
            .len(),
            1
        );
    }
}
