//! `extern_path`'s code, compiled and run: a schema whose imported types
//! are schemac-generated's, named there (under other names through
//! `crate::renamed` for one type and one enclosing message), in owned
//! messages, views and JSON.

use std::collections::BTreeMap;

use runtime::{Message, MessageView};
use schemac_generated::shapes::{self, Drawing, Layer, Shape, Tree, layer, shape};
use schemac_generated::world::geo::{self, Coordinates, Unit};

use crate::extern_user::atlas::{Legend, Page, PageView, page};

fn page() -> Page {
    let corner = shape::polygon::Corner {
        x: 1.5,
        y: -2.0,
        ..Default::default()
    };
    Page {
        title: "Coast".to_owned(),
        drawing: Some(Drawing {
            title: "outline".to_owned(),
            shapes: vec![Shape {
                kind: Some(shape::Kind::Polygon(shape::Polygon {
                    corners: vec![corner.clone()],
                    ..Default::default()
                })),
                note: None,
                ..Default::default()
            }],
            layer: layer::Kind::Foreground,
            ..Default::default()
        }),
        corner: Some(corner),
        layer: layer::Kind::Background,
        places: vec![Coordinates {
            latitude: 48.85,
            longitude: 2.35,
            ..Default::default()
        }],
        unit: Unit::Miles,
        by_name: BTreeMap::from([(
            "Lisbon".to_owned(),
            Coordinates {
                latitude: 38.72,
                longitude: -9.14,
                ..Default::default()
            },
        )]),
        focus: Some(page::Focus::Tree(Tree {
            value: 7,
            ..Tree::default()
        })),
        legend: Some(Legend {
            entries: vec!["coast".to_owned()],
            ..Default::default()
        }),
        ..Default::default()
    }
}

#[test]
fn fields_hold_the_other_crates_types() {
    // Each binding compiles only if the field's type is that crate's own.
    let page = page();
    let _: &Option<shapes::Drawing> = &page.drawing;
    let _: &Option<shapes::shape::polygon::Corner> = &page.corner;
    let _: layer::Kind = page.layer;
    let _: &Vec<geo::Coordinates> = &page.places;
    let _: geo::Unit = page.unit;
    // The renamed paths are the same types.
    let _: &Option<crate::renamed::figure::polygon::Corner> = &page.corner;
    let _: &crate::renamed::Point = &page.places[0];
    let _: Option<Layer> = None::<shapes::Layer>;
}

#[test]
fn a_page_round_trips_and_its_parts_are_the_other_crates_bytes() {
    let page = page();
    let bytes = page.try_encode_to_vec().unwrap();
    assert_eq!(Page::decode(&bytes).unwrap(), page);
    // The drawing's bytes, framed as field 2, are those its own crate
    // writes.
    let drawing = page.drawing.as_ref().unwrap().try_encode_to_vec().unwrap();
    let mut field = vec![0x12, drawing.len() as u8];
    field.extend_from_slice(&drawing);
    assert!(bytes.windows(field.len()).any(|window| window == field));
}

#[test]
fn views_hold_the_other_crates_views() {
    let page = page();
    let bytes = page.try_encode_to_vec().unwrap();
    let view = PageView::decode(&bytes).unwrap();
    let drawing: &shapes::DrawingView<'_> = view.drawing.as_ref().unwrap();
    assert_eq!(drawing.title, "outline");
    let place: &crate::renamed::PointView<'_> = &view.places[0];
    assert_eq!(place.latitude, 48.85);
    assert_eq!(view.to_message(), page);
}

#[test]
fn json_goes_through_the_other_crates_serde_impls() {
    let page = page();
    let json = serde_json::to_value(&page).unwrap();
    assert_eq!(json["drawing"]["layer"], "KIND_FOREGROUND");
    assert_eq!(json["unit"], "MILES");
    assert_eq!(json["places"][0]["latitude"], 48.85);
    let back: Page = serde_json::from_value(json).unwrap();
    assert_eq!(back, page);
}
