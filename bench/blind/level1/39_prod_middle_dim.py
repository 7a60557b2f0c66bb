"""Product over the middle dim of a (1536, 24, 32768) tensor -> (1536, 32768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.prod(x, dim=1)


outer = 1536
reduced = 24
inner = 32768

SMALL = {"outer": 8, "reduced": 12, "inner": 1024}


def get_inputs():
    # Values in [0.5, 1.5) keep a product of 24 terms well inside fp32's range.
    return [torch.rand(outer, reduced, inner) + 0.5]


def get_init_inputs():
    return []
