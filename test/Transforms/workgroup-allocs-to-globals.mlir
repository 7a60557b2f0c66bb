// transform.ks.workgroup_allocs_to_globals: static allocations in the
// workgroup address space become private module globals (16-byte aligned
// by default) read through memref.get_global, their deallocs gone; the
// host function's own buffers (default address space, or dynamic) are left
// alone, however small.
// RUN: ks-opt %s --transform-interpreter --allow-unregistered-dialect 2>&1 | FileCheck %s

// One get_global returned: the static workgroup tile.
// CHECK: remark: 1 : i64

// CHECK-LABEL: func.func @tiles
// CHECK-NOT: memref.alloc() : memref<2x32x16xf32, #gpu.address_space<workgroup>>
// CHECK: %[[HOST:.*]] = memref.alloc() : memref<32x16xf32>
// CHECK: %[[TILE:.*]] = memref.get_global @[[G:workgroup_tile[_0-9]*]] : memref<2x32x16xf32, #gpu.address_space<workgroup>>
// CHECK: %[[DYN:.*]] = memref.alloc(%{{.*}}) : memref<?x16xf32, #gpu.address_space<workgroup>>
// CHECK: "test.use"(%[[HOST]], %[[TILE]], %[[DYN]])
// CHECK-NOT: memref.dealloc %[[TILE]]
// CHECK: memref.dealloc %[[HOST]]
// CHECK: memref.global "private" @[[G]] : memref<2x32x16xf32, #gpu.address_space<workgroup>> {alignment = 16 : i64}
func.func @tiles(%n: index) {
  %host = memref.alloc() : memref<32x16xf32>
  %tile = memref.alloc() : memref<2x32x16xf32, #gpu.address_space<workgroup>>
  %dyn = memref.alloc(%n) : memref<?x16xf32, #gpu.address_space<workgroup>>
  "test.use"(%host, %tile, %dyn) : (memref<32x16xf32>, memref<2x32x16xf32, #gpu.address_space<workgroup>>, memref<?x16xf32, #gpu.address_space<workgroup>>) -> ()
  memref.dealloc %tile : memref<2x32x16xf32, #gpu.address_space<workgroup>>
  memref.dealloc %host : memref<32x16xf32>
  return
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %func = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %globals = transform.ks.workgroup_allocs_to_globals %func
        : (!transform.any_op) -> !transform.any_op
    %n = transform.num_associations %globals : (!transform.any_op) -> !transform.param<i64>
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
}
