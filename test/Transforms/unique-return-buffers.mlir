// RUN: ks-opt %s --ks-unique-return-buffers | FileCheck %s
// RUN: ks-opt %s --ks-unique-return-buffers "--buffer-results-to-out-params=hoist-static-allocs modify-public-functions" | FileCheck %s --check-prefix=OUTPARAMS

// The same buffer returned twice: the repeat gets a fresh buffer and a copy.
// CHECK-LABEL: func.func @twice
// CHECK:         %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[B]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    %[[C:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    memref.copy %[[A]], %[[C]] : memref<4xf32> to memref<4xf32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]] :
// Each result then becomes its own out-parameter.
// OUTPARAMS-LABEL: func.func @twice(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>)
// OUTPARAMS-NOT:     memref.alloc
// OUTPARAMS:         return{{$}}
func.func @twice() -> (memref<4xf32>, memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a, %a : memref<4xf32>, memref<4xf32>, memref<4xf32>
}
