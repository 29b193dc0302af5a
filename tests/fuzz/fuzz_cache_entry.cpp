// libFuzzer target: any bytes as a cache entry. The sealed-entry reader returns nothing or the
// body, and a body sealed by write_sealed reads back exactly; the parsers of a head entry's
// opening and number lines and of a double return a value or refuse. None may crash, hang or
// throw.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "result_cache.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  using namespace pe::experiments;
  {
    std::istringstream in(bytes);
    read_head_entry_opening(in, "pe-experiments head", "0123456789abcdef", "rope", 1);
    std::vector<double> values;
    read_numbers_line(in, "trained", -1, values);
    read_numbers_line(in, "loss", 3, values);
  }
  parse_double(bytes);
  // The sealed reader on a file holding the bytes, and on the same bytes sealed properly.
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("pe_fuzz_entry_" + std::to_string(getpid()))).string();
  { std::ofstream(path, std::ios::binary) << bytes; }
  read_sealed(path);
  if (!bytes.empty() && bytes.back() != '\n') {
    try {
      write_sealed(path, bytes);
      std::abort();  // such a body could not be read back, so it must be refused
    } catch (const std::invalid_argument&) {
    }
    return 0;
  }
  write_sealed(path, bytes);
  const auto body = read_sealed(path);
  if (!body || *body != bytes) std::abort();  // a sealed entry must read back exactly
  return 0;
}
