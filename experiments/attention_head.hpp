/// @file
/// @brief The attention head itself: its shape, its weights as one flat vector with named views,
/// and its token embeddings. This file knows no position scheme beyond the enum's values.
///
/// The experiments' head stands on three floors, each including only the ones below it:
///
/// - here, the head: HeadShape, the parameter layout, the embeddings E[x] and W_Q W_K^T. Whether
///   the weights carry a position table is handed to the constructor (PositionTable), not looked
///   up;
/// - position_scheme.hpp, the rules: what each scheme adds to the inputs and to the scores, the
///   registry, and what only a rule can answer (a scheme's name, the checks a shape must pass
///   for its scheme, building a head with the blocks its scheme asks for: make_head);
/// - head_readers.hpp, the readers over the rules: the tabulated training and test passes and
///   the dense one-pass readers.
///
/// The article gives each token one of the symbols and, sometimes, a mark, but does not say how
/// the mark is embedded; HeadShape::mark_embedding chooses between two readings. shared_row: a
/// token is a feature vector x (the one-hot of its symbol plus a mark flag, or a query flag
/// alone) and its embedding is x E, with one row of E per symbol, one for the mark (shared by
/// every symbol) and one for the query. pair_rows: E has one free row per token type, each
/// (symbol, marked) pair and the query, and a token's embedding is its own row. Either way E[x]
/// is the token's embedding; how position then enters is the readers' (head_readers.hpp).
#pragma once

#include <Eigen/Core>
#include <optional>
#include <string>
#include <vector>

#include "clocks.hpp"
#include "context_extension.hpp"
#include "cue_task.hpp"
#include "random.hpp"
#include "head_scalar.hpp"

namespace pe::experiments {

enum class PositionScheme { none, sinusoidal, learned, rope, alibi, shaw };

/// How a token's mark enters its embedding (the file comment above describes both readings).
enum class MarkEmbedding {
  shared_row,  ///< E[symbol] + E[mark] for a marked token: one mark row shared by every symbol
  pair_rows,   ///< one free row per (symbol, marked) pair: a token's embedding is its own row
};

/// "shared_row", "pair_rows"; throws std::invalid_argument for a value outside the enum.
std::string to_string(MarkEmbedding embedding);
/// Inverse of to_string; throws std::invalid_argument naming the unknown name and the valid ones.
MarkEmbedding mark_embedding_from_string(const std::string& name);

/// Every scheme the lab implements.
const std::vector<PositionScheme>& all_position_schemes();
/// The five schemes the article's experiments train (all but Shaw's): the tournament's and
/// the recipe selection's default list.
const std::vector<PositionScheme>& article_position_schemes();
/// The head's architecture (not its weights).
struct HeadShape {
  PositionScheme scheme = PositionScheme::none;
  int width = 16;           ///< d; even (RoPE and the sinusoidal code rotate planes)
  int symbols = 8;          ///< content symbols; the vocabulary is 2 symbols + 1 (the query)
  int classes = 8;          ///< readout classes
  /// Rows of the position table: the learned code's positions 0..table_length-1, or Shaw's
  /// offset vectors a_0..a_K with clip K = table_length - 1.
  int table_length = 32;
  double base = kDefaultBase;
  double alibi_slope = 0.5;
  /// The default keeps the key of every head cached before the choice existed.
  MarkEmbedding mark_embedding = MarkEmbedding::shared_row;

  /// Throws std::invalid_argument naming the offending parameter among those every scheme
  /// shares; validate_head_shape (position_scheme.hpp) adds the scheme's own checks.
  void validate_shared() const;
  /// Token types: (symbol, marked) pairs and the query.
  int vocabulary() const { return 2 * symbols + 1; }
  /// Rows of E: one per symbol, the mark, the query (shared_row), or one per token type, in
  /// token_index order (pair_rows).
  int embedding_rows() const {
    return mark_embedding == MarkEmbedding::pair_rows ? vocabulary() : symbols + 2;
  }
};

/// Index of a token type, 2 symbol + marked, and 2 symbols for the query; throws std::invalid_argument for a symbol outside [0, symbols).
int token_index(const Token& token, int symbols);

/// How a trained head is read, the read-time map (all defaults: as trained). Named apart from a
/// ModelReading, which is one reading of the article's text.
struct ReadTimeMap {
  /// RoPE only: the per-plane frequencies and logit scale of a context-extension map
  /// (numerics/context_extension.hpp), with kappa = test length / training length.
  ContextExtension rope_map = ContextExtension::none;
  double kappa = 1.0;
  double training_length = 32.0;
  /// Additive schemes only: token j sits at absolute position j + position_shift.
  long position_shift = 0;
  /// Additive schemes only: replaces W_Q W_K^T in the position-position term p(t) M p(j)^T of
  /// the score, leaving the three terms that involve content as trained (forward only).
  std::optional<Eigen::MatrixXd> position_position_matrix;

  /// A RoPE head trained at `training_length` read at `test_length` under `map`.
  static ReadTimeMap rope(ContextExtension map, int test_length, int training_length);
};

/// The Gaussian initialisation: every block's entries have standard deviation scale/sqrt(d),
/// so at the default scales of 1 each row of E and of the learned table has unit expected norm
/// and the maps preserve norms in expectation. Then initial scores are of order 1/sqrt(d),
/// attention starts nearly uniform, and every marked token receives gradient. (With rows of
/// norm sqrt(d), scale 4 here, initial scores spread by about 1, and in some seeds the marked
/// tokens of a few symbols start far behind the rest; their softmax weights and hence their
/// gradients stay near zero. The recipe grid trains both scales, the N(0, 1) rows being scale
/// 4: claims.json's training_selection gives each one's validation loss, in-window accuracy
/// and degenerate heads.)
struct InitialScales {
  double embedding = 1.0;
  double position_table = 1.0;
  double query_key = 1.0;      ///< W_Q and W_K
  double value_readout = 1.0;  ///< W_V and W_O
  /// Throws std::invalid_argument unless every scale is finite and >= 0.
  void validate() const;
};

/// One named block of the flat parameter vector, stored row-major.
struct ParameterBlock {
  std::string name;
  Eigen::Index offset = 0, rows = 0, cols = 0;
  Eigen::Index size() const { return rows * cols; }
};

using RowMatrix = RowsOf<double>;
using RowMap = RowMapOf<double>;
using ConstRowMap = ConstRowMapOf<double>;

/// Named row-major views of the head's blocks over one flat vector laid out like the weights
/// (the weights themselves, or a gradient): the code reads `views.query`, never a block name.
template <typename Map>
struct ParameterViewsOf {
  Map embedding, query, key, value, readout;
  std::optional<Map> position_table;  ///< heads built with PositionTable::present only
};
using ParameterViews = ParameterViewsOf<RowMap>;
using ConstParameterViews = ParameterViewsOf<ConstRowMap>;

/// Views of `blocks` over `data`, a flat vector laid out like a head's parameters, in layout
/// order (embedding, query, key, value, readout, position_table); `Views` is a
/// ParameterViewsOf over maps of the data's scalar.
template <typename Views, typename Pointer>
Views views_over(const std::vector<ParameterBlock>& blocks, Pointer data) {
  using Map = decltype(Views::embedding);
  const auto at = [&](std::size_t i) { return Map(data + blocks[i].offset, blocks[i].rows, blocks[i].cols); };
  Views views{at(0), at(1), at(2), at(3), at(4), std::nullopt};
  if (blocks.size() > 5) views.position_table.emplace(at(5));
  return views;
}

/// E[x] for every token type, row token_index(token) (vocabulary x d), from the embedding
/// block `features`: under pair_rows the block itself; under shared_row token row 2s is symbol
/// s's row, 2s + 1 adds the mark's row (row S), 2S is the query's row (row S + 1).
template <class Scalar>
RowsOf<Scalar> token_rows_of(const HeadShape& shape, const ConstRowMapOf<Scalar>& features) {
  if (shape.mark_embedding == MarkEmbedding::pair_rows) return RowsOf<Scalar>(features);
  const int S = shape.symbols;
  RowsOf<Scalar> rows(shape.vocabulary(), shape.width);
  for (int sym = 0; sym < S; ++sym) {
    rows.row(2 * sym) = features.row(sym);
    rows.row(2 * sym + 1) = features.row(sym) + features.row(S);
  }
  rows.row(2 * S) = features.row(S + 1);
  return rows;
}

/// Whether the weights end with a position_table block of table_length rows (the learned code's
/// rows, or Shaw's offset vectors). The scheme's rule decides; make_head (position_scheme.hpp)
/// asks it, so the head holds what it is given.
enum class PositionTable { absent, present };

/// The head's weights as one flat vector (for the optimiser and the cache) with named
/// row-major views: embedding (embedding_rows() x d), query, key, value (d x d, h -> h W), readout (d x C),
/// and, if present, position_table (L x d), last so that the other blocks of heads
/// initialised from the same seed coincide across schemes. Build a head for a scheme with
/// make_head or initialised_head (position_scheme.hpp), which check the shape against the scheme
/// and choose the table; these constructors check only what every scheme shares.
class AttentionHead {
 public:
  /// All weights zero.
  AttentionHead(const HeadShape& shape, PositionTable table);
  /// Given weights; throws std::invalid_argument if the size does not match the layout.
  AttentionHead(const HeadShape& shape, PositionTable table, Eigen::VectorXd parameters);
  /// Gaussian initialisation, block by block in layout order, with the given deviations.
  static AttentionHead initialised(const HeadShape& shape, PositionTable table, Rng& rng,
                                   const InitialScales& scales = {});

  const HeadShape& shape() const { return shape_; }
  const std::vector<ParameterBlock>& blocks() const { return blocks_; }
  const ParameterBlock& block(const std::string& name) const;
  const Eigen::VectorXd& parameters() const { return parameters_; }
  Eigen::VectorXd& parameters() { return parameters_; }

  /// The weights as named views (valid while parameters() keeps its size and storage).
  ConstParameterViews weights() const { return views_of(parameters_); }
  ParameterViews weights() { return views_of(parameters_); }
  /// Named views of `flat`, a vector laid out like parameters() (a gradient); throws
  /// std::invalid_argument if its size differs.
  ParameterViews views_of(Eigen::VectorXd& flat) const;
  ConstParameterViews views_of(const Eigen::VectorXd& flat) const;
  ConstRowMap embedding() const { return weights().embedding; }
  ConstRowMap query_map() const { return weights().query; }
  ConstRowMap key_map() const { return weights().key; }
  ConstRowMap value_map() const { return weights().value; }
  ConstRowMap readout() const { return weights().readout; }

  /// E[x] for one token: under shared_row its symbol's row plus the mark's row if marked, or
  /// the query's row; under pair_rows its token type's own row.
  Eigen::VectorXd token_embedding(const Token& token) const;
  /// E[x] for every token type, row token_index(token) (vocabulary x d).
  RowMatrix token_embeddings() const;
  /// The score matrix W_Q W_K^T (d x d).
  Eigen::MatrixXd score_matrix() const;

 private:
  HeadShape shape_;
  std::vector<ParameterBlock> blocks_;
  Eigen::VectorXd parameters_;
};

/// E[x] of a marked token averaged over the symbols (under either mark embedding): the key the
/// offset profiles score. Since a score is linear in its key, its score is the mean of the
/// marked tokens' scores.
Eigen::VectorXd mean_marked_embedding(const AttentionHead& head);

/// Landmarks of a score profile s(0..n-1) over offsets: the first local minimum over r >= 1
/// (-1 if none), the lowest point over all offsets, and the highest point after it (-1 when the
/// lowest point is the last offset).
struct OffsetLandmarks {
  int first_trough = -1;
  int dive = -1;
  int peak = -1;
};
OffsetLandmarks offset_landmarks(const Eigen::VectorXd& score);

}  // namespace pe::experiments
