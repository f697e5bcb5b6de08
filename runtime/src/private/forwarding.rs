//! The impls of generated types that only forward to others, as macros
//! that generated code invokes once per type (`_rt::enumeration!(Status,
//! "Status");`, `_rt::full_name!(Order, "shop.Order");`), so that each is
//! written here once rather than in every generated file.

/// For a generated enum `$enum` named `$name` in the schema, whose
/// inherent `number`, `from_number`, `name` and `from_name` are
/// generated: equality and hashing by number, the conversions from and to
/// `i32`, and [`Enumeration`](crate::Enumeration).
#[doc(hidden)]
#[macro_export]
macro_rules! __enumeration {
    ($enum:ident, $name:literal) => {
        impl ::core::cmp::PartialEq for $enum {
            fn eq(&self, other: &Self) -> bool {
                self.number() == other.number()
            }
        }

        impl ::core::cmp::Eq for $enum {}

        impl ::core::hash::Hash for $enum {
            fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                ::core::hash::Hash::hash(&self.number(), state);
            }
        }

        impl ::core::convert::From<i32> for $enum {
            fn from(number: i32) -> Self {
                Self::from_number(number)
            }
        }

        impl ::core::convert::From<$enum> for i32 {
            fn from(value: $enum) -> Self {
                value.number()
            }
        }

        impl $crate::Enumeration for $enum {
            const NAME: &'static str = $name;

            fn number(self) -> i32 {
                Self::number(self)
            }

            fn from_number(number: i32) -> Self {
                Self::from_number(number)
            }

            fn name(self) -> ::core::option::Option<&'static str> {
                Self::name(self)
            }

            fn from_name(name: &str) -> ::core::option::Option<Self> {
                Self::from_name(name)
            }
        }
    };
}

/// [`Name`](crate::Name) for a generated message `$message` whose full
/// name in its schema is `$full_name`; with `infallible`, also
/// [`InfallibleEncode`](crate::InfallibleEncode), where its encoding cannot
/// fail.
#[doc(hidden)]
#[macro_export]
macro_rules! __full_name {
    ($message:ident, $full_name:literal) => {
        impl $crate::Name for $message {
            const FULL_NAME: &'static str = $full_name;
        }
    };
    ($message:ident, $full_name:literal, infallible) => {
        $crate::__full_name!($message, $full_name);

        impl $crate::InfallibleEncode for $message {}
    };
}

/// For the view `$view<'a>` of a generated message `$owned`, whose
/// `MessageView` impl is generated: its inherent `decode`, `decode_with`
/// and `to_owned`, `HasView` for the message, and `From` the view to the
/// message.
#[doc(hidden)]
#[macro_export]
macro_rules! __view {
    ($view:ident of $owned:ident) => {
        impl<'a> $view<'a> {
            #[doc = concat!(
                        "Decodes a view from `bytes`, with the default limits; its strings and\n",
                        "bytes borrow from `bytes`. It fails where `",
                        stringify!($owned),
                        "::decode` fails.",
                    )]
            pub fn decode(bytes: &'a [u8]) -> ::core::result::Result<Self, $crate::DecodeError> {
                <Self as $crate::MessageView<'a>>::decode(bytes)
            }

            /// Decodes a view from `bytes` within the limits of `options`.
            pub fn decode_with(
                bytes: &'a [u8],
                options: &$crate::DecodeOptions,
            ) -> ::core::result::Result<Self, $crate::DecodeError> {
                <Self as $crate::MessageView<'a>>::decode_with(bytes, options)
            }

            #[doc = concat!(
                "The owned `",
                stringify!($owned),
                "`, with strings and bytes copied.",
            )]
            pub fn to_owned(&self) -> $owned {
                <Self as $crate::MessageView<'a>>::to_message(self)
            }
        }

        impl $crate::view::HasView for $owned {
            type View<'a> = $view<'a>;
        }

        impl<'a> ::core::convert::From<&$view<'a>> for $owned {
            fn from(view: &$view<'a>) -> Self {
                $view::to_owned(view)
            }
        }
    };
}

/// `Serialize` and `Deserialize` for a generated message, through its
/// `JsonMessage` impl: a JSON object of its fields.
#[cfg(feature = "json")]
#[doc(hidden)]
#[macro_export]
macro_rules! __message_serde {
    ($message:ident) => {
        impl $crate::json::serde::Serialize for $message {
            fn serialize<S: $crate::json::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::json::serialize_message(self, serializer)
            }
        }

        impl<'de> $crate::json::serde::Deserialize<'de> for $message {
            fn deserialize<D: $crate::json::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::json::deserialize_message(deserializer)
            }
        }
    };
}

/// `Serialize` and `Deserialize` for a generated enum: its value's name,
/// or its number where the schema names none.
#[cfg(feature = "json")]
#[doc(hidden)]
#[macro_export]
macro_rules! __enum_serde {
    ($enum:ident) => {
        impl $crate::json::serde::Serialize for $enum {
            fn serialize<S: $crate::json::serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                $crate::json::serialize_enum(*self, serializer)
            }
        }

        impl<'de> $crate::json::serde::Deserialize<'de> for $enum {
            fn deserialize<D: $crate::json::serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                $crate::json::deserialize_enum(deserializer)
            }
        }
    };
}
