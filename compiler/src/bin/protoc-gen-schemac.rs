//! `protoc-gen-schemac`: schemac as a protoc plugin, for `protoc
//! --schemac_out=DIR` and buf's local plugins.
//!
//! It reads a `CodeGeneratorRequest` on stdin and writes a
//! `CodeGeneratorResponse` on stdout, with the generated files named as
//! `schemac compile -o` names them. Its parameter (`--schemac_opt=` or
//! buf's `opt:`) holds `schemac compile`'s flags, comma-separated, without
//! their dashes: `json,views,services=tonic,include_file=mod.rs`. An
//! error of the request or of its files is the response's `error`, and the
//! plugin exits 0, as protoc's plugin protocol wants; it exits 1 only when
//! stdin or stdout fail, and 2 when run with arguments it does not know.

#![forbid(unsafe_code)]

use std::io::{self, Read, Write};
use std::process::ExitCode;

use schemac::plugin::{Request, response};
use schemac::{GeneratedFile, include_file};

#[path = "../cli_args.rs"]
mod cli_args;
use clap::{CommandFactory as _, Parser};
use cli_args::OutputArgs;

const USAGE: &str = "protoc-gen-schemac: schemac as a protoc plugin.\n\n\
    Usage: protoc --plugin=protoc-gen-schemac=PATH --schemac_out=DIR \
    [--schemac_opt=OPTIONS] FILE.proto...\n\n\
    OPTIONS are `schemac compile`'s flags without their dashes, separated by \
    commas: json,views,services=tonic,include_file=mod.rs\n";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => {}
        Some("--version" | "-V") => {
            println!("protoc-gen-schemac {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Some("--help" | "-h") => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprint!("error: unexpected argument `{other}`\n\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let mut input = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("error: cannot read the request on stdin: {error}");
        return ExitCode::from(1);
    }
    let bytes = response(run(&input));
    match io::stdout().lock().write_all(&bytes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: cannot write the response to stdout: {error}");
            ExitCode::from(1)
        }
    }
}

/// The plugin parameter's options, parsed as `schemac compile`'s flags.
#[derive(Debug, Parser)]
#[command(
    name = "protoc-gen-schemac",
    no_binary_name = true,
    disable_help_flag = true
)]
pub struct PluginArgs {
    #[command(flatten)]
    /// The options.
    pub output: OutputArgs,
}

impl PluginArgs {
    /// Parses a plugin parameter, `json,views,services=tonic`: each
    /// comma-separated option is the compile flag of its name (`_` or `-`
    /// alike) with its value after `=`, `json` for `--json` and
    /// `services=tonic` for `--services=tonic`. A piece that does not
    /// start with an option's name continues the one before, so that
    /// values may hold commas (`type_attribute=.=#[derive(Eq, Hash)]`).
    pub fn parse_parameter(parameter: &str) -> Result<PluginArgs, String> {
        let command = PluginArgs::command();
        let longs: Vec<&str> = command
            .get_arguments()
            .filter_map(|arg| arg.get_long())
            .collect();
        let mut args: Vec<String> = Vec::new();
        for piece in parameter.split(',') {
            let name = piece.split_once('=').map_or(piece, |(name, _)| name).trim();
            let flag = name.replace('_', "-");
            let is_option = longs.contains(&flag.as_str())
                || (!flag.is_empty()
                    && flag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
            match args.last_mut() {
                Some(last) if !is_option => {
                    last.push(',');
                    last.push_str(piece);
                }
                _ if piece.trim().is_empty() => {}
                _ => {
                    let value = piece.split_once('=').map(|(_, value)| value);
                    args.push(match value {
                        Some(value) => format!("--{flag}={value}"),
                        None => format!("--{flag}"),
                    });
                }
            }
        }
        PluginArgs::try_parse_from(&args).map_err(|error| {
            let text = error.render().to_string();
            let first = text.lines().next().unwrap_or_default();
            let first = first.strip_prefix("error: ").unwrap_or(first);
            format!("the plugin parameter `{parameter}` is not valid: {first}")
        })
    }
}
/// The files the request asks for, or the error to put in the response.
fn run(input: &[u8]) -> Result<Vec<GeneratedFile>, String> {
    let request = Request::decode(input)?;
    let args = PluginArgs::parse_parameter(request.parameter())?;
    let render = |error: schemac::Error| error.render(false).trim_end().to_owned();
    let render = |error: schemac::Error| {
        let text = render(error);
        text.strip_prefix("error: ")
            .map(str::to_owned)
            .unwrap_or(text)
    };
    let analysis = request.analyze().map_err(render)?;
    let config = args.output.codegen.config();
    analysis.check_config(&config).map_err(render)?;
    let mut files = analysis.generate(&config);
    if let Some(name) = &args.output.include_file {
        let include = include_file(name, &files);
        files.push(include);
    }
    Ok(files)
}
