//! The layout of the runtime's macro calls that take a list of entries,
//! `read_fields!`, `json_fields!` and `described!`, and of `merge_member!`, which
//! prettyplease cannot give: it fills an unknown macro's tokens like a
//! paragraph, spacing them as tokens (`| value |`, `& mut value`). Each call is taken out
//! of the tokens before prettyplease formats them, and put back laid out as
//! its grammar reads (the runtime's `read_fields.rs` and `json/fields.rs`):
//! an entry a line, indented under the line that holds the call.
//!
//! ```ignore
//! _rt::read_fields!(
//!     message self, decoder, wire, Self::field_name;
//!     1 (Varint) => _rt::codec::Int64::merge(wire, &mut self.id, decoder), then 2 Len;
//!     4 (Len) =>
//!         _rt::codec::Message::merge_repeated(wire, &mut self.order_lines, decoder),
//!         again Len, then 5 Len;
//! )
//! _rt::json_fields!(
//!     "id" => 1 id: Int64;
//!     "order_lines" | "orderLines" => 4 order_lines: Message, list;
//!     oneof "kind" kind {
//!         "circle" => 7 order::Kind::Circle: Message;
//!     };
//! );
//! ```
//!
//! `read_fields!` has its head on the first line, and each read formatted
//! by prettyplease where it goes. `json_fields!`'s entries hold names and
//! paths only, written with the spacing Rust's style gives them
//! ([`words`]); a oneof's members are an entry a line, in its braces.

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::{Expr, Ident, LitInt, Token};

/// The macros this module lays out, each with its layout.
const MACROS: [(&str, Layout); 4] = [
    ("read_fields", Layout::ReadFields),
    ("json_fields", Layout::Entries),
    ("described", Layout::Entries),
    ("merge_member", Layout::Arguments),
];

/// How a call's arguments are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// `read_fields!`: its head, then an entry a line, each read formatted
    /// by prettyplease ([`read_fields_lines`]).
    ReadFields,
    /// An entry a line, each ended by `;`, one holding braces with its own
    /// entries inside them ([`entry_lines`]).
    Entries,
    /// Arguments separated by commas, as prettyplease lays out a call's:
    /// on the call's line when they fit, else as many a line as fit
    /// ([`argument_lines`]).
    Arguments,
}

/// A call taken out of the tokens: its arguments, and how they are laid
/// out.
pub(super) struct Call {
    layout: Layout,
    arguments: TokenStream,
}

/// What a call's arguments are replaced with until they are laid out: this,
/// and the call's index.
const PLACEHOLDER: &str = "__schemac_macro_call_";

/// The widest line an entry is kept on.
const WIDTH: usize = 100;

/// `tokens` with the arguments of every call of one of [`MACROS`] in them
/// replaced by a placeholder, and the calls, in `calls` in the order of the
/// placeholders' numbers.
pub(super) fn take_calls(tokens: TokenStream, calls: &mut Vec<Call>) -> TokenStream {
    let mut taken = Vec::new();
    for tree in tokens {
        let tree = match tree {
            TokenTree::Group(group) if group.delimiter() == Delimiter::Parenthesis => {
                match called(&taken).filter(|_| !group.stream().is_empty()) {
                    Some(layout) => {
                        let placeholder =
                            Ident::new(&format!("{PLACEHOLDER}{}", calls.len()), Span::call_site());
                        calls.push(Call {
                            layout,
                            arguments: group.stream(),
                        });
                        let mut replaced = Group::new(
                            Delimiter::Parenthesis,
                            TokenTree::Ident(placeholder).into(),
                        );
                        replaced.set_span(group.span());
                        TokenTree::Group(replaced)
                    }
                    None => TokenTree::Group(taken_group(&group, calls)),
                }
            }
            TokenTree::Group(group) => TokenTree::Group(taken_group(&group, calls)),
            other => other,
        };
        taken.push(tree);
    }
    taken.into_iter().collect()
}

/// `group` with the calls in it taken.
fn taken_group(group: &Group, calls: &mut Vec<Call>) -> Group {
    let mut inner = Group::new(group.delimiter(), take_calls(group.stream(), calls));
    inner.set_span(group.span());
    inner
}

/// The layout of the macro whose call `before` ends with, `name !`, so
/// that the group that follows holds its arguments, if it is one of
/// [`MACROS`].
fn called(before: &[TokenTree]) -> Option<Layout> {
    match before {
        [.., TokenTree::Ident(name), TokenTree::Punct(bang)] if bang.as_char() == '!' => MACROS
            .iter()
            .find(|(macro_name, _)| name == macro_name)
            .map(|&(_, layout)| layout),
        _ => None,
    }
}

/// `text`, prettyplease's, with each placeholder `take_calls` left replaced
/// by its call's arguments, laid out under the line that holds it; `None`
/// when the text spells a placeholder elsewhere too (in a doc comment or a
/// string a schema wrote), which could not be told from a call.
pub(super) fn put_back(text: &str, calls: &[Call]) -> Option<String> {
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
                let lines = match call.layout {
                    Layout::ReadFields => read_fields_lines(&call.arguments, indent + 4),
                    Layout::Entries => entry_lines(call.arguments.clone(), indent + 4),
                    Layout::Arguments => {
                        let arguments = arguments(&call.arguments);
                        let on_line = format!("{open}{}{close}", arguments.join(", "));
                        if on_line.len() <= WIDTH {
                            laid_out.push_str(&on_line);
                            laid_out.push('\n');
                            continue;
                        }
                        argument_lines(&arguments, indent + 4)
                    }
                };
                laid_out.push_str(open);
                laid_out.push('\n');
                for line in lines {
                    laid_out.push_str(&line);
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
    calls: &'c [Call],
) -> Option<(&'l str, &'c Call, &'l str)> {
    let at = line.find(PLACEHOLDER)?;
    let digits = &line[at + PLACEHOLDER.len()..];
    let end = digits.find(|c: char| !c.is_ascii_digit())?;
    let call = calls.get(digits[..end].parse::<usize>().ok()?)?;
    let close = &digits[end..];
    close.starts_with(')').then_some((&line[..at], call, close))
}

/// A `read_fields!` call's lines at `indent`: its head, then its entries,
/// each on a line when it fits; else, when the read fits on one line,
/// the read under its number with its tail, or on its number's line with
/// its tail under it; else the read as prettyplease breaks it under its
/// number, with its tail after it, or on a line of its own when the read's
/// last line leaves no room for it.
fn read_fields_lines(call: &TokenStream, indent: usize) -> Vec<String> {
    let margin = " ".repeat(indent);
    let Ok(ReadFields { head, entries }) = Parser::parse2(ReadFields::parse, call.clone()) else {
        // Codegen always makes calls that parse. Were one not to, its
        // tokens still show the compiler what went wrong.
        return vec![format!("{margin}{call}")];
    };
    let mut lines = vec![format!("{margin}{head};")];
    for ReadEntry { prefix, read, tail } in entries {
        let read_lines = expr_lines(&read, indent);
        if let [read] = read_lines.as_slice() {
            let read = read.trim_start();
            let line = format!("{margin}{prefix} => {read}{tail}");
            if line.len() <= WIDTH {
                lines.push(line);
                continue;
            }
            // The read on one line under its number, with its tail, where
            // prettyplease, which keeps a margin, would break it.
            let under = format!("{margin}    {read}");
            if under.len() + tail.len() <= WIDTH {
                lines.push(format!("{margin}{prefix} =>"));
                lines.push(format!("{under}{tail}"));
                continue;
            }
            // Else the read on its number's line, and the tail under it.
            let with_number = format!("{margin}{prefix} => {read},");
            if let Some(rest) = tail.strip_prefix(", ")
                && with_number.len() <= WIDTH
            {
                lines.push(with_number);
                lines.push(format!("{margin}    {rest}"));
                continue;
            }
            if under.len() < WIDTH {
                lines.push(format!("{margin}{prefix} =>"));
                push_with_tail(&mut lines, under, &tail, &margin);
                continue;
            }
        }
        lines.push(format!("{margin}{prefix} =>"));
        let mut read_lines = expr_lines(&read, indent + 4);
        let last = read_lines.pop().unwrap_or_default();
        lines.extend(read_lines);
        push_with_tail(&mut lines, last, &tail, &margin);
    }
    lines
}

/// Pushes `last`, a read's last line, with `tail` after it; or when they
/// do not fit on a line, `last` with the comma, and the rest of the tail
/// on a line of its own at `margin` and 4 more.
fn push_with_tail(lines: &mut Vec<String>, last: String, tail: &str, margin: &str) {
    match tail.strip_prefix(", ") {
        Some(rest) if last.len() + tail.len() > WIDTH => {
            lines.push(format!("{last},"));
            lines.push(format!("{margin}    {rest}"));
        }
        _ => lines.push(format!("{last}{tail}")),
    }
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
    // The calls of the macros this module lays out, in an entry of
    // `read_fields!` (a oneof's member read by `merge_member!`), laid out
    // as they are anywhere else.
    let mut calls = Vec::new();
    let body = take_calls(body, &mut calls);
    let mut item: syn::Item = syn::parse_quote!(fn f() { #body });
    for _ in 1..depth {
        item = syn::parse_quote!(mod m { #item });
    }
    let text = prettyplease::unparse(&syn::File {
        shebang: None,
        attrs: Vec::new(),
        items: vec![item],
    });
    let text = put_back(&text, &calls).unwrap_or(text);
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.len().saturating_sub(depth);
    (lines.get(depth..end).unwrap_or_default().iter())
        .map(|line| (*line).to_owned())
        .collect()
}

/// The arguments of a `read_fields!` call, parsed.
struct ReadFields {
    /// `message self, decoder, wire, Self::field_name`.
    head: String,
    entries: Vec<ReadEntry>,
}

/// One entry of `read_fields!`: `4 (Len) => read, again Len, then 5 Len;`.
struct ReadEntry {
    /// `4 (Len)`, or `only 16 (Len)`.
    prefix: String,
    /// The read.
    read: Expr,
    /// What follows the read: `, again Len, then 5 Len;`, or `;`.
    tail: String,
}

impl ReadFields {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let kind: Ident = input.parse()?;
        let names = Punctuated::<Expr, Token![,]>::parse_separated_nonempty(input)?;
        input.parse::<Token![;]>()?;
        let names: Vec<String> = names.iter().map(one_line).collect();
        let head = format!("{kind} {}", names.join(", "));
        let mut entries = Vec::new();
        while !input.is_empty() {
            entries.push(ReadEntry::parse(input)?);
        }
        Ok(Self { head, entries })
    }
}

impl ReadEntry {
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

/// A call's arguments, each on one line as prettyplease writes it; a word
/// before an argument, as in `replace self.value`, `kept pick_kept` or
/// `recycled C::recycle(..)`, stays with it.
fn arguments(call: &TokenStream) -> Vec<String> {
    let mut arguments = Vec::new();
    let mut argument: Vec<TokenTree> = Vec::new();
    let mut trees = call.clone().into_iter().peekable();
    while let Some(tree) = trees.next() {
        let ends = matches!(&tree, TokenTree::Punct(comma) if comma.as_char() == ',');
        if !ends {
            argument.push(tree);
        }
        if ends || trees.peek().is_none() {
            match worded_argument(std::mem::take(&mut argument)) {
                Some(line) => arguments.push(line),
                // Codegen always makes calls that parse. Were one not to,
                // its tokens still show the compiler what went wrong.
                None => return vec![call.to_string()],
            }
        }
    }
    arguments
}

/// One argument of a call on one line, `tokens` being an expression, or a
/// word and an expression; `None` when they are neither.
fn worded_argument(tokens: Vec<TokenTree>) -> Option<String> {
    let stream: TokenStream = tokens.iter().cloned().collect();
    if let Ok(expr) = Parser::parse2(Expr::parse, stream) {
        return Some(one_line(&expr));
    }
    let (TokenTree::Ident(word), rest) = tokens.split_first()? else {
        return None;
    };
    let expr = Parser::parse2(Expr::parse, rest.iter().cloned().collect()).ok()?;
    Some(format!("{word} {}", one_line(&expr)))
}

/// `arguments` at `indent`, as many a line as fit, each but the last
/// followed by a comma.
fn argument_lines(arguments: &[String], indent: usize) -> Vec<String> {
    let margin = " ".repeat(indent);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for (index, argument) in arguments.iter().enumerate() {
        let comma = if index + 1 < arguments.len() { "," } else { "" };
        if !line.is_empty() && line.len() + 1 + argument.len() + comma.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if line.is_empty() {
            line = format!("{margin}{argument}{comma}");
        } else {
            line = format!("{line} {argument}{comma}");
        }
    }
    lines.extend((!line.is_empty()).then_some(line));
    lines
}

/// A list of entries at `indent`, each ended by `;`: an entry a line, or
/// when it is too long, broken after its `=>`; an entry that ends with
/// braces has its own entries inside them, 4 further in.
fn entry_lines(tokens: TokenStream, indent: usize) -> Vec<String> {
    let margin = " ".repeat(indent);
    let mut lines = Vec::new();
    let mut entry: Vec<TokenTree> = Vec::new();
    for tree in tokens {
        match tree {
            TokenTree::Punct(end) if end.as_char() == ';' => {
                match entry.pop() {
                    Some(TokenTree::Group(inner)) if inner.delimiter() == Delimiter::Brace => {
                        lines.push(format!("{margin}{} {{", words(entry.drain(..))));
                        lines.extend(entry_lines(inner.stream(), indent + 4));
                        lines.push(format!("{margin}}};"));
                    }
                    last => {
                        entry.extend(last);
                        lines.extend(entry_line(&entry, &margin));
                    }
                }
                entry.clear();
            }
            other => entry.push(other),
        }
    }
    if !entry.is_empty() {
        // Codegen ends every entry. Were one not to, its tokens still show
        // the compiler what went wrong.
        lines.push(format!("{margin}{}", words(entry)));
    }
    lines
}

/// An entry and its `;` at `margin`: on a line, or when that is too long,
/// on two, broken after its `=>`.
fn entry_line(entry: &[TokenTree], margin: &str) -> Vec<String> {
    let line = format!("{margin}{};", words(entry.iter().cloned()));
    let arrow = entry.windows(2).position(|pair| match pair {
        [TokenTree::Punct(equals), TokenTree::Punct(greater)] => {
            equals.as_char() == '=' && greater.as_char() == '>'
        }
        _ => false,
    });
    match arrow {
        Some(at) if line.len() > WIDTH => {
            let (keys, rest) = entry.split_at(at);
            let rest = rest.get(2..).unwrap_or_default();
            vec![
                format!("{margin}{} =>", words(keys.iter().cloned())),
                format!("{margin}    {};", words(rest.iter().cloned())),
            ]
        }
        _ => vec![line],
    }
}

/// Tokens of names, paths, literals and punctuation, spaced as Rust's style
/// spaces them: `"a" | "b" => 1 a: Map::<K, V>, list`.
fn words(tokens: impl IntoIterator<Item = TokenTree>) -> String {
    let mut text = String::new();
    // Whether the last token wants a space after it, as a word does.
    let mut space_after = false;
    let mut punct = String::new();
    let mut push = |text: &mut String, piece: &str, before: bool, after: bool| {
        if space_after && before {
            text.push(' ');
        }
        text.push_str(piece);
        space_after = after;
    };
    for tree in tokens {
        match tree {
            TokenTree::Punct(mark) => {
                punct.push(mark.as_char());
                if mark.spacing() == proc_macro2::Spacing::Joint && mark.as_char() != '\'' {
                    continue;
                }
                // Whether a space goes before and after: none in a path
                // or around generics, one after a separator, one before
                // a lifetime's quote, both around an operator.
                let (before, after) = match punct.as_str() {
                    "," | ":" | ";" => (false, true),
                    "'" => (true, false),
                    path if path.chars().all(|c| matches!(c, ':' | '<' | '>')) => (false, false),
                    _ => (true, true),
                };
                push(&mut text, &punct, before, after);
                punct.clear();
            }
            TokenTree::Group(group) => {
                let (open, close) = match group.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::None => ("", ""),
                };
                let inner = words(group.stream());
                push(&mut text, &format!("{open}{inner}{close}"), true, true);
            }
            other => push(&mut text, &other.to_string(), true, true),
        }
    }
    text
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
    fn a_tail_too_long_for_its_read_goes_under_it() {
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
        3 (Len) => _rt::codec::Message::merge_repeated(wire, &mut self.long_name, decoder),
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
        let doc = " read_fields!(__schemac_macro_call_0)";
        let text = format_part(quote! {
            #[doc = #doc]
            fn f() -> R { _rt::read_fields!(message self, d, w, F::field_name;) }
        });
        // The call is then formatted as prettyplease formats any macro.
        assert!(
            text.starts_with("/// read_fields!(__schemac_macro_call_0)\n"),
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

    #[test]
    fn a_read_too_long_for_its_number_s_line_goes_on_one_line_under_it_with_its_tail() {
        let text = format_part(quote! {
            fn f() -> R {
                _rt::read_fields!(
                    message self, decoder, wire, Self::field_name;
                    1 (Len) => _rt::codec::Message::merge_optional(wire, &mut self.resource, decoder), then 2 Len;
                )
            }
        });
        // prettyplease, which keeps a margin of 89, would break the read.
        let expected = "fn f() -> R {
    _rt::read_fields!(
        message self, decoder, wire, Self::field_name;
        1 (Len) =>
            _rt::codec::Message::merge_optional(wire, &mut self.resource, decoder), then 2 Len;
    )
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn json_fields_has_an_entry_a_line_and_a_oneof_s_members_in_its_braces() {
        let text = format_part(quote! {
            impl _rt::json::JsonMessage for M {
                const REF_TARGET: bool = true;
                _rt::json_fields!(
                    "id" => 1 id: Int64;
                    "by_name" | "byName" => 2 by_name: Map::<_rt::codec::String, _rt::codec::Message<Tree>>, optional;
                    "dropped_attributes_count" | "droppedAttributesCount" => 10 dropped_attributes_count: Uint32;
                    oneof "kind" r#kind {
                        "circle" => 3 m::Kind::Circle: Message;
                    };
                    extension "[m.e]" | "[m.E]" => super::E in extensions;
                );
            }
        });
        let expected = "impl _rt::json::JsonMessage for M {
    const REF_TARGET: bool = true;
    _rt::json_fields!(
        \"id\" => 1 id: Int64;
        \"by_name\" | \"byName\" =>
            2 by_name: Map::<_rt::codec::String, _rt::codec::Message<Tree>>, optional;
        \"dropped_attributes_count\" | \"droppedAttributesCount\" =>
            10 dropped_attributes_count: Uint32;
        oneof \"kind\" r#kind {
            \"circle\" => 3 m::Kind::Circle: Message;
        };
        extension \"[m.e]\" | \"[m.E]\" => super::E in extensions;
    );
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn json_fields_without_entries_is_left_to_prettyplease() {
        let text = format_part(quote! {
            impl _rt::json::JsonMessage for M { _rt::json_fields!(); }
        });
        assert_eq!(
            text,
            "impl _rt::json::JsonMessage for M {\n    _rt::json_fields!();\n}\n"
        );
    }

    #[test]
    fn merge_member_is_on_its_arm_s_line_when_it_fits_else_its_arguments_fill_lines() {
        let text = format_part(quote! {
            fn f() -> R {
                match (number, wire) {
                    (1, _rt::WireType::Len) => _rt::merge_member!(self.v, m::V::A, |v| C::merge(w, &mut v, d)),
                    (2, _rt::WireType::Len) => _rt::merge_member!(replace self.value, any_value::Value::StringValue, |value| _rt::codec::Ref::merge_optional(wire, &mut value, decoder)),
                    _ => self.unknown_fields.merge(number, wire, decoder),
                }
            }
        });
        let expected = "fn f() -> R {
    match (number, wire) {
        (1, _rt::WireType::Len) => _rt::merge_member!(self.v, m::V::A, |v| C::merge(w, &mut v, d)),
        (2, _rt::WireType::Len) => _rt::merge_member!(
            replace self.value, any_value::Value::StringValue,
            |value| _rt::codec::Ref::merge_optional(wire, &mut value, decoder)
        ),
        _ => self.unknown_fields.merge(number, wire, decoder),
    }
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn merge_member_in_an_entry_of_read_fields_is_laid_out_with_its_words() {
        let text = format_part(quote! {
            fn f() -> R {
                _rt::read_fields!(
                    message self, decoder, wire, Self::field_name;
                    only 4 (Len) => _rt::merge_member!(self.payment, order::Payment::Card, kept payment_kept, |value| _rt::codec::String::merge(wire, &mut value, decoder), reuse _rt::codec::String::prepare_in_place(&mut value, decoder));
                )
            }
        });
        let expected = "fn f() -> R {
    _rt::read_fields!(
        message self, decoder, wire, Self::field_name;
        only 4 (Len) =>
            _rt::merge_member!(
                self.payment, order::Payment::Card, kept payment_kept,
                |value| _rt::codec::String::merge(wire, &mut value, decoder),
                reuse _rt::codec::String::prepare_in_place(&mut value, decoder)
            );
    )
}
";
        assert_eq!(text, expected);
    }
}
