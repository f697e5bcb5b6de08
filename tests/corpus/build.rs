//! Compiles every file of the corpus that protoc accepts (the manifest
//! `files.txt` says which) into one crate, as a team with these
//! dependencies would from its build.rs. A file that protoc accepts and
//! schemac refuses fails the build.

use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    let corpus = corpus::Corpus::read()?;
    println!("cargo::rerun-if-changed=files.txt");
    for root in corpus::ROOTS {
        println!("cargo::rerun-if-changed={root}");
    }
    let mut builder = schemac::Builder::new();
    for root in corpus::ROOTS {
        builder.include(root);
    }
    builder
        .include_file("corpus.rs")
        .json(true)
        .compile(&corpus.accepted_by_protoc())?;
    Ok(())
}

#[path = "src/corpus.rs"]
mod corpus;
