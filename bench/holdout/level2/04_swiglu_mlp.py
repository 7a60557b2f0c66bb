"""SwiGLU feed-forward: silu(x W1) * (x W2), then W3; 1024 -> 2816 -> 1024 on (8192, 1024)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(dim, hidden, bias=False)
        self.w3 = nn.Linear(hidden, dim, bias=False)

    def forward(self, x):
        return self.w3(F.silu(self.w1(x)) * self.w2(x))


tokens = 8192
dim = 1024
hidden = 2816

SMALL = {"tokens": 16, "dim": 32, "hidden": 48}


def get_inputs():
    return [torch.randn(tokens, dim)]


def get_init_inputs():
    return [dim, hidden]
