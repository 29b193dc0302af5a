// A proved claim's one-line certificate and the external lemmas it cites, on hand-written records
// whose expected lines are written here by hand.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "certificate.hpp"
#include "symbolic_identity.hpp"

using namespace pe::ledger;

namespace {

Record proved_by(std::string proof, const std::vector<pe::ProofStep>& steps) {
  Record r;
  r.id = "hand.written.claim";  // owned by no statement: no evidence override applies
  r.rule = "identity";
  r.proof = std::move(proof);
  r.proof_steps = proof_steps_json(steps);
  return r;
}

/// The record a claim deciding on `p` would write.
Record record_of(const pe::MatrixIdentityProof& p) {
  const auto o = proved_identity(p);
  return proved_by(o.proof, o.proof_steps);
}

}  // namespace

TEST(Certificate, NamesEachStepWithItsKindAndReachThenTheLemmasCited) {
  const Record r = proved_by("any text",
                             {{pe::StepKind::identity, pe::StepReach::decided, "reduces to 0 at d = 2, 4"},
                              {pe::StepKind::block, pe::StepReach::decided, "every even d"},
                              {pe::StepKind::inequality, pe::StepReach::decided, "positive by sign"},
                              {pe::StepKind::lemma, pe::StepReach::decided, pe::kVandermondeDeterminant.name}});
  EXPECT_EQ(certificate_line(r), "identity: reduces to 0 at d = 2, 4; block step: every even d; inequality: positive "
                                 "by sign; lemmas: the Vandermonde determinant");
  ASSERT_EQ(lemmas_cited(r).size(), 1u);
  EXPECT_EQ(lemmas_cited(r).front(), &pe::kVandermondeDeterminant);
  // The steps survive claims.json: written, read back, the same line.
  EXPECT_EQ(proof_steps_of(r).size(), 4u);
  EXPECT_EQ(proof_steps_of(r)[2].kind, pe::StepKind::inequality);
}

// Lemmas join the steps from the certificate's citations (cite() is the only way to name one); a
// step the code refused makes the claim fail whatever the reduction said; a step that reaches its
// listed sizes only makes it exhaustive.
TEST(Certificate, AFailedStepFailsTheClaimAndAListedStepMakesItExhaustive) {
  const auto cited = proved_identity(true, "", "by " + pe::cite(pe::kIsserlisTheorem),
                                     {{pe::StepKind::expectation, pe::StepReach::decided, "E = 15/16 at d = 16"}});
  EXPECT_EQ(cited.verdict, Verdict::holds);
  ASSERT_EQ(cited.proof_steps.size(), 2u);
  EXPECT_EQ(cited.proof_steps[1].kind, pe::StepKind::lemma);
  EXPECT_EQ(cited.proof_steps[1].what, pe::kIsserlisTheorem.name);
  const auto refused = proved_identity(true, "", "text",
                                       {{pe::StepKind::identity, pe::StepReach::decided, "reduces"},
                                        {pe::StepKind::inequality, pe::StepReach::failed, "sign unknown"}});
  EXPECT_EQ(refused.verdict, Verdict::fails);
  EXPECT_EQ(refused.computed, "remainder inequality step: sign unknown");
  const Record listed = proved_by("text", {{pe::StepKind::identity, pe::StepReach::listed_only, "t <= 6 only"}});
  EXPECT_EQ(evidence_of(listed), Evidence::exhaustive);
  EXPECT_EQ(certificate_line(listed), "");
  EXPECT_THROW(proved_identity(true, "", "no steps", {}), std::logic_error);
}

// The block step is decided: R(k) R(l) = R(k + l) at d = 2 and 4 has it (each entry involves its
// own planes' frequencies), and the claim reads proved for every even d. The same identity
// conjugated by a permutation that mixes the two planes holds at d = 2 and 4 just as well, but an
// entry of plane 0 now involves omega_1: no block step, and the proof covers the listed d only.
TEST(Certificate, ABlockStepIsRefusedWhereASideCouplesPlanes) {
  const GiNaC::ex k = pe::named_symbol("k"), l = pe::named_symbol("l");
  const auto product = [&](const std::vector<GiNaC::ex>& om) {
    return std::pair(pe::block_rotation(k, om).mul(pe::block_rotation(l, om)), pe::block_rotation(k + l, om));
  };
  const pe::MatrixIdentityProof blockwise = pe::prove_for_dimensions("R(k) R(l) = R(k + l)", "every k, l", {2, 4}, product);
  ASSERT_TRUE(blockwise.zero);
  EXPECT_TRUE(blockwise.every_even_d);
  EXPECT_NE(blockwise.certificate.find("block step: at d = 4"), std::string::npos) << blockwise.certificate;
  EXPECT_EQ(pe::ledger::evidence_of(record_of(blockwise)), pe::ledger::Evidence::proved);

  const pe::MatrixIdentityProof mixed = pe::prove_for_dimensions(
      "P R(k) R(l) P = P R(k + l) P", "every k, l", {2, 4}, [&](const std::vector<GiNaC::ex>& om) {
        auto [left, right] = product(om);
        if (om.size() < 2) return std::pair(left, right);
        GiNaC::matrix swap(4, 4);  // exchanges coordinates 1 and 2, one of each plane
        for (unsigned i = 0; i < 4; ++i) swap(i, i == 1 ? 2 : i == 2 ? 1 : i) = 1;
        return std::pair(swap.mul(left).mul(swap), swap.mul(right).mul(swap));
      });
  ASSERT_TRUE(mixed.zero);
  EXPECT_FALSE(mixed.every_even_d);
  EXPECT_EQ(mixed.certificate.rfind("exhaustive: ", 0), 0u) << mixed.certificate;
  EXPECT_NE(mixed.certificate.find("at d = 4, left side: entry (1, 1) involves "), std::string::npos)
      << mixed.certificate;
  EXPECT_EQ(pe::ledger::evidence_of(record_of(mixed)), pe::ledger::Evidence::exhaustive);
  EXPECT_TRUE(lemmas_cited(record_of(mixed)).empty());

  // A scalar: the kernel sum_j cos(k omega_j) is a sum of one-plane terms; its square is not.
  const auto kernel = [&](const std::vector<GiNaC::ex>& om) {
    GiNaC::ex sum = 0;
    for (const GiNaC::ex& w : om) sum += GiNaC::cos(k * w);
    return sum;
  };
  const auto scalar = [](const GiNaC::ex& e) { return GiNaC::matrix{{e}}; };
  EXPECT_TRUE(pe::prove_for_dimensions("kappa(k) = kappa(-k)", "every k", {2, 4}, [&](const auto& om) {
                return std::pair(scalar(kernel(om)), scalar(kernel(om).subs(k == -k)));
              }).every_even_d);
  const pe::MatrixIdentityProof squared =
      pe::prove_for_dimensions("kappa(k)^2 = kappa(-k)^2", "every k", {2, 4}, [&](const auto& om) {
        return std::pair(scalar(GiNaC::pow(kernel(om), 2)), scalar(GiNaC::pow(kernel(om).subs(k == -k), 2)));
      });
  ASSERT_TRUE(squared.zero);
  EXPECT_FALSE(squared.every_even_d);
  EXPECT_NE(squared.certificate.find("entry (0, 0) has a term involving more than one plane"), std::string::npos)
      << squared.certificate;
}

TEST(Certificate, AnEnclosureOrARelationSaysSoAndAClaimNotProvedHasNone) {
  Record enclosed;
  enclosed.id = "hand.written.printed";
  enclosed.rule = "printed";
  enclosed.certified = "true";
  enclosed.enclosure = "[0.25, 0.25]";
  EXPECT_EQ(certificate_line(enclosed), "interval enclosure [0.25, 0.25]");
  enclosed.enclosure.clear();
  enclosed.consistency = "consistent";
  EXPECT_EQ(certificate_line(enclosed), "interval arithmetic over every value the printed digits allow");
  Record sampled;
  sampled.id = "hand.written.sampled";
  sampled.rule = "statistical";
  EXPECT_EQ(certificate_line(sampled), "");
  // A lemma named without its citation is not cited: cite() is the only way a proof names one.
  EXPECT_EQ(proved_identity(true, "", "uses Isserlis' theorem",
                            {{pe::StepKind::identity, pe::StepReach::decided, "reduces"}}).proof_steps.size(), 1u);
}

TEST(Certificate, EveryDeclaredExternalLemmaIsListed) {
  std::ifstream in(PE_SOURCE_DIR "/numerics/external_lemmas.hpp");
  ASSERT_TRUE(in) << "cannot read numerics/external_lemmas.hpp";
  std::ostringstream text;
  text << in.rdbuf();
  const std::string source = text.str();
  const std::regex declaration(R"(inline const ExternalLemma k\w+)");
  const auto declared = std::distance(std::sregex_iterator(source.begin(), source.end(), declaration), std::sregex_iterator());
  EXPECT_EQ(static_cast<std::size_t>(declared), pe::external_lemmas().size());
}

// A proved identity's sides, as claims.json carries them for a second system, parse back (here
// with GiNaC's own parser, as another system would read the same syntax) and reduce to 0 again;
// a planted false identity's sides parse back and do not.
TEST(Certificate, AnIdentitysPlainSidesParseBackAndReduceAgain) {
  const auto reparsed = [](const pe::MatrixIdentityProof& p) {
    const std::string text = p.plain_sides;
    EXPECT_EQ(text.rfind("d = 2: ", 0), 0u) << text;
    const std::size_t names_at = text.find("; symbols: ");
    EXPECT_NE(names_at, std::string::npos) << text;
    GiNaC::symtab table;
    std::istringstream names(text.substr(names_at + 11));
    for (std::string name; std::getline(names, name, ',');) {
      name.erase(0, name.find_first_not_of(' '));
      table[name] = pe::named_symbol(name);
    }
    GiNaC::parser read(table, true);  // strict: a symbol not listed is an error
    bool all_zero = true;
    std::istringstream equations(text.substr(7, names_at - 7));
    for (std::string equation; std::getline(equations, equation, ';');) {
      const std::size_t eq = equation.find("==");
      all_zero = all_zero && pe::reduce_trig(read(equation.substr(0, eq)) - read(equation.substr(eq + 2))).zero;
    }
    return all_zero;
  };
  const auto rotation = [](int shift) {
    return pe::prove_for_dimensions("R(k) R(l) = R(k + l)", "every k, l", {2, 4}, [shift](const auto& om) {
      const GiNaC::ex k = pe::named_symbol("k"), l = pe::named_symbol("l");
      return std::pair(pe::block_rotation(k, om).mul(pe::block_rotation(l, om)), pe::block_rotation(k + l + shift, om));
    });
  };
  const pe::MatrixIdentityProof proved = rotation(0), planted = rotation(1);
  ASSERT_TRUE(proved.zero);
  ASSERT_FALSE(planted.zero);
  EXPECT_TRUE(reparsed(proved)) << proved.plain_sides;
  EXPECT_FALSE(reparsed(planted)) << planted.plain_sides;
}

// The plain text of an expression is the same whichever order its symbols were made in (GiNaC's
// own printing order follows their hash values), and it parses back to the same expression (equal
// under the reduction's rules: the text may write sin(-x) as -sin x).
TEST(Certificate, CanonicalTextDoesNotDependOnTheOrderSymbolsWereMade) {
  const auto text_of = [](bool a_first) {
    const GiNaC::symbol first(a_first ? "a" : "b"), second(a_first ? "b" : "a");
    const GiNaC::symbol& a = a_first ? first : second;
    const GiNaC::symbol& b = a_first ? second : first;
    const GiNaC::ex e = GiNaC::cos(a * b) * GiNaC::sin(b) + a - GiNaC::pow(b, 2) / 3 + GiNaC::pow(a + b, -2);
    const std::string text = pe::canonical_text(e);
    GiNaC::symtab table = {{"a", a}, {"b", b}};
    GiNaC::parser read(table, true);
    EXPECT_TRUE(pe::reduce_trig(read(text) - e).zero) << text;
    return text;
  };
  EXPECT_EQ(text_of(true), text_of(false));
}
