"""Min over dim 0 (torch.amin) of a 3-D (512, 2048, 1280) tensor -> (2048, 1280)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.amin(x, dim=0)


dim0 = 512
dim1 = 2048
dim2 = 1280

SMALL = {"dim0": 16, "dim1": 32, "dim2": 64}


def get_inputs():
    return [torch.randn(dim0, dim1, dim2)]


def get_init_inputs():
    return []
