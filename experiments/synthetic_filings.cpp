#include "synthetic_filings.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <sstream>
#include <string_view>

#include "random.hpp"
#include "utf8_text.hpp"
#include "words.hpp"

namespace pe::experiments {
namespace {

const std::vector<std::string> kNameFirst = {
    "Marrow",   "Dunmore",  "Siskin",    "Fenwick",  "Halloway", "Brightwater", "Corrigan",
    "Ashby",    "Pellham",  "Tarrant",   "Wexley",   "Quillon",  "Stanmore",    "Larkspur",
    "Greywell", "Kestrel",  "Calder",    "Elmstead", "Foxley",   "Hartwell",    "Jessop",
    "Kirkby",   "Linden",   "Norland",   "Oakridge", "Prewitt",  "Radley",      "Selwyn",
    "Thornbury", "Whitlock", "Yardley",  "Aldous",   "Brant",    "Cresswell",   "Dovecote",
    "Esterly",  "Garrow",   "Holbeck",   "Ingram",   "Lowther"};
const std::vector<std::string> kNameSecond = {
    "Freight",   "Aerospace", "Apparel",   "Logistics", "Holdings",  "Industries", "Robotics",
    "Foods",     "Pharma",    "Energy",    "Minerals",  "Semiconductor", "Textiles", "Media",
    "Analytics", "Marine",    "Brewing",   "Materials", "Instruments", "Networks", "Software",
    "Paper",     "Chemicals", "Motors",    "Biosciences", "Rail"};

// Sentences that name companies: {P} the parent, {A} and {B} two other companies of the
// document (subsidiaries or competitors). Numbers: {N} an amount, {R} a percentage.
const std::vector<std::string> kBurstParent = {
    "{P} reported revenue of ${N} million for the period.",
    "{P} reaffirmed its outlook for the full year.",
    "{P} opened a new distribution center in the southeast.",
    "{P} named a new chief financial officer effective next month.",
};
const std::vector<std::string> kBurstParentFirst = {
    "{P} completed the acquisition of {A} for ${N} million in cash during the period.",
    "{P} competes with {A} in most of its regional markets.",
    "{P} expects pricing pressure from {A} to continue into next year.",
    "Management at {P} noted that {A} lowered prices in the northern region.",
};
const std::vector<std::string> kBurstParentLast = {
    "During the quarter {A} signed a supply agreement with {P} covering three years.",
    "{A} remains a wholly owned subsidiary of {P} and reports within the same segment.",
    "Sales to {A} accounted for {R}% of revenue at {P}.",
    "Customers moved volume from {A} back to {P} late in the quarter.",
};
const std::vector<std::string> kBurstThree = {
    "{P} competes primarily with {A} and {B} on price and delivery times.",
    "Revenue at {A} grew {R}% while {B} declined, leaving {P} broadly flat.",
    "{A} and {B} each gained share from {P} in the quarter.",
    "{P} reorganized {A} and {B} into a single operating unit this year.",
};
const std::vector<std::string> kBurstOther = {
    "{A} also expanded its distribution network in the period.",
    "{A} contributed {R}% of consolidated revenue.",
    "{A} announced a new chief executive officer last month.",
    "Analysts expect {A} to raise prices again.",
    "{A} closed two plants and consolidated production.",
};

// Ordinary sentences by topic; the same pool serves every kind of document, with a few
// kind-specific ones below.
const std::vector<std::string> kPlain = {
    "Net revenue increased {R}% to ${N} million, driven by higher volumes and pricing.",
    "Gross margin declined {R} basis points because of higher input costs.",
    "Cash and cash equivalents decreased to ${N} million at the end of the quarter.",
    "The company repaid ${N} million of borrowings under its revolving credit facility.",
    "Operating cash flow was ${N} million, compared with ${N} million a year earlier.",
    "The industrial segment reported operating income of ${N} million.",
    "The consumer segment accounted for {R}% of total sales in the period.",
    "The company expects full-year revenue between ${N} million and ${U} million.",
    "Capital expenditures are expected to be approximately ${N} million next year.",
    "The company believes its liquidity is sufficient for the next twelve months.",
    "Selling, general and administrative expenses rose {R}% on higher wages.",
    "Inventory levels increased as the company prepared for seasonal demand.",
    "Foreign exchange reduced reported revenue by about {R}% this quarter.",
    "The board approved a share repurchase program of ${N} million.",
    "Interest expense was ${N} million, reflecting higher average rates.",
    "The effective tax rate for the year was {R}%.",
    "The company recorded a restructuring charge of ${N} million.",
    "Backlog at year end stood at ${N} million, up {R}% from last year.",
    "Demand in the European market softened during the second half.",
    "The company continues to invest in automation and new product development.",
    "Results were affected by supply chain disruptions early in the year.",
    "Management remains cautious about the outlook for the coming quarters.",
};
const std::vector<std::string> kPlainCall = {
    "Operator: our next question comes from the line of an analyst.",
    "Thank you, and good morning everyone.",
    "Could you give more color on the margin outlook for next year?",
    "Sure, we saw steady demand through the quarter and expect that to continue.",
};
const std::vector<std::string> kPlain8k = {
    "Item 2.02 Results of Operations and Financial Condition.",
    "Item 8.01 Other Events.",
    "The information in this report shall not be deemed filed for any purpose.",
    "A copy of the press release is attached as an exhibit to this report.",
};
const std::vector<std::string> kOpening = {
    "The following discussion of {P} should be read with the consolidated financial statements.",
    "Good morning and welcome to the {P} quarterly earnings call.",
    "{P} filed this current report to announce a material event.",
};

/// Writes sentences into a document. Companies are passed by their index in the document's
/// pool of names; a company enters doc.companies when its first mention is written, so the
/// order of doc.companies is the order of first appearance in the text.
class Writer {
 public:
  Writer(Rng& rng, Document& doc, std::vector<std::string> pool)
      : rng_(rng), doc_(doc), pool_(std::move(pool)), pool_to_doc_(pool_.size(), -1) {}

  /// Appends a template; {P}, {A}, {B} name the given pool companies.
  void sentence(const std::string& tmpl, int p = -1, int a = -1, int b = -1) {
    for (const std::string& word : pe::split_words(tmpl)) {
      const auto open = word.find('{');
      if (open == std::string::npos) {
        doc_.tokens.push_back({word, -1});
        continue;
      }
      const char key = word[open + 1];
      const std::string prefix = word.substr(0, open);
      const std::string suffix = word.substr(word.find('}') + 1);
      if (key == 'N' || key == 'U') {
        // {U} is an upper end: above the amount just written.
        last_amount_ = key == 'N' ? rng_.integer(12, 950) : last_amount_ + rng_.integer(10, 200);
        doc_.tokens.push_back({prefix + std::to_string(last_amount_) + suffix, -1});
      } else if (key == 'R') {
        doc_.tokens.push_back({prefix + std::to_string(rng_.integer(2, 40)) + suffix, -1});
      } else {
        const int company = key == 'P' ? p : key == 'A' ? a : b;
        mention(company);
      }
    }
  }

  void mention(int pool_index) {
    int& index = pool_to_doc_.at(pool_index);
    if (index < 0) {
      index = static_cast<int>(doc_.companies.size());
      doc_.companies.push_back(pool_.at(pool_index));
    }
    doc_.tokens.push_back({doc_.companies[index], index});
  }

 private:
  Rng& rng_;
  Document& doc_;
  std::vector<std::string> pool_;
  std::vector<int> pool_to_doc_;
  long last_amount_ = 0;
};

template <class T>
const T& pick(Rng& rng, const std::vector<T>& v) {
  return v[static_cast<std::size_t>(rng.integer(0, static_cast<long>(v.size()) - 1))];
}

std::vector<std::string> draw_company_names(Rng& rng, int count) {
  std::vector<std::string> names;
  std::vector<std::string> firsts = kNameFirst;
  rng.shuffle(firsts.begin(), firsts.end());
  for (int i = 0; i < count; ++i) names.push_back(firsts[i] + " " + pick(rng, kNameSecond));
  return names;
}

void require_probability(double p, const char* name) {
  if (!(p >= 0 && p <= 1))
    throw std::invalid_argument(std::string("CorpusShape: ") + name + " must lie in [0, 1], got " +
                                std::to_string(p));
}
void require_range(int lo, int hi, int least, const char* name) {
  if (lo < least || hi < lo)
    throw std::invalid_argument(std::string("CorpusShape: ") + name + " needs " + std::to_string(least) +
                                " <= min <= max, got [" + std::to_string(lo) + ", " +
                                std::to_string(hi) + "]");
}

Document generate_document(Rng& rng, const CorpusShape& shape) {
  Document doc;
  const double kind_draw = rng.uniform();
  doc.kind = kind_draw < shape.mdna_share                      ? DocumentKind::mdna
             : kind_draw < shape.mdna_share + shape.call_share ? DocumentKind::earnings_call
                                                               : DocumentKind::form_8k;
  const int others = static_cast<int>(rng.integer(shape.others_min, shape.others_max));
  const std::vector<std::string> names = draw_company_names(rng, 1 + others);
  Writer writer(rng, doc, names);
  const std::vector<std::string>& kind_plain =
      doc.kind == DocumentKind::earnings_call ? kPlainCall
      : doc.kind == DocumentKind::form_8k    ? kPlain8k
                                             : kPlain;
  const double length_mean = doc.kind == DocumentKind::earnings_call ? shape.call_length
                             : doc.kind == DocumentKind::form_8k    ? shape.form_8k_length
                                                                     : shape.mdna_length;
  writer.sentence(kOpening[static_cast<int>(doc.kind)], 0);
  const int target_length =
      static_cast<int>(std::clamp(length_mean + shape.length_spread * rng.normal(), shape.length_min, shape.length_max));
  int next_new = 1;  // the next pool company not yet named
  for (bool opening = true; static_cast<int>(doc.tokens.size()) < target_length; opening = false) {
    // A gap of ordinary sentences, then a burst of mentions.
    const int gap_sentences = static_cast<int>(opening ? rng.integer(shape.opening_gap_min, shape.opening_gap_max)
                                                       : rng.integer(shape.gap_min, shape.gap_max));
    for (int s = 0; s < gap_sentences && static_cast<int>(doc.tokens.size()) < target_length; ++s)
      writer.sentence(rng.bernoulli(shape.kind_sentence) ? pick(rng, kind_plain) : pick(rng, kPlain));
    if (static_cast<int>(doc.tokens.size()) >= target_length) break;
    auto draw_other = [&] {
      if (next_new < static_cast<int>(names.size()) && rng.bernoulli(shape.new_company)) return next_new++;
      return static_cast<int>(rng.integer(1, std::max(1, next_new - 1)));
    };
    const double burst = rng.uniform();
    const int a = draw_other();
    if (burst < shape.parent_only) {
      writer.sentence(pick(rng, kBurstParent), 0);
    } else if (burst < shape.parent_only + shape.parent_first) {
      writer.sentence(pick(rng, kBurstParentFirst), 0, a);
    } else if (burst < shape.parent_only + shape.parent_first + shape.parent_last) {
      writer.sentence(pick(rng, kBurstParentLast), 0, a);
    } else {
      int b = draw_other();
      if (b == a) b = a + 1 < static_cast<int>(names.size()) ? a + 1 : (a > 1 ? a - 1 : a);
      if (b == a) {
        writer.sentence(pick(rng, kBurstParentFirst), 0, a);
      } else {
        writer.sentence(pick(rng, kBurstThree), 0, a, b);
      }
    }
    // Follow-up sentences keep the burst going.
    for (int more = 0; more < shape.max_follow_ups && rng.bernoulli(shape.follow_up); ++more) {
      if (rng.bernoulli(shape.follow_up_by_parent)) writer.sentence(pick(rng, kBurstParent), 0);
      else writer.sentence(pick(rng, kBurstOther), -1, a);
    }
    if (shape.other_closes > 0 && rng.bernoulli(shape.other_closes)) writer.sentence(pick(rng, kBurstOther), -1, a);
  }
  doc.title = doc.companies[0] + (doc.kind == DocumentKind::mdna ? ": management's discussion and analysis"
                                  : doc.kind == DocumentKind::earnings_call ? ": earnings call excerpt"
                                                                            : ": current report (8-K)");
  return doc;
}

std::string word_key(const std::string& word) {
  std::string key;
  for (unsigned char c : word)
    if (std::isalnum(c)) key += static_cast<char>(std::tolower(c));
  return key;
}

}  // namespace

Document exhibit_filing() {
  // One sentence a line; parse_marked_text turns each [[...]] into one mention token.
  static const char* const text = R"([[Marrow Freight]] reported revenue of $612 million for the quarter, up 6%.
[[Marrow Freight]] completed the acquisition of [[Dunmore Aerospace]] in October.
[[Marrow Freight]] competes with [[Siskin Apparel]] for contract warehousing in the northeast.
Volumes at [[Marrow Freight]] rose in every region.
[[Marrow Freight]] expects capital spending of about $90 million next year, and [[Marrow Freight]] will fund it from operating cash flow.
During the quarter a supply agreement was signed with [[Fenwick Logistics]] covering three years of regional delivery.
Cash and cash equivalents fell to $84 million at the end of the quarter.
Fuel surcharges added $12 million to revenue in the period.
The company repaid $40 million of borrowings under its revolving credit facility.
Liquidity decreased, a result the company called disappointing.
Selling, general and administrative expenses rose 4% on higher wages.
Backlog at year end stood at $1.2 billion, up 9% from last year.
Management remains cautious about demand in the first half.
The board approved a share repurchase program of $150 million.
Inventory levels increased as the company prepared for seasonal demand.
The company continues to invest in automation and new terminals.
Foreign exchange reduced reported revenue by about 1% this quarter.
Results were affected by weather disruptions early in the year.
The company believes its liquidity is sufficient for the next twelve months.)";
  Document doc = parse_marked_text(text, "exhibit filing");
  doc.kind = DocumentKind::mdna;
  doc.title = "Marrow Freight: management's discussion and analysis (the exhibit filing)";
  return doc;
}

std::string to_string(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::mdna: return "MD&A";
    case DocumentKind::earnings_call: return "earnings call";
    case DocumentKind::form_8k: return "8-K";
  }
  return "?";
}

// The fit printed by pe_calibrate_corpus (CorpusCalibration.ReproducesTheCalibratedShape
// reruns it and compares every field exactly).
const CorpusShape& calibrated_shape() {
  static const CorpusShape shape = [] {
    CorpusShape shape;
    shape.mdna_length = 195.91616368273915;
    shape.call_length = 183.89843881389532;
    shape.form_8k_length = 180.93062632069194;
    shape.length_spread = 44.571497583759921;
    shape.length_min = 134.26165809439894;
    shape.length_max = 320.20689321430655;
    shape.mdna_share = 0.45164381990612179;
    shape.call_share = 0.26397586142711976;
    shape.opening_gap_min = 3;
    shape.opening_gap_max = 5;
    shape.gap_min = 8;
    shape.gap_max = 8;
    shape.parent_only = 0.25493238132030632;
    shape.parent_first = 0.17872819156805772;
    shape.parent_last = 0.30687158080889038;
    shape.new_company = 0.50936023153670129;
    shape.follow_up = 0.76017416848751618;
    shape.follow_up_by_parent = 0.88968176687576339;
    shape.max_follow_ups = 4;
    shape.other_closes = 0.24301834196408187;
    shape.kind_sentence = 0.24835161125217717;
    shape.others_min = 2;
    shape.others_max = 5;
    return shape;
  }();
  return shape;
}

void validate(const CorpusShape& shape) {
  require_probability(shape.mdna_share, "mdna_share");
  require_probability(shape.call_share, "call_share");
  require_probability(shape.mdna_share + shape.call_share, "mdna_share + call_share");
  for (const auto& [length, name] : {std::pair{shape.mdna_length, "mdna_length"},
                                     {shape.call_length, "call_length"},
                                     {shape.form_8k_length, "form_8k_length"},
                                     {shape.length_spread, "length_spread"},
                                     {shape.length_min, "length_min"},
                                     {shape.length_max, "length_max"}})
    if (!(length >= 0 && length <= 1e4))
      throw std::invalid_argument(std::string("CorpusShape: ") + name + " must lie in [0, 10000], got " +
                                  std::to_string(length));
  if (shape.length_min > shape.length_max)
    throw std::invalid_argument("CorpusShape: length_min must not exceed length_max, got [" +
                                std::to_string(shape.length_min) + ", " + std::to_string(shape.length_max) + "]");
  require_probability(shape.kind_sentence, "kind_sentence");
  require_range(shape.opening_gap_min, shape.opening_gap_max, 0, "opening_gap");
  require_range(shape.gap_min, shape.gap_max, 1, "gap");
  require_probability(shape.parent_only, "parent_only");
  require_probability(shape.parent_first, "parent_first");
  require_probability(shape.parent_last, "parent_last");
  require_probability(shape.parent_only + shape.parent_first + shape.parent_last,
                      "parent_only + parent_first + parent_last");
  require_probability(shape.new_company, "new_company");
  require_probability(shape.follow_up, "follow_up");
  require_probability(shape.follow_up_by_parent, "follow_up_by_parent");
  require_probability(shape.other_closes, "other_closes");
  require_range(0, shape.max_follow_ups, 0, "max_follow_ups");
  require_range(shape.others_min, shape.others_max, 1, "others");
  // A generated filing names at most kSymbolCount companies, so its symbols are company orders.
  if (shape.others_max + 1 > kSymbolCount)
    throw std::invalid_argument("CorpusShape: others_max must be below " + std::to_string(kSymbolCount) +
                                ", got " + std::to_string(shape.others_max));
}

std::string answered_company(const Document& document, int answer) {
  const std::vector<std::string>& c = document.companies;
  if (answer >= 0 && std::size_t(answer) < c.size()) return c[std::size_t(answer)];
  return "(symbol " + std::to_string(answer) + ", no company here)";
}

std::vector<Document> generate_held_out(std::uint64_t seed, int count, const CorpusShape& shape) {
  validate(shape);
  std::vector<Document> out;
  for (int j = 0; j < count; ++j) {
    Rng rng(mix_seed(mix_seed(seed, 1), std::uint64_t(j)));
    out.push_back(generate_document(rng, shape));
  }
  return out;
}

Corpus generate_corpus(std::uint64_t seed, int train_count, int held_out_count, const CorpusShape& shape) {
  if (train_count < 1 || held_out_count < 1)
    throw std::invalid_argument("generate_corpus: document counts must be >= 1, got train_count = " +
                                std::to_string(train_count) + ", held_out_count = " +
                                std::to_string(held_out_count));
  validate(shape);
  Corpus corpus;
  for (int i = 0; i < train_count; ++i) {
    Rng rng(mix_seed(mix_seed(seed, 0), std::uint64_t(i)));
    corpus.train.push_back(generate_document(rng, shape));
  }
  corpus.held_out = generate_held_out(seed, held_out_count, shape);
  return corpus;
}

int word_symbol(const std::string& word) {
  // FNV-1a: a fixed, portable hash (std::hash differs between standard libraries).
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : word_key(word)) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return static_cast<int>(h % kSymbolCount);
}

CueTokens tokenize(const Document& document) {
  CueTokens out;
  out.symbols.reserve(document.tokens.size());
  out.marked.reserve(document.tokens.size());
  std::vector<int> symbol_of;                // per company: the symbol it holds, or -1
  std::array<int, kSymbolCount> holder;      // per symbol: the company holding it, or -1
  std::array<long, kSymbolCount> named_at;   // per symbol: where its holder was named last
  holder.fill(-1);
  named_at.fill(-1);
  for (std::size_t t = 0; t < document.tokens.size(); ++t) {
    const int company = document.tokens[t].company;
    if (company < 0) {
      out.symbols.push_back(word_symbol(document.tokens[t].text));
      out.marked.push_back(0);
      continue;
    }
    if (company >= static_cast<int>(symbol_of.size())) symbol_of.resize(company + 1, -1);
    int symbol = symbol_of[company];
    if (symbol < 0) {  // named for the first time, or its symbol was given away
      symbol = 0;
      for (int s = 0; s < kSymbolCount; ++s) {
        if (holder[s] < 0) {
          symbol = s;
          break;
        }
        if (named_at[s] < named_at[symbol]) symbol = s;
      }
      if (holder[symbol] >= 0) symbol_of[holder[symbol]] = -1;
      holder[symbol] = company;
      symbol_of[company] = symbol;
    }
    named_at[symbol] = static_cast<long>(t);
    out.symbols.push_back(symbol);
    out.marked.push_back(1);
  }
  return out;
}

std::vector<int> symbol_holders(const Document& document, const CueTokens& cue) {
  if (cue.symbols.size() != document.tokens.size())
    throw std::invalid_argument("symbol_holders: the tokens are not this document's");
  std::vector<int> holders(document.tokens.size() * kSymbolCount, -1);
  std::array<int, kSymbolCount> now;
  now.fill(-1);
  for (std::size_t t = 0; t < document.tokens.size(); ++t) {
    if (cue.marked[t]) now[std::size_t(cue.symbols[t])] = document.tokens[t].company;
    std::copy(now.begin(), now.end(), holders.begin() + long(t * kSymbolCount));
  }
  return holders;
}

std::vector<Query> queries(const Document& document) {
  std::vector<Query> out;
  int last = -1, last_position = -1;
  for (int t = 0; t < static_cast<int>(document.tokens.size()); ++t) {
    if (document.tokens[t].company >= 0) {
      last = document.tokens[t].company;
      last_position = t;
    }
    if (last >= 0) out.push_back({t, last, t - last_position});
  }
  return out;
}

bool is_far(const Query& query, int window) { return query.distance > window; }

namespace {
double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
}  // namespace

CorpusStatistics statistics(const std::vector<Document>& documents, int window) {
  CorpusStatistics s;
  s.documents = static_cast<int>(documents.size());
  std::vector<double> lengths, mentions;
  for (const Document& d : documents) {
    lengths.push_back(static_cast<double>(d.tokens.size()));
    mentions.push_back(static_cast<double>(
        std::count_if(d.tokens.begin(), d.tokens.end(), [](const FilingToken& t) { return t.company >= 0; })));
    const long length = long(d.tokens.size());
    s.min_length = lengths.size() == 1 ? length : std::min(s.min_length, length);
    s.max_length = std::max(s.max_length, length);
    s.tokens += length;
    s.mentions += long(mentions.back());
    for (const Query& q : queries(d)) {
      ++s.queries;
      const bool far = is_far(q, window);
      s.far_queries += far;
      if (q.answer == 0) {
        ++s.first_named;
        s.first_named_far += far;
      }
    }
  }
  s.median_length = median(lengths);
  s.median_mentions = median(mentions);
  s.first_named_share = s.queries ? double(s.first_named) / double(s.queries) : 0;
  s.first_named_far_share = s.far_queries ? double(s.first_named_far) / double(s.far_queries) : 0;
  return s;
}

std::string render(const Document& document, bool highlight) {
  std::string out;
  for (const FilingToken& t : document.tokens) {
    if (!out.empty()) out += ' ';
    out += highlight && t.company >= 0 ? "[[" + t.text + "]]" : t.text;
  }
  return out;
}

std::string generated_marked_text(std::uint64_t seed, long words) {
  if (words < 1 || words > kMaxGeneratedWords)
    throw std::invalid_argument("generated_marked_text needs 1 <= words <= " +
                                std::to_string(kMaxGeneratedWords) + ", got " + std::to_string(words));
  std::string out;
  long written = 0;
  for (int batch = 0; written < words; ++batch) {
    const Corpus corpus = generate_corpus(seed + std::uint64_t(batch), 1, 100);
    for (const Document& d : corpus.held_out) {
      if (written >= words) break;
      if (!out.empty()) out += "\n\n";
      bool first = true;
      for (const FilingToken& t : d.tokens) {
        if (written >= words) break;
        out += (first ? "" : " ") + (t.company >= 0 ? "[[" + t.text + "]]" : t.text);
        first = false;
        written += long(std::count(t.text.begin(), t.text.end(), ' ')) + 1;
      }
    }
  }
  return out + "\n";
}

MarkupError::MarkupError(const std::string& source, int line, int column, const std::string& what)
    : std::runtime_error(source + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + what),
      line_(line),
      column_(column) {}

namespace {

/// A place in a text: line and column from 1, columns counting characters (a UTF-8
/// continuation byte, 10xxxxxx, starts none).
struct TextPlace {
  int line = 1, column = 1;

  void advance(char c) {
    if (c == '\n') {
      line += 1;
      column = 1;
    } else if (!pe::is_continuation_byte(c)) {
      ++column;
    }
  }
  /// The place of text[to], this being the place of text[from].
  TextPlace at(std::string_view text, std::size_t from, std::size_t to) const {
    TextPlace p = *this;
    for (std::size_t k = from; k < to; ++k) p.advance(text[k]);
    return p;
  }
  std::string text() const { return std::to_string(line) + ":" + std::to_string(column); }
};

// Tab, line feed and carriage return, and the vertical tab and form feed that word processors
// and PDF-to-text tools write between lines and pages, separate words (std::isspace's set):
// none of them reaches a token.
bool separates_words(char32_t code) { return code >= 0x09 && code <= 0x0D; }

/// "control character 0x1B (ESC...)" or "control character U+009B (bytes 0xC2 0x9B)".
std::string control_text(std::string_view text, std::size_t at, const Utf8Char& c) {
  std::string what = "control character ";
  if (c.length == 1) {
    what += hex_byte(static_cast<unsigned char>(text[at]));
  } else {
    what += code_point_text(c.code) + " (bytes";
    for (int k = 0; k < c.length; ++k) what += " " + hex_byte(static_cast<unsigned char>(text[at + std::size_t(k)]));
    what += ")";
  }
  if (c.code == 0x1B) what += " (ESC, which starts terminal colour and cursor codes)";
  return what + "; expected plain text";
}

/// Throws MarkupError at the first place that is not plain UTF-8 text. Bytes that are not UTF-8
/// are refused rather than guessed at (Latin-1? Windows-1252?), and so is any control character
/// but white space: it is no part of a text, a terminal shown it raw would act on it, and
/// dropping it silently would read another document than the one given.
void require_plain_text(std::string_view text, std::size_t start, const std::string& source) {
  TextPlace place;
  for (std::size_t i = start; i < text.size();) {
    const Utf8Char c = decode_utf8(text, i);
    if (c.problem != Utf8Problem::none)
      throw MarkupError(source, place.line, place.column,
                        "invalid UTF-8: " + utf8_problem_text(text, i, c) +
                            "; expected UTF-8 text (a Latin-1 file converts with iconv -f latin1 -t utf-8)");
    if (c.code == 0)
      throw MarkupError(source, place.line, place.column, "binary input: a NUL byte (0x00); expected plain text");
    if (is_control(c.code) && !separates_words(c.code))
      throw MarkupError(source, place.line, place.column, control_text(text, i, c));
    place.advance(text[i]);
    i += std::size_t(c.length);
  }
}

/// The index of the "]]" that closes the mention whose "[[" is text[open], at `place`. When
/// another "[[" comes first, the mention is either never closed (no "]]" closes it after the
/// inner one's, before a further "[["): said at its own "[["; or it holds the inner mention:
/// said at the inner "[[", the place to edit.
std::size_t mention_close(std::string_view text, std::size_t open, const TextPlace& place,
                          const std::string& source) {
  constexpr std::size_t none = std::string_view::npos;
  const std::size_t close = text.find("]]", open + 2), inner = text.find("[[", open + 2);
  if (inner == none || (close != none && close < inner)) {
    if (close == none) throw MarkupError(source, place.line, place.column, "'[[' is never closed by ']]'");
    return close;
  }
  const std::size_t inner_close = text.find("]]", inner + 2);
  const std::size_t outer_close = inner_close == none ? none : text.find("]]", inner_close + 2);
  const std::size_t next_open = inner_close == none ? none : text.find("[[", inner_close + 2);
  const TextPlace inner_place = place.at(text, open, inner);
  if (outer_close != none && outer_close < next_open)
    throw MarkupError(source, inner_place.line, inner_place.column,
                      "a mention cannot contain another: this '[[' is inside the one opened at " +
                          place.text());
  throw MarkupError(source, place.line, place.column,
                    "'[[' is never closed: the next '[[', at " + inner_place.text() +
                        ", comes before any ']]'");
}

}  // namespace

Document parse_marked_text(const std::string& text, const std::string& source_name) {
  if (text.size() > kMaxDocumentBytes)
    throw std::invalid_argument(source_name + ": " + std::to_string(text.size()) +
                                " bytes; the reader takes documents of at most " +
                                std::to_string(kMaxDocumentBytes) + " bytes (64 MiB)");
  // Editors on some systems open a UTF-8 file with a byte-order mark; it is not part of a word.
  const std::string_view byte_order_mark = "\xEF\xBB\xBF";
  const std::size_t start = text.compare(0, byte_order_mark.size(), byte_order_mark) == 0
                                ? byte_order_mark.size() : 0;
  require_plain_text(text, start, source_name);
  Document doc;
  doc.title = source_name;
  std::map<std::string, int> order;
  TextPlace place;
  std::string word;
  auto flush_word = [&] {
    if (!word.empty()) doc.tokens.push_back({word, -1});
    word.clear();
  };
  for (std::size_t i = start; i < text.size();) {
    const char c = text[i];
    if (c == '[' && i + 1 < text.size() && text[i + 1] == '[') {
      flush_word();
      const std::size_t close = mention_close(text, i, place, source_name);
      std::string name;
      for (const std::string& w : pe::split_words(text.substr(i + 2, close - i - 2)))
        name += (name.empty() ? "" : " ") + w;
      if (name.empty())
        throw MarkupError(source_name, place.line, place.column, "empty company name in '[[ ]]'");
      auto [it, inserted] = order.emplace(name, static_cast<int>(doc.companies.size()));
      if (inserted) doc.companies.push_back(name);
      doc.tokens.push_back({name, it->second});
      place = place.at(text, i, close + 2);
      i = close + 2;
      continue;
    }
    if (c == ']' && i + 1 < text.size() && text[i + 1] == ']')
      throw MarkupError(source_name, place.line, place.column, "']]' without a matching '[['");
    if (std::isspace(static_cast<unsigned char>(c))) {
      flush_word();
    } else {
      word += c;
    }
    place.advance(c);
    ++i;
  }
  flush_word();
  if (doc.tokens.empty()) throw MarkupError(source_name, 1, 1, "empty document: no words");
  return doc;
}

}  // namespace pe::experiments
