/// @file
/// @brief The sections' titles as their folders register them (PE_SECTION, section_registry.hpp),
/// apart from the statements and non-claims they declare: what the ledger needs to check a
/// claim's section, with nothing of the ledger's own, so that the ledger and the registry do not
/// include each other through a chain of modules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pe::ledger {

/// Records that `file` (a section file's __FILE__) names the section `title`.
void register_section_title(const char* file, const char* title);
/// The section titles registered, each once, in the folders' order (PE_UNIT_ORDER).
const std::vector<std::string>& registered_sections();
/// The title a file in this folder ("30-clocks") registers; "" when none does.
std::string section_of_folder(std::string_view folder);

/// "theorems/30-clocks/clocks_section.cpp" -> "clocks_section", as PE_UNIT_ORDER names it.
std::string unit_of_file(std::string_view file);
/// "theorems/30-clocks/clocks_section.cpp" -> "30-clocks", the folder the section's page sits in.
std::string folder_of_file(std::string_view file);

}  // namespace pe::ledger
