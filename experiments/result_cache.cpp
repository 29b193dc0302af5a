#include "result_cache.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <exception>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <unistd.h>

namespace pe::experiments {

std::uint64_t fnv1a64(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string hex64(std::uint64_t value) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
  return buf;
}

namespace {
const std::string kChecksumTag = "checksum ";
}

void write_sealed(const std::string& path, const std::string& body) {
  // The checksum must start a line of its own, or read_sealed could not find it (found by the
  // cache-entry fuzz target).
  if (!body.empty() && body.back() != '\n')
    throw std::invalid_argument("write_sealed: the body of " + path + " must end with a newline");
  namespace fs = std::filesystem;
  const fs::path target(path);
  if (target.has_parent_path()) fs::create_directories(target.parent_path());
  // A per-process, per-thread temporary name: concurrent writers never share one.
  std::ostringstream tmp_name;
  tmp_name << path << ".tmp." << ::getpid() << "." << std::hash<std::thread::id>()(std::this_thread::get_id());
  {
    std::ofstream out(tmp_name.str(), std::ios::binary | std::ios::trunc);
    out << body << kChecksumTag << hex64(fnv1a64(body)) << '\n';
    if (!out) throw std::runtime_error("cannot write cache entry " + tmp_name.str());
  }
  fs::rename(tmp_name.str(), target);
}

bool write_sealed_or_warn(const std::string& path, const std::string& body) {
  try {
    write_sealed(path, body);
    return true;
  } catch (const std::invalid_argument&) {
    throw;  // a malformed body is the caller's bug, not the disk's
  } catch (const std::exception& e) {
    static std::atomic<bool> warned{false};
    if (!warned.exchange(true))
      std::fprintf(stderr, "pe: cannot write the cache entry %s (%s); results are computed but not "
                   "cached (further such failures are not reported)\n", path.c_str(), e.what());
    // A temporary file the failed write may have left is never read (its name differs).
    return false;
  }
}

std::optional<std::string> read_sealed(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  // The checksum is the last line.
  if (text.empty() || text.back() != '\n') return std::nullopt;
  const auto line_start = text.rfind('\n', text.size() - 2);
  const std::size_t start = line_start == std::string::npos ? 0 : line_start + 1;
  const std::string last = text.substr(start, text.size() - 1 - start);
  if (last.compare(0, kChecksumTag.size(), kChecksumTag) != 0) return std::nullopt;
  const std::string body = text.substr(0, start);
  if (last.substr(kChecksumTag.size()) != hex64(fnv1a64(body))) return std::nullopt;
  return body;
}

std::string exact_text(double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", value);
  return buf;
}

std::optional<double> parse_double(const std::string& text) {
  if (text.empty()) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (errno != 0 || end != text.c_str() + text.size()) return std::nullopt;
  return v;
}

std::string head_entry_opening(const std::string& kind, const std::string& key,
                               const std::string& scheme, int seed) {
  return kind + "\nkey " + key + "\nscheme " + scheme + "\nseed " + std::to_string(seed) + '\n';
}

bool read_head_entry_opening(std::istream& in, const std::string& kind, const std::string& key,
                             const std::string& scheme, int seed) {
  std::string word, value;
  return std::getline(in, word) && word == kind && (in >> word >> value) && word == "key" &&
         value == key && (in >> word >> value) && word == "scheme" && value == scheme &&
         (in >> word >> value) && word == "seed" && value == std::to_string(seed);
}

std::string numbers_line(const std::string& tag, const double* values, std::size_t count) {
  std::string line = tag + ' ' + std::to_string(count);
  for (std::size_t i = 0; i < count; ++i) line += ' ' + exact_text(values[i]);
  return line + '\n';
}

bool read_numbers_line(std::istream& in, const std::string& tag, long expected_count,
                       std::vector<double>& out) {
  std::string word;
  long count = -1;
  if (!(in >> word) || word != tag || !(in >> count) || count < 0) return false;
  if (expected_count >= 0 && count != expected_count) return false;
  // Grown as numbers are read, never sized from the count alone: a corrupt count must not
  // allocate more than the entry holds (found by the cache-entry fuzz target).
  out.clear();
  for (long i = 0; i < count; ++i) {
    if (!(in >> word)) return false;
    const std::optional<double> v = parse_double(word);
    if (!v) return false;
    out.push_back(*v);
  }
  return true;
}

std::string serialise(const TrainedHeadRecord& record, const std::string& kind, const std::string& key) {
  std::string body = head_entry_opening(kind, key, record.scheme, record.seed);
  if (record.initial_parameters)
    body += numbers_line("initial", record.initial_parameters->data(), record.initial_parameters->size());
  body += numbers_line("trained", record.trained_parameters.data(), record.trained_parameters.size());
  body += numbers_line("loss", record.loss_trace.data(), record.loss_trace.size());
  body += numbers_line("validation_loss", &record.validation_loss, 1);
  body += "validation_correct " + std::to_string(record.validation_correct) + '\n';
  for (const std::string& line : record.readouts) body += line + '\n';
  return body + "end\n";
}

std::optional<TrainedHeadRecord> load_trained_head(const std::string& body,
                                                   const TrainedHeadExpectation& expected) {
  std::istringstream in(body);
  TrainedHeadRecord record;
  record.scheme = expected.scheme;
  record.seed = expected.seed;
  if (!read_head_entry_opening(in, expected.kind, expected.key, expected.scheme, expected.seed))
    return std::nullopt;
  if (expected.has_initial) {
    record.initial_parameters.emplace();
    if (!read_numbers_line(in, "initial", expected.parameter_count, *record.initial_parameters))
      return std::nullopt;
  }
  std::vector<double> validation_loss;
  std::string word, rest;
  if (!read_numbers_line(in, "trained", expected.parameter_count, record.trained_parameters) ||
      !read_numbers_line(in, "loss", -1, record.loss_trace) ||
      !read_numbers_line(in, "validation_loss", 1, validation_loss) ||
      !(in >> word >> record.validation_correct) || word != "validation_correct" ||
      record.validation_correct < 0 || record.validation_correct > expected.validation_count ||
      !std::getline(in, rest) || !rest.empty())
    return std::nullopt;
  record.validation_loss = validation_loss[0];
  std::string line;
  while (std::getline(in, line) && line != "end") record.readouts.push_back(line);
  // An entry without its "end", or running on past it, is not trusted.
  if (line != "end" || (in >> word)) return std::nullopt;
  return record;
}

int worker_count(int requested, std::size_t tasks) {
  const std::size_t hardware = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t wanted = requested > 0 ? std::size_t(requested) : hardware;
  return static_cast<int>(std::max<std::size_t>(1, std::min(wanted, tasks)));
}

void for_each_in_parallel(const std::vector<std::size_t>& items, int threads,
                          const std::function<void(std::size_t)>& task) {
  if (items.empty()) return;
  threads = worker_count(threads, items.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (std::size_t m = next++; m < items.size(); m = next++) {
      try {
        task(items[m]);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace pe::experiments
