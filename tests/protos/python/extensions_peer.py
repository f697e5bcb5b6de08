#!/usr/bin/python3
"""Google's protobuf side of the extension interop test
(tests/protos/tests/extensions.rs, `google_*` tests).

Run with Debian's python3, whose python3-protobuf is Google's
implementation (4.21 on its C++ backend), as
`extensions_peer.py DESCRIPTORS`: DESCRIPTORS is protoc's
FileDescriptorSet of legacy/v1/extended.proto with its imports. It reads
one JSON object on stdin, what schemac wrote of the same messages:

    {"item_hex", "ledger_hex", "item_json", "ledger_json"}

and answers one JSON object on stdout:

- "item_hex", "ledger_hex": the bytes Google writes of the messages below;
- "item_json", "ledger_json": json_format's JSON of them, the item without
  its repeated extensions (4.21's json_format writes a repeated extension
  under its bare name and cannot read one back: the Rust test states it);
- "checks": for each of schemac's four texts, "equal" when Google reads
  the message it built from it, or what it read or why it failed;
- "text": the text format of what Google read from schemac's item.

Nothing here knows schemac's Rust code: it sees only protoc's descriptors.
"""

import json
import sys

from google.protobuf import descriptor_pb2, json_format, message_factory, text_format


def load(path):
    files = descriptor_pb2.FileDescriptorSet()
    with open(path, "rb") as f:
        files.ParseFromString(f.read())
    return message_factory.GetMessages(files.file)


def build(classes):
    """The item and the ledger the Rust test builds too."""
    item_class = classes["legacy.v1.Item"]
    pool = item_class.DESCRIPTOR.file.pool
    ext = pool.FindExtensionByName
    item = item_class(sku="A-1", count=3)
    slot = item.Extensions[ext("legacy.v1.slot")]
    slot.aisle = "7"
    slot.shelf = 2
    handling = pool.FindEnumTypeByName("legacy.v1.Handling")
    item.Extensions[ext("legacy.v1.handling")] = handling.values_by_name["HANDLING_HAZARDOUS"].number
    item.Extensions[ext("legacy.v1.aliases")].extend(["a-one", "first"])
    item.Extensions[ext("legacy.v1.temperatures")].extend([-3, 4, 0])
    item.Extensions[ext("legacy.v1.discontinued")] = False
    item.Extensions[ext("legacy.v1.past_handlings")].extend(
        [handling.values_by_name["HANDLING_COLD"].number, 0]
    )
    item.Extensions[ext("legacy.v1.checksum")] = b"\x00\xff"
    item.Extensions[ext("legacy.v1.weight_grams")] = 1250.5
    audit = item.Extensions[ext("legacy.v1.Audit.last_audit")]
    audit.auditor = "kim"
    audit.at_unix = 1700000000
    item.Extensions[ext("legacy.v1.Audit.audit_ids")].extend([1, 2**64 - 1])
    item.Extensions[ext("legacy.v1.label")].text = "keep dry"
    findings = item.Extensions[ext("legacy.v1.Audit.finding")]
    findings.add().what = "dent"
    findings.add().what = "scratch"

    singular = item_class()
    singular.CopyFrom(item)
    for name in ["aliases", "temperatures", "past_handlings", "Audit.audit_ids", "Audit.finding"]:
        singular.ClearExtension(ext("legacy.v1." + name))

    ledger = classes["legacy.v1.Ledger"]()
    receipt = ledger.Extensions[ext("legacy.v1.Receipt.receipt")]
    receipt.number = "R-1"
    receipt.cents = 1999
    ledger.Extensions[ext("legacy.v1.Return.return")].reason = "damaged"
    return item, singular, ledger


def check(expected, read):
    """"equal" when `read()` gives `expected`, else what it gave or raised."""
    try:
        message = read()
    except Exception as error:  # noqa: BLE001 - the reason is the answer
        return "failed: %s" % error
    if message == expected:
        return "equal"
    return "read: %s" % text_format.MessageToString(message)


def main():
    classes = load(sys.argv[1])
    item, singular, ledger = build(classes)
    request = json.loads(sys.stdin.read())

    def parsed(cls, hexed):
        message = cls()
        message.ParseFromString(bytes.fromhex(hexed))
        return message

    item_class = type(item)
    ledger_class = type(ledger)
    read_item = parsed(item_class, request["item_hex"])
    answer = {
        "item_hex": item.SerializeToString().hex(),
        "ledger_hex": ledger.SerializeToString().hex(),
        "item_json": json_format.MessageToJson(singular, preserving_proto_field_name=True),
        "ledger_json": json_format.MessageToJson(ledger, preserving_proto_field_name=True),
        "checks": {
            "item_hex": check(item, lambda: read_item),
            "ledger_hex": check(ledger, lambda: parsed(ledger_class, request["ledger_hex"])),
            "item_json": check(
                singular, lambda: json_format.Parse(request["item_json"], item_class())
            ),
            "ledger_json": check(
                ledger, lambda: json_format.Parse(request["ledger_json"], ledger_class())
            ),
        },
        "text": text_format.MessageToString(read_item),
    }
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
