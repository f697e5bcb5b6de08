#!/usr/bin/python3
"""Google's protobuf side of the differential test (docs/differential.md).

Run by the Rust test `differential` with a current release of Google's
protobuf (7.x, on its upb backend: the Python of the workspace's
`.venv-protoc`, or `SCHEMAC_PYTHON`); the test of closed enums runs it
with Debian's python3-protobuf (3.21, on its C++ backend) too, so what
it uses is asked of the descriptors in a way both releases answer
(`is_repeated`, `is_required`, `is_closed` below). It reads one JSON
request a line on stdin and answers each with one JSON line on stdout:

- {"op": "load", "descriptors": PATH}: loads a FileDescriptorSet (protoc's
  --descriptor_set_out --include_imports) and answers the message names.
- {"op": "generate", "type": NAME, "seed": N, "count": N}: random messages
  of NAME filled from its descriptor, as {"hex", "text"} each.
- {"op": "compare", "type": NAME, "pairs": [[GOOGLE_HEX, SCHEMAC_HEX]...]}:
  for each pair, whether schemac's bytes parse to the message Google wrote,
  after the one change schemac documents (see `documented`); the failures.
- {"op": "compare_text", "type": NAME, "pairs": [[GOOGLE_HEX, SCHEMAC_HEX]...]}:
  for each pair, whether both parse to messages of the same text format
  (every NaN is `nan` there, as the text format cannot carry a NaN's sign
  or payload), after the change schemac documents; the failures.
- {"op": "reserialize", "type": NAME, "hexes": [HEX...], "discard_unknown":
  BOOL}: each parsed and written again by Google's protobuf (without its
  unknown fields if `discard_unknown`), or the parse error.
- {"op": "shrink", "type": NAME, "hex": HEX}: smaller messages, each with
  one field, element or entry of the input taken out, for minimizing a
  failure.
- {"op": "text", "type": NAME, "hex": HEX}: the text format of HEX.
- {"op": "to_json", "type": NAME, "hexes": [HEX...]}: each as protobuf's
  JSON, as json_format.MessageToJson writes it.
- {"op": "from_json", "type": NAME, "texts": [JSON...]}: each JSON text
  read by json_format.Parse and written as bytes, or the parse error.

Nothing here knows schemac's Rust code: it sees only the exported .proto
files, compiled by protoc, as any other protobuf user would.
"""

import json
import math
import random
import struct
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory, text_format
from google.protobuf.descriptor import FieldDescriptor as F

# How deep random messages nest.
MAX_DEPTH = 4

# What rust_decimal holds: 96 bits of digits, scale 0 to 28.
MAX_UNSCALED = 2**96 - 1
MAX_SCALE = 28

DECIMAL = "schemac.Decimal"
VALUE = "schemac.Value"


class Google:
    def __init__(self):
        self.pool = None
        self.factory = None
        self.proto3_optional = set()

    def load(self, path):
        with open(path, "rb") as f:
            descriptors = descriptor_pb2.FileDescriptorSet.FromString(f.read())
        self.pool = descriptor_pool.DescriptorPool()
        self.proto3_optional = set()
        names = []
        for file in descriptors.file:
            self.pool.AddSerializedFile(file.SerializeToString())
            prefix = file.package + "." if file.package else ""
            self._collect(file.message_type, prefix, names)
        if not hasattr(message_factory, "GetMessageClass"):
            self.factory = message_factory.MessageFactory(self.pool)
        return {"messages": names}

    def _collect(self, messages, prefix, names):
        for message in messages:
            if message.options.map_entry:
                continue
            full_name = prefix + message.name
            names.append(full_name)
            for field in message.field:
                if field.proto3_optional:
                    self.proto3_optional.add(full_name + "." + field.name)
            self._collect(message.nested_type, full_name + ".", names)

    def cls(self, name):
        descriptor = self.pool.FindMessageTypeByName(name)
        # Releases after 3.21 make classes with message_factory.GetMessageClass,
        # and drop the factory's GetPrototype.
        if self.factory is None:
            return message_factory.GetMessageClass(descriptor)
        return self.factory.GetPrototype(descriptor)

    def parse(self, name, hex_text):
        message = self.cls(name)()
        message.ParseFromString(bytes.fromhex(hex_text))
        return message

    # Random messages.

    def generate(self, name, seed, count):
        rng = random.Random(seed)
        out = []
        for _ in range(count):
            message = self.cls(name)()
            self.fill(message, rng, 0)
            out.append({"hex": message.SerializeToString().hex(), "text": text(message)})
        return {"messages": out}

    def fill(self, message, rng, depth):
        descriptor = message.DESCRIPTOR
        if descriptor.full_name == DECIMAL:
            return fill_decimal(message, rng)
        if descriptor.full_name == VALUE:
            return self.fill_value(message, rng, depth)
        if descriptor.full_name in WELL_KNOWN:
            return WELL_KNOWN[descriptor.full_name](message, rng, depth)
        chosen = {}
        for oneof in descriptor.oneofs:
            if len(oneof.fields) == 1 and self.is_proto3_optional(oneof.fields[0]):
                continue
            chosen[oneof.name] = rng.choice(list(oneof.fields) + [None])
        for field in descriptor.fields:
            oneof = field.containing_oneof
            required = is_required(field)
            if depth > MAX_DEPTH and not required:
                # Past the depth, only what proto2 insists on.
                continue
            if oneof is not None and oneof.name in chosen:
                if chosen[oneof.name] is not field:
                    continue
            elif rng.random() < 0.25 and not required:
                continue
            self.fill_field(message, field, rng, depth)

    def is_proto3_optional(self, field):
        return field.containing_type.full_name + "." + field.name in self.proto3_optional

    def fill_field(self, message, field, rng, depth):
        if is_repeated(field):
            if is_map(field):
                entry = field.message_type
                key_field, value_field = entry.fields_by_name["key"], entry.fields_by_name["value"]
                target = getattr(message, field.name)
                for _ in range(rng.choice([0, 1, 2, 4])):
                    key = scalar(key_field, rng)
                    if value_field.type == F.TYPE_MESSAGE:
                        self.fill_nested(target[key], rng, depth)
                    else:
                        target[key] = scalar(value_field, rng)
                return
            target = getattr(message, field.name)
            for _ in range(rng.choice([0, 1, 2, 5])):
                if is_message(field):
                    self.fill_nested(target.add(), rng, depth)
                else:
                    target.append(scalar(field, rng))
            return
        if is_message(field):
            nested = getattr(message, field.name)
            nested.SetInParent()
            self.fill_nested(nested, rng, depth)
            return
        setattr(message, field.name, scalar(field, rng))

    def fill_nested(self, nested, rng, depth):
        """Fills a message held at `depth`; past MAX_DEPTH, only with its
        required fields. A decimal or value is always filled, since schemac
        writes neither empty: it reads an empty one as zero or null."""
        self.fill(nested, rng, depth + 1)

    def fill_value(self, value, rng, depth):
        """A schemac.Value with one member set, as schemac always writes it."""
        kinds = ["null_value", "bool_value", "i32_value", "i64_value", "u32_value",
                 "u64_value", "f32_value", "f64_value", "string_value", "bytes_value",
                 "decimal_value"]
        if depth < MAX_DEPTH:
            kinds += ["list_value", "map_value"]
        kind = rng.choice(kinds)
        field = value.DESCRIPTOR.fields_by_name[kind]
        if kind == "null_value":
            value.null_value = 0
        elif kind == "decimal_value":
            fill_decimal(value.decimal_value, rng)
        elif kind == "list_value":
            value.list_value.SetInParent()
            for _ in range(rng.choice([0, 1, 3])):
                self.fill_value(value.list_value.values.add(), rng, depth + 1)
        elif kind == "map_value":
            value.map_value.SetInParent()
            for _ in range(rng.choice([0, 1, 3])):
                key = random_string(rng)
                self.fill_value(value.map_value.entries[key], rng, depth + 1)
        else:
            setattr(value, kind, scalar(field, rng))

    # Comparison.

    def compare(self, name, pairs):
        failures = []
        for index, (google_hex, schemac_hex) in enumerate(pairs):
            expected = self.parse(name, google_hex)
            self.documented(expected)
            try:
                actual = self.parse(name, schemac_hex)
            except Exception as error:  # a parse error is a finding too
                failures.append({"index": index, "reason": f"Google cannot parse schemac's bytes: {error}"})
                continue
            if canonical(expected) != canonical(actual):
                failures.append({"index": index, "reason": "schemac's bytes parse to another message"})
        return {"failures": failures}

    def compare_text(self, name, pairs):
        failures = []
        for index, (google_hex, schemac_hex) in enumerate(pairs):
            expected = self.parse(name, google_hex)
            self.documented(expected)
            try:
                actual = self.parse(name, schemac_hex)
            except Exception as error:
                failures.append({"index": index, "reason": f"Google cannot parse schemac's bytes: {error}"})
                continue
            if text(expected) != text(actual):
                failures.append({"index": index, "reason": "schemac's bytes parse to another message"})
        return {"failures": failures}

    def documented(self, message):
        """What schemac documents it does to a message it reads and writes
        back (docs/wire-format.md, "Presence"): a `decimal` or `value` field
        without presence (`without_presence`) leaves out a zero decimal with
        scale 0 and a null value. Everywhere else, in lists, maps and with
        presence, they are kept."""
        for field, value in message.ListFields():
            if not is_message(field):
                continue
            if is_repeated(field):
                if is_map(field):
                    if field.message_type.fields_by_name["value"].type == F.TYPE_MESSAGE:
                        for key in value:
                            self.documented(value[key])
                else:
                    for element in value:
                        self.documented(element)
                continue
            implicit = without_presence(field)
            name = field.message_type.full_name
            if implicit and name == DECIMAL and decimal_is_plain_zero(value):
                message.ClearField(field.name)
            elif implicit and name == VALUE and value.WhichOneof("kind") in (None, "null_value"):
                message.ClearField(field.name)
            else:
                self.documented(value)

    def reserialize(self, name, hexes, discard_unknown=False):
        out = []
        for hex_text in hexes:
            try:
                message = self.parse(name, hex_text)
                if discard_unknown:
                    message.DiscardUnknownFields()
                out.append({"hex": message.SerializeToString().hex()})
            except Exception as error:
                out.append({"error": str(error)})
        return {"results": out}

    def to_json(self, name, hexes):
        """Each message as protobuf's JSON, as json_format writes it."""
        return {"jsons": [json_format.MessageToJson(self.parse(name, h)) for h in hexes]}

    def from_json(self, name, texts):
        """Each JSON text read by json_format and written as bytes, or the
        error."""
        out = []
        for text_json in texts:
            try:
                message = self.cls(name)()
                json_format.Parse(text_json, message)
                out.append({"hex": message.SerializeToString().hex()})
            except Exception as error:
                out.append({"error": f"{type(error).__name__}: {error}"})
        return {"results": out}

    def shrink(self, name, hex_text):
        message = self.parse(name, hex_text)
        # A copy without a required field is no message of the type.
        candidates = [m for m in smaller(message) if m.IsInitialized()]
        return {"candidates": [m.SerializeToString().hex() for m in candidates]}


def smaller(message):
    """Copies of `message`, each with one field, element or entry taken out,
    or with one of its messages made smaller."""
    out = []
    for field, value in message.ListFields():
        copy = type(message)()
        copy.CopyFrom(message)
        copy.ClearField(field.name)
        out.append(copy)
        if is_repeated(field) and not is_map(field):
            for index in range(len(value)):
                copy = type(message)()
                copy.CopyFrom(message)
                del getattr(copy, field.name)[index]
                out.append(copy)
        elif is_repeated(field):
            for key in list(value.keys()):
                copy = type(message)()
                copy.CopyFrom(message)
                del getattr(copy, field.name)[key]
                out.append(copy)
        elif is_message(field):
            for nested in smaller(value):
                copy = type(message)()
                copy.CopyFrom(message)
                getattr(copy, field.name).CopyFrom(nested)
                out.append(copy)
    return out


# The well-known types, filled with values their JSON can hold, as
# protobuf's JSON mapping demands of them; what `schemac decode` writes is
# that JSON. Their binary form holds more, which Google's other tests see.
def fill_timestamp(message, rng, depth):
    message.seconds = rng.choice([0, -62135596800, 253402300799, rng.randint(-62135596800, 253402300799)])
    message.nanos = rng.choice([0, 1, 999999999, rng.randint(0, 999999999)])


def fill_duration(message, rng, depth):
    seconds = rng.choice([0, 1, -1, 315576000000, -315576000000, rng.randint(-315576000000, 315576000000)])
    nanos = rng.choice([0, 1, 999999999, rng.randint(0, 999999999)])
    message.seconds = seconds
    message.nanos = -nanos if seconds < 0 else nanos


def fill_field_mask(message, rng, depth):
    for _ in range(rng.randint(0, 3)):
        message.paths.append(rng.choice(["a", "foo_bar", "a.b_c", "x9"]))


def fill_struct(message, rng, depth):
    for _ in range(rng.choice([0, 1, 3])):
        fill_struct_value(message.fields[random_string(rng)], rng, depth + 1)


def fill_struct_value(value, rng, depth):
    """A google.protobuf.Value with a member set and a finite number."""
    kinds = ["null_value", "number_value", "string_value", "bool_value"]
    if depth < MAX_DEPTH:
        kinds += ["struct_value", "list_value"]
    kind = rng.choice(kinds)
    if kind == "null_value":
        value.null_value = 0
    elif kind == "number_value":
        value.number_value = rng.choice([0.0, -1.5, 1e300, float(rng.randint(-2**53, 2**53))])
    elif kind == "string_value":
        value.string_value = random_string(rng)
    elif kind == "bool_value":
        value.bool_value = rng.random() < 0.5
    elif kind == "struct_value":
        fill_struct(value.struct_value, rng, depth)
        value.struct_value.SetInParent()
    else:
        fill_list_value(value.list_value, rng, depth)
        value.list_value.SetInParent()


def fill_list_value(message, rng, depth):
    for _ in range(rng.choice([0, 1, 3])):
        fill_struct_value(message.values.add(), rng, depth + 1)


def fill_any(message, rng, depth):
    """An Any holding a Duration: JSON writes an Any by its type, which for
    a well-known type needs no registry."""
    from google.protobuf import duration_pb2
    duration = duration_pb2.Duration()
    fill_duration(duration, rng, depth)
    message.Pack(duration)


WELL_KNOWN = {
    "google.protobuf.Timestamp": fill_timestamp,
    "google.protobuf.Duration": fill_duration,
    "google.protobuf.FieldMask": fill_field_mask,
    "google.protobuf.Struct": fill_struct,
    "google.protobuf.Value": fill_struct_value,
    "google.protobuf.ListValue": fill_list_value,
    "google.protobuf.Any": fill_any,
}


def is_message(field):
    """Whether the field holds messages: length-delimited, or proto2's
    groups, written between a start and an end key."""
    return field.type in (F.TYPE_MESSAGE, F.TYPE_GROUP)


def is_map(field):
    return (field.type == F.TYPE_MESSAGE and is_repeated(field)
            and field.message_type.GetOptions().map_entry)


# What a field's descriptor says, asked as each release answers: 3.21 has
# `label` (and no `is_repeated`, `is_required` or `is_closed`); 7.36 has
# those, and no `label`, which editions leave to features.
def is_repeated(field):
    if hasattr(field, "is_repeated"):
        return field.is_repeated
    return field.label == F.LABEL_REPEATED


def is_required(field):
    """proto2's `required`, or edition 2023's `LEGACY_REQUIRED` presence."""
    if hasattr(field, "is_required"):
        return field.is_required
    return field.label == F.LABEL_REQUIRED


def is_closed(enum):
    """Whether the enum holds only the numbers it names: proto2's enums, and
    edition 2023's `enum_type = CLOSED` (3.21 knows no editions)."""
    if hasattr(enum, "is_closed"):
        return enum.is_closed
    return enum.file.syntax == "proto2"


def canonical(message):
    return message.SerializeToString(deterministic=True)


def text(message):
    return text_format.MessageToString(message, as_utf8=True)


# `(schemac.implicit_presence) = true` in a field's options: its key, field
# 51202 as a varint, and the value 1.
IMPLICIT_PRESENCE = bytes([0x90, 0x80, 0x19, 0x01])


def without_presence(field):
    """Whether a singular `schemac.Decimal` or `schemac.Value` field has no
    presence in schemac, as its descriptor says (docs/proto.md, "schemac's
    own types and options"): outside a oneof (proto3's `optional` is a
    synthetic one), in a proto3 file or marked
    `[(schemac.implicit_presence) = true]`."""
    if field.containing_oneof is not None:
        return False
    syntax = descriptor_pb2.FileDescriptorProto.FromString(field.file.serialized_pb).syntax
    marked = IMPLICIT_PRESENCE in field.GetOptions().SerializeToString()
    return syntax == "proto3" or marked


def decimal_is_plain_zero(decimal):
    return int.from_bytes(decimal.unscaled, "big", signed=True) == 0 and decimal.scale == 0


def fill_decimal(decimal, rng):
    unscaled = rng.choice([0, 1, -1, 1234, MAX_UNSCALED, -MAX_UNSCALED, rng.randint(-MAX_UNSCALED, MAX_UNSCALED)])
    decimal.unscaled = minimal_twos_complement(unscaled)
    decimal.scale = rng.choice([0, 0, 2, MAX_SCALE, rng.randint(0, MAX_SCALE)])


def minimal_twos_complement(number):
    """Java's BigInteger.toByteArray(): big-endian, no redundant sign bytes."""
    length = 1
    while not -(1 << (8 * length - 1)) <= number < (1 << (8 * length - 1)):
        length += 1
    return number.to_bytes(length, "big", signed=True)


INT32 = [0, 1, -1, 2**31 - 1, -2**31]
INT64 = [0, 1, -1, 2**63 - 1, -2**63]
UINT32 = [0, 1, 2**32 - 1]
UINT64 = [0, 1, 2**64 - 1]
FLOATS = [0.0, -0.0, 1.5, math.nan, math.inf, -math.inf, 1e-45, 3.4028234663852886e38]
DOUBLES = [0.0, -0.0, 0.1, math.nan, math.inf, -math.inf, 5e-324, 1.7976931348623157e308]
STRINGS = ["", "a", "h\u00e9llo", "\u65e5\u672c\u8a9e", "\U0001f980", "\x00", "\"quoted\"\n"]


def pick(rng, edges, low, high):
    return rng.choice(edges) if rng.random() < 0.5 else rng.randint(low, high)


def random_string(rng):
    if rng.random() < 0.5:
        return rng.choice(STRINGS)
    chars = []
    for _ in range(rng.randint(0, 12)):
        point = rng.choice([rng.randint(0x20, 0x7e), rng.randint(0x80, 0x7ff),
                            rng.randint(0x800, 0xd7ff), rng.randint(0xe000, 0xfffd),
                            rng.randint(0x10000, 0x10ffff)])
        chars.append(chr(point))
    return "".join(chars)


def scalar(field, rng):
    t = field.type
    if t in (F.TYPE_INT32, F.TYPE_SINT32, F.TYPE_SFIXED32):
        return pick(rng, INT32, -2**31, 2**31 - 1)
    if t in (F.TYPE_INT64, F.TYPE_SINT64, F.TYPE_SFIXED64):
        return pick(rng, INT64, -2**63, 2**63 - 1)
    if t in (F.TYPE_UINT32, F.TYPE_FIXED32):
        return pick(rng, UINT32, 0, 2**32 - 1)
    if t in (F.TYPE_UINT64, F.TYPE_FIXED64):
        return pick(rng, UINT64, 0, 2**64 - 1)
    if t == F.TYPE_FLOAT:
        if rng.random() < 0.5:
            return rng.choice(FLOATS)
        return struct.unpack("<f", struct.pack("<f", rng.uniform(-1e6, 1e6)))[0]
    if t == F.TYPE_DOUBLE:
        return rng.choice(DOUBLES) if rng.random() < 0.5 else rng.uniform(-1e300, 1e300)
    if t == F.TYPE_BOOL:
        return rng.random() < 0.5
    if t == F.TYPE_STRING:
        return random_string(rng)
    if t == F.TYPE_BYTES:
        return bytes(rng.randint(0, 255) for _ in range(rng.choice([0, 1, 3, 16])))
    if t == F.TYPE_ENUM:
        named = [value.number for value in field.enum_type.values]
        if field.enum_type.full_name == "google.protobuf.NullValue":
            return 0
        if is_closed(field.enum_type):
            # A closed enum holds only the values it names.
            return rng.choice(named)
        # Open enums: numbers the schema does not name are values too.
        return rng.choice(named + [rng.randint(-2**31, 2**31 - 1), 2**31 - 1, -2**31])
    raise ValueError(f"no random value for field type {t}")


def main():
    google = Google()
    ops = {
        "load": lambda r: google.load(r["descriptors"]),
        "generate": lambda r: google.generate(r["type"], r["seed"], r["count"]),
        "compare": lambda r: google.compare(r["type"], r["pairs"]),
        "compare_text": lambda r: google.compare_text(r["type"], r["pairs"]),
        "reserialize": lambda r: google.reserialize(r["type"], r["hexes"], r.get("discard_unknown", False)),
        "shrink": lambda r: google.shrink(r["type"], r["hex"]),
        "text": lambda r: {"text": text(google.parse(r["type"], r["hex"]))},
        "to_json": lambda r: google.to_json(r["type"], r["hexes"]),
        "from_json": lambda r: google.from_json(r["type"], r["texts"]),
    }
    for line in sys.stdin:
        request = json.loads(line)
        try:
            answer = ops[request["op"]](request)
        except Exception as error:
            answer = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
