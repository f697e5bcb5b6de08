//! `json_fields!`: the two methods of a generated `JsonMessage` impl,
//! `serialize_fields` and `deserialize_field`, from one entry per field.
//!
//! Generated code calls it in the impl, with the entries in the order
//! JSON writes them (declaration order; for a graph message, the order the
//! bytes hold its fields, docs/graph.md), then the extensions the code
//! declares, by number:
//!
//! ```ignore
//! impl _rt::json::JsonMessage for Order {
//!     _rt::json_fields!(
//!         "id" => 1 id: Int64;
//!         "order_lines" | "orderLines" => 4 order_lines: Message, list;
//!         "customer" => 5 customer: Message, optional;
//!         "labels" => 6 labels: Map::<_rt::codec::String, _rt::codec::Int32>;
//!         oneof "kind" kind {
//!             "circle" => 7 order::Kind::Circle: Message;
//!             "scale_only" | "scaleOnly" => 8 order::Kind::ScaleOnly: Double;
//!         };
//!         extension "[shop.shelf]" => SHELF in extensions;
//!     );
//! }
//! ```
//!
//! - A field: the keys it is read from, the first of which it is written
//!   under; its number, which names it in errors and refuses it given
//!   twice ([`FieldAccess::field`](super::FieldAccess::field)); the struct
//!   field; the codec its functions are called on, as the module of codecs,
//!   `_rt::codec`, names it (a map's with its key's and its value's codecs,
//!   `Map::<K, V>`, which are types); and its shape, which picks them: none
//!   for a value left out at its default or a map (`write_json`,
//!   `read_json`), `list` (`write_json_list`, `read_json_list`), or
//!   `optional` for an `Option` (`write_json_optional`,
//!   `read_json_optional`).
//! - A oneof: its name in the schema, for errors, and its struct field;
//!   then its members, each with its keys, its number, its variant and
//!   its codec. JSON writes whichever of them is set (a graph message's
//!   entry may list some of its members only, those the bytes hold at that
//!   point), and reads each, refusing a second
//!   (`read_json_member`). An error names a member by its first key.
//! - An extension: the keys it is read from (`"[its.full_name]"`, and a
//!   message set's alias), its constant, which writes it under its own
//!   key, and the message's field holding its extensions.
//!
//! Without entries, the methods name their parameters `_map` and `_key`,
//! which they do not use.

/// The methods of a generated `JsonMessage` impl: see the module's doc.
#[doc(hidden)]
#[macro_export]
macro_rules! __json_fields {
    () => {
        fn serialize_fields<_M: $crate::json::serde::ser::SerializeMap>(
            &self,
            _map: &mut _M,
        ) -> ::core::result::Result<(), _M::Error> {
            ::core::result::Result::Ok(())
        }

        fn deserialize_field<'de, _A: $crate::json::serde::de::MapAccess<'de>>(
            &mut self,
            _key: &str,
            _map: &mut $crate::json::FieldAccess<_A>,
        ) -> ::core::result::Result<bool, _A::Error> {
            ::core::result::Result::Ok(false)
        }
    };
    // Each shape's functions: the write of `value`, a field, under `key`,
    // and the read from `access`.
    (@write [$($codec:tt)*] () $map:ident, $key:literal, $value:expr) => {
        $crate::__private::codec::$($codec)*::write_json($map, $key, &$value)?
    };
    (@write [$($codec:tt)*] (list) $map:ident, $key:literal, $value:expr) => {
        $crate::__private::codec::$($codec)*::write_json_list($map, $key, &$value)?
    };
    (@write [$($codec:tt)*] (optional) $map:ident, $key:literal, $value:expr) => {
        $crate::__private::codec::$($codec)*::write_json_optional($map, $key, $value.as_ref())?
    };
    (@read [$($codec:tt)*] () $access:expr) => {
        $crate::__private::codec::$($codec)*::read_json($access)?
    };
    (@read [$($codec:tt)*] (list) $access:expr) => {
        $crate::__private::codec::$($codec)*::read_json_list($access)?
    };
    (@read [$($codec:tt)*] (optional) $access:expr) => {
        $crate::__private::codec::$($codec)*::read_json_optional($access)?
    };
    ($(
        $(
            $key:literal $(| $alias:literal)* => $number:literal $field:ident:
            $codec:ident $(::<$($codec_arg:ty),+>)? $(, $shape:ident)?
        )?
        $(
            oneof $oneof_name:literal $oneof:ident {$(
                $member_key:literal $(| $member_alias:literal)* => $member_number:literal
                $($variant:ident)::+: $member_codec:ident;
            )*}
        )?
        $(extension $extension_key:literal $(| $extension_alias:literal)* =>
            $($constant:ident)::+ in $extensions:ident)?;
    )+) => {
        fn serialize_fields<_M: $crate::json::serde::ser::SerializeMap>(
            &self,
            map: &mut _M,
        ) -> ::core::result::Result<(), _M::Error> {
            $(
                $(
                    $crate::__json_fields!(
                        @write [$codec $(::<$($codec_arg),+>)?] ($($shape)?)
                        map, $key, self.$field
                    );
                )?
                $(
                    match &self.$oneof {
                        $(
                            ::core::option::Option::Some($($variant)::+(value)) => {
                                $crate::__private::codec::$member_codec::write_json_present(
                                    map,
                                    $member_key,
                                    value,
                                )?
                            }
                        )*
                        _ => {}
                    }
                )?
                $($($constant)::+.write_json(map, &self.$extensions)?;)?
            )+
            ::core::result::Result::Ok(())
        }

        fn deserialize_field<'de, _A: $crate::json::serde::de::MapAccess<'de>>(
            &mut self,
            key: &str,
            map: &mut $crate::json::FieldAccess<_A>,
        ) -> ::core::result::Result<bool, _A::Error> {
            match key {
                $(
                    $(
                        $key $(| $alias)* => {
                            self.$field = $crate::__json_fields!(
                                @read [$codec $(::<$($codec_arg),+>)?] ($($shape)?)
                                map.field($number)?
                            );
                        }
                    )?
                    $($(
                        $member_key $(| $member_alias)* => {
                            let set = self.$oneof.is_some();
                            if let ::core::option::Option::Some(value) =
                                $crate::__private::codec::$member_codec::read_json_member(
                                    map.field($member_number)?,
                                    $member_key,
                                    $oneof_name,
                                    set,
                                )?
                            {
                                self.$oneof = ::core::option::Option::Some($($variant)::+(value));
                            }
                        }
                    )*)?
                    $(
                        $extension_key $(| $extension_alias)* => {
                            $($constant)::+.read_json(map, &mut self.$extensions)?
                        }
                    )?
                )+
                _ => return ::core::result::Result::Ok(false),
            }
            ::core::result::Result::Ok(true)
        }
    };
}

#[cfg(test)]
mod tests;
