// numerics/memo.hpp: many threads asking one memo for the same keys make each value once and all
// read the same object.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "memo.hpp"

TEST(Memo, EachValueIsMadeOnceWhateverTheThreads) {
  pe::Memo<int, std::vector<int>> memo;
  std::atomic<int> made{0};
  std::vector<const std::vector<int>*> seen(16);
  std::vector<std::thread> threads;
  for (int t = 0; t < 16; ++t)
    threads.emplace_back([&, t] {
      for (int key = 0; key < 50; ++key) {
        const std::vector<int>& v = memo.get(key, [&made, key] {
          ++made;
          return std::vector<int>(100, key);
        });
        if (key == 7) seen[t] = &v;
        EXPECT_EQ(v.front(), key);
      }
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(made.load(), 50);
  for (const auto* p : seen) EXPECT_EQ(p, seen.front());
}
