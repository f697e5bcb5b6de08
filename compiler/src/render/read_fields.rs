//! The layout of the runtime's `read_fields!` calls, which prettyplease
//! cannot give: it fills an unknown macro's tokens like a paragraph. Each
//! call is taken out of the tokens before prettyplease formats them, and
//! put back laid out as its grammar reads (the runtime's
//! `read_fields.rs`): the head on the first line, then an entry a line,
//! each expression formatted by prettyplease where it goes.
//!
//! ```ignore
//! _rt::read_fields!(
//!     message self, decoder, wire, Self::field_name;
//!     1 (Varint) => _rt::codec::Int64::merge(wire, &mut self.id, decoder), then 2 Len;
//!     4 (Len) =>
//!         _rt::codec::Message::merge_repeated(wire, &mut self.order_lines, decoder),
//!         again Len, then 5 Len;
//! )
//! ```

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::parse::{ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Expr, Ident, LitInt, Token};

/// The macro this module lays out.
const MACRO: &str = "read_fields";

/// What a call's arguments are replaced with until they are laid out: this,
/// and the call's index.
const PLACEHOLDER: &str = "__schemac_read_fields_";

/// The widest line an entry is kept on.
const WIDTH: usize = 100;

/// `tokens` with the arguments of every `read_fields!(..)` call in them
/// replaced by a placeholder, and the arguments, in `calls` in the order
/// of the placeholders' numbers.
pub(super) fn take_calls(tokens: TokenStream, calls: &mut Vec<TokenStream>) -> TokenStream {
    let mut taken = Vec::new();
    for tree in tokens {
        let tree = match tree {
            TokenTree::Group(group)
                if group.delimiter() == Delimiter::Parenthesis && ends_call(&taken) =>
            {
                let placeholder =
                    Ident::new(&format!("{PLACEHOLDER}{}", calls.len()), Span::call_site());
                calls.push(group.stream());
                let mut replaced =
                    Group::new(Delimiter::Parenthesis, TokenTree::Ident(placeholder).into());
                replaced.set_span(group.span());
                TokenTree::Group(replaced)
            }
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), take_calls(group.stream(), calls));
                inner.set_span(group.span());
                TokenTree::Group(inner)
            }
            other => other,
        };
        taken.push(tree);
    }
    taken.into_iter().collect()
}

/// Whether `before` ends with `read_fields !`, so that the group that
/// follows holds a call's arguments.
fn ends_call(before: &[TokenTree]) -> bool {
    match before {
        [.., TokenTree::Ident(name), TokenTree::Punct(bang)] => {
            name == MACRO && bang.as_char() == '!'
        }
        _ => false,
    }
}

/// `text`, prettyplease's, with each placeholder `take_calls` left replaced
/// by its call's arguments, laid out under the line that holds it; `None`
/// when the text spells a placeholder elsewhere too (in a doc comment or a
/// string a schema wrote), which could not be told from a call.
pub(super) fn put_back(text: &str, calls: &[TokenStream]) -> Option<String> {
    if calls.is_empty() {
        return Some(text.to_owned());
    }
    if text.matches(PLACEHOLDER).count() != calls.len() {
        return None;
    }
    let mut laid_out = String::with_capacity(text.len() + calls.len() * 1024);
    for line in text.lines() {
        match placeholder_in(line, calls) {
            Some((open, call, close)) => {
                let indent = line.len() - line.trim_start().len();
                laid_out.push_str(open);
                laid_out.push('\n');
                for entry in lay_out(call, indent + 4) {
                    laid_out.push_str(&entry);
                    laid_out.push('\n');
                }
                laid_out.push_str(&" ".repeat(indent));
                laid_out.push_str(close);
            }
            None => laid_out.push_str(line),
        }
        laid_out.push('\n');
    }
    Some(laid_out)
}

/// The placeholder in `line`, if it holds one: the line up to and with
/// the call's `(`, the call, and the line from its `)` on.
fn placeholder_in<'l, 'c>(
    line: &'l str,
    calls: &'c [TokenStream],
) -> Option<(&'l str, &'c TokenStream, &'l str)> {
    let at = line.find(PLACEHOLDER)?;
    let digits = &line[at + PLACEHOLDER.len()..];
    let end = digits.find(|c: char| !c.is_ascii_digit())?;
    let call = calls.get(digits[..end].parse::<usize>().ok()?)?;
    let close = &digits[end..];
    close.starts_with(')').then_some((&line[..at], call, close))
}

/// A call's lines at `indent`: its head, then its entries.
fn lay_out(call: &TokenStream, indent: usize) -> Vec<String> {
    let margin = " ".repeat(indent);
    let Ok(Call { head, entries }) = Parser::parse2(Call::parse, call.clone()) else {
        // Codegen always makes calls that parse. Were one not to, its
        // tokens still show the compiler what went wrong.
        return vec![format!("{margin}{call}")];
    };
    let mut lines = vec![format!("{margin}{head};")];
    for Entry { prefix, read, tail } in entries {
        let read_lines = expr_lines(&read, indent);
        if let [read] = read_lines.as_slice() {
            let line = format!("{margin}{prefix} => {}{tail}", read.trim_start());
            if line.len() <= WIDTH {
                lines.push(line);
                continue;
            }
        }
        lines.push(format!("{margin}{prefix} =>"));
        let mut read_lines = expr_lines(&read, indent + 4);
        let last = read_lines.pop().unwrap_or_default();
        lines.extend(read_lines);
        match tail.strip_prefix(", ") {
            Some(rest) if last.len() + tail.len() > WIDTH => {
                lines.push(format!("{last},"));
                lines.push(format!("{margin}    {rest}"));
            }
            _ => lines.push(format!("{last}{tail}")),
        }
    }
    lines
}

/// `expr` formatted by prettyplease at `indent`, a multiple of 4, where it
/// breaks it as it would there.
fn expr_lines(expr: &Expr, indent: usize) -> Vec<String> {
    body_lines(expr.to_token_stream(), indent)
}

/// `body`, an expression's tokens, formatted by prettyplease at `indent`,
/// a multiple of 4, where it breaks it as it would there: the body of a
/// function nested in modules (items, which prettyplease always breaks,
/// where it may put a short block on one line).
fn body_lines(body: TokenStream, indent: usize) -> Vec<String> {
    let depth = (indent / 4).max(1);
    let mut item: syn::Item = syn::parse_quote!(fn f() { #body });
    for _ in 1..depth {
        item = syn::parse_quote!(mod m { #item });
    }
    let text = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![item],
    });
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.len().saturating_sub(depth);
    (lines.get(depth..end).unwrap_or_default().iter())
        .map(|line| (*line).to_owned())
        .collect()
}

/// The arguments of a `read_fields!` call, parsed.
struct Call {
    /// `message self, decoder, wire, Self::field_name`.
    head: String,
    entries: Vec<Entry>,
}

/// One entry: `4 (Len) => read, again Len, then 5 Len;`.
struct Entry {
    /// `4 (Len)`, or `only 16 (Len)`.
    prefix: String,
    /// The read.
    read: Expr,
    /// What follows the read: `, again Len, then 5 Len;`, or `;`.
    tail: String,
}

impl Call {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let kind: Ident = input.parse()?;
        let names = Punctuated::<Expr, Token![,]>::parse_separated_nonempty(input)?;
        input.parse::<Token![;]>()?;
        let names: Vec<String> = names.iter().map(one_line).collect();
        let head = format!("{kind} {}", names.join(", "));
        let mut entries = Vec::new();
        while !input.is_empty() {
            entries.push(Entry::parse(input)?);
        }
        Ok(Self { head, entries })
    }
}

impl Entry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut prefix = String::new();
        if input.peek(Ident) {
            let only: Ident = input.parse()?;
            prefix = format!("{only} ");
        }
        let number: LitInt = input.parse()?;
        let wires;
        syn::parenthesized!(wires in input);
        let wires = Punctuated::<Ident, Token![|]>::parse_separated_nonempty(&wires)?;
        let wires: Vec<String> = wires.iter().map(Ident::to_string).collect();
        prefix.push_str(&format!("{number} ({})", wires.join(" | ")));
        input.parse::<Token![=>]>()?;
        let read: Expr = input.parse()?;
        let mut tail = String::new();
        while input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
            let word: Ident = input.parse()?;
            tail.push_str(&format!(", {word}"));
            if input.peek(LitInt) {
                let next: LitInt = input.parse()?;
                tail.push_str(&format!(" {next}"));
            }
            let wire: Ident = input.parse()?;
            tail.push_str(&format!(" {wire}"));
        }
        input.parse::<Token![;]>()?;
        tail.push(';');
        Ok(Self { prefix, read, tail })
    }
}

/// `expr` on one line, as prettyplease writes it.
fn one_line(expr: &Expr) -> String {
    expr_lines(expr, 4).join(" ").trim().to_owned()
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::super::format_part;

    #[test]
    fn a_call_has_its_head_then_an_entry_a_line() {
        let text = format_part(quote! {
            impl M {
                fn merge_from(&mut self) -> R {
                    _rt::read_fields!(
                        message self, decoder, wire, Self::field_name;
                        1 (Varint) => _rt::codec::Int64::merge(wire, &mut self.id, decoder), then 2 Len;
                        2 (Varint | Len) => _rt::codec::Int32::merge_repeated(wire, &mut self.numbers, decoder), again Len;
                        only 16 (Len) => entries.merge::<_rt::codec::String, _rt::codec::Int32>(wire, &mut self.labels, decoder);
                    )
                }
            }
        });
        let expected = "impl M {
    fn merge_from(&mut self) -> R {
        _rt::read_fields!(
            message self, decoder, wire, Self::field_name;
            1 (Varint) => _rt::codec::Int64::merge(wire, &mut self.id, decoder), then 2 Len;
            2 (Varint | Len) =>
                _rt::codec::Int32::merge_repeated(wire, &mut self.numbers, decoder), again Len;
            only 16 (Len) =>
                entries
                    .merge::<
                        _rt::codec::String,
                        _rt::codec::Int32,
                    >(wire, &mut self.labels, decoder);
        )
    }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn a_tail_too_long_for_its_read_goes_on_a_line_of_its_own() {
        let text = format_part(quote! {
            fn f() -> R {
                let read = _rt::read_fields!(
                    group self, decoder, wire, <Message as _rt::Message>::field_name;
                    3 (Len) => _rt::codec::Message::merge_repeated(wire, &mut self.long_name, decoder), again Len, then 4 StartGroup;
                );
                map_entries.finish(&mut self.map);
                read
            }
        });
        let expected = "fn f() -> R {
    let read = _rt::read_fields!(
        group self, decoder, wire, <Message as _rt::Message>::field_name;
        3 (Len) =>
            _rt::codec::Message::merge_repeated(wire, &mut self.long_name, decoder),
            again Len, then 4 StartGroup;
    );
    map_entries.finish(&mut self.map);
    read
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn every_call_of_a_part_is_put_back_where_it_was() {
        let text = format_part(quote! {
            fn a() -> R { _rt::read_fields!(message self, d, w, A::field_name;) }
            fn b() -> R { _rt::read_fields!(message self, d, w, B::field_name;) }
        });
        let a = text.find("A::field_name").unwrap_or_default();
        let b = text.find("B::field_name").unwrap_or_default();
        assert!(text.contains("fn a() -> R {") && a < b, "{text}");
        assert!(
            text.find("fn b()").is_some_and(|fn_b| a < fn_b && fn_b < b),
            "{text}"
        );
    }

    #[test]
    fn a_doc_comment_that_spells_a_placeholder_is_left_as_it_is() {
        let doc = " read_fields!(__schemac_read_fields_0)";
        let text = format_part(quote! {
            #[doc = #doc]
            fn f() -> R { _rt::read_fields!(message self, d, w, F::field_name;) }
        });
        // The call is then formatted as prettyplease formats any macro.
        assert!(
            text.starts_with("/// read_fields!(__schemac_read_fields_0)\n"),
            "{text}"
        );
        assert!(
            text.contains("_rt::read_fields!(message self, d, w, F::field_name;)"),
            "{text}"
        );
    }

    #[test]
    fn a_call_that_does_not_parse_keeps_its_tokens() {
        let text = format_part(quote! {
            fn f() -> R { _rt::read_fields!(message; 1 => ) }
        });
        assert!(
            text.contains("_rt::read_fields!(\n        message ; 1 =>\n    )"),
            "{text}"
        );
    }
}
