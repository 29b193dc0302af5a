// The record schema (theorems/report/record_fields.hpp): one table drives the fragment, claims.json
// and `pe_report diff`, so a row added to it reaches all three, and a record survives each
// round trip exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "json_text.hpp"
#include "record_fields.hpp"
#include "claims_render.hpp"
#include "report_diff.hpp"
#include "clocks_section.hpp"

namespace {

using pe::ledger::Record;
using namespace pe::report;

/// A record with every check and bookkeeping field set, texts that need escaping included.
Record full_check_record() {
  Record r;
  r.id = "thm1.ruler.d64.delta1";
  r.unit = "theorem1";
  r.section = std::string(pe::theorems::kClocksSection);
  r.statement = "Theorem 1: a \"ruler\"\nover two lines \\ with a backslash";
  r.article = "0.466";
  r.computed = "0.4661234567";
  r.rule = "printed";
  r.verdict = "holds";
  r.expected = "holds";
  r.note = "first | second\\n (a literal backslash-n)";
  r.source = "theorems/30-clocks/theorem1.cpp:142";
  r.certified = "true";
  r.enclosure = "[0.466, 0.4662]";
  r.certification = "decided on the enclosure";
  r.floating_disagreement = "double rounds to 0.467";
  r.seeds = "20";
  r.resolution = "0.0125";
  r.inconclusive = "band too wide";
  r.overprecise = "true";
  r.residual = "0.5";
  r.residual_unit = "d\u00b7eps";
  r.consistency = "consistent";
  r.run = "17";
  r.program = "/build/tests/theorem1_test";
  return r;
}

/// The same with the sweep's annotations of a swept claim.
Record full_swept_record() {
  Record r = full_check_record();
  r.reproduction = "setting-dependent";
  r.settings_run = 22;
  r.settings_plausible = 20;
  r.settings_evaluated = 19;
  r.settings_not_evaluated = 1;
  r.settings_held = 7;
  r.share = 0.375;
  r.reading_dependent = true;
  r.settings_holding = "a/b c/d";
  Record::Reading g;
  g.id = "shared_row+resample";
  g.verdict = "holds";
  g.held = 3;
  g.evaluated = 8;
  g.value = 0.4125;
  g.se = 0.0125;
  g.ruled_out_by = "exp.bag.no_mark_rule";
  r.readings.push_back(g);
  g.id = "per_head";
  g.verdict = "not evaluated";
  g.value = g.se = std::nan("");
  g.ruled_out_by = "";
  r.readings.push_back(g);
  return r;
}

pe::JsonValue as_json(const std::string& members) { return pe::parse_json("{" + members + "}"); }

TEST(RecordFields, AFragmentRoundTripIsExact) {
  const Record r = full_check_record();
  const std::string text = fragment_text(r);
  const Record back = record_from_fragment(text);
  EXPECT_EQ(fragment_text(back), text);
  EXPECT_EQ(back.statement, r.statement);  // the newline and the backslash survive
  EXPECT_EQ(back.note, r.note);
  EXPECT_EQ(back.program, r.program);
  // Annotations are the report's, not the check's: never in a fragment.
  EXPECT_EQ(fragment_text(full_swept_record()), text);
}

TEST(RecordFields, AClaimsJsonRoundTripIsExact) {
  Record exact = full_check_record();
  exact.reproduction = "exact";  // as the report's annotations class every claim the sweep does not
  for (const Record& r : {exact, full_swept_record()}) {
    const std::string members = record_json(r);
    const Record back = record_from_json(as_json(members));
    EXPECT_EQ(record_json(back), members);
    EXPECT_EQ(back.run, "") << "the run is the fragment's bookkeeping, not claims.json's";
    EXPECT_EQ(back.readings.size(), r.readings.size());
  }
  const std::string swept = record_json(full_swept_record());
  EXPECT_NE(swept.find("\"class\": \"setting-dependent\""), std::string::npos) << swept;
  EXPECT_NE(swept.find("\"share\": 0.375"), std::string::npos) << swept;
  EXPECT_NE(swept.find("\"value\": null, \"se\": null"), std::string::npos) << swept;
  EXPECT_EQ(swept.find("\"run\""), std::string::npos) << swept;
  EXPECT_EQ(swept.find("\"program\""), std::string::npos) << swept;
}

// A relation that cannot bite is counted apart from the claims that hold; claims.json's verdict
// says so (counting "holds" there gave three more than the summary), and reads back as holding.
TEST(RecordFields, ARelationThatCannotBiteIsNoHoldingVerdictInClaimsJson) {
  Record r = full_check_record();
  r.reproduction = "exact";
  r.consistency = "cannot bite";
  const std::string members = record_json(r);
  EXPECT_NE(members.find("\"verdict\": \"cannot bite\""), std::string::npos) << members;
  const Record back = record_from_json(as_json(members));
  EXPECT_EQ(back.verdict, "holds");
  EXPECT_EQ(record_json(back), members);
  r.consistency = "consistent";
  EXPECT_NE(record_json(r).find("\"verdict\": \"holds\""), std::string::npos);
}

TEST(RecordFields, OptionalMembersAppearOnlyWhereTheyApply) {
  Record r;
  r.id = "prop1.position_exact";
  r.reproduction = "exact";
  const std::string plain = record_json(r);
  for (const char* absent : {"\"certified\"", "\"seeds\"", "\"residual\"", "\"class\"", "\"readings\"",
                             "\"floating_disagreement\""})
    EXPECT_EQ(plain.find(absent), std::string::npos) << absent << " in " << plain;
  r.certified = "false";  // a printed claim not certified: its enclosure is shown, even empty
  EXPECT_NE(record_json(r).find("\"certified\": false, \"enclosure\": \"\""), std::string::npos);
  r.residual = "inf";  // a broken computation's residual is no JSON number
  EXPECT_NE(record_json(r).find("\"residual\": \"inf\""), std::string::npos);
  r.residual = "0.5";
  EXPECT_NE(record_json(r).find("\"residual\": 0.5"), std::string::npos);
}

TEST(RecordFields, AFieldAddedToTheTableReachesTheFragmentTheJsonAndTheDiff) {
  // One row, nothing else: a field "extra" kept by the check in the note's storage.
  RecordFields fields = record_fields();
  fields.push_back({"extra", FieldSource::check, JsonForm::text, Shown::always, true,
                    [](const Record& r) { return "x" + r.note; },
                    [](Record& r, const pe::JsonValue& v) { r.note = v.text.substr(1); }});
  Record r = full_check_record();
  r.reproduction = "exact";
  EXPECT_NE(fragment_text(r, fields).find("\nextra=x"), std::string::npos);
  EXPECT_EQ(record_from_fragment(fragment_text(r, fields), fields).note, r.note);
  const std::string members = record_json(r, fields);
  EXPECT_NE(members.find("\"extra\": \"x"), std::string::npos) << members;
  Record changed = r;
  changed.note = "another note";
  const auto path = [](const char* name) { return (std::filesystem::temp_directory_path() / name).string(); };
  std::ofstream(path("pe-fields-before.json")) << "{\"claims\": [{" << record_json(r, fields) << "}]}";
  // Only the extra field differs: the note itself is not compared.
  std::ofstream(path("pe-fields-after.json"))
      << "{\"claims\": [{" << record_json(r, record_fields()) << ", \"extra\": \"x" << changed.note << "\"}]}";
  int listed = -1;
  const std::string text = diff_reports(read_report_claims(path("pe-fields-before.json"), fields),
                                        read_report_claims(path("pe-fields-after.json"), fields), listed);
  EXPECT_EQ(listed, 1) << text;
  EXPECT_NE(text.find(r.id + ": extra x"), std::string::npos) << text;
  EXPECT_NE(text.find("-> xanother note"), std::string::npos) << text;
  // Without the row, the same two reports agree.
  diff_reports(read_report_claims(path("pe-fields-before.json")), read_report_claims(path("pe-fields-after.json")),
               listed);
  EXPECT_EQ(listed, 0);
}


// `pe_report diff` lists every compared field that moves: the share alone (the strength of a
// verdict a reviewer reads), and a swept claim's class once, not again as the reproduction it equals.
TEST(RecordFields, TheDiffListsAShareMovingAloneAndAChangedClassOnce) {
  Record r = full_check_record();
  r.reproduction = "reproduces";
  r.share = 0.9;
  ASSERT_TRUE(swept(r));
  const auto path = [](const char* name) { return (std::filesystem::temp_directory_path() / name).string(); };
  const auto report_of = [&path](const char* name, const Record& record) {
    std::ofstream(path(name)) << "{\"claims\": [{" << record_json(record) << "}]}";
    return read_report_claims(path(name));
  };
  Record moved = r;
  moved.share = 0.8;
  int listed = -1;
  const std::string share_only =
      diff_reports(report_of("pe-share-before.json", r), report_of("pe-share-after.json", moved), listed);
  EXPECT_EQ(listed, 1) << share_only;
  EXPECT_NE(share_only.find("share 0.9"), std::string::npos) << share_only;
  EXPECT_NE(share_only.find("-> 0.8"), std::string::npos) << share_only;
  moved.reproduction = "fragile";
  const std::string changed =
      diff_reports(report_of("pe-share-before.json", r), report_of("pe-share-after.json", moved), listed);
  EXPECT_EQ(listed, 1) << changed;
  EXPECT_NE(changed.find("class reproduces -> fragile"), std::string::npos) << changed;
  EXPECT_EQ(changed.substr(0, changed.find('\n')).find("reproduction"), std::string::npos) << changed;
}
// What `pe_report diff` prints fits the report's width: a claim whose computed value is a long
// list is listed over lines of at most kReportWidth columns, each continuation indented.
TEST(RecordFields, TheDiffFitsTheReportsWidth) {
  Record r = full_check_record();
  Record moved = r;
  for (int i = 0; i < 40; ++i) moved.computed += " value" + std::to_string(i);
  const auto path = [](const char* name) { return (std::filesystem::temp_directory_path() / name).string(); };
  std::ofstream(path("pe-width-before.json")) << "{\"claims\": [{" << record_json(r) << "}]}";
  std::ofstream(path("pe-width-after.json")) << "{\"claims\": [{" << record_json(moved) << "}]}";
  int listed = -1;
  const std::string text = diff_reports(read_report_claims(path("pe-width-before.json")),
                                        read_report_claims(path("pe-width-after.json")), listed);
  EXPECT_EQ(listed, 1) << text;
  std::istringstream lines(text);
  int continued = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), pe::report::kReportWidth) << line;
    continued += line.rfind("    ", 0) == 0;
  }
  EXPECT_GE(continued, 2) << text;
  EXPECT_NE(text.find("value39"), std::string::npos) << text;
}
}  // namespace
