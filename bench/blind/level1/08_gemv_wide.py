"""Matrix-vector product torch.mv: (40960, 32768) @ (32768,) -> (40960,)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, x):
        return torch.mv(A, x)


m = 40960
k = 32768

SMALL = {"m": 256, "k": 512}


def get_inputs():
    return [torch.randn(m, k), torch.randn(k)]


def get_init_inputs():
    return []
