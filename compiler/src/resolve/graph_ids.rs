//! Graph mode read from a `.proto` file: a message that a field marked
//! `[(schemac.reference) = REF]` or `WEAK` points at declares graph mode's
//! field, `uint32 schemac_graph_id = 536870911;`, as export-proto writes
//! it. That field is the wire's, not the schema's: the model leaves it out,
//! as the `.schema` file the `.proto` was exported from does. A field that
//! takes its number or name otherwise (another type, a oneof member, an
//! option) stays, for check to report (E0324).

use crate::language::Dialect;
use crate::model::{
    Field, FieldType, GRAPH_ID_FIELD_NAME, GRAPH_ID_FIELD_NUMBER, Scalar, Schema, ValueType,
};

/// Takes graph mode's field out of every message of a `.proto` file that a
/// reference points at.
pub(super) fn adopt(schema: &mut Schema) {
    let targets = schema.ref_target_marks();
    let from_proto: Vec<bool> = (schema.messages.iter())
        .map(|message| schema.dialect(message.file) != Dialect::Schema)
        .collect();
    for (index, message) in schema.messages.iter_mut().enumerate() {
        if targets[index] && from_proto[index] {
            message.fields.retain(|field| !is_graph_id(field));
        }
    }
}

/// Whether `field` is graph mode's field as export-proto declares it.
fn is_graph_id(field: &Field) -> bool {
    let uint32 = ValueType::Scalar(Scalar::U32);
    field.number == GRAPH_ID_FIELD_NUMBER
        && field.name == GRAPH_ID_FIELD_NAME
        && field.oneof.is_none()
        && matches!(field.ty, FieldType::Single(ty) | FieldType::Optional(ty) if ty == uint32)
        && field.options.is_empty()
        && field.default.is_none()
        && field.json_name.is_none()
}
