/// @file
/// @brief The ruler table as printed, written once: its offsets Delta and its five rows. Theorem
/// 1's unit checks every cell against its computation and the relations among printed numbers
/// read its limit and ruler rows.
#pragma once

namespace pe::theorems {

inline constexpr int kRulerOffsets[] = {1, 4, 16, 64, 256, 1024};
inline constexpr const char* kRulerD64Row[] = {"0.966", "0.748", "0.605", "0.435", "0.354", "0.263"};
inline constexpr const char* kRulerD512Row[] = {"0.973", "0.768", "0.631", "0.485", "0.313", "0.186"};
inline constexpr const char* kRulerD8192Row[] = {"0.974", "0.771", "0.635", "0.487", "0.335", "0.185"};
inline constexpr const char* kRulerLimitRow[] = {"0.974", "0.772", "0.635", "0.487", "0.335", "0.185"};
inline constexpr const char* kRulerRow[] = {"0.937", "0.787", "0.636", "0.486", "0.335", "0.185"};

}  // namespace pe::theorems
