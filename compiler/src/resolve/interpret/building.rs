//! Options as interpretation builds them: each field found by its number
//! and kept where it was first set, then put in number order once every
//! option of the element has been read. Kept in number order all along,
//! as [`Options`] is, every field set before fields of greater numbers
//! moved those fields, which made an element of many options written out
//! of order cost the square of their number.

use std::collections::HashMap;

use super::NamedField;
use crate::model::{Constant, OptionField, Options};
use crate::source::Span;

/// The options of one element, or a message value inside them, being set.
#[derive(Default)]
pub(super) struct Building {
    fields: Vec<BuildingField>,
    /// The index in `fields` of each field number.
    by_number: HashMap<u32, usize>,
}

/// A field being set.
struct BuildingField {
    /// The field, with its values but the one in `open`.
    field: OptionField,
    /// The message being set field by field, which is the field's last
    /// value.
    open: Option<Building>,
}

impl Building {
    /// Sets the field at the end of `path` to `values` (appended for a
    /// repeated field), through a message for each field before it: the
    /// last value of that field, or a new one when the last is no message.
    pub(super) fn insert(&mut self, path: &[NamedField], values: Vec<Constant>, span: Span) {
        let Some((first, rest)) = path.split_first() else {
            return;
        };
        let index = match self.by_number.get(&first.number) {
            Some(&index) => index,
            None => {
                self.by_number.insert(first.number, self.fields.len());
                self.fields.push(BuildingField {
                    field: OptionField {
                        name: first.name.clone(),
                        number: first.number,
                        definition: first.definition,
                        ty: first.ty,
                        repeated: first.repeated,
                        packed: first.packed,
                        values: Vec::new(),
                        span,
                    },
                    open: None,
                });
                self.fields.len() - 1
            }
        };
        let Some(field) = self.fields.get_mut(index) else {
            return;
        };
        if rest.is_empty() {
            field.close();
            field.field.values.extend(values);
            return;
        }
        let open = field.open.get_or_insert_with(|| {
            match field
                .field
                .values
                .pop_if(|last| matches!(last, Constant::Message(_)))
            {
                Some(Constant::Message(last)) => Building::from(last),
                _ => Building::default(),
            }
        });
        open.insert(rest, values, span);
    }

    /// The options set, in number order.
    pub(super) fn finish(self) -> Options {
        let mut fields: Vec<OptionField> = (self.fields.into_iter())
            .map(BuildingField::finish)
            .collect();
        fields.sort_by_key(|field| field.number);
        Options { fields }
    }
}

impl From<Options> for Building {
    /// Options already set, to set more fields of.
    fn from(options: Options) -> Self {
        let by_number = (options.fields.iter().enumerate())
            .map(|(index, field)| (field.number, index))
            .collect();
        let fields = (options.fields.into_iter())
            .map(|field| BuildingField { field, open: None })
            .collect();
        Building { fields, by_number }
    }
}

impl BuildingField {
    /// Puts the message being set back as the field's last value.
    fn close(&mut self) {
        if let Some(open) = self.open.take() {
            self.field.values.push(Constant::Message(open.finish()));
        }
    }

    fn finish(mut self) -> OptionField {
        self.close();
        self.field
    }
}
