/// @file
/// @brief The data behind the documentation's figures, computed by the project's own code:
/// one JSON payload for the laboratory figures and one gnuplot data file per table.
///
/// A figure is a named set of numeric tables plus a few scalar parameters. The same
/// FigureData feeds two writers, so a plot and the payload can never disagree:
/// - figure_payload(records) renders every figure as one JSON document. The docs build ships it as
///   `html/data/figure-payload.json`; the test `docs.figure_payload` requires the shipped
///   file to equal this function's output byte for byte.
/// - write_plot_data() writes each table as `<figure>.<table>.dat` (whitespace-separated
///   columns with a `#` header) and the figure's parameters as gnuplot assignments, which the
///   scripts in `docs/plots/` read.
///
/// Adding a figure takes one function returning FigureData, appended to the list in
/// all_figures(), and one script `docs/plots/<name>.gp`.
///
/// The figures of trained heads (drift, offsets, tournament, filing) read the tournament and
/// the filings study from the experiment cache (PE_CACHE_DIR), training what is missing, so
/// they show the same heads the ledger's claims are about.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "filing_readers.hpp"
#include "ledger.hpp"
#include "length_tournament.hpp"

namespace pe::docgen {

/// A rectangular table of numbers with named columns.
struct DataTable {
  std::string name;                       ///< file and JSON key: lower case, digits, '_'
  std::string description;                ///< one line: what a row is
  std::vector<std::string> columns;       ///< column names, same rules as `name`
  std::vector<std::vector<double>> rows;  ///< every row has columns.size() entries
};

/// One figure's data.
struct FigureData {
  std::string name;                                       ///< e.g. "kernel"
  std::string description;                                ///< what the figure shows
  std::vector<std::pair<std::string, double>> parameters; ///< e.g. {"d", 16}
  std::vector<DataTable> tables;
  /// Named lists of strings (token texts, company names, reader names); JSON only.
  std::vector<std::pair<std::string, std::vector<std::string>>> texts = {};
};

/// Figure "clocks": the code's clocks at positions m and n in dimension d (table `hands`: one
/// row per plane j with omega_j and the code's entries (p_2j, p_2j+1) at m and at n), and the
/// inner products of every pair of positions 0..grid-1 (table `gram`: m, n,
/// <p(m), p(n)>, and the same over d/2). Throws std::invalid_argument for an odd or
/// non-positive d, negative positions, or grid < 2.
FigureData clocks_figure(int d, int m, int n, int grid);

/// Figure "kernel": (2/d) kappa_d(Delta) for Delta = 1..max_delta at each dimension in
/// `dimensions`, beside the limit I_b(Delta) and the ruler 1 - (gamma + ln Delta)/ln b
/// (base 10^4). Throws std::invalid_argument for max_delta < 1, an empty dimension list or an
/// odd dimension.
FigureData kernel_figure(const std::vector<int>& dimensions, int max_delta);

/// Figure "census": Theorem 5's wavelength census of a RoPE head of width d trained at
/// `training_length` (table `planes`: plane j, theta_j, wavelength lambda_j = 2 pi/theta_j, the
/// turns (L - 1) theta_j/(2 pi) it makes over the training offsets, and the per-plane factor of
/// PI, NTK-aware scaling and YaRN when read kappa times longer; base 10^4). Throws
/// std::invalid_argument as pe::rope_read_time_map does (odd d, kappa < 1, training_length < 1).
FigureData census_figure(int d, int training_length, double kappa);

/// The readers of the tournament as column names: none, sinusoidal, learned, rope, alibi,
/// rope_pi, rope_ntk, rope_yarn.
const std::vector<std::string>& tournament_reader_names();

/// Figure "drift": for the trained heads of `seed`, the pre-softmax score of the query token
/// at absolute position t against the mean marked token `offset` positions back, for
/// t = offset..255 (table `scores`: query_position, sinusoidal, rope, alibi). The added code's
/// score moves with t; the relative schemes' stay flat. Throws std::invalid_argument for an
/// offset outside 0..255 or a seed the tournament does not have.
FigureData drift_figure(const experiments::Tournament& tournament, int offset, int seed);

/// Figure "offsets": every reader's score of the mean marked token r = 0..255 positions behind
/// the query token at position 255 (the learned table's query at its last position, 31: it has
/// no rows further out, and its column is null past r = 31), for the heads of `seed`; the
/// parameters carry the RoPE profile's landmarks (score at r = 1 and at the window's last
/// offset, first trough, dive, and the highest score past the window with its offset).
FigureData offsets_figure(const experiments::Tournament& tournament, int seed);

/// The article's printed accuracy per reader (a tournament_reader_names() entry) and length.
using PrintedAccuracies = std::map<std::string, std::map<int, double>>;

/// Figure "tournament": accuracy at every test length for every reader: the mean of the
/// headline seeds 0..2 (table `accuracy`), each headline seed (table `seed_accuracy`), the
/// mean beside the standard deviation between single seeds over all the tournament's seeds
/// (table `band`: columns `<reader>` and `<reader>_sd`),
/// and the article's printed value (table `article`); null where there is none or a head cannot
/// be read.
FigureData tournament_figure(const experiments::Tournament& tournament,
                             const PrintedAccuracies& article = {});

/// The article's tournament accuracies as the ledger declares them (claims exp.tournament.* and
/// exp.rescaled.*), by reader and length.
PrintedAccuracies article_tournament_accuracies();

/// Figure "sweep": every record the sweep classed (report::swept), with the share of training
/// settings in which its statement holds, whether it holds in the selected recipe and its class
/// (the record's, as its card shows it; an index into texts `classes`, report::swept_classes)
/// (table `claims`, sorted by share, then id; texts `ids`). Empty tables when the sweep has not run.
FigureData sweep_figure(const std::vector<ledger::Record>& records);

/// Figure "filing": the case study's exhibit filing, its tokens and companies (texts), and at
/// every position the mention, the true answer and every reader's answer for each headline seed
/// (columns `<reader>_s<k>`, k < kHeadlineSeeds; -1 where no question is asked).
FigureData filing_figure(const experiments::FilingsStudy& study);

/// Every figure of the documentation, in a fixed order; the sweep's from the report's `records`
/// (report::read_report_records).
std::vector<FigureData> all_figures(const std::vector<ledger::Record>& records);

/// The JSON document of all_figures(records); deterministic (fixed number format, fixed order).
std::string figure_payload(const std::vector<ledger::Record>& records);

/// The payload as a script for pages opened from file:// (where a browser refuses to fetch a
/// local JSON file): `window.PE_FIGURE_PAYLOAD = ` + figure_payload(records) + `;` and a newline.
std::string figure_payload_script(const std::string& payload);

/// Renders figures as JSON (figure_payload(records) is figures_json(all_figures(records))). Throws
/// std::invalid_argument when a name is not of the form [a-z0-9_]+ or a row's length differs
/// from its table's column count.
std::string figures_json(const std::vector<FigureData>& figures);

/// Writes `<dir>/<figure>.<table>.dat` for every table of `figures` and
/// `<dir>/<figure>.parameters.gnuplot` (one `name = value` line per parameter, and per text
/// list `name_count = n` and `name_I = '...'` for I = 0..n-1, for a plot script's `load`); returns the paths.
std::vector<std::string> write_plot_data(const std::vector<FigureData>& figures,
                                         const std::string& dir);

/// A number as the payload and the data files print it: nine significant digits, "null" for a
/// non-finite value in JSON (and "nan" in data files, which gnuplot skips).
std::string format_number(double value);

}  // namespace pe::docgen
