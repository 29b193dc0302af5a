// The finance case study's library: the one-pass filing reader against the plain forward
// pass, the training questions, the ALiBi content width, the reader names and the rejections.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "headline_runs.hpp"
#include "filing_scan.hpp"
#include "synthetic_filings.hpp"
#include "filing_readers.hpp"
#include "position_scheme.hpp"
#include "lab.hpp"
#include "ledger.hpp"

namespace {

using namespace pe::experiments;
using pe::ContextExtension;

const FilingsStudy& cached_study() { return pe::experiments::headline_filings_study(); }

// Both passes add the same terms in different orders; with at most ~1,300 keys, weights in
// [0, 1] and values and logits of size <= 1e2, each logit's rounding difference is below
// n u max|term| ~ 1.3e3 * 1.1e-16 * 1e2 ~ 1.5e-11. The budget 1e-9 (1 + |logit|) covers that
// with a margin of about 100 and is far below any difference a wrong mask or position makes.
void expect_one_pass_equals_forward(const AttentionHead& head, const ReadTimeMap& read_time_map) {
  HeadEvaluator evaluator;
  double worst = 0;
  long compared = 0;
  for (const pe::experiments::Document& d : pe::experiments::case_study_corpus().held_out) {
    const pe::experiments::CueTokens cue = pe::experiments::tokenize(d);
    const Eigen::MatrixXd one_pass = read_filing_one_pass(head, filing_tokens(cue), read_time_map);
    std::vector<Example> prefixes;
    for (int t = 0; t < static_cast<int>(cue.symbols.size()); ++t)
      prefixes.push_back(filing_question(cue, t, 0, 0));
    const Eigen::MatrixXd forward = evaluator.logits_at_last(head, prefixes, read_time_map);
    ASSERT_EQ(one_pass.rows(), forward.rows());
    for (Eigen::Index t = 0; t < forward.rows(); ++t)
      for (Eigen::Index c = 0; c < forward.cols(); ++c) {
        const double diff = std::fabs(one_pass(t, c) - forward(t, c));
        worst = std::max(worst, diff / (1 + std::fabs(forward(t, c))));
        ASSERT_LE(diff, 1e-9 * (1 + std::fabs(forward(t, c))))
            << to_string(head.shape().scheme) << " position " << t << " class " << c;
        ++compared;
      }
  }
  EXPECT_GT(compared, 19000 * 8);
  ::testing::Test::RecordProperty("worst_relative_difference", std::to_string(worst));
}

// The streaming reader of the schemes that admit one (no position, ALiBi) against the one-pass
// reader on every held-out filing, with the same rounding budget as above: the stream sums
// decayed weights per token type instead of per key, a different order of the same terms.
TEST(FilingsStream, EqualsOnePassForTheSchemesThatStream) {
  long compared = 0;
  for (PositionScheme s : {PositionScheme::none, PositionScheme::alibi}) {
    const AttentionHead& head = cached_study().trained_head(s, 0);
    for (const pe::experiments::Document& d : pe::experiments::case_study_corpus().held_out) {
      const std::vector<Token> tokens = filing_tokens(pe::experiments::tokenize(d));
      const Eigen::MatrixXd one_pass = read_filing_one_pass(head, tokens);
      const std::unique_ptr<ScoreStream> stream = rule_of(s).make_stream(head, ReadTimeMap{});
      ASSERT_NE(stream, nullptr) << to_string(s);
      for (std::size_t t = 0; t < tokens.size(); ++t) {
        stream->push(tokens[t]);
        const Eigen::VectorXd logits = stream->query_logits();
        for (Eigen::Index c = 0; c < logits.size(); ++c) {
          ASSERT_LE(std::fabs(logits(c) - one_pass(t, c)), 1e-9 * (1 + std::fabs(one_pass(t, c))))
              << to_string(s) << " position " << t << " class " << c;
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 2 * 19000 * 8);
}

TEST(FilingsStream, OnlySchemesWithoutAPositionTableStream) {
  for (PositionScheme s : all_position_schemes()) {
    const AttentionHead head = make_head(article_filings_study().head_shape(s));
    const bool streams = rule_of(s).make_stream(head, ReadTimeMap{}) != nullptr;
    EXPECT_EQ(streams, s == PositionScheme::none || s == PositionScheme::alibi) << to_string(s);
  }
}

TEST(FilingsOnePass, EqualsForwardPassEverySchemeEveryPosition) {
  for (PositionScheme s : article_filings_study().schemes)
    expect_one_pass_equals_forward(cached_study().trained_head(s, 0), ReadTimeMap{});
}

TEST(FilingsOnePass, EqualsForwardPassWhenScoresDifferByThousands) {
  // The softmax is unchanged by any shift of the scores, so trained heads cannot show whether the
  // one pass shifts each row by its true largest score; with the query map 1000 times louder the
  // scores of a row differ by thousands, and any other shift overflows exp. Values and readout
  // are untouched, so the rounding budget above still holds.
  for (PositionScheme s : {PositionScheme::none, PositionScheme::rope}) {
    AttentionHead loud = cached_study().trained_head(s, 0);
    loud.weights().query *= 1000;
    expect_one_pass_equals_forward(loud, ReadTimeMap{});
  }
}

TEST(FilingsOnePass, EqualsForwardPassUnderFixedRescaledRope) {
  for (ContextExtension m : {ContextExtension::position_interpolation, ContextExtension::ntk_aware,
                             ContextExtension::yarn})
    expect_one_pass_equals_forward(cached_study().trained_head(PositionScheme::rope, 1),
                                   ReadTimeMap::rope(m, 1024, 32));
}

TEST(FilingsOnePass, SeesOnlyThePrefix) {
  // Changing a later token leaves every earlier row unchanged.
  const AttentionHead head = cached_study().trained_head(PositionScheme::sinusoidal, 0);
  const pe::experiments::CueTokens cue = pe::experiments::tokenize(pe::experiments::exhibit_filing());
  std::vector<Token> tokens = filing_tokens(cue);
  const Eigen::MatrixXd before = read_filing_one_pass(head, tokens);
  tokens[100] = Token::content((tokens[100].symbol + 1) % 8, !tokens[100].marked);
  const Eigen::MatrixXd after = read_filing_one_pass(head, tokens);
  EXPECT_EQ(before.topRows(100), after.topRows(100));
  EXPECT_NE(before.row(100), after.row(100));
}

TEST(FilingsQuestions, WindowKeepsThirtyOneTokensThenTheQuery) {
  const pe::experiments::CueTokens cue = pe::experiments::tokenize(pe::experiments::exhibit_filing());
  const Example e = filing_question(cue, 100, 3, 32);
  ASSERT_EQ(e.tokens.size(), 32u);
  EXPECT_TRUE(e.tokens.back().is_query());
  EXPECT_EQ(e.tokens.front().symbol, cue.symbols[70]);
  EXPECT_EQ(e.tokens[30].symbol, cue.symbols[100]);
  EXPECT_EQ(e.target, 3);
  EXPECT_EQ(filing_question(cue, 10, 0, 32).tokens.size(), 12u);  // the whole short prefix
  EXPECT_EQ(filing_question(cue, 100, 0, 0).tokens.size(), 102u);  // window 0: whole prefix
}

TEST(FilingsQuestions, Rejections) {
  const pe::experiments::CueTokens cue = pe::experiments::tokenize(pe::experiments::exhibit_filing());
  EXPECT_THROW(filing_question(cue, -1, 0, 32), std::invalid_argument);
  EXPECT_THROW(filing_question(cue, 209, 0, 32), std::invalid_argument);
  EXPECT_THROW(filing_question(cue, 5, -1, 32), std::invalid_argument);
}

TEST(FilingsReaders, NamesRoundTripAndUnknownListsChoices) {
  for (FilingReader r : all_filing_readers()) EXPECT_EQ(filing_reader_from_string(to_string(r)), r);
  try {
    filing_reader_from_string("rope+xyz");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("rope+yarn"), std::string::npos) << e.what();
  }
}

TEST(FilingsReaders, Rejections) {
  const AttentionHead rope = cached_study().trained_head(PositionScheme::rope, 0);
  const AttentionHead none = cached_study().trained_head(PositionScheme::none, 0);
  EXPECT_THROW(read_filing_one_pass(rope, {}), std::invalid_argument);
  ReadTimeMap pi = ReadTimeMap::rope(ContextExtension::position_interpolation, 64, 32);
  EXPECT_THROW(read_filing_one_pass(none, {Token::content(0, true)}, pi), std::invalid_argument);
  ReadTimeMap replaced;
  replaced.position_position_matrix = Eigen::MatrixXd::Zero(16, 16);
  EXPECT_THROW(read_filing_one_pass(none, {Token::content(0, true)}, replaced), std::invalid_argument);
  const pe::experiments::Document exhibit = pe::experiments::exhibit_filing();
  EXPECT_THROW(read_filing(none, FilingReader::rope_pi, exhibit, {70}, 32), std::invalid_argument);
  EXPECT_THROW(read_filing(rope, FilingReader::rope_pi, exhibit, {209}, 32), std::invalid_argument);
  EXPECT_THROW(alibi_content_width(rope), std::invalid_argument);
}


TEST(FilingsReaders, ManyFilingsAtOnceEqualEachQuestionReadAlone) {
  // read_filings asks the rescaled RoPE questions position by position across filings, in
  // batches. The reference reads each question alone, straight from its definition: the
  // question's prefix and query token, kappa = (t + 2) / 32 (plain readers: the one-pass
  // logits). Every reader, every seed (the RoPE head of seed 1 answers the first-named company
  // throughout, so it alone would test little), the first 25 held-out filings (all 100 took 6 s
  // of every test run; 25 are still read in several batches); answers must be equal.
  const std::vector<pe::experiments::Document>& corpus_held_out = pe::experiments::case_study_corpus().held_out;
  const std::vector<pe::experiments::Document> held_out(
      corpus_held_out.begin(), corpus_held_out.begin() + std::min<std::size_t>(25, corpus_held_out.size()));
  for (FilingReader r : all_filing_readers()) {
    for (int seed = 0; seed < article_filings_study().seeds; ++seed) {
      const AttentionHead head = cached_study().trained_head(scheme_of(r), seed);
      HeadEvaluator evaluator;
      std::vector<int> alone;
      for (const pe::experiments::Document& d : held_out) {
        const pe::experiments::CueTokens cue = pe::experiments::tokenize(d);
        const Eigen::MatrixXd one_pass = read_filing_one_pass(head, filing_tokens(cue));
        for (const pe::experiments::Query& q : pe::experiments::queries(d)) {
          if (map_of(r) == ContextExtension::none) {
            alone.push_back(argmax_first(one_pass.row(q.position)));
            continue;
          }
          const std::vector<Example> one = {filing_question(cue, q.position, 0, 0)};
          const ReadTimeMap read_time_map = ReadTimeMap::rope(map_of(r), q.position + 2, 32);
          alone.push_back(argmax_first(evaluator.logits_at_last(head, one, read_time_map).row(0)));
        }
      }
      EXPECT_EQ(read_filings(head, r, held_out, 32), alone) << to_string(r) << " seed " << seed;
    }
  }
  EXPECT_THROW(read_filings(cached_study().trained_head(PositionScheme::alibi, 0),
                            FilingReader::rope_ntk, held_out, 32),
               std::invalid_argument);
}

/// Logits of the rescaled reader at question t read alone: its prefix, the query token, kappa
/// from its own length (the definition the scan must reproduce).
Eigen::RowVectorXd question_alone(const AttentionHead& head, FilingReader r,
                                  const pe::experiments::CueTokens& cue, int t) {
  HeadEvaluator evaluator;
  const std::vector<Example> one = {filing_question(cue, t, 0, 0)};
  return evaluator.logits_at_last(head, one, ReadTimeMap::rope(map_of(r), t + 2, 32)).row(0);
}

/// |a - b| within the rounding budget of expect_one_pass_equals_forward, entry by entry.
void expect_logits_near(const Eigen::RowVectorXd& a, const Eigen::RowVectorXd& b,
                        const std::string& where) {
  ASSERT_EQ(a.size(), b.size()) << where;
  for (Eigen::Index c = 0; c < a.size(); ++c)
    ASSERT_LE(std::fabs(a(c) - b(c)), 1e-9 * (1 + std::fabs(b(c)))) << where << " class " << c;
}

/// Ten held-out filings end to end: 1,500 to 2,500 tokens, past the longest held-out filing,
/// so kappa reaches about 70 and the scan's turn tables span many blocks.
pe::experiments::Document ten_filings() {
  pe::experiments::Document joined;
  for (int d = 0; d < 10; ++d)
    for (const pe::experiments::FilingToken& t : pe::experiments::case_study_corpus().held_out[d].tokens)
      joined.tokens.push_back({t.text, t.company < 0 ? -1 : t.company % pe::experiments::kSymbolCount});
  return joined;
}

TEST(FilingScan, AnswersEveryHeldOutQuestionAsTheQuestionByQuestionReaders) {
  // read_filings is held to each question read alone above; the scan must give the same answer
  // to every held-out question, every reader, every seed.
  const std::vector<pe::experiments::Document>& held_out = pe::experiments::case_study_corpus().held_out;
  for (FilingReader r : all_filing_readers())
    for (int seed = 0; seed < article_filings_study().seeds; ++seed) {
      const AttentionHead head = cached_study().trained_head(scheme_of(r), seed);
      std::vector<int> scanned;
      for (const pe::experiments::Document& d : held_out) {
        const Eigen::MatrixXd logits =
            scan_filing(head, r, filing_tokens(pe::experiments::tokenize(d)), 32);
        for (const pe::experiments::Query& q : pe::experiments::queries(d))
          scanned.push_back(argmax_first(logits.row(q.position)));
      }
      EXPECT_EQ(scanned, read_filings(head, r, held_out, 32)) << to_string(r) << " seed " << seed;
    }
}

TEST(FilingScan, LogitsEqualTheReferencesOnALongDocument) {
  const pe::experiments::Document long_document = ten_filings();
  const pe::experiments::CueTokens cue = pe::experiments::tokenize(long_document);
  const std::vector<Token> tokens = filing_tokens(cue);
  const int n = static_cast<int>(tokens.size());
  ASSERT_GT(n, 1500);
  for (FilingReader r : all_filing_readers()) {
    const AttentionHead head = cached_study().trained_head(scheme_of(r), 0);
    const Eigen::MatrixXd scanned = scan_filing(head, r, tokens, 32);
    ASSERT_EQ(scanned.rows(), n);
    if (map_of(r) == ContextExtension::none) {
      // The streams (none, ALiBi) and the prefix scan of the same heads, both against one pass.
      const Eigen::MatrixXd one_pass = read_filing_one_pass(head, tokens);
      const Eigen::MatrixXd prefix = scan_filing(head, r, tokens, 32, nullptr, false);
      for (int t = 0; t < n; ++t) {
        expect_logits_near(scanned.row(t), one_pass.row(t), to_string(r) + " position " + std::to_string(t));
        expect_logits_near(prefix.row(t), one_pass.row(t), to_string(r) + " scanned, position " + std::to_string(t));
      }
    } else {
      for (int t : {0, 1, 30, 31, 100, 777, n / 2, n - 1})
        expect_logits_near(scanned.row(t), question_alone(head, r, cue, t),
                           to_string(r) + " position " + std::to_string(t));
    }
  }
}

TEST(FilingScan, ReportsItsWorkAndRefusesWhatItCannotRead) {
  const AttentionHead rope = cached_study().trained_head(PositionScheme::rope, 0);
  const AttentionHead alibi = cached_study().trained_head(PositionScheme::alibi, 0);
  const std::vector<Token> tokens = filing_tokens(pe::experiments::tokenize(pe::experiments::exhibit_filing()));
  const long n = static_cast<long>(tokens.size());
  std::atomic<long> work{0};
  scan_filing(rope, FilingReader::rope_yarn, tokens, 32, &work);
  EXPECT_EQ(work.load(), scan_work(rope, FilingReader::rope_yarn, n));
  EXPECT_EQ(work.load(), n * (n + 1) / 2);
  work = 0;
  scan_filing(alibi, FilingReader::alibi, tokens, 32, &work);
  EXPECT_EQ(work.load(), n);  // a stream: one unit per position
  EXPECT_THROW(scan_filing(rope, FilingReader::alibi, tokens, 32), std::invalid_argument);
  EXPECT_THROW(scan_filing(rope, FilingReader::rope, {}, 32), std::invalid_argument);
}

TEST(FilingScan, ThreadsChangeNoAnswer) {
  std::vector<ReaderColumn> columns;
  for (FilingReader r : all_filing_readers())
    for (int k = 0; k < 3; ++k) columns.push_back({r, cached_study().trained_head(scheme_of(r), k)});
  const std::vector<Token> tokens = filing_tokens(pe::experiments::tokenize(ten_filings()));
  const auto one = read_document(columns, tokens, 32, 1);
  int reports = 0;
  const auto two = read_document(columns, tokens, 32, 2,
                                 [&](double fraction) {
                                   EXPECT_GE(fraction, 0.0);
                                   EXPECT_LE(fraction, 1.0);
                                   ++reports;
                                 },
                                 0.0);
  EXPECT_EQ(one, two);
  EXPECT_GT(reports, 0);
  ASSERT_EQ(one.size(), columns.size());
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const Eigen::MatrixXd logits = scan_filing(columns[c].head, columns[c].reader, tokens, 32);
    for (Eigen::Index t = 0; t < logits.rows(); t += 97)
      EXPECT_EQ(one[c][std::size_t(t)], argmax_first(logits.row(t)));
  }
}

TEST(FilingsTraining, SetHoldsEveryQuestionAndEmptySetsAreRejected) {
  const pe::experiments::Corpus& corpus = pe::experiments::case_study_corpus();
  const FilingsTrainingSet set = filings_training_set(corpus.train);
  std::size_t expected = 0;
  for (const pe::experiments::Document& d : corpus.train) expected += pe::experiments::queries(d).size();
  EXPECT_EQ(set.questions.size(), expected);
  EXPECT_EQ(set.filings.size(), corpus.train.size());
  pe::experiments::Document silent;
  silent.tokens = {{"revenue", -1}, {"rose", -1}};
  EXPECT_THROW(filings_training_set({silent}), std::invalid_argument);
  EXPECT_THROW(train_filings_head(article_filings_study(), FilingsTrainingSet{},
                                  PositionScheme::rope, 0),
               std::invalid_argument);
}

TEST(FilingsTraining, ValidationWindowsDrawFromEveryQuestion) {
  // A filing of two tokens has two questions, at positions 0 and 1; 2,000 draws take each.
  pe::experiments::Document d;
  d.companies = {"Acme Rail"};
  d.tokens = {{"Acme Rail", 0}, {"rose", -1}};
  const FilingsTrainingSet set = filings_training_set({d});
  ASSERT_EQ(set.questions.size(), 2u);
  const std::vector<Example> windows = filings_validation_windows(article_filings_study(), set);
  std::size_t lengths[4] = {};
  for (const Example& e : windows) {
    ASSERT_TRUE(e.tokens.size() == 2 || e.tokens.size() == 3) << e.tokens.size();
    ++lengths[e.tokens.size()];
  }
  EXPECT_GT(lengths[2], 0u) << "the question at position 0 (the window: the mention, the query)";
  EXPECT_GT(lengths[3], 0u) << "the question at position 1";
}

TEST(FilingsConfig, Rejections) {
  FilingsStudyConfig c = article_filings_study();
  EXPECT_NO_THROW(c.validate());
  c.seeds = 0;
  EXPECT_THROW(c.validate(), std::invalid_argument);
  c.seeds = 1;  // the least accepted
  EXPECT_NO_THROW(c.validate());
  c = article_filings_study();
  c.window = 1;
  EXPECT_THROW(c.validate(), std::invalid_argument);
  c = article_filings_study();
  c.schemes = {PositionScheme::learned};
  EXPECT_THROW(c.validate(), std::invalid_argument);
  c = article_filings_study();
  c.shape.symbols = 7;
  EXPECT_THROW(c.validate(), std::invalid_argument);
  c = article_filings_study();
  c.train_documents = 0;
  EXPECT_THROW(c.validate(), std::invalid_argument);
  pe::experiments::Corpus small = pe::experiments::case_study_corpus();
  small.held_out.pop_back();
  EXPECT_THROW(run_filings_study(article_filings_study(), small, ""), std::invalid_argument);
}

TEST(FilingsAlibi, ContentWidthIsTheSpreadOfTheQueryTokensScores) {
  const AttentionHead head = cached_study().trained_head(PositionScheme::alibi, 0);
  // Brute force over the 17 token types through the dense reader's own score path: with two
  // keys at the same offset the ALiBi penalty cancels, so score differences are content only.
  std::vector<Token> types = {Token::query()};
  for (int s = 0; s < 8; ++s)
    for (bool m : {false, true}) types.push_back(Token::content(s, m));
  const Eigen::VectorXd q = head.query_map().transpose() * head.token_embedding(Token::query());
  double lo = 1e300, hi = -1e300;
  for (const Token& t : types) {
    const double c = q.dot(head.key_map().transpose() * head.token_embedding(t)) / 4.0;  // sqrt(16)
    lo = std::min(lo, c);
    hi = std::max(hi, c);
  }
  EXPECT_NEAR(alibi_content_width(head), hi - lo, 1e-12 * (1 + hi - lo));
  EXPECT_GT(alibi_content_width(head), 0.0);
}

TEST(FilingsStudy, HeldOutAccuracyIsTheShareOfHeldOutQuestionsReadRight) {
  // Read afresh from the head rather than from the cached answers, and scored against queries().
  const std::vector<pe::experiments::Document>& held_out = pe::experiments::case_study_corpus().held_out;
  const FilingReader reader = FilingReader::rope_pi;
  const int seed = 1;
  const std::vector<int> answers = read_filings(cached_study().trained_head(scheme_of(reader), seed),
                                                reader, held_out, cached_study().config.window);
  long asked = 0, right = 0;
  for (const pe::experiments::Document& d : held_out)
    for (const pe::experiments::Query& q : pe::experiments::queries(d))
      right += answers[std::size_t(asked++)] == q.answer;
  ASSERT_EQ(std::size_t(asked), answers.size());
  EXPECT_EQ(cached_study().held_out_accuracy(reader, seed), double(right) / double(asked));
  EXPECT_THROW(cached_study().held_out_accuracy(reader, cached_study().config.seeds),
               std::invalid_argument);
}

// The quietness claim compares the ALiBi heads of both studies: every seed trained on each
// side, decided on the smaller side's count.
TEST(FilingsStudy, QuietValuesClaimReadsEverySeedOfBothStudies) {
  const pe::ledger::Claim& claim = pe::ledger::claim_with_id("filings.horizon.quiet_values");
  const pe::theorems::lab::Runs& runs = pe::theorems::lab::headline_runs();
  EXPECT_EQ(claim.evaluate_on_runs(runs).seeds,
            std::min(runs.filings_study().config.seeds, runs.tournament().config.seeds));
}

TEST(FilingsCache, SecondRunLoadsEveryHeadWithIdenticalAnswers) {
  const FilingsStudy again =
      run_filings_study(cached_study().config, pe::experiments::case_study_corpus(), PE_CACHE_DIR, 0,
                        [](std::size_t, std::size_t) { ADD_FAILURE() << "a loaded head reported"; });
  EXPECT_EQ(again.trained, 0);
  for (std::size_t i = 0; i < again.heads.size(); ++i) {
    EXPECT_EQ(again.heads[i].trained_parameters, cached_study().heads[i].trained_parameters);
    EXPECT_EQ(again.heads[i].held_out_answers, cached_study().heads[i].held_out_answers);
  }
}

TEST(FilingsCache, CorruptEntryIsRecomputedIdentically) {
  // A copy of the cache with one entry's answers altered (its checksum no longer matches):
  // that head alone is trained again, and reproduces the cached weights and answers exactly.
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "pe_filings_cache_test";
  fs::remove_all(dir);
  const FilingsStudyConfig config = cached_study().config;
  const auto& corpus = pe::experiments::case_study_corpus();
  for (PositionScheme s : config.schemes)
    for (int k = 0; k < config.seeds; ++k) {
      const fs::path from = filings_head_cache_path(config, corpus, PE_CACHE_DIR, s, k);
      const fs::path to = filings_head_cache_path(config, corpus, dir.string(), s, k);
      fs::create_directories(to.parent_path());
      fs::copy_file(from, to);
    }
  const fs::path victim = filings_head_cache_path(config, corpus, dir.string(), PositionScheme::alibi, 1);
  std::string text;
  {
    std::ifstream in(victim);
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const std::size_t at = text.find("held_out alibi ") + 15;
  text[at] = text[at] == '0' ? '1' : '0';
  std::ofstream(victim) << text;
  std::vector<std::size_t> reports;  // heads trained, as run_filings_study reports them
  const FilingsStudy again =
      run_filings_study(config, corpus, dir.string(), 1, [&](std::size_t trained, std::size_t missing) {
        EXPECT_EQ(missing, 1u);
        reports.push_back(trained);
      });
  EXPECT_EQ(again.trained, 1);
  EXPECT_EQ(reports, (std::vector<std::size_t>{0, 1}));
  for (std::size_t i = 0; i < again.heads.size(); ++i) {
    EXPECT_EQ(again.heads[i].trained_parameters, cached_study().heads[i].trained_parameters);
    EXPECT_EQ(again.heads[i].held_out_answers, cached_study().heads[i].held_out_answers);
    EXPECT_EQ(again.heads[i].exhibit_answers, cached_study().heads[i].exhibit_answers);
  }
  fs::remove_all(dir);
}

}  // namespace
