/// @file
/// @brief A memo shared by every caller of a function: each key's value is made once, under a
/// lock, so claims evaluated on several threads neither race on the map nor make a value twice.
#pragma once

#include <map>
#include <mutex>

namespace pe {

/// Values by key, made on first request and kept for the process. References stay valid
/// (std::map never moves its elements). A value's maker must not ask the same memo again.
template <class Key, class Value>
class Memo {
 public:
  template <class Make>
  const Value& get(const Key& key, Make make) {
    const std::lock_guard<std::mutex> hold(lock_);
    if (const auto found = values_.find(key); found != values_.end()) return found->second;
    return values_.emplace(key, make()).first->second;
  }

 private:
  std::mutex lock_;
  std::map<Key, Value> values_;
};

}  // namespace pe
