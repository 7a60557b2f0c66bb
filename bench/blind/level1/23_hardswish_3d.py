"""Hardswish on a 3-D (1024, 640, 1024) tensor."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.hardswish(x)


dim0 = 1024
dim1 = 640
dim2 = 1024

SMALL = {"dim0": 4, "dim1": 16, "dim2": 256}


def get_inputs():
    return [torch.randn(dim0, dim1, dim2) * 4.0]


def get_init_inputs():
    return []
