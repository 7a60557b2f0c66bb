//===- ks-load-ptx.cpp - Entry point ---------------------------------------------===//
#include "ks/Tools/Mains.h"

int main(int argc, char **argv) { return ks::tools::ksLoadPtxMain(argc, argv); }
