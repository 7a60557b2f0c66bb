"""Softmax over very wide rows (163840 columns): (4096, 163840)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=-1)


rows = 4096
cols = 163840

SMALL = {"rows": 16, "cols": 4096}


def get_inputs():
    return [torch.randn(rows, cols) * 3.0]


def get_init_inputs():
    return []
