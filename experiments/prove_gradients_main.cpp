// pe_prove_gradients OUT: proves every scheme's hand-written gradients (gradient_evidence.hpp)
// and writes the evidence to OUT, the build product the gradient claims read. The build runs it
// when the experiments' sources change (experiments/CMakeLists.txt). Exit 0 when the product is
// written, whatever it says: a proof that fails is a verdict for the claim, not a build error.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "attention_head.hpp"
#include "gradient_evidence.hpp"

int main(int argc, char** argv) {
  if (argc != 2 || std::string(argv[1]) == "--help") {
    std::cerr << "usage: pe_prove_gradients OUT\n  proves each scheme's hand-written gradients and "
                 "writes the evidence to OUT\n";
    return argc == 2 ? 0 : 2;
  }
  std::vector<pe::experiments::GradientEvidence> evidence;
  for (pe::experiments::PositionScheme s : pe::experiments::all_position_schemes())
    evidence.push_back(pe::experiments::gradient_evidence(s));
  const std::string out_path = argv[1], partial = out_path + ".partial";
  {
    std::ofstream out(partial);
    pe::experiments::write_gradient_evidence(out, evidence);
    if (!out) {
      std::cerr << "pe_prove_gradients: cannot write " << partial << "\n";
      return 1;
    }
  }
  // Renamed into place, so that an interrupted run leaves no product a claim could read.
  if (std::rename(partial.c_str(), out_path.c_str()) != 0) {
    std::cerr << "pe_prove_gradients: cannot rename " << partial << " to " << out_path << "\n";
    return 1;
  }
  return 0;
}
