//! The `schemac` command line: a thin face over the library.
//!
//! Exit codes: 0 on success, 1 when the input is wrong (schema errors,
//! unreadable or unwritable files), 2 when the command line is wrong.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use schemac::{Analysis, Builder, Config, Error, MapType};

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
        #[command(flatten)]
        input: Input,
        /// Write one `<package>.rs` per package into this directory,
        /// each only if its content changed.
        #[arg(short, long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
        /// With -o, also write this file: a module per package including its file.
        #[arg(long, value_name = "NAME", requires = "out_dir")]
        include_file: Option<String>,
        /// The collection that holds map fields.
        #[arg(long, value_enum, default_value_t = MapKind::Btree)]
        map_type: MapKind,
    },
    /// Check schemas without generating anything.
    Check {
        #[command(flatten)]
        input: Input,
    },
    /// Print the equivalent proto3 `.proto` of a schema.
    ExportProto {
        /// The schema file.
        file: PathBuf,
        /// A directory to look up imports in; may be repeated.
        #[arg(short = 'I', long = "include", value_name = "DIR")]
        include_dirs: Vec<PathBuf>,
    },
}

#[derive(Debug, Args)]
struct Input {
    /// The schema files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// A directory to look up imports in, after the importing file's own; may be repeated.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include_dirs: Vec<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MapKind {
    Btree,
    Hash,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let color = match cli.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // Nothing more can be done if stderr itself is gone.
            let _ = io::stderr().write_all(error.render(color).as_bytes());
            ExitCode::from(1)
        }
    }
}

fn run(command: Command) -> Result<(), Error> {
    match command {
        Command::Compile {
            input,
            out_dir: Some(out_dir),
            include_file,
            map_type,
        } => {
            let mut builder = Builder::new();
            builder
                .out_dir(out_dir)
                .map_type(map_type.into())
                .emit_rerun_if_changed(false);
            for dir in &input.include_dirs {
                builder.include(dir);
            }
            if let Some(name) = include_file {
                builder.include_file(name);
            }
            builder.compile(&input.files).map(drop)
        }
        Command::Compile {
            input, map_type, ..
        } => {
            let mut config = Config::new();
            config.map_type(map_type.into());
            let analysis = analyze(&input.files, &input.include_dirs)?;
            let files = analysis.generate(&config);
            let text = match files.as_slice() {
                [only] => only.contents.clone(),
                _ => files
                    .iter()
                    .map(|file| format!("// ===== {} =====\n{}", file.name, file.contents))
                    .collect::<Vec<_>>()
                    .join("\n"),
            };
            print(&text)
        }
        Command::Check { input } => analyze(&input.files, &input.include_dirs).map(drop),
        Command::ExportProto { file, include_dirs } => {
            let analysis = analyze(std::slice::from_ref(&file), &include_dirs)?;
            let root = analysis.roots[0];
            print(&analysis.export_proto(root))
        }
    }
}

fn analyze(files: &[PathBuf], include_dirs: &[PathBuf]) -> Result<Analysis, Error> {
    schemac::analyze(files, include_dirs, &mut |path: &Path| {
        std::fs::read_to_string(path)
    })
}

/// Writes to stdout; a closed pipe (as with `| head`) is not an error.
fn print(text: &str) -> Result<(), Error> {
    match io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != io::ErrorKind::BrokenPipe => Err(Error::Write {
            path: PathBuf::from("<stdout>"),
            source: error,
        }),
        _ => Ok(()),
    }
}

impl From<MapKind> for MapType {
    fn from(kind: MapKind) -> Self {
        match kind {
            MapKind::Btree => MapType::BTreeMap,
            MapKind::Hash => MapType::HashMap,
        }
    }
}
