"""64-bit indexing test: sum over the last dim of a (45056, 65536) matrix of 2.95e9 elements (more than 2^31)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.sum(x, dim=-1)


rows = 45056
cols = 65536

SMALL = {"rows": 64, "cols": 1024}


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
