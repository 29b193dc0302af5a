/// @file
/// @brief The one schema of a claim's record: every field of ledger::Record named once, with
/// where its value comes from and how the fragment (`claims.d/<id>.rec`), claims.json and
/// `pe_report diff` write and read it. A field added to the report is one row of record_fields().
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json_text.hpp"
#include "ledger.hpp"

namespace pe::report {

/// Where a field's value comes from, which decides where it is kept.
enum class FieldSource {
  check,        ///< the claim's check (evaluate_record): its fragment and claims.json
  bookkeeping,  ///< the fragment's own (the run that wrote it): never in claims.json
  annotation,   ///< the report's annotations (the sweep): claims.json only
  derived,      ///< computed from the other fields as claims.json is written; never read back
};

/// How a field's text stands in claims.json.
enum class JsonForm {
  text,            ///< a JSON string
  literal,         ///< already a JSON number, boolean, null or object
  number_or_text,  ///< a JSON number when finite, else a string (a residual of inf or nan)
};

/// When claims.json shows a field.
enum class Shown {
  always,
  when_set,        ///< its text is not empty
  when_certified,  ///< the claim is a printed or bound claim (Record::certified is set)
  when_swept,      ///< the sweep classed the claim (not "exact" nor "not swept")
};

/// One field of a record.
struct RecordField {
  std::string name;
  FieldSource source;
  JsonForm json;
  Shown shown;
  bool compared;  ///< `pe_report diff` lists a change of it
  std::function<std::string(const ledger::Record&)> text;
  /// From a fragment's line (a scalar) or claims.json's value; empty for a derived field.
  std::function<void(ledger::Record&, const JsonValue&)> read;
};
using RecordFields = std::vector<RecordField>;

/// The fields in claims.json's order.
const RecordFields& record_fields();

/// A swept claim: the sweep gave it a class.
bool swept(const ledger::Record& record);

/// A fragment's text: `name=value` per check and bookkeeping field, newlines escaped.
std::string fragment_text(const ledger::Record& record, const RecordFields& fields = record_fields());
/// The record a fragment holds; lines of unknown fields are skipped (a fragment of an older build).
ledger::Record record_from_fragment(std::string_view text, const RecordFields& fields = record_fields());

/// A claims.json report parsed: the document, whose "claims" member is an array (checked).
/// Throws std::runtime_error for a file that cannot be read and std::invalid_argument for one
/// that is not JSON or has no "claims" array; each message starts with the path.
JsonValue read_claims_document(const std::string& path);

/// One record's members in claims.json, without the braces.
std::string record_json(const ledger::Record& record, const RecordFields& fields = record_fields());
/// The record one member of claims.json's "claims" holds (its derived members are recomputed
/// from the rest where needed, never read).
ledger::Record record_from_json(const JsonValue& claim, const RecordFields& fields = record_fields());

/// The values `pe_report diff` compares, by field name, in the table's order, as the JSON gives
/// them ("" where a member is absent).
std::vector<std::pair<std::string, std::string>> compared_values(const JsonValue& claim,
                                                                 const RecordFields& fields = record_fields());

}  // namespace pe::report
