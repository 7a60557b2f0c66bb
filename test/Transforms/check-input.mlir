// RUN: ks-opt %s --split-input-file --ks-check-input --verify-diagnostics

// The contract accepts linalg-on-tensors: this is fine.
func.func @ok(%a: tensor<4x8xf32>, %s: f32) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x = arith.mulf %in, %s : f32
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// expected-error @below {{dynamic dimension in argument #0 of function @dynamic_arg ('tensor<?x8xf32>'); ks requires static shapes}}
// expected-error @below {{dynamic dimension in result #0 of function @dynamic_arg ('tensor<?x8xf32>'); ks requires static shapes}}
func.func @dynamic_arg(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  return %a : tensor<?x8xf32>
}

// -----

func.func @dynamic_result(%a: tensor<4x8xf32>, %n: index) -> tensor<4x8xf32> {
  // expected-error @below {{dynamic dimension in result #0 of 'tensor.empty' ('tensor<?x8xf32>'); ks requires static shapes}}
  %e = tensor.empty(%n) : tensor<?x8xf32>
  return %a : tensor<4x8xf32>
}

// -----

func.func @unsupported_host_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  // expected-error @below {{unsupported op 'scf.for': the seed lowering cannot map it to GPU kernels}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> tensor<4xf32> {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @unsupported_body_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error @below {{unsupported op 'func.call' inside 'linalg.generic': the seed lowering cannot map it to GPU kernels}}
    %y = func.call @helper(%in) : (f32) -> f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @helper(%x: f32) -> f32 {
  return %x : f32
}

// -----

// expected-error @below {{argument #0 of function @memref_arg has type 'memref<4xf32>'; ks expects ranked tensors (linalg-on-tensors input)}}
func.func @memref_arg(%a: memref<4xf32>) {
  return
}

// -----

// expected-error @below {{unsupported element type 'complex<f32>' in argument #0 of function @complex_arg; ks supports signless integers, index, f16, bf16, f32 and f64}}
// expected-error @below {{unsupported element type 'complex<f32>' in result #0 of function @complex_arg; ks supports signless integers, index, f16, bf16, f32 and f64}}
func.func @complex_arg(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  return %a : tensor<4xcomplex<f32>>
}

// -----

// expected-error @below {{function @declared has no body; ks compiles whole programs}}
func.func private @declared(tensor<4xf32>) -> tensor<4xf32>

// -----

// expected-error @below {{unsupported op 'memref.global' at module level; ks expects only func.func}}
memref.global "private" @g : memref<4xf32> = dense<0.0>

// -----

func.func @f8() -> tensor<4xf32> {
  // expected-error @below {{unsupported element type 'f8E4M3FN' in result #0 of 'arith.constant'; ks supports signless integers, index, f16, bf16, f32 and f64}}
  %a = arith.constant dense<1.0> : tensor<4xf8E4M3FN>
  %r = arith.extf %a : tensor<4xf8E4M3FN> to tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @bitcast(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @below {{unsupported op 'tensor.bitcast': the seed lowering cannot map it to GPU kernels}}
  %r = tensor.bitcast %a : tensor<4xf32> to tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

// A gather at a constant index outside its table would read past the
// buffer on the GPU and fault in the CPU reference.
func.func @extract_out_of_bounds(%t: tensor<4xf32>) -> tensor<8xf32> {
  %c7 = arith.constant 7 : index
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
  ^bb0(%out: f32):
    // expected-error @below {{'tensor.extract' reads index 7 of dim 0 of 'tensor<4xf32>', outside the tensor}}
    %v = tensor.extract %t[%c7] : tensor<4xf32>
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @extract_negative(%t: tensor<4x4xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%e : tensor<8xf32>) {
  ^bb0(%out: f32):
    // expected-error @below {{'tensor.extract' reads index -1 of dim 1 of 'tensor<4x4xf32>', outside the tensor}}
    %v = tensor.extract %t[%c1, %cm1] : tensor<4x4xf32>
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// Calls are inlined: recursion, direct or through another function, is
// refused where it closes.
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @ping(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @ping(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = func.call @pong(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func private @pong(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{call to @ping from @pong is recursive; ks inlines calls and compiles no recursion}}
  %r = func.call @ping(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @self(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{call to @self from @self is recursive; ks inlines calls and compiles no recursion}}
  %r = func.call @self(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
