#include "section_titles.hpp"

#include <algorithm>

#include "unit_order.hpp"

namespace pe::ledger {
namespace {

struct TitleRegistration {
  std::string folder, unit, title;
};

std::vector<TitleRegistration>& registrations() {
  static std::vector<TitleRegistration> registered;
  return registered;
}

}  // namespace

std::string unit_of_file(std::string_view file) {
  file.remove_prefix(std::min(file.size(), file.find_last_of('/') + 1));
  return std::string(file.substr(0, file.rfind('.')));
}

std::string folder_of_file(std::string_view file) {
  file = file.substr(0, file.find_last_of('/') == std::string_view::npos ? 0 : file.find_last_of('/'));
  file.remove_prefix(std::min(file.size(), file.find_last_of('/') + 1));
  return std::string(file);
}

void register_section_title(const char* file, const char* title) {
  registrations().push_back({folder_of_file(file), unit_of_file(file), title});
}

const std::vector<std::string>& registered_sections() {
  static const std::vector<std::string> titles = [] {
    // Static registration runs in link order, which is not the folders' order.
    std::vector<TitleRegistration> ordered = registrations();
    std::stable_sort(ordered.begin(), ordered.end(), [](const TitleRegistration& a, const TitleRegistration& b) {
      return unit_rank(a.unit) < unit_rank(b.unit);
    });
    std::vector<std::string> out;
    for (const TitleRegistration& r : ordered)
      if (std::find(out.begin(), out.end(), r.title) == out.end()) out.push_back(r.title);
    return out;
  }();
  return titles;
}

std::string section_of_folder(std::string_view folder) {
  for (const TitleRegistration& r : registrations())
    if (r.folder == folder) return r.title;
  return "";
}

}  // namespace pe::ledger
