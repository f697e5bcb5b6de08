//! Extensions in generated code: legacy/v1/extended.proto's extensions of
//! `Item` and its message set `Ledger`, got, set, tested and cleared
//! through their constants, on the wire, in views and in JSON; the custom
//! options of acme/annotations read from a descriptor set; and, in the
//! ignored `google_*` tests (`make interop`), the same messages through
//! Google's protobuf in Python, both ways, binary and JSON.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use schemac_protos::legacy::v1::{
    ALIASES, Audit, CHECKSUM, DISCONTINUED, HANDLING, Handling, Item, LABEL, Label, Ledger,
    PAST_HANDLINGS, Receipt, Return, SLOT, Slot, TEMPERATURES, WEIGHT_GRAMS, audit, receipt,
    r#return,
};
use schemac_runtime::view::{ExtendableView, HasView};
use schemac_runtime::{Extendable, Message, MessageView};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(&text[at..at + 2], 16).expect("hex"))
        .collect()
}

/// The item `extensions_peer.py` builds too: every extension of `Item` set,
/// `discontinued` to `false`, which has presence all the same.
fn item() -> Item {
    let mut item = Item {
        sku: Some("A-1".to_owned()),
        count: Some(3),
        ..Default::default()
    };
    item.set_extension(
        &SLOT,
        Slot {
            aisle: Some("7".to_owned()),
            shelf: Some(2),
            ..Default::default()
        },
    );
    item.set_extension(&HANDLING, Handling::Hazardous);
    item.set_extension(&ALIASES, vec!["a-one".to_owned(), "first".to_owned()]);
    item.set_extension(&TEMPERATURES, vec![-3, 4, 0]);
    item.set_extension(&DISCONTINUED, false);
    item.set_extension(&PAST_HANDLINGS, vec![Handling::Cold, Handling::Normal]);
    item.set_extension(&CHECKSUM, vec![0, 0xff]);
    item.set_extension(&WEIGHT_GRAMS, 1250.5);
    item.set_extension(
        &audit::LAST_AUDIT,
        Audit {
            auditor: Some("kim".to_owned()),
            at_unix: Some(1_700_000_000),
            ..Default::default()
        },
    );
    item.set_extension(&audit::AUDIT_IDS, vec![1, u64::MAX]);
    item.set_extension(
        &LABEL,
        Label {
            text: Some("keep dry".to_owned()),
            ..Default::default()
        },
    );
    let finding = |what: &str| audit::Finding {
        what: Some(what.to_owned()),
        ..Default::default()
    };
    item.set_extension(&audit::FINDING, vec![finding("dent"), finding("scratch")]);
    item
}

/// [`item`] without its repeated extensions, whose JSON Google's Python
/// 4.21 cannot write or read.
fn singular_item() -> Item {
    let mut item = item();
    item.clear_extension(&ALIASES);
    item.clear_extension(&TEMPERATURES);
    item.clear_extension(&PAST_HANDLINGS);
    item.clear_extension(&audit::AUDIT_IDS);
    item.clear_extension(&audit::FINDING);
    item
}

/// The message set `extensions_peer.py` builds too.
fn ledger() -> Ledger {
    let mut ledger = Ledger::default();
    ledger.set_extension(
        &receipt::RECEIPT,
        Receipt {
            number: Some("R-1".to_owned()),
            cents: Some(1999),
            ..Default::default()
        },
    );
    ledger.set_extension(
        &r#return::RETURN,
        Return {
            reason: Some("damaged".to_owned()),
            ..Default::default()
        },
    );
    ledger
}

#[test]
fn extensions_are_set_got_tested_and_cleared_by_their_constants() {
    let mut item = item();
    assert!(item.has_extension(&DISCONTINUED));
    assert_eq!(item.extension(&DISCONTINUED).unwrap(), Some(false));
    assert_eq!(
        item.extension(&HANDLING).unwrap(),
        Some(Handling::Hazardous)
    );
    assert_eq!(item.extension(&TEMPERATURES).unwrap(), [-3, 4, 0]);
    assert_eq!(item.extension(&audit::AUDIT_IDS).unwrap(), [1, u64::MAX]);
    assert_eq!(
        item.extension(&SLOT).unwrap().and_then(|slot| slot.aisle),
        Some("7".to_owned())
    );
    item.clear_extension(&SLOT);
    assert!(!item.has_extension(&SLOT));
    assert_eq!(item.extension(&SLOT).unwrap(), None);
    // An extension's `[default = ...]` is not applied: unset is `None`.
    item.clear_extension(&HANDLING);
    assert_eq!(item.extension(&HANDLING).unwrap(), None);
    // The constants say what they are.
    assert_eq!(SLOT.number(), 100);
    assert_eq!(audit::LAST_AUDIT.full_name(), "legacy.v1.Audit.last_audit");
    assert!(TEMPERATURES.is_packed() && !PAST_HANDLINGS.is_packed());
}

#[test]
fn group_extensions_travel_between_their_keys() {
    let item = item();
    let bytes = item.try_encode_to_vec().unwrap();
    // label (108) as a group: start key, text "keep dry", end key.
    assert!(
        hex(&bytes).contains("e3060a086b65657020647279e406"),
        "{}",
        hex(&bytes)
    );
    let read = Item::decode(&bytes).unwrap();
    assert_eq!(
        read.extension(&LABEL).unwrap().and_then(|label| label.text),
        Some("keep dry".to_owned())
    );
    let findings = read.extension(&audit::FINDING).unwrap();
    assert_eq!(findings.len(), 2);
    assert_eq!(findings[1].what.as_deref(), Some("scratch"));
    let json = serde_json::to_value(&item).unwrap();
    assert_eq!(
        json["[legacy.v1.label]"],
        serde_json::json!({"text": "keep dry"})
    );
    assert_eq!(json["[legacy.v1.Audit.finding]"][0]["what"], "dent");
}

#[test]
fn extensions_round_trip_after_the_fields_in_number_order() {
    let item = item();
    let bytes = item.try_encode_to_vec().unwrap();
    assert_eq!(bytes.len(), item.encoded_len());
    let read = Item::decode(&bytes).unwrap();
    assert_eq!(read, item);
    for (extension, number) in [(SLOT.number(), 100), (audit::AUDIT_IDS.number(), 111)] {
        assert!(read.extensions.contains(extension), "{number}");
    }
    // sku, count, then the extensions: slot (100) first, packed
    // temperatures (103) as one record.
    assert!(hex(&bytes).starts_with("0a03412d311003a206050a01371002"));
    assert!(hex(&bytes).contains("ba0603050800"), "{}", hex(&bytes));
}

#[test]
fn an_extension_this_code_does_not_know_is_kept_and_written_back() {
    // Field 150 of Item, in its extension range, that no file declares.
    let mut bytes = Item {
        sku: Some("B".to_owned()),
        ..Default::default()
    }
    .try_encode_to_vec()
    .unwrap();
    bytes.extend(unhex("b0091e"));
    let item = Item::decode(&bytes).unwrap();
    assert_eq!(item.extensions.numbers().collect::<Vec<_>>(), [150]);
    assert_eq!(item.try_encode_to_vec().unwrap(), bytes);
}

#[test]
fn views_read_extensions_as_the_owned_message_does() {
    let bytes = item().try_encode_to_vec().unwrap();
    let view = <Item as HasView>::View::decode(&bytes).unwrap();
    assert_eq!(view.to_message(), item());
    assert!(view.has_extension(&CHECKSUM));
    assert_eq!(view.extension(&CHECKSUM).unwrap(), Some(vec![0, 0xff]));
    assert_eq!(
        view.extension(&PAST_HANDLINGS).unwrap(),
        [Handling::Cold, Handling::Normal]
    );
    let bytes = ledger().try_encode_to_vec().unwrap();
    let view = <Ledger as HasView>::View::decode(&bytes).unwrap();
    assert_eq!(
        view.extension(&receipt::RECEIPT).unwrap(),
        ledger().extension(&receipt::RECEIPT).unwrap()
    );
}

#[test]
fn a_message_set_writes_each_extension_as_an_item() {
    let ledger = ledger();
    let bytes = ledger.try_encode_to_vec().unwrap();
    // Item { type_id 1001, message { number "R-1", cents 1999 } }, then
    // item { type_id 1547769, message { reason "damaged" } }.
    assert_eq!(
        hex(&bytes),
        "0b10e9071a080a03522d3110cf0f0c0b10f9bb5e1a090a0764616d616765640c"
    );
    assert_eq!(Ledger::decode(&bytes).unwrap(), ledger);
}

#[test]
fn json_writes_extensions_under_their_bracketed_full_names() {
    let json = serde_json::to_value(item()).unwrap();
    assert_eq!(
        json["[legacy.v1.slot]"],
        serde_json::json!({"aisle": "7", "shelf": 2})
    );
    assert_eq!(json["[legacy.v1.handling]"], "HANDLING_HAZARDOUS");
    assert_eq!(
        json["[legacy.v1.temperatures]"],
        serde_json::json!([-3, 4, 0])
    );
    assert_eq!(json["[legacy.v1.discontinued]"], false);
    assert_eq!(json["[legacy.v1.checksum]"], "AP8=");
    assert_eq!(
        json["[legacy.v1.Audit.audit_ids]"],
        serde_json::json!(["1", "18446744073709551615"])
    );
    assert_eq!(serde_json::from_value::<Item>(json).unwrap(), item());

    let json = serde_json::to_value(ledger()).unwrap();
    assert_eq!(json["[legacy.v1.Return.return]"]["reason"], "damaged");
    assert_eq!(serde_json::from_value::<Ledger>(json).unwrap(), ledger());
    // A message set's extension reads under its message type's name too.
    let alias = r#"{"[legacy.v1.Return]": {"reason": "damaged"}}"#;
    let read: Ledger = serde_json::from_str(alias).unwrap();
    assert_eq!(
        read.extension(&r#return::RETURN).unwrap(),
        ledger().extension(&r#return::RETURN).unwrap()
    );
}

#[test]
fn an_unknown_bracketed_key_is_an_error_unless_unknown_keys_are_ignored() {
    let text = r#"{"sku": "A", "[legacy.v1.nothing]": 1}"#;
    let error = serde_json::from_str::<Item>(text).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("unknown field `[legacy.v1.nothing]`"),
        "{error}"
    );
    let item: Item =
        schemac_runtime::json::ignoring_unknown_fields(|| serde_json::from_str(text)).unwrap();
    assert_eq!(item.sku.as_deref(), Some("A"));
    assert!(item.extensions.is_empty());
}

/// Custom options are extensions of descriptor.proto's options messages:
/// the descriptor set schemac exports of catalog.proto, decoded as the
/// generated `FileDescriptorSet`, gives them back by their constants.
#[test]
fn custom_options_read_from_a_descriptor_set_by_their_constants() {
    use schemac_protos::acme::annotations::v1::{
        HTTP, LABEL, OWNER, RESOURCE_TYPE, RULES, SENSITIVE, field_rules, http_rule,
    };
    use schemac_protos::google::protobuf::FileDescriptorSet;

    let dir = proto_dir();
    let root = PathBuf::from("acme/catalog/v1/catalog.proto");
    let analysis = schemac::analyze(
        std::slice::from_ref(&root),
        std::slice::from_ref(&dir),
        &mut |path| std::fs::read_to_string(path),
    )
    .unwrap_or_else(|error| panic!("{}", error.render(false)));
    let bytes = analysis.encode_descriptor_set(&analysis.roots, false);
    let set = FileDescriptorSet::decode(&bytes).unwrap();
    let file = &set.file[0];
    let options = file.options.as_ref().unwrap();
    assert_eq!(
        options.extension(&OWNER).unwrap().as_deref(),
        Some("catalog-team")
    );

    let book = &file.message_type[0];
    let resource = book
        .options
        .as_ref()
        .unwrap()
        .extension(&RESOURCE_TYPE)
        .unwrap();
    assert_eq!(resource.as_deref(), Some("catalog.acme.example/Book"));
    let name = book.field[0]
        .options
        .as_ref()
        .unwrap()
        .extension(&RULES)
        .unwrap()
        .unwrap();
    let Some(field_rules::Type::String(rules)) = name.r#type else {
        panic!("{name:?}");
    };
    assert_eq!((rules.min_len, rules.max_len), (Some(1), Some(200)));
    let email = book.field[3].options.as_ref().unwrap();
    assert_eq!(email.extension(&SENSITIVE).unwrap(), Some(true));

    let paper = &file.enum_type[0].value[1];
    assert_eq!(
        paper
            .options
            .as_ref()
            .unwrap()
            .extension(&LABEL)
            .unwrap()
            .as_deref(),
        Some("Paperback")
    );

    let create = &file.service[0].method[1];
    let http = create
        .options
        .as_ref()
        .unwrap()
        .extension(&HTTP)
        .unwrap()
        .unwrap();
    assert_eq!(
        http.pattern,
        Some(http_rule::Pattern::Post("/v1/books".to_owned()))
    );
    assert_eq!(http.body, "book");
    assert_eq!(http.additional_bindings.len(), 1);
}

/// `schemac encode` and `decode` write and read the item and the message
/// set as their generated code does: the same bytes, the same JSON.
#[test]
fn schemac_decode_handles_extensions_as_generated_code_does() {
    use schemac::transcode::{self, Codec};
    let root = PathBuf::from("legacy/v1/extended.proto");
    let dir = proto_dir();
    let analysis = schemac::analyze(
        std::slice::from_ref(&root),
        std::slice::from_ref(&dir),
        &mut |path| std::fs::read_to_string(path),
    )
    .unwrap_or_else(|error| panic!("{}", error.render(false)));
    let schema = &analysis.schema;
    let codec = Codec::new(&analysis);
    let cases = [
        (
            "legacy.v1.Item",
            serde_json::to_value(item()).unwrap(),
            item().try_encode_to_vec().unwrap(),
        ),
        (
            "legacy.v1.Ledger",
            serde_json::to_value(ledger()).unwrap(),
            ledger().try_encode_to_vec().unwrap(),
        ),
    ];
    for (name, json, bytes) in cases {
        let id = transcode::find_message(schema, name).unwrap();
        assert_eq!(codec.json_to_bytes(id, &json).unwrap(), bytes, "{name}");
        let decoded = codec.bytes_to_json(id, &bytes, schemac::JsonNames::Schema);
        assert_eq!(decoded.unwrap(), json, "{name}");
    }
}

/// tests/protos/proto.
fn proto_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("proto")
}

/// What `extensions_peer.py` answers for schemac's encodings and JSON of
/// [`item`] and [`ledger`], given protoc's descriptors of extended.proto.
fn google_answer() -> serde_json::Value {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("extensions-interop");
    std::fs::create_dir_all(&dir).unwrap();
    let descriptors = dir.join("extended.binpb");
    let status = Command::new("protoc")
        .arg(format!("--proto_path={}", proto_dir().display()))
        .arg("--include_imports")
        .arg(format!("--descriptor_set_out={}", descriptors.display()))
        .arg("legacy/v1/extended.proto")
        .status()
        .unwrap_or_else(|error| panic!("cannot run protoc ({error}); install protobuf-compiler"));
    assert!(status.success(), "protoc failed");
    let request = serde_json::json!({
        "item_hex": hex(&item().try_encode_to_vec().unwrap()),
        "ledger_hex": hex(&ledger().try_encode_to_vec().unwrap()),
        "item_json": serde_json::to_string(&singular_item()).unwrap(),
        "ledger_json": serde_json::to_string(&ledger()).unwrap(),
    });
    let python = std::env::var("SCHEMAC_PYTHON").unwrap_or_else(|_| "/usr/bin/python3".to_owned());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("python/extensions_peer.py");
    let mut child = Command::new(&python)
        .arg(script)
        .arg(&descriptors)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("cannot run {python} ({error}); install python3-protobuf"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(request.to_string().as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "extensions_peer.py failed");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// schemac's bytes and JSON of the item and the message set are what
/// Google's protobuf builds of them; Google's are what schemac builds,
/// byte for byte on the wire.
#[test]
#[ignore = "needs protoc and python3-protobuf; run by `make interop`"]
fn google_protobuf_reads_and_writes_the_same_extensions() {
    let answer = google_answer();
    for check in ["item_hex", "ledger_hex", "item_json", "ledger_json"] {
        assert_eq!(
            answer["checks"][check], "equal",
            "Google reads schemac's {check} otherwise; it read:\n{}",
            answer["text"]
        );
    }
    let google_item = unhex(answer["item_hex"].as_str().unwrap());
    let read = Item::decode(&google_item).unwrap();
    assert_eq!(read, item());
    assert_eq!(read.extension(&audit::AUDIT_IDS).unwrap(), [1, u64::MAX]);
    assert_eq!(read.try_encode_to_vec().unwrap(), google_item);
    let google_ledger = unhex(answer["ledger_hex"].as_str().unwrap());
    let read = Ledger::decode(&google_ledger).unwrap();
    assert_eq!(read, ledger());
    assert_eq!(read.try_encode_to_vec().unwrap(), google_ledger);

    let json: Item = serde_json::from_str(answer["item_json"].as_str().unwrap()).unwrap();
    assert_eq!(json, singular_item());
    let json: Ledger = serde_json::from_str(answer["ledger_json"].as_str().unwrap()).unwrap();
    assert_eq!(json, ledger());
}
