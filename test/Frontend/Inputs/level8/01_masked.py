"""A boolean mask's selection: its length depends on the input's values."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x[x > 0]


n = 64
SMALL = {"n": 8}


def get_inputs():
    return [torch.randn(n)]


def get_init_inputs():
    return []
