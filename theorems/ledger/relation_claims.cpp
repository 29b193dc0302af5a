#include "relation_claims.hpp"

#include <stdexcept>

#include "statements.hpp"

namespace pe::ledger {

/// The section of the statement a relation belongs to, so that the two cannot disagree.
std::string section_of(std::string_view statement) {
  const Statement* s = statement_with_id(statement);
  if (!s) throw std::logic_error("no statement " + std::string(statement));
  return s->section;
}

namespace {
std::string numbers_text(const Relation& relation) {
  std::string out;
  for (const Printed& p : relation.numbers)
    out += (out.empty() ? "" : "; ") + p.describe() + (p.what.empty() ? "" : " (" + p.what + ")");
  return out;
}
}  // namespace

/// A relation decided: holds when consistent or unable to bite, with the grade in
/// Outcome::consistency; `implication` adds what the printed numbers imply (CLOSURE lists).
Decided<Rule::bound> decided(const Relation& relation, const std::string& implication) {
  const Decision d = decide(relation);
  std::string grade;
  switch (d.grade) {
    case Grade::consistent: grade = "consistent; it can bite: " + d.bite; break;
    case Grade::cannot_bite: grade = "cannot bite at the printed precision: " + d.bite; break;
    case Grade::wrong_digit: {
      std::string repairs;
      for (const std::string& r : d.repairs) repairs += (repairs.empty() ? "" : ", or ") + r;
      grade = "inconsistent, a wrong digit: it holds with " + repairs + " (the last digit off by one)";
      break;
    }
    case Grade::changes_conclusion:
      grade = "inconsistent, and it changes a conclusion: no single number with its last digit off by one "
              "(+- 3/2 units) repairs it";
      break;
  }
  const bool holds = d.grade == Grade::consistent || d.grade == Grade::cannot_bite;
  const std::string where = d.grade == Grade::cannot_bite || !holds ? ""
                            : d.at_printed_values ? "; it holds at the printed values themselves"
                                                  : "; it holds only within the rounding intervals, not at the "
                                                    "printed values themselves";
  // The computed value: the comparison itself when it is short, else the compared quantity's interval.
  const std::string computed = d.printed.how.size() <= 160 ? d.printed.how
                               : d.printed.quantity      ? range_text(*d.printed.quantity)
                               : d.printed.satisfiable == Answer::yes ? "some allowed values satisfy every part"
                                                                       : "no allowed values satisfy every part";
  auto o = bound(holds, computed,
                    grade + " | " + d.printed.how + where + " | numbers: " + numbers_text(relation) +
                        (implication.empty() ? "" : " | implies: " + implication));
  // Decided in exact rational arithmetic on the printed intervals, constants enclosed at 200 digits.
  o.certified = true;
  o.enclosure = d.printed.quantity ? range_text(*d.printed.quantity) : "";
  o.consistency = to_string(d.grade);
  return o;
}

/// A relation's claim: `declared` names its fields (its section the one of the statement that
/// states it, section_of), and it is decided on the printed intervals of `relation`.
Claim relation_claim(Claim declared, std::function<Relation()> relation,
                     std::function<std::string(const Relation&)> implication) {
  return std::move(declared).decided_by([relation, implication] {
    const Relation r = relation();
    return decided(r, implication ? implication(r) : "");
  });
}

/// Every check of a list at once.
Check every(const Box& b, std::size_t pairs, const std::function<Check(const Box&, int)>& check) {
  std::vector<Check> checks;
  for (std::size_t i = 0; i < pairs; ++i) checks.push_back(check(b, int(i)));
  return all_of(checks);
}

/// Pairs of printed numbers that print the same quantity: numbers 2i and 2i + 1 agree
/// (same_quantity: a lone tie between neighbouring values is no agreement).
Relation same_values(const std::vector<std::pair<Printed, Printed>>& pairs) {
  Relation r;
  for (const auto& [a, b] : pairs) {
    r.numbers.push_back(a);
    r.numbers.push_back(b);
  }
  const std::size_t n = pairs.size();
  r.check = [n](const Box& b) { return every(b, n, [](const Box& x, int i) { return same_quantity(x[2 * i], x[2 * i + 1]); }); };
  return r;
}

/// Every printed number a multiple of 1/denominator within its interval.
Relation on_one_grid(std::vector<Printed> numbers, long denominator) {
  const std::size_t n = numbers.size();
  return {std::move(numbers),
          [n, denominator](const Box& b) { return every(b, n, [denominator](const Box& x, int i) {
                                             return on_grid(x[i], denominator);
                                           }); }};
}

/// 200-digit enclosures of the constants some relations read.
Range enclosed(const std::function<Enclosure()>& value) {
  const ScopedEnclosurePrecision digits(200);
  return range_of(value());
}

}  // namespace pe::ledger
