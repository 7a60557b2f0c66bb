"""Mean over dim 2 (a middle dim) of a 4-D (40, 64, 512, 1024) tensor -> (40, 64, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.mean(x, dim=2)


dim0 = 40
dim1 = 64
dim2 = 512
dim3 = 1024

SMALL = {"dim0": 2, "dim1": 4, "dim2": 32, "dim3": 64}


def get_inputs():
    return [torch.randn(dim0, dim1, dim2, dim3)]


def get_init_inputs():
    return []
