"""Reverse (suffix) cumulative sum along rows of 32768, flip-cumsum-flip: (20480, 32768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.cumsum(x.flip(1), dim=1).flip(1)


rows = 20480
cols = 32768

SMALL = {"rows": 32, "cols": 1024}


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
