"""Sorting: Torch-MLIR lowers it to tm_tensor.sort, which ks cannot parse."""
import torch
import torch.nn as nn

class Model(nn.Module):
    def forward(self, x):
        return torch.sort(x, dim=1).values

n = 64
SMALL = {"n": 8}

def get_inputs():
    return [torch.rand(4, n)]

def get_init_inputs():
    return []
