//! Random schemas for the differential test: messages nested in messages
//! and packages, every scalar and built-in type, `optional`, lists, maps
//! with every key type, oneofs whose numbers other fields fall between,
//! enums with negative and extreme numbers, reserved numbers and names,
//! large field numbers, recursion, and a second file imported from
//! another package. Every schema it makes passes check.

use std::fmt::Write as _;

use schemac_tests::rng::Rng;

/// The scalars and built-in types, as the language spells them.
const SCALARS: [&str; 17] = [
    "i32", "i64", "u32", "u64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64",
    "f32", "f64", "bool", "string", "bytes", "decimal", "value",
];

/// The types a map key may have.
const KEYS: [&str; 12] = [
    "i32", "i64", "u32", "u64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64",
    "bool", "string",
];

/// Field numbers worth trying besides small ones: varint key boundaries,
/// the edges of protobuf's own range, and the largest number.
const LARGE_NUMBERS: [i64; 10] = [
    15,
    16,
    2047,
    2048,
    18999,
    20000,
    262_143,
    262_144,
    100_000,
    536_870_911,
];

/// Enum numbers worth trying besides 0.
const ENUM_NUMBERS: [i64; 8] = [1, 2, 3, -1, 1000, 2_147_483_647, -2_147_483_648, 65_536];

const PACKAGES: [&str; 4] = ["", "diff", "diff.v1", "a.b.c"];

/// A schema of one or two files: the first is the root, which imports the
/// second when there is one.
pub struct RandomSchema {
    /// Each file's name and text.
    pub files: Vec<(String, String)>,
}

/// A message or enum before its body is written.
struct Decl {
    /// `M3` or `E4`: unique in the whole schema, so nothing clashes.
    name: String,
    /// The full name with a leading dot, as fields refer to it.
    path: String,
    is_enum: bool,
    file: usize,
    /// Declarations nested in it, as indexes into the list of all.
    nested: Vec<usize>,
    top_level: bool,
}

pub fn random_schema(seed: u64) -> RandomSchema {
    let mut rng = Rng::new(seed);
    let file_count = if rng.chance(0.4) { 2 } else { 1 };
    let packages: Vec<&str> = (0..file_count).map(|_| *rng.pick(&PACKAGES)).collect();
    let mut decls: Vec<Decl> = Vec::new();
    for (file, package) in packages.iter().enumerate() {
        let prefix = if package.is_empty() {
            String::new()
        } else {
            format!(".{package}")
        };
        for _ in 0..1 + rng.below(3) {
            declare(&mut rng, &mut decls, file, &prefix, false, 0);
        }
        for _ in 0..rng.below(2) {
            declare(&mut rng, &mut decls, file, &prefix, true, 0);
        }
    }
    let files = (0..file_count)
        .map(|file| {
            let mut text = String::new();
            if !packages[file].is_empty() {
                let _ = writeln!(text, "package {};", packages[file]);
            }
            if file == 0 && file_count == 2 {
                let _ = writeln!(text, "import \"dep.schema\";");
            }
            // The root sees every type; the imported file only its own.
            let visible: Vec<usize> = (0..decls.len())
                .filter(|&index| file == 0 || decls[index].file == file)
                .collect();
            for index in 0..decls.len() {
                if decls[index].file == file && decls[index].top_level {
                    let _ = writeln!(text);
                    write_decl(&mut rng, &decls, &visible, index, 0, &mut text);
                }
            }
            let name = if file == 0 {
                "root.schema"
            } else {
                "dep.schema"
            };
            (name.to_owned(), text)
        })
        .collect();
    RandomSchema { files }
}

/// Declares a message or enum under `prefix`, with what it nests.
fn declare(
    rng: &mut Rng,
    decls: &mut Vec<Decl>,
    file: usize,
    prefix: &str,
    is_enum: bool,
    depth: usize,
) -> usize {
    let index = decls.len();
    let name = format!("{}{index}", if is_enum { "E" } else { "M" });
    let path = format!("{prefix}.{name}");
    decls.push(Decl {
        name,
        path: path.clone(),
        is_enum,
        file,
        nested: Vec::new(),
        top_level: depth == 0,
    });
    if !is_enum && depth < 2 {
        for _ in 0..rng.below(2) {
            let nested = declare(rng, decls, file, &path, false, depth + 1);
            decls[index].nested.push(nested);
        }
        if rng.chance(0.3) {
            let nested = declare(rng, decls, file, &path, true, depth + 1);
            decls[index].nested.push(nested);
        }
    }
    index
}

fn write_decl(
    rng: &mut Rng,
    decls: &[Decl],
    visible: &[usize],
    index: usize,
    depth: usize,
    out: &mut String,
) {
    let indent = "  ".repeat(depth);
    let decl = &decls[index];
    if decl.is_enum {
        write_enum(rng, decl, &indent, out);
        return;
    }
    let _ = writeln!(out, "{indent}message {} {{", decl.name);
    let mut numbers = field_numbers(rng);
    // Fields and oneof members take numbers from one shuffled pool, so
    // a oneof's numbers often have other fields' numbers between them.
    for _ in 0..rng.below(7) {
        let Some(number) = numbers.pop() else { break };
        let ty = field_type(rng, decls, visible);
        let _ = writeln!(out, "{indent}  f{number}: {ty} = {number};");
    }
    for oneof in 0..rng.below(3) {
        let members: Vec<i64> = (0..1 + rng.below(3))
            .filter_map(|_| numbers.pop())
            .collect();
        if members.is_empty() {
            break;
        }
        let _ = writeln!(out, "{indent}  oneof o{oneof} {{");
        for number in members {
            let ty = value_type(rng, decls, visible);
            let _ = writeln!(out, "{indent}    f{number}: {ty} = {number};");
        }
        let _ = writeln!(out, "{indent}  }}");
    }
    // What is left of the pool is free to reserve.
    if rng.chance(0.3) && !numbers.is_empty() {
        let reserved: Vec<String> = numbers
            .iter()
            .take(1 + rng.below(2))
            .map(i64::to_string)
            .collect();
        let _ = writeln!(out, "{indent}  reserved {};", reserved.join(", "));
    }
    if rng.chance(0.2) {
        // 3000 to 3999 holds no number the pool gives.
        let _ = writeln!(out, "{indent}  reserved 3000 to 3999, old_{index};");
    }
    for &nested in &decl.nested {
        write_decl(rng, decls, visible, nested, depth + 1, out);
    }
    let _ = writeln!(out, "{indent}}}");
}

fn write_enum(rng: &mut Rng, decl: &Decl, indent: &str, out: &mut String) {
    let _ = writeln!(out, "{indent}enum {} {{", decl.name);
    let _ = writeln!(out, "{indent}  {}_ZERO = 0;", decl.name);
    let mut numbers = ENUM_NUMBERS.to_vec();
    shuffle(rng, &mut numbers);
    for (value, number) in numbers.iter().take(rng.below(5)).enumerate() {
        let _ = writeln!(out, "{indent}  {}_V{value} = {number};", decl.name);
    }
    if rng.chance(0.3) {
        let _ = writeln!(out, "{indent}  reserved 7 to 9, {}_OLD;", decl.name);
    }
    let _ = writeln!(out, "{indent}}}");
}

/// The field numbers one message may use, in random order: small ones and
/// some of [`LARGE_NUMBERS`], none in 3000 to 3999.
fn field_numbers(rng: &mut Rng) -> Vec<i64> {
    let mut numbers: Vec<i64> = (1..=12).collect();
    numbers.extend(LARGE_NUMBERS.iter().filter(|_| rng.chance(0.3)));
    shuffle(rng, &mut numbers);
    numbers
}

fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// A field's type: a value, `optional` value, list or map.
fn field_type(rng: &mut Rng, decls: &[Decl], visible: &[usize]) -> String {
    match rng.below(10) {
        0..=3 => value_type(rng, decls, visible),
        4 | 5 => format!("optional {}", value_type(rng, decls, visible)),
        6 | 7 => format!("list<{}>", value_type(rng, decls, visible)),
        _ => format!(
            "map<{}, {}>",
            rng.pick(&KEYS),
            value_type(rng, decls, visible)
        ),
    }
}

/// A scalar, a built-in type, or a visible message or enum.
fn value_type(rng: &mut Rng, decls: &[Decl], visible: &[usize]) -> String {
    if rng.chance(0.55) {
        return (*rng.pick(&SCALARS)).to_owned();
    }
    let wanted_enum = rng.chance(0.3);
    let candidates: Vec<usize> = visible
        .iter()
        .copied()
        .filter(|&index| decls[index].is_enum == wanted_enum)
        .collect();
    match candidates.is_empty() {
        true => (*rng.pick(&SCALARS)).to_owned(),
        false => decls[*rng.pick(&candidates)].path.clone(),
    }
}
