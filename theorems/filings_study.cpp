/// @file
/// @brief The finance case study: which company was named last? Single heads trained on
/// 32-token windows of synthetic filings, read on whole held-out filings; the accuracy table,
/// the ALiBi horizon of Theorem 3 (iii), and the exhibit filing.
///
/// Convention: the question at filing position t is a query token appended after filing
/// tokens 0..t (as in the cue task); its answer is the company named last at or before t.
/// Training examples are windows of at most 31 filing tokens plus the query token, whose
/// target may lie outside the window (experiments/filings_study.hpp). Test questions see the
/// whole prefix; rescaled RoPE readings use kappa = max(1, (t + 2)/32) per question.
///
/// What is checked:
/// - the accuracy of seven readers (mean of three seeds), all questions and far ones (answer
///   32 or more tokens back), against the article's table, as statistical claims: the
///   standard error is binomial over the pooled questions of the three seeds,
///   sqrt(p (1 - p) / (3 N)), k = 3. It omits the spread between seeds, which the per-seed
///   values in each claim's detail show.
/// - shape claims written from the article's sentences before any head was read: PI reads
///   nearly every far answer, ALiBi loses many, PI ranks first among the rescalings on the
///   filings but not in the tournament, and a head that lost the trail answers the
///   first-named company.
/// - Theorem 3 (iii) on trained heads: a key at offset r > W/s weighs less than the query's own
///   position. Each ALiBi head's W is read off its weights (alibi_content_width: the query
///   token's content scores against all 17 token types), its horizon is W/s with s = 1/2, and
///   its answers are split by the answer's offset r = distance + 1 from the query token: inside
///   half the horizon (r <= W/(2s)) and beyond it (r > W/s). Heads trained on the filings and
///   the tournament's ALiBi heads (trained on the synthetic stream) both read the filings.
/// - the exhibit filing: which company each head names at the clause (token 109), and whether
///   RoPE + PI follows Fenwick Logistics from token 64 on.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <sstream>

#include "case_study_corpus.hpp"
#include "filings_corpus.hpp"
#include "filings_study.hpp"
#include "ledger.hpp"
#include "tournament.hpp"

namespace pe::theorems {

namespace {

using experiments::FilingReader;
using experiments::PositionScheme;

const experiments::FilingsStudy& study() {
  static const experiments::FilingsStudy s = experiments::run_filings_study(
      experiments::article_filings_study(), case_study_corpus(), PE_CACHE_DIR);
  return s;
}

const experiments::Tournament& tournament() {
  static const experiments::Tournament t =
      experiments::run_tournament(experiments::article_tournament(), PE_CACHE_DIR);
  return t;
}

constexpr int kSeeds = 3;
constexpr double kStatK = 3.0;  // claims below state k = 3 standard errors

struct Accuracy {
  std::vector<double> per_seed;
  long questions = 0;  // per seed
  double mean() const {
    double s = 0;
    for (double x : per_seed) s += x;
    return s / double(per_seed.size());
  }
  /// Binomial over the pooled questions of all seeds.
  double standard_error() const {
    const double p = mean();
    return std::sqrt(std::max(p * (1 - p), 1e-300) / double(questions * long(per_seed.size())));
  }
  std::string seeds_text() const {
    std::string s = "per seed";
    for (double x : per_seed) s += ' ' + ledger::format(x);
    return s + " over " + std::to_string(questions) + " questions each";
  }
};

/// Accuracy of one reader over the held-out questions that `keep` selects.
template <class Keep>
Accuracy accuracy_of(FilingReader reader, Keep keep) {
  const auto& s = study();
  const auto& qs = s.held_out_queries;
  Accuracy a;
  for (int k = 0; k < kSeeds; ++k) {
    const std::vector<int>& ans = s.run(experiments::scheme_of(reader), k).answers(reader);
    long right = 0, total = 0;
    for (std::size_t i = 0; i < qs.size(); ++i)
      if (keep(qs[i])) {
        ++total;
        right += ans[i] == qs[i].answer;
      }
    a.per_seed.push_back(double(right) / double(total));
    a.questions = total;
  }
  return a;
}

Accuracy accuracy_all(FilingReader r) {
  return accuracy_of(r, [](const filings::Query&) { return true; });
}
Accuracy accuracy_far(FilingReader r) {
  return accuracy_of(r, [](const filings::Query& q) { return filings::is_far(q); });
}

ledger::Outcome stat_outcome(const std::string& article, const Accuracy& a) {
  ledger::Outcome o = ledger::statistical(article, a.mean(), a.standard_error(), kStatK);
  o.detail += "; " + a.seeds_text();
  return o;
}

std::string id_name(FilingReader r) {
  std::string s = experiments::to_string(r);
  std::replace(s.begin(), s.end(), '+', '_');
  return s;
}

// ---- ALiBi horizon ---------------------------------------------------------------------

struct HorizonRow {
  double width = 0, horizon = 0;
  long inside = 0, inside_right = 0, beyond = 0, beyond_right = 0;
  double inside_accuracy() const { return double(inside_right) / double(inside); }
  double beyond_accuracy() const { return double(beyond_right) / double(beyond); }
};

HorizonRow horizon_row(const experiments::AttentionHead& head, const std::vector<int>& answers) {
  HorizonRow row;
  row.width = experiments::alibi_content_width(head);
  row.horizon = row.width / head.shape().alibi_slope;
  const auto& qs = study().held_out_queries;
  for (std::size_t i = 0; i < qs.size(); ++i) {
    const double offset = qs[i].distance + 1;  // the key's offset from the query token
    const bool right = answers[i] == qs[i].answer;
    if (offset <= row.horizon / 2) {
      ++row.inside;
      row.inside_right += right;
    } else if (offset > row.horizon) {
      ++row.beyond;
      row.beyond_right += right;
    }
  }
  return row;
}

/// Rows 0..2: filings heads; rows 3..5: the tournament's ALiBi heads reading the filings.
const std::vector<HorizonRow>& horizon_rows() {
  static const std::vector<HorizonRow> rows = [] {
    std::vector<HorizonRow> out;
    for (int k = 0; k < kSeeds; ++k)
      out.push_back(horizon_row(study().trained_head(PositionScheme::alibi, k),
                                study().run(PositionScheme::alibi, k).answers(FilingReader::alibi)));
    for (int k = 0; k < kSeeds; ++k) {
      const experiments::AttentionHead head = tournament().trained_head(PositionScheme::alibi, k);
      std::vector<int> answers;
      for (const filings::Document& d : case_study_corpus().held_out) {
        std::vector<int> positions;
        for (const filings::Query& q : filings::queries(d)) positions.push_back(q.position);
        const std::vector<int> a = experiments::read_filing(head, FilingReader::alibi, d, positions,
                                                            tournament().config.task.length);
        answers.insert(answers.end(), a.begin(), a.end());
      }
      out.push_back(horizon_row(head, answers));
    }
    return out;
  }();
  return rows;
}

std::string horizon_text(const HorizonRow& r) {
  return "W " + ledger::format(r.width) + ", horizon " + ledger::format(r.horizon) + ", inside half " +
         std::to_string(r.inside_right) + "/" + std::to_string(r.inside) + ", beyond " +
         std::to_string(r.beyond_right) + "/" + std::to_string(r.beyond);
}

// ---- Exhibit ---------------------------------------------------------------------------

const filings::Document& exhibit() {
  static const filings::Document d = filings::exhibit_filing();
  return d;
}

int exhibit_company(const std::string& name) {
  const auto& c = exhibit().companies;
  const auto it = std::find(c.begin(), c.end(), name);
  if (it == c.end()) throw std::invalid_argument("the exhibit filing never names " + name);
  return static_cast<int>(it - c.begin());
}

/// Index into the exhibit's questions of filing position t.
std::size_t exhibit_index(int position) {
  const auto& qs = study().exhibit_queries;
  for (std::size_t i = 0; i < qs.size(); ++i)
    if (qs[i].position == position) return i;
  throw std::invalid_argument("the exhibit filing has no question at position " + std::to_string(position));
}

constexpr int kClausePosition = 109;
constexpr int kFenwickPosition = 64;
const std::vector<FilingReader> kPlainReaders = {FilingReader::none, FilingReader::sinusoidal,
                                                 FilingReader::rope, FilingReader::alibi};

/// Claims that do not reproduce with these heads, each with its measured value. The rules
/// above were written from the article before any head was read; the values were recorded
/// after. A common cause: with 1,500 steps at batch 64 (the tournament's settings, not tuned
/// here) several heads settle on the first-named company, which is right at 74.7% of the
/// held-out questions and 79.2% of the far ones in the re-created corpus.
const std::map<std::string, std::string>& measured_errata() {
  static const std::map<std::string, std::string> errata = {
      {"filings.acc.none.all",
       "0.7628 (per seed 0.7465, 0.7465, 0.7953; seeds 0 and 1 answer the first-named company at every question)"},
      {"filings.acc.none.far",
       "0.8020 (per seed 0.7921, 0.7921, 0.8217)"},
      {"filings.acc.sinusoidal.all",
       "0.7383 (per seed 0.7293, 0.7391, 0.7465)"},
      {"filings.acc.sinusoidal.far",
       "0.7840 (per seed 0.7833, 0.7765, 0.7921)"},
      {"filings.acc.rope.all",
       "0.8291 (per seed 0.8732, 0.7465, 0.8676; seed 1 answers the first-named company throughout)"},
      {"filings.acc.rope.far",
       "0.7799 (per seed 0.7854, 0.7921, 0.7621)"},
      {"filings.acc.alibi.far",
       "0.7921 in every seed: each ALiBi head answers the first-named company at every far question"},
      {"filings.acc.rope_pi.all",
       "0.8769 (per seed 0.9214, 0.7465, 0.9628)"},
      {"filings.acc.rope_pi.far",
       "0.8990 (per seed 0.9283, 0.7921, 0.9764)"},
      {"filings.acc.rope_ntk.all",
       "0.8272 (per seed 0.8716, 0.7465, 0.8636)"},
      {"filings.acc.rope_ntk.far",
       "0.7501 (per seed 0.7633, 0.7921, 0.6947)"},
      {"filings.acc.rope_yarn.all",
       "0.8653 (per seed 0.8880, 0.7465, 0.9613)"},
      {"filings.acc.rope_yarn.far",
       "0.8851 (per seed 0.8871, 0.7921, 0.9761)"},
      {"filings.shape.pi_reads_far",
       "mean far accuracy 0.8990 < 0.95 (seed 1 is stuck on the first-named company; seeds 0 and 2 read 0.928 and 0.976)"},
      {"filings.shape.alibi_loses_far",
       "mean far accuracy 0.7921 > 0.7: the ALiBi heads lose 21% of far questions, not 42%, because the first-named fallback is right on 79% of them in this corpus"},
      {"filings.horizon.inside_half_all_right",
       "the three synthetic-stream heads answer every question inside half their horizon, but the filings heads answer 0.885, 0.893 and 0.882 of theirs"},
      {"filings.horizon.filings.seed0.width",
       "horizon 38.35 (W = 19.17)"},
      {"filings.horizon.filings.seed0.inside",
       "0.8855 (7382 of 8337)"},
      {"filings.horizon.filings.seed0.beyond",
       "0.7958 (5090 of 6396)"},
      {"filings.horizon.filings.seed1.width",
       "horizon 33.59 (W = 16.80)"},
      {"filings.horizon.filings.seed1.inside",
       "0.8925 (6801 of 7620)"},
      {"filings.horizon.filings.seed1.beyond",
       "0.7927 (6005 of 7575)"},
      {"filings.horizon.filings.seed2.width",
       "horizon 34.67 (W = 17.33)"},
      {"filings.horizon.filings.seed2.inside",
       "0.8819 (6931 of 7859)"},
      {"filings.horizon.filings.seed2.beyond",
       "0.7934 (5821 of 7337)"},
      {"filings.horizon.synthetic.seed0.width",
       "horizon 36.22 (W = 18.11)"},
      {"filings.horizon.synthetic.seed1.width",
       "horizon 48.62 (W = 24.31)"},
      {"filings.horizon.synthetic.seed1.beyond",
       "0.1034 (447 of 4325)"},
      {"filings.horizon.synthetic.seed2.width",
       "horizon 36.89 (W = 18.45)"},
      {"filings.horizon.synthetic.seed2.beyond",
       "0.0443 (304 of 6862)"},
      {"filings.exhibit.fenwick_count",
       "0 of 12: every plain head in every seed answers Marrow Freight at the clause"},
      {"filings.exhibit.pi_follows_fenwick",
       "only seed 2 follows Fenwick Logistics (145 of 145, right at 209 of 209); seeds 0 and 1 answer Fenwick at 0 of 145 positions and are right at 64 and 52 of 209"},
  };
  return errata;
}

/// Declares a claim, marked expected = fails with its erratum if it is in measured_errata().
void add_claim(ledger::UnitClaims& claims, ledger::Claim claim) {
  const auto it = measured_errata().find(claim.id);
  if (it != measured_errata().end()) {
    claim.expected = ledger::Verdict::fails;
    claim.erratum = "does not reproduce in this implementation: measured " + it->second;
  }
  claims.add(std::move(claim));
}

}  // namespace
}  // namespace pe::theorems

PE_VERIFICATION_UNIT(filings_study) {
  using namespace pe::ledger;
  using namespace pe::theorems;
  using pe::experiments::FilingReader;
  using pe::experiments::PositionScheme;
  const std::string section = "Finance case study: which company was named last?";

  // ---- The accuracy table (mean of three seeds) -----------------------------------------
  struct Row {
    FilingReader reader;
    const char* all;
    const char* far;
  };
  const std::vector<Row> table = {
      {FilingReader::none, "0.613", "0.528"},      {FilingReader::sinusoidal, "0.762", "0.712"},
      {FilingReader::rope, "0.878", "0.721"},      {FilingReader::alibi, "0.828", "0.580"},
      {FilingReader::rope_pi, "0.991", "0.986"},   {FilingReader::rope_ntk, "0.913", "0.788"},
      {FilingReader::rope_yarn, "0.990", "0.985"}};
  for (const Row& row : table) {
    const std::string name = pe::experiments::to_string(row.reader);
    const FilingReader r = row.reader;
    add_claim(claims, {"filings.acc." + id_name(r) + ".all", section,
                "Accuracy table: reader " + name + " on all held-out questions, mean of 3 seeds "
                "(k = 3 binomial standard errors over the pooled questions)",
                row.all, Rule::statistical,
                [r, all = std::string(row.all)] { return stat_outcome(all, accuracy_all(r)); }});
    add_claim(claims, {"filings.acc." + id_name(r) + ".far", section,
                "Accuracy table: reader " + name + " on questions whose answer is 32 or more "
                "tokens back, mean of 3 seeds (k = 3 binomial standard errors)",
                row.far, Rule::statistical,
                [r, far = std::string(row.far)] { return stat_outcome(far, accuracy_far(r)); }});
  }

  // ---- Shape claims from the article's sentences -----------------------------------------
  add_claim(claims, {"filings.shape.pi_reads_far", section,
              "RoPE with interpolated positions reads nearly all far answers: mean far accuracy "
              ">= 0.95",
              "0.986 far (nearly all)", Rule::shape, [] {
                const Accuracy a = accuracy_far(FilingReader::rope_pi);
                return decided(a.mean() >= 0.95, format(a.mean()), a.seeds_text() + "; rule >= 0.95");
              }});
  add_claim(claims, {"filings.shape.alibi_loses_far", section,
              "ALiBi, which held at every tournament length, loses many far questions: mean far "
              "accuracy <= 0.7",
              "loses 42% of far queries", Rule::shape, [] {
                const Accuracy a = accuracy_far(FilingReader::alibi);
                return decided(a.mean() <= 0.7, format(a.mean()), a.seeds_text() + "; rule <= 0.7");
              }});
  add_claim(claims, {"filings.shape.pi_first", section,
              "Rescalings rank differently by task: on the filings PI has the highest mean "
              "accuracy (all questions) of PI, NTK-aware and YaRN, while in the tournament at "
              "length 256 it does not",
              "PI first on the filings, NTK-aware on the synthetic stream", Rule::shape, [] {
                const double pi = accuracy_all(FilingReader::rope_pi).mean();
                const double ntk = accuracy_all(FilingReader::rope_ntk).mean();
                const double yarn = accuracy_all(FilingReader::rope_yarn).mean();
                std::map<std::string, double> tour;
                for (const char* m : {"pi", "ntk", "yarn"}) {
                  double s = 0;
                  for (int k = 0; k < kSeeds; ++k)
                    s += *tournament().accuracy(PositionScheme::rope, k, m, 256);
                  tour[m] = s / kSeeds;
                }
                const bool filings_pi_first = pi > ntk && pi > yarn;
                const bool tournament_pi_not_first = tour["pi"] < std::max(tour["ntk"], tour["yarn"]);
                std::ostringstream c;
                c << "filings pi " << format(pi) << " ntk " << format(ntk) << " yarn " << format(yarn)
                  << "; tournament@256 pi " << format(tour["pi"]) << " ntk " << format(tour["ntk"])
                  << " yarn " << format(tour["yarn"]);
                return decided(filings_pi_first && tournament_pi_not_first, c.str(),
                               "rule: PI strictly first on the filings and not first in the tournament");
              }});
  add_claim(claims, {"filings.shape.first_named_fallback", section,
              "A head that lost the trail falls back on the first-named company: for each of the "
              "four plain readers (seeds pooled), the most common answer among its wrong answers "
              "on far questions is the first-named company (order 0)",
              "falls back on the first company named", Rule::shape, [] {
                bool all = true;
                std::string c;
                const auto& qs = study().held_out_queries;
                for (FilingReader r : kPlainReaders) {
                  std::vector<long> counts(pe::filings::kSymbolCount, 0);
                  for (int k = 0; k < kSeeds; ++k) {
                    const auto& ans =
                        study().run(pe::experiments::scheme_of(r), k).answers(r);
                    for (std::size_t i = 0; i < qs.size(); ++i)
                      if (pe::filings::is_far(qs[i]) && ans[i] != qs[i].answer) ++counts[ans[i]];
                  }
                  const long total = std::accumulate(counts.begin(), counts.end(), 0L);
                  const int top = int(std::max_element(counts.begin(), counts.end()) - counts.begin());
                  all = all && top == 0;
                  c += pe::experiments::to_string(r) + ": " + std::to_string(counts[0]) + "/" +
                       std::to_string(total) + " wrong answers name company 0, most common " +
                       std::to_string(top) + "; ";
                }
                return decided(all, c, "rule: company 0 is the most common wrong far answer of every plain reader");
              }});

  // ---- Theorem 3 (iii): the ALiBi horizon ------------------------------------------------
  add_claim(claims, {"filings.horizon.inside_half_all_right", section,
              "Theorem 3 (iii) on trained heads: inside half its horizon W/s every ALiBi head "
              "(three trained on filings, three on the synthetic stream) answers every question",
              "1.000 inside half, for all six heads", Rule::shape, [] {
                bool all = true;
                std::string c;
                for (const HorizonRow& r : horizon_rows()) {
                  all = all && r.inside > 0 && r.inside_right == r.inside;
                  c += horizon_text(r) + "; ";
                }
                return decided(all, c, "rule: inside_right == inside > 0 for each head");
              }});
  add_claim(claims, {"filings.horizon.beyond_degrades", section,
              "Theorem 3 (iii) on trained heads: beyond its horizon every ALiBi head degrades "
              "(accuracy beyond < accuracy inside half, and < 1)",
              "every head degrades beyond the horizon", Rule::shape, [] {
                bool all = true;
                std::string c;
                for (const HorizonRow& r : horizon_rows()) {
                  all = all && r.beyond > 0 && r.beyond_accuracy() < 1.0 &&
                        r.beyond_accuracy() < r.inside_accuracy();
                  c += format(r.beyond_accuracy()) + " beyond; ";
                }
                return decided(all, c, "rule: beyond accuracy < 1 and below the inside-half accuracy, each head");
              }});
  add_claim(claims, {"filings.horizon.filings_above_synthetic", section,
              "Beyond the horizon the heads trained on filings read more than those trained on "
              "the synthetic stream (every filings head above every synthetic head)",
              "0.32 to 0.72 for filings heads, about 0.1 for synthetic", Rule::shape, [] {
                const auto& rows = horizon_rows();
                double min_filings = 1, max_synthetic = 0;
                for (int k = 0; k < kSeeds; ++k) {
                  min_filings = std::min(min_filings, rows[k].beyond_accuracy());
                  max_synthetic = std::max(max_synthetic, rows[kSeeds + k].beyond_accuracy());
                }
                return decided(min_filings > max_synthetic,
                               "min filings " + format(min_filings) + ", max synthetic " + format(max_synthetic),
                               "rule: min over filings heads > max over synthetic heads");
              }});
  struct HorizonArticle {
    const char* tag;
    const char* horizon;
    const char* beyond;
  };
  const std::vector<HorizonArticle> horizon_table = {
      {"filings.seed0", "51.1", "0.723"}, {"filings.seed1", "53.0", "0.487"},
      {"filings.seed2", "55.8", "0.319"}, {"synthetic.seed0", "38.7", "0.112"},
      {"synthetic.seed1", "35.8", "0.087"}, {"synthetic.seed2", "37.0", "0.108"}};
  for (std::size_t i = 0; i < horizon_table.size(); ++i) {
    const HorizonArticle& h = horizon_table[i];
    add_claim(claims, {std::string("filings.horizon.") + h.tag + ".width", section,
                std::string("ALiBi horizon table: horizon W/s of the head trained on ") + h.tag,
                h.horizon, Rule::printed, [i, a = std::string(h.horizon)] {
                  const HorizonRow& r = horizon_rows()[i];
                  Outcome o = printed(a, r.horizon);
                  o.detail += "; " + horizon_text(r);
                  return o;
                }});
    add_claim(claims, {std::string("filings.horizon.") + h.tag + ".inside", section,
                std::string("ALiBi horizon table: accuracy inside half the horizon, head trained on ") + h.tag,
                "1.000", Rule::printed, [i] {
                  const HorizonRow& r = horizon_rows()[i];
                  Outcome o = printed("1.000", r.inside_accuracy());
                  o.detail += "; " + horizon_text(r);
                  return o;
                }});
    add_claim(claims, {std::string("filings.horizon.") + h.tag + ".beyond", section,
                std::string("ALiBi horizon table: accuracy beyond the horizon, head trained on ") +
                    h.tag + " (k = 3 binomial standard errors over the questions beyond)",
                h.beyond, Rule::statistical, [i, a = std::string(h.beyond)] {
                  const HorizonRow& r = horizon_rows()[i];
                  const double p = r.beyond_accuracy();
                  Outcome o = statistical(a, p, std::sqrt(std::max(p * (1 - p), 1e-300) / double(r.beyond)), kStatK);
                  o.detail += "; " + horizon_text(r);
                  return o;
                }});
  }

  // ---- The exhibit filing ----------------------------------------------------------------
  add_claim(claims, {"filings.exhibit.seed0_marrow", section,
              "Exhibit filing: at the clause (token 109) the seed-0 heads without position, with "
              "the added code, with RoPE and with ALiBi all answer Marrow Freight",
              "Marrow Freight, all four", Rule::shape, [] {
                const int marrow = exhibit_company("Marrow Freight");
                const std::size_t i = exhibit_index(kClausePosition);
                bool all = true;
                std::string c;
                for (FilingReader r : kPlainReaders) {
                  const int a = study().run(pe::experiments::scheme_of(r), 0).exhibit(r)[i];
                  all = all && a == marrow;
                  c += pe::experiments::to_string(r) + " -> " + exhibit().companies.at(a) + "; ";
                }
                return decided(all, c, "rule: all four answers equal Marrow Freight");
              }});
  add_claim(claims, {"filings.exhibit.fenwick_count", section,
              "Exhibit filing: of the 12 answers at the clause (four plain readers, three seeds), "
              "this many are Fenwick Logistics",
              "5", Rule::printed, [] {
                const int fenwick = exhibit_company("Fenwick Logistics");
                const std::size_t i = exhibit_index(kClausePosition);
                int count = 0;
                std::string c;
                for (int k = 0; k < kSeeds; ++k)
                  for (FilingReader r : kPlainReaders) {
                    const int a = study().run(pe::experiments::scheme_of(r), k).exhibit(r)[i];
                    count += a == fenwick;
                    c += exhibit().companies.at(a) + (k == kSeeds - 1 && r == FilingReader::alibi ? "" : ", ");
                  }
                Outcome o = printed("5", count);
                o.detail += "; answers by seed then reader: " + c;
                return o;
              }});
  add_claim(claims, {"filings.exhibit.pi_follows_fenwick", section,
              "Exhibit filing: RoPE + PI answers Fenwick Logistics in all three seeds at all 145 "
              "positions from token 64 on, and is right at all 209 positions",
              "Fenwick at 145/145 positions, right at 209/209", Rule::shape, [] {
                const int fenwick = exhibit_company("Fenwick Logistics");
                const auto& qs = study().exhibit_queries;
                bool all = qs.size() == 209;
                std::string c = std::to_string(qs.size()) + " positions; ";
                for (int k = 0; k < kSeeds; ++k) {
                  const auto& ans = study().run(PositionScheme::rope, k).exhibit(FilingReader::rope_pi);
                  long fen = 0, late = 0, right = 0;
                  for (std::size_t i = 0; i < qs.size(); ++i) {
                    right += ans[i] == qs[i].answer;
                    if (qs[i].position >= kFenwickPosition) {
                      ++late;
                      fen += ans[i] == fenwick;
                    }
                  }
                  all = all && late == 145 && fen == late && right == long(qs.size());
                  c += "seed " + std::to_string(k) + ": Fenwick " + std::to_string(fen) + "/" +
                       std::to_string(late) + ", right " + std::to_string(right) + "/" +
                       std::to_string(qs.size()) + "; ";
                }
                return decided(all, c, "rule: every seed Fenwick at all 145 late positions and right at all 209");
              }});
}
