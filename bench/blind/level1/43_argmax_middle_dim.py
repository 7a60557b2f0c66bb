"""Argmax over the middle dim of a (80, 4096, 4096) tensor -> int64 (80, 4096)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.argmax(x, dim=1)


dim0 = 80
dim1 = 4096
dim2 = 4096

SMALL = {"dim0": 4, "dim1": 64, "dim2": 256}


def get_inputs():
    return [torch.randn(dim0, dim1, dim2)]


def get_init_inputs():
    return []
