"""Cumulative sum down the columns (dim 0) of a (16384, 40960) matrix."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.cumsum(x, dim=0)


rows = 16384
cols = 40960

SMALL = {"rows": 128, "cols": 256}


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
