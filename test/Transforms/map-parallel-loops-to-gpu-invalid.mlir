// RUN: ks-opt %s --ks-map-parallel-loops-to-gpu="block-size=100" --verify-diagnostics

// expected-error @below {{block-size must be a multiple of 32 in [32, 1024], got 100}}
func.func @f() {
  return
}
