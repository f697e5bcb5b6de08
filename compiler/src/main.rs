//! The `schemac` command line: a thin face over the library.
//!
//! Exit codes: 0 on success, 1 when the input is wrong (schema errors,
//! unreadable or unwritable files, bad JSON or bytes), 2 when the command
//! line is wrong.

#![forbid(unsafe_code)]

use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use schemac::transcode::{self, Codec, CodecError};
use schemac::{Analysis, Builder, Error, JsonNames};

mod cli_args;
use cli_args::{Names, OutputArgs};

/// A schema-first IDL compiler for Rust, with a protobuf-compatible wire format.
#[derive(Debug, Parser)]
#[command(name = "schemac", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,

    /// When to color diagnostics.
    #[arg(long, value_enum, default_value_t = Color::Auto, global = true)]
    color: Color,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Generate Rust code: to stdout, or one file per package with -o.
    Compile {
        /// The schema files; with --descriptor-set, the names of the
        /// files of the set to generate (`google/pubsub/v1/pubsub.proto`),
        /// or none for all of them but those schemac ships.
        #[arg(value_name = "FILE", required_unless_present = "descriptor_set")]
        files: Vec<PathBuf>,
        /// A directory to look up imports in, after the importing file's own;
        /// may be repeated. As with protoc, a file below one is named by its
        /// path below the first that holds it, and a FILE not found as given
        /// is looked up in each.
        #[arg(
            short = 'I',
            long = "include",
            value_name = "DIR",
            conflicts_with = "descriptor_set"
        )]
        include_dirs: Vec<PathBuf>,
        /// Read the files from this binary `FileDescriptorSet` instead of
        /// their text (protoc's `--descriptor_set_out`, with
        /// `--include_imports --include_source_info` for imports and doc
        /// comments).
        #[arg(long, value_name = "FILE")]
        descriptor_set: Option<PathBuf>,
        /// Write one `<package>.rs` per package into this directory,
        /// each only if its content changed.
        #[arg(short, long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
        #[command(flatten)]
        output: OutputArgs,
    },
    /// Check schemas without generating anything.
    Check {
        #[command(flatten)]
        input: Input,
        /// Fail (exit 1) when there are lint warnings too.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Report the changes from an old version of a schema to a new one that
    /// break old data, JSON or the Rust code using the generated types.
    Breaking(BreakingArgs),
    /// Read a message as JSON or in protobuf's text format on stdin; write
    /// its binary encoding to stdout.
    Encode {
        #[command(flatten)]
        message: MessageArgs,
        /// What stdin holds.
        #[arg(long, value_enum, default_value_t = MessageFormat::Json)]
        format: MessageFormat,
    },
    /// Read a message's binary encoding on stdin; write it as JSON or in
    /// protobuf's text format to stdout.
    Decode {
        #[command(flatten)]
        message: MessageArgs,
        /// What to write.
        #[arg(long, value_enum, default_value_t = MessageFormat::Json)]
        format: MessageFormat,
        /// The field names of JSON: the schema's, or protobuf's
        /// lowerCamelCase JSON names.
        #[arg(long, value_enum, default_value_t = Names::Schema)]
        json_names: Names,
    },
    /// Print the equivalent proto3 `.proto` of a schema, or with -o write
    /// it and every `.proto` it imports.
    ExportProto {
        /// The schema file.
        file: PathBuf,
        /// A directory to look up imports in; may be repeated.
        #[arg(short = 'I', long = "include", value_name = "DIR")]
        include_dirs: Vec<PathBuf>,
        /// Write the `.proto` of the schema, of every file it imports and,
        /// when used, `schemac/types.proto` into this directory.
        #[arg(short, long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
    /// Write the protobuf descriptors of schemas, with source info, as a
    /// binary `FileDescriptorSet`: what protoc makes of their exported
    /// `.proto` files.
    ExportDescriptor {
        #[command(flatten)]
        input: Input,
        /// The file to write the set to.
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// Also describe every file the schemas import, directly or not,
        /// and the built-in and well-known types they use.
        #[arg(long)]
        include_imports: bool,
    },
    /// Print the `.schema` equivalent of a `.proto` file, or with -o write
    /// that of each file and of every file it imports.
    ImportProto {
        #[command(flatten)]
        input: Input,
        /// Write the `.schema` of each file and of every file it imports,
        /// but those schemac ships (`google/protobuf/*`), into this
        /// directory under their import paths, each only if it changed.
        #[arg(short, long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

#[derive(Debug, Args)]
struct Input {
    /// The schema files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// A directory to look up imports in, after the importing file's own;
    /// may be repeated. As with protoc, a file below one is named by its
    /// path below the first that holds it, and a FILE not found as given
    /// is looked up in each.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
}

#[derive(Debug, Args)]
struct BreakingArgs {
    /// OLD NEW: the old and the new version of a schema; with --against,
    /// the new versions of one or more schemas.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// A directory to look up imports in, for both versions; may be repeated.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
    /// Read the old version of the same files, and of their imports, from
    /// this git revision (with the `git` binary, in the current directory).
    #[arg(long, value_name = "GIT_REF")]
    against: Option<String>,
    /// The rules to apply; each level holds those before it.
    #[arg(long, value_enum, default_value_t = LevelArg::Json)]
    level: LevelArg,
    /// How to report: diagnostics on stderr, or a JSON array on stdout.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LevelArg {
    /// What breaks the bytes.
    Wire,
    /// Also what breaks the JSON mapping.
    Json,
    /// Also what breaks Rust code that uses the generated types.
    Rust,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Debug, Args)]
struct MessageArgs {
    /// The schema file.
    file: PathBuf,
    /// The message type: its full name (`shop.Order`), or its name if unique.
    message: String,
    /// A directory to look up imports in; may be repeated.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
}

/// A message's form besides its binary encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum MessageFormat {
    /// protobuf's JSON mapping, as the generated serde impls read and write it.
    Json,
    /// protobuf's text format, as `protoc --decode` writes it and
    /// `protoc --encode` reads it.
    Text,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    if let Command::Breaking(args) = cli.command {
        return breaking(&args, color);
    }
    if let Command::Compile {
        out_dir: None,
        output: OutputArgs {
            include_file: Some(_),
            ..
        },
        ..
    } = &cli.command
    {
        use clap::CommandFactory as _;
        Cli::command()
            .error(
                clap::error::ErrorKind::MissingRequiredArgument,
                "--include-file needs --out-dir <DIR>",
            )
            .exit()
    }
    match run(cli.command, color) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // Nothing more can be done if stderr itself is gone.
            let _ = io::stderr().write_all(message.as_bytes());
            ExitCode::from(1)
        }
    }
}

/// `schemac breaking`: 0 when nothing breaks at the chosen level, 1 when
/// something does or an input is wrong, 2 for a wrong command line.
fn breaking(args: &BreakingArgs, color: bool) -> ExitCode {
    let (old_roots, new_roots, prefix) = match (&args.against, args.files.as_slice()) {
        (Some(rev), files) => (files.to_vec(), files.to_vec(), format!("{rev}:")),
        (None, [old, new]) => (vec![old.clone()], vec![new.clone()], String::new()),
        (None, _) => {
            use clap::CommandFactory as _;
            Cli::command()
                .error(
                    clap::error::ErrorKind::WrongNumberOfValues,
                    "`schemac breaking` takes OLD NEW, or with --against GIT_REF the new files",
                )
                .exit()
        }
    };
    let report = |message: String| {
        // Nothing more can be done if stderr itself is gone.
        let _ = io::stderr().write_all(message.as_bytes());
        ExitCode::from(1)
    };
    let (old, new) = match versions(args, &old_roots, &new_roots, color) {
        Ok(versions) => versions,
        Err(message) => return report(message),
    };
    let level = match args.level {
        LevelArg::Wire => schemac::evolution::Level::Wire,
        LevelArg::Json => schemac::evolution::Level::Json,
        LevelArg::Rust => schemac::evolution::Level::Rust,
    };
    let breaking = new.breaking_since(&old, &prefix);
    let count = breaking.at(level).count();
    let written = match args.format {
        Format::Json => write_stdout(breaking_json(&breaking, level).as_bytes()),
        Format::Text if count > 0 => {
            let mut text = breaking.render(level, color);
            let plural = if count == 1 { "" } else { "s" };
            text.push_str(&format!(
                "error: {count} breaking change{plural} at level {}\n",
                level.name()
            ));
            let _ = io::stderr().write_all(text.as_bytes());
            Ok(())
        }
        Format::Text => Ok(()),
    };
    match written {
        Err(message) => report(message),
        Ok(()) if count > 0 => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
    }
}

/// The old and the new version, analyzed: the old from git with
/// `--against`, from the files otherwise.
fn versions(
    args: &BreakingArgs,
    old_roots: &[PathBuf],
    new_roots: &[PathBuf],
    color: bool,
) -> Result<(Analysis, Analysis), String> {
    let old = match &args.against {
        Some(rev) => schemac::analyze_in(
            &working_dir(),
            old_roots,
            &args.include_dirs,
            &mut |path: &Path| git_show(rev, path),
        ),
        None => analyze(old_roots, &args.include_dirs),
    };
    let old = old.map_err(|error| {
        format!(
            "{}error: the old version does not check\n",
            error.render(color)
        )
    })?;
    let new = analyze(new_roots, &args.include_dirs).map_err(|error| error.render(color))?;
    Ok((old, new))
}

/// The text of `path` at git revision `rev`, through `git show`: a
/// relative path is taken from the current directory, an absolute one
/// from the top of its checkout.
fn git_show(rev: &str, path: &Path) -> io::Result<String> {
    let spec = if path.is_absolute() {
        let top = git(&["rev-parse", "--show-toplevel"])?;
        let top = PathBuf::from(String::from_utf8_lossy(&top).trim());
        let relative = path
            .strip_prefix(&top)
            .map_err(|_| io::Error::new(io::ErrorKind::NotFound, "outside the git checkout"))?;
        format!("{rev}:{}", relative.display())
    } else {
        format!("{rev}:./{}", path.display())
    };
    let bytes = git(&["show", &spec])?;
    String::from_utf8(bytes).map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))
}

/// The standard output of `git ARGS`, or its standard error as the error.
fn git(args: &[&str]) -> io::Result<Vec<u8>> {
    let output = std::process::Command::new("git").args(args).output()?;
    if output.status.success() {
        Ok(output.stdout)
    } else {
        let message = String::from_utf8_lossy(&output.stderr).trim().to_owned();
        Err(io::Error::new(io::ErrorKind::NotFound, message))
    }
}

/// JSON or text on stdin to binary on stdout.
fn encode(args: &MessageArgs, format: MessageFormat) -> Result<(), String> {
    let (analysis, message) = find_message(args)?;
    let input = read_stdin()?;
    let codec = Codec::new(&analysis);
    let bytes = match format {
        MessageFormat::Json => {
            let json = transcode::parse_json(&input)
                .map_err(|error| format!("error: stdin is not valid JSON: {error}\n"))?;
            codec.json_to_bytes(message, &json)
        }
        MessageFormat::Text => {
            let text = String::from_utf8(input)
                .map_err(|_| "error: stdin is not UTF-8 text\n".to_owned())?;
            codec.text_to_bytes(message, &text)
        }
    };
    let bytes = bytes.map_err(|error| match error {
        CodecError::Text(error) => format!("error: <stdin>:{error}\n"),
        error => format!("error: {error}\n"),
    })?;
    write_stdout(&bytes)
}

/// Binary on stdin to JSON, with `names` as the field names, or to text,
/// on stdout.
fn decode(args: &MessageArgs, format: MessageFormat, names: JsonNames) -> Result<(), String> {
    let (analysis, message) = find_message(args)?;
    let input = read_stdin()?;
    let codec = Codec::new(&analysis);
    let text = match format {
        // `{:#}` prints a JSON value as `serde_json::to_string_pretty` does.
        MessageFormat::Json => {
            (codec.bytes_to_json(message, &input, names)).map(|json| format!("{json:#}\n"))
        }
        MessageFormat::Text => codec.bytes_to_text(message, &input),
    };
    let text = text.map_err(|error| format!("error: {error}\n"))?;
    write_stdout(text.as_bytes())
}

fn find_message(args: &MessageArgs) -> Result<(Analysis, schemac::model::MessageId), String> {
    let analysis = analyze(std::slice::from_ref(&args.file), &args.include_dirs)
        .map_err(|error| error.render(false))?;
    let message = transcode::find_message(&analysis.schema, &args.message)
        .map_err(|error| format!("error: {error}\n"))?;
    Ok((analysis, message))
}

fn read_stdin() -> Result<Vec<u8>, String> {
    let mut input = Vec::new();
    io::stdin()
        .lock()
        .read_to_end(&mut input)
        .map_err(|error| format!("error: cannot read stdin: {error}\n"))?;
    Ok(input)
}

/// Runs one command; an error comes back as the text to show on stderr.
fn run(command: Command, color: bool) -> Result<(), String> {
    let render = |error: Error| error.render(color);
    match command {
        Command::Compile {
            files,
            include_dirs,
            descriptor_set,
            out_dir: Some(out_dir),
            output,
        } => {
            let mut builder = Builder::new();
            builder
                .config(output.codegen.config())
                .out_dir(out_dir)
                .emit_rerun_if_changed(false);
            for dir in &include_dirs {
                builder.include(dir);
            }
            if let Some(path) = descriptor_set {
                builder.descriptor_set(path);
            }
            if let Some(name) = output.include_file {
                builder.include_file(name);
            }
            builder.compile(&files).map(drop).map_err(render)
        }
        Command::Compile {
            files,
            include_dirs,
            descriptor_set,
            output,
            ..
        } => {
            let config = output.codegen.config();
            let analysis = match descriptor_set {
                Some(path) => {
                    let bytes = std::fs::read(&path).map_err(|error| {
                        format!("error: cannot read {}: {error}\n", path.display())
                    })?;
                    let names: Vec<String> = (files.iter())
                        .map(|file| file.display().to_string())
                        .collect();
                    schemac::analyze_descriptor_set(&bytes, &names)
                }
                None => analyze(&files, &include_dirs),
            }
            .map_err(render)?;
            analysis.check_config(&config).map_err(render)?;
            let files = analysis.generate(&config);
            let text = match files.as_slice() {
                [only] => only.contents.clone(),
                _ => files
                    .iter()
                    .map(|file| format!("// ===== {} =====\n{}", file.name, file.contents))
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
            write_stdout(text.as_bytes())
        }
        Command::Check {
            input,
            deny_warnings,
        } => {
            let analysis = analyze(&input.files, &input.include_dirs).map_err(render)?;
            let warnings = &analysis.warnings;
            if warnings.is_empty() {
                return Ok(());
            }
            let text = schemac::diagnostic::render(warnings, &analysis.sources, color);
            if deny_warnings {
                return Err(format!("{text}error: warnings denied by --deny-warnings\n"));
            }
            // Nothing more can be done if stderr itself is gone.
            let _ = io::stderr().write_all(text.as_bytes());
            Ok(())
        }
        Command::ExportProto {
            file,
            include_dirs,
            out_dir,
        } => {
            let analysis = analyze(std::slice::from_ref(&file), &include_dirs).map_err(render)?;
            let root = analysis.roots[0];
            match out_dir {
                Some(dir) => write_protos(&dir, &analysis.export_proto_files(root)),
                None => write_stdout(analysis.export_proto(root).as_bytes()),
            }
        }
        Command::ExportDescriptor {
            input,
            output,
            include_imports,
        } => {
            let analysis = analyze(&input.files, &input.include_dirs).map_err(render)?;
            let set = analysis.encode_descriptor_set(&analysis.roots, include_imports);
            std::fs::write(&output, set)
                .map_err(|error| format!("error: cannot write {}: {error}\n", output.display()))
        }
        Command::ImportProto { input, out_dir } => {
            let analysis = analyze(&input.files, &input.include_dirs).map_err(render)?;
            match out_dir {
                Some(dir) => {
                    let mut files: Vec<schemac::SchemaText> = Vec::new();
                    for &root in &analysis.roots {
                        for file in analysis.export_schema_files(root) {
                            if !files.iter().any(|written| written.name == file.name) {
                                files.push(file);
                            }
                        }
                    }
                    write_schemas(&dir, &files)
                }
                None => {
                    // The first of a root's files is its own.
                    let texts: Vec<schemac::SchemaText> = (analysis.roots.iter())
                        .filter_map(|&root| analysis.export_schema_files(root).into_iter().next())
                        .collect();
                    let text = match texts.as_slice() {
                        [only] => only.contents.clone(),
                        _ => texts
                            .iter()
                            .map(|file| format!("// ===== {} =====\n{}", file.name, file.contents))
                            .collect::<Vec<_>>()
                            .join("\n"),
                    };
                    write_stdout(text.as_bytes())
                }
            }
        }
        // main runs `breaking` itself, before `run`, for its exit codes.
        Command::Breaking(_) => Ok(()),
        Command::Encode { message, format } => encode(&message, format),
        Command::Decode {
            message,
            format,
            json_names,
        } => decode(&message, format, json_names.into()),
    }
}

fn analyze(files: &[PathBuf], include_dirs: &[PathBuf]) -> Result<Analysis, Error> {
    schemac::analyze_in(&working_dir(), files, include_dirs, &mut |path: &Path| {
        std::fs::read_to_string(path)
    })
}

/// The current directory, which relative paths are relative to; empty if
/// it was removed, and then relative paths compare with relative ones only.
fn working_dir() -> PathBuf {
    std::env::current_dir().unwrap_or_default()
}

/// Writes each exported file under `dir`, creating directories as needed.
fn write_protos(dir: &Path, files: &[schemac::ProtoFile]) -> Result<(), String> {
    for file in files {
        let path = dir.join(&file.name);
        path.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &file.contents))
            .map_err(|error| format!("error: cannot write {}: {error}\n", path.display()))?;
    }
    Ok(())
}

/// Writes each `.schema` file under `dir`, creating directories as needed,
/// and leaving alone a file whose content is unchanged.
fn write_schemas(dir: &Path, files: &[schemac::SchemaText]) -> Result<(), String> {
    for file in files {
        let path = dir.join(&file.name);
        if std::fs::read(&path).is_ok_and(|existing| existing == file.contents.as_bytes()) {
            continue;
        }
        path.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&path, &file.contents))
            .map_err(|error| format!("error: cannot write {}: {error}\n", path.display()))?;
    }
    Ok(())
}

/// The findings at `level` as a JSON array, one object per finding and
/// per line, for CI tools: `code`, `level`, `message`, `help`, and `old`
/// and `new`, each the place in that version (`file`, `line`, `column`,
/// `end_line`, `end_column`, one-based) or `null`.
fn breaking_json(
    breaking: &schemac::evolution::Breaking,
    level: schemac::evolution::Level,
) -> String {
    let place = |span: Option<schemac::source::Span>| {
        span.map(|span| {
            let place = breaking.place(span);
            serde_json::json!({
                "file": place.file,
                "line": place.line,
                "column": place.column,
                "end_line": place.end_line,
                "end_column": place.end_column,
            })
        })
    };
    let findings: Vec<String> = breaking
        .at(level)
        .map(|finding| {
            let diagnostic = &finding.diagnostic;
            let object = serde_json::json!({
                "code": diagnostic.code.as_str(),
                "level": finding.level.name(),
                "message": diagnostic.message,
                "help": diagnostic.help,
                "old": place(finding.old),
                "new": place(finding.new),
            });
            format!("  {object}")
        })
        .collect();
    match findings.is_empty() {
        true => "[]\n".to_owned(),
        false => format!("[\n{}\n]\n", findings.join(",\n")),
    }
}

/// Writes to stdout; a closed pipe (as with `| head`) is not an error.
fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    match io::stdout().lock().write_all(bytes) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            Err(format!("error: cannot write to stdout: {error}\n"))
        }
        _ => Ok(()),
    }
}
