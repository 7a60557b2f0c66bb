"""Masked cumulative sum along rows, cumsum(x * mask, dim=1), mask given as a 0/1 float tensor: (10240, 40960)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, mask):
        return torch.cumsum(x * mask, dim=1)


rows = 10240
cols = 40960

SMALL = {"rows": 32, "cols": 1024}


def get_inputs():
    return [torch.randn(rows, cols), (torch.rand(rows, cols) < 0.5).float()]


def get_init_inputs():
    return []
