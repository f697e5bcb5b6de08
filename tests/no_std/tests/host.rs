//! The no_std crate's code, run on the host.

use std::rc::Rc;
use std::sync::Arc;

use schemac_no_std::{
    graph_round_trip, probe_tree, rc_graph_round_trip, round_trip, sample_report,
    settings_round_trip,
};
use schemac_runtime::Message;

#[test]
fn a_report_round_trips_through_frames_and_buffers_without_std() {
    let report = sample_report();
    for read in round_trip(&report).unwrap() {
        assert_eq!(read, report);
        assert_eq!(read.try_encode_to_vec(), report.try_encode_to_vec());
    }
}

#[test]
fn a_graph_keeps_its_back_references_and_sharing_without_std() {
    let tree = probe_tree(3);
    let read = graph_round_trip(&tree).unwrap();
    assert_eq!(read.try_encode_to_vec(), tree.try_encode_to_vec());
    let calibration = read.calibration.as_ref().expect("a calibration");
    assert_eq!(read.children.len(), 3);
    for child in &read.children {
        let parent = child.parent.as_ref().and_then(|parent| parent.upgrade());
        assert!(Arc::ptr_eq(&parent.expect("alive"), &read));
        assert!(Arc::ptr_eq(
            child.calibration.as_ref().unwrap(),
            calibration
        ));
    }
    // The children's back references do not keep the tree alive.
    let weak = Arc::downgrade(&read);
    drop(read);
    assert!(weak.upgrade().is_none());
}

#[test]
fn an_rc_graph_writes_the_arc_graphs_bytes_and_keeps_its_sharing_without_std() {
    let read = rc_graph_round_trip(3).unwrap();
    assert_eq!(read.try_encode_to_vec(), probe_tree(3).try_encode_to_vec());
    let calibration = read.calibration.as_ref().expect("a calibration");
    assert_eq!(read.children.len(), 3);
    for child in &read.children {
        let parent = child.parent.as_ref().and_then(|parent| parent.upgrade());
        assert!(Rc::ptr_eq(&parent.expect("alive"), &read));
        assert!(Rc::ptr_eq(child.calibration.as_ref().unwrap(), calibration));
    }
    let weak = Rc::downgrade(&read);
    drop(read);
    assert!(weak.upgrade().is_none());
}

#[test]
fn extensions_are_set_and_read_back_without_std() {
    let (brightness, channels) = settings_round_trip().unwrap();
    assert_eq!(brightness, 80);
    assert_eq!(channels, ["a", "b"]);
}

#[test]
fn a_descriptor_pool_reads_a_set_and_its_messages_without_std() {
    use schemac_runtime::reflect::descriptor::field_descriptor_proto::{Label, Type};
    use schemac_runtime::reflect::descriptor::{
        DescriptorProto, FieldDescriptorProto, FileDescriptorProto, FileDescriptorSet,
    };
    let field = |name: &str, number: i32| FieldDescriptorProto {
        name: Some(name.to_owned()),
        number: Some(number),
        label: Some(Label::Optional),
        r#type: Some(Type::Int64),
        ..Default::default()
    };
    let set = FileDescriptorSet {
        file: vec![FileDescriptorProto {
            name: Some("t.proto".to_owned()),
            package: Some("t".to_owned()),
            message_type: vec![DescriptorProto {
                name: Some("Reading".to_owned()),
                field: vec![field("at", 1), field("value", 2)],
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let set = set.try_encode_to_vec().unwrap();
    let fields = schemac_no_std::described_fields(&set).unwrap();
    assert_eq!(
        fields,
        [
            ("t.Reading.at".to_owned(), 1, true),
            ("t.Reading.value".to_owned(), 2, true)
        ]
    );
    // A message of the set, read and written as a dynamic message.
    let reading = [0x08, 0x96, 0x01, 0x10, 0x7f];
    let written = schemac_no_std::dynamic_round_trip(&set, "t.Reading", &reading);
    assert_eq!(written.as_deref(), Some(&reading[..]));
}
