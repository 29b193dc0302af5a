// Shaw and colleagues' clipped relative vectors: the table row each offset reads, and the
// refusals.
#include <gtest/gtest.h>

#include "expect_invalid.hpp"
#include "relative_vectors.hpp"

using pe::testing::expect_invalid;

TEST(ShawVectors, EachOffsetReadsItsRowUpToTheClip) {
  EXPECT_EQ(pe::shaw_table_row(0, 4), 0);
  EXPECT_EQ(pe::shaw_table_row(3, 4), 3);
  EXPECT_EQ(pe::shaw_table_row(4, 4), 4);
  EXPECT_EQ(pe::shaw_table_row(1000000, 4), 4);
}

TEST(ShawVectors, ScoreIsTheQueryAgainstTheKeyPlusTheOffsetsVector) {
  Eigen::VectorXd q(2), k(2);
  q << 1, 2;
  k << 3, -1;
  Eigen::MatrixXd table(3, 2);
  table << 0, 0, 1, 1, 10, 0;
  // Offset 1: q (k + a_1) / 2 = (1 * 4 + 2 * 0) / 2; offset 7 clips to a_2: (1 * 13 - 2) / 2.
  EXPECT_DOUBLE_EQ(pe::shaw_score(q, k, table, 8, 7, 2.0), 2.0);
  EXPECT_DOUBLE_EQ(pe::shaw_score(q, k, table, 8, 1, 2.0), 5.5);
}

TEST(ShawVectors, RefusesWhatACausalHeadNeverScores) {
  Eigen::VectorXd q = Eigen::VectorXd::Ones(2);
  Eigen::MatrixXd table = Eigen::MatrixXd::Zero(3, 2);
  expect_invalid([] { pe::shaw_table_row(-1, 4); }, "offset = -1");
  expect_invalid([] { pe::shaw_table_row(1, -1); }, "clip = -1");
  expect_invalid([&] { pe::shaw_score(q, q, table, 3, 5, 1.0); }, "t = 3, j = 5");
  expect_invalid([&] { pe::shaw_score(q, q, table, 3, 1, 0.0); }, "tau = 0");
  expect_invalid([&] { pe::shaw_score(q, q, Eigen::MatrixXd(0, 2), 3, 1, 1.0); }, "at least one row");
  expect_invalid([&] { pe::shaw_score(q, q, Eigen::MatrixXd::Zero(3, 4), 3, 1, 1.0); }, "one width");
}
