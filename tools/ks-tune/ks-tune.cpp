//===- ks-tune.cpp - Entry point ----------------------------------------------===//
#include "ks/Tools/Mains.h"

int main(int argc, char **argv) { return ks::tools::ksTuneMain(argc, argv); }
