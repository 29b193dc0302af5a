/// @file
/// @brief The section "Finance case study: which company was named last?": the arithmetic relations among the article's printed numbers
/// that its statements state or imply, one claim each, decided without running anything on the
/// printed intervals (theorems/ledger/relation_claims.hpp; the standard of reading and the grades
/// are on the contributors' page). Each claim belongs to the statement that states its relation.
#include "finance_tables.hpp"
#include "relation_claims.hpp"

namespace pe::theorems::consistency_filings_claims {
constexpr char kUnit[] = "consistency_filings";
using namespace pe::ledger;

PE_CLAIM(finance_far_share) {
  return relation_claim(
      Claim("consistency.filings_corpus.far_share").in_section(section_of("filings.corpus"))
          .stating("The share of queries answered more than 32 tokens back is the printed percentage of their counts")
          .printed_as("19,285 queries, of which 7,895, or 41%"),
      [] {
        return Relation{{count(kFinanceFarQueries, "queries answered more than 32 back"), count(kFinanceQueries, "queries"),
                         percent("41", "their share")},
                        [](const Box& b) { return equal(b[0] / b[1], b[2]); }};
      });
}

PE_CLAIM(finance_granularity) {
  return relation_claim(
      Claim("consistency.table_finance.granularity").in_section(section_of("table.finance"))
          .stating("A mean of three seeds over 19,285 queries (7,895 far ones) is a multiple of 1/(3 x 19,285) "
                   "(1/(3 x 7,895)): every printed accuracy of the finance table is one within its rounding")
          .printed_as("accuracy, as the mean of three seeds, over 19,285 and 7,895 queries"),
      [] {
        Relation r;
        for (int row = 0; row < 7; ++row)
          for (bool far : {false, true}) r.numbers.push_back(finance_cell(row, far));
        r.check = [](const Box& b) {
          return every(b, 14, [](const Box& x, int i) { return on_grid(x[i], 3 * (i % 2 ? kFinanceFarQueries : kFinanceQueries)); });
        };
        return r;
      });
}

/// The accuracy on the queries answered at most 32 tokens back that an accuracy on all queries and
/// one on the far ones imply: (all N - far F) / (N - F); the counts are exact, so they enter as constants.
Term near_accuracy(const Term& all, const Term& far) {
  return (all * constant(kFinanceQueries) - far * constant(kFinanceFarQueries)) / constant(kFinanceQueries - kFinanceFarQueries);
}

Claim near_queries(const int& row) {
  std::string name = kFinanceTable[row].name;
  for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '_';
  while (name.find("__") != std::string::npos) name.erase(name.find("__"), 1);
  return relation_claim(
      Claim("consistency.table_finance.near_queries." + name).in_section(section_of("table.finance"))
          .stating("The finance table's two columns for " + std::string(kFinanceTable[row].name) + " imply an accuracy on the " +
          kFinanceNearText + " queries answered at most 32 back, (all x 19,285 - far x 7,895) / " + kFinanceNearText +
                   ", that lies in [0, 1]")
          .printed_as(std::string(kFinanceTable[row].at[0]) + " on all, " + kFinanceTable[row].at[1] + " on the far queries"),
      [row] {
        return Relation{{finance_cell(row, false), finance_cell(row, true)},
                        [](const Box& b) { return within(near_accuracy(b[0], b[1]), Range{0, 1}); }};
      });
}
PE_CLAIM_FAMILY(near_queries_family, ledger::indices(7), &near_queries);

PE_CLAIM(finance_far_complement) {
  return relation_claim(
      Claim("consistency.filings_far.complement").in_section(section_of("filings.far"))
          .stating("The share of far queries ALiBi loses is the complement of its far accuracy")
          .printed_as("loses 42% of the filing's far queries; ALiBi 0.580"),
      [] {
        return Relation{{finance_cell(kFinanceAlibi, true), percent("42", "far queries lost")},
                        [](const Box& b) { return equal(constant(1) - b[0], b[1]); }};
      });
}

PE_CLAIM(horizon_inside_half_count) {
  return relation_claim(
      Claim("consistency.filings_horizon.inside_half_count").in_section(section_of("filings.horizon"))
          .stating("Every head's half horizon is under 32 tokens, so its queries inside half of it are among the " + kFinanceNearText +
                   " answered at most 32 back (19,285 - 7,895): room for more than 8,000 each")
          .printed_as("more than 8,000 each; horizons 51.1 to 55.8 and 35.8 to 38.7; 19,285 queries, 7,895 far"),
      [] {
        Relation r;
        for (const PrintedHorizonRow& row : kHorizonTable) r.numbers.push_back(rounded(row.horizon, std::string(row.name) + ", horizon"));
        r.numbers.push_back(count(8000, "queries inside half, each head more than"));
        r.check = [](const Box& b) {
          std::vector<Check> checks;
          for (int i = 0; i < 6; ++i) checks.push_back(less(b[i] / constant(2), constant(32)));
          checks.push_back(less(b[6], constant(kFinanceQueries - kFinanceFarQueries)));
          return all_of(checks);
        };
        return r;
      });
}

PE_CLAIM(horizon_every_query) {
  return relation_claim(
      Claim("consistency.filings_horizon.every_query").in_section(section_of("filings.horizon"))
          .stating("Answering every query inside half the horizon is an accuracy of exactly 1, which each printed 1.000 "
                   "allows; over more than 8,000 queries, 1.000 alone would allow a few errors")
          .printed_as("every head answers every query; 1.000 inside half, for all six heads"),
      [] {
        Relation r;
        for (const PrintedHorizonRow& row : kHorizonTable) r.numbers.push_back(accuracy(row.inside, std::string(row.name) + ", inside half"));
        r.check = [](const Box& b) { return every(b, 6, [](const Box& x, int i) { return within(x[i], Range::point(1)); }); };
        return r;
      },
      [](const Relation& r) {
        const Rational missed = 1 - r.numbers[0].interval().lo;
        return "1.000 allows a share " + decimal_text(missed, 3, true) + " of errors: up to " +
               decimal_text(missed * (kFinanceQueries - kFinanceFarQueries), 4, true) + " over the " + kFinanceNearText +
               " queries at most 32 back";
      });
}

PE_CLAIM(horizon_beyond_degrades) {
  return relation_claim(
      Claim("consistency.filings_horizon.beyond_degrades").in_section(section_of("filings.horizon"))
          .stating("Every head reads worse beyond its horizon than inside half of it")
          .printed_as("beyond the horizon every head degrades"),
      [] {
        Relation r;
        for (const PrintedHorizonRow& row : kHorizonTable) {
          r.numbers.push_back(accuracy(row.beyond, std::string(row.name) + ", beyond"));
          r.numbers.push_back(accuracy(row.inside, std::string(row.name) + ", inside half"));
        }
        r.check = [](const Box& b) { return every(b, 6, [](const Box& x, int i) { return less(x[2 * i], x[2 * i + 1]); }); };
        return r;
      });
}

PE_CLAIM(horizon_filings_above_synthetic) {
  return relation_claim(
      Claim("consistency.filings_horizon.filings_above_synthetic").in_section(section_of("filings.horizon"))
          .stating("Beyond the horizon, the worst head trained on filings reads better than the best trained on the "
                   "synthetic stream")
          .printed_as("filings 0.723, 0.487, 0.319; synthetic 0.112, 0.087, 0.108"),
      [] {
        Relation r;
        for (const PrintedHorizonRow& row : kHorizonTable) r.numbers.push_back(accuracy(row.beyond, std::string(row.name) + ", beyond"));
        r.check = [](const Box& b) { return less(maximum({b[3], b[4], b[5]}), minimum({b[0], b[1], b[2]})); };
        return r;
      });
}

PE_CLAIM(exhibit_positions_from_64) {
  return relation_claim(
      Claim("consistency.filings_exhibit.positions_from_64").in_section(section_of("filings.exhibit"))
          .stating("The positions from token 64 to the end of the exhibit filing number its length less 64")
          .printed_as("at all 145 positions from token 64 on ... every one of the filing's 209 positions"),
      [] {
        return Relation{{count(209, "positions of the filing"), count(64, "Fenwick's token"),
                         count(145, "positions from token 64 on")},
                        [](const Box& b) { return equal(b[0] - b[1], b[2]); }};
      });
}

PE_CLAIM(exhibit_answers_across_seeds) {
  return relation_claim(
      Claim("consistency.filings_exhibit.answers_across_seeds").in_section(section_of("filings.exhibit"))
          .stating("The answers across seeds are the four plain heads (no position, added code, RoPE, ALiBi) times three seeds")
          .printed_as("5 of the 12 answers across seeds"),
      [] {
        return Relation{{count(4, "plain heads asked"), count(3, "seeds"), count(12, "answers across seeds")},
                        [](const Box& b) { return equal(b[0] * b[1], b[2]); }};
      });
}

PE_CLAIM(exhibit_fenwick_answers) {
  return relation_claim(
      Claim("consistency.filings_exhibit.fenwick_answers").in_section(section_of("filings.exhibit"))
          .stating("Seed 0's four heads all answer Marrow Freight, so the Fenwick answers come from seeds 1 and 2, which "
                   "split: more than none and fewer than all of their 12 - 4 answers")
          .printed_as("In seed 0 ... all answer Marrow Freight ... Seeds 1 and 2 split, and 5 of the 12 answers across seeds are "
      "Fenwick"),  // quoted
      [] {
        return Relation{{count(5, "Fenwick answers"), count(12, "answers across seeds"), count(4, "seed 0's answers")},
                        [](const Box& b) { return all_of({less(constant(0), b[0]), less(b[0], b[1] - b[2])}); }};
      });
}

PE_CLAIM(exhibit_clause_is_far) {
  return relation_claim(
      Claim("consistency.filings_exhibit.clause_is_far").in_section(section_of("filings.exhibit"))
          .stating("The clause forty-five tokens after token 64 lies inside the 209-token filing, and its answer lies more "
                   "than 32 tokens back: a far query")
          .printed_as("at token 64 Fenwick Logistics ... Forty-five tokens later; 209 positions; more than 32 tokens back"),
      [] {
        return Relation{{count(64, "Fenwick's token"), count(45, "tokens to the clause"), count(209, "positions")},
                        [](const Box& b) {
                          return all_of({less(b[0] + b[1], b[2]), less(constant(32), b[1])});
                        }};
      });
}

PE_CLAIM(exhibit_first_named_near_share) {
  return relation_claim(
      Claim("consistency.filings_exhibit.first_named_near_share").in_section(section_of("filings.exhibit"))
          .stating("The first-named answer's shares of all and of far queries imply a share of the " + kFinanceNearText +
                   " near queries that lies in [0, 1]")
          .printed_as("right on 76.6% of all held-out queries and 73.9% of the far ones"),  // quoted
      [] {
        return Relation{{percent("76.6", "first-named company right, all queries"),
                         percent("73.9", "first-named company right, far queries")},
                        [](const Box& b) { return within(near_accuracy(b[0], b[1]), Range{0, 1}); }};
      });
}

}  // namespace pe::theorems::consistency_filings_claims
