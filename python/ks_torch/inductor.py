"""The rest of a graph on Inductor (the backend's options={"rest": "inductor"}).

Each call of a ks partition (a KsPartition submodule of the split graph)
becomes a call of the custom op ks::partition(key, inputs): it mutates
nothing and returns new tensors, so Inductor keeps it as an extern kernel,
fuses nothing across it and orders it by its data dependences, and compiles
the rest of the graph around it. A partition ks failed on (still an FX
submodule) is inlined for Inductor to compile.

The key names the partition's cache entry and device, not this process's
objects, so a graph Inductor takes from its own cache in another process
calls the partitions that process loaded under the same keys.
"""

import os

import torch

# key -> (the module that runs the partition, its outputs' (shape, dtype)).
_PARTITIONS = {}


@torch.library.custom_op("ks::partition", mutates_args=())
def ks_partition(key: str, inputs: list[torch.Tensor]) -> list[torch.Tensor]:
    """Runs partition `key` (a KsPartition: on the current stream)."""
    return list(_PARTITIONS[key][0](*inputs))


@ks_partition.register_fake
def _(key, inputs):
    device = inputs[0].device if inputs else torch.device("cpu")
    return [torch.empty(shape, dtype=dtype, device=device) for shape, dtype in _PARTITIONS[key][1]]


def register(module):
    """The key of ks::partition that runs `module` (a KsPartition)."""
    key = f"{os.path.basename(module.entry.dir)}@{module.device}"
    outputs = [(tuple(shape), getattr(torch, dtype)) for shape, dtype in module.entry.meta()["outputs"]]
    _PARTITIONS[key] = (module, outputs)
    return key


def _as_op_call(gm, node):
    """Call-module `node` of a KsPartition replaced by a call of ks::partition."""
    key = register(getattr(gm, node.target))
    with gm.graph.inserting_before(node):
        call = gm.graph.call_function(torch.ops.ks.partition.default, (key, list(node.args)))
    call.meta.update(node.meta)
    call.meta["val"] = list(node.meta.get("val", ()))
    node.replace_all_uses_with(call)  # its users are getitems: a list's, now
    gm.graph.erase_node(node)


def _inline(gm, node):
    """Call-module `node` of an FX submodule replaced by the submodule's nodes."""
    sub = getattr(gm, node.target)
    env = dict(zip((n for n in sub.graph.nodes if n.op == "placeholder"), node.args))
    with gm.graph.inserting_before(node):
        outputs = gm.graph.graph_copy(sub.graph, env)
    for user in list(node.users):  # getitem(node, i): the split returns tuples
        user.replace_all_uses_with(outputs[user.args[1]])
        gm.graph.erase_node(user)
    gm.graph.erase_node(node)


def flatten(gm, ks_names):
    """`gm` (split) as a graph of aten ops and ks::partition calls: its
    submodules `ks_names` (KsPartitions) called through the op, the others
    inlined."""
    for node in [n for n in gm.graph.nodes if n.op == "call_module"]:
        (_as_op_call if node.target in ks_names else _inline)(gm, node)
        gm.delete_submodule(node.target)
    gm.graph.lint()
    gm.recompile()
    return gm


def compile_graph(gm, ks_names, example_inputs, is_inference):
    """`gm`'s forward compiled by Inductor, its ks partitions calls of
    ks::partition: what aot_autograd's forward compiler returns."""
    from torch._inductor import compile_fx
    from torch._inductor.utils import BoxedBool
    # No CUDA graphs: ks's programs are not known to be safe to capture.
    return compile_fx.compile_fx_inner(flatten(gm, ks_names), example_inputs,
                                       is_inference=is_inference, cudagraphs=BoxedBool(False))
