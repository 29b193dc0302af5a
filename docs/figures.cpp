#include "figures.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "clocks.hpp"
#include "context_extension.hpp"

namespace pe::figures {
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

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
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
  const RopeReading pi = rope_reading(ContextExtension::position_interpolation, d, base, kappa,
                                      training_length);
  const RopeReading ntk = rope_reading(ContextExtension::ntk_aware, d, base, kappa, training_length);
  const RopeReading yarn = rope_reading(ContextExtension::yarn, d, base, kappa, training_length);
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

std::vector<FigureData> all_figures() {
  // Figure A of the article's laboratory opens at m = 3, n = 10 with d = 16; the Gram grid of
  // 64 positions is the window over which the article measures the code's columns.
  // The census is the tournament's head: d = 16, trained at 32, read at 128 (kappa = 4).
  return {clocks_figure(16, 3, 10, 64), kernel_figure({64, 512, 8192}, 4096),
          census_figure(16, 32, 4)};
}

std::string figures_json(const std::vector<FigureData>& figures) {
  std::ostringstream out;
  out << "{\n  \"schema\": \"pe-proofs figure payload\",\n  \"version\": 1,\n  \"figures\": {";
  for (std::size_t f = 0; f < figures.size(); ++f) {
    const FigureData& fig = figures[f];
    require_name("figure name", fig.name);
    out << (f ? "," : "") << "\n    " << json_string(fig.name) << ": {\n"
        << "      \"description\": " << json_string(fig.description) << ",\n"
        << "      \"parameters\": {";
    for (std::size_t p = 0; p < fig.parameters.size(); ++p) {
      require_name("parameter name", fig.parameters[p].first);
      out << (p ? ", " : "") << json_string(fig.parameters[p].first) << ": "
          << json_number(fig.parameters[p].second);
    }
    out << "},\n      \"tables\": {";
    for (std::size_t t = 0; t < fig.tables.size(); ++t) {
      const DataTable& table = fig.tables[t];
      require_name("table name", table.name);
      require_rectangular(table);
      out << (t ? "," : "") << "\n        " << json_string(table.name) << ": {\n"
          << "          \"description\": " << json_string(table.description) << ",\n"
          << "          \"rows\": " << table.rows.size() << ",\n"
          << "          \"columns\": {";
      // Column-major: a plotting client reads one array per axis.
      for (std::size_t c = 0; c < table.columns.size(); ++c) {
        require_name("column name", table.columns[c]);
        out << (c ? "," : "") << "\n            " << json_string(table.columns[c]) << ": [";
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

std::string figure_payload() { return figures_json(all_figures()); }

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
    if (!out) throw std::runtime_error("cannot write " + path.string());
    written.push_back(path.string());
  }
  return written;
}

}  // namespace pe::figures
