//! Generated code with its descriptors embedded (`embed_descriptors`):
//! `acme/catalog/v1/catalog.proto`, whose types reach their descriptors,
//! and whose custom options (acme/annotations/v1) read typed through the
//! constants generated for them, from the descriptors' options.

use schemac_protos::described::acme::annotations::v1::{
    FieldRules, HTTP, HttpRule, RULES, StringRules, field_rules, http_rule,
};
use schemac_protos::described::acme::catalog::v1::{
    Book, FILE_DESCRIPTOR_SET, Format, descriptor_pool,
};
use schemac_runtime::reflect::{Described, DescriptorPool, Kind};
use schemac_runtime::{Extendable, Message};

#[test]
fn each_type_reaches_its_descriptor() {
    let book = Book::descriptor();
    assert_eq!(book.full_name(), "acme.catalog.v1.Book");
    let names: Vec<&str> = book.fields().map(|field| field.name()).collect();
    assert_eq!(names, ["name", "isbn", "pages", "owner_email", "format"]);
    let format = book.field_by_name("format").expect("format");
    assert_eq!(format.kind(), Kind::Enum(Format::descriptor()));
    assert_eq!(Format::descriptor().values().len(), 3);
    assert_eq!(
        Format::descriptor().value(2).map(|v| v.name()),
        Some("FORMAT_EBOOK")
    );
    // One pool, made once, of the embedded set.
    assert!(std::ptr::eq(book.pool(), descriptor_pool()));
    assert_eq!(
        DescriptorPool::decode(FILE_DESCRIPTOR_SET)
            .expect("decodes")
            .files()
            .len(),
        descriptor_pool().files().len()
    );
}

#[test]
fn custom_options_read_typed_through_their_constants() {
    let isbn = Book::descriptor().field_by_name("isbn").expect("isbn");
    let rules: FieldRules = (isbn.options().expect("options"))
        .extension(&RULES)
        .expect("decodes")
        .expect("set");
    assert_eq!(
        rules.r#type,
        Some(field_rules::Type::String(StringRules {
            pattern: Some("^[0-9-]+$".to_owned()),
            max_len: Some(17),
            ..Default::default()
        }))
    );
    let get_book = (descriptor_pool().service("acme.catalog.v1.Catalog"))
        .and_then(|service| service.method("GetBook"))
        .expect("GetBook");
    let http: HttpRule = (get_book.options().expect("options"))
        .extension(&HTTP)
        .expect("decodes")
        .expect("set");
    assert!(
        matches!(http.pattern, Some(http_rule::Pattern::Get(ref path)) if path.starts_with("/v1/"))
    );
    // The options messages are the runtime's: a descriptor's bytes round trip.
    let options = get_book.options().expect("options");
    let bytes = options.try_encode_to_vec().expect("encodes");
    assert_eq!(
        schemac_runtime::reflect::descriptor::MethodOptions::decode(&bytes).as_ref(),
        Ok(options)
    );
}
