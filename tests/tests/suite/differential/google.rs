//! Google's protobuf, in a Python process of its own that answers one
//! JSON line for each request (`tests/differential/google_peer.py`).

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use schemac_tests::workspace_root;
use serde_json::{Value as Json, json};

/// Where schemac's bytes and Google's disagree, as Google tells it.
pub struct Mismatch {
    /// The index of the pair compared.
    pub index: usize,
    pub reason: String,
}

pub struct Google {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// The Python that has a current release of Google's protobuf (7.x, on
/// upb, which reads editions): `SCHEMAC_PYTHON`, or the workspace's
/// `.venv-protoc`, whose `pip install grpcio-tools protobuf` brings one
/// (`.ci/run` makes it).
pub fn python() -> String {
    std::env::var("SCHEMAC_PYTHON").unwrap_or_else(|_| {
        workspace_root()
            .join(".venv-protoc/bin/python")
            .display()
            .to_string()
    })
}

/// Debian's python3, where python3-protobuf (3.21, on its C++ backend)
/// installs Google's protobuf, unless `SCHEMAC_PYTHON_DEBIAN` names another.
pub fn debian_python() -> String {
    std::env::var("SCHEMAC_PYTHON_DEBIAN").unwrap_or_else(|_| "/usr/bin/python3".to_owned())
}

/// Whether `python` runs and imports Google's protobuf.
pub fn imports_protobuf(python: &str) -> bool {
    Command::new(python)
        .args(["-c", "import google.protobuf"])
        .output()
        .is_ok_and(|output| output.status.success())
}

impl Google {
    pub fn start(script: &Path) -> Self {
        Self::start_with(&python(), script)
    }

    /// Google's protobuf in `python`, which must import it.
    pub fn start_with(python: &str, script: &Path) -> Self {
        assert!(
            imports_protobuf(python),
            "{python} cannot import google.protobuf; make the workspace's venv \
             (python3 -m venv .venv-protoc && .venv-protoc/bin/pip install grpcio-tools \
             protobuf) or set SCHEMAC_PYTHON"
        );
        let mut child = Command::new(python)
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|error| panic!("cannot run {python}: {error}"));
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        Self {
            child,
            stdin,
            stdout,
        }
    }

    fn request(&mut self, request: Json) -> Json {
        writeln!(self.stdin, "{request}").expect("write to google_peer.py");
        self.stdin.flush().expect("flush to google_peer.py");
        let mut line = String::new();
        self.stdout
            .read_line(&mut line)
            .expect("read from google_peer.py");
        let answer: Json = serde_json::from_str(&line)
            .unwrap_or_else(|error| panic!("google_peer.py answered {line:?}: {error}"));
        if let Some(error) = answer.get("error") {
            panic!("google_peer.py failed on {request}: {error}");
        }
        answer
    }

    /// Loads a descriptor set; the names of its messages.
    pub fn load(&mut self, descriptors: &Path) -> Vec<String> {
        let answer = self.request(json!({"op": "load", "descriptors": descriptors}));
        strings(&answer["messages"])
    }

    /// `count` random messages of type `name`, each as bytes and text.
    pub fn generate(&mut self, name: &str, seed: u64, count: usize) -> Vec<(Vec<u8>, String)> {
        let answer = self.request(json!({
            "op": "generate", "type": name, "seed": seed, "count": count,
        }));
        answer["messages"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|message| {
                (
                    from_hex(message["hex"].as_str().unwrap_or_default()),
                    message["text"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    }

    /// For each pair of Google's bytes and schemac's bytes written back
    /// from them, whether Google reads the same message from both, after
    /// the change schemac documents (a zero `decimal` or a null `value`
    /// without presence left out).
    pub fn compare(&mut self, name: &str, pairs: &[(Vec<u8>, Vec<u8>)]) -> Vec<Mismatch> {
        self.compare_by("compare", name, pairs)
    }

    /// For each pair, whether Google reads messages of the same text
    /// format from both, after the same change: every NaN is alike there
    /// (the text format's `nan`).
    pub fn compare_text(&mut self, name: &str, pairs: &[(Vec<u8>, Vec<u8>)]) -> Vec<Mismatch> {
        self.compare_by("compare_text", name, pairs)
    }

    fn compare_by(&mut self, op: &str, name: &str, pairs: &[(Vec<u8>, Vec<u8>)]) -> Vec<Mismatch> {
        let pairs: Vec<[String; 2]> = pairs
            .iter()
            .map(|(google, schemac)| [hex(google), hex(schemac)])
            .collect();
        let answer = self.request(json!({"op": op, "type": name, "pairs": pairs}));
        answer["failures"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|failure| Mismatch {
                index: failure["index"].as_u64().unwrap_or_default() as usize,
                reason: failure["reason"].as_str().unwrap_or_default().to_owned(),
            })
            .collect()
    }

    /// Each of `messages` parsed by Google and written again, or the error.
    pub fn reserialize(
        &mut self,
        name: &str,
        messages: &[Vec<u8>],
    ) -> Vec<Result<Vec<u8>, String>> {
        self.reserialize_with(name, messages, false)
    }

    /// [`Google::reserialize`], without the unknown fields Google kept
    /// when `discard_unknown`: what JSON, and so the command line, keeps.
    pub fn reserialize_with(
        &mut self,
        name: &str,
        messages: &[Vec<u8>],
        discard_unknown: bool,
    ) -> Vec<Result<Vec<u8>, String>> {
        let hexes: Vec<String> = messages.iter().map(|bytes| hex(bytes)).collect();
        let answer = self.request(json!({
            "op": "reserialize", "type": name, "hexes": hexes, "discard_unknown": discard_unknown,
        }));
        answer["results"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|result| match result["hex"].as_str() {
                Some(text) => Ok(from_hex(text)),
                None => Err(result["error"].as_str().unwrap_or_default().to_owned()),
            })
            .collect()
    }

    /// Messages one step smaller than `bytes`: a field, element or entry
    /// taken out.
    pub fn shrink(&mut self, name: &str, bytes: &[u8]) -> Vec<Vec<u8>> {
        let answer = self.request(json!({"op": "shrink", "type": name, "hex": hex(bytes)}));
        strings(&answer["candidates"])
            .iter()
            .map(|text| from_hex(text))
            .collect()
    }

    /// Each of `messages` as protobuf's JSON, as Google's json_format
    /// writes it.
    pub fn json_of(&mut self, name: &str, messages: &[Vec<u8>]) -> Vec<String> {
        let hexes: Vec<String> = messages.iter().map(|bytes| hex(bytes)).collect();
        let answer = self.request(json!({"op": "to_json", "type": name, "hexes": hexes}));
        strings(&answer["jsons"])
    }

    /// Each of `texts` read by Google's json_format and written as bytes,
    /// or the error.
    pub fn parse_json(&mut self, name: &str, texts: &[String]) -> Vec<Result<Vec<u8>, String>> {
        let answer = self.request(json!({"op": "from_json", "type": name, "texts": texts}));
        answer["results"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|result| match result["hex"].as_str() {
                Some(text) => Ok(from_hex(text)),
                None => Err(result["error"].as_str().unwrap_or_default().to_owned()),
            })
            .collect()
    }

    /// The text format of `bytes`, as protoc would print it.
    pub fn text(&mut self, name: &str, bytes: &[u8]) -> String {
        let answer = self.request(json!({"op": "text", "type": name, "hex": hex(bytes)}));
        answer["text"].as_str().unwrap_or_default().to_owned()
    }
}

impl Drop for Google {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn strings(json: &Json) -> Vec<String> {
    json.as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| item.as_str().map(str::to_owned))
        .collect()
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

pub fn from_hex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| {
            u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("google_peer.py writes hex")
        })
        .collect()
}
