"""64-bit indexing test: SiLU over a (2560, 1048576) tensor of 2.68e9 elements (more than 2^31)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return F.silu(x)


rows = 2560
cols = 1048576

SMALL = {"rows": 8, "cols": 4096}


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
