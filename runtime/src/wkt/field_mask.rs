//! `google.protobuf.FieldMask`: a set of field paths,
//! `{ repeated string paths = 1; }`.

use super::message_codec;
use crate::__private::codec;
use crate::__private::field;
use crate::decode::Decoder;
use crate::encode::Writer;
use crate::error::DecodeError;
use crate::message::{InfallibleEncode, Message, Name};
use crate::prelude::*;
use crate::view::{self, ViewCodec};
use crate::wire::WireType;

/// A set of field paths, such as `["user.display_name", "photo"]`, naming
/// the fields that a read returns or an update changes.
///
/// Its JSON is one string of the paths in lowerCamelCase, joined by commas:
/// `"user.displayName,photo"`.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FieldMask {
    /// The paths, each field names joined by `.`.
    pub paths: Vec<String>,
}

/// The view of a [`FieldMask`]: its paths, borrowed from the input.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldMaskView<'a> {
    /// The paths, UTF-8 checked.
    pub paths: Vec<&'a str>,
}

impl FieldMaskView<'_> {
    /// The owned field mask.
    pub fn to_owned(&self) -> FieldMask {
        FieldMask {
            paths: self.paths.iter().map(|path| (*path).to_owned()).collect(),
        }
    }
}

/// The number of `paths`.
const PATHS: u32 = 1;

impl InfallibleEncode for FieldMask {}

impl Message for FieldMask {
    const NAME: &'static str = "FieldMask";

    #[inline]
    fn measure_fields(&self) -> usize {
        field::measure_repeated::<codec::String>(PATHS, &self.paths)
    }

    #[inline]
    fn write_fields(&self, writer: &mut Writer) {
        field::write_repeated::<codec::String>(PATHS, &self.paths, writer);
    }

    #[inline]
    fn merge_field(
        &mut self,
        number: u32,
        wire_type: WireType,
        decoder: &mut Decoder<'_>,
    ) -> Result<(), DecodeError> {
        match number {
            PATHS if wire_type == WireType::Len => {
                field::merge_repeated::<codec::String>(wire_type, &mut self.paths, decoder)
            }
            _ => decoder.skip(wire_type),
        }
    }

    const FIELD_NAMES: &'static [(u32, &'static str)] = &[(PATHS, "paths")];
}

impl Name for FieldMask {
    const FULL_NAME: &'static str = "google.protobuf.FieldMask";
}

message_codec!(
    /// `google.protobuf.FieldMask`: a [`FieldMask`](crate::wkt::FieldMask).
    FieldMaskCodec,
    FieldMask
);

impl<'a> ViewCodec<'a> for FieldMaskCodec {
    type View = FieldMaskView<'a>;

    fn merge_view(
        view: &mut FieldMaskView<'a>,
        decoder: &mut Decoder<'a>,
    ) -> Result<(), DecodeError> {
        decoder.read_nested(|decoder| {
            while decoder.has_remaining() {
                match decoder.read_key()? {
                    // Under another wire type, an unknown field, skipped;
                    // an error names the field, as the owned mask's does.
                    (PATHS, wire_type) => match wire_type {
                        WireType::Len => {
                            let paths = &mut view.paths;
                            view::field::merge_repeated::<codec::String>(wire_type, paths, decoder)
                        }
                        _ => decoder.skip(wire_type),
                    }
                    .map_err(|error| error.in_field("paths"))?,
                    (_, wire_type) => decoder.skip(wire_type)?,
                }
            }
            Ok(())
        })
    }

    fn owned(view: &FieldMaskView<'a>) -> FieldMask {
        view.to_owned()
    }
}

/// A path in lowerCamelCase, as ProtoJSON writes it: `foo_bar.baz` is
/// `fooBar.baz`. Only paths that read back as themselves have that form:
/// of lowercase letters, digits, `.` and `_`, each `_` before a lowercase
/// letter.
#[cfg(feature = "json")]
pub(crate) fn to_camel_case(path: &str, out: &mut String) -> Result<(), &'static str> {
    let mut after_underscore = false;
    for c in path.chars() {
        if after_underscore {
            if !c.is_ascii_lowercase() {
                return Err(
                    "in a FieldMask path with a JSON form, `_` comes before a lowercase letter",
                );
            }
            out.push(c.to_ascii_uppercase());
            after_underscore = false;
        } else if c == '_' {
            after_underscore = true;
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' {
            out.push(c);
        } else {
            return Err(
                "a FieldMask path with a JSON form has only lowercase letters, digits, `_` and `.`",
            );
        }
    }
    if after_underscore {
        return Err("in a FieldMask path with a JSON form, `_` comes before a lowercase letter");
    }
    Ok(())
}

/// A path read from ProtoJSON's lowerCamelCase: `fooBar.baz` is
/// `foo_bar.baz`. It may hold letters, digits and `.`, not `_`.
#[cfg(feature = "json")]
pub(crate) fn from_camel_case(path: &str) -> Result<String, &'static str> {
    let mut snake = String::with_capacity(path.len() + path.len() / 6);
    for c in path.chars() {
        if c.is_ascii_uppercase() {
            snake.push('_');
            snake.push(c.to_ascii_lowercase());
        } else if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' {
            snake.push(c);
        } else {
            return Err("a FieldMask path in JSON has only letters, digits and `.`");
        }
    }
    Ok(snake)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wkt::test_helpers::{decode, decode_garbage, decode_view, encode, garbage, hex};
    use proptest::prelude::*;

    fn mask(paths: &[&str]) -> FieldMask {
        FieldMask {
            paths: paths.iter().map(|path| (*path).to_owned()).collect(),
        }
    }

    /// From python3-protobuf 3.21:
    /// `FieldMask(paths=["foo.bar_baz", "", "qux"]).SerializeToString()`.
    #[test]
    fn bytes_are_googles() {
        let value = mask(&["foo.bar_baz", "", "qux"]);
        assert_eq!(
            hex(&value.try_encode_to_vec().unwrap()),
            "0a0b666f6f2e6261725f62617a0a000a03717578"
        );
        assert_eq!(
            decode::<FieldMaskCodec>(&encode::<FieldMaskCodec>(&value)),
            Ok(value.clone())
        );
        assert_eq!(
            decode_view::<FieldMaskCodec>(&encode::<FieldMaskCodec>(&value)),
            Ok(value)
        );
    }

    #[cfg(feature = "json")]
    #[test]
    fn camel_case_is_taken_only_where_it_reads_back() {
        let camel = |path: &str| {
            let mut out = String::new();
            to_camel_case(path, &mut out).map(|()| out)
        };
        assert_eq!(camel("foo.bar_baz"), Ok("foo.barBaz".to_owned()));
        assert_eq!(
            camel("foo_3"),
            Err("in a FieldMask path with a JSON form, `_` comes before a lowercase letter")
        );
        for bad in [
            "fooBar",
            "foo__bar",
            "foo_",
            "foo_.bar",
            "foo_3_bar",
            "foo-bar",
            "foo,bar",
            "é",
        ] {
            assert!(camel(bad).is_err(), "{bad}");
        }
        assert_eq!(from_camel_case("foo.barBaz"), Ok("foo.bar_baz".to_owned()));
        assert_eq!(from_camel_case("foo3Bar"), Ok("foo3_bar".to_owned()));
        for bad in ["foo_bar", "foo bar", "foo-bar", "é"] {
            assert!(from_camel_case(bad).is_err(), "{bad}");
        }
    }

    #[cfg(feature = "json")]
    proptest! {
        #[test]
        fn paths_with_a_json_form_read_back(path in "[a-z][a-z0-9]{0,3}(_[a-z][a-z0-9]{0,3}){0,3}(\\.[a-z]{1,3}(_[a-z]){0,2}){0,2}") {
            let mut camel = String::new();
            to_camel_case(&path, &mut camel).unwrap();
            prop_assert_eq!(from_camel_case(&camel), Ok(path));
        }
    }

    proptest! {
        #[test]
        fn every_path_round_trips(paths in proptest::collection::vec(".*", 0..4)) {
            let value = FieldMask { paths };
            prop_assert_eq!(decode::<FieldMaskCodec>(&encode::<FieldMaskCodec>(&value)), Ok(value));
        }

        #[test]
        fn garbage_never_panics(bytes in garbage()) {
            decode_garbage::<FieldMaskCodec>(&bytes);
        }
    }
}
