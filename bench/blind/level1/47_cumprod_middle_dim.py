"""Cumulative product over the middle dim (length 48) of a (3584, 48, 3840) tensor."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.cumprod(x, dim=1)


outer = 3584
scan = 48
inner = 3840

SMALL = {"outer": 8, "scan": 16, "inner": 256}


def get_inputs():
    # Values in [0.5, 1.5) keep the running products well inside fp32's range.
    return [torch.rand(outer, scan, inner) + 0.5]


def get_init_inputs():
    return []
