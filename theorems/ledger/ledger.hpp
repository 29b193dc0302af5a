/// @file
/// @brief The claims ledger: every number or inequality the article prints, declared once with
/// the rule that decides it, evaluated lazily by its verification unit.
///
/// A claim is declared with the article's value *as printed* and an expected verdict. The
/// verdict itself comes only from the computation. An expected verdict of `fails` is allowed only
/// with an erratum note that gives the reason and the corrected value.
#pragma once

#include <cmath>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "printed_decimal.hpp"
#include "proof_steps.hpp"

namespace pe::ledger {

/// How a claim is decided (DESIGN.md, "The claims ledger").
enum class Rule {
  printed,      ///< agrees with the printed value to within half a unit of its last digit
  bound,        ///< an inequality holds
  identity,     ///< an equality holds to a stated tolerance at a stated precision
  statistical,  ///< within k standard errors, k stated
  shape,        ///< a qualitative statement written as an explicit predicate
};

enum class Verdict { holds, fails };

std::string to_string(Rule rule);
std::string to_string(Verdict verdict);

/// What a verification unit measured for one claim. A rule's helper below returns it as
/// Decided<rule>, and the claim takes its rule from that type (Claim::decided_by).
struct Outcome {
  std::string computed;  ///< the computed value, at least six significant digits
  Verdict verdict;       ///< does the article's statement hold as printed?
  std::string detail;    ///< how the verdict was reached, with the tolerance's source
  /// Decided on a rigorous enclosure of the computed value (theorems/ledger/certified.hpp), not on a
  /// floating-point number; `enclosure` is that interval as "[lo, hi]".
  bool certified = false;
  std::string enclosure;
  /// Why no enclosure could decide the statement, for claims about floating-point behaviour
  /// itself (a numerical rank in double, a finite-difference gradient check); see
  /// about_floating_point.
  std::string uncertifiable;
  /// For a certified printed claim: how a floating-point route (double, or the article's own
  /// precision) decides the printed digits when it decides them otherwise than the enclosure;
  /// empty when they agree (theorems/ledger/certified.hpp, compare_floating_route).
  std::string floating_disagreement;
  /// Experiment claims: how many training seeds the decision read (0: none).
  int seeds = 0;
  /// How finely a statistical or band claim decides (with_band, with_threshold_margin): the
  /// half-width of its acceptance band in the claim's own units (NaN: not a band claim).
  double resolution = std::nan("");
  /// Why the band is too wide to decide anything, or "" when it decides (see kInconclusiveShare).
  std::string inconclusive;
  /// The printed value carries more digits than three seeds support: the standard deviation of
  /// a three-seed mean exceeds half a unit of its last printed digit.
  bool overprecise = false;
  /// Set when `computed` is not the quantity the statement is about but how far the statement
  /// misses (an identity checked against 0, a |z|): that distance and its unit ("d·eps",
  /// "absolute", "relative", "standard errors"), so a face can say "holds to 0.5 d·eps" rather
  /// than print 0.5 as if it were det R(k). NaN: `computed` is the quantity itself.
  double residual = std::nan("");
  std::string residual_unit;
  /// Experiment claims that read one quantity (an all-seed mean, a mean difference, a rate):
  /// that estimate and its standard error over the seeds read, so that the sweep can show how
  /// far each reading of the article moves it. NaN: the claim reads no single quantity.
  double estimate = std::nan(""), estimate_se = std::nan("");
  /// For a relation among the article's own printed numbers (each section's consistency_NAME.cpp): "consistent",
  /// "cannot bite" (no printed digits could have broken it: it holds, but says nothing),
  /// "wrong digit" or "changes a conclusion" (it fails; numerics/printed_relations.hpp grades
  /// how). Empty for every other claim.
  std::string consistency;
  /// For a claim proved by exact algebra (proved_identity): the certificate, naming the
  /// reduction, the rules it used and the parameters it covers. Empty for every other claim.
  std::string proof;
  /// The same proof as structure: its steps, each with its kind and reach (proof_steps.hpp), the
  /// cited lemmas among them. The certificate line and the evidence are read off these.
  std::vector<ProofStep> proof_steps;
  /// For an identity proved on symbolic matrices: its sides in GiNaC's printed syntax, for a
  /// second computer-algebra system (numerics/symbolic_identity.hpp, plain_sides).
  std::string proof_sides;
};

/// An outcome decided under the rule R: only R's helpers below make one. A claim's body returns
/// it, and the claim's rule is read off its type when the claim is declared (Claim::decided_by),
/// so the rule is written once, by the helper that decides it, and is known without evaluating.
template <Rule R>
struct Decided : Outcome {
  static constexpr Rule rule = R;
};
template <class T>
inline constexpr bool kIsDecided = false;
template <Rule R>
inline constexpr bool kIsDecided<Decided<R>> = true;

/// The article's value as printed, parsed once where its claim is declared and given to the
/// claim's body (Claim::decided_by), so that the body does not write the text again.
struct PrintedValue {
  std::string text;  ///< as printed: "0.466"
  double value = 0;
  double half_unit = 0;  ///< half a unit of the last printed digit
  /// Throws std::invalid_argument unless `text` is a decimal literal (numerics/printed_decimal.hpp).
  static PrintedValue of(std::string_view text);
};

/// A range the article prints, "A to B" or "about A to B": both ends as printed values.
struct PrintedRange {
  PrintedValue low, high;
  /// Throws std::invalid_argument unless `text` is two decimal literals joined by " to ", low
  /// first, after an optional "about ".
  static PrintedRange of(std::string_view text);
};

/// A list the article prints, "A, B, C": each entry as a printed value, in the printed order.
struct PrintedList {
  std::vector<PrintedValue> values;
  /// Throws std::invalid_argument unless `text` is two or more decimal literals joined by ", ".
  static PrintedList of(std::string_view text);
};

/// The article's value a body takes after its inputs: PrintedValue, PrintedRange, PrintedList,
/// or void when it takes none.
template <class Body, class... Inputs>
using ArticleArgument = std::conditional_t<
    std::is_invocable_v<const Body&, const Inputs&..., const PrintedValue&>, PrintedValue,
    std::conditional_t<
        std::is_invocable_v<const Body&, const Inputs&..., const PrintedRange&>, PrintedRange,
        std::conditional_t<std::is_invocable_v<const Body&, const Inputs&..., const PrintedList&>, PrintedList,
                           void>>>;

struct QuantityScale;
/// Whether `Body`, given `Inputs`... (and the article's value, when it takes it after them), can
/// decide a claim: it must return a rule helper's Decided<rule>, whose rule becomes the claim's.
template <class Body, class... Inputs>
constexpr bool decides_a_claim() {
  using Article = ArticleArgument<Body, Inputs...>;
  if constexpr (!std::is_void_v<Article>)
    return kIsDecided<std::invoke_result_t<const Body&, const Inputs&..., const Article&>>;
  else if constexpr (std::is_invocable_v<const Body&, const Inputs&...>)
    return kIsDecided<std::invoke_result_t<const Body&, const Inputs&...>>;
  else
    return false;
}

/// The stamps below change a decided outcome and keep its rule.
void stamp_estimate(Outcome& outcome, double estimate, double standard_error);
void stamp_band(Outcome& outcome, double centre, double half_width, const QuantityScale& scale);
void stamp_threshold_margin(Outcome& outcome, double estimate, double threshold, double half_width);
void stamp_residual(Outcome& outcome, double residual, std::string unit);

/// Stamps the quantity an experiment claim decided on (Outcome::estimate) and its standard error.
template <Rule R>
Decided<R> with_estimate(Decided<R> outcome, double estimate, double standard_error) {
  stamp_estimate(outcome, estimate, standard_error);
  return outcome;
}

/// A band that covers more than this share of its quantity's range decides nothing: the
/// claim is inconclusive, not "holds". Declared before any claim was classed: a band wider than
/// half of all the values the quantity can take cannot tell a reproduction from a miss.
inline constexpr double kInconclusiveShare = 0.5;

/// The values a quantity decided by a band can take, and the value at which the claim would say
/// the opposite: an accuracy runs from chance to 1 and reverses at chance (a reader that
/// guesses); a score without bounds spans -|value| .. |value| and reverses at 0 (its sign); a
/// count of answers reverses at 0 (none).
struct QuantityScale {
  double low = 0, high = 1;
  std::string text;  ///< names the range: "the accuracy's range from chance 0.125 to 1"
  double reverses_at = std::nan("");
  std::string reverses_text;  ///< names that value: "chance (a reader that guesses)"
  /// A centre at most this far above the low end (or below it) claims the low end itself: an
  /// accuracy a guesser could print (within k binomial se of chance over the answers it was read
  /// on). 0: no centre claims it.
  double low_end_zone = 0;
};

/// The value at which a claim decided at `centre` on `scale` would say the opposite, and its words.
/// A centre within the scale's low_end_zone of a low end that reverses the claim (an accuracy a
/// guesser could print) claims that end: it is reversed by the value kInconclusiveShare of the
/// way up the scale (a head that reads), not by the end it claims. Otherwise the scale's own
/// reversing value (chance for an accuracy that reads, 0 for a sign).
struct Reversal {
  double at = std::nan("");
  std::string text;
};
Reversal reversal(const QuantityScale& scale, double centre);

/// The scale of a quantity without natural bounds (a score, a horizon), printed as `printed`:
/// -|printed| .. |printed|, the smallest range in which its sign is at stake, reversing at 0.
QuantityScale signed_scale(double printed, std::string_view what);

/// Stamps the resolution of a claim decided by an acceptance band centre +/- half_width of a
/// quantity on `scale`. A claim that holds is inconclusive when its band is wider than
/// kInconclusiveShare of the scale's range, or when it reaches the value that would reverse the
/// claim (reversal), whatever its width: such a band would accept a quantity that says the opposite.
template <Rule R>
Decided<R> with_band(Decided<R> outcome, double centre, double half_width, const QuantityScale& scale) {
  stamp_band(outcome, centre, half_width, scale);
  return outcome;
}
/// Stamps the resolution of a claim that compares an estimate with a threshold, decided within
/// k standard errors (`half_width` = k se): inconclusive, whatever the verdict, when the
/// estimate lies within half_width of the threshold, since the verdict could go either way.
template <Rule R>
Decided<R> with_threshold_margin(Decided<R> outcome, double estimate, double threshold, double half_width) {
  stamp_threshold_margin(outcome, estimate, threshold, half_width);
  return outcome;
}

/// The certification text (Record::certification) of a claim decided on its enclosure, and
/// the words it adds when a floating-point route disagrees with it in the printed digits.
inline const std::string kDecidedOnEnclosure = "decided on the enclosure";
inline const std::string kFloatingRouteDisagrees = "the floating-point route disagrees in the printed digits";

/// Marks a printed or bound outcome that no enclosure would decide, saying why (evaluate_record
/// reports the reason as the claim's certification).
template <Rule R>
Decided<R> not_certifiable(Decided<R> outcome, std::string reason) {
  outcome.uncertifiable = std::move(reason);
  return outcome;
}
/// The reason for a theorem checked on seeded random instances against a rounding budget.
inline const std::string kSeededInstances =
    "a theorem checked on seeded random instances in floating point against a stated rounding "
    "budget: enclosing those instances would certify them, not the statement";
/// The reason for such a theorem whose extremal instances attain its bound: an equality, which
/// comparing interval endpoints can never decide.
inline const std::string kSeededEqualityInDisguise =
    kSeededInstances + "; and its extremal instances attain the bound exactly (a smallest eigenvalue "
                       "of 0, a ratio of 1), an equality that no enclosure's endpoints decide";

/// Marks a printed or bound outcome as a statement about floating-point arithmetic, which an
/// enclosure of the exact value would not decide; `why` names the floating-point computation.
template <Rule R>
Decided<R> about_floating_point(Decided<R> outcome, std::string_view why) {
  return not_certifiable(std::move(outcome), "a statement about floating-point arithmetic (" + std::string(why) +
                                                 "), which an enclosure of the exact value would not decide");
}

/// A claim's id, which also records where it is written: the file and line of the expression
/// the id is built from, filled in by the compiler at that expression (default arguments of the
/// converting constructor are evaluated where it is called, on GCC and clang alike). A default
/// member initialiser of Claim would not do: clang evaluates those at the declaration's closing
/// brace, GCC at the start of some statements and the end of others.
struct ClaimId : std::string {
  ClaimId() = default;
  template <class Text, class = std::enable_if_t<std::is_convertible_v<Text, std::string> &&
                                                 !std::is_same_v<std::decay_t<Text>, ClaimId>>>
  ClaimId(Text&& text, const char* file = __builtin_FILE(), int line = __builtin_LINE())
      : std::string(std::forward<Text>(text)), declared_in(file), declared_at(line) {}
  const char* declared_in = "";
  int declared_at = 0;
};

/// The families of trained runs a claim reads, as a mask. An experiment claim names them on its
/// declaration (theorems/lab/runs.hpp, lab::experiment_claim) and is given exactly those; the
/// sweep judges it only in the settings where each is plausible. Every other claim reads none.
using RunFamilies = int;
inline constexpr RunFamilies kNoRuns = 0, kTournamentRuns = 1, kFilingsRuns = 2;
inline constexpr RunFamilies kAllRuns = kTournamentRuns | kFilingsRuns;
/// "tournament", "filings study", "tournament and filings study", or "no" for kNoRuns.
std::string run_families_text(RunFamilies families);

/// The trained runs of one setting, as the ledger hands them from a program that owns them (a
/// unit's test program, the sweep, the docs) to an experiment claim. The ledger never looks
/// inside; theorems/lab/runs.hpp defines what they hold.
class TrainedRuns {
 public:
  virtual ~TrainedRuns() = default;

 protected:
  TrainedRuns() = default;
  TrainedRuns(const TrainedRuns&) = default;
  TrainedRuns& operator=(const TrainedRuns&) = default;
};

/// Where the article prints a claim's value (article_numbers.hpp): the statement (or, outside
/// every statement, the section heading), the printed text in canonical form ("0.466",
/// "3.69e29", "41%") and which occurrence of that text there, counted over whole numbers.
struct Place {
  std::string where;
  std::string text;
  int occurrence = 1;
};

/// One claim of the article, declared with every field named where it is set:
///
///     Claim("prop1.position_exact").in_section(section)
///         .stating("Proposition 1 (i): rounding 1/<o_t, e> - 1 returns t exactly, ...")
///         .printed_as("t is recovered exactly")
///         .decided_by([] { return identity(...); });  // its rule: identity, from the helper
///
/// Four of its fields are strings, one after another; declared positionally, two of them could
/// trade places and still compile. C++20's designated initialisers would name them too, but the
/// project stays on C++17 (under -std=c++20, clang 14 with libstdc++ 12 rejects the recursive
/// JsonValue of numerics/json_text.hpp), so the names are these calls.
struct Claim {
  /// Begins a declaration; the id's file and line are recorded here (ClaimId).
  explicit Claim(ClaimId claim_id) : id(std::move(claim_id)) {}
  Claim in_section(std::string heading) && { section = std::move(heading); return std::move(*this); }
  Claim stating(std::string what) && { statement = std::move(what); return std::move(*this); }
  Claim printed_as(std::string value) && { article = std::move(value); return std::move(*this); }
  /// The claim's body: it returns what one rule's helper decided (Decided<rule>), and that type
  /// is the claim's rule. A body taking `const PrintedValue&` (or `PrintedRange`, `PrintedList`) is given
  /// the article's value, parsed here once, so printed_as must come first.
  template <class Body>
  Claim decided_by(Body body) && {
    static_assert(decides_a_claim<Body>(), "a claim's body returns a rule helper's Decided<rule>");
    using Article = ArticleArgument<Body>;
    if constexpr (!std::is_void_v<Article>) {
      using Decision = std::invoke_result_t<const Body&, const Article&>;
      rule_ = Decision::rule;
      evaluate = [body = std::move(body), value = article_as<Article>()]() -> Outcome { return body(value); };
    } else {
      using Decision = std::invoke_result_t<const Body&>;
      rule_ = Decision::rule;
      evaluate = [body = std::move(body)]() -> Outcome { return body(); };
    }
    return std::move(*this);
  }
  /// An experiment claim's body, given the runs (and, when it takes it, the article's value);
  /// lab::experiment_claim gives it the runs of the families it reads.
  template <class Body>
  Claim decided_on_runs(Body body) && {
    static_assert(decides_a_claim<Body, TrainedRuns>(), "a claim's body returns a rule helper's Decided<rule>");
    using Article = ArticleArgument<Body, TrainedRuns>;
    if constexpr (!std::is_void_v<Article>) {
      using Decision = std::invoke_result_t<const Body&, const TrainedRuns&, const Article&>;
      rule_ = Decision::rule;
      evaluate_on_runs = [body = std::move(body), value = article_as<Article>()](const TrainedRuns& runs) -> Outcome {
        return body(runs, value);
      };
    } else {
      using Decision = std::invoke_result_t<const Body&, const TrainedRuns&>;
      rule_ = Decision::rule;
      evaluate_on_runs = [body = std::move(body)](const TrainedRuns& runs) -> Outcome { return body(runs); };
    }
    return std::move(*this);
  }
  /// An experiment claim's families of runs; lab::experiment_claim gives it its evaluation.
  Claim reads_runs(RunFamilies families) && { reads = families; return std::move(*this); }
  /// A claim about the headline runs themselves (how many there are, the harness run on them):
  /// handed those families as an experiment claim is, and never swept, since another setting's
  /// runs are not what it is about; lab::headline_runs_claim gives it its evaluation.
  Claim reads_headline_runs(RunFamilies families) && {
    reads = families;
    swept = false;
    return std::move(*this);
  }
  /// Expected to fail, with the reason and the corrected value.
  Claim expected_to_fail(std::string reason) && {
    expected = Verdict::fails;
    erratum = std::move(reason);
    return std::move(*this);
  }

  ClaimId id;             ///< stable, dotted: `thm1.ruler.d512.delta256`
  std::string section;    ///< one of sections(), the article's section heading
  std::string statement;  ///< statement label and what it asserts, in the project's words
  std::string article;    ///< the article's value or assertion, as printed
  /// How it is decided: the rule of the helper its body returns (decided_by), known before it
  /// is evaluated, so that a record whose evaluation throws still names it.
  Rule rule() const { return rule_; }
  std::function<Outcome()> evaluate;
  Verdict expected = Verdict::holds;
  std::string erratum;    ///< reason and corrected value; required when expected == fails
  std::string unit;       ///< the verification unit that declared it (set on registration)
  /// Where the id is written, relative to the repository root: "theorems/30-clocks/theorem1.cpp:142"
  /// (set on registration).
  std::string source;
  /// An experiment claim (lab::experiment_claim makes one): the families of trained runs it
  /// reads and its evaluation on the runs it is given, which stands instead of `evaluate`. Every
  /// other claim reads kNoRuns and takes no runs.
  RunFamilies reads = kNoRuns;
  std::function<Outcome(const TrainedRuns&)> evaluate_on_runs;
  /// Whether pe_sweep evaluates it over settings and readings: every claim that reads runs,
  /// except one declared by reads_headline_runs.
  bool swept = true;
  /// Where the article prints the value this claim decides; empty for the default: its
  /// statement, its `article` text, first occurrence, when `article` is one plain number
  /// (places_of, article_numbers.hpp). A value printed in several places is one claim with a
  /// place at each.
  std::vector<Place> places;

 private:
  /// The article's value, parsed as `Article` (PrintedValue, PrintedRange or PrintedList); throws, naming
  /// the claim, when it does not parse.
  template <class Article>
  Article article_as() const {
    try {
      return Article::of(article);
    } catch (const std::invalid_argument& e) {
      throw_unparsed_article(e.what());
    }
  }
  [[noreturn]] void throw_unparsed_article(const std::string& why) const;
  Rule rule_ = Rule::printed;
};

/// The claim with its printed value's places declared (Claim::places).
inline Claim printed_at(Claim claim, std::vector<Place> places) {
  claim.places = std::move(places);
  return claim;
}

/// The place of a value the article prints in words ("two planes of eight"), which no number
/// marks: the statement (or section) that says it.
inline Place in_words(std::string where) { return {std::move(where), "", 0}; }

/// The occurrence of the `index`-th of a table's printed cells, listed in the article's reading
/// order, among the cells with the same text: 1 + how many come before it. A family declaring a
/// table's cells gives each its place with it.
inline int occurrence_in(const std::vector<std::string>& cells_in_order, std::size_t index) {
  int before = 0;
  for (std::size_t i = 0; i < index; ++i) before += cells_in_order[i] == cells_in_order.at(index);
  return before + 1;
}

/// The article's sections, in its order (each section folder's PE_SECTION, section_registry.hpp); every
/// claim names one of them.
const std::vector<std::string>& sections();

/// Collects one unit's claims; see PE_CLAIM.
class UnitClaims {
 public:
  explicit UnitClaims(std::string unit) : unit_(std::move(unit)) {}
  /// Validates the declaration (id form, section, erratum) and stores it.
  void add(Claim claim);
  std::vector<Claim>& claims() { return claims_; }

 private:
  std::string unit_;
  std::vector<Claim> claims_;
};

using UnitDeclarer = void (*)(UnitClaims&);

/// Registers claims of `unit` (PE_CLAIM and PE_CLAIM_FAMILY make these): all_claims() lists the
/// units in PE_UNIT_ORDER and, within a unit, its registrations in the order they ran, which is
/// the order of their declarations in the unit's file.
struct UnitRegistration {
  UnitRegistration(const char* unit, UnitDeclarer declarer);
};

/// The integers 0 .. count - 1, for a family of claims over planes or indices.
std::vector<int> indices(int count);

/// Every declared claim, in unit registration order. Ids are unique (checked).
const std::vector<Claim>& all_claims();

/// The claims of one unit.
std::vector<const Claim*> claims_of_unit(std::string_view unit);

/// The claim with this id; throws std::invalid_argument when none has it.
const Claim& claim_with_id(std::string_view id);

/// The GoogleTest suite and name that check a claim, so that CTest runs it as "suite.name":
/// "thm1.ruler.d64.delta1" -> {"thm1", "ruler_d64_delta1"} (the first dot splits, later dots
/// become '_'; GoogleTest names may not contain dots).
std::pair<std::string, std::string> test_name(std::string_view id);

// ---- Rules -----------------------------------------------------------------------------

/// The article's printed literals (numerics/printed_decimal.hpp): half a unit of the last
/// printed digit, the value, and the half unit as exact text.
using pe::half_unit_of_printed;
using pe::half_unit_text;
using pe::value_of_printed;

/// Formats a double with ten significant digits (the ledger's minimum is six).
std::string format(double value);

/// Rule::printed: |computed - printed| <= half a unit of the last printed digit.
Decided<Rule::printed> printed(const PrintedValue& article, double computed);
/// As above, with a more precise text of the computed value (e.g. from 200-digit arithmetic).
Decided<Rule::printed> printed(const PrintedValue& article, double computed, std::string computed_text);

/// Rule::identity: |computed - reference| <= tolerance; `tolerance_source` says why. Against a
/// reference of 0 `computed` is a residual: its unit is `residual_unit` when given, else the one
/// the source counts the tolerance in (residual_unit_of), else "absolute".
Decided<Rule::identity> identity(double computed, double reference, double tolerance,
                 std::string_view tolerance_source, std::string residual_unit = "");
/// The unit a tolerance source counts `tolerance` in: "16 units of d eps: ..." or "one unit of
/// 8 eps ||k_j||" -> "d·eps", "8·eps·||k_j||" (top-level spaces become "·"); "4 eps: ..." -> "eps"
/// when tolerance is 4; "" when the source does not count the tolerance (it is absolute). Throws
/// std::logic_error when it counts the tolerance in units it does not name ("8 units: ...").
std::string residual_unit_of(double tolerance, std::string_view tolerance_source);
/// Marks `computed` as a residual of the statement (see Outcome::residual).
template <Rule R>
Decided<R> with_residual(Decided<R> outcome, double residual, std::string unit) {
  stamp_residual(outcome, residual, std::move(unit));
  return outcome;
}

/// Rule::identity decided by exact algebra (numerics/symbolic_identity.hpp), not by a residual in
/// floating point: holds when the identity's difference reduced to 0, for every value of the
/// parameters `certificate` names; otherwise fails with what is left (`remainder`).
/// `steps` are the proof's steps (at least one); the lemmas `certificate` cites (cite()) join them as
/// cited-lemma steps. It holds only when no step failed; a step that reaches its listed sizes
/// only makes the claim exhaustive (evidence_of).
Decided<Rule::identity> proved_identity(bool reduced_to_zero, const std::string& remainder,
                                        const std::string& certificate, std::vector<ProofStep> steps,
                                        const std::string& proof_sides = "");
/// The same for a proof that carries its own verdict, remainder, certificate, steps and sides
/// (pe::MatrixIdentityProof); `more` is appended to its certificate.
template <class Proof>
Decided<Rule::identity> proved_identity(const Proof& p, const std::string& more = "") {
  return proved_identity(p.zero, p.remainder, p.certificate + more, p.steps, p.plain_sides);
}

/// Rule::shape for an existence statement settled by a witness computed in exact arithmetic:
/// holds when the witness does what the statement says (`found`); `certificate` names the
/// witness and what was computed, starting "exact witness: ". The claim counts as proved.
Decided<Rule::shape> proved_by_witness(bool found, const std::string& computed, const std::string& certificate);

/// Rule::statistical: |estimate - article| <= k * standard_error + half a printed unit.
Decided<Rule::statistical> statistical(const PrintedValue& article, double estimate, double standard_error,
                                       double k);
/// Rule::statistical against an exact reference rather than a printed value (a Monte Carlo
/// mean against its expectation, or a largest |z| against 0 with standard_error 1):
/// |estimate - reference| <= k * standard_error; `source` names the standard error.
Decided<Rule::statistical> statistical_agreement(double estimate, double reference, double standard_error, double k,
                              std::string_view source);
/// Rule::statistical for a test that is not one estimate against one printed value (a
/// difference of two means, an interval over seeds, a goodness-of-fit test): the predicate
/// already evaluated; `detail` must state k or the test's level.
Decided<Rule::statistical> statistical_test(bool holds, std::string computed, std::string detail);

/// Rule::bound: an inequality already evaluated, with the values it read.
Decided<Rule::bound> bound(bool holds, std::string computed, std::string detail);
/// Rule::shape: a qualitative statement's explicit predicate already evaluated.
Decided<Rule::shape> shape(bool holds, std::string computed, std::string detail);

// ---- Report ----------------------------------------------------------------------------

/// One evaluated claim as the report lists it.
struct Record {
  std::string id, unit, section, statement, article, computed, rule, verdict, expected, note;
  std::string source;  ///< where the claim is declared, "theorems/30-clocks/theorem1.cpp:142"
  /// For printed and bound claims: "true" when decided on a rigorous enclosure, else "false"
  /// ("" for other rules); `enclosure` the interval; `certification` how it was decided, or why
  /// it is not certified.
  std::string certified, enclosure, certification;
  /// For a certified claim: how a floating-point route decides the printed digits otherwise
  /// than the enclosure (Outcome::floating_disagreement); empty when they agree.
  std::string floating_disagreement;
  /// Filled when the report is written (ReportAnnotations), not by the claim's check:
  /// "exact", "not swept", or an experiment claim's class: "reproduces", "fragile",
  /// "setting-dependent", "does-not-reproduce" or "inconclusive" (theorems/report/sweep.hpp).
  std::string reproduction;
  int settings_run = 0, settings_held = 0;  ///< all settings swept; the plausible ones it holds in
  std::string settings_holding;             ///< "reading/recipe" of each, space-separated
  /// From the claim's Outcome: the seeds it was decided on ("" for claims reading no trained
  /// head), its resolution (band half-width, "" when not a band claim), why it is inconclusive
  /// ("" when it decides), and "true" when the printed value is overprecise.
  std::string seeds, resolution, inconclusive, overprecise;
  /// Outcome::residual (formatted; "" when `computed` is the quantity itself) and its unit.
  std::string residual, residual_unit;
  /// Outcome::consistency: a relation among printed numbers and its grade ("" for other claims).
  std::string consistency;
  /// Outcome::proof: the certificate of an exact proof ("" for other claims).
  std::string proof;
  /// Outcome::proof_sides: the proved identity's sides for a second system ("" when none).
  std::string proof_sides;
  /// Outcome::proof_steps as a JSON array (proof_steps_json; "" for claims without a proof).
  std::string proof_steps;
  /// The run (report/run.txt, begun by `pe_report clear`) whose check wrote this record; kept in
  /// the fragment, not in claims.json, so that reruns give identical reports.
  std::string run;
  /// The program whose check wrote this record (kept in the fragment only, as `run`): a record
  /// older than its program is stale (report::read_report_records).
  std::string program;
  /// Filled by the report's annotations for swept experiment claims (`reproduction` holds the
  /// class): of the plausible settings, how many were evaluated and how many threw, and per
  /// reading of the article its verdict in that reading's selected runs.
  int settings_plausible = 0, settings_evaluated = 0, settings_not_evaluated = 0;
  /// Each reading's result, in the sweep's order.
  struct Reading {
    std::string id;
    std::string verdict;       ///< on the reading's selected runs: holds, fails, not evaluated
    int held = 0, evaluated = 0;  ///< its plausible settings (each run counted once) and where it holds
    double value = std::nan(""), se = std::nan("");  ///< Outcome::estimate on its selected runs
    std::string ruled_out_by;  ///< the claim whose printed values rule the reading out ("" if none)
    /// The half-width of its acceptance band there (Outcome::resolution; NaN: no band), and
    /// whether that band leaves the reading's verdict undecided (Outcome::inconclusive).
    double band = std::nan("");
    bool undecided = false;
  };
  std::vector<Reading> readings;
  /// The readings disagree: their own verdicts differ, or a split of their shares that one
  /// setting cannot close (theorems/report/sweep.hpp, ClaimShares::reading_dependent).
  bool reading_dependent = false;
  /// What one plausible setting's letter would change in its class or flag ("" when none:
  /// sweep.hpp, class_edge).
  std::string edge;
  /// The share behind the class: each counted reading's share of its plausible settings,
  /// averaged over the readings (NaN when not swept).
  double share = std::nan("");
};

/// Evaluates a claim that reads no trained runs; an experiment claim's record is an error (it
/// was given none).
Record evaluate_record(const Claim& claim);
/// Evaluates any claim: an experiment claim on `runs`, any other on nothing (it takes none), so
/// that a program evaluating every claim gives each the same runs.
Record evaluate_record(const Claim& claim, const TrainedRuns& runs);
/// Proof steps as a JSON array: [{"kind": "identity", "reach": "decided", "what": "..."}, ...].
std::string proof_steps_json(const std::vector<ProofStep>& steps);
/// A record's proof steps, read back from Record::proof_steps (empty when it has none).
std::vector<ProofStep> proof_steps_of(const Record& record);

}  // namespace pe::ledger

#define PE_LEDGER_CONCAT_(a, b) a##b
#define PE_LEDGER_CONCAT(a, b) PE_LEDGER_CONCAT_(a, b)

/// Declares one claim of a verification unit, at namespace scope, in the unit's own namespace,
/// which names the unit in `kUnit`:
///
///     namespace pe::theorems::proposition1_claims {
///     constexpr char kUnit[] = "proposition1";
///     PE_CLAIM(position_exact) { return Claim("prop1.position_exact").in_section(section)...; }
///
/// A unit's claims are listed in the order they are declared in its file; the unit's test
/// program runs exactly its claims. The claim's `source` is the line of its braced initialiser.
#define PE_CLAIM(name)                                                                       \
  static ::pe::ledger::Claim PE_LEDGER_CONCAT(pe_claim_, name)();                            \
  static const ::pe::ledger::UnitRegistration PE_LEDGER_CONCAT(pe_claim_registration_, name)( \
      kUnit, [](::pe::ledger::UnitClaims& claims) {                                          \
        claims.add(PE_LEDGER_CONCAT(pe_claim_, name)());                                     \
      });                                                                                    \
  static ::pe::ledger::Claim PE_LEDGER_CONCAT(pe_claim_, name)()

/// Declares a family of claims, as GoogleTest's INSTANTIATE_TEST_SUITE_P instantiates
/// parameterised tests: for each element of `parameters` (any range, evaluated when the claims
/// are first listed), in order, one claim from each function listed after it, each a
/// `ledger::Claim (const Parameter&)` that declares one claim:
///
///     Claim ntk_factor(const int& plane) { return Claim("thm5.ntk.factor.d16.kappa4.plane" + ...)...; }
///     PE_CLAIM_FAMILY(ntk_factors, ledger::indices(8), &ntk_factor);
#define PE_CLAIM_FAMILY(name, parameters, ...)                                                \
  static const ::pe::ledger::UnitRegistration PE_LEDGER_CONCAT(pe_claim_registration_, name)( \
      kUnit, [](::pe::ledger::UnitClaims& claims) {                                          \
        for (const auto& parameter : parameters)                                             \
          for (const auto& make : {__VA_ARGS__}) claims.add(make(parameter));                \
      })
