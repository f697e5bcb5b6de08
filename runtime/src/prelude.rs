//! The names of `alloc` that the standard prelude has, for the modules of
//! a runtime built without `std`: each that needs them says
//! `use crate::prelude::*;`, which under `std` names the same items.

pub(crate) use alloc::borrow::ToOwned;
pub(crate) use alloc::boxed::Box;
pub(crate) use alloc::format;
pub(crate) use alloc::string::{String, ToString};
pub(crate) use alloc::vec::Vec;
