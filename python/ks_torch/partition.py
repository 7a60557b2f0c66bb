"""Splitting an aten graph into the parts ks compiles and the rest.

torch.fx's CapabilityBasedPartitioner groups the nodes an operator-support
rule admits into partitions (each one a submodule the backend replaces with
a ks program); everything else stays in the graph and runs in eager.

The rule follows ks's input contract: linalg-on-tensors of static shapes
from Torch-MLIR, float32 tensors in and out. A node is admitted when its op
is one Torch-MLIR lowers to upstream linalg/tensor/arith/math (SUPPORTED_OPS:
the aten ops left in the graphs of the repo's 176 problems after ks's
decompositions, which the importer handles, plus a few elementwise ops of
the same lowering), all its tensors have static shapes, one device and a
dtype ks computes in, and a partition's inputs and outputs are float32
tensors (masks, indices and tuples stay inside a partition).
"""

import operator

import torch
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
from torch.fx.passes.operator_support import OperatorSupportBase
from torch.fx.passes.utils.fuser_utils import fuse_by_partitions

# OpOverloadPacket names ("aten.add" covers add.Tensor and add.Scalar).
SUPPORTED_OPS = frozenset("""
    aten._log_softmax aten._softmax aten.abs aten.add aten.addmm aten.all aten.amax
    aten.amin aten.any aten.arange aten.argmax aten.argmin aten.avg_pool1d aten.avg_pool2d
    aten.avg_pool3d aten.bitwise_and aten.bitwise_not aten.bitwise_or aten.bitwise_xor
    aten.bmm aten.cat aten.ceil aten.clamp aten.clamp_max aten.clamp_min aten.clone
    aten.convolution aten.cos aten.div aten.elu aten.empty aten.empty_strided aten.eq
    aten.erf aten.exp aten.exp2 aten.expand aten.expm1 aten.flip aten.floor aten.full
    aten.full_like aten.gather aten.ge aten.gelu aten.gt aten.hardtanh aten.isnan aten.le
    aten.leaky_relu aten.linalg_vector_norm aten.log aten.log1p aten.log2 aten.logical_and
    aten.logical_not aten.logical_or aten.lt aten.max aten.max_pool2d_with_indices
    aten.max_pool3d_with_indices aten.maximum aten.mean aten.min aten.minimum aten.mm
    aten.mul aten.ne aten.neg aten.norm aten.permute aten.pow aten.prod aten.reciprocal
    aten.relu aten.remainder aten.repeat aten.round aten.rsqrt aten.rsub aten.scalar_tensor
    aten.select aten.sigmoid aten.sign aten.sin aten.slice aten.split_with_sizes aten.sqrt
    aten.squeeze aten.sub aten.sum aten.tanh aten.unsqueeze aten.var_mean aten.view
    aten.where prims.convert_element_type prims.squeeze
""".split())

# Views: a partition of these alone is not worth a kernel, and at a
# partition's end they stay in eager (where a view costs nothing).
VIEW_OPS = ("torch.ops.aten.view.default", "torch.ops.aten.permute.default",
            "torch.ops.aten.expand.default", "torch.ops.aten.unsqueeze.default",
            "torch.ops.aten.squeeze.dim", "torch.ops.aten.squeeze.dims",
            "torch.ops.prims.squeeze.default", "torch.ops.aten.slice.Tensor",
            "torch.ops.aten.select.int")

# Types ks computes in inside a partition; at a partition's edge, f32 only.
INNER_DTYPES = (torch.float32, torch.bool, torch.int64, torch.int32)
EDGE_DTYPES = (torch.float32,)


def op_name(target):
    """'aten.add' of torch.ops.aten.add.Tensor; '' of anything else."""
    if isinstance(target, torch._ops.OpOverload):
        return f"{target.namespace}.{target._opname}"
    return ""


def _tensors(value):
    return [v for v in torch.utils._pytree.tree_leaves(value) if isinstance(v, torch.Tensor)]


def is_static(tensor):
    return all(isinstance(d, int) for d in tensor.shape)


def _value_ok(value):
    """A node's value: tensors (a tuple of them) of static shapes and inner types."""
    leaves = torch.utils._pytree.tree_leaves(value)
    if not leaves or any(not isinstance(v, torch.Tensor) for v in leaves):
        return False
    return all(is_static(t) and t.dtype in INNER_DTYPES for t in leaves)


def is_edge_value(node):
    """Whether `node`'s value may cross a partition's edge: one f32 tensor of static shape."""
    value = node.meta.get("val")
    return isinstance(value, torch.Tensor) and value.dtype in EDGE_DTYPES and is_static(value)


class KsOperatorSupport(OperatorSupportBase):
    """The input contract, node by node (see the module's docstring);
    `excluded`: nodes a partition's edge check took out."""

    def __init__(self):
        self.excluded = set()

    def is_node_supported(self, submodules, node):
        if node.op != "call_function" or node in self.excluded:
            return False
        if node.target is operator.getitem:  # of a supported op's tuple
            source = node.args[0]
            return isinstance(source, torch.fx.Node) and self.is_node_supported(submodules, source)
        if op_name(node.target) not in SUPPORTED_OPS:
            return False
        value = node.meta.get("val")
        if not _value_ok(value):
            return False
        devices = {t.device for t in _tensors(value)}
        for arg in node.all_input_nodes:
            arg_value = arg.meta.get("val")
            if not _value_ok(arg_value):
                return False
            devices |= {t.device for t in _tensors(arg_value)}
        if len(devices) != 1:
            return False
        # A tuple is taken apart inside the partition, never returned.
        if not isinstance(value, torch.Tensor):
            return all(u.target is operator.getitem for u in node.users)
        return True


def _edge_violations(partitions):
    """Nodes whose value crosses their partition's edge and is not an f32
    tensor: the producer if it leaves the partition, the consumer if it
    enters it."""
    bad = set()
    for p in partitions:
        nodes = p.nodes
        for node in nodes:
            if any(u not in nodes for u in node.users) and not is_edge_value(node):
                bad.add(node)
            for arg in node.all_input_nodes:
                if arg not in nodes and not is_edge_value(arg):
                    bad.add(node)
    return bad


def _is_view(node):
    return node.op == "call_function" and torch.fx.node._get_qualified_name(node.target) in VIEW_OPS


def _drop_trailing_views(partition):
    """Leaves the views a partition ends with to eager, where they cost
    nothing (in ks, a copy). Views it starts with stay: in eager they would
    give ks a strided tensor to copy."""
    nodes = partition.nodes
    changed = True
    while changed:
        changed = False
        for node in list(nodes):
            if _is_view(node) and not any(u in nodes for u in node.users):
                partition.remove_node(node)
                changed = True


def _computes(partition):
    """Whether a partition computes on tensors: not views alone, nor
    constants alone (a scalar_tensor, a full)."""
    return any(n.op == "call_function" and not _is_view(n) and n.all_input_nodes
               for n in partition.nodes)


def propose(gm):
    """The partitions (sets of nodes) of `gm` that ks compiles."""
    support = KsOperatorSupport()
    while True:
        partitioner = CapabilityBasedPartitioner(gm, support, allows_single_node_partition=True)
        partitions = partitioner.propose_partitions()
        for p in partitions:
            _drop_trailing_views(p)
        partitions = [p for p in partitions if p.nodes and _computes(p)]
        bad = _edge_violations(partitions)
        if not bad:
            return partitions
        support.excluded |= bad


def split(gm, prefix="ks_partition_"):
    """`gm` with each partition made a submodule `<prefix><i>` returning a
    tuple; the names of those submodules (none: `gm` untouched)."""
    partitions = propose(gm)
    if not partitions:
        return gm, []
    fused = fuse_by_partitions(gm, [dict.fromkeys(p.nodes) for p in partitions], prefix=prefix,
                               always_return_tuple=True)
    names = [n.target for n in fused.graph.nodes
             if n.op == "call_module" and n.target.startswith(prefix)]
    return fused, names
