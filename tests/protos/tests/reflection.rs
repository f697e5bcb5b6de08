//! The README's "Reflection" example, run: the lines between the markers
//! are the README's code block, held to it by
//! `the_readme_shows_this_example`.

use std::error::Error;

use schemac_protos::reflection::acme::signup::v1::{FILE_DESCRIPTOR_SET, Signup};
use schemac_runtime::Message;

// README: begin
use schemac_protos::reflection::buf::validate::{self, field_rules, string_rules};
use schemac_protos::reflection::google::api::{self, http_rule::Pattern};
use schemac_protos::reflection::google::pubsub::v1::descriptor_pool;
use schemac_runtime::Extendable;
use schemac_runtime::reflect::{Described, DescriptorPool, DynamicMessage};

fn reflect(set: &[u8], bytes: &[u8]) -> Result<(), Box<dyn Error>> {
    // A custom option of a method: the HTTP rule of pubsub's Publish.
    let publisher = descriptor_pool().service("google.pubsub.v1.Publisher");
    let publish = publisher
        .and_then(|s| s.method("Publish"))
        .ok_or("no Publish")?;
    let options = publish.options().ok_or("no options")?;
    let http = options.extension(&api::HTTP)?.ok_or("no google.api.http")?;
    let path = "/v1/{topic=projects/*/topics/*}:publish";
    assert_eq!(http.pattern, Some(Pattern::Post(path.to_owned())));

    // A custom option of a field: protovalidate's rule of `Signup.email`.
    let email = Signup::descriptor()
        .field_by_name("email")
        .ok_or("no email")?;
    let options = email.options().ok_or("no options")?;
    let rules = options.extension(&validate::FIELD)?.ok_or("no rules")?;
    let Some(field_rules::Type::String(string)) = rules.r#type else {
        return Err("not a string's rules".into());
    };
    assert_eq!(
        string.well_known,
        Some(string_rules::WellKnown::Email(true))
    );

    // A message of a type known only by a descriptor set (from protoc's
    // --descriptor_set_out, a schema registry or gRPC reflection).
    let pool = DescriptorPool::decode(set)?;
    let signup = pool.message("acme.signup.v1.Signup").ok_or("no Signup")?;
    let message = DynamicMessage::decode(signup, bytes)?;
    let email = message.get_by_name("email").ok_or("no email")?;
    assert_eq!(email.as_str(), Some("ada@example.com"));
    Ok(())
}
// README: end

#[test]
fn the_readme_example_runs() {
    let signup = Signup {
        email: "ada@example.com".to_owned(),
        name: "Ada".to_owned(),
        ..Default::default()
    };
    reflect(FILE_DESCRIPTOR_SET, &signup.encode_to_vec()).unwrap();
}

/// The README's "Reflection" code block is the code above, line for line.
#[test]
fn the_readme_shows_this_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let source = include_str!("reflection.rs");
    let example = between(source, "// README: begin\n", "// README: end\n");
    let section = between(&readme, "## Reflection\n", "\n## ");
    let block = between(section, "```rust\n", "```\n");
    assert_eq!(
        block, example,
        "README.md's Reflection example is not tests/protos/tests/reflection.rs's"
    );
}

/// The text of `text` between the first `start` and the `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}")) + start.len();
    let to = text[from..]
        .find(end)
        .unwrap_or_else(|| panic!("no {end:?}"))
        + from;
    &text[from..to]
}
