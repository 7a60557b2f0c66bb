"""A cumsum over the middle dim and a cumprod over dim 0 of a (64, 300, 96) tensor."""
import torch
import torch.nn as nn

OUTER = 64
SCAN = 300
INNER = 96
SMALL = {"OUTER": 6, "SCAN": 37, "INNER": 40}


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.cumsum(x, dim=1), torch.cumprod(x, dim=0)


def get_inputs():
    return [torch.rand(OUTER, SCAN, INNER) + 0.5]


def get_init_inputs():
    return []
