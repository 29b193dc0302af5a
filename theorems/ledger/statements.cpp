#include "statements.hpp"

#include "words.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace pe::ledger {
namespace {

using E = Evidence;
const char* const kOverview = "Overview & Motivation";
const char* const kOrder = "Order, and how a mask leaks it";
const char* const kClocks = "Position as a set of clocks";
const char* const kRelative = "Relative position: biases and the ALiBi kernel";
const char* const kRope = "Rotations: RoPE";
const char* const kPast = "Past the training window";
const char* const kKernels = "Kernels over offsets, side by side";
const char* const kFinance = "Finance case study: which company was named last?";
const char* const kNext = "Where this goes next";
const char* const kCaveats = "Honest caveats";
const char* const kImplementation = "Implementation";

// Tables and experiment paragraphs read trained heads: their residual never applies (every
// claim is trained by rule), so it is left at the default. A paragraph that reads numbers from a
// table, or restates an experiment, uses it: what fails there reaches the paragraph's standing.
void overview_and_order(std::vector<Statement>& s) {
  s.push_back({"table.overview", "the overview table", "table", kOverview,
               "Here is the experiment the topic builds toward", {"exp.overview.*", "consistency.table_overview.*"}, {"table.tournament"}});
  s.push_back({"para.overview_filings", "the overview's filings paragraph", "experiment", kOverview,
               "Then we take the heads to text.",
               {"consistency.overview_filings.*"}, {"table.finance", "table.tournament"}});  // its numbers are the finance table's claims, placed here
  s.push_back({"prop1.i", "Proposition 1 (i)", "proposition", kOrder, "Proposition 1 (A causal layer",
               {"prop1.output_is_e_over_t_plus_1", "prop1.position_*"}, {}, {}, E::exhaustive,
               "every position t <= 4096 of one sequence",
               {{"prop1.position_exact", E::exhaustive, "exact integers, but over t <= 4096, not every t"}}});
  s.push_back({"prop1.ii", "Proposition 1 (ii)", "proposition", kOrder, "(ii) In general, given the token",
               {"prop1.prefix_multiset"}, {}, {"exp.bag"}, E::sampled, "100 seeded sequences, n = 64, d = 16"});
  s.push_back({"exp.bag", "the bag-of-tokens reader paragraph", "experiment", kOrder,
               "So the causal mask itself leaks position", {"exp.bag.*", "consistency.exp_bag.*"}, {}, {}, E::exhaustive,
               "the exact multiset reader, every bag counted",
               {{"exp.bag.article_heads.*", E::exhaustive,
                 "the exact reader's expected accuracy, every bag counted (no sample on this side); the tolerance "
                 "is the sampling error of the article's means, each over 2,000 test sequences"},
                {"exp.bag.exact.*", E::by_construction,
                 "the no-mark convention was chosen because under it the exact reader prints these values"},
                {"exp.bag.no_mark_rule", E::by_construction, "the check that chose that convention"}}});
}

void clocks(std::vector<Statement>& s) {
  const std::string prop2_domain = "200 seeded cases, d <= 64";
  s.push_back({"def1", "Definition 1", "definition", kClocks, "Definition 1 (Absolute additive encoding)", {}});
  s.push_back({"def2", "Definition 2", "definition", kClocks, "Definition 2 (Sinusoidal code)",
               {"prop2.sine_first_reflection"}, {}, {}, E::sampled, prop2_domain});
  s.push_back({"prop2.i", "Proposition 2 (i)", "proposition", kClocks, "Proposition 2 (Shift is a rotation)",
               {"prop2.shift_is_rotation"}, {}, {"figure.a"}, E::sampled, prop2_domain});
  s.push_back({"prop2.ii", "Proposition 2 (ii)", "proposition", kClocks, "(ii) The map $k \\mapsto R_\\omega(k)$",
               {"prop2.homomorphism", "prop2.transpose_inverse", "prop2.determinant_one"}, {}, {}, E::sampled,
               prop2_domain});
  s.push_back({"prop2.iii", "Proposition 2 (iii)", "proposition", kClocks, "(iii) Every position lies on the same",
               {"prop2.sphere"}, {}, {}, E::sampled, prop2_domain});
  s.push_back({"prop2.iv", "Proposition 2 (iv)", "proposition", kClocks, "(iv) The code is injective",
               {"prop2.injective"}, {}, {}, E::sampled, prop2_domain});
  s.push_back({"prop2.generator", "Proposition 2, the generator remark", "remark", kClocks,
               "Vaswani and colleagues chose the code because", {"prop2.generator_exponential"}, {"prop2.ii", "prop2.i"}, {},
               E::sampled, prop2_domain});
  s.push_back({"thm1.i", "Theorem 1 (i)", "theorem", kClocks, "Theorem 1 (The stationary kernel",
               {"thm1.stationary", "thm1.gram_*", "thm1.characteristic_function"}, {}, {"figure.a"}, E::sampled,
               "100 to 200 seeded cases, d <= 128"});
  s.push_back({"thm1.ii", "Theorem 1 (ii)", "theorem", kClocks, "(ii) Fix $b$ and $\\Delta \\ne 0$",
               {"thm1.limit_bound.*"}, {}, {}, E::exhaustive, "the six printed offsets"});
  s.push_back({"thm1.readings", "Theorem 1, its two readings", "remark", kClocks, "Two readings. First, by",
               {"thm1.doubling_cost", "consistency.thm1_readings.*"}, {"thm1.i", "thm1.ii"}});
  s.push_back({"table.ruler", "the ruler table", "table", kClocks, "The notebook computes:",
               {"thm1.ruler.*", "thm1.nonuniform.*", "consistency.table_ruler.*"}, {"thm1.ii"}, {}, E::exhaustive,
               "the table's cells"});
  s.push_back({"thm1.columns", "the columns remark", "remark", kClocks, "Note also what the table says against",
               {"thm1.columns.*"}, {"thm1.i"}});
  // Theorems 2 and 4 are equivalences: each claim checks an implication between parts, not a
  // part alone, so each is one statement.
  s.push_back({"thm2", "Theorem 2", "theorem", kClocks, "Theorem 2 (Which score matrices",
               {"thm2.offset_only", "thm2.commutes", "thm2.score_formula", "thm2.window.*", "thm2.commutator.*"},
               {"prop2.i"}, {"exp.added_code"}, E::sampled,
               "200 seeded cases, d <= 30, |m|, |n| <= 5000; windows at seeded random frequencies, d = 2 to 16"});
  s.push_back({"thm2.defect", "the relativity defect paragraph", "remark", kClocks,
               "The theorem says that adding a stationary code", {"thm2.projection.*", "thm2.defect.*"}, {"thm2"},
               {}, E::sampled, "200 seeded Gaussian M, d <= 64; 20000 Gaussian 16 x 16 matrices",
               {{"thm2.defect.monte_carlo.d16", E::sampled,
                 "stays sampled: a seeded Monte Carlo mean (20000 Gaussian 16 x 16 matrices), the cross-check of "
                 "the exact mean thm2.defect.mean.d16"}}});
  s.push_back({"exp.sinusoidal_defect", "the sinusoidal heads' defects", "experiment", kClocks,
               "The three sinusoidal heads of the tournament", {"exp.sinusoidal.defect.*"}, {"thm2.defect"}, {},
               E::sampled, "seeded Gaussian 16 x 16 matrices",
               {{"exp.sinusoidal.defect.article_values_random_like", E::exhaustive,
                 "each of the six printed defects against the exact mean and standard deviation of a Gaussian "
                 "matrix's defect (the Beta law of thm2.defect), no sample"}}});
  s.push_back({"thm2.condition", "the condition-number paragraph", "remark", kClocks,
               "The attention topic’s trained circle denoiser", {"thm2.cond.n*", "thm2.rank.*", "consistency.thm2_condition.*"}, {"thm2"}, {},
               E::exhaustive, "the four printed windows, in 200-digit arithmetic with its error bound"});
}

void relative(std::vector<Statement>& s) {
  s.push_back({"def3", "Definition 3", "definition", kRelative, "Definition 3 (Relative-position schemes)",
               {"def3.shaw.*", "thm3.slopes.*"}, {}, {}, E::sampled, "1,000 seeded (t, j) pairs, t <= 10^6",
               {{"def3.shaw.blind_past_clip", E::exhaustive, "every offset 0 to 10^4 of one seeded table"},
                {"def3.shaw.relative", E::sampled,
                 "stays sampled: the definition reads positions only through min(t - j, K); what is checked is that "
                 "the implementation does, bit for bit, on 1,000 seeded pairs"},
                {"thm3.slopes.*", E::exhaustive,
                 "every head of the printed H = 8: each slope a power of two, exact in binary floating point"}}});
  s.push_back({"def3.t5", "the T5 buckets paragraph", "remark", kRelative, "T5’s buckets show the pattern",
               {"def3.t5.*", "thm3.slope.*", "consistency.def3_t5.*"}, {"def3"}, {}, E::exhaustive,
               "every offset 0 to 10^6",
               {{"thm3.slope.*", E::exhaustive, "the printed H = 8: exp2 of an integer, exact in binary floating point"}}});
  const std::string thm3_domain = "seeded heads and queries up to length 8192 (random and adversarial)";
  s.push_back({"thm3.i", "Theorem 3 (i)", "theorem", kRelative, "Theorem 3 (ALiBi is a product kernel)",
               {"thm3.product_kernel*", "thm3.time_kernel_*"}, {}, {}, E::sampled, thm3_domain});
  s.push_back({"thm3.ii", "Theorem 3 (ii)", "theorem", kRelative, "(ii) At every length, the weight on",
               {"thm3.far_weight_bound", "thm3.length_independence"}, {"thm3.iii"}, {"exp.tournament_past"}, E::sampled,
               thm3_domain});
  s.push_back({"thm3.iii", "Theorem 3 (iii)", "theorem", kRelative, "(iii) For every offset $r$",
               {"thm3.ratio_bound", "thm3.horizon"}, {}, {"filings.far", "filings.horizon"}, E::sampled,
               thm3_domain});
  s.push_back({"thm3.bound_values", "the ALiBi bound values paragraph", "remark", kRelative,
               "Parts (ii) and (iii) are one inequality", {"thm3.bound.*", "consistency.thm3_bound_values.*"},
               {"thm3.ii", "thm3.iii"}, {},
               E::exhaustive, "every D from 0 to 41 at W = 20, s = 1/2"});
}

void rope(std::vector<Statement>& s) {
  const std::string prop3_domain = "200 seeded cases, d <= 64; 50 seeded sequences in a head";
  s.push_back({"rope.motivation", "the RoPE section's opening", "remark", kRope,
               "Theorem 2 says an added code makes the score relative", {}, {"thm2"}});
  s.push_back({"def4", "Definition 4", "definition", kRope, "Definition 4 (Rotary position embedding",
               {"prop3.sinusoidal_code"}, {"def2"}, {}, E::sampled, prop3_domain});
  s.push_back({"prop3.i", "Proposition 3 (i)", "proposition", kRope, "Proposition 3 (RoPE is relative",
               {"prop3.relative", "prop3.attention.*"}, {"prop2.ii"}, {}, E::sampled, prop3_domain});
  s.push_back({"prop3.ii", "Proposition 3 (ii)", "proposition", kRope, "(ii) $\\lVert R_\\theta(m) q",
               {"prop3.isometric"}, {}, {}, E::sampled, prop3_domain});
  s.push_back({"prop3.iii", "Proposition 3 (iii)", "proposition", kRope, "(iii) For fixed $q$ and $k$",
               {"prop3.trig_polynomial", "prop3.amplitudes_phases"}, {}, {"figure.b"}, E::sampled, prop3_domain});
  s.push_back({"thm4", "Theorem 4", "theorem", kRope, "Theorem 4 (RoPE is the general linear", {"thm4.*"}, {}, {},
               E::sampled, "60 seeded orthogonal U, n <= 15",
               {{"thm4.c.structure", E::sampled,
                 "stays sampled: integers read back exactly, on the seeded cases only; the real Schur form of an "
                 "orthogonal matrix is a classical theorem, checked on instances"},
                {"thm4.c.*", E::sampled,
                 "stays sampled: the real Schur form of an orthogonal matrix (Theorem 4 (c)) is a classical theorem, "
                 "checked on 60 seeded orthogonal U, n <= 15, not proved here"}}});
  s.push_back({"rope.reading", "the reading of Theorem 4", "remark", kRope, "The orthogonal $Q$ is absorbed", {},
               {"thm4", "def2"}});
  const std::string prop4_domain = "200 seeded instances, d <= 128, |Delta| <= 5000; 20000 draws per Monte Carlo";
  s.push_back({"prop4.i", "Proposition 4 (i)", "proposition", kRope, "Proposition 4 (What long-term decay",
               {"prop4.complex_form", "prop4.summation_by_parts"}, {}, {}, E::sampled, prop4_domain});
  s.push_back({"prop4.ii", "Proposition 4 (ii)", "proposition", kRope, "(ii) If $q = k$ and each plane",
               {"prop4.matched.*"}, {"thm1.i", "thm1.ii"}, {}, E::sampled, prop4_domain,
               {{"prop4.matched.monte_carlo", E::sampled,
                 "stays sampled: a Monte Carlo cross-check (20000 draws at d = 64) of the expectation "
                 "prop4.matched.exact proves"}}});
  s.push_back({"prop4.iii", "Proposition 4 (iii)", "proposition", kRope, "(iii) If $q$ and $k$ are independent",
               {"prop4.unrelated.*"}, {}, {}, E::sampled, prop4_domain});
  s.push_back({"prop4.envelope", "the envelope paragraph", "remark", kRope, "The bound in (i) depends on",
               {"prop4.envelope.*", "consistency.prop4_envelope.*"}, {"prop4.i"}, {}, E::exhaustive,
               "every offset 1 to 4095 at d = 128"});
  s.push_back({"prop4.independence", "the independence counterexample", "remark", kRope,
               "The independence in (iii) is needed", {"prop4.counterexample.*"}, {"prop4.iii"}, {}, E::sampled,
               "the d = 4 instance: 20000 seeded draws per offset",
               {{"prop4.counterexample.d4.variance_monte_carlo", E::sampled,
                 "stays sampled: a Monte Carlo cross-check (20000 draws at each of 8 offsets) of the variance "
                 "prop4.counterexample.d4.variance_exact proves"}}});
}

void past_experiments(std::vector<Statement>& s) {
  s.push_back({"table.tournament", "the tournament table", "table", kPast, "Now train. The task needs",
               {"exp.tournament.*.L32", "exp.tournament.*.L64", "exp.tournament.*.L128", "exp.tournament.*.L256",
                "consistency.table_tournament.*"}});
  s.push_back({"exp.tournament_window", "the tournament paragraph: within and past the window", "experiment", kPast,
               "Every scheme but the first reads the task",
               {"exp.tournament.reads_within_window", "exp.tournament.learned.nothing_past_window",
                "exp.tournament.sinusoidal.collapses_at_2x"}, {"table.tournament"}, {}});
  s.push_back({"exp.added_code", "the added code's collapse, projected and shifted", "experiment", kPast,
               "Theorem 2 accounts for one part",
               {"exp.sinusoidal.projected.*", "exp.sinusoidal.shifted.*", "exp.sinusoidal.spreads",
                "consistency.exp_added_code.*"}, {"table.tournament"}});
  s.push_back({"exp.tournament_past", "the tournament paragraph: ALiBi holds, RoPE degrades", "experiment", kPast,
               "ALiBi holds, as Theorem 3 (ii) predicts",
               {"exp.tournament.alibi.holds", "exp.tournament.rope.degrades_steadily",
                "exp.tournament.rope.seeds_spread_at_256", "exp.tournament.rope.L256_*",
                "consistency.exp_tournament_past.*"}, {"table.tournament"}});
  s.push_back({"exp.rebound", "the RoPE rebound paragraph", "experiment", kPast,
               "Why does a relative encoding fail to generalize",
               {"exp.rebound.article.dive*", "exp.rebound.article.first_trough", "exp.rebound.article.peak",
                "exp.rebound.article.plane2_bottom", "exp.rebound.article.s1", "exp.rebound.seeds.[!n]*",
                "thm5.census.plane2.*", "consistency.exp_rebound.*"}, {"prop3.iii"}, {},
               E::exhaustive, "plane 2 at d = 16"});
}

void past_theorem5(std::vector<Statement>& s) {
  s.push_back({"def5", "Definition 5", "definition", kPast, "Definition 5 (Context-extension maps)",
               {"thm5.yarn.logit_scale.*"}, {}, {}, E::exhaustive, "the printed kappa"});
  const std::string census = "every plane and offset at d = 16, L = 32, kappa = 4";
  s.push_back({"thm5.i", "Theorem 5 (i)", "theorem", kPast, "Theorem 5 (Wavelength census",
               {"thm5.census.full_turn*", "thm5.census.unseen_angles.*"}, {}, {"exp.rebound"}, E::exhaustive, census});
  s.push_back({"thm5.ii", "Theorem 5 (ii)", "theorem", kPast, "(ii) PI maps test offsets",
               {"thm5.pi.*"}, {"def5"}, {}, E::exhaustive, census});
  s.push_back({"thm5.iii", "Theorem 5 (iii)", "theorem", kPast, "(iii) NTK-aware scaling gives plane",
               {"thm5.ntk.base_change", "thm5.ntk.plane0_unchanged", "thm5.ntk.slowest_divided_by_kappa"}, {"def5"},
               {}, E::exhaustive, census});
  s.push_back({"thm5.iv", "Theorem 5 (iv)", "theorem", kPast, "(iv) For $a(\\Delta) =",
               {"thm5.interpolation_bound", "thm5.sum_theta_squared"}, {"prop4.i"}, {}, E::sampled,
               "200 seeded instances, complex Gaussian h, d <= 128",
               {{"thm5.sum_theta_squared", E::exhaustive, "every even d from 2 to 512 at four bases"}}});
  s.push_back({"thm5.factors", "the census and rescaling factors paragraph", "remark", kPast,
               "At $d = 16$ and $L = 32$ the wavelengths",
               {"thm5.census.wavelength.*", "thm5.ntk.factor.*", "thm5.yarn.factor.*", "consistency.thm5_factors.*"},
               {"thm5.i", "def5"}});
  s.push_back({"thm5.chen", "the Chen constant paragraph", "remark", kPast, "Part (iv) is the reason interpolation",
               {"thm5.extrapolation_reaches_sum", "thm5.chen.c*", "thm5.chen.p*",
                "thm5.chen.ratio*", "consistency.thm5_chen.*"}, {"thm5.iv"}, {}, E::exhaustive,
               "the printed instances, d = 16 and 128",
               {{"thm5.extrapolation_reaches_sum", E::exhaustive,
                 "an existence claim: one witness (seeded moduli, d = 16, Delta* = 1000) settles it, checked to "
                 "rounding"}}});
  s.push_back({"table.rescaling", "the rescaling table", "table", kPast, "Re-reading the trained RoPE heads",
               {"exp.rescaled.*.L*", "consistency.table_rescaling.*"}, {"table.tournament"}});
  s.push_back({"exp.rescaled", "the rescaling paragraph", "experiment", kPast, "Each map rescues the head",
               {"exp.rescaled.each_map_rescues", "exp.rescaled.ntk_*",
                "exp.rebound.seeds.ntk_pushes_rebound_past_256", "consistency.exp_rescaled.*"}, {"thm5.iii", "table.rescaling"}});
}

void figures_and_finance(std::vector<Statement>& s) {
  s.push_back({"figure.a", "Figure A", "figure", kKernels, "A · Clocks and kernels", {"thm1.figure_a.*"},
               {}, {}, E::exhaustive, "the figure's one readout"});
  s.push_back({"figure.b", "Figure B", "figure", kKernels, "B · Past the training window",
               {"exp.rebound.article.s31", "consistency.figure_b.*"}});
  s.push_back({"filings.corpus", "the corpus statistics paragraph", "experiment", kFinance,
               "The documents are the shared synthetic corpus", {"filings.corpus.*", "consistency.filings_corpus.*"}, {}, {},
               E::by_construction, "",
               {{"filings.corpus.*", E::by_construction,
                 "the corpus re-created here was fitted to these statistics on the seed they are read on"}}});
  s.push_back({"table.finance", "the finance table", "table", kFinance, "reader\tall queries",
               {"filings.acc.*", "filings.shape.pi_*", "consistency.table_finance.*"}});
  s.push_back({"filings.far", "the far-queries paragraph", "experiment", kFinance,
               "ALiBi, which held at every length of the tournament",
               {"filings.shape.alibi_loses_far", "consistency.filings_far.*"}, {"table.finance"}});
  s.push_back({"table.horizon", "the horizon table", "table", kFinance, "trained on\thorizon",
               {"filings.horizon.filings.*", "filings.horizon.synthetic.*"}});
  s.push_back({"filings.horizon", "the horizon paragraph", "experiment", kFinance,
               "Inside half the horizon every head answers",
               {"filings.horizon.inside_half_*", "filings.horizon.beyond_degrades", "filings.horizon.quiet_values",
                "filings.horizon.filings_above_synthetic", "consistency.filings_horizon.*"}, {"table.horizon"}});
  s.push_back({"filings.exhibit", "the exhibit filing paragraph", "experiment", kFinance,
               "One held-out filing, the one in the laboratory",
               {"filings.exhibit.*", "filings.shape.first_named_fallback", "consistency.filings_exhibit.*"}, {"filings.corpus", "table.finance"}});
  s.push_back({"next.block", "Where this goes next: the transformer block", "remark", kNext, "The transformer block.",
               {}, {"prop1.i"}});
  s.push_back({"next.contextual", "Where this goes next: contextual embeddings", "remark", kNext,
               "Contextual embeddings. BERT adds", {}, {"def1"}});
  s.push_back({"next.long_contexts", "Where this goes next: long contexts", "remark", kNext, "Long contexts. formalRAG",
               {}, {"thm3.iii"}});
  s.push_back({"next.cycles", "Where this goes next: graphs and grids", "remark", kNext, "Graphs and grids.",
               {"thm1.cycle.*"}, {"thm1.i"}, {}, E::exhaustive, "every Fourier vector of a cycle of 64 positions"});
  s.push_back({"caveat.decay", "the caveat: long-term decay", "remark", kCaveats,
               "Long-term decay is about envelopes and matched pairs", {}, {"prop4.i", "prop4.ii", "prop4.iii"}});
  s.push_back({"caveat.fragile", "the caveat: the commutant theorem is fragile", "remark", kCaveats,
               "The commutant theorem is exact but fragile", {"thm2.cond.caveat.*", "consistency.caveat_fragile.*"},
               {"thm2", "thm2.condition"}, {},
               E::exhaustive, "the printed windows"});
  // Results the proofs cite: external, so nothing here checks them; the edge says who rests on them.
  s.push_back({"caveat.cited", "the caveat: three cited results", "remark", kCaveats,
               "Three results are cited, not proved", {}, {"thm1.i", "thm4", "thm1.ii"}});
  // Caveats that restate printed numbers: their claims are relations among those numbers (unit consistency).
  s.push_back({"caveat.heuristics", "the caveat: the rescalings are heuristics", "remark", kCaveats,
               "The rescalings are heuristics.", {"consistency.caveat_heuristics.*"}, {"exp.rescaled", "table.finance"}});
  s.push_back({"caveat.toy", "the caveat: the tournament is a toy", "remark", kCaveats, "The tournament is a toy.",
               {"consistency.caveat_toy.*"}, {"table.tournament"}});
  s.push_back({"caveat.common", "the caveat: a common claim, corrected", "remark", kCaveats,
               "A common claim, corrected.", {"consistency.caveat_common.*"}, {"thm1.i", "table.tournament"}});
  s.push_back({"caveat.chen", "the caveat: a published bound, corrected", "remark", kCaveats,
               "A published bound, corrected", {"thm5.chen.refuted_up_to_d128"}, {"thm5.iv", "thm5.chen"}, {},
               E::exhaustive, "every d up to 128"});
  s.push_back({"caveat.horizon", "the caveat: the horizon bounds a weight", "remark", kCaveats,
               "The horizon bounds a weight, not an answer", {"consistency.caveat_horizon.*"}, {"thm3.iii", "filings.horizon"}});
  s.push_back({"impl.harness", "the implementation harness", "implementation", kImplementation,
               "The companion notebook (notebookPath)", {"impl.*", "consistency.impl_harness.*"}, {}, {}, E::exhaustive,
               "every harness row",
               {{"impl.gradients.*", E::sampled,
                 "stays sampled: finite differences against the hand-written backward pass on every parameter "
                 "block of seeded heads, under every reading; the symbolic derivative check is not built yet"}}});
  s.push_back({"impl.tests", "the implementation's list of what its tests cover", "implementation", kImplementation,
               "Proposition 1 exactly, and the heads", {},
               {"prop1.i", "prop1.ii", "prop2.i", "thm1.i", "thm1.ii", "thm2", "thm3.i", "prop3.i", "thm4", "prop4.i",
                "prop4.iii", "thm5.i", "thm5.iv"}});
}

bool matches_pattern(const std::string& pattern, std::string_view id) {
  return fnmatch(pattern.c_str(), std::string(id).c_str(), 0) == 0;
}

}  // namespace

std::string to_string(Evidence evidence) {
  switch (evidence) {
    case Evidence::by_construction: return "by construction";
    case Evidence::trained: return "trained";
    case Evidence::sampled: return "sampled";
    case Evidence::exhaustive: return "exhaustive";
    case Evidence::proved: return "proved";
  }
  return "?";
}

const std::vector<Statement>& statements() {
  static const std::vector<Statement> all = [] {
    std::vector<Statement> s;
    for (auto add : {overview_and_order, clocks, relative, rope, past_experiments, past_theorem5,
                     figures_and_finance})
      add(s);
    return s;
  }();
  return all;
}

const std::vector<std::string>& statement_terminators() {
  static const std::vector<std::string> phrases = {
      "Sinusoids are a stationary kernel.",  // the overview's bullets
      "The kernel is stationary, but attention does not compare",
      "The filings are synthetic.",  // a caveat without a printed relation
      "The laboratory reads its data from a JSON file",  // after the list of what the tests cover
  };
  return phrases;
}

namespace {

/// Whether the words before a mention make it another article's statement.
bool another_articles(std::string_view before) {
  for (std::string_view word : {"its ", "topic’s ", "topic's ", "their "})
    if (before.size() >= word.size() && before.substr(before.size() - word.size()) == word) return true;
  return false;
}

/// The statements "Theorem 3 (iii)" names: that part, or every part of the family named whole.
std::vector<std::string> named_statements(const std::string& kind, const std::string& number, const std::string& part) {
  if (kind == "Figure") return {"figure." + std::string(1, char(std::tolower(static_cast<unsigned char>(number[0]))))};
  const std::string family = (kind == "Definition" ? "def" : kind == "Proposition" ? "prop" : "thm") + number;
  if (!part.empty() && statement_with_id(family + "." + part)) return {family + "." + part};
  std::vector<std::string> out;
  for (const Statement& s : statements())
    if (statement_family(s.id) == family) out.push_back(s.id);
  return out;
}

}  // namespace

std::vector<std::pair<std::size_t, std::string>> section_headings(std::string_view article) {
  std::vector<std::pair<std::size_t, std::string>> out;
  for (const std::string& heading : sections()) {
    const std::string line = "\n" + heading + "\n";
    for (std::size_t at = article.find(line); at != std::string_view::npos; at = article.find(line, at + 1))
      out.push_back({at, heading});
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<TextSpan> statement_spans(std::string_view article) {
  std::vector<std::size_t> bounds;
  for (const Statement& s : statements()) bounds.push_back(article.find(s.anchor));
  for (const std::string& t : statement_terminators()) bounds.push_back(article.find(t));
  for (const auto& heading : section_headings(article)) bounds.push_back(heading.first);
  std::sort(bounds.begin(), bounds.end());
  std::vector<TextSpan> out;
  for (const Statement& s : statements()) {
    const std::size_t begin = article.find(s.anchor);
    if (begin == std::string_view::npos) {
      out.push_back({});
      continue;
    }
    const auto next = std::upper_bound(bounds.begin(), bounds.end(), begin);
    out.push_back({begin, next == bounds.end() || *next == std::string_view::npos ? article.size() : *next});
  }
  return out;
}

std::vector<Mention> statement_mentions(std::string_view article) {
  static const std::regex mention(
      R"((Definition|Proposition|Theorem) ([0-9]+)(\.[0-9]+)?(?: \(([ivx]+|[a-c])\))?|Figure ([AB])\b)");
  const std::string text(article);
  const std::vector<TextSpan> spans = statement_spans(article);
  std::vector<Mention> out;
  for (std::sregex_iterator m(text.begin(), text.end(), mention), end; m != end; ++m) {
    const std::size_t at = static_cast<std::size_t>(m->position());
    if ((*m)[3].matched || another_articles(std::string_view(text).substr(0, at))) continue;
    Mention x;
    x.line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
    x.text = m->str();
    for (std::size_t k = 0; k < spans.size(); ++k)
      if (spans[k].begin <= at && at < spans[k].end) x.from = statements()[k].id;
    x.to = (*m)[5].matched ? named_statements("Figure", (*m)[5], "") : named_statements((*m)[1], (*m)[2], (*m)[4]);
    if (x.to.empty()) throw std::logic_error("line " + std::to_string(x.line) + ": '" + x.text + "' names no statement");
    // A statement naming itself or its own family whole ("Theorem 3" inside Theorem 3) is no
    // edge; naming another part of its family ("Proposition 2 (i)" in the generator remark) is.
    const bool own_family = !x.from.empty() && statement_family(x.to.front()) == statement_family(x.from);
    if (own_family && (x.to.size() > 1 || x.to.front() == x.from || !(*m)[4].matched)) continue;
    out.push_back(std::move(x));
  }
  return out;
}

bool joined(const std::vector<Statement>& map, const std::string& from, const std::string& to) {
  const auto has = [](const std::vector<std::string>& v, const std::string& id) {
    return std::find(v.begin(), v.end(), id) != v.end();
  };
  // Between parts of one family only the part's own edges count; across families any part's do.
  const bool within_family = statement_family(from) == statement_family(to);
  for (const Statement& f : map)
    if (within_family ? f.id == from : statement_family(f.id) == statement_family(from)) {
      if (has(f.uses, to) || has(f.explains, to)) return true;
      for (const Statement& t : map)
        if (t.id == to && has(t.explains, f.id)) return true;
    }
  return false;
}

std::vector<std::string> undeclared_mentions(std::string_view article, const std::vector<Statement>& map,
                                             const std::vector<NonEdge>& non_edges) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(article)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<std::string> out;
  for (const Mention& m : statement_mentions(article)) {
    const std::string& line = lines.at(m.line - 1);
    const bool declared = std::any_of(non_edges.begin(), non_edges.end(), [&](const NonEdge& n) {
      return n.mention == m.text && line.find(n.phrase) != std::string::npos;
    });
    if (declared) continue;
    const bool edge = !m.from.empty() && std::any_of(m.to.begin(), m.to.end(), [&](const std::string& to) {
      return joined(map, m.from, to);
    });
    if (!edge)
      out.push_back("line " + std::to_string(m.line) + ": '" + m.text + "' " +
                    (m.from.empty() ? std::string("stands in no statement") : "in " + m.from + ", which has no edge to it"));
  }
  return out;
}

const std::vector<NonEdge>& mention_non_edges() {
  static const std::vector<NonEdge> all = {
      {"The laboratory has two figures.", "Figure A",
       "the laboratory's guide to its figures, which are statements of their own; it claims nothing of them"},
      {"The laboratory has two figures.", "Figure B",
       "the laboratory's guide to its figures, which are statements of their own; it claims nothing of them"},
  };
  return all;
}

const Statement* statement_with_id(std::string_view id) {
  for (const Statement& s : statements())
    if (s.id == id) return &s;
  return nullptr;
}

std::vector<const Statement*> statements_of_claim(std::string_view claim_id) {
  std::vector<const Statement*> out;
  for (const Statement& s : statements())
    if (std::any_of(s.claims.begin(), s.claims.end(),
                    [&](const std::string& p) { return matches_pattern(p, claim_id); }))
      out.push_back(&s);
  return out;
}

std::string statement_family(std::string_view id) {
  const std::string text(id);
  const auto dot = text.find('.');
  const std::string head = text.substr(0, dot);
  const bool numbered = head.size() > 3 && std::isdigit(static_cast<unsigned char>(head.back()));
  return numbered ? head : text;
}

Evidence evidence_of(const Record& r) {
  const std::vector<const Statement*> owners = statements_of_claim(r.id);
  const Statement* owner = owners.size() == 1 ? owners.front() : nullptr;
  if (owner)
    for (const EvidenceOverride& o : owner->overrides)
      if (matches_pattern(o.pattern, r.id)) return o.kind;
  // The article's corpus is not available; its re-creation was fitted to the printed values.
  if (r.unit == "filings_corpus") return Evidence::by_construction;
  if (!r.seeds.empty() || (!r.reproduction.empty() && r.reproduction != "exact")) return Evidence::trained;
  if (!r.proof.empty() || r.certified == "true") return Evidence::proved;
  if (r.rule == "statistical") return Evidence::sampled;
  return owner ? owner->residual : Evidence::sampled;
}

std::string evidence_note(const Record& r) {
  const std::vector<const Statement*> owners = statements_of_claim(r.id);
  if (owners.size() != 1) return "";
  for (const EvidenceOverride& o : owners.front()->overrides)
    if (matches_pattern(o.pattern, r.id)) return o.why;
  const Evidence e = evidence_of(r);
  return e == Evidence::sampled || e == Evidence::exhaustive ? owners.front()->domain : "";
}

namespace {

bool is_inconclusive(const Record& r) { return !r.inconclusive.empty() || r.reproduction == "inconclusive"; }

void decide_verdict(StatementResult& out) {
  const int n = static_cast<int>(out.claims.size());
  int fails = 0, errata = 0, inconclusive = 0;
  for (const Record* r : out.claims) {
    if (is_inconclusive(*r)) ++inconclusive;
    else if (r->verdict != "holds") {
      ++fails;
      errata += r->expected == "fails";
    }
  }
  const std::string of = " of " + std::to_string(n) + (n == 1 ? " claim " : " claims ");
  if (n == 0) out.verdict = out.verdict_text = "not checked";
  else if (fails > 0) {
    out.verdict = "fails";
    out.verdict_text = std::to_string(fails) + of + (fails == 1 ? "fails" : "fail");
    if (errata) out.verdict_text += " (" + std::to_string(errata) + " errata, expected)";
  } else if (inconclusive > 0) {
    out.verdict = "inconclusive";
    out.verdict_text = std::to_string(inconclusive) + of + "inconclusive";
  } else {
    out.verdict = out.verdict_text = "holds";
  }
}

void summarise_evidence(StatementResult& out) {
  for (const Record* r : out.claims) {
    const Evidence e = evidence_of(*r);
    ++out.mix[e];
    out.weakest = std::min(out.weakest, e);
  }
  if (out.claims.empty()) return;
  std::ostringstream text;
  text << to_string(out.weakest) << " (";
  bool first = true;
  for (auto it = out.mix.rbegin(); it != out.mix.rend(); ++it, first = false)
    text << (first ? "" : ", ") << it->second << " " << to_string(it->first);
  text << ")";
  const Statement& s = *out.statement;
  const bool instances = out.mix.count(Evidence::sampled) || out.mix.count(Evidence::exhaustive);
  if (instances && !s.domain.empty()) text << "; instances: " << s.domain;
  out.evidence_text = text.str();
}

/// Every statement reachable from `id` by uses-edges, `id` left out.
std::set<std::string> used_by(const std::string& id) {
  std::set<std::string> seen;
  std::vector<std::string> todo = {id};
  while (!todo.empty()) {
    const Statement* s = statement_with_id(todo.back());
    todo.pop_back();
    if (!s) continue;
    for (const std::string& u : s->uses)
      if (seen.insert(u).second) todo.push_back(u);
  }
  seen.erase(id);
  return seen;
}

void decide_standing(std::vector<StatementResult>& results) {
  std::map<std::string, const StatementResult*> by_id;
  for (const StatementResult& r : results) by_id[r.statement->id] = &r;
  for (StatementResult& r : results) {
    if (r.verdict != "holds") {
      r.standing = r.verdict;
      continue;
    }
    if (r.weakest == Evidence::by_construction && r.mix.size() == 1) {
      r.standing = "holds by construction only: no support";
      continue;
    }
    std::string weak;
    for (const std::string& u : used_by(r.statement->id)) {
      const auto it = by_id.find(u);
      if (it != by_id.end() && (it->second->verdict == "fails" || it->second->verdict == "inconclusive"))
        weak += (weak.empty() ? "" : ", ") + u + " (" + it->second->verdict + ")";
    }
    r.standing = weak.empty() ? "holds, and everything it uses holds" : "holds, but rests on " + weak;
    for (const std::string& e : r.statement->explains) {
      const auto it = by_id.find(e);
      if (it != by_id.end() && (it->second->verdict == "fails" || it->second->verdict == "inconclusive"))
        r.flagged.push_back("explains " + e + " (" + it->second->verdict + ")");
    }
  }
  // What an error brings down: every statement that rests on it through its uses-edges.
  for (StatementResult& r : results) {
    if (r.verdict != "fails" && r.verdict != "inconclusive") continue;
    for (const StatementResult& other : results)
      if (used_by(other.statement->id).count(r.statement->id)) r.brings_down.push_back(other.statement->id);
  }
}

}  // namespace

std::vector<std::string> uses_path(const std::string& from, const std::string& to) {
  std::map<std::string, std::string> came_from = {{from, ""}};
  std::vector<std::string> frontier = {from};
  for (std::size_t i = 0; i < frontier.size(); ++i) {  // breadth first: the first path is a shortest
    const Statement* s = statement_with_id(frontier[i]);
    if (!s) continue;
    for (const std::string& u : s->uses)
      if (came_from.emplace(u, frontier[i]).second) frontier.push_back(u);
  }
  if (!came_from.count(to) || from == to) return {};
  std::vector<std::string> path;
  for (std::string at = to; !at.empty(); at = came_from.at(at)) path.insert(path.begin(), at);
  return path;
}

std::string brings_down_text(const StatementResult& result) {
  std::string out;
  for (const std::string& id : result.brings_down) {
    const std::vector<std::string> path = uses_path(id, result.statement->id);
    out += (out.empty() ? "" : "; ") + id;
    if (path.size() > 2) {
      out += " (through ";
      for (std::size_t i = 1; i + 1 < path.size(); ++i) out += (i > 1 ? ", " : "") + path[i];
      out += ")";
    }
  }
  return out.empty() ? "nothing" : out;
}

namespace {

/// The statements each claim's printed value is placed in besides its own (a value printed twice
/// is one decision shown at both places, and bears on both statements).
const std::map<std::string, std::set<std::string>>& placed_in() {
  static const std::map<std::string, std::set<std::string>> places = [] {
    std::map<std::string, std::set<std::string>> out;
    for (const Claim& c : all_claims())
      for (const Place& p : c.places)  // a claim without declared places sits in its own statement only
        if (statement_with_id(p.where)) out[c.id].insert(p.where);
    return out;
  }();
  return places;
}

}  // namespace

std::vector<StatementResult> evaluate_statements(const std::vector<Record>& records) {
  std::vector<StatementResult> results;
  for (const Statement& s : statements()) {
    StatementResult r;
    r.statement = &s;
    for (const Record& record : records) {
      // A relation that cannot bite says nothing for or against its statement, nor on what evidence.
      if (record.consistency == "cannot bite") continue;
      const std::vector<const Statement*> owners = statements_of_claim(record.id);
      const auto placed = placed_in().find(record.id);
      if ((owners.size() == 1 && owners.front() == &s) ||
          (placed != placed_in().end() && placed->second.count(s.id)))
        r.claims.push_back(&record);
    }
    decide_verdict(r);
    summarise_evidence(r);
    results.push_back(std::move(r));
  }
  decide_standing(results);
  return results;
}

std::string statement_line(const StatementResult& r) {
  constexpr std::size_t kWidth = 100, kIdColumn = 24;
  std::ostringstream line;
  line << r.statement->label << ": " << r.verdict_text;
  if (!r.claims.empty()) {
    line << " | " << to_string(r.weakest);
    if (r.mix.size() > 1) {
      line << " (";
      bool first = true;
      for (auto it = r.mix.rbegin(); it != r.mix.rend(); ++it, first = false)
        line << (first ? "" : " + ") << it->second << " " << to_string(it->first);
      line << ")";
    }
  }
  if (r.verdict == "holds" && r.standing != "holds, and everything it uses holds") {
    const auto comma = r.standing.find(", ");
    line << " | " << (comma == std::string::npos ? r.standing : r.standing.substr(comma + 2));
  }
  if (r.verdict == "fails" || r.verdict == "inconclusive") {
    line << " | brings down ";
    line << brings_down_text(r);
  }
  for (std::size_t i = 0; i < r.flagged.size(); ++i)  // "explains a (fails), b (fails)"
    line << (i ? ", " + r.flagged[i].substr(std::string("explains ").size()) : " | " + r.flagged[i]);
  // The edges themselves, so that the terminal shows the argument and not only its verdicts.
  const auto edges = [&line](const char* name, const std::vector<std::string>& ids) {
    for (std::size_t i = 0; i < ids.size(); ++i) line << (i ? ", " : std::string(" | ") + name + " ") << ids[i];
  };
  edges("uses", r.statement->uses);
  std::vector<std::string> unflagged;  // a flagged explains-edge is named above already
  for (const std::string& e : r.statement->explains)
    if (std::none_of(r.flagged.begin(), r.flagged.end(),
                     [&](const std::string& f) { return f.rfind("explains " + e + " (", 0) == 0; }))
      unflagged.push_back(e);
  edges(r.flagged.empty() ? "explains" : "also explains", unflagged);
  // Wrapped under the id column, never cut: a cut line could end inside a count. The mark before
  // the id: "x" fails, "?" inconclusive, "^" holds but rests on one that does not, "-" no claim.
  const char mark = r.verdict == "fails" ? 'x' : r.verdict == "inconclusive" ? '?' : r.verdict == "not checked" ? '-'
                    : r.standing.rfind("holds, but rests on", 0) == 0 ? '^' : ' ';
  const std::string id = std::string(1, mark) + " " + r.statement->id;
  const std::string first = id + std::string(id.size() < kIdColumn ? kIdColumn - id.size() : 1, ' ');
  std::string text = pe::wrap_words(line.str(), kWidth, first, std::string(kIdColumn, ' '));
  text.pop_back();  // wrap_words ends with a newline; a line is joined by its caller
  return text;
}

}  // namespace pe::ledger
