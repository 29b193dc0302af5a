#include "non_claims.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

namespace pe::ledger {
namespace {

using K = NonClaimKind;

std::string ordinal(int occurrence) { return "#" + std::to_string(occurrence); }

using Group = std::pair<std::string, std::string>;             // a statement and a printed text
using Key = std::tuple<std::string, std::string, int>;          // ... and an occurrence there
Key key_of(const PrintedNumber& n, int occurrence) { return {n.where, n.text, occurrence}; }

/// The 1-based line of a byte of the text, from the offsets of its line ends.
int line_at(const std::vector<std::size_t>& line_ends, std::size_t offset) {
  return 1 + static_cast<int>(std::lower_bound(line_ends.begin(), line_ends.end(), offset) - line_ends.begin());
}

/// Up to four words on each side of a number, nearest first, dollar signs dropped: what tells
/// one occurrence of a text from another when their count differs between two copies.
struct Context {
  std::vector<std::string> before, after;
};
Context context_of(std::string_view text, const PrintedNumber& n) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n'; };
  const auto word = [&](std::size_t from, std::size_t to) {
    std::string w(text.substr(from, to - from));
    w.erase(std::remove(w.begin(), w.end(), '$'), w.end());
    return w;
  };
  Context c;
  for (std::size_t at = n.offset; at > 0 && c.before.size() < 4;) {
    std::size_t end = at;
    while (end > 0 && space(text[end - 1])) --end;
    std::size_t begin = end;
    while (begin > 0 && !space(text[begin - 1])) --begin;
    if (begin == end) break;
    if (std::string w = word(begin, end); !w.empty()) c.before.push_back(w);
    at = begin;
  }
  for (std::size_t at = n.offset + n.length; at < text.size() && c.after.size() < 4;) {
    std::size_t begin = at;
    while (begin < text.size() && space(text[begin])) ++begin;
    std::size_t end = begin;
    while (end < text.size() && !space(text[end])) ++end;
    if (begin == end) break;
    if (std::string w = word(begin, end); !w.empty()) c.after.push_back(w);
    at = end;
  }
  return c;
}
/// How many words, outward from the number on each side, two occurrences share before the first
/// that differs.
long agreement(const Context& a, const Context& b) {
  long n = 0;
  for (std::size_t i = 0; i < a.before.size() && i < b.before.size() && a.before[i] == b.before[i]; ++i) ++n;
  for (std::size_t i = 0; i < a.after.size() && i < b.after.size() && a.after[i] == b.after[i]; ++i) ++n;
  return n;
}

/// The declared occurrence of each copy occurrence of one text in one statement (0: none), from
/// the reference's occurrences: an order-keeping alignment that pairs as many as it can and, among
/// those, shares the most neighbouring words. `unsure` is set when a reference occurrence is
/// paired in one best alignment and left out in another (two occurrences with the same words
/// around them): which of them is gone cannot be told, and the order decides the binding.
std::vector<int> aligned_occurrences(const std::vector<Context>& copy, const std::vector<Context>& ref,
                                     bool& unsure) {
  const std::size_t m = copy.size(), r = ref.size();
  const long pair = 8 * static_cast<long>(std::min(m, r) + 1);  // one more pair outweighs any agreement
  const auto weight = [&](std::size_t i, std::size_t j) { return pair + agreement(copy[i], ref[j]); };
  // head[i][j]: the best alignment of copy[0, i) with ref[0, j); tail[i][j] of copy[i, m) with ref[j, r).
  std::vector<std::vector<long>> head(m + 1, std::vector<long>(r + 1, 0)), tail = head;
  for (std::size_t i = 1; i <= m; ++i)
    for (std::size_t j = 1; j <= r; ++j)
      head[i][j] = std::max({head[i - 1][j], head[i][j - 1], head[i - 1][j - 1] + weight(i - 1, j - 1)});
  for (std::size_t i = m; i-- > 0;)
    for (std::size_t j = r; j-- > 0;)
      tail[i][j] = std::max({tail[i + 1][j], tail[i][j + 1], tail[i + 1][j + 1] + weight(i, j)});
  const long best = tail[0][0];
  unsure = false;
  for (std::size_t j = 0; j < r && !unsure; ++j) {
    bool paired = false, left_out = false;
    for (std::size_t i = 0; i <= m; ++i) {
      left_out |= head[i][j] + tail[i][j + 1] == best;
      paired |= i < m && head[i][j] + weight(i, j) + tail[i + 1][j + 1] == best;
    }
    unsure = paired && left_out;
  }
  std::vector<int> out(m, 0);
  for (std::size_t i = 0, j = 0; i < m && j < r;) {
    if (tail[i][j] == tail[i + 1][j + 1] + weight(i, j)) out[i++] = static_cast<int>(++j);
    else if (tail[i][j] == tail[i][j + 1]) ++j;
    else ++i;
  }
  return out;
}

/// How many occurrences of each text in each statement the places and declarations name.
std::map<Group, int> declared_counts() {
  std::map<Group, int> out;
  const auto note = [&](const std::string& where, const std::string& text, int occurrence) {
    int& n = out[{where, text}];
    n = std::max(n, occurrence);
  };
  for (const Claim& claim : all_claims())
    for (const Place& place : places_of(claim))
      if (!place.text.empty()) note(place.where, place.text, place.occurrence);
  for (const NonClaim& nc : non_claims())
    for (int occurrence : nc.occurrences) note(nc.where, nc.text, occurrence);
  return out;
}

/// A statement's text whose lost occurrences cannot be named.
struct Unsure {
  int of = 0;            ///< how many occurrences the declarations place there
  bool by_words = false; ///< the reference was read, and the words around them tie
};
/// Which declared occurrence each number of the copy stands for, and the groups left unsure.
struct Binding {
  std::map<Key, std::size_t> at;  ///< a declared occurrence's number in the copy
  std::map<Group, Unsure> unsure;
};

/// Without a reference, the copy's occurrences of a text in a statement are the declared ones in
/// order, which is right while none is lost or added. When the copy prints fewer than declared
/// (but some), the order would name the last ones missing whatever was deleted: that group is
/// unsure, and reported as one event that lists the candidates. An added occurrence is still named
/// by order (the last one), which the copy alone cannot tell from an added earlier one. A
/// reference is read for a group only where it prints as many occurrences as declared (else it
/// is not the text the places were declared against, there); such a group whose count in the
/// copy differs is aligned on the words around its occurrences.
Binding bind_occurrences(const std::vector<NumberAccount>& numbers, std::string_view copy, std::string_view reference) {
  Binding b;
  std::map<Group, std::vector<std::size_t>> groups;  // the copy's numbers of each statement's text, in order
  for (std::size_t i = 0; i < numbers.size(); ++i)
    if (!numbers[i].number.label) groups[{numbers[i].number.where, numbers[i].number.text}].push_back(i);
  std::map<Group, std::vector<Context>> ref;
  if (!reference.empty())
    for (const PrintedNumber& n : printed_numbers(reference))
      if (!n.label) ref[{n.where, n.text}].push_back(context_of(reference, n));
  const std::map<Group, int> declared = declared_counts();
  for (const auto& [group, members] : groups) {
    const int m = static_cast<int>(members.size());
    std::vector<int> occurrence(members.size());
    for (int k = 0; k < m; ++k) occurrence[k] = k + 1;
    const auto d = declared.find(group);
    const auto r = ref.find(group);
    if (d != declared.end() && r != ref.end() && static_cast<int>(r->second.size()) == d->second) {
      if (m != d->second) {
        std::vector<Context> contexts;
        for (std::size_t i : members) contexts.push_back(context_of(copy, numbers[i].number));
        bool tie = false;
        occurrence = aligned_occurrences(contexts, r->second, tie);
        if (tie) b.unsure[group] = {d->second, true};
      }
    } else if (d != declared.end() && m < d->second) {
      b.unsure[group] = {d->second, false};
    }
    for (int k = 0; k < m; ++k)
      if (occurrence[k] > 0) b.at[{group.first, group.second, occurrence[k]}] = members[k];
  }
  return b;
}

void place_claims(Accounting& out, const Binding& b, const std::set<std::string>& places_known) {
  using D = Discrepancy::Kind;
  for (const Claim& claim : all_claims())
    for (const Place& place : places_of(claim)) {
      if (place.text.empty()) {  // printed in words: its statement or section must be there
        if (!places_known.count(place.where))
          out.discrepancies.push_back({D::missing_place, place.where, "(in words)", 0, claim.id});
        continue;
      }
      const auto at = b.at.find({place.where, place.text, place.occurrence});
      if (at != b.at.end()) out.numbers[at->second].claims.push_back(&claim);
      else if (!b.unsure.count({place.where, place.text}))
        out.discrepancies.push_back({D::missing_place, place.where, place.text, place.occurrence, claim.id});
      const std::vector<std::string> own = numbers_in(claim.article);
      if (std::none_of(own.begin(), own.end(), [&](const std::string& n) { return same_printed_value(n, place.text); }))
        out.discrepancies.push_back({D::foreign_place, place.where, place.text, place.occurrence, claim.id});
      if (!has_default_place(claim)) continue;
      const long copies = std::count_if(out.numbers.begin(), out.numbers.end(), [&](const NumberAccount& a) {
        return !a.number.label && a.number.where == place.where && a.number.text == place.text;
      });
      if (copies > 1)
        out.discrepancies.push_back({D::ambiguous_default, place.where, place.text, static_cast<int>(copies), claim.id});
    }
}

void declare_non_claims(Accounting& out, const Binding& b) {
  using D = Discrepancy::Kind;
  for (const NonClaim& nc : non_claims())
    for (int occurrence : nc.occurrences) {
      const auto at = b.at.find({nc.where, nc.text, occurrence});
      if (at == b.at.end()) {
        if (!b.unsure.count({nc.where, nc.text}))
          out.discrepancies.push_back({D::missing_non_claim, nc.where, nc.text, occurrence, nc.reason});
      } else if (out.numbers[at->second].non_claim) {
        out.discrepancies.push_back({D::accounted_twice, nc.where, nc.text, occurrence, "declared twice: " + nc.reason});
      } else {
        out.numbers[at->second].non_claim = &nc;
      }
    }
}

/// One missing_one_of per unsure group that lost occurrences: how many, and what each declared
/// occurrence is, since the report cannot say which are gone.
void report_unsure(Accounting& out, const Binding& b, const std::vector<std::size_t>& line_ends) {
  for (const auto& [g, unsure] : b.unsure) {
    const int of = unsure.of;
    std::vector<std::size_t> left;
    for (std::size_t i = 0; i < out.numbers.size(); ++i)
      if (!out.numbers[i].number.label && out.numbers[i].number.where == g.first && out.numbers[i].number.text == g.second)
        left.push_back(i);
    if (static_cast<int>(left.size()) >= of) continue;
    std::map<int, std::string> what;
    for (int k = 1; k <= of; ++k) what[k];
    for (const Claim& claim : all_claims())
      for (const Place& place : places_of(claim))
        if (place.where == g.first && place.text == g.second)
          what[place.occurrence] += (what[place.occurrence].empty() ? "the place of " : ", ") + claim.id;
    for (const NonClaim& nc : non_claims())
      if (nc.where == g.first && nc.text == g.second)
        for (int occurrence : nc.occurrences)
          what[occurrence] += (what[occurrence].empty() ? "" : ", ") + ("declared no claim (" + nc.reason + ")");
    std::string candidates = unsure.by_words ? "the words around them cannot tell which: "
                                            : "without the declared text this copy cannot tell which: ";
    for (const auto& [occurrence, said] : what)
      candidates += (occurrence == 1 ? "" : "; ") + ordinal(occurrence) + " " + (said.empty() ? "declared nothing" : said);
    Discrepancy one{Discrepancy::Kind::missing_one_of, g.first, g.second, of - static_cast<int>(left.size()), candidates};
    one.line = left.empty() ? 0 : line_at(line_ends, out.numbers[left.front()].number.offset);
    one.of = of;
    out.discrepancies.push_back(one);
  }
}

/// A missing number and a number no declaration accounts for, in one statement, are one change
/// when each is the other's only partner. The unaccounted number is a partner of a missing place
/// when it lies where the place would be: between the copy's numbers that stand for the places
/// just before and just after it in the reference's order (its nearest neighbours there that the
/// copy still prints). Without the reference the order of different texts is unknown and the
/// window is the whole statement: one missing and one unaccounted number there pair, two of
/// either do not (each is then reported alone).
void pair_changes(Accounting& out, const Binding& b, std::string_view reference, const std::set<std::string>& present) {
  using D = Discrepancy::Kind;
  std::map<Key, std::size_t> copy_at;  // the unaccounted ones' numbers, by their own occurrence
  for (std::size_t i = 0; i < out.numbers.size(); ++i)
    if (!out.numbers[i].number.label) copy_at[key_of(out.numbers[i].number, out.numbers[i].number.occurrence)] = i;
  std::vector<PrintedNumber> ref;
  if (!reference.empty())
    for (PrintedNumber& n : printed_numbers(reference))
      if (!n.label) ref.push_back(std::move(n));
  // The copy's number indices (lo, hi) between which a missing place would be.
  const auto window = [&](const Discrepancy& d) -> std::pair<long, long> {
    long lo = -1, hi = static_cast<long>(out.numbers.size());
    const auto p = std::find_if(ref.begin(), ref.end(), [&](const PrintedNumber& n) {
      return n.where == d.where && n.text == d.text && n.occurrence == d.occurrence;
    });
    if (p == ref.end()) return {lo, hi};
    for (auto q = p; q != ref.begin();) {
      --q;
      if (q->where != d.where) continue;
      if (const auto at = b.at.find(key_of(*q, q->occurrence)); at != b.at.end()) {
        lo = static_cast<long>(at->second);
        break;
      }
    }
    for (auto q = std::next(p); q != ref.end(); ++q) {
      if (q->where != d.where) continue;
      if (const auto at = b.at.find(key_of(*q, q->occurrence)); at != b.at.end()) {
        hi = static_cast<long>(at->second);
        break;
      }
    }
    return {lo, hi};
  };
  // The missing places by place (claims sharing a place are one number), and the unaccounted numbers.
  std::map<Key, std::vector<std::size_t>> missing;  // discrepancy indices
  std::vector<std::size_t> extra;
  for (std::size_t k = 0; k < out.discrepancies.size(); ++k) {
    const Discrepancy& d = out.discrepancies[k];
    if ((d.kind == D::missing_place || d.kind == D::missing_non_claim) && d.occurrence > 0 && present.count(d.where))
      missing[{d.where, d.text, d.occurrence}].push_back(k);
    if (d.kind == D::unaccounted) extra.push_back(k);
  }
  std::map<Key, std::vector<std::size_t>> partners_of_missing;
  std::map<std::size_t, int> partners_of_extra;
  for (const auto& [place, ds] : missing) {
    const auto [lo, hi] = window(out.discrepancies[ds.front()]);
    for (std::size_t x : extra) {
      const Discrepancy& u = out.discrepancies[x];
      const long at = static_cast<long>(copy_at.at({u.where, u.text, u.occurrence}));
      if (u.where == std::get<0>(place) && lo < at && at < hi) {
        partners_of_missing[place].push_back(x);
        ++partners_of_extra[x];
      }
    }
  }
  std::set<std::size_t> consumed;
  for (const auto& [place, xs] : partners_of_missing) {
    if (xs.size() != 1 || partners_of_extra[xs.front()] != 1) continue;
    const Discrepancy& u = out.discrepancies[xs.front()];
    for (std::size_t m : missing[place]) {
      Discrepancy& d = out.discrepancies[m];
      d.by = d.kind == D::missing_place ? "the place of " + d.by : "declared no claim (" + d.by + ")";
      d.kind = D::changed;
      d.now = u.text;
      d.line = u.line;
    }
    consumed.insert(xs.front());
  }
  for (auto k = consumed.rbegin(); k != consumed.rend(); ++k)
    out.discrepancies.erase(out.discrepancies.begin() + static_cast<long>(*k));
}

}  // namespace

std::string to_string(NonClaimKind kind) {
  switch (kind) {
    case K::label: return "a statement's or reference's number";
    case K::citation: return "a citation's year";
    case K::setting: return "a setting: a parameter, or where a value is read";
    case K::heading: return "a table's heading";
    case K::definition: return "fixed by a definition or convention";
    case K::elsewhere: return "a value taken from elsewhere";
    case K::figure: return "a control of the interactive figure";
    case K::name: return "part of a name";
    case K::unchecked: return "checkable, but no claim checks it yet";
  }
  return "?";
}

const std::vector<NonClaimKind>& non_claim_kinds() {
  static const std::vector<NonClaimKind> kinds = {K::label,     K::citation, K::setting, K::heading, K::definition,
                                                  K::elsewhere, K::figure,   K::name,    K::unchecked};
  return kinds;
}

std::string describe(const Discrepancy& d) {
  using D = Discrepancy::Kind;
  const std::string line = d.line > 0 ? ", line " + std::to_string(d.line) : "";
  const std::string at = (d.occurrence > 0 ? d.text + " (" + ordinal(d.occurrence) + ") in " + d.where
                                           : d.text + " in " + d.where) +  // a value printed in words
                         line;
  const std::string moved = d.elsewhere.empty() ? "" : "; this text prints " + d.text + " unaccounted for in " + d.elsewhere;
  switch (d.kind) {
    case D::missing_statement: return "missing statement: " + d.where + " (its opening words are not in this text)";
    case D::missing_place: return "missing: " + at + ", the place of " + d.by + moved;
    case D::ambiguous_default:
      return "ambiguous: " + d.by + "'s printed value " + d.text + " occurs " + std::to_string(d.occurrence) +
             " times in " + d.where + (d.line > 0 ? ", the first on line " + std::to_string(d.line) : "") +
             ": declare its place";
    case D::foreign_place: return d.by + ": its place " + at + " is no number of the claim's printed value";
    case D::missing_non_claim: return "missing: " + at + ", declared no claim (" + d.by + ")" + moved;
    case D::unaccounted: return "not accounted for: " + at;
    case D::accounted_twice: return "accounted for twice: " + at + ": " + d.by;
    case D::changed:
      return "changed: " + d.text + " -> " + d.now + " (" + ordinal(d.occurrence) + ") in " + d.where + line + ", " +
             d.by + moved;
    case D::missing_one_of: {
      std::string all;
      for (int k = 1; k <= d.of; ++k) all += (k > 1 ? ", " : "") + ordinal(k);
      return "missing: " + (d.occurrence == 1 ? std::string("one") : std::to_string(d.occurrence)) + " of " + d.text +
             " (" + all + ") in " + d.where + " (this copy prints " + std::to_string(d.of - d.occurrence) +
             (d.line > 0 ? ", from line " + std::to_string(d.line) : "") + "); " + d.by + moved;
    }
  }
  return "?";
}

Accounting account_for_numbers(std::string_view article, std::string_view reference) {
  using D = Discrepancy::Kind;
  Accounting out;
  for (PrintedNumber& n : printed_numbers(article)) out.numbers.push_back({std::move(n)});
  std::vector<std::size_t> line_ends;
  for (std::size_t at = article.find('\n'); at != std::string_view::npos; at = article.find('\n', at + 1))
    line_ends.push_back(at);
  const auto line_of = [&](const PrintedNumber& n) { return line_at(line_ends, n.offset); };
  const std::vector<TextSpan> spans = statement_spans(article);
  std::set<std::string> present;  // the statements and sections this text has
  for (std::size_t k = 0; k < spans.size(); ++k) {
    if (spans[k].begin == std::string::npos) out.discrepancies.push_back({D::missing_statement, statements()[k].id});
    else present.insert(statements()[k].id);
  }
  for (const std::string& heading : sections())
    if (article.find("\n" + heading + "\n") != std::string_view::npos) present.insert(heading);
  const Binding binding = bind_occurrences(out.numbers, article, reference);
  place_claims(out, binding, present);
  declare_non_claims(out, binding);
  report_unsure(out, binding, line_ends);
  // A discrepancy about a number the copy prints names its line.
  for (Discrepancy& d : out.discrepancies) {
    if (d.kind != D::foreign_place && d.kind != D::ambiguous_default && d.kind != D::accounted_twice) continue;
    const auto at = binding.at.find({d.where, d.text, d.kind == D::ambiguous_default ? 1 : d.occurrence});
    if (at != binding.at.end()) d.line = line_of(out.numbers[at->second].number);
  }
  for (const NumberAccount& a : out.numbers) {
    const PrintedNumber& n = a.number;
    if (!a.claims.empty() && a.non_claim) {
      Discrepancy twice{D::accounted_twice, n.where, n.text, n.occurrence,
                        "placed by " + a.claims.front()->id + " and declared: " + a.non_claim->reason};
      twice.line = line_of(n);
      out.discrepancies.push_back(twice);
    }
    if (!a.accounted() && !a.unchecked()) {
      Discrepancy extra{D::unaccounted, n.where, n.text, n.occurrence};
      extra.line = line_of(n);
      out.discrepancies.push_back(extra);
    }
    ++out.printed;
    if (a.unchecked()) ++out.unchecked;
    else if (!a.claims.empty()) ++out.by_claims;
    else if (a.non_claim || n.label) {
      ++out.by_non_claims;
      ++out.by_kind[n.label ? K::label : a.non_claim->kind];
    }
  }
  pair_changes(out, binding, reference, present);
  // A number missing from its place that this text prints elsewhere, unaccounted for: moved.
  for (Discrepancy& d : out.discrepancies) {
    if (d.kind != D::missing_place && d.kind != D::missing_non_claim && d.kind != D::missing_one_of) continue;
    for (const Discrepancy& u : out.discrepancies)
      if (u.kind == D::unaccounted && u.text == d.text) {
        d.elsewhere = u.where + " (" + ordinal(u.occurrence) + "), line " + std::to_string(u.line);
        break;
      }
  }
  return out;
}

std::string accounting_line(const Accounting& a) {
  std::ostringstream line;
  line << "Printed numbers accounted for: " << a.accounted() << " of " << a.printed << " (" << a.by_claims
       << " claims, " << a.by_non_claims << " declared non-claims)";
  if (a.unchecked) line << "; " << a.unchecked << " checkable but unchecked";
  return line.str();
}

}  // namespace pe::ledger
