//! The loops of message fields: which fields hold their message in a
//! `Box`, and which messages can contain themselves.
//!
//! A message that contains itself through singular message fields (plain,
//! `optional` or oneof members) would have infinite size, so each such field
//! on the loop is boxed. Lists and maps allocate on the heap already and
//! break every loop.
//!
//! A singular field of message `M` holding message `T` is boxed exactly when
//! `T` can reach `M` again, that is when `M` and `T` are in the same strongly
//! connected component of the graph of singular message fields. Components
//! are found with Kosaraju's algorithm, written without recursion.
//!
//! A message is recursive when it can reach itself through message fields
//! of any kind, lists and maps too (references aside): in the graph of
//! those fields, it holds itself or shares its component with another
//! message. Decoding it recurses, which codegen takes into account.

use crate::model::{FieldType, Message, Schema, ValueType};

/// Sets [`Field::boxed`](crate::model::Field::boxed) on every field of
/// `schema`.
pub(super) fn mark_boxed(schema: &mut Schema) {
    let graph = message_graph(schema, singular_message);
    let component = components(&graph);
    for (index, message) in schema.messages.iter_mut().enumerate() {
        let own = component.get(index);
        for field in &mut message.fields {
            field.boxed = singular_message(field.ty)
                .is_some_and(|target| own.is_some() && component.get(target) == own);
        }
    }
}

/// Sets [`Message::recursive`](crate::model::Message::recursive) on every
/// message of `schema`.
pub(super) fn mark_recursive(schema: &mut Schema) {
    let graph = message_graph(schema, |ty| held_message(ty.value()));
    let component = components(&graph);
    let mut sizes = vec![0usize; graph.len()];
    for &own in &component {
        if let Some(size) = sizes.get_mut(own) {
            *size += 1;
        }
    }
    for (index, message) in schema.messages.iter_mut().enumerate() {
        let holds_itself = graph
            .get(index)
            .is_some_and(|targets| targets.contains(&index));
        let shares_component = component
            .get(index)
            .and_then(|own| sizes.get(*own))
            .is_some_and(|&size| size > 1);
        message.recursive = holds_itself || shares_component;
    }
}

/// The graph of `schema`'s messages, by index: an edge from each message
/// to the message each of its fields leads to by `edge`, if any.
fn message_graph(schema: &Schema, edge: impl Fn(FieldType) -> Option<usize>) -> Vec<Vec<usize>> {
    let edges = |message: &Message| {
        message
            .fields
            .iter()
            .filter_map(|field| edge(field.ty))
            .collect()
    };
    schema.messages.iter().map(edges).collect()
}

/// The index of the message a value of type `ty` holds, if it holds one
/// by value. A `ref` or `weak` reference does not count: the runtime reads
/// its object out of line already (`graph::read_weak_nested`), and counting
/// it made graph-mode decodes slower.
fn held_message(ty: ValueType) -> Option<usize> {
    match ty {
        ValueType::Message(id) => Some(id.0 as usize),
        ValueType::Scalar(_)
        | ValueType::Enum(_)
        | ValueType::WellKnown(_)
        | ValueType::Ref(..) => None,
    }
}

/// The index of the message a singular field holds, if it holds one.
fn singular_message(ty: FieldType) -> Option<usize> {
    match ty {
        FieldType::Single(ValueType::Message(id))
        | FieldType::Optional(ValueType::Message(id))
        | FieldType::Required(ValueType::Message(id)) => Some(id.0 as usize),
        _ => None,
    }
}

/// The strongly connected component of each node of `graph`, numbered from 0.
fn components(graph: &[Vec<usize>]) -> Vec<usize> {
    let order = finish_order(graph);
    let mut reversed = vec![Vec::new(); graph.len()];
    for (from, targets) in graph.iter().enumerate() {
        for &to in targets {
            if let Some(sources) = reversed.get_mut(to) {
                sources.push(from);
            }
        }
    }
    let mut component = vec![usize::MAX; graph.len()];
    let mut count = 0;
    for &root in order.iter().rev() {
        if component.get(root) != Some(&usize::MAX) {
            continue;
        }
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            match component.get_mut(node) {
                Some(slot) if *slot == usize::MAX => *slot = count,
                _ => continue,
            }
            stack.extend(reversed.get(node).into_iter().flatten().copied());
        }
        count += 1;
    }
    component
}

/// The nodes of `graph` in the order a depth-first walk finishes them.
fn finish_order(graph: &[Vec<usize>]) -> Vec<usize> {
    let mut visited = vec![false; graph.len()];
    let mut order = Vec::with_capacity(graph.len());
    for root in 0..graph.len() {
        match visited.get_mut(root) {
            Some(seen) if !*seen => *seen = true,
            _ => continue,
        }
        // Each entry is a node and the index of the next edge to follow.
        let mut stack = vec![(root, 0)];
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            match graph.get(node).and_then(|targets| targets.get(*next)) {
                Some(&target) => {
                    *next += 1;
                    if let Some(seen) = visited.get_mut(target).filter(|seen| !**seen) {
                        *seen = true;
                        stack.push((target, 0));
                    }
                }
                None => {
                    order.push(node);
                    stack.pop();
                }
            }
        }
    }
    order
}
