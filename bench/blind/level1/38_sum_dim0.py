"""Sum over dim 0 (down the columns) of a (40960, 32768) matrix -> (32768,)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.sum(x, dim=0)


rows = 40960
cols = 32768

SMALL = {"rows": 256, "cols": 512}


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
