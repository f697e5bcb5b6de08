//! `read_fields!`: the loop of a generated `merge_from`, which reads the
//! fields numbered 1 to 15 in the order writers put them, each expecting
//! the next.
//!
//! Writers put fields in the order of their numbers, so after reading a
//! field numbered 1 to 15 outside a oneof, the loop looks at the next byte
//! for the key of the next such field (`Decoder::read_key_if`): one byte
//! compared, where the loop would decode a key and look up its field. The
//! loop decodes a key; a `match` on its number and wire type sends a field
//! the entries do not list (a oneof's member, a field numbered above 15,
//! an unknown number, or a known one under another wire type) to
//! `merge_field`, and any other key to the read of its entry, each behind
//! `if number <= n`. From the read of its field, the loop goes on through
//! the entries that follow while each field is followed by the next. Once a
//! field has been read, the test before the next is known to hold, and LLVM
//! drops it.
//!
//! Generated code calls it with one entry a field:
//!
//! ```ignore
//! _rt::read_fields!(
//!     message self, decoder, wire, Self::field_name;
//!     1 (Varint) => _rt::codec::Uint32::merge(wire, &mut self.id, decoder), then 2 Len;
//!     2 (Len) => _rt::codec::String::merge(wire, &mut self.label, decoder), then 4 Len;
//!     4 (Len) => _rt::codec::Message::merge_repeated(wire, &mut self.children, decoder), again Len;
//! )
//! ```
//!
//! - The head: `message`, or `group` for a message a group field holds,
//!   whose fields end at an end-group key too (`Decoder::end_group`); then
//!   the names the entries use for the message, the decoder and the wire
//!   type just read, and the function naming a field in an error's path.
//! - An entry: the field's number; the wire types it is read from
//!   (`Field::wire_types_read` in the compiler: a key of its number under
//!   any other goes to `merge_field`, as an unknown field); its read, an
//!   expression; `again W` for a list or a map, which expects itself under
//!   `W` after each element; `then N W` when the next entry's field, `N`,
//!   is expected next, under `W`.
//! - `only N (W) => read;` entries come last: fields the loop reads itself
//!   (a sorted map gathered into a local) but expects after no other.
//!
//! It evaluates to the merge's result, so statements after it (building a
//! sorted map from its entries) run however it ends. An error names its
//! field by `field_name`.

/// The loop of a generated `merge_from`: see the module's doc.
#[doc(hidden)]
#[macro_export]
macro_rules! __read_fields {
    (
        $kind:ident $this:ident, $decoder:ident, $wire:ident, $field_name:expr;
        $(
            $number:literal ($($read_wire:ident)|+) => $read:expr
            $(, again $again:ident)?
            $(, then $next:literal $next_wire:ident)?;
        )*
        $(only $only:literal ($($only_wire:ident)|+) => $only_read:expr;)*
    ) => {
        'read: {
            let (error, number) = 'fields: loop {
                if !$decoder.has_remaining() {
                    break 'read ::core::result::Result::Ok(());
                }
                #[allow(unused_mut)]
                let (number, mut $wire) = match $decoder.read_key() {
                    ::core::result::Result::Ok(key) => key,
                    ::core::result::Result::Err(error) => {
                        break 'read ::core::result::Result::Err(error);
                    }
                };
                $crate::__read_fields!(@end_group $kind 'read, $decoder, $wire, number);
                let in_order = $crate::__read_fields!(
                    @in_order ($wire, number), $(($($crate::WireType::$read_wire)|+, $number))*
                );
                if !in_order {
                    match (number, $wire) {
                        $(
                            ($only, $($crate::WireType::$only_wire)|+) => match $only_read {
                                ::core::result::Result::Ok(()) => continue 'fields,
                                ::core::result::Result::Err(error) => {
                                    break 'fields (error, $only);
                                }
                            },
                        )*
                        _ => match $this.merge_field(number, $wire, $decoder) {
                            ::core::result::Result::Ok(()) => continue 'fields,
                            ::core::result::Result::Err(error) => break 'fields (error, number),
                        },
                    }
                }
                $(
                    if number <= $number {
                        $crate::__read_fields!(
                            @read 'fields, $decoder, $wire, $number, $read $(, $again)?
                        );
                        $(
                            if !$decoder.read_key_if(
                                $next,
                                $crate::WireType::$next_wire,
                                &mut $wire,
                            ) {
                                continue 'fields;
                            }
                        )?
                    }
                )*
            };
            let error = $crate::__private::field::field_error(error, number, $field_name);
            ::core::result::Result::Err(error)
        }
    };
    // Whether the key is one of the entries'. Matched as (wire type,
    // number), the wire type first: so LLVM tests it once for all the
    // numbers under it (the other way round costs 7 instructions a message
    // more where it reads one field of four, callgrind, order-100-seed).
    (@in_order $key:expr,) => {
        false
    };
    (@in_order $key:expr, $($entry:tt)+) => {
        ::core::matches!($key, $($entry)|+)
    };
    (@end_group message $read:lifetime, $decoder:ident, $wire:ident, $number:ident) => {};
    (@end_group group $read:lifetime, $decoder:ident, $wire:ident, $number:ident) => {
        // Only a key decoded in general can end the group, so the fields
        // read in order pay nothing for it.
        if $wire == $crate::WireType::EndGroup {
            break $read $decoder.end_group($number);
        }
    };
    (@read $fields:lifetime, $decoder:ident, $wire:ident, $number:literal, $read:expr) => {
        match $read {
            ::core::result::Result::Ok(()) => {}
            ::core::result::Result::Err(error) => break $fields (error, $number),
        }
    };
    (
        @read $fields:lifetime, $decoder:ident, $wire:ident, $number:literal, $read:expr,
        $again:ident
    ) => {
        loop {
            match $read {
                ::core::result::Result::Ok(()) => {}
                ::core::result::Result::Err(error) => break $fields (error, $number),
            }
            if !$decoder.read_key_if($number, $crate::WireType::$again, &mut $wire) {
                break;
            }
        }
    };
}
