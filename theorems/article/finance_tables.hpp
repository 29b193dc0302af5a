/// @file
/// @brief The section's printed tables, written once: the finance table's accuracies, the
/// study's query counts and the ALiBi horizon table. The units' claims and the relations among
/// printed numbers read them from here.
#pragma once

#include <string>

#include "article_corpus.hpp"
#include "printed_relations.hpp"
#include "tournament_tables.hpp"

namespace pe::theorems {

/// The finance table: all queries, and those answered more than 32 tokens back.
inline constexpr PrintedAccuracyRow kFinanceTable[] = {
    {"no position", {"0.613", "0.528"}}, {"sinusoidal", {"0.762", "0.712"}},     {"RoPE", {"0.878", "0.721"}},
    {"ALiBi", {"0.828", "0.580"}},       {"RoPE + PI", {"0.991", "0.986"}},      {"RoPE + NTK-aware", {"0.913", "0.788"}},
    {"RoPE + YaRN", {"0.990", "0.985"}}};
inline constexpr int kFinanceNone = 0, kFinanceAlibi = 3, kFinancePi = 4, kFinanceNtk = 5, kFinanceYarn = 6;
inline Printed finance_cell(int row, bool far) {
  return accuracy(kFinanceTable[row].at[far ? 1 : 0],
                  std::string(kFinanceTable[row].name) + (far ? ", far queries" : ", all queries") + " (finance table)");
}

/// The finance study's query counts, exact, read from the corpus statistics the article prints
/// (experiments/article_corpus.hpp, where they are written once), and the near ones they leave
/// (answered at most 32 tokens back), as the article would print a count.
inline const long kFinanceQueries = experiments::article_corpus_count("queries"),
                  kFinanceFarQueries = experiments::article_corpus_count("far_queries");
inline const std::string kFinanceNearText = count(kFinanceQueries - kFinanceFarQueries, "").text;

/// The horizon table: each ALiBi head's horizon W/s, accuracy inside half of it and beyond it.
struct PrintedHorizonRow {
  const char* name;
  const char* horizon;
  const char* inside;
  const char* beyond;
};
inline constexpr PrintedHorizonRow kHorizonTable[] = {
    {"filings, seed 0", "51.1", "1.000", "0.723"},   {"filings, seed 1", "53.0", "1.000", "0.487"},
    {"filings, seed 2", "55.8", "1.000", "0.319"},   {"synthetic, seed 0", "38.7", "1.000", "0.112"},
    {"synthetic, seed 1", "35.8", "1.000", "0.087"}, {"synthetic, seed 2", "37.0", "1.000", "0.108"}};

}  // namespace pe::theorems
