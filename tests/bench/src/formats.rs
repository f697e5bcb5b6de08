//! One dataset in one format behind one trait, [`Subject`], which the
//! criterion benches and the report both use.
//!
//! | format | what encodes | how |
//! |---|---|---|
//! | `schemac` | schemac's owned types | `Message::encode_to_vec`, `Message::decode` |
//! | `schemac-view` | schemac's borrowed views; decode only | `MessageView::decode` |
//! | `schemac-in-place` | schemac's owned types generated with `decode_in_place(".")`, decoded into one value again and again; decode only | `Message::decode_in_place` |
//! | `prost` | prost's types, generated from schemac's exported `.proto` | `encode_to_vec`, `decode` |
//! | `buffa` | buffa's owned types, generated from the same `.proto` | `encode_to_vec`, `decode_from_slice` |
//! | `buffa-view` | buffa's views; decode only | `HasMessageView::decode_view` |
//! | `serde_json` | the plain structs of [`crate::mirror`] | `to_vec`, `from_slice` |
//! | `bincode` | the same | bincode 2's serde API, `config::standard()` (varint integers) |
//! | `rmp-serde` | the same | `to_vec` (structs as arrays, the crate's default), `from_slice` |
//! | `cpp` | Google's C++ protobuf (libprotobuf, g++ -O2), classes protoc generates from the same `.proto`; timed by its own harness ([`crate::cpp`]) on schemac's bytes | `SerializeToString`; `ParseFromArray` into a heap message, deleted |
//! | `cpp-arena` | the same; decode only | `ParseFromArray` into a message in a new `google::protobuf::Arena`, dropped |
//!
//! Every encode returns a new `Vec<u8>`, as each library's usual call does;
//! every decode builds an owned value and drops it, inside the timing,
//! except `schemac-view`'s, which builds a view borrowing strings and bytes
//! from the input and drops it, and `schemac-in-place`'s, which decodes in
//! place of the value of the decode before, warm from the benchmark's
//! warm-up, and keeps it (docs/io.md, "Decoding in place"). Views only
//! read: `schemac-view` has no encode benchmark, and the bytes it reads
//! are the owned types', as are `schemac-in-place`'s.
//!
//! The C++ formats are no [`Subject`]: Rust cannot time them in its own
//! loop, so the harness times them in its own, as criterion does, right
//! after criterion has measured the same dataset in the same process
//! (`cpp::FORMATS`), and is skipped with a message where g++, protoc or
//! libprotobuf is missing.
//!
//! Some datasets also carry the field representations (`CompactString`,
//! `Bytes`) and the sorted-vector maps ([`REPRESENTATIONS`]), each decoding
//! from a `bytes::Bytes` input:
//!
//! | format | what encodes | how |
//! |---|---|---|
//! | `schemac-repr` | schemac's types generated with `CompactString` strings, `HashMap` maps and `bytes::Bytes` bytes (build.rs) | `Message::encode_to_vec`; `Message::decode_shared`: `Bytes` fields share the input |
//! | `prost-repr` | prost's types generated with its default `HashMap` maps and `bytes(["."])` | `encode_to_vec`; `Message::decode` over the `Bytes` (prost's `copy_to_bytes` shares it) |
//! | `schemac-lite` | schemac's types generated with `LiteMap` maps, vectors sorted by key (build.rs); only the datasets with maps | as `schemac-repr` |

use std::cell::RefCell;
use std::hint::black_box;
use std::marker::PhantomData;

use buffa::view::HasMessageView;
use bytes::Bytes;
use schemac_runtime::MessageView;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::model::Model;

/// The formats, in the order the report lists them; prost is the baseline.
pub const FORMATS: &[&str] = &[
    "schemac",
    "schemac-view",
    "schemac-in-place",
    "prost",
    "buffa",
    "buffa-view",
    "serde_json",
    "bincode",
    "rmp-serde",
];

/// The formats of the field representations, which only some datasets
/// have, after [`FORMATS`].
pub const REPRESENTATIONS: &[&str] = &["schemac-repr", "prost-repr", "schemac-lite"];

/// The format every ratio is taken against.
pub const BASELINE: &str = "prost";

/// One value in one format.
pub trait Subject {
    /// The format's name, one of [`FORMATS`].
    fn format(&self) -> &'static str;

    /// Encodes the value into a new buffer.
    fn encode(&self) -> Vec<u8>;

    /// Whether [`encode`](Subject::encode) is this format's own, to be
    /// timed; `false` for views, which borrow the owned types' encoding.
    fn encodes(&self) -> bool {
        true
    }

    /// Decodes `bytes` into a value (owned, or a view) and drops it.
    fn decode(&self, bytes: &[u8]);

    /// Decodes `input`, held in a `bytes::Bytes`, and drops the value; the
    /// formats that can share the input's buffer do.
    fn decode_shared(&self, input: &Bytes) {
        self.decode(input);
    }

    /// Whether decoding what [`encode`](Subject::encode) wrote gives the
    /// value back; the error says how it differs.
    fn round_trip(&self) -> Result<(), String>;
}

/// One dataset: a name, a line saying what it is, and its value in every
/// format.
pub struct Dataset {
    /// A short name, used in benchmark ids: `order-100-realistic`.
    pub name: &'static str,
    /// The full protobuf name of its message, `shop.Order`: the C++
    /// harness's type.
    pub message: &'static str,
    /// What the data is, for the report.
    pub about: &'static str,
    /// The value in each format, in the order of [`FORMATS`].
    pub subjects: Vec<Box<dyn Subject>>,
    /// Decodes with schemac's type and encodes again.
    reencode: fn(&[u8]) -> Result<Vec<u8>, String>,
}

impl Dataset {
    /// A dataset of `value` in every format.
    pub fn new<T: Model + schemac_runtime::Name>(
        name: &'static str,
        about: &'static str,
        value: T,
    ) -> Self {
        let prost = value.to_prost();
        let mirror = value.to_mirror();
        let buffa = value.to_buffa();
        let subjects: Vec<Box<dyn Subject>> = vec![
            Box::new(Schemac(value.clone())),
            Box::new(SchemacView(value.clone())),
            Box::new(SchemacInPlace::<T::InPlace>::new(&value)),
            Box::new(Prost(prost)),
            Box::new(Buffa(buffa.clone())),
            Box::new(BuffaView(buffa)),
            Box::new(Serde::<_, Json>::new(mirror.clone())),
            Box::new(Serde::<_, Bincode>::new(mirror.clone())),
            Box::new(Serde::<_, Rmp>::new(mirror)),
        ];
        Self {
            name,
            message: T::FULL_NAME,
            about,
            subjects,
            reencode: |bytes| {
                let value = T::decode(bytes).map_err(|error| error.to_string())?;
                value.try_encode_to_vec().map_err(|error| error.to_string())
            },
        }
    }

    /// The dataset with the field representations' formats too: the same
    /// value in schemac's representations' types `R` and in prost's `P`,
    /// each read from schemac's bytes.
    pub fn with_representations<R, P>(mut self) -> Self
    where
        R: schemac_runtime::Message + PartialEq + std::fmt::Debug + 'static,
        P: prost::Message + Default + PartialEq + std::fmt::Debug + 'static,
    {
        let bytes = self
            .subject("schemac")
            .expect("every dataset has schemac")
            .encode();
        let repr = R::decode(&bytes).expect("the representations read schemac's bytes");
        let prost = P::decode(bytes.as_slice()).expect("prost reads schemac's bytes");
        self.subjects
            .push(Box::new(SchemacShared("schemac-repr", repr)));
        self.subjects.push(Box::new(ProstShared(prost)));
        self
    }

    /// The dataset with `schemac-lite` too: the same value in schemac's
    /// types `L` with `LiteMap` maps, read from schemac's bytes.
    pub fn with_lite_maps<L>(mut self) -> Self
    where
        L: schemac_runtime::Message + PartialEq + std::fmt::Debug + 'static,
    {
        let bytes = self
            .subject("schemac")
            .expect("every dataset has schemac")
            .encode();
        let lite = L::decode(&bytes).expect("the LiteMap types read schemac's bytes");
        self.subjects
            .push(Box::new(SchemacShared("schemac-lite", lite)));
        self
    }

    /// What schemac writes for the value it reads from `bytes`: a peer's
    /// encoding of the dataset, written as schemac writes it (map entries
    /// in key order, without the default keys and values a peer may write
    /// in them).
    pub fn reencode(&self, bytes: &[u8]) -> Result<Vec<u8>, String> {
        (self.reencode)(bytes)
    }

    /// The value in `format`, if the dataset has it.
    pub fn subject(&self, format: &str) -> Option<&dyn Subject> {
        self.subjects
            .iter()
            .find(|subject| subject.format() == format)
            .map(|subject| &**subject)
    }
}

fn compare<T: PartialEq + std::fmt::Debug>(
    format: &str,
    back: T,
    original: &T,
) -> Result<(), String> {
    if back == *original {
        Ok(())
    } else {
        Err(format!("{format} read back a different value: {back:?}"))
    }
}

/// schemac's owned types.
struct Schemac<T>(T);

impl<T: Model> Subject for Schemac<T> {
    fn format(&self) -> &'static str {
        "schemac"
    }

    fn encode(&self) -> Vec<u8> {
        self.0
            .try_encode_to_vec()
            .expect("schemac encodes the datasets")
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(T::decode(bytes).expect("schemac decodes its own bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        let back = T::decode(&self.encode()).map_err(|error| error.to_string())?;
        compare(self.format(), back, &self.0)
    }
}

/// schemac's owned types generated to be read in place, `I`, decoded in
/// place of one value, the last decode's; `value` is the dataset read
/// from schemac's bytes.
struct SchemacInPlace<I> {
    value: I,
    decoded: RefCell<I>,
}

impl<I: schemac_runtime::Message + PartialEq + std::fmt::Debug> SchemacInPlace<I> {
    fn new(dataset: &impl schemac_runtime::Message) -> Self {
        let bytes = dataset
            .try_encode_to_vec()
            .expect("schemac encodes the datasets");
        Self {
            value: I::decode(&bytes).expect("the in-place types read schemac's bytes"),
            decoded: RefCell::new(I::default()),
        }
    }
}

impl<I: schemac_runtime::Message + PartialEq + std::fmt::Debug> Subject for SchemacInPlace<I> {
    fn format(&self) -> &'static str {
        "schemac-in-place"
    }

    fn encode(&self) -> Vec<u8> {
        self.value
            .try_encode_to_vec()
            .expect("schemac encodes the datasets")
    }

    fn encodes(&self) -> bool {
        false
    }

    fn decode(&self, bytes: &[u8]) {
        let mut decoded = self.decoded.borrow_mut();
        decoded
            .decode_in_place(bytes)
            .expect("schemac decodes its own bytes");
        black_box(&*decoded);
    }

    fn round_trip(&self) -> Result<(), String> {
        let bytes = self.encode();
        let mut decoded = self.decoded.borrow_mut();
        // The second decode is in place of the first.
        for _ in 0..2 {
            decoded
                .decode_in_place(&bytes)
                .map_err(|error| error.to_string())?;
            compare(self.format(), &*decoded, &&self.value)?;
        }
        Ok(())
    }
}

/// schemac's borrowed views of the owned types' encoding.
struct SchemacView<T>(T);

impl<T: Model> Subject for SchemacView<T> {
    fn format(&self) -> &'static str {
        "schemac-view"
    }

    fn encode(&self) -> Vec<u8> {
        self.0
            .try_encode_to_vec()
            .expect("schemac encodes the datasets")
    }

    fn encodes(&self) -> bool {
        false
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(
            <T::View<'_> as MessageView<'_>>::decode(bytes).expect("a view reads schemac's bytes"),
        );
    }

    fn round_trip(&self) -> Result<(), String> {
        let bytes = self.encode();
        let view =
            <T::View<'_> as MessageView<'_>>::decode(&bytes).map_err(|error| error.to_string())?;
        compare(self.format(), view.to_message(), &self.0)
    }
}

/// prost's types.
struct Prost<P>(P);

impl<P: prost::Message + Default + PartialEq + std::fmt::Debug> Subject for Prost<P> {
    fn format(&self) -> &'static str {
        "prost"
    }

    fn encode(&self) -> Vec<u8> {
        self.0.encode_to_vec()
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(P::decode(bytes).expect("prost decodes its own bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        let back = P::decode(self.encode().as_slice()).map_err(|error| error.to_string())?;
        compare(self.format(), back, &self.0)
    }
}

/// buffa's owned types.
struct Buffa<B>(B);

impl<B: buffa::Message + std::fmt::Debug> Subject for Buffa<B> {
    fn format(&self) -> &'static str {
        "buffa"
    }

    fn encode(&self) -> Vec<u8> {
        self.0.encode_to_vec()
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(B::decode_from_slice(bytes).expect("buffa decodes its own bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        let back = B::decode_from_slice(&self.encode()).map_err(|error| error.to_string())?;
        compare(self.format(), back, &self.0)
    }
}

/// buffa's views of its owned types' encoding.
struct BuffaView<B>(B);

impl<B: HasMessageView + std::fmt::Debug> Subject for BuffaView<B> {
    fn format(&self) -> &'static str {
        "buffa-view"
    }

    fn encode(&self) -> Vec<u8> {
        self.0.encode_to_vec()
    }

    fn encodes(&self) -> bool {
        false
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(B::decode_view(bytes).expect("a buffa view reads buffa's bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        use buffa::view::MessageView as _;
        let bytes = self.encode();
        let view = B::decode_view(&bytes).map_err(|error| error.to_string())?;
        let back = view.to_owned_message().map_err(|error| error.to_string())?;
        compare(self.format(), back, &self.0)
    }
}

/// schemac's types generated with other options (the format named
/// first), decoded from a `Bytes` input with `decode_shared`.
struct SchemacShared<R>(&'static str, R);

impl<R: schemac_runtime::Message + PartialEq + std::fmt::Debug> Subject for SchemacShared<R> {
    fn format(&self) -> &'static str {
        self.0
    }

    fn encode(&self) -> Vec<u8> {
        self.1
            .try_encode_to_vec()
            .expect("schemac encodes the datasets")
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(R::decode(bytes).expect("schemac decodes its own bytes"));
    }

    fn decode_shared(&self, input: &Bytes) {
        black_box(R::decode_shared(input).expect("schemac decodes its own bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        let input = Bytes::from(self.encode());
        let back = R::decode_shared(&input).map_err(|error| error.to_string())?;
        compare(self.format(), back, &self.1)
    }
}

/// prost's types with `HashMap` maps and `Bytes` bytes, decoded from a
/// `Bytes` input.
struct ProstShared<P>(P);

impl<P: prost::Message + Default + PartialEq + std::fmt::Debug> Subject for ProstShared<P> {
    fn format(&self) -> &'static str {
        "prost-repr"
    }

    fn encode(&self) -> Vec<u8> {
        self.0.encode_to_vec()
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(P::decode(bytes).expect("prost decodes its own bytes"));
    }

    fn decode_shared(&self, input: &Bytes) {
        black_box(P::decode(input.clone()).expect("prost decodes its own bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        let back = P::decode(Bytes::from(self.encode())).map_err(|error| error.to_string())?;
        compare(self.format(), back, &self.0)
    }
}

/// A serde data format.
trait SerdeFormat {
    const NAME: &'static str;
    fn to_vec<T: Serialize>(value: &T) -> Vec<u8>;
    fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
}

enum Json {}

impl SerdeFormat for Json {
    const NAME: &'static str = "serde_json";

    fn to_vec<T: Serialize>(value: &T) -> Vec<u8> {
        serde_json::to_vec(value).expect("serde_json encodes the datasets")
    }

    fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|error| error.to_string())
    }
}

enum Bincode {}

impl SerdeFormat for Bincode {
    const NAME: &'static str = "bincode";

    fn to_vec<T: Serialize>(value: &T) -> Vec<u8> {
        bincode::serde::encode_to_vec(value, bincode::config::standard())
            .expect("bincode encodes the datasets")
    }

    fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        bincode::serde::decode_from_slice(bytes, bincode::config::standard())
            .map(|(value, _read)| value)
            .map_err(|error| error.to_string())
    }
}

enum Rmp {}

impl SerdeFormat for Rmp {
    const NAME: &'static str = "rmp-serde";

    fn to_vec<T: Serialize>(value: &T) -> Vec<u8> {
        rmp_serde::to_vec(value).expect("rmp-serde encodes the datasets")
    }

    fn from_slice<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        rmp_serde::from_slice(bytes).map_err(|error| error.to_string())
    }
}

/// A plain serde struct in one serde format.
struct Serde<M, F> {
    value: M,
    format: PhantomData<F>,
}

impl<M, F> Serde<M, F> {
    fn new(value: M) -> Self {
        Self {
            value,
            format: PhantomData,
        }
    }
}

impl<M, F> Subject for Serde<M, F>
where
    M: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    F: SerdeFormat,
{
    fn format(&self) -> &'static str {
        F::NAME
    }

    fn encode(&self) -> Vec<u8> {
        F::to_vec(&self.value)
    }

    fn decode(&self, bytes: &[u8]) {
        black_box(F::from_slice::<M>(bytes).expect("a serde format decodes its own bytes"));
    }

    fn round_trip(&self) -> Result<(), String> {
        let back = F::from_slice::<M>(&self.encode())?;
        compare(self.format(), back, &self.value)
    }
}
