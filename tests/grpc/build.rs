//! Compiles the order service with tonic servers and clients, as a user's
//! build.rs does.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    schemac::Builder::new()
        .services(schemac::Services::Tonic)
        .include_file("schemas.rs")
        .compile(&["schemas/orders.schema"])?;
    Ok(())
}
