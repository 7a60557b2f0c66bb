"""4-D tensor times matrix over the last dim, einsum 'bhik,kj->bhij': (8, 16, 1024, 512) x (512, 768)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.einsum("bhik,kj->bhij", A, B)


b = 8
h = 16
i = 1024
k = 512
j = 768

SMALL = {"b": 2, "h": 3, "i": 20, "k": 16, "j": 24}


def get_inputs():
    return [torch.randn(b, h, i, k), torch.randn(k, j)]


def get_init_inputs():
    return []
