//! Macros for the parts of a generated `Message` or `MessageView` impl that
//! are alike in every message: `merge_member!`, the arm of `merge_field`
//! that reads a oneof's member, and `unknown_fields_at!`, the method that
//! reaches a message's unknown fields.
//!
//! Generated code calls them one line a member or a message:
//!
//! ```ignore
//! (1, _rt::WireType::Len) => _rt::merge_member!(
//!     self.value, any_value::Value::StringValue,
//!     |value| _rt::codec::String::merge(wire, &mut value, decoder)
//! ),
//! (1, _rt::WireType::Len) => _rt::merge_member!(
//!     self.value, any_value::Value::StringValue, kept value_kept,
//!     |value| _rt::codec::String::merge(wire, &mut value, decoder),
//!     reuse _rt::codec::String::prepare_in_place(&mut value, decoder)
//! ),
//! (9, _rt::WireType::Len) => _rt::merge_member!(
//!     replace self.node, tree::Node::Leaf,
//!     |value| _rt::codec::Ref::merge_optional(wire, &mut value, decoder)
//! ),
//!
//! _rt::unknown_fields_at!(unknown_fields);
//! _rt::unknown_fields_at!(view 'a, unknown_fields);
//! ```
//!
//! - `merge_member!`: the oneof's struct field, the member's variant, and
//!   the read, which reads into the member's value, named by `|value|`. The
//!   value is the member's if the oneof holds that member, else its
//!   default; the oneof holds the member after the read, whatever its
//!   result. With `replace` (a `ref` member), the value is an `Option`
//!   that starts `None`, rather than a default pointer to merge into,
//!   which would be an allocation of its own; the oneof holds the member
//!   only after a read that succeeded, and before as it was. With `kept`
//!   and a local flag (a message's `merge_from` in a recycled decode,
//!   `recycle.rs`), the first member read while the flag is set, which
//!   clears it, is read in place of the member the last decode left when
//!   it is the same member, made ready for it by `reuse`'s expression.
//! - `unknown_fields_at!`: the struct field of an owned message's
//!   `UnknownFields`, or with `view` and the input's lifetime, a view's
//!   `UnknownFieldsView`; it expands to `unknown_fields_mut`, inlined.

/// The arm of a generated `merge_field` for a oneof's member: see the
/// module's doc.
#[doc(hidden)]
#[macro_export]
macro_rules! __merge_member {
    (
        replace $this:ident.$oneof:ident, $($variant:ident)::+,
        |$value:ident| $read:expr $(,)?
    ) => {{
        let mut $value = ::core::option::Option::None;
        $read?;
        $this.$oneof = $value.map($($variant)::+);
        ::core::result::Result::Ok(())
    }};
    (
        $this:ident.$oneof:ident, $($variant:ident)::+, kept $kept:ident,
        |$value:ident| $read:expr,
        reuse $prepare:expr $(,)?
    ) => {{
        let first = ::core::mem::take(&mut $kept);
        let (mut $value, same) = match $this.$oneof.take() {
            ::core::option::Option::Some($($variant)::+($value)) => ($value, true),
            _ => (::core::default::Default::default(), false),
        };
        if first && same {
            $prepare;
        }
        let result = $read;
        $this.$oneof = ::core::option::Option::Some($($variant)::+($value));
        result
    }};
    (
        $this:ident.$oneof:ident, $($variant:ident)::+,
        |$value:ident| $read:expr $(,)?
    ) => {{
        let mut $value = match $this.$oneof.take() {
            ::core::option::Option::Some($($variant)::+($value)) => $value,
            _ => ::core::default::Default::default(),
        };
        let result = $read;
        $this.$oneof = ::core::option::Option::Some($($variant)::+($value));
        result
    }};
}

/// `unknown_fields_mut` of a generated message or view: see the module's
/// doc.
#[doc(hidden)]
#[macro_export]
macro_rules! __unknown_fields_at {
    (view $lifetime:lifetime, $field:ident) => {
        #[inline]
        fn unknown_fields_mut(
            &mut self,
        ) -> ::core::option::Option<&mut $crate::view::UnknownFieldsView<$lifetime>> {
            ::core::option::Option::Some(&mut self.$field)
        }
    };
    ($field:ident) => {
        #[inline]
        fn unknown_fields_mut(&mut self) -> ::core::option::Option<&mut $crate::UnknownFields> {
            ::core::option::Option::Some(&mut self.$field)
        }
    };
}

#[cfg(test)]
mod tests {
    use crate::__private::codec::{Int32, Message as MessageCodec};
    use crate::decode::Decoder;
    use crate::encode::Writer;
    use crate::error::DecodeError;
    use crate::message::Message;
    use crate::unknown::UnknownFields;
    use crate::wire::WireType;

    /// A message of two numbers, which occurrences merge field by field.
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Pair {
        a: i32,
        b: i32,
    }

    impl Message for Pair {
        const NAME: &'static str = "Pair";

        fn measure_fields(&self) -> usize {
            0
        }

        fn write_fields(&self, _writer: &mut Writer) {}

        fn merge_field(
            &mut self,
            number: u32,
            wire: WireType,
            decoder: &mut Decoder<'_>,
        ) -> Result<(), DecodeError> {
            match number {
                1 => Int32::merge(wire, &mut self.a, decoder),
                2 => Int32::merge(wire, &mut self.b, decoder),
                _ => decoder.skip(wire),
            }
        }
    }

    /// A oneof of a pair merged (1) and a pair replaced (2), and the
    /// unknown fields.
    #[derive(Clone, Debug, Default, PartialEq)]
    struct Holder {
        choice: Option<Choice>,
        unknown_fields: UnknownFields,
    }

    #[derive(Clone, Debug, PartialEq)]
    enum Choice {
        Merged(Pair),
        Replaced(Pair),
    }

    impl Message for Holder {
        const NAME: &'static str = "Holder";

        fn measure_fields(&self) -> usize {
            0
        }

        fn write_fields(&self, _writer: &mut Writer) {}

        fn merge_field(
            &mut self,
            number: u32,
            wire: WireType,
            decoder: &mut Decoder<'_>,
        ) -> Result<(), DecodeError> {
            match (number, wire) {
                (1, WireType::Len) => crate::__merge_member!(
                    self.choice,
                    Choice::Merged,
                    |value| MessageCodec::merge(wire, &mut value, decoder)
                ),
                (2, WireType::Len) => crate::__merge_member!(
                    replace self.choice, Choice::Replaced,
                    |value| MessageCodec::merge_optional(wire, &mut value, decoder)
                ),
                _ => {
                    crate::message::merge_unknown(self.unknown_fields_mut(), number, wire, decoder)
                }
            }
        }

        crate::__unknown_fields_at!(unknown_fields);
    }

    /// Field `number` holding a pair with only `a` (field 1) set.
    fn with_a(number: u8, a: u8) -> [u8; 4] {
        [number << 3 | 2, 2, 0x08, a]
    }

    /// Field `number` holding a pair with only `b` (field 2) set.
    fn with_b(number: u8, b: u8) -> [u8; 4] {
        [number << 3 | 2, 2, 0x10, b]
    }

    #[test]
    fn a_member_read_again_merges_into_its_value() {
        let bytes = [with_a(1, 1), with_b(1, 2)].concat();
        let holder = Holder::decode(&bytes).unwrap();
        assert_eq!(holder.choice, Some(Choice::Merged(Pair { a: 1, b: 2 })));
        // After another member, the member starts from its default.
        let bytes = [with_a(2, 5), with_b(1, 2)].concat();
        let holder = Holder::decode(&bytes).unwrap();
        assert_eq!(holder.choice, Some(Choice::Merged(Pair { a: 0, b: 2 })));
    }

    #[test]
    fn a_replaced_member_read_again_replaces_its_value() {
        let bytes = [with_a(2, 1), with_b(2, 2)].concat();
        let holder = Holder::decode(&bytes).unwrap();
        assert_eq!(holder.choice, Some(Choice::Replaced(Pair { a: 0, b: 2 })));
    }

    #[test]
    fn after_an_error_a_replaced_member_leaves_the_oneof_as_it_was() {
        let mut holder = Holder::default();
        holder.merge(&with_a(1, 1)).unwrap();
        let truncated = &with_a(2, 3)[..3];
        assert!(holder.merge(truncated).is_err());
        assert_eq!(holder.choice, Some(Choice::Merged(Pair { a: 1, b: 0 })));
    }

    #[test]
    fn unknown_fields_go_where_unknown_fields_at_says() {
        let bytes = [0x48, 0x05];
        let mut holder = Holder::decode(&bytes).unwrap();
        assert_eq!(holder.unknown_fields.len(), 2);
        assert!(holder.unknown_fields_mut().is_some());
    }
}
