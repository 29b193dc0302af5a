#include "figures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "clocks.hpp"
#include "json_text.hpp"
#include "context_extension.hpp"
#include "filing_readers.hpp"
#include "ledger.hpp"
#include "result_cache.hpp"
#include "record_fields.hpp"
#include "sweep.hpp"
#include "length_tournament.hpp"
#include "runs.hpp"

namespace pe::docgen {
namespace {

void require_name(const std::string& what, const std::string& name) {
  static const std::regex form("[a-z0-9_]+");
  if (!std::regex_match(name, form))
    throw std::invalid_argument(what + " must match [a-z0-9_]+, got " + what + " = '" + name +
                                "'");
}

void require_rectangular(const DataTable& table) {
  for (std::size_t i = 0; i < table.rows.size(); ++i)
    if (table.rows[i].size() != table.columns.size())
      throw std::invalid_argument("table '" + table.name + "' row " + std::to_string(i) + " has " +
                                  std::to_string(table.rows[i].size()) + " entries, expected " +
                                  std::to_string(table.columns.size()));
}

std::string json_number(double value) { return std::isfinite(value) ? format_number(value) : "null"; }

}  // namespace

std::string format_number(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", value);
  return buf;
}

FigureData clocks_figure(int d, int m, int n, int grid) {
  require_even_dimension(d);
  if (m < 0) throw std::invalid_argument("m must be >= 0, got m = " + std::to_string(m));
  if (n < 0) throw std::invalid_argument("n must be >= 0, got n = " + std::to_string(n));
  if (grid < 2) throw std::invalid_argument("grid must be >= 2, got grid = " + std::to_string(grid));
  const double base = kDefaultBase;
  FigureData fig{"clocks",
                 "The sinusoidal code as d/2 clocks: plane j's hand points at angle m omega_j. "
                 "The inner product of two positions depends only on their offset.",
                 {{"d", d}, {"base", base}, {"m", m}, {"n", n}, {"grid", grid}},
                 {}};

  const std::vector<double> omega = frequencies(d, base);
  const Vector<double> pm = sinusoidal_code(double(m), d, base);
  const Vector<double> pn = sinusoidal_code(double(n), d, base);
  DataTable hands{"hands",
                  "one row per plane j: omega_j and the code's entries (p_2j, p_2j+1) at m and n",
                  {"plane", "omega", "cos_m", "sin_m", "cos_n", "sin_n"},
                  {}};
  for (int j = 0; j < d / 2; ++j)
    hands.rows.push_back({double(j), omega[j], pm(2 * j), pm(2 * j + 1), pn(2 * j), pn(2 * j + 1)});
  fig.tables.push_back(std::move(hands));

  // The Gram matrix of positions 0..grid-1, from the codes themselves (not from kappa_d), so
  // the figure shows stationarity as a fact about p rather than assuming it.
  std::vector<Vector<double>> codes;
  for (int i = 0; i < grid; ++i) codes.push_back(sinusoidal_code(double(i), d, base));
  DataTable gram{"gram",
                 "one row per pair of positions (m, n) in 0..grid-1: <p(m), p(n)> and "
                 "<p(m), p(n)>/(d/2)",
                 {"m", "n", "inner", "normalised"},
                 {}};
  for (int a = 0; a < grid; ++a)
    for (int b = 0; b < grid; ++b) {
      const double inner = codes[a].dot(codes[b]);
      gram.rows.push_back({double(a), double(b), inner, inner / (d / 2)});
    }
  fig.tables.push_back(std::move(gram));
  return fig;
}

FigureData kernel_figure(const std::vector<int>& dimensions, int max_delta) {
  if (max_delta < 1)
    throw std::invalid_argument("max_delta must be >= 1, got max_delta = " +
                                std::to_string(max_delta));
  if (dimensions.empty()) throw std::invalid_argument("dimensions must not be empty, got 0 entries");
  for (int d : dimensions) require_even_dimension(d, "dimension");
  const double base = kDefaultBase;
  FigureData fig{"kernel",
                 "The normalised kernel (2/d) kappa_d(Delta) at several d against its d -> "
                 "infinity limit I_b(Delta) and the logarithmic ruler 1 - (gamma + ln Delta)/ln b.",
                 {{"base", base}, {"max_delta", max_delta}},
                 {}};
  DataTable curves{"curves", "one row per offset Delta = 1..max_delta", {"delta"}, {}};
  for (int d : dimensions) curves.columns.push_back("d" + std::to_string(d));
  curves.columns.push_back("limit");
  curves.columns.push_back("ruler");

  // Frequencies once per dimension: the d = 8192 column is 4096 cosines per offset.
  std::vector<std::vector<double>> omegas;
  for (int d : dimensions) omegas.push_back(frequencies(d, base));
  for (int delta = 1; delta <= max_delta; ++delta) {
    std::vector<double> row{double(delta)};
    for (std::size_t i = 0; i < dimensions.size(); ++i) {
      double sum = 0;
      for (double w : omegas[i]) sum += std::cos(delta * w);
      row.push_back(2.0 / dimensions[i] * sum);
    }
    row.push_back(kernel_limit(double(delta), base));
    row.push_back(logarithmic_ruler(delta, base));
    curves.rows.push_back(std::move(row));
  }
  fig.tables.push_back(std::move(curves));
  return fig;
}

FigureData census_figure(int d, int training_length, double kappa) {
  const double base = kDefaultBase;
  const RopeReadTimeMap pi = rope_read_time_map(ContextExtension::position_interpolation, d, base, kappa,
                                      training_length);
  const RopeReadTimeMap ntk = rope_read_time_map(ContextExtension::ntk_aware, d, base, kappa, training_length);
  const RopeReadTimeMap yarn = rope_read_time_map(ContextExtension::yarn, d, base, kappa, training_length);
  const std::vector<double> theta = frequencies(d, base);
  FigureData fig{"census",
                 "Theorem 5's wavelength census: which planes of a RoPE head complete a turn over "
                 "the training offsets, and how PI, NTK-aware scaling and YaRN rescale each plane.",
                 {{"d", d}, {"base", base}, {"training_length", training_length}, {"kappa", kappa}},
                 {}};
  DataTable planes{"planes",
                   "one row per plane j: theta_j, wavelength, turns over offsets 0..L-1, and "
                   "each map's factor frequency/theta_j",
                   {"plane", "theta", "wavelength", "turns", "factor_pi", "factor_ntk", "factor_yarn"},
                   {}};
  const double two_pi = 2 * std::acos(-1.0);
  for (int j = 0; j < d / 2; ++j)
    planes.rows.push_back({double(j), theta[j], two_pi / theta[j],
                           (training_length - 1) * theta[j] / two_pi, pi.factors[j],
                           ntk.factors[j], yarn.factors[j]});
  fig.tables.push_back(std::move(planes));
  return fig;
}

const std::vector<std::string>& tournament_reader_names() {
  static const std::vector<std::string> names = {"none", "sinusoidal", "learned", "rope",
                                                 "alibi", "rope_pi", "rope_ntk", "rope_yarn"};
  return names;
}

namespace {

using experiments::AttentionHead;
using experiments::PositionScheme;
using experiments::ReadTimeMap;

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

/// A tournament reader: its head's scheme and its read-time map's name ("plain", "pi", "ntk", "yarn").
struct TournamentReader {
  PositionScheme scheme;
  std::string map_name;
};

TournamentReader tournament_reader(const std::string& name) {
  if (name.rfind("rope_", 0) == 0) return {PositionScheme::rope, name.substr(5)};
  return {experiments::position_scheme_from_string(name), "plain"};
}

void require_seed(const experiments::Tournament& tournament, int seed) {
  if (seed < 0 || seed >= tournament.config.seeds)
    throw std::invalid_argument("seed must be in 0.." + std::to_string(tournament.config.seeds - 1) +
                                ", got seed = " + std::to_string(seed));
}

int longest_test_length(const experiments::Tournament& tournament) {
  const std::vector<int>& lengths = tournament.config.test_lengths;
  return *std::max_element(lengths.begin(), lengths.end());
}

/// The read-time map a tournament reader applies at `test_length`.
ReadTimeMap read_time_map_of(const experiments::Tournament& tournament, const TournamentReader& reader,
                   int test_length) {
  if (reader.map_name == "plain") return {};
  return ReadTimeMap::rope(context_extension_from_string(reader.map_name), test_length,
                       tournament.config.task.length);
}

}  // namespace

FigureData drift_figure(const experiments::Tournament& tournament, int offset, int seed) {
  require_seed(tournament, seed);
  const int last = longest_test_length(tournament) - 1;
  if (offset < 0 || offset > last)
    throw std::invalid_argument("offset must be in 0.." + std::to_string(last) +
                                ", got offset = " + std::to_string(offset));
  FigureData fig{"drift",
                 "A trained head's score of a marked token a fixed offset behind the query, as the "
                 "query's absolute position moves: the added sinusoidal code drifts, the relative "
                 "schemes stay flat.",
                 {{"offset", offset}, {"window", tournament.config.task.length}, {"seed", seed}},
                 {}};
  const std::vector<PositionScheme> schemes = {PositionScheme::sinusoidal, PositionScheme::rope,
                                               PositionScheme::alibi};
  DataTable scores{"scores",
                   "one row per query position t: each head's score of the mean marked token at "
                   "t - offset",
                   {"query_position", "sinusoidal", "rope", "alibi"},
                   {}};
  std::vector<AttentionHead> heads;
  for (PositionScheme scheme : schemes) heads.push_back(tournament.trained_head(scheme, seed));
  for (int t = offset; t <= last; ++t) {
    std::vector<double> row{double(t)};
    for (const AttentionHead& head : heads) row.push_back(experiments::marked_key_scores(head, t, offset)(offset));
    scores.rows.push_back(std::move(row));
  }
  fig.tables.push_back(std::move(scores));
  return fig;
}

FigureData offsets_figure(const experiments::Tournament& tournament, int seed) {
  require_seed(tournament, seed);
  const int length = longest_test_length(tournament);
  const int last = length - 1;
  const int window = tournament.config.task.length;
  const std::vector<std::string>& readers = tournament_reader_names();
  std::vector<Eigen::VectorXd> profiles;
  int learned_query_position = last;  // the learned table's last row, when shorter than the test
  for (const std::string& name : readers) {
    const TournamentReader reader = tournament_reader(name);
    const AttentionHead head = tournament.trained_head(reader.scheme, seed);
    // The learned table places positions 0..table_length-1 only: its query sits at its last row.
    long query_position = last;
    if (reader.scheme == PositionScheme::learned) {
      learned_query_position = std::min(last, head.shape().table_length - 1);
      query_position = learned_query_position;
    }
    Eigen::VectorXd profile = Eigen::VectorXd::Constant(length, kNoValue);
    profile.head(query_position + 1) = experiments::marked_key_scores(
        head, query_position, static_cast<int>(query_position), read_time_map_of(tournament, reader, length));
    profiles.push_back(std::move(profile));
  }
  const Eigen::VectorXd& rope = profiles[3];
  const experiments::OffsetLandmarks landmarks = experiments::offset_landmarks(rope);
  Eigen::Index past = 0;
  const double peak_past_window = rope.tail(length - window).maxCoeff(&past);
  FigureData fig{"offsets",
                 "Each trained head's score of a marked token against its offset behind a query at "
                 "the longest test length's last position, with the training window's edge; RoPE "
                 "falls across the window, dives, and rebounds past it.",
                 {{"window", window},
                  {"edge_offset", window - 1},
                  {"query_position", last},
                  {"learned_query_position", learned_query_position},
                  {"seed", seed},
                  {"rope_score_r1", rope(1)},
                  {"rope_score_edge", rope(window - 1)},
                  {"rope_first_trough", landmarks.first_trough},
                  {"rope_first_trough_score", landmarks.first_trough < 0 ? kNoValue : rope(landmarks.first_trough)},
                  {"rope_dive", landmarks.dive},
                  {"rope_dive_score", rope(landmarks.dive)},
                  {"rope_rebound_peak", landmarks.peak},
                  {"rope_rebound_score", landmarks.peak < 0 ? kNoValue : rope(landmarks.peak)},
                  {"rope_peak", window + static_cast<int>(past)},
                  {"rope_peak_score", peak_past_window}},
                 {},
                 {{"readers", readers}}};
  DataTable scores{"scores", "one row per offset r: each reader's score of the mean marked token r back",
                   {"offset"}, {}};
  scores.columns.insert(scores.columns.end(), readers.begin(), readers.end());
  for (int r = 0; r < length; ++r) {
    std::vector<double> row{double(r)};
    for (const Eigen::VectorXd& profile : profiles) row.push_back(profile(r));
    scores.rows.push_back(std::move(row));
  }
  fig.tables.push_back(std::move(scores));
  return fig;
}

FigureData tournament_figure(const experiments::Tournament& tournament, const PrintedAccuracies& article) {
  const std::vector<std::string>& readers = tournament_reader_names();
  // Every seed of the selected recipe, as the claims read them (not the three headline seeds).
  const int seed_count = tournament.config.seeds;
  FigureData fig{"tournament",
                 "Accuracy of every scheme and rescaling at each test length, heads trained at the "
                 "window length: the mean over every seed, the spread between seeds, and the "
                 "article's value.",
                 {{"window", tournament.config.task.length},
                  {"seeds", seed_count},
                  {"spread_seeds", seed_count},
                  {"test_sequences", tournament.config.test_sequences}},
                 {},
                 {{"readers", readers}}};
  DataTable mean{"accuracy", "one row per test length: each reader's accuracy, mean over every seed",
                 {"length"}, {}};
  DataTable seeds{"seed_accuracy", "one row per seed and test length: each reader's accuracy",
                  {"seed", "length"}, {}};
  DataTable spread{"band", "one row per test length: for each reader its mean over every seed and the "
                   "standard deviation between single seeds (columns <reader>, <reader>_sd)", {"length"}, {}};
  DataTable printed{"article", "one row per test length: each reader's accuracy as the article prints it",
                    {"length"}, {}};
  for (DataTable* t : {&mean, &seeds, &printed})
    t->columns.insert(t->columns.end(), readers.begin(), readers.end());
  for (const std::string& r : readers) {
    spread.columns.push_back(r);
    spread.columns.push_back(r + "_sd");
  }
  for (int length : tournament.config.test_lengths) {
    std::vector<double> mean_row{double(length)}, sd_row{double(length)}, printed_row{double(length)};
    std::vector<std::vector<double>> seed_rows;
    for (int k = 0; k < seed_count; ++k) seed_rows.push_back({double(k), double(length)});
    for (const std::string& name : readers) {
      const TournamentReader reader = tournament_reader(name);
      std::vector<double> all;
      for (int k = 0; k < seed_count; ++k) {
        const std::optional<double> a = tournament.accuracy(reader.scheme, k, reader.map_name, length);
        seed_rows[k].push_back(a ? *a : kNoValue);
        if (a) all.push_back(*a);
      }
      const bool complete = static_cast<int>(all.size()) == seed_count;
      double m = 0, sq = 0;
      for (double v : all) m += v / all.size();
      for (double v : all) sq += (v - m) * (v - m);
      mean_row.push_back(complete ? m : kNoValue);
      sd_row.push_back(complete ? m : kNoValue);
      sd_row.push_back(complete && all.size() > 1 ? std::sqrt(sq / (all.size() - 1)) : kNoValue);
      const auto r = article.find(name);
      const auto v = r == article.end() ? std::map<int, double>::const_iterator() : r->second.find(length);
      printed_row.push_back(r != article.end() && v != r->second.end() ? v->second : kNoValue);
    }
    mean.rows.push_back(std::move(mean_row));
    spread.rows.push_back(std::move(sd_row));
    printed.rows.push_back(std::move(printed_row));
    for (auto& row : seed_rows) seeds.rows.push_back(std::move(row));
  }
  fig.tables.push_back(std::move(mean));
  fig.tables.push_back(std::move(seeds));
  fig.tables.push_back(std::move(spread));
  fig.tables.push_back(std::move(printed));
  return fig;
}

PrintedAccuracies article_tournament_accuracies() {
  PrintedAccuracies out;
  static const std::regex id("exp\\.(tournament|rescaled)\\.([a-z]+)\\.L([0-9]+)");
  for (const ledger::Claim& c : ledger::all_claims()) {
    std::smatch m;
    if (!std::regex_match(c.id, m, id)) continue;
    const std::string reader = m[1] == "tournament" ? std::string(m[2]) : "rope_" + std::string(m[2]);
    out[reader][std::stoi(m[3])] = ledger::value_of_printed(c.article);
  }
  return out;
}

FigureData sweep_figure(const std::vector<ledger::Record>& records) {
  const std::vector<std::string>& classes = report::swept_classes();
  struct Row {
    double share;
    std::string id;
    bool holds;
    double class_index;
  };
  std::vector<Row> rows;
  int settings = 0;
  for (const ledger::Record& record : records) {
    if (!report::swept(record)) continue;
    // The class its card shows: the record's, as the report's annotations gave it.
    const auto at = std::find(classes.begin(), classes.end(), record.reproduction);
    if (at == classes.end())
      throw std::logic_error("swept claim " + record.id + " has the class '" + record.reproduction + "'");
    rows.push_back({record.share, record.id, record.verdict == "holds", double(at - classes.begin())});
    settings = record.settings_run;
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.share != b.share ? a.share > b.share : a.id < b.id;
  });
  DataTable table{"claims", "one row per swept claim: its rank, the share of its plausible settings (every "
                  "reading and recipe) in which it holds, 1 if it holds in the selected recipe, and its class "
                  "(an index into the texts `classes`)",
                  {"rank", "share_held", "holds_selected", "class"}, {}};
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    table.rows.push_back({double(i), rows[i].share, rows[i].holds ? 1.0 : 0.0, rows[i].class_index});
    ids.push_back(rows[i].id);
  }
  return {"sweep",
          "Every experiment claim: the share of its plausible settings in which its statement holds, "
          "computed per reading of the article and averaged over the readings not ruled out, and its class.",
          {{"claims", double(rows.size())},
           {"settings", double(settings)},
           {"most_share", report::kMostShare},
           {"substantial_share", report::kSubstantialShare}},
          {table},
          {{"ids", ids}, {"classes", classes}}};
}

FigureData filing_figure(const experiments::FilingsStudy& study) {
  const experiments::Document exhibit = experiments::exhibit_filing();
  const int n = static_cast<int>(exhibit.tokens.size());
  const int seeds = std::min(study.config.seeds, experiments::kHeadlineSeeds);
  std::vector<std::string> tokens, readers;
  for (const experiments::FilingToken& token : exhibit.tokens) tokens.push_back(token.text);
  for (experiments::FilingReader reader : experiments::all_filing_readers()) {
    std::string name = experiments::to_string(reader);
    std::replace(name.begin(), name.end(), '+', '_');
    readers.push_back(name);
  }
  FigureData fig{"filing",
                 "The case study's exhibit filing: at every position the company named last and "
                 "each reader's answer, for every seed.",
                 {{"positions", n}, {"window", study.config.window}, {"seeds", seeds}},
                 {},
                 {{"title", {exhibit.title}}, {"companies", exhibit.companies}, {"tokens", tokens},
                  {"readers", readers}}};
  DataTable answers{"answers",
                    "one row per position: the mention there, the true answer and each reader's "
                    "answer per seed (company order; -1 for none)",
                    {"position", "mention", "truth"},
                    {}};
  for (const std::string& reader : readers)
    for (int k = 0; k < seeds; ++k) answers.columns.push_back(reader + "_s" + std::to_string(k));
  std::vector<int> question_of(n, -1);
  for (std::size_t q = 0; q < study.exhibit_queries.size(); ++q)
    question_of.at(study.exhibit_queries[q].position) = static_cast<int>(q);
  for (int t = 0; t < n; ++t) {
    const int q = question_of[t];
    std::vector<double> row{double(t), double(exhibit.tokens[t].company),
                            q < 0 ? -1.0 : double(study.exhibit_queries[q].answer)};
    for (experiments::FilingReader reader : experiments::all_filing_readers())
      for (int k = 0; k < seeds; ++k)
        row.push_back(q < 0 ? -1.0 : double(study.run(experiments::scheme_of(reader), k).exhibit(reader).at(q)));
    answers.rows.push_back(std::move(row));
  }
  fig.tables.push_back(std::move(answers));
  return fig;
}

std::vector<FigureData> all_figures(const std::vector<ledger::Record>& records) {
  // Figure A of the article's laboratory opens at m = 3, n = 10 with d = 16; the Gram grid of
  // 64 positions is the window over which the article measures the code's columns.
  // The census is the tournament's head: d = 16, trained at 32, read at 128 (kappa = 4).
  // The trained heads come from the same cache as the ledger's claims; seed 0 is the seed the
  // article's rebound profile prints, and offset 8 lies well inside the window.
  // The selected recipes' heads, read through the same accessors as the ledger's claims: seeds
  // 0..2 for the per-head figures, and all of the tournament's seeds for the spread between seeds.
  const experiments::Tournament& tournament = theorems::lab::headline_runs().tournament();
  const experiments::FilingsStudy& study = theorems::lab::headline_runs().filings_study();
  return {clocks_figure(16, 3, 10, 64),     kernel_figure({64, 512, 8192}, 4096),
          census_figure(16, 32, 4),         drift_figure(tournament, 8, 0),
          offsets_figure(tournament, 0),    tournament_figure(tournament, article_tournament_accuracies()),
          filing_figure(study),             sweep_figure(records)};
}

std::string figures_json(const std::vector<FigureData>& figures) {
  std::ostringstream out;
  out << "{\n  \"schema\": \"pe-proofs figure payload\",\n  \"version\": 1,\n  \"figures\": {";
  for (std::size_t f = 0; f < figures.size(); ++f) {
    const FigureData& fig = figures[f];
    require_name("figure name", fig.name);
    out << (f ? "," : "") << "\n    " << pe::json_quoted(fig.name) << ": {\n"
        << "      \"description\": " << pe::json_quoted(fig.description) << ",\n"
        << "      \"parameters\": {";
    for (std::size_t p = 0; p < fig.parameters.size(); ++p) {
      require_name("parameter name", fig.parameters[p].first);
      out << (p ? ", " : "") << pe::json_quoted(fig.parameters[p].first) << ": "
          << json_number(fig.parameters[p].second);
    }
    out << "},\n      \"texts\": {";
    for (std::size_t t = 0; t < fig.texts.size(); ++t) {
      require_name("text name", fig.texts[t].first);
      out << (t ? "," : "") << "\n        " << pe::json_quoted(fig.texts[t].first) << ": [";
      const std::vector<std::string>& items = fig.texts[t].second;
      for (std::size_t i = 0; i < items.size(); ++i) out << (i ? "," : "") << pe::json_quoted(items[i]);
      out << "]";
    }
    out << (fig.texts.empty() ? "" : "\n      ") << "},\n      \"tables\": {";
    for (std::size_t t = 0; t < fig.tables.size(); ++t) {
      const DataTable& table = fig.tables[t];
      require_name("table name", table.name);
      require_rectangular(table);
      out << (t ? "," : "") << "\n        " << pe::json_quoted(table.name) << ": {\n"
          << "          \"description\": " << pe::json_quoted(table.description) << ",\n"
          << "          \"rows\": " << table.rows.size() << ",\n"
          << "          \"columns\": {";
      // Column-major: a plotting client reads one array per axis.
      for (std::size_t c = 0; c < table.columns.size(); ++c) {
        require_name("column name", table.columns[c]);
        out << (c ? "," : "") << "\n            " << pe::json_quoted(table.columns[c]) << ": [";
        for (std::size_t r = 0; r < table.rows.size(); ++r)
          out << (r ? "," : "") << json_number(table.rows[r][c]);
        out << "]";
      }
      out << "\n          }\n        }";
    }
    out << "\n      }\n    }";
  }
  out << "\n  }\n}\n";
  return out.str();
}

std::string figure_payload(const std::vector<ledger::Record>& records) { return figures_json(all_figures(records)); }

std::string figure_payload_script(const std::string& payload) {
  return "window.PE_FIGURE_PAYLOAD = " + payload + ";\n";
}

std::vector<std::string> write_plot_data(const std::vector<FigureData>& figures,
                                         const std::string& dir) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  std::vector<std::string> written;
  for (const FigureData& fig : figures) {
    require_name("figure name", fig.name);
    for (const DataTable& table : fig.tables) {
      require_name("table name", table.name);
      require_rectangular(table);
      const fs::path path = fs::path(dir) / (fig.name + "." + table.name + ".dat");
      std::ofstream out(path);
      out << "# " << fig.name << "." << table.name << ": " << table.description << "\n#";
      for (const auto& [key, value] : fig.parameters) out << ' ' << key << '=' << format_number(value);
      out << "\n#";
      for (const std::string& column : table.columns) out << ' ' << column;
      out << '\n';
      for (const auto& row : table.rows) {
        for (std::size_t c = 0; c < row.size(); ++c) out << (c ? " " : "") << format_number(row[c]);
        out << '\n';
      }
      if (!out) throw std::runtime_error("cannot write " + path.string());
      written.push_back(path.string());
    }
    // The parameters as gnuplot assignments, for a script's `load`.
    const fs::path path = fs::path(dir) / (fig.name + ".parameters.gnuplot");
    std::ofstream out(path);
    for (const auto& [key, value] : fig.parameters) {
      require_name("parameter name", key);
      out << key << " = " << format_number(value) << "\n";
    }
    // Each text list as <name>_count and <name>_<i>, for value(sprintf(...)) in a script;
    // gnuplot's single-quoted strings take no escapes but a doubled quote.
    for (const auto& [key, items] : fig.texts) {
      require_name("text name", key);
      out << key << "_count = " << items.size() << "\n";
      for (std::size_t i = 0; i < items.size(); ++i) {
        std::string quoted;
        for (char c : items[i]) quoted += c == '\'' ? std::string("''") : std::string(1, c);
        out << key << '_' << i << " = '" << quoted << "'\n";
      }
    }
    if (!out) throw std::runtime_error("cannot write " + path.string());
    written.push_back(path.string());
  }
  return written;
}

}  // namespace pe::docgen
