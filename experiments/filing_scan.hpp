/// @file
/// @brief Reading a whole document at every position, at document scale: memory linear in its
/// length, each reader's cost per position a scan of the prefix (or constant for the readers
/// that stream), and the head-readers spread over threads.
///
/// The answers are the same as read_filing's at every position (tested on every held-out
/// filing): the question at position t is the query token placed at t + 1 after tokens 0..t,
/// and a rescaled RoPE reader reads it with kappa = max(1, (t + 2) / training length).
/// read_filing_one_pass holds an n x n score matrix and the rescaled readers' question-by-question
/// evaluation rebuilds its tables per question; both are fine for a 200-token filing and
/// neither for a 50,000-word report.
#pragma once

#include <Eigen/Core>
#include <atomic>
#include <functional>
#include <vector>

#include "filing_readers.hpp"

namespace pe::experiments {

/// Logits (n x classes) of one reader at every position of `filing`: row t answers the
/// question at position t. Memory O(n d). No position and ALiBi stream (constant cost per
/// position); the other readers scan the prefix once per position, with every projection
/// computed once beforehand. If `work_done` is given, the scan adds each position's share of
/// scan_work(reader, n) to it as it goes. With `stream` false every reader scans the prefix (the
/// tests' cross-check of the streams). Throws std::invalid_argument for an empty filing or a
/// head of another scheme.
Eigen::MatrixXd scan_filing(const AttentionHead& head, FilingReader reader,
                            const std::vector<Token>& filing, int training_length,
                            std::atomic<long>* work_done = nullptr, bool stream = true);

/// The units of work scan_filing reports for a filing of n tokens (a streaming reader one per
/// position, a scanning reader t + 1 at position t).
long scan_work(const AttentionHead& head, FilingReader reader, long n);

/// One column of a document reading: a reader and the head it reads.
struct ReaderColumn {
  FilingReader reader;
  AttentionHead head;
};

/// The answer (largest logit, first on ties) of every column at every position of `filing`,
/// the heads trained at `training_length`. The columns are shared among `threads` threads
/// (<= 0: one per hardware thread). `on_progress`, if set, is called on the calling thread
/// about every `progress_interval_seconds` with the fraction of work done.
std::vector<std::vector<int>> read_document(
    const std::vector<ReaderColumn>& columns, const std::vector<Token>& filing,
    int training_length, int threads = 0, const std::function<void(double)>& on_progress = {},
    double progress_interval_seconds = 1.0);

/// The processor seconds scan_filing will take on `filing`, told before reading it. A stream's
/// cost is the same at every position: timed on a prefix, times the length. A scanning
/// reader's question at position t costs about a key of the prefix per position before t, and
/// what a key costs changes along the prefix (how many scores skip their exponential depends
/// on the weights and the text): the projections are timed, then blocks of consecutive
/// questions spread evenly over the filing, and the time of the questions between two blocks
/// is taken as on the straight line between theirs. Costs a fraction of the scan: the
/// projections and a hundred-odd questions. Throws std::invalid_argument for an empty filing
/// or a head of another scheme.
double estimated_scan_seconds(const AttentionHead& head, FilingReader reader,
                              const std::vector<Token>& filing, int training_length);

/// estimated_scan_seconds of every column of read_document: one estimate per reader, from its
/// first column (its heads share a shape, and but for their weights' skipped exponentials a cost).
std::vector<double> estimated_column_seconds(const std::vector<ReaderColumn>& columns,
                                             const std::vector<Token>& filing, int training_length);

/// The wall time of read_document given each column's time: the columns are taken in order by
/// whichever of `threads` workers (as read_document counts them; no more than the hardware
/// threads run at once) is free first.
double estimated_wall_seconds(const std::vector<double>& column_seconds, int threads);

}  // namespace pe::experiments
