/// @file
/// @brief Plain-text cache entries for experiment results: keyed by a hash of everything that
/// determines them, sealed by a checksum of their content, written atomically.
///
/// An entry is trusted only if it parses completely, its key line matches the key the caller
/// expects, and its checksum matches its text; anything else is treated as missing, so the
/// caller recomputes it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pe::experiments {

/// 64-bit FNV-1a hash of a byte string.
std::uint64_t fnv1a64(std::string_view text);
/// 16 lower-case hex digits.
std::string hex64(std::uint64_t value);

/// Writes `body` followed by a line "checksum <fnv1a64(body)>" to `path`, via a temporary file
/// in the same directory renamed into place, so that a reader never sees half an entry. Throws
/// std::invalid_argument for a non-empty body that does not end with a newline (its checksum
/// would not start a line, and read_sealed could not read it back).
void write_sealed(const std::string& path, const std::string& body);
/// write_sealed for a cache that may not be writable (a read-only or full disk, a path through
/// a regular file): on failure, prints one warning per process to stderr naming the entry and
/// the reason, and returns false; the caller carries on with the result it computed.
bool write_sealed_or_warn(const std::string& path, const std::string& body);
/// The body of a sealed entry, or nothing if the file is missing, unreadable, or its checksum
/// line is absent or does not match.
std::optional<std::string> read_sealed(const std::string& path);

/// A double as a C99 hex-float (exact round trip) and back; parse_double returns nothing for
/// text that is not one complete number.
std::string exact_text(double value);
std::optional<double> parse_double(const std::string& text);

/// The opening lines of a cached head: "<kind>\nkey <key>\nscheme <scheme>\nseed <seed>\n".
std::string head_entry_opening(const std::string& kind, const std::string& key,
                               const std::string& scheme, int seed);
/// Reads those lines from `in`: false unless each is present and matches.
bool read_head_entry_opening(std::istream& in, const std::string& kind, const std::string& key,
                             const std::string& scheme, int seed);
/// "<tag> <count> <x1> ... <xcount>\n", each number as exact_text.
std::string numbers_line(const std::string& tag, const double* values, std::size_t count);
/// Reads such a line into `out`: false unless the tag matches, the count is `expected_count`
/// (any count >= 0 when it is negative) and every number parses.
bool read_numbers_line(std::istream& in, const std::string& tag, long expected_count,
                       std::vector<double>& out);

/// One trained head's cache entry, the record both trained-head caches (the tournament's and the
/// filings study's) write and read: the opening lines, the initial parameters where the cache
/// keeps them, the trained ones, the loss trace and the validation result, then the cache's own
/// readouts, one line each, and "end".
struct TrainedHeadRecord {
  std::string scheme;
  int seed = 0;
  std::optional<std::vector<double>> initial_parameters;
  std::vector<double> trained_parameters;
  std::vector<double> loss_trace;
  double validation_loss = 0;
  long validation_correct = 0;
  std::vector<std::string> readouts;  ///< each a line without its newline
};
/// The entry's text, to be sealed by write_sealed.
std::string serialise(const TrainedHeadRecord& record, const std::string& kind, const std::string& key);
/// What a cache expects of an entry before it trusts it.
struct TrainedHeadExpectation {
  std::string kind, key, scheme;
  int seed = 0;
  long parameter_count = 0;    ///< of each parameter vector
  bool has_initial = false;    ///< whether the entry carries the initial parameters
  long validation_count = 0;   ///< validation_correct lies in [0, validation_count]
};
/// The record in a sealed entry's body, or nothing unless it parses completely, matches
/// `expected` and ends with its "end" line; the readouts are the caller's to check.
std::optional<TrainedHeadRecord> load_trained_head(const std::string& body,
                                                   const TrainedHeadExpectation& expected);

/// How many threads `tasks` tasks get when `requested` are asked for: one per hardware thread
/// when `requested` <= 0, never more than there are tasks, and at least one.
int worker_count(int requested, std::size_t tasks);

/// Runs task(i) for every i in `items` on up to `threads` threads (<= 0: one per hardware
/// thread; never more than there are items), the calling thread among them. Every item is
/// attempted; the first exception a task threw is rethrown after all threads have finished.
void for_each_in_parallel(const std::vector<std::size_t>& items, int threads,
                          const std::function<void(std::size_t)>& task);

/// The results of jobs 0..count-1 and how many of them were computed rather than loaded.
template <class Run>
struct LoadedOrComputed {
  std::vector<Run> runs;
  int computed = 0;
};

/// How far the computing part of a train-or-load loop has got: `computed` of its `missing` jobs
/// (those the cache did not hold) are done. For a progress display.
using ComputeProgress = std::function<void(std::size_t computed, std::size_t missing)>;

/// The train-or-load loop of the cached experiments. Job i is `load(i)` when that returns a
/// run (a valid sealed entry; nothing when the entry is missing, corrupt or for another key,
/// or when there is no cache). The other jobs are computed by `compute(i)` in parallel
/// (for_each_in_parallel), each handed to `store(i, run)` (which writes its entry, best with
/// write_sealed_or_warn so that a cache that cannot be written costs only the caching) before it
/// is kept. `prepare()` runs once before the first computation, and only if some job is missing:
/// it builds what only computing needs. Results depend on neither `threads` nor the order.
/// `on_progress`, if set and some job is missing, is called with (0, missing) before
/// `prepare()`, then after each job is stored, one call at a time (from the thread that
/// computed the job).
template <class Run>
LoadedOrComputed<Run> load_or_compute(std::size_t count, int threads,
                                      const std::function<std::optional<Run>(std::size_t)>& load,
                                      const std::function<void()>& prepare,
                                      const std::function<Run(std::size_t)>& compute,
                                      const std::function<void(std::size_t, const Run&)>& store,
                                      const ComputeProgress& on_progress = {}) {
  LoadedOrComputed<Run> out;
  out.runs.resize(count);
  std::vector<std::size_t> missing;
  for (std::size_t i = 0; i < count; ++i) {
    std::optional<Run> cached = load(i);
    if (cached) out.runs[i] = std::move(*cached);
    else missing.push_back(i);
  }
  out.computed = static_cast<int>(missing.size());
  if (missing.empty()) return out;
  if (on_progress) on_progress(0, missing.size());
  prepare();
  std::mutex progress_mutex;
  std::size_t done = 0;
  for_each_in_parallel(missing, threads, [&](std::size_t i) {
    Run run = compute(i);
    store(i, run);
    out.runs[i] = std::move(run);
    if (on_progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      on_progress(++done, missing.size());
    }
  });
  return out;
}

}  // namespace pe::experiments
